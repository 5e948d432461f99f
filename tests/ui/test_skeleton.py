"""The walking skeleton in a real browser: the seed lesson end to end, offline (issue 2)."""

import json

from playwright.sync_api import expect

WRONG_PROGRAM = """import torch

x = torch.tensor(1.0, requires_grad=True)
a = x * x
b = a + x
print(type(a.grad_fn).__name__, type(b.grad_fn).__name__)
print(x.item() * 2)
"""


def test_course_page_lists_sections_and_opens_a_lesson(open_app, course, seed):
    app = open_app()
    page = app.open("#/", wait_for_python=False)
    for section in course["sections"]:
        if any(lesson["section"] == section["name"] for lesson in course["lessons"]):
            assert page.get_by_role("heading", name=section["title"]).is_visible()
    items = page.locator('[data-testid="lesson-item"]')
    assert items.count() == len(course["lessons"])
    page.get_by_role("link", name=seed["title"], exact=True).click()
    assert page.evaluate("location.hash") == f"#/lesson/{seed['id']}"
    # The hash changes at once; the page renders on the hashchange event that follows.
    expect(page.get_by_role("heading", level=1)).to_have_text(seed["title"])


def test_sample_solution_passes(lesson_app, seed):
    output = lesson_app.run(seed["practice"]["solution"])
    assert "MulBackward0 AddBackward0" in output
    assert "3.0" in output
    verdict = lesson_app.page.locator('[data-testid="verdict"]')
    assert verdict.get_attribute("data-state") == "pass"


def test_wrong_program_fails_with_a_line_diff(lesson_app):
    output = lesson_app.run(WRONG_PROGRAM)
    assert output.splitlines() == ["MulBackward0 AddBackward0", "2.0"]
    page = lesson_app.page
    assert page.get_attribute('[data-testid="verdict"]', "data-state") == "fail"
    expected_lines = page.locator('[data-testid="diff"] [data-op="expected"] .diff-text').all_inner_texts()
    actual_lines = page.locator('[data-testid="diff"] [data-op="actual"] .diff-text').all_inner_texts()
    assert expected_lines == ["3.0"]
    assert actual_lines == ["2.0"]
    # Only the differing character is marked, on both lines.
    assert page.locator('[data-testid="diff-mark"]').all_inner_texts() == ["3", "2"]


def test_runtime_error_fails_and_shows_the_traceback(lesson_app):
    output = lesson_app.run("import torch\nprint('before')\nprint(1 / 0)\n")
    assert "before" in output
    assert "ZeroDivisionError: division by zero" in output
    assert lesson_app.page.get_attribute('[data-testid="verdict"]', "data-state") == "fail"


def answer(question, qtype, spec, right):
    """Gives the right or a wrong answer to one question of the lesson, the way a learner would."""
    if qtype == "choice":
        index = spec["answer"] if right else (spec["answer"] + 1) % len(spec["options"])
        question.locator('input[type="radio"]').nth(index).check()
    elif qtype == "fill":
        question.locator('[data-testid="blank"]').fill(f"  {spec['answers'][0]} " if right else "grad")
    elif qtype == "match":
        selects = question.locator('[data-testid="match-select"]')
        rights = [pair["right"].replace("`", "") for pair in spec["pairs"]]
        for i in range(len(rights)):
            choice = rights[i] if right else rights[(i + 1) % len(rights)]
            selects.nth(i).select_option(label=choice)
    elif qtype == "predict":
        question.locator('[data-testid="predict-answer"]').fill(spec["answer"] if right else "nothing")
    question.locator('[data-testid="check"]').click()


def test_each_question_right_and_wrong(lesson_app, seed):
    page = lesson_app.page
    questions = page.locator('[data-testid="question"]')
    assert questions.count() == len(seed["questions"])
    for n, spec in enumerate(seed["questions"]):
        question = questions.nth(n)
        assert question.get_attribute("data-type") == spec["type"]
        answer(question, spec["type"], spec, right=False)
        feedback = question.locator('[data-testid="feedback"]')
        assert feedback.get_attribute("data-state") == "incorrect"
        question.locator('[data-testid="retry"]').click()
        answer(question, spec["type"], spec, right=True)
        assert feedback.get_attribute("data-state") == "correct"
        explanation_start = spec["explanation"].replace("`", "")[:20]
        assert explanation_start in feedback.inner_text()


def test_questions_work_while_python_is_loading(open_app, seed):
    app = open_app()
    held = []
    app.context.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page = app.open(f"#/lesson/{seed['id']}", wait_for_python=False)
    status = page.locator('[data-testid="python-status"]')
    assert status.get_attribute("data-state") == "loading"
    assert "Loading" in status.inner_text()
    assert status.locator("progress").count() == 1
    assert page.locator('[data-testid="run"]').is_disabled()
    choice = seed["questions"][0]
    question = page.locator('[data-testid="question"]').first
    answer(question, choice["type"], choice, right=True)
    assert question.locator('[data-testid="feedback"]').get_attribute("data-state") == "correct"
    for _ in range(100):  # the route handler runs when Playwright next hears from the browser
        if held:
            break
        page.wait_for_timeout(50)
    assert len(held) == 1
    held[0].continue_()
    app.wait_for_python()
    assert page.locator('[data-testid="run"]').is_enabled()


def test_examples_run_in_order_in_one_namespace(lesson_app, seed):
    page = lesson_app.page
    examples = [block for block in seed["body"] if block["type"] == "code"]
    # The second example uses z from the first: its Run executes the first one silently first.
    page.locator('[data-testid="example-run"]').nth(1).click()
    output = page.locator('[data-testid="example-output"]').nth(1)
    page.wait_for_function("element => element.dataset.running === 'false'", arg=output.element_handle())
    assert output.inner_text().strip() == examples[1]["expected_output"].strip()


def test_no_request_leaves_the_local_server(open_app, seed):
    app = open_app()
    app.open(f"#/lesson/{seed['id']}")
    assert any(url.endswith("pyodide.asm.wasm") for url in app.requests)
    assert any(url.endswith("pyengine.zip") for url in app.requests)
    assert app.foreign_requests() == []


def test_malformed_lessons_json_is_reported_with_the_field_path(open_app, course):
    broken = json.loads(json.dumps(course))
    del broken["lessons"][0]["practice"]["expected_output"]
    broken["lessons"][1]["questions"][0]["type"] = "essay"
    app = open_app()
    app.context.route("**/lessons.json", lambda route: route.fulfill(json=broken))
    page = app.open("#/", wait_for_python=False)
    error = page.locator('[data-testid="course-error"]')
    error.wait_for()
    text = error.inner_text()
    assert 'lessons[0].practice: missing required field "expected_output"' in text
    assert "lessons[1].questions[0].type: must be one of" in text
