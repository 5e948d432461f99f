"""The author's command for the course: compile, regenerate outputs, check against our engine.

Authors write one Markdown file per lesson in course/lessons/ (format: course/README.md), and
translators one per translated lesson in course/lessons/<language>/ (the same format; each text it
gives replaces the English one, every other text stays English).
This command compiles them into lessons.json, running every program under real PyTorch to
produce the expected outputs and `predict` answers, validates the result against
course/lessons.schema.json, then runs the same programs under our engine (pyengine/, with both
array backends) and prints a unified diff wherever it prints something else.

    python tools/course.py                  # rebuild lessons.json, report engine differences
    python tools/course.py --check          # CI: rewrite nothing, fail on any problem
    python tools/course.py --lesson ID ...  # only these lessons (faster while writing one)
    python tools/course.py --no-engine      # skip the engine runs

`python tools/course.py --run REQUEST_FILE RESULT_FILE` is the internal program runner: the app's
runner in a subprocess (app/py/host.py, standard library only, so that `import torch` inside it
is whichever torch the subprocess's sys.path finds).
"""
import argparse
import base64
import difflib
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "course" / "lessons"
SCHEMA = ROOT / "course" / "lessons.schema.json"
LESSONS_JSON = ROOT / "lessons.json"
KNOWN_FAILURES = ROOT / "tests" / "lesson_known_failures.txt"
BACKENDS = ("numpy", "python")
TORCH_VERSION = "2.13."
SECTIONS = [
    {"name": "Basics", "title": "Basics — tensors", "translations": {"tr": {"title": "Temeller — tensörler"}}},
    {"name": "Intermediate", "title": "Intermediate — autograd", "translations": {"tr": {"title": "Orta düzey — autograd"}}},
    {"name": "Advanced", "title": "Advanced — the graph", "translations": {"tr": {"title": "İleri düzey — hesaplama grafiği"}}},
    {"name": "Neural networks", "title": "Neural networks", "translations": {"tr": {"title": "Sinir ağları"}}},
    {"name": "Build your own autograd", "title": "Build your own autograd", "translations": {"tr": {"title": "Kendi autograd'ını yaz"}}},
    {"name": "Debugging gradients", "title": "Debugging gradients", "translations": {"tr": {"title": "Gradyanlarda hata ayıklama"}}},
    {"name": "Modern autograd", "title": "Modern autograd — forward mode, torch.func, hooks", "translations": {"tr": {"title": "Modern autograd — ileri mod, torch.func, kancalar"}}},
]
TRANSLATED_LANGUAGES = ("tr",)  # course/lessons/<language>/ and the schema's `translations` properties
BLANK = "____"
RUN_TIMEOUT_SECONDS = 600


class CourseError(Exception):
    """A lesson source that cannot be compiled; the message names the file."""


# ---------------------------------------------------------------------------------------------
# Parsing one lesson source (course/lessons/NNN-id.md)


def split_fences(text):
    """Split Markdown into ("text", str) and ("code", info, str) segments.

    Only fences whose info string starts with "python" become code segments; other fences
    (```text, ```math ...) stay inside the text, as Markdown for the app to render.
    """
    segments, buffer, fence = [], [], None
    for line in text.split("\n"):
        if fence is None:
            if line.startswith("```python"):
                if buffer:
                    segments.append(("text", "\n".join(buffer)))
                buffer, fence = [], {"info": line[3:].strip(), "lines": []}
                continue
            if line.startswith("```"):
                fence = {"info": None, "lines": [line]}  # a Markdown fence kept as text
                continue
            buffer.append(line)
        elif line.strip() == "```":
            if fence["info"] is None:
                buffer.extend(fence["lines"] + [line])
            else:
                segments.append(("code", fence["info"], "\n".join(fence["lines"])))
            fence = None
        else:
            fence["lines"].append(line)
    if fence is not None:
        raise CourseError("unclosed ``` fence")
    if buffer:
        segments.append(("text", "\n".join(buffer)))
    return segments


def paragraphs(text):
    return [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]


def split_headings(text, pattern):
    """Split text at lines matching pattern (outside fences): [(heading match or None, chunk)]."""
    chunks, current, heading, in_fence = [], [], None, False
    for line in text.split("\n"):
        if in_fence:
            in_fence = line.strip() != "```"
        elif line.startswith("```"):
            in_fence = True
        match = None if in_fence else re.match(pattern, line)
        if match:
            chunks.append((heading, "\n".join(current)))
            current, heading = [], match
        else:
            current.append(line)
    chunks.append((heading, "\n".join(current)))
    return chunks


def parse_front_matter(text):
    match = re.match(r"---\n(.*?)\n---\n", text, re.S)
    if not match:
        raise CourseError("missing front matter (--- id/title/section/summary ---)")
    fields = {}
    for line in match.group(1).split("\n"):
        key, sep, value = line.partition(":")
        if not sep:
            raise CourseError(f"bad front matter line: {line!r}")
        fields[key.strip()] = value.strip()
    return fields, text[match.end():]


def parse_body(text):
    body = []
    for segment in split_fences(text):
        if segment[0] == "text":
            if segment[1].strip():
                body.append({"type": "text", "markdown": segment[1].strip()})
        elif segment[1] == "python":
            body.append({"type": "code", "code": segment[2], "expected_output": None})
        else:
            raise CourseError(f"unexpected ```{segment[1]} in the lesson body")
    return body


