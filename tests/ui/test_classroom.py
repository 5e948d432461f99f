"""A classroom kit (issue 36): learners sharing one browser, progress files a teacher can use (name,
class, course version, content hash; import merges and asks before replacing anything), the
teacher page's class table from many files (file:// and offline too), and the release zip."""

import csv
import datetime
import hashlib
import io
import json
import os
import shutil
import subprocess
import time
import zipfile

import pytest
import yaml

from conftest import DIST, ROOT, App, check_and_close

PREFIX = "autograd-course/progress/"  # the first learner's keys (app/learners.js)
VERSION = json.loads((ROOT / "package.json").read_text())["version"]


def lesson_route(lesson):
    return f"#/lesson/{lesson['id']}"


def lesson_item(page, lesson):
    return page.locator(f'[data-testid="lesson-item"][data-lesson="{lesson["id"]}"]')


def add_learner(page, name, class_name=""):
    """Names the learner on a first visit, else adds one (behind "Add a learner")."""
    closed = page.locator('details.learner-add:not([open]) > summary')
    if closed.count():
        closed.click()
    page.fill('[data-testid="learner-name"]', name)
    page.fill('[data-testid="learner-class"]', class_name)
    page.click('[data-testid="learner-save"]')
    page.locator(f'[data-testid="learner-current"][data-name="{name}"]').wait_for()


def switch_to(page, name):
    page.click(f'[data-testid="learner-switch"][data-name="{name}"]')
    page.locator(f'[data-testid="learner-current"][data-name="{name}"]').wait_for()


