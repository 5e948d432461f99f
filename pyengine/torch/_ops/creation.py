"""Tensor creation: torch.tensor and friends."""
from .. import _dtype
from .._backend import backend as B
from .._tensor import Tensor
from ._helpers import new_tensor


def _infer(data):
    """(flat values, shape, inferred dtype) of nested Python data."""
    if isinstance(data, Tensor):
        return data._flat(), data._shape, data.dtype
    if isinstance(data, (list, tuple)):
        if not data:
            return [], (0,), _dtype.get_default_dtype()
        parts = [_infer(d) for d in data]
        inner = parts[0][1]
        for p in parts:
            if p[1] != inner:
                raise ValueError(f"expected sequence of length {inner[0] if inner else 0} at dim "
                                 f"1 (got {p[1][0] if p[1] else 0})")
        dtype = parts[0][2]
        for p in parts[1:]:
            dtype = _promote_inferred(dtype, p[2])
        flat = [v for p in parts for v in p[0]]
        return flat, (len(data),) + inner, dtype
    if isinstance(data, bool):
        return [data], (), _dtype.bool_
    if isinstance(data, int):
        return [data], (), _dtype.int64
    if isinstance(data, float):
        return [data], (), _dtype.get_default_dtype()
    if hasattr(data, "item") and hasattr(data, "dtype"):  # numpy scalar
        return _infer(data.item())
    raise TypeError(f"Could not infer dtype of {type(data).__name__}")


def _promote_inferred(a, b):
    if a is b:
        return a
    order = {"b": 0, "u": 1, "i": 1, "f": 2}
    return a if order[a.kind] >= order[b.kind] else b


def tensor(data, *, dtype=None, device=None, requires_grad=False, pin_memory=False):
    if hasattr(data, "__array__") and not isinstance(data, (list, tuple, Tensor)):
        from .numpy_bridge import from_array
        t = from_array(data, copy=True)
        if dtype is not None:
            t = t.to(dtype)
    else:
        flat, shape, inferred = _infer(data)
        dtype = dtype or inferred
        t = new_tensor(B.from_list(flat, dtype), shape, dtype)
    if requires_grad:
        t.requires_grad_(True)
    return t


def legacy_new(*args, **kwargs):
    """torch.Tensor(...): sizes give an uninitialised float tensor, data gives a float copy."""
    if len(args) == 1 and isinstance(args[0], (list, tuple, Tensor)):
        return tensor(args[0], dtype=_dtype.float32)
    shape = tuple(args)
    n = 1
    for s in shape:
        n *= s
    return new_tensor(B.full(n, 0.0, _dtype.float32), shape if args else (0,), _dtype.float32)
