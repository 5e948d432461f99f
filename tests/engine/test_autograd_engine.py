"""Engine properties that golden outputs cannot show: depth, memory, export, node internals."""
import gc
import json
import weakref

import pytest
import torch
from torch.autograd.graph_export import export_graph


def test_a_100000_node_chain_backpropagates_and_is_freed():
    x = torch.tensor(1.0, requires_grad=True)
    y = x
    for _ in range(100_000):
        y = y * 1.0
    y.backward()
    assert x.grad.item() == 1.0
    del y  # dropping a deep chain must not overflow the C stack either
    gc.collect()


def test_saved_tensors_are_released_after_backward_unless_retained():
    x = torch.tensor(2.0, requires_grad=True)
    y = x * x
    node = y.grad_fn
    probe = weakref.ref(node._saved[0])
    y.backward(retain_graph=True)
    assert node._saved is not None
    y.backward()
    assert node._saved is None
    assert x.grad.item() == 8.0  # 4 + 4: gradients accumulate
    del y
    gc.collect()
    assert probe() is x  # x itself lives on; nothing else was kept alive


def test_scalar_gradients_are_summed_in_place_as_pytorchs_input_buffer_does():
    # PyTorch 2.x prints 5 and 4: each sum after the first went into the buffer's own tensor
    x = torch.tensor(0.5, requires_grad=True)
    w = torch.tensor(1.0001, requires_grad=True)
    y = x
    for _ in range(5):
        y = (y * w + x).relu() * 0.5
    y.backward()
    assert (x.grad._version, w.grad._version) == (5, 4)
    assert (x.grad.item(), w.grad.item()) == (1.0000970363616943, 0.48445624113082886)  # PyTorch's bits


def test_a_gradient_the_program_still_holds_is_never_summed_into():
    x = torch.tensor(1.0, requires_grad=True)
    v = x * 2.0
    u = x * 1.0  # its node runs first: its gradient is the buffer's first
    kept = []  # a view of that gradient (same storage, another tensor)
    u.grad_fn.register_hook(lambda grad_inputs, grad_outputs: kept.append(grad_inputs[0].detach()))
    (u + v).backward()
    assert (kept[0].item(), x.grad.item(), x.grad._version) == (1.0, 3.0, 0)

    x = torch.tensor(1.0, requires_grad=True)
    g = torch.tensor(3.0)
    (x + x).backward(g)  # both inputs get g itself
    assert (g.item(), g._version, x.grad.item()) == (3.0, 0, 6.0)


def test_backward_twice_without_retain_graph_raises_pytorchs_message():
    x = torch.tensor(2.0, requires_grad=True)
    y = x.exp()
    y.backward()
    with pytest.raises(RuntimeError, match=r"^Trying to backward through the graph a second time"):
        y.backward()


def test_export_graph_names_tensors_and_reports_gradients():
    x = torch.tensor(2.0, requires_grad=True)
    y = x * 3
    z = y.exp()
    z.backward()
    graph = export_graph(z, names={id(x): "x", (id(y.grad_fn), 0): "y", (id(z.grad_fn), 0): "z"})
    json.dumps(graph)  # plain JSON data
    nodes = graph["nodes"]
    assert [(n["name"], n["kind"], n.get("label")) for n in nodes] == [
        ("ExpBackward0", "function", "z"), ("MulBackward0", "function", "y"), ("AccumulateGrad", "leaf", "x"),
        ("constant", "constant", None)]
    assert graph["roots"] == [0]
    assert [(e["from"], e["to"], e["slot"]) for e in graph["edges"]] == [(0, 1, 0), (1, 2, 0), (1, 3, 1)]
    assert nodes[2]["grad"]["value"] == pytest.approx(3 * 403.4288, rel=1e-5)
    assert nodes[0]["saved"] == {"freed": True}  # backward freed what ExpBackward0 saved


def test_custom_function_node_is_named_after_the_class():
    class Cube(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * x * x

        @staticmethod
        def backward(ctx, grad):
            (x,) = ctx.saved_tensors
            return grad * 3 * x * x

    x = torch.tensor(2.0, requires_grad=True)
    y = Cube.apply(x)
    assert type(y.grad_fn).__name__ == "CubeBackward"
    assert repr(y) == "tensor(8., grad_fn=<CubeBackward>)"
    y.backward()
    assert x.grad.item() == 12.0


def test_several_outputs_of_one_node_can_be_roots_together():
    # the node runs once, with the gradients of both outputs (not waiting for itself)
    a = torch.arange(6.0).reshape(2, 3).requires_grad_()
    left, right = a.split(2, 1)
    grads = (torch.full((2, 2), 2.0), torch.full((2, 1), 3.0))
    (grad,) = torch.autograd.grad((left, right), a, grads, retain_graph=True)
    assert grad.tolist() == [[2.0, 2.0, 3.0], [2.0, 2.0, 3.0]]
    torch.autograd.backward((left, right), grads)
    assert a.grad.tolist() == [[2.0, 2.0, 3.0], [2.0, 2.0, 3.0]]
