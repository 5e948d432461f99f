"""grad, grad_and_value, vjp, jacrev, jvp, jacfwd, linearize, hessian.

Each runs the function once with reverse-mode autograd recording on the *physical* tensors:
under vmap an input is first given every active batch dim (an input the vmap did not map is
expanded, so each sample differentiates its own copy), and as samples never mix, one backward
pass over the physical tensors gives every sample's gradient at once. Gradients stay
differentiable (create_graph) when an outer transform or ordinary autograd can still see them, so
transforms nest: hessian = jacfwd(jacrev(f)).

Forward-mode products (jvp, jacfwd) run on forward-mode AD (torch.autograd.forward_ad: the
tangents of the primals' physical tensors ride through every op's tangent formula); jacfwd is
PyTorch's vmap of jvp over the basis tangents. Each jvp enters a dual level of its own, so a
jvp inside another (jacfwd(jacfwd(f))) is forward over forward. linearize uses the double-vjp:
J·v = d/du (uᵀJ)·v, two reverse passes."""
import functools

from .._tensor import Tensor
from ..autograd.graph import grad as autograd_grad
from ..autograd.grad_mode import enable_grad
from ..utils._pytree import tree_flatten, tree_unflatten, treespec_pprint
from .batched_tensor import BatchedTensor, wrap, expanded, levels_of, remove_batch_dim
from .._tensor import REPR_HOOK
from ..autograd.graph import _sequence
from ..autograd import graph as autograd_graph
from .batch_rules import stack_samples
from .printing import transform_repr
from .pyfunctorch import STACK, pushed, vmap_levels, differentiating
from .vmap import vmap, vmap_level
from .. import _ops
from ..autograd import dual as _dual


class grad_level(pushed):
    """A differentiating transform's level: tensors it tracks print as GradTrackingTensor inside."""

    def __init__(self, kind):
        super().__init__(kind)

    def __enter__(self):
        level = super().__enter__()
        level.start = next(_sequence)
        REPR_HOOK[0] = transform_repr
        return level

    def __exit__(self, *exc):
        super().__exit__(*exc)
        if not differentiating():
            REPR_HOOK[0] = None


def _check_tensor(x):
    if not isinstance(x, Tensor):
        raise ValueError(f"Thing passed to transform API must be Tensor, got {type(x)}")


def _check_argnums(argnums, args):
    if isinstance(argnums, int) and not isinstance(argnums, bool):
        nums = (argnums,)
    elif isinstance(argnums, tuple) and all(isinstance(a, int) for a in argnums):
        if not argnums:
            raise RuntimeError("argnums must be non-empty")
        nums = argnums
    else:
        raise RuntimeError(f"argnums must be int or Tuple[int, ...], got: {type(argnums)}")
    for a in nums:
        if not -len(args) <= a < len(args):
            raise RuntimeError(f"Got argnum={a}, but only {len(args)} positional inputs")
    return nums


