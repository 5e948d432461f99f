"""Universal functions: broadcasting, NEP 50 promotion, `out=` and `where=`, and the operators of
ndarray and the scalar types, each ufunc declared once (its Python-number kernel and its type rule)."""
import math
import operator
import struct
from array import array as _array
from itertools import compress, repeat

from torch import _libm  # glibc's float64 functions (Pyodide's musl, CPython's hypot differ in the last bit)
from torch._aten import _libm32  # glibc's float32 functions
from torch._backend import kernels as _kernels  # the engine's wasm loops (float64 ones for this numpy)
from torch._backend.python import _div as _ieee_div  # IEEE division of Python floats (x/0 is ±inf or nan)

from . import _dtypes as D, _simd32, _simd64
from ._core import (BOOL, FLOAT32, FLOAT64, INT64, SCALAR_TYPES, _axis, _contiguous_strides, _from_values, _new,
                    _prod, asarray, float64, ndarray, scalar)
from ._exceptions import UFuncTypeError


def broadcast_shapes(*shapes):
    ndim = max((len(s) for s in shapes), default=0)
    out = []
    for i in range(-ndim, 0):
        sizes = {s[i] for s in shapes if len(s) >= -i} - {1}
        if len(sizes) > 1:
            raise ValueError("operands could not be broadcast together with shapes "
                             + "".join(str(tuple(s)).replace(" ", "") + " " for s in shapes))
        out.append(sizes.pop() if sizes else 1)
    return tuple(out)


def broadcast_to(a, shape):
    a = asarray(a)
    shape = tuple(shape)
    pad = len(shape) - a.ndim
    if pad < 0 or any(s not in (1, t) for s, t in zip(a._shape, shape[pad:])):
        raise ValueError(f"operands could not be broadcast together with remapped shapes [original->remapped]: "
                         f"{str(a._shape).replace(' ', '')}  and requested shape {str(shape).replace(' ', '')}")
    strides = (0,) * pad + tuple(0 if s == 1 and t != 1 else st for s, t, st in zip(a._shape, shape[pad:], a._strides))
    return _new(a._buf, a._offset, shape, strides, a._dtype, a)


def _values_as(a, shape):
    return a._values() if a._shape == shape else broadcast_to(a, shape)._values()


def _operand(x):
    """(array, weak): Python bool/int/float are NEP 50's weak scalars."""
    if type(x) in (bool, int, float):
        return asarray(x), True
    return asarray(x), False


def _result_dtype(arrays, check=True):
    strong = [a for a, weak in arrays if not weak]
    if not strong:
        dt = arrays[0][0]._dtype
        for a, _ in arrays[1:]:
            dt = D.promote_types(dt, a._dtype)
        return dt
    dt = strong[0]._dtype
    for a in strong[1:]:
        dt = D.promote_types(dt, a._dtype)
    for a, weak in arrays:
        if weak:
            value = a._values()[0]
            dt = D.weak_result(dt, value) if check or not isinstance(value, int) or isinstance(value, bool) else \
                (dt if dt.kind != "b" else D.INT64)
    return dt


def _divmod(a, b):
    """numpy's npy_divmod for floats: (floor quotient, remainder with b's sign)."""
    if not b:
        return _ieee_div(a, b), math.nan
    if not math.isfinite(a):
        return math.nan, math.nan
    mod = math.fmod(a, b)
    div = (a - mod) / b
    if mod:
        if (b < 0) != (mod < 0):
            mod += b
            div -= 1.0
    else:
        mod = math.copysign(0.0, b)
    if div:
        floordiv = float(math.floor(div))
        if div - floordiv > 0.5:
            floordiv += 1.0
    else:
        floordiv = math.copysign(0.0, _ieee_div(a, b))
    return floordiv, mod


def _floor_div(a, b):
    if isinstance(a, int) and isinstance(b, int):
        return a // b if b else 0
    return _divmod(a, b)[0]


def _mod(a, b):
    if isinstance(a, int) and isinstance(b, int):
        return a % b if b else 0
    if math.isinf(b) and math.isfinite(a):
        return a if a == 0 or (a < 0) == (b < 0) else b
    return _divmod(a, b)[1]


def _power(a, b):
    if isinstance(a, int) and isinstance(b, int):
        if b < 0:
            raise ValueError("Integers to negative integer powers are not allowed.")
        return a ** b
    try:
        return _libm.pow(a, b)
    except OverflowError:
        return math.inf
    except ValueError:  # C's pow: 0 to a negative power is an infinity (-0. to an odd one: -inf), else NaN
        if a == 0 and b < 0:
            return math.copysign(math.inf, a) if b.is_integer() and b % 2 == 1 else math.inf
        return math.nan


def _max(a, b):
    """numpy's float32/64 loops: NaN propagates; of two equal values (0.0 and -0.0) the second."""
    return a if a != a or a > b else b


def _min(a, b):
    return a if a != a or a < b else b


def _max_half(a, b):
    """numpy's float16 loop (npy_half_ge): of two equal values the first."""
    return a if a != a or a >= b else b


def _min_half(a, b):
    return a if a != a or a <= b else b


