"""Bit-for-bit parity of the float32 kernels in pyengine/torch/_aten with PyTorch 2.13 CPU.

Two sources of truth, both from real torch on the reference machine (AVX-512, 2 threads):
the test vectors of docs/arith-parity.md, and tests/golden/aten.json made by
tests/gen/gen_aten.py. Every golden case runs on each array backend in this process (the
kernels look the active backend up per call): the pure-Python one (array('f') buffers, _aten's
own loops) and the numpy one (ndarrays, its whole-array kernels), whatever PYENGINE_BACKEND
says. Regimes the spec calls not reproducible (exact: false) must agree between the two
backends, and their agreement with torch is only checked against a floor.
"""
import contextlib
import functools
import hashlib
import inspect
import json
import math
import struct
import sys
from array import array
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "gen"))
sys.path.insert(0, str(ROOT / "pyengine"))

from gen_aten import make_values, to_hex, values_of  # noqa: E402  (no torch import there)
from torch._aten import LANES, _dispatch, conv, embedding, linalg, loss, norm, pool, reduce, special  # noqa: E402
from torch._aten import ctc, grid_sample, pool_nd, rnn, upsample  # noqa: E402
from torch._backend import python as python_backend  # noqa: E402
from torch._dtype import float64  # noqa: E402

np = pytest.importorskip("numpy")
from hypothesis import given, settings, strategies as st  # noqa: E402
from torch._backend import numpy as numpy_backend  # noqa: E402

BACKENDS = {"python": python_backend, "numpy": numpy_backend}


@contextlib.contextmanager
def on(backend):
    """The _aten kernels run on ``backend`` ("python" or "numpy") inside the block."""
    active = _dispatch.active
    _dispatch.active = BACKENDS[backend]
    try:
        yield
    finally:
        _dispatch.active = active


def buffer(values, backend):
    """float32 values as the backend's buffer."""
    return np.array(values, np.float32) if backend == "numpy" else array("f", values)

GOLDEN = json.loads((ROOT / "tests" / "golden" / "aten.json").read_text())["cases"]


def bits(v):
    return struct.unpack("<I", struct.pack("<f", float(v)))[0]


def f32_from_bits(b):
    return struct.unpack("<f", struct.pack("<I", b))[0]


def matches(ours, record):
    text = to_hex([float(v) for v in ours])
    if isinstance(record, dict):
        return len(ours) == record["n"] and hashlib.sha256(text.encode()).hexdigest() == record["sha256"]
    return text == record


# ---- running one golden case ------------------------------------------------------------------

TYPECODES = {"float32": "f", "float64": "d", "int64": "q"}


def is_buffer(value, backend, types=("float32",)):
    """value is a buffer of the backend (python: an array.array, numpy: an ndarray) of one of
    the element types (by default float32: array('f'), a float32 ndarray)."""
    if backend.NAME == "numpy":
        return isinstance(value, np.ndarray) and value.dtype.name in types
    return isinstance(value, array) and value.typecode in [TYPECODES[t] for t in types]


def _flat(result):
    if isinstance(result, tuple):  # reductions return (values, shape)
        result = result[0]
    assert is_buffer(result, _dispatch.active), f"a kernel returned {type(result).__name__}"
    return [float(v) for v in result]


def run(case, backend):
    with on(backend):
        return _run(case, lambda key: buffer(values_of(case[key]), backend))


def _run(case, get):
    op = case["op"]
    if op in ("sum", "mean", "norm", "var", "std", "prod"):
        args = (get("storage"), case["offset"], case["shape"], case["strides"], case["dims"])
        if op in ("var", "std"):
            values, shape = getattr(reduce, op)(*args, correction=case["correction"], keepdim=case["keepdim"])
        else:
            values, shape = getattr(reduce, op)(*args, keepdim=case["keepdim"])
        return _flat(values)
    if op in ("cumsum", "cumprod"):
        return _flat(getattr(reduce, op)(get("input"), case["shape"], case["dim"]))
    if op == "sigmoid":
        return _flat(special.sigmoid(get("input"), row=case["row"]))
    if op.endswith("_backward"):
        return _flat(getattr(special, op)(get("grad"), get("saved")))
    if op == "expf_glibc":
        return _flat(special.expf_glibc(get("input")))
    if op in ("softmax", "log_softmax"):
        return _flat(getattr(loss, op)(get("input"), case["shape"], case["dim"]))
    if op in ("cross_entropy", "nll_loss"):
        weight = get("weight") if "weight" in case else None
        return _flat(getattr(loss, op)(get("input"), case["shape"], case["targets"], case["reduction"],
                                       weight=weight, ignore_index=case.get("ignore_index", -100)))
    if op == "mse_loss":
        return _flat(loss.mse_loss(get("a"), get("b"), case["reduction"]))
    if op == "binary_cross_entropy":
        return _flat(loss.binary_cross_entropy(get("p"), get("y"), case["reduction"]))
    if op == "mm":
        return _flat(linalg.mm(get("a"), get("b"), case["m"], case["k"], case["n"]))
    if op == "linear":
        return _flat(linalg.linear(get("x"), get("w"), get("bias"), case["m"], case["k"], case["n"]))
    if op == "bmm":
        return _flat(linalg.bmm(get("a"), get("b"), case["batch"], case["m"], case["k"], case["n"]))
    if op == "mv":
        return _flat(linalg.mv(get("a"), get("v"), case["m"], case["k"]))
    if op == "dot":
        return _flat(linalg.dot(get("x"), get("y")))
    raise KeyError(op)


OPS = sorted({case["op"] for case in GOLDEN})


@pytest.mark.parametrize("backend", list(BACKENDS))
@pytest.mark.parametrize("op", OPS)
def test_golden_exact(op, backend):
    cases = [c for c in GOLDEN if c["op"] == op and c.get("exact", True)]
    failures = [c for c in cases if not matches(run(c, backend), c["out"])]
    assert not failures, f"{len(failures)}/{len(cases)} {op} cases differ from torch, first: " + json.dumps(
        {k: v for k, v in failures[0].items() if k not in ("storage", "input", "out")})[:400]


# The not-reproduced regimes: the stand-in must be one rule, the same on both backends, and
# agree with torch at least as often as the spec measured for it.
STAND_IN_FLOORS = {"mm": 0.0, "linear": 0.0, "mv": 0.0, "dot": 0.0, "binary_cross_entropy": 0.5,
                   "softmax": 0.4}


@pytest.mark.parametrize("op", sorted({c["op"] for c in GOLDEN if not c.get("exact", True)}))
def test_golden_stand_ins(op):
    cases = [c for c in GOLDEN if c["op"] == op and not c.get("exact", True)]
    agree = 0
    for c in cases:
        ours = run(c, "python")
        assert to_hex(ours) == to_hex(run(c, "numpy")), f"{op}: the python and numpy backends differ"
        agree += matches(ours, c["out"])
    assert agree / len(cases) >= STAND_IN_FLOORS[op]


# ---- the kernels' calling convention (_aten/__init__.py) -----------------------------------------

# The layer loops (conv, pool, pool_nd, upsample, grid_sample, norm, embedding, ctc, nll, the
# margin losses) also
# take float64 and integer buffers, and return float64 sums or int64 indices; their results may
# be tuples of buffers and shapes.
LAYER_MODULES = ("conv", "pool", "pool_nd", "upsample", "grid_sample", "norm", "embedding", "ctc")
LAYER_KERNELS = {name for name, kernel in _dispatch.KERNELS.items()
                 if kernel.__module__.rsplit(".", 1)[1] in LAYER_MODULES} | {
    "sum_in_order", "extreme_rows", "nll_values", "nll_backward", "multi_margin_loss", "multi_margin_loss_backward",
    "multilabel_margin_loss", "multilabel_margin_loss_backward"}
ANY_BUFFER = ("float32", "float64", "int64")


class _Checked:
    """A backend whose ATEN runs each @backend_kernel (its own version or _aten's loop) and
    records a call that breaks the convention: a value argument or result that is not this
    backend's buffer (a list of floats, the other backend's buffer; float32 for all but the
    layer loops), or no result from a kernel without an ``out`` argument."""

    def __init__(self, backend):
        self.backend, self.called, self.broken = backend, set(), []
        self.ATEN = self

    def __getattr__(self, name):
        return getattr(self.backend, name)

    def _values_ok(self, value, types):
        if isinstance(value, (array, np.ndarray)):
            return is_buffer(value, self.backend, types)
        if isinstance(value, (list, tuple)):  # shapes, positions, targets, scales, or joined's parts
            return all(self._values_ok(v, types) if isinstance(v, (array, np.ndarray, list, tuple))
                       else isinstance(value, tuple) or not isinstance(v, float) for v in value)
        return True

    def _result_ok(self, result, types):
        if isinstance(result, tuple):  # (values, indices) or (out shape, values ...) of a layer loop
            return all(self._values_ok(v, types) if isinstance(v, tuple) else is_buffer(v, self.backend, types)
                       for v in result)
        return is_buffer(result, self.backend, types)

    def get(self, name):
        kernel = self.backend.ATEN.get(name) or _dispatch.KERNELS[name]
        fills = "out" in inspect.signature(_dispatch.KERNELS[name]).parameters

        types = ANY_BUFFER if name in LAYER_KERNELS else ("float32",)

        def checked(*args, **kwargs):
            result = kernel(*args, **kwargs)
            self.called.add(name)
            if not all(self._values_ok(a, types) for a in (*args, *kwargs.values())):
                self.broken.append(f"{name}: argument types {[type(a).__name__ for a in args]}")
            if not (result is None if fills else self._result_ok(result, types)):
                self.broken.append(f"{name} returned {type(result).__name__}")
            return result
        return checked


