"""Timings of the app in headless Chromium (median of N, with min-max), and the size of dist/.

  navigation -> "Python ready"     (a fresh browser context each time: nothing cached)
  Run -> first output, Run -> verdict   (the seed lesson's sample solution)
  Stop -> Python ready again        (stopping `while True: pass`)

Each on the cross-origin-isolated server (Stop interrupts) and on a plain one (Stop restarts
the worker). Needs dist/ (npm run build), the venv's Playwright and Debian's chromium.
Usage: python bench/bench_app.py [N]
"""
import json
import os
import re
import statistics
import subprocess
import sys
import time

from playwright.sync_api import sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIST = os.path.join(ROOT, "dist")
N = int(sys.argv[1]) if len(sys.argv) > 1 else 5
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
READY = '[data-testid="python-status"][data-state="ready"]'


def serve(extra):
    server = subprocess.Popen(["node", "scripts/serve.mjs", "--port", "0", "--dir", DIST, *extra],
                              cwd=ROOT, stdout=subprocess.PIPE, text=True)
    url = re.search(r"http://127\.0\.0\.1:\d+/", server.stdout.readline()).group(0)
    return server, url


def ms(since):
    return (time.perf_counter() - since) * 1000


def measure(browser, url, solution):
    context = browser.new_context()
    page = context.new_page()
    page.goto(url + "#/lesson/computational-graph")
    page.wait_for_selector(READY, timeout=120_000)
    boot = page.evaluate("performance.now()")  # from navigation start
    page.locator('[data-testid="editor"] .cm-content').first.fill(solution)
    start = time.perf_counter()
    page.click('[data-testid="run"]')
    page.wait_for_function("() => document.querySelector('[data-testid=\"output\"]').innerText.trim().length > 0")
    first_output = ms(start)
    page.wait_for_selector('[data-testid="verdict"][data-state="pass"]')
    verdict = ms(start)
    stop = stop_ms(page)
    context.close()
    return {"nav -> Python ready": boot, "Run -> first output": first_output,
            "Run -> verdict": verdict, "Stop -> ready again": stop}


def stop_ms(page):
    """Stop -> Python ready again, stopping `while True: pass` in the practice editor."""
    page.locator('[data-testid="editor"] .cm-content').first.fill("while True:\n    pass\n")
    page.click('[data-testid="run"]')
    page.wait_for_selector('[data-testid="python-status"][data-state="running"]')
    time.sleep(0.3)
    start = time.perf_counter()
    page.click('[data-testid="stop"]')
    page.wait_for_selector(READY, timeout=120_000)
    return ms(start)


def summary(values):
    return f"{statistics.median(values):8.0f} ms  ({min(values):.0f}-{max(values):.0f})"


def dist_size():
    total = 0
    for folder, _, files in os.walk(DIST):
        total += sum(os.path.getsize(os.path.join(folder, f)) for f in files)
    return total


def main():
    with open(os.path.join(ROOT, "lessons.json"), encoding="utf-8") as f:
        lesson = next(l for l in json.load(f)["lessons"] if l["id"] == "computational-graph")
    print(f"dist/: {dist_size() / 1e6:.1f} MB")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=ARGS)
        for label, extra in (("isolated server (Stop interrupts)", []),
                             ("plain server (Stop restarts the worker)", ["--no-isolation"])):
            server, url = serve(extra)
            try:
                runs = [measure(browser, url, lesson["practice"]["solution"]) for _ in range(N)]
            finally:
                server.terminate()
            print(f"{label}, median of {N}:")
            for key in runs[0]:
                print(f"  {key:22} {summary([r[key] for r in runs])}")
        browser.close()


if __name__ == "__main__":
    main()