_BOOL_ERRORS = {
    "subtract": "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, "
                "or the logical_xor function instead.",
    "negative": "The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the "
                "logical_not function instead.",
}


# ---------------------------------------------------------------------------------------
# The hot path: float64 arrays, contiguous, of one shape, or beside a Python/numpy scalar (the
# result is float64 whatever the scalar's type). One IEEE operation per element, in wasm where
# the engine's kernels are loaded, else one map() over the buffer; anything else (and any
# element an operation raises on) takes the general loop below.

def _f64_operand(x):
    """(buffer, offset, shape) of a float64 ndarray (a strided one gathered first where the kernels
    are loaded), a float for a scalar, or None."""
    if type(x) is ndarray:
        if x._dtype is FLOAT64:
            if x._strides == _contiguous_strides(x._shape) or x.size <= 1:
                return x._buf, x._offset, x._shape
            gathered = x._gathered()  # a strided view, gathered into a new buffer in wasm
            return (gathered, 0, x._shape) if gathered is not None else None
        return None
    if isinstance(x, (float, int)):
        try:
            return float(x)
        except OverflowError:
            return None
    return None


def _f64_values(operand, n):
    if isinstance(operand, float):
        return repeat(operand, n)
    buf, offset, _ = operand
    return buf[offset:offset + n] if offset or len(buf) != n else buf


_FLOATS = (float, float64)
_SCALAR_OPERANDS = (float, float64, int, bool)


def _int64_values(x, n):
    """The elements of a contiguous int64 array of n, or a Python int in int64's range n times; None else."""
    if type(x) is ndarray:
        return x._buf[x._offset:x._offset + n] if x._dtype is INT64 and x._is_contiguous() else None
    return repeat(x, n) if type(x) is int and -2 ** 63 <= x < 2 ** 63 else None


_INT64_OPS = ("add", "sub", "mul", "lt", "le", "gt", "ge", "eq", "ne")


def _fast_binary(name, op, out_bool=False):
    """The hot path of a binary ufunc: `name` its kernel's (kernels.binary_f64), `op` its Python
    operation; a comparison (out_bool) makes bools."""
    dt = BOOL if out_bool else FLOAT64

    def _int64(a, b):
        """int64 arrays of one shape (or one beside a Python int): one map() over the buffers; a result
        that leaves int64's range (numpy wraps it around) goes back to the general loop."""
        arrays = [x for x in (a, b) if type(x) is ndarray]
        if not arrays or not arrays[0]._shape or len(arrays) == 2 and arrays[0]._shape != arrays[1]._shape:
            return None
        shape = arrays[0]._shape
        n = _prod(shape)
        xs, ys = _int64_values(a, n), _int64_values(b, n)
        if xs is None or ys is None:
            return None
        try:
            buf = _array("B" if out_bool else "q", map(op, xs, ys))
        except OverflowError:
            return None
        return _new(buf, 0, shape, _contiguous_strides(shape), BOOL if out_bool else INT64)

    def run(a, b):
        if type(a) in _SCALAR_OPERANDS and type(b) in _SCALAR_OPERANDS and (type(a) in _FLOATS or type(b) in _FLOATS):
            try:  # two scalars whose result is float64 (NEP 50): one Python operation
                return scalar(op(float(a), float(b)), dt)
            except (ZeroDivisionError, OverflowError, ValueError):
                return None
        x, y = _f64_operand(a), _f64_operand(b)
        if x is None or y is None:
            return _int64(a, b) if name in _INT64_OPS else None
        shapes = [o[2] for o in (x, y) if not isinstance(o, float)]
        if not shapes or not shapes[0] or len(shapes) == 2 and shapes[0] != shapes[1]:
            return None  # (a 0-d result is numpy's scalar: the general loop makes it)
        shape = shapes[0]
        n = _prod(shape)
        if _kernels.wasm is not None:
            buf = _kernels.binary_f64(name, x if isinstance(x, float) else x[:2], y if isinstance(y, float) else y[:2],
                                      n, out_bool)
            if buf is not None:
                return _new(buf, 0, shape, _contiguous_strides(shape), dt)
        try:
            buf = _array(dt.typecode, map(op, _f64_values(x, n), _f64_values(y, n)))
        except (ZeroDivisionError, OverflowError, ValueError):
            return None
        return _new(buf, 0, shape, _contiguous_strides(shape), dt)
    return run


def _fast_unary(name, op):
    def run(a):
        x = _f64_operand(a)
        if x is None or isinstance(x, float) or not x[2]:
            return None
        shape = x[2]
        n = _prod(shape)
        if _kernels.wasm is not None:
            buf = _kernels.unary_f64(name, x[:2], n)
            if buf is not None:
                return _new(buf, 0, shape, _contiguous_strides(shape), FLOAT64)
        values = _f64_values(x, n)
        try:
            buf = _array("d", map(op, values, values) if name == "square" else map(op, values))
        except (OverflowError, ValueError):
            return None
        return _new(buf, 0, shape, _contiguous_strides(shape), FLOAT64)
    return run


