"""The browser's numpy against real numpy: the "Learning PyTorch with Examples" numpy warm-up
(2,000 points; 2,000 steps as the tutorial, or --steps N) inside Pyodide under Node
(tests/pyodide/run_python.mjs, the browser's numpy) and under real numpy in CPython; prints both
times per step and their ratio.

    .venv/bin/python bench/bench_numpy.py [--steps N]
"""
import argparse
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

PROGRAM = """
import math, time
import numpy as np
np.random.seed(0)
x = np.linspace(-math.pi, math.pi, 2000)
y = np.sin(x)
a, b, c, d = np.random.randn(), np.random.randn(), np.random.randn(), np.random.randn()
learning_rate = 1e-6
start = time.perf_counter()
for t in range(STEPS):
    y_pred = a + b * x + c * x ** 2 + d * x ** 3
    loss = np.square(y_pred - y).sum()
    grad_y_pred = 2.0 * (y_pred - y)
    grad_a = grad_y_pred.sum()
    grad_b = (grad_y_pred * x).sum()
    grad_c = (grad_y_pred * x ** 2).sum()
    grad_d = (grad_y_pred * x ** 3).sum()
    a -= learning_rate * grad_a
    b -= learning_rate * grad_b
    c -= learning_rate * grad_c
    d -= learning_rate * grad_d
print((time.perf_counter() - start) * 1000 / STEPS, loss)
"""


def run(command, source):
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as file:
        file.write(source)
    try:
        out = subprocess.run(command + [file.name], capture_output=True, text=True, check=True).stdout.split()
    finally:
        os.unlink(file.name)
    return float(out[0]), out[1]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=2000)
    steps = parser.parse_args().steps
    source = PROGRAM.replace("STEPS", str(steps))
    ours, our_loss = run(["node", os.path.join(ROOT, "tests", "pyodide", "run_python.mjs")], source)
    real, real_loss = run([sys.executable], source)
    print(f"numpy warm-up, 2000 points, {steps} steps: browser numpy in Pyodide {ours:.2f} ms/step, "
          f"real numpy {real:.3f} ms/step, ratio {ours / real:.0f}x (final loss {our_loss} vs {real_loss})")


if __name__ == "__main__":
    main()
