"""Issue 33 in the browser: practices checked on the program (printing the expected output fails
with the check's message), practices in steps with progress kept per step, what a passed practice
taught and the next lesson, feedback for the option chosen, predict answers diffed as output,
order (Parsons) questions with distractors by keyboard, and friendly errors for plain Python mistakes."""

import json

import pytest

from conftest import ROOT

STEPPED = "gradient-descent"  # a practice in three steps, a choice with feedback per option, an order question


def lesson_of(course, lesson_id):
    return next(lesson for lesson in course["lessons"] if lesson["id"] == lesson_id)


def saved_record(page, lesson_id):
    return json.loads(page.evaluate(f"localStorage.getItem('autograd-course/progress/lesson:{lesson_id}')") or "{}")


def verdict(page):
    page.wait_for_selector('[data-testid="verdict"]')
    return page.locator('[data-testid="verdict"]').get_attribute("data-state")


def test_printing_the_expected_output_fails_and_the_solution_passes_with_what_was_learned(lesson_app, seed, course):
    page = lesson_app.page
    printed = seed["practice"]["expected_output"].rstrip("\n")
    output = lesson_app.run(f"print({printed!r})")
    assert output.strip() == printed  # the very text expected ...
    assert verdict(page) == "fail"  # ... and yet not passed: a check looked at the program
    assert "typed out by hand" in page.locator('[data-testid="check-message"]').inner_text()
    assert page.locator('[data-testid="diff"]').count() == 0  # the output itself is right
    assert page.locator('[data-testid="learned"]').count() == 0

    lesson_app.run(seed["practice"]["solution"])
    assert verdict(page) == "pass"
    assert page.locator('[data-testid="check-message"]').count() == 0
    learned = page.locator('[data-testid="learned"]')
    assert seed["practice"]["learned"].split("`")[0] in learned.inner_text()
    lessons = course["lessons"]
    next_lesson = lessons[lessons.index(seed) + 1]
    assert learned.locator('[data-testid="next-lesson"]').get_attribute("href") == f"#/lesson/{next_lesson['id']}"


def test_a_program_that_patches_the_checker_in_the_worker_fails_and_is_told_what_it_changed(lesson_app, seed):
    page = lesson_app.page
    steps = seed["practice"].get("steps") or [seed["practice"]]
    patch = ("import sys\nrunner = sys.modules['_course_runner']\n"
             "runner.check_program = lambda *args, **kwargs: {'passed': True}\n")
    lesson_app.run(patch + steps[0]["solution"])
    assert verdict(page) == "fail"
    message = page.locator('[data-testid="check-message"]').inner_text()
    assert "Your program changed _course_runner.check_program" in message.replace("`", "")
    lesson_app.run(steps[0]["solution"])  # the next run is checked as before
    assert verdict(page) == "pass"


def test_a_practice_in_steps_is_passed_step_by_step_and_kept_per_step(open_app, course):
    lesson = lesson_of(course, STEPPED)
    steps = lesson["practice"]["steps"]
    app = open_app()
    page = app.open(f"#/lesson/{STEPPED}")
    step_items = page.locator('[data-testid="step"]')
    assert step_items.count() == len(steps) == 3
    assert [step_items.nth(k).get_attribute("data-state") for k in range(3)] == ["current", "open", "open"]
    assert page.locator('[data-testid="step-button"]').nth(2).is_disabled()  # not reachable yet
    assert app.code() == steps[0]["starter"]

    app.run(steps[0]["solution"])
    assert verdict(page) == "pass"
    assert page.locator('[data-testid="learned"]').count() == 0  # the practice is not done yet
    page.click('[data-testid="next-step"]')
    assert page.locator('[data-testid="step-prompt"]').get_attribute("data-step") == "1"
    assert app.code() == steps[0]["solution"]  # the learner goes on with their code
    assert saved_record(page, STEPPED)["steps"] == {"0": True}

    wrong = steps[1]["wrong"][0]
    app.run(wrong["code"])
    assert verdict(page) == "fail"
    assert wrong["message"].replace("`", "") in page.locator('[data-testid="check-message"]').inner_text()

    page.reload()
    app.wait_for_python()
    assert [step_items.nth(k).get_attribute("data-state") for k in range(3)] == ["passed", "current", "open"]
    assert "practice-passed" not in page.content()
    app.run(steps[1]["solution"])
    page.click('[data-testid="next-step"]')
    app.run(steps[2]["solution"])
    assert verdict(page) == "pass"
    assert page.locator('[data-testid="practice-passed"]').count() == 1
    assert "A training step is" in page.locator('[data-testid="learned"]').inner_text()
    record = saved_record(page, STEPPED)
    assert record["steps"] == {"0": True, "1": True, "2": True} and record["passed"] is True

    # A passed step can be visited again.
    page.locator('[data-testid="step-button"]').nth(0).click()
    assert page.locator('[data-testid="step-prompt"]').get_attribute("data-step") == "0"


