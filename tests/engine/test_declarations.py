"""Each op is declared once, with ``@op`` (torch/autograd/derivatives.py): its PyTorch name, its
derivative and its public forms. torch.<name> and the Tensor methods and operators are bound
from those declarations, so a declared form that does not resolve, or one claimed by two ops,
is a binding bug a sample test might never reach."""
import importlib.util
import inspect
from pathlib import Path

import torch
from torch.autograd.derivatives import DECLARED, TABLE


def _forms():
    for fn in DECLARED:
        for form in fn.forms:
            owner, _, name = form.partition(".")
            yield fn, owner, name


def test_every_declared_form_resolves():
    unresolved = [f"{owner}.{name}" for fn, owner, name in _forms()
                  if owner not in ("torch", "Tensor")
                  or (getattr(torch, name, None) if owner == "torch" else vars(torch.Tensor).get(name)) is None]
    assert not unresolved


def test_no_form_is_declared_by_two_ops():
    seen, twice = {}, []
    for fn, owner, name in _forms():
        form = f"{owner}.{name}"
        if form in seen:
            twice.append((form, seen[form].__name__, fn.__name__))
        seen[form] = fn
    assert not twice


def test_functions_and_methods_are_the_declared_ops():
    """torch.mul and Tensor.mul are the declared op (under the argument-parser wrappers); the
    in-place and operator forms are wrappers of their own, checked by the op tests."""
    for fn, owner, name in _forms():
        if name.endswith("_") and name != fn.op_name.partition(".")[0] or name.startswith("__"):
            continue
        bound = getattr(torch, name) if owner == "torch" else vars(torch.Tensor)[name]
        assert inspect.unwrap(bound) is fn, f"{owner}.{name}"


def test_inplace_forms_change_self():
    x = torch.tensor([1.0, 4.0])
    assert x.sqrt_() is x and x.tolist() == [1.0, 2.0]
    assert torch.sqrt_(x) is x and x.tolist() == [1.0, 1.4142135381698608]
    y = torch.tensor([5.0, -5.0])
    assert y.clip_(-1, 1) is y and y.tolist() == [1.0, -1.0]
    y *= 3
    assert y.tolist() == [3.0, -3.0]


def test_every_op_states_its_pytorch_name():
    assert not [d.forward.__name__ for d in TABLE.values() if not d.op_name]
    assert not [fn.__name__ for fn in DECLARED if not fn.op_name]


def test_derivative_table_is_current(monkeypatch):
    """pyengine/torch/autograd/derivatives.md is what tools/derivative_table.py writes from the
    declarations as they are."""
    root = Path(__file__).resolve().parents[2]
    monkeypatch.syspath_prepend(str(root / "tools"))  # the tool imports its sibling generated_file
    spec = importlib.util.spec_from_file_location("derivative_table", root / "tools" / "derivative_table.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    committed = (root / "pyengine" / "torch" / "autograd" / "derivatives.md").read_text(encoding="utf-8")
    assert committed == tool.render(), "derivatives.md is stale: run tools/derivative_table.py"
    assert "| `mul.Tensor` | `MulBackward0` | `self`: `grad * other`<br>`other`: `grad * self` |" in committed
