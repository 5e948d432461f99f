"""The numpy backend's fast paths for recurrent networks and LBFGS give the bits of what they replace.

* float64 products (``mm_in_order``): numpy's einsum, and its reduce over k where einsum's order
  is another, against the pure-Python loop that adds each output's products one by one in k's
  order, on random shapes (both of einsum's orientations) and values of every scale, signed
  zeros, infinities and NaN included (a NaN's sign and payload are the SIMD loops' choice, as in
  PyTorch's kernels: any NaN matches a NaN); and the check that takes einsum only where its
  multiply-add rounds twice and runs in k's order refuses one that does not.
* float64 sums of columns (``sum_in_order(columns=True)``: a bias's gradient over a batch, numpy's
  reduce over the rows) against the loop that adds each column in order from 0.0.
* the in-order sum of an RNN's per-step gradient terms (``blocks_sum_from_last``: numpy's reduce
  over the reversed blocks) against the loop, in float32.
* float64 fma (``fma``, the emulation tanh's backward and LBFGS's ``add(alpha=)`` use) against the
  exact rational fma: random bit patterns, products near overflow and underflow, subnormals, signed
  zeros, infinities and NaN, sums that cancel, and exact products plus addends that land on or next
  to a halfway point (where the emulation's round-to-odd step decides the result).
* max/min over rows (``extreme_rows``: numpy's argmax/argmin) against the loop: the first best
  element, a NaN winning, ties of 0.0 and -0.0 and of equal values resolved to the first.
* ``where`` and relu (a select of the elements' bits, not np.where's branch per element) against
  the loops: the chosen element's bits, a NaN's sign and payload and -0.0 included, scalars on
  either side and integers that wrap.
"""
import math
import random
import struct
import sys
from array import array

import pytest

if sys.platform == "emscripten":
    pytest.skip("the numpy backend's kernels: Pyodide's numpy is the learners' subset", allow_module_level=True)
np = pytest.importorskip("numpy")

from torch._backend import numpy as numpy_backend, python as python_backend  # noqa: E402
from torch._aten import _dispatch, rnn as _rnn_kernels  # noqa: E402,F401  (rnn: registers its kernels)
from torch._dtype import BY_NAME, float64  # noqa: E402
from torch._float32 import fma64  # noqa: E402

SPECIAL = [0.0, -0.0, math.inf, -math.inf, math.nan, 5e-324, 1e308, -1e308]


def _values(rng, count):
    """Values of every scale (sums that cancel, overflow and round differently in another order)."""
    out = []
    for _ in range(count):
        roll = rng.random()
        if roll < 0.03:
            out.append(rng.choice(SPECIAL))
        elif roll < 0.1:
            out.append(-0.0)
        else:
            out.append(rng.uniform(-1, 1) * 10.0 ** rng.randint(-20, 20))
    return out


def _bits(values):
    return ["nan" if v != v else struct.pack("d", v) for v in values]


@pytest.mark.parametrize("seed", range(40))
def test_float64_products_add_in_k_order(seed):
    rng = random.Random(seed)
    m, k, n = rng.choice([1, 2, 3, 5, 8]), rng.choice([0, 1, 2, 7, 51, 204]), rng.choice([1, 2, 4, 51, 204])
    if rng.random() < 0.3:  # more rows than columns: einsum runs along the columns of the transposed product
        m, n = rng.choice([9, 60, 204]), rng.choice([1, 2, 5])
    transposed = rng.random() < 0.5
    a, b = _values(rng, m * k), _values(rng, k * n)
    bias = _values(rng, n) if rng.random() < 0.5 else None
    got = numpy_backend.mm_in_order(np.array(a), np.array(b), m, k, n, float64,
                                    None if bias is None else np.array(bias), transposed)
    want = python_backend._mm_in_order_values(a, b, m, k, n, float64, bias, transposed)
    assert _bits(got.tolist()) == _bits(want)


def test_float64_products_in_blocks_carry_the_sum_in_order(monkeypatch):
    """A long k is taken in blocks of products (bounded memory): the sum carries from block to block."""
    rng = random.Random(7)
    m, k, n = 3, 50, 4
    a, b = _values(rng, m * k), _values(rng, k * n)
    monkeypatch.setattr(numpy_backend, "_PRODUCTS_PER_BLOCK", 3 * m * n)  # blocks of 3 k-steps
    monkeypatch.setattr(numpy_backend, "_einsum_adds_in_order", lambda dtype: False)
    got = numpy_backend.mm_in_order(np.array(a), np.array(b), m, k, n, float64)
    assert _bits(got.tolist()) == _bits(python_backend._mm_in_order_values(a, b, m, k, n, float64, None, False))


