"""A course that feels finished (issue 18): what the learner did is there when they come back,
examples say what they show, an honest line diff, quizzes that teach, a course map that shows
progress, in-page dialogs, and the small things (tab titles, the sticky header, touch screens)."""

import copy
import json
import re
import subprocess

import pytest

PROGRESS_PREFIX = "autograd-course/progress/"  # + "meta" and + "lesson:<id>" (progress.js)
# The seed's practice answered the way learners get it wrong: the node names on two lines and the
# gradient of `a` alone (the second print keeps a trailing space, the last line has no newline).
WRONG_PROGRAM = """import torch

x = torch.tensor(1.0, requires_grad=True)
a = x * x
b = a + x
print(type(a.grad_fn).__name__)
print(type(b.grad_fn).__name__ + " ")
print(x.item() * 2, end="")
"""


def lesson_route(lesson):
    return f"#/lesson/{lesson['id']}"


def saved_record(page, lesson_id):
    return json.loads(page.evaluate(f"localStorage.getItem('{PROGRESS_PREFIX}lesson:{lesson_id}')") or "null")


def seeded_progress(progress):
    """An init script that stores `progress` before the app starts (on the first load only)."""
    items = {f"{PROGRESS_PREFIX}meta": {"version": 1, "lastLesson": progress["lastLesson"]}}
    items.update({f"{PROGRESS_PREFIX}lesson:{id}": record for id, record in progress["lessons"].items()})
    writes = "".join(f"localStorage.setItem({json.dumps(key)}, {json.dumps(json.dumps(value))});" for key, value in items.items())
    return f"if (!sessionStorage.getItem('seeded')) {{ {writes} sessionStorage.setItem('seeded', '1'); }}"


# --- coming back to a lesson -----------------------------------------------------------------


def test_a_reload_shows_the_passed_practice_its_output_the_quiz_answers_and_the_hints(open_app, seed):
    app = open_app()
    page = app.open(lesson_route(seed))
    questions = page.locator('[data-testid="question"]')
    wrong = (seed["questions"][0]["answer"] + 1) % len(seed["questions"][0]["options"])
    questions.nth(0).locator('input[type="radio"]').nth(wrong).check()
    questions.nth(0).locator('[data-testid="check"]').click()
    questions.nth(1).locator('[data-testid="blank"]').fill(seed["questions"][1]["answers"][0])
    questions.nth(1).locator('[data-testid="check"]').click()
    page.click('[data-testid="hint"]')
    app.run(seed["practice"]["solution"])
    assert page.get_attribute('[data-testid="verdict"]', "data-state") == "pass"

    page.reload()
    page.locator("main h1").wait_for()
    verdict = page.locator('[data-testid="verdict"]')
    assert verdict.get_attribute("data-state") == "pass"  # before Python has even loaded
    assert page.locator('[data-testid="practice-passed"]').is_visible()
    assert page.locator('[data-testid="last-run-note"]').is_visible()
    assert app.output().strip() == seed["practice"]["expected_output"].strip()
    assert page.locator('[data-testid="hint-text"]').count() == 1

    first, second = questions.nth(0), questions.nth(1)
    assert first.get_attribute("data-state") == "incorrect"
    assert first.locator('input[type="radio"]').nth(wrong).is_checked()
    assert first.locator('[data-testid="choice"]').nth(wrong).get_attribute("data-mark") == "wrong"
    assert first.locator('[data-testid="retry"]').is_visible()
    assert second.get_attribute("data-state") == "correct"
    assert second.locator('[data-testid="blank"]').input_value() == seed["questions"][1]["answers"][0]
    assert second.locator('[data-testid="explanation"]').is_visible()
    assert questions.nth(2).get_attribute("data-state") == "open"

    page.click('[data-testid="reset"]')  # the starter replaces the code: its old output goes too
    app.confirm_dialog()
    assert page.locator('[data-testid="verdict"]').count() == 0
    assert "lastRun" not in saved_record(page, seed["id"])
    assert page.locator('[data-testid="practice-passed"]').is_visible()  # passing once counts


def test_a_failed_run_comes_back_with_its_diff_and_traceback_output(open_app, seed):
    app = open_app()
    page = app.open(lesson_route(seed))
    app.run(WRONG_PROGRAM)
    diff_before = page.inner_text('[data-testid="diff"]')
    page.reload()
    page.locator('[data-testid="verdict"]').wait_for()
    assert page.get_attribute('[data-testid="verdict"]', "data-state") == "fail"
    assert page.inner_text('[data-testid="diff"]') == diff_before


