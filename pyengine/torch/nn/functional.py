"""torch.nn.functional: layers, activations and losses as functions.

Ops that PyTorch implements as one ATen kernel (mse_loss, nll_loss, gelu, layer_norm,
conv, pooling ...) are declared here in the derivative table, so they record PyTorch's
node (``MseLossBackward0`` ...). Their forwards run with grad mode off; elementwise ones
compute each element in float64 and round once (``_map``). Where PyTorch's backward is an op
of its own (``gelu_backward``, ``nll_loss_backward``, ``convolution_backward`` ...), the exact
first-order kernel is an op here too, whose entry makes a gradient taken with
``create_graph=True`` differentiable again; the other exact backward kernels switch to tensor
ops (recorded) while grad mode is on during backward. Ops that PyTorch composes in
Python (l1_loss, cross_entropy with probabilities, bilinear, dropout) are composed the
same way here, so they record the same chain of nodes.

The functions built on these (softshrink, unfold, grid_sample, ctc_loss, scaled_dot_product_attention
...) live in the _functional_* modules and the like above this one; torch/nn/__init__.py binds their
names into torch.nn.functional.
"""
import math

from .._ops.creation import empty, zeros_like
from .._ops.joining import cat
from .._ops.decompositions import pdist  # noqa: F401  (torch.pdist)
from .._ops.linalg import addmm
from .._ops.pointwise import clamp, clamp_min, minimum, where, xlogy
from .._ops.shape import broadcast_tensors
from .._arg_parser import with_keyword_parity
from .._ops import creation
from .._ops import pointwise
from .._ops import reduction as reduction_ops
from .._ops import shape as shape_ops
from .._ops import softmax as softmax_ops
from .. import _dtype, _float32
from .._aten import embedding as embedding_kernels, loss as aten_loss, norm as norm_kernels, pool as pool_kernels, \
    special as special_kernels, upsample as upsample_kernels
from .._aten._libm32 import uses_onednn as gelu_uses_onednn
from .._aten.conv import conv_geometry, conv_sums
from .._backend import backend as B
from ._padding import pad_circular, pad_reflect_replicate
from .._ops.pointwise import div_scalar, threshold_backward, where_values
from .._tensor import Tensor
from ..autograd.derivatives import TRANSFORM_DEPTH, _made, aux_outputs, op
from ..autograd.grad_mode import is_grad_enabled, no_grad

# ---- helpers -----------------------------------------------------------------------------


def _new(values, shape, dtype):
    return Tensor._make(B.from_list(values, dtype), tuple(shape), dtype)


def _buf_or_none(t):
    return t._buf() if t is not None else None


def _from_kernel(buf, shape, dtype):
    """A tensor of an _aten kernel's result buffer (a float64 one is rounded once to dtype)."""
    return Tensor._make(B.as_buffer(buf, dtype), tuple(shape), dtype)


def _map(fn, *tensors):
    """fn applied elementwise (float64 math, one rounding) to same-shaped tensors."""
    first = tensors[0]
    columns = [t._flat() if isinstance(t, Tensor) else [t] * first.numel() for t in tensors]
    return _new([fn(*vals) for vals in zip(*columns)], first._shape, first.dtype)


def _exp(v):
    try:
        return math.exp(v)
    except OverflowError:
        return math.inf


def _reduce(loss, reduction):
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    if reduction == "none":
        return loss
    raise ValueError(f"{reduction} is not a valid value for reduction")


def _legacy_reduction(size_average, reduce, reduction):
    if size_average is None and reduce is None:
        return reduction
    size_average = True if size_average is None else size_average
    reduce = True if reduce is None else reduce
    return ("mean" if size_average else "sum") if reduce else "none"


def _reduction_grad(grad, reduction, numel):
    """The gradient of a reduced loss, per element: mean divides by the element count."""
    return div_scalar(grad, numel) if reduction == "mean" else grad


def _check_same_size(input, target, name):
    if input.shape != target.shape:
        import warnings
        warnings.warn(f"Using a target size ({target.shape}) that is different to the input size "
                      f"({input.shape}). This will likely lead to incorrect results due to "
                      "broadcasting. Please ensure they have the same size.", stacklevel=3)


# ---- linear layers ---------------------------------------------------------------------


def linear(input, weight, bias=None):
    if bias is None:
        return input.matmul(weight.t())
    if input.dim() == 2:
        return addmm(bias, input, weight.t())
    # other ranks fold into one 2-D product, then view back (PyTorch's ViewBackward0)
    lead = input.shape[:-1]
    out = addmm(bias, input.reshape(-1, input.shape[-1]), weight.t())
    return out.view(*lead, weight.shape[0])


def bilinear(input1, input2, weight, bias=None):
    out_features, in1, in2 = weight.shape
    lead = input1.shape[:-1]
    x1 = input1.reshape(-1, in1)
    x2 = input2.reshape(-1, in2)
    # y[n, k] = sum_ij x1[n, i] W[k, i, j] x2[n, j]
    left = x1.matmul(weight.permute(1, 0, 2).reshape(in1, out_features * in2))
    out = (left.view(-1, out_features, in2) * x2.unsqueeze(1)).sum(-1).view(*lead, out_features)
    return out if bias is None else out + bias


# ---- activations -----------------------------------------------------------------------


def relu(input, inplace=False):
    return input.relu_() if inplace else pointwise.relu(input)


def sigmoid(input):
    return pointwise.sigmoid(input)


def tanh(input):
    return pointwise.tanh(input)


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _implicit_dim("softmax", input.dim())
    return softmax_ops.softmax(input, dim, dtype=dtype)


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _implicit_dim("log_softmax", input.dim())
    return softmax_ops.log_softmax(input, dim, dtype=dtype)


def _implicit_dim(name, ndim):
    import warnings
    warnings.warn(f"Implicit dimension choice for {name} has been deprecated. Change the call to "
                  "include dim=X as an argument.", stacklevel=3)
    return 0 if ndim in (0, 1, 3) else 1


@op("LeakyReluBackwardBackward0", name="leaky_relu_backward",
    result="auto_element_wise",
    grad_output=lambda grad, self, negative_slope: _leaky_relu_backward(grad, self, negative_slope),
    self=lambda grad: zeros_like(grad))
def _leaky_relu_backward(grad_output, self, negative_slope):
    with no_grad():
        return _map(lambda g, x: g if x > 0 else g * negative_slope, grad_output, self)


@op("LeakyReluBackward0", name="leaky_relu", result="auto_element_wise",
    self=lambda grad, self, negative_slope: _leaky_relu_backward(grad, self, negative_slope))
def _leaky_relu(self, negative_slope):
    with no_grad():
        return _map(lambda x: x if x > 0 else x * negative_slope, self)


# The in-place forms save their result, whose sign is the input's only for a slope >= 0.
def _leaky_relu_grad_from_result(grad, negative_slope, result):
    if negative_slope < 0:
        raise RuntimeError(
            "In-place leakyReLu backward calculation is triggered with a negative slope which is not supported. "
            "This is caused by calling in-place forward function with a negative slope, please call out-of-place "
            "version instead. File an issue at https://github.com/pytorch/pytorch if you do require supporting "
            "in-place leakRelu backward calculation with negative slope")
    return _leaky_relu_backward(grad, result, negative_slope)


@op("LeakyReluBackward1", name="leaky_relu_",
    result="auto_element_wise", self=_leaky_relu_grad_from_result)
def _leaky_relu_saving_result(self, negative_slope):
    return _leaky_relu.forward(self, negative_slope)


def leaky_relu(input, negative_slope=0.01, inplace=False):
    if inplace:
        return _in_place(input, _leaky_relu_saving_result(input, negative_slope))
    return _leaky_relu(input, negative_slope)


# ELU and the ones made of it (SELU, CELU): x * scale above 0, else
# alpha * scale * (exp(x * input_scale) - 1). The second derivative is the first one again where
# self_or_result < 0 (PyTorch's elu_double_backward); from the result (the in-place forms):
# elu' = (result + alpha * scale) * input_scale there.
@op("EluBackwardBackward0", name="elu_backward",
    result="auto_element_wise",
    grad_output=lambda grad, coefs, is_result, self_or_result: _elu_backward(grad, coefs, is_result, self_or_result),
    self_or_result=lambda grad, grad_output, coefs, is_result, self_or_result: (
        grad * grad_output * coefs[2] if is_result
        else _elu_backward(grad * grad_output * coefs[2], coefs, False, self_or_result)) * (self_or_result < 0))
def _elu_backward(grad_output, coefs, is_result, self_or_result):
    negcoef, poscoef, negiptcoef = _elu_coefficients(coefs, grad_output.dtype)
    with no_grad():
        if is_result:
            return _map(lambda g, r: g * poscoef if r > 0 else g * negiptcoef * (r + negcoef),
                        grad_output, self_or_result)
        return _map(lambda g, x: g * poscoef if x > 0 else g * negiptcoef * negcoef * _exp(x * negiptcoef),
                    grad_output, self_or_result)


def _elu_values(self, coefs):
    negcoef, poscoef, negiptcoef = _elu_coefficients(coefs, self.dtype)
    with no_grad():
        return _map(lambda x: x * poscoef if x > 0 else negcoef * math.expm1(x * negiptcoef), self)


def _elu_coefficients(coefs, dtype):
    """alpha * scale, scale, input_scale as PyTorch's kernel holds them: in the dtype."""
    alpha, scale, input_scale = coefs
    r = _float32.f32 if dtype.itemsize == 4 else float
    return r(r(alpha) * r(scale)), r(scale), r(input_scale)


def _grad_from_result(grad, coefs, result):
    """The in-place forms save their result, whose sign is the input's only for alpha >= 0."""
    if coefs[0] < 0:
        raise RuntimeError(
            "In-place elu backward calculation is triggered with a negative slope which is not supported. This is "
            "caused by calling in-place forward function with a negative slope, please call out-of-place version "
            "instead.")
    return _elu_backward(grad, coefs, True, result)


# (their nodes save alpha, scale and input_scale as given: elu's scales are the integer 1)
@op("EluBackward0", name="elu", result="auto_element_wise", self=lambda grad, self, alpha, scale, input_scale:
    _elu_backward(grad, (alpha, scale, input_scale), False, self))
def _elu(self, alpha, scale, input_scale):
    return _elu_values(self, (alpha, scale, input_scale))


@op("EluBackward1", name="elu_", result="auto_element_wise", self=lambda grad, alpha, scale, input_scale, result:
    _grad_from_result(grad, (alpha, scale, input_scale), result))
def _elu_saving_result(self, alpha, scale, input_scale):
    return _elu_values(self, (alpha, scale, input_scale))


@op("CeluBackward0", name="celu", result="auto_element_wise", self=lambda grad, self, alpha:
    _elu_backward(grad, (alpha, 1.0, 1.0 / alpha), False, self))
def _celu(self, alpha):
    return _elu_values(self, (alpha, 1.0, 1.0 / alpha))


@op("CeluBackward1", name="celu_", result="auto_element_wise", self=lambda grad, alpha, result:
    _grad_from_result(grad, (alpha, 1.0, 1.0 / alpha), result))
def _celu_saving_result(self, alpha):
    return _elu_values(self, (alpha, 1.0, 1.0 / alpha))


def elu(input, alpha=1.0, inplace=False):
    return _in_place(input, _elu_saving_result(input, alpha, 1, 1)) if inplace else _elu(input, alpha, 1, 1)


_SELU_ALPHA, _SELU_SCALE = 1.6732632423543772848170429916717, 1.0507009873554804934193349852946


def selu(input, inplace=False):
    return (_in_place(input, _elu_saving_result(input, _SELU_ALPHA, _SELU_SCALE, 1)) if inplace
            else _elu(input, _SELU_ALPHA, _SELU_SCALE, 1))


def celu(input, alpha=1.0, inplace=False):
    if alpha == 0:
        raise RuntimeError("ZeroDivisionError")
    return _in_place(input, _celu_saving_result(input, alpha)) if inplace else _celu(input, alpha)


# PyTorch's kernels: plain float32 arithmetic, reproduced op by op
@op("HardsigmoidBackward0", name="hardsigmoid", result="auto_element_wise",
    self=lambda grad, self: grad.masked_fill(((self > -3) & (self < 3)).logical_not(), 0)
    * (1.0 / 6.0))
def _hardsigmoid(self):
    with no_grad():
        return (self + 3).clamp(0, 6) / 6


def hardsigmoid(input, inplace=False):
    return _in_place(input, _hardsigmoid(input), inplace)


