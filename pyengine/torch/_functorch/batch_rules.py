"""vmap's dispatcher: batching rules per op, and the per-sample fallback for the rest.

While a vmap runs, every declared op asks ``dispatch`` first (autograd.derivatives.TRANSFORM_HOOK).
With no BatchedTensor among its arguments the op runs as it is. Otherwise the op's batching rule
runs it once on the physical tensors (batch dims first, see batched_tensor), or, for ops without a
rule, the fallback calls the op once per sample and stacks the results (PyTorch's "slow fallback",
which warns "There is a performance drop ..." naming the op; PyTorch has rules for most of the ops that
fall back here, so this one warns only for the ops PyTorch 2.13 also falls back on, FALLBACK_IN_PYTORCH;
PyTorch's private torch._C._functorch._set_vmap_fallback_warning_enabled(False) silences it).

Rules exist for: every pointwise op (unary, binary, ternary; broadcasting across batch and logical
dims), reductions and scans over dims (sum, mean, amax/amin, prod, logsumexp, var/std, max/min/argmax/
argmin, all/any, softmax/log_softmax, cumsum/cumprod), shape ops (view/reshape/flatten/permute/
transpose/movedim/unsqueeze/squeeze/expand/select/narrow/unbind/split/chunk/t, indexing with ints,
slices, None and ...), cat/stack, matmul/mm/mv/dot/bmm/addmm (nn.Linear), conversions (to/clone/
detach/contiguous) and in-place ops on batched tensors (written into the batched tensor's values).
Everything else (convolutions, losses, indexing with tensors, linear algebra ...) falls back.
"""
import itertools
import sys

from .._C import vmap_fallback_warning
from .._caller import is_engine_file, warn
from .._tensor import Tensor
from ..autograd.derivatives import TRANSFORM_HOOK, DECLARED, parameters
from .batched_tensor import BatchedTensor, wrap, aligned, expanded, levels_of, add_batch_dim

INPLACE_MESSAGE = ("vmap: inplace arithmetic(self, *extra_args) is not possible because there exists a Tensor "
                   "`other` in extra_args that has more elements than `self`. This happened due to `other` being "
                   "vmapped over but `self` not being vmapped over in a vmap. Please try to use out-of-place "
                   "operators instead of inplace arithmetic. If said operator is being called inside the PyTorch "
                   "framework, please file a bug report instead.")


_outside = [None]  # the hook the outermost vmap replaced (torch._dispatch's, while a profiler records)


def install():
    if TRANSFORM_HOOK[0] is not dispatch:
        _outside[0] = TRANSFORM_HOOK[0]
    TRANSFORM_HOOK[0] = dispatch


def uninstall():
    TRANSFORM_HOOK[0], _outside[0] = _outside[0], None


def _levels(args, kwargs):
    found = {}
    for a in itertools.chain(args, kwargs.values()):
        if isinstance(a, BatchedTensor):
            found.update(a._levels)
        elif isinstance(a, (list, tuple)):
            for b in a:
                if isinstance(b, BatchedTensor):
                    found.update(b._levels)
    return tuple(sorted(found.items()))


def dispatch(op, args, kwargs):
    levels = _levels(args, kwargs)
    if not levels:
        return NotImplemented
    forward = getattr(op, "forward", op)
    rule = RULES.get(forward)
    if rule is not None:
        result = rule(op, levels, args, kwargs)
        if result is not NotImplemented:
            return result
    return fallback(op, levels, args, kwargs)


# ---- the fallback ---------------------------------------------------------------------------

# The ops vmap runs per sample in PyTorch 2.13 too, by base name -> the name its warning gives
# (measured: real PyTorch's warnings under vmap of tests/engine/test_gradcheck_ops.py's samples)
FALLBACK_IN_PYTORCH = {name.partition(".")[0]: name for name in (
    "_scaled_dot_product_flash_attention_for_cpu", "_weight_norm", "affine_grid_generator", "as_strided_", "conv_tbc",
    "ctc_loss.IntList", "embedding_bag.padding_idx", "fill.Scalar", "fractional_max_pool2d", "fractional_max_pool3d",
    "index_reduce", "linalg_lu", "lu_solve", "masked_scatter", "max_unpool2d", "max_unpool3d", "multi_margin_loss",
    "multilabel_margin_loss", "norm_except_dim", "ormqr", "pdist", "put", "renorm", "soft_margin_loss",
    "special_log_ndtr", "stft", "take")}