# --- examples and the diff -------------------------------------------------------------------


def test_an_example_shows_its_expected_output_until_run_then_yours_marked_when_it_matches(lesson_app, seed):
    page = lesson_app.page
    example = page.locator('[data-testid="example"]').first
    caption = example.locator('[data-testid="example-output-caption"]')
    output = example.locator('[data-testid="example-output"]')
    assert caption.inner_text().strip() == "Expected output"
    assert output.get_attribute("aria-label") == "Expected output"
    example.locator('[data-testid="example-run"]').click()
    example.locator('[data-testid="example-matches"]').wait_for()
    assert caption.inner_text().startswith("Your output")
    assert output.get_attribute("data-showing") == "run"

    code = next(block for block in seed["body"] if block["type"] == "code")["code"]
    lesson_app.set_code(code.rstrip("\n") + "\nprint('mine')\n", testid="example-editor")
    example.locator('[data-testid="example-run"]').click()
    page.wait_for_function("element => element.dataset.running === 'false' && element.innerText.includes('mine')", arg=output.element_handle())
    assert example.locator('[data-testid="example-matches"]').count() == 0
    example.locator('[data-testid="example-reset"]').click()
    assert caption.inner_text().strip() == "Expected output"


def test_an_edited_example_is_kept_across_a_reload_until_reset(open_app, seed):
    app = open_app()
    page = app.open(lesson_route(seed), wait_for_python=False)
    original = next(block for block in seed["body"] if block["type"] == "code")["code"]
    edited = original.rstrip("\n") + "\nprint('my experiment')\n"
    app.set_code(edited, testid="example-editor")
    page.wait_for_function("key => JSON.parse(localStorage.getItem(key) ?? '{}').examples?.[0] !== undefined",
                           arg=f"{PROGRESS_PREFIX}lesson:{seed['id']}")
    page.reload()
    page.locator('[data-testid="example-editor"]').first.wait_for()
    assert app.code(testid="example-editor") == edited  # like the practice's draft, the experiment is still there
    page.locator('[data-testid="example-reset"]').first.click()
    assert app.code(testid="example-editor") == original
    page.reload()
    page.locator('[data-testid="example-editor"]').first.wait_for()
    assert app.code(testid="example-editor") == original
    assert page.locator('[data-testid="example-reset"]').count() == 0
    assert "examples" not in saved_record(page, seed["id"])


def test_the_graph_panel_zoom_buttons_do_not_cover_the_graph(lesson_app):
    page = lesson_app.page
    example = page.locator('[data-testid="example"]').first
    example.locator('[data-testid="graph-toggle"]').click()
    example.locator('[data-testid="graph-svg"]').wait_for()
    zoom = example.locator('[data-testid="graph-zoom-in"]').bounding_box()
    canvas = example.locator('[data-testid="graph-canvas"]').bounding_box()
    assert zoom["y"] + zoom["height"] <= canvas["y"]
    example.locator('[data-testid="graph-toggle"]').click()


def diff_rows(page):
    return page.locator('[data-testid="diff"] .diff-line').evaluate_all(
        "lines => lines.map(line => [line.dataset.op, line.querySelector('.diff-text').innerText])"
    )


def test_the_diff_of_a_wrong_seed_answer_pairs_the_lines_that_belong_together(lesson_app):
    page = lesson_app.page
    lesson_app.run(WRONG_PROGRAM)
    rows = diff_rows(page)
    # One expected line became two of yours: it pairs with the first; "3.0" pairs with "2.0".
    assert [op for op, _ in rows] == ["expected", "actual", "actual", "expected", "actual"]
    assert rows[0][1].startswith("MulBackward0·AddBackward0")  # the differing space is drawn
    assert rows[1][1].startswith("MulBackward0") and rows[2][1].startswith("AddBackward0")
    marks = page.locator('[data-testid="diff"] [data-op="expected"]').nth(1).locator('[data-testid="diff-mark"]')
    assert marks.all_inner_texts() == ["3"]
    assert page.locator('[data-testid="diff"] [data-op="actual"]').nth(2).locator('[data-testid="diff-mark"]').all_inner_texts() == ["2"]
    # Whitespace made visible: yours has a trailing space and no final newline.
    assert page.locator('[data-testid="diff"] [data-op="actual"]').nth(1).locator(".ws.trailing").inner_text() == "·"
    assert page.locator('[data-testid="diff-no-newline"]').count() == 1
    # Not colour alone: every changed line says whose it is, and a legend explains them.
    tags = page.locator('[data-testid="diff"] [data-op="expected"] .diff-tag, [data-testid="diff"] [data-op="actual"] .diff-tag')
    assert set(tags.all_inner_texts()) == {"expected", "yours"}
    assert "should print" in page.inner_text('[data-testid="diff-legend"]')


