"""Binds the ops to Tensor methods and operators (PyTorch generates these in C++)."""
import types

from . import _arg_parser as parser_errors, _dtype
from ._tensor import Tensor
from .autograd.derivatives import OPERAND_TYPES, recording_operator
from .autograd.inplace import check_inplace
from ._ops import (pointwise as P, reduction as R, shape as S, copy as C, indexing as I, joining as J,
                   linalg as L, creation as K)


def _inplace(fn, name=None):
    """``x.op_(...)``: compute ``op`` out of place, then commit into x (see autograd.inplace)."""
    def method(self, *args, **kwargs):
        return C.apply_inplace(self, fn(self, *args, **kwargs))
    method.__name__ = name or fn.__name__ + "_"
    return method


def _as_operand(other):
    """The second operand of a binary operator that is not a tensor or a Python number: a
    tensor from array-likes and lists, else NotImplemented (Python tries the other side)."""
    if hasattr(other, "__array__") or isinstance(other, (list, tuple)):
        return K.tensor(other)
    return NotImplemented


def _not_implemented_for_others(fn):
    """``fn`` as a binary operator method (see _as_operand); ops with a derivative entry get
    a generated one that adds no call."""
    if hasattr(fn, "derivative"):
        return recording_operator(fn, _as_operand)

    def operator(self, other):
        if other.__class__ is not Tensor and not isinstance(other, OPERAND_TYPES):
            other = _as_operand(other)
            if other is NotImplemented:
                return NotImplemented
        return fn(self, other)
    return operator


