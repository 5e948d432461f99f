"""The learner's app (issue 7): stop, time limit, streaming, tracebacks, hints, drafts, progress,
storage, layout and keyboard use."""

import json
import time

import pytest

ENDLESS_LOOP = "while True:\n    pass\n"


def lesson_route(lesson):
    return f"#/lesson/{lesson['id']}"


@pytest.mark.parametrize("isolated", [True, False], ids=["interrupt", "restart"])
def test_stop_ends_an_endless_loop_within_a_second(open_app, plain_site_url, seed, isolated):
    app = open_app() if isolated else open_app(base_url=plain_site_url)
    page = app.open(lesson_route(seed))
    assert page.evaluate("crossOriginIsolated") is isolated
    app.run(ENDLESS_LOOP, wait=False)
    stop = page.locator('[data-testid="stop"]')
    stop.wait_for()
    page.wait_for_timeout(300)  # let the loop get going
    started = time.monotonic()
    stop.click()
    page.locator('[data-testid="run-stopped"]').wait_for(timeout=1000)
    assert time.monotonic() - started < 1.0
    assert app.code() == ENDLESS_LOOP  # the learner's code is untouched
    app.wait_for_python()
    assert app.run("print(6 * 7)").strip() == "42"


def test_past_the_time_limit_a_run_asks_and_stop_ends_it(open_app, seed):
    app = open_app(query="?time-limit=1")
    page = app.open(lesson_route(seed))
    app.run(ENDLESS_LOOP, wait=False)
    prompt = page.locator('[data-testid="run-overtime"]')
    prompt.wait_for(timeout=5_000)
    assert "Still running after 1 s" in prompt.inner_text()
    page.wait_for_timeout(1500)  # not stopped while nobody answers
    assert page.locator('[data-testid="output"]').get_attribute("data-running") == "true"
    page.locator('[data-testid="run-overtime-stop"]').click()
    page.locator('[data-testid="run-stopped"]').wait_for(timeout=5_000)
    assert prompt.count() == 0
    app.wait_for_python()
    assert app.run("print('still here')").strip() == "still here"


def test_keep_going_lets_a_long_run_finish_and_asks_again_a_time_limit_later(open_app, seed):
    app = open_app(query="?time-limit=1")
    page = app.open(lesson_route(seed))
    app.run("import time\nstart = time.time()\nwhile time.time() - start < 3.5:\n    pass\nprint('finished')\n", wait=False)
    page.locator('[data-testid="run-keep-going"]').click(timeout=5_000)
    assert page.locator('[data-testid="run-overtime"]').count() == 0
    page.locator('[data-testid="run-keep-going"]').click(timeout=5_000)  # asked again a second later
    app.wait_for_run()
    assert page.locator('[data-testid="output"]').inner_text().strip() == "finished"
    assert page.locator('[data-testid="run-overtime"]').count() == 0


def test_without_isolation_a_spare_worker_makes_python_ready_right_after_a_stop_past_the_time_limit(open_app, plain_site_url, seed):
    app = open_app(base_url=plain_site_url)  # default time limit: 10 s, enough for the spare to boot
    page = app.open(lesson_route(seed))
    app.run(ENDLESS_LOOP, wait=False)
    page.locator('[data-testid="run-overtime-stop"]').click(timeout=15_000)
    started = time.monotonic()
    app.wait_for_python()
    assert time.monotonic() - started < 1.0
    assert app.run("print('next run')").strip() == "next run"


def test_output_streams_while_the_program_runs(lesson_app):
    page = lesson_app.page
    lesson_app.run(
        "import time\nprint('first')\nstart = time.time()\nwhile time.time() - start < 1.5:\n    pass\nprint('second')\n",
        wait=False,
    )
    page.wait_for_function(
        """() => { const out = document.querySelector('[data-testid="output"]');
                   return out.dataset.running === 'true' && out.innerText.includes('first'); }"""
    )
    assert "second" not in lesson_app.output()
    lesson_app.wait_for_run()
    assert lesson_app.output().split() == ["first", "second"]


def error_line_number(app):
    """1-based number of the editor line marked as the error line, or None."""
    return app.editor().evaluate(
        """editor => { const lines = [...editor.querySelectorAll('.cm-line')];
                       const i = lines.findIndex(line => line.classList.contains('cm-error-line'));
                       return i < 0 ? null : i + 1; }"""
    )


