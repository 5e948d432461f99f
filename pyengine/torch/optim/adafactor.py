"""Adafactor: second moments kept factored, a row and a column mean of the squared gradient per
matrix (PyTorch's _single_tensor_adafactor op by op: its CPU default)."""
from .._dtype import finfo
from .._ops.creation import zeros_like
from .._tensor import Tensor
from .optimizer import Optimizer, _step_tensor


class Adafactor(Optimizer):
    def __init__(self, params, lr=1e-2, beta2_decay=-0.8, eps=(None, 1e-3), d=1.0, weight_decay=0.0, *,
                 foreach=None, maximize=False):
        if isinstance(lr, Tensor) and lr.numel() != 1:
            raise ValueError("Tensor lr must be 1-element")
        if not 0.0 <= lr:
            raise ValueError(f"Learning rate should be >= 0 but is: {lr}")
        if not 0.0 >= beta2_decay:
            raise ValueError(f"beta2_decay should be <= 0 but is: {beta2_decay}")
        if eps[0] is not None and not 0.0 <= eps[0]:
            raise ValueError(f"epsilon1 should be >= 0 but is: {eps[0]}")
        if not 0.0 <= eps[1]:
            raise ValueError(f"epsilon2 should be >= 0 but is: {eps[1]}")
        if not 1.0 <= d:
            raise ValueError(f"Clipping threshold d should be >= 1 but is: {d}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"weight_decay should be >= 0 but is: {weight_decay}")
        defaults = dict(lr=lr, beta2_decay=beta2_decay, eps=eps, d=d, weight_decay=weight_decay, foreach=foreach,
                        maximize=maximize)
        super().__init__(params, defaults)

    @staticmethod
    def _new_state(param):
        if param.grad.dim() <= 1:
            return {"step": _step_tensor(), "variance": zeros_like(param.grad)}
        row_shape, col_shape = list(param.grad.shape), list(param.grad.shape)
        row_shape[-1] = col_shape[-2] = 1
        return {"step": _step_tensor(), "row_var": param.grad.new_zeros(row_shape),
                "col_var": param.grad.new_zeros(col_shape)}

    def _update_group(self, group):
        lr = group["lr"].item() if isinstance(group["lr"], Tensor) else group["lr"]
        eps1, eps2 = group["eps"]
        d, beta2_decay, weight_decay = group["d"], group["beta2_decay"], group["weight_decay"]
        for param, grad, state in self._grads_and_states(group, self._new_state):
            if eps1 is None:
                eps1 = finfo(param.dtype).eps
            state["step"] += 1
            step = state["step"].item()
            one_minus_beta2_t = step ** beta2_decay
            rho_t = min(lr, 1 / (step ** 0.5))
            alpha = max(eps2, param.norm(2).item() / (param.numel() ** 0.5)) * rho_t
            if weight_decay != 0:
                param.mul_(1 - lr * weight_decay)
            if grad.dim() > 1:
                row_var, col_var = state["row_var"], state["col_var"]
                row_var.lerp_(grad.norm(dim=-1, keepdim=True).square_().div_(grad.size(-1)), one_minus_beta2_t)
                col_var.lerp_(grad.norm(dim=-2, keepdim=True).square_().div_(grad.size(-2)), one_minus_beta2_t)
                var_estimate = row_var @ col_var
                var_estimate.div_(row_var.mean(dim=-2, keepdim=True).clamp_(min=eps1))
            else:
                state["variance"].lerp_(grad * grad, one_minus_beta2_t)
                var_estimate = state["variance"].clone()
            update = var_estimate.clamp_(min=eps1 * eps1).rsqrt_().mul_(grad)
            denom = max(1.0, update.norm(2).item() / ((update.numel() ** 0.5) * d))
            param.add_(update, alpha=-alpha / denom)
