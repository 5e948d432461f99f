"""The browser's numpy against real numpy: the "Learning PyTorch with Examples" numpy warm-up
(tests/numpy_parity/programs/polynomial_warmup.py, the parity suite's copy of the tutorial: 2,000
points; 2,000 steps as the tutorial, or --steps N) inside Pyodide under Node
(tests/pyodide/run_python.mjs, the browser's numpy) and under real numpy in CPython; prints both
times per step, their ratio, and whether the two printed the same bytes. Then numpy's elementwise
functions with wasm kernels (float32: numpy's SIMD exp/log/sin/cos/tanh and glibc's float functions;
float64: tanh, glibc's exp, log, sin, cos, log1p and pow) of a 28 x 28 x 10 array in Pyodide: CPU microseconds an
element in the wasm kernels and in the Python loop they stand in for (kernels off), and their ratio,
in one process.

    .venv/bin/python bench/bench_numpy.py [--steps N]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROGRAM = os.path.join(ROOT, "tests", "numpy_parity", "programs", "polynomial_warmup.py")
PROGRAM_STEPS = "range(200)"  # the parity program's (shortened) loop

# Imports numpy first, so the time is the program's own (import costs are bench_import.py's).
DRIVER = """
import contextlib, io, json, runpy, sys, time
import numpy
out = io.StringIO()
start = time.perf_counter()
with contextlib.redirect_stdout(out):
    runpy.run_path(sys.argv[1], run_name="__main__")
print(json.dumps({"seconds": time.perf_counter() - start, "output": out.getvalue()}))
"""

MATH = """
import random, time
import numpy as np
from torch._backend import kernels
rng = random.Random(0)
x = np.array([rng.uniform(-20, 20) for _ in range(7840)]).reshape(10, 28, 28)
domains = {"log": abs, "log2": abs, "log10": abs, "log1p": abs, "arcsin": lambda v: v / 20, "arctanh": lambda v: v / 20,
           "arccosh": lambda v: abs(v) + 1}
cases = [(name, "float32") for name in ("exp", "log", "sin", "cos", "tanh", "expm1", "sinh", "cosh", "tan", "arctan",
                                        "arcsin", "exp2", "log2", "log10", "log1p", "arcsinh", "arccosh", "arctanh",
                                        "power 2.5")]
cases += [(name, "float64") for name in ("tanh", "exp", "log", "sin", "cos", "log1p", "power 2.5")]
for name, dtype in cases:
    arg = domains.get(name, lambda v: v)(x).astype(dtype)
    f = (lambda a: a ** 2.5) if name == "power 2.5" else getattr(np, name)
    times = []
    for wasm in (kernels.wasm, None):
        kernels.wasm, saved = wasm, kernels.wasm
        f(arg)  # (wasm's optimising compiler takes over after a first call)
        start = time.process_time()
        for _ in range(100 if wasm else 1):
            f(arg)
        times.append((time.process_time() - start) / (100 if wasm else 1) / x.size * 1e6)
        kernels.wasm = saved
    print(f"{dtype} {name}, 7840 elements: wasm {times[0]:.3f} us/element ({times[0] / 10:.4f} s per 100k), "
          f"Python loop {times[1]:.2f} ({times[1] / 10:.3f} s per 100k), ratio {times[1] / times[0]:.0f}x")
"""


def run(command, program, env=None):
    with tempfile.TemporaryDirectory() as folder:
        driver, target = os.path.join(folder, "driver.py"), os.path.join(folder, "warmup.py")
        with open(driver, "w") as file:
            file.write(DRIVER)
        with open(target, "w") as file:
            file.write(program)
        out = subprocess.run(command + [driver, target], capture_output=True, text=True, check=True,
                             env=env).stdout
    return json.loads(out.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=2000)
    steps = parser.parse_args().steps
    with open(PROGRAM) as file:
        source = file.read()
    assert PROGRAM_STEPS in source, f"{PROGRAM} no longer loops over {PROGRAM_STEPS}"
    program = source.replace(PROGRAM_STEPS, f"range({steps})")
    ours = run(["node", os.path.join(ROOT, "tests", "pyodide", "run_python.mjs")], program)
    # numpy on the paths the parity suite records it on (tests/gen/gen_numpy.py: below AVX-512)
    real = run([sys.executable], program, dict(os.environ, NPY_DISABLE_CPU_FEATURES="X86_V4"))
    ours_ms, real_ms = ours["seconds"] * 1000 / steps, real["seconds"] * 1000 / steps
    same = "the same output" if ours["output"] == real["output"] else "DIFFERENT output"
    print(f"numpy warm-up, 2000 points, {steps} steps: browser numpy in Pyodide {ours_ms:.3f} ms/step, "
          f"real numpy {real_ms:.4f} ms/step, ratio {ours_ms / real_ms:.0f}x ({same})")
    print(subprocess.run(["node", os.path.join(ROOT, "tests", "pyodide", "run_python.mjs"), "-"], input=MATH,
                         capture_output=True, text=True, check=True).stdout, end="")


if __name__ == "__main__":
    main()
