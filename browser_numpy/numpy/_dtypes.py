"""numpy's dtypes, scalar types and NEP 50 promotion, over array.array typecodes (the engine's:
a tensor's storage and an ndarray's buffer are the same array.array)."""
import math
import struct
from array import array as _array

_pack_half, _unpack_half = struct.Struct("<e").pack, struct.Struct("<e").unpack
_pack_f, _unpack_f = struct.Struct("<f").pack, struct.Struct("<f").unpack


class dtype:
    __slots__ = ("name", "kind", "itemsize", "typecode", "type")

    def __new__(cls, spec):
        return _as_dtype(spec)

    @classmethod
    def _make(cls, name, kind, itemsize, typecode):
        self = object.__new__(cls)
        self.name, self.kind, self.itemsize, self.typecode = name, kind, itemsize, typecode
        return self

    @property
    def char(self):
        return {"bool": "?", "int8": "b", "uint8": "B", "int16": "h", "uint16": "H", "int32": "i", "uint32": "I",
                "int64": "l", "uint64": "L", "float16": "e", "float32": "f", "float64": "d"}[self.name]

    def __repr__(self):
        return f"dtype('{self.name}')"

    def __str__(self):
        return self.name

    def __eq__(self, other):
        try:
            return _as_dtype(other) is self
        except TypeError:
            return False

    def __hash__(self):
        return hash(self.name)


_DTYPES = {name: dtype._make(name, kind, size, code) for name, kind, size, code in [
    ("bool", "b", 1, "B"), ("int8", "i", 1, "b"), ("uint8", "u", 1, "B"), ("int16", "i", 2, "h"),
    ("uint16", "u", 2, "H"), ("int32", "i", 4, "i"), ("uint32", "u", 4, "I"), ("int64", "i", 8, "q"),
    ("uint64", "u", 8, "Q"), ("float16", "f", 2, "f"), ("float32", "f", 4, "f"),
    ("float64", "f", 8, "d")]}
_ALIASES = {"bool_": "bool", "?": "bool", "b": "int8", "B": "uint8", "h": "int16", "i": "int32", "l": "int64",
            "q": "int64", "int": "int64", "e": "float16", "f": "float32", "d": "float64", "float": "float64",
            "double": "float64", "single": "float32", "half": "float16", "i1": "int8", "u1": "uint8", "i2": "int16",
            "i4": "int32", "i8": "int64", "f2": "float16", "f4": "float32", "f8": "float64", "int_": "int64",
            "intp": "int64", "ubyte": "uint8", "byte": "int8", "short": "int16", "longlong": "int64",
            "H": "uint16", "I": "uint32", "L": "uint64", "Q": "uint64", "u2": "uint16", "u4": "uint32",
            "u8": "uint64", "uint": "uint64", "uintp": "uint64", "ushort": "uint16", "uintc": "uint32",
            "ulonglong": "uint64", "intc": "int32"}
BOOL, INT64, FLOAT32, FLOAT64 = _DTYPES["bool"], _DTYPES["int64"], _DTYPES["float32"], _DTYPES["float64"]


def _as_dtype(spec):
    if spec is None:
        return FLOAT64
    if isinstance(spec, dtype):
        return spec
    if isinstance(spec, type):
        if spec is bool:
            return BOOL
        if spec is int:
            return INT64
        if spec is float:
            return FLOAT64
        found = getattr(spec, "_dtype", None)
        if found is not None:
            return found
    if isinstance(spec, str):
        name = _ALIASES.get(spec.lstrip("<=|"), spec.lstrip("<=|"))
        if name in _DTYPES:
            return _DTYPES[name]
        raise TypeError(f"data type {spec!r} not understood")
    found = getattr(spec, "dtype", None)
    if isinstance(found, dtype):
        return found
    raise TypeError(f"Cannot interpret '{spec!r}' as a data type")


def _float_of_size(size):
    return _DTYPES[{2: "float16", 4: "float32", 8: "float64"}[size]]


def promote_types(a, b):
    """numpy's promotion of two array dtypes (the subset of types this numpy has)."""
    a, b = _as_dtype(a), _as_dtype(b)
    if a is b:
        return a
    if a.kind == "b":
        return b
    if b.kind == "b":
        return a
    if a.kind == "f" or b.kind == "f":
        if a.kind == "f" and b.kind == "f":
            return a if a.itemsize >= b.itemsize else b
        f, i = (a, b) if a.kind == "f" else (b, a)
        return _float_of_size(max(f.itemsize, {1: 2, 2: 4, 4: 8, 8: 8}[i.itemsize]))
    if a.kind == b.kind:
        return a if a.itemsize >= b.itemsize else b
    s, u = (a, b) if a.kind == "i" else (b, a)
    if s.itemsize > u.itemsize:
        return s
    return _DTYPES[{1: "int16", 2: "int32", 4: "int64"}.get(u.itemsize, "float64")]


def weak_result(dt, value):
    """NEP 50: a Python bool/int/float beside an array of dtype dt."""
    if isinstance(value, bool):
        return dt
    if isinstance(value, int):
        if dt.kind in "iu":
            lo, hi = int_range(dt)
            if not lo <= value <= hi:
                raise OverflowError(f"Python integer {value} out of bounds for {dt.name}")
            return dt
        return INT64 if dt.kind == "b" else dt
    return dt if dt.kind == "f" else FLOAT64


def int_range(dt):
    bits = dt.itemsize * 8
    return (0, (1 << bits) - 1) if dt.kind == "u" else (-(1 << bits - 1), (1 << bits - 1) - 1)


def to_half(v):
    try:
        return _unpack_half(_pack_half(v))[0]
    except OverflowError:
        return math.copysign(math.inf, v) if abs(v) >= 65520.0 else math.copysign(65504.0, v)


def to_single(v):
    try:
        return _unpack_f(_pack_f(v))[0]
    except OverflowError:
        return math.copysign(math.inf, v)


def cast_all(dt, values):
    """caster(dt) of each value, as a list; float32's rounding in one C loop (array('f') rounds as
    to_single does: to nearest, inf past the range, a nan's sign and payload kept)."""
    if dt.name == "float32":
        return _array("f", map(float, values)).tolist()
    cast = caster(dt)
    return [cast(v) for v in values]


def caster(dt):
    """A function taking a Python number to dtype dt's value (rounded, wrapped, as numpy casts)."""
    if dt.kind == "b":
        return bool
    if dt.kind == "f":
        return {"float16": lambda v: to_half(float(v)), "float32": lambda v: to_single(float(v)), "float64": float}[dt.name]
    bits = dt.itemsize * 8
    mod, half = 1 << bits, 1 << bits - 1
    signed = dt.kind == "i"

    def to_int(v):
        if isinstance(v, float):
            if v != v or v in (math.inf, -math.inf):
                return -(1 << 63) if dt.itemsize == 8 else 0
            v = int(v)
        v = int(v) % mod
        return v - mod if signed and v >= half else v
    return to_int


def shortest(v, dt):
    """A Python float whose repr has the shortest digits that round-trip v in dtype dt."""
    if dt.name == "float64" or v != v or v in (math.inf, -math.inf) or v == 0:
        return v
    back = to_single if dt.name == "float32" else to_half
    for digits in range(1, 18):
        candidate = float(f"{v:.{digits - 1}e}")
        if back(candidate) == v:
            return candidate
    return v
