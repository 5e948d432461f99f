"""Shape functions, products and array helpers as numpy composes them from concatenate, views,
broadcasting and matmul: atleast_3d, dstack, hsplit/vsplit/dsplit, block, broadcast_arrays,
resize, kron, apply_along_axis, put_along_axis, put, choose, compress, tensordot, vdot, vecdot,
matvec, vecmat, cross; result_type, can_cast; fromfunction, fromiter, indices; array_equiv,
shares_memory; array_repr/array_str, base_repr/binary_repr."""
import itertools
import math
import warnings

from . import _dtypes as D
from . import _functions as F
from . import _ufuncs as U
from ._composites import _along_axis_index
from ._core import INT64, _axis, _from_values, _prod, array, asarray, generic, ndarray
from ._index_tricks import ndindex
from ._print import printoptions


def asanyarray(a, dtype=None):
    return asarray(a, dtype)


def ascontiguousarray(a, dtype=None):
    a = asarray(a, dtype)
    if a.ndim == 0:
        return a.reshape(1)
    return a if a._is_contiguous() else a.copy()


def atleast_3d(*arys):
    def one(a):
        a = asarray(a)
        if a.ndim == 0:
            return a.reshape(1, 1, 1)
        if a.ndim == 1:
            return a[None, :, None]
        return a[:, :, None] if a.ndim == 2 else a
    return one(arys[0]) if len(arys) == 1 else tuple(one(a) for a in arys)


def dstack(tup):
    arrays = atleast_3d(*tup)
    return F.concatenate(arrays if isinstance(arrays, tuple) else [arrays], 2)


def _split_at_least(ary, indices_or_sections, axis, ndim, name):
    if asarray(ary).ndim < ndim:
        raise ValueError(f"{name} only works on arrays of {ndim} or more dimensions")
    return F.split(ary, indices_or_sections, axis)


def hsplit(ary, indices_or_sections):
    ary = asarray(ary)
    if ary.ndim == 0:
        raise ValueError("hsplit only works on arrays of 1 or more dimensions")
    return F.split(ary, indices_or_sections, 1 if ary.ndim > 1 else 0)


def vsplit(ary, indices_or_sections):
    return _split_at_least(ary, indices_or_sections, 0, 2, "vsplit")


def dsplit(ary, indices_or_sections):
    return _split_at_least(ary, indices_or_sections, 2, 3, "dsplit")


def block(arrays):
    """numpy's block: the innermost lists joined along the last axis, the next ones along the one before."""
    def depths(x, index, depth):
        """(the depth of x's arrays, where the first one is, the largest ndim among them)."""
        if type(x) is tuple:
            raise TypeError(f"arrays{index} is a tuple. Only lists can be used to arrange blocks, and np.block does "
                            "not allow implicit conversion from tuple to ndarray.")
        if type(x) is not list:
            return depth, index, asarray(x).ndim
        if not x:
            raise ValueError(f"List at arrays{index} cannot be empty")
        found = [depths(y, f"{index}[{i}]", depth + 1) for i, y in enumerate(x)]
        for inner, where, _ in found:
            if inner != found[0][0]:
                raise ValueError(f"List depths are mismatched. First element was at depth {found[0][0]}, but there "
                                 f"is an element at depth {inner} (arrays{where})")
        return found[0][0], found[0][1], max(ndim for _, _, ndim in found)
    list_ndim, _, max_ndim = depths(arrays, "", 0)
    result_ndim = max(list_ndim, max_ndim)

    def join(x, depth):
        if type(x) is list:
            return F.concatenate([join(y, depth + 1) for y in x], axis=-(list_ndim - depth))
        return array(x, ndmin=result_ndim)
    result = join(arrays, 0)
    return result if list_ndim else result.copy()


def broadcast_arrays(*args):
    arrays = [asarray(a) for a in args]
    shape = arrays[0].shape if arrays else ()
    for i, a in enumerate(arrays[1:], 1):
        try:
            shape = U.broadcast_shapes(shape, a.shape)
        except ValueError:
            raise ValueError(f"shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between "
                             f"arg 0 with shape {arrays[0].shape} and arg {i} with shape {a.shape}.") from None
    return tuple(a if a.shape == shape else U.broadcast_to(a, shape) for a in arrays)


