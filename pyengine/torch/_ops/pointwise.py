"""Elementwise ops. Each forward sits next to its derivative entry.

Scalar operands follow PyTorch's rules: a Python scalar is first converted to the
computation dtype (float32: rounded once), then one IEEE operation is done; the alpha
forms are one fused multiply-add; small integer powers are products.
"""
import builtins
import math
from array import array as _array

from .. import _dtype
from .._float32 import f32
from .._aten import special as exact_special
from .._backend import backend as B
from .._tensor import Tensor
from ..autograd.derivatives import op
from ..autograd.grad_mode import no_grad
from .creation import as_tensor, zeros_like
from ._helpers import CPP_TYPE_NAMES, broadcast_shapes, expanded_strides, from_values, operand, new_tensor, scalar_as, \
    buffer_as, type_name
from .indexing import nonzero

_SCALAR_BINARY, _SCALAR_UNARY, _SCALAR_INT_UNARY = B.SCALAR_BINARY, B.SCALAR_UNARY, B.SCALAR_INT_UNARY
_float32 = _dtype.float32
_bool = _dtype.bool_
_make_scalar = Tensor._make_scalar


def _result_dtype(a, b):
    """torch.result_type of two operands, with the common cases short-circuited."""
    if isinstance(a, Tensor):
        if isinstance(b, Tensor):
            if a.dtype is b.dtype:
                return a.dtype
        elif type(b) is float:
            if a.dtype.kind == "f":
                return a.dtype
        elif type(b) is int and a.dtype.kind in "fiu":
            return a.dtype
    return _dtype.result_type(a, b)


def _value(x, dtype):
    """A one-element operand as a Python number of ``dtype``."""
    if isinstance(x, Tensor):
        v = _scalar(x)
        return v if x.dtype is dtype else scalar_as(v, dtype)
    return scalar_as(x, dtype)


def _scalar(x):
    """A one-element tensor's value as a Python number of its dtype (read inline from the
    array.array that 0-d results hold)."""
    buf = x._storage.buf
    return buf[x._offset] if buf.__class__ is _array and x.dtype is not _bool else B.get(buf, x._offset, x.dtype)


def binary(name, a, b, dtype=None, out_dtype=None):
    """Apply the backend's binary kernel ``name`` with broadcasting and type promotion.
    ``dtype`` is the computation dtype (default: the promoted one), ``out_dtype`` the
    result's (default: dtype; bool for comparisons)."""
    if a.__class__ is Tensor and not a._shape and dtype is None and out_dtype is None \
            and a._storage.buf.__class__ is _array and a.dtype is not _bool:
        # the hot path of scalar autograd: 0-d tensors of one dtype, or a float32 one and a float,
        # their values read inline (0-d results hold an array.array on both backends)
        dtype = a.dtype
        if b.__class__ is Tensor:
            if b.dtype is dtype and not b._shape and b._storage.buf.__class__ is _array:
                return _make_scalar(_SCALAR_BINARY[name](a._storage.buf[a._offset], b._storage.buf[b._offset]),
                                    dtype)
        elif b.__class__ is float and dtype is _float32:
            return _make_scalar(_SCALAR_BINARY[name](a._storage.buf[a._offset], f32(b)), dtype)
        dtype = None
    if dtype is None:  # the common cases without a call: tensors of one dtype, tensor * float
        dtype = a.dtype if a.__class__ is Tensor and (b.__class__ is Tensor and a.dtype is b.dtype or
                                                      b.__class__ is float and a.dtype.kind == "f") \
            else _result_dtype(a, b)
    out = out_dtype or dtype
    a_shape = a._shape if isinstance(a, Tensor) else ()
    b_shape = b._shape if isinstance(b, Tensor) else ()
    if not a_shape and not b_shape:  # other 0-d operands: one Python-number operation in ``dtype``
        return _make_scalar(_SCALAR_BINARY[name](_value(a, dtype), _value(b, dtype)), out)
    shape = a_shape if a_shape == b_shape or not b_shape else broadcast_shapes(a_shape, b_shape)
    buf = B.binary(name, operand(a, shape, dtype), operand(b, shape, dtype), dtype, out_dtype)
    return new_tensor(buf, shape, out)


def unary(name, x, dtype=None):
    """Apply the backend's unary kernel ``name``; the result has ``dtype`` (default x's)."""
    dtype = dtype or x.dtype
    if not x._shape:
        v = _scalar(x)
        if x.dtype is not dtype and dtype.kind == "f":
            v = scalar_as(v, dtype)
        fn = _SCALAR_UNARY[name] if type(v) is float else _SCALAR_INT_UNARY.get(name, _SCALAR_UNARY[name])
        return _make_scalar(fn(v), dtype)
    buf = x._buf()
    if x.dtype is not dtype and dtype.kind == "f":
        buf = B.cast(buf, dtype)
    return new_tensor(B.unary(name, buf, dtype), x._shape, dtype)


def float_dtype(x):
    """Integer inputs of floating functions (exp, sqrt, ...) compute in the default float dtype."""
    return x.dtype if x.dtype.kind == "f" else _dtype.get_default_dtype()


def _float_unary(name, x):
    return unary(name, x, float_dtype(x))


def _fma(alpha, other, self):
    """self + alpha * other with one rounding (PyTorch's alpha forms)."""
    dtype = _result_dtype(self, other)
    if isinstance(alpha, float) and dtype.kind != "f":
        raise RuntimeError("For integral input tensors, argument alpha must not be a floating point "
                           "number.")
    shape = broadcast_shapes(_shape(self), _shape(other))
    buf = B.fma(scalar_as(alpha, dtype), buffer_as(other, shape, dtype), buffer_as(self, shape, dtype),
                dtype)
    return new_tensor(buf, shape, dtype)


def _shape(x):
    return x._shape if isinstance(x, Tensor) else ()


# ---- arithmetic ------------------------------------------------------------------------

@op("AddBackward0", name="add.Tensor",
    result=lambda self_t, other_t, alpha: self_t + (other_t if alpha == 1 else other_t * alpha), forms="torch Tensor Tensor_ Tensor.__add__ Tensor.__iadd__ Tensor.__radd__",
    self=lambda grad: grad,
    other=lambda grad, alpha: grad if alpha == 1 else grad * alpha)
def add(self, other, alpha=1):
    if alpha == 1:
        return binary("add", self, other)
    return _fma(alpha, other, self)


def _check_bool_sub(self, other):
    if getattr(self, "dtype", None) is _dtype.bool_ and getattr(other, "dtype", None) is _dtype.bool_:
        raise RuntimeError("Subtraction, the `-` operator, with two bool tensors is not supported. "
                           "Use the `^` or `logical_xor()` operator instead.")
    if isinstance(self, Tensor) and isinstance(other, bool) and self.dtype is _dtype.bool_ or \
            isinstance(other, Tensor) and isinstance(self, bool) and other.dtype is _dtype.bool_:
        raise RuntimeError("Subtraction, the `-` operator, with a bool tensor is not supported. If "
                           "you are trying to invert a mask, use the `~` or `logical_not()` operator "
                           "instead.")


@op("SubBackward0", name="sub.Tensor",
    result=lambda self_t, other_t, alpha: self_t - (other_t if alpha == 1 else other_t * alpha),
    forms="torch Tensor Tensor_ Tensor.__isub__ Tensor.__sub__ Tensor.subtract Tensor.subtract_ torch.subtract",
    self=lambda grad: grad,
    other=lambda grad, alpha: -grad if alpha == 1 else grad * -alpha)
def sub(self, other, alpha=1):
    _check_bool_sub(self, other)
    if alpha == 1:
        return binary("sub", self, other)
    return _fma(-alpha, other, self)


