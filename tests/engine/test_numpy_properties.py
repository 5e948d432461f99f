"""Property tests of the browser's numpy (browser_numpy/numpy, imported here as `browser_numpy`)
against real numpy in CPython (in-process, beside pyengine's torch, which it builds on; skipped
where the engine tests run inside Pyodide, which has no real numpy to compare with):
broadcasting arithmetic with NEP 50 promotion, and indexing (basic,
integer arrays, boolean masks; reading and assignment), reductions, default_rng's streams, and
linalg, singular values and what they give included (at the precision numpy prints arrays:
OpenBLAS's last bits depend on the CPU). Each drawn
case must give the same repr (values, dtype, shape) or the same error type and message."""
import warnings
import os
import sys

import pytest

if sys.platform == "emscripten":
    pytest.skip("compares with real numpy, which Pyodide does not have here", allow_module_level=True)

import numpy as real  # noqa: E402
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

from conftest import browser_numpy  # noqa: E402  (the browser's numpy under another name)



ours = browser_numpy()
DTYPES = ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64", "float16", "float32",
          "float64"]
# derandomized: every run draws the same cases, so a failure reproduces as it is (and prints the blob
# for @reproduce_failure); HYPOTHESIS_SEARCH=N runs N random cases per test instead, to hunt for new ones
_SEARCH = int(os.environ.get("HYPOTHESIS_SEARCH", "0"))
SETTINGS = settings(max_examples=_SEARCH or 150, deadline=None, suppress_health_check=[HealthCheck.too_slow],
                    derandomize=not _SEARCH, print_blob=True, database=None)


def outcome(np, make):
    try:
        return repr(make(np))
    except (ValueError, IndexError, TypeError, OverflowError) as error:  # (LinAlgError is a ValueError)
        return f"{type(error).__name__}: {error}"


def _values(dtype, n, data):
    if dtype == "bool":
        return data.draw(st.lists(st.booleans(), min_size=n, max_size=n))
    if dtype.startswith("float"):
        return data.draw(st.lists(st.sampled_from([0.0, -0.0, 0.5, 1.0, -2.25, 3.0, 7.5, -100.0]), min_size=n, max_size=n))
    low = 0 if dtype.startswith("uint") else -20
    return data.draw(st.lists(st.integers(low, 20), min_size=n, max_size=n))


shapes = st.lists(st.integers(1, 3), min_size=0, max_size=3).map(tuple)


def operand(data):
    dtype = data.draw(st.sampled_from(DTYPES))
    shape = data.draw(shapes)
    n = 1
    for s in shape:
        n *= s
    values = _values(dtype, n, data)
    return lambda np: np.array(values, dtype=dtype).reshape(shape)


OPS = ["+", "-", "*", "/", "//", "%", "<", "==", ">=", "&", "maximum", "fmod", "copysign", "nextafter", "heaviside",
       "float_power", "gcd", "lcm", "left_shift", "right_shift"]


def apply(op, a, b, np):
    if op.isidentifier():
        return getattr(np, op)(a, b)
    return eval(f"a {op} b", {"a": a, "b": b})


@SETTINGS
@given(st.data())
def test_broadcasting_arithmetic_matches_numpy(data):
    left = operand(data)
    right = data.draw(st.one_of(st.builds(lambda: None).map(lambda _: operand(data)),
                                st.sampled_from([2, -3, 1.5, True]).map(lambda s: (lambda np: s))))
    op = data.draw(st.sampled_from(OPS))
    with real.errstate(all="ignore"):
        expected = outcome(real, lambda np: apply(op, left(np), right(np), np))
    assert outcome(ours, lambda np: apply(op, left(np), right(np), np)) == expected


