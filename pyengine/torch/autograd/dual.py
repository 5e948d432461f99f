"""Forward-mode AD: the dual level's state, and the tangent of each op's result, computed from
the op's declaration (``derivatives.op``'s ``result=``) as PyTorch's generated code does.

A dual tensor is an ordinary tensor with a tangent (``_fw_grad``). While a dual level is entered,
every declared op checks its inputs for tangents (``derivatives._recording_call``); when one has
some, the op's forward-mode formula gives the result's tangent:

* ``"auto_element_wise"``: the op's backward formulas with the input's tangent as ``grad``, summed
  over the inputs (an element-wise op's Jacobian is diagonal, so J^T v = J v);
* ``"auto_linear"``: the op itself applied to the tangents (zeros for inputs without one);
* a function: called with ``<input>_t`` (each input's tangent; where it has none, a ZeroTangent,
  PyTorch's efficient zero tensor), the forward's arguments by name and ``result``; it returns the
  tangent (a tuple for several outputs).

Formulas run with tangents off and read the primals (``Tensor._fw_primal``, PyTorch's ``self_p``),
in the current grad mode: with grad enabled, tangents that require grad get a history, as PyTorch's do.
"""
import weakref

from .._backend import backend as B
from .._process import per_process
from .._dtype import get_default_dtype
from . import graph as _graph
from .grad_mode import _forward_state as state

# id(tensor) -> weakref to it, for every tensor given a tangent in the level
_tangent_holders = per_process("torch.autograd.forward_ad.tangents", {})

NOT_IMPLEMENTED = (
    "Trying to use forward AD with {} that does not support it because it has not been implemented "
    "yet.\nPlease file an issue to PyTorch at https://github.com/pytorch/pytorch/issues/new?template="
    "feature-request.yml so that we can prioritize its implementation or submit a PR adding the "
    "implementation to derivatives.yaml")


def set_tangent(tensor, tangent, op=None, sources=()):
    """Gives ``tensor`` its tangent; ``op`` (a Derivative, or a name: "make_dual") computed it from
    the tangents of ``sources`` (the graph view draws forward mode from them)."""
    tensor._fw_grad = tangent
    _tangent_holders[id(tensor)] = weakref.ref(tensor)
    if _graph.recorder is not None:  # the app's graph view records the run
        _graph.recorder.record_tangent(tensor, op, sources)


def clear_tangents():
    """Exiting the level deletes every tangent made in it."""
    for ref in _tangent_holders.values():
        tensor = ref()
        if tensor is not None:
            tensor.__dict__.pop("_fw_grad", None)
    _tangent_holders.clear()


def _input_tangents(d, args):
    """Each differentiable input's tangent (a list for a list of tensors), or None when no input has one."""
    tangents, found = [], False
    for pos in d.input_positions:
        a = args[pos]
        if isinstance(a, Tensor):
            t = a._fw_grad
            found = found or t is not None
        elif isinstance(a, (list, tuple)):
            t = [x._fw_grad if isinstance(x, Tensor) else None for x in a]
            found = found or any(x is not None for x in t)
        else:
            t = None
        tangents.append(t)
    return tangents if found else None


def record_tangent(d, args, result):
    """Give ``result`` the tangent of op ``d`` at ``args`` if an input has one (tangents on)."""
    tangents = _input_tangents(d, args)
    if tangents is None:
        return
    rule = d.tangent
    if rule is None:
        raise NotImplementedError(NOT_IMPLEMENTED.format((d.op_name or d.name).partition(".")[0]))
    sources = _duals(args) if _graph.recorder is not None else ()
    state["active"] = False
    try:
        args = _primals(args)  # formulas read the primals (PyTorch's self_p): their history has no tangents
        if rule == "auto_element_wise":
            out = _element_wise(d, args, tangents, result)
        elif rule == "auto_linear":
            out = _linear(d, args, tangents)
        else:
            out = _explicit(rule, d, args, tangents, result)
        attach(result, out, d, sources)
    finally:
        state["active"] = True


def _duals(args):
    """The arguments (also in a list of tensors) that have a tangent."""
    flat = [x for a in args for x in (a if isinstance(a, (list, tuple)) else (a,))]
    return [x for x in flat if isinstance(x, Tensor) and x._fw_grad is not None]


def _primal(a):
    return a._fw_primal(0) if isinstance(a, Tensor) and a._fw_grad is not None else a


def _primals(args):
    """``args`` with each dual tensor (also in a list of tensors) replaced by its primal
    (``Tensor._fw_primal``); every other argument as it is."""
    out = []
    for a in args:
        if isinstance(a, (list, tuple)) and any(isinstance(x, Tensor) and x._fw_grad is not None for x in a):
            a = [_primal(x) for x in a] if isinstance(a, list) else tuple(_primal(x) for x in a)
        out.append(_primal(a))
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


def attach(result, out, op=None, sources=()):
    """Give each floating output its tangent: full size (a broadcast tangent is expanded); ``op``
    and ``sources`` as set_tangent takes them."""
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
        set_tangent(r, t, op, sources)


def commit_tangent(self, result):
    """An in-place op wrote ``result`` into ``self``: so does its tangent, into ``self``'s tangent
    in place (views of it see the change). A view without one gets a view of its base's tangent
    (zeros made first if the base has none); any other tensor takes the result's tangent as it is."""
    tangent = result._fw_grad
    if tangent is None:
        return
    own = self._fw_grad
    if own is None and self._base is None:  # a fresh tangent, as the formula made it
        set_tangent(self, tangent)
        return
    state["active"] = False
    try:
        if own is None:
            base = self._base
            if base.dtype.kind == "f":
                base_tangent = base._fw_grad
                if base_tangent is None:
                    base_tangent = _zeros(base)
                    set_tangent(base, base_tangent)
                if base_tangent._stride == base._stride:
                    own = base_tangent.as_strided(self._shape, self._stride,
                                                  base_tangent._offset + self._offset - base._offset)
            if own is None:
                own = _zeros(self)
            set_tangent(self, own)
        own.copy_(tangent)
    finally:
        state["active"] = True


from .._tensor import Tensor  # noqa: E402  (the tensor module imports the graph module)


class ZeroTangent(Tensor):
    """The tangent of an input that has none, inside a formula: PyTorch's efficient zero tensor.
    Adding it changes nothing, not even the sign of a -0.0 (it adds -0.0, the identity of
    floating-point addition), and a product with it is one again; every other op reads it as
    zeros. So ``other_t * self + self_t * other`` gives exactly ``self_t * other``, as in PyTorch."""

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
        return self.new_full(self._shape, -0.0)

    def _broadcast_zero(self, other):
        shape = (self + other)._shape if isinstance(other, Tensor) else self._shape
        return ZeroTangent.like(self.new_zeros(shape)) if shape != self._shape else self

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
            return other - Tensor.new_zeros(self, self._shape)
        return Tensor.__rsub__(self, other)

    def __mul__(self, other):
        if isinstance(other, (Tensor, int, float)):
            return self._broadcast_zero(other) if isinstance(other, Tensor) else self
        return Tensor.__mul__(self, other)

    __rmul__ = __mul__

    def __truediv__(self, other):
        if isinstance(other, (Tensor, int, float)):
            return self._broadcast_zero(other) if isinstance(other, Tensor) else self
        return Tensor.__truediv__(self, other)

    def __neg__(self):
        return self
