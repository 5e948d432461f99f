"""Optimizer steps over a parameter's whole buffer in one call, where the browser's kernels are
loaded or the active backend has its own version (numpy's Adam step, whole arrays): the
optimizer's own tensor ops, one after another, element by element (each op's roundings; its Python
scalars as the float32 values the tensor ops take). Elsewhere the optimizer runs its tensor ops."""
from .._backend import kernels
from .._float32 import f32
from . import _dispatch

# The steps a backend's ATEN table may hold besides the @backend_kernel loops: they fill their
# buffers in place, and have no Python loop here (the optimizer's tensor ops stand in for them).
BACKEND_STEPS = ("adam_step",)


def available(kernel):
    """Whether ``kernel`` (adam_step, adadelta_step) can run: the browser's kernels are loaded, or
    the active backend has its own (numpy's whole-array steps)."""
    return kernels.wasm is not None or kernel.__name__ in _dispatch.active.ATEN


def adam_step(param, grad, exp_avg, exp_avg_sq, decay, weight_decay, lerp_weight, beta2, one_minus_beta2,
              bias_correction2_sqrt, eps, neg_step_size):
    """optim.Adam's tensor ops on buffers of equal length: param (first ``param.mul_(weight_decay)``
    when decay is "decoupled"), exp_avg and exp_avg_sq updated in place; grad (first
    ``grad.add(param, alpha=weight_decay)`` when decay is "l2") is not. The active backend's own
    step (numpy's), else the browser's kernel."""
    own = _dispatch.active.ATEN.get("adam_step")
    if own is not None:
        return own(param, grad, exp_avg, exp_avg_sq, decay, weight_decay, lerp_weight, beta2, one_minus_beta2,
                   bias_correction2_sqrt, eps, neg_step_size)
    kernels.adam_step(param, grad, exp_avg, exp_avg_sq, {None: 0, "decoupled": 1, "l2": 2}[decay],
                      *map(f32, (weight_decay, lerp_weight, beta2, one_minus_beta2, bias_correction2_sqrt, eps,
                                 neg_step_size)))


def adadelta_step(param, grad, square_avg, acc_delta, weight_decay, rho, eps, neg_lr):
    """optim.Adadelta's tensor ops on array('f') buffers of equal length: param, square_avg and
    acc_delta updated in place; grad (first ``grad.add(param, alpha=weight_decay)`` when
    weight_decay is not 0) is not."""
    kernels.adadelta_step(param, grad, square_avg, acc_delta, weight_decay != 0,
                          *map(f32, (weight_decay, rho, 1 - rho, eps, neg_lr)))
