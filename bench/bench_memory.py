"""Memory a classroom laptop needs (issue 36, TEACHERS.md): Chromium's whole process tree as
proportional set size (PSS: memory shared between processes counted once, split among them), for
  blank:           the browser with one about:blank tab
  served:          one course tab on scripts/serve.mjs, Python ready, after a practice run
  from the folder: the same opened from dist/index.html (file://)
  second tab:      a second course tab beside the first (served)
and, for each, the largest renderer (the course tab with its Python workers).

Needs dist/ (node scripts/build.mjs), the venv's Playwright and Debian's chromium. Linux only (/proc).
Usage: python bench/bench_memory.py
"""
import json
import os
import re
import subprocess
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
LESSON = "computational-graph"
READY = '[data-testid="python-status"][data-state="ready"]'


def process_tree(root):
    children = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as f:
                children.setdefault(int(f.read().rsplit(")", 1)[1].split()[1]), []).append(int(pid))
        except OSError:
            pass
    tree, todo = [], [root]
    while todo:
        pid = todo.pop()
        tree.append(pid)
        todo += children.get(pid, [])
    return tree


def pss_mb(pid):
    with open(f"/proc/{pid}/smaps_rollup") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("Pss:")) / 1024


def chromium_memory():
    """(total PSS, largest renderer's PSS) in MB of the Chromium processes this script started."""
    total, renderers = 0.0, [0.0]
    for pid in process_tree(os.getpid())[1:]:
        try:
            with open(f"/proc/{pid}/cmdline") as f:
                command = f.read()
            if "chrom" not in command:
                continue
            size = pss_mb(pid)
        except OSError:
            continue
        total += size
        if "--type=renderer" in command:
            renderers.append(size)
    return round(total), round(max(renderers))


def open_lesson(context, url, solution):
    page = context.new_page()
    page.goto(f"{url}#/lesson/{LESSON}")
    page.wait_for_selector(READY, timeout=120_000)
    page.locator('[data-testid="editor"] .cm-content').first.fill(solution)
    page.click('[data-testid="run"]')
    page.wait_for_selector('[data-testid="output"][data-running="false"]', timeout=60_000)
    page.wait_for_timeout(2_000)  # the standby worker (file://, plain hosts) finishes booting
    return page


def main():
    lessons = json.loads((ROOT / "lessons.json").read_text())["lessons"]
    solution = next(lesson for lesson in lessons if lesson["id"] == LESSON)["practice"]["solution"]
    server = subprocess.Popen(["node", "scripts/serve.mjs", "--port", "0", "--dir", str(ROOT / "dist")],
                              cwd=ROOT, stdout=subprocess.PIPE, text=True)
    url = re.search(r"http://127\.0\.0\.1:\d+/", server.stdout.readline()).group(0)
    figures = {}
    try:
        with sync_playwright() as playwright:
            for how, address in (("served", url), ("from the folder", (ROOT / "dist" / "index.html").as_uri())):
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
                context = browser.new_context()
                context.new_page().goto("about:blank")
                figures.setdefault("blank", chromium_memory())
                open_lesson(context, address, solution)
                figures[how] = chromium_memory()
                if how == "served":
                    open_lesson(context, address, solution)
                    figures["second tab"] = chromium_memory()
                browser.close()
    finally:
        server.terminate()
    for name, (total, renderer) in figures.items():
        print(f"{name:16} Chromium in all {total:5} MB PSS   largest renderer {renderer:4} MB")
    print(f"one course tab adds {figures['served'][0] - figures['blank'][0]} MB served, "
          f"{figures['from the folder'][0] - figures['blank'][0]} MB from the folder; "
          f"a second tab {figures['second tab'][0] - figures['served'][0]} MB")


if __name__ == "__main__":
    main()
