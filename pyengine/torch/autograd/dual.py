"""Forward-mode AD: the dual levels' state, and the tangent of each op's result, computed from
the op's declaration (``derivatives.op``'s ``result=``) as PyTorch's generated code does.

A dual tensor is an ordinary tensor with a tangent per dual level (``_fw_grads``). While a level
is entered, every declared op checks its inputs for tangents (``derivatives._recording_call``);
for each level where one has some, the op's forward-mode formula gives the result's tangent:

* ``"auto_element_wise"``: the op's backward formulas with the input's tangent as ``grad``, summed
  over the inputs (an element-wise op's Jacobian is diagonal, so J^T v = J v);
* ``"auto_linear"``: the op itself applied to the tangents (zeros for inputs without one);
* a function: called with ``<input>_t`` (each input's tangent; where it has none, a ZeroTangent,
  PyTorch's efficient zero tensor), the forward's arguments by name and ``result``; it returns the
  tangent (a tuple for several outputs).

Formulas read the primals (``Tensor._fw_primal``, PyTorch's ``self_p``) in the current grad mode:
with grad enabled, tangents that require grad get a history, as PyTorch's do. Levels nest as
torch.func's jvp of a jvp: level k's formulas run while the ops see the levels outside it
(0..k-1), so its tangents get tangents of their own there, outer levels first (a formula reading
``result`` reads it with its outer tangents), as PyTorch's functorch levels do.
"""
import weakref

from .._backend import backend as B
from .._process import per_process
from .._dtype import get_default_dtype
from . import graph as _graph
from .grad_mode import _forward_state as state, _state as _grad_mode, set_visible_dual_level as set_visible

# dual level -> {id(tensor): weakref to it}, for every tensor given a tangent at that level
_tangent_holders = per_process("torch.autograd.forward_ad.tangents", {})

NOT_IMPLEMENTED = (
    "Trying to use forward AD with {} that does not support it because it has not been implemented "
    "yet.\nPlease file an issue to PyTorch at https://github.com/pytorch/pytorch/issues/new?template="
    "feature-request.yml so that we can prioritize its implementation or submit a PR adding the "
    "implementation to derivatives.yaml")


def tangent_at(tensor, level):
    """``tensor``'s tangent at dual ``level``, or None."""
    grads = tensor._fw_grads
    return None if grads is None else grads.get(level)


def set_tangent(tensor, tangent, level=None, op=None, sources=()):
    """Give ``tensor`` its tangent at ``level`` (default: the innermost level ops see); ``op`` (a
    Derivative, or a name: "make_dual") computed it from the tangents of ``sources`` (the graph view
    draws forward mode from them)."""
    if level is None:
        level = state["visible"]
    grads = tensor.__dict__.get("_fw_grads")
    if grads is None:
        grads = tensor._fw_grads = {}
    grads[level] = tangent
    _tangent_holders.setdefault(level, {})[id(tensor)] = weakref.ref(tensor)
    if _graph.recorder is not None:  # the app's graph view records the run
        _graph.recorder.record_tangent(tensor, op, sources)


def copy_tangents(source, target):
    """``target`` takes every tangent of ``source`` (an in-place shape op takes its view's)."""
    for level, tangent in (source._fw_grads or {}).items():
        set_tangent(target, tangent, level)


def clear_tangents(level):
    """Exiting a level deletes every tangent made in it."""
    for ref in _tangent_holders.pop(level, {}).values():
        tensor = ref()
        if tensor is not None and tensor._fw_grads:
            tensor._fw_grads.pop(level, None)
            if not tensor._fw_grads:
                del tensor.__dict__["_fw_grads"]


def _input_tangents(d, args, level):
    """Each differentiable input's tangent at ``level`` (a list for a list of tensors), or None when
    no input has one."""
    tangents, found = [], False
    for pos in d.input_positions:
        a = args[pos]
        if isinstance(a, Tensor):
            t = tangent_at(a, level)
            found = found or t is not None
        elif isinstance(a, (list, tuple)):
            t = [tangent_at(x, level) if isinstance(x, Tensor) else None for x in a]
            found = found or any(x is not None for x in t)
        else:
            t = None
        tangents.append(t)
    return tangents if found else None