def test_traceback_shows_only_the_learners_frames_and_marks_the_line(lesson_app):
    output = lesson_app.run('import json\n\ndef parse(text):\n    return json.loads(text)\n\nparse("{")\n')
    traceback = lesson_app.page.inner_text('[data-testid="traceback"]')
    assert traceback.startswith("Traceback (most recent call last):")
    assert 'File "main.py", line 6, in <module>' in traceback
    assert 'File "main.py", line 4, in parse' in traceback
    assert traceback.count('File "') == 2  # json's own frames and the worker's are left out
    assert "json.decoder.JSONDecodeError" in output
    assert error_line_number(lesson_app) == 4
    lesson_app.editor().locator(".cm-content").press("End")
    lesson_app.page.keyboard.type(" ")  # editing clears the mark
    assert error_line_number(lesson_app) is None


def test_syntax_error_points_at_its_line_and_column(lesson_app):
    lesson_app.run("print('fine')\nprint(1 +)\n")
    traceback = lesson_app.page.inner_text('[data-testid="traceback"]')
    assert traceback.splitlines()[0].strip() == 'File "main.py", line 2'
    assert traceback.splitlines()[1].strip() == "print(1 +)"
    assert traceback.splitlines()[2].strip() == "^"
    assert "SyntaxError" in traceback
    assert error_line_number(lesson_app) == 2
    assert lesson_app.page.get_attribute('[data-testid="verdict"]', "data-state") == "fail"


def test_engine_errors_show_no_engine_frames(lesson_app):
    lesson_app.run("import torch\n\nx = torch.tensor(2.0)\nx.backward()\n")
    traceback = lesson_app.page.inner_text('[data-testid="traceback"]')
    assert traceback.count('File "') == 1
    assert 'File "main.py", line 4, in <module>' in traceback
    assert "pyengine" not in traceback and "_course_runner" not in traceback
    assert error_line_number(lesson_app) == 4


def test_hints_one_at_a_time_and_the_solution_behind_a_confirmation(lesson_app, seed):
    app, page = lesson_app, lesson_app.page
    hints = seed["practice"]["hints"]
    for shown in range(1, len(hints) + 1):
        page.click('[data-testid="hint"]')
        assert page.locator('[data-testid="hint-text"]').count() == shown
    assert page.locator('[data-testid="hint"]').is_disabled()

    page.click('[data-testid="show-solution"]')
    assert "Try the hints first" in page.inner_text('[data-testid="dialog"]')
    page.click('[data-testid="dialog-cancel"]')
    assert page.locator('[data-testid="solution"]').count() == 0
    page.click('[data-testid="show-solution"]')
    app.confirm_dialog()
    page.click('[data-testid="use-solution"]')
    assert app.code() == seed["practice"]["solution"]
    app.run()
    assert page.get_attribute('[data-testid="verdict"]', "data-state") == "pass"

    page.click('[data-testid="reset"]')
    app.confirm_dialog()
    assert app.code() == seed["practice"]["starter"]


def test_examples_can_be_edited_run_and_reset(lesson_app, seed):
    page = lesson_app.page
    first_example = next(block for block in seed["body"] if block["type"] == "code")
    output = page.locator('[data-testid="example-output"]').first
    assert output.inner_text().strip() == first_example["expected_output"].strip()
    lesson_app.set_code(first_example["code"].rstrip("\n") + "\nprint('edited')\n", testid="example-editor")
    page.locator('[data-testid="example-run"]').first.click()
    page.wait_for_function("element => element.dataset.running === 'false' && element.innerText.includes('edited')", arg=output.element_handle())
    page.locator('[data-testid="example-reset"]').first.click()
    assert lesson_app.code("example-editor") == first_example["code"]
    assert page.locator('[data-testid="example-output"]').first.inner_text().strip() == first_example["expected_output"].strip()


def test_lesson_text_renders_markdown_and_math(lesson_app):
    article = lesson_app.page.locator("article.lesson")
    assert article.locator("h2").count() >= 1  # "## ..." headings became elements
    assert article.locator(".katex").count() >= 1  # $...$ became KaTeX
    assert "$" not in article.locator(".prose").first.inner_text()


def test_draft_autosaves_and_survives_a_reload(open_app, seed):
    app = open_app()
    page = app.open(lesson_route(seed), wait_for_python=False)  # editing needs no Python
    draft = "import torch\n\nprint('my draft')\n"
    app.set_code(draft)
    page.wait_for_function(f"() => (localStorage.getItem('autograd-course/progress/lesson:{seed['id']}') || '').includes('my draft')")
    page.reload()
    page.locator('[data-testid="editor"] .cm-content').wait_for()
    assert app.code() == draft


