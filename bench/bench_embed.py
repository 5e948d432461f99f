"""Embedding figures in headless Chromium (median of N, with min-max), on a host page served from
another port than the course's files, as a docs site would embed them:

  demo page: navigation -> first cell rendered (Run button there), and first Run click -> output
             (which includes booting Python: nothing boots before), cold (a fresh browser
             context) and warm (the same context, second load: files revalidated, 304s)
  the course itself for reference: navigation -> "Python ready" (cold), so that the ratio of the
             cells' first Run to the app's boot reads through the machine's load
  a page of 20 idle cells: requests and bytes loaded before any Run (and our scripts
             gzip-compressed, as a compressing host would send them); its first Run -> output, cold
             (no PyScript or iframe on that page, unlike the demo)

Needs dist/ (npm run build), the venv's Playwright and Debian's chromium.
Usage: python bench/bench_embed.py [N]
"""
import gzip
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

from common import ARGS, DIST, READY, ROOT, ms, summary

sys.path.insert(0, os.path.join(ROOT, "tests", "ui"))
from test_embed import host_copy  # noqa: E402  (the same host page as the tests)

N = int(sys.argv[1]) if len(sys.argv) > 1 else 3
FIRST_CELL_DONE = 'torch-cell >> nth=0 >> [data-testid="output"][data-running="false"]'


def serve(directory, extra=()):
    server = subprocess.Popen(["node", "scripts/serve.mjs", "--port", "0", "--dir", directory, *extra],
                              cwd=ROOT, stdout=subprocess.PIPE, text=True)
    url = re.search(r"http://127\.0\.0\.1:\d+/", server.stdout.readline()).group(0)
    return server, url


def first_run(page, url):
    page.goto(url)
    page.locator('torch-cell >> nth=0 >> [data-testid="run"]').wait_for()
    rendered = page.evaluate("performance.now()")  # from navigation start
    start = time.perf_counter()
    page.locator('torch-cell >> nth=0 >> [data-testid="run"]').click()
    page.wait_for_selector(FIRST_CELL_DONE, timeout=180_000)
    return rendered, ms(start)


def main():
    host_dir = tempfile.mkdtemp(prefix="embed-host-")
    course, course_url = serve(DIST, ["--no-isolation"])
    host, host_url = serve(host_dir, ["--no-isolation"])
    try:
        demo = open(os.path.join(DIST, "embed-demo.html")).read()
        with open(os.path.join(host_dir, "demo.html"), "w") as file:
            file.write(host_copy(demo, course_url))
        cells = "\n".join(f"<torch-cell>print({n} * 2)</torch-cell>" for n in range(20))
        with open(os.path.join(host_dir, "idle.html"), "w") as file:
            file.write(f'<!doctype html><title>idle</title><script type="module" src="{course_url}embed.js"></script>\n{cells}\n')

        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            figures = {"cold": ([], []), "warm": ([], [])}
            app_boots, idle_runs = [], []
            for _ in range(N):
                context = browser.new_context()
                page = context.new_page()
                page.goto(course_url + "index.html#/lesson/computational-graph")
                page.wait_for_selector(READY, timeout=180_000)
                app_boots.append(page.evaluate("performance.now()"))
                context.close()
                context = browser.new_context()
                idle_runs.append(first_run(context.new_page(), host_url + "idle.html")[1])
                context.close()
                context = browser.new_context()
                page = context.new_page()
                for kind in ("cold", "warm"):
                    rendered, run = first_run(page, host_url + "demo.html")
                    figures[kind][0].append(rendered)
                    figures[kind][1].append(run)
                context.close()
            print(f"demo page on another origin, N={N}")
            for kind, (rendered, run) in figures.items():
                print(f"  {kind}: navigation -> first cell rendered {summary(rendered)}; first Run -> output {summary(run)}")
            print(f"  the course (reference): navigation -> Python ready {summary(app_boots)}")
            print(f"  page of 20 cells only, cold: first Run -> output {summary(idle_runs)}")
            cold_run = statistics.median(figures["cold"][1])
            print(f"  ratios: warm/cold first Run -> output {statistics.median(figures['warm'][1]) / cold_run:.2f}; "
                  f"cold first Run -> output / course boot {cold_run / statistics.median(app_boots):.2f} (demo), "
                  f"{statistics.median(idle_runs) / statistics.median(app_boots):.2f} (cells only)")

            context = browser.new_context()
            page = context.new_page()
            loaded, workers = [], []
            page.on("requestfinished", lambda request: loaded.append((request.url, request.sizes()["responseBodySize"])))
            page.on("worker", lambda worker: workers.append(worker.url))
            page.goto(host_url + "idle.html", wait_until="networkidle")
            page.mouse.wheel(0, 5000)
            page.wait_for_timeout(1000)
            total = sum(size for _, size in loaded)
            print(f"page of 20 idle cells: {len(loaded)} requests, {total / 1000:.1f} kB, {len(workers)} workers")
            for url, size in loaded:
                print(f"  {size / 1000:8.1f} kB  {url}")
            ours = [open(os.path.join(DIST, url[len(course_url):]), "rb").read() for url, _ in loaded if url.startswith(course_url)]
            print(f"  our scripts (embed.js and its chunks) gzip -9: {sum(len(gzip.compress(data, 9)) for data in ours) / 1000:.1f} kB "
                  f"of {sum(map(len, ours)) / 1000:.1f} kB")
            context.close()
            browser.close()
    finally:
        for server in (course, host):
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