@op("RsubBackward1", name="rsub.Scalar", result="auto_element_wise", self=lambda grad, alpha: -grad if alpha == 1 else grad * -alpha)
def rsub(self, other, alpha=1):
    """other - alpha * self, for a Python scalar ``other`` (``3 - x``)."""
    _check_bool_sub(self, other)
    if alpha == 1:
        return binary("sub", other, self)
    return _fma(-alpha, self, other)


@op("RsubBackward0", name="rsub.Tensor",
    result=lambda self_t, other_t, alpha: -(self_t if alpha == 1 else self_t * alpha) + other_t,
    self=lambda grad, alpha: -grad if alpha == 1 else grad * -alpha,
    other=lambda grad: grad)
def _rsub_tensor(self, other, alpha=1):
    _check_bool_sub(self, other)
    if alpha == 1:
        return binary("sub", other, self)
    return _fma(-alpha, self, other)


@op(name="rsub", forms="torch Tensor")
def rsub_any(self, other, alpha=1):
    """torch.rsub: other - alpha * self."""
    return _rsub_tensor(self, other, alpha) if isinstance(other, Tensor) else rsub(self, other, alpha)


@op("MulBackward0", name="mul.Tensor",
    result=lambda self_t, other_t, self, other: other_t * self + self_t * other,
    forms="torch Tensor Tensor_ Tensor.__imul__ Tensor.__mul__ Tensor.__rmul__ Tensor.multiply Tensor.multiply_ "
          "torch.multiply",
    self=lambda grad, other: grad * other,
    other=lambda grad, self: grad * self)
def mul(self, other):
    return binary("mul", self, other)


def _div_dtype(self, other):
    dtype = _result_dtype(self, other)
    return dtype if dtype.kind == "f" else _dtype.get_default_dtype()


@op("DivBackward0", name="div.Tensor",
    result=lambda self_t, other_t, other, result: (self_t - other_t * result) / other,
    self=lambda grad, other: grad / other,
    other=lambda grad, self, other: -grad * ((self / other) / other))
def _true_divide(self, other):
    return binary("div", self, other, _div_dtype(self, other))


@op("DivBackward1", name="div.Scalar",
    result=lambda self_t, other: self_t / other, self=lambda grad, other: grad / other)
def div_scalar(self, other):
    """div.Scalar, tensor / number as PyTorch's C++ code calls it (Python's ``/`` records
    DivBackward0, because the binding wraps the number in a tensor)."""
    return binary("div", self, other, _div_dtype(self, other))


@op("DivBackward2", name="div.Tensor_mode",
    result=lambda result: zeros_like(result), self=lambda grad, other, rounding_mode: grad * 0,
    other=lambda grad, self, other, rounding_mode: grad * 0)
def _rounding_divide(self, other, rounding_mode):
    dtype = _result_dtype(self, other)
    if rounding_mode == "floor":
        return binary("floor_divide", self, other, dtype)
    if rounding_mode != "trunc":
        raise RuntimeError("div expected rounding_mode to be one of None, 'trunc', or 'floor' but "
                           f"found '{rounding_mode}'")
    if dtype.kind == "f":
        return unary("trunc", binary("div", self, other, dtype))
    return binary("trunc_divide", self, other, dtype)


@op(name="div",
    forms="torch Tensor Tensor_ Tensor.__itruediv__ Tensor.__truediv__ Tensor.divide Tensor.true_divide "
          "Tensor.divide_ Tensor.true_divide_ torch.divide torch.true_divide")
def div(self, other, *, rounding_mode=None):
    if rounding_mode is None:
        return _true_divide(self, other)
    return _rounding_divide(self, other, rounding_mode)


@op("ReciprocalBackward0", name="reciprocal", result="auto_element_wise", forms="torch Tensor Tensor_ torch_",
    self=lambda grad, result: -grad * (result * result))
def reciprocal(self):
    return binary("div", 1, self, float_dtype(self))


@op(name="__rtruediv__", forms="Tensor.__rtruediv__")
def rtruediv(self, other):
    """``s / x`` is ``reciprocal(x) * s`` in PyTorch (two roundings)."""
    return mul(reciprocal(self), other)


def _no_derivative(name):
    raise RuntimeError(f"derivative for aten::{name} is not implemented")


# PyTorch records the node but defines no derivative: backward raises
@op("NotImplemented", name="floor_divide", forms="torch Tensor Tensor_ Tensor.__floordiv__ Tensor.__ifloordiv__",
    self=lambda grad: _no_derivative("floor_divide"))
def floor_divide(self, other):
    return binary("floor_divide", self, other)


@op("RemainderBackward0", name="remainder.Scalar", result="auto_element_wise", self=lambda grad: grad)
def _remainder_scalar(self, other):
    return binary("remainder", self, other)


@op("RemainderBackward1", name="remainder.Tensor",
    result=lambda self_t, other_t, self, other: self_t - other_t * self.div(other, rounding_mode="floor"),
    self=lambda grad: grad,
    other=lambda grad, self, other: -grad * self.div(other, rounding_mode="floor"))
def _remainder_tensor(self, other):
    return binary("remainder", self, other)


@op(name="remainder", forms="torch Tensor Tensor_ Tensor.__imod__ Tensor.__mod__")
def remainder(self, other):
    if isinstance(other, Tensor) and (other._requires_grad or other._fw_grad is not None):
        return _remainder_tensor(self, other)
    return _remainder_scalar(self, other)


@op("FmodBackward0", name="fmod.Scalar", result="auto_element_wise", forms="torch Tensor Tensor_", self=lambda grad: grad)
def fmod(self, other):
    return binary("fmod", self, other)


@op("NegBackward0", name="neg", result="auto_element_wise", forms="torch Tensor Tensor_ torch_ Tensor.__neg__ Tensor.negative "
                                      "Tensor.negative_ torch.negative torch.negative_",
    self=lambda grad: -grad)
def neg(self):
    if self.dtype is _dtype.bool_:
        raise RuntimeError("Negation, the `-` operator, on a bool tensor is not supported. If you are "
                           "trying to invert a mask, use the `~` or `logical_not()` operator instead.")
    return unary("neg", self)


@op("AbsBackward0", name="abs",
    result=lambda self_t, self: self_t * self.sgn(), forms="torch Tensor Tensor_ torch_ Tensor.__abs__ Tensor.absolute "
                                      "Tensor.absolute_ torch.absolute",
    self=lambda grad, self: grad * self.sgn())
def abs(self):
    if self.dtype is _dtype.bool_:
        raise NotImplementedError("\"abs_cpu\" not implemented for 'Bool'")
    return unary("abs", self)


# ---- powers ---------------------------------------------------------------------------

def _pow_values(x, exponent):
    """x ** exponent for a Python-number exponent, with PyTorch's special cases."""
    dtype = _result_dtype(x, exponent)
    if dtype.kind in "iu" and exponent < 0:
        raise RuntimeError("Integers to negative integer powers are not allowed.")
    if x.dtype is not dtype:
        x = new_tensor(operand(x, x._shape, dtype), x._shape, dtype)
    if exponent == 1:  # ATen's pow_out copies the base (x ** 2's backward takes x ** 1)
        return new_tensor(B.copy(x._buf()), x._shape, dtype)
    if exponent == 2:
        return binary("mul", x, x)
    if exponent == 3:
        return binary("mul", binary("mul", x, x), x)
    if dtype.kind == "f":
        if exponent == -1:
            return binary("div", 1, x)
        if exponent == -2:
            return binary("div", 1, binary("mul", x, x))
        if exponent == 0.5:
            return unary("sqrt", x)
        if exponent == -0.5:
            return binary("div", 1, unary("sqrt", x))
    return binary("pow", x, exponent, dtype)


