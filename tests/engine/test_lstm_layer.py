"""nn.LSTM's float32 layer (one MkldnnRnnLayerBackward0 node) runs fused: per step the gate
products and one call of the cell's pointwise part, and a backward on buffers. Its outputs and
every gradient must have the bits of the decomposed cells differentiated by autograd (what the
layer computed before it was fused, and still computes with create_graph), in either direction
(a bidirectional layer's reverse runs the steps from the last time step to the first)."""
import struct

import pytest
import torch
from torch.nn.modules import rnn

# (steps, batch, input, hidden): the bench's layer; one row (sigmoid's vector body); batch sizes whose
# gate products are stacked over time or computed per step; hidden sizes below and above a vector block.
SHAPES = [(20, 8, 10, 51), (3, 1, 4, 40), (4, 3, 20, 7), (2, 5, 17, 13), (1, 8, 3, 1), (3, 64, 9, 20)]


def _bits(t):
    return None if t is None else struct.pack(f"{t.numel()}f", *t.flatten().tolist())


def _gradients(layer, inputs, grads, reverse):
    leaves = [t.detach().requires_grad_() for t in inputs]
    outputs = layer(leaves, reverse)
    given = [(o, g) for o, g in zip(outputs, grads) if g is not None]
    found = torch.autograd.grad([o for o, _ in given], leaves, [g for _, g in given], allow_unused=True)
    return list(outputs) + list(found)


def _decomposed(leaves, reverse):
    output, (h, c) = rnn._steps(rnn._lstm_cell, leaves[0], leaves[5:], leaves[1:5], reverse)
    return output, h, c


@pytest.mark.parametrize("shape", SHAPES, ids=str)
@pytest.mark.parametrize("final_grads", [False, True])
@pytest.mark.parametrize("reverse", [False, True], ids=["forward", "reverse"])
def test_fused_layer_gives_the_decomposed_cells_bits(shape, final_grads, reverse):
    steps, n, k, h = shape
    torch.manual_seed(steps * 1000 + n * 10 + h)
    inputs = [torch.randn(steps, n, k) * 3, torch.randn(4 * h, k) * 0.5, torch.randn(4 * h, h) * 0.5,
              torch.randn(4 * h), torch.randn(4 * h), torch.randn(n, h), torch.randn(n, h) * 2]
    grads = [torch.randn(steps, n, h)] + [torch.randn(n, h) if final_grads else None] * 2
    fused = _gradients(rnn._lstm_layer, inputs, grads, reverse)
    assert type(fused[0].grad_fn).__name__ == "MkldnnRnnLayerBackward0"
    decomposed = _gradients(_decomposed, inputs, grads, reverse)
    names = ["output", "h_n", "c_n", "input", "w_ih", "w_hh", "b_ih", "b_hh", "h0", "c0"]
    assert [(name, _bits(t)) for name, t in zip(names, fused)] == \
        [(name, _bits(t)) for name, t in zip(names, decomposed)]


def test_module_step_matches_create_graph_path():
    """The same layer's parameter gradients with and without create_graph (the recomputed steps)."""
    torch.manual_seed(3)
    lstm = torch.nn.LSTM(6, 9, num_layers=2)
    x = torch.randn(5, 4, 6)
    results = []
    for create_graph in (False, True):
        output, _ = lstm(x)
        found = torch.autograd.grad(output.pow(2).sum(), list(lstm.parameters()), create_graph=create_graph)
        results.append([_bits(g) for g in found])
    assert results[0] == results[1]


def _bits_of(t):
    return struct.pack(f"{t.numel()}{'f' if t.dtype is torch.float32 else 'd'}", *t.flatten().tolist())


_CELL_VALUES = rnn._lstm_cell_values
# (batch, input, hidden): one row (float32 sigmoid's vector blocks), several, hidden sizes below and above a block
CELL_SHAPES = [(1, 1, 51), (5, 51, 51), (3, 4, 7), (8, 10, 33), (2, 1, 1)]


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64], ids=str)
@pytest.mark.parametrize("shape", CELL_SHAPES, ids=str)
def test_cell_without_graph_gives_the_recorded_cells_bits(dtype, shape, monkeypatch):
    """Without a graph to record (no_grad, or nothing requiring grad) LSTMCell's step runs on buffers
    (rnn._lstm_cell_values); its state must have the bits of the ops that record the graph, and the
    recorded step the decomposed graph's nodes."""
    n, k, h = shape
    torch.manual_seed(n * 100 + k + h)
    cell = torch.nn.LSTMCell(k, h).to(dtype)
    x = torch.randn(n, k, dtype=dtype) * 3
    state = (torch.randn(n, h, dtype=dtype), torch.randn(h, n, dtype=dtype).t() * 2)  # c not contiguous
    on_buffers = []
    monkeypatch.setattr(rnn, "_lstm_cell_values", lambda *args: on_buffers.append(1) or _CELL_VALUES(*args))
    with torch.no_grad():
        quick = cell(x, state)
    recorded = cell(x, state)
    assert type(recorded[0].grad_fn).__name__ == "MulBackward0" and quick[0].grad_fn is None
    assert [_bits_of(t) for t in quick] == [_bits_of(t) for t in recorded]
    inputs_only = cell.requires_grad_(False)(x, state)  # grad mode on, nothing requiring grad
    assert [_bits_of(t) for t in inputs_only] == [_bits_of(t) for t in recorded]
    assert len(on_buffers) == 2  # the unrecorded steps, not the recorded one
