"""In-place ops and autograd: version counters, leaf checks, and history on views.

An in-place op is computed out of place (recording its node as usual), then committed
into ``self``'s storage here. When ``self`` is a view, its base's history is rewritten
with a ``CopySlices`` node, as PyTorch does, and the view itself then reads as an
``AsStridedBackward0`` of the base.
"""
from .._backend import backend as B
from . import graph as _graph
from .graph import FREED_MESSAGE, PACKED, Node, gradient_edge, _sequence
from .grad_mode import _state as _grad_mode
from .dual import commit_tangent
from .._tensor import Storage


def check_inplace(self):
    """PyTorch refuses in-place changes to a leaf (or a view of a leaf) that requires grad,
    and to an inference tensor outside inference mode."""
    if self._inference and not _grad_mode["inference"]:
        raise RuntimeError("Inplace update to inference tensor outside InferenceMode is not allowed.You "
                           "can make a clone to get a normal tensor before doing inplace update.See "
                           "https://github.com/pytorch/rfcs/pull/17 for more details.")
    if not _grad_mode["enabled"]:
        return
    if self._requires_grad and self.grad_fn is None:
        raise RuntimeError(f"a {'view of a ' if self._is_view else ''}leaf Variable that requires grad is "
                           "being used in an in-place operation.")
    base = self._base if self._is_view else None
    if base is not None and base._requires_grad and base.grad_fn is None:
        raise RuntimeError("a view of a leaf Variable that requires grad is being used in an in-place "
                           "operation.")


def _new_node(cls, next_functions, input_meta):
    node = cls.__new__(cls)
    node.next_functions = next_functions
    node._sequence_nr = next(_sequence)
    node._input_meta = input_meta
    node._extras = None
    if _graph.anomaly["enabled"]:
        _graph.record_forward_stack(node)
    return node


def _geometry(view):
    """The view's (shape, stride, offset) within its base's (contiguous) element order."""
    return view._shape, view._stride, view._offset - view._base._offset


def _zeros_like_meta(shape, dtype):
    from .._tensor import Tensor, numel_of
    return Tensor._make(B.full(numel_of(shape), 0, dtype), shape, dtype)


def _strided_part(grad, geometry):
    """A contiguous copy of the elements of ``grad`` at ``geometry``."""
    from .._tensor import Tensor
    shape, stride, offset = geometry
    g = grad.contiguous() if not grad.is_contiguous() else grad
    return Tensor._make(B.take(g._buf(), offset, shape, stride), shape, grad.dtype)


def _scatter_into(target, geometry, values):
    shape, stride, offset = geometry
    v = values._buf() if values.dtype is target.dtype else B.cast(values._buf(), target.dtype)
    B.put(target._storage.buf, offset, shape, stride, v)


class CopySlices(Node):
    """The base's node after an in-place op on one of its views: the op's backward runs on
    the view's part of the base's gradient."""

    __slots__ = ("_fn", "_geometry")

    def name(self):
        return "torch::autograd::CopySlices"

    def apply(self, grads):
        grad = grads[0]
        fn = self._fn
        if fn is None:
            raise RuntimeError(FREED_MESSAGE)
        # (the base's geometry: a contiguous copy, as a non-contiguous grad's clone keeps its strides)
        result = grad.clone() if grad.is_contiguous() else grad.contiguous()
        view_grads = fn.apply([_strided_part(grad, self._geometry)]) if fn.next_functions else [None]
        if view_grads[0] is not None:
            _scatter_into(result, self._geometry, view_grads[0])
        else:
            _scatter_into(result, self._geometry, _zeros_like_meta(self._geometry[0], grad.dtype))
        return [result] + list(view_grads[1:])

    def _release(self):
        if self._fn is not None:
            self._fn._release()


class AsStridedBackward0(Node):
    """A view read after an in-place change: gradient flows back to the base at the view's place."""

    __slots__ = ("_geometry", "_base_meta")

    def apply(self, grads):
        shape, dtype = self._base_meta
        result = _zeros_like_meta(shape, dtype)
        _scatter_into(result, self._geometry, grads[0])
        return [result]


def commit_inplace(self, result):
    """Make ``self`` hold ``result`` after an in-place op: values, version, history."""
    check_inplace(self)
    node = result.grad_fn
    if node is not None:
        _keep_saved_values(node, self, result)
    buf = result._buf()
    if result.dtype is not self.dtype:
        buf = B.cast(buf, self.dtype)
    if result._shape != self._shape:
        from .._ops._helpers import operand
        buf = operand(result, self._shape, self.dtype)
        if not hasattr(buf, "__len__"):
            buf = B.full(self.numel(), buf, self.dtype)
    if _graph.mutation_contexts:
        _graph.mutation_contexts[0].before_write(self)
    storage = self._storage
    B.put(storage.buf, self._offset, self._shape, self._stride, buf)
    storage.version += 1
    if storage.__class__ is not Storage:  # its bytes are viewed as another dtype too
        storage.written()
    if result._fw_grads:
        commit_tangent(self, result)
    if node is None:
        return self
    base = self._base if self._is_view else None
    if base is None:
        self.grad_fn, self._output_nr, self._requires_grad = node, result._output_nr, True
        return self
    geometry = _geometry(self)
    copy_slices = _new_node(CopySlices, (gradient_edge(base),) + node.next_functions[1:],
                            ((base._shape, base.dtype),))
    copy_slices._fn, copy_slices._geometry = node, geometry
    base.grad_fn, base._output_nr, base._requires_grad = copy_slices, 0, True
    view_node = _new_node(AsStridedBackward0, ((copy_slices, 0),), ((self._shape, self.dtype),))
    view_node._geometry, view_node._base_meta = geometry, (base._shape, base.dtype)
    self.grad_fn, self._output_nr, self._requires_grad = view_node, 0, True
    return self


def _keep_saved_values(node, self, result):
    """The op's node saved ``self`` before the write; keep those old values (a copy), and
    let a saved result be ``self`` itself at its new version, as PyTorch does."""
    saved = getattr(node, "_saved", None)
    if not saved or node._versions is PACKED:  # packed by hooks: PyTorch keeps no versions for them
        return
    saved, versions = list(saved), list(node._versions_of_saved())
    for i, v in enumerate(saved):
        if v is self:
            saved[i] = self.clone()  # the old values, with their history (for create_graph)
            versions[i] = saved[i]._storage.version
        elif v is result:
            saved[i] = self
            versions[i] = self._storage.version + 1
    node._saved, node._versions = tuple(saved), tuple(versions)