@op("PowBackward0", name="pow.Tensor_Scalar", result="auto_element_wise",
    self=lambda grad, self, exponent: grad * 0 if exponent == 0 else
    grad * (exponent * self.pow(exponent - 1)))
def _pow_scalar(self, exponent):
    return _pow_values(self, exponent)


@op("PowBackward1", name="pow.Tensor_Tensor",
    result="auto_element_wise",
    self=lambda grad, self, exponent: (grad * (exponent * self.pow(exponent - 1))).masked_fill(
        exponent == 0, 0),
    exponent=lambda grad, self, exponent, result: grad * (result * self.log()).masked_fill(
        (self == 0) & (exponent >= 0), 0))
def _pow_tensor(self, exponent):
    dtype = _result_dtype(self, exponent)
    if dtype.kind in "iu" and any(v < 0 for v in exponent._flat()):
        # ATen's integer pow: a negative power is 1 of 1, ±1 of -1 (by the exponent's parity), else 0
        negative = binary("lt", exponent, 0, dtype, _dtype.bool_)
        odd = binary("ne", binary("bitwise_and", exponent, 1, dtype), 0, dtype, _dtype.bool_)
        of_minus_one = where_values(odd, -1, 1, dtype)
        small = where_values(binary("eq", self, 1, dtype, _dtype.bool_), 1,
                             where_values(binary("eq", self, -1, dtype, _dtype.bool_), of_minus_one, 0, dtype), dtype)
        return where_values(negative, small, binary("pow", self, _clamp_values(exponent, 0, None), dtype), dtype)
    return binary("pow", self, exponent, dtype)


@op("PowBackward2", name="pow.Scalar", result="auto_element_wise",
    exponent=lambda grad, self, exponent, result: grad * (result * math.log(self)) if self != 0 else grad * 0)
def _pow_scalar_base(self, exponent):
    """``s ** x`` for a Python scalar base s."""
    return binary("pow", self, exponent, _result_dtype(exponent, self))


@op(name="pow", forms="torch Tensor Tensor_ Tensor.__ipow__ Tensor.__pow__")
def pow(self, exponent):
    if not isinstance(self, Tensor):
        return _pow_scalar_base(self, exponent)
    if isinstance(exponent, Tensor):
        return _pow_tensor(self, exponent)
    return _pow_scalar(self, exponent)


@op(name="square", forms="torch Tensor Tensor_ torch_")
def square(self):
    return _pow_scalar(self, 2)


@op("SqrtBackward0", name="sqrt", result="auto_element_wise", forms="torch Tensor Tensor_ torch_", self=lambda grad, result: grad / (2 * result))
def sqrt(self):
    return _float_unary("sqrt", self)


@op("RsqrtBackward0", name="rsqrt", result="auto_element_wise", forms="torch Tensor Tensor_ torch_",
    self=lambda grad, result: -0.5 * grad * result.pow(3))
def rsqrt(self):
    return binary("div", 1, _float_unary("sqrt", self))


# ---- exponentials, logarithms, trigonometry ----------------------------------------------

@op("ExpBackward0", name="exp", result="auto_element_wise", forms="torch Tensor Tensor_ torch_", self=lambda grad, result: grad * result)
def exp(self):
    return _float_unary("exp", self)


@op("Expm1Backward0", name="expm1", result="auto_element_wise", forms="torch Tensor Tensor_ torch_", self=lambda grad, result: grad * (result + 1))
def expm1(self):
    return _float_unary("expm1", self)


@op("LogBackward0", name="log", result="auto_element_wise", forms="torch Tensor Tensor_ torch_", self=lambda grad, self: grad.div(self))
def log(self):
    return _float_unary("log", self)


@op("Log2Backward0", name="log2", result="auto_element_wise", forms="torch Tensor Tensor_ torch_",
    self=lambda grad, self: grad / (self * 0.6931471805599453))
def log2(self):
    return _float_unary("log2", self)


@op("Log10Backward0", name="log10", result="auto_element_wise", forms="torch Tensor Tensor_ torch_",
    self=lambda grad, self: grad / (self * 2.3025850929940456))
def log10(self):
    return _float_unary("log10", self)


@op("Log1PBackward0", name="log1p", result="auto_element_wise", forms="torch Tensor Tensor_ torch_", self=lambda grad, self: grad / (self + 1))
def log1p(self):
    return _float_unary("log1p", self)


@op("SinBackward0", name="sin", result="auto_element_wise", forms="torch Tensor Tensor_ torch_", self=lambda grad, self: grad * self.cos())
def sin(self):
    return _float_unary("sin", self)


@op("CosBackward0", name="cos", result="auto_element_wise", forms="torch Tensor Tensor_ torch_", self=lambda grad, self: grad * -self.sin())
def cos(self):
    return _float_unary("cos", self)


@op("TanBackward0", name="tan", result="auto_element_wise", forms="torch Tensor Tensor_ torch_",
    self=lambda grad, result: grad * (1 + result.pow(2)))
def tan(self):
    return _float_unary("tan", self)


@op("AsinBackward0", name="asin", result="auto_element_wise", forms="torch Tensor Tensor_ torch_ torch.arcsin Tensor.arcsin "
                                        "Tensor.arcsin_ torch.arcsin_",
    self=lambda grad, self: grad * (-self * self + 1).rsqrt())
def asin(self):
    return _float_unary("asin", self)


@op("AcosBackward0", name="acos", result="auto_element_wise", forms="torch Tensor Tensor_ torch_ torch.arccos Tensor.arccos "
                                        "Tensor.arccos_ torch.arccos_",
    self=lambda grad, self: grad * -((-self * self + 1).rsqrt()))
def acos(self):
    return _float_unary("acos", self)


@op("AtanBackward0", name="atan", result="auto_element_wise", forms="torch Tensor Tensor_ torch_ torch.arctan Tensor.arctan "
                                        "Tensor.arctan_ torch.arctan_",
    self=lambda grad, self: grad / (self * self + 1))
def atan(self):
    return _float_unary("atan", self)


def _float_binary(name, self, other):
    dtype = _result_dtype(self, other)
    return binary(name, self, other, dtype if dtype.kind == "f" else _dtype.get_default_dtype())


@op("Atan2Backward0", name="atan2",
    result=lambda self_t, other_t, self, other: (-self * other_t + other * self_t) / (self.pow(2) + other.pow(2)), forms="torch Tensor Tensor_ Tensor.arctan2 Tensor.arctan2_ torch.arctan2",
    self=lambda grad, self, other: grad * other * (self * self + other * other).reciprocal(),
    other=lambda grad, self, other: grad * -self * (self * self + other * other).reciprocal())
def atan2(self, other):
    return _float_binary("atan2", self, other)


@op("HypotBackward0", name="hypot",
    result=lambda self_t, other_t, self, other, result: self_t * self / result + other_t * other / result, forms="torch Tensor Tensor_", self=lambda grad, self, result: grad * self / result,
    other=lambda grad, other, result: grad * other / result)
def hypot(self, other):
    return _float_binary("hypot", self, other)


@op("LogaddexpBackward0", name="logaddexp",
    result=lambda self_t, other_t, self, other: self_t / (1 + (other - self).exp()) + other_t / (1 + (self - other).exp()), forms="torch Tensor Tensor_",
    self=lambda grad, self, other: grad / (1 + (other - self).exp()),
    other=lambda grad, self, other: grad / (1 + (self - other).exp()))
def logaddexp(self, other):
    return _float_binary("logaddexp", self, other)


