"""NAdam: Adam with Nesterov momentum (PyTorch's _single_tensor_nadam op by op). The product of
the momentum coefficients is a float32 0-d tensor, as in PyTorch, so it rounds at every step."""
from .._dtype import float32
from .._ops.creation import tensor, zeros_like
from .adam import _weight_decayed
from .optimizer import Optimizer, _check_hyperparameters, _step_tensor


def _nadam_state(param):
    return {"step": _step_tensor(), "mu_product": tensor(1.0, dtype=float32),
            "exp_avg": zeros_like(param), "exp_avg_sq": zeros_like(param)}


class NAdam(Optimizer):
    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, momentum_decay=4e-3,
                 decoupled_weight_decay=False, *, foreach=None, maximize=False, capturable=False,
                 differentiable=False):
        _check_hyperparameters(lr, eps, betas, weight_decay)
        if not 0.0 <= momentum_decay:
            raise ValueError(f"Invalid momentum_decay value: {momentum_decay}")
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, momentum_decay=momentum_decay,
                        decoupled_weight_decay=decoupled_weight_decay, maximize=maximize, foreach=foreach,
                        capturable=capturable, differentiable=differentiable)
        super().__init__(params, defaults)

    def _update_group(self, group):
        beta1, beta2 = group["betas"]
        lr, eps, momentum_decay = group["lr"], group["eps"], group["momentum_decay"]
        for param, grad, state in self._grads_and_states(group, _nadam_state):
            exp_avg, exp_avg_sq, mu_product = state["exp_avg"], state["exp_avg_sq"], state["mu_product"]
            state["step"] += 1
            step = state["step"].item()
            bias_correction2 = 1 - beta2 ** step
            grad = _weight_decayed(param, grad, group)
            mu = beta1 * (1.0 - 0.5 * (0.96 ** (step * momentum_decay)))
            mu_next = beta1 * (1.0 - 0.5 * (0.96 ** ((step + 1) * momentum_decay)))
            mu_product *= mu
            exp_avg.lerp_(grad, 1 - beta1)
            exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
            denom = exp_avg_sq.div(bias_correction2).sqrt()
            mu_product_next = mu_product.item() * mu_next
            denom.add_(eps)
            param.addcdiv_(grad, denom, value=(-lr * (1.0 - mu) / (1.0 - mu_product.item())))
            param.addcdiv_(exp_avg, denom, value=(-lr * mu_next) / (1.0 - mu_product_next))
