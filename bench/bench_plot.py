"""Figures in the page (issue 34): a 10,000-point line drawn in Chromium, from the message that brings
the figure to the page to its SVG in the document (the page's "figure-draw" performance measures,
app/figures/view.js), the first figure of a page (which loads the renderer, plot.js) and later ones;
and what the program's plt.show() (the figure's JSON) and `import matplotlib.pyplot` (each run imports
it afresh) cost in the worker. Goal: ≤ 100 ms a draw.

    .venv/bin/python bench/bench_plot.py [N]

Needs a built site (node scripts/build.mjs).
"""
import os
import statistics
import subprocess
import sys

from playwright.sync_api import sync_playwright

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import ARGS, DIST, READY, ROOT  # noqa: E402

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 5
GOAL_MS = 100
PROGRAM = """import math, time
started = time.perf_counter()
import matplotlib.pyplot as plt
print(f"{(time.perf_counter() - started) * 1000:.1f}")
x = [i / 1000 for i in range(10_000)]
plt.plot(x, [math.sin(v) + 0.1 * math.sin(37 * v) for v in x], label='signal')
plt.title('10,000 points'); plt.legend()
started = time.perf_counter()
plt.show()
print(f"{(time.perf_counter() - started) * 1000:.1f}")
"""
DRAWS = """() => performance.getEntriesByName("figure-draw").map((entry) => entry.duration)"""


def main():
    server = subprocess.Popen(["node", "scripts/serve.mjs", "--port", "0", "--dir", DIST], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    url = server.stdout.readline().split()[-1]
    url = url[url.index("http"):]
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(f"{url}#/lesson/computational-graph")
            page.wait_for_selector(READY, timeout=120_000)
            page.locator('[data-testid="editor"] .cm-content').first.fill(PROGRAM)
            show_ms, import_ms = [], []
            for run in range(RUNS + 1):
                page.click('[data-testid="run"]')
                page.wait_for_selector('[data-testid="output"][data-running="false"]', timeout=60_000)
                page.wait_for_function("(count) => performance.getEntriesByName('figure-draw').length >= count", arg=run + 1)
                imported, shown = page.inner_text('[data-testid="output"]').split()[:2]
                import_ms.append(float(imported))
                show_ms.append(float(shown))
            draws = page.evaluate(DRAWS)
            browser.close()
    finally:
        server.terminate()
    first, later = draws[0], draws[1:]
    print("a 10,000-point line, message to SVG in the page (Chromium):")
    print(f"  first figure of the page (loads plot.js): {first:7.1f} ms")
    print(f"  later figures, median of {len(later)}:        {statistics.median(later):7.1f} ms  ({min(later):.1f}-{max(later):.1f})"
          f"  goal ≤ {GOAL_MS} ms: {'met' if statistics.median(later) <= GOAL_MS else 'NOT met'}")
    print(f"  plt.show() in the worker (the figure's JSON), median: {statistics.median(show_ms):7.1f} ms")
    print(f"  import matplotlib.pyplot in the worker, median:       {statistics.median(import_ms):7.1f} ms")


if __name__ == "__main__":
    main()
