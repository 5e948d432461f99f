"""The ndarray: a strided view (offset, shape, strides in elements) over a flat array.array buffer,
the same buffers the engine's tensors keep, so Tensor.numpy() and torch.from_numpy() share memory.
Elementwise work runs over Python lists of the elements in row-major order, rounded to the
result's dtype once per element (float32 +, -, *, /, sqrt computed in float64 and rounded once
are exactly float32's)."""
import math
import operator
from array import array as _array
from itertools import product

from torch._backend import kernels as _kernels  # the engine's wasm loops (take_strided gathers views)

from . import _dtypes as D
from ._dtypes import BOOL, FLOAT32, FLOAT64, INT64, dtype, promote_types


def _shape_tuple(shape):
    if isinstance(shape, int) or hasattr(shape, "__index__") and not isinstance(shape, (tuple, list)):
        return (operator.index(shape),)
    return tuple(operator.index(s) for s in shape)


def _contiguous_strides(shape):
    strides, acc = [], 1
    for size in reversed(shape):
        strides.append(acc)
        acc *= size
    return tuple(reversed(strides))


def _prod(shape):
    n = 1
    for s in shape:
        n *= s
    return n


def _positions(offset, shape, strides):
    idx = [offset]
    for size, stride in zip(shape, strides):
        idx = [i + stride * k for i in idx for k in range(size)]
    return idx


def _buffer(values, dt):
    """A new array.array of dtype dt from values already cast to it."""
    if dt.kind == "b":
        return _array("B", [1 if v else 0 for v in values])
    return _array(dt.typecode, values)