def _hardswish_backward(grad, self):
    inside = grad * (self / 3 + 0.5)
    return where(self <= -3, 0.0, where(self < 3, inside, grad))


@op("HardswishBackward0", name="hardswish", result="auto_element_wise", self=_hardswish_backward)
def _hardswish(self):
    with no_grad():
        return self * (self + 3).clamp(0, 6) / 6


def hardswish(input, inplace=False):
    return _in_place(input, _hardswish(input), inplace)


@op("LogSigmoidBackwardBackward0", name="log_sigmoid_backward",
    result="auto_element_wise",
    grad_output=lambda grad, self: _log_sigmoid_backward(grad, self),
    self=lambda grad, grad_output, self: -grad * grad_output * self.sigmoid() * (-self).sigmoid())
def _log_sigmoid_backward(grad_output, self):
    with no_grad():
        return _map(lambda g, x: g / (1.0 + _exp(x)), grad_output, self)


def _log_sigmoid_buffer(self):
    """log_sigmoid_forward's other output (its node saves it): exp(-|x|)."""
    with no_grad():
        return (_map(lambda x: _exp(-abs(x)), self),)


@op("LogSigmoidBackward0", name="log_sigmoid_forward", aux="buffer",
    result="auto_element_wise", self=lambda grad, self: _log_sigmoid_backward(grad, self))
def _logsigmoid(self):
    aux_outputs(lambda: _log_sigmoid_buffer(self))
    with no_grad():
        return _map(lambda x: min(x, 0.0) - math.log1p(_exp(-abs(x))), self)


def logsigmoid(input):
    return _logsigmoid(input)


def _mish_backward(grad, self):
    t = softplus(self).tanh()
    return grad * (t + self * self.sigmoid() * (1 - t * t))


@op("MishBackward0", name="mish", result="auto_element_wise", self=_mish_backward)
def _mish(self):
    with no_grad():
        return _map(lambda x: x * math.tanh(math.log1p(_exp(x)) if x < 20 else x), self)


def mish(input, inplace=False):
    return _in_place(input, _mish(input), inplace)


def _glu_backward(grad, self, dim):
    a, b = self.chunk(2, dim)
    s = b.sigmoid()
    return cat([grad * s, grad * a * s * (1 - s)], dim)


@op("GluBackward0", name="glu",
    result=lambda self_t, self, dim: _glu_jvp(self_t, self, dim), self=_glu_backward)
def _glu(self, dim):
    with no_grad():
        a, b = self.chunk(2, dim)
        return a * b.sigmoid()


def glu(input, dim=-1):
    if not input._shape:
        raise RuntimeError("glu does not support scalars because halving size must be even")
    d = dim + input.dim() if dim < 0 else dim
    if input._shape[d] % 2:
        raise RuntimeError(f"Halving dimension must be even, but dimension {d} is size {input._shape[d]}")
    return _glu(input, dim)  # (as given: the node saves it so)


# Gradient strictly between the bounds; the in-place form, saving its result, gives the same.
@op("HardtanhBackwardBackward0", name="hardtanh_backward",
    result="auto_element_wise",
    grad_output=lambda grad, self, min_val, max_val: _hardtanh_backward(grad, self, min_val, max_val),
    self=lambda grad: zeros_like(grad))
def _hardtanh_backward(grad_output, self, min_val, max_val):
    with no_grad():
        return grad_output.masked_fill(((self > min_val) & (self < max_val)).logical_not(), 0)


@op("HardtanhBackward0", name="hardtanh", result="auto_element_wise",
    self=lambda grad, self, min_val, max_val: _hardtanh_backward(grad, self, min_val, max_val))
def _hardtanh(self, min_val, max_val):
    with no_grad():
        return clamp(self, min_val, max_val)


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    return _in_place(input, _hardtanh(input, min_val, max_val), inplace)


def relu6(input, inplace=False):
    return hardtanh(input, 0.0, 6.0, inplace)


@op("ThresholdBackward0", name="threshold", result="auto_element_wise",
    self=lambda grad, self, threshold: threshold_backward(grad, self, threshold))
def _threshold(self, threshold, value):
    with no_grad():
        return where_values(self <= threshold, value, self, self.dtype)  # (a nan passes)


# PyTorch's in-place form saves a copy of the input (its formula reads self, not the result)
@op("ThresholdBackward1", name="threshold_",
    result="auto_element_wise",
    self=lambda grad, threshold, original: threshold_backward(grad, original, threshold))
def _threshold_saving_input(self, threshold, value, original):
    return _threshold.forward(self, threshold, value)


def threshold(input, threshold, value, inplace=False):
    if inplace:
        return _in_place(input, _threshold_saving_input(input, threshold, value, input.detach().clone()))
    return _threshold(input, threshold, value)


def softsign(input):
    return input / (input.abs() + 1)


def tanhshrink(input):
    return input - input.tanh()


def softmin(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _implicit_dim("softmin", input.dim())
    return (-input).softmax(dim, dtype=dtype)


@op("PreluKernelBackward0", name="_prelu_kernel",
    result="auto_element_wise",
    self=lambda grad, self, weight: where(self > 0, grad, weight * grad),
    weight=lambda grad, self: where(self > 0, 0.0, self * grad))
def _prelu_kernel(self, weight):
    with no_grad():
        return where(self > 0, self, weight * self)


def prelu(input, weight):
    """As PyTorch: the weight reshaped to (1, C, 1, ...) to broadcast along dim 1, then one kernel."""
    if weight.numel() != 1:
        if not input.dim():
            raise RuntimeError("Not allow zero-dim input tensor.")
        channels = input.shape[1] if input.dim() > 1 else 1
        if channels != weight.numel():
            raise RuntimeError(f"Mismatch of parameter numbers and input channel size. Found parameter numbers = "
                               f"{weight.numel()} and channel size = {channels}.")
    if weight.dim() == 0:
        weight = weight.unsqueeze(0)
    if input.dim() >= 2:
        weight = weight.reshape((1, weight.numel()) + (1,) * (input.dim() - 2))
    return _prelu_kernel(input, weight)


def _in_place(input, out, inplace=True):
    """out as the op's result, written into input for the in-place form."""
    if not inplace:
        return out
    from .._ops.copy import apply_inplace
    return apply_inplace(input, out)


def _vector_row(t):
    """The runs PyTorch's elementwise loop vectorizes over t's values (``_common.vector_runs``):
    None for contiguous t, the length of its contiguous trailing block when its last dim has
    stride 1 (rows of a sliced view), else 1 (strided: the scalar formula everywhere)."""
    if t.is_contiguous():
        return None
    if not t.dim() or t.stride(-1) != 1:
        return 1
    run = 1
    for size, stride in zip(reversed(t.shape), reversed(t.stride())):
        if stride != run:
            break
        run *= size
    return run


_SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)


def _gelu_value(x, approximate):
    if approximate == "tanh":
        return 0.5 * x * (1.0 + math.tanh(_SQRT_2_OVER_PI * (x + 0.044715 * x ** 3)))
    return 0.5 * x * (1.0 + math.erf(x / math.sqrt(2.0)))


def _gelu_derivative(x, approximate):
    if approximate == "tanh":
        inner = _SQRT_2_OVER_PI * (x + 0.044715 * x ** 3)
        t = math.tanh(inner)
        return 0.5 * (1 + t) + 0.5 * x * (1 - t * t) * _SQRT_2_OVER_PI * (1 + 3 * 0.044715 * x * x)
    cdf = 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))
    return cdf + x * math.exp(-0.5 * x * x) / math.sqrt(2.0 * math.pi)


def _gelu_second_derivative(x, approximate):
    """gelu''(x) as tensor ops (PyTorch's gelu_double_backward)."""
    if approximate == "tanh":
        inner_slope = _SQRT_2_OVER_PI * (1 + 3 * 0.044715 * x * x)
        t = pointwise.tanh(_SQRT_2_OVER_PI * (x + 0.044715 * x ** 3))
        return (1 - t * t) * (inner_slope - x * t * inner_slope * inner_slope + 3 * 0.044715 * _SQRT_2_OVER_PI * x * x)
    pdf = (-0.5 * x * x).exp() / math.sqrt(2.0 * math.pi)
    return pdf * (2 - x * x)


@op("GeluBackwardBackward0", name="gelu_backward",
    result="auto_element_wise",
    grad_output=lambda grad, self, approximate: _gelu_backward(grad, self, approximate),
    self=lambda grad, grad_output, self, approximate: grad * grad_output * _gelu_second_derivative(self, approximate))
def _gelu_backward(grad_output, self, approximate):
    with no_grad():
        if self.dtype is _dtype.float32 and grad_output.dtype is _dtype.float32:
            onednn = gelu_uses_onednn(approximate, self.is_contiguous(), self.numel())
            values = special_kernels.gelu_backward(grad_output._buf(), self._buf(), approximate, onednn,
                                                   _vector_row(self))
            return _from_kernel(values, self._shape, self.dtype)
        return _map(lambda g, x: g * _gelu_derivative(x, approximate), grad_output, self)


@op("GeluBackward0", name="gelu", result="auto_element_wise", self=lambda grad, self, approximate: _gelu_backward(grad, self, approximate))
def _gelu(self, approximate):
    with no_grad():
        if self.dtype is _dtype.float32:  # PyTorch's kernels, bit for bit
            onednn = gelu_uses_onednn(approximate, self.is_contiguous(), self.numel())
            values = special_kernels.gelu(self._buf(), approximate, onednn, _vector_row(self))
            return _from_kernel(values, self._shape, self.dtype)
        return _map(lambda x: _gelu_value(x, approximate), self)


def gelu(input, approximate="none"):
    if approximate not in ("none", "tanh"):
        raise RuntimeError("approximate argument must be either none or tanh.")
    return _gelu(input, approximate)


def _sigmoid_value(x):
    return 1.0 / (1.0 + _exp(-x))


def _silu_backward(grad, self):
    """grad * silu'(self); as tensor ops (recorded) while a higher derivative is being built,
    like PyTorch's infinitely_differentiable_silu_backward."""
    if is_grad_enabled():
        sigmoid = self.sigmoid()
        return grad * sigmoid * (1.0 + self * (1.0 - sigmoid))
    return _map(lambda g, x: g * _sigmoid_value(x) * (1 + x * (1 - _sigmoid_value(x))), grad, self)


@op("SiluBackward0", name="silu", result="auto_element_wise", self=_silu_backward)
def _silu(self):
    with no_grad():
        return _map(lambda x: x * _sigmoid_value(x), self)


def silu(input, inplace=False):
    return _in_place(input, _silu(input), inplace)


def _softplus_value(x, beta, threshold):
    return x if x * beta > threshold else math.log1p(_exp(x * beta)) / beta


def _softplus_second_derivative(self, beta, threshold):
    """softplus''(self) as tensor ops (PyTorch's softplus_double_backward)."""
    s = (self * beta).sigmoid()
    return s * (1 - s) * (self * beta < threshold) * beta


@op("SoftplusBackwardBackward0", name="softplus_backward",
    result="auto_element_wise",
    grad_output=lambda grad, self, beta, threshold: _softplus_backward(grad, self, beta, threshold),
    self=lambda grad, grad_output, self, beta, threshold: grad * grad_output * _softplus_second_derivative(
        self, beta, threshold))
def _softplus_backward(grad_output, self, beta, threshold):
    with no_grad():
        return _map(lambda g, x: g if x * beta > threshold else g * _sigmoid_value(x * beta), grad_output, self)


@op("SoftplusBackward0", name="softplus", result="auto_element_wise",
    self=lambda grad, self, beta, threshold: _softplus_backward(grad, self, beta, threshold))
def _softplus(self, beta, threshold):
    with no_grad():
        return _map(lambda x: _softplus_value(x, beta, threshold), self)


def softplus(input, beta=1, threshold=20):  # (ATen's Scalar defaults: the node shows them as ints)
    return _softplus(input, beta, threshold)


def dropout(input, p=0.5, training=True, inplace=False):
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    if not training or p == 0 or input.numel() == 0:
        return input
    from .. import _random
    from .._random_ops import RANDOMNESS_HOOK
    shape = input._shape if RANDOMNESS_HOOK[0] is None else RANDOMNESS_HOOK[0](input._shape)  # under vmap
    mask = _random.dropout_mask(_random.default_generator, math.prod(shape), p, input.dtype)
    mask = _from_kernel(mask, shape, input.dtype)  # (numpy's float64 mask array cast once)
    if RANDOMNESS_HOOK[0] is not None:
        mask = RANDOMNESS_HOOK[0](None, batched=mask)
    return input.mul_(mask) if inplace else input * mask


