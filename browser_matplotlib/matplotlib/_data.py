"""What plotting functions accept as data: numbers, (nested) lists and tuples, numpy arrays (the browser's)
and torch tensors, read as real matplotlib reads them through numpy. A tensor that requires grad raises
PyTorch's own error, as `np.asarray(tensor)` does under real matplotlib."""
import sys


def dtype_of(data):
    """The numpy dtype name `np.asarray(data)` would have (what get_xdata() and the like answer in)."""
    torch = sys.modules.get("torch")
    if torch is not None and isinstance(data, torch.Tensor):
        return str(data.dtype).removeprefix("torch.")
    dtype = getattr(data, "dtype", None)
    if dtype is not None:
        return str(dtype)
    if isinstance(data, (list, tuple)):
        leaves = list(_leaves(data))
        if leaves and all(isinstance(leaf, int) and not isinstance(leaf, bool) for leaf in leaves):
            return "int64"
    return "float64"


def _leaves(items):
    for item in items:
        if isinstance(item, (list, tuple)):
            yield from _leaves(item)
        else:
            yield item


def values(data, name="data"):
    """(shape, [float, ...] in row-major order) of `data`; ValueError/TypeError for what is not numbers."""
    data = _plain(data)
    if isinstance(data, (list, tuple)):
        shape, flat = _nested(data, name)
        return shape, flat
    return (), [_number(data, name)]


def column(data, name="data"):
    """`data` as a 1-D list of floats (a scalar is one value; more dimensions are an error)."""
    shape, flat = values(data, name)
    if len(shape) > 1 and any(size != 1 for size in shape[1:]):
        raise ValueError(f"{name} must be 1D, but has shape {shape}")
    return flat


def _plain(data):
    torch = sys.modules.get("torch")
    if torch is not None and isinstance(data, torch.Tensor):
        return data.numpy().tolist()  # raises for a tensor that requires grad, as np.asarray does
    tolist = getattr(data, "tolist", None)  # numpy arrays and scalars
    if tolist is not None and not isinstance(data, (list, tuple, str)):
        return tolist()
    return data


def _nested(items, name):
    if not items:
        return (0,), []
    parts = [_plain(item) for item in items]
    if all(not isinstance(part, (list, tuple)) for part in parts):
        return (len(parts),), [_number(part, name) for part in parts]
    inner = [_nested(part, name) if isinstance(part, (list, tuple)) else None for part in parts]
    if any(entry is None for entry in inner) or len({shape for shape, _ in inner}) != 1:
        raise ValueError(f"{name} is a ragged nested sequence; the browser's matplotlib draws rectangular data only")
    return (len(parts), *inner[0][0]), [value for _, flat in inner for value in flat]


def _number(value, name):
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        raise NotImplementedError(f"matplotlib with text values ({value!r} in {name}) is not available in the browser "
                                  "here; text is drawn as the x or y of plot, scatter and bar (a list of strings)")
    try:
        return float(value)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be numbers, not {type(value).__name__}") from None
