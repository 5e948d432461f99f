"""Every learner (issue 21): the interface and the lessons in English and Turkish, and every page
type passing an axe-core audit in both languages and both themes, with keyboard focus that is
visible, in order and never trapped, and results announced to screen readers.

(The seed lesson completed keyboard-only in Turkish is test_learner_app's keyboard test, run once
per language.)
"""

import copy
import json
from pathlib import Path

import pytest

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
WRONG_PROGRAM = "import torch\n\nprint('MulBackward0 AddBackward0')\nprint(2.0)\n"
ALL_QUIZ_FORMS = "no-grad-detach"  # choice with one and with several right options, fill with several blanks, predict
STEPPED = "gradient-descent"  # a practice in steps, a choice with feedback per option, an order question


def choose_language(page, language):
    page.select_option('[data-testid="language"]', language)
    page.wait_for_function("language => document.documentElement.lang === language", arg=language)


# ---- accessibility ------------------------------------------------------------------------------


def serious_violations(page):
    """axe-core's serious and critical findings on the page as it is now, one line each."""
    # A card fading back after Retry would be measured mid-transition: let finite animations end first.
    page.wait_for_function("""() => document.getAnimations()
        .every((animation) => animation.playState !== 'running' || animation.effect.getTiming().iterations === Infinity)""")
    if not page.evaluate("typeof axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, { resultTypes: ['violations'] })")
    return [
        f"{violation['impact']} {violation['id']}: {violation['help']} at {[node['target'] for node in violation['nodes'][:3]]}"
        for violation in result["violations"]
        if violation["impact"] in ("serious", "critical")
    ]


def answer_wrongly(question, spec):
    """A wrong answer to a question of any form, checked, so its feedback shows."""
    if spec["type"] == "choice" and "answers" in spec:
        wrong = next(i for i in range(len(spec["options"])) if i not in spec["answers"])
        question.locator('input[type="checkbox"]').nth(wrong).check()
    elif spec["type"] == "choice":
        question.locator('input[type="radio"]').nth((spec["answer"] + 1) % len(spec["options"])).check()
    elif spec["type"] == "fill":
        for blank in question.locator('[data-testid="blank"]').all():
            blank.fill("nothing")
    elif spec["type"] == "match":
        selects = question.locator('[data-testid="match-select"]').all()
        options = [option for option in selects[0].locator("option").all_inner_texts()[1:]]
        for i, select in enumerate(selects):
            select.select_option(label=options[(i + 1) % len(options)])
    elif spec["type"] == "order":
        question.locator('[data-testid="order-down"]').first.click()
    else:
        question.locator('[data-testid="predict-answer"]').fill("nothing")
    question.locator('[data-testid="check"]').click()


@pytest.fixture(scope="module")
def audited(open_module_app):
    """One page with Python ready for every audit (themes and languages switch without reloading);
    CSP is bypassed so that axe's script can be injected."""
    app = open_module_app(bypass_csp=True)
    app.open("#/")
    return app


def reset_progress(app, before_confirming=lambda: None):
    """Back to a fresh course, through the course map's "Reset progress" and its dialog."""
    app.go("#/")
    app.page.locator('[data-testid="lesson-item"]').first.wait_for()
    app.page.click('[data-testid="reset-progress"]')
    app.page.locator('[data-testid="dialog"]').wait_for()
    before_confirming()
    app.confirm_dialog()