def _feature_dropout(input, p, training, inplace):
    """Whole channels (dim 1) zeroed: one Bernoulli draw per (sample, channel), as PyTorch."""
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    if not training or p == 0 or input.numel() == 0:
        return input
    if p == 1:
        return input.mul_(0) if inplace else input * creation.zeros(())
    noise = empty(tuple(input.shape[:2]) + (1,) * (input.dim() - 2), dtype=input.dtype)
    noise.bernoulli_(1 - p).div_(1 - p)
    return input.mul_(noise) if inplace else input * noise


def _unbatched_feature_dropout(input, p, training, inplace, batched):
    if batched:
        return _feature_dropout(input, p, training, inplace)
    input = input.unsqueeze_(0) if inplace else input.unsqueeze(0)
    result = _feature_dropout(input, p, training, inplace)
    return result.squeeze_(0) if inplace else result.squeeze(0)


def _warn_dropout_dims(name, got, spatial, dims):
    import warnings
    warnings.warn(f"{name}: Received a {got}-D input to {name}, which is deprecated and will result in an error in a "
                  f"future release. To retain the behavior and silence this warning, please use dropout instead. Note "
                  f"that {name} exists to provide channel-wise dropout on inputs with {spatial} spatial dimensions, a "
                  f"channel dimension, and an optional batch dimension (i.e. {dims[0]}D or {dims[1]}D inputs).",
                  stacklevel=3)


def dropout1d(input, p=0.5, training=True, inplace=False):
    if input.dim() not in (2, 3):
        raise RuntimeError(f"dropout1d: Expected 2D or 3D input, but received a {input.dim()}D input. Note that "
                           "dropout1d exists to provide channel-wise dropout on inputs with 1 spatial dimension, a "
                           "channel dimension, and an optional batch dimension (i.e. 2D or 3D inputs).")
    return _unbatched_feature_dropout(input, p, training, inplace, input.dim() == 3)


def dropout2d(input, p=0.5, training=True, inplace=False):
    if input.dim() not in (3, 4):
        _warn_dropout_dims("dropout2d", input.dim(), 2, (3, 4))
    if input.dim() == 3:
        import warnings
        warnings.warn("dropout2d: Received a 3D input to dropout2d and assuming that channel-wise 1D dropout behavior "
                      "is desired - input is interpreted as shape (N, C, L), where C is the channel dim. This behavior "
                      "will change in a future release to interpret the input as one without a batch dimension, i.e. "
                      "shape (C, H, W). To maintain the 1D channel-wise dropout behavior, please switch to using "
                      "dropout1d instead.", stacklevel=2)
    return _feature_dropout(input, p, training, inplace)


def dropout3d(input, p=0.5, training=True, inplace=False):
    if input.dim() not in (4, 5):
        _warn_dropout_dims("dropout3d", input.dim(), 3, (4, 5))
    return _unbatched_feature_dropout(input, p, training, inplace, input.dim() == 5)


# ---- shapes ------------------------------------------------------------------------------


def flatten(input, start_dim=0, end_dim=-1):
    return shape_ops.flatten(input, start_dim, end_dim)


# ---- losses ------------------------------------------------------------------------------


def _mse_loss_backward(grad, self, target, reduction):
    return (self - target) * (2.0 / self.numel() if reduction == "mean" else 2.0) * grad


# the target's gradient is the input's with the two swapped, as in PyTorch's derivatives.yaml
@op("MseLossBackward0", name="mse_loss",
    result=lambda self_t, target_t, self, target, reduction: _reduce(_mse_loss_backward(self_t, self, target, "none") + _mse_loss_backward(target_t, target, self, "none"), reduction),
    self=_mse_loss_backward,
    target=lambda grad, self, target, reduction: _mse_loss_backward(grad, target, self, reduction))
def _mse_loss(self, target, reduction):
    with no_grad():
        diff = self - target
        return _reduce(diff * diff, reduction)


# ---- more losses, composed as PyTorch composes them ---------------------------------------

def margin_ranking_loss(input1, input2, target, margin=0.0, size_average=None, reduce=None, reduction="mean"):
    reduction = _legacy_reduction(size_average, reduce, reduction)
    return _reduce((-target * (input1 - input2) + margin).clamp_min_(0), reduction)


def hinge_embedding_loss(input, target, margin=1.0, size_average=None, reduce=None, reduction="mean"):
    reduction = _legacy_reduction(size_average, reduce, reduction)
    zeros = zeros_like(input)
    output = where(target != 1, (margin - input).clamp_min_(0), zeros) + where(target != -1, input, zeros)
    return _reduce(output, reduction)


def cosine_embedding_loss(input1, input2, target, margin=0.0, size_average=None, reduce=None, reduction="mean"):
    reduction = _legacy_reduction(size_average, reduce, reduction)
    dim = target.dim()
    prod_sum = (input1 * input2).sum(dim)
    mag_square1 = (input1 * input1).sum(dim) + 1e-12
    mag_square2 = (input2 * input2).sum(dim) + 1e-12
    cos = prod_sum / (mag_square1 * mag_square2).sqrt_()
    zeros = zeros_like(cos)
    output = where(target == 1, 1 - cos, zeros) + where(target == -1, (cos - margin).clamp_min_(0), zeros)
    return _reduce(output, reduction)


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2.0, eps=1e-6, swap=False, size_average=None,
                        reduce=None, reduction="mean"):
    reduction = _legacy_reduction(size_average, reduce, reduction)
    dist_pos = pairwise_distance(anchor, positive, p, eps)
    dist_neg = pairwise_distance(anchor, negative, p, eps)
    if swap:
        dist_neg = minimum(dist_neg, pairwise_distance(positive, negative, p, eps))
    return _reduce(clamp_min(margin + dist_pos - dist_neg, 0), reduction)


def poisson_nll_loss(input, target, log_input=True, full=False, size_average=None, eps=1e-8, reduce=None,
                     reduction="mean"):
    reduction = _legacy_reduction(size_average, reduce, reduction)
    if log_input:  # (ATen's compiled code takes the product first: saved-tensor hooks see that order)
        product = target * input
        loss = input.exp() - product
    else:
        loss = input - target * (input + eps).log()
    if full:
        stirling = target * target.log() - target + 0.5 * (2 * math.pi * target).log()
        loss = loss + stirling.masked_fill(target <= 1, 0)
    return _reduce(loss, reduction)


def gaussian_nll_loss(input, target, var, full=False, eps=1e-6, reduction="mean"):
    if var.shape != input.shape:
        if input.shape[:-1] == var.shape:
            var = var.unsqueeze(-1)
        elif not (input.shape[:-1] == var.shape[:-1] and var.shape[-1] == 1):
            raise ValueError("var is of incorrect size")
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(reduction + " is not valid")
    if reduction_ops.any(var < 0):
        raise ValueError("var has negative entry/entries")
    var = var.clone()
    with no_grad():
        var.clamp_(min=eps)
    loss = 0.5 * (var.log() + (input - target) ** 2 / var)
    if full:
        loss = loss + 0.5 * math.log(2 * math.pi)
    return _reduce(loss, reduction)


def _soft_margin_loss_backward(grad, self, target, reduction):
    """PyTorch's steps: -norm * target * z / (1 + z) * grad, z = exp(-target * input)."""
    z = (-target * self).exp()
    norm = 1.0 / self.numel() if reduction == "mean" else 1.0
    return -norm * target * z / (1 + z) * grad


@op("SoftMarginLossBackward0", name="soft_margin_loss",
    result=lambda self_t, self, target, reduction: _reduce(_soft_margin_loss_backward(self_t, self, target, "none"), reduction), self=_soft_margin_loss_backward)
def _soft_margin_loss(self, target, reduction):
    with no_grad():
        return _reduce((-self * target).exp().log1p(), reduction)


def soft_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    return _soft_margin_loss(input, target, _legacy_reduction(size_average, reduce, reduction))


def multilabel_soft_margin_loss(input, target, weight=None, size_average=None, reduce=None, reduction="mean"):
    reduction = _legacy_reduction(size_average, reduce, reduction)
    loss = -(target * logsigmoid(input) + (1 - target) * logsigmoid(-input))
    if weight is not None:
        loss = loss * weight
    class_dim = input.dim() - 1
    loss = loss.sum(dim=class_dim) / input.shape[class_dim]
    return _reduce(loss, reduction)


def kl_div(input, target, size_average=None, reduce=None, reduction="mean", log_target=False):
    """KL(target || exp(input)) per element, as PyTorch composes it; "batchmean" divides the
    sum by the batch size."""
    reduction = _legacy_reduction(size_average, reduce, reduction)
    if reduction == "mean":
        import warnings
        warnings.warn("reduction: 'mean' divides the total loss by both the batch size and the support size."
                      "'batchmean' divides only by the batch size, and aligns with the KL div math definition."
                      "'mean' will be changed to behave the same as 'batchmean' in the next major release.",
                      stacklevel=2)
    return _kl_div(input, target, reduction, log_target)


def _kl_div(input, target, reduction, log_target):
    output = target.exp() * (target - input) if log_target else xlogy(target, target) - target * input
    if reduction == "batchmean":
        return output.sum() / input.shape[0] if input.dim() else output.sum()
    return _reduce(output, reduction)


def mse_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    _check_same_size(input, target, "mse_loss")
    reduction = _legacy_reduction(size_average, reduce, reduction)
    if input.shape != target.shape:
        input, target = broadcast_tensors(input, target)
    return _mse_loss(input, target, reduction)


def l1_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    _check_same_size(input, target, "l1_loss")
    reduction = _legacy_reduction(size_average, reduce, reduction)
    return _reduce((input - target).abs(), reduction)


def _smooth_l1_grad(d, beta):
    if beta == 0 or abs(d) >= beta:
        return (d > 0) - (d < 0)
    return d / beta


def _pointwise_loss_second_derivative(grad, self, target, reduction, inside):
    """grad where |self - target| < inside (1 / inside for smooth_l1), mean divided by the count."""
    return _reduction_grad(grad * ((self - target).abs() < inside), reduction, self.numel())


# the gradient reaches grad_output with self's shape; autograd sums it to the loss's shape
@op("SmoothL1LossBackwardBackward0", name="smooth_l1_loss_backward",
    result="auto_element_wise",
    grad_output=lambda grad, self, target, reduction, beta: _smooth_l1_loss_backward(grad, self, target, reduction,
                                                                                       beta),
    self=lambda grad, grad_output, self, target, reduction, beta: _smooth_l1_second_derivative(
        grad * grad_output, self, target, reduction, beta),
    target=lambda grad, grad_output, self, target, reduction, beta: -_smooth_l1_second_derivative(
        grad * grad_output, self, target, reduction, beta))
def _smooth_l1_loss_backward(grad_output, self, target, reduction, beta):
    with no_grad():
        return _map(lambda g, x, t: _smooth_l1_grad(x - t, beta) * g,
                    _reduction_grad(grad_output, reduction, self.numel()).expand(self._shape), self, target)


def _smooth_l1_second_derivative(grad, self, target, reduction, beta):
    if beta == 0:
        return zeros_like(grad)
    return _pointwise_loss_second_derivative(grad, self, target, reduction, beta) / beta


@op("SmoothL1LossBackward0", name="smooth_l1_loss",
    result=lambda self_t, target_t, self, target, reduction, beta: _reduce(_smooth_l1_loss_backward(self_t, self, target, "none", beta) + _smooth_l1_loss_backward(target_t, target, self, "none", beta), reduction),
    self=lambda grad, self, target, reduction, beta: _smooth_l1_loss_backward(grad, self, target, reduction, beta),
    target=lambda grad, self, target, reduction, beta: _smooth_l1_loss_backward(grad, target, self, reduction,
                                                                                  beta))
def _smooth_l1_loss(self, target, reduction, beta):
    with no_grad():
        def value(x, t):
            z = abs(x - t)
            return 0.5 * z * z / beta if z < beta else z - 0.5 * beta
        return _reduce(_map(value, self, target), reduction)


def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction="mean", beta=1.0):
    _check_same_size(input, target, "smooth_l1_loss")
    return _smooth_l1_loss(input, target, _legacy_reduction(size_average, reduce, reduction), beta)