def record_tangent(d, args, result):
    """Give ``result`` the tangents of op ``d`` at ``args``, at each level ops see where an input
    has one, outer levels first."""
    innermost = state["visible"]
    for level in range(innermost + 1):
        tangents = _input_tangents(d, args, level)
        if tangents is None:
            continue
        rule = d.tangent
        if rule is None:
            raise NotImplementedError(NOT_IMPLEMENTED.format((d.op_name or d.name).partition(".")[0]))
        sources = _duals(args, level) if _graph.recorder is not None else ()
        set_visible(level - 1)
        try:
            primals = _primals(args, level)  # formulas read the primals (PyTorch's self_p)
            if rule == "auto_element_wise":
                out = _element_wise(d, primals, tangents, result)
            elif rule == "auto_linear":
                out = _linear(d, primals, tangents)
            else:
                out = _explicit(rule, d, primals, tangents, result)
            attach(result, out, level, d, sources)
        finally:
            set_visible(innermost)


def _duals(args, level):
    """The arguments (also in a list of tensors) that have a tangent at ``level``."""
    flat = [x for a in args for x in (a if isinstance(a, (list, tuple)) else (a,))]
    return [x for x in flat if isinstance(x, Tensor) and tangent_at(x, level) is not None]


def _primal(a, level):
    return a._fw_primal(level) if isinstance(a, Tensor) and tangent_at(a, level) is not None else a


def _primals(args, level):
    """``args`` with each tensor that has a tangent at ``level`` (also in a list of tensors) replaced
    by its primal there (``Tensor._fw_primal``); every other argument as it is."""
    out = []
    for a in args:
        if isinstance(a, (list, tuple)) and any(isinstance(x, Tensor) and tangent_at(x, level) is not None
                                                for x in a):
            a = [_primal(x, level) for x in a] if isinstance(a, list) else tuple(_primal(x, level) for x in a)
        out.append(_primal(a, level))
    return tuple(out)


def _zeros(a):
    return a.new_zeros(a._shape)


def _filled(a, t):
    """An input's tangent, a ZeroTangent where it has none (a 0-dim one for a number, None for an
    absent tensor)."""
    if isinstance(a, Tensor):
        return t if t is not None else ZeroTangent.like(a)
    if isinstance(a, (list, tuple)):
        return [ti if ti is not None else ZeroTangent.like(ai) for ai, ti in zip(a, t)]
    return None if a is None else ZeroTangent.number()


def _element_wise(d, args, tangents, result):
    named = dict(zip(d.params, args), result=result)
    total = None
    for formula, names, t in zip(d.formulas, d.formula_names, tangents):
        if t is None:
            continue
        named["grad"] = t
        part = formula(*[named[n] for n in names])
        total = part if total is None else total + part
    return total


def _linear(d, args, tangents):
    args = list(args)
    for pos, t in zip(d.input_positions, tangents):
        args[pos] = _filled(args[pos], t)
    n = d.positional_count
    return d.call(*args[:n], **dict(zip(d.params[n:], args[n:])))


def _explicit(rule, d, args, tangents, result):
    named = dict(zip(d.params, args), result=result)
    for name, pos, t in zip(d.inputs, d.input_positions, tangents):
        named[name + "_t"] = _filled(args[pos], t)
    return rule(*[named[n] for n in d.tangent_names])


def attach(result, out, level, op=None, sources=()):
    """Give each floating output its tangent at ``level``: full size (a broadcast tangent is
    expanded); ``op`` and ``sources`` as set_tangent takes them."""
    if isinstance(result, Tensor):
        result, out = (result,), (out,)
    elif not isinstance(out, (list, tuple)):
        out = (out,)
    for r, t in zip(result, out):
        if t is None or not isinstance(r, Tensor) or r.dtype.kind != "f":
            continue
        if type(t) is ZeroTangent:
            t = _zeros(t)
        if t._shape != r._shape:
            t = t.expand(r._shape).contiguous()
        set_tangent(r, t, level, op, sources)