PRACTICE_ROLES = ("starter", "solution", "check", "wrong")


def parse_step(text):
    """A practice's (or one step's) fields: prompt, starter, solution, checks, wrong programs, hints, learned."""
    step = {"prompt": None, "starter": None, "solution": None, "checks": None, "wrong": [], "hints": [], "learned": None}
    prompt, checks = [], []
    for segment in split_fences(text):
        if segment[0] == "code":
            role = segment[1].removeprefix("python").strip()
            if role not in PRACTICE_ROLES:
                raise CourseError("practice code fences must be ```python starter, solution, check or wrong")
            if role == "check":
                checks.append(segment[2])
            elif role == "wrong":
                step["wrong"].append({"code": segment[2], "message": None})
            else:
                step[role] = segment[2]
            continue
        for paragraph in paragraphs(segment[1]):
            if paragraph.startswith("Hint:"):
                step["hints"].append(paragraph.removeprefix("Hint:").strip())
            elif paragraph.startswith("Fails with:"):
                if not step["wrong"] or step["wrong"][-1]["message"] is not None:
                    raise CourseError("`Fails with:` must follow a ```python wrong fence")
                step["wrong"][-1]["message"] = paragraph.removeprefix("Fails with:").strip()
            elif paragraph.startswith("Learned:"):
                step["learned"] = paragraph.removeprefix("Learned:").strip()
            else:
                prompt.append(paragraph)
    for wrong in step["wrong"]:
        if wrong["message"] is None:
            raise CourseError("every ```python wrong fence needs a `Fails with:` line after it")
    step["prompt"] = "\n\n".join(prompt) or None
    step["checks"] = "\n".join(checks) or None
    return step


def parse_practice(title, text):
    """A practice: one step (fields right under `# Practice:`) or several (`## Step: Title`)."""
    parts = split_headings(text, r"^## Step:\s*(.*?)\s*$")
    if len(parts) == 1:
        return {"title": title, "expected_output": None, **without_empty(parse_step(text))}
    intro = parse_step(parts[0][1])
    if any(intro[key] for key in ("starter", "solution", "checks", "wrong", "hints", "learned")):
        raise CourseError("before the first `## Step:` only the practice's introduction may stand")
    steps = []
    for heading, chunk in parts[1:]:
        step = parse_step(chunk)
        steps.append({"title": heading.group(1) or None, "expected_output": None, **without_empty(step)})
    if any("learned" in step for step in steps[:-1]):
        raise CourseError("`Learned:` belongs to the whole practice: write it once, after the last step")
    learned = steps[-1].pop("learned", None)
    practice = {"title": title, "prompt": intro["prompt"], "starter": steps[0].get("starter"),
                "solution": steps[-1].get("solution"), "expected_output": None,
                "hints": steps[0].get("hints", []), "steps": steps}
    if learned:
        practice["learned"] = learned
    return practice


def without_empty(fields):
    """The fields given (`hints` always: the schema says when there are too few)."""
    return {key: value for key, value in fields.items() if value not in (None, []) or key == "hints"}


def sync_step_outputs(course):
    """A stepped practice's own solution and expected output are its last step's."""
    for lesson in course["lessons"]:
        steps = (lesson.get("practice") or {}).get("steps")
        if steps:
            lesson["practice"]["expected_output"] = steps[-1]["expected_output"]


def parse_table_row(line):
    cells = re.split(r"(?<!\\)\|", line.strip().strip("|"))
    return [cell.strip().replace("\\|", "|") for cell in cells]