def _called_by_program():
    """Whether the op running per sample was called by the program, not by the engine's own
    derivative formulas (a backward or tangent under vmap, as jacrev and jacfwd run them), whose ops
    differ from the ones PyTorch's formulas use."""
    frame = sys._getframe(2)
    while frame is not None:
        if not is_engine_file(frame.f_code.co_filename):
            return True
        if frame.f_globals.get("__name__") in ("torch.autograd.graph", "torch.autograd.dual"):
            return False
        frame = frame.f_back
    return False


def _is_inplace(op):
    name = getattr(op, "op_name", None) or op.__name__
    return (name.endswith("_") and not name.endswith("__")) or op.__name__ in ("setitem", "apply_inplace")


def _sample(x, index):
    """x at one sample: ``index`` maps each vmap level to a position."""
    if isinstance(x, BatchedTensor):
        return x._value[tuple(index[lv] for lv, _ in x._levels)]
    if isinstance(x, (list, tuple)) and any(isinstance(t, BatchedTensor) for t in x):
        return type(x)(_sample(t, index) for t in x)
    return x


DYNAMIC_SHAPE_MESSAGE = ("vmap: We do not support batching operators that can support dynamic shape. Attempting to "
                         "batch over indexing with a boolean mask.")


def fallback(op, levels, args, kwargs):
    """op once per sample, the results stacked (in-place ops write into the batched self)."""
    if op.__name__ in ("getitem", "setitem") and _has_mask(args[1]):
        raise RuntimeError(DYNAMIC_SHAPE_MESSAGE)
    inplace = _is_inplace(op)
    if inplace and levels_of(args[0]) != levels:
        raise RuntimeError(INPLACE_MESSAGE)
    name = FALLBACK_IN_PYTORCH.get((getattr(op, "op_name", None) or op.__name__).partition(".")[0])
    if name is not None and vmap_fallback_warning[0] and _called_by_program():
        warn(f"There is a performance drop because we have not yet implemented the batching rule for aten::{name}. "
             "Please file us an issue on GitHub so that we can prioritize its implementation. (Triggered internally "
             "at /__w/pytorch/pytorch/aten/src/ATen/functorch/BatchedFallback.cpp:82.)")
    numbers = [lv for lv, _ in levels]
    results = []
    for position in itertools.product(*(range(size) for _, size in levels)):
        index = dict(zip(numbers, position))
        results.append(op(*[_sample(a, index) for a in args], **{k: _sample(v, index) for k, v in kwargs.items()}))
    if inplace:
        self = args[0]
        self._requires_grad = self._value._requires_grad
        return None if results[0] is None else self
    return stack_samples(results, levels)


def _has_mask(index):
    parts = index if isinstance(index, tuple) else (index,)
    return any(isinstance(i, Tensor) and i.dtype.name in ("bool", "uint8") for i in parts)


def stack_samples(results, levels):
    """One result per sample (in row-major order of the levels' sizes) as one batched result."""
    first = results[0]
    if isinstance(first, Tensor):
        from .._ops.joining import stack
        sizes = tuple(size for _, size in levels)
        inner = levels_of(first)
        if inner:  # each sample still batched at other levels: theirs and ours, in level order
            merged = tuple(sorted(set(levels) | set(inner)))
            physical = stack([expanded(r, inner) for r in results])
            physical = physical.reshape(sizes + physical._shape[1:])
            order = [lv for lv in levels] + list(inner)
            perm = [order.index(lv) for lv in merged] + list(range(len(merged), physical.dim()))
            return wrap(physical.permute(perm), merged)
        return wrap(stack(results).reshape(sizes + first._shape), levels)
    if isinstance(first, tuple):
        columns = [stack_samples([r[i] for r in results], levels) for i in range(len(first))]
        return type(first)(*columns) if hasattr(first, "_fields") else type(first)(columns)
    if isinstance(first, list):
        return [stack_samples([r[i] for r in results], levels) for i in range(len(first))]
    if first is None or all(r == first for r in results):
        return first
    from .batched_tensor import CONTROL_FLOW_MESSAGE
    raise RuntimeError(CONTROL_FLOW_MESSAGE)


# ---- rules ----------------------------------------------------------------------------------

def _only_self(args, kwargs):
    """The op's first argument is its only tensor (and it is batched)."""
    return isinstance(args[0], BatchedTensor) and not any(
        isinstance(a, Tensor) or (isinstance(a, (list, tuple)) and any(isinstance(t, Tensor) for t in a))
        for a in itertools.chain(args[1:], kwargs.values()))


