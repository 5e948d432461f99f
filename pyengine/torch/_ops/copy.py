"""Copies, dtype conversion and in-place writes."""
from .. import _dtype
from .._backend import backend as B
from .._tensor import Tensor
from ..autograd.derivatives import op
from ._helpers import new_tensor, operand


@op("CloneBackward0", self=lambda grad: grad)
def clone(self, memory_format=None):
    return new_tensor(B.copy(self._buf()), self._shape, self.dtype)


@op("ToCopyBackward0", self=lambda grad, self: grad.to(self.dtype))
def _to_copy(self, dtype):
    return new_tensor(B.cast(self._buf(), dtype), self._shape, dtype)


def to(self, *args, **kwargs):
    """Tensor.to(dtype) / to(device) / to(other): returns self when nothing changes."""
    dtype = kwargs.get("dtype")
    copy = kwargs.get("copy", False)
    for a in args:
        if isinstance(a, _dtype.dtype):
            dtype = a
        elif isinstance(a, Tensor):
            dtype = a.dtype
    if dtype is None or dtype is self.dtype:
        return clone(self) if copy else self
    return _to_copy(self, dtype)


def check_inplace(self):
    """PyTorch refuses in-place changes to a leaf that requires grad while grad mode is on."""
    from ..autograd.grad_mode import _state
    if _state["enabled"] and self.requires_grad and self.grad_fn is None:
        raise RuntimeError("a leaf Variable that requires grad is being used in an in-place operation.")


def write_(self, src):
    """Overwrite self's elements with the tensor ``src`` (broadcast, cast) and bump the version."""
    buf = operand(src, self._shape, self.dtype)
    if not hasattr(buf, "__len__"):
        buf = B.full(self.numel(), buf, self.dtype)
    B.put(self._storage.buf, self._offset, self._shape, self._stride, buf)
    self._storage.version += 1
    return self


def apply_inplace(self, result):
    """Finish an in-place op: write ``result`` into self and take over its history."""
    check_inplace(self)
    if result.dtype is not self.dtype and not _can_cast(result.dtype, self.dtype):
        raise RuntimeError(f"result type {_type_name(result.dtype)} can't be cast to the desired "
                           f"output type {_type_name(self.dtype)}")
    write_(self, result)
    if result.grad_fn is not None:
        self.grad_fn = result.grad_fn
        self._output_nr = result._output_nr
        self.requires_grad = True
        # the node's output is now self: keep its metadata as self's shape
    return self


def _can_cast(src, dst):
    order = {"b": 0, "u": 1, "i": 1, "f": 2}
    return order[src.kind] <= order[dst.kind]


def _type_name(d):
    return {"float32": "Float", "float64": "Double", "float16": "Half", "int64": "Long", "int32": "Int",
            "int16": "Short", "int8": "Char", "uint8": "Byte", "bool": "Bool"}[d.name]