def elementwise(fn, name, self, other):
    """``fn(a, b, r)`` on each pair of elements as Python floats, ``r`` rounding each step to
    the result dtype as PyTorch's CPU loop does (float32: ``f32``): a pointwise op of floating
    dtypes that needs no kernel of its own in the backends. ``name`` is its CPU kernel's name,
    for PyTorch's error on other dtypes."""
    dtype = _result_dtype(self, other)
    if dtype.kind != "f":
        raise NotImplementedError(f'"{name}_cpu" not implemented for \'{type_name(dtype)}\'')
    shape = broadcast_shapes(_shape(self), _shape(other))
    r = f32 if dtype is _float32 else float
    a, b = (B.to_list(buffer_as(x, shape, dtype), dtype) for x in (self, other))
    return from_values([fn(x, y, r) for x, y in zip(a, b)], shape, dtype)


def _logaddexp2(a, b, r):
    if math.isinf(a) and a == b:
        return a
    return r(builtins.max(a, b) + r(r(math.log1p(r(math.exp2(-builtins.abs(r(a - b)))))) * r(_INV_LN2)))


_INV_LN2 = 1 / math.log(2)


@op("Logaddexp2Backward0", name="logaddexp2",
    result=lambda self_t, other_t, self, other: self_t / (1 + pow(2, other - self)) + other_t / (1 + pow(2, self - other)), forms="torch Tensor",
    self=lambda grad, self, other: grad / (1 + pow(2, other - self)),
    other=lambda grad, self, other: grad / (1 + pow(2, self - other)))
def logaddexp2(self, other):
    return elementwise(_logaddexp2, "logaddexp2", self, other)


def _copysign_self_grad(grad, self, result):
    return grad * (result / self).masked_fill(self == 0, 0)


@op("CopysignBackward0", name="copysign.Tensor", packs="self result", saved="self result",
    result=lambda self_t, self, result: _copysign_self_grad(self_t, self, result),
    self=_copysign_self_grad,
    other=lambda grad, other: zeros_like(other))
def _copysign_tensor(self, other):
    return _float_binary("copysign", self, other)


@op("CopysignBackward1", name="copysign.Scalar", result="auto_element_wise", self=_copysign_self_grad)
def _copysign_scalar(self, other):
    return _float_binary("copysign", self, other)


@op(name="copysign", forms="torch Tensor Tensor_")
def copysign(self, other):
    return (_copysign_tensor if isinstance(other, Tensor) else _copysign_scalar)(self, other)


@op(name="float_power", forms="torch Tensor Tensor_")
def float_power(self, exponent):
    """pow in float64 whatever the dtypes (PyTorch casts both sides first)."""
    def as64(x):
        return x.to(_dtype.float64) if isinstance(x, Tensor) else float(x)
    return pow(as64(self), as64(exponent))


def _sinc_backward(grad, self):
    self_pi = self * math.pi
    self_squared_pi = self * self * math.pi
    out = grad * ((self_pi * self_pi.cos()) - self_pi.sin()) / self_squared_pi
    return where(self_squared_pi == 0.0, 0.0, out)


@op("SincBackward0", name="sinc", result="auto_element_wise", forms="torch Tensor Tensor_ torch_", self=_sinc_backward)
def sinc(self):
    """sin(pi x) / (pi x), 1 at 0, each step in the dtype as PyTorch's kernel."""
    x = self if self.dtype.kind == "f" else self.to(_dtype.get_default_dtype())
    with no_grad():
        product = x * math.pi
        return where(x == 0, 1.0, product.sin() / product)


@op("SinhBackward0", name="sinh", result="auto_element_wise", forms="torch Tensor Tensor_ torch_", self=lambda grad, self: grad * self.cosh())
def sinh(self):
    return _float_unary("sinh", self)


@op("CoshBackward0", name="cosh", result="auto_element_wise", forms="torch Tensor Tensor_ torch_", self=lambda grad, self: grad * self.sinh())
def cosh(self):
    return _float_unary("cosh", self)


@op("AsinhBackward0", name="asinh", result="auto_element_wise", forms="torch Tensor Tensor_ torch_ Tensor.arcsinh Tensor.arcsinh_ "
                                          "torch.arcsinh torch.arcsinh_",
    self=lambda grad, self: grad * (self.pow(2) + 1).rsqrt())
def asinh(self):
    return _float_unary("asinh", self)


@op("AcoshBackward0", name="acosh", result="auto_element_wise", forms="torch Tensor Tensor_ torch_ Tensor.arccosh Tensor.arccosh_ "
                                          "torch.arccosh torch.arccosh_",
    self=lambda grad, self: grad * (self.pow(2) - 1).rsqrt())
def acosh(self):
    return _float_unary("acosh", self)


@op("AtanhBackward0", name="atanh", result="auto_element_wise", forms="torch Tensor Tensor_ torch_ Tensor.arctanh Tensor.arctanh_ "
                                          "torch.arctanh torch.arctanh_",
    self=lambda grad, self: grad / (1 - self.pow(2)))
def atanh(self):
    return _float_unary("atanh", self)


@op("TanhBackward0", name="tanh", result="auto_element_wise", forms="torch Tensor Tensor_ torch_",
    self=lambda grad, result: tanh_backward(grad, result))
def tanh(self):
    return _float_unary("tanh", self)


@op("TanhBackwardBackward0", name="tanh_backward",
    result=lambda grad_output_t, output_t, grad_output, output: tanh_backward(grad_output_t, output) + output_t * (-2 * output * grad_output),
    grad_output=lambda grad, output: tanh_backward(grad, output),
    output=lambda grad, grad_output, output: -2 * output * grad_output * grad)
def tanh_backward(grad_output, output):
    """grad_output * (1 - y*y), with 1 - y*y one fused step: PyTorch's fma(-y, y, 1)."""
    dtype = output.dtype
    one_minus = new_tensor(B.fma(unary("neg", output)._buf(), output._buf(), 1.0, dtype), output._shape, dtype)
    return binary("mul", grad_output, one_minus)


@op("SigmoidBackward0", name="sigmoid", result="auto_element_wise", forms="torch Tensor Tensor_ torch_",
    self=lambda grad, result: sigmoid_backward(grad, result))
def sigmoid(self):
    if self.dtype is not _float32:
        return _float_unary("sigmoid", self)
    # float32: PyTorch's vector body and scalar tail differ
    row = None if self.is_contiguous() else 1
    return new_tensor(exact_special.sigmoid(self._buf(), row), self._shape, _float32)


@op("SigmoidBackwardBackward0", name="sigmoid_backward",
    result=lambda grad_output_t, output_t, grad_output, output: sigmoid_backward(grad_output_t, output) + output_t * grad_output * (-2 * output + 1),
    grad_output=lambda grad, output: sigmoid_backward(grad, output),
    output=lambda grad, grad_output, output: grad * grad_output * (1 - 2 * output))
def sigmoid_backward(grad_output, output):
    """(grad * (1 - s)) * s, rounded step by step as PyTorch's kernel does."""
    return binary("mul", binary("mul", grad_output, binary("sub", 1, output)), output)


@op("ErfBackward0", name="erf", result="auto_element_wise", forms="torch Tensor Tensor_ torch_",
    self=lambda grad, self: 1.1283791670955126 * (-self.pow(2)).exp() * grad)
def erf(self):
    return _float_unary("erf", self)


@op("ErfcBackward0", name="erfc", result="auto_element_wise", forms="torch Tensor Tensor_ torch_",
    self=lambda grad, self: -1.1283791670955126 * (-self.pow(2)).exp() * grad)
def erfc(self):
    return _float_unary("erfc", self)


@op("XlogyBackward0", name="xlogy.Tensor",
    result=lambda self_t, other_t, self, other: xlogy(self_t, other).masked_fill((self == 0) & (other <= 0), 0) + other_t * self / other,
    self=lambda grad, self, other: xlogy(grad, other).masked_fill((self == 0) & (other <= 0), 0),
    other=lambda grad, self, other: grad * self / other)
def _xlogy(self, other):
    with no_grad():  # PyTorch's kernel: x * log(y) in the dtype, 0 where x == 0 (unless y is nan)
        return (self * other.log()).masked_fill((self == 0) & other.isnan().logical_not(), 0)