def _wrap_dim(dim, ndim):
    n = max(ndim, 1)
    if not -n <= dim < n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {dim})")
    return dim + n if dim < 0 else dim


def pointwise(op, levels, args, kwargs):
    tensors = [a for a in itertools.chain(args, kwargs.values()) if isinstance(a, Tensor)]
    if len({t.dtype for t in tensors}) > 1 and any(t.dim() == 0 for t in tensors):
        return NotImplemented  # a 0-dim operand promotes differently once it has batch dims
    ndim = max(t.dim() for t in tensors)

    def physical(a):
        if isinstance(a, BatchedTensor):
            return aligned(a, levels, ndim)
        return a  # unbatched operands broadcast against the batch dims as they are
    out = op(*[physical(a) for a in args], **{k: physical(v) for k, v in kwargs.items()})
    return _wrap_out(out, levels)


def _wrap_out(out, levels):
    if isinstance(out, Tensor):
        return wrap(out, levels)
    if isinstance(out, tuple):
        items = [_wrap_out(o, levels) for o in out]
        return type(out)(*items) if hasattr(out, "_fields") else type(out)(items)
    if isinstance(out, list):
        return [_wrap_out(o, levels) for o in out]
    return out


def _dims_rule(dim_at, *, none_means_all=False, flatten_for_none=False, keepdim_at=None, new_dim=False):
    """Rule of an op of one tensor whose argument ``dim_at`` (position) names logical dims: shifted
    past the batch dims. dim=None reduces every logical dim: as a tuple of dims
    (``none_means_all``) or, for ops that take one dim only, over the flattened sample."""
    def rule(op, levels, args, kwargs):
        if not _only_self(args, kwargs) or levels_of(args[0]) != levels:
            return NotImplemented
        self = args[0]
        k, ndim = len(levels), self.dim()
        args = list(args)
        dim = args[dim_at] if len(args) > dim_at else kwargs.get("dim")
        whole = dim is None
        physical = self._value
        if ndim == 0:  # a logical scalar: reduce over a dim of size 1 made for it
            if dim is None and not (none_means_all or flatten_for_none):
                return NotImplemented
            physical = physical.unsqueeze(k)
            if keepdim_at is not None and len(args) > keepdim_at:
                args[keepdim_at] = False
            dim = k
        elif dim is None:
            if flatten_for_none:
                physical, dim = physical.reshape(physical._shape[:k] + (-1,)), k
            elif none_means_all:
                dim = tuple(range(k, k + ndim))
            else:
                return NotImplemented
        elif isinstance(dim, (list, tuple)):
            dim = type(dim)(k + _wrap_dim(d, ndim + new_dim) for d in dim)
        elif isinstance(dim, int):
            dim = k + _wrap_dim(dim, ndim + new_dim)
        else:
            return NotImplemented  # named dims and the like: the op's own error, per sample
        if len(args) > dim_at:
            args[dim_at] = dim
        else:
            kwargs = dict(kwargs, dim=dim)
        args[0] = physical
        out = op(*args, **kwargs)
        if flatten_for_none and whole and isinstance(out, tuple):  # max() of everything: the value only
            out = out.values
        return _wrap_out(out, levels)
    return rule


def _shape_rule(transform):
    """Rule of a shape op of one tensor: ``transform(physical, k, logical ndim, args)`` gives the
    physical result (args: the op's arguments after self)."""
    def rule(op, levels, args, kwargs):
        if not _only_self(args, kwargs) or kwargs or levels_of(args[0]) != levels:
            return NotImplemented
        return _wrap_out(transform(args[0]._value, len(levels), args[0].dim(), args[1:]), levels)
    return rule


def _sizes(rest):
    from .._ops._helpers import sizes_arg
    return tuple(sizes_arg(rest))


def _view(p, k, ndim, rest):
    shape = p._shape[:k] + _sizes(rest)
    try:
        return p.view(shape)
    except RuntimeError:
        return p.reshape(shape)


def _permute(p, k, ndim, rest):
    dims = _sizes(rest)
    if len(dims) != ndim:
        return NotImplemented
    return p.permute(tuple(range(k)) + tuple(k + _wrap_dim(d, ndim) for d in dims))