def test_a_draft_typed_just_before_the_page_goes_away_is_kept(open_app, seed):
    app = open_app()
    page = app.open(lesson_route(seed), wait_for_python=False)
    draft = "import torch\n\nprint('typed at the last moment')\n"
    app.set_code(draft)
    page.reload()  # at once: before the 300 ms save would have run
    page.locator('[data-testid="editor"] .cm-content').wait_for()
    assert app.code() == draft


def lesson_item(page, lesson):
    return page.locator(f'[data-testid="lesson-item"][data-lesson="{lesson["id"]}"]')


def complete_seed_partly(app, seed):
    """Passes the practice and answers the first question right."""
    page = app.open(lesson_route(seed))
    app.run(seed["practice"]["solution"])
    question = page.locator('[data-testid="question"]').first
    question.locator('input[type="radio"]').nth(seed["questions"][0]["answer"]).check()
    question.locator('[data-testid="check"]').click()
    return page


def test_course_map_shows_each_lessons_state(open_app, course, seed):
    app = open_app()
    page = app.open("#/", wait_for_python=False)
    assert lesson_item(page, seed).get_attribute("data-state") == "not-started"
    assert page.get_attribute('[data-testid="continue"]', "data-lesson") == course["lessons"][0]["id"]  # "Start"
    complete_seed_partly(app, seed)
    app.go("#/")
    item = lesson_item(page, seed)
    assert item.get_attribute("data-state") == "passed"
    assert f"Quiz 1/{len(seed['questions'])}" in item.inner_text()
    other = next(lesson for lesson in course["lessons"] if lesson["id"] != seed["id"])
    app.go(lesson_route(other))
    app.go("#/")
    assert lesson_item(page, other).get_attribute("data-state") == "in-progress"
    page.click('[data-testid="continue"]')
    assert page.evaluate("location.hash") == lesson_route(other)


def test_export_then_import_restores_the_same_state(open_app, seed, tmp_path):
    app = open_app(accept_downloads=True)
    page = complete_seed_partly(app, seed)
    app.set_code(seed["practice"]["solution"] + "# my note\n")
    page.wait_for_function(f"() => (localStorage.getItem('autograd-course/progress/lesson:{seed['id']}') || '').includes('my note')")
    app.go("#/")
    with page.expect_download() as download:
        page.click('[data-testid="export-progress"]')
    exported = tmp_path / "progress.json"
    download.value.save_as(exported)
    assert json.loads(exported.read_text())["progress"]["lessons"][seed["id"]]["passed"] is True
    before = lesson_item(page, seed).inner_text()

    page.click('[data-testid="reset-progress"]')
    app.confirm_dialog()
    assert lesson_item(page, seed).get_attribute("data-state") == "not-started"

    page.set_input_files('[data-testid="import-progress"]', str(exported))
    page.locator('[data-testid="progress-notice"]').wait_for()
    assert lesson_item(page, seed).get_attribute("data-state") == "passed"
    assert lesson_item(page, seed).inner_text() == before
    app.go(lesson_route(seed))
    assert app.code().endswith("# my note\n")


def test_import_rejects_a_file_that_is_not_progress(open_app, tmp_path):
    app = open_app()
    page = app.open("#/", wait_for_python=False)
    wrong = tmp_path / "other.json"
    wrong.write_text('{"hello": 1}')
    page.set_input_files('[data-testid="import-progress"]', str(wrong))
    assert "not a progress file" in page.inner_text('[data-testid="progress-notice"]')


BLOCK_STORAGE = """Object.defineProperty(window, 'localStorage', {
  get() { throw new DOMException('storage is disabled', 'SecurityError'); } });"""


def test_without_storage_the_app_works_and_says_progress_is_not_kept(open_app, seed):
    app = open_app(init_script=BLOCK_STORAGE)
    page = app.open(lesson_route(seed))
    assert "will not be kept" in page.inner_text('[data-testid="storage-warning"]')
    app.run(seed["practice"]["solution"])
    assert page.get_attribute('[data-testid="verdict"]', "data-state") == "pass"