def parse_question(kind, text):
    question = {"type": kind, "prompt": None}
    prompt, explanation = [], []
    options, feedback, right, answers, blanks, pairs, distractors, code = [], [], [], [], {}, [], [], None
    for segment in split_fences(text):
        if segment[0] == "code":
            code = segment[2]
            continue
        for paragraph in paragraphs(segment[1]):
            if explanation or paragraph.startswith("Explanation:"):
                explanation.append(paragraph.removeprefix("Explanation:").strip())
                continue
            lines = paragraph.split("\n")
            if kind == "choice" and lines[0].startswith("- ["):
                for line in lines:
                    feedback_line = re.match(r"  +Feedback: (.+)$", line)
                    if feedback_line and options and feedback[-1] is None:
                        feedback[-1] = feedback_line.group(1).strip()
                        continue
                    mark = re.match(r"- \[([ x])\] (.+)$", line)
                    if not mark:
                        raise CourseError(f"choice option must look like '- [ ] text', its feedback like '  Feedback: text': {line!r}")
                    if mark.group(1) == "x":
                        right.append(len(options))
                    options.append(mark.group(2).strip())
                    feedback.append(None)
            elif kind == "fill" and lines[0].startswith("Answer:"):
                answers.extend(line.removeprefix("Answer:").strip() for line in lines)
            elif kind == "fill" and lines[0].startswith("Blank "):
                for line in lines:
                    mark = re.match(r"Blank (\d+): (.+)$", line)
                    if not mark:
                        raise CourseError(f"blank answers must look like 'Blank 1: text': {line!r}")
                    blanks.setdefault(int(mark.group(1)), []).append(mark.group(2).strip())
            elif kind == "order" and lines[0].startswith("Distractor:"):
                distractor = re.match(r"Distractor: `(.+)`$", lines[0])
                feedback_line = re.match(r"  +Feedback: (.+)$", "\n".join(lines[1:]), re.S)
                if not distractor or not feedback_line:
                    raise CourseError("a distractor must look like 'Distractor: `line`' and its feedback like '  Feedback: why it does not belong' "
                                      f"on the next line: {paragraph!r}")
                distractors.append({"line": distractor.group(1), "feedback": " ".join(feedback_line.group(1).split())})
            elif kind == "match" and lines[0].startswith("|"):
                rows = [parse_table_row(line) for line in lines[2:]]  # skip header and |---|
                pairs.extend({"left": row[0], "right": row[1]} for row in rows)
            else:
                prompt.append(paragraph)
    question["prompt"] = "\n\n".join(prompt) or None
    if kind == "choice":
        question["options"] = options
        if any(feedback):
            question["feedback"] = [text or "" for text in feedback]  # "": this option has none
        if len(right) == 1:
            question["answer"] = right[0]  # one marked option: radio buttons
        else:
            question["answers"] = right or None  # several: checkboxes, all or nothing
    elif kind == "fill" and blanks:
        if answers:
            raise CourseError("a fill question has either Answer: lines (one blank) or Blank N: lines (several)")
        if sorted(blanks) != list(range(1, len(blanks) + 1)):
            raise CourseError(f"blanks must be numbered 1, 2, … without gaps, found {sorted(blanks)}")
        question.update(template=code, blanks=[blanks[number] for number in sorted(blanks)])
    elif kind == "fill":
        question.update(template=code, answers=answers)
    elif kind == "match":
        question.update(pairs=pairs)
    elif kind == "order":
        question.update(lines=[line for line in (code or "").split("\n") if line.strip()] or None, distractors=distractors or None)
    else:
        question.update(code=code, answer=None)
    question["explanation"] = "\n\n".join(explanation) or None
    return {key: value for key, value in question.items() if value is not None}  # absent fields: "missing"


def parse_lesson(text):
    fields, rest = parse_front_matter(text)
    lesson = {"id": fields.get("id"), "title": fields.get("title"), "section": fields.get("section"),
              "summary": fields.get("summary")}
    parts = split_headings(rest, r"^# (Practice|Questions)(?::\s*(.*))?\s*$")
    lesson["body"] = parse_body(parts[0][1])
    lesson["practice"], lesson["questions"] = None, []
    for heading, chunk in parts[1:]:
        if heading.group(1) == "Practice":
            lesson["practice"] = parse_practice(heading.group(2), chunk)
        else:
            for question_heading, question_text in split_headings(chunk, r"^## (choice|fill|match|predict|order)\s*$"):
                if question_heading is None:
                    if question_text.strip():
                        raise CourseError("text before the first ## <type> under # Questions")
                    continue
                lesson["questions"].append(parse_question(question_heading.group(1), question_text))
    return lesson


def source_files(language=None):
    return sorted((SOURCES / language if language else SOURCES).glob("*.md"))


FIGURE_LINK = re.compile(r"(!\[[^\]]*\]\()figures/([\w-]+\.svg)(\))")


def inline_figures(text):
    """`![alt](figures/NAME.svg)` becomes a data: URL of course/figures/NAME.svg, so that a figure
    needs no file beside lessons.json: it shows from file://, offline and in embeds alike."""
    def data_url(match):
        path = SOURCES.parent / "figures" / match.group(2)
        if not path.exists():
            raise CourseError(f"no figure {path.relative_to(ROOT)}")
        encoded = base64.b64encode(path.read_bytes()).decode("ascii")
        return f"{match.group(1)}data:image/svg+xml;base64,{encoded}{match.group(3)}"
    return FIGURE_LINK.sub(data_url, text)


def parse_file(path):
    try:
        return parse_lesson(inline_figures(path.read_text(encoding="utf-8")))
    except CourseError as error:
        raise CourseError(f"{path.relative_to(ROOT)}: {error}") from None


# ---------------------------------------------------------------------------------------------
# Translations (course/lessons/<language>/NNN-id.md): the texts a translation file gives, lined up
# with the English lesson. Code is the same program in every language (only its comments may be
# translated; translation_problems checks that), so the English expected outputs hold for it too.


def translation_of(english, source):
    if source.get("section"):
        raise CourseError("a translation takes its section from the English lesson: remove `section:`")
    translation = {key: source[key] for key in ("title", "summary") if source.get(key)}
    kinds = [block["type"] for block in source["body"]]
    if kinds:
        english_kinds = [block["type"] for block in english["body"]]
        if kinds != english_kinds:
            raise CourseError(f"the body's blocks ({', '.join(kinds)}) must line up with the English lesson's ({', '.join(english_kinds)})")
        translation["body"] = [{"markdown": block["markdown"]} if block["type"] == "text" else {"code": block["code"]} for block in source["body"]]
    practice = {key: value for key, value in (source["practice"] or {}).items() if key not in UNTRANSLATED_PRACTICE and value}
    if "steps" in practice:
        english_steps = (english["practice"] or {}).get("steps") or []
        if len(practice["steps"]) != len(english_steps):
            raise CourseError(f"the practice has {len(practice['steps'])} steps, the English lesson's {len(english_steps)}")
        practice["steps"] = [{key: value for key, value in step.items() if key not in UNTRANSLATED_PRACTICE and value} for step in practice["steps"]]
    if practice:
        translation["practice"] = practice
    if source["questions"]:
        types = [question["type"] for question in source["questions"]]
        english_types = [question["type"] for question in english["questions"]]
        if types != english_types:
            raise CourseError(f"the questions ({', '.join(types)}) must line up with the English lesson's ({', '.join(english_types)})")
        translation["questions"] = [translated_question(e, q, n) for n, (e, q) in enumerate(zip(english["questions"], source["questions"]), 1)]
    return translation


