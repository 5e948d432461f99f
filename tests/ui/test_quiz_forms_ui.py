"""Quiz forms in the browser (issue 7): choice with several right options, fill with several blanks,
match by dragging cards with the mouse or the keyboard. Each right and wrong, with its feedback,
retry, and the score kept.

The questions come from a lesson added to the served lessons.json, so the tests pin the behaviour
(whitespace in blanks, a wrong option among right ones) rather than the course's wording. Questions
work before Python is ready, so no test waits for it.
"""

import copy
import json
import re

import pytest

LAB = "quiz-lab"
MULTIPLE = {
    "type": "choice",
    "prompt": "Which of these share memory with `x`?",
    "options": ["`x.view(6)`", "`x.clone()`", "`x.t()`", "`x + 0`"],
    "answers": [0, 2],
    "explanation": "Views share storage; clone and arithmetic copy.",
}
BLANKS = {
    "type": "fill",
    "prompt": "Double `x`, then sum over the first dimension.",
    "template": "y = ____\nprint(y.sum(____))",
    "blanks": [["x * 2", "2 * x"], ["0", "dim=0"]],
    "explanation": "Any spacing of `x * 2` works; `dim` is the dimension to reduce.",
}
MATCH = {
    "type": "match",
    "prompt": "Match each expression with its node.",
    "pairs": [
        {"left": "`x * 3`", "right": "`MulBackward0`"},
        {"left": "`a + b`", "right": "`AddBackward0`"},
        {"left": "`y.exp()`", "right": "`ExpBackward0`"},
        {"left": "a leaf", "right": "`None`"},
    ],
    "explanation": "Each operation leaves a node named after it.",
}
CARDS = [pair["right"].strip("`") for pair in MATCH["pairs"]]
LEFTS = [pair["left"].strip("`") for pair in MATCH["pairs"]]


@pytest.fixture
def quiz(open_app, course, seed):
    """The app on the quiz lab lesson: (app, page, [question locators])."""
    lab = {**copy.deepcopy(seed), "id": LAB, "title": "Quiz lab", "questions": [MULTIPLE, BLANKS, MATCH]}
    served = {**course, "lessons": course["lessons"] + [lab]}
    app = open_app()
    app.context.route("**/lessons.json", lambda route: route.fulfill(json=served))
    page = app.open(f"#/lesson/{LAB}", wait_for_python=False)
    questions = page.locator('[data-testid="question"]')
    return app, page, [questions.nth(n) for n in range(3)]


def feedback(question):
    return question.locator('[data-testid="feedback"]')


def saved_quiz(page):
    record = json.loads(page.evaluate(f"localStorage.getItem('autograd-course/progress/lesson:{LAB}')"))
    return record.get("quiz", {})


def check(question):
    question.locator('[data-testid="check"]').click()
    return feedback(question).get_attribute("data-state")


# --- choice with several right options -------------------------------------------------------


def test_multiple_answer_choice_is_all_or_nothing_and_says_how_far_it_got(quiz):
    app, page, (question, _, _) = quiz
    boxes = question.locator('input[type="checkbox"]')
    assert boxes.count() == 4 and question.locator('input[type="radio"]').count() == 0
    assert "Select all that apply." in question.inner_text()
    assert question.locator('[data-testid="check"]').is_disabled()

    boxes.nth(0).check()
    boxes.nth(3).check()  # one right, one wrong
    assert check(question) == "incorrect"
    assert question.locator('[data-testid="feedback-detail"]').inner_text() == \
        "You found 1 of the 2 right options (1 missing), and 1 of your choices is wrong."
    assert "Views share storage" not in feedback(question).inner_text()  # the explanation would give it away
    assert boxes.nth(0).is_disabled()
    assert saved_quiz(page) == {"0": False}

    question.locator('[data-testid="retry"]').click()
    assert feedback(question).count() == 0
    assert [boxes.nth(i).is_checked() for i in range(4)] == [True, False, False, True]  # kept, to be changed
    boxes.nth(3).uncheck()
    assert check(question) == "incorrect"  # a right option alone is not enough
    assert "1 of the 2 right options (1 missing)." in feedback(question).inner_text()

    question.locator('[data-testid="retry"]').click()
    boxes.nth(2).check()
    assert check(question) == "correct"
    assert question.locator('[data-testid="feedback-detail"]').inner_text() == "You found all 2 right options."
    assert "Views share storage" in feedback(question).inner_text()
    assert question.locator('[data-testid="retry"]').count() == 0
    assert saved_quiz(page) == {"0": True}
    app.go("#/")
    assert "Quiz 1/3" in page.locator(f'[data-testid="lesson-item"][data-lesson="{LAB}"]').inner_text()