def showing(page, title):
    """Waits for the lesson titled `title` (Markdown: code spans show without their backticks)."""
    page.wait_for_function("title => document.querySelector('main h1')?.innerText === title", arg=title.replace("`", ""))


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("language", ["en", "tr"])
def test_every_page_type_passes_an_axe_audit(audited, course, seed, localize, language, theme):
    app, page = audited, audited.page
    page.emulate_media(color_scheme=theme)
    choose_language(page, language)
    found = {}

    def audit(name):
        found[name] = serious_violations(page)

    reset_progress(app, before_confirming=lambda: audit("in-page dialog"))  # every combination starts from a fresh course
    audit("course map")
    app.go(f"#/lesson/{seed['id']}")
    showing(page, localize(seed, language)["title"])
    app.run(WRONG_PROGRAM)
    page.locator('[data-testid="diff"]').wait_for()
    page.click('[data-testid="hint"]')
    audit("lesson, its practice with a failing diff and a hint")
    graph_toggle = page.locator('[data-testid="example"]').first.locator('[data-testid="graph-toggle"]')
    if graph_toggle.get_attribute("aria-expanded") == "false":  # it stays open from the previous audit
        graph_toggle.click()
    page.locator('[data-testid="graph-svg"]').first.wait_for()
    audit("graph panel")
    app.run(seed["practice"]["solution"])
    page.locator('[data-testid="learned"]').wait_for()
    audit("practice passed, with what was learned and the next lesson")
    stepped = next(lesson for lesson in course["lessons"] if lesson["id"] == STEPPED)
    app.go(f"#/lesson/{STEPPED}")
    showing(page, localize(stepped, language)["title"])
    app.run(stepped["practice"]["steps"][0]["solution"])
    page.locator('[data-testid="next-step"]').wait_for()
    audit("practice in steps, a step passed")
    for lesson_id in (seed["id"], ALL_QUIZ_FORMS, STEPPED):
        lesson = localize(next(lesson for lesson in course["lessons"] if lesson["id"] == lesson_id), language)
        app.go(f"#/lesson/{lesson_id}")
        showing(page, lesson["title"])
        questions = page.locator('[data-testid="question"]')
        forms = ", ".join(spec["type"] for spec in lesson["questions"])
        audit(f"{lesson_id}: open questions ({forms})")
        for n, spec in enumerate(lesson["questions"]):
            answer_wrongly(questions.nth(n), spec)
        audit(f"{lesson_id}: questions answered wrongly")
        for n in range(questions.count()):
            questions.nth(n).locator('[data-testid="show-answer"]').click()
        audit(f"{lesson_id}: questions with their answers shown")
    app.go("#/")
    page.locator('[data-testid="overall-progress"]').wait_for()
    audit("course map with progress")
    app.go("#/teacher")
    files = []
    for name, lessons in (("Ayşe", {seed["id"]: {"passed": True, "quiz": {"0": True}}}), ("Ali", {seed["id"]: {"visited": True}})):
        files.append({"name": f"{name}.json", "mimeType": "application/json", "buffer": json.dumps(
            {"format": "autograd-course-progress", "learner": {"name": name, "class": "10B"},
             "progress": {"version": 1, "lastLesson": seed["id"], "lessons": lessons}}).encode()})
    files.append({"name": "broken.json", "mimeType": "application/json", "buffer": b"{"})
    page.set_input_files('[data-testid="class-import"]', files)
    page.locator('[data-testid="class-learner"]').first.wait_for()
    if not page.is_checked('[data-testid="answer-key-toggle"]'):  # it stays on from the previous audit
        page.check('[data-testid="answer-key-toggle"]')
    page.locator('[data-testid="answer-key"]').wait_for()
    audit("teacher page: class table, a refused file, the answer key")
    app.go("#/lesson/no-such-lesson")
    page.wait_for_function("() => document.querySelector('main h1')?.innerText.includes('no-such-lesson')")
    audit("lesson not found")

    broken = copy.deepcopy(course)
    del broken["lessons"][0]["practice"]["expected_output"]
    error_page = app.context.new_page()
    error_page.emulate_media(color_scheme=theme)
    error_page.route("**/lessons.json", lambda route: route.fulfill(json=broken))
    error_page.goto(f"{app.base_url}?lang={language}#/")
    error_page.locator('[data-testid="course-error"]').wait_for()
    found["course error"] = serious_violations(error_page)
    error_page.close()

    problems = [f"{name}: {problem}" for name, found_there in found.items() for problem in found_there]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_learner_panel_with_several_learners_passes_an_axe_audit(open_app, theme):
    app = open_app(bypass_csp=True, color_scheme=theme)
    page = app.open("#/", wait_for_python=False)
    for name, class_name in (("Ayşe", "10B"), ("Ali", ""), ("Can", "10A")):
        closed = page.locator("details.learner-add:not([open]) > summary")
        if closed.count():
            closed.click()
        page.fill('[data-testid="learner-name"]', name)
        page.fill('[data-testid="learner-class"]', class_name)
        page.click('[data-testid="learner-save"]')
        page.locator(f'[data-testid="learner-current"][data-name="{name}"]').wait_for()
    page.click("details.learner-add > summary")  # the add form open too
    assert serious_violations(page) == []


