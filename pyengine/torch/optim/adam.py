"""Adam (and AdamW through decoupled_weight_decay): PyTorch's _single_tensor_adam op by op."""
from .._aten import optim as optim_kernels
from .._ops.creation import zeros_like
from .._ops.pointwise import maximum
from .optimizer import Optimizer, _check_hyperparameters, _fusable, _step_tensor


def _adam_state(param, amsgrad=False):
    state = {"step": _step_tensor(), "exp_avg": zeros_like(param), "exp_avg_sq": zeros_like(param)}
    if amsgrad:
        state["max_exp_avg_sq"] = zeros_like(param)
    return state


def _weight_decayed(param, grad, group):
    """The gradient with L2 weight decay added, or (decoupled, AdamW's way) the parameter shrunk."""
    lr, weight_decay = group["lr"], group["weight_decay"]
    if weight_decay == 0:
        return grad
    if group["decoupled_weight_decay"]:
        param.mul_(1 - lr * weight_decay)
        return grad
    return grad.add(param, alpha=weight_decay)


def _update_moments(param, grad, state, group):
    """Adam's first half (RAdam's too): count the step, decay the weights, update both moments.
    Returns the step number."""
    beta1, beta2 = group["betas"]
    state["step"] += 1
    grad = _weight_decayed(param, grad, group)
    state["exp_avg"].lerp_(grad, 1 - beta1)
    state["exp_avg_sq"].mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
    return state["step"].item()


def _fused_step(param, grad, state, group):
    """The step of _update_group for one parameter in one kernel call (optim_kernels.adam_step),
    where the kernel can run and the tensors are plain: the same values and the same version
    counts. False where it does not apply (nothing done)."""
    exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
    beta1, beta2 = group["betas"]
    lr, eps, weight_decay = group["lr"], group["eps"], group["weight_decay"]
    if group["amsgrad"] or not _fusable(optim_kernels.adam_step, (param, grad, exp_avg, exp_avg_sq),
                                             (beta1, beta2, lr, eps, weight_decay)):
        return False
    state["step"] += 1
    step = state["step"].item()
    decay = None if weight_decay == 0 else "decoupled" if group["decoupled_weight_decay"] else "l2"
    bias_correction1 = 1 - beta1 ** step
    bias_correction2 = 1 - beta2 ** step
    optim_kernels.adam_step(param._storage.buf, grad._storage.buf, exp_avg._storage.buf, exp_avg_sq._storage.buf,
                            decay, 1 - lr * weight_decay if decay == "decoupled" else weight_decay, 1 - beta1,
                            beta2, 1 - beta2, bias_correction2 ** 0.5, eps, -(lr / bias_correction1))
    # the in-place ops' writes: param.mul_ (decoupled decay) and addcdiv_, exp_avg.lerp_, exp_avg_sq.mul_ and addcmul_
    param._storage.version += 2 if decay == "decoupled" else 1
    exp_avg._storage.version += 1
    exp_avg_sq._storage.version += 2
    return True


class Adam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, amsgrad=False, *,
                 foreach=None, maximize=False, capturable=False, differentiable=False, fused=None,
                 decoupled_weight_decay=False):
        _check_hyperparameters(lr, eps, betas, weight_decay)
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad,
                        maximize=maximize, foreach=foreach, capturable=capturable,
                        differentiable=differentiable, fused=fused,
                        decoupled_weight_decay=decoupled_weight_decay)
        super().__init__(params, defaults)

    def _update_group(self, group):
        beta1, beta2 = group["betas"]
        lr, eps = group["lr"], group["eps"]
        for param, grad, state in self._grads_and_states(group, lambda p: _adam_state(p, group["amsgrad"])):
            if _fused_step(param, grad, state, group):
                continue
            step = _update_moments(param, grad, state, group)
            exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
            bias_correction1 = 1 - beta1 ** step
            bias_correction2 = 1 - beta2 ** step
            step_size = lr / bias_correction1
            bias_correction2_sqrt = bias_correction2 ** 0.5
            if group["amsgrad"]:
                max_sq = state["max_exp_avg_sq"]
                max_sq.copy_(maximum(max_sq, exp_avg_sq))
                denom = (max_sq.sqrt() / bias_correction2_sqrt).add_(eps)
            else:
                denom = (exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(eps)
            param.addcdiv_(exp_avg, denom, value=-step_size)