@op("XlogyBackward1", name="xlogy.Scalar_Self", result="auto_element_wise",
    other=lambda grad, self, other: grad * self / other)
def _xlogy_number_self(self, other):
    return _xlogy.forward(as_tensor(self), other)


@op("XlogyBackward2", name="xlogy.Scalar_Other", result="auto_element_wise",
    self=lambda grad, self, other: xlogy(grad, other) if other > 0 else xlogy(grad, other).masked_fill(self == 0, 0))
def _xlogy_number_other(self, other):
    return _xlogy.forward(self, as_tensor(other))


@op(name="xlogy", forms="torch Tensor Tensor_ torch_")
def xlogy(self, other):
    if isinstance(self, Tensor) and isinstance(other, Tensor):
        return _xlogy(self, other)
    if isinstance(self, Tensor):
        return _xlogy_number_other(self, other)
    if isinstance(other, Tensor):
        return _xlogy_number_self(self, other)
    return _xlogy(as_tensor(self), as_tensor(other))


@op("SpecialXlog1PyBackward0", name="special_xlog1py",
    result=lambda self_t, other_t, self, other: _xlog1py(self_t, other).masked_fill((self == 0) & (other <= -1), 0) + other_t * self / (other + 1),
    self=lambda grad, self, other: _xlog1py(grad, other).masked_fill((self == 0) & (other <= -1), 0),
    other=lambda grad, self, other: grad * self / (other + 1))
def _xlog1py(self, other):
    with no_grad():  # PyTorch's kernel: nan where y is nan, else 0 where x == 0, else x * log1p(y)
        return (self * other.log1p()).masked_fill(self == 0, 0).masked_fill(other.isnan(), math.nan)


@op("SpecialXlog1PyBackward1", name="special_xlog1py.self_scalar", result="auto_element_wise",
    other=lambda grad, self, other: grad * self / (other + 1))
def _xlog1py_number_self(self, other):
    return _xlog1py.forward(*_xlog1py_operands(self, other))


@op("SpecialXlog1PyBackward2", name="special_xlog1py.other_scalar", result="auto_element_wise",
    self=lambda grad, self, other: _xlog1py(grad, as_tensor(other)) if other > -1 else
    _xlog1py(grad, as_tensor(other)).masked_fill(self == 0, 0))
def _xlog1py_number_other(self, other):
    return _xlog1py.forward(*_xlog1py_operands(self, other))


def _xlog1py_operands(input, other):
    x, y = as_tensor(input), as_tensor(other)
    if x.dtype.kind != "f" and y.dtype.kind != "f":
        x = x.to(_dtype.get_default_dtype())
    return x, y


def xlog1py(input, other):
    """torch.special.xlog1py (values: PyTorch's scalar log1p kernel to about 1 ulp, not bit for bit); a
    Python number takes PyTorch's Scalar overload, which saves it as it is."""
    if isinstance(input, Tensor) and not isinstance(other, Tensor):
        return _xlog1py_number_other(input, other)
    if isinstance(other, Tensor) and not isinstance(input, Tensor):
        return _xlog1py_number_self(input, other)
    return _xlog1py(*_xlog1py_operands(input, other))


@op("SpecialEntrBackward0", name="special_entr", result="auto_element_wise", self=lambda grad, self: grad * -(1 + self.log()))
def _entr(self):
    with no_grad():  # -x log x for x > 0, 0 at 0, -inf below, nan kept
        return (-self * self.log()).masked_fill(self == 0, 0).masked_fill(self < 0, -math.inf)


def entr(input):
    """torch.special.entr (values: PyTorch's scalar log kernel to about 1 ulp, not bit for bit)."""
    return _entr(input if input.dtype.kind == "f" else input.to(_dtype.get_default_dtype()))


def _logit_bounds(eps, dtype):
    r = f32 if dtype.itemsize == 4 else float
    return r(eps), r(1 - r(eps))


def _logit_backward(grad, self, eps):
    """PyTorch's logit_backward: grad / (x (1 - x)); outside [eps, 1 - eps] 0, or without eps
    nan outside [0, 1] (at 0 and 1 the division gives PyTorch's grad * inf already)."""
    core = grad / (self * (1 - self))
    if eps is None:
        return core.masked_fill((self < 0) | (self > 1), math.nan)
    lo, hi = _logit_bounds(eps, self.dtype)
    return core.masked_fill((self < lo) | (self > hi), 0)


@op("LogitBackward0", name="logit", result="auto_element_wise", self=_logit_backward)
def _logit(self, eps):
    with no_grad():
        x = self if eps is None else self.clamp(*_logit_bounds(eps, self.dtype))
        return (x / (1 - x)).log()


@op(name="logit", forms="torch Tensor Tensor_ torch_")
def logit(self, eps=None):
    return _logit(self if self.dtype.kind == "f" else self.to(_dtype.get_default_dtype()), eps)


@op("Exp2Backward0", name="exp2", result="auto_element_wise", forms="torch Tensor Tensor_ torch_",
    self=lambda grad, result: grad * result * 0.6931471805599453)
def exp2(self):
    return _float_unary("exp2", self)


# x * (pi / 180) and x * (180 / pi): one product with the constant in x's dtype
@op("Deg2RadBackward0", name="deg2rad", result="auto_element_wise", forms="torch Tensor Tensor_ torch_",
    self=lambda grad: grad * 0.017453292519943295)
def deg2rad(self):
    return binary("mul", self, 0.017453292519943295, float_dtype(self))


@op("Rad2DegBackward0", name="rad2deg", result="auto_element_wise", forms="torch Tensor Tensor_ torch_", self=lambda grad: grad * 57.29577951308232)
def rad2deg(self):
    return binary("mul", self, 57.29577951308232, float_dtype(self))


# ---- rounding and sign ----------------------------------------------------------------

def _zero_grad(grad):
    return grad * 0


def _zero_tangent(self_t):
    """The tangent of a piecewise-constant op: PyTorch's auto_element_wise of zeros_like(grad)
    (a plain zero: ``grad * 0`` would print -0. for a negative tangent)."""
    return zeros_like(self_t)


@op("SignBackward0", name="sign", result=_zero_tangent, forms="torch Tensor Tensor_", self=_zero_grad)
def sign(self):
    return unary("sign", self)


@op("SgnBackward0", name="sgn",
    result=lambda self_t: zeros_like(self_t), forms="torch Tensor Tensor_", self=lambda grad, self, result: grad * 0)
def sgn(self):
    return unary("sign", self)


@op("AngleBackward0", name="angle", result=_zero_tangent, forms="torch Tensor", self=lambda grad: zeros_like(grad))
def angle(self):
    """A real number's argument: pi below zero, else 0; nan stays nan."""
    dtype = float_dtype(self)
    below = where_values(binary("lt", self, 0, dtype, _dtype.bool_), math.pi, 0.0, dtype)
    return where_values(binary("ne", self, self, dtype, _dtype.bool_), self, below, dtype)


@op("FloorBackward0", name="floor", result=_zero_tangent, forms="torch Tensor Tensor_ torch_", self=_zero_grad)
def floor(self):
    return unary("floor", self)


@op("CeilBackward0", name="ceil", result=_zero_tangent, forms="torch Tensor Tensor_ torch_", self=_zero_grad)
def ceil(self):
    return unary("ceil", self)


@op("TruncBackward0", name="trunc", result=_zero_tangent, forms="torch Tensor Tensor_ torch_ Tensor.fix Tensor.fix_ torch.fix torch.fix_",
    self=_zero_grad)
def trunc(self):
    return unary("trunc", self)


