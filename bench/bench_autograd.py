"""The scalar workload of issue 4: a chain of 0-d ops (*, +, relu, scalar *), then backward().

Times our engine per op (both array backends) and, when installed, real PyTorch in a
separate process, and prints the ratio. Also times `import torch` for our engine.
Usage: python bench/bench_autograd.py [n_ops]
"""
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
N = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000

WORKLOAD = r"""
import json, sys, time
t0 = time.perf_counter()
import torch
import_s = time.perf_counter() - t0
n = int(sys.argv[1])

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

best = None
for _ in range(3):
    t = time.perf_counter()
    x, y = chain()
    y.backward()
    dt = time.perf_counter() - t
    best = dt if best is None else min(best, dt)
print(json.dumps({"per_op_us": best / n * 1e6, "import_ms": import_s * 1e3, "grad": x.grad.item()}))
"""


def run(env_extra, use_engine):
    env = dict(os.environ, **env_extra)
    if use_engine:
        env["PYTHONPATH"] = os.path.join(ROOT, "pyengine")
    out = subprocess.run([sys.executable, "-c", WORKLOAD, str(N)], env=env, capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout)


def main():
    print(f"scalar chain: {N} ops on 0-d tensors, then backward (best of 3)")
    try:
        real = run({}, use_engine=False)
        print(f"  real PyTorch         {real['per_op_us']:6.2f} us/op")
    except subprocess.CalledProcessError:
        real = None
        print("  real PyTorch         not installed")
    for backend in ("python", "numpy"):
        ours = run({"PYENGINE_BACKEND": backend}, use_engine=True)
        ratio = f"  ratio {ours['per_op_us'] / real['per_op_us']:.2f}" if real else ""
        print(f"  pyengine ({backend:6}) {ours['per_op_us']:6.2f} us/op{ratio}   "
              f"import torch {ours['import_ms']:.0f} ms")
        if real and abs(ours["grad"] - real["grad"]) > 1e-3 * abs(real["grad"]):
            print(f"  WARNING: gradients differ: {ours['grad']} vs {real['grad']}")


if __name__ == "__main__":
    main()