def _expand(p, k, ndim, rest):
    sizes = _sizes(rest)
    for _ in range(len(sizes) - ndim):
        p = p.unsqueeze(k)
    return p.expand(p._shape[:k] + sizes)


def _squeeze(p, k, ndim, rest):
    dim = rest[0] if rest else None
    if dim is None:
        dims = tuple(d for d in range(k, p.dim()) if p._shape[d] == 1)
    elif isinstance(dim, (list, tuple)):
        dims = tuple(k + _wrap_dim(d, ndim) for d in dim)
    else:
        dims = (k + _wrap_dim(dim, ndim),)
    return p.squeeze(dims) if dims else p


def _flatten(p, k, ndim, rest):
    start, end = (tuple(rest) + (0, -1))[:2] if len(rest) < 2 else rest[:2]
    if ndim == 0:
        return p.unsqueeze(k)
    return p.flatten(k + _wrap_dim(start, ndim), k + _wrap_dim(end, ndim))


def _getitem(p, k, ndim, rest):
    index = rest[0]
    parts = index if isinstance(index, tuple) else (index,)
    if not all(i is None or i is Ellipsis or isinstance(i, (int, slice)) and not isinstance(i, bool)
               for i in parts):
        return NotImplemented
    return p[(slice(None),) * k + parts]


def _t(p, k, ndim, rest):
    return p.transpose(k, k + 1) if ndim == 2 else p


def _dim_shift(method, at=0, count=1, extra=0):
    """A shape op whose arguments ``at``..``at+count`` are logical dims (``extra``: the result
    has that many more dims, as unsqueeze's)."""
    def transform(p, k, ndim, rest):
        rest = list(rest)
        for i in range(at, min(at + count, len(rest))):
            if isinstance(rest[i], (list, tuple)):
                rest[i] = type(rest[i])(k + _wrap_dim(d, ndim + extra) for d in rest[i])
            else:
                rest[i] = k + _wrap_dim(rest[i], ndim + extra)
        return getattr(p, method)(*rest)
    return transform


def _split(method):
    def transform(p, k, ndim, rest):
        rest = list(rest)
        if len(rest) < 2:
            rest.append(0)
        rest[1] = k + _wrap_dim(rest[1], ndim)
        return getattr(p, method)(*rest)
    return transform


def _as_other(method):
    def rule(op, levels, args, kwargs):
        self, other = args[0], args[1]
        if not isinstance(self, BatchedTensor) or levels_of(self) != levels:
            return NotImplemented
        k = len(levels)
        p = self._value
        if method == "expand":
            return wrap(_expand(p, k, self.dim(), (other._shape,)), levels)
        return wrap(_view(p, k, self.dim(), (other._shape,)) if method == "view" else
                    p.reshape(p._shape[:k] + other._shape), levels)
    return rule


def _same_levels(op, levels, args, kwargs):
    """Conversions and copies (to, clone, detach, contiguous): the op on the physical tensor."""
    if not _only_self(args, kwargs) or levels_of(args[0]) != levels:
        return NotImplemented
    return wrap(op(args[0]._value, *args[1:], **kwargs), levels)


def _joining(op, levels, args, kwargs):
    tensors, dim = args[0], args[1] if len(args) > 1 else kwargs.get("dim", 0)
    if kwargs.get("out") is not None or (len(args) > 2 and args[2] is not None) or not tensors:
        return NotImplemented
    ndim = tensors[0].dim() + (op.__name__ == "stack")
    return wrap(op([expanded(t, levels) for t in tensors], len(levels) + _wrap_dim(dim, ndim)), levels)


def _matmul(a, b, levels):
    """a @ b with batch dims: both made at least 2-D, their logical batch dims aligned."""
    from .._ops.linalg import matmul
    a_vector, b_vector = a.dim() == 1, b.dim() == 1
    if a.dim() == 0 or b.dim() == 0:
        return NotImplemented
    a_dims = a.dim() + a_vector
    b_dims = b.dim() + b_vector
    ndim = max(a_dims, b_dims)
    k = len(levels)

    def physical(t, vector, at):
        if isinstance(t, BatchedTensor):
            p = aligned(t, levels)
            if vector:
                p = p.unsqueeze(at if at >= 0 else p.dim() + 1 + at)
            for _ in range(ndim - (t.dim() + vector)):
                p = p.unsqueeze(k)
            return p
        return t.unsqueeze(at) if vector else t
    out = matmul(physical(a, a_vector, -2), physical(b, b_vector, -1))
    if b_vector:
        out = out.squeeze(-1)
    if a_vector:
        out = out.squeeze(-1 if b_vector else -2)
    return wrap(out, levels)


