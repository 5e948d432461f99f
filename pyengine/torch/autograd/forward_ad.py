"""torch.autograd.forward_ad: dual tensors (a primal and its tangent) and the dual level they live in.

Only one level at a time, as in PyTorch ("Nested forward mode AD is not supported"); the tangents
themselves are computed op by op in ``dual``.
"""
import functools
from collections import namedtuple

from . import dual as _dual

__all__ = ["UnpackedDualTensor", "enter_dual_level", "exit_dual_level", "make_dual", "unpack_dual",
           "dual_level"]


def enter_dual_level():
    """Enter a new forward grad level (the only one: levels do not nest)."""
    if _dual.state["level"] >= 0:
        raise RuntimeError("Nested forward mode AD is not supported at the moment")
    _dual.state["level"] = 0
    _dual.state["active"] = True
    return 0


def exit_dual_level(*, level=None):
    """Exit the forward grad level, deleting every tangent made in it."""
    current = _dual.state["level"]
    if level is None:
        level = current
    if level != current:
        raise RuntimeError("Trying to exit a forward AD level that was not the last one that was created. "
                           "This is not supported.")
    if level < 0:
        raise RuntimeError("Dual level must be a positive number.")
    _dual.clear_tangents()
    _dual.state["active"] = False
    _dual.state["level"] = level - 1


def make_dual(tensor, tangent, *, level=None):
    """A new tensor aliased to ``tensor`` with ``tangent`` as its tangent: ``tangent`` itself when it
    has ``tensor``'s strides, else a copy laid out as ``tensor``."""
    if level is None:
        level = _dual.state["level"]
    if level < 0:
        raise RuntimeError("Trying to create a dual Tensor for forward AD but no level exists, make sure to "
                           "enter_dual_level() first.")
    if not tensor.is_floating_point():
        raise ValueError(f"Expected primal to be floating point or complex, but got: {tensor.dtype}")
    if not tangent.is_floating_point():
        raise ValueError(f"Expected tangent to be floating point or complex, but got: {tangent.dtype}")
    if tensor._fw_grad is not None:
        raise RuntimeError("Making a dual Tensor based on a Tensor that already has a forward gradient at "
                           f"the same level {level} is not supported.")
    if tangent._shape != tensor._shape:
        raise RuntimeError(
            "Trying to set a forward gradient that has a different size than that of the original Tensor, "
            f"this is not supported. Tensor is of size [{', '.join(map(str, tensor._shape))}] while the "
            f"given forward gradient is of size [{', '.join(map(str, tangent._shape))}].")
    _dual.state["active"] = False
    try:
        dual = tensor.view(tensor._shape)
        if tangent._stride != tensor._stride:
            from .._ops.creation import empty_strided
            tangent = empty_strided(tensor._shape, tensor._stride, dtype=tangent.dtype).copy_(tangent)
    finally:
        _dual.state["active"] = True
    _dual.set_tangent(dual, tangent, "make_dual")
    return dual


class UnpackedDualTensor(namedtuple("UnpackedDualTensor", ["primal", "tangent"])):
    """What unpack_dual returns: the primal and its tangent (None if it has none). PyTorch's is a
    typing.NamedTuple; collections' gives the same class without importing typing at start-up."""

    __slots__ = ()


def unpack_dual(tensor, *, level=None):
    """``(primal, tangent)``: a view of the primal, without the tangent, and the tangent as it is."""
    if level is None:
        level = _dual.state["level"]
    if level < 0:
        return UnpackedDualTensor(tensor, None)
    # inside a custom Function's forward, forward AD is off: its inputs read as plain tensors
    tangent = tensor._fw_grad if _dual.state["active"] else None
    _dual.state["active"] = False
    try:
        primal = tensor._fw_primal(level)
    finally:
        _dual.state["active"] = True
    return UnpackedDualTensor(primal, tangent)


class dual_level:
    """Context manager (and decorator) for forward AD: enters the dual level, and exits it
    (deleting the tangents)."""

    def __call__(self, fn):
        @functools.wraps(fn)
        def wrapped(*args, **kwargs):
            with dual_level():
                return fn(*args, **kwargs)
        return wrapped

    def __enter__(self):
        return enter_dual_level()

    def __exit__(self, exc_type, exc_value, traceback):
        exit_dual_level()