class _Tracker:
    """The inputs one transform differentiates: made into fresh autograd inputs on the physical
    tensors (every active vmap's batch dim, full size), and what turns results back."""

    def __init__(self, level, leaves, parameter=None):
        self.level = level
        self.levels = vmap_levels()
        self.create_graph = differentiating_outside(level) or any(
            isinstance(x, Tensor) and x._requires_grad for x in leaves)
        self.physical = []
        self.tracked = []
        for x in leaves:
            _check_tensor(x)
            p = expanded(x, self.levels)
            if p._requires_grad:
                p = p.view_as(p)
            elif p._fw_grad is not None and _dual.state["active"]:  # keeps its tangent (forward-over-reverse)
                p = p.view_as(p).requires_grad_()
            else:
                p = p.detach().requires_grad_()
            level.tracked.add(id(p))
            for outer in STACK:  # a jvp around it sees a leaf made inside it (its outputs need no history for it)
                if outer.dual_level is not None:
                    outer.tracked.add(id(p))
            if autograd_graph.recorder is not None:  # the graph view names the input as the program does
                autograd_graph.recorder.transform_input(p, x, parameter)
            self.physical.append(p)
            self.tracked.append(wrap(p, self.levels))

    def full(self, out):
        return expanded(out, self.levels)

    def see_outputs(self, outputs):
        """Keep gradients differentiable also when outputs depend on tensors that require grad
        outside the transform (a closure's parameters): ordinary autograd can still see them."""
        if not self.create_graph:
            self.create_graph = _depends_on_outside(outputs, self.level)

    def grads(self, outputs, grad_outputs, inputs=None, create_graph=None, retain_graph=True):
        """d(outputs)/d(inputs) (physical tensors) against grad_outputs; zeros where unused."""
        inputs = self.physical if inputs is None else inputs
        create_graph = self.create_graph if create_graph is None else create_graph
        wanted = [(o, g) for o, g in zip(outputs, grad_outputs) if o._requires_grad]
        if wanted:
            outs, gs = zip(*wanted)
            with enable_grad():
                got = autograd_grad(outs, inputs, gs, retain_graph=retain_graph, create_graph=create_graph,
                                    allow_unused=True)
        else:
            got = (None,) * len(inputs)
        return [_ops.creation.zeros_like(x) if g is None else g for g, x in zip(got, inputs)]

    def result(self, t):
        """A value the transform returns: unbatched from nothing, detached unless still needed."""
        if not isinstance(t, Tensor):
            return t
        if self.create_graph:
            return t
        if isinstance(t, BatchedTensor):
            return wrap(t._value.detach(), t._levels)
        return t.detach()

    def wrap(self, physical):
        return self.result(wrap(physical, self.levels))


def _depends_on_outside(tensors, level):
    """Whether the tensors' history reaches a tensor that requires grad outside ``level``: a leaf
    it did not make, or a node recorded before it started."""
    from ..autograd.graph import AccumulateGrad
    seen, stack = set(), [t.grad_fn for t in tensors if isinstance(t, Tensor) and t.grad_fn is not None]
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, AccumulateGrad):
            if id(node.variable) not in level.tracked:
                return True
            continue
        if getattr(node, "_sequence_nr", level.start) < level.start:
            return True
        stack.extend(getattr(node, "_next", ()))
    return False


def _aux_tensors(aux, result):
    """grad's aux, each tensor unwrapped: PyTorch's error for anything else."""
    leaves, spec = tree_flatten(aux)
    for a in leaves:
        if not isinstance(a, Tensor):
            raise RuntimeError(f"Expected tensors, got unsupported type {type(a)}")
    return tree_unflatten([result(a) for a in leaves], spec)


def differentiating_outside(level):
    return any(lv.kind != "vmap" for lv in STACK if lv.number < level.number)


def _replace_args(args, nums, diff):
    args = list(args)
    for i, value in zip(nums, diff):
        args[i] = value
    return tuple(args)


def _call_tracked(func, argnums, args, kwargs, level):
    """Calls func with the `argnums` arguments tracked at `level`: (tracker, their tree spec, output)."""
    nums = _check_argnums(argnums, args)
    diff = args[argnums] if isinstance(argnums, int) else tuple(args[i] for i in nums)
    leaves, spec = tree_flatten(diff)
    tracker = _Tracker(level, leaves, _parameter_name(func, argnums) if isinstance(diff, Tensor) else None)
    tracked_diff = tree_unflatten(tracker.tracked, spec)
    call_args = _replace_args(args, nums, (tracked_diff,) if isinstance(argnums, int) else tracked_diff)
    with enable_grad():
        return tracker, spec, func(*call_args, **kwargs)