def _fused_einsum(spec, x, w, optimize):
    """An einsum whose multiply-add is fused (as a build for a CPU with FMA may make it)."""
    acc = np.zeros((x.shape[0], w.shape[1]))
    for s in range(x.shape[1]):
        acc = numpy_backend._fma64_np(x[:, s, None], w[s], acc)
    return acc


def _unrolled_einsum(spec, x, w, optimize):
    """An einsum adding the products in four interleaved sums (a dot product's vector loop)."""
    sums = [np.zeros((x.shape[0], w.shape[1])) for _ in range(4)]
    for s in range(x.shape[1]):
        sums[s % 4] = sums[s % 4] + np.multiply.outer(x[:, s], w[s])
    return (sums[0] + sums[1]) + (sums[2] + sums[3])


@pytest.mark.parametrize("einsum", [_fused_einsum, _unrolled_einsum])
def test_einsum_is_taken_only_where_it_adds_in_order(einsum, monkeypatch):
    check = numpy_backend._einsum_adds_in_order.__wrapped__  # (uncached)
    assert check(np.dtype(np.float64))
    monkeypatch.setattr(numpy_backend.np, "einsum", einsum)
    assert not check(np.dtype(np.float64))


@pytest.mark.parametrize("seed", range(20))
def test_float64_columns_add_in_row_order(seed):
    rng = random.Random(seed)
    k, n = rng.choice([1, 2, 5, 39]), rng.choice([1, 2, 51, 204])
    values = _values(rng, k * n)
    if seed % 4 == 0:  # columns of zeros only: -0.0 terms added to the loop's 0.0 give 0.0
        values = [rng.choice([0.0, -0.0, -0.0]) for _ in values]
    want = [0.0] * n
    for i in range(k):
        for j in range(n):
            want[j] += values[i * n + j]
    got = numpy_backend.ATEN["sum_in_order"](np.array(values), k, columns=True)
    assert _bits(got.tolist()) == _bits(want)
    assert _bits(_dispatch.KERNELS["sum_in_order"](array("d", values), k, columns=True).tolist()) == _bits(want)


@pytest.mark.parametrize("typecode", ["f", "d"])
@pytest.mark.parametrize("seed", range(20))
def test_extreme_rows_pick_the_loops_element(typecode, seed):
    rng = random.Random(seed)
    k = rng.choice([1, 2, 5, 33])
    values = [rng.choice([0.0, -0.0, 1.5, -1.5, math.inf, -math.inf, math.nan, rng.uniform(-2, 2)])
              for _ in range(k * rng.choice([1, 4, 9]))]
    loop = _dispatch.KERNELS["extreme_rows"]
    for minimum in (False, True):
        want_values, want_indices = loop(array(typecode, values), k, minimum)
        got_values, got_indices = numpy_backend.ATEN["extreme_rows"](np.array(values, typecode), k, minimum)
        assert got_indices.tolist() == want_indices.tolist()
        assert _bits(got_values.tolist()) == _bits(want_values.tolist())


@pytest.mark.parametrize("seed", range(20))
def test_blocks_added_from_the_last_as_the_loop_adds_them(seed):
    rng = random.Random(seed)
    count, width = rng.choice([1, 2, 3, 20]), rng.choice([1, 2, 7, 204])
    values = [v if v != v or abs(v) == math.inf or abs(v) < 3e38 else 0.0 for v in _values(rng, count * width)]
    values = list(array("f", values))  # float32 values
    want = _dispatch.KERNELS["blocks_sum_from_last"](array("f", values), count)
    got = numpy_backend.ATEN["blocks_sum_from_last"](np.array(values, np.float32), count)
    assert got.dtype == np.float32 and _bits(got.tolist()) == _bits(want.tolist())


