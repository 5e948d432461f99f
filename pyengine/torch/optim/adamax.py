"""Adamax: Adam with the infinity norm (PyTorch's _single_tensor_adamax op by op)."""
from .._ops.creation import zeros_like
from .._ops.pointwise import maximum
from .optimizer import Optimizer, _check_hyperparameters, _step_tensor


class Adamax(Optimizer):
    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, foreach=None, *,
                 maximize=False, differentiable=False, capturable=False):
        _check_hyperparameters(lr, eps, betas, weight_decay)
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, foreach=foreach,
                        maximize=maximize, differentiable=differentiable, capturable=capturable)
        super().__init__(params, defaults)

    def _update_group(self, group):
        beta1, beta2 = group["betas"]
        lr, eps, weight_decay = group["lr"], group["eps"], group["weight_decay"]
        new_state = lambda p: {"step": _step_tensor(), "exp_avg": zeros_like(p), "exp_inf": zeros_like(p)}
        for param, grad, state in self._grads_and_states(group, new_state):
            exp_avg, exp_inf = state["exp_avg"], state["exp_inf"]
            state["step"] += 1
            if weight_decay != 0:
                grad = grad.add(param, alpha=weight_decay)
            exp_avg.lerp_(grad, 1 - beta1)
            exp_inf.copy_(maximum(exp_inf.mul_(beta2), grad.abs().add_(eps)))
            clr = lr / (1 - beta1 ** state["step"].item())
            param.addcdiv_(exp_avg, exp_inf, value=-clr)
