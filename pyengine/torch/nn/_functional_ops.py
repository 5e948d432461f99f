"""More of torch.nn.functional: softshrink, hardshrink, rms_norm, pixel_shuffle/unshuffle,
adaptive max pooling, transposed convolution, gumbel_softmax,
channel_shuffle, alpha dropout, rrelu and the in-place activation forms (relu_ ...).

Each op with a node of its own in PyTorch declares it here with its derivative; rms_norm and
gumbel_softmax are PyTorch's composites, written as PyTorch writes them. They are built on
functional.py's ops, so they sit above it; torch/nn/__init__.py binds them into torch.nn.functional.
"""

import math

from .._dtype import float32, float64, int64
from .._ops.creation import empty_like, zeros, zeros_like
from .._ops.pointwise import rsqrt, where
from .._ops import pointwise
from ..autograd.derivatives import op
from ..autograd.grad_mode import no_grad
from .._aten import loss as loss_kernels, pool_nd
from .. import _random
from . import functional as F


# ---- shrinkage ------------------------------------------------------------------------------

@op("SoftshrinkBackward0", name="softshrink", result="auto_element_wise", self=lambda grad, self, lambd: grad * (self.abs() > lambd))
def _softshrink(self, lambd):
    with no_grad():
        return where(self > lambd, self - lambd, where(self < -lambd, self + lambd, self * 0))


def softshrink(input, lambd=0.5):
    if lambd < 0:
        raise RuntimeError(f"lambda must be greater or equal to 0, but found to be {lambd}.")
    return _softshrink(input, lambd)


@op("HardshrinkBackward0", name="hardshrink", result="auto_element_wise", self=lambda grad, self, lambd: grad * ((self > lambd) | (self < -lambd)))
def _hardshrink(self, lambd):
    with no_grad():
        return where((self > lambd) | (self < -lambd), self, zeros_like(self))


def hardshrink(input, lambd=0.5):
    return _hardshrink(input, lambd)


# ---- RMS normalisation ----------------------------------------------------------------------

_EPSILON = {float32: 1.1920928955078125e-07, float64: 2.220446049250313e-16}


def rms_norm(input, normalized_shape, weight=None, eps=None):
    """PyTorch's composite: x * rsqrt(mean(x^2 over the normalized dims) + eps) [* weight];
    eps defaults to the dtype's machine epsilon."""
    normalized_shape = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)
    if tuple(input.shape[input.dim() - len(normalized_shape):]) != normalized_shape:
        shape = ", ".join(map(str, normalized_shape))
        raise RuntimeError(f"Given normalized_shape=[{shape}], expected input with shape [*{shape}], but got "
                           f"input of size{list(input.shape)}")
    dims = [input.dim() - i - 1 for i in range(len(normalized_shape))]
    eps = _EPSILON.get(input.dtype, 1.1920928955078125e-07) if eps is None else eps
    rsqrt_input = rsqrt(pointwise.pow(input, 2).mean(dims, keepdim=True).add_(eps))
    result = input.mul(rsqrt_input)
    return result if weight is None else result.mul(weight)


# ---- pixel shuffle --------------------------------------------------------------------------

def _shuffled(x, r):
    *batch, c, h, w = x.shape
    oc = c // (r * r)
    n = len(batch)
    y = x.reshape(*batch, oc, r, r, h, w).permute(*range(n), n, n + 3, n + 1, n + 4, n + 2)
    return y.reshape(*batch, oc, h * r, w * r)