def _fma_operands(rng, kind, n):
    """n (a, b, c) of one kind as float64 arrays."""
    gen = np.random.default_rng(rng.randrange(2 ** 32))
    if kind == "bits":  # every exponent: mostly products that overflow or underflow
        return tuple(gen.integers(0, 2 ** 64, n, dtype=np.uint64).view(np.float64) for _ in range(3))
    if kind == "halfway":  # 27-bit odd a, b and an even c: a*b + c an odd integer of 54 or more bits, scaled
        a, b = (gen.integers(2 ** 26, 2 ** 27, n) | 1).astype(float), (gen.integers(2 ** 26, 2 ** 27, n) | 1).astype(float)
        c = (gen.integers(-2 ** 53, 2 ** 53, n) * 2).astype(float)
        i, j = gen.integers(-1070, 1000, n), gen.integers(-1070, 1000, n)
        return gen.choice([-1.0, 1.0], n) * np.ldexp(a, i - 26), np.ldexp(b, j - 26), np.ldexp(c, i + j - 52)
    if kind == "next to halfway":  # (1 + x)(1 - x + x^2) = 1 + x^3: c + a*b a hair off c's halfway point
        x = np.ldexp(1.0, -gen.integers(10, 27, n))
        i, j = gen.integers(-960, 900, n), gen.integers(-60, 60, n)
        c = np.ldexp(1 + gen.choice([0, 0, 1, -1, 2], n) * 2.0 ** -52, i + j + 53 + gen.choice([0, 0, 1, -1], n))
        return np.ldexp(1 + x, i), gen.choice([-1.0, 1.0], n) * np.ldexp(1 - x + x * x, j), gen.choice([-1.0, 1.0], n) * c
    if kind == "cancelling":  # c = -a*b or near it; a = -b as in tanh's backward 1 - y*y
        a, b = (gen.uniform(-1, 1, n) * np.ldexp(1.0, gen.integers(-60, 60, n)) for _ in range(2))
        a[::3] = -b[::3]
        c = -(a * b) * gen.choice([1, 1 + 2.0 ** -52, 1 - 2.0 ** -53, 0.5, 2, 1 + 2.0 ** -30], n)
        c[::7] = 1.0
        return a, b, c
    # special values, scaled to products near the ends of the range
    pool = np.array(SPECIAL + [-5e-324, 2.2250738585072014e-308, 1.0, -1.0, 2.0 ** -537, 2.0 ** 512]
                    + gen.uniform(-2, 2, 5).tolist())
    a, b, c = (gen.choice(pool, n) for _ in range(3))
    scale = gen.choice([0, 0, 500, -500, 1000, -1000, -1070], n)
    return np.ldexp(a, scale // 2), np.ldexp(b, scale - scale // 2), c


@pytest.mark.parametrize("kind", ["bits", "halfway", "next to halfway", "cancelling", "special"])
@pytest.mark.parametrize("seed", range(3))
def test_float64_fma_rounds_once(kind, seed, monkeypatch):
    if seed:  # long arrays go in blocks (the last one shorter)
        monkeypatch.setattr(numpy_backend, "_FMA64_BLOCK", 700)
    with np.errstate(all="ignore"):  # (operands that overflow to infinity are wanted)
        a, b, c = _fma_operands(random.Random(seed), kind, 3000)
    want = [fma64(x, y, z) for x, y, z in zip(a.tolist(), b.tolist(), c.tolist())]
    assert _bits(numpy_backend.fma(a, b, c, float64).tolist()) == _bits(want)
    addend = float(c[0])  # one addend for all, as tanh's backward's 1
    want = [fma64(x, y, addend) for x, y in zip(a.tolist(), b.tolist())]
    assert _bits(numpy_backend.fma(a, b, addend, float64).tolist()) == _bits(want)


@pytest.mark.parametrize("row", [1, None, 7], ids=["scalar", "vector", "rows-of-7"])
def test_sigmoid_and_glibc_expf_give_the_loops_bits(row, monkeypatch):
    """numpy's sigmoid (glibc's expf on the scalar elements, its 2^(k/32) scale built from the
    bits as glibc builds it) against the pure-Python loop, on random float32 bit patterns and the
    edges of expf's range (a NaN's sign is the SIMD loop's choice: any NaN matches a NaN)."""
    rng = np.random.default_rng(7)
    edges = [0.0, -0.0, math.inf, -math.inf, math.nan, 88.72283, 88.72284, -103.97207, -103.97208, -87.3,
             1e-45, -1e-45, 3.4e38, -3.4e38]
    values = np.concatenate([rng.integers(0, 2 ** 32, 20000, dtype=np.uint64).astype(np.uint32).view(np.float32),
                             rng.uniform(-110, 100, 20000).astype(np.float32), np.array(edges, np.float32)])
    found = numpy_backend.ATEN["sigmoid"](values, row)
    monkeypatch.setattr(_dispatch, "active", python_backend)  # the loop's expf too
    loop = np.frombuffer(_dispatch.KERNELS["sigmoid"](array("f", values.tobytes()), row), np.float32)
    assert (np.isnan(found) == np.isnan(loop)).all()
    assert (found.view(np.uint32) == loop.view(np.uint32))[~np.isnan(loop)].all()


def _exact(values):
    """Values with floats as their bits (a NaN's sign and payload, -0.0), to compare exactly."""
    return [struct.pack(">d", v) if isinstance(v, float) else v for v in values]


_SELECT_VALUES = {"f": [0.0, -0.0, math.inf, -math.inf, math.nan, -math.nan, 1.5, -2.25, 3e-41],
                  "i": [0, 1, -1, 7, -100, 127, -128], "u": [0, 1, 7, 200, 255], "b": [False, True]}


@pytest.mark.parametrize("name", ["float32", "float64", "float16", "int64", "int32", "int16", "int8", "uint8", "bool"])
@pytest.mark.parametrize("seed", range(5))
def test_where_and_relu_select_the_loops_elements(name, seed):
    rng = random.Random(seed)
    dtype = BY_NAME[name]
    pool = _SELECT_VALUES[dtype.kind]
    n = rng.choice([1, 3, 64, 1000])
    cond = [rng.random() < 0.5 for _ in range(n)]
    a, b = ([rng.choice(pool) for _ in range(n)] for _ in range(2))
    if dtype.kind == "f":
        a[:1] = [struct.unpack("d", struct.pack("Q", 0xFFF8_0000_0000_1234))[0]]  # a NaN with a payload
    scalar = rng.choice(pool)
    for backend_a, backend_b in ((a, b), (scalar, b), (a, scalar), (scalar, rng.choice(pool))):
        want = python_backend.where(python_backend.from_list(cond, BY_NAME["bool"]), *(
            python_backend.from_list(v, dtype) if isinstance(v, list) else v for v in (backend_a, backend_b)), dtype)
        got = numpy_backend.where(numpy_backend.from_list(cond, BY_NAME["bool"]), *(
            numpy_backend.from_list(v, dtype) if isinstance(v, list) else v for v in (backend_a, backend_b)), dtype)
        assert got.dtype == numpy_backend._NP[name] and _exact(got.tolist()) == _exact(python_backend.to_list(want, dtype))
    if dtype.kind in "fi":
        want = python_backend.unary("relu", python_backend.from_list(a, dtype), dtype)
        got = numpy_backend.unary("relu", numpy_backend.from_list(a, dtype), dtype)
        assert _exact(got.tolist()) == _exact(python_backend.to_list(want, dtype))


def test_where_wraps_an_integer_beyond_the_dtype_as_a_c_cast():
    """masked_fill(int8 tensor, 300) stores 300's low byte, as a C cast of the scalar does."""
    cond = numpy_backend.from_list([True, False], BY_NAME["bool"])
    got = numpy_backend.where(cond, 300, numpy_backend.from_list([1, 2], BY_NAME["int8"]), BY_NAME["int8"])
    assert got.tolist() == [44, 2]


@pytest.mark.parametrize("n, h", [(1, 20), (3, 7), (20, 32)])
def test_lstm_cell_step_and_its_backward_give_the_elementwise_kernels_bits(n, h, monkeypatch):
    """numpy's LSTM cell step (one kernel of the cell's operations) and its backward against what
    they replace, the steps on the backend's elementwise kernels, on gates of every scale
    (saturated sigmoids and tanh, signed zeros)."""
    rng = np.random.default_rng(n * 100 + h)

    def f32(count, scale=3.0):
        values = (rng.standard_normal(count) * scale).astype(np.float32)
        values[rng.random(count) < 0.05] = -0.0
        return values

    gx, gh, c = f32(4 * n * h, 12.0), f32(4 * n * h, 12.0), f32(n * h)
    dh, more, dc, c_prev = f32(n * h), f32(n * h), f32(n * h), f32(n * h)
    monkeypatch.setattr(_dispatch, "active", numpy_backend)  # (whichever backend this process chose)
    results = []
    for kernel, backward in ((numpy_backend.ATEN["lstm_cell_step"], numpy_backend.ATEN["lstm_cell_backward_step"]),
                             (_dispatch.KERNELS["lstm_cell_step"], _dispatch.KERNELS["lstm_cell_backward_step"])):
        h_new, c_new, saved = kernel(gx, gh, c, n, h)
        back = backward(dh, more, dc, saved, c_prev, n, h)
        results.append([np.asarray(v, np.float32).tobytes() for v in (h_new, c_new, *saved, *back)])
    assert results[0] == results[1]


ADAM_CONFIGS = [("AdamW", {}), ("Adam", {}), ("Adam", dict(weight_decay=0.1)),
                ("AdamW", dict(betas=(0.2, 0.5), lr=0.1, eps=0.0)), ("Adam", dict(maximize=True)),
                ("AdamW", dict(weight_decay=0.3, lr=0.5, betas=(0.5, 0.9)))]


@pytest.mark.parametrize("name, options", ADAM_CONFIGS, ids=[f"{n}-{o}" for n, o in ADAM_CONFIGS])
def test_adam_step_on_whole_arrays_gives_the_tensor_ops_bits(name, options, monkeypatch):
    """numpy's Adam step (one kernel call a parameter: _aten.optim.adam_step) against what it
    replaces, the optimizer's tensor ops one after another: parameters, both moments and version
    counters after three steps of AdamW's decoupled and Adam's L2 decay, lerp's two formulas
    (weights below and from 0.5), eps 0 and maximize, on values of every scale, signed zeros,
    subnormals, infinities and NaN in the gradients (any NaN matches a NaN)."""
    import torch
    from torch._aten import optim as optim_kernels
    rng = np.random.default_rng(len(name) * 10 + len(options))
    shapes = [(70,), (8, 16), (1,), (), (3, 5)]

    def values(shape, special):
        v = np.array(rng.standard_normal(shape) * 2.0 ** rng.integers(-30, 30, shape), np.float32)
        if special:
            picks = np.asarray(rng.random(shape) < 0.1)
            v[picks] = rng.choice(np.array([0.0, -0.0, 1e-40, -3e-39, 3e38, np.inf, -np.inf, np.nan], np.float32),
                                  int(np.count_nonzero(picks)))
        return v

    start = [values(s, False) for s in shapes]
    grads = [[values(s, step == 2) for s in shapes] for step in range(3)]

    def run():
        params = [torch.tensor(v.tolist(), requires_grad=True) for v in start]
        opt = getattr(torch.optim, name)(params, **options)
        for step_grads in grads:
            for p, g in zip(params, step_grads):
                p.grad = torch.tensor(g.tolist())
            opt.step()
        out = []
        for p in params:
            state = opt.state[p]
            out += [np.array(t.detach().reshape(-1).tolist(), np.float32) for t in (p, state["exp_avg"], state["exp_avg_sq"])]
            out.append((p._version, state["exp_avg"]._version, state["exp_avg_sq"]._version))
        return out

    calls = []
    kernel = numpy_backend.ATEN["adam_step"]
    monkeypatch.setitem(numpy_backend.ATEN, "adam_step", lambda *a: calls.append(1) or kernel(*a))
    monkeypatch.setattr(_dispatch, "active", numpy_backend)  # (whichever backend this process chose)
    fused = run()
    assert len(calls) == 3 * len(shapes)
    monkeypatch.setattr(optim_kernels, "available", lambda kernel: False)
    for ours, want in zip(fused, run()):
        if isinstance(want, tuple):
            assert ours == want
        else:
            nan = np.isnan(want)
            assert np.array_equal(np.isnan(ours), nan)
            assert np.array_equal(ours[~nan].view(np.int32), want[~nan].view(np.int32))


@pytest.mark.parametrize("batch", [0, 1, 2, 16, 17, 18, 32, 255, 256, 257, 512, 4097, 70001])
def test_nll_cascade_on_arrays_adds_as_the_loop(batch):
    """numpy's sum of nll_loss's rows (every whole run of a level summed at once) against what it
    replaces, the loop's eight float32 levels carried row by row: batches that end on and next to
    each level's carries, on values of every scale, signed zeros, subnormals, huge values whose
    sums overflow, infinities and NaN (any NaN matches a NaN)."""
    from torch._aten._common import ceil_log2
    rng = np.random.default_rng(batch)
    classes = 7
    power = max(4, ceil_log2(batch) // 8)
    loop = _dispatch.KERNELS["negated_cascade_sum"]
    specials = np.array([0.0, -0.0, 1e-45, -1e-40, 3e38, -3e38, np.inf, -np.inf, np.nan], np.float32)
    for kind in ("normal", "scales", "zeros", "special"):
        x = rng.standard_normal(batch * classes).astype(np.float32)
        if kind != "normal":
            x *= 2.0 ** rng.integers(-20, 20, len(x))
        if kind == "zeros":
            x[rng.random(len(x)) < 0.5] = -0.0
        if kind == "special":
            picks = rng.random(len(x)) < 0.02
            x[picks] = rng.choice(specials, int(np.count_nonzero(picks)))
        targets = rng.integers(0, classes, batch).tolist()
        with np.errstate(all="ignore"):  # (inf - inf)
            ours = numpy_backend._negated_cascade_sum(x, classes, targets, power)[0]
        want = np.float32(loop(array("f", x.tolist()), classes, targets, power)[0])
        assert (np.isnan(ours) and np.isnan(want)) or ours.view(np.int32) == want.view(np.int32), kind