def test_each_chosen_option_explains_itself_right_or_wrong(open_app, course):
    question_spec = lesson_of(course, STEPPED)["questions"][0]
    page = open_app().open(f"#/lesson/{STEPPED}", wait_for_python=False)
    question = page.locator('[data-testid="question"]').nth(0)
    question.locator('input[type="radio"]').nth(0).check()
    question.locator('[data-testid="check"]').click()
    assert question.get_attribute("data-state") == "incorrect"
    feedback = question.locator('[data-testid="option-feedback"]')
    assert feedback.count() == 1 and feedback.get_attribute("data-option") == "0"
    assert "in-place update of a leaf" in feedback.inner_text()
    assert question.locator('[data-testid="explanation"]').count() == 0  # still the learner's to find

    question.locator('[data-testid="retry"]').click()
    right = question_spec["answer"]
    question.locator('input[type="radio"]').nth(right).check()
    question.locator('[data-testid="check"]').click()
    assert question.get_attribute("data-state") == "correct"
    assert question.locator('[data-testid="option-feedback"]').get_attribute("data-option") == str(right)


def test_a_predict_answer_is_diffed_as_pytorch_output(open_app):
    page = open_app().open("#/lesson/tensors", wait_for_python=False)
    question = page.locator('[data-testid="question"][data-type="predict"]').first
    question.locator('[data-testid="predict-answer"]').fill("torch.Size([1,3]) torch.int64")
    question.locator('[data-testid="check"]').click()
    assert question.get_attribute("data-state") == "incorrect"
    marks = question.locator('[data-testid="diff"] [data-testid="diff-mark"]')
    assert marks.count() >= 1  # the missing space after the comma is marked, not "0 of 1 line right"
    assert question.locator('[data-testid="diff"] [data-op="expected"]').count() == 0  # the answer is still a secret
    question.locator('[data-testid="show-answer"]').click()
    expected = question.locator('[data-testid="diff"] [data-op="expected"]')
    assert expected.locator('[data-testid="diff-mark"]').inner_text() == "·"  # the space the learner left out
    assert expected.inner_text().endswith("torch.Size([1,·3]) torch.int64")


def order_texts(question):
    return [line.strip() for line in question.locator('[data-testid="order-line"] code').all_inner_texts()]


