"""Adagrad (PyTorch's single-tensor path); its state exists from construction on."""
from .._ops.creation import full_like
from .optimizer import Optimizer, _step_tensor


class Adagrad(Optimizer):
    def __init__(self, params, lr=1e-2, lr_decay=0, weight_decay=0, initial_accumulator_value=0, eps=1e-10,
                 foreach=None, *, maximize=False, differentiable=False, fused=None):
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= lr_decay:
            raise ValueError(f"Invalid lr_decay value: {lr_decay}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if not 0.0 <= initial_accumulator_value:
            raise ValueError(f"Invalid initial_accumulator_value value: {initial_accumulator_value}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        defaults = dict(lr=lr, lr_decay=lr_decay, eps=eps, weight_decay=weight_decay,
                        initial_accumulator_value=initial_accumulator_value, foreach=foreach,
                        maximize=maximize, differentiable=differentiable, fused=fused)
        super().__init__(params, defaults)
        for group in self.param_groups:
            for p in group["params"]:
                state = self.state[p]
                state["step"] = _step_tensor()
                state["sum"] = full_like(p, group["initial_accumulator_value"])

    def _update_group(self, group):
        lr, lr_decay, eps, weight_decay = group["lr"], group["lr_decay"], group["eps"], group["weight_decay"]
        for param in self._params_with_grad(group):
            state = self.state[param]
            state["step"] += 1
            step = state["step"].item()
            grad = param.grad if not group["maximize"] else -param.grad
            if weight_decay != 0:
                grad = grad.add(param, alpha=weight_decay)
            clr = lr / (1 + (step - 1) * lr_decay)
            state["sum"].addcmul_(grad, grad, value=1)
            std = state["sum"].sqrt().add_(eps)
            param.addcdiv_(grad, std, value=-clr)