UNTRANSLATED_PRACTICE = ("expected_output", "wrong")  # outputs come from the English programs; wrong programs are English


def translated_question(english, source, number):
    """The question's texts; its answers (which options are right, accepted fill answers) are English."""
    for key in ("answer", "answers", "blanks"):
        if source.get(key) not in (None, [], english.get(key)):
            raise CourseError(f"question {number}: `{key}` differs from the English question's; answers are not translated")
    if [d["line"] for d in source.get("distractors", [])] not in ([], [d["line"] for d in english.get("distractors", [])]):
        raise CourseError(f"question {number}: its distractor lines differ from the English question's; only their feedback is translated")
    translated = {key: source[key] for key in ("prompt", "options", "feedback", "template", "pairs", "code", "explanation") if source.get(key)}
    if source.get("distractors"):
        translated["distractors"] = [{"feedback": d["feedback"]} for d in source["distractors"]]
    return translated


def add_translations(lessons):
    by_id = {lesson["id"]: lesson for lesson in lessons}
    for language in TRANSLATED_LANGUAGES:
        for path in source_files(language):
            source = parse_file(path)
            english = by_id.get(source["id"])
            if english is None:
                raise CourseError(f"{path.relative_to(ROOT)}: no English lesson has the id {source['id']!r}")
            try:
                english.setdefault("translations", {})[language] = translation_of(english, source)
            except CourseError as error:
                raise CourseError(f"{path.relative_to(ROOT)}: {error}") from None


def compile_sources(only=None):
    """All lessons from course/lessons/, outputs left as None (filled by fill_outputs)."""
    lessons = [parse_file(path) for path in source_files()]
    add_translations(lessons)
    lessons = [lesson for lesson in lessons if only is None or lesson["id"] in only]
    section_order = [section["name"] for section in SECTIONS]
    lessons.sort(key=lambda lesson: section_order.index(lesson["section"]) if lesson["section"] in section_order else 99)
    return {"sections": SECTIONS, "lessons": lessons}


# ---------------------------------------------------------------------------------------------
# Programs: which code runs together, and where its output goes


def program_groups(course):
    """Each group runs in one fresh namespace: (lesson id, label, codes, [(dict, output key)])."""
    groups = []
    for lesson in course["lessons"]:
        cells = [block for block in lesson["body"] if block["type"] == "code"]
        if cells:
            groups.append((lesson["id"], "examples", [block["code"] for block in cells],
                           [(block, "expected_output") for block in cells]))
        practice = lesson.get("practice") or {}
        for number, step in enumerate(practice.get("steps") or [practice], 1):
            if step.get("solution"):
                label = f"practice step {number} solution" if "steps" in practice else "practice solution"
                groups.append((lesson["id"], label, [step["solution"]], [(step, "expected_output")]))
        for number, question in enumerate(lesson["questions"], 1):
            if question.get("type") == "predict" and question.get("code"):
                groups.append((lesson["id"], f"predict question {number}", [question["code"]], [(question, "answer")]))
    return groups


def run_programs(codes_per_group, backend=None, mode="--run"):
    """Run groups of cells in a subprocess: real torch (backend None) or our engine.

    Returns [{"outputs": [...], "error": str|None, "seconds": float}] per group, where outputs
    holds what each cell printed (cells after an exception do not run). With mode "--verify" the
    request is verify_requests(course) and the report is verify_main's.
    """
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if backend is not None:
        env["PYTHONPATH"] = str(ROOT / "pyengine")
        env["PYENGINE_BACKEND"] = backend
    with tempfile.TemporaryDirectory() as tmp:
        request, result = Path(tmp) / "request.json", Path(tmp) / "result.json"
        request.write_text(json.dumps(codes_per_group))
        process = subprocess.run([sys.executable, str(Path(__file__).resolve()), mode, str(request), str(result)],
                                 env=env, cwd=tmp, capture_output=True, text=True, timeout=RUN_TIMEOUT_SECONDS)
        if not result.exists():
            raise RuntimeError(f"program runner failed ({backend or 'real torch'}):\n{process.stderr[-3000:]}")
        report = json.loads(result.read_text())
    engine_dir = str(ROOT / "pyengine")
    if "torch" in report and (backend is not None) != report["torch"]["file"].startswith(engine_dir):
        # e.g. pyengine/torch not importable yet, so the real torch was found instead (or vice versa)
        report = {"torch_missing": f"`import torch` found {report['torch']['file']}"}
    return report