def index_strategy(shape, data):
    parts = []
    for size in shape[:data.draw(st.integers(0, len(shape)))]:
        kind = data.draw(st.sampled_from(["int", "slice", "list", "mask", "none", "full"]))
        if kind == "int":
            parts.append(data.draw(st.integers(-size - 1, size)))
        elif kind == "slice":
            parts.append(slice(data.draw(st.one_of(st.none(), st.integers(-4, 4))),
                               data.draw(st.one_of(st.none(), st.integers(-4, 4))),
                               data.draw(st.sampled_from([None, 1, 2, -1, -2]))))
        elif kind == "list":
            parts.append(data.draw(st.lists(st.integers(-size, size - 1), min_size=1, max_size=3)))
        elif kind == "mask":
            parts.append(("mask", data.draw(st.lists(st.booleans(), min_size=size, max_size=size))))
        elif kind == "none":
            parts.append(None)
        else:
            parts.append(slice(None))
    if data.draw(st.booleans()) and parts:
        parts.insert(data.draw(st.integers(0, len(parts))), Ellipsis)
    return parts


def build_key(parts, np):
    key = tuple(np.array(p[1], dtype=bool) if isinstance(p, tuple) else p for p in parts)
    return key[0] if len(key) == 1 else key


def _advanced_with_none(parts):
    return any(p is None for p in parts) and any(isinstance(p, (list, tuple)) for p in parts)


@SETTINGS
@given(st.data())
def test_indexing_matches_numpy(data):
    shape = data.draw(st.lists(st.integers(1, 4), min_size=1, max_size=3).map(tuple))
    parts = index_strategy(shape, data)
    if _advanced_with_none(parts):  # not in the browser's subset: it says so (below)
        return
    make = lambda np: np.arange(int(real.prod(shape))).reshape(shape) * 1.5  # noqa: E731
    assert outcome(ours, lambda np: make(np)[build_key(parts, np)]) == \
        outcome(real, lambda np: make(np)[build_key(parts, np)])

    def assign(np):
        a = make(np)
        a[build_key(parts, np)] = -1
        return a
    assert outcome(ours, assign) == outcome(real, assign)


def test_an_ellipsis_between_index_arrays_makes_them_not_adjacent():
    """numpy puts the broadcast index dimensions first when an Ellipsis separates two of them, even one
    covering no dimension (a case the property test above once drew)."""
    key = lambda np: (slice(None), 0, Ellipsis, np.array([0, 0]))  # noqa: E731
    for make in (lambda np: np.arange(1.0).reshape(1, 1, 1)[key(np)], lambda np: np.arange(8).reshape(2, 2, 2)[key(np)]):
        assert outcome(ours, make) == outcome(real, make)

    def assign(np):
        a = np.arange(8).reshape(2, 2, 2)
        a[key(np)] = np.array([[10], [20]])[:, :1] * np.ones((2, 2), dtype=int)
        return a
    assert outcome(ours, assign) == outcome(real, assign)


def test_an_integer_index_is_checked_before_the_arrays_broadcast():
    make = lambda np: np.arange(2.0).reshape(1, 2, 1)[np.array([False]), np.array([True, True]), 1]  # noqa: E731
    assert outcome(ours, make) == outcome(real, make) == "IndexError: index 1 is out of bounds for axis 2 with size 1"
    make = lambda np: np.arange(4.0).reshape(2, 2, 1)[..., 2, np.array([False, False])]  # noqa: E731
    assert outcome(ours, make) == outcome(real, make)  # the mask's shape is checked first


def test_advanced_indexing_with_none_says_it_is_not_available():
    with pytest.raises(NotImplementedError, match="not available in the browser"):
        ours.arange(6).reshape(2, 3)[None, [0, 1]]


REDUCTIONS = ["sum", "mean", "max", "min", "argmax", "argmin", "std", "var", "prod", "cumsum", "median", "sort", "argsort"]


