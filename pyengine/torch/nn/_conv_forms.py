"""torch.conv_tbc (also nn.functional.conv_tbc) and torch.convolution, ATen's own convolution
entry points. conv_tbc is PyTorch's composite: one addmm_ per kernel tap on time-shifted
views of (time, batch, channels) sequences, recorded as its node ConvTbcBackward0 whose
backward is the same kind of composite (differentiable again, as in PyTorch)."""
from .._ops.creation import zeros_like
from ..autograd.derivatives import op
from ..autograd.grad_mode import no_grad
from . import functional as F
from ._functional_ops import _conv_transpose_nd


def _taps(input_length, output_length, kernel_width, pad):
    """Per kernel tap k: (k, input start, output start, steps) of the rows it connects."""
    for k in range(kernel_width):
        input_shift, output_shift = max(0, k - pad), max(0, pad - k)
        steps = min(input_length + pad - k, output_length) - output_shift
        if steps > 0:
            yield k, input_shift, output_shift, steps


def _rows(x, start, steps):
    """steps time steps of x from start, as one (steps * batch, channels) matrix (a view)."""
    return x.narrow(0, start, steps).view(steps * x.shape[1], x.shape[2])


def _conv_tbc_input_grad(grad, self, weight, pad):
    out = zeros_like(self)
    for k, i, o, steps in _taps(self.shape[0], grad.shape[0], weight.shape[0], pad):
        _rows(out, i, steps).addmm_(_rows(grad, o, steps), weight[k].t())
    return out


def _conv_tbc_weight_grad(grad, self, weight, pad):
    out = zeros_like(weight)
    for k, i, o, steps in _taps(self.shape[0], grad.shape[0], weight.shape[0], pad):
        out[k].addmm_(_rows(self, i, steps).t(), _rows(grad, o, steps))
    return out


@op("ConvTbcBackward0", name="conv_tbc",
    self=lambda grad, self, weight, pad: _conv_tbc_input_grad(grad, self, weight, pad),
    weight=lambda grad, self, weight, pad: _conv_tbc_weight_grad(grad, self, weight, pad),
    bias=lambda grad: grad.sum(0).sum(0))
def _conv_tbc(self, weight, bias, pad):
    with no_grad():
        length = self.shape[0] + 2 * pad - weight.shape[0] + 1
        out = bias.expand(length, self.shape[1], weight.shape[2]).contiguous()
        for k, i, o, steps in _taps(self.shape[0], length, weight.shape[0], pad):
            _rows(out, o, steps).addmm_(_rows(self, i, steps), weight[k])
        return out


def conv_tbc(input, weight, bias, pad=0):
    if input.dim() != 3:
        raise RuntimeError("Input must have 3 dims: time, batch, in_channel")
    if weight.dim() != 3:
        raise RuntimeError("Weight tensor must have 3 dims: kernel_width, in_channels, out_channels.")
    if input.shape[2] != weight.shape[1]:
        raise RuntimeError("Input dim 2 (input channels) is not == dim 1 in the weight tensor")
    if bias.dim() != 1 or bias.shape[0] != weight.shape[2]:
        raise RuntimeError("Bias size must equal dim 2 in the weight tensor (output channels).")
    return _conv_tbc(input, weight, bias, pad)


def convolution(input, weight, bias, stride, padding, dilation, transposed, output_padding, groups):
    nd = weight.dim() - 2
    if input.dim() != weight.dim():
        raise RuntimeError(f"Expected {weight.dim()}-dimensional input for {weight.dim()}-dimensional weight "
                           f"{list(weight.shape)}, but got {input.dim()}-dimensional input of size "
                           f"{list(input.shape)} instead")
    if transposed:
        return _conv_transpose_nd(input, weight, bias, stride, padding, output_padding, groups, dilation, nd)
    return F._conv(input, weight, bias, stride, padding, dilation, groups, nd)