class ndarray:
    __slots__ = ("_buf", "_offset", "_shape", "_strides", "_dtype", "_base", "__weakref__")
    __array_priority__ = 0

    def __new__(cls, shape, dtype=float):
        shape = _shape_tuple(shape)
        dt = D._as_dtype(dtype)
        return _new(_buffer([D.caster(dt)(0)] * _prod(shape), dt), 0, shape, _contiguous_strides(shape), dt)

    # -- attributes
    shape = property(lambda self: self._shape)
    dtype = property(lambda self: self._dtype)
    ndim = property(lambda self: len(self._shape))
    size = property(lambda self: _prod(self._shape))
    itemsize = property(lambda self: self._dtype.itemsize)
    nbytes = property(lambda self: self._dtype.itemsize * _prod(self._shape))
    strides = property(lambda self: tuple(s * self._dtype.itemsize for s in self._strides))
    base = property(lambda self: self._base)
    T = property(lambda self: self.transpose())

    @shape.setter
    def shape(self, value):
        reshaped = self.reshape(value)
        if reshaped._buf is not self._buf:
            raise AttributeError("Incompatible shape for in-place modification. Use `.reshape()` to make a copy "
                                 "with the desired shape.")
        self._shape, self._strides = reshaped._shape, reshaped._strides

    def _values(self):
        """The elements in row-major order, as Python numbers (bool for bool arrays)."""
        buf = self._buf
        if self._is_contiguous():
            values = buf[self._offset:self._offset + self.size].tolist()
        else:
            values = self._gathered()
            values = values.tolist() if values is not None else \
                [buf[i] for i in _positions(self._offset, self._shape, self._strides)]
        return [v != 0 for v in values] if self._dtype.kind == "b" else values

    def _gathered(self):
        """A strided view's elements as a new row-major buffer of its typecode, gathered in wasm
        (the engine's take_strided), or None where the kernels are not loaded or do not apply."""
        return _kernels.take(self._buf, self._offset, self._shape, self._strides, self.size) \
            if _kernels.wasm is not None else None

    def _is_contiguous(self):
        return self._strides == _contiguous_strides(self._shape) or self.size <= 1

    def _flat_positions(self):
        return _positions(self._offset, self._shape, self._strides)

    # -- the engine's bridge (Tensor.numpy(), torch.from_numpy(): memory shared as in PyTorch)
    @staticmethod
    def _over_engine_buffer(buf, offset, shape, strides, dtype_name):
        return _new(buf, offset, tuple(shape), tuple(strides), D._DTYPES[dtype_name])

    def _engine_buffer(self):
        """The buffer, when this array is all of it in row-major order (a tensor can share it)."""
        if self._offset == 0 and self._is_contiguous() and len(self._buf) == self.size:
            return self._buf
        return None

    # -- conversion
    def tolist(self):
        values = self._values()
        if not self._shape:
            return values[0]
        return _nest(values, self._shape)

    def item(self, *args):
        """The element as a Python number: the only one, at a flat index, or at a tuple of indices."""
        if len(args) == 1 and isinstance(args[0], int):
            return self.reshape(-1)[args[0]].item()
        if args:
            return self[args[0] if len(args) == 1 else args].item()
        if self.size != 1:
            raise ValueError("can only convert an array of size 1 to a Python scalar")
        return self._values()[0]

    def __len__(self):
        if not self._shape:
            raise TypeError("len() of unsized object")
        return self._shape[0]

    def __iter__(self):
        if not self._shape:
            raise TypeError("iteration over a 0-d array")
        return (self[i] for i in range(self._shape[0]))

    def __bool__(self):
        if self.size != 1:
            raise ValueError("The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()")
        return bool(self._values()[0])

    def __float__(self):
        return float(self._single("float"))

    def __int__(self):
        return int(self._single("int"))

    def __index__(self):
        if self._dtype.kind not in "iu" or self._shape:
            raise TypeError("only integer scalar arrays can be converted to a scalar index")
        return self._values()[0]

    def _single(self, what):
        if self.size != 1:
            raise TypeError(f"only length-1 arrays can be converted to Python scalars")
        return self._values()[0]

    def astype(self, dtype, copy=True):
        dt = D._as_dtype(dtype)
        if dt is self._dtype and not copy:
            return self
        return _new(_buffer(D.cast_all(dt, self._values()), dt), 0, self._shape, _contiguous_strides(self._shape), dt)

    def copy(self, order="C"):
        return self.astype(self._dtype)

    def fill(self, value):
        self[...] = value

    # -- shape
    def reshape(self, *shape, order="C"):
        if len(shape) == 1 and not isinstance(shape[0], int):
            shape = shape[0]
        shape = list(_shape_tuple(shape))
        n = self.size
        if shape.count(-1) > 1:
            raise ValueError("can only specify one unknown dimension")
        if -1 in shape:
            known = _prod(s for s in shape if s != -1)
            if known == 0 or n % known:
                raise ValueError(f"cannot reshape array of size {n} into shape {_shape_str(shape)}")
            shape[shape.index(-1)] = n // known
        shape = tuple(shape)
        if _prod(shape) != n:
            raise ValueError(f"cannot reshape array of size {n} into shape {_shape_str(shape)}")
        base = self if self._is_contiguous() else self.copy()
        return _new(base._buf, base._offset, shape, _contiguous_strides(shape), self._dtype, base)

    def ravel(self, order="C"):
        return self.reshape(-1)

    def flatten(self, order="C"):
        return self.copy().reshape(-1)

    def transpose(self, *axes):
        if len(axes) == 1 and not isinstance(axes[0], int):
            axes = axes[0]
        axes = tuple(reversed(range(self.ndim))) if not axes else tuple(_axis(a, self.ndim) for a in axes)
        if sorted(axes) != list(range(self.ndim)):
            raise ValueError("axes don't match array")
        return _new(self._buf, self._offset, tuple(self._shape[a] for a in axes),
                    tuple(self._strides[a] for a in axes), self._dtype, self)

    def swapaxes(self, a, b):
        axes = list(range(self.ndim))
        a, b = _axis(a, self.ndim), _axis(b, self.ndim)
        axes[a], axes[b] = axes[b], axes[a]
        return self.transpose(axes)

    def squeeze(self, axis=None):
        from ._functions import squeeze
        return squeeze(self, axis)

    # -- indexing
    def __getitem__(self, key):
        from ._indexing import getitem
        return getitem(self, key)

    def __setitem__(self, key, value):
        from ._indexing import setitem
        setitem(self, key, value)

    # -- printing
    def __repr__(self):
        from ._print import array_repr
        return array_repr(self)

    def __str__(self):
        from ._print import array_str
        return array_str(self)

    def __format__(self, spec):
        if not self._shape:
            return format(self[()], spec)
        return str(self) if not spec else object.__format__(self, spec)

    def __array_namespace__(self, api_version=None):
        import numpy
        return numpy

    __hash__ = None

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(f"'numpy.ndarray' object has no attribute '{name}'")
        raise NotImplementedError(f"numpy.ndarray.{name} is not available in the browser; this course's numpy "
                                  "is a subset (see numpy's module for what it has)")


