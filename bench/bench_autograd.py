"""The scalar workload of issue 4: a chain of 0-d ops (*, +, relu, scalar *), then backward().

Times our engine per op (both array backends) and, when installed, real PyTorch, each in a
process of its own, and prints the ratio. Times are the CPU time of the process
(time.process_time: on a shared machine it is steadier than wall time), best of N runs,
split into the forward pass (building the graph) and backward(), and says whether each backend
meets the target of issue 35 (per op at most TARGET times real PyTorch). The same chain also runs
inside Pyodide under Node (the browser's runtime: tests/pyodide/run_python.mjs, wall time there),
when Node and Pyodide are installed; its ratio to real PyTorch in CPython is for information. Also
times `import torch` for our engine, with a warm bytecode cache and a cold one (every module compiled
from source, as on a first visit to the app).
Usage: python bench/bench_autograd.py [n_ops] [runs]
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
N, RUNS = 20_000, 9  # usage above: the command line may change them
TARGET = 0.8  # issue 35: our time per op over real PyTorch's, on both backends

WORKLOAD = r"""
import json, sys, time
import torch
n, runs = int(sys.argv[1]), int(sys.argv[2])

def chain():
    x = torch.tensor(0.5, requires_grad=True)
    w = torch.tensor(1.0001, requires_grad=True)
    y = x
    for i in range(n // 4):
        y = y * w
        y = y + x
        y = y.relu()
        y = y * 0.5
    return x, y

forward = backward = float("inf")
for _ in range(runs):
    t0 = time.process_time()
    x, y = chain()
    t1 = time.process_time()
    y.backward()
    t2 = time.process_time()
    forward, backward = min(forward, t1 - t0), min(backward, t2 - t1)
    grad = x.grad.item()
    del x, y  # the graph is freed outside the timed region, as at the start of the next run
print(json.dumps({"forward_us": forward / n * 1e6, "backward_us": backward / n * 1e6, "grad": grad}))
"""

IMPORT = "import time; t = time.perf_counter(); import torch; print((time.perf_counter() - t) * 1e3)"


def _env(use_engine, **extra):
    env = dict(os.environ, **extra)
    if use_engine:
        env["PYTHONPATH"] = os.path.join(ROOT, "pyengine")
    return env


def run(use_engine, **env):
    out = subprocess.run([sys.executable, "-c", WORKLOAD, str(N), str(RUNS)], env=_env(use_engine, **env),
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def run_pyodide():
    """The chain inside Pyodide (None when Node or Pyodide is missing). time.process_time there is
    the wall clock: the figure is steadier on a quiet machine."""
    if shutil.which("node") is None:
        return None
    out = subprocess.run(["node", os.path.join(ROOT, "tests", "pyodide", "run_python.mjs"), "-", str(N), str(RUNS)],
                         input=WORKLOAD, capture_output=True, text=True)
    return json.loads(out.stdout) if out.returncode == 0 else None


def import_ms(backend, cache):
    """Wall time of `import torch` (ours), best of 3, reading bytecode from ``cache`` (a
    directory; a fresh empty one each time when None: every module is compiled)."""
    times = []
    for _ in range(3):
        with tempfile.TemporaryDirectory() as empty:
            env = _env(True, PYENGINE_BACKEND=backend, PYTHONPYCACHEPREFIX=cache or empty)
            env.pop("PYTHONDONTWRITEBYTECODE", None)  # some machines set it; the warm cache needs writing
            out = subprocess.run([sys.executable, "-c", IMPORT], env=env, capture_output=True, text=True,
                                 check=True)
            times.append(float(out.stdout))
    return min(times)


def main():
    print(f"scalar chain: {N} ops on 0-d tensors, then backward (CPU time per op, best of {RUNS})")
    print(f"  {'':20} {'forward':>8} {'backward':>9} {'total':>8}")
    try:
        real = run(use_engine=False)
    except subprocess.CalledProcessError:
        real = None
        print("  real PyTorch         not installed")
    if real:
        real_total = real["forward_us"] + real["backward_us"]
        print(f"  {'real PyTorch':20} {real['forward_us']:8.2f} {real['backward_us']:9.2f} "
              f"{real_total:8.2f} us/op")
    for backend in ("python", "numpy"):
        ours = run(use_engine=True, PYENGINE_BACKEND=backend)
        total = ours["forward_us"] + ours["backward_us"]
        ratio = f"  ratio {total / real_total:.2f} (target <= {TARGET}: " \
            f"{'met' if total / real_total <= TARGET else 'NOT met'})" if real else ""
        print(f"  {'pyengine (' + backend + ')':20} {ours['forward_us']:8.2f} {ours['backward_us']:9.2f} "
              f"{total:8.2f} us/op{ratio}")
        if real and abs(ours["grad"] - real["grad"]) > 1e-3 * abs(real["grad"]):
            print(f"  WARNING: gradients differ: {ours['grad']} vs {real['grad']}")
    browser = run_pyodide()
    if browser is None:
        print("  pyengine (Pyodide)   not measured (needs Node and Pyodide: npm install)")
    else:
        total = browser["forward_us"] + browser["backward_us"]
        ratio = f"  x{total / real_total:.2f} real PyTorch (in CPython)" if real else ""
        print(f"  {'pyengine (Pyodide)':20} {browser['forward_us']:8.2f} {browser['backward_us']:9.2f} "
              f"{total:8.2f} us/op{ratio}")
    for backend in ("python", "numpy"):
        with tempfile.TemporaryDirectory() as cache:
            import_ms(backend, cache)  # fill the bytecode cache
            print(f"  import torch (pyengine, {backend}): {import_ms(backend, cache):.0f} ms warm, "
                  f"{import_ms(backend, None):.0f} ms cold (wall time, best of 3)")


if __name__ == "__main__":
    N = int(sys.argv[1]) if len(sys.argv) > 1 else N
    RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else RUNS
    main()
