"""Browser compute (issue 20): the tutorial-sized workloads inside Pyodide under Node, with the
wasm kernels on and off (off = the pure-Python backend, as before the kernels), against real
PyTorch on this machine's CPU in the same run, with ratios.

    .venv/bin/python bench/bench_browser.py [--quick] [--no-tutorials]

* a 256x256 float32 matmul (best of several);
* one training step of the two-layer network of PyTorch's "Learning PyTorch with Examples"
  (64x1000 -> 100 -> 10, nn.Sequential, MSELoss(sum), SGD), the best of several steps (a
  shared machine is noisy: every figure is a best of several);
* a 0-d autograd chain (*, +, relu, scalar *), time per op;
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

WORKLOAD = r"""
import json, sys, time
import torch
which = sys.argv[1]
torch.manual_seed(0)

def timed(fn, repeat):
    fn()
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return times

if which == "matmul":
    a, b = torch.randn(256, 256), torch.randn(256, 256)
    print(json.dumps({"seconds": min(timed(lambda: a @ b, int(sys.argv[2])))}))
elif which == "step":
    x, y = torch.randn(64, 1000), torch.randn(64, 10)
    model = torch.nn.Sequential(torch.nn.Linear(1000, 100), torch.nn.ReLU(), torch.nn.Linear(100, 10))
    loss_fn = torch.nn.MSELoss(reduction="sum")
    opt = torch.optim.SGD(model.parameters(), lr=1e-4)
    def step():
        loss = loss_fn(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    times = timed(step, int(sys.argv[2]))
    print(json.dumps({"seconds": min(times)}))
elif which == "chain":
    n = int(sys.argv[2])
    def chain():
        x = torch.tensor(0.5, requires_grad=True)
        w = torch.tensor(1.0001, requires_grad=True)
        y = x
        for i in range(n // 4):
            y = y * w
            y = y + x
            y = y.relu()
            y = y * 0.5
        y.backward()
    print(json.dumps({"seconds": min(timed(chain, 5)) / n}))
"""


def _env(**extra):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH" and not k.startswith("PYENGINE_")}
    env.update(extra)
    return env


def run(where, args, program=None):
    """Run the workload (or a program file) under real torch ("torch"), or in Pyodide with the
    kernels "on" or "off". Returns (stdout, wall seconds)."""
    if where == "torch":
        command, env = [sys.executable, program or "-", *args], _env()
    else:
        command = ["node", RUN_PYTHON, program or "-", *args]
        env = _env(PYENGINE_BACKEND="python", PYENGINE_KERNELS="1" if where == "on" else "0")
    started = time.perf_counter()
    proc = subprocess.run(command, input=None if program else WORKLOAD, env=env, capture_output=True,
                          text=True, cwd="/tmp")
    if proc.returncode:
        raise RuntimeError(f"{where} {args} failed:\n{proc.stderr[-3000:]}")
    return proc.stdout, time.perf_counter() - started


def seconds(where, *args):
    return json.loads(run(where, [str(a) for a in args])[0].splitlines()[-1])["seconds"]


def row(label, unit, scale, torch_s, results):
    cells = [f"{label:34} real torch {torch_s * scale:10.3f} {unit}"]
    for name, s in results:
        cells.append(f"{name} {s * scale:10.3f} {unit} (x{s / torch_s:,.0f})")
    print("  ".join(cells))


def main():
    wheres = ["off", "on"] if "--kernels-only" not in sys.argv else ["on"]
    print("Pyodide under Node: kernels off (the pure-Python backend) / on, against real torch (CPU)")
    repeat = 1 if QUICK else 3
    torch_mm = seconds("torch", "matmul", 20)
    row("256x256 matmul", "ms", 1e3, torch_mm, [(w, seconds(w, "matmul", repeat)) for w in wheres])
    torch_step = seconds("torch", "step", 20)
    row("two-layer net, one SGD step", "ms", 1e3, torch_step,
        [(w, seconds(w, "step", 2 if w == "off" else 5 * repeat)) for w in wheres])
    chain_n = 4000 if QUICK else 20000
    torch_chain = seconds("torch", "chain", chain_n)
    row("0-d autograd chain, per op", "us", 1e6, torch_chain, [(w, seconds(w, "chain", chain_n)) for w in wheres])
    if "--no-tutorials" in sys.argv:
        return
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
