"""Timings of the app in headless Chromium against Pyodide alone in the same run (issue 15's
targets, each printed with its ratio), median of N with min-max, and the size of dist/.

  Pyodide alone: a bare page whose module worker loads Pyodide as published (node_modules/pyodide,
                 its standard library as source) and runs `print(1)`, cold (a new browser context)
                 and warm (the same context, reloaded); the targets' ratios are to this.
                 Also shown: the same page on this build's copy of the runtime (dist/vendor/pyodide,
                 the modules a boot imports precompiled, scripts/build.mjs), which is what the
                 app's own additions are measured against.
  first visit:   navigation -> Python ready with torch imported, a new context (nothing cached)
  repeat visit:  the same, the page reloaded once the first visit stored its memory snapshot
                 (the service worker serves the files, the worker boots from the snapshot)
  Run -> first output, Run -> verdict: the seed lesson's sample solution, on the repeat visit,
                 timed in the page (the Run click to the first output shown, and to the verdict)
  replacement worker: Stop -> Python ready again after `while True: pass` on a plain host (no
                 isolation headers: Stop replaces the worker), and Restart Python -> ready; each
                 after a few seconds' idle time in which a spare worker may boot (up to IDLE_S);
                 and Restart Python -> ready on the cross-origin isolated page of the repeat visit
                 (Stop interrupts there: a spare waits held, its runtime loaded but no Python
                 booted, and boots from the snapshot when Restart releases it), after the same idle time
  Navigation -> ready and the click -> ready are timed in the page, as Pyodide alone is.
  first-visit transfer: bytes on the wire, service worker precache included (plain host)
  `import torch` in CPython 3.11 with a bytecode cache, both array backends

Needs dist/ (npm run build), the venv's Playwright and Debian's chromium. With BEFORE, another
build (e.g. main's, `node scripts/build.mjs --out /tmp/before`) is measured in the same run,
interleaved, against the same Pyodide alone.
Usage: python bench/bench_app.py [N [BEFORE]]
"""
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

from common import ARGS, CLICK_UNTIL_READY, DIST, READY, ROOT, LoggingServer, stop_ms, summary, until_isolated

N = int(sys.argv[1]) if len(sys.argv) > 1 else 5
BUILDS = [("this build", DIST)] + ([("before", os.path.abspath(sys.argv[2]))] if len(sys.argv) > 2 else [])
LESSON = "#/lesson/computational-graph"
IDLE_S = 10  # the longest a learner reads before pressing Stop or Restart, here

BARE_PAGE = """<!doctype html><title>Pyodide alone</title><script>
new Worker("bare-worker.mjs", { type: "module" }).onmessage = ({ data }) => { window.ready = performance.now(); window.printed = data; };
</script>"""
BARE_WORKER = """import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
let printed = "";
const pyodide = await loadPyodide({ indexURL: new URL("./vendor/pyodide/", import.meta.url).href, stdout: (text) => (printed += text) });
pyodide.runPython("print(1)");
postMessage(printed);
"""
# Whether the page has stored the worker's memory snapshot (app/snapshot-store.js).
SNAPSHOT_STORED = """() => new Promise((resolve) => {
  const request = indexedDB.open("autograd-course-python", 1);
  request.onupgradeneeded = () => request.result.createObjectStore("snapshots");
  request.onsuccess = () => {
    const get = request.result.transaction("snapshots").objectStore("snapshots").count("python");
    get.onsuccess = () => { request.result.close(); resolve(get.result > 0); };
    get.onerror = () => resolve(false);
  };
  request.onerror = () => resolve(false);
})"""


def serve(extra, directory=DIST):
    server = subprocess.Popen(["node", "scripts/serve.mjs", "--port", "0", "--dir", directory, *extra],
                              cwd=ROOT, stdout=subprocess.PIPE, text=True)
    url = re.search(r"http://127\.0\.0\.1:\d+/", server.stdout.readline()).group(0)
    return server, url


# Records in the page when Python is first shown ready (from navigation start), so that the time
# Playwright takes to notice is not counted: Pyodide alone's page records its own time too.
RECORD_READY = f"""new MutationObserver((_, observer) => {{
  if (document.querySelector('{READY}')) {{ window.benchReady = performance.now(); observer.disconnect(); }}
}}).observe(document, {{ subtree: true, childList: true, attributes: true, attributeFilter: ["data-state"] }});"""


def ready_ms(page):
    page.wait_for_selector(READY, timeout=300_000)
    return page.evaluate("window.benchReady")


def makes_snapshots(dist):
    with open(os.path.join(dist, "app.js"), encoding="utf-8") as f:
        return "autograd-course-python" in f.read()


def wait_for_snapshot(page):
    if not page.evaluate("window.benchSnapshots"):
        return  # an earlier build, without memory snapshots
    deadline = time.monotonic() + 120
    while not page.evaluate(SNAPSHOT_STORED):
        if time.monotonic() > deadline:
            raise RuntimeError("the first visit never stored a memory snapshot")
        time.sleep(0.2)