@SETTINGS
@given(st.data())
def test_reductions_match_numpy(data):
    """Reductions over any axis (pairwise float sums along a contiguous axis, sequential across rows)."""
    shape = data.draw(st.lists(st.integers(1, 5), min_size=1, max_size=3).map(tuple))
    n = int(real.prod(shape))
    dtype = data.draw(st.sampled_from(["float64", "float32", "int64", "int8", "bool"]))
    if dtype.startswith("float"):
        values = data.draw(st.lists(st.floats(-1e3, 1e3, width=32), min_size=n, max_size=n))
    else:
        values = _values(dtype, n, data)
    name = data.draw(st.sampled_from(REDUCTIONS))
    axis = data.draw(st.one_of(st.none(), st.integers(-len(shape), len(shape) - 1)))
    kwargs = {"axis": axis} if name in ("cumsum", "argmax", "argmin", "sort", "argsort") else \
        {"axis": axis, "keepdims": data.draw(st.booleans())}
    if name in ("sort", "argsort") and axis is None:
        kwargs = {}
    if name == "argsort":  # ours is stable; numpy's default orders ties by the machine's SIMD sort
        kwargs["kind"] = "stable"
    if name == "sort":  # and so it orders -0.0 and 0.0
        values = [v + 0.0 for v in values]

    def make(np):
        return getattr(np, name)(np.array(values, dtype=dtype).reshape(shape), **kwargs)
    assert outcome(ours, make) == outcome(real, make)


SAMPLERS = {
    "random": lambda g, n: g.random(n),
    "integers": lambda g, n: g.integers(-7, 1000, n),
    "integers64": lambda g, n: g.integers(0, 2 ** 40 + 3, n),
    "standard_normal": lambda g, n: g.standard_normal(n),
    "normal": lambda g, n: g.normal(1.5, 2.0, n),
    "exponential": lambda g, n: g.exponential(3.0, n),
    "uniform": lambda g, n: g.uniform(-2, 5, n),
    "choice": lambda g, n: g.choice(n + 5, n),
    "choice_unique": lambda g, n: g.choice(n + 5, n, replace=False),
    "permutation": lambda g, n: g.permutation(n),
}


@SETTINGS
@given(st.integers(0, 2 ** 128), st.lists(st.sampled_from(sorted(SAMPLERS)), min_size=1, max_size=4),
       st.integers(1, 300))
def test_default_rng_streams_match_numpy(seed, samplers, n):
    """Any seed, any sequence of samplers: the same numbers, bit for bit (PCG64's state carries over)."""
    def draws(np):
        g = np.random.default_rng(seed)
        return [SAMPLERS[name](g, n).tolist() for name in samplers]
    assert draws(ours) == draws(real)


@SETTINGS
@given(st.data())
def test_linalg_matches_numpy_as_printed(data):
    n = data.draw(st.integers(1, 4))
    values = data.draw(st.lists(st.sampled_from([0.0, 1.0, -1.0, 2.0, 0.5, -3.0, 7.0, 1.25]), min_size=n * n,
                                max_size=n * n))
    rhs = data.draw(st.lists(st.integers(-9, 9), min_size=n, max_size=n))
    name = data.draw(st.sampled_from(["det", "inv", "solve", "norm", "norm_fro", "norm_1", "norm_inf", "norm_2",
                                      "norm_nuc", "svdvals", "eigvalsh", "matrix_rank", "pinv", "lstsq", "cond"]))

    def make(np):  # values that are 0 but for rounding (|x| < 1e-12) differ in OpenBLAS's and ours: shown as 0
        result = compute(np)
        return np.where(np.abs(result) < 1e-12, 0.0, result)

    def compute(np):
        a = np.array(values).reshape(n, n)
        if name == "det":
            return np.array([np.linalg.det(a)])
        if name == "solve":
            return np.linalg.solve(a, np.array(rhs, dtype=float))
        if name.startswith("norm"):
            ord = {"norm": None, "norm_fro": "fro", "norm_1": 1, "norm_inf": np.inf, "norm_2": 2, "norm_nuc": "nuc"}[name]
            return np.array([np.linalg.norm(a, ord)])
        if name == "svdvals":
            return np.linalg.svd(a, compute_uv=False)
        if name == "eigvalsh":
            return np.linalg.eigvalsh(a + a.T)
        if name == "matrix_rank":
            return np.array([np.linalg.matrix_rank(a)])
        if name == "pinv":
            return np.linalg.pinv(a)
        if name == "lstsq":  # of the first column (n + 1 equations): over-determined, rank-deficient or not
            solution, residuals, rank, _ = np.linalg.lstsq(np.vstack([a, np.ones((1, n))]), np.array(rhs + [1.0]))
            return np.concatenate([solution, residuals, [rank]])
        if name == "cond":  # of matrices whose smallest singular value is not rounding noise
            return np.array([np.linalg.cond(a) if np.linalg.matrix_rank(a) == n else -1.0])
        return np.linalg.inv(a)
    assert outcome(ours, make) == outcome(real, make)