# --- fill with several blanks ----------------------------------------------------------------


def test_several_blanks_each_with_accepted_answers_and_whitespace_tolerance(quiz):
    _, page, (_, question, _) = quiz
    blanks = question.locator('[data-testid="blank"]')
    assert blanks.count() == 2
    assert [blanks.nth(i).get_attribute("aria-label") for i in range(2)] == ["Blank 1 of 2", "Blank 2 of 2"]
    assert question.locator("pre").inner_text().startswith("y = ")

    blanks.nth(0).fill("  x   *\t2 ")  # the ends trimmed, inner runs of whitespace collapsed
    assert question.locator('[data-testid="check"]').is_disabled()  # until every blank has an answer
    blanks.nth(1).fill("1")
    assert check(question) == "incorrect"
    assert "1 of 2 blanks are right" in feedback(question).inner_text()
    assert [blanks.nth(i).get_attribute("data-state") for i in range(2)] == ["right", "wrong"]
    assert blanks.nth(1).get_attribute("aria-invalid") == "true"
    assert saved_quiz(page) == {"1": False}

    question.locator('[data-testid="retry"]').click()
    assert [blanks.nth(i).input_value() for i in range(2)] == ["  x   *\t2 ", "1"]
    blanks.nth(0).fill("x*2")  # removing spaces changes the answer
    blanks.nth(1).fill("0")
    assert check(question) == "incorrect"
    assert "1 of 2 blanks are right" in feedback(question).inner_text()

    question.locator('[data-testid="retry"]').click()
    blanks.nth(0).fill("2 * x")  # another accepted answer
    blanks.nth(1).fill(" dim=0")
    blanks.nth(1).press("Enter")  # Enter in a blank checks the answer
    assert feedback(question).get_attribute("data-state") == "correct"
    assert question.locator('[data-testid="feedback-detail"]').count() == 0
    assert "Any spacing of x * 2 works" in feedback(question).inner_text()
    assert saved_quiz(page) == {"1": True}


# --- match: drag and drop --------------------------------------------------------------------


def card(question, text):
    return question.locator('[data-testid="match-card"]', has_text=re.compile(rf"^\s*{re.escape(text)}"))


def selected(question):
    selects = question.locator('[data-testid="match-select"]')
    return [selects.nth(i).input_value().strip("`") for i in range(selects.count())]


def announcement(question):
    return question.locator('[data-testid="match-announce"]').inner_text()


def mouse_drag(page, source, target):
    target.scroll_into_view_if_needed()
    source.scroll_into_view_if_needed()  # both fit in the viewport: the question is short
    start, end = source.bounding_box(), target.bounding_box()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=8)
    page.mouse.up()


def test_match_cards_can_be_dragged_onto_rows_with_the_mouse(quiz):
    _, page, (_, _, question) = quiz
    rows = question.locator('[data-testid="match-row"]')
    assert sorted(question.locator('[data-testid="match-card"]').all_inner_texts()) == sorted(CARDS)

    mouse_drag(page, card(question, CARDS[0]), rows.nth(1))
    assert selected(question) == ["", CARDS[0], "", ""]
    assert announcement(question) == f"{CARDS[0]} placed on {LEFTS[1]}."
    assert card(question, CARDS[0]).get_attribute("data-placed") == "true"
    mouse_drag(page, card(question, CARDS[0]), rows.nth(0))  # a card lives on one row: this moves it
    assert selected(question) == [CARDS[0], "", "", ""]

    mouse_drag(page, card(question, CARDS[2]), rows.nth(1))
    mouse_drag(page, card(question, CARDS[1]), rows.nth(2))
    mouse_drag(page, card(question, CARDS[3]), question.locator("h3"))  # dropped outside the rows
    assert selected(question) == [CARDS[0], CARDS[2], CARDS[1], ""]
    assert announcement(question) == f"{CARDS[3]} put back."
    question.locator('[data-testid="match-select"]').nth(3).select_option(label=CARDS[3])  # menus still work
    assert check(question) == "incorrect"
    assert question.locator('[data-testid="match-card"]').first.is_disabled()
    assert saved_quiz(page) == {"2": False}

    # A wrong match says which rows hold the wrong card, and marks them.
    assert f"These rows hold the wrong card: {LEFTS[1]}, {LEFTS[2]}." in feedback(question).inner_text()
    assert [rows.nth(i).get_attribute("data-state") for i in range(4)] == ["right", "wrong", "wrong", "right"]

    question.locator('[data-testid="retry"]').click()
    assert selected(question) == [CARDS[0], CARDS[2], CARDS[1], CARDS[3]]  # kept, to be changed
    assert question.locator('[data-testid="match-card"][data-placed="true"]').count() == 4
    for text, row in zip(CARDS, range(4)):
        mouse_drag(page, card(question, text), rows.nth(row))
    assert selected(question) == CARDS
    assert check(question) == "correct"
    assert saved_quiz(page) == {"2": True}


