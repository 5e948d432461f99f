"""torch.autograd.forward_ad: dual tensors (a primal and its tangent) and the dual levels they live in.

A program enters one level at a time, as in PyTorch ("Nested forward mode AD is not supported");
levels nest only as torch.func's jvp of a jvp (``enter_jvp_level``). The tangents themselves are
computed op by op in ``dual``.
"""
import functools
from collections import namedtuple

from . import dual as _dual

__all__ = ["UnpackedDualTensor", "enter_dual_level", "exit_dual_level", "make_dual", "unpack_dual",
           "dual_level"]

NESTED = "Nested forward mode AD is not supported at the moment"


def _enter_level():
    level = _dual.state["level"] + 1
    _dual.state["level"] = level
    _dual.set_visible(level)
    return level


def enter_dual_level():
    """Enter a new forward grad level (the only one: levels do not nest)."""
    if _dual.state["level"] >= 0:
        raise RuntimeError(NESTED)
    return _enter_level()


def enter_jvp_level():
    """torch.func.jvp's level: inside another jvp's, a level of its own (its tangents get tangents
    at the levels outside); inside a program's dual_level, PyTorch's error."""
    if _dual.state["level"] + 1 != _dual.state["jvp_levels"]:
        raise RuntimeError(NESTED)
    _dual.state["jvp_levels"] += 1
    return _enter_level()


def exit_dual_level(*, level=None):
    """Exit the innermost forward grad level, deleting every tangent made in it."""
    current = _dual.state["level"]
    if level is None:
        level = current
    if level != current:
        raise RuntimeError("Trying to exit a forward AD level that was not the last one that was created. "
                           "This is not supported.")
    if level < 0:
        raise RuntimeError("Dual level must be a positive number.")
    _dual.clear_tangents(level)
    _dual.state["level"] = level - 1
    _dual.state["jvp_levels"] = min(_dual.state["jvp_levels"], level)
    _dual.set_visible(level - 1)


def _check_level(level, op, checked=True):
    """The level asked for (default: the innermost); past the innermost, PyTorch's error (if
    ``checked``: unpack_dual checks only a tensor with tangents)."""
    if level is None:
        return _dual.state["level"]
    if level > _dual.state["level"] and checked:
        raise RuntimeError(f"Invalid level given to {op}")
    return level


def make_dual(tensor, tangent, *, level=None):
    """A new tensor aliased to ``tensor`` with ``tangent`` as its tangent at ``level``: ``tangent``
    itself when it has ``tensor``'s strides, else a copy laid out as ``tensor``. The new tensor keeps
    ``tensor``'s tangents at the levels outside."""
    level = _check_level(level, "_make_dual")
    if level < 0:
        raise RuntimeError("Trying to create a dual Tensor for forward AD but no level exists, make sure to "
                           "enter_dual_level() first.")
    if not tensor.is_floating_point():
        raise ValueError(f"Expected primal to be floating point or complex, but got: {tensor.dtype}")
    if not tangent.is_floating_point():
        raise ValueError(f"Expected tangent to be floating point or complex, but got: {tangent.dtype}")
    if _dual.tangent_at(tensor, level) is not None:
        raise RuntimeError("Making a dual Tensor based on a Tensor that already has a forward gradient at "
                           f"the same level {level} is not supported.")
    if tangent._shape != tensor._shape:
        raise RuntimeError(
            "Trying to set a forward gradient that has a different size than that of the original Tensor, "
            f"this is not supported. Tensor is of size [{', '.join(map(str, tensor._shape))}] while the "
            f"given forward gradient is of size [{', '.join(map(str, tangent._shape))}].")
    visible = _dual.set_visible(level - 1)
    try:
        dual = tensor.view(tensor._shape)
        if tangent._stride != tensor._stride:
            from .._ops.creation import empty_strided
            tangent = empty_strided(tensor._shape, tensor._stride, dtype=tangent.dtype).copy_(tangent)
    finally:
        _dual.set_visible(visible)
    _dual.set_tangent(dual, tangent, level, "make_dual")
    return dual


class UnpackedDualTensor(namedtuple("UnpackedDualTensor", ["primal", "tangent"])):
    """What unpack_dual returns: the primal and its tangent (None if it has none). PyTorch's is a
    typing.NamedTuple; collections' gives the same class without importing typing at start-up."""

    __slots__ = ()


def unpack_dual(tensor, *, level=None):
    """``(primal, tangent)``: a view of the primal, without the tangent at ``level`` (with those at the
    levels outside), and the tangent as it is."""
    level = _check_level(level, "_fw_primal", bool(tensor._fw_grads))
    if level < 0:
        return UnpackedDualTensor(tensor, None)
    # inside a custom Function's forward, forward AD is off: its inputs read as plain tensors
    tangent = _dual.tangent_at(tensor, level) if _dual.state["visible"] >= level else None
    visible = _dual.set_visible(level - 1)
    try:
        primal = tensor._fw_primal(level)
    finally:
        _dual.set_visible(visible)
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
