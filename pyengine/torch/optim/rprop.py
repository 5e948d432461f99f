"""Rprop: resilient backpropagation, steps by the sign of the gradient (PyTorch's
_single_tensor_rprop op by op)."""
from .._ops.creation import full_like, zeros_like
from .optimizer import Optimizer, _step_tensor


class Rprop(Optimizer):
    def __init__(self, params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), *, capturable=False, foreach=None,
                 maximize=False, differentiable=False):
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 < etas[0] < 1.0 < etas[1]:
            raise ValueError(f"Invalid eta values: {etas[0]}, {etas[1]}")
        defaults = dict(lr=lr, etas=etas, step_sizes=step_sizes, foreach=foreach, maximize=maximize,
                        differentiable=differentiable, capturable=capturable)
        super().__init__(params, defaults)

    def _update_group(self, group):
        etaminus, etaplus = group["etas"]
        step_size_min, step_size_max = group["step_sizes"]
        new_state = lambda p: {"step": _step_tensor(), "prev": zeros_like(p),
                               "step_size": full_like(p.grad, group["lr"])}
        for param, grad, state in self._grads_and_states(group, new_state):
            prev, step_size = state["prev"], state["step_size"]
            state["step"] += 1
            sign = grad.mul(prev).sign()
            sign[sign.gt(0)] = etaplus
            sign[sign.lt(0)] = etaminus
            sign[sign.eq(0)] = 1
            step_size.mul_(sign).clamp_(step_size_min, step_size_max)
            grad = grad.clone()
            grad[sign.eq(etaminus)] = 0  # after a sign change, skip this step and forget the gradient
            param.addcmul_(grad.sign(), step_size, value=-1)
            prev.copy_(grad)