def test_an_order_question_with_distractors_is_solved_with_the_keyboard(open_app, course):
    spec = lesson_of(course, STEPPED)["questions"][-1]
    assert spec["type"] == "order" and len(spec["distractors"]) == 2
    page = open_app().open(f"#/lesson/{STEPPED}", wait_for_python=False)
    question = page.locator('[data-testid="question"][data-type="order"]')
    wanted = [line.strip() for line in spec["lines"]]
    strays = [distractor["line"].strip() for distractor in spec["distractors"]]
    assert order_texts(question) != wanted and sorted(order_texts(question)) == sorted(wanted + strays)
    assert question.locator('[data-testid="order-left-out-empty"]').is_visible()
    assert question.locator('[data-testid="check"]').is_disabled()  # nothing moved yet

    # One wrong check first, the distractors still in: each says why it does not belong.
    question.locator('[data-testid="order-line"]').nth(0).focus()
    page.keyboard.press("Alt+ArrowDown")
    question.locator('[data-testid="check"]').click()
    assert question.get_attribute("data-state") == "incorrect"
    assert "in the right place" in question.locator('[data-testid="feedback-detail"]').inner_text()
    why = question.locator('[data-testid="distractor-feedback"]')
    assert why.count() == 2
    assert "new tensor in the graph" in why.nth(0).inner_text() and "climbs the slope" in why.nth(1).inner_text()
    assert question.locator('[data-testid="order-line"][data-state="wrong"]').count() >= 2
    assert question.locator('[data-testid="explanation"]').count() == 0
    question.locator('[data-testid="retry"]').click()

    # Leave the distractors out: one with Delete on the focused line, one with its ✕, then put
    # that one back (↩) and leave it out again; the left-out list shows them.
    question.locator('[data-testid="order-line"]').nth(order_texts(question).index(strays[0])).focus()
    page.keyboard.press("Delete")
    assert page.evaluate("() => document.activeElement.dataset.testid") == "order-line"  # focus stays in the list
    question.locator('[data-testid="order-line"]').nth(order_texts(question).index(strays[1])).locator('[data-testid="order-leave-out"]').click()
    left_out = question.locator('[data-testid="order-left-out-line"] code')
    assert sorted(text.strip() for text in left_out.all_inner_texts()) == sorted(strays)
    question.locator('[data-testid="order-put-back"]').nth(0).click()
    assert order_texts(question)[-1] in strays and len(order_texts(question)) == len(wanted) + 1
    question.locator('[data-testid="order-line"]').nth(len(wanted)).locator('[data-testid="order-leave-out"]').click()
    assert sorted(order_texts(question)) == sorted(wanted)

    # Kept in progress: a reload shows the same program and the same lines left out.
    kept = order_texts(question)
    n = len(lesson_of(course, STEPPED)["questions"]) - 1
    page.wait_for_function("([key, n, size]) => JSON.parse(localStorage.getItem(key) || '{}').answers?.[n]?.value?.length === size",
                           arg=[f"autograd-course/progress/lesson:{STEPPED}", n, len(wanted)])  # saved a moment after a change
    page.reload()
    question = page.locator('[data-testid="question"][data-type="order"]')
    question.wait_for()
    assert order_texts(question) == kept and question.locator('[data-testid="order-left-out-line"]').count() == 2

    # Selection sort with Alt+↑ only: focus a line and lift it to its place.
    for target, text in enumerate(wanted):
        at = order_texts(question).index(text)
        question.locator('[data-testid="order-line"]').nth(at).focus()
        for _ in range(at - target):
            page.keyboard.press("Alt+ArrowUp")
        assert order_texts(question)[target] == text
        assert page.evaluate("() => document.activeElement.dataset.position") == str(target)  # focus moved with the line
    question.locator('[data-testid="check"]').click()
    assert question.get_attribute("data-state") == "correct"
    assert "backward()" in question.locator('[data-testid="explanation"]').inner_text()
    assert question.locator('[data-testid="distractor-feedback"]').count() == 2  # with the answer, why each stays out


def test_a_distractor_explains_itself_in_turkish_and_a_left_out_line_of_the_program_is_counted(open_app, course):
    spec = lesson_of(course, "gradient-accumulation")["questions"][-1]
    page = open_app(query="?lang=tr").open("#/lesson/gradient-accumulation", wait_for_python=False)
    question = page.locator('[data-testid="question"][data-type="order"]')
    assert "Delete" in question.locator(".help").first.inner_text() and "dışarıda bırakın" in question.locator(".help").first.inner_text()
    # Leave a line of the program out, keep the distractor in.
    right_line = spec["lines"][3].strip()
    question.locator('[data-testid="order-line"]').nth(order_texts(question).index(right_line)).locator('[data-testid="order-leave-out"]').click()
    question.locator('[data-testid="check"]').click()
    assert question.get_attribute("data-state") == "incorrect"
    assert "Programın 1 satırı dışarıda kaldı." in question.locator('[data-testid="feedback-detail"]').inner_text()
    why = question.locator('[data-testid="distractor-feedback"]')
    assert why.count() == 1 and "`.grad` bir tensör" not in why.inner_text() and ".grad bir tensör ya da None olmalı" in why.inner_text()
    assert why.locator("span").get_attribute("lang") == "tr"


