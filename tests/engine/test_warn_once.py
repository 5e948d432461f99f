"""PyTorch's once-per-process warnings show once per program run in the app's worker, which
runs every program in the same interpreter."""
import importlib.util
import warnings
from pathlib import Path

_spec = importlib.util.spec_from_file_location(
    "app_program_runner_for_engine", Path(__file__).resolve().parents[2] / "app" / "py" / "runner.py")
runner = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(runner)

PROGRAM = "import torch\nv = torch.ones(3)\nfor _ in range(3):\n    v.T\ntorch.ones(2, 2, 2).T\n"


def warnings_of_a_run():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")  # Python's own once-per-line rule out of the way
        assert runner.run(PROGRAM, [], lambda stream, text: None) is None
    return [str(w.message) for w in caught]


def test_a_once_per_process_warning_shows_once_in_every_run():
    for _ in range(2):
        shown = warnings_of_a_run()
        assert len(shown) == 1 and shown[0].startswith("The use of `x.T` on tensors of dimension other than 2")
