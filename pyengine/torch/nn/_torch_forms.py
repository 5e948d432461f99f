"""The torch.* forms of nn.functional's ops, with ATen's signatures: torch.dropout(input, p, train),
torch.batch_norm(input, weight, bias, running_mean, running_var, ...), torch.embedding(weight,
indices), losses taking the reduction as ATen's integer (0 none, 1 mean, 2 sum) ... Each one
calls the functional op (PyTorch's nn.functional calls these; here the direction is reversed).
torch.<name> finds them through the root's _TORCH_FORMS.
"""
from .._ops.reduction import norm_except_dim  # noqa: F401  (torch.norm_except_dim)
from . import functional as F
from .._tensor import Tensor
from .modules.rnn import _gru_cell, _lstm_cell, _rnn_cell, run_layers, run_packed_layers
from ._functional_ops import _alpha_dropout, _rrelu
from ._conv_forms import conv_tbc, convolution  # noqa: F401
from ._ctc_loss import ctc_loss_torch as ctc_loss  # noqa: F401
from ._embedding_forms import embedding_bag, embedding_renorm_  # noqa: F401
from ._functional_sampling import affine_grid_generator, grid_sampler, grid_sampler_2d, grid_sampler_3d  # noqa: F401

_REDUCTIONS = ("none", "mean", "sum")


def dropout(input, p, train):
    return F.dropout(input, p, train)


def dropout_(input, p, train):
    return F.dropout(input, p, train, inplace=True)


def feature_dropout(input, p, train):
    return F._feature_dropout(input, p, train, False)


def feature_dropout_(input, p, train):
    return F._feature_dropout(input, p, train, True)


def alpha_dropout(input, p, train):
    return _alpha_dropout(input, p, train, False, False)


def alpha_dropout_(input, p, train):
    return _alpha_dropout(input, p, train, True, False)


def feature_alpha_dropout(input, p, train):
    return _alpha_dropout(input, p, train, False, True)


def feature_alpha_dropout_(input, p, train):
    return _alpha_dropout(input, p, train, True, True)


def batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps, cudnn_enabled):
    return F.batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)


def instance_norm(input, weight, bias, running_mean, running_var, use_input_stats, momentum, eps, cudnn_enabled):
    return F.instance_norm(input, running_mean, running_var, weight, bias, use_input_stats, momentum, eps)


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05, cudnn_enable=True):
    return F.layer_norm(input, normalized_shape, weight, bias, eps)


def embedding(weight, indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False):
    return F.embedding(indices, weight, None if padding_idx == -1 else padding_idx)


def max_pool3d(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    return F.max_pool3d(input, kernel_size, stride or None, padding, dilation, ceil_mode)


def adaptive_max_pool1d(input, output_size):
    return F.adaptive_max_pool1d(input, output_size, return_indices=True)


def constant_pad_nd(input, pad, value=0):
    return F.pad(input, pad, "constant", value)


def kl_div(input, target, reduction=1, *, log_target=False):
    return F._kl_div(input, target, _REDUCTIONS[reduction], log_target)


def margin_ranking_loss(input1, input2, target, margin=0.0, reduction=1):
    return F.margin_ranking_loss(input1, input2, target, margin, reduction=_REDUCTIONS[reduction])


def hinge_embedding_loss(input, target, margin=1.0, reduction=1):
    return F.hinge_embedding_loss(input, target, margin, reduction=_REDUCTIONS[reduction])


def cosine_embedding_loss(input1, input2, target, margin=0.0, reduction=1):
    return F.cosine_embedding_loss(input1, input2, target, margin, reduction=_REDUCTIONS[reduction])


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-06, swap=False, reduction=1):
    return F.triplet_margin_loss(anchor, positive, negative, margin, p, eps, swap, reduction=_REDUCTIONS[reduction])


def poisson_nll_loss(input, target, log_input, full, eps, reduction):
    return F.poisson_nll_loss(input, target, log_input, full, eps=eps, reduction=_REDUCTIONS[reduction])


def binary_cross_entropy_with_logits(input, target, weight=None, pos_weight=None, reduction=1):
    return F.binary_cross_entropy_with_logits(input, target, weight, reduction=_REDUCTIONS[reduction],
                                              pos_weight=pos_weight)


def rms_norm(input, normalized_shape, weight=None, eps=None):
    return F.rms_norm(input, normalized_shape, weight, eps)


# the same signature as nn.functional's
conv3d, conv_transpose1d, conv_transpose2d, conv_transpose3d = F.conv3d, F.conv_transpose1d, F.conv_transpose2d, \
    F.conv_transpose3d
