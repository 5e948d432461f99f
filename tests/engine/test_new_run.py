"""The app's worker runs every program in the same interpreter; each run must start as a new
Python process would: PyTorch's settings at their defaults, its once-per-process warnings
shown again."""
import importlib.util
import warnings
from pathlib import Path

_spec = importlib.util.spec_from_file_location(
    "app_program_runner_for_engine", Path(__file__).resolve().parents[2] / "app" / "py" / "runner.py")
runner = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(runner)


def run(program):
    """The run's output and the warning messages it raised."""
    chunks = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")  # Python's own once-per-line rule out of the way
        assert runner.run(program, [], lambda stream, text: chunks.append(text))["error"] is None
    return "".join(chunks), [(w.filename, w.lineno, str(w.message)) for w in caught]


def test_a_once_per_process_warning_shows_once_in_every_run_at_the_learners_line():
    program = "import torch\nv = torch.ones(3)\nfor _ in range(3):\n    v.T\ntorch.ones(2, 2, 2).T\n"
    for _ in range(2):
        _, shown = run(program)
        assert len(shown) == 1
        filename, line, message = shown[0]
        assert (filename, line) == ("main.py", 4)
        assert message.startswith("The use of `x.T` on tensors of dimension other than 2")


def test_settings_a_program_changes_do_not_reach_the_next_run():
    run("import torch\ntorch.set_default_dtype(torch.float64)\ntorch.set_printoptions(precision=1)\n"
        "torch.set_grad_enabled(False)\n")
    output, _ = run("import torch\nx = torch.tensor([1.0, 2.0], requires_grad=True)\nprint(x.dtype, x * 1.2345)\n")
    assert output == "torch.float32 tensor([1.2345, 2.4690], grad_fn=<MulBackward0>)\n"


def run_cell(program, earlier, session):
    """Runs a cell of `session` after the `earlier` cells of the page."""
    chunks = []
    assert runner.run(program, list(earlier), lambda stream, text: chunks.append(text), {"session": session})["error"] is None
    return "".join(chunks)


SEED_0_DRAWS = "tensor([0.4963, 0.7682, 0.0885])\n"  # torch.manual_seed(0); torch.rand(3), in PyTorch
DRAW = "import torch\nprint(torch.rand(3))\n"


def test_a_run_after_one_that_seeded_draws_from_a_freshly_seeded_generator():
    assert run("import torch\ntorch.manual_seed(0)\nprint(torch.rand(3))\n")[0] == SEED_0_DRAWS
    first, second = run(DRAW)[0], run(DRAW)[0]
    assert SEED_0_DRAWS not in (first, second) and first != second
    assert "tensor([0.7682" not in first  # not seed 0's sequence continued either
    # initial_seed is a new process's: drawn from entropy, not 0 or the last run's
    seeds = [run("import torch\nprint(torch.initial_seed())")[0] for _ in range(2)]
    assert seeds[0] != seeds[1] and "0\n" not in seeds


def test_a_session_keeps_its_generator_and_settings_whatever_ran_in_between():
    cells = ["import torch\ntorch.manual_seed(0)\ntorch.set_default_dtype(torch.float64)\n",
             "print(torch.rand(3, dtype=torch.float32), torch.get_default_dtype())",
             "print(torch.rand(1, dtype=torch.float32))"]
    run_cell(cells[0], [], "rng-a")
    assert run("import torch\nprint(torch.get_default_dtype())\n")[0] == "torch.float32\n"  # a run outside it
    run_cell("import torch\ntorch.manual_seed(5)\n", [], "rng-b")  # another session
    seed_0 = "tensor([0.4963, 0.7682, 0.0885], dtype=torch.float32) torch.float64\n"
    assert run_cell(cells[1], cells[:1], "rng-a") == seed_0
    assert run_cell(cells[2], cells[:2], "rng-a") == "tensor([0.1320], dtype=torch.float32)\n"
    # A cell run again begins the session anew: a new process, the earlier cells run first.
    assert run_cell(cells[1], cells[:1], "rng-a") == seed_0


def test_a_session_keeps_pythons_random_too():
    cells = ["import random\nrandom.seed(1)\n", "print(random.random())"]
    run_cell(cells[0], [], "py-random")
    run("import random\nrandom.seed(2)\n")
    assert run_cell(cells[1], cells[:1], "py-random") == "0.13436424411240122\n"


def test_hooks_modes_and_dispatch_a_program_leaves_do_not_reach_the_next_run():
    # a program that stops inside saved-tensor hooks, a TorchFunctionMode, a profiler and a
    # checkpoint setting, with a global module hook and a Tensor subclass (dispatch turned on)
    run("import torch\nimport torch.nn as nn\nfrom torch.nn.modules.module import register_module_forward_hook\n"
        "from torch.overrides import TorchFunctionMode\nfrom torch.utils.checkpoint import set_checkpoint_early_stop\n"
        "class Loud(TorchFunctionMode):\n    def __torch_function__(self, func, types, args=(), kwargs=None):\n"
        "        print('mode', func.__name__)\n        return func(*args, **(kwargs or {}))\n"
        "class Sub(torch.Tensor):\n    pass\n"
        "register_module_forward_hook(lambda m, a, o: print('global hook'))\n"
        "torch.autograd.graph.saved_tensors_hooks(lambda t: print('pack'), lambda t: t).__enter__()\n"
        "Loud().__enter__()\ntorch.autograd.profiler.profile().__enter__()\nset_checkpoint_early_stop(False).__enter__()\n"
        "torch.autograd.set_detect_anomaly(True)\n")
    output, _ = run("import torch\nimport torch.nn as nn\nfrom torch import _torch_function\n"
                    "from torch.utils import checkpoint\n"
                    "x = torch.ones(2, requires_grad=True)\ny = nn.Linear(2, 1)(x * x)\n"
                    "print(y.grad_fn.name(), torch.is_anomaly_enabled(), _torch_function.active[0],\n"
                    "      hasattr(torch.Tensor.__mul__, '__torch_dispatching__'), checkpoint.settings['early_stop'])\n")
    assert output == "ViewBackward0 False False False None\n"
