"""The connectionist temporal classification loss: F.ctc_loss, torch.ctc_loss and their op
_ctc_loss (node CtcLossBackward0; its loops are in _aten/ctc.py). As in PyTorch, the reductions
are composed on the op's per-sequence losses ("mean" divides each by its target length first),
and the op's backward cannot be differentiated again. (torch/nn/__init__.py binds ctc_loss into torch.nn.functional.)"""
import math

from .._aten import ctc as kernels
from .._dtype import float32
from .._ops.creation import tensor, zeros
from .._ops.pointwise import where
from .._tensor import Tensor
from ..autograd.derivatives import op
from ..autograd.grad_mode import no_grad
from .functional import _from_kernel

_REDUCTIONS = {"none": 0, "mean": 1, "sum": 2}


def _target_rows(targets, target_lengths):
    """Each sequence's target labels: rows of a padded (N, S) targets, or consecutive runs of a
    1-d concatenation."""
    values = [int(v) for v in targets._flat()]
    if targets.dim() == 2:
        width = targets.shape[1]
        return [values[b * width:b * width + n] for b, n in enumerate(target_lengths)]
    rows, at = [], 0
    for n in target_lengths:
        rows.append(values[at:at + n])
        at += n
    return rows


def _raises(grads):
    raise RuntimeError("derivative for aten::_ctc_loss_backward is not implemented")


@op("NotImplemented", name="_ctc_loss_backward", grad_output=_raises, log_probs=_raises)
def _ctc_loss_backward(grad_output, log_probs, targets, input_lengths, target_lengths, neg_log_likelihood, log_alpha,
                       blank, zero_infinity):
    with no_grad():
        values = kernels.ctc_loss_backward(
            grad_output._buf(), log_probs._buf(), tuple(log_probs.shape), _target_rows(targets, target_lengths),
            input_lengths, target_lengths, neg_log_likelihood._buf(), log_alpha._buf(), blank, zero_infinity,
            log_probs.dtype is float32)
        return _from_kernel(values, log_probs.shape, log_probs.dtype)


@op("CtcLossBackward0", name="_ctc_loss",
    log_probs=lambda grads, log_probs, targets, input_lengths, target_lengths, blank, zero_infinity, result:
    _ctc_loss_backward(grads[0], log_probs, targets, input_lengths, target_lengths, result[0], result[1], blank,
                       zero_infinity))
def _ctc_loss(log_probs, targets, input_lengths, target_lengths, blank, zero_infinity):
    """(the negative log-likelihood of each sequence, log_alpha (N, T, 2 * max target length + 1))."""
    steps, n_batch, _ = log_probs.shape
    nll, log_alpha = kernels.ctc_loss(log_probs._buf(), tuple(log_probs.shape),
                                      _target_rows(targets, target_lengths), input_lengths, target_lengths, blank,
                                      log_probs.dtype is float32)
    width = 2 * max(target_lengths, default=0) + 1
    return (_from_kernel(nll, (n_batch,), log_probs.dtype),
            _from_kernel(log_alpha, (n_batch, steps, width), log_probs.dtype))


def _lengths(lengths):
    return [int(v) for v in (lengths.tolist() if isinstance(lengths, Tensor) else lengths)]


def _check(log_probs, targets, input_lengths, target_lengths, blank):
    steps, n_batch, classes = log_probs.shape
    if not 0 <= blank < classes:
        raise RuntimeError("blank must be in label range")
    if len(input_lengths) != n_batch:
        raise RuntimeError("input_lengths must be of size batch_size")
    if len(target_lengths) != n_batch:
        raise RuntimeError("target_lengths must be of size batch_size")
    where_ = " (while checking arguments for ctc_loss_allocate_outputs)"
    if targets.dim() == 2 and target_lengths and targets.shape[1] < max(target_lengths):
        raise RuntimeError(f"Expected tensor to have size at least {max(target_lengths)} at dimension 1, but got "
                           f"size {targets.shape[1]} for argument #2 'targets'{where_}")
    for n in input_lengths:
        if n > steps:
            raise RuntimeError(f"Expected input_lengths to have value at most {steps}, but got value {n}{where_}")


# torch.ctc_loss's declared default reduction (Mean) is not one its Python binding can read: called
# without one, it returns the unreduced losses
def ctc_loss_torch(log_probs, targets, input_lengths, target_lengths, blank=0, reduction=0, zero_infinity=False):
    if not isinstance(input_lengths, (Tensor, list, tuple)) or not isinstance(target_lengths, (Tensor, list, tuple)):
        raise TypeError("ctc_loss() received an invalid combination of arguments: input_lengths and target_lengths "
                        "must be tuples of ints or tensors")
    input_lengths, target_lengths = _lengths(input_lengths), _lengths(target_lengths)
    batched = log_probs.dim() == 3
    if not batched:
        log_probs = log_probs.unsqueeze(1)
        targets = targets.unsqueeze(0) if targets.dim() == 1 else targets
    _check(log_probs, targets, input_lengths, target_lengths, blank)
    losses = _ctc_loss(log_probs, targets, input_lengths, target_lengths, blank, zero_infinity)[0]
    if zero_infinity:
        losses = where(losses == math.inf, zeros((), dtype=losses.dtype), losses)
    if not batched:
        losses = losses.squeeze(0)
    if reduction == 1:
        divisors = tensor([max(n, 1) for n in target_lengths], dtype=losses.dtype)
        return (losses / (divisors if batched else divisors[0])).mean()
    return losses.sum() if reduction == 2 else losses


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction="mean", zero_infinity=False):
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    return ctc_loss_torch(log_probs, targets, input_lengths, target_lengths, blank, _REDUCTIONS[reduction],
                          zero_infinity)
