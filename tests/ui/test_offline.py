"""Offline classroom (issue 14): the service worker (offline after one visit, isolation on a plain
host, a sub-path, updates), a double-clicked index.html from the release zip, and boot failures
that say what happened."""

import json
import shutil
import subprocess
import time
import zipfile

import pytest

from conftest import ROOT, SEED_LESSON, App, check_and_close, serve

LESSON = f"#/lesson/{SEED_LESSON}"
ENDLESS_LOOP = "while True:\n    pass\n"
BOOT_FAILURE = '[data-testid="boot-failure"]'


def wait_for_service_worker(page):
    """Until the service worker controls the page, i.e. the whole build is precached."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)


def wait_until_isolated(page, timeout=60):
    """The page reloads itself once to become cross-origin isolated; poll across that reload."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if page.evaluate("crossOriginIsolated"):
                return
        except Exception:  # the page is navigating
            pass
        page.wait_for_timeout(200)
    raise AssertionError("the page did not become cross-origin isolated")


def pass_practice(app, seed):
    app.run(seed["practice"]["solution"])
    assert app.page.get_attribute('[data-testid="verdict"]', "data-state") == "pass"


@pytest.fixture
def server_for():
    """server_for(directory, *args) → URL of scripts/serve.mjs serving it; stopped after the test."""
    servers = []

    def start(directory, *args):
        server, url = serve(list(args), directory)
        servers.append(server)
        return url

    yield start
    for server in servers:
        server.terminate()
        server.wait()


def test_after_one_visit_the_course_opens_and_passes_practice_offline(open_app, seed):
    app = open_app(service_workers="allow")
    page = app.open("#/", wait_for_python=False)
    wait_for_service_worker(page)
    app.context.set_offline(True)
    page.reload()
    page.get_by_role("link", name=seed["title"], exact=True).click()
    app.wait_for_python()
    pass_practice(app, seed)


def test_double_clicked_index_html_of_the_release_runs_grades_and_keeps_progress(browser, built_site, tmp_path, seed):
    zip_path = tmp_path / "release.zip"
    subprocess.run(["node", "scripts/release.mjs", "--out", str(zip_path)], cwd=ROOT, check=True, capture_output=True)
    with zipfile.ZipFile(zip_path) as release:
        names = release.namelist()
        release.extractall(tmp_path)
    folder = tmp_path / names[0].split("/")[0]
    assert "# Autograd, hands on — for teachers" in (folder / "TEACHERS.md").read_text()
    guide = (folder / "TEACHERS.html").read_text()  # the same guide, for a double-click
    assert "<h1>Autograd, hands on — for teachers</h1>" in guide and 'class="note"' not in guide  # built with the kernels
    assert not [name for name in names if name.endswith((".gz", ".br", "build-info.json"))]
    licenses = (folder / "THIRD-PARTY-LICENSES.txt").read_text()  # what the copied folder redistributes
    for package in ("codemirror 6", "@observablehq/plot 0.6", "d3-shape 3", "katex 0", "pyodide 314", "workbox-precaching 7"):
        assert f"\n{package}" in licenses, package
    for notice in sorted((ROOT / "licenses").glob("*.txt")):  # the projects the engine and the kernels derive from
        assert notice.read_text() in licenses, notice.name
    # the kernels' source beside their compiled code, as the LGPL of their glibc-derived parts asks
    assert (folder / "source" / "kernels.c").read_bytes() == (ROOT / "kernels" / "kernels.c").read_bytes()

    # base_url is the folder, so that every file read from it counts as local.
    app = App(browser, folder.as_uri() + "/", query="index.html")
    try:
        page = app.open(LESSON)
        pass_practice(app, seed)
        question = page.locator('[data-testid="question"]').first
        question.locator('input[type="radio"]').nth(seed["questions"][0]["answer"]).check()
        question.locator('[data-testid="check"]').click()
        page.reload()
        app.go("#/")
        item = page.locator(f'[data-testid="lesson-item"][data-lesson="{SEED_LESSON}"]')
        assert item.get_attribute("data-state") == "passed"
        assert f"Quiz 1/{len(seed['questions'])}" in item.inner_text()
        page.click('[data-testid="teacher-link"]')  # the teacher page, from the folder too
        page.locator('[data-testid="class-import"]').wait_for(state="attached")
    finally:
        check_and_close(app)


PRECACHED_URLS = """async () => {
  const urls = [];
  for (const name of await caches.keys())
    if (name.includes("precache")) urls.push(...(await (await caches.open(name)).keys()).map((request) => request.url));
  return urls;
}"""