def test_whitespace_that_is_not_counted_is_still_drawn_in_the_diff(lesson_app):
    page = lesson_app.page
    lesson_app.run("print('MulBackward0 AddBackward0 ')\nprint(2.0, end='')\n")  # a trailing space on a right line
    rows = diff_rows(page)
    assert [op for op, _ in rows] == ["same", "expected", "actual"]
    assert rows[0][1] == "MulBackward0 AddBackward0·"  # right, yet its trailing space is shown
    assert page.locator('[data-testid="diff"] [data-op="actual"] [data-testid="diff-no-newline"]').count() == 1
    assert "not counted" in page.inner_text('[data-testid="diff-legend-whitespace"]')


def test_confirmations_are_in_page_dialogs(lesson_app, seed):
    page = lesson_app.page
    lesson_app.set_code("print('keep me')\n")
    page.click('[data-testid="reset"]')
    dialog = page.locator('[data-testid="dialog"]')
    assert dialog.is_visible() and "starter" in dialog.inner_text()
    page.keyboard.press("Escape")
    dialog.wait_for(state="detached")
    assert lesson_app.code() == "print('keep me')\n"
    page.click('[data-testid="reset"]')
    lesson_app.confirm_dialog()
    assert lesson_app.code() == seed["practice"]["starter"]
    page.click('[data-testid="show-solution"]')
    page.click('[data-testid="dialog-cancel"]')
    assert page.locator('[data-testid="solution"]').count() == 0


def test_the_sticky_header_does_not_cover_what_focus_scrolls_to(lesson_app):
    page = lesson_app.page
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.focus('[data-testid="run"]')
    header_bottom = page.evaluate("document.querySelector('.topbar').getBoundingClientRect().bottom")
    assert page.evaluate("document.querySelector('[data-testid=\"run\"]').getBoundingClientRect().top") >= header_bottom


@pytest.mark.parametrize("language", ["en", "tr"])
def test_on_a_phone_the_two_line_header_does_not_cover_what_focus_scrolls_to(open_app, seed, language):
    app = open_app(viewport={"width": 390, "height": 844}, query=f"?lang={language}")
    page = app.open(lesson_route(seed))  # Python ready: the bar shows its status and the restart button
    header_bottom = page.evaluate("document.querySelector('.topbar').getBoundingClientRect().bottom")
    for testid in ("hint", "reset"):
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        page.focus(f'[data-testid="{testid}"]')
        assert page.evaluate(f"document.querySelector('[data-testid=\"{testid}\"]').getBoundingClientRect().top") >= header_bottom


def test_each_lesson_has_its_own_tab_title_and_maths_keeps_its_punctuation(lesson_app, course, seed):
    page = lesson_app.page
    assert page.title() == f"{seed['title']} · Autograd, hands on"
    # The seed writes "For $z = e^{3x}$:" — the colon must wrap with the maths, not alone.
    after_maths = page.locator("article .math-inline").evaluate_all(
        "spans => spans.map(span => span.nextSibling?.textContent?.[0] ?? '')"
    )
    assert not [ch for ch in after_maths if ch and ch in ".,;:!?)"]
    assert page.locator("article .math-inline", has_text=":").count() >= 1
    lesson_app.go("#/")
    assert page.title() == "Autograd, hands on"
    lesson_app.go(lesson_route(seed))


# --- quizzes that teach ----------------------------------------------------------------------

PREDICT = {
    "type": "predict",
    "prompt": "What does this program print?",
    "code": "print(1)\nprint(2)\n",
    "answer": "1\n2\n",
    "explanation": "Each print ends its line.",
}


@pytest.fixture
def predict_lab(open_app, course, seed):
    lab = {**copy.deepcopy(seed), "id": "predict-lab", "title": "Predict lab", "questions": [PREDICT, *seed["questions"]]}
    served = {**course, "lessons": course["lessons"] + [lab]}
    app = open_app()
    app.context.route("**/lessons.json", lambda route: route.fulfill(json=served))
    page = app.open("#/lesson/predict-lab", wait_for_python=False)
    return page, page.locator('[data-testid="question"]')