def _bind():
    T = Tensor
    ops = _not_implemented_for_others
    # arithmetic operators
    T.__add__ = T.__radd__ = ops(P.add)
    T.__sub__ = ops(P.sub)
    T.__rsub__ = ops(lambda self, other: P.rsub_any(self, other))
    T.__mul__ = T.__rmul__ = ops(P.mul)
    T.__truediv__ = ops(P.div)
    T.__rtruediv__ = ops(P.rtruediv)
    T.__floordiv__ = ops(P.floor_divide)
    T.__rfloordiv__ = ops(lambda self, other: P.floor_divide(K.tensor(other, dtype=None), self)
                          if not isinstance(other, Tensor) else P.floor_divide(other, self))
    T.__mod__ = ops(P.remainder)
    T.__rmod__ = ops(lambda self, other: P.remainder(K.tensor(other), self))
    T.__pow__ = ops(P.pow)
    T.__rpow__ = ops(lambda self, other: P.pow(other, self))
    T.__matmul__ = ops(L.matmul)
    T.__rmatmul__ = ops(lambda self, other: L.matmul(other, self))
    T.__neg__ = P.neg
    T.__pos__ = lambda self: self
    T.__abs__ = P.abs
    T.__invert__ = P.bitwise_not
    T.__and__ = T.__rand__ = ops(P.bitwise_and)
    T.__or__ = T.__ror__ = ops(P.bitwise_or)
    T.__xor__ = T.__rxor__ = ops(P.bitwise_xor)
    T.__lshift__ = ops(P.bitwise_left_shift)
    T.__rshift__ = ops(P.bitwise_right_shift)
    T.__eq__ = ops(P.eq)
    T.__ne__ = ops(P.ne)
    T.__lt__ = ops(P.lt)
    T.__le__ = ops(P.le)
    T.__gt__ = ops(P.gt)
    T.__ge__ = ops(P.ge)
    T.__hash__ = lambda self: id(self)
    T.__iadd__ = _inplace(P.add)
    T.__isub__ = _inplace(P.sub)
    T.__imul__ = _inplace(P.mul)
    T.__itruediv__ = _inplace(P.div)
    T.__ifloordiv__ = _inplace(P.floor_divide)
    T.__imod__ = _inplace(P.remainder)
    T.__ipow__ = _inplace(P.pow)
    T.__iand__ = _inplace(P.bitwise_and)
    T.__ior__ = _inplace(P.bitwise_or)
    T.__ixor__ = _inplace(P.bitwise_xor)
    T.__imatmul__ = _inplace(L.matmul)
    T.__getitem__ = I.getitem
    T.__setitem__ = I.setitem

    # methods with an in-place twin
    pointwise = ["add", "sub", "mul", "div", "neg", "abs", "exp", "expm1", "log", "log2", "log10", "log1p",
                 "sqrt", "rsqrt", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh",
                 "asinh", "acosh", "atanh", "exp2", "erfc", "deg2rad", "rad2deg",
                 "sigmoid", "relu", "sign", "sgn", "floor", "ceil", "round", "trunc", "frac", "reciprocal", "pow",
                 "clamp", "lerp", "addcmul", "addcdiv", "remainder", "fmod", "floor_divide", "square", "erf",
                 "masked_fill", "logical_and", "logical_or", "logical_xor", "logical_not", "bitwise_and", "bitwise_or",
                 "bitwise_xor", "bitwise_not", "eq", "ne", "lt", "le", "gt", "ge"]
    for name in pointwise:
        fn = getattr(P, name)
        setattr(T, name, fn)
        setattr(T, name + "_", _inplace(fn, name + "_"))
    T.clip, T.clip_ = P.clamp, _inplace(P.clamp, "clip_")
    for name in ["clamp_min", "clamp_max"]:
        setattr(T, name, getattr(P, name))
        setattr(T, name + "_", _inplace(getattr(P, name), name + "_"))
    T.maximum, T.minimum = P.maximum, P.minimum
    T.subtract, T.multiply, T.divide, T.true_divide = P.sub, P.mul, P.div, P.div
    T.negative, T.absolute, T.arctan2 = P.neg, P.abs, P.atan2
    T.arcsinh, T.arccosh, T.arctanh = P.asinh, P.acosh, P.atanh
    for name in ["hypot", "logaddexp", "copysign", "sinc", "float_power"]:
        setattr(T, name, getattr(P, name))
        setattr(T, name + "_", _inplace(getattr(P, name), name + "_"))
    T.xlogy, T.xlogy_, T.logit, T.logit_ = P.xlogy, _inplace(P.xlogy, "xlogy_"), P.logit, _inplace(P.logit, "logit_")
    T.greater, T.less, T.greater_equal, T.less_equal, T.not_equal = P.gt, P.lt, P.ge, P.le, P.ne
    T.isnan, T.isinf, T.isfinite = P.isnan, P.isinf, P.isfinite
    T.nan_to_num, T.isclose, T.allclose, T.equal = P.nan_to_num, P.isclose, P.allclose, P.equal
    T.where = lambda self, condition, other: P.where(condition, self, other)
    T.rsub = P.rsub_any
    T.addmm = L.addmm

    # reductions
    for name in ["sum", "mean", "prod", "max", "min", "amax", "amin", "argmax", "argmin", "std", "var", "norm",
                 "cumsum", "cumprod", "logsumexp", "softmax", "log_softmax", "all", "any", "median", "mode",
                 "sort", "argsort", "topk", "unique", "count_nonzero", "cummax", "cummin", "aminmax", "kthvalue",
                 "nansum", "nanmean", "dist",
                 "diff"]:
        setattr(T, name, getattr(R, name))
    T.cumsum_ = _inplace(R.cumsum, "cumsum_")

    # shapes and views
    for name in ["view", "view_as", "reshape", "reshape_as", "flatten", "unflatten", "squeeze", "unsqueeze",
                 "permute", "transpose", "t", "expand", "expand_as", "repeat", "tile", "contiguous", "narrow", "select",
                 "movedim", "diagonal", "sum_to_size"]:
        setattr(T, name, getattr(S, name))
    T.ravel, T.broadcast_to = S.ravel, S.broadcast_to
    T.positive, T.fix, T.fix_ = P.positive, P.trunc, _inplace(P.trunc, "fix_")
    T.swapaxes = T.swapdims = S.transpose
    T.moveaxis = S.movedim
    T.T = property(S.T)
    T.mT = property(S.mT)
    T.H = property(S.H)
    T.mH = property(S.mH)
    T.t_ = lambda self: _restride(self, S.t_inplace(self))
    T.transpose_ = lambda self, d0, d1: _restride(self, S.transpose_inplace(self, d0, d1))
    T.squeeze_ = lambda self, dim=None: _restride(self, S.squeeze_inplace(self, dim))
    T.unsqueeze_ = lambda self, dim: _restride(self, S.unsqueeze_inplace(self, dim))

    # indexing
    for name in ["index_select", "gather", "scatter", "scatter_add", "nonzero", "masked_select", "take",
                 "argwhere"]:
        setattr(T, name, getattr(I, name))
    T.scatter_ = _inplace(I.scatter, "scatter_")
    T.scatter_add_ = _inplace(I.scatter_add, "scatter_add_")
    for name in ["index_put", "index_add", "index_copy", "index_fill"]:
        setattr(T, name, getattr(I, name))
        setattr(T, name + "_", _inplace(getattr(I, name), name + "_"))

    # joining
    for name in ["split", "chunk", "unbind", "flip", "roll", "rot90", "tril", "triu", "diag", "trace", "tensor_split",
                 "hsplit", "vsplit", "dsplit", "diag_embed", "fliplr", "flipud", "repeat_interleave"]:
        setattr(T, name, getattr(J, name))
    T.tril_ = _inplace(J.tril, "tril_")
    T.triu_ = _inplace(J.triu, "triu_")

    # products
    for name in ["mm", "bmm", "mv", "dot", "matmul", "outer", "ger", "cross"]:
        setattr(T, name, getattr(L, name))
    T.inner = L.inner

    # counting, the gamma family, composites and square systems (modules of their own)
    from ._ops import histogram as H, gamma as G, decompositions as D, linalg_solve as LS
    for module, names in ((H, "histc histogram bincount"), (G, "lgamma digamma"),
                          (D, "fmax fmin heaviside logaddexp2 isposinf isneginf signbit take_along_dim kron vdot "
                              "diagflat cov corrcoef msort"), (LS, "det logdet")):
        for name in names.split():
            setattr(T, name, getattr(module, name))
    T.inverse, T.slogdet = LS.inv, LS.slogdet_function
    T.lgamma_, T.digamma_ = _inplace(G.lgamma, "lgamma_"), _inplace(G.digamma, "digamma_")
    T.polygamma = lambda self, n: G.polygamma(n, self)
    T.polygamma_ = lambda self, n: C.apply_inplace(self, G.polygamma(n, self))

    # copies and conversion
    T.clone, T.to, T.type = C.clone, C.to, C.type
    T.copy_, T.fill_, T.zero_ = C.copy_, C.fill_, C.zero_
    for name, dtype in [("float", _dtype.float32), ("double", _dtype.float64), ("half", _dtype.float16),
                        ("long", _dtype.int64), ("int", _dtype.int32), ("short", _dtype.int16),
                        ("char", _dtype.int8), ("byte", _dtype.uint8), ("bool", _dtype.bool_)]:
        setattr(T, name, C._converter(dtype))
    T.cpu = lambda self, memory_format=None: self
    T.cuda = lambda self, *args, **kwargs: C._check_device("cuda")
    T.type_as = lambda self, other: C.to(self, other.dtype)
    T.numpy = K.numpy
    T.new_tensor, T.new_zeros, T.new_ones = K.new_tensor_method, K.new_zeros, K.new_ones
    T.new_full, T.new_empty = K.new_full, K.new_empty
    T.is_complex = lambda self: False
    T.is_signed = lambda self: self.dtype.is_signed
    T.get_device = lambda self: -1
    T.dim_order = lambda self: tuple(sorted(range(self.dim()), key=lambda d: -self._stride[d]))

    # calls without the required arguments: PyTorch's argument parser's messages
    for name in parser_errors.NAMES:
        setattr(T, name, parser_errors.with_parser_errors(getattr(T, name), name))
    # numpy's keyword names (x.sum(axis=0, keepdims=True))
    for name, method in list(vars(T).items()):
        if not name.startswith("_") and isinstance(method, types.FunctionType):
            setattr(T, name, parser_errors.with_keyword_parity(method, name, takes_out=False, method=True))


def _restride(self, view):
    """In-place shape ops (t_, squeeze_ ...): self takes the view's geometry and history."""
    check_inplace(self)
    self._shape, self._stride, self._offset = view._shape, view._stride, view._offset
    if view.grad_fn is not None:
        self.grad_fn, self._output_nr = view.grad_fn, view._output_nr
    return self


_bind()