@op(name="positive", forms="torch Tensor")
def positive(self):
    if self.dtype is _bool:
        raise RuntimeError("The `+` operator, on a bool tensor is not supported.")
    return self


@op("FracBackward0", name="frac",
    result=lambda self_t: self_t, forms="torch Tensor Tensor_ torch_", self=lambda grad: grad)
def frac(self):
    return unary("frac", self)


@op("RoundBackward0", name="round", result=_zero_tangent, self=_zero_grad)
def _round(self):
    return unary("round", self)


@op("RoundBackward1", name="round.decimals", result=_zero_tangent, self=_zero_grad)
def _round_decimals(self, decimals):
    scale = 10.0 ** decimals
    if decimals < 0:
        return binary("mul", unary("round", binary("div", self, 10.0 ** -decimals)), 10.0 ** -decimals)
    return binary("div", unary("round", binary("mul", self, scale)), scale)


@op(name="round", forms="torch Tensor Tensor_ torch_")
def round(self, decimals=0):
    return _round(self) if decimals == 0 else _round_decimals(self, decimals)


# ---- clamping, max/min, relu, lerp ----------------------------------------------------

@op("ReluBackward0", name="relu", result="auto_element_wise", forms="torch Tensor Tensor_ torch_",
    self=lambda grad, result: threshold_backward(grad, result, 0))
def relu(self):
    if self.dtype is _bool:
        raise NotImplementedError("\"clamp_min_cpu\" not implemented for 'Bool'")
    return unary("relu", self)


@op("ThresholdBackwardBackward0", name="threshold_backward",
    result=lambda grad_output_t, self, threshold: threshold_backward(grad_output_t, self, threshold),
    grad_output=lambda grad, self, threshold: threshold_backward(grad, self, threshold))
def threshold_backward(grad_output, self, threshold):
    """0 where self <= threshold, else grad_output (relu's backward, with self its output; a nan passes)."""
    if not grad_output._shape and not self._shape:
        stop = _scalar(self) <= threshold
        return _make_scalar(0 if stop else _scalar(grad_output), grad_output.dtype)
    return where_values(binary("le", self, threshold, self.dtype, _dtype.bool_), 0, grad_output, grad_output.dtype)


def _clamp_values(self, min, max):
    if min is None and max is None:
        raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")
    dtype = self.dtype
    for bound in (min, max):
        if bound is not None:
            dtype = _dtype.result_type(_Probe(dtype), bound)
    out = self if self.dtype is dtype else new_tensor(operand(self, self._shape, dtype), self._shape, dtype)
    # A number bound keeps self on a tie of zeros (-0. stays -0.), as PyTorch's clamp kernels do in
    # both loops (the kernels' ties give the second operand); a tensor bound ties as maximum does.
    if min is not None:
        out = _extremum("maximum", out, min) if isinstance(min, Tensor) else binary("maximum", min, out, dtype)
    if max is not None:
        out = _extremum("minimum", out, max) if isinstance(max, Tensor) else binary("minimum", max, out, dtype)
    return out


class _Probe:
    """Stands in for a tensor with dims of a given dtype in result_type."""

    def __init__(self, dtype):
        self.dtype = dtype

    def dim(self):
        return 1


# Gradients pass where the bound did not act: min <= self <= max (not at NaN), as in PyTorch.
# A tensor bound gets the gradient where it acted (min only where it is below max).
def _clamp_jvp(self_t, min_t, max_t, self, min, max):
    """clamp(self, min, max)'s tangent: each element follows the value it took."""
    if min is not None and max is not None:
        return _where(min > max, max_t, _where(self < min, min_t, _where(self > max, max_t, self_t)))
    if min is not None:
        return _where(self > min, self_t, min_t)
    if max is not None:
        return _where(self < max, self_t, max_t)
    return self_t


def _times(x, value):
    """PyTorch's maybe_multiply: x * value, skipped for 1."""
    return x if value == 1 else x * value


def _grad_where(grad, keep):
    return grad.masked_fill(keep.logical_not(), 0)


def _clamp_self_grad(grad, self, min, max):
    keep = None if min is None else self >= min
    if max is not None:
        keep = self <= max if keep is None else keep & (self <= max)
    return _grad_where(grad, keep)


@op("ClampBackward1", name="clamp", result="auto_element_wise", self=_clamp_self_grad)
def _clamp_by_numbers(self, min, max):
    return _clamp_values(self, min, max)


@op("ClampBackward0", name="clamp.Tensor",
    result=_clamp_jvp, self=_clamp_self_grad,
    min=lambda grad, self, min, max: _grad_where(grad, self < min if max is None else (self < min) & (min < max)),
    max=lambda grad, self, min, max: _grad_where(grad, self > max if min is None else (self > max) | (max < min)))
def _clamp_by_tensors(self, min, max):
    return _clamp_values(self, min, max)


@op(name="clamp", forms="torch Tensor Tensor_ torch_ Tensor.clip Tensor.clip_ torch.clip torch.clip_")
def clamp(self, min=None, max=None):
    if isinstance(min, Tensor) or isinstance(max, Tensor):
        return _clamp_by_tensors(self, min, max)
    return _clamp_by_numbers(self, min, max)


@op("ClampMinBackward0", name="clamp_min", result="auto_element_wise", self=lambda grad, self, min: _grad_where(grad, self >= min))
def _clamp_min_number(self, min):
    return _clamp_values(self, min, None)


@op("ClampMinBackward1", name="clamp_min.Tensor",
    result=lambda self_t, min_t, self, min: _where(self >= min, self_t, min_t), self=lambda grad, self, min: _grad_where(grad, self >= min),
    min=lambda grad, self, min: _grad_where(grad, self < min))
def _clamp_min_tensor(self, min):
    return _clamp_values(self, min, None)


@op(name="clamp_min", forms="torch Tensor Tensor_ torch_")
def clamp_min(self, min):
    return (_clamp_min_tensor if isinstance(min, Tensor) else _clamp_min_number)(self, min)


@op("ClampMaxBackward0", name="clamp_max", result="auto_element_wise", self=lambda grad, self, max: _grad_where(grad, self <= max))
def _clamp_max_number(self, max):
    return _clamp_values(self, None, max)


@op("ClampMaxBackward1", name="clamp_max.Tensor",
    result=lambda self_t, max_t, self, max: _where(self <= max, self_t, max_t), self=lambda grad, self, max: _grad_where(grad, self <= max),
    max=lambda grad, self, max: _grad_where(grad, self > max))
def _clamp_max_tensor(self, max):
    return _clamp_values(self, None, max)


@op(name="clamp_max", forms="torch Tensor Tensor_ torch_")
def clamp_max(self, max):
    return (_clamp_max_tensor if isinstance(max, Tensor) else _clamp_max_number)(self, max)


@op("MaximumBackward0", name="maximum",
    result=lambda self_t, other_t, self, other, result: other_t + (self > other).to(result.dtype).masked_fill(self == other, 0.5) * (self_t - other_t), forms="torch Tensor",
    self=lambda grad, self, other: (grad / 2).where(self == other, grad).masked_fill(self < other, 0),
    other=lambda grad, self, other: (grad / 2).where(self == other, grad).masked_fill(self > other, 0))
def maximum(self, other):
    return _extremum("maximum", self, other)


@op("MinimumBackward0", name="minimum",
    result=lambda self_t, other_t, self, other, result: other_t + (self < other).to(result.dtype).masked_fill(self == other, 0.5) * (self_t - other_t), forms="torch Tensor",
    self=lambda grad, self, other: (grad / 2).where(self == other, grad).masked_fill(self > other, 0),
    other=lambda grad, self, other: (grad / 2).where(self == other, grad).masked_fill(self < other, 0))
def minimum(self, other):
    return _extremum("minimum", self, other)