def test_a_wrong_answer_counts_lines_and_shows_the_answer_and_real_output_only_on_request(predict_lab):
    _, questions = predict_lab
    question = questions.nth(0)
    assert "What does this program print?" not in question.locator("label").inner_text()  # said once, in the prompt
    question.locator('[data-testid="predict-answer"]').fill("1\n3\n")
    question.locator('[data-testid="check"]').click()
    assert question.locator('[data-testid="feedback-detail"]').inner_text().startswith("Your prediction is not what PyTorch prints.")
    # Only the learner's own lines are diffed until the answer is shown: the differing one is marked.
    assert question.locator('[data-testid="diff"] [data-op="expected"]').count() == 0
    assert question.locator('[data-testid="diff"] [data-op="actual"]').inner_text().endswith("3")
    assert question.locator('[data-testid="real-output"]').count() == 0
    assert question.locator('[data-testid="explanation"]').count() == 0
    # The rule is said where the output would be, and the verdict reads before the buttons to go on with.
    assert "Show the answer" in question.locator('[data-testid="real-output-rule"]').inner_text()
    feedback_box, retry_box = question.locator('[data-testid="feedback"]').bounding_box(), question.locator('[data-testid="retry"]').bounding_box()
    assert feedback_box["y"] + feedback_box["height"] <= retry_box["y"]
    question.locator('[data-testid="show-answer"]').click()
    assert question.locator('[data-testid="real-output-rule"]').count() == 0
    assert question.locator('[data-testid="answer"]').count() == 0  # the real output is the answer: said once
    assert question.locator('[data-testid="real-output"]').inner_text() == "1\n2\n"
    assert "Each print ends its line" in question.locator('[data-testid="explanation"]').inner_text()
    assert question.locator('[data-testid="retry"]').count() == 0


def test_a_turkish_predict_question_asks_its_question_once(open_app):
    app = open_app(query="?lang=tr")
    page = app.open("#/lesson/requires-grad", wait_for_python=False)
    question = page.locator('[data-testid="question"][data-type="predict"]').first
    prompt = question.locator(".prose").inner_text().strip()
    assert prompt == "Bu program ne yazdırır?"
    assert question.locator("label").inner_text().strip() == "Tahmininiz, satır satır"


def test_a_right_predict_answer_shows_the_real_output_and_no_try_again(predict_lab, seed):
    _, questions = predict_lab
    question = questions.nth(0)
    question.locator('[data-testid="predict-answer"]').fill("1\n2")
    question.locator('[data-testid="check"]').click()
    assert question.get_attribute("data-state") == "correct"
    assert question.locator('[data-testid="real-output"]').inner_text() == "1\n2\n"
    assert question.locator('[data-testid="retry"], [data-testid="show-answer"]').count() == 0

    choice = questions.nth(1)
    right = seed["questions"][0]["answer"]
    choice.locator('input[type="radio"]').nth(right).check()
    choice.locator('[data-testid="check"]').click()
    assert choice.locator('[data-testid="choice"]').nth(right).get_attribute("data-mark") == "right"
    assert choice.locator('[data-testid="retry"]').count() == 0


def test_once_the_answer_is_shown_a_multiple_choice_marks_the_wrong_picks_too(open_app, course):
    lesson = next(lesson for lesson in course["lessons"] if lesson["id"] == "no-grad-detach")
    n, spec = next((n, spec) for n, spec in enumerate(lesson["questions"]) if "answers" in spec)
    wrong = next(i for i in range(len(spec["options"])) if i not in spec["answers"])
    app = open_app()
    page = app.open(lesson_route(lesson), wait_for_python=False)
    question = page.locator('[data-testid="question"]').nth(n)
    options = question.locator('[data-testid="choice"]')
    options.nth(wrong).locator("input").check()
    options.nth(spec["answers"][0]).locator("input").check()
    question.locator('[data-testid="check"]').click()
    assert options.nth(wrong).get_attribute("data-mark") == "none"  # while it can be retried, only counts are said
    question.locator('[data-testid="show-answer"]').click()
    marks = [options.nth(i).get_attribute("data-mark") for i in range(len(spec["options"]))]
    assert marks == ["right" if i in spec["answers"] else "wrong" if i == wrong else "none" for i in range(len(spec["options"]))]


