"""Figures for issue 13 (learners' code cannot freeze the page or break later runs).

  flood: a 10**6-line print loop in headless Chromium: the worst page round trip while it runs
         (a setTimeout(0) queued on the page, timed until it fires; the median beside it), the
         output messages the page received, and the renderer processes' memory (RSS) after it
  Stop -> stopped, Stop -> Python ready: stopping an endless print loop, isolated (interrupt)
         and plain (the worker is replaced by its spare), timed in the page (from the click's
         handler to the DOM change) and as Playwright sees it (its click and wait add their own
         round trips, which dominate on a loaded machine)
  clean run start, in Chromium: Run clicked -> the worker's DONE at the page -> the result shown,
         with the worker's own timings from the run result (restore, run); the rest is the
         messages and the page
  clean run start, in Pyodide under Node: BootState.restore() before a run, median of N, when
         nothing changed and after a program rebound engine names, patched a class and left files;
         in CPU time of the Node process (what the machine's load does not inflate) and wall time

Needs dist/ (npm run build), the venv's Playwright and Debian's chromium, and node_modules/pyodide.
Usage: python bench/bench_robustness.py [N]
"""
import os
import re
import statistics
import subprocess
import sys
import time

from playwright.sync_api import sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
N = int(sys.argv[1]) if len(sys.argv) > 1 else 3
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
READY = '[data-testid="python-status"][data-state="ready"]'
ROUND_TRIP_JS = "() => { const start = performance.now(); return new Promise((done) => setTimeout(() => done(performance.now() - start), 0)); }"
# Counts the worker's messages, and keeps when each DONE arrived with the run's timings.
COUNT_MESSAGES_JS = """(() => { const Original = window.Worker; window.__messages = 0; window.__done = [];
  window.Worker = class extends Original { constructor(...args) { super(...args); this.addEventListener('message', ({ data }) => {
    window.__messages++;
    if (data?.type === 'done') window.__done.push({ at: performance.now(), timings: data.result.timings });
  }); } }; })();"""
# Clicks `button` and resolves with the ms until each selector in `marks` ({name: selector}) is in the page.
CLICK_AND_TIME_JS = """([button, marks]) => new Promise((done) => {
  const started = performance.now(), times = {};
  const check = () => {
    for (const [name, selector] of Object.entries(marks)) if (!(name in times) && document.querySelector(selector)) times[name] = performance.now() - started;
    if (Object.keys(times).length === Object.keys(marks).length) { observer.disconnect(); done({ started, times }); }
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  document.querySelector(button).click();
  check();
})"""


def serve(extra):
    server = subprocess.Popen(["node", "scripts/serve.mjs", "--port", "0", "--dir", os.path.join(ROOT, "dist"), *extra],
                              cwd=ROOT, stdout=subprocess.PIPE, text=True)
    return server, re.search(r"http://127\.0\.0\.1:\d+/", server.stdout.readline()).group(0)


def renderer_rss_mb():
    """Resident memory of this process tree's Chromium renderers, in MB."""
    children = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as f:
                children.setdefault(int(f.read().rsplit(")", 1)[1].split()[1]), []).append(int(pid))
        except OSError:
            pass
    total, todo = 0, [os.getpid()]
    while todo:
        pid = todo.pop()
        todo += children.get(pid, [])
        try:
            with open(f"/proc/{pid}/cmdline") as f:
                renderer = "--type=renderer" in f.read()
            if renderer:
                with open(f"/proc/{pid}/status") as f:
                    total += next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
        except OSError:
            pass
    return total / 1024


def open_lesson(browser, url):
    context = browser.new_context()
    context.add_init_script(COUNT_MESSAGES_JS)
    page = context.new_page()
    page.goto(url + "#/lesson/computational-graph")
    page.wait_for_selector(READY, timeout=120_000)
    return context, page


def start(page, code):
    page.locator('[data-testid="editor"] .cm-content').first.fill(code)
    page.click('[data-testid="run"]')
    page.wait_for_selector('[data-testid="output"][data-running="true"]')


def flood(browser, url):
    context, page = open_lesson(browser, url)
    before = renderer_rss_mb()
    messages = page.evaluate("window.__messages")
    started = time.perf_counter()
    start(page, "for i in range(10**6):\n    print(i)\n")
    trips = []
    while page.get_attribute('[data-testid="output"]', "data-running") == "true":
        trips.append(page.evaluate(ROUND_TRIP_JS))
    figures = {"flood duration": (time.perf_counter() - started) * 1000, "worst round trip": max(trips),
               "median round trip": statistics.median(trips), "messages": page.evaluate("window.__messages") - messages,
               "renderer RSS growth MB": renderer_rss_mb() - before}
    context.close()
    return figures