@op("HuberLossBackwardBackward0", name="huber_loss_backward",
    result="auto_element_wise",
    grad_output=lambda grad, self, target, reduction, delta: _huber_loss_backward(grad, self, target, reduction,
                                                                                   delta),
    self=lambda grad, grad_output, self, target, reduction, delta: _pointwise_loss_second_derivative(
        grad * grad_output, self, target, reduction, delta),
    target=lambda grad, grad_output, self, target, reduction, delta: -_pointwise_loss_second_derivative(
        grad * grad_output, self, target, reduction, delta))
def _huber_loss_backward(grad_output, self, target, reduction, delta):
    with no_grad():
        return _map(lambda g, x, t: g * max(-delta, min(delta, x - t)),
                    _reduction_grad(grad_output, reduction, self.numel()).expand(self._shape), self, target)


@op("HuberLossBackward0", name="huber_loss",
    result=lambda self_t, target_t, self, target, reduction, delta: _reduce(_huber_loss_backward(self_t, self, target, "none", delta) + _huber_loss_backward(target_t, target, self, "none", delta), reduction),
    self=lambda grad, self, target, reduction, delta: _huber_loss_backward(grad, self, target, reduction, delta),
    target=lambda grad, self, target, reduction, delta: _huber_loss_backward(grad, target, self, reduction, delta))
def _huber_loss(self, target, reduction, delta):
    with no_grad():
        def value(x, t):
            z = abs(x - t)
            return 0.5 * z * z if z < delta else delta * (z - 0.5 * delta)
        return _reduce(_map(value, self, target), reduction)


def huber_loss(input, target, reduction="mean", delta=1.0, weight=None):
    _check_same_size(input, target, "huber_loss")
    return _huber_loss(input, target, reduction, delta)


def _nll_values(logp, target, weight, ignore_index):
    """Per-sample (loss, weight) pairs of nll_loss for (N, C) log-probabilities."""
    return aten_loss.nll_values(logp._buf(), logp.shape[1], target._flat(), _buf_or_none(weight), ignore_index)


def _checked_targets(target, classes, ignore_index):
    """target's classes as a list; PyTorch's IndexError for the first out of range (and not ignored)."""
    targets = target._flat()
    for t in targets:
        if not 0 <= t < classes and t != ignore_index:
            raise IndexError(f"Target {t} is out of bounds.")
    return targets


def _total_weight(self, target, weight, ignore_index):
    """nll_loss's summed weight of the targets not ignored (without class weights: their count)."""
    if weight is None:
        targets = _checked_targets(target, self.shape[1], ignore_index)
        return float(len(targets) - targets.count(ignore_index))
    return math.fsum(_nll_values(self, target, weight, ignore_index)[1])


def _nll_forward(self, target, weight, reduction, ignore_index):
    if self.dtype is _dtype.float32:  # PyTorch's float32 kernel, cascade sums included
        targets = _checked_targets(target, self.shape[1], ignore_index)
        buf = aten_loss.nll_loss(self._buf(), self._shape, targets, reduction,
                                 weight._buf() if weight is not None else None, ignore_index)
        return Tensor._make(buf, target._shape if reduction == "none" else (), self.dtype)
    losses, ws = _nll_values(self, target, weight, ignore_index)
    if reduction == "none":
        return _from_kernel(losses, target._shape, self.dtype)
    value = math.fsum(losses)
    if reduction == "mean":
        value = value / math.fsum(ws) if math.fsum(ws) else math.nan
    return _new([value], (), self.dtype)


# nll_loss is linear in self: the second derivative is zero, and grad_output's is nll_loss again
@op("NllLossBackwardBackward0", name="nll_loss_backward",
    result="auto_linear",
    grad_output=lambda grad, target, weight, reduction, ignore_index: _nll_loss_2d(grad, target, weight, reduction,
                                                                                    ignore_index),
    self=lambda grad: zeros_like(grad))
def _nll_loss_backward(grad_output, self, target, weight, reduction, ignore_index):
    n = self.shape[0]
    if reduction == "mean":
        total_weight = _total_weight(self, target, weight, ignore_index)
        g = -_new([grad_output.item()], (), self.dtype) / total_weight if total_weight else None
        per_row = B.full(n, g.item() if g is not None else math.nan, self.dtype)
    elif reduction == "sum":
        per_row = B.full(n, -grad_output.item(), grad_output.dtype)
    else:
        per_row = B.unary("neg", grad_output._buf(), grad_output.dtype)
    out = aten_loss.nll_backward(per_row, self.shape[1], target._flat(), _buf_or_none(weight), ignore_index)
    return _from_kernel(out, self._shape, self.dtype)


def _nll_total_weight(self, target, weight, reduction, ignore_index):
    """nll_loss_forward's second output: the summed weight of the targets not ignored (0 unreduced)."""
    total = 0.0 if reduction == "none" else _total_weight(self, target, weight, ignore_index)
    return (_new([total], (), self.dtype),)


@op("NllLossBackward0", name="nll_loss_forward", aux="total_weight",
    result="auto_linear",
    self=lambda grad, self, target, weight, reduction, ignore_index: _nll_loss_backward(
        grad, self, target, weight, reduction, ignore_index))
def _nll_loss_2d(self, target, weight, reduction, ignore_index):
    aux_outputs(lambda: _nll_total_weight(self, target, weight, reduction, ignore_index))
    with no_grad():
        return _nll_forward(self, target, weight, reduction, ignore_index)


@op("NllLoss2DBackward0", name="nll_loss2d_forward", aux="total_weight",
    result="auto_linear",
    self=lambda grad, self, target, weight, reduction, ignore_index: _nll_loss_backward(
        grad, self, target, weight, reduction, ignore_index))
def _nll_loss_nd(self, target, weight, reduction, ignore_index):
    """nll_loss of (N, C, d1, ...) log-probabilities, given here with the classes moved last and the rest
    flattened to (M, C): PyTorch's spatial kernel, whose node is NllLoss2DBackward0."""
    return _nll_loss_2d.forward(self, target, weight, reduction, ignore_index)  # (gives total_weight too)


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
             reduction="mean"):
    reduction = _legacy_reduction(size_average, reduce, reduction)
    if input.dim() == 2 and input.shape[0] != target.shape[0]:
        raise ValueError(f"Expected input batch_size ({input.shape[0]}) to match target batch_size "
                         f"({target.shape[0]}).")
    if weight is not None and weight._requires_grad and is_grad_enabled():  # PyTorch's check_no_requires_grad
        raise RuntimeError(f"The function '{'nll_loss2d_forward' if input.dim() > 2 else 'nll_loss_forward'}' is "
                           f"not differentiable with respect to argument 'weight'. This input cannot have "
                           f"requires_grad True.")
    if target.dtype not in (_dtype.int64, _dtype.uint8):
        raise RuntimeError(f"expected target dtype to be Long or Byte, but got "
                           f"{_KERNEL_TYPE_NAMES[target.dtype.name]}")
    if input.dim() == 1:  # one sample without a batch dim
        out = _nll_loss_2d(input.unsqueeze(0), target.unsqueeze(0), weight, reduction, ignore_index)
        return out.squeeze(0) if reduction == "none" else out
    if input.dim() > 2:  # (N, C, d1, ...): classes along dim 1
        c = input.shape[1]
        flat = input.movedim(1, -1).reshape(-1, c)
        out = _nll_loss_nd(flat, target.reshape(-1), weight, reduction, ignore_index)
        return out.view(target.shape) if reduction == "none" else out
    return _nll_loss_2d(input, target, weight, reduction, ignore_index)


_KERNEL_TYPE_NAMES = {"float32": "Float", "float64": "Double", "float16": "Half", "int64": "Long",
                      "int32": "Int", "int16": "Short", "int8": "Char", "uint8": "Byte", "bool": "Bool"}


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
                  reduction="mean", label_smoothing=0.0):
    reduction = _legacy_reduction(size_average, reduce, reduction)
    class_dim = 0 if input.dim() == 1 else 1
    logp = log_softmax(input, class_dim)
    n_classes = input.shape[class_dim]
    if target.dtype.kind == "f" and target.shape == input.shape:  # class probabilities
        if label_smoothing > 0:
            target = target * (1 - label_smoothing) + label_smoothing / n_classes
        prod = logp * target if weight is None else logp * target * weight.view(
            [-1 if d == class_dim else 1 for d in range(input.dim())])
        if reduction == "mean":
            return div_scalar(-prod.sum(), input.numel() // n_classes)
        if reduction == "sum":
            return -prod.sum()
        return -prod.sum(class_dim)
    loss = nll_loss(logp, target, weight, ignore_index=ignore_index, reduction=reduction)
    if label_smoothing <= 0:
        return loss
    ignore_mask = target == ignore_index
    smooth = -logp.sum(class_dim) if weight is None else -(logp * weight.view(
        [-1 if d == class_dim else 1 for d in range(input.dim())])).sum(class_dim)
    smooth = smooth.masked_fill(ignore_mask, 0.0)
    if reduction == "mean":
        if weight is None:
            smooth = smooth.sum() / (~ignore_mask).sum()
        else:
            smooth = smooth.sum() / weight.gather(0, target.masked_select(~ignore_mask)).sum()
    elif reduction == "sum":
        smooth = smooth.sum()
    return (1 - label_smoothing) * loss + smooth * (label_smoothing / n_classes)


def _bce_value(p, y):
    log_p = max(math.log(p), -100.0) if p > 0 else -100.0
    log_1mp = max(math.log1p(-p), -100.0) if p < 1 else -100.0
    return (y - 1) * log_1mp - y * log_p


def _weighted_mean(grad, weight, reduction, numel):
    """grad times the loss's weight (if any), divided by the element count for a mean."""
    return _reduction_grad(grad * weight if weight is not None else grad, reduction, numel)


_BCE_EPS = 1e-12  # keeps PyTorch's binary_cross_entropy gradients finite at p = 0 and p = 1


# second derivatives as PyTorch's binary_cross_entropy_double_backward{,_grad_output,_target}
@op("BinaryCrossEntropyBackwardBackward0", name="binary_cross_entropy_backward",
    result="auto_element_wise",
    grad_output=lambda grad, self, target, weight, reduction: _weighted_mean(
        grad * (self - target) / ((self + _BCE_EPS) * (1 - self + _BCE_EPS)), weight, reduction, self.numel()),
    self=lambda grad, grad_output, self, target, weight, reduction: _weighted_mean(
        grad * grad_output * (self * self - 2 * self * target + target)
        / ((self + _BCE_EPS).pow(2) * (1 - self + _BCE_EPS).pow(2)), weight, reduction, self.numel()),
    target=lambda grad, grad_output, self, weight, reduction: _weighted_mean(
        -grad * grad_output / ((1 - self) * self).clamp_min(_BCE_EPS), weight, reduction, self.numel()))
def _binary_cross_entropy_backward(grad_output, self, target, weight, reduction):
    with no_grad():
        return _map(lambda g, p, y, w: g * w * (p - y) / max((1 - p) * p, _BCE_EPS),
                    _reduction_grad(grad_output, reduction, self.numel()).expand(self._shape), self, target,
                    weight.expand(self._shape) if weight is not None else 1.0)


def _binary_cross_entropy_target_backward(grad, self, weight, reduction):
    """grad * -logit(self), as PyTorch; as tensor ops (recorded) while a higher derivative is
    being built."""
    if is_grad_enabled():
        return _weighted_mean(((1 - self).log() - self.log()) * grad, weight, reduction, self.numel())
    return _map(lambda g, p, w: g * w * (math.log1p(-p) - math.log(p)),
                _reduction_grad(grad, reduction, self.numel()).expand(self._shape), self,
                weight.expand(self._shape) if weight is not None else 1.0)


@op("BinaryCrossEntropyBackward0", name="binary_cross_entropy",
    result=lambda self_t, target_t, self, target, weight, reduction: _reduce(_binary_cross_entropy_backward(self_t, self, target, weight, "none") + _binary_cross_entropy_target_backward(target_t, self, weight, "none"), reduction),
    self=lambda grad, self, target, weight, reduction: _binary_cross_entropy_backward(
        grad, self, target, weight, reduction),
    target=lambda grad, self, weight, reduction: _binary_cross_entropy_target_backward(grad, self, weight, reduction))
def _binary_cross_entropy(self, target, weight, reduction):
    with no_grad():
        if weight is None and self.dtype is _dtype.float32:
            buf = aten_loss.binary_cross_entropy(self._buf(), target._buf(), reduction)
            return Tensor._make(buf, self._shape if reduction == "none" else (), self.dtype)
        loss = _map(_bce_value, self, target)
        if weight is not None:
            loss = loss * weight
        return _reduce(loss, reduction)


def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction="mean"):
    reduction = _legacy_reduction(size_average, reduce, reduction)
    if target.shape != input.shape:
        raise ValueError(f"Using a target size ({target.shape}) that is different to the input size "
                         f"({input.shape}) is deprecated. Please ensure they have the same size.")
    values = input._flat()
    if values and (min(values) < 0 or max(values) > 1):
        raise RuntimeError("all elements of input should be between 0 and 1")
    return _binary_cross_entropy(input, target, weight, reduction)


