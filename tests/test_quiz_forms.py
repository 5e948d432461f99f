"""The quiz forms beyond one answer (issue 7): choice with several right options, fill with several
blanks, match cards that must differ. Lesson source → lessons.json (tools/course.py), the schema and
its rules, and the app's own validator (app/validate.js) agreeing with the compiler."""
import copy
import importlib.util
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("course_tool", ROOT / "tools" / "course.py")
course_tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(course_tool)

COURSE = json.loads((ROOT / "lessons.json").read_text(encoding="utf-8"))
ALL_QUESTIONS = [(lesson["id"], q) for lesson in COURSE["lessons"] for q in lesson["questions"]]

MULTIPLE_CHOICE_SOURCE = """
Which are views of `x`?

- [x] `x.view(6)`
- [ ] `x.clone()`
- [x] `x.t()`

Explanation: Views share storage.
"""

BLANKS_SOURCE = """
Complete the program.

```python
x = torch.tensor(3.0, ____=True)
(x ** 2).____()
```

Blank 1: requires_grad
Blank 2: backward
Blank 2: backward( )

Explanation: Track, then differentiate.
"""


def course_with_questions(*questions):
    """The committed course with its first lesson's questions replaced (its translations, written
    for the old questions, left out)."""
    course = copy.deepcopy(COURSE)
    course["lessons"][0]["questions"] = list(questions)
    course["lessons"][0].pop("translations", None)
    return course


def choice(**fields):
    return {"type": "choice", "prompt": "Which?", "options": ["a", "b", "c", "d"], "feedback": ["Why a.", "Why b.", "Why c.", "Why d."],
            "explanation": "Because.", **fields}


def fill(template, **fields):
    return {"type": "fill", "prompt": "Complete it.", "template": template, "explanation": "Because.", **fields}


# --- lesson sources --------------------------------------------------------------------------


def test_several_marked_options_compile_to_a_multiple_answer_choice():
    question = course_tool.parse_question("choice", MULTIPLE_CHOICE_SOURCE)
    assert question == {
        "type": "choice",
        "prompt": "Which are views of `x`?",
        "options": ["`x.view(6)`", "`x.clone()`", "`x.t()`"],
        "answers": [0, 2],
        "explanation": "Views share storage.",
    }


def test_one_marked_option_still_compiles_to_a_single_answer_choice():
    question = course_tool.parse_question("choice", MULTIPLE_CHOICE_SOURCE.replace("- [x] `x.t()`", "- [ ] `x.t()`"))
    assert question["answer"] == 0 and "answers" not in question


def test_numbered_blanks_compile_to_one_answer_list_per_blank():
    question = course_tool.parse_question("fill", BLANKS_SOURCE)
    assert question["template"] == "x = torch.tensor(3.0, ____=True)\n(x ** 2).____()"
    assert question["blanks"] == [["requires_grad"], ["backward", "backward( )"]]
    assert "answers" not in question


@pytest.mark.parametrize("change, message", [
    (("Blank 2:", "Blank 3:"), "numbered 1, 2, … without gaps, found [1, 3]"),
    (("Blank 2: backward( )\n", "\nAnswer: backward\n"), "either Answer: lines (one blank) or Blank N: lines (several)"),
    (("Blank 2: backward\n", "Blank two: backward\n"), "must look like 'Blank 1: text': 'Blank two: backward'"),
])
def test_malformed_blank_lines_are_reported(change, message):
    with pytest.raises(course_tool.CourseError, match=re.escape(message)):
        course_tool.parse_question("fill", BLANKS_SOURCE.replace(*change))


ORDER_SOURCE = """
Put the lines in order; one does not belong.

```python
x = torch.tensor(3.0, requires_grad=True)
(x ** 2).backward()
print(x.grad)
```

Distractor: `    x.grad()`
  Feedback: `x.grad` is a tensor, not a method:
  calling it raises `TypeError`.

Explanation: The graph first, then `backward()`, then the gradient.
"""


def test_an_order_question_keeps_its_distractors_with_why_each_does_not_belong():
    question = course_tool.parse_question("order", ORDER_SOURCE)
    assert question["lines"] == ["x = torch.tensor(3.0, requires_grad=True)", "(x ** 2).backward()", "print(x.grad)"]
    assert question["distractors"] == [{"line": "    x.grad()", "feedback": "`x.grad` is a tensor, not a method: calling it raises `TypeError`."}]
    assert "distractors" not in course_tool.parse_question("order", ORDER_SOURCE.split("Distractor:")[0])
    with pytest.raises(course_tool.CourseError, match=re.escape("a distractor must look like 'Distractor: `line`'")):
        course_tool.parse_question("order", ORDER_SOURCE.replace("  Feedback: `x.grad`", "  `x.grad`"))
    same = dict(question, distractors=[{"line": "print(x.grad)", "feedback": "F."}])
    assert course_tool.validate(course_with_questions(question, same, choice(answer=0))) == [
        "lessons[0].questions[1].distractors: a distractor must differ from every line and every other distractor"]


