"""torch.autograd.functional: Jacobians, Hessians and vector products of a Python function,
computed as PyTorch does (one reverse-mode pass per output element for jacobian; the double-
backward trick for jvp), so the same gradients are summed in the same order."""
from .grad_mode import enable_grad
from .graph import grad as autograd_grad

__all__ = ["vjp", "jvp", "jacobian", "hessian", "hvp", "vhp"]


def _as_tuple(x):
    return (tuple(x), True) if isinstance(x, (tuple, list)) else ((x,), False)


def _prepare(inputs, create_graph):
    """Inputs that require grad: detached copies, or (create_graph) views that keep history."""
    return tuple(t.view_as(t) if create_graph and t._requires_grad else t.detach().requires_grad_(True)
                 for t in inputs)


def _grad(outputs, inputs, grad_outputs=None, create_graph=False, retain_graph=None):
    wanted = [(o, g) for o, g in zip(outputs, grad_outputs or (None,) * len(outputs)) if o._requires_grad]
    if not wanted:
        return (None,) * len(inputs)
    outs, grads = zip(*wanted)
    return autograd_grad(outs, inputs, grads, retain_graph=True if retain_graph is None else retain_graph,
                               create_graph=create_graph, allow_unused=True)


def _filled(grads, like):
    from .._ops.creation import zeros_like
    return tuple(zeros_like(x) if g is None else g for g, x in zip(grads, like))


def _finish(values, create_graph, is_tuple):
    values = tuple(v if create_graph else v.detach() for v in values)
    return values if is_tuple else values[0]


def vjp(func, inputs, v=None, create_graph=False, strict=False):
    with enable_grad():
        inputs, in_tuple = _as_tuple(inputs)
        inputs = _prepare(inputs, create_graph)
        outputs, out_tuple = _as_tuple(func(*inputs))
        if v is None:
            if len(outputs) != 1 or outputs[0].numel() != 1:
                raise RuntimeError("The vector v can only be None if the user-provided function returns a single "
                                   "Tensor with a single element.")
            v = (None,)
        else:
            v, _ = _as_tuple(v)
        grads = _filled(_grad(outputs, inputs, v, create_graph), inputs)
    return _finish(outputs, create_graph, out_tuple), _finish(grads, create_graph, in_tuple)


def jvp(func, inputs, v=None, create_graph=False, strict=False):
    from .._ops.creation import ones_like, zeros_like
    with enable_grad():
        inputs, in_tuple = _as_tuple(inputs)
        inputs = _prepare(inputs, create_graph)
        outputs, out_tuple = _as_tuple(func(*inputs))
        if v is None:
            if len(inputs) != 1 or inputs[0].numel() != 1:
                raise RuntimeError("The vector v can only be None if the input to the user-provided function is a "
                                   "single Tensor with a single element.")
            v = (ones_like(inputs[0]),)
        else:
            v, _ = _as_tuple(v)
        # the double-backward trick: g -> J^T g is linear in g, and its gradient along v is J v
        grad_outputs = tuple(zeros_like(o, requires_grad=True) for o in outputs)
        grad_inputs = _grad(outputs, inputs, grad_outputs, create_graph=True)
        used = [(g, vi) for g, vi in zip(grad_inputs, v) if g is not None]
        if used:
            jv = autograd_grad([g for g, _ in used], grad_outputs, [vi for _, vi in used],
                                     create_graph=create_graph, allow_unused=True)
        else:
            jv = (None,) * len(outputs)
        jv = _filled(jv, outputs)
    return _finish(outputs, create_graph, out_tuple), _finish(jv, create_graph, out_tuple)


def _jacfwd(func, inputs, strict, vectorize):
    """The Jacobian in forward mode: the tangents of func's outputs for each standard basis tangent
    of the inputs. PyTorch runs the basis through one vmap-ed call of func; here func runs once
    per basis tangent, and the columns are assembled as PyTorch assembles the batch."""
    from . import forward_ad as fwAD
    from .._ops.creation import zeros_like
    from .._ops.joining import stack
    if strict:
        raise RuntimeError("torch.autograd.functional.jacobian: `strict=True` and `strategy=\"forward-mode\"` are "
                           "not supported together (yet). Please either set `strict=False` or "
                           "`strategy=\"reverse-mode\"`.")
    if not vectorize:
        raise NotImplementedError("Computing Jacobian using forward-AD or forward-over-reverse Hessian is"
                                  "only implemented for `vectorize=True`.")
    inputs, in_tuple = _as_tuple(inputs)
    columns, outputs, out_tuple = [], None, False
    for k, x in enumerate(inputs):
        for i in range(x.numel()):
            with fwAD.dual_level():
                duals = []
                for j, inp in enumerate(inputs):
                    tangent = zeros_like(inp).reshape(-1)
                    if j == k:
                        tangent[i] = 1
                    duals.append(fwAD.make_dual(inp, tangent.view_as(inp)))
                outs, out_tuple = _as_tuple(func(*duals))
                unpacked = [fwAD.unpack_dual(o) for o in outs]
                outputs = [u.primal for u in unpacked]
                columns.append([u.tangent if u.tangent is not None else zeros_like(u.primal) for u in unpacked])
    rows = []
    for n, out in enumerate(outputs):
        batched = stack([column[n] for column in columns])  # the basis tangents along dim 0, as vmap's
        blocks = [jac.permute(*range(1, jac.dim()), 0).reshape(tuple(out.shape) + tuple(x.shape))
                  for jac, x in zip(batched.split([x.numel() for x in inputs]), inputs)]
        rows.append(blocks)
    # PyTorch's _tuple_postprocess: lists stay lists where both sides are tuples
    if not in_tuple:
        rows = tuple(blocks[0] for blocks in rows)
    return rows if out_tuple else rows[0]