def _log_sigmoid(x):
    return -math.log1p(_exp(-x)) if x >= 0 else x - math.log1p(_exp(x))


def _bce_logits_value(x, y, pw):
    # (1 - y) * x - (1 + (pw - 1) * y) * log(sigmoid(x))
    return (1 - y) * x - (1 + (pw - 1) * y) * _log_sigmoid(x)


def _bce_logits_grad(g, x, y, pw):
    s = _sigmoid_value(x)
    return g * ((1 + (pw - 1) * y) * s - pw * y) if pw != 1 else g * (s - y)


# PyTorch composes these two gradients of tensor ops; here they are exact kernels, and tensor ops
# (recorded) only while a higher derivative is being built
def _bce_with_logits_backward(grad, self, target, weight, pos_weight, reduction):
    if is_grad_enabled():
        if pos_weight is None:
            grad_input = self.sigmoid() - target
        else:
            scaled_target = pos_weight * target
            grad_input = (scaled_target + 1 - target) * self.sigmoid() - scaled_target
        return _weighted_mean(grad_input * grad, weight, reduction, self.numel())
    return _map(lambda g, x, y, w, pw: w * _bce_logits_grad(g, x, y, pw),
                _reduction_grad(grad, reduction, self.numel()).expand(self._shape), self, target,
                weight.expand(self._shape) if weight is not None else 1.0,
                pos_weight.expand(self._shape) if pos_weight is not None else 1.0)


def _bce_with_logits_target_backward(grad, self, weight, pos_weight, reduction):
    if is_grad_enabled():
        # log_sigmoid(-x) - pw * log_sigmoid(x), with log_sigmoid(x) = -softplus(-x)
        grad_target = -self if pos_weight is None else (pos_weight - 1) * _softplus(-self, 1.0, 20.0) - self
        return _weighted_mean(grad_target * grad, weight, reduction, self.numel())
    return _map(lambda g, x, w, pw: g * w * (_log_sigmoid(-x) - pw * _log_sigmoid(x)),
                _reduction_grad(grad, reduction, self.numel()).expand(self._shape), self,
                weight.expand(self._shape) if weight is not None else 1.0,
                pos_weight.expand(self._shape) if pos_weight is not None else 1.0)


@op("BinaryCrossEntropyWithLogitsBackward0", name="binary_cross_entropy_with_logits",
    result=lambda self_t, target_t, self, target, weight, pos_weight, reduction: _reduce(_bce_with_logits_backward(self_t, self, target, weight, pos_weight, "none") + _bce_with_logits_target_backward(target_t, self, weight, pos_weight, "none"), reduction),
    self=_bce_with_logits_backward,
    target=_bce_with_logits_target_backward)
def _bce_with_logits(self, target, weight, pos_weight, reduction):
    with no_grad():
        pw = pos_weight.expand(self._shape) if pos_weight is not None else 1.0
        loss = _map(_bce_logits_value, self, target, pw)
        if weight is not None:
            loss = loss * weight
        return _reduce(loss, reduction)


def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None,
                                     reduction="mean", pos_weight=None):
    reduction = _legacy_reduction(size_average, reduce, reduction)
    if target.shape != input.shape:
        raise ValueError(f"Target size ({target.shape}) must be the same as input size ({input.shape})")
    return _bce_with_logits(input, target, weight, pos_weight, reduction)


# ---- normalisation -------------------------------------------------------------------


# The normalisation gradients below are exact loops over floats, or tensor ops while a higher
# derivative is being built (PyTorch has a double-backward formula of its own for these instead).


def _normalized(input, dims, eps):
    """((input - mean) * rstd, rstd) over dims, as tensor ops."""
    centered = input - input.mean(dims, keepdim=True)
    rstd = ((centered * centered).mean(dims, keepdim=True) + eps).rsqrt()
    return centered * rstd, rstd


def _normalized_input_grad(grad, xhat, rstd, dims):
    """The input's gradient through statistics taken over dims: grad is already scaled by the weight."""
    return rstd * (grad - grad.mean(dims, keepdim=True) - xhat * (grad * xhat).mean(dims, keepdim=True))


def _layer_norm_dims(input, normalized_shape):
    return tuple(range(input.dim() - len(normalized_shape), input.dim()))


def _layer_norm_stats(input, inner, eps):
    """The kernel's (mean, rstd) per row: PyTorch's layer norm kernel for float32 and float64 (other
    dtypes computed as float32 and rounded once, not PyTorch's mixed-precision kernel)."""
    return norm_kernels.layer_norm_stats(input._buf(), inner, eps, input.dtype is not _dtype.float64)


def _layer_norm_outputs(input, normalized_shape, eps, stats=None):
    """native_layer_norm's other outputs: each row's mean and rstd (the kernel's, or ``stats``, the
    kernel's buffers already made), shaped to broadcast."""
    shape = input._shape[:input.dim() - len(normalized_shape)] + (1,) * len(normalized_shape)
    return tuple(_from_kernel(b, shape, input.dtype)
                 for b in stats or _layer_norm_stats(input.detach(), math.prod(normalized_shape), eps))


def _layer_norm_saved_stats(self, inner, eps, mean, rstd):
    """The kernel's (mean, rstd) buffers for the backward: the forward's saved outputs in float32 and
    float64, as PyTorch's backward takes them; other dtypes' are rounded to the dtype, so computed again."""
    if self.dtype is _dtype.float32 or self.dtype is _dtype.float64:
        return _made(mean)._buf(), _made(rstd)._buf()
    return _layer_norm_stats(self, inner, eps)


def _layer_norm_input_grad(grad, self, normalized_shape, weight, eps, mean, rstd):
    if is_grad_enabled():
        dims = _layer_norm_dims(self, normalized_shape)
        xhat, rstd = _normalized(self, dims, eps)
        return _normalized_input_grad(grad * weight if weight is not None else grad, xhat, rstd, dims)
    inner = math.prod(normalized_shape)
    values = norm_kernels.layer_norm_input_grad(self._buf(), grad._buf(),
                                                *_layer_norm_saved_stats(self, inner, eps, mean, rstd),
                                                _buf_or_none(weight), inner, self.dtype is not _dtype.float64)
    return _from_kernel(values, self._shape, self.dtype)


def _layer_norm_weight_grad(grad, self, normalized_shape, eps, mean, rstd):
    inner = math.prod(normalized_shape)
    if is_grad_enabled():
        xhat, _ = _normalized(self, _layer_norm_dims(self, normalized_shape), eps)
        return (grad * xhat).reshape(-1, inner).sum(0).view(tuple(normalized_shape))
    values = norm_kernels.layer_norm_weight_grad(self._buf(), grad._buf(),
                                                 *_layer_norm_saved_stats(self, inner, eps, mean, rstd),
                                                 inner, self.dtype is not _dtype.float64)
    return _from_kernel(values, normalized_shape, self.dtype)


def _layer_norm_bias_grad(grad, input, normalized_shape):
    inner = math.prod(normalized_shape)
    if is_grad_enabled():
        return grad.reshape(-1, inner).sum(0).view(tuple(normalized_shape))
    values = norm_kernels.layer_norm_bias_grad(grad._buf(), inner, input.dtype is not _dtype.float64)
    return _from_kernel(values, normalized_shape, input.dtype)


def _affine_jvp(normalized_t, xhat, weight, weight_t, bias_t, view=lambda w: w):
    """Tangent of xhat * weight + bias (weight and bias optional, viewed to broadcast)."""
    out = normalized_t if weight is None else normalized_t * view(weight)
    if weight_t is not None:
        out = out + xhat * view(weight_t)
    if bias_t is not None:
        out = out + view(bias_t)
    return out


def _layer_norm_jvp(input_t, weight_t, bias_t, input, normalized_shape, weight, eps):
    """PyTorch's layer_norm_jvp: the tangent of (x - mean) * rstd from the forward's saved mean and
    rstd (the kernel's), in its order of tensor ops, then the affine part's."""
    dims = _layer_norm_dims(input, normalized_shape)
    mean, rstd = _layer_norm_outputs(input, normalized_shape, eps)
    centered = input - mean
    centered_t = input_t - input_t.mean(dims, keepdim=True)
    if TRANSFORM_DEPTH[0]:  # under torch.func the tensors are wrappers: PyTorch's out-of-place order
        rstd_t = (-rstd.pow(3) * centered_t) * centered
    else:
        rstd_t = (centered_t * centered) * -rstd.pow(3)
    rstd_t = rstd_t.sum(dims, keepdim=True) / math.prod(normalized_shape)
    return _affine_jvp(centered_t * rstd + centered * rstd_t, centered * rstd, weight, weight_t, bias_t)




@op("NativeLayerNormBackward0", name="native_layer_norm", aux="result1 result2",
    saved="bias input normalized_shape result1 result2 weight",
    result=_layer_norm_jvp,
    input=lambda grad, input, normalized_shape, weight, eps, result1, result2: _layer_norm_input_grad(
        grad, input, normalized_shape, weight, eps, result1, result2),
    weight=lambda grad, input, normalized_shape, eps, result1, result2: _layer_norm_weight_grad(
        grad, input, normalized_shape, eps, result1, result2),
    bias=lambda grad, input, normalized_shape: _layer_norm_bias_grad(grad, input, normalized_shape))
def _layer_norm(input, normalized_shape, weight, bias, eps):
    with no_grad():
        inner = math.prod(normalized_shape)
        stats = _layer_norm_stats(input, inner, eps)
        aux_outputs(lambda: _layer_norm_outputs(input, normalized_shape, eps, stats))
        values = norm_kernels.layer_norm_output(input._buf(), inner, *stats,
                                                _buf_or_none(weight), _buf_or_none(bias), input.dtype is not _dtype.float64)
        return _from_kernel(values, input._shape, input.dtype)


def _weight_norm_shape(v, dim):
    """(rows, columns, first_dim) of v for the fused kernel: dim 0 or the last dim."""
    if dim == 0:
        return v.shape[0], v.numel() // max(v.shape[0], 1), True
    return v.numel() // max(v.shape[-1], 1), v.shape[-1], False


def _weight_norm_grads(grad, v, g, dim):
    """(grad_v, grad_g) of w = v * (g / norm_except_dim(v, 2, dim)): the exact kernel, or tensor ops
    (recorded) while grad mode is on during backward."""
    if is_grad_enabled():
        from .._ops.reduction import norm_except_dim
        norm = norm_except_dim(v, 2, dim)
        others = tuple(d for d in range(v.dim()) if d != dim % v.dim())
        grad_g = (grad * v).sum(others, keepdim=True) / norm
        a = g / norm
        return a * grad - (a * grad_g / norm) * v, grad_g
    m, n, first_dim = _weight_norm_shape(v, dim)
    grad_v, grad_g = norm_kernels.weight_norm_backward(grad._buf(), v._buf(), g._buf(), m, n, first_dim,
                                                       v.dtype is _dtype.float32)
    return _from_kernel(grad_v, v._shape, v.dtype), _from_kernel(grad_g, g._shape, g.dtype)


@op("WeightNormInterfaceBackward0", name="_weight_norm_interface",
    v=lambda grad, v, g, dim: _weight_norm_grads(grad, v, g, dim)[0],
    g=lambda grad, v, g, dim: _weight_norm_grads(grad, v, g, dim)[1])
def _weight_norm_interface(v, g, dim):
    """The fused weight_norm (dim 0 or the last dim of contiguous v and g): w only."""
    m, n, first_dim = _weight_norm_shape(v, dim)
    w = norm_kernels.weight_norm(v._buf(), g._buf(), m, n, first_dim, v.dtype is _dtype.float32)
    return _from_kernel(w, v._shape, v.dtype)


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    normalized_shape = tuple(normalized_shape) if not isinstance(normalized_shape, int) else (normalized_shape,)
    if tuple(input.shape[input.dim() - len(normalized_shape):]) != normalized_shape:
        raise RuntimeError(f"Given normalized_shape={list(normalized_shape)}, expected input with shape "
                           f"[*, {', '.join(map(str, normalized_shape))}], but got input of size"
                           f"{input.shape}")
    return _layer_norm(input, normalized_shape, weight, bias, eps)