def _matmul_rule(op, levels, args, kwargs):
    if kwargs.get("out") is not None:
        return NotImplemented
    a, b = args[0], args[1]
    if not (isinstance(a, Tensor) and isinstance(b, Tensor)):
        return NotImplemented
    expected = {"mm": (2, 2), "mv": (2, 1), "dot": (1, 1), "bmm": (3, 3)}.get(op.__name__)
    if expected is not None and (a.dim(), b.dim()) != expected:
        return NotImplemented  # the op's own error, per sample
    return _matmul(a, b, levels)


def _addmm_rule(op, levels, args, kwargs):
    bias, mat1, mat2 = args[:3]
    beta, alpha = (list(args[3:5]) + [kwargs.get("beta", 1), kwargs.get("alpha", 1)][len(args[3:5]):])
    if mat1.dim() != 2 or mat2.dim() != 2 or kwargs.get("out") is not None:
        return NotImplemented
    product = _matmul(mat1, mat2, levels)
    if alpha != 1:
        product = product * alpha
    return product + bias if beta == 1 else product + bias * beta


def _apply_inplace_rule(op, levels, args, kwargs):
    self, result, op_name = args
    if levels_of(self) != levels:
        if op_name in ("add_", "__iadd__"):  # add_ has its own batching rule in PyTorch, and its own error
            broadcast = expanded(result, levels)._shape
            raise RuntimeError(f"output with shape [{', '.join(map(str, self._shape))}] doesn't match the "
                               f"broadcast shape [{', '.join(map(str, broadcast))}]")
        raise RuntimeError(INPLACE_MESSAGE)
    op(self._value, aligned(result, levels, self.dim()))
    self._requires_grad = self._value._requires_grad
    return self


NO_VMAP_SUPPORT = ("You tried to vmap over {}, but it does not have vmap support. Please override and implement the "
                   "vmap staticmethod or set generate_vmap_rule=True. For more details, please see "
                   "https://pytorch.org/docs/main/notes/extending.func.html")


class VmapInfo:
    """What a custom Function's vmap staticmethod is told: the batch size and vmap's randomness."""

    def __init__(self, batch_size, randomness):
        self.batch_size, self.randomness = batch_size, randomness

    def __repr__(self):
        return f"VmapInfo(batch_size={self.batch_size}, randomness='{self.randomness}')"


def _check_errors_rule(op, levels, args, kwargs):
    """A factorization's info codes checked over the whole batch, its elements numbered (PyTorch's
    _linalg_check_errors batching rule)."""
    info, api_name = args[0], args[1]
    if isinstance(info, BatchedTensor):
        info = info._value
    return op.forward(info, api_name, False)


def _custom_function(op, levels, args, kwargs):
    """Function.apply under vmap: the Function's own vmap staticmethod (innermost level), or with
    generate_vmap_rule=True its forward and backward run on batched tensors."""
    from ..autograd.function import Function
    cls, args = args[0], args[1:]
    if cls.vmap is not Function.vmap:
        return _custom_vmap_rule(cls, levels, args, kwargs)
    if not getattr(cls, "generate_vmap_rule", False):
        raise RuntimeError(NO_VMAP_SUPPORT.format(cls.__name__))
    return _generated_rule(cls, levels, args, kwargs)


def _custom_vmap_rule(cls, levels, args, kwargs):
    from .pyfunctorch import innermost_vmap
    level = innermost_vmap()
    number, size = level.number, level.size
    unwrapped, in_dims = [], []
    for a in args:
        own = levels_of(a)
        if any(lv == number for lv, _ in own):
            if len(own) == 1 and a._shown is not None:
                value, bdim = a._shown
            else:
                at = [lv for lv, _ in own].index(number)
                rest = own[:at] + own[at + 1:]
                value, bdim = wrap(a._value.movedim(at, len(rest)), rest), 0
            unwrapped.append(value)
            in_dims.append(bdim)
        else:
            unwrapped.append(a)
            in_dims.append(None)
    outputs, out_dims = cls.vmap(VmapInfo(size, level.randomness), tuple(in_dims), *unwrapped, **kwargs)
    if isinstance(outputs, tuple):
        dims = out_dims if isinstance(out_dims, tuple) else (out_dims,) * len(outputs)
        return tuple(o if d is None else add_batch_dim(o, d, number, size) for o, d in zip(outputs, dims))
    return outputs if out_dims is None else add_batch_dim(outputs, out_dims, number, size)