def _fast_simd(name):
    """numpy's `name` of a float32 array (exp, log, sin, cos, tanh: _simd32's algorithms) or float64
    one (tanh: _simd64's) in wasm where the kernels are loaded (the same bits); the elements a kernel
    leaves (sin's and cos's beyond numpy's reduction, libm's in numpy; tanh's tiny float64 ones) in
    Python. None elsewhere: the general loop runs _simd32's and _simd64's element functions."""
    functions = {FLOAT32: getattr(_simd32, name), FLOAT64: getattr(_simd64, name, None)}

    def run(a):
        if _kernels.wasm is None or type(a) is not ndarray or functions.get(a._dtype) is None or not a._shape:
            return None
        n = a.size
        buf, offset = (a._buf, a._offset) if a._is_contiguous() else (a._gathered(), 0)
        if buf is None:
            return None
        done = _kernels.numpy_math_f32(name, (buf, offset), n, _simd32.TANH_TABLE_F32) if a._dtype is FLOAT32 else \
            _kernels.numpy_tanh_f64((buf, offset), n, _simd64.TANH_TABLE_F64)
        if done is None:
            return None
        out, left, count = done
        if count:
            element = functions[a._dtype]
            for i in compress(range(n), left):
                out[i] = element(buf[offset + i])
        return _new(out, 0, a._shape, _contiguous_strides(a._shape), a._dtype)
    return run


def _fast_power(base, exponent):
    """A float64 array to a Python number's power: glibc's pow per element (_libm.pow; off glibc
    an integer power from 3 to 64 in wasm where the kernels are loaded, but for the few elements
    it leaves to glibc_pow)."""
    x = _f64_operand(base)
    if x is None or isinstance(x, float) or not x[2] or type(exponent) not in (int, float):
        return None
    n = _prod(x[2])
    if _kernels.wasm is not None and _libm.pow is not math.pow and float(exponent).is_integer():
        done = _kernels.powi_f64(x[:2], n, int(exponent))
        if done is not None:
            buf, undecided, count = done
            if count:
                values = _f64_values(x, n)
                for i in compress(range(n), undecided):
                    buf[i] = _power(values[i], exponent)
            return _new(buf, 0, x[2], _contiguous_strides(x[2]), FLOAT64)
    try:
        buf = _array("d", map(_libm.pow, _f64_values(x, n), repeat(float(exponent), n)))
    except (OverflowError, ValueError):
        return None
    return _new(buf, 0, x[2], _contiguous_strides(x[2]), FLOAT64)


def _finish_call(values, shape, dt, out, where):
    """What a ufunc call returns from its values: a new array, numpy's scalar for 0-d, or `out` written."""
    cast = D.caster(dt)
    if dt is not FLOAT64:  # array("d") takes a float loop's results as they are
        values = D.cast_all(dt, values)
    if where is not True:
        mask = _values_as(asarray(where), shape)
        base = _values_as(asarray(out), shape) if out is not None else [cast(0)] * len(values)
        values = [v if m else b for v, m, b in zip(values, mask, base)]
    result = _from_values(values, shape, dt)
    if out is not None:
        out[...] = result
        return out
    return result if shape else scalar(values[0], dt)


# reduce's identities (an empty reduction's value) and which ufuncs may reduce several axes at once
_IDENTITY = {"logaddexp": -math.inf, "logaddexp2": -math.inf, "gcd": 0, "hypot": 0, "bitwise_and": -1,
             "bitwise_or": 0, "bitwise_xor": 0, "logical_xor": False}
_REORDERABLE = {"logaddexp", "logaddexp2", "gcd", "lcm", "hypot", "bitwise_and", "bitwise_or", "bitwise_xor",
                "logical_xor"}