def _batch_stats(input, running_mean, running_var, training, eps, forward=False):
    """Per channel mean and 1/sqrt(var + eps) used for normalising (two float64 buffers)."""
    return norm_kernels.batch_stats(input._buf(), input.shape, _buf_or_none(running_mean),
                                    _buf_or_none(running_var), training, eps, input.dtype is _dtype.float32, forward)


def _batch_norm_dims(input):
    return (0,) + tuple(range(2, input.dim()))


def _per_channel(values, input):
    """A (C,) tensor viewed to broadcast along dim 1 of input."""
    return values.view([1, -1] + [1] * (input.dim() - 2))


def _batch_normalized(input, running_mean, running_var, training, eps):
    """(xhat, rstd) of batch_norm, as tensor ops."""
    if training:
        return _normalized(input, _batch_norm_dims(input), eps)
    rstd = _per_channel((running_var + eps).rsqrt(), input)
    return (input - _per_channel(running_mean, input)) * rstd, rstd


def _batch_norm_input_grad(grad, input, running_mean, running_var, weight, training, eps):
    if is_grad_enabled():
        xhat, rstd = _batch_normalized(input, running_mean, running_var, training, eps)
        if weight is not None:
            grad = grad * _per_channel(weight, input)
        return _normalized_input_grad(grad, xhat, rstd, _batch_norm_dims(input)) if training else grad * rstd
    mean, rstd = _batch_stats(input, running_mean, running_var, training, eps)
    values = norm_kernels.batch_norm_input_grad(input._buf(), grad._buf(), input.shape, mean, rstd,
                                                _buf_or_none(weight), training, input.dtype is _dtype.float32)
    return _from_kernel(values, input._shape, input.dtype)


def _batch_norm_weight_grad(grad, input, running_mean, running_var, training, eps):
    if is_grad_enabled():
        xhat, _ = _batch_normalized(input, running_mean, running_var, training, eps)
        return (grad * xhat).sum(_batch_norm_dims(input))
    mean, rstd = _batch_stats(input, running_mean, running_var, training, eps)
    values = norm_kernels.batch_norm_weight_grad(input._buf(), grad._buf(), input.shape, mean, rstd,
                                                 input.dtype is _dtype.float32)
    return _from_kernel(values, (input.shape[1],), input.dtype)


def _batch_norm_bias_grad(grad):
    if is_grad_enabled():
        return grad.sum(_batch_norm_dims(grad))
    return _from_kernel(norm_kernels.batch_norm_bias_grad(grad._buf(), grad.shape, grad.dtype is _dtype.float32),
                        (grad.shape[1],), grad.dtype)


def _batch_norm_jvp(input_t, weight_t, bias_t, input, running_mean, running_var, weight, training, eps):
    xhat, rstd = _batch_normalized(input, running_mean, running_var, training, eps)
    normalized_t = _normalized_input_grad(input_t, xhat, rstd, _batch_norm_dims(input)) if training else input_t * rstd
    return _affine_jvp(normalized_t, xhat, weight, weight_t, bias_t, lambda w: _per_channel(w, input))


@op("NativeBatchNormBackward0", name="native_batch_norm", aux="result1 result2",
    result=_batch_norm_jvp,
    input=lambda grad, input, running_mean, running_var, weight, training, eps: _batch_norm_input_grad(
        grad, input, running_mean, running_var, weight, training, eps),
    weight=lambda grad, input, running_mean, running_var, training, eps: _batch_norm_weight_grad(
        grad, input, running_mean, running_var, training, eps),
    bias=lambda grad: _batch_norm_bias_grad(grad))
def _batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps):
    with no_grad():
        mean, rstd = _batch_stats(input, running_mean, running_var, training, eps, forward=True)
        # the batch's statistics (PyTorch's save_mean and save_invstd), empty in eval mode
        aux_outputs(lambda: (_from_kernel(mean, input._shape[1:2], input.dtype),
                             _from_kernel(rstd, input._shape[1:2], input.dtype)) if training else
                    (_new([], (0,), input.dtype), _new([], (0,), input.dtype)))
        if training and running_mean is not None:
            unbiased = norm_kernels.unbiased_vars(input._buf(), input.shape, mean)
            running_mean.mul_(1 - momentum).add_(_from_kernel(mean, running_mean._shape, running_mean.dtype) * momentum)
            running_var.mul_(1 - momentum).add_(_from_kernel(unbiased, running_var._shape, running_var.dtype) * momentum)
        out = norm_kernels.batch_norm(input._buf(), input.shape, mean, rstd, _buf_or_none(weight), _buf_or_none(bias),
                                      input.dtype is _dtype.float32)
        return _from_kernel(out, input._shape, input.dtype)


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1,
               eps=1e-5):
    if training:
        size = input.numel() // input.shape[1]
        if size == 1:
            raise ValueError(f"Expected more than 1 value per channel when training, got input size "
                             f"{input.shape}")
    return _batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)


def _group_norm_backward(grad, input, num_groups, weight, eps):
    """The input's gradient of group_norm, as tensor ops (twice differentiable)."""
    n = input.shape[0]
    g = grad if weight is None else grad * _per_channel(weight, input)
    xhat, rstd = _normalized(input.reshape(n, num_groups, -1), (2,), eps)
    g = g.reshape(n, num_groups, -1)
    return (rstd * (g - g.mean(2, keepdim=True) - xhat * (g * xhat).mean(2, keepdim=True))).reshape(input.shape)


def _group_norm_affine_grad(grad, input, num_groups, eps):
    """Per channel: the sum over batch and positions of grad * the normalized input."""
    n = input.shape[0]
    xhat = _normalized(input.reshape(n, num_groups, -1), (2,), eps)[0].reshape(input.shape)
    return (grad * xhat).sum(_batch_norm_dims(input))


def _group_norm_jvp(input_t, weight_t, bias_t, input, group, weight, eps):
    n, num_groups = input.shape[0], group
    xhat, rstd = _normalized(input.reshape(n, num_groups, -1), (2,), eps)
    normalized_t = _normalized_input_grad(input_t.reshape(n, num_groups, -1), xhat, rstd, (2,)).reshape(input.shape)
    return _affine_jvp(normalized_t, xhat.reshape(input.shape), weight, weight_t, bias_t,
                       lambda w: _per_channel(w, input))


def _glu_jvp(self_t, self, dim):
    a, b = self.chunk(2, dim)
    a_t, b_t = self_t.chunk(2, dim)
    s = b.sigmoid()
    return a_t * s + a * s * (1 - s) * b_t


def _group_norm_stats(input, group, eps):
    """native_group_norm's other outputs: each (sample, group)'s mean and rstd, (N, group)."""
    flat = input.detach()._flat()
    size = len(flat) // (input.shape[0] * group) if flat else 0
    stats = [norm_kernels.row_stats(flat[i:i + size], eps) for i in range(0, len(flat), size or 1)]
    shape = (input.shape[0], group)
    return _new([m for m, _ in stats], shape, input.dtype), _new([r for _, r in stats], shape, input.dtype)


# (ATen's arguments: N, C, HxW and group its node keeps)
@op("NativeGroupNormBackward0", name="native_group_norm", aux="result1 result2",
    saved="C HxW N eps group input result1 result2 weight",
    result=_group_norm_jvp,
    input=lambda grad, input, group, weight, eps: _group_norm_backward(grad, input, group, weight, eps),
    weight=lambda grad, input, group, eps: _group_norm_affine_grad(grad, input, group, eps),
    bias=lambda grad: grad.sum(_batch_norm_dims(grad)))
def _group_norm(input, weight, bias, N, C, HxW, group, eps):
    """PyTorch's kernel (_aten/norm.py); results can differ in the last bit."""
    aux_outputs(lambda: _group_norm_stats(input, group, eps))
    with no_grad():
        values = norm_kernels.group_norm(input._buf(), input.shape, input.dtype is _dtype.float32, group,
                                         _buf_or_none(weight), _buf_or_none(bias), eps)
        return _from_kernel(values, input._shape, input.dtype)


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-5):
    if input.dim() < 2 or input.shape[1] % num_groups:
        raise RuntimeError(f"Expected number of channels in input to be divisible by num_groups, but got input of "
                           f"shape {list(input.shape)} and num_groups={num_groups}")
    n, c = input.shape[0], input.shape[1]
    return _group_norm(input, weight, bias, n, c, input.numel() // (n * c) if n * c else 0, num_groups, eps)


def instance_norm(input, running_mean=None, running_var=None, weight=None, bias=None, use_input_stats=True,
                  momentum=0.1, eps=1e-5):
    """As PyTorch: batch normalization of the input seen as one batch of N*C channels."""
    if use_input_stats and math.prod(input.shape[2:]) <= 1:
        raise ValueError(f"Expected more than 1 spatial element when training, got input size {input.shape}")
    n, c = input.shape[0], input.shape[1]

    def repeat(t):
        return t.repeat(n) if t is not None else None
    mean_n, var_n = repeat(running_mean), repeat(running_var)
    out = batch_norm(input.contiguous().view((1, n * c) + tuple(input.shape[2:])), mean_n, var_n, repeat(weight),
                     repeat(bias), use_input_stats, momentum, eps)
    with no_grad():  # the running statistics: the mean over the batch of each channel's
        if running_mean is not None:
            running_mean.copy_(mean_n.view(n, c).mean(0))
        if running_var is not None:
            running_var.copy_(var_n.view(n, c).mean(0))
    return out.view(input.shape)


# ---- embedding -----------------------------------------------------------------------


def _embedding_double_backward(grad, indices, padding_idx):
    """The rows of grad that the indices picked (zero for padding_idx), shaped as the forward's output."""
    rows = grad.index_select(0, indices.reshape(-1))
    if padding_idx >= 0:
        rows = rows.masked_fill((indices == padding_idx).reshape(-1, 1), 0)
    return rows.view(tuple(indices.shape) + (-1,))


@op("EmbeddingDenseBackwardBackward0", name="embedding_dense_backward", result="auto_linear",
    grad_output=lambda grad, indices, padding_idx: _embedding_double_backward(grad, indices, padding_idx))
def _embedding_dense_backward(grad_output, indices, num_weights, padding_idx):
    dim = grad_output.shape[-1]
    acc = embedding_kernels.dense_backward(grad_output._buf(), indices._buf(), num_weights, dim, padding_idx)
    return _from_kernel(acc, (num_weights, dim), grad_output.dtype)


@op("EmbeddingBackward0", name="embedding", result="auto_linear",
    saved="indices padding_idx scale_grad_by_freq sparse weight_sym_argsize_0",
    weight=lambda grad, weight, indices, padding_idx: _embedding_dense_backward(grad, indices, weight.shape[0],
                                                                                padding_idx))
def _embedding(weight, indices, padding_idx, scale_grad_by_freq, sparse):
    with no_grad():
        out = embedding_kernels.rows(weight._buf(), weight.shape[0], weight.shape[1], indices._buf())
        return _from_kernel(out, tuple(indices.shape) + (weight.shape[1],), weight.dtype)


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False,
              sparse=False):
    if padding_idx is not None and padding_idx < 0:
        padding_idx += weight.shape[0]
    if max_norm is not None:
        from ._functional_windows import renorm_looked_up_rows
        renorm_looked_up_rows(weight, input, max_norm, norm_type)
    return _embedding(weight, input, -1 if padding_idx is None else padding_idx, scale_grad_by_freq, sparse)


# ---- convolution and pooling (the convolution's loops: _aten/conv.py) ---------------------


def _tuple(v, n):
    return tuple(v) if isinstance(v, (tuple, list)) else (v,) * n


def _conv_sums(mode, p, q, size, input_shape, weight_shape, stride, padding, dilation, groups, bias=None):
    return conv_sums(mode, p._buf(), q._buf(), p.dtype is _dtype.float32 and q.dtype is _dtype.float32, size,
                     tuple(input_shape), tuple(weight_shape), stride, padding, dilation, groups, _buf_or_none(bias))


def _conv_forward_values(input, weight, bias, stride, padding, dilation, groups):
    spatial, kernel, out = conv_geometry(input.shape, weight.shape, stride, padding, dilation)
    size = input.shape[0] * weight.shape[0] * math.prod(out)
    acc = _conv_sums(0, input, weight, size, input.shape, weight.shape, stride, padding, dilation, groups, bias)
    return _from_kernel(acc, (input.shape[0], weight.shape[0]) + out, input.dtype)


