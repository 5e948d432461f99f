"""BatchedTensor: what a function under vmap sees in place of each mapped tensor.

It is a Tensor whose shape is the logical (per-sample) shape; its values live in ``_value``,
a plain tensor whose leading dims are the batch dims of its ``_levels`` -- ((vmap level, size),
...) in increasing level order -- followed by the logical dims. (PyTorch nests one wrapper per
level and keeps each batch dim where it was; one flat physical tensor per batched value keeps
every batching rule a single call on plain tensors.) It has no storage of its own: every
declared op reaches torch._functorch.batch_rules through the transform hook, and anything
that would read its elements directly (.item(), bool(), .tolist()) raises vmap's errors."""
from .._tensor import Tensor, contiguous_strides
from .._torch_function import _disabled_torch_function_impl

ITEM_MESSAGE = ("vmap: It looks like you're calling .item() on a Tensor. We don't support vmap over calling "
                ".item() on a Tensor, please try to rewrite what you're doing with other operations. If error is "
                "occurring somewhere inside PyTorch internals, please file a bug report.")
CONTROL_FLOW_MESSAGE = ("vmap: It looks like you're attempting to use a Tensor in some data-dependent control "
                        "flow. We don't support that yet, please file an issue at "
                        "https://github.com/pytorch/pytorch/issues .")
NO_STORAGE_MESSAGE = "Cannot access data pointer of Tensor that doesn't have storage"


class BatchedTensor(Tensor):
    __slots__ = ("_value", "_levels", "_shown")
    # A transform's wrapper, not a user subclass: its ops go to the batching rules even when a
    # program's own subclass has turned __torch_function__ dispatch on.
    __torch_function__ = _disabled_torch_function_impl

    @property
    def _storage(self):
        raise RuntimeError(NO_STORAGE_MESSAGE)

    def item(self):
        raise RuntimeError(ITEM_MESSAGE)

    def __bool__(self):
        raise RuntimeError(CONTROL_FLOW_MESSAGE)

    def __float__(self):
        raise RuntimeError(ITEM_MESSAGE)

    __int__ = __index__ = __float__

    def tolist(self):
        raise RuntimeError(NO_STORAGE_MESSAGE)

    def numpy(self, *, force=False):
        raise RuntimeError(NO_STORAGE_MESSAGE)

    def __repr__(self, *, tensor_contents=None):
        return _batched_repr(self._value, self._levels, self._shown)

    __str__ = __repr__

    def __format__(self, spec):
        return object.__format__(self, spec) if spec else repr(self)

    def detach(self):
        return wrap(self._value.detach(), self._levels)

    def requires_grad_(self, requires_grad=True):
        self._value.requires_grad_(requires_grad)
        self._requires_grad = requires_grad
        return self

    @property
    def _version(self):
        return self._value._version


def wrap(value, levels, shown=None):
    """``value`` (batch dims of ``levels`` first) as the tensor the function sees; a plain
    tensor when no level is left."""
    if not levels:
        return value
    t = object.__new__(BatchedTensor)
    t._value, t._levels, t._shown = value, tuple(levels), shown
    k = len(levels)
    t._shape = value._shape[k:]
    t._stride = contiguous_strides(t._shape)
    t._offset = 0
    t.dtype = value.dtype
    t._requires_grad = value._requires_grad
    t.grad_fn = t._base = None
    t._output_nr = 0
    return t


def levels_of(t):
    return t._levels if isinstance(t, BatchedTensor) else ()


def aligned(t, levels, ndim=None):
    """t's physical tensor with one dim per level of ``levels`` (size 1 where t is not batched
    at it), then t's logical dims, left-padded with size-1 dims to ``ndim`` of them."""
    own = levels_of(t)
    value = t._value if own else t
    if own != levels:
        present = {lv for lv, _ in own}
        for i, (lv, _) in enumerate(levels):
            if lv not in present:
                value = value.unsqueeze(i)
    if ndim is not None:
        for _ in range(ndim - t.dim()):
            value = value.unsqueeze(len(levels))
    return value


def expanded(t, levels):
    """aligned(t, levels) with every level's dim at its full size."""
    value = aligned(t, levels)
    sizes = tuple(size for _, size in levels)
    if value._shape[:len(levels)] != sizes:
        value = value.expand(sizes + value._shape[len(levels):])
    return value


def _batched_repr(value, levels, shown):
    from .printing import transform_repr
    return transform_repr(value, levels, shown)


def add_batch_dim(arg, in_dim, number, size):
    """arg with its dim in_dim mapped by level ``number``: a batch dim after arg's own ones."""
    own = levels_of(arg)
    if not own:
        return wrap(arg.movedim(in_dim, 0), ((number, size),), shown=(arg, in_dim % arg.dim()))
    k = len(own)
    physical = arg._value.movedim(k + in_dim % arg.dim(), k)
    return wrap(physical, own + ((number, size),))


def remove_batch_dim(out, out_dim, number, size, name):
    if out_dim is None:
        if isinstance(out, BatchedTensor) and any(lv == number for lv, _ in out._levels):
            raise ValueError(f"vmap({name}, ...): `{name}` can not return a BatchedTensor when out_dim is None")
        return out
    if not isinstance(out, Tensor):
        raise ValueError(f"vmap({name}, ...): `{name}` must only return Tensors, got type {type(out)}. Did you mean "
                         "to set out_dims= to None for output?")
    own = levels_of(out)
    numbers = [lv for lv, _ in own]
    ndim = out.dim() + 1
    if not -ndim <= out_dim < ndim:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-ndim}, {ndim - 1}], but got {out_dim})")
    out_dim %= ndim
    if number not in numbers:  # the same for every sample
        physical = out._value if own else out
        k = len(own)
        physical = physical.unsqueeze(k + out_dim)
        physical = physical.expand(physical._shape[:k + out_dim] + (size,) + physical._shape[k + out_dim + 1:])
        return wrap(physical, own)
    at = numbers.index(number)
    rest = own[:at] + own[at + 1:]
    return wrap(out._value.movedim(at, len(rest) + out_dim), rest)