def commit_tangent(self, result):
    """An in-place op wrote ``result`` into ``self``: so do its tangents, each into ``self``'s tangent
    at its level in place (views of it see the change). A view without one gets a view of its base's
    tangent (zeros made first if the base has none); any other tensor takes the result's tangent as
    it is."""
    innermost = state["visible"]
    for level in range(innermost + 1):
        tangent = tangent_at(result, level)
        if tangent is None:
            continue
        own = tangent_at(self, level)
        if own is None and self._base is None:  # a fresh tangent, as the formula made it
            set_tangent(self, tangent, level)
            continue
        set_visible(level - 1)
        try:
            if own is None:
                base = self._base
                if base.dtype.kind == "f":
                    base_tangent = tangent_at(base, level)
                    if base_tangent is None:
                        base_tangent = _zeros(base)
                        set_tangent(base, base_tangent, level)
                    if base_tangent._stride == base._stride:
                        own = base_tangent.as_strided(self._shape, self._stride,
                                                      base_tangent._offset + self._offset - base._offset)
                if own is None:
                    own = _zeros(self)
                set_tangent(self, own, level)
            own.copy_(tangent)
        finally:
            set_visible(innermost)


from .._tensor import Tensor  # noqa: E402  (the tensor module imports the graph module)


class ZeroTangent(Tensor):
    """The tangent of an input that has none, inside a formula: PyTorch's efficient zero tensor.
    Adding it changes nothing, not even the sign of a -0.0 (it adds -0.0, the identity of
    floating-point addition), and a product with it is one again; every other op reads it as
    zeros. So ``other_t * self + self_t * other`` gives exactly ``self_t * other``, as in PyTorch;
    and, as there, a product with a tensor that requires grad records its history (the sum then
    has an AddBackward0 even when ``self_t * other`` has none)."""

    __slots__ = ()

    @staticmethod
    def like(a):
        z = _zeros(a)
        z.__class__ = ZeroTangent
        return z

    @staticmethod
    def number():
        """The tangent of a Python number argument (PyTorch wraps it in a tensor without one)."""
        dtype = get_default_dtype()
        return Tensor._make(B.full(1, 0.0, dtype), (), dtype, ZeroTangent)

    def _negative_zeros(self):
        if self._requires_grad:  # -0.0 everywhere, keeping its history
            return Tensor.__neg__(Tensor.abs(self))
        return self.new_full(self._shape, -0.0)

    def _broadcast_zero(self, other):
        shape = (self + other)._shape if isinstance(other, Tensor) else self._shape
        return ZeroTangent.like(self.new_zeros(shape)) if shape != self._shape else self

    def _recorded(self, op, other):
        """A zero times or over a tensor that requires grad: still zeros (even against an inf),
        but with the op's history, as PyTorch's efficient zero tensors record it."""
        z = op(self, other)
        z._storage.buf = z.new_zeros(z._shape)._storage.buf
        z.__class__ = ZeroTangent
        return z

    def _records(self, other):
        return _grad_mode["enabled"] and (self._requires_grad or isinstance(other, Tensor) and other._requires_grad)

    def __add__(self, other):
        if isinstance(other, Tensor) and type(other) is not ZeroTangent:
            return other + self._negative_zeros()
        return Tensor.__add__(self, other)

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, Tensor) and type(other) is not ZeroTangent:
            return self._negative_zeros() - other
        return Tensor.__sub__(self, other)

    def __rsub__(self, other):
        if isinstance(other, Tensor):
            return other - (Tensor.abs(self) if self._requires_grad else Tensor.new_zeros(self, self._shape))
        return Tensor.__rsub__(self, other)

    def __mul__(self, other):
        if isinstance(other, (Tensor, int, float)):
            if self._records(other):
                return self._recorded(Tensor.__mul__, other)
            return self._broadcast_zero(other) if isinstance(other, Tensor) else self
        return Tensor.__mul__(self, other)

    __rmul__ = __mul__

    def __truediv__(self, other):
        if isinstance(other, (Tensor, int, float)):
            if self._records(other):
                return self._recorded(Tensor.__truediv__, other)
            return self._broadcast_zero(other) if isinstance(other, Tensor) else self
        return Tensor.__truediv__(self, other)

    def __neg__(self):
        if self._requires_grad and _grad_mode["enabled"]:
            return self._recorded(Tensor.__mul__, -1)
        return self