def resize(a, new_shape):
    new_shape = (new_shape,) if isinstance(new_shape, int) else tuple(new_shape)
    a = F.ravel(a)
    new_size = 1
    for dim in new_shape:
        new_size *= dim
        if dim < 0:
            raise ValueError("all elements of `new_shape` must be non-negative")
    if a.size == 0 or new_size == 0:
        return F.zeros(new_shape, a.dtype)
    repeats = -(-new_size // a.size)
    return F.concatenate((a,) * repeats)[:new_size].reshape(new_shape)


def kron(a, b):
    """numpy's: a and b laid out on interleaved axes, multiplied by broadcasting, reshaped."""
    b = asarray(b)
    a = array(a, ndmin=b.ndim)
    nda, ndb = a.ndim, b.ndim
    nd = max(nda, ndb)
    if nda == 0 or ndb == 0:
        return U.multiply(a, b)
    as_ = (1,) * max(0, ndb - nda) + a.shape
    bs = (1,) * max(0, nda - ndb) + b.shape
    a_arr = F.expand_dims(a, tuple(range(ndb - nda)))
    b_arr = F.expand_dims(b, tuple(range(nda - ndb)))
    a_arr = F.expand_dims(a_arr, tuple(range(1, nd * 2, 2)))
    b_arr = F.expand_dims(b_arr, tuple(range(0, nd * 2, 2)))
    return U.multiply(a_arr, b_arr).reshape(tuple(p * q for p, q in zip(as_, bs)))


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    """numpy's: func1d on each 1-D slice along axis, the results stacked where that axis was."""
    arr = asarray(arr)
    nd = arr.ndim
    axis = _axis(axis, nd)
    dims = list(range(nd))
    view = F.transpose(arr, dims[:axis] + dims[axis + 1:] + [axis])
    inds = (ind + (Ellipsis,) for ind in ndindex(view.shape[:-1]))
    try:
        ind0 = next(inds)
    except StopIteration:
        raise ValueError("Cannot apply_along_axis when any iteration dimensions are 0") from None
    res = asarray(func1d(view[ind0], *args, **kwargs))
    buff = F.zeros(view.shape[:-1] + res.shape, res.dtype)
    buff_dims = list(range(buff.ndim))
    permute = buff_dims[0:axis] + buff_dims[buff.ndim - res.ndim:buff.ndim] + buff_dims[axis:buff.ndim - res.ndim]
    buff[ind0] = res
    for ind in inds:
        buff[ind] = asarray(func1d(view[ind], *args, **kwargs))
    return F.transpose(buff, permute)


def put_along_axis(arr, indices, values, axis):
    arr, indices = asarray(arr), asarray(indices)
    if axis is None:
        if indices.ndim != 1:
            raise ValueError("when axis=None, `indices` must have a single dimension.")
        arr.reshape(-1)[indices] = values
        return
    arr[_along_axis_index(arr, indices, axis)] = values


def put(a, ind, v, mode="raise"):
    """numpy's: a.flat[ind] = v, v repeated as needed."""
    if not isinstance(a, ndarray):
        raise TypeError(f"argument 1 must be numpy.ndarray, not {type(a)}")
    if mode != "raise":
        raise NotImplementedError(f"numpy.put(mode={mode!r}) is not available in the browser")
    positions = a._flat_positions()
    ind = asarray(ind).astype(INT64).ravel()._values()
    values = asarray(v).astype(a.dtype).ravel()._values()
    n = len(positions)
    for i, index in enumerate(ind):
        if not -n <= index < n:
            raise IndexError(f"index {index} is out of bounds for axis 0 with size {n}")
        a._buf[positions[index]] = values[i % len(values)]


def choose(a, choices, mode="raise"):
    if mode != "raise":
        raise NotImplementedError(f"numpy.choose(mode={mode!r}) is not available in the browser")
    choices = [asarray(c) for c in choices]
    dt = result_type(*choices)
    arrays = broadcast_arrays(asarray(a), *choices)
    index, columns = arrays[0]._values(), [c.astype(dt)._values() for c in arrays[1:]]
    if any(not 0 <= i < len(columns) for i in index):
        raise ValueError("invalid entry in choice array")
    values = [columns[i][k] for k, i in enumerate(index)]
    shape = arrays[0].shape
    return _from_values(values, shape, dt)


def compress(condition, a, axis=None):
    condition = asarray(condition)
    if condition.ndim != 1:
        raise ValueError("condition must be a 1-d array")
    a = asarray(a)
    if axis is None:
        a, axis = a.ravel(), 0
    axis = _axis(axis, a.ndim)
    hits = F.nonzero(condition)[0]
    if hits.size and hits._values()[-1] >= a.shape[axis]:
        raise IndexError(f"index {hits._values()[-1]} is out of bounds for axis {axis} with size {a.shape[axis]}")
    return a[tuple(hits if d == axis else slice(None) for d in range(a.ndim))]


# ---------------------------------------------------------------------------------------
# Products

def tensordot(a, b, axes=2):
    """numpy's: both transposed and reshaped into matrices whose product sums the paired axes."""
    try:
        iter(axes)
    except TypeError:
        axes_a, axes_b = list(range(-axes, 0)), list(range(0, axes))
    else:
        axes_a, axes_b = axes
    axes_a = list(axes_a) if isinstance(axes_a, (list, tuple)) else [axes_a]
    axes_b = list(axes_b) if isinstance(axes_b, (list, tuple)) else [axes_b]
    a, b = asarray(a), asarray(b)
    equal = len(axes_a) == len(axes_b)
    if equal:
        for k in range(len(axes_a)):
            if a.shape[axes_a[k]] != b.shape[axes_b[k]]:
                equal = False
                break
            axes_a[k] += a.ndim if axes_a[k] < 0 else 0
            axes_b[k] += b.ndim if axes_b[k] < 0 else 0
    if not equal:
        raise ValueError("shape-mismatch for sum")
    notin_a = [k for k in range(a.ndim) if k not in axes_a]
    notin_b = [k for k in range(b.ndim) if k not in axes_b]
    n2 = _prod(a.shape[ax] for ax in axes_a)
    at = a.transpose(notin_a + axes_a).reshape(_prod(a.shape[ax] for ax in notin_a), n2)
    bt = b.transpose(axes_b + notin_b).reshape(n2, _prod(b.shape[ax] for ax in notin_b))
    return F.dot(at, bt).reshape(tuple(a.shape[ax] for ax in notin_a) + tuple(b.shape[ax] for ax in notin_b))


def vdot(a, b):
    a, b = asarray(a).ravel(), asarray(b).ravel()
    if a.size != b.size:
        raise ValueError(f"cannot reshape array of size {b.size} into shape ({a.size},)")
    return F.dot(a, b)


def _gufunc_operand(x, name, index, core):
    x = asarray(x)
    if x.ndim < core:
        raise ValueError(f"{name}: Input operand {index} does not have enough dimensions (has {x.ndim}, gufunc core "
                         f"with signature {_SIGNATURES[name]} requires {core})")
    return x


_SIGNATURES = {"vecdot": "(n),(n)->()", "matvec": "(m,n),(n)->(m)", "vecmat": "(n),(n,m)->(m)"}


def _core_mismatch(name, index, dim, size, expected):
    return ValueError(f"{name}: Input operand {index} has a mismatch in its core dimension {dim}, with gufunc "
                      f"signature {_SIGNATURES[name]} (size {size} is different from {expected})")


def vecdot(x1, x2, /, *, axis=-1):
    x1, x2 = _gufunc_operand(x1, "vecdot", 0, 1), _gufunc_operand(x2, "vecdot", 1, 1)
    x1, x2 = F.moveaxis(x1, axis, -1), F.moveaxis(x2, axis, -1)
    if x1.shape[-1] != x2.shape[-1]:
        raise _core_mismatch("vecdot", 1, 0, x2.shape[-1], x1.shape[-1])
    result = F.matmul(x1[..., None, :], x2[..., :, None])
    return result[..., 0, 0] if result.ndim > 2 else result[0, 0]


def matvec(x1, x2, /):
    x1, x2 = _gufunc_operand(x1, "matvec", 0, 2), _gufunc_operand(x2, "matvec", 1, 1)
    if x1.shape[-1] != x2.shape[-1]:
        raise _core_mismatch("matvec", 1, 0, x2.shape[-1], x1.shape[-1])
    return F.matmul(x1, x2[..., :, None])[..., 0]


def vecmat(x1, x2, /):
    x1, x2 = _gufunc_operand(x1, "vecmat", 0, 1), _gufunc_operand(x2, "vecmat", 1, 2)
    if x1.shape[-1] != x2.shape[-2]:
        raise _core_mismatch("vecmat", 1, 0, x2.shape[-2], x1.shape[-1])
    return F.matmul(x1[..., None, :], x2)[..., 0, :]


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """numpy's: the components' products differenced, vectors along axisa/axisb (2-D ones give the z component)."""
    if axis is not None:
        axisa = axisb = axisc = axis
    a, b = asarray(a), asarray(b)
    if a.ndim < 1 or b.ndim < 1:
        raise ValueError("At least one array has zero dimension")
    a, b = F.moveaxis(a, axisa, -1), F.moveaxis(b, axisb, -1)
    if a.shape[-1] not in (2, 3) or b.shape[-1] not in (2, 3):
        raise ValueError("incompatible dimensions for cross product\n(dimension must be 2 or 3)")
    if a.shape[-1] == 2 or b.shape[-1] == 2:
        warnings.warn("Arrays of 2-dimensional vectors are deprecated. Use arrays of 3-dimensional vectors instead. "
                      "(deprecated in NumPy 2.0)", DeprecationWarning, stacklevel=2)
    dt = D.promote_types(a.dtype, b.dtype)
    a0, a1, b0, b1 = a[..., 0], a[..., 1], b[..., 0], b[..., 1]
    a2 = a[..., 2] if a.shape[-1] == 3 else None
    b2 = b[..., 2] if b.shape[-1] == 3 else None

    def minus(p, q):
        return U.subtract(p.astype(dt), q.astype(dt)).astype(dt) if dt.kind != "b" else U.logical_xor(p, q)

    def times(p, q):
        return asarray(U.multiply(p, q)).astype(dt)
    cp2 = asarray(minus(times(a0, b1), times(a1, b0)))
    if a2 is None and b2 is None:
        return cp2
    if a2 is None:
        cp0, cp1 = times(a1, b2), U.negative(times(a0, b2)).astype(dt)
    elif b2 is None:
        cp0, cp1 = U.negative(times(a2, b1)).astype(dt), times(a2, b0)
    else:
        cp0, cp1 = minus(times(a1, b2), times(a2, b1)), minus(times(a2, b0), times(a0, b2))
    result = F.stack([asarray(cp0), asarray(cp1), asarray(cp2)], axis=-1)
    return F.moveaxis(result, -1, axisc)


# ---------------------------------------------------------------------------------------
# dtypes, construction, comparison, text

def result_type(*arrays_and_dtypes):
    """NEP 50's promotion of arrays, scalars (Python's weak) and dtypes."""
    if not arrays_and_dtypes:
        raise ValueError("at least one array or dtype is required")
    operands = []
    for x in arrays_and_dtypes:
        if isinstance(x, (D.dtype, str)) or isinstance(x, type):
            operands.append((F.zeros((), D._as_dtype(x)), False))
        else:
            operands.append(U._operand(x))
    return U._result_dtype(operands, check=False)


_KIND_ORDER = {"b": 0, "u": 1, "i": 2, "f": 3}


def can_cast(from_, to, casting="safe"):
    if type(from_) in (int, float, complex):
        raise TypeError("can_cast() does not support Python ints, floats, and complex because the result used to "
                        "depend on the value.\nThis change was part of adopting NEP 50, we may explicitly allow "
                        "them again in the future.")
    source = from_.dtype if isinstance(from_, (ndarray, generic)) else D._as_dtype(from_)
    target = D._as_dtype(to)
    if casting == "unsafe":
        return True
    if casting in ("no", "equiv"):
        return source is target
    if casting == "safe":
        return D.promote_types(source, target) is target
    if casting == "same_kind":
        return D.promote_types(source, target) is target or _KIND_ORDER[source.kind] <= _KIND_ORDER[target.kind]
    raise ValueError("casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe'")


def issubdtype(arg1, arg2):
    """numpy's: the scalar types' subclass relation (np.floating, np.integer, ... included)."""
    def scalar_type(arg):
        return arg if isinstance(arg, type) and issubclass(arg, generic) else D._as_dtype(arg).type
    return issubclass(scalar_type(arg1), scalar_type(arg2))


def min_scalar_type(a):
    """The smallest dtype holding a scalar's value (of its kind; an unsigned one for a non-negative integer)."""
    a = asarray(a)
    if a.ndim or a.dtype.kind == "b":
        return a.dtype
    value = a.item()
    if a.dtype.kind == "f":
        magnitude = abs(value)
        size = "float16" if magnitude != magnitude or magnitude == math.inf or magnitude <= 65504.0 else \
            "float32" if magnitude <= 3.4028234663852886e38 else "float64"
        return D._DTYPES[size]
    for bits in (8, 16, 32, 64):
        if 0 <= value < 2 ** bits:
            return D._DTYPES[f"uint{bits}"]
        if -2 ** (bits - 1) <= value < 0:
            return D._DTYPES[f"int{bits}"]
    return a.dtype


def indices(dimensions, dtype=int, sparse=False):
    dimensions = tuple(dimensions)
    n = len(dimensions)
    dt = D._as_dtype(dtype)
    grids = []
    for i, dim in enumerate(dimensions):
        idx = F.arange(dim, dtype=dt).reshape((1,) * i + (dim,) + (1,) * (n - i - 1))
        grids.append(idx if sparse else U.broadcast_to(idx, dimensions))
    if sparse:
        return tuple(grids)
    return F.stack(grids) if grids else F.empty((0,), dt)


def fromfunction(function, shape, *, dtype=float, **kwargs):
    return function(*indices(shape, dtype=dtype), **kwargs)


def fromiter(iter, dtype, count=-1):
    items = list(itertools.islice(iter, count)) if count >= 0 else list(iter)
    if 0 <= count != len(items):
        raise ValueError(f"iterator too short: Expected {count} but iterator had only {len(items)} items.")
    return array(items, dtype=dtype) if items else F.empty((0,), dtype)


def array_equiv(a1, a2):
    a1, a2 = asarray(a1), asarray(a2)
    try:
        U.broadcast_shapes(a1.shape, a2.shape)
    except ValueError:
        return False
    return bool(F.all(U.equal(a1, a2)))


def _extent(a):
    positions = a._flat_positions()
    return (min(positions), max(positions)) if positions else None


def may_share_memory(a, b, max_work=None):
    if not isinstance(a, ndarray) or not isinstance(b, ndarray) or a._buf is not b._buf:
        return False
    ea, eb = _extent(a), _extent(b)
    return ea is not None and eb is not None and ea[0] <= eb[1] and eb[0] <= ea[1]


def shares_memory(a, b, max_work=None):
    return may_share_memory(a, b) and bool(set(a._flat_positions()) & set(b._flat_positions()))


def array_repr(arr, max_line_width=None, precision=None, suppress_small=None):
    with printoptions(**_print_overrides(max_line_width, precision, suppress_small)):
        return repr(asarray(arr))


def array_str(a, max_line_width=None, precision=None, suppress_small=None):
    with printoptions(**_print_overrides(max_line_width, precision, suppress_small)):
        return str(asarray(a))


def _print_overrides(max_line_width, precision, suppress_small):
    given = {"linewidth": max_line_width, "precision": precision, "suppress": suppress_small}
    return {k: v for k, v in given.items() if v is not None}


def base_repr(number, base=2, padding=0):
    digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    if base > len(digits):
        raise ValueError("Bases greater than 36 not handled in base_repr.")
    if base < 2:
        raise ValueError("Bases less than 2 not handled in base_repr.")
    num = abs(int(number))
    res = []
    while num:
        res.append(digits[num % base])
        num //= base
    if padding:
        res.append("0" * padding)
    if number < 0:
        res.append("-")
    return "".join(reversed(res or "0"))


def binary_repr(num, width=None):
    num = int(num)
    if num == 0:
        return "0" * (width or 1)
    if num > 0:
        binary = bin(num)[2:]
        if width is not None and width < len(binary):
            raise ValueError(f"Insufficient bit width={width} provided for binwidth={len(binary)}")
        return binary.zfill(width or 0)
    if width is None:
        return "-" + bin(-num)[2:]
    poswidth = len(bin(-num)[2:])
    if 2 ** (poswidth - 1) == -num:
        poswidth -= 1
    twocomp = 2 ** (poswidth + 1) + num
    binary = bin(twocomp)[2:]
    binwidth = len(binary)
    outwidth = max(binwidth, width)
    if width < binwidth:
        raise ValueError(f"Insufficient bit width={width} provided for binwidth={binwidth}")
    return "1" * (outwidth - binwidth) + binary