def _unshuffled(x, r):
    *batch, c, h, w = x.shape
    n = len(batch)
    y = x.reshape(*batch, c, h // r, r, w // r, r).permute(*range(n), n, n + 2, n + 4, n + 1, n + 3)
    return y.reshape(*batch, c * r * r, h // r, w // r)


@op("PixelShuffleBackward0", name="pixel_shuffle", result="auto_linear", self=lambda grad, upscale_factor: pixel_unshuffle(grad, upscale_factor))
def _pixel_shuffle(self, upscale_factor):
    with no_grad():
        return _shuffled(self, upscale_factor).contiguous()


def pixel_shuffle(input, upscale_factor):
    if input.dim() < 3:
        raise RuntimeError(f"pixel_shuffle expects input to have at least 3 dimensions, but got input with "
                           f"{input.dim()} dimension(s)")
    if input.shape[-3] % (upscale_factor * upscale_factor):
        raise RuntimeError(f"pixel_shuffle expects its input's 'channel' dimension to be divisible by the square of "
                           f"upscale_factor, but input.size(-3)={input.shape[-3]} is not divisible by "
                           f"{upscale_factor * upscale_factor}")
    return _pixel_shuffle(input, upscale_factor)


@op("PixelUnshuffleBackward0", name="pixel_unshuffle", result="auto_linear", self=lambda grad, downscale_factor: pixel_shuffle(grad, downscale_factor))
def _pixel_unshuffle(self, downscale_factor):
    with no_grad():
        return _unshuffled(self, downscale_factor).contiguous()


def pixel_unshuffle(input, downscale_factor):
    if input.dim() < 3:
        raise RuntimeError(f"pixel_unshuffle expects input to have at least 3 dimensions, but got input with "
                           f"{input.dim()} dimension(s)")
    for name, size in (("height", input.shape[-2]), ("width", input.shape[-1])):
        if size % downscale_factor:
            raise RuntimeError(f"pixel_unshuffle expects {name} to be divisible by downscale_factor, but input.size("
                               f"{-2 if name == 'height' else -1})={size} is not divisible by {downscale_factor}")
    return _pixel_unshuffle(input, downscale_factor)


# ---- adaptive max pooling -------------------------------------------------------------------

def _adaptive_max(self, output_size):
    """(values, flat indices within each plane) of 2-d adaptive max pooling of (N, C, H, W)."""
    values, indices = pool_nd.adaptive_max_pool_nd(self._buf(), self.shape, output_size)
    shape = tuple(self.shape[:2]) + tuple(output_size)
    return F._from_kernel(values, shape, self.dtype), F._from_kernel(indices, shape, int64)


def _adaptive_max_backward(grad, self, result):
    indices = result[1]
    n, c, h, w = self.shape
    flat = zeros(n * c, h * w, dtype=grad.dtype)
    return flat.scatter_add(1, indices.reshape(n * c, -1), grad.reshape(n * c, -1)).reshape(self.shape)


@op("AdaptiveMaxPool2DBackward0", name="adaptive_max_pool2d",
    result=lambda self_t, result: self_t.flatten(-2).gather(-1, result[1].flatten(-2)).view_as(result[1]), self=lambda grads, self, result: _adaptive_max_backward(grads[0], self, result))
def _adaptive_max_pool2d(self, output_size):
    with no_grad():
        return _adaptive_max(self, output_size)


def adaptive_max_pool2d(input, output_size, return_indices=False):
    batched = input.dim() == 4
    x = input if batched else input.unsqueeze(0)
    size = F._tuple(output_size, 2)
    size = tuple(x.shape[2 + i] if s is None else s for i, s in enumerate(size))
    values, indices = _adaptive_max_pool2d(x, size)
    if not batched:
        values, indices = values.squeeze(0), indices.squeeze(0)
    return (values, indices) if return_indices else values


def adaptive_max_pool1d(input, output_size, return_indices=False):
    values, indices = adaptive_max_pool2d(input.unsqueeze(-2), (1, F._tuple(output_size, 1)[0]), True)
    values, indices = values.squeeze(-2), indices.squeeze(-2)
    return (values, indices) if return_indices else values


# ---- transposed convolution -----------------------------------------------------------------

@op("ConvolutionBackward0", name="convolution",
    result=lambda input_t, weight_t, bias_t, input, weight, out_shape, stride, padding, dilation, groups: _conv_transpose(input_t, weight, bias_t, out_shape, stride, padding, dilation, groups) + _conv_transpose(input, weight_t, None, out_shape, stride, padding, dilation, groups),
    input=lambda grad, weight, stride, padding, dilation, groups: F._convolution(
        grad, weight, None, stride, padding, dilation, False, (0,) * len(stride), groups),
    weight=lambda grad, input, weight, stride, padding, dilation, groups: F._conv_weight_backward(
        input, grad, weight._shape, stride, padding, dilation, groups),
    bias=lambda grad: grad.sum([0] + list(range(2, grad.dim()))))
def _conv_transpose(input, weight, bias, out_shape, stride, padding, dilation, groups):
    """The transposed convolution is the input gradient of the convolution it inverts."""
    with no_grad():
        out = F._conv_input_backward(input, weight, out_shape, stride, padding, dilation, groups)
        if bias is not None:
            out = out + bias.reshape((-1,) + (1,) * (len(out_shape) - 2))
        return out


def _conv_transpose_nd(input, weight, bias, stride, padding, output_padding, groups, dilation, nd):
    batched = input.dim() == nd + 2
    x = input if batched else input.unsqueeze(0)
    stride, padding = F._tuple(stride, nd), F._tuple(padding, nd)
    output_padding, dilation = F._tuple(output_padding, nd), F._tuple(dilation, nd)
    if x.shape[1] != weight.shape[0]:
        raise RuntimeError(f"Given transposed=1, weight of size {list(weight.shape)}, expected input{list(x.shape)} "
                           f"to have {weight.shape[0]} channels, but got {x.shape[1]} channels instead")
    spatial = tuple((s - 1) * st - 2 * p + d * (k - 1) + op_ + 1 for s, st, p, d, k, op_ in
                    zip(x.shape[2:], stride, padding, dilation, weight.shape[2:], output_padding))
    out_shape = (x.shape[0], weight.shape[1] * groups) + spatial
    out = _conv_transpose(x, weight, bias, out_shape, stride, padding, dilation, groups)
    return out if batched else out.squeeze(0)


def conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _conv_transpose_nd(input, weight, bias, stride, padding, output_padding, groups, dilation, 1)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _conv_transpose_nd(input, weight, bias, stride, padding, output_padding, groups, dilation, 2)


def conv_transpose3d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _conv_transpose_nd(input, weight, bias, stride, padding, output_padding, groups, dilation, 3)


# ---- Gumbel-softmax -------------------------------------------------------------------------

def gumbel_softmax(logits, tau=1.0, hard=False, eps=1e-10, dim=-1):
    """PyTorch's composite: softmax((logits + g) / tau) with g = -log(exponential_()) draws;
    hard=True gives one-hot values with the soft sample's gradient."""
    gumbels = -empty_like(logits).exponential_().log()
    gumbels = (logits + gumbels) / tau
    y_soft = gumbels.softmax(dim)
    if not hard:
        return y_soft
    index = y_soft.max(dim, keepdim=True)[1]
    y_hard = zeros_like(logits).scatter_(dim, index, 1.0)
    return y_hard - y_soft.detach() + y_soft


__all__ = ["softshrink", "hardshrink", "rms_norm", "pixel_shuffle", "pixel_unshuffle", "adaptive_max_pool1d",
           "adaptive_max_pool2d", "conv_transpose1d", "conv_transpose2d", "conv_transpose3d", "gumbel_softmax"]


# ---- channel shuffle ------------------------------------------------------------------------

@op("ChannelShuffleBackward0", name="channel_shuffle", result="auto_linear",
    self=lambda grad, groups: channel_shuffle(grad, grad.shape[1] // groups))
def _channel_shuffle(self, groups):
    b, c, *rest = self.shape
    with no_grad():
        return self.reshape(b, groups, c // groups, *rest).transpose(1, 2).reshape(b, c, *rest)


def channel_shuffle(input, groups):
    if input.dim() <= 2:
        raise RuntimeError(f"channel_shuffle expects input with > 2 dims, but got input with sizes {list(input.shape)}")
    if groups <= 0:
        raise RuntimeError(f"Number of groups to divide channels in must be positive. Value of groups:{groups}")
    if input.shape[1] % groups:
        raise RuntimeError(f"Number of channels must be divisible by groups. Got {input.shape[1]} channels and "
                           f"{groups} groups.")
    return _channel_shuffle(input, groups)


# ---- alpha dropout: PyTorch's _dropout_impl with its alpha branch ----------------------------

_SELU_NEGATIVE_SATURATION = 1.7580993408473766  # alpha * scale of SELU


def _alpha_dropout(input, p, training, inplace, feature):
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    if not training or p == 0 or input.numel() == 0:
        return input
    if p == 1:
        return input.mul_(0) if inplace else input * zeros(())
    if feature and input.dim() < 2:
        raise RuntimeError("Feature dropout requires at least 2 dimensions in the input")
    shape = tuple(input.shape[:2]) + (1,) * (input.dim() - 2) if feature else tuple(input.shape)
    noise = zeros(shape, dtype=input.dtype).bernoulli_(1 - p)
    a = 1.0 / math.sqrt((_SELU_NEGATIVE_SATURATION ** 2 * p + 1) * (1 - p))
    b = noise.add(-1).mul_(_SELU_NEGATIVE_SATURATION * a).add_(_SELU_NEGATIVE_SATURATION * a * p)
    noise.mul_(a)
    return (input.mul_(noise) if inplace else input * noise).add_(b)


def alpha_dropout(input, p=0.5, training=False, inplace=False):
    return _alpha_dropout(input, p, training, inplace, False)


def feature_alpha_dropout(input, p=0.5, training=False, inplace=False):
    return _alpha_dropout(input, p, training, inplace, True)


# ---- the in-place forms nn.functional names (torch.relu_ ...: the result saved, as PyTorch) ----

def relu_(input):
    return F.relu(input, inplace=True)


def elu_(input, alpha=1.0):
    return F.elu(input, alpha, inplace=True)


def leaky_relu_(input, negative_slope=0.01):
    return F.leaky_relu(input, negative_slope, inplace=True)


def hardtanh_(input, min_val=-1.0, max_val=1.0):
    return F.hardtanh(input, min_val, max_val, inplace=True)


def selu_(input):
    return F.selu(input, inplace=True)


def celu_(input, alpha=1.0):
    return F.celu(input, alpha, inplace=True)


def threshold_(input, threshold, value):
    return F.threshold(input, threshold, value, inplace=True)


# ---- randomized leaky ReLU: PyTorch's rrelu_with_noise ----------------------------------------
# Training: each element <= 0 is multiplied by its own draw r ~ U(lower, upper) (one 53-bit double
# per such element, in order, rounded to the dtype), the others by 1; `noise` keeps the factors
# for the backward. Evaluation: leaky_relu with the slope (lower + upper) / 2.

def _rrelu_backward(grad, self_or_result, noise, lower, upper, training):
    if training and upper - lower > 1e-6:
        return grad * noise
    return F._leaky_relu_backward(grad, self_or_result, (lower + upper) / 2)


@op("RreluWithNoiseBackward0", name="rrelu_with_noise", result="auto_element_wise",
    self=lambda grad, self, noise, lower, upper, training: _rrelu_backward(grad, self, noise, lower, upper, training))
def _rrelu_with_noise(self, noise, lower, upper, training):
    with no_grad():
        return self * noise if training else F._leaky_relu.forward(self, (lower + upper) / 2)


@op("RreluWithNoiseBackward1", name="rrelu_with_noise_",
    result="auto_element_wise",
    self=lambda grad, noise, lower, upper, training, result: _rrelu_backward(grad, result, noise, lower, upper,
                                                                              training))
def _rrelu_with_noise_saving_result(self, noise, lower, upper, training):
    return _rrelu_with_noise.forward(self, noise, lower, upper, training)


def _rrelu_noise(input, lower, upper, generator):
    values = input._flat()
    draws = iter((generator or _random.default_generator).u53(sum(1 for x in values if x <= 0)))
    factors = [next(draws) * (upper - lower) + lower if x <= 0 else 1.0 for x in values]
    return F._new(_random._round_floats(factors, input.dtype), input.shape, input.dtype)


def _rrelu(input, lower, upper, training, inplace, generator):
    if lower > upper:
        raise RuntimeError("Lower bound should be less than or equal to the upper bound")
    noise = _rrelu_noise(input, lower, upper, generator) if training else None
    if inplace:
        return F._in_place(input, _rrelu_with_noise_saving_result(input, noise, lower, upper, training))
    return _rrelu_with_noise(input, noise, lower, upper, training)


def rrelu(input, lower=1.0 / 8, upper=1.0 / 3, training=False, inplace=False):
    return _rrelu(input, lower, upper, training, inplace, None)


def rrelu_(input, lower=1.0 / 8, upper=1.0 / 3, training=False):
    return _rrelu(input, lower, upper, training, True, None)


# ---- local response norm, power-average pooling, triplet loss with a distance: PyTorch's composites

def local_response_norm(input, size, alpha=1e-4, beta=0.75, k=1.0):
    dim = input.dim()
    if dim < 3:
        raise ValueError(f"Expected 3D or higher dimensionality                          input (got {dim} dimensions)")
    if input.numel() == 0:
        return input
    div = input.mul(input)
    if dim == 3:
        div = F.pad(div.unsqueeze(1), (0, 0, size // 2, (size - 1) // 2))
        div = F.avg_pool2d(div, (size, 1), stride=1).squeeze(1)
    else:
        sizes = input.size()
        div = F.pad(div.view(sizes[0], 1, sizes[1], sizes[2], -1), (0, 0, 0, 0, size // 2, (size - 1) // 2))
        div = F.avg_pool3d(div, (size, 1, 1), stride=1).squeeze(1).view(sizes)
    return input / div.mul(alpha).add(k).pow(beta)


def _lp_pool(input, norm_type, kernel_size, stride, ceil_mode, nd):
    max_pool, avg_pool = (None, (F.max_pool1d, F.avg_pool1d), (F.max_pool2d, F.avg_pool2d),
                          (F.max_pool3d, F.avg_pool3d))[nd]
    if norm_type == float("inf"):
        return max_pool(input.abs(), kernel_size, stride, 0, 1, ceil_mode)
    if norm_type == -float("inf"):
        return -max_pool(-input.abs(), kernel_size, stride, 0, 1, ceil_mode)
    if stride is not None:
        out = avg_pool(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    else:
        out = avg_pool(input.pow(norm_type), kernel_size, padding=0, ceil_mode=ceil_mode)
    return (pointwise.sign(out) * F.relu(out.abs())).mul(math.prod(F._tuple(kernel_size, nd))).pow(1.0 / norm_type)


def lp_pool1d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    return _lp_pool(input, norm_type, kernel_size, stride, ceil_mode, 1)


def lp_pool2d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    return _lp_pool(input, norm_type, kernel_size, stride, ceil_mode, 2)


def lp_pool3d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    return _lp_pool(input, norm_type, kernel_size, stride, ceil_mode, 3)


def triplet_margin_with_distance_loss(anchor, positive, negative, *, distance_function=None, margin=1.0, swap=False,
                                      reduction="mean"):
    if reduction not in ("mean", "sum", "none"):
        raise ValueError(f"{reduction} is not a valid value for reduction")
    if margin <= 0:
        raise ValueError(f"margin must be greater than 0, got {margin}")
    if not anchor.dim() == positive.dim() == negative.dim():
        raise RuntimeError(f"The anchor, positive, and negative tensors are expected to have the same number of "
                           f"dimensions, but got: anchor {anchor.dim()}D, positive {positive.dim()}D, and negative "
                           f"{negative.dim()}D inputs")
    distance_function = distance_function or F.pairwise_distance
    dist_pos = distance_function(anchor, positive)
    dist_neg = distance_function(anchor, negative)
    if swap:
        dist_neg = pointwise.minimum(dist_neg, distance_function(positive, negative))
    loss = pointwise.clamp_min(margin + dist_pos - dist_neg, 0)
    return loss.sum() if reduction == "sum" else loss.mean() if reduction == "mean" else loss


# ---- multi-class margin loss: PyTorch's CPU kernels (LossMultiMargin.cpp), in _aten/loss.py

def _class_targets(self, target, lowest, message):
    """(dim, the target's class indices as a list), each checked to lie in [lowest, dim), as
    PyTorch's margin-loss kernels check them."""
    dim = self.numel() if self.dim() <= 1 else self.shape[1]
    targets = target._flat()
    if any(not lowest <= k < dim for k in targets):
        raise RuntimeError(message)
    return dim, targets


def _margin_targets(self, target):
    return _class_targets(self, target, 0, "target out of range")


def _no_derivative(name):
    def raises(grad):
        raise RuntimeError(f"derivative for aten::{name} is not implemented")
    return raises


# PyTorch records this node for a gradient taken with create_graph=True, but cannot differentiate it
@op("NotImplemented", name="multi_margin_loss_backward", grad_output=_no_derivative("multi_margin_loss_backward"),
    self=_no_derivative("multi_margin_loss_backward"))
def _multi_margin_loss_backward(grad_output, self, target, p, margin, weight, reduction):
    dim, targets = _margin_targets(self, target)
    grad = loss_kernels.multi_margin_loss_backward(grad_output._buf(), self._buf(), dim, targets, p, margin,
                                                   F._buf_or_none(weight), reduction, self.dtype is float32)
    return F._from_kernel(grad, self.shape, self.dtype)


@op("MultiMarginLossBackward0", name="multi_margin_loss",
    self=lambda grad, self, target, p, margin, weight, reduction: _multi_margin_loss_backward(
        grad, self, target, p, margin, weight, reduction))
def _multi_margin_loss(self, target, p, margin, weight, reduction):
    dim, targets = _margin_targets(self, target)
    out = loss_kernels.multi_margin_loss(self._buf(), dim, targets, p, margin, F._buf_or_none(weight), reduction,
                                         self.dtype is float32)
    return F._from_kernel(out, (len(targets),) if reduction == "none" and target.dim() else (), self.dtype)


def multi_margin_loss(input, target, p=1, margin=1.0, weight=None, size_average=None, reduce=None, reduction="mean"):
    reduction = F._legacy_reduction(size_average, reduce, reduction)
    if p not in (1, 2):
        raise ValueError("only p == 1 and p == 2 supported")
    if weight is not None and weight.dim() != 1:
        raise ValueError("weight must be one-dimensional")
    nframe, dim = (1, input.numel()) if input.dim() <= 1 else tuple(input.shape)
    if not (input.dim() == 2 and dim or input.dim() == 1 and dim or input.dim() == 0):
        raise RuntimeError(f"Expected non-empty vector or matrix with optional 0-dim batch size, but got: "
                           f"{list(input.shape)}")
    if (target.dim() > 1 if input.dim() <= 1 else target.dim() != 1) or target.numel() != nframe:
        raise RuntimeError(f"multi_margin_loss: target tensor should be 1-D with size equal to the number of input "
                           f"samples (batch size). Expected target size [{nframe}], but got {list(target.shape)}. "
                           f"Input has shape {list(input.shape)}.")
    if weight is not None and weight.numel() != dim:
        raise RuntimeError(f"inconsistent weight size, expected {dim} but got {list(weight.shape)}")
    return _multi_margin_loss(input, target, p, margin, weight, reduction)


# ---- multi-label margin loss: PyTorch's CPU kernels (LossMultiLabelMargin.cpp), in _aten/loss.py

def _label_targets(self, target):
    return _class_targets(self, target, -1, "argument #2 'target' is out of range")  # -1 ends a frame's targets


@op("NotImplemented", name="multilabel_margin_loss_backward",
    grad_output=_no_derivative("multilabel_margin_loss_backward"),
    self=_no_derivative("multilabel_margin_loss_backward"))
def _multilabel_margin_loss_backward(grad_output, self, target, reduction):
    dim, labels = _label_targets(self, target)
    grad = loss_kernels.multilabel_margin_loss_backward(grad_output._buf(), self._buf(), dim, labels, reduction,
                                                        self.dtype is float32)
    return F._from_kernel(grad, self.shape, self.dtype)


@op("MultilabelMarginLossBackward0", name="multilabel_margin_loss",
    self=lambda grad, self, target, reduction: _multilabel_margin_loss_backward(grad, self, target, reduction))
def _multilabel_margin_loss(self, target, reduction):
    dim, labels = _label_targets(self, target)
    out = loss_kernels.multilabel_margin_loss(self._buf(), dim, labels, reduction, self.dtype is float32)
    return F._from_kernel(out, (len(labels) // dim,) if reduction == "none" and target.dim() > 1 else (),
                          self.dtype)


def multilabel_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    reduction = F._legacy_reduction(size_average, reduce, reduction)
    dim = input.numel() if input.dim() <= 1 else input.shape[1]
    if not (input.dim() == 2 and dim or input.dim() == 1 and dim or input.dim() == 0):
        raise RuntimeError(f"Expected non-empty vector or matrix with optional 0-dim batch size, but got: "
                           f"{list(input.shape)}")
    if (target.dim() > 1 or target.numel() != dim if input.dim() <= 1
            else tuple(target.shape) != tuple(input.shape)):
        raise RuntimeError(f"inconsistent target size: {list(target.shape)} for input of size: {list(input.shape)}")
    return _multilabel_margin_loss(input, target, reduction)