class ufunc:
    """A ufunc: `kernel` on Python numbers; `rule` picks the loop's dtype from the inputs' promoted
    dtype as numpy's loops do: "same"; "float" (numpy's float functions: int8/uint8/bool → float16,
    int16 → float32, wider ints → float64); "float64" (true_divide: any int → float64); "int8" (no
    bool loop: bools run in int8); "nobool" (bools refused); "integer" (floats refused); "shift" (floats refused,
    bools in int8); "gcd" (integers only); "double" (float64 whatever the inputs). `out_bool`:
    the result is bool (comparisons, logical functions, isnan ...)."""

    def __init__(self, name, nin, kernel, rule="same", out_bool=False, loops=None, fast=None, scalar_loops=None):
        self.__name__ = self.name = name
        self.fast = fast  # the hot path (float64; float32 for numpy's SIMD functions): None where it does not apply
        self.nin = nin
        self.kernel = kernel
        self.loops = loops or {}  # loop dtype name -> a kernel of its own, where numpy's loop differs
        # loop dtype name -> f(the second operand) giving a kernel of the first, or None: numpy's
        # shortcuts where the second operand is one value (its loop sees a stride of 0)
        self.scalar_loops = scalar_loops or {}
        self.rule = rule
        self.out_bool = out_bool

    def __repr__(self):
        return f"<ufunc '{self.name}'>"

    def _loop_dtype(self, dt):
        if self.rule == "float":
            return dt if dt.kind == "f" else D._DTYPES[{1: "float16", 2: "float32"}.get(dt.itemsize, "float64")]
        if self.rule == "float64":
            return dt if dt.kind == "f" else FLOAT64
        if self.rule == "double":  # float_power: numpy's loops are float64 (and complex) only
            return FLOAT64
        if self.rule == "nobool" and dt.kind == "b":
            raise TypeError(_BOOL_ERRORS[self.name])
        if self.rule in ("int8", "shift") and dt.kind == "b":  # no bool loop: the first loop that takes bools
            return D._DTYPES["int8"]
        if self.rule in ("integer", "shift") and dt.kind == "f":
            raise TypeError(f"ufunc '{self.name}' not supported for the input types, and the inputs could not be "
                            "safely coerced to any supported types according to the casting rule ''safe''")
        return dt

    def __call__(self, *args, out=None, where=True, dtype=None):
        if self.fast is not None and out is None and where is True and dtype is None and len(args) == self.nin:
            result = self.fast(*args)
            if result is not None:
                return result
        if len(args) != self.nin:
            if len(args) == self.nin + 1 and out is None:
                *args, out = args
            else:
                raise TypeError(f"{self.name}() takes from {self.nin} to {self.nin + 1} positional arguments but {len(args)} were given")
        operands = [_operand(a) for a in args]
        # a loop of floats for integer inputs (true_divide, sqrt, ...) takes a Python int of any size
        # (and a comparison compares it exactly)
        floats = self.rule in ("float", "float64", "double") or self.out_bool
        dt = D._as_dtype(dtype) if dtype is not None else _result_dtype(operands, check=not floats)
        if self.rule == "gcd" and dt.kind not in "iu":  # gcd/lcm: integer loops only, not even bool's
            raise _no_loop_error(self.name, operands)
        loop = self._loop_dtype(dt)
        strong = [a._dtype for a, weak in operands if not weak]
        if self.rule == "float" and dt.kind != "f" and len(strong) > 1:
            # integers meet in the smallest float loop each casts to safely (int8 and uint8: float16)
            loop = self._loop_dtype(strong[0])
            for other in strong[1:]:
                loop = D.promote_types(loop, self._loop_dtype(other))
        shape = broadcast_shapes(*(a._shape for a, _ in operands))
        exact = self.out_bool and loop.kind in "iu"
        columns = [_values_as(a, shape) if a._dtype is loop or exact and weak else D.cast_all(loop, _values_as(a, shape))
                   for a, weak in operands]
        kernel = self.loops.get(loop.name, self.kernel)
        shortcut = loop.name in self.scalar_loops and operands[1][0].size == 1 and \
            self.scalar_loops[loop.name](columns[1][0] if columns[1] else None)
        values = [shortcut(v) for v in columns[0]] if shortcut else [kernel(*vs) for vs in zip(*columns)]
        return _finish_call(values, shape, BOOL if self.out_bool else loop,
                            out[0] if isinstance(out, tuple) else out, where)

    # -- a binary ufunc's methods: reduce through the matching reduction (the same sums), accumulate
    # in order along the axis, outer over every pair
    def reduce(self, array, axis=0, dtype=None, out=None, keepdims=False, initial=None, where=True):
        from . import _functions as F
        reductions = {"add": F.sum, "multiply": F.prod, "maximum": F.amax, "minimum": F.amin, "logical_and": F.all,
                      "logical_or": F.any}
        if self.nin != 2 or out is not None or initial is not None or where is not True or \
                dtype is not None and self.name not in reductions:
            raise NotImplementedError(f"numpy.{self.name}.reduce with out=, initial=, where= or dtype= is not "
                                      "available in the browser")
        if self.name not in reductions:
            return self._fold(asarray(array), axis, keepdims)
        kwargs = {"dtype": dtype} if dtype is not None and self.name in ("add", "multiply") else {}
        return reductions[self.name](array, axis=axis, keepdims=keepdims, **kwargs)

    def _fold(self, a, axis, keepdims):
        """reduce of the other binary ufuncs, as numpy's loop does it: the first element along the axes,
        then the ufunc of it and each next one in order (several axes only for a reorderable ufunc)."""
        from . import _functions as F
        if a.ndim == 0:
            return a[()]
        axes = list(range(a.ndim)) if axis is None else \
            sorted({_axis(ax, a.ndim) for ax in (axis if isinstance(axis, tuple) else (axis,))})
        if len(axes) > 1 and self.name not in _REORDERABLE:
            raise ValueError(f"reduction operation '{self.name}' is not reorderable, so at most one axis may be "
                             "specified")
        rest = [d for d in range(a.ndim) if d not in axes]
        moved = a.transpose(rest + axes).reshape(tuple(a.shape[d] for d in rest) + (-1,))
        if moved.shape[-1] == 0:
            if _IDENTITY.get(self.name) is None:
                raise ValueError(f"zero-size array to reduction operation {self.name} which has no identity")
            result = F.full(moved.shape[:-1], _IDENTITY[self.name], self._loop_dtype(a.dtype))
        else:
            result = moved[..., 0]
            for i in range(1, moved.shape[-1]):
                result = self(result, moved[..., i])
        result = asarray(result)
        if keepdims:
            result = result.reshape(tuple(1 if d in axes else n for d, n in enumerate(a.shape)))
        return result if result.ndim else result[()]

    def accumulate(self, array, axis=0, dtype=None, out=None):
        from . import _functions as F
        if self.nin != 2 or out is not None or dtype is not None:
            raise NotImplementedError(f"numpy.{self.name}.accumulate with out= or dtype= is not available in the "
                                      "browser")
        a = asarray(array)
        if a.ndim == 0:
            raise TypeError("cannot accumulate on a scalar")
        moved = F.moveaxis(a, axis, 0)
        rows = [moved[0]]
        for i in range(1, moved._shape[0]):
            rows.append(self(rows[-1], moved[i]))
        result = F.stack([asarray(r) for r in rows]).astype(rows[-1].dtype) if rows and moved._shape[0] else moved.copy()
        return F.moveaxis(result, 0, axis)

    def outer(self, a, b):
        a, b = asarray(a), asarray(b)
        return self(a.reshape(a._shape + (1,) * b.ndim), b)

    def __getattr__(self, name):
        if name.startswith("__") or name in ("fast", "kernel", "loops", "rule", "out_bool", "nin", "name"):
            raise AttributeError(name)
        raise NotImplementedError(f"numpy.ufunc.{name} is not available in the browser; ufuncs here have reduce, "
                                  "accumulate and outer")