def test_phone_width_layout_does_not_overflow(open_app, seed, tmp_path):
    app = open_app(viewport={"width": 360, "height": 740})
    page = app.open(lesson_route(seed))
    app.run(seed["practice"]["solution"].replace("print(x.grad.item())", "print(x.grad.item(), 'a long line ' * 8)"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=str(tmp_path / "phone-lesson.png"), full_page=True)
    app.go("#/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def tab_to(page, selector, limit=150):
    """Presses Tab until the focused element matches `selector` (keyboard-only navigation).

    In a code editor Tab indents, so, as the help text next to it says, Escape comes first."""
    for _ in range(limit):
        if page.evaluate("() => document.activeElement?.matches('.cm-content')"):
            page.keyboard.press("Escape")
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement?.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


@pytest.mark.parametrize("language", ["en", "tr"])
def test_a_lesson_can_be_completed_with_the_keyboard_only(open_app, localize, seed, language):
    app = open_app(locale="en-US")
    page = app.open("#/")
    if language == "tr":  # switch the language with the keyboard too: type-ahead picks "Türkçe"
        tab_to(page, '[data-testid="language"]')
        page.keyboard.type("T")
        page.wait_for_function("() => document.documentElement.lang === 'tr'")
    seed = localize(seed, language)
    tab_to(page, f'a[href="{lesson_route(seed)}"]')
    page.keyboard.press("Enter")
    page.wait_for_function("route => location.hash === route", arg=lesson_route(seed))
    # the URL changes before the hashchange event is handled: wait for the lesson's page
    page.wait_for_function("() => document.activeElement.tagName === 'H1'", timeout=5000)
    assert page.inner_text("h1") == seed["title"]

    tab_to(page, '[data-testid="editor"] .cm-content')
    page.keyboard.press("Control+a")
    page.keyboard.type(seed["practice"]["solution"])
    page.keyboard.press("Control+Enter")
    page.locator('[data-testid="verdict"]').wait_for()
    assert page.get_attribute('[data-testid="verdict"]', "data-state") == "pass"
    page.keyboard.press("Escape")  # then Tab leaves the editor instead of indenting

    for n, spec in enumerate(seed["questions"]):
        question = f'[data-testid="question"]:nth-of-type({n + 1})'
        if spec["type"] == "choice":
            tab_to(page, f'{question} input[type="radio"]')
            for _ in range(spec["answer"]):
                page.keyboard.press("ArrowDown")
            page.keyboard.press("Space")
        elif spec["type"] == "fill":
            tab_to(page, f'{question} [data-testid="blank"]')
            page.keyboard.type(spec["answers"][0])
        elif spec["type"] == "match":
            for pair in spec["pairs"]:
                tab_to(page, f'{question} [data-testid="match-select"]')
                page.keyboard.type(pair["right"].replace("`", ""))  # type-ahead selects the option
        elif spec["type"] == "predict":
            tab_to(page, f'{question} [data-testid="predict-answer"]')
            page.keyboard.type(spec["answer"])
        tab_to(page, f'{question} [data-testid="check"]')
        page.keyboard.press("Enter")
        assert page.get_attribute(f'{question} [data-testid="feedback"]', "data-state") == "correct"


def test_search_filters_lessons_by_title_and_text(open_app, seed):
    app = open_app()
    page = app.open("#/", wait_for_python=False)
    page.fill('[data-testid="search"]', seed["title"].upper())
    titles = page.locator('[data-testid="lesson-item"] a').all_inner_texts()
    assert seed["title"] in titles
    page.fill('[data-testid="search"]', "zzz-no-such-words")
    assert page.locator('[data-testid="lesson-item"]').count() == 0
    assert "No lesson matches" in page.inner_text("main")


def test_previous_and_next_move_between_lessons(lesson_app, course, seed):
    page = lesson_app.page
    ids = [lesson["id"] for lesson in course["lessons"]]
    index = ids.index(seed["id"])
    link = page.locator('[data-testid="previous"]' if index > 0 else '[data-testid="next"]')
    neighbour = course["lessons"][index - 1 if index > 0 else index + 1]
    link.click()
    page.wait_for_function("route => location.hash === route", arg=lesson_route(neighbour))
    # the URL changes before the hashchange event is handled: wait for the focus to move
    page.wait_for_function("() => document.activeElement.tagName === 'H1'", timeout=5000)
    assert page.inner_text("h1") == neighbour["title"]
    lesson_app.go(lesson_route(seed))


def test_dark_theme_follows_the_system_setting(browser, site_url):
    backgrounds = {}
    for scheme in ("light", "dark"):
        context = browser.new_context(color_scheme=scheme)
        page = context.new_page()
        page.goto(site_url + "#/")
        page.locator('[data-testid="lesson-item"]').first.wait_for()
        backgrounds[scheme] = page.evaluate("getComputedStyle(document.body).backgroundColor")
        context.close()
    luminance = {scheme: sum(map(int, color[4:-1].split(",")[:3])) for scheme, color in backgrounds.items()}
    assert luminance["dark"] < 150 < 600 < luminance["light"]


def test_runaway_output_is_cut_off_with_a_note(lesson_app):
    output = lesson_app.run("print('x' * 300_000)\nprint('done')\n")
    assert "Output truncated after 0 lines" in output
    assert len(output) < 250_000