def _parameter_name(func, argnum):
    """The name of ``func``'s positional parameter ``argnum`` (an int), or None when it has none."""
    import inspect
    try:
        parameters = [p for p in inspect.signature(func).parameters.values()
                      if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        return parameters[argnum].name if isinstance(argnum, int) else None
    except (TypeError, ValueError, IndexError):
        return None


def _flat_tensors(output, api):
    """The output's leaves and tree spec; every leaf must be a tensor (PyTorch's message, as `api`)."""
    flat_out, out_spec = tree_flatten(output)
    for o in flat_out:
        if not isinstance(o, Tensor):
            raise RuntimeError(f"{api}: expected f(*primals) to return only tensors, got unsupported type {type(o)}")
    return flat_out, out_spec


def _split_aux(output, has_aux, api):
    """(output, aux) of a function called with has_aux (aux None without), as `api` (how PyTorch's
    message names the call) checks it."""
    if not has_aux:
        return output, None
    if not (isinstance(output, tuple) and len(output) == 2):
        raise RuntimeError(f"{api}: output of function f should be a tuple: (output, aux) if has_aux is True")
    return output


def grad_and_value_impl(func, argnums, has_aux, args, kwargs):
    with grad_level("grad") as level:
        tracker, spec, output = _call_tracked(func, argnums, args, kwargs, level)
        output, aux = _split_aux(output, has_aux, "grad_and_value(f)(*args)")
        if not isinstance(output, Tensor):
            raise RuntimeError(f"grad_and_value(f)(*args): Expected f(*args) to return a Tensor, got {type(output)}")
        if output.dim() != 0:
            raise RuntimeError("grad_and_value(f)(*args): Expected f(*args) to return a scalar Tensor, got tensor "
                               f"with {output.dim()} dims. Maybe you wanted to use the vjp or jacrev APIs instead?")
        out = tracker.full(output)
        tracker.see_outputs([out])
        grads = tracker.grads([out], [_ops.creation.ones_like(out)])
        grad_tree = tree_unflatten([tracker.wrap(g) for g in grads], spec)
        value = tracker.result(output)
        if has_aux:
            return grad_tree, (value, _aux_tensors(aux, tracker.result))
        return grad_tree, value


def grad_and_value(func, argnums=0, has_aux=False):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        return grad_and_value_impl(func, argnums, has_aux, args, kwargs)
    return wrapper


def grad(func, argnums=0, has_aux=False):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        grads, value = grad_and_value_impl(func, argnums, has_aux, args, kwargs)
        return (grads, value[1]) if has_aux else grads
    return wrapper


def _over_extra_levels(fn, tensors, base_levels):
    """fn(tensors) where tensors may be batched at vmap levels the graph was not built under:
    one call per sample of those levels, the results stacked back."""
    import itertools
    found = {}
    for t in tensors:
        found.update(levels_of(t))
    extra = tuple(sorted((lv, size) for lv, size in found.items() if lv not in dict(base_levels)))
    if not extra:
        return fn(tensors)
    numbers = [lv for lv, _ in extra]
    results = []
    for position in itertools.product(*(range(size) for _, size in extra)):
        index = dict(zip(numbers, position))
        results.append(fn([_slice_levels(t, index) for t in tensors]))
    return stack_samples(results, extra)


def _slice_levels(t, index):
    """t at one position of some of its levels (``index``: level -> position)."""
    own = levels_of(t)
    if not any(lv in index for lv, _ in own):
        return t
    physical = t._value[tuple(index[lv] if lv in index else slice(None) for lv, _ in own)]
    return wrap(physical, tuple((lv, size) for lv, size in own if lv not in index))


def vjp(func, *primals, has_aux=False):
    return _vjp_with_argnums(func, *primals, has_aux=has_aux)


def _vjp_with_argnums(func, *primals, has_aux=False):
    with grad_level("grad") as level:
        leaves, spec = tree_flatten(primals)
        tracker = _Tracker(level, leaves)
        with enable_grad():
            output = func(*tree_unflatten(tracker.tracked, spec))
        output, aux = _split_aux(output, has_aux, "vjp(f, *primals)")
        flat_out, out_spec = _flat_tensors(output, "vjp(f, *primals)")
        physical_out = [tracker.full(o) for o in flat_out]
        tracker.see_outputs(physical_out)

    def wrapper(cotangents, *, retain_graph=True, create_graph=None):  # the vjp_fn
        flat_ct, ct_spec = tree_flatten(cotangents)
        if ct_spec != out_spec:
            raise RuntimeError("Expected pytree structure of cotangents to be the same as pytree structure of "
                               f"outputs to the function. cotangents: {treespec_pprint(ct_spec)}, primal output: "
                               f"{treespec_pprint(out_spec)}")

        def one(cts):
            gs = [expanded(c, tracker.levels) if isinstance(c, Tensor) and tracker.levels else c for c in cts]
            for i, (g, o) in enumerate(zip(gs, physical_out)):
                if isinstance(g, Tensor) and g._shape != o._shape:
                    raise RuntimeError(f"Mismatch in shape: grad_output[{i}] has a shape of "
                                       f"torch.Size([{', '.join(map(str, g._shape[len(tracker.levels):]))}]) and "
                                       f"output[{i}] has a shape of "
                                       f"torch.Size([{', '.join(map(str, o._shape[len(tracker.levels):]))}]).")
            cg = create_graph if create_graph is not None else (
                tracker.create_graph or differentiating() or any(isinstance(c, Tensor) and c._requires_grad
                                                                for c in cts))
            return [tracker.result(wrap(g, tracker.levels)) if not cg else wrap(g, tracker.levels)
                    for g in tracker.grads(physical_out, gs, create_graph=cg, retain_graph=retain_graph)]
        if not tracker.levels and any(levels_of(c) for c in flat_ct):
            # cotangents batched by a vmap around this vjp_fn (vmap(vjp_fn)(basis)): one backward pass
            # whose formulas run batched, as PyTorch's; sample by sample where one cannot
            try:
                return tree_unflatten(one(flat_ct), spec)
            except RuntimeError:
                pass
        return tree_unflatten(_over_extra_levels(one, flat_ct, tracker.levels), spec)

    primal_out = tree_unflatten([tracker.result(o) for o in flat_out], out_spec)
    if has_aux:
        aux_leaves, aux_spec = tree_flatten(aux)
        return primal_out, wrapper, tree_unflatten([tracker.result(a) for a in aux_leaves], aux_spec)
    return primal_out, wrapper


def _one_hots(physical, k):
    """Each logical element's one-hot grad_output for a physical output (k batch dims)."""
    logical = physical._shape[k:]
    n = 1
    for s in logical:
        n *= s
    eye = _ops.creation.eye(n, dtype=physical.dtype)
    for i in range(n):
        yield eye[i].reshape(logical).expand(physical._shape)


def _jacobian_rows(tracker, physical):
    """d(physical)/d(each input), one row per logical element of the output, as PyTorch's jacrev:
    a vjp vmapped over the basis cotangents, so one backward pass whose formulas run batched; one
    backward per row where an op of the backward pass has no batched form here. Each result is
    [batch dims..., number of output elements, *input's logical shape]."""
    k = len(tracker.levels)
    n = 1
    for s in physical._shape[k:]:
        n *= s
    if n == 0:
        return [_ops.creation.zeros(physical._shape[:k] + (0,) + x._shape[k:], dtype=x.dtype)
                for x in tracker.physical]
    basis = _ops.creation.eye(n, dtype=physical.dtype).reshape((n,) + (1,) * k + physical._shape[k:])
    try:
        with vmap_level(n) as rows_level:
            cotangent = wrap(basis.expand((n,) + physical._shape), ((rows_level.number, n),))
            grads = tracker.grads([physical], [cotangent])
            return [g._value.movedim(0, k) if isinstance(g, BatchedTensor) else
                    g.unsqueeze(k).expand(g._shape[:k] + (n,) + g._shape[k:]) for g in grads]
    except RuntimeError:
        rows = [tracker.grads([physical], [e]) for e in _one_hots(physical, k)]
        return [_ops.joining.stack([r[j] for r in rows], k) for j in range(len(tracker.physical))]


def jacrev(func, argnums=0, *, has_aux=False, chunk_size=None, _preallocate_and_copy=False):
    if chunk_size is not None and (not isinstance(chunk_size, int) or chunk_size <= 0):
        raise ValueError("jacrev: `chunk_size` should be greater than 0.")

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        with grad_level("grad") as level:
            tracker, spec, output = _call_tracked(func, argnums, args, kwargs, level)
            output, aux = _split_aux(output, has_aux, "jacrev(f, ...)(*args)")
            flat_out, out_spec = _flat_tensors(output, "vjp(f, *primals)")  # PyTorch's jacrev says vjp here
            k = len(tracker.levels)
            tracker.see_outputs(flat_out)
            jacobians = []
            for o in flat_out:
                physical = tracker.full(o)
                per_input = []
                for j, (x, jac) in enumerate(zip(tracker.physical, _jacobian_rows(tracker, physical))):
                    per_input.append(tracker.wrap(jac.reshape(physical._shape + x._shape[k:])))
                jacobians.append(tree_unflatten(per_input, spec))
            result = tree_unflatten(jacobians, out_spec)
            if has_aux:
                aux_leaves, aux_spec = tree_flatten(aux)
                return result, tree_unflatten([tracker.result(a) for a in aux_leaves], aux_spec)
            return result
    return wrapper


class _Linearization:
    """The double-vjp of f at its inputs: u -> uᵀJ recorded once, so that J·v for any
    tangent v is one more reverse pass (d(uᵀJ·v)/du)."""

    def __init__(self, tracker, flat_out):
        self.tracker = tracker
        self.outputs = [tracker.full(o) for o in flat_out]
        self.dummies = [_ops.creation.zeros_like(o).requires_grad_() for o in self.outputs]
        self.transposed = tracker.grads(self.outputs, self.dummies, create_graph=True)

    def apply(self, tangents, create_graph=None):
        """J·v for physical tangents (batch dims first, full size), as physical outputs."""
        tracker = self.tracker
        pairs = [(g, t) for g, t in zip(self.transposed, tangents) if g._requires_grad]
        create = tracker.create_graph if create_graph is None else create_graph
        if not pairs:
            return [_ops.creation.zeros_like(o) for o in self.outputs]
        gs, ts = zip(*pairs)
        return tracker.grads(list(gs), list(ts), inputs=self.dummies, create_graph=create)


def _check_jvp_args(primals, tangents, api="jvp"):
    if not isinstance(primals, tuple):
        raise RuntimeError(f"{api}(f, primals, tangents): Expected primals to be a tuple. E.g. it should be valid to "
                           "call f(*primals).")
    flat_p, p_spec = tree_flatten(primals)
    flat_t, t_spec = tree_flatten(tangents)
    if p_spec != t_spec:
        raise RuntimeError(f"{api}(f, primals, tangents): Expected primals and tangents to have the same python "
                           "structure. For example, if primals is a tuple of 3 tensors, tangents also must be. Got "
                           f"primals with structure {p_spec} and tangents with structure {t_spec}")
    for p, t in zip(flat_p, flat_t):
        _check_tensor(p)
        _check_tensor(t)
        if p._shape != t._shape:
            raise RuntimeError("Trying to set a forward gradient that has a different size than that of the original "
                               f"Tensor, this is not supported. Tensor is of size [{', '.join(map(str, p._shape))}] "
                               f"while the given forward gradient is of size [{', '.join(map(str, t._shape))}].")
    return flat_p, p_spec, flat_t


def _check_outputs(output, has_aux, api):
    output, aux = _split_aux(output, has_aux, f"{api}(f, primals, tangents)")
    return (*_flat_tensors(output, f"{api}(f, primals, tangents)"), aux)


def _jvp_forward_ad(func, flat_p, spec, flat_t, has_aux, level):
    """(primal outputs, tangent outputs, out spec, aux) by forward-mode AD on the physical tensors, at
    a dual level of this jvp's own (inside another jvp, the outer one's tangents ride along)."""
    from ..autograd import forward_ad
    levels = vmap_levels()
    create_graph = differentiating_outside(level) or any(p._requires_grad for p in flat_p)
    dual_level = level.dual_level = forward_ad.enter_jvp_level()
    try:
        duals = []
        for p, t in zip(flat_p, flat_t):
            pp, tp = expanded(p, levels), expanded(t, levels)
            if levels:
                pp, tp = pp.contiguous(), tp.contiguous()
            dual = forward_ad.make_dual(pp, tp, level=dual_level)
            level.tracked.add(id(dual))
            duals.append(wrap(dual, levels))
        with enable_grad():
            output = func(*tree_unflatten(duals, spec))
        flat_out, out_spec, aux = _check_outputs(output, has_aux, "jvp")
        keep_history = create_graph or _depends_on_outside(flat_out, level)
        primals_out, tangents_out = [], []
        for o in flat_out:
            o = expanded(o, levels)
            tangent = _dual.tangent_at(o, dual_level)
            outer = _dual.set_visible(dual_level - 1)
            try:
                primal = _ops.shape.alias(o)  # the primal, with its tangents of the jvps outside (functorch's unwrapping)
            finally:
                _dual.set_visible(outer)
            if tangent is None:
                tangent = _ops.creation.zeros_like(primal)
            if not keep_history:
                primal, tangent = primal.detach(), tangent.detach()
            primals_out.append(wrap(primal, levels))
            tangents_out.append(wrap(tangent, levels))
    finally:
        forward_ad.exit_dual_level(level=dual_level)
    return primals_out, tangents_out, out_spec, aux, create_graph


def jvp(func, primals, tangents, *, strict=False, has_aux=False):
    flat_p, spec, flat_t = _check_jvp_args(primals, tangents)
    with grad_level("jvp") as level:
        primal_out, tangents_out, out_spec, aux, create_graph = _jvp_forward_ad(func, flat_p, spec, flat_t,
                                                                                has_aux, level)
        result = (tree_unflatten(primal_out, out_spec), tree_unflatten(tangents_out, out_spec))
        if has_aux:
            aux_leaves, aux_spec = tree_flatten(aux)
            keep = (lambda a: a) if create_graph else (lambda a: a.detach() if isinstance(a, Tensor) else a)
            return result + (tree_unflatten([keep(a) for a in aux_leaves], aux_spec),)
        return result


CONST_FOLD_WARNING = (
    "Attempted to insert a get_attr Node with no underlying reference in the owning GraphModule! Call "
    "GraphModule.add_submodule to add the necessary submodule, GraphModule.add_parameter to add the necessary "
    "Parameter, or nn.Module.register_buffer to add the necessary buffer")


def linearize(func, *primals):
    """(func(*primals), jvp_fn). PyTorch traces func with make_fx and constant-folds the trace, which
    warns once per call (from its fx code); the trace is not needed here, the warning is kept."""
    import warnings
    with grad_level("jvp") as level:
        flat_p, spec = tree_flatten(primals)
        tracker = _Tracker(level, flat_p)
        with enable_grad():
            output = func(*tree_unflatten(tracker.tracked, spec))
        flat_out, out_spec = tree_flatten(output)
        lin = _Linearization(tracker, flat_out)
    warnings.warn(CONST_FOLD_WARNING, UserWarning, stacklevel=1)

    def jvp_fn(*tangents):
        flat_t, t_spec = tree_flatten(tangents)
        if t_spec != spec:
            raise RuntimeError(f"Expected the tangents {t_spec} to have the same argument structure as the primals "
                               f"{spec}")
        for p, t in zip(flat_p, flat_t):
            if p._shape != t._shape:
                raise RuntimeError(f"Expected tangent of shape {tuple(p._shape)} to have the same shape as primal of "
                                   f"shape {tuple(t._shape)}")
        outs = _over_extra_levels(lambda ts: [wrap(t, tracker.levels) for t in lin.apply(
            [expanded(t, tracker.levels) for t in ts], create_graph=False)],
                                  flat_t, tracker.levels)
        return tree_unflatten([tracker.result(o) for o in outs], out_spec)
    return tree_unflatten([tracker.result(o) for o in flat_out], out_spec), jvp_fn


def jacfwd(func, argnums=0, has_aux=False, *, randomness="error"):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        nums = _check_argnums(argnums, args)
        diff = args[argnums] if isinstance(argnums, int) else tuple(args[i] for i in nums)
        leaves, spec = tree_flatten(diff)
        for x in leaves:
            _check_tensor(x)
        return _jacfwd_by_vmap(func, args, kwargs, argnums, leaves, spec, has_aux, randomness)
    return wrapper


def _flat_basis(leaves):
    """The identity over all the inputs' elements, cut into one block per input (as PyTorch's
    jacfwd makes its tangents): block j is [numel of all, *shape of input j]."""
    sizes = [x.numel() for x in leaves]
    total = sum(sizes)
    eye = _ops.creation.eye(total, dtype=leaves[0].dtype)
    blocks, start = [], 0
    for x, n in zip(leaves, sizes):
        blocks.append(eye[:, start:start + n].reshape((total,) + x._shape))
        start += n
    return blocks, sizes


def _with_diff(args, argnums, diff):
    """args with the differentiated ones (``diff``: one value, or a tuple for a tuple of argnums) replaced."""
    if isinstance(argnums, int):
        return _replace_args(args, (argnums,), (diff,))
    return _replace_args(args, argnums, diff)


def _jacfwd_by_vmap(func, args, kwargs, argnums, leaves, spec, has_aux, randomness):
    """PyTorch's jacfwd: jvp vmapped over the basis tangents, the columns moved last."""
    basis, sizes = _flat_basis(leaves)

    def push(*tangents):
        def at(*diff_leaves):
            return func(*_with_diff(args, argnums, tree_unflatten(list(diff_leaves), spec)), **kwargs)
        out = jvp(at, tuple(leaves), tuple(tangents), has_aux=has_aux)
        return (out[1], out[2]) if has_aux else out[1]
    pushed_out = vmap(push, randomness=randomness)(*basis)
    tangents_out, aux = pushed_out if has_aux else (pushed_out, None)
    flat_out, out_spec = tree_flatten(tangents_out)
    jacobians = []
    for t in flat_out:  # [numel of all inputs, *out shape] -> per input [*out shape, *input shape]
        per_input, start = [], 0
        for x, n in zip(leaves, sizes):
            block = t.narrow(0, start, n).movedim(0, -1)
            per_input.append(block.reshape(t._shape[1:] + x._shape))
            start += n
        jacobians.append(tree_unflatten(per_input, spec))
    result = tree_unflatten(jacobians, out_spec)
    if has_aux:
        aux_leaves, aux_spec = tree_flatten(aux)
        return result, tree_unflatten([a.select(0, 0) if isinstance(a, Tensor) else a for a in aux_leaves],
                                      aux_spec)
    return result


def hessian(func, argnums=0):
    return jacfwd(jacrev(func, argnums), argnums)


def batched_grad(outputs, inputs, grad_outputs, retain_graph, create_graph, allow_unused, materialize_grads):
    """torch.autograd.grad(..., is_grads_batched=True): the backward pass run once under a vmap over
    dim 0 of the grad_outputs."""
    sizes = [g._shape[0] for g in grad_outputs if isinstance(g, Tensor)]
    if not sizes:
        return autograd_grad(outputs, inputs, grad_outputs, retain_graph, create_graph, allow_unused=allow_unused,
                             materialize_grads=materialize_grads)
    n = sizes[0]
    with vmap_level(n) as level:
        batched = tuple(wrap(g, ((level.number, n),)) if isinstance(g, Tensor) else g for g in grad_outputs)
        grads = autograd_grad(outputs, inputs, batched, retain_graph, create_graph, allow_unused=allow_unused,
                              materialize_grads=materialize_grads)
        return tuple(None if g is None else remove_batch_dim(g, 0, level.number, n, "grad") for g in grads)