def content_hash(progress):
    """What app/progress.js hashes: JSON.stringify of the progress (no spaces, keys in order)."""
    text = json.dumps(progress, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


def progress_file(lessons, *, name="", class_name="", version=VERSION, last=None, hashed=True, old=False):
    """An export file as the app writes it; `old`: as exported before files named their learner."""
    progress = {"version": 1, "lastLesson": last, "lessons": lessons}
    if old:
        return json.dumps({"format": "autograd-course-progress", "exported": "2026-01-05T10:00:00.000Z", "progress": progress})
    document = {"format": "autograd-course-progress", "exported": "2026-12-01T10:00:00.000Z",
                "learner": {"name": name, "class": class_name}, "course": {"version": version}}
    if hashed:
        document["hash"] = content_hash(progress)
    return json.dumps({**document, "progress": progress}, ensure_ascii=False)


def storage_snapshot(page):
    return page.evaluate("() => JSON.stringify(Object.entries(localStorage).sort())")


# ---- learners on one browser ------------------------------------------------------------------

def test_two_learners_on_one_browser_keep_separate_progress_and_earlier_progress_is_kept(open_app, course, seed):
    other = course["lessons"][1]
    app = open_app()
    page = app.open("#/", wait_for_python=False)
    # Progress from before learners existed (one learner, no name) …
    page.evaluate(f"""() => localStorage.setItem('{PREFIX}lesson:{seed['id']}',
        JSON.stringify({{ visited: true, draft: "print('before learners')\\n" }}))""")
    page.reload()
    assert "Type your name" in page.inner_text('[data-testid="learners"]')
    assert "no passwords" in page.inner_text('[data-testid="learners"]')
    # … becomes the first learner's when they name themselves.
    add_learner(page, "Ayşe", "10B")
    assert lesson_item(page, seed).get_attribute("data-state") == "in-progress"
    assert page.inner_text('[data-testid="learner-topbar"]') == "Learner: Ayşe"

    add_learner(page, "Ali")
    assert lesson_item(page, seed).get_attribute("data-state") == "not-started"
    app.go(lesson_route(other))
    app.set_code("print('Ali was here')\n")
    page.wait_for_function("() => Object.keys(localStorage).some((key) => key.startsWith('autograd-course/progress@2/lesson:'))")
    app.go("#/")
    assert lesson_item(page, other).get_attribute("data-state") == "in-progress"

    switch_to(page, "Ayşe")  # one click
    assert lesson_item(page, other).get_attribute("data-state") == "not-started"
    app.go(lesson_route(seed))
    assert app.code() == "print('before learners')\n"

    page.reload()  # the learner last chosen is the one a reload opens
    page.locator("main h1").wait_for()
    assert app.code() == "print('before learners')\n"
    app.go("#/")
    add_learner(page, "Ali")  # a name already here switches to that learner instead of adding another
    assert page.locator('[data-testid="learner-switch"]').count() == 1
    app.go(lesson_route(other))
    assert app.code() == "print('Ali was here')\n"

    # Removing a learner erases their progress only, after asking.
    app.go("#/")
    page.click('[data-testid="learner-remove"]')
    app.confirm_dialog()
    page.locator('[data-testid="learner-current"][data-name="Ayşe"]').wait_for()
    keys = page.evaluate("() => Object.keys(localStorage)")
    assert not [key for key in keys if key.startswith("autograd-course/progress@2/")]
    assert f"{PREFIX}lesson:{seed['id']}" in keys
    assert page.locator('[data-testid="learner-switch"]').count() == 0


# ---- export and import ------------------------------------------------------------------------

def test_export_names_the_learner_and_import_on_another_browser_merges(open_app, course, seed, tmp_path):
    other = course["lessons"][2]
    first = open_app(accept_downloads=True)
    page = first.open("#/", wait_for_python=False)
    add_learner(page, "Ayşe Yılmaz", "10B")
    first.go(lesson_route(seed))
    first.set_code("print('from school — okulda ğ')\n")
    question = page.locator('[data-testid="question"]').first
    question.locator('input[type="radio"]').nth(seed["questions"][0]["answer"]).check()
    question.locator('[data-testid="check"]').click()
    page.wait_for_function(f"() => (localStorage.getItem('{PREFIX}lesson:{seed['id']}') || '').includes('from school')")
    first.go("#/")
    with page.expect_download() as download:
        page.click('[data-testid="export-progress"]')
    today = datetime.date.today().isoformat()
    assert download.value.suggested_filename == f"autograd-progress-Ayşe-Yılmaz-{today}.json"
    exported = tmp_path / download.value.suggested_filename
    download.value.save_as(exported)
    document = json.loads(exported.read_text())
    assert document["learner"] == {"name": "Ayşe Yılmaz", "class": "10B"}
    assert document["course"] == {"version": VERSION}
    assert document["hash"] == content_hash(document["progress"])

    second = open_app()
    page = second.open("#/", wait_for_python=False)
    add_learner(page, "Ayşe Yılmaz", "10B")
    second.go(lesson_route(other))
    second.set_code("print('from home')\n")
    page.wait_for_function(f"() => (localStorage.getItem('{PREFIX}lesson:{other['id']}') || '').includes('from home')")
    second.go("#/")
    page.set_input_files('[data-testid="import-progress"]', str(exported))
    notice = page.locator('[data-testid="progress-notice"]')
    notice.wait_for()
    assert "Progress merged: 1 lesson updated" in notice.inner_text()
    assert page.locator('[data-testid="dialog"]').count() == 0  # nothing was replaced: nothing to ask
    assert f"Quiz 1/{len(seed['questions'])}" in lesson_item(page, seed).inner_text()
    second.go(lesson_route(seed))
    assert second.code() == "print('from school — okulda ğ')\n"
    second.go(lesson_route(other))
    assert second.code() == "print('from home')\n"

    # The same file again, after newer work here: nothing of the newer work is lost, nothing asked.
    second.set_code("print('newer at home')\n")
    second.go(lesson_route(seed))
    second.set_code("print('newer than the file')\n")
    page.wait_for_function(f"() => (localStorage.getItem('{PREFIX}lesson:{seed['id']}') || '').includes('newer than the file')")
    second.go("#/")
    page.set_input_files('[data-testid="import-progress"]', str(exported))
    page.locator('[data-testid="progress-notice"]', has_text="Nothing new in that file").wait_for()
    second.go(lesson_route(seed))
    assert second.code() == "print('newer than the file')\n"


def test_an_older_file_over_newer_progress_loses_nothing(open_app, seed, tmp_path):
    app = open_app()
    page = app.open(lesson_route(seed), wait_for_python=False)
    app.set_code("print('my newest draft')\n")
    page.wait_for_function(f"() => (localStorage.getItem('{PREFIX}lesson:{seed['id']}') || '').includes('my newest draft')")
    older = {seed["id"]: {"visited": True, "updated": 1_000, "passed": True, "draft": "print('old')\n", "quiz": {"1": True}, "hints": 1}}
    path = tmp_path / "older.json"
    path.write_text(progress_file(older, last=seed["id"]))
    app.go("#/")
    page.set_input_files('[data-testid="import-progress"]', str(path))
    page.locator('[data-testid="progress-notice"]', has_text="Progress merged").wait_for()
    assert page.locator('[data-testid="dialog"]').count() == 0
    record = json.loads(page.evaluate(f"localStorage.getItem('{PREFIX}lesson:{seed['id']}')"))
    assert record["draft"] == "print('my newest draft')\n"  # mine, the newer
    assert record["passed"] is True and record["quiz"] == {"1": True} and record["hints"] == 1  # the file's, added
    assert lesson_item(page, seed).get_attribute("data-state") == "passed"


def test_a_file_that_would_replace_work_asks_first_and_cancel_changes_nothing(open_app, seed, tmp_path):
    app = open_app()
    page = app.open("#/", wait_for_python=False)
    add_learner(page, "Ayşe")
    app.go(lesson_route(seed))
    app.set_code("print('mine')\n")
    page.wait_for_function(f"() => (localStorage.getItem('{PREFIX}lesson:{seed['id']}') || '').includes('mine')")
    app.go("#/")
    newer = {seed["id"]: {"visited": True, "updated": int(time.time() * 1000) + 3_600_000, "draft": "print('the file')\n"}}
    path = tmp_path / "newer.json"
    path.write_text(progress_file(newer, name="Ali"))
    before = storage_snapshot(page)

    page.set_input_files('[data-testid="import-progress"]', str(path))
    dialog = page.locator('[data-testid="dialog"]')
    dialog.wait_for()
    assert "This file is Ali's progress, and you are Ayşe." in dialog.inner_text()
    assert f"newer work on 1 lesson you also worked on here ({seed['title']})" in dialog.inner_text()
    page.click('[data-testid="dialog-cancel"]')
    page.locator('[data-testid="progress-notice"]', has_text="Import cancelled; nothing was changed.").wait_for()
    assert storage_snapshot(page) == before

    page.set_input_files('[data-testid="import-progress"]', str(path))
    app.confirm_dialog()
    page.locator('[data-testid="progress-notice"]', has_text="Progress merged").wait_for()
    app.go(lesson_route(seed))
    assert app.code() == "print('the file')\n"


FOREIGN = {
    "edited after export": (lambda seed: progress_file({seed["id"]: {"draft": "x"}}).replace('"draft": "x"', '"draft": "y"'),
                            "the file was changed after it was exported (its content hash does not match)"),
    "learner not an object": (lambda seed: json.dumps({"format": "autograd-course-progress", "learner": "me",
                                                       "progress": {"version": 1, "lastLesson": None, "lessons": {}}}),
                              "learner: expected a learner ({ name, class }"),
    "a list": (lambda seed: "[]", "this is not a progress file of this course"),
    "another course's file": (lambda seed: json.dumps({"format": "other", "progress": {}}), "this is not a progress file of this course"),
}


@pytest.mark.parametrize("case", FOREIGN)
def test_a_corrupted_or_foreign_file_is_refused_with_its_reason_and_changes_nothing(open_app, seed, tmp_path, case):
    make, reason = FOREIGN[case]
    app = open_app()
    page = app.open(lesson_route(seed), wait_for_python=False)
    app.set_code("print('kept')\n")
    page.wait_for_function(f"() => (localStorage.getItem('{PREFIX}lesson:{seed['id']}') || '').includes('kept')")
    app.go("#/")
    before = storage_snapshot(page)
    path = tmp_path / "file.json"
    path.write_text(make(seed))
    page.set_input_files('[data-testid="import-progress"]', str(path))
    notice = page.locator('[data-testid="progress-notice"]')
    notice.wait_for()
    assert notice.inner_text().startswith("Could not import that file (nothing was changed):")
    assert reason in notice.inner_text()
    assert storage_snapshot(page) == before


# ---- the teacher page ---------------------------------------------------------------------------

def class_files(course, folder):
    """30 progress files: 23 valid (two of them the same learner's), 3 of older versions, 4 refused.
    Returns (paths, expected) where expected = {name: {lesson id: state}} and the refused files."""
    lessons = [lesson["id"] for lesson in course["lessons"]]
    paths, expected = [], {}

    def write(name, text):
        path = folder / name
        path.write_text(text)
        paths.append(path)

    for i in range(21):
        name = f"Learner {i + 1:02}"
        passed = i % 6  # learner i passed the first i % 6 lessons and works on the next
        records = {lesson: {"visited": True, "passed": True, "updated": 1_000_000 + i, "quiz": {"0": True, "1": i % 2 == 0}}
                   for lesson in lessons[:passed]}
        records[lessons[passed]] = {"visited": True, "updated": 2_000_000 + i, "draft": "x = 1\n"}
        expected[name] = {**{lesson: "passed" for lesson in lessons[:passed]}, lessons[passed]: "in-progress"}
        write(f"autograd-progress-{name}.json", progress_file(records, name=name, class_name="10A" if i < 11 else "10B", last=lessons[passed]))
    # Learner 01 hands in a second file (another day): merged into one row.
    write("autograd-progress-Learner 01-later.json",
          progress_file({lessons[10]: {"visited": True, "passed": True, "updated": 9_000_000}}, name="Learner 01", class_name="10A", last=lessons[10]))
    expected["Learner 01"][lessons[10]] = "passed"
    # A name a spreadsheet would run as a formula.
    expected["=1+2"] = {lessons[0]: "passed"}
    write("formula.json", progress_file({lessons[0]: {"passed": True, "updated": 5}}, name="=1+2", class_name="10B"))
    # Older versions: two files from before files named their learner, one from another course version.
    for old in ("Can", "Deniz"):
        write(f"{old}.json", progress_file({lessons[1]: {"visited": True}}, old=True))
        expected[old] = {lessons[1]: "in-progress"}
    write("emre.json", progress_file({lessons[0]: {"passed": True}}, name="Emre", version="0.0.1"))
    expected["Emre"] = {lessons[0]: "passed"}
    refused = {
        "broken.json": "the file is not JSON",
        "edited.json": "its content hash does not match",
        "hostile.json": "draft: expected text of at most 100,000 characters, found a number",
        "foreign.json": "this is not a progress file of this course",
    }
    write("broken.json", '{"format": "autograd-course-progress", "progress": {')
    write("edited.json", progress_file({lessons[0]: {"passed": True}}, name="Faker").replace('"passed": true', '"passed": false'))
    write("hostile.json", progress_file({lessons[0]: {"draft": 42}}, name="<img src=x onerror=alert(1)>", hashed=False))
    write("foreign.json", json.dumps({"hello": "world"}))
    assert len(paths) == 30
    return paths, expected, refused


def check_class_table(page, course, expected, refused):
    lessons = [lesson["id"] for lesson in course["lessons"]]
    rows = page.locator('[data-testid="class-learner"]')
    rows.first.wait_for()
    assert sorted(rows.evaluate_all("rows => rows.map((row) => row.dataset.name)")) == sorted(expected)
    for name, states in expected.items():
        cells = page.locator(f'[data-testid="class-learner"][data-name="{name}"] [data-testid="class-cell"]')
        shown = dict(cells.evaluate_all("cells => cells.map((cell) => [cell.dataset.lesson, cell.dataset.state])"))
        assert shown == {lesson: states.get(lesson, "not-started") for lesson in lessons}, name
    for lesson in lessons[:3]:
        rate = page.locator(f'[data-testid="class-pass-rate"][data-lesson="{lesson}"]')
        passed = sum(states.get(lesson) == "passed" for states in expected.values())
        assert (rate.get_attribute("data-passed"), rate.get_attribute("data-total")) == (str(passed), str(len(expected)))
    problems = dict(page.locator('[data-testid="class-problem"]').evaluate_all("items => items.map((item) => [item.dataset.file, item.textContent])"))
    assert sorted(problems) == sorted(refused)
    for file, reason in refused.items():
        assert reason in problems[file], file


def test_the_teacher_page_reads_thirty_files_into_the_class_table(open_app, course, tmp_path):
    paths, expected, refused = class_files(course, tmp_path)
    app = open_app(accept_downloads=True)
    page = app.open("#/", wait_for_python=False)
    page.click('[data-testid="teacher-link"]')
    page.wait_for_function("() => document.title === 'Your class · Autograd, hands on'")
    page.set_input_files('[data-testid="class-import"]', [str(path) for path in paths])
    check_class_table(page, course, expected, refused)
    lessons = [lesson["id"] for lesson in course["lessons"]]
    # Older versions are marked; a file from before names is named after its file.
    versions = dict(page.locator('[data-testid="class-learner"]:has([data-testid="class-version"])').evaluate_all(
        "rows => rows.map((row) => [row.dataset.name, row.querySelector('[data-testid=class-version]').textContent])"))
    assert versions == {"Can": "?", "Deniz": "?", "Emre": "0.0.1"}
    # Stuck: each learner's last lesson, not passed.
    stuck = page.locator(f'[data-testid="class-stuck"][data-lesson="{lessons[0]}"]').inner_text()
    assert "Learner 07" in stuck and "Learner 13" in stuck and "Learner 02" not in stuck
    # Sorted by lessons passed, most first; again, fewest first.
    page.click('[data-testid="class-sort"][data-key="passed"]')
    passed = page.locator('[data-testid="class-learner"]').evaluate_all("rows => rows.map((row) => Number(row.dataset.passed))")
    assert passed == sorted(passed, reverse=True)
    page.click('[data-testid="class-sort"][data-key="passed"]')
    passed = page.locator('[data-testid="class-learner"]').evaluate_all("rows => rows.map((row) => Number(row.dataset.passed))")
    assert passed == sorted(passed)

    with page.expect_download() as download:
        page.click('[data-testid="class-export-csv"]')
    assert download.value.suggested_filename.startswith("autograd-class-") and download.value.suggested_filename.endswith(".csv")
    text = download.value.path().read_bytes().decode("utf-8")
    assert text.startswith("\ufeff")
    table = list(csv.reader(io.StringIO(text[1:])))
    assert table[0][:6] == ["Learner", "Class", "Course version", "Passed", "Quiz", "Last activity"]
    assert table[0][6:8] == [course["lessons"][0]["title"].replace("`", ""), f"{course['lessons'][0]['title'].replace('`', '')} — quiz right of {len(course['lessons'][0]['questions'])}"]
    rows = {row[0]: row for row in table[1:]}
    assert len(rows) == len(expected)
    learner = rows["Learner 04"]  # passed 3 lessons, quiz 0 right and 1 wrong on each
    assert learner[1:4] == ["10A", VERSION, "3"]
    assert learner[4] == "3"  # quiz answers right
    assert learner[6:8] == ["passed", "1"] and learner[12:14] == ["in progress", ""] and learner[14] == "not started"
    assert "'=1+2" in rows  # a formula is written as text

    # The answer key is behind the switch.
    assert page.locator('[data-testid="answer-key"]').count() == 0
    page.check('[data-testid="answer-key-toggle"]')
    lessons_in_key = page.locator('[data-testid="answer-key-lesson"]')
    assert lessons_in_key.count() == len(course["lessons"])
    first_key = lessons_in_key.first.inner_text()
    assert course["lessons"][0]["practice"]["solution"].strip().splitlines()[0] in first_key
    assert "Answer:" in first_key
    # An order question's key names each distractor with why it does not belong.
    lesson, question = next((lesson, question) for lesson in course["lessons"] for question in lesson["questions"]
                            if question.get("distractors"))
    distractors = page.locator(f'[data-testid="answer-key-lesson"][data-lesson="{lesson["id"]}"] [data-testid="distractor-feedback"]')
    assert distractors.count() == len(question["distractors"])
    assert question["distractors"][0]["line"].strip() in distractors.first.inner_text()


@pytest.mark.parametrize("how", ["file", "offline"])
def test_the_teacher_page_works_from_file_and_offline(browser, open_app, course, tmp_path, how):
    paths, expected, refused = class_files(course, tmp_path)
    if how == "file":
        app = App(browser, DIST.as_uri() + "/", query="index.html")
        page = app.open("#/teacher", wait_for_python=False)
    else:
        app = open_app(service_workers="allow")
        page = app.open("#/", wait_for_python=False)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
        app.context.set_offline(True)
        page.reload()
        page.locator("main h1").wait_for()
        app.go("#/teacher")
    try:
        page.set_input_files('[data-testid="class-import"]', [str(path) for path in paths])
        check_class_table(page, course, expected, refused)
        assert app.foreign_requests() == []
    finally:
        if how == "file":
            check_and_close(app)


def test_the_time_limit_set_on_the_teacher_page_applies_from_the_next_load(open_app, seed):
    app = open_app()
    page = app.open("#/teacher", wait_for_python=False)
    assert "?time-limit=10" in page.inner_text(".settings")
    page.fill('[data-testid="time-limit-setting"]', "1")
    page.dispatch_event('[data-testid="time-limit-setting"]', "change")
    app.go(f"#/lesson/{seed['id']}")
    page.reload()
    app.wait_for_python()
    app.run("while True:\n    pass\n", wait=False)
    page.locator('[data-testid="run-overtime"]', has_text="Still running after 1 s").wait_for(timeout=15_000)
    page.click('[data-testid="run-overtime-stop"]')


# ---- the release a teacher downloads -------------------------------------------------------------

def test_the_release_says_when_it_runs_the_slower_path(tmp_path):
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text("<!DOCTYPE html>")
    (dist / "build-info.json").write_text(json.dumps({"version": VERSION, "kernels": False}))
    zip_path = tmp_path / "release.zip"
    result = subprocess.run(["node", "scripts/release.mjs", "--dist", str(dist), "--out", str(zip_path)],
                            cwd=ROOT, check=True, capture_output=True, text=True)
    assert "built without the compiled compute kernels" in result.stderr
    with zipfile.ZipFile(zip_path) as release:
        names = release.namelist()
        guide = release.read(f"autograd-course-{VERSION}/TEACHERS.html").decode()
    assert sorted(names) == sorted(f"autograd-course-{VERSION}/{name}" for name in ["TEACHERS.md", "TEACHERS.html", "index.html"])
    assert '<p class="note">This copy of the course was built without the compiled compute kernels' in guide
    assert "<h1>Autograd, hands on — for teachers</h1>" in guide


def test_the_release_workflow_builds_with_npm_run_release_and_its_check_step_passes_on_a_release(tmp_path):
    """The workflow's own steps, run here: its check of the zip on what release.mjs writes."""
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "release.yml").read_text())
    assert workflow[True]["push"]["tags"] == ["v*"]  # YAML 1.1 reads the key `on` as true
    runs = {step["name"]: step["run"] for step in workflow["jobs"]["zip"]["steps"] if "run" in step}
    assert runs["Build the site and the zip"] == "npm run release"
    assert json.loads((ROOT / "package.json").read_text())["scripts"]["release"] == "node scripts/build.mjs && node scripts/release.mjs"
    checkout = tmp_path / "checkout"
    (checkout / "dist").mkdir(parents=True)
    shutil.copy(ROOT / "package.json", checkout)
    (checkout / "dist" / "index.html").write_text("<!DOCTYPE html>")
    (checkout / "dist" / "build-info.json").write_text(json.dumps({"version": VERSION, "kernels": True}))
    subprocess.run(["node", str(ROOT / "scripts" / "release.mjs"), "--dist", "dist"], cwd=checkout, check=True, capture_output=True)
    github_env = tmp_path / "github-env"
    check = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", runs["Check the zip"]],
                           cwd=checkout, env={**os.environ, "GITHUB_ENV": str(github_env)}, capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    assert github_env.read_text() == f"ZIP=dist/autograd-course-{VERSION}.zip\n"
