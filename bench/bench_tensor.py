"""Tensor throughput: elementwise add/mul on contiguous float32 tensors and a 256x256 matmul,
for each of our backends, numpy itself and real PyTorch (when installed), with ratios.

    .venv/bin/python bench/bench_tensor.py

Each measurement runs in its own process (our engine and real torch are both `torch`).
Targets (issue 3): pure Python >= 10 M element-ops/s elementwise; the numpy backend within
2x of real PyTorch on the matmul.
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
N = 1_000_000

WORKLOAD = r"""
import json, sys, time
kind, n = sys.argv[1], int(sys.argv[2])
mm_repeat = int(sys.argv[3]) if len(sys.argv) > 3 else 3  # bench_browser.py: more, on a busy machine

def best(fn, repeat=5):
    fn()
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)

if kind == "numpy":
    import numpy as np
    a = np.linspace(0, 1, n, dtype=np.float32); b = a[::-1].copy()
    m1 = np.ones((256, 256), np.float32); m2 = np.ones((256, 256), np.float32)
    add, mul, mm = (lambda: a + b), (lambda: a * b), (lambda: m1 @ m2)
else:
    import torch
    a = torch.linspace(0, 1, n); b = a.flip(0)
    m1 = torch.ones(256, 256); m2 = torch.ones(256, 256)
    add, mul, mm = (lambda: a + b), (lambda: a * b), (lambda: m1 @ m2)
print(json.dumps({"add": best(add), "mul": best(mul), "mm": best(mm, mm_repeat)}))
"""


def run(kind, env_extra):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH" and not k.startswith("PYENGINE_")}
    env.update(env_extra)
    proc = subprocess.run([sys.executable, "-c", WORKLOAD, kind, str(N)], env=env, capture_output=True,
                          text=True, cwd="/")
    if proc.returncode:
        return None
    return json.loads(proc.stdout)


def main():
    engine = os.path.join(ROOT, "pyengine")
    rows = [("real PyTorch", run("torch", {})), ("numpy", run("numpy", {}))]
    for backend in ("python", "numpy"):
        rows.append((f"pyengine ({backend})", run("torch", {"PYTHONPATH": engine, "PYENGINE_BACKEND": backend})))
    reference = rows[0][1]
    print(f"elementwise on {N:,} float32 elements (M element-ops/s) and 256x256 matmul (ms), best of runs")
    for name, result in rows:
        if result is None:
            print(f"  {name:18s} unavailable")
            continue
        text = (f"  {name:18s} add {N / result['add'] / 1e6:8.1f}  mul {N / result['mul'] / 1e6:8.1f}  "
                f"matmul {result['mm'] * 1e3:9.2f} ms")
        if reference is not None and result is not reference:
            text += (f"   vs torch: add x{result['add'] / reference['add']:.1f}, "
                     f"matmul x{result['mm'] / reference['mm']:.1f}")
        print(text)


if __name__ == "__main__":
    main()
