"""``import torch`` leaves nn, optim, utils and distributions for their first use, and every way a
program reaches them still works: each check runs in a new process, where nothing has loaded them."""
import os
import subprocess
import sys

import pytest

from conftest import ENGINE

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide starts no processes")


def run(code):
    env = {**os.environ, "PYTHONPATH": ENGINE}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_import_torch_leaves_the_api_modules_for_their_first_use():
    loaded = run("import sys, torch\n"
                 "print(sorted({m.split('.')[1] for m in sys.modules if m.startswith('torch.')} & "
                 "{'nn', 'optim', 'utils', 'distributions'}))")
    assert loaded == "[]"


@pytest.mark.parametrize("code, printed", [
    ("import torch.nn as nn\nprint(nn.Linear(2, 1).weight.shape)", "torch.Size([1, 2])"),
    ("from torch import nn, optim\nprint(nn.ReLU(), optim.SGD)", "ReLU() <class 'torch.optim.sgd.SGD'>"),
    ("import torch\nprint(torch.nn.functional.relu(torch.tensor([-1.0, 2.0])))", "tensor([0., 2.])"),
    ("import torch.nn.functional as F, torch\nprint(F.relu is torch.nn.functional.relu)", "True"),
    ("import torch\nprint(torch.conv1d(torch.ones(1, 1, 3), torch.ones(1, 1, 2)))", "tensor([[[2., 2.]]])"),
    ("import torch\nprint(torch.distributions.Bernoulli(torch.tensor(0.5)))", "Bernoulli(probs: 0.5)"),
    ("from torch.utils.data import TensorDataset\nimport torch\nprint(len(TensorDataset(torch.ones(3))))", "3"),
    ("import torch\nprint([n for n in ('nn', 'optim', 'utils', 'distributions', 'conv2d') if n in dir(torch)])",
     "['nn', 'optim', 'utils', 'distributions', 'conv2d']"),
    ("import torch\nprint(hasattr(torch, 'nn'))", "True"),
])
def test_a_program_reaches_them_as_in_pytorch(code, printed):
    assert run(code) == printed


def test_a_saved_module_loads_in_a_process_that_never_imported_nn(tmp_path):
    path = tmp_path / "model.pt"
    run(f"import torch\ntorch.manual_seed(0)\ntorch.save(torch.nn.Linear(2, 1), {str(path)!r})")
    assert run(f"import torch\nprint(torch.load({str(path)!r}, weights_only=False))") == \
        "Linear(in_features=2, out_features=1, bias=True)"
