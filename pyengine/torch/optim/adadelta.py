"""Adadelta (PyTorch's _single_tensor_adadelta op by op)."""
from .._aten import optim as optim_kernels
from .._ops.creation import zeros_like
from .optimizer import Optimizer, _fusable, _step_tensor


def _fused_step(param, grad, square_avg, acc_delta, lr, rho, eps, weight_decay):
    """The step of _update_group for one parameter (after its step count) in one kernel call
    (optim_kernels.adadelta_step), where the kernels are loaded and the tensors are plain: the
    same values and the same version counts. False where it does not apply (nothing done)."""
    if not _fusable(optim_kernels.adadelta_step, (param, grad, square_avg, acc_delta),
                    (lr, rho, eps, weight_decay)):
        return False
    optim_kernels.adadelta_step(param._storage.buf, grad._storage.buf, square_avg._storage.buf,
                                acc_delta._storage.buf, weight_decay, rho, eps, -lr)
    # the in-place ops' writes: square_avg.mul_ and addcmul_, acc_delta.mul_ and addcmul_, param.add_
    square_avg._storage.version += 2
    acc_delta._storage.version += 2
    param._storage.version += 1
    return True


class Adadelta(Optimizer):
    def __init__(self, params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0, foreach=None, *, capturable=False,
                 maximize=False, differentiable=False):
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= rho <= 1.0:
            raise ValueError(f"Invalid rho value: {rho}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        defaults = dict(lr=lr, rho=rho, eps=eps, weight_decay=weight_decay, maximize=maximize, capturable=capturable,
                        foreach=foreach, differentiable=differentiable)
        super().__init__(params, defaults)

    def _update_group(self, group):
        lr, rho, eps, weight_decay = group["lr"], group["rho"], group["eps"], group["weight_decay"]
        new_state = lambda p: {"step": _step_tensor(), "square_avg": zeros_like(p),
                               "acc_delta": zeros_like(p)}
        for param, grad, state in self._grads_and_states(group, new_state):
            square_avg, acc_delta = state["square_avg"], state["acc_delta"]
            state["step"] += 1
            if _fused_step(param, grad, square_avg, acc_delta, lr, rho, eps, weight_decay):
                continue
            if weight_decay != 0:
                grad = grad.add(param, alpha=weight_decay)
            square_avg.mul_(rho).addcmul_(grad, grad, value=1 - rho)
            std = square_avg.add(eps).sqrt_()
            delta = acc_delta.add(eps).sqrt_()
            delta.div_(std).mul_(grad)
            acc_delta.mul_(rho).addcmul_(delta, delta, value=1 - rho)
            param.add_(delta, alpha=-lr)
