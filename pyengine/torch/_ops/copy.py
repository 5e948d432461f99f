"""Copies, dtype conversion and in-place writes (copy_, fill_, zero_, the ``op_`` forms)."""
from .. import _dtype
from .._backend import backend as B
from .._device import check_device, device as _device
from .._tensor import Tensor
from ..autograd.derivatives import op, TRANSFORM_HOOK
from ..autograd.inplace import commit_inplace
from ._helpers import buffer_as, checked_fill_value, new_tensor, broadcast_shapes, type_name


def _dense_order(x):
    """The dim order (outermost first) in which x's elements fill memory without gaps, or
    None when x is contiguous or not dense (copies then come out contiguous)."""
    if x.is_contiguous():
        return None
    order = sorted(range(x.dim()), key=lambda d: (-x._stride[d], d))
    expected = 1
    for d in reversed(order):
        if x._shape[d] != 1 and x._stride[d] != expected:
            return None
        expected *= x._shape[d]
    return order


def _copy_values(x, dtype, memory_format):
    """A copy of x's values in ``dtype``; like PyTorch's preserve_format, a dense permuted
    layout (x.t()) keeps its strides."""
    order = None if memory_format == "contiguous" else _dense_order(x)
    if order is None:
        buf = x._buf()
        return new_tensor(B.cast(buf, dtype) if dtype is not x.dtype else B.copy(buf), x._shape, dtype)
    shape = tuple(x._shape[d] for d in order)
    buf = B.take(x._storage.buf, x._offset, shape, tuple(x._stride[d] for d in order))
    if dtype is not x.dtype:
        buf = B.cast(buf, dtype)
    strides = [0] * x.dim()
    acc = 1
    for d in reversed(order):
        strides[d] = acc
        acc *= x._shape[d]
    out = new_tensor(buf, x._shape, dtype)
    out._stride = tuple(strides)
    return out


@op("CloneBackward0", name="clone", result="auto_linear", forms="torch Tensor", self=lambda grad: grad)
def clone(self, memory_format=None):
    return _copy_values(self, self.dtype, memory_format)


@op("ToCopyBackward0", name="_to_copy",
    result="auto_linear", self=lambda grad, self: grad.to(self.dtype))
def _to_copy(self, dtype):
    return _copy_values(self, dtype, None)


def _parse_dtype(value):
    if isinstance(value, _dtype.dtype):
        return value
    if isinstance(value, str):
        name = value[len("torch."):] if value.startswith("torch.") else value
        legacy = _LEGACY_TYPES.get(name)
        if legacy is not None:
            return legacy
        raise ValueError(f"invalid type: '{value}'")
    if value in (float, int, bool):
        return {float: _dtype.float64, int: _dtype.int64, bool: _dtype.bool_}[value]
    raise TypeError(f"to() received an invalid combination of arguments")


_LEGACY_TYPES = {"FloatTensor": _dtype.float32, "DoubleTensor": _dtype.float64, "HalfTensor": _dtype.float16,
                 "LongTensor": _dtype.int64, "IntTensor": _dtype.int32, "ShortTensor": _dtype.int16,
                 "CharTensor": _dtype.int8, "ByteTensor": _dtype.uint8, "BoolTensor": _dtype.bool_}


@op(name="to", forms="Tensor")
def to(self, *args, **kwargs):
    """Tensor.to(dtype) / to(device) / to(device, dtype) / to(other): self when nothing changes."""
    dtype = kwargs.get("dtype")
    copy = kwargs.get("copy", False)
    if "device" in kwargs and kwargs["device"] is not None:
        check_device(kwargs["device"])
    for a in args:
        if isinstance(a, _dtype.dtype):
            dtype = a
        elif isinstance(a, Tensor):
            dtype = a.dtype
        elif isinstance(a, (str, _device)):
            check_device(a)
        elif isinstance(a, bool):
            copy = a if args.index(a) > 0 else copy
    if dtype is None or dtype is self.dtype:
        return _to_copy(self, self.dtype) if copy else self
    return _to_copy(self, dtype)


@op(name="type", forms="Tensor")
def type(self, dtype=None, non_blocking=False):
    """Tensor.type(): the legacy type name, or a converted tensor."""
    if dtype is None:
        return "torch." + _LEGACY_NAMES[self.dtype.name]
    return to(self, _parse_dtype(dtype))


_LEGACY_NAMES = {d.name: name for name, d in _LEGACY_TYPES.items()}


def _converter(dtype):
    def convert(self, memory_format=None):
        return to(self, dtype)
    convert.__name__ = dtype.name
    return convert


def can_cast(src, dst):
    order = {"b": 0, "u": 1, "i": 1, "f": 2}
    return order[src.kind] <= order[dst.kind]


def check_no_overlap(self):
    """Writing into an expanded view (several elements on one memory location) is refused."""
    for size, stride in zip(self._shape, self._stride):
        if size > 1 and stride == 0:
            raise RuntimeError("unsupported operation: more than one element of the written-to tensor refers "
                               "to a single memory location. Please clone() the tensor before performing the "
                               "operation.")