def runner_main(request_path, result_path):
    """Inside the subprocess: run each group's programs as the app runs a lesson's examples.

    Program k of a group runs after programs 1..k-1 (silently, in its namespace), each from a clean
    start (app/py/host.py), so an output cannot depend on the programs that ran before it elsewhere.
    """
    sys.path.insert(0, str(ROOT / "app" / "py"))
    from host import Host, error_line, text_of
    host = Host()
    if host.engine_error:
        Path(result_path).write_text(json.dumps({"torch_missing": host.engine_error.strip().splitlines()[-1]}))
        return
    import torch
    report = {"torch": {"version": torch.__version__, "file": torch.__file__}, "groups": []}
    for codes in json.loads(Path(request_path).read_text()):
        outputs, error, start = [], None, time.perf_counter()
        for number, code in enumerate(codes):
            chunks, result = host.run(code, codes[:number])
            outputs.append(text_of(chunks, ["stdout"]))  # what the app compares with the expected output
            if result["error"]:
                error = error_line(result["error"])
                break
        report["groups"].append({"outputs": outputs, "error": error, "seconds": time.perf_counter() - start})
    Path(result_path).write_text(json.dumps(report))


# ---------------------------------------------------------------------------------------------
# Practices' checks (course/README.md, "Checks"): for every practice step, the solution passes,
# printing the expected output fails, and each declared wrong program fails with its message.


def practice_steps(course):
    """[(lesson id, label, step)] for every practice step (a practice without steps is one)."""
    found = []
    for lesson in course["lessons"]:
        practice = lesson.get("practice") or {}
        steps = practice.get("steps") or [practice]
        for number, step in enumerate(steps, 1):
            found.append((lesson["id"], f"practice step {number}" if "steps" in practice else "practice", step))
    return found


def printing_program(expected):
    """The shortcut every practice must refuse: print the expected output as a literal."""
    return f"print({expected.removesuffix(chr(10))!r})"


def verify_requests(course):
    """What the subprocess runs: per step, its checks and programs (solution, shortcut, wrong ones)."""
    return [{"checks": step.get("checks") or "",
             "programs": [step.get("solution") or "", printing_program(step.get("expected_output") or "")]
                         + [wrong["code"] for wrong in step.get("wrong", [])]}
            for _, _, step in practice_steps(course)]


def output_lines(text):
    """The output as the app compares it (app/grading.js normalizeOutput)."""
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    while lines and lines[-1] == "":
        lines.pop()
    return lines


def verdict_of(run, expected):
    """(passed, message) as the app decides: an error, then a failed check, then the output."""
    if run["error"]:
        return False, run["error"]
    if run["check"] and not run["check"]["passed"]:
        return False, run["check"]["message"]
    if output_lines(run["output"]) != output_lines(expected or ""):
        return False, "the output differs from the expected output"
    return True, None


def check_problems(course, report):
    """Problems with the practices' checks, from verify_main's report."""
    problems = []
    for (lesson_id, label, step), runs in zip(practice_steps(course), report["steps"]):
        expected = step.get("expected_output")
        passed, message = verdict_of(runs[0], expected)
        if not passed:
            problems.append(f"{lesson_id}: {label}: the solution fails: {message}")
        if verdict_of(runs[1], expected)[0]:
            problems.append(f"{lesson_id}: {label}: printing the expected output passes; add checks that look at the program")
        for number, (wrong, run) in enumerate(zip(step.get("wrong", []), runs[2:]), 1):
            passed, message = verdict_of(run, expected)
            if passed:
                problems.append(f"{lesson_id}: {label}: wrong program {number} passes")
            elif wrong["message"] not in message:
                problems.append(f"{lesson_id}: {label}: wrong program {number} fails with {message!r}, not with {wrong['message']!r}")
    return problems


def verify_main(request_path, result_path):
    """Inside the subprocess: run every step's programs with its checks, as the app's worker does."""
    sys.path.insert(0, str(ROOT / "app" / "py"))
    from host import Host, error_line, text_of
    host = Host()
    if host.engine_error:
        Path(result_path).write_text(json.dumps({"torch_missing": host.engine_error.strip().splitlines()[-1]}))
        return
    import torch
    report = {"torch": {"version": torch.__version__, "file": torch.__file__}, "steps": []}
    for step in json.loads(Path(request_path).read_text()):
        runs = []
        for code in step["programs"]:
            chunks, result = host.run(code, options={"checks": step["checks"]})
            runs.append({"output": text_of(chunks, ["stdout"]), "error": result["error"] and error_line(result["error"]),
                         "check": result.get("check")})
        report["steps"].append(runs)
    Path(result_path).write_text(json.dumps(report))


def fill_outputs(groups, report):
    """Write real-torch outputs into the course; return problems (programs that raised)."""
    problems = []
    for (lesson_id, label, codes, targets), result in zip(groups, report["groups"]):
        if result["error"]:
            problems.append(f"{lesson_id}: {label} raised under real torch: {result['error']}")
        for (container, key), output in zip(targets, result["outputs"] + [""] * len(targets)):
            container[key] = output
    return problems


