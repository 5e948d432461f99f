"""Browser compute (issues 20 and 35): the tutorial-sized workloads inside Pyodide under Node, with
the wasm kernels on and off (off = the pure-Python backend, as before the kernels), against real
PyTorch on this machine's CPU in the same run, with ratios.

    .venv/bin/python bench/bench_browser.py [--quick] [--no-tutorials | --tutorials-only] [--before DIR]

* a 256x256 float32 matmul and elementwise add/mul (bench_tensor.py's workload);
* one training step of the two-layer network of PyTorch's "Learning PyTorch with Examples"
  (64x1000 -> 100 -> 10, nn.Sequential, MSELoss(sum), SGD), the best of several steps (a
  shared machine is noisy: every figure is a best of several);
* one training step of the blitz tutorial's CIFAR-10 CNN (two 5x5 convolutions, max-pooling,
  three linear layers, cross-entropy, SGD with momentum) on a batch of 4;
* one training step of an LSTM (nn.LSTM(10, 51) over 20 steps of a batch of 8, a linear head,
  MSE, SGD: time_sequence_prediction's sizes);
* the 0-d autograd chain of bench_autograd.py (*, +, relu, scalar *), CPU time per op;
* issue 35's targets: each figure with the kernels on, its ratio to real torch, the target and
  whether it is met. --before DIR adds the same figures from another checkout (its engine, its
  kernels, its runner), measured in the same run.
* the four tutorial variants (bench/tutorials/: tensor, autograd, nn, optim), 500 steps each
  with the kernels on; their output is compared with real PyTorch's at 500 steps and with the
  pure-Python backend's at a few steps (500 pure-Python steps take hours).
Needs `npm run build` (it compiles the kernels) and node_modules/pyodide.
"""
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUN_PYTHON = os.path.join(ROOT, "tests", "pyodide", "run_python.mjs")
TUTORIALS = os.path.join(ROOT, "bench", "tutorials")
QUICK = "--quick" in sys.argv

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_autograd import WORKLOAD as CHAIN  # noqa: E402 (the 0-d chain of issue 4)
from bench_tensor import WORKLOAD as TENSOR  # noqa: E402 (elementwise ops and the 256x256 matmul)

STEP = r"""
import json, sys, time
import torch
torch.manual_seed(0)
x, y = torch.randn(64, 1000), torch.randn(64, 10)
model = torch.nn.Sequential(torch.nn.Linear(1000, 100), torch.nn.ReLU(), torch.nn.Linear(100, 10))
loss_fn = torch.nn.MSELoss(reduction="sum")
opt = torch.optim.SGD(model.parameters(), lr=1e-4)
times = []
for _ in range(int(sys.argv[1]) + 1):  # the first step warms up
    started = time.perf_counter()
    loss = loss_fn(model(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    times.append(time.perf_counter() - started)
print(json.dumps({"seconds": min(times[1:])}))
"""


CNN_STEP = r"""
import json, sys, time
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1, self.pool, self.conv2 = nn.Conv2d(3, 6, 5), nn.MaxPool2d(2, 2), nn.Conv2d(6, 16, 5)
        self.fc1, self.fc2, self.fc3 = nn.Linear(16 * 5 * 5, 120), nn.Linear(120, 84), nn.Linear(84, 10)

    def forward(self, x):
        x = self.pool(F.relu(self.conv1(x)))
        x = self.pool(F.relu(self.conv2(x)))
        x = torch.flatten(x, 1)
        return self.fc3(F.relu(self.fc2(F.relu(self.fc1(x)))))

net, loss_fn = Net(), nn.CrossEntropyLoss()
opt = torch.optim.SGD(net.parameters(), lr=0.001, momentum=0.9)
x, y = torch.randn(4, 3, 32, 32), torch.tensor([1, 5, 3, 9])
times = []
for _ in range(int(sys.argv[1]) + 1):  # the first step warms up
    started = time.perf_counter()
    opt.zero_grad()
    loss_fn(net(x), y).backward()
    opt.step()
    times.append(time.perf_counter() - started)
print(json.dumps({"seconds": min(times[1:])}))
"""

LSTM_STEP = r"""
import json, sys, time
import torch
torch.manual_seed(0)
lstm, head = torch.nn.LSTM(10, 51), torch.nn.Linear(51, 1)
opt = torch.optim.SGD([*lstm.parameters(), *head.parameters()], lr=0.01)
x, y = torch.randn(20, 8, 10), torch.randn(20, 8, 1)
times = []
for _ in range(int(sys.argv[1]) + 1):  # the first step warms up
    started = time.perf_counter()
    opt.zero_grad()
    out, _ = lstm(x)
    ((head(out) - y) ** 2).mean().backward()
    opt.step()
    times.append(time.perf_counter() - started)
print(json.dumps({"seconds": min(times[1:])}))
"""

# Issue 35's browser-runtime targets: (figure, the largest ratio to real torch).
TARGETS = [("256x256 matmul", 10), ("two-layer net step", 6), ("blitz CNN step (batch 4)", 10), ("LSTM step", 10)]
BEFORE = sys.argv[sys.argv.index("--before") + 1] if "--before" in sys.argv else None


def _env(**extra):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH" and not k.startswith("PYENGINE_")}
    env.update(extra)
    return env