def _new(buf, offset, shape, strides, dt, base=None):
    a = object.__new__(ndarray)
    a._buf, a._offset, a._shape, a._strides, a._dtype, a._base = buf, offset, shape, strides, dt, base
    return a


def _from_values(values, shape, dt):
    """A new contiguous array of values already cast to dt."""
    return _new(_buffer(values, dt), 0, tuple(shape), _contiguous_strides(shape), dt)


def _nest(values, shape):
    if len(shape) == 1:
        return list(values)
    step = _prod(shape[1:])
    return [_nest(values[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])]


def _shape_str(shape):
    return str(tuple(shape)).replace(" ", "")


def _axis(axis, ndim):
    axis = operator.index(axis)
    if not -ndim <= axis < max(ndim, 1) or (ndim == 0 and axis not in (0, -1)):
        from ._exceptions import AxisError
        raise AxisError(f"axis {axis} is out of bounds for array of dimension {ndim}")
    return axis % ndim if ndim else 0


# ---------------------------------------------------------------------------------------
# Making arrays from Python data

def _infer(obj):
    """(flat values, shape, dtype) of nested Python sequences / scalars / arrays."""
    if isinstance(obj, ndarray):
        return obj._values(), obj._shape, obj._dtype
    if isinstance(obj, generic):
        return [obj._value()], (), obj._dtype
    if isinstance(obj, (list, tuple, range)):
        if not obj:
            return [], (0,), FLOAT64
        parts = [_infer(x) for x in obj]
        shape = parts[0][1]
        if any(p[1] != shape for p in parts):
            raise ValueError("setting an array element with a sequence. The requested array has an inhomogeneous "
                             f"shape after 1 dimensions. The detected shape was ({len(obj)},) + inhomogeneous part.")
        dt = parts[0][2]
        for p in parts[1:]:
            dt = promote_types(dt, p[2])
        return [v for p in parts for v in p[0]], (len(obj),) + shape, dt
    if isinstance(obj, bool):
        return [obj], (), BOOL
    if isinstance(obj, int):
        return [obj], (), INT64
    if isinstance(obj, float):
        return [obj], (), FLOAT64
    if hasattr(obj, "__array__"):
        return _infer(obj.__array__())
    if hasattr(obj, "tolist") and hasattr(obj, "shape"):  # a torch tensor
        return _infer(obj.numpy())
    raise TypeError(f"this numpy cannot make an array from {type(obj).__name__}")


def array(obj, dtype=None, *, copy=True, ndmin=0):
    if isinstance(obj, ndarray) and (dtype is None or D._as_dtype(dtype) is obj._dtype) and not copy:
        a = obj
    else:
        values, shape, dt = _infer(obj)
        if isinstance(obj, (list, tuple)) and dtype is None and values and all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            if any(not -(1 << 63) <= v < (1 << 63) for v in values):
                raise OverflowError("Python int too large to convert to C long")
        dt = D._as_dtype(dtype) if dtype is not None else dt
        cast = D.caster(dt)
        a = _from_values([cast(v) for v in values], shape, dt)
    if a.ndim < ndmin:
        a = a.reshape((1,) * (ndmin - a.ndim) + a._shape)
    return a