def reuse_outputs(groups, committed):
    """Fill outputs from a previously built course where the same programs ran (no torch needed)."""
    known = {(lesson_id, tuple(codes)): [container[key] for container, key in targets]
             for lesson_id, _, codes, targets in program_groups(committed)}
    missing = []
    for lesson_id, label, codes, targets in groups:
        outputs = known.get((lesson_id, tuple(codes)))
        if outputs is None:
            missing.append(f"{lesson_id}: {label} changed since lessons.json was built")
            outputs = [None] * len(targets)
        for (container, key), output in zip(targets, outputs):
            container[key] = output
    return missing


# ---------------------------------------------------------------------------------------------
# Validation: schema and content rules, reported as `lessons[3].practice.expected_output: missing`


def format_path(parts):
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def schema_problems(course):
    import jsonschema
    schema = json.loads(SCHEMA.read_text())
    problems = set()
    for error in jsonschema.Draft202012Validator(schema).iter_errors(course):
        path, kind, value = list(error.absolute_path), error.validator, error.validator_value
        if kind == "required":
            problems.update(f"{format_path(path + [key])}: missing" for key in value if key not in error.instance)
        elif kind == "additionalProperties":
            allowed = error.schema.get("properties", {})
            problems.update(f"{format_path(path + [key])}: unknown field" for key in error.instance if key not in allowed)
        else:
            messages = {
                "type": lambda: f"expected {value}",
                "enum": lambda: "must be one of " + ", ".join(json.dumps(v) for v in value),
                "const": lambda: f"must be {json.dumps(value)}",
                "minItems": lambda: f"needs at least {value} item{'s' * (value != 1)}",
                "maxItems": lambda: f"needs at most {value} item{'s' * (value != 1)}",
                "minLength": lambda: "must not be empty" if value == 1 else f"needs at least {value} characters",
                "minimum": lambda: f"must be at least {value}",
                "pattern": lambda: f"must match {value}",
            }
            problems.add(f"{format_path(path) or '(top)'}: {messages.get(kind, lambda: error.message)()}")
    return sorted(problems)


def content_problems(course):
    """Rules beyond the schema: what issue 6 requires of every lesson, and cross-field checks."""
    problems, first_index = [], {}
    for i, lesson in enumerate(course.get("lessons", [])):
        where = f"lessons[{i}]"
        if not isinstance(lesson, dict):
            continue
        if lesson.get("id") in first_index:
            problems.append(f"{where}.id: duplicate of lessons[{first_index[lesson['id']]}]")
        first_index.setdefault(lesson.get("id"), i)
        body = lesson.get("body") or []
        if sum(1 for block in body if isinstance(block, dict) and block.get("type") == "code") < 2:
            problems.append(f"{where}.body: needs at least 2 code examples")
        practice = lesson.get("practice") if isinstance(lesson.get("practice"), dict) else {}
        if practice and not practice.get("learned"):
            problems.append(f"{where}.practice.learned: missing (what a passed practice taught, shown with the next lesson)")
        steps = practice.get("steps") if isinstance(practice.get("steps"), list) else [practice]
        for s, step in enumerate(steps):
            here = f"{where}.practice" + (f".steps[{s}]" if "steps" in practice else "")
            if isinstance(step, dict) and not step.get("checks"):
                problems.append(f"{here}.checks: missing (checks make printing the expected output not enough)")
            if isinstance(step, dict) and not step.get("wrong"):
                problems.append(f"{here}.wrong: needs at least 1 wrong program with the message it gets")
        questions = [q for q in lesson.get("questions") or [] if isinstance(q, dict)]
        if len({q.get("type") for q in questions}) < 2:
            problems.append(f"{where}.questions: needs at least 2 question types")
        for k, question in enumerate(questions):
            here = f"{where}.questions[{k}]"
            if question.get("type") == "choice":
                options = len(question.get("options") or [])
                if isinstance(question.get("answer"), int) and question["answer"] >= options:
                    problems.append(f"{here}.answer: no such option")
                right = question.get("answers")
                if isinstance(right, list) and all(isinstance(i, int) for i in right):
                    if any(i >= options for i in right):
                        problems.append(f"{here}.answers: no such option")
                    if right != sorted(set(right)):
                        problems.append(f"{here}.answers: must be ascending, each option once")
                    if len(set(right)) == options:
                        problems.append(f"{here}.answers: at least one option must be wrong")
                feedback = question.get("feedback") if isinstance(question.get("feedback"), list) else []
                if feedback and len(feedback) != options:
                    problems.append(f"{here}.feedback: has {len(feedback)} items, one per option ({options}) is needed")
                right_options = right if isinstance(right, list) else [question.get("answer")]
                unexplained = [k for k in range(options) if k not in right_options and not (feedback[k:k + 1] or [""])[0]]
                if unexplained:
                    problems.append(f"{here}.feedback: wrong option{'s' * (len(unexplained) > 1)} {', '.join(map(str, unexplained))} "
                                    "without `Feedback:` (every wrong answer explains itself)")
            if question.get("type") == "match":
                rights = [pair.get("right") for pair in question.get("pairs") or [] if isinstance(pair, dict)]
                if len(set(rights)) != len(rights):
                    problems.append(f"{here}.pairs: right items must differ (each is a card that goes on one row)")
            if question.get("type") == "order":
                lines = question.get("lines") or []
                if len(set(lines)) != len(lines):
                    problems.append(f"{here}.lines: lines must differ (else two orders are right)")
                strays = [d.get("line") for d in question.get("distractors") or [] if isinstance(d, dict)]
                if set(strays) & set(lines) or len(set(strays)) != len(strays):
                    problems.append(f"{here}.distractors: a distractor must differ from every line and every other distractor")
            if question.get("type") == "fill":
                blanks = question.get("blanks")
                wanted = len(blanks) if isinstance(blanks, list) else 1
                found = str(question.get("template", "")).count(BLANK)
                if found != wanted:
                    problems.append(f"{here}.template: has {found} blank{'s' * (found != 1)} {BLANK}, needs {wanted}")
    return problems