def bare_site(runtime_files):
    """A temporary folder with the bare page and `runtime_files` (a Pyodide folder) as vendor/pyodide."""
    folder = tempfile.mkdtemp()
    for name, text in (("bare.html", BARE_PAGE), ("bare-worker.mjs", BARE_WORKER)):
        with open(os.path.join(folder, name), "w") as f:
            f.write(text)
    os.makedirs(os.path.join(folder, "vendor"))
    os.symlink(runtime_files, os.path.join(folder, "vendor", "pyodide"))
    return folder


def bare_pyodide(browser, url):
    """Pyodide alone in a worker: (cold, warm) navigation -> print(1) done."""
    context = browser.new_context()
    page = context.new_page()
    times = []
    for load in (lambda: page.goto(url + "bare.html"), page.reload):
        load()
        page.wait_for_function("window.ready !== undefined", timeout=300_000)
        assert page.evaluate("window.printed").strip() == "1"
        times.append(page.evaluate("window.ready"))
    context.close()
    return times


# Times in the page, from the Run click to the first output shown and to the verdict shown.
TIME_RUN = """() => new Promise((resolve) => {
  const times = {};
  const seen = () => {
    const now = performance.now();
    if (times.output === undefined && document.querySelector('[data-testid="output"]').innerText.trim()) times.output = now - times.click;
    if (document.querySelector('[data-testid="verdict"][data-state="pass"]')) { observer.disconnect(); resolve({ ...times, verdict: now - times.click }); }
  };
  const observer = new MutationObserver(seen);
  document.querySelector('[data-testid="run"]').addEventListener("click", () => {
    times.click = performance.now();
    observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  }, { once: true, capture: true });
})"""


def run_ms(page, code):
    """Run -> first output and Run -> verdict for `code` in the practice editor."""
    page.locator('[data-testid="editor"] .cm-content').first.fill(code)
    timed = page.evaluate_handle(f"() => ({{ done: ({TIME_RUN})() }})")
    page.click('[data-testid="run"]')
    times = timed.evaluate("handle => handle.done")
    return times["output"], times["verdict"]


# Whether a worker has booted (its last step before "ready" fences off fetch, app/worker.js), or has
# loaded Pyodide's runtime (where a spare held on an isolated page stops, app/python.js).
BOOTED = "() => Object.getOwnPropertyDescriptor(self, 'fetch')?.writable === false"
LOADED = "() => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('pyodide.asm.mjs'))"


def workers_where(page, condition):
    count = 0
    for worker in page.workers:
        try:
            count += worker.evaluate(condition)
        except Exception:
            pass  # terminated
    return count


def idle(page, spare=BOOTED):
    """A learner reading: until a spare worker (booted, or LOADED) is there beside the active one, or IDLE_S."""
    deadline = time.monotonic() + IDLE_S
    while workers_where(page, spare) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)


def restart_ms(page):
    return page.evaluate(CLICK_UNTIL_READY, "restart-python")


def new_context(browser, snapshots, **options):
    context = browser.new_context(**options)
    context.add_init_script(f"window.benchSnapshots = {json.dumps(snapshots)}; {RECORD_READY}")
    return context


def app_visits(browser, url, snapshots, solution):
    """First and repeat visit on the isolated server, with Run and Restart timings on the repeat visit."""
    context = new_context(browser, snapshots)
    page = context.new_page()
    page.goto(url + LESSON)
    first = ready_ms(page)
    wait_for_snapshot(page)
    page.reload()
    repeat = ready_ms(page)
    from_snapshot = page.get_attribute('[data-testid="python-status"]', "data-from-snapshot") == "true"
    first_output, verdict = run_ms(page, solution)
    idle(page, LOADED)
    restart = restart_ms(page)
    context.close()
    return {"first": first, "repeat": repeat, "from_snapshot": from_snapshot, "first_output": first_output, "verdict": verdict,
            "isolated_restart": restart}


def replacements(browser, url, snapshots):
    """On a plain host: Stop -> ready (the worker is replaced) and Restart Python -> ready."""
    context = new_context(browser, snapshots, service_workers="block")  # stays a plain host: no isolation by the SW
    page = context.new_page()
    page.goto(url + LESSON)
    ready_ms(page)
    wait_for_snapshot(page)  # the first worker's snapshot is what its replacements boot from
    idle(page)
    stop = stop_ms(page)
    idle(page)
    results = {"stop": stop, "restart": restart_ms(page)}
    context.close()
    return results


def first_visit_bytes(browser, dist):
    """Bytes on the wire of a first visit on a plain host, the service worker's precache included."""
    server = LoggingServer(dist)
    try:
        context = browser.new_context(service_workers="allow")
        page = context.new_page()
        page.goto(server.url + LESSON)
        until_isolated(page)
        page.wait_for_selector(READY, timeout=300_000)
        lines = server.take()
        context.close()
    finally:
        server.stop()
    return sum(size for _, _, size, _ in lines)