def test_on_a_touch_screen_the_match_question_is_menus_only(open_app, seed):
    app = open_app(viewport={"width": 390, "height": 844}, has_touch=True)
    page = app.open(lesson_route(seed), wait_for_python=False)
    match = page.locator('[data-testid="question"][data-type="match"]')
    assert match.locator('[data-testid="match-card"]').first.is_hidden()
    assert "Space picks a card up" not in match.inner_text()
    assert "from its menu" in match.inner_text()
    assert match.locator('[data-testid="match-select"]').first.is_visible()
    # Each menu sits under its item, as wide as the question, so no choice is cut off.
    table = match.locator("table.match").bounding_box()
    for row in match.locator('[data-testid="match-row"]').all():
        item, menu = row.locator("th").bounding_box(), row.locator('[data-testid="match-select"]').bounding_box()
        assert menu["y"] >= item["y"] + item["height"] - 1 and menu["width"] >= 0.9 * table["width"]


# --- the course map --------------------------------------------------------------------------


def test_the_course_map_numbers_lessons_counts_progress_and_says_where_to_continue(open_app, course):
    lessons = course["lessons"]
    first_section = [lesson for lesson in lessons if lesson["section"] == lessons[0]["section"]]
    progress = {
        "lastLesson": lessons[1]["id"],
        "lessons": {
            lessons[0]["id"]: {"visited": True, "passed": True, "quiz": {"0": True, "1": False}},
            lessons[1]["id"]: {"visited": True, "passed": True, "quiz": {"0": True}},
            lessons[3]["id"]: {"visited": True},
        },
    }
    app = open_app(init_script=seeded_progress(progress))
    page = app.open("#/", wait_for_python=False)
    overall = page.locator('[data-testid="overall-progress"]')
    assert (overall.get_attribute("data-passed"), overall.get_attribute("data-total")) == ("2", str(len(lessons)))
    questions = sum(len(lesson["questions"]) for lesson in lessons)
    assert f"2 of {len(lessons)} practices passed · 2 of {questions} questions answered right" in overall.inner_text()

    section = page.locator('[data-testid="section"]').first
    assert section.get_attribute("data-current") == "true"
    assert page.locator('[data-testid="section"][data-current="true"]').count() == 1
    assert section.locator('[data-testid="section-progress"]').inner_text().strip() == f"2/{len(first_section)} passed"
    # Lesson 2 (the last visited) is passed, lesson 3 is not: continue there.
    card = page.locator('[data-testid="continue"]')
    assert card.get_attribute("data-lesson") == lessons[2]["id"]
    assert "continue where you left off" in card.inner_text().lower()
    items = page.locator('[data-testid="lesson-item"]')
    assert items.nth(2).locator(".lesson-number").inner_text() == "3"
    assert items.nth(0).locator('.lesson-number [aria-hidden="true"]').inner_text() == "✓"  # passed
    assert page.locator('[data-testid="lesson-item"] a code').count() >= 5  # code names in titles are code
    card.click()
    assert page.evaluate("location.hash") == lesson_route(lessons[2])


def test_a_new_learner_gets_a_start_card(open_app, course):
    app = open_app()
    page = app.open("#/", wait_for_python=False)
    card = page.locator('[data-testid="continue"]')
    assert card.get_attribute("data-lesson") == course["lessons"][0]["id"]
    assert "start the course" in card.inner_text().lower()
    assert page.locator('[data-testid="section"][data-current="true"]').count() == 0


def test_kept_answers_that_do_not_fit_their_question_are_dropped_not_fatal(open_app, seed):
    progress = {
        "lastLesson": seed["id"],
        "lessons": {seed["id"]: {
            "visited": True,
            # Well-formed records (progress.js checks those) whose values do not fit these questions.
            "answers": {"0": {"value": "not an option index", "checked": True}, "1": {"value": 3, "checked": True},
                        "2": {"value": [1, 2], "checked": True}},
            "quiz": {"0": False, "1": False, "2": False},
        }},
    }
    app = open_app(init_script=seeded_progress(progress))
    page = app.open(lesson_route(seed), wait_for_python=False)
    questions = page.locator('[data-testid="question"]')
    assert [questions.nth(n).get_attribute("data-state") for n in range(3)] == ["open", "open", "open"]


def test_the_build_says_in_one_line_what_it_built(built_site, course):
    summary = subprocess.run(
        ["node", "--input-type=module", "-e",
         "const { buildSummary } = await import('./scripts/build.mjs'); console.log(buildSummary('dist', Date.now() - 1500));"],
        cwd=built_site.parent, capture_output=True, text=True, check=True,
    ).stdout
    assert summary.count("\n") == 1
    assert re.fullmatch(r"Built dist/ in 1\.5 s: [\d.]+ MB \(app [\d.]+ [kM]B, worker [\d.]+ [kM]B, pyengine [\d.]+ [kM]B, Pyodide [\d.]+ MB\), "
                        rf"{len(course['lessons'])} lessons\n", summary), summary