@pytest.mark.parametrize("backend", list(BACKENDS))
def test_every_backend_kernel_takes_and_returns_buffers(backend, monkeypatch):
    checked = _Checked(BACKENDS[backend])
    monkeypatch.setitem(BACKENDS, backend, checked)
    for case in GOLDEN:
        run(case, backend)
    with on(backend):  # the kernels no golden case reaches (numpy's whole-array kernels call no others)
        x = buffer(make_values(3, 40, "wide"), backend)
        for elementwise in (special.expf_sleef, special.logf_sleef, special.logf_glibc, special.log1pf_glibc,
                            special.exp):
            elementwise(x)
        for approximate, onednn, row in (("none", True, None), ("none", False, 1), ("tanh", False, None)):
            special.gelu(x, approximate, onednn, row)
            special.gelu_backward(x, x, approximate, onednn, row)
        reduce.blocks_sum_from_last(x, 4)
        for rows in (1, 2):  # one LSTM step (gates i, f, g, o of 10 a row) and its backward
            gates, cell = (buffer(make_values(seed, size * rows, "wide"), backend) for seed, size in ((4, 40), (5, 10)))
            h_new, c_new, saved = rnn.lstm_cell_step(gates, gates, cell, rows, 10)
            rnn.lstm_cell_backward_step(h_new, h_new, c_new, saved, cell, rows, 10)
        output = loss.log_softmax(x, [4, 10], 1)
        loss.log_softmax_backward_lastdim(x, output, 10)
        for dtype in ("float32", "float64"):
            for _, call in layer_calls(backend, dtype):
                call()
    assert checked.called == set(_dispatch.KERNELS), "kernels not called: " + \
        ", ".join(sorted(set(_dispatch.KERNELS) - checked.called))
    assert not checked.broken, checked.broken[:5]


def test_layers_hand_their_kernels_buffers(monkeypatch):
    """nn.functional's layers, forward and backward, call every layer loop with this process's
    backend's buffers and make tensors of the buffers they return."""
    import torch
    import torch.nn.functional as F
    checked = _Checked(_dispatch.active)
    monkeypatch.setattr(_dispatch, "active", checked)
    for dtype in (torch.float32, torch.float64):
        torch.manual_seed(0)

        def leaf(*shape):
            return torch.randn(*shape, dtype=dtype, requires_grad=True)
        x2, x3 = leaf(2, 4, 6, 6), leaf(1, 2, 4, 4, 4)
        outs = [F.conv2d(x2, leaf(6, 2, 3, 3), leaf(6), padding=1, groups=2), F.conv1d(leaf(2, 3, 7), leaf(4, 3, 2)),
                F.conv3d(x3, leaf(2, 2, 2, 2, 2)), F.max_pool2d(x2, 2), F.max_pool3d(x3, 2), F.avg_pool2d(x2, 3, 2, 1),
                F.avg_pool3d(x3, 2), F.adaptive_avg_pool2d(x2, (4, 5)),
                F.interpolate(x2, size=(7, 9), mode="bilinear"), F.interpolate(leaf(2, 3, 5), size=8, mode="linear"),
                F.layer_norm(x2, (6, 6), leaf(6, 6), leaf(6, 6)),
                F.batch_norm(x2, torch.zeros(4, dtype=dtype), torch.ones(4, dtype=dtype), leaf(4), leaf(4), True),
                F.batch_norm(x2, torch.zeros(4, dtype=dtype), torch.ones(4, dtype=dtype), leaf(4), leaf(4), False),
                F.group_norm(x2, 2, leaf(4), leaf(4)), F.embedding(torch.tensor([[0, 3], [2, 2]]), leaf(5, 3)),
                F.nll_loss(leaf(4, 5), torch.tensor([1, 0, 4, 2]), torch.rand(5, dtype=dtype)),
                F.nll_loss(leaf(4, 5), torch.tensor([1, 0, 4, 2]), reduction="none"),
                F.adaptive_avg_pool3d(x3, (3, 2, 3)), F.adaptive_max_pool3d(x3, (3, 2, 3)),
                F.adaptive_max_pool2d(x2, (4, 5)), x2.amax((2, 3)), x2.min(1).values, F.fractional_max_pool2d(x2, 2, output_size=(3, 4)),
                F.fractional_max_pool3d(x3, 2, output_size=(2, 3, 2)),
                F.max_unpool2d(*F.max_pool2d(x2, 2, return_indices=True), 2),
                F.max_unpool3d(*F.max_pool3d(x3, 2, return_indices=True), 2),
                torch._weight_norm(x3[0], leaf(2, 1, 1, 1), 0), torch._weight_norm(x3[0], leaf(1, 1, 1, 4), 3),
                F.ctc_loss(leaf(5, 2, 4).log_softmax(2), torch.tensor([[1, 2], [3, 3]]), [5, 4], [2, 2]),
                F.multi_margin_loss(leaf(4, 5), torch.tensor([1, 0, 4, 2]), p=2, weight=torch.rand(5, dtype=dtype)),
                F.multi_margin_loss(leaf(4, 5), torch.tensor([1, 0, 4, 2]), reduction="none"),
                F.multilabel_margin_loss(leaf(3, 4), torch.tensor([[3, 0, -1, 1], [1, 2, 3, 0], [-1, 2, 2, 2]])),
                F.multilabel_margin_loss(leaf(2, 4), torch.tensor([[3, 3, 0, -1], [2, -1, 0, 0]]), reduction="none")]
        x, grid = leaf(1, 2, 4, 5), (torch.rand(1, 3, 3, 2, dtype=dtype) * 2.4 - 1.2).requires_grad_()
        outs.append(F.grid_sample(x3, leaf(1, 2, 3, 2, 3) * 0.7, align_corners=True))
        gx, ggrid = torch.autograd.grad(F.grid_sample(x, grid, align_corners=False).pow(2).sum(), (x, grid),
                                        create_graph=True)  # the second derivative's kernel too
        (sum(out.sum() for out in outs) + gx.sum() + ggrid.sum()).backward()
    assert LAYER_KERNELS <= checked.called, "kernels not called: " + ", ".join(sorted(LAYER_KERNELS - checked.called))
    assert not checked.broken, checked.broken[:5]


# ---- the layer loops: every one called, the same bits on both backends ---------------------------

