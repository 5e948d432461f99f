"""`import torch` in CPython with a bytecode cache (issue #15's target: ≤ 100 ms), on both array
backends, as the median of N new processes; also the worker's boot import (torch with nn, optim
and utils.data). With BEFORE (another checkout, e.g. main's), its engine is measured in the same
run, interleaved process by process, and each figure is printed with the ratio this/before.

Each engine's bytecode is written once to a cache of its own (PYTHONPYCACHEPREFIX) before the
measured runs; PYTHONDONTWRITEBYTECODE is dropped so that it can be.
Usage: python bench/bench_import.py [N [BEFORE]]
"""
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IMPORTS = {"import torch": "import torch",
           "boot import (torch, nn, optim, utils.data)": "import torch, torch.nn, torch.optim, torch.utils.data"}
TARGET_MS = 100


def import_ms(engine, backend, statement, cache):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPATH=engine, PYENGINE_BACKEND=backend, PYTHONPYCACHEPREFIX=cache)
    code = f"import time; t = time.perf_counter(); {statement}; print((time.perf_counter() - t) * 1000)"
    return float(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                                check=True).stdout)


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    engines = {"this": os.path.join(ROOT, "pyengine")}
    if len(sys.argv) > 2:
        engines["before"] = os.path.join(os.path.abspath(sys.argv[2]), "pyengine")
    print(f"load average {os.getloadavg()[0]:.1f}; median of {runs} new processes per figure")
    with tempfile.TemporaryDirectory() as cache:
        for backend in ("python", "numpy"):
            for label, statement in IMPORTS.items():
                times = {name: [] for name in engines}
                for name, engine in engines.items():  # writes the bytecode cache
                    import_ms(engine, backend, statement, os.path.join(cache, name))
                for _ in range(runs):
                    for name, engine in engines.items():
                        times[name].append(import_ms(engine, backend, statement, os.path.join(cache, name)))
                medians = {name: statistics.median(values) for name, values in times.items()}
                line = f"{backend:6} {label:44} this {medians['this']:6.0f} ms ({min(times['this']):.0f}-{max(times['this']):.0f})"
                if "before" in medians:
                    line += f"  before {medians['before']:6.0f} ms  ratio {medians['this'] / medians['before']:.2f}"
                if label == "import torch":
                    line += f"  target ≤ {TARGET_MS} ms: {'meets' if medians['this'] <= TARGET_MS else 'MISSES'}"
                print(line, flush=True)
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
