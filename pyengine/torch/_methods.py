"""Binds the ops to Tensor methods and operators (PyTorch generates these in C++)."""
import types

from . import _arg_parser as parser_errors, _dtype
from ._device import check_device
from ._unsupported import TENSOR_FEATURES, UnsupportedMethod
from ._ops._helpers import sizes_arg
from ._tensor import Tensor
from ._torch_function import dispatches_from, handle_torch_function, overriding
from .autograd.derivatives import DECLARED, OPERAND_TYPES, recording_operator
from .autograd.inplace import check_inplace
from .autograd.dual import copy_tangents
from ._ops import copy as C, creation as K, linalg as L, pointwise as P, shape as S
from ._ops import gamma as G
from ._ops import (indexing, joining, reduction, softmax, sorting, histogram, linalg_solve,  # noqa: F401
                   decompositions, sampling, pointwise_more, scatter_reduce, linalg_decompositions,
                   special_functions, linalg_lu, linalg_householder, spectral)  # (their declarations)


def _inplace(fn, name=None):
    """``x.op_(...)``: compute ``op`` out of place, then commit into x (see autograd.inplace)."""
    def method(self, *args, **kwargs):
        return C.apply_inplace(self, fn(self, *args, **kwargs), method.__name__)
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


# binary operators: a second operand that is not a tensor or number may give NotImplemented
_BINARY_OPERATORS = {f"__{name}__" for name in (
    "add radd sub mul rmul truediv rtruediv floordiv mod pow matmul and rand or ror xor rxor lshift rshift "
    "eq ne lt le gt ge").split()}


def _form(fn, name):
    """What the declared form ``name`` of op ``fn`` binds (see autograd.derivatives.op)."""
    if name in _BINARY_OPERATORS:
        return _not_implemented_for_others(fn)
    if name.startswith("__i") and f"__{name[3:]}" in _BINARY_OPERATORS:  # __imul__
        return _inplace(fn, name)
    if _is_inplace_twin(fn, name):
        return _inplace(fn, name)
    return fn


def _is_inplace_twin(fn, name):
    """``mul_`` of ``mul``, ``clip_`` of ``clamp`` (but not ``fill_``: that op is in-place itself)."""
    return name.endswith("_") and not name.endswith("__") and name != fn.op_name.partition(".")[0]


def _array(self, dtype=None):
    """numpy's view of a tensor (np.asarray(t)): its values, in ``dtype`` if given (PyTorch's is Python:
    it reaches __torch_function__ with ``dtype`` by name)."""
    if dispatches_from(self):
        return handle_torch_function(Tensor.__array__, overriding(self), (self,), {"dtype": dtype})
    return self.numpy() if dtype is None else self.numpy().astype(dtype, copy=False)


_array.__name__, _array.__qualname__ = "__array__", "Tensor.__array__"