# Convolution is bilinear in (input, weight), so each of its two gradients is linear in grad_output
# and in the other factor: their own gradients are a convolution and the other gradient again.
# (PyTorch computes both in one convolution_backward op; its node has the same name.)
@op("ConvolutionBackwardBackward0", name="convolution_backward",
    result=lambda grad_output_t, weight_t, grad_output, weight, input_shape, stride, padding, dilation, groups: _conv_input_backward(grad_output_t, weight, input_shape, stride, padding, dilation, groups) + _conv_input_backward(grad_output, weight_t, input_shape, stride, padding, dilation, groups),
    grad_output=lambda grad, weight, stride, padding, dilation, groups: _convolution(
        grad, weight, None, stride, padding, dilation, False, (0,) * len(stride), groups),
    weight=lambda grad, grad_output, weight, stride, padding, dilation, groups: _conv_weight_backward(
        grad_output, grad, weight._shape, stride, padding, dilation, groups))
def _conv_input_backward(grad_output, weight, input_shape, stride, padding, dilation, groups):
    acc = _conv_sums(1, grad_output, weight, math.prod(input_shape), input_shape, weight.shape, stride, padding,
                     dilation, groups)
    return _from_kernel(acc, input_shape, grad_output.dtype)


@op("ConvolutionBackwardBackward0", name="convolution_backward",
    result=lambda grad_output_t, input_t, grad_output, input, weight_shape, stride, padding, dilation, groups: _conv_weight_backward(grad_output_t, input, weight_shape, stride, padding, dilation, groups) + _conv_weight_backward(grad_output, input_t, weight_shape, stride, padding, dilation, groups),
    grad_output=lambda grad, input, stride, padding, dilation, groups: _convolution(
        input, grad, None, stride, padding, dilation, False, (0,) * len(stride), groups),
    input=lambda grad, grad_output, input, stride, padding, dilation, groups: _conv_input_backward(
        grad_output, grad, input._shape, stride, padding, dilation, groups))
def _conv_weight_backward(grad_output, input, weight_shape, stride, padding, dilation, groups):
    acc = _conv_sums(2, grad_output, input, math.prod(weight_shape), input.shape, weight_shape, stride, padding,
                     dilation, groups)
    return _from_kernel(acc, weight_shape, grad_output.dtype)


# (its node keeps ATen's convolution arguments: transposed and output_padding, bias's sizes)
@op("ConvolutionBackward0", name="convolution", packs="input weight", saves="bias",
    saved="bias_sym_sizes_opt dilation groups input output_padding padding stride transposed weight",
    result=lambda input_t, weight_t, bias_t, input, weight, stride, padding, dilation, transposed, output_padding, groups:
    _convolution(input_t, weight, bias_t, stride, padding, dilation, transposed, output_padding, groups)
    + _convolution(input, weight_t, None, stride, padding, dilation, transposed, output_padding, groups),
    input=lambda grad, input, weight, stride, padding, dilation, groups: _conv_input_backward(
        grad, weight, input._shape, stride, padding, dilation, groups),
    weight=lambda grad, input, weight, stride, padding, dilation, groups: _conv_weight_backward(
        grad, input, weight._shape, stride, padding, dilation, groups),
    bias=lambda grad: grad.sum([0] + list(range(2, grad.dim()))))
def _convolution(input, weight, bias, stride, padding, dilation, transposed, output_padding, groups):
    """(``transposed`` is False here: the transposed convolution is its own op, _conv_transpose.)"""
    with no_grad():
        return _conv_forward_values(input, weight, bias, stride, padding, dilation, groups)