def test_match_cards_can_be_moved_with_the_keyboard(quiz):
    _, page, (_, _, question) = quiz
    rows = question.locator('[data-testid="match-row"]')

    first = card(question, CARDS[1])
    first.focus()
    page.keyboard.press("Space")
    assert first.get_attribute("aria-pressed") == "true"
    assert announcement(question).startswith(f"Picked up {CARDS[1]}, over {LEFTS[0]}.")
    page.keyboard.press("ArrowDown")
    assert rows.nth(1).get_attribute("data-over") is not None
    assert announcement(question) == f"{CARDS[1]} over {LEFTS[1]}, row 2 of 4."
    page.keyboard.press("Escape")  # puts it back: nothing placed
    assert announcement(question) == f"{CARDS[1]} put back."
    assert first.get_attribute("aria-pressed") == "false"
    assert question.locator("tr[data-over]").count() == 0
    assert selected(question) == ["", "", "", ""]

    page.keyboard.press("Enter")  # Enter picks up too; ArrowUp wraps from the first row to the last
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    assert announcement(question) == f"{CARDS[1]} placed on {LEFTS[3]}."
    assert selected(question) == ["", "", "", CARDS[1]]

    # Each card in turn, the way a keyboard user would: Tab to it, Space, arrows to its row, Space.
    for row in (3, 2, 1, 0):
        card(question, CARDS[row]).focus()
        page.keyboard.press("Space")  # starts over its own row, else the first row without a card
        start = selected(question).index(CARDS[row]) if CARDS[row] in selected(question) else selected(question).index("")
        for _ in range((row - start) % 4):
            page.keyboard.press("ArrowDown")
        page.keyboard.press("Space")
        assert selected(question)[row] == CARDS[row]
        assert card(question, CARDS[row]).evaluate("element => element === document.activeElement")
    assert selected(question) == CARDS

    for _ in range(len(CARDS) + len(LEFTS)):  # Tab past the cards and the menus to Check
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.dataset.testid") == "check":
            break
    page.keyboard.press("Enter")
    assert feedback(question).get_attribute("data-state") == "correct"
    assert saved_quiz(page) == {"2": True}


def test_match_has_roles_labels_and_a_live_region(quiz):
    _, _, (_, _, question) = quiz
    cards = question.locator('[data-testid="match-card"]')
    assert question.get_by_role("list", name="Cards to place").count() == 1
    assert cards.first.get_attribute("aria-roledescription") == "draggable card"
    help_text = question.locator(f"#{cards.first.get_attribute('aria-describedby')}").inner_text()
    assert "Space picks a card up" in help_text
    region = question.locator('[data-testid="match-announce"]')
    assert (region.get_attribute("aria-live"), region.get_attribute("aria-atomic")) == ("assertive", "true")
    assert question.get_by_role("combobox", name=f"Match for {LEFTS[0]}").count() == 1


# --- the course's own questions --------------------------------------------------------------


def test_the_course_questions_in_the_new_forms_can_be_answered(open_app, course):
    app = open_app()
    page = app.open("#/", wait_for_python=False)
    answered = 0
    for lesson in course["lessons"]:
        for n, spec in enumerate(lesson["questions"]):
            if "blanks" not in spec and not (spec["type"] == "choice" and "answers" in spec):
                continue
            app.go(f"#/lesson/{lesson['id']}")
            question = page.locator('[data-testid="question"]').nth(n)
            if spec["type"] == "choice":
                for i in spec["answers"]:
                    question.locator('input[type="checkbox"]').nth(i).check()
            else:
                for i, accepted in enumerate(spec["blanks"]):
                    question.locator('[data-testid="blank"]').nth(i).fill(accepted[0])
            assert check(question) == "correct", f"{lesson['id']} question {n + 1}"
            answered += 1
    assert answered >= 6