def _bind():
    T = Tensor
    functions = {}  # torch.<name> -> what Tensor.<name> is, for the in-place twins
    for fn in DECLARED:
        for form in fn.forms:
            owner, _, name = form.partition(".")
            if owner == "Tensor":
                setattr(T, name, _form(fn, name))
            else:
                functions[name] = fn
    ops = _not_implemented_for_others
    # operators that are not one op's form
    T.__rsub__ = ops(lambda self, other: P.rsub_any(self, other))
    T.__rfloordiv__ = ops(lambda self, other: P.floor_divide(K.tensor(other, dtype=None), self)
                          if not isinstance(other, Tensor) else P.floor_divide(other, self))
    T.__rmod__ = ops(lambda self, other: P.remainder(K.tensor(other), self))
    T.__rpow__ = ops(lambda self, other: P.pow(other, self))
    T.__rmatmul__ = ops(lambda self, other: L.matmul(other, self))
    T.__rlshift__ = ops(lambda self, other: P.bitwise_left_shift(other, self))
    T.__rrshift__ = ops(lambda self, other: P.bitwise_right_shift(other, self))
    T.__array__ = _array
    T._legacy_new = K.legacy_new
    T.__pos__ = lambda self: self
    T.__hash__ = lambda self: id(self)
    T.where = lambda self, condition, other: P.where(condition, self, other)

    # shapes: properties and in-place shape changes
    T.real = property(S.real, lambda self, value: S.real(self).copy_(value))
    T.imag = property(S.imag, lambda self, value: S.imag(self).copy_(value))
    T.T = property(S.T)
    T.mT = property(S.mT)
    T.H = property(S.H)
    T.mH = property(S.mH)
    T.t_ = lambda self: _restride(self, S.t_inplace(self))
    T.transpose_ = T.swapdims_ = lambda self, dim0, dim1: _restride(self, S.transpose_inplace(self, dim0, dim1))
    T.swapaxes_ = lambda self, axis0, axis1: _restride(self, S.transpose_inplace(self, axis0, axis1))
    T.squeeze_ = lambda self, dim=None: _restride(self, S.squeeze_inplace(self, dim))
    T.unsqueeze_ = lambda self, dim: _restride(self, S.unsqueeze_inplace(self, dim))
    T.as_strided_ = lambda self, size, stride, storage_offset=None: _restride(
        self, S.as_strided_inplace(self, size, stride, storage_offset))
    T.resize_ = lambda self, *sizes, memory_format=None: S.resize_inplace(self, sizes_arg(sizes))
    T.resize_as_ = lambda self, tensor, memory_format=None: S.resize_inplace(self, tensor._shape)
    T.new = lambda self, *args, **kwargs: K.legacy_new(*args, dtype=self.dtype, **kwargs)

    T.polygamma = lambda self, n: G.polygamma(n, self)  # torch.polygamma(n, input): the operand second
    T.polygamma_ = lambda self, n: C.apply_inplace(self, G.polygamma(n, self))

    # conversions and questions PyTorch answers for a CPU tensor
    for name, dtype in [("float", _dtype.float32), ("double", _dtype.float64), ("half", _dtype.float16),
                        ("long", _dtype.int64), ("int", _dtype.int32), ("short", _dtype.int16),
                        ("char", _dtype.int8), ("byte", _dtype.uint8), ("bool", _dtype.bool_)]:
        setattr(T, name, C._converter(dtype))
    T.cpu = lambda self, memory_format=None: self
    T.cuda = lambda self, *args, **kwargs: check_device("cuda")
    T.type_as = lambda self, other: C.to(self, other.dtype)
    T.is_complex = lambda self: False
    T.is_signed = lambda self: self.dtype.is_signed
    T.get_device = lambda self: -1
    T.is_cpu = property(lambda self: True)
    T.is_meta = property(lambda self: False)
    T.is_nonzero = lambda self: _is_nonzero(self)
    T.is_same_size = lambda self, other: self.shape == other.shape
    T.output_nr = property(lambda self: self._output_nr)
    T.name = property(lambda self: None)  # named tensors are not supported: every dim is unnamed
    T.is_shared = lambda self: False
    T.is_set_to = lambda self, tensor: (self._storage is tensor._storage and self._offset == tensor._offset
                                        and self._shape == tensor._shape and self._stride == tensor._stride)
    T.dim_order = lambda self: tuple(sorted(range(self.dim()), key=lambda d: -self._stride[d]))
    T.resolve_neg = lambda self: self  # no tensor carries a lazy negation bit here
    T.dense_dim = lambda self: self.dim()  # every dim of a strided tensor is dense
    T.is_ipu = T.is_xla = T.is_maia = T.is_vulkan = property(lambda self: False)
    T.grad_dtype = property(lambda self: self.dtype)
    T.volatile = property(_volatile)
    T.reinforce = _reinforce
    T.as_subclass = _as_subclass
    for name in TENSOR_FEATURES:
        setattr(T, name, UnsupportedMethod(name))

    # calls without the required arguments: PyTorch's argument parser's messages
    for name in parser_errors.NAMES:
        setattr(T, name, parser_errors.with_parser_errors(getattr(T, name), name))
    # numpy's keyword names (x.sum(axis=0, keepdims=True))
    for name, method in list(vars(T).items()):
        if not name.startswith("_") and isinstance(method, types.FunctionType):
            setattr(T, name, parser_errors.with_keyword_parity(method, name, takes_out=False, method=True))
    # torch's function forms; an in-place one (torch.sin_) is the method as bound above
    return {name: getattr(T, name) if name.endswith("_") and "Tensor." + name in fn.forms else fn
            for name, fn in functions.items()}


def _volatile(self):
    from ._caller import warn
    warn("volatile was removed (Variable.volatile is always False)")
    return False


def _reinforce(self, reward):
    raise RuntimeError("reinforce() was removed.\nUse torch.distributions instead.\n"
                       "See https://pytorch.org/docs/main/distributions.html\n\nInstead of:\n\n"
                       "probs = policy_network(state)\naction = probs.multinomial()\n"
                       "next_state, reward = env.step(action)\naction.reinforce(reward)\naction.backward()\n\n"
                       "Use:\n\nprobs = policy_network(state)\n"
                       "# NOTE: categorical is equivalent to what used to be called multinomial\n"
                       "m = torch.distributions.Categorical(probs)\naction = m.sample()\n"
                       "next_state, reward = env.step(action)\nloss = -m.log_prob(action) * reward\nloss.backward()\n")


def _as_subclass(self, cls):
    """An alias of self (AliasBackward0 when it requires grad) whose class is cls."""
    if not (isinstance(cls, type) and issubclass(cls, Tensor)):
        raise TypeError("Creating a Tensor subclass from a class that does not inherit from Tensor is not "
                        "possible. Make sure your class inherits from Tensor.")
    out = S.alias(self)
    out.__class__ = cls
    return out


def _is_nonzero(self):
    if self.numel() != 1:
        raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous" if self.numel()
                           else "Boolean value of Tensor with no values is ambiguous")
    return bool(self.item())


def _restride(self, view):
    """In-place shape ops (t_, squeeze_ ...): self takes the view's geometry and history."""
    check_inplace(self)
    self._shape, self._stride, self._offset = view._shape, view._stride, view._offset
    if view.grad_fn is not None:
        self.grad_fn, self._output_nr = view.grad_fn, view._output_nr
    if view._fw_grads:  # and its tangents, the same view of self's tangents
        copy_tangents(view, self)
    return self


TORCH_FUNCTIONS = _bind()  # torch/__init__.py exports them
# torch's function forms of in-place geometry changes bound above as methods only
TORCH_FUNCTIONS.update(as_strided_=Tensor.as_strided_, resize_as_=Tensor.resize_as_)