def test_files_only_embedding_pages_use_are_not_precached_but_kept_once_fetched(open_app, seed):
    app = open_app(service_workers="allow")
    page = app.open(LESSON, wait_for_python=False)
    wait_for_service_worker(page)
    precached = [url.removeprefix(app.base_url).split("?")[0] for url in page.evaluate(PRECACHED_URLS)]
    assert "app.js" in precached and "vendor/pyodide/pyodide.asm.wasm" in precached
    assert not [path for path in precached if path.startswith(("embed", "frame", "pyscript", "vendor/pyscript/"))]
    page.goto(f"{app.base_url}embed.html#lesson={seed['id']}&part=questions")
    page.locator('[data-testid="question"]').first.wait_for()
    assert page.locator('[data-testid="question"]').count() == len(seed["questions"])
    app.context.set_offline(True)
    page.reload()
    page.locator('[data-testid="question"]').first.wait_for()
    assert page.locator('[data-testid="question"]').count() == len(seed["questions"])  # kept when first fetched


def test_on_a_plain_host_the_page_becomes_isolated_and_stop_interrupts(open_app, plain_site_url, seed):
    app = open_app(base_url=plain_site_url, service_workers="allow")
    page = app.open(LESSON, wait_for_python=False)
    wait_until_isolated(page)
    app.wait_for_python()
    app.run(ENDLESS_LOOP, wait=False)
    page.locator('[data-testid="stop"]').wait_for()
    page.wait_for_timeout(300)  # let the loop get going (a restart would take seconds: no spare yet)
    started = time.monotonic()
    page.click('[data-testid="stop"]')
    page.locator('[data-testid="run-stopped"]').wait_for(timeout=1000)
    app.wait_for_python()
    assert time.monotonic() - started < 1.0


def test_served_under_a_sub_path(browser, built_site, tmp_path, server_for, seed):
    (tmp_path / "course").symlink_to(built_site, target_is_directory=True)
    url = server_for(tmp_path, "--no-isolation") + "course/"
    app = App(browser, url, service_workers="allow")
    try:
        page = app.open(LESSON, wait_for_python=False)
        wait_until_isolated(page)
        assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == url + "sw.js"
        app.context.set_offline(True)
        page.reload()
        app.wait_for_python()
        pass_practice(app, seed)
    finally:
        check_and_close(app)


def test_a_rebuilt_site_is_picked_up_with_a_new_version_notice(browser, built_site, tmp_path, server_for, course, seed):
    site = tmp_path / "site"
    shutil.copytree(built_site, site)
    url = server_for(site)
    app = App(browser, url, service_workers="allow")
    try:
        page = app.open(LESSON, wait_for_python=False)
        wait_for_service_worker(page)
        changed = json.loads(json.dumps(course))
        next(lesson for lesson in changed["lessons"] if lesson["id"] == SEED_LESSON)["title"] = "A changed title"
        (tmp_path / "lessons.json").write_text(json.dumps(changed))
        subprocess.run(["node", "scripts/build.mjs", "--out", str(site), "--lessons", str(tmp_path / "lessons.json")],
                       cwd=ROOT, check=True, capture_output=True)

        page.reload()  # the next visit: still the old build, and the notice
        notice = page.locator('[data-testid="new-version"]')
        notice.wait_for(timeout=60_000)
        assert "A new version is available — reload" in notice.inner_text()
        assert page.locator("main h1").inner_text() == seed["title"]
        notice.locator('[data-testid="reload"]').click()
        page.get_by_role("heading", level=1, name="A changed title").wait_for(timeout=30_000)
        app.wait_for_python()
    finally:
        check_and_close(app)


def test_a_failed_runtime_download_names_the_file_and_retry_recovers(open_app):
    app = open_app()
    app.context.route("**/pyodide.asm.wasm", lambda route: route.abort())
    started = time.monotonic()
    page = app.open("#/", wait_for_python=False)
    failure = page.locator(BOOT_FAILURE)
    failure.wait_for(timeout=30_000)
    assert time.monotonic() - started < 30
    assert "vendor/pyodide/pyodide.asm.wasm could not be downloaded" in failure.inner_text()
    assert page.get_attribute('[data-testid="python-status"]', "data-state") == "failed"
    app.context.unroute("**/pyodide.asm.wasm")
    failure.locator('[data-testid="retry-python"]').click()
    app.wait_for_python()
    assert not page.locator(BOOT_FAILURE).is_visible()


def test_a_boot_stage_that_hangs_is_reported_by_the_watchdog(open_app):
    app = open_app(query="?boot-timeout=2")
    app.context.route("**/pyodide.asm.wasm", lambda route: None)  # never answered
    page = app.open("#/", wait_for_python=False)
    failure = page.locator(BOOT_FAILURE)
    failure.wait_for(timeout=20_000)
    assert "stopped making progress while loading (nothing for 2 s)" in failure.inner_text()


def test_a_failed_lessons_download_is_not_reported_as_a_content_problem(open_app, seed):
    app = open_app()
    app.context.route("**/lessons.json", lambda route: route.abort())
    page = app.open("#/", wait_for_python=False)
    error = page.locator('[data-testid="course-error"]')
    assert "lessons.json could not be downloaded" in error.inner_text()
    assert "has problems" not in error.inner_text()
    app.context.unroute("**/lessons.json")
    page.click('[data-testid="retry-course"]')
    page.get_by_role("link", name=seed["title"], exact=True).wait_for()
