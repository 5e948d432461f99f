"""Python boots from a memory snapshot (app/boot-engine.js): the first worker captures its Python
with torch imported, the page keeps it (in IndexedDB between visits, app/snapshot-store.js), and
later workers restore it instead of booting the long way. A learner must not be able to tell:
what a new process draws afresh (random's seed, torch's default generator) differs from boot to
boot, seeded streams print as after a normal boot, and a snapshot this build cannot use (another
build's, or damaged) means a normal boot, never a broken Python.
"""
import time

from playwright.sync_api import Error as PlaywrightError

STATUS = '[data-testid="python-status"]'
PROGRAM = (
    "import random, torch\n"
    "print(random.random(), torch.initial_seed())\n"
    "torch.manual_seed(0)\n"
    "print(torch.randn(3, requires_grad=True).exp().sum())\n"
)
STORED = """() => new Promise((resolve) => {
  const request = indexedDB.open("autograd-course-python", 1);
  request.onupgradeneeded = () => request.result.createObjectStore("snapshots");
  request.onsuccess = () => {
    const get = request.result.transaction("snapshots").objectStore("snapshots").get("python");
    get.onsuccess = () => { request.result.close(); resolve(get.result ? get.result.id : null); };
  };
  request.onerror = () => resolve(null);
})"""
REPLACE_STORED = """image => new Promise((resolve) => {
  const request = indexedDB.open("autograd-course-python", 1);
  request.onsuccess = () => {
    const transaction = request.result.transaction("snapshots", "readwrite");
    transaction.objectStore("snapshots").put({ id: image.id, bytes: new Blob([new Uint8Array(image.size)]) }, "python");
    transaction.oncomplete = () => { request.result.close(); resolve(); };
  };
})"""


def lesson_route(lesson):
    return f"#/lesson/{lesson['id']}"


def from_snapshot(app):
    return app.page.get_attribute(STATUS, "data-from-snapshot") == "true"


def stored_snapshot(app):
    app.page.wait_for_function(f"({STORED})()", timeout=60_000)
    return app.page.evaluate(STORED)


def reload(app):
    app.page.reload()
    app.page.locator("main h1").wait_for()
    app.wait_for_python()


def test_a_repeat_visit_boots_from_the_snapshot_as_a_new_python_would(open_app, seed):
    app = open_app()
    app.open(lesson_route(seed))
    assert not from_snapshot(app)
    normal = app.run(PROGRAM).splitlines()
    stored_snapshot(app)
    restored = []
    for _ in range(2):
        reload(app)
        assert from_snapshot(app)
        restored.append(app.run(PROGRAM).splitlines())
    draws = [normal[0], restored[0][0], restored[1][0]]
    assert len(set(draws)) == 3, draws  # fresh seeds for random and torch on every boot
    assert restored[0][1:] == restored[1][1:] == normal[1:]  # seeded: as after a normal boot


def test_a_snapshot_this_build_cannot_use_means_a_normal_boot(open_app, seed):
    app = open_app()
    app.open(lesson_route(seed))
    snapshot_id = stored_snapshot(app)
    for image in ({"id": "another-build", "size": 1024}, {"id": snapshot_id, "size": 1024}):  # the latter: damaged
        app.page.evaluate(REPLACE_STORED, image)
        reload(app)
        assert not from_snapshot(app)
        assert app.run("import torch\nprint(torch.ones(2) * 3)").strip() == "tensor([3., 3.])"
        assert stored_snapshot(app) == snapshot_id  # replaced by this boot's own


def test_without_isolation_stop_replaces_the_worker_with_one_from_the_snapshot(open_app, plain_site_url, seed):
    app = open_app(base_url=plain_site_url)
    page = app.open(lesson_route(seed))
    stored_snapshot(app)
    app.run("while True:\n    pass\n", wait=False)
    page.wait_for_selector(f'{STATUS}[data-state="running"]')
    page.click('[data-testid="stop"]')
    app.wait_for_python()
    assert from_snapshot(app)
    assert app.run("import torch\nprint(torch.tensor([1.0, 2.0]).sum())").strip() == "tensor(3.)"


# True in a worker that has booted (its last step before "ready" fences off fetch, app/worker.js).
FENCED = "() => Object.getOwnPropertyDescriptor(self, 'fetch')?.writable === false"


def booted(worker):
    try:
        return worker.evaluate(FENCED)
    except PlaywrightError:  # a worker the page has terminated, still listed for a moment
        return False


def wait_for_ready_spare(page):
    """The active worker and a spare beside it, booted."""
    deadline = time.monotonic() + 60
    while sum(map(booted, page.workers)) != 2:
        assert time.monotonic() < deadline, f"no spare booted beside the active worker ({len(page.workers)} workers)"
        time.sleep(0.2)


def test_without_isolation_a_spare_from_the_snapshot_waits_so_stop_finds_python_ready_at_once(open_app, plain_site_url, seed):
    app = open_app(base_url=plain_site_url)
    page = app.open(lesson_route(seed))
    stored_snapshot(app)
    wait_for_ready_spare(page)
    app.run("while True:\n    pass\n", wait=False)
    page.wait_for_selector(f'{STATUS}[data-state="running"]')
    app.record_python_states()
    page.click('[data-testid="stop"]')
    page.locator('[data-testid="run-stopped"]').wait_for()
    assert app.python_states() == ["ready"]  # never "restarting": the spare was ready
    assert from_snapshot(app)
    assert app.run("import torch\nprint(torch.tensor([1.0, 2.0]).sum())").strip() == "tensor(3.)"
    wait_for_ready_spare(page)  # the spare that took over got a successor


SEED_STATE = "import random, torch\nprint(random.random(), torch.initial_seed())\n"


def wait_for_held_spare(page):
    """The active worker booted and a spare beside it that has not booted Python."""
    deadline = time.monotonic() + 60
    while not (len(page.workers) == 2 and sum(map(booted, page.workers)) == 1):
        assert time.monotonic() < deadline, f"no held spare beside the active worker ({len(page.workers)} workers)"
        time.sleep(0.2)


def test_on_an_isolated_page_restart_brings_python_back_from_the_snapshot_fresh(open_app, site_url, seed):
    """Stop interrupts there, so the spare worker waits held, its runtime loaded but no Python booted
    (a booted one would cost another interpreter's memory): Restart releases it, and it boots from
    the snapshot, instantiating Pyodide's runtime as the first worker compiled it, not fetching it again."""
    app = open_app()
    page = app.open(lesson_route(seed))
    assert page.evaluate("crossOriginIsolated")
    stored_snapshot(app)
    seeded = app.run("import torch\ntorch.manual_seed(5)\n" + SEED_STATE).split()
    assert seeded[1] == "5"
    wait_for_held_spare(page)
    page.click('[data-testid="restart-python"]')
    app.wait_for_python()
    assert from_snapshot(app)
    fresh = app.run(SEED_STATE).split()
    assert fresh[0] != seeded[0] and fresh[1] != "5"  # as in a new process
    assert app.run("import torch\nprint(torch.tensor([1.0, 2.0]).exp().sum())").strip() == "tensor(10.1073)"
    assert [url for url in app.requests if url.endswith(".wasm")] == [f"{site_url}vendor/pyodide/pyodide.asm.wasm"]
    wait_for_held_spare(page)  # the spare that took over got a successor
