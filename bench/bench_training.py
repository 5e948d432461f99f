"""Training benchmark of issue 5: the polynomial fit of y = sin(x) from PyTorch's "Learning PyTorch
with Examples" (nn.Sequential(nn.Linear(3, 1), nn.Flatten(0, 1)), MSELoss(reduction='sum'), SGD,
2000 points).

Runs the fit on each array backend of our engine and, when installed, on real PyTorch, each in
its own process; prints seconds, the ratio to real PyTorch, and how many of the printed losses
agree exactly with real PyTorch's.
Usage: python bench/bench_training.py [steps]     (default 2000, the tutorial's count)
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STEPS = int(sys.argv[1]) if len(sys.argv) > 1 else 2000

WORKLOAD = r"""
import json, math, sys, time
import torch
steps = int(sys.argv[1])
torch.manual_seed(0)
x = torch.linspace(-math.pi, math.pi, 2000)
y = torch.sin(x)
xx = x.unsqueeze(-1).pow(torch.tensor([1, 2, 3]))
model = torch.nn.Sequential(torch.nn.Linear(3, 1), torch.nn.Flatten(0, 1))
loss_fn = torch.nn.MSELoss(reduction='sum')
optimizer = torch.optim.SGD(model.parameters(), lr=1e-6)
losses = []
start = time.perf_counter()
for t in range(steps):
    loss = loss_fn(model(xx), y)
    if t % 100 == 99:
        losses.append(loss.item())
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
seconds = time.perf_counter() - start
print(json.dumps({"seconds": seconds, "losses": losses}))
"""


def run(backend):
    """backend None runs real PyTorch (the normal sys.path); otherwise our engine."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH" and not k.startswith("PYENGINE_")}
    if backend is not None:
        env.update(PYTHONPATH=os.path.join(ROOT, "pyengine"), PYENGINE_BACKEND=backend)
    out = subprocess.run([sys.executable, "-c", WORKLOAD, str(STEPS)], env=env, capture_output=True, text=True)
    if out.returncode != 0:
        return None, out.stderr.strip().splitlines()[-1] if out.stderr.strip() else "failed"
    return json.loads(out.stdout.strip().splitlines()[-1]), None


def main():
    print(f"polynomial fit: {STEPS} SGD steps on 2000 points, losses printed every 100 steps")
    real, error = run(None)
    if real is None:
        print(f"  real PyTorch   not available ({error})")
    else:
        print(f"  real PyTorch   {real['seconds']:8.3f} s")
    for backend in ("numpy", "python"):
        result, error = run(backend)
        if result is None:
            print(f"  engine/{backend:<7} failed: {error}")
            continue
        line = f"  engine/{backend:<7} {result['seconds']:8.3f} s"
        if real is not None:
            exact = sum(a == b for a, b in zip(result["losses"], real["losses"]))
            worst = max((abs(a - b) / abs(b) for a, b in zip(result["losses"], real["losses"]) if b),
                        default=0.0)
            line += (f"   x{result['seconds'] / real['seconds']:.0f} real PyTorch;"
                     f" losses exactly equal {exact}/{len(real['losses'])}, max rel. diff {worst:.1e}")
        print(line)


if __name__ == "__main__":
    main()