def focused(page):
    return page.evaluate(
        """() => { const element = document.activeElement;
                   return { testid: element.dataset.testid ?? null, tag: element.tagName, text: element.innerText?.trim().slice(0, 40),
                            outline: getComputedStyle(element).outlineStyle, top: element.getBoundingClientRect().top }; }"""
    )


def test_focus_starts_at_a_skip_link_follows_the_page_order_and_is_visible(open_app, seed):
    app = open_app(locale="tr-TR")
    page = app.open("#/", wait_for_python=False)
    page.keyboard.press("Tab")
    skip = focused(page)
    assert skip["text"] == "İçeriğe atla" and skip["top"] >= 0 and skip["outline"] != "none"
    stops = []
    for _ in range(8):
        page.keyboard.press("Tab")
        stops.append(focused(page))
    assert [stop["tag"] for stop in stops[:2]] == ["A", "SELECT"]  # brand, then the language switch
    # then the page itself, top to bottom: on a first visit the learner's name and class,
    assert [stop["testid"] for stop in stops[2:5]] == ["learner-name", "learner-class", "learner-save"]
    assert stops[5]["testid"] == "continue"  # the start card,
    assert stops[6]["testid"] == "search"  # the search box,
    assert stops[7]["tag"] == "A" and stops[7]["text"]  # the first lesson
    assert all(stop["outline"] != "none" for stop in stops)

    for _ in range(8):
        page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")  # the skip link moves focus to the page's heading
    assert focused(page)["tag"] == "H1"
    page.keyboard.press("Tab")
    assert focused(page)["testid"] == "learner-name"


def test_the_editor_keeps_tab_for_indenting_until_escape(open_app, seed):
    app = open_app()
    page = app.open(f"#/lesson/{seed['id']}", wait_for_python=False)
    editor = app.editor().locator(".cm-content")
    editor.click()
    page.keyboard.press("Control+End")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.matches('.cm-content')")
    assert app.code().splitlines()[-1] == "    " + seed["practice"]["starter"].splitlines()[-1]  # Tab indented the line
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    assert not page.evaluate("document.activeElement.closest('code-editor')")
    assert focused(page)["testid"] in ("run", "reset")  # the next control after the editor
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.matches('.cm-content')")


def test_verdicts_and_feedback_appear_in_live_regions_that_were_already_there(audited, seed):
    page = audited.page
    reset_progress(audited)  # the audits leave the questions answered
    audited.go(f"#/lesson/{seed['id']}")
    page.locator('[data-testid="editor"]').wait_for()
    question = page.locator('[data-testid="question"]').first
    regions = page.locator('[data-testid="verdict-region"], [data-testid="feedback-region"]')
    assert regions.count() == 1 + len(seed["questions"])
    page.evaluate("""() => document.querySelectorAll('[data-testid="verdict-region"], [data-testid="feedback-region"]')
                            .forEach((region) => { region.dataset.before = "yes"; })""")
    audited.run(seed["practice"]["solution"])
    verdict_region = page.locator('[data-testid="verdict-region"][data-before="yes"][aria-live="polite"]')
    assert verdict_region.locator('[data-testid="verdict"]').get_attribute("data-state") == "pass"
    assert page.get_attribute('[data-testid="output"]', "aria-live") == "polite"  # output is announced as it streams
    answer_wrongly(question, seed["questions"][0])
    feedback_region = question.locator('[data-testid="feedback-region"][data-before="yes"][aria-live="polite"]')
    assert feedback_region.locator('[data-testid="feedback"]').get_attribute("data-state") == "incorrect"


def test_reduced_motion_stops_animations(open_app):
    app = open_app(reduced_motion="reduce")
    page = app.open("#/", wait_for_python=False)
    motion = page.evaluate(
        """() => { const probe = (className) => { const element = document.createElement('span');
                                                     element.className = className; document.body.append(element);
                                                     const style = getComputedStyle(element);
                                                     return [style.animationName, style.transitionDuration]; };
                   return { spinner: probe('spinner'), card: probe('match-card') }; }"""
    )
    assert motion["spinner"][0] == "none"
    assert motion["card"][1] == "0s"