def _generated_rule(cls, levels, args, kwargs):
    from ..autograd.function import Function

    def physical(x):
        return expanded(x, levels) if isinstance(x, Tensor) else x

    def batched(x):
        return wrap(x, levels) if isinstance(x, Tensor) else x

    def forward(ctx, *xs):
        inputs = tuple(batched(x) for x in xs)
        out = cls.forward(*inputs, **kwargs)
        cls.setup_context(ctx, inputs, out)
        return tuple(physical(o) for o in out) if isinstance(out, tuple) else physical(out)

    def backward(ctx, *grads):
        result = cls.backward(ctx, *(batched(g) for g in grads))
        return tuple(physical(r) for r in result) if isinstance(result, tuple) else physical(result)
    generated = type(cls.__name__, (Function,), {"forward": staticmethod(forward), "backward": staticmethod(backward)})
    from ..autograd.derivatives import TRANSFORM_DEPTH
    depth, TRANSFORM_DEPTH[0] = TRANSFORM_DEPTH[0], 0  # the generated Function runs as a plain one
    try:
        out = generated.apply(*(physical(a) for a in args))
    finally:
        TRANSFORM_DEPTH[0] = depth
    return tuple(batched(o) for o in out) if isinstance(out, tuple) else batched(out)


def _build():
    from .._ops import shape as S, joining as J, linalg as L, reduction as R, softmax as SM, copy as C, \
        indexing as I
    rules = {}
    for fn in DECLARED:
        forward = getattr(fn, "forward", fn)
        module = getattr(forward, "__module__", "") or ""
        names = parameters(forward)[0] if callable(forward) else ()
        if module.endswith(("._ops.pointwise", "._ops.pointwise_more", "._ops.special_functions")) and \
                not {"dim", "dims", "size", "shape", "out", "generator"} & set(names) and \
                not _is_inplace(fn):
            rules[forward] = pointwise
    reductions_all = {R.sum: 2, R.mean: 2, R.amax: 2, R.amin: 2, R.nansum: 2, R.nanmean: 2, R.var: 3, R.std: 3,
                      R.logsumexp: 2, R.count_nonzero: None}
    for fn, keepdim_at in reductions_all.items():
        rules[fn.forward] = _dims_rule(1, none_means_all=True, keepdim_at=keepdim_at)
    for fn in (R.prod, R.argmax, R.argmin, R.all, R.any, R.max, R.min):
        rules[fn.forward] = _dims_rule(1, flatten_for_none=True, keepdim_at=2)
    for fn in (SM.softmax, SM.log_softmax, R.cumsum, R.cumprod):
        rules[fn.forward] = _dims_rule(1)
    shape_rules = {
        S.view: _view, S.reshape: _view, S.permute: _permute, S.expand: _expand, S.squeeze: _squeeze,
        S.flatten: _flatten, I.getitem: _getitem, S.t: _t,
        S.transpose: _dim_shift("transpose", 0, 2), S.movedim: _dim_shift("movedim", 0, 2),
        S.select: _dim_shift("select"), S.narrow: _dim_shift("narrow"),
        S.unsqueeze: _dim_shift("unsqueeze", extra=1), J.unbind: _dim_shift("unbind"),
        J.split: _split("split"), J.chunk: _split("chunk"),
    }
    for fn, transform in shape_rules.items():
        rules[fn.forward] = _shape_rule(transform)
    rules[S.view_as.forward] = _as_other("view")
    rules[S.reshape_as.forward] = _as_other("reshape")
    rules[S.expand_as.forward] = _as_other("expand")
    for fn in (C.to, S.contiguous, C.clone):
        rules[getattr(fn, "forward", fn)] = _same_levels
    for fn in (J.cat, J.stack):
        rules[fn.forward] = _joining
    for fn in (L.matmul, L.mm, L.mv, L.dot, L.bmm):
        rules[fn.forward] = _matmul_rule
    rules[L.addmm.forward] = _addmm_rule
    from .._ops import linalg_lu as LU
    rules[LU._linalg_check_errors.forward] = _check_errors_rule
    rules[C.apply_inplace] = _apply_inplace_rule
    from ..autograd.function import custom_function_apply
    rules[custom_function_apply] = _custom_function
    return rules


RULES = _build()
