"""gradcheck / gradgradcheck: compare autograd's gradients with finite differences."""
import itertools
import warnings

from .graph import grad as autograd_grad


class GradcheckError(RuntimeError):
    pass


GradcheckError.__module__ = "torch.autograd.gradcheck"


def _as_tuple(x):
    return tuple(x) if isinstance(x, (list, tuple)) else (x,)


def _differentiable(inputs):
    from .._tensor import Tensor
    return [i for i, t in enumerate(inputs) if isinstance(t, Tensor) and t._requires_grad]


def _numerical_jacobians(fn, inputs, eps):
    """jac[out][inp]: d out_flat[r] / d inp_flat[i] by central differences at row i, column r
    (PyTorch's layout: a row per input element)."""
    from .._ops.creation import tensor
    outputs = _as_tuple(fn(*inputs))
    jac = [[None] * len(inputs) for _ in outputs]
    for k in _differentiable(inputs):
        x = inputs[k]
        data = x.data  # its own version counter: perturbing it is not an in-place op
        # element by element in row-major order, indexed so that any strides (x.t()) work
        positions = list(itertools.product(*map(range, data.shape)))
        columns = []
        for i in positions:
            orig = data[i].item()
            data[i] = orig - eps
            lo = [o.detach().reshape(-1).tolist() for o in _as_tuple(fn(*inputs))]
            data[i] = orig + eps
            hi = [o.detach().reshape(-1).tolist() for o in _as_tuple(fn(*inputs))]
            data[i] = orig
            columns.append([[(h - l) / (2 * eps) for h, l in zip(ho, lo_)] for ho, lo_ in zip(hi, lo)])
        for j, o in enumerate(outputs):
            rows = o.numel()
            jac[j][k] = tensor([column[j] for column in columns], dtype=o.dtype).reshape(len(columns), rows)
    return outputs, jac


def _analytical_jacobians(outputs, inputs):
    from .._ops.creation import tensor, zeros_like
    diff = _differentiable(inputs)
    jac = [[None] * len(inputs) for _ in outputs]
    for j, out in enumerate(outputs):
        if not out._requires_grad:  # not differentiable: gradcheck checks its numerical Jacobian is zero
            continue
        n = out.numel()
        cols = {k: [] for k in diff}
        for r in range(n):
            g = zeros_like(out).reshape(-1)
            g[r] = 1
            grads = autograd_grad(out, [inputs[k] for k in diff], g.reshape(out.shape),
                                  retain_graph=True, allow_unused=True)
            for k, gk in zip(diff, grads):
                cols[k].append(gk.reshape(-1).tolist() if gk is not None
                               else [0.0] * inputs[k].numel())
        for k in diff:  # a row per input element, as in _numerical_jacobians
            jac[j][k] = tensor([[cols[k][r][i] for r in range(n)] for i in range(inputs[k].numel())],
                               dtype=out.dtype).reshape(inputs[k].numel(), n)
    return jac


def _forward_jacobians(func, inputs, outputs):
    """jac[out][inp] from forward AD: one jvp per basis tangent of each differentiable input (the
    others get zero tangents), as gradcheck's check_forward_ad computes it."""
    from . import forward_ad as fwAD
    from .._ops.creation import tensor, zeros_like
    diff = _differentiable(inputs)
    jac = [[None] * len(inputs) for _ in outputs]
    for k in diff:
        columns = []
        for i in range(inputs[k].numel()):
            with fwAD.dual_level():
                args = list(inputs)
                for m in diff:
                    tangent = zeros_like(inputs[m])
                    if m == k:
                        tangent.view(-1)[i] = 1
                    args[m] = fwAD.make_dual(inputs[m].detach(), tangent)
                column = []
                for out in _as_tuple(func(*args)):
                    t = fwAD.unpack_dual(out).tangent
                    column.append(t.reshape(-1).tolist() if t is not None else [0.0] * out.numel())
                columns.append(column)
        for j, out in enumerate(outputs):
            jac[j][k] = tensor([column[j] for column in columns], dtype=out.dtype).reshape(len(columns), out.numel())
    return jac


def _compare(numerical, analytical, outputs, inputs, atol, rtol, raise_exception, mode):
    for j in range(len(outputs)):
        if not outputs[j]._requires_grad:
            continue
        for k in _differentiable(inputs):
            num, ana = numerical[j][k], analytical[j][k]
            close = all(abs(a - n) <= atol + rtol * abs(n)
                        for a, n in zip(ana.reshape(-1).tolist(), num.reshape(-1).tolist()))
            if not close:
                if not raise_exception:
                    return False
                raise GradcheckError(f"Jacobian {mode}mismatch for output {j} with respect to input {k},\n"
                                     f"numerical:{num}\nanalytical:{ana}\n")
    return True


def gradcheck(func, inputs, *, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True,
              nondet_tol=0.0, check_undefined_grad=True, check_grad_dtypes=False,
              check_batched_grad=False, check_batched_forward_grad=False, check_forward_ad=False,
              check_backward_ad=True, fast_mode=False, masked=None):
    inputs = _as_tuple(inputs)
    for i in _differentiable(inputs):
        if inputs[i].dtype.name != "float64":
            warnings.warn(f"Input #{i} requires gradient and is not a double precision floating point "
                          "or complex. This check will likely fail if all the inputs are not of double "
                          "precision floating point or complex. ", UserWarning, stacklevel=2)
    outputs, numerical = _numerical_jacobians(func, inputs, eps)
    if not any(out._requires_grad for out in outputs) and any(  # no differentiable output: all must be 0
            v != 0 for row in numerical for k in _differentiable(inputs) for v in row[k].reshape(-1).tolist()):
        if not raise_exception:
            return False
        raise GradcheckError("Numerical gradient for function expected to be zero")
    if check_backward_ad and not _compare(numerical, _analytical_jacobians(outputs, inputs), outputs, inputs, atol,
                                          rtol, raise_exception, ""):
        return False
    if check_forward_ad and not _compare(numerical, _forward_jacobians(func, inputs, outputs), outputs, inputs,
                                         atol, rtol, raise_exception, "computed with forward mode "):
        return False
    return True


def gradgradcheck(func, inputs, grad_outputs=None, *, eps=1e-6, atol=1e-5, rtol=1e-3,
                  gen_non_contig_grad_outputs=False, raise_exception=True, **kwargs):
    """Check second derivatives: gradcheck of the function (inputs, v) -> vjp(func, inputs, v)."""
    from .._ops.creation import empty
    from .._dtype import float64
    inputs = _as_tuple(inputs)
    if grad_outputs is None:
        # random in [-1, 1), drawn as PyTorch's torch.testing.make_tensor draws them
        outputs = [o for o in _as_tuple(func(*inputs)) if o._requires_grad]
        grad_outputs = tuple(empty(o.shape, dtype=o.dtype if o.dtype.kind == "f" else float64).uniform_(-1, 1)
                             .requires_grad_(True) for o in outputs)
    grad_outputs = _as_tuple(grad_outputs)
    n_in = len(inputs)
    diff = _differentiable(inputs)

    def first_derivatives(*args):
        ins, vs = args[:n_in], args[n_in:]
        outs = _as_tuple(func(*ins))
        grads = autograd_grad(outs, [ins[k] for k in diff], vs, create_graph=True, allow_unused=True)
        return tuple(g for g in grads if g is not None)

    return gradcheck(first_derivatives, inputs + grad_outputs, eps=eps, atol=atol, rtol=rtol,
                     raise_exception=raise_exception)
