"""F.gelu and F.layer_norm bit for bit against real PyTorch: outputs, gradients and forward-mode
tangents of every case in tests/golden/gelu_layer_norm.json (made by
tests/gen/gen_gelu_layer_norm.py with real torch), on the active array backend. The cases cover
oneDNN's GELU (contiguous float32, approximate="none") and ATen's (vector body and scalar tail:
strided, sliced, 0-d and approximate="tanh"), sizes around the vector width and the thread split,
and layer norm over 1-3 dims, with and without weight and bias, in float32 and float64."""
import json
import os
import sys

import pytest
import torch
import torch.nn.functional as F

GEN = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "gen")
sys.path.insert(0, GEN)
from gen_gelu_layer_norm import GOLDEN, dual_tangent, flat, gelu_input, layer_norm_inputs, record, seeded_like  # noqa: E402,E501

CASES = json.loads(GOLDEN.read_text())["cases"]


def _id(case):
    if case["op"] == "gelu":
        return f"gelu-{case['approximate']}-{case['layout']}-{case['n']}-{'x'.join(map(str, case['shape']))}"
    affine = ("w" if case["weight"] else "") + ("b" if case["bias"] else "")
    return (f"layer_norm-{case['dtype']}-{'x'.join(map(str, case['shape']))}-"
            f"{len(case['normalized_shape'])}d-{affine or 'plain'}")


@pytest.mark.parametrize("case", [c for c in CASES if c["op"] == "gelu"], ids=_id)
def test_gelu(case):
    x = gelu_input(torch, case).detach().requires_grad_()
    y = F.gelu(x, approximate=case["approximate"])
    assert record(flat(y)) == case["out"]
    grad, = torch.autograd.grad(y, x, seeded_like(torch, y, case["seed"] + 1))
    assert record(flat(grad)) == case["grad"]
    _, tangent = torch.func.jvp(lambda v: F.gelu(v, approximate=case["approximate"]), (x.detach(),),
                                (seeded_like(torch, x, case["seed"] + 2),))
    assert record(flat(tangent)) == case["tangent"]


@pytest.mark.parametrize("case", [c for c in CASES if c["op"] == "layer_norm"], ids=_id)
def test_layer_norm(case):
    dtype = case["dtype"]
    x, params = layer_norm_inputs(torch, case)
    leaves = [v.requires_grad_() for v in [x] + params if v is not None]
    y = F.layer_norm(x, case["normalized_shape"], *params, eps=case["eps"])
    assert record(flat(y), dtype) == case["out"]
    grads = torch.autograd.grad(y, leaves, seeded_like(torch, y, case["seed"] + 7))
    assert [record(flat(g), dtype) for g in grads] == case["grads"]


@pytest.mark.parametrize("case", [c for c in CASES if c["op"] == "layer_norm"], ids=_id)
def test_layer_norm_tangents(case):
    x, params = layer_norm_inputs(torch, case)
    leaves = [v for v in [x] + params if v is not None]
    tangents = [seeded_like(torch, v, case["seed"] + 8 + k) for k, v in enumerate(leaves)]

    def f(*args):
        it = iter(args)
        return F.layer_norm(next(it), case["normalized_shape"], *[next(it) if p is not None else None for p in params],
                            eps=case["eps"])
    _, tangent = torch.func.jvp(f, tuple(leaves), tuple(tangents))
    assert record(flat(tangent), case["dtype"]) == case["tangent"]
    assert record(flat(dual_tangent(torch, f, leaves, tangents)), case["dtype"]) == case["dual_tangent"]