# Vector lanes of PyTorch's AVX-512 elementwise loops, by dtype.
_VECTOR_LANES = {_dtype.float32: 16, _dtype.float64: 8, _dtype.float16: 32}


def _extremum(name, self, other):
    """PyTorch's maximum / minimum, which differ from numpy's (the kernels') only on a tie of
    zeros, -0. against 0. (a nan wins either way): PyTorch's vector loop gives other there, as
    numpy does, but its scalar loop gives self. The scalar loop takes each inner row's last
    n mod lanes elements, or every element when an operand is strided along the row."""
    shape = broadcast_shapes(_shape(self), _shape(other))
    row, lanes = _inner_row(shape, self, other), _VECTOR_LANES.get(_result_dtype(self, other))
    vector = row // lanes * lanes if lanes else 0
    if vector == row != 0:
        return binary(name, self, other)
    by_self = binary(name, other, self)
    if vector:
        with no_grad():
            by_self.view(-1, row)[:, :vector] = binary(name, self, other).view(-1, row)[:, :vector]
    return by_self


def _inner_row(shape, *operands):
    """The length of TensorIterator's inner loop for a contiguous result of ``shape``: its trailing
    dims that coalesce in every operand (numbers and 0-d tensors always do), or 0 when an operand
    is strided along it (no vector loop)."""
    strides = [expanded_strides(x, shape) for x in operands if isinstance(x, Tensor) and x._shape]
    dims = [d for d in range(len(shape)) if shape[d] != 1]
    if not dims:
        return 1
    last = dims[-1]
    if any(st[last] not in (0, 1) for st in strides):
        return 0
    row = shape[last]
    for d in reversed(dims[:-1]):
        if any(st[d] != st[last] * row for st in strides):
            break
        row *= shape[d]
    return row


def _lerp_values(start, end, weight):
    """PyTorch's lerp, one fused step: fma(w, end - start, start) for |w| < 0.5, else
    fma(w - 1, end - start, end)."""
    dtype = start.dtype
    shape = broadcast_shapes(start._shape, end._shape, _shape(weight))
    diff = buffer_as(binary("sub", end, start), shape, dtype)
    if isinstance(weight, Tensor):
        w = buffer_as(weight, shape, dtype)
        small = B.binary("lt", B.unary("abs", w, dtype), 0.5, dtype, _dtype.bool_)
        coeff = B.where(small, w, B.binary("sub", w, 1.0, dtype), dtype)
        base = B.where(small, buffer_as(start, shape, dtype), buffer_as(end, shape, dtype), dtype)
    else:
        w = scalar_as(weight, dtype)
        small = builtins.abs(w) < 0.5
        coeff = w if small else scalar_as(w - 1, dtype)
        base = buffer_as(start if small else end, shape, dtype)
    return new_tensor(B.fma(coeff, diff, base, dtype), shape, dtype)


@op("LerpBackward0", name="lerp.Scalar",
    result=lambda self_t, end_t, weight: self_t.lerp(end_t, weight),
    self=lambda grad, weight: grad * (1 - weight),
    end=lambda grad, weight: grad * weight)
def _lerp_scalar(self, end, weight):
    return _lerp_values(self, end, weight)


@op("LerpBackward1", name="lerp.Tensor",
    result=lambda self_t, end_t, weight_t, self, end, weight: self_t.lerp(end_t, weight) + weight_t * (end - self),
    self=lambda grad, weight: grad * (1 - weight),
    end=lambda grad, weight: grad * weight,
    weight=lambda grad, self, end: grad * (end - self))
def _lerp_tensor(self, end, weight):
    return _lerp_values(self, end, weight)


@op(name="lerp", forms="torch Tensor Tensor_")
def lerp(self, end, weight):
    for name, x in (("end", end), ("weight", weight)):
        if isinstance(x, Tensor) and x.dtype is not self.dtype and (x._shape or name == "end"):
            raise RuntimeError(f"expected dtype {CPP_TYPE_NAMES[self.dtype.name]} for `{name}` but got dtype "
                               f"{CPP_TYPE_NAMES[x.dtype.name]}")
    if self.dtype.kind != "f":
        kernel = "lerp_kernel_tensor" if isinstance(weight, Tensor) else "lerp_kernel_scalar"
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{type_name(self.dtype)}'")
    if isinstance(weight, Tensor):
        return _lerp_tensor(self, end, weight)
    return _lerp_scalar(self, end, weight)


def _addc_dtype(self, tensor1, tensor2):
    return _dtype.result_type(self, tensor1, tensor2)


@op("AddcmulBackward0", name="addcmul",
    result=lambda self_t, tensor1_t, tensor2_t, tensor1, tensor2, value: self_t + _times(tensor1_t * tensor2, value) + _times(tensor2_t * tensor1, value), forms="torch Tensor Tensor_",
    self=lambda grad: grad,
    tensor1=lambda grad, tensor2, value: grad * (tensor2 * value),
    tensor2=lambda grad, tensor1, value: grad * (tensor1 * value))
def addcmul(self, tensor1, tensor2, *, value=1):
    """self + value * tensor1 * tensor2, as PyTorch's kernel rounds it: fma(value * t1, t2, self)."""
    dtype = _addc_dtype(self, tensor1, tensor2)
    scaled = binary("mul", tensor1, value, dtype)
    shape = broadcast_shapes(self._shape, scaled._shape, tensor2._shape)
    buf = B.fma(buffer_as(scaled, shape, dtype), buffer_as(tensor2, shape, dtype), buffer_as(self, shape, dtype),
                dtype)
    return new_tensor(buf, shape, dtype)


@op("AddcdivBackward0", name="addcdiv",
    result=lambda self_t, tensor1_t, tensor2_t, tensor1, tensor2, value: self_t + _times(tensor1_t / tensor2, value) - _times(tensor2_t * (tensor1 / tensor2) / tensor2, value), forms="torch Tensor Tensor_",
    self=lambda grad: grad,
    tensor1=lambda grad, tensor2, value: grad * (value / tensor2),
    tensor2=lambda grad, tensor1, tensor2, value: -grad * ((value * tensor1) / tensor2.pow(2)))
def addcdiv(self, tensor1, tensor2, *, value=1):
    """self + (value * tensor1) / tensor2, three roundings as in PyTorch's kernel."""
    dtype = _addc_dtype(self, tensor1, tensor2)
    if dtype.kind != "f":
        raise RuntimeError(
            "Integer division with addcdiv is no longer supported, and in a future  release addcdiv will "
            "perform a true division of tensor1 and tensor2. The historic addcdiv behavior can be "
            "implemented as (input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer "
            "inputs and as (input + value * tensor1 / tensor2) for float inputs. The future addcdiv "
            "behavior is just the latter implementation: (input + value * tensor1 / tensor2), for all dtypes.")
    return binary("add", self, binary("div", binary("mul", tensor1, value, dtype), tensor2, dtype), dtype)


# ---- where, masked_fill ------------------------------------------------------------------

def where_values(cond, a, b, dtype):
    """cond ? a : b with broadcasting, no autograd."""
    shapes = [x._shape for x in (cond, a, b) if isinstance(x, Tensor)]
    shape = broadcast_shapes(*shapes)
    buf = B.where(buffer_as(cond, shape, _dtype.bool_), operand(a, shape, dtype), operand(b, shape, dtype),
                  dtype)
    return new_tensor(buf, shape, dtype)


def _where_dtype(a, b):
    if isinstance(a, Tensor) and isinstance(b, Tensor):
        return _dtype.promote_types(a.dtype, b.dtype) if a.dim() and b.dim() else _dtype.result_type(a, b)
    return _dtype.result_type(a, b)


@op("WhereBackward0", name="where.self",
    result=lambda condition, self_t, other_t: _where(condition, self_t, other_t),
    self=lambda grad, condition: grad.masked_fill(condition.logical_not(), 0),
    other=lambda grad, condition: grad.masked_fill(condition, 0))