def stop_during_flood(browser, url):
    figures = {}
    for timed_in in ("page", "Playwright"):
        context, page = open_lesson(browser, url)
        start(page, "while True:\n    print('flood ' * 10)\n")
        page.wait_for_timeout(1500)  # long enough for the spare worker (plain host) to boot
        if timed_in == "page":
            times = page.evaluate(CLICK_AND_TIME_JS, ['[data-testid="stop"]', {"stopped": '[data-testid="run-stopped"]', "ready": READY}])["times"]
            figures.update({"Stop -> stopped (page)": times["stopped"], "Stop -> Python ready (page)": times["ready"]})
        else:
            started = time.perf_counter()
            page.click('[data-testid="stop"]')
            page.wait_for_selector('[data-testid="run-stopped"]')
            figures["Stop -> stopped (Playwright)"] = (time.perf_counter() - started) * 1000
            page.wait_for_selector(READY, timeout=120_000)
            figures["Stop -> Python ready (Playwright)"] = (time.perf_counter() - started) * 1000
        context.close()
    return figures


RUN_AND_TIME_JS = """() => new Promise((done) => {
  const before = window.__done.length, started = performance.now();
  const observer = new MutationObserver(() => {
    if (window.__done.length > before && document.querySelector('[data-testid="output"][data-running="false"]')) {
      observer.disconnect();
      done({ shown: performance.now() - started, message: window.__done.at(-1).at - started, timings: window.__done.at(-1).timings });
    }
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  document.querySelector('[data-testid="run"]').click();
})"""


def clean_run_start_in_the_page(browser, url, n):
    """Medians over n runs of an empty program: click -> DONE, of which restore and run, -> shown."""
    context, page = open_lesson(browser, url)
    page.locator('[data-testid="editor"] .cm-content').first.fill("pass")
    rows = []
    for _ in range(n):
        page.wait_for_selector(READY)
        page.wait_for_timeout(100)
        timed = page.evaluate(RUN_AND_TIME_JS)
        rows.append({"click -> DONE": timed["message"], "  restore (worker)": timed["timings"]["restoreMs"],
                     "  run (worker)": timed["timings"]["runMs"], "click -> result shown": timed["shown"]})
    context.close()
    return {key: statistics.median(row[key] for row in rows) for key in rows[0]}


CLEAN_RUN = r'''
import os, shutil, statistics, sys, time
import js
repo = sys.argv[1]
home = "/home/pyodide/bench"
shutil.copytree(os.path.join(repo, "pyengine"), os.path.join(home, "pyengine"))
shutil.copy(os.path.join(repo, "app", "py", "boot_state.py"), os.path.join(home, "_course_boot_state.py"))
shutil.copy(os.path.join(repo, "app", "py", "runner.py"), os.path.join(home, "_course_runner.py"))
sys.path.insert(0, home)
import _course_runner as runner
TAMPER = ("import torch, builtins\ntorch.tensor = None\nbuiltins.print = None\ntorch.Tensor.__add__ = None\n"
          "open('left.txt', 'w').close()\nos.remove(os.path.join(os.path.dirname(torch.__file__), 'nn', 'functional.py'))")

def cpu_ms(usage=js.process.cpuUsage):
    used = usage()
    return (used.user + used.system) / 1000

def main(n, boot_state, run, cpu_ms=cpu_ms, statistics=statistics, time=time):  # names a restore keeps
    figures = {}
    for label, before in (("nothing changed", "pass"), ("after tampering", "import os\n" + TAMPER)):
        cpu, wall, runs = [], [], []
        for _ in range(n):
            run(before, [], lambda stream, text: None)
            started, used = time.perf_counter(), cpu_ms()
            boot_state.restore()
            cpu.append(cpu_ms() - used)
            wall.append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            run("pass", [], lambda stream, text: None)
            runs.append((time.perf_counter() - started) * 1000)
        figures[label] = (statistics.median(cpu), statistics.median(wall), min(wall), max(wall), statistics.median(runs))
    return figures

runner.prepare(os.path.join(home, "pyengine"), home, [os.path.join(home, "work"), "/tmp"])
for label, (cpu, wall, low, high, run_ms) in main(int(sys.argv[2]), runner.boot_state, runner.run).items():
    print(f"  restore, {label:16} CPU {cpu:5.1f} ms, wall {wall:6.1f} ms ({low:.1f}-{high:.1f}); then run('pass') {run_ms:.1f} ms", file=sys.__stdout__)
'''


def clean_run_start(n):
    completed = subprocess.run(["node", "tests/pyodide/run_python.mjs", "-", ROOT, str(n)], cwd=ROOT, input=CLEAN_RUN,
                               capture_output=True, text=True, check=True)
    return completed.stdout


def main():
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"clean run start in Pyodide under Node, median of {N * 10}:")
    print(clean_run_start(N * 10), end="")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=ARGS)
        for label, extra in (("isolated server (Stop interrupts)", []), ("plain server (Stop replaces the worker)", ["--no-isolation"])):
            server, url = serve(extra)
            try:
                starts = clean_run_start_in_the_page(browser, url, N * 5)
                runs = [{**flood(browser, url), **stop_during_flood(browser, url)} for _ in range(N)]
            finally:
                server.terminate()
            print(f"{label}: clean run start of an empty program, median of {N * 5} (ms):")
            for key, value in starts.items():
                print(f"  {key:34} {value:9.1f}")
            print(f"{label}, median of {N} (min-max):")
            for key in runs[0]:
                values = [run[key] for run in runs]
                print(f"  {key:34} {statistics.median(values):9.0f}  ({min(values):.0f}-{max(values):.0f})")
        browser.close()
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