AXIS_FUNCTIONS = {  # name -> (what it computes of an array `a` along `axis`, whether it takes axis=None)
    "nanvar": (lambda np, a, axis, keep: np.nanvar(a, axis=axis, ddof=keep % 2, keepdims=keep > 1), True),
    "nanstd": (lambda np, a, axis, keep: np.nanstd(a, axis=axis, keepdims=keep > 1), True),
    "nanmedian": (lambda np, a, axis, keep: np.nanmedian(a, axis=axis, keepdims=keep > 1), True),
    "nanpercentile": (lambda np, a, axis, keep: np.nanpercentile(a, [10, 50, 95], axis=axis), True),
    "nanquantile": (lambda np, a, axis, keep: np.nanquantile(a, 0.3, axis=axis, keepdims=keep > 1), True),
    "nancumsum": (lambda np, a, axis, keep: np.nancumsum(a, axis=axis), True),
    "nanargmax": (lambda np, a, axis, keep: np.nanargmax(a, axis=axis), True),
    "nanargmin": (lambda np, a, axis, keep: np.nanargmin(a, axis=axis, keepdims=keep > 1), True),
    "gradient": (lambda np, a, axis, keep: np.gradient(a, 0.5 + keep, axis=axis, edge_order=1 + keep % 2), True),
    "delete": (lambda np, a, axis, keep: np.delete(a, [0, -1][:keep], axis=axis), True),
    "insert": (lambda np, a, axis, keep: np.insert(a, [1, 0][:keep] or 1, -7.5, axis=axis), True),
    "rot90": (lambda np, a, axis, keep: np.rot90(a, keep - 1, (axis, (axis + 1) % a.ndim)), False),
    "apply_along_axis": (lambda np, a, axis, keep: np.apply_along_axis(np.sort if keep else np.sum, axis, a), False),
    "trapezoid": (lambda np, a, axis, keep: np.trapezoid(a, dx=0.25 * (keep + 1), axis=axis), False),
    "vector_norm": (lambda np, a, axis, keep: np.linalg.vector_norm(a, axis=axis, ord=[2, 1, np.inf][keep],
                                                                     keepdims=keep == 1), True),
    "take_put_along_axis": (lambda np, a, axis, keep: _put_along(np, a, axis), False),
}


def _put_along(np, a, axis):
    a = np.nan_to_num(a)
    np.put_along_axis(a, np.argsort(a, axis=axis, kind="stable")[tuple(slice(0, 1) if d == axis else slice(None)
                                                                      for d in range(a.ndim))], -1.0, axis=axis)
    return a


