"""Fixtures for the browser tests: the built dist/ served on 127.0.0.1, one shared Chromium, and
`App` pages that record every request so each test can assert nothing left the local server.

The site is served twice: cross-origin isolated (Stop interrupts Python through a SharedArrayBuffer)
and plain (Stop terminates and restarts the worker).
"""

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
SEED_LESSON = "computational-graph"
PYTHON_READY_TIMEOUT_MS = 60_000
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def chromium_path():
    """Debian's chromium when present (CHROMIUM overrides); None means Playwright's own browser."""
    path = os.environ.get("CHROMIUM") or shutil.which("chromium")
    return path if path and Path(path).exists() else None


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    args = {**browser_type_launch_args, "args": CHROMIUM_ARGS}
    if chromium_path():
        args["executable_path"] = chromium_path()
    return args


@pytest.fixture(scope="session")
def built_site():
    if not (DIST / "index.html").exists():
        subprocess.run(["node", "scripts/build.mjs"], cwd=ROOT, check=True)
    return DIST


def serve(extra_args, directory=DIST):
    """Starts scripts/serve.mjs on a free port: (process, "http://127.0.0.1:PORT/")."""
    server = subprocess.Popen(
        ["node", "scripts/serve.mjs", "--port", "0", "--dir", str(directory), *extra_args],
        cwd=ROOT, stdout=subprocess.PIPE, text=True,
    )
    line = server.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:\d+/", line)
    if not match:
        server.kill()
        raise RuntimeError(f"the test server did not start: {line!r}")
    return server, match.group(0)


@pytest.fixture(scope="session")
def site_url(built_site):
    """The site with COOP/COEP headers (cross-origin isolated)."""
    server, url = serve([])
    yield url
    server.terminate()
    server.wait()


@pytest.fixture(scope="session")
def plain_site_url(built_site):
    """The site without isolation headers, as on a static host that cannot set them."""
    server, url = serve(["--no-isolation"])
    yield url
    server.terminate()
    server.wait()


@pytest.fixture(scope="session")
def serve_folder():
    """Factory: serve_folder(path) → the URL of `path` on its own plain static server, i.e. another
    origin than the course's files, as a docs site that embeds them."""
    servers = []

    def serve_plain(directory):
        server, url = serve(["--no-isolation"], directory)
        servers.append(server)
        return url

    yield serve_plain
    for server in servers:
        server.terminate()
        server.wait()


@pytest.fixture(scope="session")
def course():
    return json.loads((ROOT / "lessons.json").read_text())


@pytest.fixture(scope="session")
def seed(course):
    return next(lesson for lesson in course["lessons"] if lesson["id"] == SEED_LESSON)


@pytest.fixture(scope="session")
def localize():
    """localize(lesson, language): the lesson as the app shows it in `language`, each text from
    its translation where it has one (app/i18n/course.js)."""
    return _localized


def _localized(lesson, language):
    def overlay(english, translated):
        if translated is None:
            return english
        if isinstance(english, str):
            return translated if isinstance(translated, str) else english
        if isinstance(english, list):
            same_length = isinstance(translated, list) and len(translated) == len(english)
            return [overlay(e, t) for e, t in zip(english, translated)] if same_length else english
        if isinstance(english, dict):
            return {key: overlay(value, translated.get(key)) for key, value in english.items()}
        return english
    return overlay(lesson, lesson.get("translations", {}).get(language))


