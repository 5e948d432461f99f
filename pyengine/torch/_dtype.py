"""torch.dtype objects and PyTorch's type-promotion rules."""
from ._process import per_process


class dtype:
    """A tensor element type. ``kind`` orders the categories: bool < int < float < complex."""

    __slots__ = ("name", "itemsize", "kind", "typecode", "is_signed", "_rank", "_metas")

    def __init__(self, name, itemsize, kind, typecode, is_signed, rank):
        self.name = name
        self.itemsize = itemsize
        self.kind = kind          # "b", "u", "i" or "f"
        self.typecode = typecode  # array module typecode of the pure-Python storage
        self.is_signed = is_signed
        self._rank = rank         # position in PyTorch's promotion lattice
        self._metas = {}          # shape -> ((shape, self),): the _input_meta nodes share

    @property
    def is_floating_point(self):
        return self.kind == "f"

    @property
    def is_complex(self):
        return False

    def __repr__(self):
        return "torch." + self.name

    __str__ = __repr__

    def __reduce__(self):
        return self.name


bool_ = dtype("bool", 1, "b", "B", False, 0)
uint8 = dtype("uint8", 1, "u", "B", False, 1)
int8 = dtype("int8", 1, "i", "b", True, 2)
int16 = dtype("int16", 2, "i", "h", True, 3)
int32 = dtype("int32", 4, "i", "i", True, 4)
int64 = dtype("int64", 8, "i", "q", True, 5)
float16 = dtype("float16", 2, "f", "f", True, 6)
float32 = dtype("float32", 4, "f", "f", True, 7)
float64 = dtype("float64", 8, "f", "d", True, 8)

ALL = (bool_, uint8, int8, int16, int32, int64, float16, float32, float64)
BY_NAME = {d.name: d for d in ALL}
_default_float = per_process("torch.set_default_dtype", [float32])


def get_default_dtype():
    return _default_float[0]


def set_default_dtype(d):
    if d not in (float32, float64, float16):
        raise TypeError("only floating-point types are supported as the default type")
    _default_float[0] = d


def promote_types(type1, type2):
    """torch.promote_types: the smallest type both convert to without loss of category."""
    a, b = type1, type2
    if a is b:
        return a
    if {a, b} == {uint8, int8}:
        return int16
    return a if a._rank > b._rank else b


def scalar_kind(value):
    """The category of a Python scalar operand: 'b', 'i' or 'f'."""
    if isinstance(value, bool):
        return "b"
    if isinstance(value, int):
        return "i"
    return "f"


_KIND_ORDER = {"b": 0, "u": 1, "i": 1, "f": 2}


def dtype_of_scalar(value):
    kind = scalar_kind(value)
    return bool_ if kind == "b" else int64 if kind == "i" else get_default_dtype()


def result_type(*operands):
    """PyTorch's result_type: tensors with dims beat 0-d tensors, which beat Python scalars,
    but only within the highest category (bool < integer < floating) present."""
    dims, zero_dim, scalars = None, None, None
    for op in operands:
        if hasattr(op, "dtype") and hasattr(op, "dim"):
            if op.dim() > 0:
                dims = op.dtype if dims is None else promote_types(dims, op.dtype)
            else:
                zero_dim = op.dtype if zero_dim is None else promote_types(zero_dim, op.dtype)
        else:
            d = dtype_of_scalar(op)
            scalars = d if scalars is None else promote_types(scalars, d)
    result = None
    for tier in (dims, zero_dim, scalars):
        if tier is None:
            continue
        if result is None:
            result = tier
        elif _KIND_ORDER[tier.kind] > _KIND_ORDER[result.kind]:
            # a higher category from a lower tier: take that tier's type, except that a
            # Python float keeps the default float dtype
            result = tier
    return result


# (bits, eps, max, smallest normal, resolution) of each floating dtype
_FLOAT_LIMITS = {"float16": (16, 2.0 ** -10, 65504.0, 2.0 ** -14, 0.001),
                 "float32": (32, 2.0 ** -23, 3.4028234663852886e38, 2.0 ** -126, 1e-06),
                 "float64": (64, 2.0 ** -52, 1.7976931348623157e308, 2.0 ** -1022, 1e-15)}


class finfo:
    """torch.finfo(dtype): the limits of a floating dtype (default: the default dtype)."""

    def __init__(self, type=None):
        type = type or get_default_dtype()
        if type.kind != "f":
            raise TypeError("torch.finfo() requires a floating point input type. Use torch.iinfo to handle "
                            "'torch.finfo'")
        self.dtype = type.name
        self.bits, self.eps, self.max, self.smallest_normal, self.resolution = _FLOAT_LIMITS[type.name]
        self.min, self.tiny = -self.max, self.smallest_normal

    def __repr__(self):
        return (f"finfo(resolution={self.resolution:g}, min={self.min:g}, max={self.max:g}, eps={self.eps:g}, "
                f"smallest_normal={self.smallest_normal:g}, tiny={self.tiny:g}, dtype={self.dtype})")


class iinfo:
    """torch.iinfo(dtype): the limits of an integer dtype."""

    def __init__(self, type):
        if type.kind not in "iu":
            raise TypeError("torch.iinfo() requires an integer input type. Use torch.finfo to handle "
                            "'torch.iinfo'")
        self.dtype, self.bits = type.name, type.itemsize * 8
        self.min = -(1 << (self.bits - 1)) if type.is_signed else 0
        self.max = (1 << (self.bits - 1)) - 1 if type.is_signed else (1 << self.bits) - 1

    def __repr__(self):
        return f"iinfo(min={self.min:g}, max={self.max:g}, dtype={self.dtype})"


# The names PyTorch's messages give dtypes: C++ types, and ScalarType names.
CPP_TYPE_NAMES = {"float32": "float", "float64": "double", "float16": "c10::Half", "int64": "long int",
                  "int32": "int", "int16": "short int", "int8": "signed char", "uint8": "unsigned char",
                  "bool": "bool"}

TYPE_NAMES = {"float32": "Float", "float64": "Double", "float16": "Half", "int64": "Long",
              "int32": "Int", "int16": "Short", "int8": "Char", "uint8": "Byte", "bool": "Bool"}