def asarray(obj, dtype=None):
    if isinstance(obj, ndarray) and (dtype is None or D._as_dtype(dtype) is obj._dtype):
        return obj
    return array(obj, dtype)


# ---------------------------------------------------------------------------------------
# Scalars: numpy 2's types, printed as np.float64(7.0)

class generic:
    __slots__ = ()

    def _value(self):
        raise NotImplementedError

    @property
    def dtype(self):
        return self._dtype

    shape = property(lambda self: ())
    ndim = property(lambda self: 0)
    size = property(lambda self: 1)

    def item(self):
        return self._value()

    def tolist(self):
        return self._value()

    def __array__(self):
        return _from_values([self._value()], (), self._dtype)

    def __repr__(self):
        from ._print import scalar_repr
        return scalar_repr(self)

    def __str__(self):
        from ._print import scalar_str
        return scalar_str(self)

    def astype(self, dtype):
        return asarray(self).astype(dtype)[()]

    def __getattr__(self, name):
        if name in ("reshape", "sum", "mean", "max", "min", "round", "std", "var", "argmax", "argmin", "all", "any", "T", "transpose"):
            return getattr(self.__array__(), name)
        raise AttributeError(f"'numpy.{type(self).__name__}' object has no attribute '{name}'")


class number(generic):
    """numpy's abstract scalar types (np.floating, np.integer, ...), for isinstance and issubdtype."""
    __slots__ = ()


class integer(number):
    __slots__ = ()


class signedinteger(integer):
    __slots__ = ()


class unsignedinteger(integer):
    __slots__ = ()


class inexact(number):
    __slots__ = ()


class floating(inexact):
    __slots__ = ()


_ABSTRACT = {"f": floating, "i": signedinteger, "u": unsignedinteger, "b": generic}


def _scalar_type(name, base):
    dt = D._DTYPES[name]
    cast = D.caster(dt)

    def __new__(cls, value=0):
        if isinstance(value, (ndarray, list, tuple)):
            return asarray(value).astype(dt) if not isinstance(value, ndarray) or value.ndim else asarray(value).astype(dt)[()]
        if isinstance(value, str):
            value = float(value) if dt.kind == "f" else int(value)
        return base.__new__(cls, cast(value.item() if isinstance(value, generic) else value))

    def _value(self):
        return base(self) if dt.kind != "b" else bool(int(self))
    attrs = {"__new__": __new__, "_value": _value, "_dtype": dt, "__slots__": (), "__hash__": base.__hash__}
    if dt.kind == "b":
        attrs["__bool__"] = lambda self: int(self) != 0
    return type(name if name != "bool" else "bool_", (_ABSTRACT[dt.kind], base), attrs)


float64 = _scalar_type("float64", float)
float32 = _scalar_type("float32", float)
float16 = _scalar_type("float16", float)
int64 = _scalar_type("int64", int)
int32 = _scalar_type("int32", int)
int16 = _scalar_type("int16", int)
int8 = _scalar_type("int8", int)
uint8 = _scalar_type("uint8", int)
uint16 = _scalar_type("uint16", int)
uint32 = _scalar_type("uint32", int)
uint64 = _scalar_type("uint64", int)
bool_ = _scalar_type("bool", int)
SCALAR_TYPES = {t._dtype.name: t for t in (float64, float32, float16, int64, int32, int16, int8, uint8, uint16, uint32, uint64, bool_)}
ndarray.__module__ = dtype.__module__ = "numpy"
for _t in SCALAR_TYPES.values():
    _t._dtype.type = _t
    _t.__module__ = "numpy"
for _t in (generic, number, integer, signedinteger, unsignedinteger, inexact, floating):
    _t.__module__ = "numpy"
True_, False_ = bool_(True), bool_(False)


def scalar(value, dt):
    """Element `value` (already of dt) as numpy's scalar of dt."""
    return SCALAR_TYPES[dt.name](value)
