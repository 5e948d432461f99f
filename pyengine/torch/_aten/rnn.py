"""The LSTM cell's pointwise part on float32 buffers, as one step (nn/modules/rnn.py drives the layer).

``lstm_cells`` gives, with the same roundings, what the decomposed cell gives
(``sigmoid(f) * c + sigmoid(i) * tanh(g)``, ``sigmoid(o) * tanh(c')`` on the chunks of
``gx + gh``), and ``lstm_cell_backward`` what autograd's run of that cell's nodes gives (MulBackward0,
SigmoidBackward0, TanhBackward0, AddBackward0, the chunks' gradients joined). Both are written
on the backend's elementwise kernels (whole-array on numpy); in the browser one wasm call each.
"""
from array import array

from .._backend import kernels
from .._dtype import float32
from . import _dispatch, _libm32
from ._common import vector_runs
from ._dispatch import backend_kernel
from .special import sigmoid, sigmoid_backward, tanh_backward

_EXP2_TABLE = array("d", _libm32.EXP2_TABLE)


def lstm_cells(gx, gh, c, steps, n, h):
    """``steps`` steps whose gate products are known: gx, gh (steps x n x 4h: gates i, f, g, o), from
    the cell c (n x h). Returns per step (h', c', saved), saved what lstm_cell_backward reads."""
    size = n * h
    if kernels.wasm is not None:
        runs = vector_runs(h) if n == 1 else [(0, h, 0)]
        if len(runs) == 1:  # one run per row: the wasm kernel's vector_stop
            out = kernels.lstm_cell(gx, gh, c, steps, n, h, runs[0][2], _EXP2_TABLE)
            if out is not None:
                h_out, c_out, saved = out
                if steps == 1:
                    return [out]
                return [(h_out[t * size:(t + 1) * size], c_out[t * size:(t + 1) * size],
                         saved[5 * t * size:5 * (t + 1) * size]) for t in range(steps)]
    found = []
    for t in range(steps):
        found.append(lstm_cell_step(gx[4 * t * size:4 * (t + 1) * size], gh[4 * t * size:4 * (t + 1) * size], c, n, h))
        c = found[-1][1]
    return found


@backend_kernel
def lstm_cell_step(gx, gh, c, n, h):
    """One step's (h', c', saved) from its gate products, on the backend's elementwise kernels
    (numpy: one kernel of the same operations, for several rows; one row takes sigmoid's vector
    blocks)."""
    B = _dispatch.active  # (the process's backend; tests switch it)
    gates = B.binary("add", gx, gh, float32)
    if n == 1:  # each chunk contiguous: sigmoid's vector blocks lie within it
        i, f, o = (B.take(gates, k * h, (h,), (1,)) for k in (0, 1, 3))
        si, sf, so = sigmoid(i), sigmoid(f), sigmoid(o)
    else:  # strided chunks: sigmoid's scalar formula on each element, so one call for all the gates
        s = sigmoid(gates, 1)
        si, sf, so = (B.take(s, k * h, (n, h), (4 * h, 1)) for k in (0, 1, 3))
    tg = B.unary("tanh", B.take(gates, 2 * h, (n, h), (4 * h, 1)), float32)
    cell = B.binary("add", B.binary("mul", sf, c, float32), B.binary("mul", si, tg, float32), float32)
    tc = B.unary("tanh", cell, float32)
    return B.binary("mul", so, tc, float32), cell, (si, sf, tg, so, tc)


def lstm_cell_backward(dh, dh_more, dc, saved, c_prev, n, h):
    """The step's gradients from h' (dh, plus dh_more unless None: h' feeds two nodes) and from c'
    (dc, None when nothing reached c' but tanh): (dgates, dc_prev)."""
    if kernels.wasm is not None and isinstance(saved, array):
        out = kernels.lstm_cell_backward(dh, dh_more, dc, saved, c_prev, n, h)
        if out is not None:
            return out
    return lstm_cell_backward_step(dh, dh_more, dc, saved, c_prev, n, h)


@backend_kernel
def lstm_cell_backward_step(dh, dh_more, dc, saved, c_prev, n, h):
    """lstm_cell_backward on the backend's elementwise kernels (numpy: one kernel of the same
    operations)."""
    B = _dispatch.active
    if dh_more is not None:
        dh = B.binary("add", dh, dh_more, float32)
    if isinstance(saved, array):  # the wasm forward's five planes
        saved = [saved[k * n * h:(k + 1) * n * h] for k in range(5)]
    si, sf, tg, so, tc = saved
    dcell = tanh_backward(B.binary("mul", dh, so, float32), tc)
    if dc is not None:
        dcell = B.binary("add", dc, dcell, float32)
    parts = (sigmoid_backward(B.binary("mul", dcell, tg, float32), si),
             sigmoid_backward(B.binary("mul", dcell, c_prev, float32), sf),
             tanh_backward(B.binary("mul", dcell, si, float32), tg),
             sigmoid_backward(B.binary("mul", dh, tc, float32), so))
    dgates = B.full(4 * n * h, 0.0, float32)
    for k, part in enumerate(parts):
        B.put(dgates, k * h, (n, h), (4 * h, 1), part)
    return dgates, B.binary("mul", dcell, sf, float32)
