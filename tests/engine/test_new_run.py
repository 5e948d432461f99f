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