def _u(name, kernel, rule="float", fast=None, float32=None, float16=None):
    """A unary ufunc; `float32`: its float32 loop where numpy's is not the correctly rounded value
    (numpy's own SIMD algorithm or glibc's float function, emulated bit for bit); `float16`: the
    float function numpy's float16 loop calls (glibc's, rounded to half), float32's by default."""
    return ufunc(name, 1, kernel, rule, loops=float32 and {"float32": float32, "float16": float16 or float32}, fast=fast)


def _b(name, kernel, rule="same", out_bool=False, loops=None, fast=None, scalar_loops=None):
    return ufunc(name, 2, kernel, rule, out_bool, loops, fast, scalar_loops)


def _safe(fn, low=None):
    def run(v):
        try:
            return fn(v)
        except OverflowError:
            return math.inf
        except ValueError:
            return -math.inf if v == low else math.nan
    return run


def _log(v):
    if v == 0:
        return -math.inf
    if v < 0 or v != v:
        return math.nan
    return _libm.log(v) if v != math.inf else v


def _sign(v):
    return v if v != v else (v > 0) - (v < 0)


def _integral(fn):
    """floor/ceil/trunc/rint as numpy gives them: a float, -0.0 where a negative rounds to zero."""
    def run(v):
        return math.copysign(float(fn(v)), v) if math.isfinite(v) else v
    return run


def _sqrt(v):
    return math.sqrt(v) if v >= 0 else math.nan if v == v else v


_FLOAT32_POWER_SHORTCUTS = {  # numpy's float32 power of one exponent (1.0 / x in double, then rounded)
    -1.0: lambda v: D.to_single(_ieee_div(1.0, v)), 0.0: lambda v: 1.0, 0.5: _sqrt, 1.0: lambda v: v,
    2.0: lambda v: D.to_single(v * v)}
_FLOAT64_POWER_SHORTCUTS = {  # numpy's float64 power of one exponent: the same, without the rounding
    -1.0: lambda v: _ieee_div(1.0, v), 0.0: lambda v: 1.0, 0.5: _sqrt, 1.0: lambda v: v, 2.0: lambda v: v * v}

_FLOAT_LOOPS = ("float16", "float32", "float64")  # their values are floats, never bools: no test per element
add = _b("add", lambda a, b: (a or b) if isinstance(a, bool) else a + b, loops=dict.fromkeys(_FLOAT_LOOPS, operator.add),
         fast=_fast_binary("add", operator.add))
subtract = _b("subtract", lambda a, b: a - b, "nobool", fast=_fast_binary("sub", operator.sub))
multiply = _b("multiply", lambda a, b: (a and b) if isinstance(a, bool) else a * b,
              loops=dict.fromkeys(_FLOAT_LOOPS, operator.mul), fast=_fast_binary("mul", operator.mul))
true_divide = divide = _b("divide", _ieee_div, "float64", fast=_fast_binary("div", operator.truediv))
floor_divide = _b("floor_divide", _floor_div, "int8")
remainder = mod = _b("remainder", _mod, "int8")
power = _b("power", _power, "int8", loops=dict.fromkeys(("float32", "float16"), _libm32.powf_glibc1),
           scalar_loops={"float32": _FLOAT32_POWER_SHORTCUTS.get, "float64": _FLOAT64_POWER_SHORTCUTS.get})