def _jacrev_vectorized(inputs, in_tuple, outputs, out_tuple, create_graph):
    """vectorize=True: every output element's vjp in one backward pass over a batch of basis vectors
    (autograd.grad's is_grads_batched), assembled as PyTorch assembles it."""
    from .._ops.creation import zeros, zeros_like
    numels = [o.numel() for o in outputs]
    total = sum(numels)
    basis, start = [], 0
    for n in numels:  # PyTorch's _construct_standard_basis_for: the identity cut into one block per output
        block = zeros((total, n), dtype=outputs[0].dtype)
        for i in range(n):
            block[start + i, i] = 1
        basis.append(block)
        start += n
    flat = tuple(o.reshape(-1) for o in outputs)
    wanted = [i for i, o in enumerate(flat) if o._requires_grad]
    if wanted:
        vj = list(autograd_grad(tuple(flat[i] for i in wanted), inputs, tuple(basis[i] for i in wanted),
                                retain_graph=True, create_graph=create_graph, allow_unused=True,
                                is_grads_batched=True))
    else:
        vj = [None] * len(inputs)
    vj = [zeros_like(x).expand((total,) + tuple(x.shape)) if g is None else g for g, x in zip(vj, inputs)]
    per_input = [[jac.view(tuple(o.shape) + tuple(x.shape)) for jac, o in zip(g.split(numels, dim=0), outputs)]
                 for g, x in zip(vj, inputs)]
    rows = [tuple(blocks[j] if create_graph else blocks[j].detach() for blocks in per_input)
            for j in range(len(outputs))]
    rows = [row if in_tuple else row[0] for row in rows]
    return tuple(rows) if out_tuple else rows[0]


def jacobian(func, inputs, create_graph=False, strict=False, vectorize=False, strategy="reverse-mode"):
    from .._ops.creation import zeros, zeros_like
    from .._ops.joining import stack
    if strategy not in ("forward-mode", "reverse-mode"):
        raise AssertionError('Expected strategy to be either "forward-mode" or "reverse-mode". Hint: If your function '
                             'has more outputs than inputs, "forward-mode" tends to be more performant. Otherwise, '
                             'prefer to use "reverse-mode".')
    if strategy == "forward-mode":
        if create_graph:
            raise NotImplementedError("torch.autograd.functional.jacobian: `create_graph=True` and "
                                      "`strategy=\"forward-mode\"` are not supported together (yet). Please either "
                                      "set `create_graph=False` or `strategy=\"reverse-mode\"`.")
        return _jacfwd(func, inputs, strict, vectorize)
    with enable_grad():
        inputs, in_tuple = _as_tuple(inputs)
        inputs = _prepare(inputs, create_graph)
        outputs, out_tuple = _as_tuple(func(*inputs))
        if vectorize:
            return _jacrev_vectorized(inputs, in_tuple, outputs, out_tuple, create_graph)
        rows = []
        for out in outputs:
            flat = out.reshape(-1)
            per_input = [[] for _ in inputs]
            for j in range(flat.numel()):
                grads = _grad((flat[j],), inputs, create_graph=create_graph) if out._requires_grad \
                    else (None,) * len(inputs)
                for k, (g, x) in enumerate(zip(grads, inputs)):
                    per_input[k].append(zeros_like(x) if g is None else g)
            blocks = []
            for x, gs in zip(inputs, per_input):
                block = stack(gs).reshape(out.shape + x.shape) if gs else \
                    zeros(out.shape + x.shape, dtype=x.dtype)
                blocks.append(block if create_graph else block.detach())
            rows.append(tuple(blocks) if in_tuple else blocks[0])
    return tuple(rows) if out_tuple else rows[0]


def hessian(func, inputs, create_graph=False, strict=False, vectorize=False, outer_jacobian_strategy="reverse-mode"):
    from .._tensor import Tensor
    _, in_tuple = _as_tuple(inputs)

    def single_output(*xs):
        out = func(*xs)
        if not isinstance(out, Tensor) or out.numel() != 1:
            raise RuntimeError("The function given to hessian should return a single Tensor with a single element.")
        return out

    def gradient(*xs):
        if outer_jacobian_strategy == "forward-mode":  # forward-over-reverse: the dual inputs require grad
            xs = tuple(x.requires_grad_(True) for x in xs)
        return jacobian(single_output, xs if in_tuple else xs[0], create_graph=True)

    return jacobian(gradient, inputs, create_graph=create_graph, vectorize=vectorize, strategy=outer_jacobian_strategy)


def vhp(func, inputs, v=None, create_graph=False, strict=False):
    with enable_grad():
        inputs, in_tuple = _as_tuple(inputs)
        inputs = _prepare(inputs, create_graph)
        output = func(*inputs)
        grads = _filled(_grad((output,), inputs, create_graph=True), inputs)
        v, _ = _as_tuple(v)
        products = _filled(_grad(grads, inputs, v, create_graph), inputs)
    return _finish((output,), create_graph, False), _finish(products, create_graph, in_tuple)


def hvp(func, inputs, v=None, create_graph=False, strict=False):
    return vhp(func, inputs, v, create_graph, strict)  # the Hessian of a twice-differentiable function is symmetric
