"""ASGD: averaged stochastic gradient descent (PyTorch's _single_tensor_asgd op by op). eta and
mu are float32 0-d tensors in the state, so their new values are rounded to float32."""
from .._dtype import float32
from .._ops.creation import as_tensor, ones, tensor, zeros_like
from .optimizer import Optimizer, _step_tensor


class ASGD(Optimizer):
    def __init__(self, params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0, foreach=None,
                 maximize=False, differentiable=False, capturable=False):
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        defaults = dict(lr=lr, lambd=lambd, alpha=alpha, t0=t0, weight_decay=weight_decay, foreach=foreach,
                        maximize=maximize, differentiable=differentiable, capturable=capturable)
        super().__init__(params, defaults)

    def _update_group(self, group):
        lr, lambd, alpha, t0, weight_decay = (group[k] for k in ("lr", "lambd", "alpha", "t0", "weight_decay"))
        new_state = lambda p: {"step": _step_tensor(), "eta": tensor(lr, dtype=float32),
                               "mu": ones((), dtype=float32), "ax": zeros_like(p)}
        for param, grad, state in self._grads_and_states(group, new_state):
            mu, ax, eta, step_t = state["mu"], state["ax"], state["eta"], state["step"]
            step_t += 1
            if weight_decay != 0:
                grad = grad.add(param, alpha=weight_decay)
            eta_value = eta.item()
            param.mul_(1 - lambd * eta_value)
            param.add_(grad, alpha=-eta_value)
            if mu.item() != 1:
                ax.add_(param.sub(ax).mul_(mu))
            else:
                ax.copy_(param)
            step = step_t.item()
            eta.copy_(as_tensor(lr / ((1 + lambd * lr * step) ** alpha)))
            mu.copy_(as_tensor(1 / max(1, step - t0)))