def layer_calls(backend, dtype, specials=False):
    """(name, thunk) calls of every layer loop on small inputs of ``dtype`` as the backend's
    buffers; ``specials``: NaN, inf, -0.0 and a huge value among the inputs (not inf and -inf:
    math.fsum raises on their sum, as the statistics on the pure-Python backend always have)."""
    def buf(n, seed, kind="normal"):
        values = make_values(seed, n, kind)
        if specials:
            for i, v in zip(range(2, n, 7), (math.nan, math.inf, -0.0, 0.0, -3e38)):
                values[i] = v
        return plain(values)

    def plain(values):
        return np.array(values, dtype) if backend == "numpy" else array(TYPECODES[dtype], values)

    def ints(values):
        return np.array(values, np.int64) if backend == "numpy" else array("q", values)

    f32 = dtype == "float32"
    eps = 1e-5
    calls = []
    # convolutions: (input shape, weight shape, stride, padding, dilation, groups)
    for xs, ws, st, pad, dil, groups in [((2, 4, 5, 5), (6, 2, 3, 3), (2, 1), (1, 1), (1, 2), 2),
                                          ((2, 3, 7), (4, 3, 2), (1,), (0,), (1,), 1),
                                          ((2, 3, 9), (3, 1, 3), (2,), (2,), (2,), 3),
                                          ((1, 2, 3, 4, 4), (2, 2, 2, 2, 2), (1, 1, 1), (1, 0, 1), (1, 1, 1), 1)]:
        out = conv.conv_geometry(xs, ws, st, pad, dil)[2]
        x, w, bias = buf(math.prod(xs), 1), buf(math.prod(ws), 2), buf(ws[0], 3)
        size = xs[0] * ws[0] * math.prod(out)
        g = buf(size, 4)
        for mode, p, q, n, b in [(0, x, w, size, bias), (0, x, w, size, None), (1, g, w, math.prod(xs), None),
                                 (2, g, x, math.prod(ws), None)]:
            calls.append(("conv_sums", functools.partial(conv.conv_sums, mode, p, q, f32, n, xs, ws, st, pad, dil,
                                                         groups, b)))
    # pooling over the last two (or three) dims
    for shape, kernel, stride, padding, dilation, ceil in [((2, 3, 5, 6), (3, 2), (2, 2), (1, 1), (1, 2), True),
                                                            ((3, 1, 7), (1, 3), (1, 2), (0, 1), (1, 1), False),
                                                            ((1, 2, 4, 5, 5), (2, 3, 2), (2, 2, 1), (1, 1, 0),
                                                             (1, 1, 2), False)]:
        x = buf(math.prod(shape), 5)
        out_hw, _, indices = pool.max_pool(x, shape, kernel, stride, padding, dilation, ceil)
        n = len(indices)
        calls += [("max_pool", lambda x=x, shape=shape, kernel=kernel, stride=stride, padding=padding,
                   dilation=dilation, ceil=ceil: pool.max_pool(x, shape, kernel, stride, padding, dilation, ceil)),
                  ("max_pool_backward", lambda n=n, indices=indices, shape=shape, out_hw=out_hw:
                   pool.max_pool_backward(buf(n, 6), indices, shape, out_hw, f32))]
        for include_pad, divisor in [(True, None), (False, None), (False, 5)]:
            args = (shape, f32, kernel, stride, padding, ceil, include_pad, divisor)
            if any(p > k // 2 for p, k in zip(padding, kernel)):
                continue
            n = len(pool.avg_pool(x, *args)[1])
            calls += [("avg_pool", lambda x=x, args=args: pool.avg_pool(x, *args)),
                      ("avg_pool_backward", lambda n=n, args=args: pool.avg_pool_backward(buf(n, 7), *args))]
    ties = plain([1.0, math.nan, 1.0, math.nan, 2.0, 2.0, -0.0, 0.0, -math.inf, -math.inf, 3.0] * 6)  # (1, 6, 11)
    calls += [("max_pool", lambda: pool.max_pool(ties, (1, 6, 11), (3, 3), (1, 2), (1, 1), (1, 1), True)),
              ("max_pool", lambda: pool.max_pool(ties, (1, 6, 11), (2, 4), (2, 1), (0, 2), (2, 1), False))]
    x = buf(2 * 3 * 5 * 6, 8)
    calls += [("adaptive_avg_pool", lambda: pool.adaptive_avg_pool(x, (2, 3, 5, 6), f32, (3, 4))),
              ("adaptive_avg_pool_backward", lambda: pool.adaptive_avg_pool_backward(buf(72, 9), (2, 3, 5, 6), f32,
                                                                                    (3, 4)))]
    # adaptive pooling of any number of dims, max unpooling, fractional max pooling
    for shape, size in [((2, 3, 5, 6), (3, 4)), ((1, 2, 4, 5, 5), (3, 2, 4))]:
        xp = buf(math.prod(shape), 24)
        values, indices = pool_nd.adaptive_max_pool_nd(xp, shape, size)
        calls += [("adaptive_avg_pool_nd", lambda xp=xp, shape=shape, size=size:
                   pool_nd.adaptive_avg_pool_nd(xp, shape, f32, size)),
                  ("adaptive_avg_pool_nd_backward", lambda shape=shape, size=size, n=len(values):
                   pool_nd.adaptive_avg_pool_nd_backward(buf(n, 25), shape, f32, size)),
                  ("adaptive_max_pool_nd", lambda xp=xp, shape=shape, size=size:
                   pool_nd.adaptive_max_pool_nd(xp, shape, size)),
                  ("scatter_to_planes", lambda shape=shape, indices=indices, n=len(values), nd=len(size):
                   pool_nd.scatter_to_planes(buf(n, 26), indices, shape, nd, f32))]
    calls += [("adaptive_max_pool_nd", lambda: pool_nd.adaptive_max_pool_nd(ties, (1, 6, 11), (4, 3))),
              ("max_unpool", lambda: pool_nd.max_unpool(buf(12, 27), ints([0, 5, 3, 3, 19, 7, 1, 2, 0, 4, 6, 8]),
                                                        3, (4, 5))),
              ("fractional_max_pool", lambda: pool_nd.fractional_max_pool(
                  xp, (1, 2, 4, 5, 5), plain(make_values(28, 6, "prob")), (2, 2, 3), (3, 2, 2), f32)),
              ("fractional_max_pool", lambda: pool_nd.fractional_max_pool(
                  ties, (1, 6, 11), plain([0.25, 0.875]), (2, 3), (4, 5), f32))]
    # grid sampling: 2-d (every mode and padding) and 3-d (trilinear, nearest); grid points in and
    # around [-1, 1]
    for shape, modes in [((2, 3, 4, 5), (0, 1, 2)), ((1, 2, 3, 4, 3), (0, 1))]:
        nd = len(shape) - 2
        xg, points = buf(math.prod(shape), 33), 6
        grid = plain([1.3 * v for v in make_values(34, shape[0] * points * nd)])
        for mode in modes:
            for padding, align in [(0, False), (1, True), (2, False), (2, True)]:
                args = (shape, grid, points, mode, padding, align)
                n_out = shape[0] * shape[1] * points
                calls += [("grid_sample", lambda xg=xg, args=args: grid_sample.grid_sample(xg, *args, f32)),
                          ("grid_sample_backward", lambda xg=xg, args=args, n_out=n_out:
                           grid_sample.grid_sample_backward(buf(n_out, 35), xg, *args, f32)),
                          ("grid_sample_double_backward", lambda xg=xg, args=args, n_out=n_out:
                           grid_sample.grid_sample_double_backward(buf(n_out, 35), xg, *args, buf(len(xg), 36),
                                                                   buf(len(args[1]), 37))),
                          ("grid_sample_double_backward", lambda xg=xg, args=args, n_out=n_out:
                           grid_sample.grid_sample_double_backward(buf(n_out, 35), xg, *args, None,
                                                                   buf(len(args[1]), 37)))]
    # resizing
    for shape, size, scales, align in [((2, 3, 5, 6), (7, 9), (None, None), False), ((2, 3, 5, 6), (3, 4),
                                                                                     (0.7, 0.75), True),
                                       ((2, 3, 5), (8,), (None,), False)]:
        args = (shape, f32, size, scales, align)
        calls += [("linear_values", lambda args=args: upsample.linear_values(x[:math.prod(args[0])], *args)),
                  ("linear_backward_values", lambda args=args: upsample.linear_backward_values(
                      buf(shape[0] * shape[1] * math.prod(args[2]), 10), *args))]
    # normalisation: layer (rows of 30), batch (3 channels), group (6 channels in 3 groups)
    g, w30, w3 = buf(180, 11), buf(30, 12), buf(3, 13)
    mean, rstd = norm.batch_stats(x, (2, 3, 5, 6), None, None, True, eps, f32)
    mean9, rstd9 = norm.batch_stats(x, (10, 9), None, None, True, eps, f32)  # one value per plane: (N, C) input
    running = (buf(3, 14), np.abs(buf(3, 15)) if backend == "numpy" else array(TYPECODES[dtype],
                                                                              map(abs, buf(3, 15))))
    if not f32:  # float64 sums of rows that are not contiguous
        calls += [("sum_in_order", lambda: reduce.sum_in_order(x, 12)),
                  ("sum_in_order", lambda: reduce.sum_in_order(x, 1)),
                  ("sum_in_order", lambda: reduce.sum_in_order(x, 12, columns=True)),  # a bias's gradient
                  ("sum_in_order", lambda: reduce.sum_in_order(x, 180, columns=True))]  # one column
    # max/min and argmax/argmin over rows (specials: ties of 0.0 and -0.0, NaN first or later)
    calls += [("extreme_rows", lambda k=k, minimum=minimum: reduce.extreme_rows(x, k, minimum))
              for k in (1, 12, 180) for minimum in (False, True)]
    ln_mean, ln_rstd = norm.layer_norm_stats(x, 30, eps, f32)
    calls += [("layer_norm_stats", lambda: norm.layer_norm_stats(x, 30, eps, f32)),
              ("layer_norm_stats", lambda: norm.layer_norm_stats(x, 45, eps, f32)),  # 45 = 5 * 8 + 5: a tail
              ("layer_norm_output", lambda: norm.layer_norm_output(x, 30, ln_mean, ln_rstd, w30, buf(30, 17), f32)),
              ("layer_norm_output", lambda: norm.layer_norm_output(x, 30, ln_mean, ln_rstd, None, buf(30, 17), f32)),
              ("layer_norm_output", lambda: norm.layer_norm_output(x, 30, ln_mean, ln_rstd, w30, None, f32)),
              ("layer_norm_output", lambda: norm.layer_norm_output(x, 30, ln_mean, ln_rstd, None, None, f32)),
              ("layer_norm_input_grad", lambda: norm.layer_norm_input_grad(x, g, ln_mean, ln_rstd, w30,
                                                                                       30, f32)),
              ("layer_norm_input_grad", lambda: norm.layer_norm_input_grad(x, g, ln_mean, ln_rstd, None,
                                                                                       30, f32)),
              ("layer_norm_weight_grad", lambda: norm.layer_norm_weight_grad(x, g, ln_mean, ln_rstd, 30,
                                                                                         f32)),
              ("layer_norm_bias_grad", lambda: norm.layer_norm_bias_grad(g, 30, f32)),
              ("batch_stats", lambda: norm.batch_stats(x, (2, 3, 5, 6), None, None, True, eps, f32)),
              ("batch_stats", lambda: norm.batch_stats(x, (2, 3, 5, 6), *running, False, eps, f32)),
              ("unbiased_vars", lambda: norm.unbiased_vars(x, (2, 3, 5, 6), mean)),
              ("batch_norm", lambda: norm.batch_norm(x, (2, 3, 5, 6), mean, rstd, w3, buf(3, 16), f32)),
              ("batch_norm", lambda: norm.batch_norm(x, (2, 3, 5, 6), mean, rstd, None, None, f32)),
              ("batch_norm_input_grad", lambda: norm.batch_norm_input_grad(x, g, (2, 3, 5, 6), mean, rstd, w3, True,
                                                                           f32)),
              ("batch_norm_input_grad", lambda: norm.batch_norm_input_grad(x, g, (2, 3, 5, 6), mean, rstd, None,
                                                                           False, f32)),
              ("batch_norm_input_grad", lambda: norm.batch_norm_input_grad(x, g, (10, 9), mean9, rstd9, None, True,
                                                                           f32)),
              ("batch_norm_weight_grad", lambda: norm.batch_norm_weight_grad(x, g, (2, 3, 5, 6), mean, rstd, f32)),
              ("batch_norm_weight_grad", lambda: norm.batch_norm_weight_grad(x, g, (10, 9), mean9, rstd9, f32)),
              ("batch_norm_bias_grad", lambda: norm.batch_norm_bias_grad(g, (2, 3, 5, 6), f32)),
              ("batch_norm_bias_grad", lambda: norm.batch_norm_bias_grad(g, (10, 9), f32)),
              ("group_norm", lambda: norm.group_norm(x, (2, 6, 15), f32, 3, buf(6, 17), buf(6, 18), eps)),
              ("group_norm", lambda: norm.group_norm(x, (2, 6, 15), f32, 3, None, None, eps))]
    for first_dim, g_size in [(True, 6), (False, 30)]:  # x as 6 rows of 30: a norm per row, or per column
        calls += [("weight_norm", lambda first_dim=first_dim, g_size=g_size: norm.weight_norm(
                      x, buf(g_size, 30), 6, 30, first_dim, f32)),
                  ("weight_norm_backward", lambda first_dim=first_dim, g_size=g_size: norm.weight_norm_backward(
                      g, x, buf(g_size, 30), 6, 30, first_dim, f32))]
    # embedding and nll
    weight, targets = buf(20, 19), [1, 0, -100, 4]
    calls += [("rows", lambda: embedding.rows(weight, 5, 4, ints([0, 4, 3, 2, 2]))),
              ("dense_backward", lambda: embedding.dense_backward(buf(20, 20), ints([0, 4, 1, 2, 2]), 5, 4, 2)),
              ("nll_values", lambda: loss.nll_values(buf(20, 21), 5, targets, buf(5, 22), -100)),
              ("nll_values", lambda: loss.nll_values(buf(20, 21), 5, targets, None, -100)),
              ("nll_backward", lambda: loss.nll_backward(buf(4, 23), 5, targets, buf(5, 22), -100)),
              ("nll_backward", lambda: loss.nll_backward(buf(4, 23), 5, targets, None, -100))]
    # ctc: (T, N, C) = (5, 2, 4); the second target a repeated label, its sequence shorter (in the second
    # case too short: an infinite loss, zeroed)
    lp, labels = buf(40, 31), [[1, 2], [3, 3]]
    for lengths, zero_infinity in [([5, 4], False), ([5, 1], True)]:
        nll, log_alpha = ctc.ctc_loss(lp, (5, 2, 4), labels, lengths, [2, 2], 0, f32)
        calls += [("ctc_loss", lambda lengths=lengths: ctc.ctc_loss(lp, (5, 2, 4), labels, lengths, [2, 2], 0, f32)),
                  ("ctc_loss_backward", lambda lengths=lengths, zero_infinity=zero_infinity, nll=nll,
                   log_alpha=log_alpha: ctc.ctc_loss_backward(buf(2, 32), lp, (5, 2, 4), labels, lengths, [2, 2],
                                                              nll, log_alpha, 0, zero_infinity, f32))]
    # multi-class margin loss: 4 frames of 5 classes, without and with class weights
    frames, classes = buf(20, 38), [0, 4, 2, 2]
    for p, class_weight in [(1, None), (2, buf(5, 39))]:
        for reduction, n_grad in [("none", 4), ("mean", 1), ("sum", 1)]:
            args = (frames, 5, classes, p, 0.7, class_weight, reduction, f32)
            calls += [("multi_margin_loss", lambda args=args: loss.multi_margin_loss(*args)),
                      ("multi_margin_loss_backward", lambda args=args, n_grad=n_grad:
                       loss.multi_margin_loss_backward(buf(n_grad, 40), *args))]
    # multi-label margin loss: 4 frames of 5 classes, the targets before each frame's first -1 (a
    # repeated one, none, all five)
    frame_labels = [3, 0, -1, 1, 1, 4, 4, 2, -1, 0, -1, 0, 0, 0, 0, 1, 2, 3, 4, 0]
    for reduction, n_grad in [("none", 4), ("mean", 1), ("sum", 1)]:
        args = (frames, 5, frame_labels, reduction, f32)
        calls += [("multilabel_margin_loss", lambda args=args: loss.multilabel_margin_loss(*args)),
                  ("multilabel_margin_loss_backward", lambda args=args, n_grad=n_grad:
                   loss.multilabel_margin_loss_backward(buf(n_grad, 41), *args))]
    return calls


def _bits(result):
    """A kernel's result as comparable text: shapes as they are, buffers' elements by their bits
    (every NaN alike: PyTorch prints them alike)."""
    if isinstance(result, tuple):
        return [_bits(r) if not isinstance(r, tuple) else list(r) for r in result]
    return ["nan" if v != v else struct.pack("<d", v).hex() for v in result.tolist()]


@pytest.mark.parametrize("specials", [False, True], ids=["finite", "specials"])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_layer_loops_same_bits_on_both_backends(dtype, specials):
    with on("python"):
        ours = [(name, _bits(call())) for name, call in layer_calls("python", dtype, specials)]
    with on("numpy"):
        theirs = [(name, _bits(call())) for name, call in layer_calls("numpy", dtype, specials)]
    differ = [i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b]
    assert not differ, f"{len(differ)} calls differ, first: #{differ[0]} {ours[differ[0]][0]}"


# ---- the spec's own test vectors (real torch bits, spec arith-parity.md) ---------------------------

@pytest.fixture(params=[False, True], ids=["python", "numpy"])
def use_np(request):
    """The test runs on the numpy backend (ndarray inputs) or on the python one (array('f'))."""
    with on("numpy" if request.param else "python"):
        yield request.param


def hexes(values):
    return [f"0x{bits(v):08x}" for v in values]


def test_spec_sum_vectors(use_np):
    expected = {7: "0x4025f15f", 8: "0x402df160", 17: "0x405c21a2", 1000: "0x40ef88fa", 5000: "0x4111831c"}
    for n, want in expected.items():
        x = [1 / (i + 1) for i in range(n)]
        x = np.array(x, np.float32) if use_np else array("f", x)
        assert hexes(reduce.sum(x, 0, [n], [1])[0]) == [want]
    grid = array("f", [1 / (1 + i + 7 * j) for i in range(5) for j in range(33)])
    grid = np.array(grid, np.float32) if use_np else grid
    assert hexes(reduce.sum(grid, 0, [5, 33], [33, 1], dims=[1])[0]) == [
        "0x3fc664be", "0x3f8335c6", "0x3f5650db", "0x3f3c402c", "0x3f2b4572"]
    # the same data stored transposed and summed over dim 0 adds in another order
    assert hexes(reduce.sum(grid, 0, [33, 5], [1, 33], dims=[0])[0])[3:] == ["0x3f3c402c", "0x3f2b4572"]
    transposed = [grid[i * 33 + j] for j in range(33) for i in range(5)]
    transposed = np.array(transposed, np.float32) if use_np else array("f", transposed)
    assert hexes(reduce.sum(transposed, 0, [33, 5], [5, 1], dims=[0])[0])[3:] == ["0x3f3c4029", "0x3f2b4573"]


def test_spec_reduction_vectors(use_np):
    def vec(values):
        return np.array(values, np.float32) if use_np else array("f", values)
    x21 = vec([1 / (i + 1) for i in range(21)])
    assert hexes(reduce.norm(x21, 0, [21], [1])[0]) == ["0x3fa1d447"]
    x10 = vec([1 / (i + 1) for i in range(10)])
    assert hexes(reduce.var(x10, 0, [10], [1])[0]) == ["0x3d9d7110"]
    assert hexes(reduce.std(x10, 0, [10], [1])[0]) == ["0x3e8df5a9"]
    assert hexes(reduce.var(x10, 0, [10], [1], correction=0)[0]) == ["0x3d8db28e"]
    assert hexes(reduce.cumsum(x10[:6], [6], 0)) == [
        "0x3f800000", "0x3fc00000", "0x3feaaaab", "0x40055555", "0x40122222", "0x401ccccd"]
    assert hexes(reduce.prod(vec([1 + 1 / (i + 3) for i in range(40)]), 0, [40], [1])[0]) == ["0x4165555a"]


def test_spec_softmax_vectors(use_np):
    row = [0.5 * i - 1 for i in range(10)]
    row = np.array(row, np.float32) if use_np else array("f", row)
    assert " ".join(hexes(loss.softmax(row, [10], -1))) == (
        "0x3b9033c2 0x3bedbfcb 0x3c43fdb7 0x3ca1913c 0x3d053093 0x3d5b97bf 0x3db5060d 0x3e153a90 0x3e760960 0x3ecad2aa")
    assert " ".join(hexes(loss.log_softmax(row, [10], -1))) == (
        "0xc0ada1b9 0xc09da1b9 0xc08da1b9 0xc07b4372 0xc05b4372 0xc03b4372 0xc01b4372 0xbff686e3 0xbfb686e3 0xbf6d0dc6")
    assert hexes(loss.cross_entropy(row, [1, 10], [3])) == ["0x407b4372"]


def test_spec_sigmoid_and_exp_vectors(use_np):
    assert LANES == 16  # the reference machine has AVX-512
    x = [0.37 * i - 5 for i in range(40)]
    x = np.array(x, np.float32) if use_np else array("f", x)
    out = hexes(special.sigmoid(x))
    assert out[:4] == ["0x3bdb4fb4", "0x3c1e472a", "0x3c64285b", "0x3ca421ec"]  # vector formula
    assert out[32:36] == ["0x3f7fb9f1", "0x3f7fcf99", "0x3f7fde8e", "0x3f7fe8e6"]  # scalar tail

    def one(fn, b):
        arg = np.array([f32_from_bits(b)], np.float32) if use_np else array("f", [f32_from_bits(b)])
        return hexes(fn(arg))[0]
    assert one(special.expf_sleef, 0xc0758106) == "0x3cb0c804"
    assert one(special.expf_glibc, 0x40448949) == "0x41ac7ca0"
    # the vector and scalar sigmoid formulas really differ at -1.85
    assert one(lambda v: special.sigmoid(v, row=1), 0xbfeccccd) == "0x3e0b2243"
    assert hexes(special.sigmoid(np.full(32, f32_from_bits(0xbfeccccd), np.float32) if use_np
                                 else array("f", [f32_from_bits(0xbfeccccd)] * 32)))[0] == "0x3e0b2244"


def test_spec_matmul_vectors(use_np):
    def mat(rows, cols, f):
        values = [f(i, k) for i in range(rows) for k in range(cols)]
        return np.array(values, np.float32) if use_np else array("f", values)
    for m, k, n, picks, want in [(4, 16, 16, [0, 1, 2], ["0x3f70f0f3", "0x3f0e3162", "0x3eceb71c"]),
                                 (4, 300, 16, [0, 1, 2], ["0x3f7f264c", "0x3f1b98c9", "0x3ee81f9e"]),
                                 (4, 3, 16, [20], ["0x3dcf2096"])]:
        out = linalg.mm(mat(m, k, lambda i, j: 1 / (1 + i + j)), mat(k, n, lambda i, j: 1 / (2 + i + 2 * j)), m, k, n)
        assert [hexes(out)[p] for p in picks] == want
    x = mat(8, 64, lambda i, k: 1 / (1 + i + k))
    w = mat(10, 64, lambda j, k: (-1) ** (j + k) / (3 + j + k))
    bias = mat(1, 10, lambda _, j: j / 10)
    out = hexes(linalg.linear(x, w, bias, 8, 64, 10))
    assert out[:3] + out[8:10] == ["0x3e7fe172", "0xbdac73ef", "0x3eb1023c", "0x3f5d4d37", "0x3f574e08"]



# Rule F through BLAS (numpy's sgemm) must give the exact emulation's bits, including the
# shapes where OpenBLAS splits the work between threads, the column edge is padded, a single row
# or column, and blocks too long for the BLAS's plan (which take the exact emulation).
RULE_F_SHAPES = [(4, 2, 12), (5, 17, 13), (33, 192, 47), (64, 256, 64), (256, 256, 256), (272, 300, 272),
                 (100, 784, 490), (20, 193, 31), (1, 160, 30), (7, 161, 1), (3, 321, 5), (2, 322, 17)]


@pytest.mark.parametrize("m,k,n", RULE_F_SHAPES)
def test_rule_f_through_blas_is_exact(m, k, n):
    if numpy_backend._blas_rule_f() is None:
        pytest.skip("this machine's BLAS does not reproduce rule F; the exact emulation is used")
    rng = np.random.default_rng(m * k * n)
    x = (rng.standard_normal((m, k)) * rng.choice([1e-3, 1.0, 1e3], (m, 1))).astype(np.float32)
    w = rng.standard_normal((n, k)).astype(np.float32)
    bias = rng.standard_normal(n).astype(np.float32)
    for b in (None, bias):
        fast, exact = numpy_backend._rule_f_np(x, w, b), numpy_backend._rule_f_exact(x, w, b)
        assert np.array_equal(fast.view(np.int32), exact.view(np.int32))


# bmm's rule F takes the whole stack in each of its steps (numpy's matmul of 3-D arrays: one sgemm a
# product): the per-product calls' bits, and the exact emulation's. Shapes around gpt.py's attention
# (batch 16-64, m and n 1-64, k 8-64) and edges: one product, a single row or column, k past a
# BLAS plan's steps (the exact fma steps of a stack), a long k of several blocks.
BMM_SHAPES = [(16, 32, 16, 32), (16, 32, 32, 16), (64, 32, 8, 32), (16, 16, 32, 16), (1, 4, 2, 12), (5, 1, 9, 13),
              (3, 7, 5, 1), (2, 33, 161, 17), (4, 5, 200, 12), (2, 9, 400, 20), (7, 13, 64, 45)]


@pytest.mark.parametrize("batch,m,k,n", BMM_SHAPES + [tuple(int(v) for v in np.random.default_rng(i).integers(
    1, (40, 40, 70, 40))) for i in range(12)])
def test_bmm_rule_f_of_the_stack_is_each_products(batch, m, k, n):
    rng = np.random.default_rng(batch * m * k * n)
    a = (rng.standard_normal((batch, m, k)) * rng.choice([1e-3, 1.0, 1e3], (batch, m, 1))).astype(np.float32)
    b = rng.standard_normal((batch, k, n)).astype(np.float32)
    b[rng.random(b.shape) < 0.3] = 0  # zeros as ReLU's and dropout's gradients have them
    stack = numpy_backend._bmm_rule(a.reshape(-1), b.reshape(-1), batch, m, k, n, "F")
    each = np.concatenate([numpy_backend._mm_rule(a[i].reshape(-1), b[i].reshape(-1), m, k, n, None, False, "F")
                           for i in range(batch)])
    exact = np.concatenate([numpy_backend._rule_f_exact(a[i], b[i].T, None).reshape(-1) for i in range(batch)])
    assert np.array_equal(stack.view(np.int32), each.view(np.int32))
    assert np.array_equal(stack.view(np.int32), exact.view(np.int32))


# Rules N and D (and float64's products in order) on the numpy backend add many outputs' running
# sums at once, with the longer output side as numpy's inner loop and one accumulate or one in-place
# add a step: the pure-Python loops' bits, on shapes either side of those choices (more rows than
# columns and fewer, running sums below and above 64 outputs, k not a whole number of lanes, one
# row (gemv-like, as nn.Linear on one sample), k = 1 and long k).
IN_ORDER_SHAPES = [(64, 784, 10), (10, 64, 784), (3, 9, 2), (2, 130, 5), (1, 37, 80), (80, 37, 1), (9, 21, 11),
                   (1, 128, 97), (2, 300, 2), (97, 1, 128), (1, 3000, 3), (1, 64, 129)]


@pytest.mark.parametrize("m,k,n", IN_ORDER_SHAPES)
def test_products_in_order_keep_the_python_loops_bits(m, k, n):
    rng = np.random.default_rng(m * k * n)
    x = (rng.standard_normal((m, k)) * rng.choice([1e-3, 1.0, 1e3], (m, 1))).astype(np.float32)
    w = rng.standard_normal((n, k)).astype(np.float32)
    w[rng.random(w.shape) < 0.2] = -0.0
    bias = rng.standard_normal(n).astype(np.float32)
    for rule, b_transposed, b in (("N", False, None), ("D", True, bias), ("D1", True, None)):
        second = w if b_transposed else np.ascontiguousarray(w.T)
        results = {}
        for backend in BACKENDS:
            with on(backend):
                results[backend] = linalg.mm_rule(buffer(x.reshape(-1), backend), buffer(second.reshape(-1), backend),
                                                  m, k, n, None if b is None else buffer(b, backend), b_transposed, rule)
        assert hexes(results["numpy"]) == hexes(results["python"]), rule
    x64, w64 = x.astype(np.float64).reshape(-1), w.astype(np.float64).reshape(-1)
    loops = python_backend.mm_in_order(array("d", x64.tolist()), array("d", w64.tolist()), m, k, n, float64,
                                       b_transposed=True)
    assert numpy_backend.mm_in_order(x64, w64, m, k, n, float64, b_transposed=True).tolist() == list(loops)


def test_rule_f_carried_through_blas_keeps_infinities_and_negative_zeros():
    """A block longer than the BLAS plan continues its sums in further sgemm calls, panels of
    columns whose sums enter as identity steps: the exact fma steps' bits, and where a sum is
    infinite or -0 (inf * 0 would be NaN in the other columns; -0 would enter as +0) the exact
    steps themselves."""
    plan = numpy_backend._blas_rule_f()
    if plan is None:
        pytest.skip("this machine's BLAS does not reproduce rule F; the exact emulation is used")
    rng = np.random.default_rng(7)
    x, w = rng.standard_normal((2, 6, 40)).astype(np.float32), rng.standard_normal((2, 150, 40)).astype(np.float32)
    t = (rng.standard_normal((2, 6, 150)) * 100).astype(np.float32)
    x[1, 2], w[1, 3] = 0, -1  # -0 products: a -0 sum stays -0, a +0 one +0

    def same(t):
        carried, exact = numpy_backend._blas_carried(x, w, t, 0, 32, *plan), numpy_backend._fma_steps(x, w, t, 0, 32)
        return np.array_equal(carried.view(np.int32), exact.view(np.int32))
    assert same(t)
    t[1, 2, 3] = -0.0
    assert same(t)
    t[0, 1, 0] = np.inf
    with np.errstate(invalid="ignore"):
        assert same(t)


def test_embedding_backward_rows_added_alike_on_both_backends():
    """The embedding's backward adds each incoming row to its weight row in order (row slices in
    the pure-Python loop, np.add.at on arrays): the same float64 sums, with repeated and padding
    indices, on random shapes."""
    rng = np.random.default_rng(44)
    for trial in range(20):
        num, dim, n = (int(v) for v in rng.integers(1, (12, 9, 30)))
        indices = [int(v) for v in rng.integers(0, num, n)]
        padding_idx = int(rng.integers(-1, num))  # -1: none
        grad = (rng.standard_normal(n * dim) * 2.0 ** rng.integers(-30, 30, n * dim)).astype(np.float32)
        sums = []
        for backend in ("python", "numpy"):
            with on(backend):
                sums.append(np.asarray(embedding.dense_backward(
                    buffer(grad.tolist(), backend), np.array(indices, np.int64) if backend == "numpy" else array("q", indices),
                    num, dim, padding_idx), np.float64))
        assert np.array_equal(sums[0].view(np.int64), sums[1].view(np.int64)), trial


COLUMN_SUM_ROWS = [1, 3, 4, 5, 15, 16, 17, 31, 32, 33, 64, 67, 255, 256, 257, 1100]
COLUMN_SUM_COLUMNS = [1, 2, 3, 5, 8, 9, 27, 31, 32, 33, 100]


@pytest.mark.parametrize("rows", COLUMN_SUM_ROWS)
def test_column_sums_alike_on_both_backends(rows):
    """Sums over the rows of a (rows, columns) view (a bias's gradient over a batch): the numpy
    backend's one call for all columns (the cascade's four interleaved row_sum cascades as one)
    against the pure-Python kernel calls, over row counts at and around the cascade's levels
    (16, 256) and column counts around its blocks (4, 8, 32), contiguous, transposed and expanded,
    with signed zeros, infinities and NaN among values of every scale (sums that round otherwise
    in another order); any NaN matches a NaN."""
    rng = np.random.default_rng(rows)
    for columns in COLUMN_SUM_COLUMNS:
        x = (rng.standard_normal(rows * columns) * 2.0 ** rng.integers(-20, 20, rows * columns)).astype(np.float32)
        x[rng.random(x.size) < 0.05] = -0.0
        if columns > 8:  # a column of -0.0 (whose sum is +0.0) and one with inf, -inf and NaN
            x[1::columns] = -0.0
            x[[2, 2 + columns * (rows // 2), rows * columns - 1 - columns + 3]] = [np.inf, -np.inf, np.nan]
        layouts = [([rows, columns], [columns, 1]), ([rows, columns], [1, rows]), ([rows, columns], [0, 1])]
        for (shape, strides), keepdim in zip(layouts, (True, False, True)):
            sums = []
            for backend in ("python", "numpy"):
                with on(backend):
                    sums.append(np.asarray(reduce.sum(buffer(x.tolist(), backend), 0, shape, strides, [0],
                                                      keepdim=keepdim)[0], np.float32))
            # (a NaN's sign and payload are the loops' and numpy's SIMD choice, as in torch's kernels)
            python_sum, numpy_sum = (np.where(np.isnan(s), np.float32(np.nan), s).view(np.int32) for s in sums)
            assert np.array_equal(python_sum, numpy_sum), (rows, columns, strides)


def _chain_operands(rng, k, cols, specials):
    """Float32 (k, cols) operands of mixed scales, with zeros, and with specials -0, infinities,
    NaN and subnormals in a few places."""
    a = (rng.standard_normal((k, cols)) * rng.choice([1e-3, 1.0, 1e3], (k, 1))).astype(np.float32)
    b = rng.standard_normal((k, cols)).astype(np.float32)
    a[rng.random(a.shape) < 0.2] = 0
    if specials:
        for v in (-0.0, np.inf, -np.inf, np.nan, 1e-40, -3e-45):
            a[rng.integers(0, k), rng.integers(0, cols)] = v
    return a, b


CHAIN_SHAPES = [(2, 5000), (33, 300), (160, 64), (161, 17), (300, 40), (700, 3), (1000, 64), (5, 1)]


@pytest.mark.parametrize("k,cols", CHAIN_SHAPES + [tuple(int(v) for v in np.random.default_rng(50 + i).integers(
    1, (400, 200))) for i in range(8)])
@pytest.mark.parametrize("specials", [False, True], ids=["finite", "specials"])
def test_fma_chains_through_blas_are_the_chains(k, cols, specials, monkeypatch):
    """The numpy backend's chains through sgemm (a panel's columns as one product, its diagonal
    kept; chains past the BLAS plan's steps carried on) give the bits of the chains step by step:
    sums against np.add.accumulate's, fma chains against _fma32_chain's, from +0."""
    if numpy_backend._blas_rule_f() is None:
        pytest.skip("this machine's BLAS does not reproduce rule F; the chains are computed step by step")
    monkeypatch.setattr(numpy_backend, "_SUMS_VIA_BLAS", 0)  # every size through sgemm
    a, b = _chain_operands(np.random.default_rng(k * cols), k, cols, specials)
    with np.errstate(all="ignore"):
        sums = np.add.accumulate(np.concatenate([np.zeros((1, cols), np.float32), a]), axis=0)[-1]
        chains = numpy_backend._fma32_chain(a.astype(np.float64) * b, np.zeros(cols, np.float32))
        assert np.array_equal(numpy_backend._fma_chains(a).view(np.int32), sums.view(np.int32))
        assert np.array_equal(numpy_backend._fma_chains(a, b).view(np.int32), chains.view(np.int32))


def test_rule_f_blas_check_rejects_a_differing_blas(monkeypatch):
    real = numpy_backend._blas_steps

    def one_ulp_off(x, w, lo, hi, spread):
        out = real(x, w, lo, hi, spread).copy()
        out.view(np.int32)[-1, -1] += 1
        return out
    monkeypatch.setattr(numpy_backend, "_blas_steps", one_ulp_off)
    monkeypatch.setattr(numpy_backend, "_blas_verdict", [])
    assert numpy_backend._blas_rule_f() is None
    a, b = np.ones(16 * 20, np.float32), np.full(20 * 12, 0.1, np.float32)
    with on("numpy"):
        ours = hexes(linalg.mm(a, b, 16, 20, 12))
    with on("python"):
        assert ours == hexes(linalg.mm(array("f", a), array("f", b), 16, 20, 12))


# The convolution's sums through dgemm (im2col; runs longer than one BLAS call, wide products in
# column blocks) must give the loops' float64 bits. float32=False takes the loops (the operands
# here are float32 values either way).
CONV_GEMM_SHAPES = [((2, 32, 10, 10), (64, 32, 3, 3), (1, 1), (0, 0), (1, 1), 1),  # a run of 288 terms
                    ((3, 6, 9, 8), (9, 2, 3, 2), (2, 1), (1, 2), (2, 1), 3),
                    ((1, 5, 11), (70, 5, 3), (2,), (1,), (1,), 1),  # 70 output channels: two column blocks
                    ((2, 4, 5, 4, 6), (4, 2, 2, 3, 2), (1, 2, 1), (1, 0, 1), (1, 1, 2), 2),
                    ((5, 1, 28, 28), (8, 1, 5, 5), (1, 1), (2, 2), (1, 1), 1),
                    ((2, 3, 20, 20), (4, 3, 3, 3), (1, 1), (1, 1), (1, 1), 1),  # 400 positions: more than a call's steps
                    ((8, 32, 32, 32), (4, 32, 3, 3), (1, 1), (1, 1), (1, 1), 1)]  # samples in blocks (bounded memory)


@pytest.mark.parametrize("xs,ws,stride,padding,dilation,groups", CONV_GEMM_SHAPES)
def test_conv_through_blas_is_exact(xs, ws, stride, padding, dilation, groups):
    assert_conv_through_blas_is_exact(xs, ws, stride, padding, dilation, groups)


@st.composite
def conv_geometries(draw):
    """(input shape, weight shape, stride, padding, dilation, groups) with at least one output position."""
    nd, groups = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    kernel = [draw(st.integers(1, 4)) for _ in range(nd)]
    dilation = [draw(st.integers(1, 2)) for _ in range(nd)]
    padding = [draw(st.integers(0, k - 1)) for k in kernel]
    reach = [(k - 1) * d + 1 for k, d in zip(kernel, dilation)]
    spatial = [draw(st.integers(max(1, r - 2 * p), max(1, r - 2 * p) + (14 if nd < 3 else 4)))
               for r, p in zip(reach, padding)]
    stride = [draw(st.integers(1, 3)) for _ in range(nd)]
    ipg, opg = draw(st.integers(1, 40)), draw(st.integers(1, 70 // groups))
    return ((draw(st.integers(1, 3)), ipg * groups, *spatial), (opg * groups, ipg, *kernel), tuple(stride),
            tuple(padding), tuple(dilation), groups)


@settings(max_examples=40, deadline=None)
@given(conv_geometries())
def test_conv_through_blas_is_exact_on_random_shapes(geometry):
    assert_conv_through_blas_is_exact(*geometry)


def assert_conv_through_blas_is_exact(xs, ws, stride, padding, dilation, groups):
    if numpy_backend._dgemm_steps() is None:
        pytest.skip("this machine's BLAS does not keep the loops' order; the loops run")
    rng = np.random.default_rng(math.prod(xs))
    out = conv.conv_geometry(xs, ws, stride, padding, dilation)[2]
    size = xs[0] * ws[0] * math.prod(out)
    x = (rng.standard_normal(math.prod(xs)) * rng.choice([1e-3, 1.0, 1e3])).astype(np.float32)
    x[::13] = -0.0
    w, g = rng.standard_normal(math.prod(ws)).astype(np.float32), rng.standard_normal(size).astype(np.float32)
    bias = rng.standard_normal(ws[0]).astype(np.float32)
    geometry = (xs, ws, stride, padding, dilation, groups)
    for mode, p, q, n, b in [(0, x, w, size, bias), (1, g, w, x.size, None), (2, g, x, w.size, None)]:
        blas = numpy_backend._conv_sums(mode, p, q, True, n, *geometry, bias=b)
        loops = numpy_backend._conv_sums(mode, p, q, False, n, *geometry, bias=b)
        assert np.array_equal(blas.view(np.int64), loops.view(np.int64)), f"mode {mode}"


def test_dgemm_check_rejects_a_differing_blas(monkeypatch):
    real = numpy_backend._chain

    def one_ulp_off(t, a, b, steps):
        out = real(t, a, b, steps).copy()
        out.view(np.int64)[-1, -1] += 1
        return out
    monkeypatch.setattr(numpy_backend, "_chain", one_ulp_off)
    monkeypatch.setattr(numpy_backend, "_dgemm_verdict", [])
    assert numpy_backend._dgemm_steps() is None

# ---- the correctly rounded stand-ins for MKL VML -----------------------------------------------

CR_FUNCS = ["exp", "log", "log2", "log10", "log1p", "expm1", "sqrt", "sin", "cos", "tan", "asin", "acos",
            "atan", "sinh", "cosh", "tanh", "erf", "erfc", "exp2"]


@pytest.mark.parametrize("name", CR_FUNCS)
def test_correctly_rounded_stand_ins(name):
    x = make_values(7, 3000, "wide") + [0.0, -0.0, 1.0, -1.0, 100.0, -100.0, math.inf, -math.inf, math.nan]
    kernel = special.__dict__[name]
    with on("python"):
        ours = kernel(array("f", x))
        fn = {"exp2": lambda v: 2.0 ** v}.get(name, getattr(math, name))
        finite = [v for v in x[:3000] if _defined(fn, v)]
        assert to_hex(kernel(array("f", finite))) == to_hex(array("f", [fn(v) for v in finite]).tolist())
    with on("numpy"):
        assert to_hex(ours) == to_hex(kernel(np.array(x, np.float32)))


def _defined(fn, v):
    try:
        return abs(fn(v)) < 3e38
    except (ValueError, OverflowError):
        return False


def test_c_edge_cases(use_np):
    def vec(values):
        return buffer(values, "numpy" if use_np else "python")
    assert special.log(vec([0.0, -1.0, math.inf]))[0] == -math.inf
    assert math.isnan(special.log(vec([-1.0]))[0]) and math.isnan(special.sqrt(vec([-1.0]))[0])
    assert list(special.exp(vec([1000.0, -1000.0]))) == [math.inf, 0.0]
    assert list(special.sinh(vec([-1000.0]))) == [-math.inf]
    assert list(special.expf_glibc(vec([math.inf, -math.inf]))) == [math.inf, 0.0]
    assert list(special.logf_sleef(vec([0.0, math.inf]))) == [-math.inf, math.inf]


@pytest.mark.parametrize("name", ["expf_sleef", "logf_sleef"])
def test_few_elements_take_the_scalar_emulation_with_the_arrays_bits(name):
    """Up to _FEW elements the numpy backend runs the pure-Python function per element: the array
    emulation's bits, on random values of every scale and on zeros, subnormals, infinities, NaN
    and the ends of expf's range."""
    rng = np.random.default_rng(41)
    values = np.concatenate([(rng.standard_normal(4000) * 2.0 ** rng.integers(-20, 8, 4000)),
                             np.abs(rng.standard_normal(2000)) * 2.0 ** rng.integers(-140, 120, 2000),
                             [0.0, -0.0, 1e-45, -1e-40, np.inf, -np.inf, np.nan, -104.0, -103.97, 88.72, 88.73, 100.0, 1.0]
                             ]).astype(np.float32)
    array_fn = getattr(numpy_backend, f"_{name}_np")
    with np.errstate(all="ignore"):
        want = array_fn(values)
        for start in range(0, len(values), numpy_backend._FEW):
            few = values[start:start + numpy_backend._FEW]
            ours = getattr(numpy_backend, f"_{name}")(few)
            assert np.array_equal(ours.view(np.int32), want[start:start + len(few)].view(np.int32)), start


# Sleef's expf and logf on arrays round each fma's float64 sum to float32 unchecked but for
# float32 halfway points: their docstrings bound the other sums (exact, or far from subnormal).
# Inputs at the bounds' edges: where expf's q leaves 0 and its range ends, subnormal results,
# logf's mantissa fold at 1.5 and 0.75 and powers of two, zeros, subnormals, infinities, NaN;
# and inputs whose sums land on a float32 halfway point (found by searching float32 inputs), which
# must reach the scalar emulation. (Over expf's whole range no such input was found to round wrong
# unredone; the bound cannot rule it out.)
EXPF_EDGES = [0.0, 1e-45, 1e-40, 1.1754944e-38, 1e-10, 0.25, 0.3465735, 0.34657359, 0.5, 1.0, 0.6931472, 1.0397208,
              10.0, 87.3, 88.72, 88.73, 100.0, 103.97, 104.0, 1e30, 3.4028235e38, np.inf, np.nan]
EXPF_HALFWAY = [0x40141a12, 0x4049389e, 0x40759524, 0x40e800ba, 0x410a2ea0, 0x417915ef, 0xc0181d12, 0xc0447998,
                0xc08e9952, 0xc0a58ed5, 0xc1d9dcda, 0xc240b52c]
LOGF_HALFWAY = [0x3f400134, 0x3f4015e1, 0x3f403c30, 0x3f406bba, 0x3f4081b0, 0x3f41266d]
LOGF_EDGES = [0.0, 1e-45, 1e-40, 1.1754942e-38, 1.1754944e-38, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 1024.0, 1e-30, 1e30,
              3.4028235e38, np.inf, np.nan]


def _around(values):
    """values, their negatives, and the float32 numbers either side of each."""
    x = np.array(values, np.float32)
    x = np.concatenate([x, -x])
    return np.concatenate([x, np.nextafter(x, np.float32(np.inf)), np.nextafter(x, np.float32(-np.inf))])


@pytest.mark.parametrize("name,edges,halfway", [("expf_sleef", EXPF_EDGES, EXPF_HALFWAY),
                                                ("logf_sleef", LOGF_EDGES, LOGF_HALFWAY)])
def test_sleef_arrays_are_the_scalar_emulation_at_their_bounds(name, edges, halfway, monkeypatch):
    """Sleef's expf and logf of arrays give the scalar emulation's bits at the edges of their bounds
    and near logf's 1, and redo the halfway inputs by the scalar emulation."""
    from torch._aten import _libm32
    scalar = getattr(_libm32, name + "1")
    redone = []
    monkeypatch.setattr(_libm32, name + "1", lambda v: redone.append(v) or scalar(v))
    with np.errstate(all="ignore"):
        x = np.concatenate([_around(edges), np.array(halfway, np.uint32).view(np.float32),
                            (1 + np.arange(-300, 300) * 2.0 ** -24).astype(np.float32)])  # (logf near 1)
        _assert_scalar_bits(getattr(numpy_backend, f"_{name}_np")(x), scalar, x)
    assert set(np.array(halfway, np.uint32).view(np.float32).tolist()) <= set(redone)


def _assert_scalar_bits(ours, scalar, x):
    """ours has scalar's bits on every element of x (any NaN for NaN, as PyTorch prints them)."""
    want = np.array([scalar(float(v)) for v in x], np.float32)
    nan = np.isnan(want)
    assert np.array_equal(np.isnan(ours), nan)
    assert np.array_equal(ours[~nan].view(np.int32), want[~nan].view(np.int32))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 2 ** 32 - 1), min_size=17, max_size=300),
       st.sampled_from(["expf_sleef", "logf_sleef"]))
def test_sleef_arrays_are_the_scalar_emulation_on_any_bits(patterns, name):
    """Random float32 bit patterns (any sign, exponent and mantissa) and, for expf, their
    values folded into its range: the scalar emulation's bits (NaN as NaN)."""
    from torch._aten import _libm32
    scalar = getattr(_libm32, name + "1")
    x = np.array(patterns, np.uint32).view(np.float32)
    if name == "expf_sleef":
        with np.errstate(all="ignore"):
            x = np.concatenate([x, np.fmod(x, np.float32(104))])
    with np.errstate(all="ignore"):
        _assert_scalar_bits(getattr(numpy_backend, f"_{name}_np")(x), scalar, x)


def test_array_fma32_is_the_scalar_fma32():
    """The numpy backend's float32 fma of arrays (its halfway points redone as arrays) gives
    _float32.fma32's bits: on random operands, on exact sums that land on a float32 halfway point
    (ties to even is right there), on inexact ones that land there (only rounding to odd is), on
    inexact ones that land on a halfway point between float32 subnormals (above bit 28 of the
    float64 mantissa), and on zeros, subnormals, infinities and NaN."""
    from torch._float32 import fma32
    rng = np.random.default_rng(35)
    c = (rng.standard_normal(4000) * 2.0 ** rng.integers(-30, 30, 4000)).astype(np.float32)
    half_ulp = np.spacing(np.abs(c)).astype(np.float64) / 2
    shift = 2.0 ** rng.integers(-6, 6, 4000)
    sign = rng.choice([-1.0, 1.0], 4000)
    # (1 + 2**-15)(1 - 2**-15) = 1 - 2**-30: a sum a quarter float64 ulp off the halfway point
    inexact = ((1 + 2.0 ** -15) * shift * sign, (1 - 2.0 ** -15) * half_ulp / shift, c)
    exact = (0.5 * shift * sign, 2 * half_ulp / shift, c)  # products of one bit: exactly halfway
    # 2**-150 (1 - 2**-46) + k 2**-149: half a subnormal step, less a sixteenth of a float64 ulp
    subnormal = (2.0 ** -75 * (1 + 2.0 ** -23) * shift * sign, 2.0 ** -75 * (1 - 2.0 ** -23) / shift,
                 -sign * rng.integers(1, 2 ** 22, 4000) * 2.0 ** -149)
    plain = (rng.standard_normal(4000), rng.standard_normal(4000), rng.standard_normal(4000))
    specials = np.array([0.0, -0.0, 1e-45, -1e-40, 1e-38, 3e38, np.inf, -np.inf, np.nan, 1.0, -1.0], np.float32)
    grid = np.meshgrid(specials, specials, specials)
    for a, b, c3 in (inexact, exact, subnormal, plain, grid):  # (numpy warns of the overflows; torch does not)
        a, b, c3 = (np.asarray(v, np.float32).reshape(-1) for v in (a, b, c3))
        ours = numpy_backend._fma32_np(a, b, c3)
        want = np.array([fma32(float(p), float(q), float(r)) for p, q, r in zip(a, b, c3)], np.float32)
        assert np.array_equal(ours.view(np.int32), want.view(np.int32))
        # broadcasting: one product against every addend, every product against one addend
        ours = numpy_backend._fma32_np(a[:1], b[:1], c3)
        want = np.array([fma32(float(a[0]), float(b[0]), float(r)) for r in c3], np.float32)
        assert np.array_equal(ours.view(np.int32), want.view(np.int32))
        ours = numpy_backend._fma32_np(a, b, c3[0])
        want = np.array([fma32(float(p), float(q), float(c3[0])) for p, q in zip(a, b)], np.float32)
        assert np.array_equal(ours.view(np.int32), want.view(np.int32))


def test_array_fma32_by_a_power_of_two_needs_no_check():
    """By a power of two (layer norm's halving steps) the numpy backend's float32 fma takes the
    float64 sum unchecked: fma32's bits, with sums steered onto float32 halfway points of every
    scale (exactly, and with the product's last bit below them), subnormal and huge products and
    addends, zeros, infinities and NaN (any NaN)."""
    from torch._float32 import fma32
    rng = np.random.default_rng(43)
    c = np.concatenate([(rng.standard_normal(3000) * 2.0 ** rng.integers(-149, 127, 3000)),
                        [0.0, -0.0, 1e-45, -1e-40, 1.0, -1.0, np.inf, -np.inf, np.nan, 3.4e38]]).astype(np.float32)
    half_ulp = np.spacing(np.abs(c)).astype(np.float64) / 2
    for a in (0.5, 0.25, 0.125, 1.0, -2.0, 2.0 ** -149, 2.0 ** -126, 2.0 ** 100, 2.0 ** 127):
        a = np.float32(a)
        tail = rng.choice([1.0, 1 + 2.0 ** -23, 1 - 2.0 ** -24, 3.0], len(c))
        for b in (rng.standard_normal(len(c)), half_ulp / np.float64(a) * tail, -half_ulp / np.float64(a) * tail):
            with np.errstate(all="ignore"):
                b = b.astype(np.float32)
                ours = numpy_backend._fma32_np(a, b, c)
            want = np.array([fma32(float(a), float(q), float(r)) for q, r in zip(b, c)], np.float32)
            nan = np.isnan(want)  # (every NaN alike, as PyTorch prints them)
            assert np.array_equal(np.isnan(ours), nan), a
            assert np.array_equal(ours[~nan].view(np.int32), want[~nan].view(np.int32)), a


def test_deferred_fma32_says_when_it_differs_from_the_array_fma32():
    """The numpy backend's deferred fma32 (each sum rounded the fast way, all checked at the end)
    says its results are right only when every one has _fma32_np's bits, and does say so where no
    inexact sum lands on a float32 halfway point: on random operands, exact and inexact sums on
    halfway points, subnormal results, zeros, infinities, NaN."""
    rng = np.random.default_rng(37)
    specials = np.array([0.0, -0.0, 1e-45, -1e-40, 1e-38, 3e38, np.inf, -np.inf, np.nan, 1.0, -1.0], np.float32)
    grid = [v.reshape(-1) for v in np.meshgrid(specials, specials, specials)]
    outcomes = set()
    for trial in range(60):
        n = int(rng.integers(1, 300))
        c = (rng.standard_normal(n) * 2.0 ** rng.integers(-140, 30, n)).astype(np.float32)
        half_ulp = np.spacing(np.abs(c)).astype(np.float64) / 2
        shift = 2.0 ** rng.integers(-6, 6, n)
        sign = rng.choice([-1.0, 1.0], n)
        steered = rng.random(n) < (0.0, 0.01, 0.3)[trial % 3]  # a quarter float64 ulp off, or on, halfway
        off = (1 - 2.0 ** -15) if trial % 2 else 1.0
        a = np.where(steered, (1 + 2.0 ** -15) * shift * sign if trial % 2 else 0.5 * shift * sign,
                     rng.standard_normal(n)).astype(np.float32)
        b = np.where(steered, off * half_ulp / shift * (1 if trial % 2 else 2), rng.standard_normal(n)).astype(np.float32)
        steps = [(a, b, c), (b, c, a), (a[:1], np.float32(0.5), c)] + [grid] * (trial % 5 == 0)
        fma = numpy_backend._DeferredFma32()
        with np.errstate(all="ignore"):
            same = all(np.array_equal(fma(*step).view(np.int32), numpy_backend._fma32_np(*step).view(np.int32))
                       for step in steps)
            right = fma.rounded_right()
        assert same or not right, trial
        outcomes.add((right, same))
    assert {(True, True), (False, False)} <= outcomes


@pytest.mark.parametrize("rows", [1, 3, 32, 56])
def test_small_layer_norm_moments_deferred_keep_their_bits(rows, monkeypatch):
    """Layer norm's moments on arrays small enough for the deferred fma32 give the bits of the
    same kernel with an _fma32_np per step: on random rows, on rows of short mantissas (whose means
    land exactly on float32 halfway points) and on rows whose variance lies below float32's normal
    range."""
    rng = np.random.default_rng(rows)
    inputs = [(rng.standard_normal(rows * 64).astype(np.float32), 64),
              ((rng.integers(-8, 8, rows * 64) / 8).astype(np.float32), 64),
              ((rng.standard_normal(rows * 72) * 1e-20).astype(np.float32), 72)]
    def run():
        out = []
        for x, inner in inputs:
            out += numpy_backend._layer_norm_stats(x, inner, 1e-5, True)
        return [v.view(np.int32) for v in out]
    deferred = run()
    monkeypatch.setattr(numpy_backend, "_DEFERRED_SIZE", -1)
    assert all(np.array_equal(ours, want) for ours, want in zip(deferred, run()))


@pytest.mark.parametrize("rows,inner", [(1, 64), (7, 72), (512, 64), (513, 64), (3, 5)])
def test_layer_norm_moments_on_arrays_are_the_loops(rows, inner):
    """numpy's layer norm moments give the loops' bits: its fmas by a power of two (Welford's and
    the lane merges' halving steps, the counts 8, 16, 32) unchecked, chains of up to
    _DEFERRED_SIZE (rows, lanes) elements (512 rows of 8 lanes) checked once at the end, longer
    ones step by step. Random rows, rows of short mantissas (exact sums on float32 halfway
    points) and rows of subnormal variance."""
    rng = np.random.default_rng(rows)
    for x in (rng.standard_normal(rows * inner), rng.integers(-8, 8, rows * inner) / 8,
              rng.standard_normal(rows * inner) * 1e-20):
        x = x.astype(np.float32)
        with on("numpy"):
            ours = norm.layer_norm_stats(x, inner, 1e-5, True)
        with on("python"):
            want = norm.layer_norm_stats(array("f", x.tolist()), inner, 1e-5, True)
        assert [np.asarray(v).view(np.int32).tolist() for v in ours] == \
            [np.frombuffer(v, np.float32).view(np.int32).tolist() for v in want]


def test_fma32_chain_is_one_fma32_after_another():
    """The numpy backend's fma chain (a float64 add and rounding a step, the steps whose sum lands
    inexactly on a float32 halfway point found afterwards and redone) gives the bits of one exact
    fma32 after another: random chains, and chains steered onto inexact halfway points."""
    from torch._float32 import fma32
    rng = np.random.default_rng(36)
    for trial in range(30):
        rows, cols = int(rng.integers(1, 40)), int(rng.integers(1, 9))
        a = rng.standard_normal((rows, cols)).astype(np.float32)
        b = (rng.standard_normal((rows, cols)) * 2.0 ** rng.integers(-20, 5, (rows, 1))).astype(np.float32)
        acc0 = rng.standard_normal(cols).astype(np.float32)
        want, acc = [], [float(v) for v in acc0]
        for i in range(rows):
            if trial % 2 and i % 3 == 1:  # a product a quarter float64 ulp off acc's next halfway point
                half_ulp = [float(np.spacing(np.float32(abs(v)))) / 2 for v in acc]
                a[i] = np.float32(1 + 2.0 ** -15)
                b[i] = np.array([(1 - 2.0 ** -15) * h for h in half_ulp], np.float32)
            acc = [fma32(float(p), float(q), r) for p, q, r in zip(a[i], b[i], acc)]
        products = a.astype(np.float64) * b.astype(np.float64)
        ours = numpy_backend._fma32_chain(products, acc0)
        assert np.array_equal(ours.view(np.int32), np.array(acc, np.float32).view(np.int32)), trial