def _where(condition, self, other):
    if condition.dtype is not _dtype.bool_ and condition.dtype is not _dtype.uint8:
        raise RuntimeError(f"where expected condition to be a boolean tensor, but got a tensor with "
                           f"dtype {type_name(condition.dtype)}")
    return where_values(condition, self, other, _where_dtype(self, other))


@op(name="where", forms="torch")
def where(condition, input=None, other=None):
    if input is None and other is None:
        return nonzero(condition, as_tuple=True)
    return _where(condition, input, other)


@op("MaskedFillBackward0", name="masked_fill.Scalar",
    result=lambda self_t, mask: self_t.masked_fill(mask, 0), forms="torch Tensor Tensor_",
    self=lambda grad, mask: grad.masked_fill(mask, 0))
def masked_fill(self, mask, value):
    if mask.dtype is not _dtype.bool_:
        raise RuntimeError(f"masked_fill_ only supports boolean masks, but got mask with dtype "
                           f"{mask.dtype}")
    if isinstance(value, Tensor):
        if value.dim() != 0:
            raise RuntimeError(f"masked_fill_ only supports a 0-dimensional value tensor, but got "
                               f"tensor with {value.dim()} dimension(s).")
        value = value.item()
    out = where_values(mask, value, self, self.dtype)
    if out._shape != self._shape:
        broadcast_shapes(self._shape, mask._shape)
        raise RuntimeError(f"The size of tensor a ({self._shape[-1]}) must match the size of tensor b "
                           f"({out._shape[-1]}) at non-singleton dimension {len(out._shape) - 1}")
    return out


# ---- comparisons, logical and bitwise ops (no gradient) -----------------------------------

def _compare(name):
    def compare(self, other):
        return binary(name, self, other, _result_dtype(self, other), _dtype.bool_)
    compare.__name__ = name
    return compare


eq = op(name="eq", forms="torch Tensor Tensor_ Tensor.__eq__")(_compare("eq"))
ne = op(name="ne", forms="torch Tensor Tensor_ Tensor.__ne__ torch.not_equal Tensor.not_equal "
                         "Tensor.not_equal_")(_compare("ne"))
lt = op(name="lt", forms="torch Tensor Tensor_ Tensor.__lt__ torch.less Tensor.less Tensor.less_")(_compare("lt"))
le = op(name="le", forms="torch Tensor Tensor_ Tensor.__le__ torch.less_equal Tensor.less_equal "
                         "Tensor.less_equal_")(_compare("le"))
gt = op(name="gt", forms="torch Tensor Tensor_ Tensor.__gt__ torch.greater Tensor.greater "
                         "Tensor.greater_")(_compare("gt"))
ge = op(name="ge", forms="torch Tensor Tensor_ Tensor.__ge__ torch.greater_equal Tensor.greater_equal "
                         "Tensor.greater_equal_")(_compare("ge"))


def _logical(name):
    def logical(self, other):
        return binary(name, self, other, _result_dtype(self, other), _dtype.bool_)
    logical.__name__ = name
    return logical


logical_and = op(name="logical_and", forms="torch Tensor Tensor_")(_logical("logical_and"))
logical_or = op(name="logical_or", forms="torch Tensor Tensor_")(_logical("logical_or"))
logical_xor = op(name="logical_xor", forms="torch Tensor Tensor_")(_logical("logical_xor"))


@op(name="logical_not", forms="torch Tensor Tensor_")
def logical_not(self):
    return unary("logical_not", self, _dtype.bool_)


_BITWISE_KERNELS = {"bitwise_and": "bitwise_and_cpu", "bitwise_or": "bitwise_or_cpu",
                    "bitwise_xor": "bitwise_xor_cpu", "lshift": "lshift_cpu", "rshift": "rshift_cpu"}


def _bitwise(name):
    def bitwise(self, other):
        dtype = _result_dtype(self, other)
        if dtype.kind == "f":
            raise NotImplementedError(f'"{_BITWISE_KERNELS[name]}" not implemented for '
                                      f"'{type_name(dtype)}'")
        return binary(name, self, other, dtype)
    bitwise.__name__ = name
    return bitwise


bitwise_and = op(name="bitwise_and", forms="torch Tensor Tensor_ Tensor.__and__ Tensor.__rand__ Tensor.__iand__")(
    _bitwise("bitwise_and"))
bitwise_or = op(name="bitwise_or", forms="torch Tensor Tensor_ Tensor.__or__ Tensor.__ror__ Tensor.__ior__")(
    _bitwise("bitwise_or"))
bitwise_xor = op(name="bitwise_xor", forms="torch Tensor Tensor_ Tensor.__xor__ Tensor.__rxor__ Tensor.__ixor__")(
    _bitwise("bitwise_xor"))
bitwise_left_shift = op(name="bitwise_left_shift", forms="torch Tensor Tensor_ Tensor.__lshift__")(_bitwise("lshift"))
bitwise_right_shift = op(name="bitwise_right_shift", forms="torch Tensor Tensor_ Tensor.__rshift__")(
    _bitwise("rshift"))


@op(name="bitwise_not", forms="torch Tensor Tensor_ Tensor.__invert__")
def bitwise_not(self):
    if self.dtype.kind == "f":
        raise NotImplementedError(f"\"bitwise_not_cpu\" not implemented for '{type_name(self.dtype)}'")
    if self.dtype is _dtype.bool_:
        return unary("logical_not", self, _dtype.bool_)
    return unary("bitwise_not", self)


@op(name="isnan", forms="torch Tensor")
def isnan(self):
    return unary("isnan", self, _dtype.bool_)


@op(name="isinf", forms="torch Tensor")
def isinf(self):
    return unary("isinf", self, _dtype.bool_)


@op(name="isfinite", forms="torch Tensor")
def isfinite(self):
    return unary("isfinite", self, _dtype.bool_)


@op(name="nan_to_num", forms="torch Tensor Tensor_ torch_")
def nan_to_num(self, nan=0.0, posinf=None, neginf=None):
    if self.dtype.kind != "f":
        return self.clone()
    return _nan_to_num(self, nan, posinf, neginf)


@op("NanToNumBackward0", name="nan_to_num", result="auto_element_wise", self=lambda grad, self: grad * self.isfinite())
def _nan_to_num(self, nan, posinf, neginf):
    big = 3.4028234663852886e38 if self.dtype.itemsize == 4 else 1.7976931348623157e308
    values = [nan if v != v else (big if posinf is None else posinf) if v == math.inf else
              (-big if neginf is None else neginf) if v == -math.inf else v for v in self._flat()]
    return new_tensor(B.from_list(values, self.dtype), self._shape, self.dtype)


@op(name="isclose", forms="torch Tensor")
def isclose(self, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    if self.dtype is not other.dtype:
        raise RuntimeError(f"{self.dtype} did not match {other.dtype}")
    shape = broadcast_shapes(self._shape, other._shape)
    a = B.to_list(buffer_as(self, shape, self.dtype), self.dtype)
    b = B.to_list(buffer_as(other, shape, other.dtype), other.dtype)
    out = [(x == y) or (equal_nan and x != x and y != y) or
           (math.isfinite(x) and math.isfinite(y) and builtins.abs(x - y) <= atol + rtol * builtins.abs(y))
           for x, y in zip(a, b)]
    return new_tensor(B.from_list(out, _dtype.bool_), shape, _dtype.bool_)


@op(name="allclose", forms="torch Tensor")
def allclose(self, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    return builtins.all(isclose(self, other, rtol, atol, equal_nan)._flat())


@op(name="equal", forms="torch Tensor")
def equal(self, other):
    return self._shape == other._shape and self._flat() == other._flat()