def apply_inplace(self, result, op_name=None):
    """Finish an in-place op (``op_name``: its method's name): ``result`` (computed out of place)
    becomes self's value."""
    if TRANSFORM_HOOK[0] is not None:  # under vmap: batched values are written by their rule
        done = TRANSFORM_HOOK[0](apply_inplace, (self, result, op_name), {})
        if done is not NotImplemented:
            return done
    check_no_overlap(self)
    if result.dtype is not self.dtype and not can_cast(result.dtype, self.dtype):
        raise RuntimeError(f"result type {type_name(result.dtype)} can't be cast to the desired "
                           f"output type {type_name(self.dtype)}")
    if result._shape != self._shape and broadcast_shapes(result._shape, self._shape) != self._shape:
        raise RuntimeError(f"output with shape [{', '.join(map(str, self._shape))}] doesn't match the "
                           f"broadcast shape [{', '.join(map(str, broadcast_shapes(result._shape, self._shape)))}]")
    return commit_inplace(self, result)


@op("torch::autograd::CopyBackwards", name="copy_", saved="",  # (PyTorch's keeps src's options and sizes unnamed)
    result=lambda self, src_t: src_t.clone() if isinstance(src_t, Tensor) else self.new_zeros(self._shape), self=lambda grad: grad * 0,
    src=lambda grad, src_meta: _copy_grad(grad, *src_meta))
def _copy(self, src, src_meta=None):
    """The value of ``self.copy_(src)``: src broadcast to self's shape, in self's dtype."""
    if isinstance(src, Tensor) and src._shape != self._shape:
        shape = broadcast_shapes(self._shape, src._shape)  # (TensorIterator's error if they do not broadcast)
        if shape != self._shape:
            raise RuntimeError(f"output with shape [{', '.join(map(str, self._shape))}] doesn't match the "
                               f"broadcast shape [{', '.join(map(str, shape))}]")
    return new_tensor(buffer_as(src, self._shape, self.dtype), self._shape, self.dtype)


def _copy_grad(grad, src_shape, src_dtype):
    """copy_'s gradient for src: only src's shape and dtype matter, so its values are not saved."""
    g = grad.sum_to_size(src_shape) if grad._shape != src_shape else grad
    return g.to(src_dtype) if g.dtype is not src_dtype else g


@op(name="copy_", forms="Tensor")
def copy_(self, src, non_blocking=False):
    check_no_overlap(self)
    return commit_inplace(self, _copy(self, src, (src._shape, src.dtype) if isinstance(src, Tensor) else None))


@op(name="fill_", forms="torch Tensor")
def fill_(self, value):
    check_no_overlap(self)
    if isinstance(value, Tensor) and value.dim():
        raise RuntimeError(f"fill_ only supports 0-dimension value tensor but got tensor with "
                           f"{value.dim()} dimensions.")
    return commit_inplace(self, (_fill_tensor if isinstance(value, Tensor) else _fill_number)(self, value))


def _filled(self, value):
    value = checked_fill_value(value, self.dtype)
    return new_tensor(buffer_as(value, self._shape, self.dtype), self._shape, self.dtype)


@op("FillBackward2", name="fill_.Scalar",
    result=lambda self_t: self_t.new_zeros(self_t._shape), self=lambda grad: grad * 0)
def _fill_number(self, value):
    return _filled(self, value)


@op("FillBackward3", name="fill_.Tensor",
    result="auto_linear", self=lambda grad: grad * 0, value=lambda grad: grad.sum())
def _fill_tensor(self, value):
    return _filled(self, value)


@op(name="fill", forms="torch")
def fill(input, value):
    """A new tensor of input's shape and dtype filled with value (a number or a 0-d tensor)."""
    if isinstance(value, Tensor) and value.dim():
        raise RuntimeError(f"fill_ only supports 0-dimension value tensor but got tensor with "
                           f"{value.dim()} dimensions.")
    return (_fill_tensor_out if isinstance(value, Tensor) else _fill_number_out)(input, value)


@op("FillBackward0", name="fill.Scalar",
    result=lambda self_t: self_t.new_zeros(self_t._shape), self=lambda grad: grad * 0)
def _fill_number_out(self, value):
    return _filled(self, value)


@op("FillBackward1", name="fill.Tensor",
    result="auto_linear", self=lambda grad: grad * 0, value=lambda grad: grad.sum())
def _fill_tensor_out(self, value):
    return _filled(self, value)


@op(name="zero_", forms="torch Tensor")
def zero_(self):
    check_no_overlap(self)
    return commit_inplace(self, _zero(self))


@op("ZeroBackward0", name="zero_", result="auto_linear", self=lambda grad: grad * 0)
def _zero(self):
    return new_tensor(B.full(self.numel(), 0, self.dtype), self._shape, self.dtype)