STRING_TOKENS = {tokenize.STRING} | {getattr(tokenize, name) for name in ("FSTRING_START", "FSTRING_MIDDLE", "FSTRING_END") if hasattr(tokenize, name)}


def program_tokens(code, strings=True):
    """The program without its comments and blank lines (the code itself if it does not tokenize);
    without `strings`, every string literal is one placeholder (a check's message may be translated)."""
    try:
        tokens = [(token.type, token.string) for token in tokenize.generate_tokens(io.StringIO(code).readline)
                  if token.type not in (tokenize.COMMENT, tokenize.NL)]
        if not strings:
            tokens = [(tokenize.STRING, "") if kind in STRING_TOKENS else (kind, text) for kind, text in tokens]
            tokens = [token for i, token in enumerate(tokens) if not (token[0] == tokenize.STRING and i and tokens[i - 1][0] == tokenize.STRING)]
        return tokens
    except (tokenize.TokenError, SyntaxError):
        return code


def translation_problems(lesson, translation, where):
    """A translation's lists line up with the English ones, and its code is the English program."""
    problems = []

    def same_length(here, translated, english, what):
        if isinstance(translated, list) and len(translated) != len(english):
            problems.append(f"{here}: has {len(translated)} {what}, the English lesson {len(english)}")
            return False
        return isinstance(translated, list)

    def same_program(here, translated, english):
        if isinstance(translated, str) and program_tokens(translated) != program_tokens(english or ""):
            problems.append(f"{here}: must be the English program (only comments may be translated)")

    body = translation.get("body")
    if same_length(f"{where}.body", body, lesson["body"], "blocks"):
        for i, (block, english) in enumerate(zip(body, lesson["body"])):
            wrong = "code" if english["type"] == "text" else "markdown"
            if wrong in block:
                problems.append(f"{where}.body[{i}].{wrong}: the English block is {english['type']}")
            else:
                same_program(f"{where}.body[{i}].code", block.get("code"), english.get("code"))
    def same_checks(here, translated, english):
        if isinstance(translated, str) and program_tokens(translated, strings=False) != program_tokens(english or "", strings=False):
            problems.append(f"{here}: must be the English checks (only comments and messages may be translated)")

    practice = translation.get("practice") or {}
    same_program(f"{where}.practice.solution", practice.get("solution"), lesson["practice"]["solution"])
    same_length(f"{where}.practice.hints", practice.get("hints"), lesson["practice"]["hints"], "hints")
    same_checks(f"{where}.practice.checks", practice.get("checks"), lesson["practice"].get("checks"))
    english_steps = lesson["practice"].get("steps") or []
    if same_length(f"{where}.practice.steps", practice.get("steps"), english_steps, "steps"):
        for s, (step, english) in enumerate(zip(practice["steps"], english_steps)):
            same_program(f"{where}.practice.steps[{s}].solution", step.get("solution"), english["solution"])
            same_checks(f"{where}.practice.steps[{s}].checks", step.get("checks"), english.get("checks"))
            same_length(f"{where}.practice.steps[{s}].hints", step.get("hints"), english["hints"], "hints")
    questions = translation.get("questions")
    if same_length(f"{where}.questions", questions, lesson["questions"], "questions"):
        for k, (question, english) in enumerate(zip(questions, lesson["questions"])):
            here = f"{where}.questions[{k}]"
            same_length(f"{here}.options", question.get("options"), english.get("options"), "options")
            same_length(f"{here}.feedback", question.get("feedback"), english.get("feedback") or [], "feedback items")
            same_length(f"{here}.distractors", question.get("distractors"), english.get("distractors") or [], "distractors")
            if same_length(f"{here}.pairs", question.get("pairs"), english.get("pairs"), "pairs"):
                rights = [pair.get("right") for pair in question["pairs"]]
                if len(set(rights)) != len(rights):
                    problems.append(f"{here}.pairs: right items must differ (each is a card that goes on one row)")
            same_program(f"{here}.template", question.get("template"), english.get("template"))
            same_program(f"{here}.code", question.get("code"), english.get("code"))
    return problems


def validate(course):
    structure = schema_problems(course)
    problems = structure + content_problems(course)
    if not structure:  # translations are compared with their lessons only once both are well formed
        for i, lesson in enumerate(course["lessons"]):
            for language, translation in lesson.get("translations", {}).items():
                problems += translation_problems(lesson, translation, f"lessons[{i}].translations.{language}")
    return problems


# ---------------------------------------------------------------------------------------------
# Comparing our engine with the expected outputs