class App:
    """One browser context on the course, with helpers that act as a learner would."""

    def __init__(self, browser, base_url, *, query="", viewport=None, has_touch=False, init_script=None, accept_downloads=False,
                 service_workers="block", **context_options):
        """service_workers="allow" lets the app's service worker install (offline use, isolation on a
        plain host, updates); blocked by default, so that other tests see one page load and plain
        hosts stay unisolated. context_options go to browser.new_context (color_scheme, locale,
        reduced_motion, ...)."""
        self.base_url = base_url
        self.query = query
        self.context = browser.new_context(viewport=viewport, has_touch=has_touch, accept_downloads=accept_downloads,
                                           service_workers=service_workers, **context_options)
        if init_script:
            self.context.add_init_script(init_script)
        self.requests = []
        self.errors = []
        self.context.on("request", lambda request: self.requests.append(request.url))
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.native_dialogs = []  # the app asks in-page; any alert()/confirm() is recorded as a defect
        self.page.on("dialog", self._record_native_dialog)

    def _record_native_dialog(self, dialog):
        self.native_dialogs.append(dialog.message)
        dialog.dismiss()

    def open(self, hash_route="#/", *, wait_for_python=True):
        self.page.goto(f"{self.base_url}{self.query}{hash_route}")
        self.page.locator("main h1").wait_for()  # the course (or its error report) has rendered
        if wait_for_python:
            self.wait_for_python()
        return self.page

    def go(self, hash_route):
        """Navigates inside the app (no reload: Python stays loaded)."""
        self.page.evaluate("route => { location.hash = route; }", hash_route)
        self.page.wait_for_function("route => location.hash === route", arg=hash_route)

    def wait_for_python(self):
        status = self.page.wait_for_selector('[data-testid="python-status"][data-state="ready"]', timeout=PYTHON_READY_TIMEOUT_MS)
        engine_warning = status.query_selector(".warning")
        assert engine_warning is None, f"the torch engine failed to import in Pyodide:\n{engine_warning.get_attribute('title')}"

    def record_python_states(self):
        """From now on, every state the Python status takes (python_states() lists them): a state
        shown for a moment (restarting, when a spare takes over fast) is not missed by polling."""
        self.page.evaluate("""() => {
          window.pythonStates = [];
          const status = document.querySelector('[data-testid="python-status"]');
          new MutationObserver(() => window.pythonStates.push(status.dataset.state))
            .observe(status, { attributes: true, attributeFilter: ["data-state"] });
        }""")

    def python_states(self):
        return self.page.evaluate("window.pythonStates")

    def editor(self, testid="editor"):
        return self.page.locator(f'[data-testid="{testid}"]').first

    def set_code(self, code, testid="editor"):
        self.editor(testid).locator(".cm-content").fill(code)
        assert self.code(testid) == code

    def code(self, testid="editor"):
        return self.editor(testid).evaluate("element => element.value")

    def confirm_dialog(self):
        """Confirms the in-page dialog and waits until its action has re-rendered the page."""
        self.page.click('[data-testid="dialog-confirm"]')
        self.page.locator('[data-testid="dialog"]').wait_for(state="detached")
        # The confirmed action and its render run in microtasks after the dialog is removed; a frame later they are done.
        self.page.evaluate("() => new Promise(requestAnimationFrame)")

    def run(self, code=None, *, wait=True):
        """Runs the practice program and (by default) waits until it has finished; returns the output text."""
        if code is not None:
            self.set_code(code)
        self.page.click('[data-testid="run"]')
        if wait:
            self.wait_for_run()
        return self.output()

    def wait_for_run(self, timeout=30_000):
        self.page.wait_for_selector('[data-testid="output"][data-running="false"]', timeout=timeout)

    def output(self, testid="output"):
        return self.page.inner_text(f'[data-testid="{testid}"]')

    def foreign_requests(self):
        return [url for url in self.requests if not url.startswith(self.base_url) and not url.startswith(("data:", "blob:"))]

    def close(self):
        self.context.close()


def check_and_close(app):
    """Closes the app after asserting that no request left the local server, no script failed and
    no native dialog opened."""
    try:
        assert app.foreign_requests() == []
        assert app.errors == []
        assert app.native_dialogs == []
    finally:
        app.close()


def _app_factory(browser, site_url):
    apps = []

    def make(base_url=site_url, **options):
        apps.append(App(browser, base_url, **options))
        return apps[-1]

    yield make
    for app in apps:
        check_and_close(app)


@pytest.fixture
def open_app(browser, site_url):
    """Factory: open_app(base_url=..., query=..., ...) → a fresh App, checked and closed after the test."""
    yield from _app_factory(browser, site_url)


@pytest.fixture(scope="module")
def open_module_app(browser, site_url):
    """open_app for an App that a module's tests share, checked and closed after the module."""
    yield from _app_factory(browser, site_url)


@pytest.fixture(scope="module")
def lesson_app(browser, site_url):
    """The seed lesson with Python ready, shared by a module's tests (booting Python costs seconds)."""
    app = App(browser, site_url)
    app.open(f"#/lesson/{SEED_LESSON}")
    yield app
    check_and_close(app)