hardshrink, pixel_shuffle, pixel_unshuffle, channel_shuffle = F.hardshrink, F.pixel_shuffle, F.pixel_unshuffle, \
    F.channel_shuffle
celu_, selu_, threshold_ = F.celu_, F.selu_, F.threshold_


def rrelu(input, lower=0.125, upper=0.3333333333333333, training=False, generator=None):
    return _rrelu(input, lower, upper, training, False, generator)


def rrelu_(input, lower=0.125, upper=0.3333333333333333, training=False, generator=None):
    return _rrelu(input, lower, upper, training, True, generator)


def _weight_norm(v, g, dim=0):
    """v * (g / ||v||): the fused kernel for dim 0 or the last dim, else composed of tensor ops."""
    v, g = v.contiguous(), g.contiguous()
    if dim == 0 or dim == v.dim() - 1:
        return F._weight_norm_interface(v, g, dim)
    return v * (g / norm_except_dim(v, 2, dim))


# ---- recurrent layers and cells: ATen's rnn_tanh/rnn_relu/gru/lstm over flat weight lists -------------

def _recurrent(mode, input, hx, params, has_biases, num_layers, dropout, train, bidirectional, batch_first):
    """Both of ATen's forms: (input, hx, params, has_biases, num_layers, dropout, train, bidirectional,
    batch_first), and the packed one, (data, batch_sizes, hx, params, has_biases, num_layers, dropout,
    train, bidirectional): told apart by the state's place (an LSTM's hx is a list, the others' a tensor)."""
    packed = isinstance(hx, Tensor) if mode == "LSTM" else isinstance(params, Tensor)
    if packed:
        batch_sizes, hx, params, has_biases, num_layers, dropout, train, bidirectional = \
            hx, params, has_biases, num_layers, dropout, train, bidirectional, batch_first
    hx = tuple(hx) if isinstance(hx, (list, tuple)) else (hx,)
    # an LSTM whose h is smaller than its c is projected: each direction has a weight_hr last
    projected = mode == "LSTM" and hx[0].shape[-1] != hx[1].shape[-1]
    per_layer, directions = (4 if has_biases else 2) + projected, 2 if bidirectional else 1
    params = list(params)
    if len(params) != per_layer * num_layers * directions:
        raise RuntimeError(f"{mode.lower()}: expected {per_layer * num_layers * directions} weights, got {len(params)}")
    per_direction = []
    for i in range(0, len(params), per_layer):  # as [w_ih, w_hh, b_ih, b_hh, w_hr], None where absent
        w = params[i:i + per_layer]
        per_direction.append(w[:2] + (w[2:4] if has_biases else [None, None]) + (w[-1:] if projected else [None]))
    weights = [per_direction[i:i + directions] for i in range(0, len(per_direction), directions)]
    if packed:
        return run_packed_layers(mode, input, batch_sizes, hx, weights, dropout, train)
    return run_layers(mode, input, hx, weights, dropout, train, batch_first)


def rnn_tanh(input, hx, params, has_biases, num_layers, dropout, train, bidirectional, batch_first):
    output, (h,) = _recurrent("RNN_TANH", input, hx, params, has_biases, num_layers, dropout, train,
                              bidirectional, batch_first)
    return output, h


def rnn_relu(input, hx, params, has_biases, num_layers, dropout, train, bidirectional, batch_first):
    output, (h,) = _recurrent("RNN_RELU", input, hx, params, has_biases, num_layers, dropout, train,
                              bidirectional, batch_first)
    return output, h


def gru(input, hx, params, has_biases, num_layers, dropout, train, bidirectional, batch_first):
    output, (h,) = _recurrent("GRU", input, hx, params, has_biases, num_layers, dropout, train,
                              bidirectional, batch_first)
    return output, h


def lstm(input, hx, params, has_biases, num_layers, dropout, train, bidirectional, batch_first):
    output, (h, c) = _recurrent("LSTM", input, hx, params, has_biases, num_layers, dropout, train,
                                bidirectional, batch_first)
    return output, h, c


def rnn_tanh_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None):
    return _rnn_cell("tanh", input, (hx,), w_ih, w_hh, b_ih, b_hh)[0]


def rnn_relu_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None):
    return _rnn_cell("relu", input, (hx,), w_ih, w_hh, b_ih, b_hh)[0]


def gru_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None):
    return _gru_cell(input, (hx,), w_ih, w_hh, b_ih, b_hh)[0]


def lstm_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None):
    return _lstm_cell(input, tuple(hx), w_ih, w_hh, b_ih, b_hh)