_scalar_power = _b("power", _power, "int8", loops=power.loops)  # a numpy scalar's **: numpy's scalar math, no shortcuts
maximum = _b("maximum", _max, loops={"float16": _max_half}, fast=_fast_binary("maximum", _max))
minimum = _b("minimum", _min, loops={"float16": _min_half}, fast=_fast_binary("minimum", _min))
equal = _b("equal", operator.eq, out_bool=True, fast=_fast_binary("eq", operator.eq, True))
not_equal = _b("not_equal", operator.ne, out_bool=True, fast=_fast_binary("ne", operator.ne, True))
less = _b("less", operator.lt, out_bool=True, fast=_fast_binary("lt", operator.lt, True))
less_equal = _b("less_equal", operator.le, out_bool=True, fast=_fast_binary("le", operator.le, True))
greater = _b("greater", operator.gt, out_bool=True, fast=_fast_binary("gt", operator.gt, True))
greater_equal = _b("greater_equal", operator.ge, out_bool=True, fast=_fast_binary("ge", operator.ge, True))
logical_and = _b("logical_and", lambda a, b: bool(a) and bool(b), out_bool=True)
logical_or = _b("logical_or", lambda a, b: bool(a) or bool(b), out_bool=True)
logical_xor = _b("logical_xor", lambda a, b: bool(a) != bool(b), out_bool=True)
bitwise_and = _b("bitwise_and", lambda a, b: a & b, "integer")
bitwise_or = _b("bitwise_or", lambda a, b: a | b, "integer")
bitwise_xor = _b("bitwise_xor", lambda a, b: a ^ b, "integer")
arctan2 = _b("arctan2", _libm.atan2, "float", loops=dict.fromkeys(("float32", "float16"), _libm32.atan2f_glibc1))
hypot = _b("hypot", _libm.hypot, "float", loops=dict.fromkeys(("float32", "float16"), _libm32.hypotf_glibc1))

sqrt = _u("sqrt", _sqrt, fast=_fast_unary("sqrt", math.sqrt))
exp = _u("exp", _safe(_libm.exp), fast=_fast_simd("exp"), float32=_simd32.exp, float16=_libm32.expf_glibc1)
exp2 = _u("exp2", _safe(math.exp2), float32=_libm32.exp2f_glibc1)
expm1 = _u("expm1", _safe(_libm.expm1), float32=_libm32.expm1f_glibc1)
log = _u("log", _log, fast=_fast_simd("log"), float32=_simd32.log, float16=_libm32.logf_glibc1)
log2 = _u("log2", lambda v: math.log2(v) if v > 0 and v != math.inf else _log(v), float32=_libm32.log2f_glibc1)
log10 = _u("log10", lambda v: _libm.log10(v) if v > 0 and v != math.inf else _log(v),
            float32=_libm32.log10f_glibc1)
log1p = _u("log1p", lambda v: _libm.log1p(v) if v > -1 else (-math.inf if v == -1 else math.nan),
            float32=_libm32.log1pf_glibc1)
sin = _u("sin", lambda v: _libm.sin(v) if math.isfinite(v) else math.nan, fast=_fast_simd("sin"), float32=_simd32.sin,
          float16=_libm32.sinf_glibc1)
cos = _u("cos", lambda v: _libm.cos(v) if math.isfinite(v) else math.nan, fast=_fast_simd("cos"), float32=_simd32.cos,
          float16=_libm32.cosf_glibc1)
