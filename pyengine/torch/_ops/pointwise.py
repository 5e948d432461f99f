"""Elementwise ops. Each forward sits next to its derivative entry."""
from .. import _dtype
from .._backend import backend as B
from .._tensor import Tensor
from ..autograd.derivatives import op
from ._helpers import broadcast_shapes, operand, new_tensor


def _binary(name, a, b, dtype=None):
    """Apply the backend's binary kernel ``name`` with broadcasting and type promotion."""
    if dtype is None:
        dtype = _dtype.result_type(a, b)
    if isinstance(a, Tensor):
        shape = broadcast_shapes(a._shape, b._shape) if isinstance(b, Tensor) else a._shape
    else:
        shape = b._shape
    buf = B.binary(name, operand(a, shape, dtype), operand(b, shape, dtype), dtype)
    return new_tensor(buf, shape, dtype)


def _unary(name, x, dtype=None):
    dtype = dtype or x.dtype
    buf = x._buf()
    if x.dtype is not dtype:
        buf = B.cast(buf, dtype)
    return new_tensor(B.unary(name, buf, dtype), x._shape, dtype)


def _float_dtype(x):
    """Integer inputs of floating functions (exp, log, ...) compute in the default float dtype."""
    return x.dtype if x.dtype.kind == "f" else _dtype.get_default_dtype()


@op("AddBackward0",
    self=lambda grad: grad,
    other=lambda grad, alpha: grad if alpha == 1 else grad * alpha)
def add(self, other, alpha=1):
    if alpha == 1:
        return _binary("add", self, other)
    return _binary("add", self, _binary("mul", other, alpha))


@op("SubBackward0",
    self=lambda grad: grad,
    other=lambda grad, alpha: -grad if alpha == 1 else grad * -alpha)
def sub(self, other, alpha=1):
    if alpha == 1:
        return _binary("sub", self, other)
    return _binary("sub", self, _binary("mul", other, alpha))


@op("MulBackward0",
    self=lambda grad, other: grad * other,
    other=lambda grad, self: grad * self)
def mul(self, other):
    return _binary("mul", self, other)


@op("DivBackward0",
    self=lambda grad, other: grad / other,
    other=lambda grad, self, other: -grad * self / (other * other))
def div(self, other):
    dtype = _dtype.result_type(self, other)
    if dtype.kind != "f":
        dtype = _dtype.get_default_dtype()
    return _binary("div", self, other, dtype)


@op("NegBackward0", self=lambda grad: -grad)
def neg(self):
    return _unary("neg", self)


@op("ExpBackward0", self=lambda grad, result: grad * result)
def exp(self):
    return _unary("exp", self, _float_dtype(self))


@op("LogBackward0", self=lambda grad, self: grad / self)
def log(self):
    return _unary("log", self, _float_dtype(self))


@op("RsubBackward1", self=lambda grad, alpha: -grad if alpha == 1 else grad * -alpha)
def rsub(self, other, alpha=1):
    """other - alpha * self, for a Python scalar ``other`` (``3 - x``)."""
    return _binary("sub", other, self if alpha == 1 else _binary("mul", self, alpha))


@op("ReciprocalBackward0", self=lambda grad, result: -grad * (result * result))
def reciprocal(self):
    return _binary("div", 1, self, _float_dtype(self))
