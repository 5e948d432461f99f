"""Figures for issue 13 (learners' code cannot freeze the page or break later runs).

  flood: a 10**6-line print loop in headless Chromium: the worst page round trip while it runs
         (a setTimeout(0) queued on the page, timed until it fires; the median beside it), the
         output messages the page received, and the renderer processes' memory (RSS) after it
  Stop -> stopped, Stop -> Python ready: stopping an endless print loop, isolated (interrupt)
         and plain (the worker is replaced by its spare)
  clean run start: BootState.restore() before a run in Pyodide under Node, median of N, when
         nothing changed and after a program rebound engine names, patched a class and left files

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
COUNT_MESSAGES_JS = """(() => { const Original = window.Worker; window.__messages = 0;
  window.Worker = class extends Original { constructor(...args) { super(...args); this.addEventListener('message', () => window.__messages++); } }; })();"""


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
    context, page = open_lesson(browser, url)
    start(page, "while True:\n    print('flood ' * 10)\n")
    page.wait_for_timeout(1500)  # long enough for the spare worker (plain host) to boot
    started = time.perf_counter()
    page.click('[data-testid="stop"]')
    page.wait_for_selector('[data-testid="run-stopped"]')
    stopped = (time.perf_counter() - started) * 1000
    page.wait_for_selector(READY, timeout=120_000)
    figures = {"Stop -> stopped": stopped, "Stop -> Python ready": (time.perf_counter() - started) * 1000}
    context.close()
    return figures


CLEAN_RUN = r'''
import os, shutil, statistics, sys, time
repo = sys.argv[1]
home = "/home/pyodide/bench"
shutil.copytree(os.path.join(repo, "pyengine"), os.path.join(home, "pyengine"))
shutil.copy(os.path.join(repo, "app", "py", "boot_state.py"), os.path.join(home, "_course_boot_state.py"))
shutil.copy(os.path.join(repo, "app", "py", "runner.py"), os.path.join(home, "_course_runner.py"))
sys.path.insert(0, home)
import _course_runner as runner
runner.prepare(os.path.join(home, "pyengine"), home, [os.path.join(home, "work"), "/tmp"])
TAMPER = ("import torch, builtins\ntorch.tensor = None\nbuiltins.print = None\ntorch.Tensor.__add__ = None\n"
          "open('left.txt', 'w').close()\nos.remove(os.path.join(os.path.dirname(torch.__file__), 'nn', 'functional.py'))")

def main(n):
    boot_state, run = runner.boot_state, runner.run
    figures = {}
    for label, before in (("nothing changed", "pass"), ("after tampering", "import os\n" + TAMPER)):
        restores, runs = [], []
        for _ in range(n):
            run(before, [], lambda stream, text: None)
            started = time.perf_counter()
            boot_state.restore()
            restores.append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            run("pass", [], lambda stream, text: None)
            runs.append((time.perf_counter() - started) * 1000)
        figures[label] = (statistics.median(restores), min(restores), max(restores), statistics.median(runs))
    return figures

for label, (median, low, high, run_ms) in main(int(sys.argv[2])).items():
    print(f"  restore, {label:16} {median:6.1f} ms  ({low:.1f}-{high:.1f}); then run('pass') {run_ms:.1f} ms", file=sys.__stdout__)
'''


def clean_run_start(n):
    completed = subprocess.run(["node", "tests/pyodide/run_python.mjs", "-", ROOT, str(n)], cwd=ROOT, input=CLEAN_RUN,
                               capture_output=True, text=True, check=True)
    return completed.stdout


def main():
    print(f"clean run start in Pyodide under Node, median of {N * 10}:")
    print(clean_run_start(N * 10), end="")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=ARGS)
        for label, extra in (("isolated server (Stop interrupts)", []), ("plain server (Stop replaces the worker)", ["--no-isolation"])):
            server, url = serve(extra)
            try:
                runs = [{**flood(browser, url), **stop_during_flood(browser, url)} for _ in range(N)]
            finally:
                server.terminate()
            print(f"{label}, median of {N} (min-max):")
            for key in runs[0]:
                values = [run[key] for run in runs]
                print(f"  {key:24} {statistics.median(values):9.0f}  ({min(values):.0f}-{max(values):.0f})")
        browser.close()


if __name__ == "__main__":
    main()