PYTHON_MISTAKES = {
    "call-attribute": "import torch\nx = torch.tensor(2.0, requires_grad=True)\n(x * x).backward()\nprint(x.grad())",
    "matmul-shapes": "import torch\nprint(torch.ones(2, 3) @ torch.ones(2, 3))",
    "broadcast-shapes": "import torch\nprint(torch.ones(2, 3) + torch.ones(2))",
    "int-float": "import torch\nprint(torch.tensor([[1, 2]]) @ torch.ones(2, 1))",
    "item-many": "import torch\nprint(torch.ones(3).item())",
    "indentation": "import torch\nfor i in range(2):\nprint(i)",
    "unsupported-module": "import torch\nimport pandas as pd\nprint(pd.DataFrame({'x': [1, 2]}))",
}


@pytest.mark.parametrize("mistake", sorted(PYTHON_MISTAKES))
def test_plain_python_mistakes_with_tensors_get_a_friendly_note(lesson_app, mistake):
    lesson_app.run(PYTHON_MISTAKES[mistake])
    note = lesson_app.page.locator('.practice [data-testid="mistake"]')
    assert note.get_attribute("data-mistake") == mistake
    links = note.locator('[data-testid="mistake-lesson"]')
    assert links.count() == (0 if mistake in ("indentation", "unsupported-module") else 1)


def test_a_friendly_note_in_turkish(open_app, seed):
    app = open_app(query="?lang=tr")
    app.open(f"#/lesson/{seed['id']}")
    app.run(PYTHON_MISTAKES["item-many"])
    note = app.page.locator('.practice [data-testid="mistake"]')
    assert ".item() tam olarak bir elemanlı" in note.inner_text()
    assert note.locator('[data-testid="mistake-lesson"]').inner_text().startswith("Ders: ")


def test_an_edited_example_keeps_its_expected_output_in_view(lesson_app, seed):
    page = lesson_app.page
    example = page.locator('[data-testid="example"]').first
    expected = next(block for block in seed["body"] if block["type"] == "code")["expected_output"]
    lesson_app.set_code("print('changed')", testid="example-editor")
    example.locator('[data-testid="example-run"]').click()
    page.wait_for_selector('[data-testid="example-output"][data-running="false"][data-showing="run"]')
    assert example.locator('[data-testid="example-output"]').inner_text().strip() == "changed"
    assert example.locator('[data-testid="example-expected"]').inner_text().strip() == expected.strip()
    assert "before your edits" in example.locator('[data-testid="example-expected-caption"]').inner_text()
    example.locator('[data-testid="example-reset"]').click()
    assert example.locator('[data-testid="example-expected"]').count() == 0


def test_on_a_phone_the_practice_toolbar_stays_put_and_long_lines_scroll(open_app, seed):
    app = open_app(viewport={"width": 390, "height": 844})
    page = app.open(f"#/lesson/{seed['id']}")
    toolbar = page.locator(".practice .toolbar").first
    rows = lambda: len({round(box["y"]) for box in (button.bounding_box() for button in toolbar.locator("button").all())})
    assert rows() <= 2
    reset_before = page.locator('[data-testid="reset"]').bounding_box()
    app.run("import time\nprint('a long line of output ' * 10)\ntime.sleep(3)", wait=False)
    page.wait_for_selector('[data-testid="stop"]')
    reset_during = page.locator('[data-testid="reset"]').bounding_box()
    assert reset_during["x"] == reset_before["x"]  # Stop takes Run's room: the row does not move
    assert page.locator('[data-testid="stop"]').bounding_box()["y"] == reset_during["y"]
    assert rows() <= 2
    page.click('[data-testid="stop"]')
    app.wait_for_run()
    output = page.locator('[data-testid="output"]')
    width, room, overflow = output.evaluate("o => [o.scrollWidth, o.clientWidth, getComputedStyle(o).overflowX]")
    assert width > room and overflow == "auto"  # the long line scrolls, it is not cut
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390