def _conv(input, weight, bias, stride, padding, dilation, groups, nd):
    batched = input.dim() == nd + 2
    if not batched:
        input = input.unsqueeze(0)
    stride, dilation = _tuple(stride, nd), _tuple(dilation, nd)
    if padding == "valid":
        padding = 0
    if padding == "same":
        padding = tuple(d * (k - 1) // 2 for d, k in zip(dilation, weight.shape[2:]))
    padding = _tuple(padding, nd)
    if input.shape[1] != weight.shape[1] * groups:
        raise RuntimeError(f"Given groups={groups}, weight of size {list(weight.shape)}, expected input"
                           f"{list(input.shape)} to have {weight.shape[1] * groups} channels, but got "
                           f"{input.shape[1]} channels instead")
    out = _convolution(input, weight, bias, stride, padding, dilation, False, (0,) * nd, groups)
    return out if batched else out.squeeze(0)


def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv(input, weight, bias, stride, padding, dilation, groups, 1)


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv(input, weight, bias, stride, padding, dilation, groups, 2)


def conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv(input, weight, bias, stride, padding, dilation, groups, 3)


def _max_pool_indices(self, kernel_size, stride, padding, dilation, ceil_mode, made=True):
    """(values, indices) of each window's maximum; ``made`` False: indices as a function that makes them.
    (stride ``()``: the kernel size, as PyTorch's node keeps it.)"""
    out_shape, values, indices = pool_kernels.max_pool(self._buf(), self.shape, kernel_size, stride or kernel_size,
                                                       padding, dilation, ceil_mode)
    shape = tuple(self.shape[:self.dim() - len(kernel_size)]) + out_shape
    make_indices = lambda: _from_kernel(indices, shape, _dtype.int64)  # noqa: E731
    return _from_kernel(values, shape, self.dtype), make_indices() if made else make_indices


def _max_pool_ops(nd):
    """The max_pool{nd}d_with_indices op and its backward op (planes: the last nd dims)."""
    def backward(grad_output, self, indices):
        """grad_output added at each window's maximum (indices: flat positions in each plane)."""
        acc = pool_kernels.max_pool_backward(grad_output._buf(), indices._buf(), self.shape, tuple(indices.shape[-nd:]),
                                             grad_output.dtype is _dtype.float32)
        return _from_kernel(acc, self._shape, self.dtype)

    def forward(self, kernel_size, stride, padding, dilation, ceil_mode):
        with no_grad():
            values, make_indices = _max_pool_indices(self, kernel_size, stride, padding, dilation, ceil_mode, False)
        aux_outputs(lambda: (make_indices(),))
        return values

    def window_max_tangent(self_t, self, kernel_size, stride, padding, dilation, ceil_mode):
        """Each window's maximum carries the tangent of the element it took."""
        indices = _max_pool_indices(self, kernel_size, stride, padding, dilation, ceil_mode)[1]
        return self_t.flatten(-nd).gather(-1, indices.flatten(-nd)).view_as(indices)

    name = f"max_pool{nd}d"
    backward.__name__, forward.__name__ = f"_{name}_backward", f"_{name}"  # their derivative-table keys
    # grad_output's gradient picks each window's maximum from the incoming gradient
    backward = op(f"MaxPool{nd}DWithIndicesBackwardBackward0", name=f"{name}_with_indices_backward", result="auto_linear",
                  grad_output=lambda grad, indices: grad.flatten(-nd).gather(-1, indices.flatten(-nd)).view_as(indices),
                  self=lambda grad, self: zeros_like(self))(backward)
    return op(f"MaxPool{nd}DWithIndicesBackward0", name=f"{name}_with_indices", aux="result1",  # (the indices)
              result=window_max_tangent,
              self=lambda grad, self, kernel_size, stride, padding, dilation, ceil_mode: backward(
                  grad, self, _max_pool_indices(self, kernel_size, stride, padding, dilation, ceil_mode)[1]))(forward)


_max_pool2d, _max_pool3d = _max_pool_ops(2), _max_pool_ops(3)


def _pool_stride(stride, nd):
    """A pooling op's stride as its node keeps it: () when not given (it is then the kernel size)."""
    return () if stride is None or stride == () or stride == [] else _tuple(stride, nd)


def _max_pool(input, kernel_size, stride, padding, dilation, ceil_mode, return_indices, nd):
    kernel_size = _tuple(kernel_size, nd)
    stride = _pool_stride(stride, nd)
    padding, dilation = _tuple(padding, nd), _tuple(dilation, nd)
    out = (_max_pool2d if nd == 2 else _max_pool3d)(input, kernel_size, stride, padding, dilation, ceil_mode)
    if return_indices:
        return out, _max_pool_indices(input, kernel_size, stride, padding, dilation, ceil_mode)[1]
    return out


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    return _max_pool(input, kernel_size, stride, padding, dilation, ceil_mode, return_indices, 2)


def max_pool3d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    return _max_pool(input, kernel_size, stride, padding, dilation, ceil_mode, return_indices, 3)


def _avg_pool_ops(nd):
    """The avg_pool{nd}d op and its backward op; avg pooling is linear: its backward's gradient
    for grad_output is the pooling itself."""
    def backward(grad_output, self, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
        acc = pool_kernels.avg_pool_backward(grad_output._buf(), self.shape, self.dtype.itemsize == 4, kernel_size,
                                             stride or kernel_size, padding, ceil_mode, count_include_pad, divisor_override)
        return _from_kernel(acc, self._shape, self.dtype)

    def forward(self, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
        with no_grad():
            out_shape, values = pool_kernels.avg_pool(self._buf(), self.shape, self.dtype.itemsize == 4, kernel_size,
                                                      stride or kernel_size, padding, ceil_mode, count_include_pad, divisor_override)
            return _from_kernel(values, tuple(self.shape[:self.dim() - nd]) + out_shape, self.dtype)

    name = f"avg_pool{nd}d"
    backward.__name__, forward.__name__ = f"_{name}_backward", f"_{name}"  # their derivative-table keys
    forward = op(f"AvgPool{nd}DBackward0", name=name, result="auto_linear",
                 self=lambda grad, self, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override:
                 backward(grad, self, kernel_size, stride, padding, ceil_mode, count_include_pad,
                          divisor_override))(forward)
    backward = op(f"AvgPool{nd}DBackwardBackward0", name=f"{name}_backward", result="auto_linear",
                  grad_output=lambda grad, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override:
                  forward(grad, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override),
                  self=lambda grad, self: zeros_like(self))(backward)
    return forward


_avg_pool2d, _avg_pool3d = _avg_pool_ops(2), _avg_pool_ops(3)


def _avg_pool(input, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override, nd):
    kernel_size = _tuple(kernel_size, nd)
    stride = _pool_stride(stride, nd)
    return (_avg_pool2d if nd == 2 else _avg_pool3d)(input, kernel_size, stride, _tuple(padding, nd), ceil_mode,
                                                      count_include_pad, divisor_override)


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    return _avg_pool(input, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override, 2)


def avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    return _avg_pool(input, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override, 3)


# 1-d pooling is 2-d pooling of the input with a dim of size 1 inserted, as in PyTorch
def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    kernel_size = _tuple(kernel_size, 1)[0]
    stride = _tuple(stride if stride not in (None, ()) else kernel_size, 1)[0]
    out = max_pool2d(input.unsqueeze(-2), (1, kernel_size), (1, stride), (0, _tuple(padding, 1)[0]),
                     (1, _tuple(dilation, 1)[0]), ceil_mode, return_indices)
    return (out[0].squeeze(-2), out[1].squeeze(-2)) if return_indices else out.squeeze(-2)


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
    kernel_size = _tuple(kernel_size, 1)[0]
    stride = _tuple(stride if stride not in (None, ()) else kernel_size, 1)[0]
    return avg_pool2d(input.unsqueeze(-2), (1, kernel_size), (1, stride), (0, _tuple(padding, 1)[0]), ceil_mode,
                      count_include_pad).squeeze(-2)


# linear in self: the gradient for grad_output is the pooling itself
@op("AdaptiveAvgPool2DBackwardBackward0", name="_adaptive_avg_pool2d_backward",
    result="auto_linear",
    grad_output=lambda grad, grad_output: _adaptive_avg_pool2d(grad, tuple(grad_output.shape[-2:])),
    self=lambda grad, self: zeros_like(self))
def _adaptive_avg_pool2d_backward(grad_output, self):
    """Each output's gradient, divided by its window's height and width, added over the window."""
    acc = pool_kernels.adaptive_avg_pool_backward(grad_output._buf(), self.shape, self.dtype.itemsize == 4,
                                                  tuple(grad_output.shape[-2:]))
    return _from_kernel(acc, self._shape, self.dtype)


@op("AdaptiveAvgPool2DBackward0", name="_adaptive_avg_pool2d", result="auto_linear",
    self=lambda grad, self: _adaptive_avg_pool2d_backward(grad, self))
def _adaptive_avg_pool2d(self, output_size):
    """Each window summed in order in the dtype, then divided by its height, then its width."""
    values = pool_kernels.adaptive_avg_pool(self._buf(), self.shape, self.dtype.itemsize == 4, output_size)
    return _from_kernel(values, tuple(self.shape[:-2]) + tuple(output_size), self.dtype)


def adaptive_avg_pool2d(input, output_size):
    size = _tuple(output_size, 2)
    size = tuple(input.shape[-2 + i] if s is None else s for i, s in enumerate(size))
    if size == (1, 1):  # PyTorch takes the mean over the last two dims here
        return input.mean((-1, -2), keepdim=True)
    return _adaptive_avg_pool2d(input, size)


def adaptive_avg_pool1d(input, output_size):
    return adaptive_avg_pool2d(input.unsqueeze(-2), (1, _tuple(output_size, 1)[0])).squeeze(-2)


# ---- nearest-neighbour resizing ----------------------------------------------------------

def _upsampled(self, output_size, scales):
    from .._ops.shape import take_flat
    with no_grad():
        return take_flat(self, upsample_kernels.nearest_positions(self.shape, output_size, scales),
                         tuple(self.shape[:2]) + tuple(output_size))


def _upsample_grad(grad, self, output_size, scales):
    from .._ops.shape import index_add_flat  # adds in output order, as PyTorch's kernel
    return index_add_flat(grad.reshape(-1), self._shape, upsample_kernels.nearest_positions(self.shape, output_size, scales))


@op("UpsampleNearest1DBackward0", name="upsample_nearest1d", result="auto_linear", self=_upsample_grad)
def _upsample_nearest1d(self, output_size, scales):
    return _upsampled(self, output_size, scales)


@op("UpsampleNearest2DBackward0", name="upsample_nearest2d", result="auto_linear", self=_upsample_grad)
def _upsample_nearest2d(self, output_size, scales):
    return _upsampled(self, output_size, scales)


# ---- (bi)linear resizing: PyTorch's indices and weights, each step in float32 (_aten/upsample.py)


def _linear_values(self, output_size, scales, align_corners):
    values = upsample_kernels.linear_values(self._buf(), self.shape, self.dtype.itemsize == 4, output_size, scales,
                                            align_corners)
    return _from_kernel(values, tuple(self.shape[:2]) + tuple(output_size), self.dtype)


def _linear_backward_values(grad_output, self_shape, output_size, scales, align_corners):
    acc = upsample_kernels.linear_backward_values(grad_output._buf(), self_shape, grad_output.dtype.itemsize == 4,
                                                  output_size, scales, align_corners)
    return _from_kernel(acc, self_shape, grad_output.dtype)


def _linear_op(node, name):
    """The op of one linear mode, ``name``, recording ``node``Backward0, and its backward op (the
    two modes differ only in their node names)."""
    def backward(grad_output, self_shape, output_size, scales, align_corners):
        with no_grad():
            return _linear_backward_values(grad_output, self_shape, output_size, scales, align_corners)

    def forward(self, output_size, scales, align_corners):
        with no_grad():
            return _linear_values(self, output_size, scales, align_corners)

    backward.__name__, forward.__name__ = name + "_backward", name  # their derivative-table keys
    backward = op(node + "BackwardBackward0", name=name.lstrip("_") + "_backward", result="auto_linear",
                  grad_output=lambda grad, output_size, scales, align_corners: forward(
                      grad, output_size, scales, align_corners))(backward)
    forward = op(node + "Backward0", name=name.lstrip("_"), result="auto_linear",
                 self=lambda grad, self, output_size, scales, align_corners: backward(
                     grad, self.shape, output_size, scales, align_corners))(forward)
    return forward


_upsample_linear1d = _linear_op("UpsampleLinear1D", "_upsample_linear1d")
_upsample_bilinear2d = _linear_op("UpsampleBilinear2D", "_upsample_bilinear2d")


def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None, antialias=False):
    linear = {"linear": (1, _upsample_linear1d), "bilinear": (2, _upsample_bilinear2d)}
    if mode != "nearest" and mode not in linear:
        raise NotImplementedError(f"interpolate: mode {mode!r} is not available here "
                                  "('nearest', 'linear' and 'bilinear' are)")
    spatial = input.dim() - 2
    if spatial not in (1, 2) or mode in linear and linear[mode][0] != spatial:
        raise NotImplementedError(f"Input Error: Only 3D, 4D and 5D input Tensors supported (got {input.dim()}D) "
                                  f"for the modes: nearest | linear | bilinear | bicubic | trilinear | area | "
                                  f"nearest-exact (got {mode})")
    if size is not None and scale_factor is not None:
        raise ValueError("only one of size or scale_factor should be defined")
    if size is None and scale_factor is None:
        raise ValueError("either size or scale_factor should be defined")
    if size is not None:
        output_size, scales = _tuple(size, spatial), (None,) * spatial
    else:
        factors = _tuple(scale_factor, spatial)
        output_size = tuple(math.floor(float(n) * f) for n, f in zip(input.shape[2:], factors))
        scales = (None,) * spatial if recompute_scale_factor else factors
    if mode in linear:
        return linear[mode][1](input, tuple(output_size), tuple(scales), bool(align_corners))
    nearest = _upsample_nearest1d if spatial == 1 else _upsample_nearest2d
    return nearest(input, tuple(output_size), tuple(scales))


def _deprecated_upsample(name):
    from .._caller import warn
    warn(f"`nn.functional.{name}` is deprecated. Use `nn.functional.interpolate` instead.")


def upsample(input, size=None, scale_factor=None, mode="nearest", align_corners=None):
    _deprecated_upsample("upsample")
    return interpolate(input, size, scale_factor, mode, align_corners)


def upsample_nearest(input, size=None, scale_factor=None):
    _deprecated_upsample("upsample_nearest")
    return interpolate(input, size, scale_factor, mode="nearest")


def upsample_bilinear(input, size=None, scale_factor=None):
    _deprecated_upsample("upsample_bilinear")
    return interpolate(input, size, scale_factor, mode="bilinear", align_corners=True)


@op("ConstantPadNdBackward0", name="constant_pad_nd",
    result=lambda self_t, pad: _constant_pad_nd(self_t, pad, 0),
    self=lambda grad, pad: _constant_pad_nd(grad, [-p for p in pad], 0))
def _constant_pad_nd(self, pad, value):
    """self with pad[2i], pad[2i + 1] elements of value before and after dim -1-i (negative:
    cropped)."""
    with no_grad():
        out_shape, source, target = list(self.shape), [slice(None)] * self.dim(), [slice(None)] * self.dim()
        for i in range(len(pad) // 2):
            dim, before, after = self.dim() - 1 - i, pad[2 * i], pad[2 * i + 1]
            size = self.shape[dim]
            kept = size - max(0, -before) - max(0, -after)
            if kept < 0:
                raise RuntimeError("narrow(): length must be non-negative.")
            out_shape[dim] = size + before + after
            source[dim] = slice(max(0, -before), max(0, -before) + kept)
            target[dim] = slice(max(0, before), max(0, before) + kept)
        out = creation.full(out_shape, value, dtype=self.dtype)
        out[tuple(target)] = self[tuple(source)]
        return out


def pad(input, pad, mode="constant", value=None):
    if len(pad) % 2:
        raise RuntimeError("Padding length must be divisible by 2")
    if len(pad) > 2 * input.dim():
        raise RuntimeError("Padding length should be less than or equal to two times the input dimension but "
                           f"got padding length {len(pad)} and input of dimension {input.dim()}")
    if mode != "constant" and value:
        raise RuntimeError(f'Padding mode "{mode}" doesn\'t take in value argument')
    if mode in ("reflect", "replicate"):
        return pad_reflect_replicate(input, pad, mode)
    if mode == "circular":
        return pad_circular(input, pad)
    if mode != "constant":
        raise NotImplementedError(f"Unrecognised padding mode {mode}")
    return _constant_pad_nd(input, tuple(pad), 0 if value is None else value)


def _normalize(input, p=2.0, dim=1, eps=1e-12):
    denom = input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)
    return input / denom


normalize = with_keyword_parity(_normalize, "div", takes_out=True)  # out=: PyTorch's torch.div(..., out=out)


def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    """As PyTorch: each side divided by its norm (clamped to eps without history), then summed."""
    x1, x2 = broadcast_tensors(x1, x2)
    x1_norm = x1.norm(2, dim, keepdim=True).clone()
    x2_norm = x2.norm(2, dim, keepdim=True).clone()
    with no_grad():
        x1_norm.clamp_min_(eps)
        x2_norm.clamp_min_(eps)
    x2_normalized = x2 / x2_norm  # (first, as ATen's compiled code: saved-tensor hooks see that order)
    return ((x1 / x1_norm) * x2_normalized).sum(dim)


def pairwise_distance(x1, x2, p=2.0, eps=1e-6, keepdim=False):
    from .._ops.reduction import norm_dim
    return norm_dim(x1 - x2 + eps, p, (max(x1.dim(), x2.dim()) - 1,), keepdim)


def one_hot(tensor, num_classes=-1):
    values = tensor._flat()
    if num_classes == -1:
        num_classes = max(values) + 1 if values else 0
    out = []
    for v in values:
        row = [0] * num_classes
        row[v] = 1
        out += row
    return _new(out, tuple(tensor.shape) + (num_classes,), _dtype.int64)


def linear_cross_entropy(input, linear_weight, target, *, linear_bias=None, weight=None, reduction="mean",
                         ignore_index=None, label_smoothing=0.0, options=None):
    """cross_entropy(linear(input, linear_weight, linear_bias), target): linear_weight is (C, *out_features,
    in_features) for a K-dimensional loss. ``options`` (PyTorch's chunked path) gives the same loss,
    computed here unchunked."""
    if input.dim() < 1 or input.dim() > 2:
        raise RuntimeError(f"expected input with dimensionality 1 or 2, got {input.dim()}")
    if linear_weight.dim() < 2:
        raise RuntimeError(f"expected linear_weight with dimensionality at least 2, got {linear_weight.dim()}")
    batches, in_features = tuple(input.shape[:-1]), input.shape[-1]
    if in_features != linear_weight.shape[-1]:
        raise RuntimeError("expected equal input and linear_weight last dimensions (in_features), "
                           f"got {input.shape[-1]} and {linear_weight.shape[-1]}, respectively")
    num_classes, out_features = linear_weight.shape[0], tuple(linear_weight.shape[1:-1])
    if linear_bias is not None and tuple(linear_bias.shape) != (num_classes, *out_features):
        raise RuntimeError(f"expected linear_bias shape {(num_classes, *out_features)}, got {tuple(linear_bias.shape)}")
    if out_features and not batches:
        raise RuntimeError(f"K-dimensional loss defined by linear_weight shape {tuple(linear_weight.shape)} requires"
                           f" batched input, (N, {in_features}), got unbatched input with shape {tuple(input.shape)}")
    logits_shape = (*batches, num_classes, *out_features)
    if tuple(target.shape) == logits_shape and ignore_index is not None:
        raise RuntimeError("ignore_index cannot be specified when target contains probabilities")
    ignore_index = ignore_index if ignore_index is not None else -100
    if options is not None and (out_features or reduction not in {"mean", "sum", "none"} or label_smoothing != 0.0
                                or target.dtype is not _dtype.int64):
        import warnings
        warnings.warn("linear_cross_entropy: ``options`` ignored; chunked path needs reduction in {'mean','sum','none'}"
                      f", label_smoothing == 0, target.dtype == int64, out_features == (). Got reduction={reduction!r}, "
                      f"label_smoothing={label_smoothing}, target.dtype={target.dtype}, "
                      f"out_features={out_features}, tracing=False, linear_bias.shape="
                      f"{tuple(linear_bias.shape) if linear_bias is not None else None}.", stacklevel=2)
    if out_features:
        linear_weight = linear_weight.reshape((math.prod(out_features, start=num_classes), in_features))
        if linear_bias is not None:
            linear_bias = linear_bias.reshape(math.prod(out_features, start=num_classes))
    logits = linear(input, linear_weight, linear_bias).reshape(logits_shape)
    return cross_entropy(logits, target, weight=weight, reduction=reduction, ignore_index=ignore_index,
                         label_smoothing=label_smoothing)


def __getattr__(name):
    from .._unsupported import internal_attribute
    internal_attribute("torch.nn.functional", name)