tan = _u("tan", _safe(_libm.tan), float32=_libm32.tanf_glibc1)
arcsin = _u("arcsin", _safe(_libm.asin), float32=_libm32.asinf_glibc1)
arccos = _u("arccos", _safe(_libm.acos), float32=_libm32.acosf_glibc1)
arctan = _u("arctan", _libm.atan, float32=_libm32.atanf_glibc1)
sinh = _u("sinh", _safe(_libm.sinh), float32=_libm32.sinhf_glibc1)
cosh = _u("cosh", _safe(_libm.cosh), float32=_libm32.coshf_glibc1)
tanh = _u("tanh", _simd64.tanh, fast=_fast_simd("tanh"), float32=_simd32.tanh, float16=_libm32.tanhf_glibc1)
floor = _u("floor", _integral(math.floor), "same")
ceil = _u("ceil", _integral(math.ceil), "same")
trunc = _u("trunc", _integral(math.trunc), "same")
rint = _u("rint", _integral(round))
negative = _u("negative", lambda v: -v, "nobool", fast=_fast_unary("neg", operator.neg))
positive = _u("positive", lambda v: v, "same")
absolute = _u("absolute", abs, "same", fast=_fast_unary("abs", abs))
fabs = _u("fabs", math.fabs, "float64")
sign = _u("sign", _sign, "int8")
square = _u("square", lambda v: v * v, "same", fast=_fast_unary("square", operator.mul))
reciprocal = _u("reciprocal", lambda v: _ieee_div(1, v) if not isinstance(v, int) else (1 // v if v else 0), "same")
logical_not = ufunc("logical_not", 1, lambda v: not v, "same", out_bool=True)
isnan = ufunc("isnan", 1, lambda v: v != v, "same", out_bool=True)
isinf = ufunc("isinf", 1, lambda v: v in (math.inf, -math.inf), "same", out_bool=True)
isfinite = ufunc("isfinite", 1, lambda v: math.isfinite(v), "same", out_bool=True)
invert = ufunc("invert", 1, lambda v: (not v) if isinstance(v, bool) else ~v, "same")
abs = absolute


# ---------------------------------------------------------------------------------------
# More elementwise functions. Float results are libm's as numpy calls it: the engine's _libm, glibc's
# (math itself in CPython on Linux), but exp2 (Python's math: musl's in Pyodide, which agrees with
# glibc's); float32 (and
# float16) arcsinh, arccosh, arctanh, cbrt are glibc's float functions (_libm32), as numpy calls them;
# fmod, copysign, ldexp, frexp, modf, nextafter, spacing are exact, so they agree everywhere.

def _no_loop_error(name, operands):
    def dtype_class(a, weak):
        if weak and a._dtype.kind != "b":  # (Python's bool is numpy's bool)
            return "_Py" + {"i": "Long", "u": "Long", "f": "Float"}[a._dtype.kind] + "DType"
        return ("Bool" if a._dtype.kind == "b" else a._dtype.name.capitalize().replace("Uint", "UInt")) + "DType"
    classes = ", ".join(f"<class 'numpy.dtypes.{dtype_class(a, weak)}'>" for a, weak in operands)
    return UFuncTypeError(f"ufunc '{name}' did not contain a loop with signature matching types ({classes}) -> None")


def _atanh(v):
    if v in (1.0, -1.0):
        return math.copysign(math.inf, v)
    return _safe(_libm.atanh)(v)


def _fmod(a, b):
    """C's fmod: the remainder of the truncated quotient (a's sign); x % 0 is 0 for integers, NaN for floats."""
    if isinstance(a, int) and isinstance(b, int):
        if not b:
            return 0
        r = abs(a) % abs(b)
        return -r if a < 0 else r
    if not b or not math.isfinite(a) or b != b:
        return math.nan
    return math.fmod(a, b)


def _logaddexp(x, y):
    """npy_logaddexp: log(exp(x) + exp(y)) without overflow."""
    if x == y:  # infinities of one sign
        return x + math.log(2.0)
    d = x - y
    if d > 0:
        return x + _libm.log1p(_safe(_libm.exp)(-d))
    if d <= 0:
        return y + _libm.log1p(_safe(_libm.exp)(d))
    return d  # NaN


def _logaddexp2(x, y):
    """npy_logaddexp2: log2(2**x + 2**y), numpy's log2(1 + v) as LOG2E * log1p(v)."""
    if x == y:
        return x + 1.0
    d = x - y
    if d > 0:
        return x + 1.4426950408889634 * _libm.log1p(_safe(math.exp2)(-d))
    if d <= 0:
        return y + 1.4426950408889634 * _libm.log1p(_safe(math.exp2)(d))
    return d


def _heaviside(x, h0):
    if x != x:
        return x
    return h0 if x == 0 else float(x > 0)


_BITS_FORMATS = {"float16": ("<e", "<H"), "float32": ("<f", "<I"), "float64": ("<d", "<Q")}


def _next_toward(fmt):
    """nextafter in one float format: the neighbour of x towards y, stepping its bit pattern."""
    float_fmt, int_fmt = _BITS_FORMATS[fmt]
    sign_bit = 1 << (struct.calcsize(int_fmt) * 8 - 1)

    def run(x, y):
        if x != x or y != y:
            return math.nan
        if x == y:  # C's nextafter gives y (its zero's sign); numpy's npy_half_nextafter gives x
            return x if fmt == "float16" else y
        if x == 0:
            bits = 1 | (sign_bit if y < 0 else 0)
        else:
            bits = struct.unpack(int_fmt, struct.pack(float_fmt, x))[0]
            bits += 1 if (x < y) == (x > 0) else -1
        return struct.unpack(float_fmt, struct.pack(int_fmt, bits))[0]
    return run


def _spacing(fmt):
    """npy_spacing: the distance to the next value away from zero (from +0 for a zero); NaN for inf."""
    toward = _next_toward(fmt)

    def run(x):
        if not math.isfinite(x):
            return math.nan
        return toward(x, math.copysign(math.inf, x) if x else math.inf) - x
    return run


def _shift(left):
    """numpy's npy_lshift/npy_rshift: a shift by the width or more (or a negative one, which C reads as
    a huge unsigned count) gives 0, or -1 for a negative right-shifted value."""
    def loop(bits):
        def run(a, b):
            if 0 <= b < bits:
                return a << b if left else a >> b
            return -1 if not left and a < 0 else 0
        return run
    return {name: loop(8 * D._DTYPES[name].itemsize)
            for name in ("int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64")}


def _lcm(a, b):
    g = math.gcd(a, b)
    return abs(a // g * b) if g else 0


arcsinh = _u("arcsinh", _libm.asinh, float32=_libm32.asinhf_glibc1)
arccosh = _u("arccosh", _safe(_libm.acosh), float32=_libm32.acoshf_glibc1)
arctanh = _u("arctanh", _atanh, float32=_libm32.atanhf_glibc1)
cbrt = _u("cbrt", _libm.cbrt, float32=_libm32.cbrtf_glibc1)
signbit = ufunc("signbit", 1, lambda v: math.copysign(1.0, v) < 0, "float", out_bool=True)
spacing = ufunc("spacing", 1, _spacing("float64"), "float",
                loops={"float32": _spacing("float32"), "float16": _spacing("float16")})
fmod = _b("fmod", _fmod, "int8")
copysign = _b("copysign", math.copysign, "float")
nextafter = _b("nextafter", _next_toward("float64"), "float",
               loops={"float32": _next_toward("float32"), "float16": _next_toward("float16")})
heaviside = _b("heaviside", _heaviside, "float")
logaddexp = _b("logaddexp", _logaddexp, "float")
logaddexp2 = _b("logaddexp2", _logaddexp2, "float")
float_power = _b("float_power", _power, "double")
gcd = _b("gcd", math.gcd, "gcd")
lcm = _b("lcm", _lcm, "gcd")
left_shift = _b("left_shift", None, "shift", loops=_shift(True))
right_shift = _b("right_shift", None, "shift", loops=_shift(False))


def _ldexp(x, e):
    try:
        return math.ldexp(x, int(e))
    except OverflowError:
        return math.copysign(math.inf, x)
    except ValueError:
        return x


class _ldexp_ufunc(ufunc):
    """ldexp(x1, x2): x1 * 2**x2 in x1's float type (numpy's loops pair a float with an int exponent)."""

    def __call__(self, x1, x2, out=None, where=True, dtype=None):
        mantissa, exponent = asarray(x1), asarray(x2)
        if exponent._dtype.kind not in "biu":
            raise TypeError("ufunc 'ldexp' not supported for the input types, and the inputs could not be safely "
                            "coerced to any supported types according to the casting rule ''safe''")
        loop = self._loop_dtype(mantissa._dtype)
        shape = broadcast_shapes(mantissa._shape, exponent._shape)
        cast = D.caster(loop)
        values = [cast(_ldexp(float(m), e)) for m, e in zip(_values_as(mantissa, shape), _values_as(exponent, shape))]
        return _finish_call(values, shape, loop, out, where)


class _pair_ufunc(ufunc):
    """A ufunc of two outputs (frexp, modf): `kernel` gives both parts of one element."""

    def __init__(self, name, kernel, second_dtype=None):
        super().__init__(name, 1, kernel, "float")
        self.second_dtype = second_dtype

    def __call__(self, x, out=None, where=True, dtype=None):
        a = asarray(x)
        loop = self._loop_dtype(a._dtype)
        second = self.second_dtype or loop
        cast = D.caster(loop)
        pairs = [self.kernel(cast(v)) for v in a._values()]
        outs = out if out is not None else (None, None)
        return (_finish_call([p for p, _ in pairs], a._shape, loop, outs[0], where),
                _finish_call([q for _, q in pairs], a._shape, second, outs[1], where))


def _frexp(v):
    return math.frexp(v) if math.isfinite(v) else (v, 0)


def _modf(v):
    if math.isinf(v):
        return math.copysign(0.0, v), v
    return math.modf(v)


ldexp = _ldexp_ufunc("ldexp", 2, None, "float")
frexp = _pair_ufunc("frexp", _frexp, D._DTYPES["int32"])
modf = _pair_ufunc("modf", _modf)


def _bind_operators(cls, as_scalar):
    def binary(fn, reflected=False):
        if reflected:
            return lambda self, other: fn(other, self)
        return lambda self, other: fn(self, other)

    def inplace(fn):
        def op(self, other):
            if fn.fast is not None and self._is_contiguous():  # the float64 hot path: its result has self's shape,
                # written over self's elements
                result = fn.fast(self, other)
                if result is not None:
                    self._buf[self._offset:self._offset + len(result._buf)] = result._buf
                    return self
            return fn(self, other, out=self)
        return op
    pairs = {"add": add, "sub": subtract, "mul": multiply, "truediv": true_divide, "floordiv": floor_divide,
             "mod": remainder, "pow": _scalar_power if as_scalar else power, "and": bitwise_and, "or": bitwise_or,
             "xor": bitwise_xor}
    for name, fn in pairs.items():
        setattr(cls, f"__{name}__", binary(fn))
        setattr(cls, f"__r{name}__", binary(fn, True))
        if not as_scalar:
            setattr(cls, f"__i{name}__", inplace(fn))
    for name, fn in {"eq": equal, "ne": not_equal, "lt": less, "le": less_equal, "gt": greater, "ge": greater_equal}.items():
        setattr(cls, f"__{name}__", binary(fn))
    if not as_scalar:
        cls.__pow__ = _array_pow
    cls.__neg__ = lambda self: negative(self)
    cls.__pos__ = lambda self: positive(self)
    cls.__abs__ = lambda self: absolute(self)
    cls.__invert__ = lambda self: invert(self)
    cls.__matmul__ = lambda self, other: _matmul()(self, other)
    cls.__rmatmul__ = lambda self, other: _matmul()(other, self)


def _array_pow(base, exponent):
    """`a ** s`: numpy's fast paths for a float array and a scalar exponent (its `fast_scalar_power`)."""
    if base._dtype.kind == "f" and type(exponent) in (int, float):
        fast = {1: positive, -1: reciprocal, 0.5: sqrt, 2: square}.get(exponent)
        if fast is not None:
            return fast(base)
    result = _fast_power(base, exponent)
    return power(base, exponent) if result is None else result


def _matmul():
    from ._functions import matmul
    return matmul


_bind_operators(ndarray, False)
for _t in SCALAR_TYPES.values():
    _bind_operators(_t, True)
    _t.__hash__ = (float if issubclass(_t, float) else int).__hash__
