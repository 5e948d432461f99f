"""What the browser benchmarks (bench_app, bench_offline, bench_embed) share: Chromium's flags, the
course's "Python ready" selector, Stop's timing, a logging static server and the figures' summary."""
import os
import re
import statistics
import subprocess
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIST = os.path.join(ROOT, "dist")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
READY = '[data-testid="python-status"][data-state="ready"]'


def ms(since):
    """Milliseconds since a time.perf_counter() reading."""
    return (time.perf_counter() - since) * 1000


def summary(values):
    return f"{statistics.median(values):8.0f} ms  ({min(values):.0f}-{max(values):.0f})"


# Clicks a control and times in the page until Python is ready again.
CLICK_UNTIL_READY = """async (testid) => {
  const start = performance.now();
  document.querySelector(`[data-testid="${testid}"]`).click();
  await new Promise((rendered) => setTimeout(rendered)); // the page renders the click's outcome in a microtask
  const ready = () => document.querySelector('[data-testid="python-status"]').dataset.state === "ready";
  await new Promise((resolve) => {
    const observer = new MutationObserver(() => ready() && (observer.disconnect(), resolve()));
    observer.observe(document.body, { attributes: true, subtree: true, attributeFilter: ["data-state"] });
    if (ready()) observer.disconnect(), resolve();
  });
  return performance.now() - start;
}"""


def stop_ms(page):
    """Stop -> Python ready again, stopping `while True: pass` in the practice editor."""
    page.locator('[data-testid="editor"] .cm-content').first.fill("while True:\n    pass\n")
    page.click('[data-testid="run"]')
    page.wait_for_selector('[data-testid="python-status"][data-state="running"]')
    time.sleep(0.3)
    return page.evaluate(CLICK_UNTIL_READY, "stop")


class LoggingServer:
    """scripts/serve.mjs --no-isolation --log; `lines` collects (path, status, bytes, encoding)."""

    def __init__(self, dist=DIST):
        self.process = subprocess.Popen(["node", "scripts/serve.mjs", "--port", "0", "--dir", str(dist), "--no-isolation", "--log"],
                                        cwd=ROOT, stdout=subprocess.PIPE, text=True)
        self.url = re.search(r"http://127\.0\.0\.1:\d+/", self.process.stdout.readline()).group(0)
        self.lines = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            method, path, status, size, encoding = line.split()
            self.lines.append((path, int(status), int(size), encoding))

    def take(self):
        time.sleep(0.5)  # let the last log lines arrive
        lines, self.lines = self.lines, []
        return lines

    def stop(self):
        self.process.terminate()
        self.process.wait()


def until_isolated(page):
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if page.evaluate("crossOriginIsolated && navigator.serviceWorker.controller !== null"):
                return
        except Exception:  # the page reloads itself once
            pass
        time.sleep(0.2)
    raise RuntimeError("the page never became cross-origin isolated")