def run(where, args, program=None, source=None):
    """Run a program file, or the program text `source`, under real torch ("torch"), or in
    Pyodide with the kernels "on" or "off", or "before": on, in the checkout given by --before.
    Returns (stdout, wall seconds)."""
    if where == "torch":
        command, env = [sys.executable, program or "-", *args], _env()
    else:
        runner = os.path.join(BEFORE, "tests", "pyodide", "run_python.mjs") if where == "before" else RUN_PYTHON
        command = ["node", runner, program or "-", *args]
        env = _env(PYENGINE_BACKEND="python", PYENGINE_KERNELS="0" if where == "off" else "1")
    started = time.perf_counter()
    proc = subprocess.run(command, input=source, env=env, capture_output=True,
                          text=True, cwd="/tmp")
    if proc.returncode:
        raise RuntimeError(f"{where} {args} failed:\n{proc.stderr[-3000:]}")
    return proc.stdout, time.perf_counter() - started


def figures(where, source, *args):
    """The JSON line the program `source` prints last."""
    return json.loads(run(where, [str(a) for a in args], source=source)[0].splitlines()[-1])


def row(label, unit, scale, torch_s, results):
    cells = [f"{label:40} real torch {torch_s * scale:10.3f} {unit}"]
    for name, s in results:
        ratio = s / torch_s
        cells.append(f"{name} {s * scale:10.3f} {unit} (x{ratio:,.0f})" if ratio >= 10 else
                     f"{name} {s * scale:10.3f} {unit} (x{ratio:.2f})")
    print("  ".join(cells))


def main():
    if "--tutorials-only" in sys.argv:
        return tutorials()
    wheres = ["off", "on"] + (["before"] if BEFORE else [])
    print("Pyodide under Node: kernels off (the pure-Python backend) / on" + (f" / before ({BEFORE})" if BEFORE else "")
          + ", against real torch (CPU)")
    for where in wheres[1:]:
        fused = run(where, [], source="from torch._backend import kernels\n"
                                      "print(getattr(kernels, 'FUSED_MADD', False))")[0].strip()
        print(f"  {where}: matmul rule F on a fused multiply-add (the relaxed-SIMD kernels): {fused}")
    tensor_n = 100_000 if QUICK else 1_000_000
    tensor = {where: figures(where, TENSOR, "torch", tensor_n, 3 if where == "off" else 20)
              for where in ["torch"] + wheres}
    row("256x256 matmul (best of 20)", "ms", 1e3, tensor["torch"]["mm"], [(w, tensor[w]["mm"]) for w in wheres])
    for op in ("add", "mul"):
        row(f"{op} of {tensor_n:,} float32 (best of 5)", "ms", 1e3, tensor["torch"][op],
            [(w, tensor[w][op]) for w in wheres])
    on_steps = 5 if QUICK else 20
    steps = {"torch": 20, "off": 2, "on": on_steps, "before": on_steps}
    step = {where: figures(where, STEP, steps[where])["seconds"] for where in ["torch"] + wheres}
    row("two-layer net, one SGD step (best)", "ms", 1e3, step["torch"], [(w, step[w]) for w in wheres])
    steps["off"] = 1  # the pure-Python backend takes seconds per step of these two
    cnn = {where: figures(where, CNN_STEP, steps[where])["seconds"] for where in ["torch"] + wheres}
    row("blitz CNN, one SGD step, batch 4 (best)", "ms", 1e3, cnn["torch"], [(w, cnn[w]) for w in wheres])
    lstm = {where: figures(where, LSTM_STEP, steps[where])["seconds"] for where in ["torch"] + wheres}
    row("LSTM(10, 51), 20x8, one SGD step (best)", "ms", 1e3, lstm["torch"], [(w, lstm[w]) for w in wheres])
    chain_n = 4000 if QUICK else 20000
    chain = {where: figures(where, CHAIN, chain_n, 5) for where in ["torch"] + wheres}
    per_op = {where: (c["forward_us"] + c["backward_us"]) * 1e-6 for where, c in chain.items()}
    row("0-d autograd chain, per op (best of 5)", "us", 1e6, per_op["torch"], [(w, per_op[w]) for w in wheres])
    measured = [{w: tensor[w]["mm"] for w in tensor}, step, cnn, lstm]
    print("issue 35 targets, browser runtime (kernels on), ratio to real torch:")
    for (name, target), figure in zip(TARGETS, measured):
        ratio = figure["on"] / figure["torch"]
        before = f"  (before: x{figure['before'] / figure['torch']:.1f})" if BEFORE else ""
        print(f"  {name:28} {figure['on'] * 1e3:8.2f} ms  x{ratio:5.1f}  target <= x{target}  "
              f"{'met' if ratio <= target else 'NOT MET'}{before}")
    if "--no-tutorials" not in sys.argv:
        tutorials()


def tutorials():
    steps, check_steps = (100 if QUICK else 500), 3
    print(f"tutorial variants: {steps} steps with the kernels on (wall time incl. ~3 s Pyodide boot);"
          f" output vs real torch ({steps} steps) and vs kernels off ({check_steps} steps)")
    for name in sorted(os.listdir(TUTORIALS)):
        program = os.path.join(TUTORIALS, name)
        on, wall = run("on", [str(steps)], program)
        real, real_wall = run("torch", [str(steps)], program)
        short_on, _ = run("on", [str(check_steps)], program)
        short_off, _ = run("off", [str(check_steps)], program)
        print(f"  {name:24} {wall:7.1f} s (real torch {real_wall:5.1f} s)  same as real torch: "
              f"{'yes' if on == real else 'NO'}  same as pure Python: {'yes' if short_on == short_off else 'NO'}")


if __name__ == "__main__":
    main()
