"""RMSprop (PyTorch's single-tensor path)."""
from .._ops.creation import zeros_like
from .optimizer import Optimizer, _step_tensor


def _rmsprop_state(param, momentum, centered):
    state = {"step": _step_tensor(), "square_avg": zeros_like(param)}
    if momentum > 0:
        state["momentum_buffer"] = zeros_like(param)
    if centered:
        state["grad_avg"] = zeros_like(param)
    return state


class RMSprop(Optimizer):
    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0, centered=False,
                 capturable=False, foreach=None, maximize=False, differentiable=False):
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= momentum:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if not 0.0 <= alpha:
            raise ValueError(f"Invalid alpha value: {alpha}")
        defaults = dict(lr=lr, momentum=momentum, alpha=alpha, eps=eps, centered=centered,
                        weight_decay=weight_decay, capturable=capturable, foreach=foreach, maximize=maximize,
                        differentiable=differentiable)
        super().__init__(params, defaults)

    def _update_group(self, group):
        lr, alpha, eps = group["lr"], group["alpha"], group["eps"]
        momentum, weight_decay = group["momentum"], group["weight_decay"]
        for param, grad, state in self._grads_and_states(group, lambda p: _rmsprop_state(p, momentum, group["centered"])):
            square_avg = state["square_avg"]
            state["step"] += 1
            if weight_decay != 0:
                grad = grad.add(param, alpha=weight_decay)
            square_avg.mul_(alpha).addcmul_(grad, grad, value=1 - alpha)
            if group["centered"]:
                grad_avg = state["grad_avg"]
                grad_avg.lerp_(grad, 1 - alpha)
                avg = square_avg.addcmul(grad_avg, grad_avg, value=-1).sqrt_()
            else:
                avg = square_avg.sqrt()
            avg = avg.add_(eps)
            if momentum > 0:
                buf = state["momentum_buffer"]
                buf.mul_(momentum).addcdiv_(grad, avg)
                param.add_(buf, alpha=-lr)
            else:
                param.addcdiv_(grad, avg, value=-lr)