def cpython_import_ms(backend, repeats=5):
    """`import torch` in a new CPython process, the engine's bytecode already cached."""
    code = "import time; t = time.perf_counter(); import torch; print((time.perf_counter() - t) * 1000)"
    with tempfile.TemporaryDirectory() as cache:
        # The cache written even where the environment says not to write one (PYTHONDONTWRITEBYTECODE,
        # set on some machines, would time a compile of every module).
        env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        env.update(PYTHONPATH=os.path.join(ROOT, "pyengine"), PYENGINE_BACKEND=backend, PYTHONPYCACHEPREFIX=cache)
        times = [float(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout)
                 for _ in range(repeats + 1)]
    return times[1:]  # the first run writes the cache


def dist_size():
    total = 0
    for folder, _, files in os.walk(DIST):
        total += sum(os.path.getsize(os.path.join(folder, f)) for f in files)
    return total


def main():
    with open(os.path.join(ROOT, "lessons.json"), encoding="utf-8") as f:
        lesson = next(l for l in json.load(f)["lessons"] if l["id"] == LESSON.rsplit("/", 1)[1])
    solution = lesson["practice"]["solution"]
    print(f"dist/: {dist_size() / 1e6:.1f} MB; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    runtimes = {"published": os.path.join(ROOT, "node_modules", "pyodide"), "this build": os.path.join(DIST, "vendor", "pyodide")}
    bare_dirs = {runtime: bare_site(files) for runtime, files in runtimes.items()}
    servers = []
    try:
        bare_urls = {}
        for runtime, folder in bare_dirs.items():
            bare_server, bare_urls[runtime] = serve([], folder)
            servers.append(bare_server)
        urls = {}
        for name, dist in BUILDS:
            app_server, app_url = serve([], dist)
            plain_server, plain_url = serve(["--no-isolation"], dist)
            servers += [app_server, plain_server]
            urls[name] = (app_url, plain_url, makes_snapshots(dist))
        bare, app, replaced, transfer = {runtime: [] for runtime in bare_dirs}, {name: [] for name, _ in BUILDS}, {name: [] for name, _ in BUILDS}, {}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=ARGS)
            for _ in range(N):  # interleaved, so that a change of load touches every figure alike
                for runtime, bare_url in bare_urls.items():
                    bare[runtime].append(bare_pyodide(browser, bare_url))
                for name, (app_url, plain_url, snapshots) in urls.items():
                    app[name].append(app_visits(browser, app_url, snapshots, solution))
                    replaced[name].append(replacements(browser, plain_url, snapshots))
            for name, dist in BUILDS:
                transfer[name] = first_visit_bytes(browser, dist)
            browser.close()
    finally:
        for server in servers:
            server.terminate()
        for folder in bare_dirs.values():
            shutil.rmtree(folder)

    cold = statistics.median([b[0] for b in bare["published"]])
    warm = statistics.median([b[1] for b in bare["published"]])
    for runtime, times in bare.items():
        print(f"Pyodide alone ({runtime}; worker, print(1)), median of {N}: cold {summary([b[0] for b in times])}, "
              f"warm {summary([b[1] for b in times])}")
    built_cold = statistics.median([b[0] for b in bare["this build"]])

    def target(label, values, limit, base=None, base_name=""):
        median = statistics.median(values)
        ratio = f"  {median / base:5.2f}x {base_name}" if base else ""
        verdict = "meets" if (median / base if base else median) <= limit else "MISSES"
        bound = f"<= {limit}x {base_name}" if base else f"<= {limit:.0f} ms"
        print(f"  {label:44} {summary(values)}{ratio}   target {bound}: {verdict}")

    for name, dist in BUILDS:
        visits, stops = app[name], replaced[name]
        print(f"{name}, median of {N} (load average now {os.getloadavg()[0]:.1f}):")
        target("first visit: nav -> Python ready", [a["first"] for a in visits], 1.0, cold, "Pyodide cold")
        if dist == DIST:
            print(f"  {'':44} {statistics.median([a['first'] for a in visits]) - built_cold:+8.0f} ms over Pyodide alone on this build's runtime")
        target("repeat visit: nav -> Python ready", [a["repeat"] for a in visits], 0.35, warm, "Pyodide warm")
        print(f"  {'':44} (booted from the snapshot: {sum(a['from_snapshot'] for a in visits)} of {N})")
        for label, values in (("replacement: Stop -> ready (plain host)", [r["stop"] for r in stops]),
                              ("replacement: Restart -> ready (plain host)", [r["restart"] for r in stops]),
                              ("replacement: Restart -> ready (isolated)", [a["isolated_restart"] for a in visits])):
            target(label, values, 1000)
            print(f"  {'':44} {statistics.median(values) / warm:5.2f}x Pyodide warm")
        target("Run -> first output (seed practice)", [a["first_output"] for a in visits], 30)
        print(f"  {'Run -> verdict':44} {summary([a['verdict'] for a in visits])}")
        print(f"  {'first-visit transfer (plain host, with SW)':44} {transfer[name] / 1e6:8.2f} MB on the wire   "
              f"target <= 7 MB: {'meets' if transfer[name] <= 7e6 else 'MISSES'}")
    for backend in ("python", "numpy"):
        target(f"CPython `import torch` ({backend} backend)", cpython_import_ms(backend), 100)


if __name__ == "__main__":
    main()