def engine_differences(groups, report, backend):
    """{lesson id: [unified diff text, ...]} for every group whose output differs."""
    differences = {}
    for (lesson_id, label, codes, targets), result in zip(groups, report["groups"]):
        expected = "".join(container[key] or "" for container, key in targets)
        actual = "".join(result["outputs"])
        if result["error"]:
            actual += f"!! {result['error']}\n"
        if actual != expected:
            diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                                f"{lesson_id} {label} (real torch)", f"{lesson_id} {label} (engine, {backend})"))
            differences.setdefault(lesson_id, []).append(diff)
    return differences


def known_failures():
    if not KNOWN_FAILURES.exists():
        return set()
    lines = (line.split("#")[0].strip() for line in KNOWN_FAILURES.read_text().splitlines())
    return {line for line in lines if line}


def write_course(course):
    LESSONS_JSON.write_text(json.dumps(course, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="rewrite nothing; exit 1 on any problem")
    parser.add_argument("--lesson", nargs="+", metavar="ID", help="only these lessons")
    parser.add_argument("--no-engine", action="store_true", help="skip running our engine")
    args = parser.parse_args(argv)
    only = set(args.lesson) if args.lesson else None
    failed = False

    def fail(message):
        nonlocal failed
        failed = True
        print(message)

    try:
        course = compile_sources(only)
    except CourseError as error:
        print(error)
        return 1
    groups = program_groups(course)
    committed = json.loads(LESSONS_JSON.read_text()) if LESSONS_JSON.exists() else {"lessons": []}

    start = time.perf_counter()
    torch_report = run_programs([codes for _, _, codes, _ in groups])
    if "torch_missing" in torch_report:
        print(f"real torch is not installed ({torch_report['torch_missing']}); using the outputs in lessons.json")
        for problem in reuse_outputs(groups, committed):
            fail(problem)
        sync_step_outputs(course)
    else:
        version = torch_report["torch"]["version"]
        print(f"ran {len(groups)} programs under real torch {version} in {time.perf_counter() - start:.1f} s")
        if not version.startswith(TORCH_VERSION):
            print(f"warning: expected outputs must come from torch {TORCH_VERSION}x, not {version}")
        for problem in fill_outputs(groups, torch_report):
            fail(problem)
        sync_step_outputs(course)

    for problem in validate(course):
        fail(problem)

    start = time.perf_counter()
    check_report = run_programs(verify_requests(course), mode="--verify")
    if "torch_missing" not in check_report:
        problems = check_problems(course, check_report)
        print(f"checked {len(check_report['steps'])} practice steps under real torch in {time.perf_counter() - start:.1f} s")
        for problem in problems:
            fail(problem)

    if only is None:
        if args.check:
            if course != committed:
                fail("lessons.json is out of date: run `python tools/course.py` and commit the result")
        elif not failed:
            write_course(course)
            print(f"wrote {LESSONS_JSON.relative_to(ROOT)}: {len(course['lessons'])} lessons")
    elif not args.check and not failed:
        kept = [lesson for lesson in committed["lessons"] if lesson["id"] not in only]
        by_id = {lesson["id"]: lesson for lesson in course["lessons"]}
        merged = {"sections": SECTIONS, "lessons": [by_id.pop(l["id"], l) for l in committed["lessons"]] + list(by_id.values())}
        write_course(merged)
        print(f"updated {', '.join(sorted(only))} in {LESSONS_JSON.relative_to(ROOT)} ({len(kept)} other lessons kept)")

    if not args.no_engine:
        expected_to_fail = known_failures()
        for backend in BACKENDS:
            start = time.perf_counter()
            report = run_programs([codes for _, _, codes, _ in groups], backend)
            if "torch_missing" in report:
                fail(f"engine ({backend}) could not be imported: {report['torch_missing']}")
                continue
            slowest = max(zip(report["groups"], groups), key=lambda pair: pair[0]["seconds"], default=None)
            differences = engine_differences(groups, report, backend)
            lesson_ids = [lesson["id"] for lesson in course["lessons"]]
            matching = [i for i in lesson_ids if i not in differences]
            print(f"engine ({backend}): {len(matching)}/{len(lesson_ids)} lessons match "
                  f"({time.perf_counter() - start:.1f} s"
                  + (f"; slowest: {slowest[1][0]} {slowest[1][1]} {slowest[0]['seconds']:.2f} s)" if slowest else ")"))
            for lesson_id, diffs in differences.items():
                if lesson_id in expected_to_fail:
                    print(f"  {lesson_id}: differs (listed in {KNOWN_FAILURES.relative_to(ROOT)})")
                    continue
                fail(f"  {lesson_id}: differs under our engine ({backend}):")
                for diff in diffs:
                    print("    " + diff.rstrip("\n").replace("\n", "\n    "))
            for lesson_id in sorted(expected_to_fail & set(matching)):
                fail(f"  {lesson_id}: now matches; remove it from {KNOWN_FAILURES.relative_to(ROOT)}")
            check_report = run_programs(verify_requests(course), backend, mode="--verify")
            for problem in check_problems(course, check_report):
                if problem.split(":")[0] not in expected_to_fail:
                    fail(f"  engine ({backend}): {problem}")
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--run":
        runner_main(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 4 and sys.argv[1] == "--verify":
        verify_main(sys.argv[2], sys.argv[3])
    else:
        sys.exit(main())