def test_a_translated_distractor_keeps_its_line_and_gives_its_own_feedback():
    english = course_tool.parse_question("order", ORDER_SOURCE)
    turkish = course_tool.parse_question("order", ORDER_SOURCE.replace("  Feedback: `x.grad` is a tensor, not a method:\n  calling it raises `TypeError`.",
                                                                       "  Feedback: `x.grad` bir tensördür, metot değil."))
    assert course_tool.translated_question(english, turkish, 1)["distractors"] == [{"feedback": "`x.grad` bir tensördür, metot değil."}]
    changed = course_tool.parse_question("order", ORDER_SOURCE.replace("`    x.grad()`", "`x.grad()`"))
    with pytest.raises(course_tool.CourseError, match=re.escape("question 1: its distractor lines differ from the English question's")):
        course_tool.translated_question(english, changed, 1)


# --- schema and rules ------------------------------------------------------------------------


def test_the_new_forms_are_valid():
    course = course_with_questions(
        choice(answers=[0, 2]),
        fill("a = ____ + ____", blanks=[["1", "one"], ["2"]]),
        {"type": "match", "prompt": "Match.", "pairs": [{"left": "a", "right": "1"}, {"left": "b", "right": "2"}], "explanation": "E."},
    )
    assert course_tool.validate(course) == []


def test_each_form_is_checked_against_its_own_fields():
    problems = course_tool.validate(course_with_questions(
        choice(answer=0, answers=[0, 1]),  # both forms at once
        choice(),  # no right option at all
        choice(answers=[1]),  # "several" right options need two
        fill("a = ____", answers=["1"], blanks=[["1"], ["2"]]),
        fill("a = ____ + ____", blanks=[["1"], []]),
    ))
    assert "lessons[0].questions[0].answer: unknown field" in problems
    assert "lessons[0].questions[1].answer: missing" in problems
    assert "lessons[0].questions[2].answers: needs at least 2 items" in problems
    assert "lessons[0].questions[3].answers: unknown field" in problems
    assert "lessons[0].questions[4].blanks[1]: needs at least 1 item" in problems


def test_rules_beyond_the_schema():
    problems = course_tool.validate(course_with_questions(
        choice(answers=[1, 4]),
        choice(answers=[2, 0]),
        choice(answers=[0, 1, 2, 3]),
        fill("a = ____", blanks=[["1"], ["2"]]),
        fill("a = ____ + ____", answers=["1"]),
        {"type": "match", "prompt": "Match.", "pairs": [{"left": "a", "right": "1"}, {"left": "b", "right": "1"}], "explanation": "E."},
    ))
    assert problems == [
        "lessons[0].questions[0].answers: no such option",
        "lessons[0].questions[1].answers: must be ascending, each option once",
        "lessons[0].questions[2].answers: at least one option must be wrong",
        "lessons[0].questions[3].template: has 1 blank ____, needs 2",
        "lessons[0].questions[4].template: has 2 blanks ____, needs 1",
        "lessons[0].questions[5].pairs: right items must differ (each is a card that goes on one row)",
    ]


def js_schema_problems(course):
    """What the app's validator (app/validate.js, run by node) reports, as `path: missing` etc."""
    script = (
        "import { readFileSync } from 'node:fs';"
        f"import {{ validate }} from {json.dumps((ROOT / 'app' / 'validate.js').as_uri())};"
        f"const schema = JSON.parse(readFileSync({json.dumps(str(course_tool.SCHEMA))}, 'utf8'));"
        "console.log(JSON.stringify(validate(JSON.parse(readFileSync(0, 'utf8')), schema)));"
    )
    result = subprocess.run(["node", "--input-type=module", "-e", script], input=json.dumps(course),
                            capture_output=True, text=True, check=True)
    paths = set()
    for problem in json.loads(result.stdout):
        paths.add(f"{problem['path']}.{problem['args'][0]}" if problem["kind"] == "missingField" else problem["path"])
    return paths


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_apps_validator_finds_the_same_fields_as_the_compiler():
    course = course_with_questions(
        choice(answer=0, answers=[0, 1]), choice(), choice(answers=[1]),
        fill("a = ____", answers=["1"], blanks=[["1"], ["2"]]), fill("a = ____ + ____", blanks=[["1"], []]),
        fill("a = 1", blanks=[["1"], ["2"]]),
    )
    compiler_paths = {problem.split(": ")[0] for problem in course_tool.schema_problems(course)}
    assert compiler_paths == js_schema_problems(course)
    assert js_schema_problems(COURSE) == set()


# --- the course uses them --------------------------------------------------------------------


def test_the_course_has_multiple_answer_choices_and_multi_blank_fills():
    multiple = [lesson_id for lesson_id, q in ALL_QUESTIONS if q["type"] == "choice" and "answers" in q]
    blanks = [lesson_id for lesson_id, q in ALL_QUESTIONS if q["type"] == "fill" and "blanks" in q]
    assert len(set(multiple)) >= 3, multiple
    assert len(set(blanks)) >= 3, blanks
    for lesson_id, question in ALL_QUESTIONS:
        if "answers" in question and question["type"] == "choice" or "blanks" in question:
            assert len(question["explanation"]) > 80, f"{lesson_id}: explain each right option"
