"""Offline classroom figures (issue 14), in headless Chromium against scripts/serve.mjs --log on a
plain host (no COOP/COEP headers, as most static hosts):

  first visit: requests and body bytes on the wire (as served: brotli/gzip), against the same
               files uncompressed; it includes the service worker's precache of the whole build
  repeat visit: requests that reach the server (target 0; the browser's check for a new sw.js
               is counted and listed)
  navigation -> "Python ready": http cold (new context), http warm (served by the service worker),
               file:// (dist/index.html opened from disk)
  Stop -> Python ready, stopping `while True: pass`: without the service worker (restart) and
               with it (the page is cross-origin isolated: interrupt)

Median (min-max) of N. Needs dist/ (npm run build). Usage: python bench/bench_offline.py [N]
"""
import os
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

from common import ARGS, READY, LoggingServer, stop_ms, summary, until_isolated

DIST = Path(__file__).resolve().parents[1] / "dist"
N = int(sys.argv[1]) if len(sys.argv) > 1 else 3
LESSON = "#/lesson/computational-graph"


def boot_ms(page, url):
    page.goto(url)
    page.wait_for_selector(READY, timeout=120_000)
    return page.evaluate("performance.now()")  # from navigation start


def raw_size(path):
    file = DIST / path.split("?")[0].lstrip("/")
    return (file / "index.html" if file.is_dir() else file).stat().st_size


def main():
    server = LoggingServer()
    first, repeat, cold, warm, disk, stop_restart, stop_interrupt = [], [], [], [], [], [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=ARGS)
        for _ in range(N):
            context = browser.new_context(service_workers="block")  # as before this change
            page = context.new_page()
            cold.append(boot_ms(page, server.url + LESSON))
            stop_restart.append(stop_ms(page))
            context.close()
            server.take()

            context = browser.new_context(service_workers="allow")
            page = context.new_page()
            page.goto(server.url + LESSON)
            until_isolated(page)  # the service worker has precached everything, the page reloaded once
            page.wait_for_selector(READY, timeout=120_000)
            stop_interrupt.append(stop_ms(page))
            first.append(server.take())
            page.close()
            page = context.new_page()
            warm.append(boot_ms(page, server.url + LESSON))
            repeat.append(server.take())
            context.close()

            context = browser.new_context()
            disk.append(boot_ms(context.new_page(), (DIST / "index.html").as_uri() + LESSON))
            context.close()
        browser.close()
    server.stop()

    visit = first[-1]
    wire = sum(size for _, _, size, _ in visit)
    raw = sum(raw_size(path) for path, status, _, _ in visit if status == 200)
    print(f"first visit (plain host, with the service worker's precache): {len(visit)} requests, "
          f"{wire / 1e6:.2f} MB on the wire; the same files uncompressed {raw / 1e6:.2f} MB (ratio {wire / raw:.2f})")
    encodings = {}
    for _, _, size, encoding in visit:
        encodings[encoding] = encodings.get(encoding, 0) + size
    print("  by encoding: " + ", ".join(f"{name} {size / 1e6:.2f} MB" for name, size in sorted(encodings.items())))
    print(f"repeat visit: requests reaching the server per visit {[len(lines) for lines in repeat]}: "
          f"{sorted({path for lines in repeat for path, *_ in lines})}")
    print(f"navigation -> Python ready, http cold (new context, no SW): {summary(cold)}")
    print(f"navigation -> Python ready, http warm (service worker):     {summary(warm)}   ratio warm/cold {statistics.median(warm) / statistics.median(cold):.2f}")
    print(f"navigation -> Python ready, file:// (dist/index.html):      {summary(disk)}")
    print(f"Stop -> Python ready, plain host, no service worker (restart): {summary(stop_restart)}")
    print(f"Stop -> Python ready, plain host, service worker (interrupt):  {summary(stop_interrupt)}   "
          f"ratio {statistics.median(stop_interrupt) / statistics.median(stop_restart):.3f}")


if __name__ == "__main__":
    main()