def test_progress_files_with_and_without_steps_import(open_app, tmp_path):
    """An older progress file (a stepped lesson's practice passed as a whole, no `steps`) and a new
    one (steps passed one by one) both import, each into a fresh browser; a malformed `steps` is
    refused with its path."""

    def import_lessons(lessons, name):
        app = open_app()
        page = app.open("#/", wait_for_python=False)
        path = tmp_path / name
        path.write_text(json.dumps({"format": "autograd-course-progress", "exported": "2026-12-01T00:00:00Z",
                                    "progress": {"version": 1, "lastLesson": STEPPED, "lessons": lessons}}))
        page.set_input_files('[data-testid="import-progress"]', str(path))
        page.locator('[data-testid="progress-notice"]').wait_for()
        return app, page, page.locator('[data-testid="progress-notice"]').inner_text()

    app, page, _ = import_lessons({STEPPED: {"visited": True, "passed": True, "hints": 1}}, "old.json")
    app.go(f"#/lesson/{STEPPED}")
    states = page.locator('[data-testid="step"]')
    assert [states.nth(k).get_attribute("data-state") for k in range(3)] == ["passed", "passed", "passed"]
    assert page.locator('[data-testid="step-prompt"]').get_attribute("data-step") == "2"
    assert page.locator('[data-testid="practice-passed"]').count() == 1

    app, page, _ = import_lessons({STEPPED: {"visited": True, "steps": {"0": True}, "step": 1, "stepHints": {"1": 1}}}, "new.json")
    app.go(f"#/lesson/{STEPPED}")
    states = page.locator('[data-testid="step"]')
    assert [states.nth(k).get_attribute("data-state") for k in range(3)] == ["passed", "current", "open"]
    assert page.locator('[data-testid="hint-text"]').count() == 1  # the step's hint shown before

    _, _, notice = import_lessons({STEPPED: {"steps": {"0": "yes"}}}, "bad.json")
    assert f'progress.lessons["{STEPPED}"].steps' in notice


def test_every_practice_step_passes_its_solution_in_the_browser(open_app, course):
    """The checks run in Pyodide (CPython 3.14, the pure-Python engine) as they do under the
    course tool: every step's sample solution passes there too (but in the lessons our engine
    cannot run yet, tests/lesson_known_failures.txt)."""
    known = {line.split("#")[0].strip() for line in (ROOT / "tests" / "lesson_known_failures.txt").read_text().splitlines()}
    app = open_app()
    page = app.open(f"#/lesson/{course['lessons'][0]['id']}")
    failures = []
    for lesson in [lesson for lesson in course["lessons"] if lesson["id"] not in known]:
        app.go(f"#/lesson/{lesson['id']}")
        page.locator(f'article[data-lesson="{lesson["id"]}"] [data-testid="editor"]').wait_for()
        steps = lesson["practice"].get("steps") or [lesson["practice"]]
        for number, step in enumerate(steps):
            # Set through the editor's own API: typing into a long document (fill) replaces only the
            # lines CodeMirror has drawn, and the later steps start from the earlier steps' long code.
            app.editor().evaluate("(element, code) => { element.value = code; }", step["solution"])
            assert app.code() == step["solution"]
            app.run()
            if verdict(page) != "pass":
                failures.append((lesson["id"], number, page.locator('[data-testid="verdict"]').inner_text()))
            elif number < len(steps) - 1:
                page.click('[data-testid="next-step"]')
                # the next step is shown (its prompt, the editor re-rendered) before its solution is typed
                page.locator(f'[data-testid="step-prompt"][data-step="{number + 1}"]').wait_for()
    assert failures == []
