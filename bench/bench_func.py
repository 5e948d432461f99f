"""torch.func workloads of issue 31, for our engine (both array backends) and real PyTorch, each in a
process of its own, in one run:

* per-sample gradients of a small MLP (16 -> 32 -> 10, cross-entropy, a batch of 32): vmap(grad(...))
  against a Python loop of torch.autograd.grad, one sample at a time;
* jacrev of a 100 -> 100 function (tanh(W x + b)).

Times are the CPU time of the process (time.process_time: steadier than wall time on a shared
machine), best of N runs after one warm-up call. Printed: each time, vmap's speed-up over the loop in each engine, and our
time over real PyTorch's; also whether the results agree with real PyTorch's.
Usage: python bench/bench_func.py [runs]
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNS = 5

WORKLOAD = r"""
import json, sys, time
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, jacrev, vmap

runs = int(sys.argv[1])
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 10))
data, targets = torch.randn(32, 16), torch.randint(10, (32,))
params = {k: v.detach() for k, v in model.named_parameters()}


def loss_of(params, x, y):
    return F.cross_entropy(functional_call(model, params, (x.unsqueeze(0),)), y.unsqueeze(0))


def with_vmap():
    return vmap(grad(loss_of), in_dims=(None, 0, 0))(params, data, targets)


def with_loop():
    leaves = list(model.parameters())
    rows = [torch.autograd.grad(F.cross_entropy(model(data[i:i + 1]), targets[i:i + 1]), leaves)
            for i in range(len(data))]
    return {name: torch.stack(g) for name, g in zip(params, zip(*rows))}


W, b, x = torch.randn(100, 100) / 10, torch.randn(100), torch.randn(100)


def jacobian():
    return jacrev(lambda x: torch.tanh(W @ x + b))(x)


def best(fn):
    fn()  # warm-up: first calls load code paths (PyTorch's functorch included)
    t = float("inf")
    for _ in range(runs):
        t0 = time.process_time()
        out = fn()
        t = min(t, time.process_time() - t0)
    return t * 1e3, out


vmap_ms, per_sample = best(with_vmap)
loop_ms, looped = best(with_loop)
jac_ms, jac = best(jacobian)
print(json.dumps({"vmap_ms": vmap_ms, "loop_ms": loop_ms, "jacrev_ms": jac_ms,
                  "agree": all(torch.allclose(per_sample[k], looped[k], atol=1e-6) for k in params),
                  "checksum": [per_sample["2.bias"].sum().item(), jac.sum().item()]}))
"""


def run(use_engine, **env):
    env = dict(os.environ, **env)
    if use_engine:
        env["PYTHONPATH"] = os.path.join(ROOT, "pyengine")
    out = subprocess.run([sys.executable, "-c", WORKLOAD, str(RUNS)], env=env, capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout)


def main():
    print(f"torch.func: CPU time in ms, best of {RUNS}")
    print(f"  {'':20} {'vmap(grad)':>10} {'grad loop':>10} {'loop/vmap':>10} {'jacrev 100x100':>15}")
    try:
        real = run(use_engine=False)
    except subprocess.CalledProcessError:
        real = None
        print("  real PyTorch         not installed")
    rows = ([("real PyTorch", real)] if real else []) + \
        [(f"pyengine ({backend})", run(use_engine=True, PYENGINE_BACKEND=backend)) for backend in ("python", "numpy")]
    for name, r in rows:
        print(f"  {name:20} {r['vmap_ms']:10.2f} {r['loop_ms']:10.2f} {r['loop_ms'] / r['vmap_ms']:9.1f}x "
              f"{r['jacrev_ms']:15.2f}")
        if not r["agree"]:
            print(f"  WARNING: {name}: vmap(grad) and the loop disagree")
    if real:
        for name, r in rows[1:]:
            print(f"  {name} / real PyTorch: vmap(grad) {r['vmap_ms'] / real['vmap_ms']:.1f}x, "
                  f"loop {r['loop_ms'] / real['loop_ms']:.1f}x, jacrev {r['jacrev_ms'] / real['jacrev_ms']:.1f}x")
            if any(abs(a - b) > 1e-4 * max(1.0, abs(b)) for a, b in zip(r["checksum"], real["checksum"])):
                print(f"  WARNING: {name}: results differ from real PyTorch: {r['checksum']} vs {real['checksum']}")


if __name__ == "__main__":
    RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else RUNS
    main()