@SETTINGS
@given(st.data())
def test_functions_along_an_axis_match_numpy(data):
    """The composed functions that take an axis (nan* statistics among them, NaN anywhere), on any shape."""
    shape = data.draw(st.lists(st.integers(2, 4), min_size=1, max_size=3).map(tuple))
    n = int(real.prod(shape))
    values = data.draw(st.lists(st.sampled_from([0.0, -1.5, 2.0, 3.25, 7.0, -8.0, 0.5, float("nan")]),
                                min_size=n, max_size=n))
    name = data.draw(st.sampled_from(sorted(AXIS_FUNCTIONS)))
    compute, takes_none = AXIS_FUNCTIONS[name]
    axis = data.draw(st.one_of(st.none(), st.integers(-len(shape), len(shape) - 1)) if takes_none else
                     st.integers(0, len(shape) - 1))
    keep = data.draw(st.integers(0, 2))
    dtype = data.draw(st.sampled_from(["float64", "float32"]))

    def make(np):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return compute(np, np.array(values, dtype=dtype).reshape(shape), axis, keep)
    assert outcome(ours, make) == outcome(real, make)


@SETTINGS
@given(st.data())
def test_products_and_index_conversions_match_numpy(data):
    """tensordot over drawn axis pairs, kron and cross of drawn shapes, unravel_index and
    ravel_multi_index over drawn shapes."""
    shape = data.draw(st.lists(st.integers(1, 3), min_size=1, max_size=3).map(tuple))
    n = int(real.prod(shape))
    values = data.draw(st.lists(st.integers(-5, 5), min_size=n, max_size=n))
    pairs = data.draw(st.integers(0, len(shape)))
    axes_a = data.draw(st.permutations(range(len(shape))))[:pairs]
    order = data.draw(st.permutations(range(pairs)))
    other = data.draw(st.lists(st.integers(1, 3), min_size=0, max_size=2).map(tuple))
    flat = data.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=4))

    def make(np):
        a = np.array(values, dtype=float).reshape(shape)
        b_shape = tuple(shape[axes_a[i]] for i in order) + other
        b = np.arange(int(real.prod(b_shape)), dtype=float).reshape(b_shape) - 2
        rows = np.unravel_index(np.array(flat), shape)
        # (+ 0.0: numpy's dot multiplies by a 1 x 1 matrix as by a scalar, so 0 * -2 is -0. there, 0. in a sum)
        return (np.tensordot(a, b, axes=([axes_a[i] for i in order], list(range(pairs)))) + 0.0,
                np.kron(a, b[..., :2] if b.ndim else b), rows, np.ravel_multi_index(rows, shape),
                np.cross(np.resize(a, (n, 3)), b.ravel()[:3] if b.size >= 3 else [1.0, 2.0, 3.0]))
    assert outcome(ours, make) == outcome(real, make)


@pytest.mark.parametrize("writer,reader", [(ours, real), (real, ours)], ids=["ours-to-numpy", "numpy-to-ours"])
def test_files_one_writes_the_other_reads(tmp_path, writer, reader):
    """.npy, .npz and text files written by this numpy are read back by numpy, and the other way round."""
    arrays = {"f8": [[0.1, -2.5], [3e-300, float("inf")]], "f4": [1.5, -0.25], "i1": [-128, 127], "u8": [7, 2 ** 40],
              "?": [True, False], "f2": [0.1, 65504.0]}
    for code, values in arrays.items():
        a = writer.array(values, dtype=code)
        writer.save(tmp_path / f"{code}.npy", a)
        assert repr(reader.load(tmp_path / f"{code}.npy")) == repr(reader.array(values, dtype=code))
    writer.savez_compressed(tmp_path / "all.npz", **{k: writer.array(v, dtype=k) for k, v in arrays.items() if k != "?"},
                            flags=writer.array([True]))
    with reader.load(tmp_path / "all.npz") as archive:
        assert sorted(archive.files) == sorted([k for k in arrays if k != "?"] + ["flags"])
        assert repr(archive["f4"]) == repr(reader.array(arrays["f4"], dtype="f4"))
    writer.savetxt(tmp_path / "a.txt", writer.array(arrays["f8"]), header="x y")
    assert repr(reader.loadtxt(tmp_path / "a.txt")) == repr(reader.array(arrays["f8"]))
