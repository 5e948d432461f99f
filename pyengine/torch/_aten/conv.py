"""The convolution's loops, in one fixed order of product terms, on flat buffers and
shape numbers: the forward sums and the two gradients' sums. In the browser the wasm kernels
add the same terms in the same order; the numpy backend adds them in the same order too."""
import math

from .._backend import kernels
from .._dtype import float64
from ._common import conv_geometry
from ._dispatch import as_buffer, backend_kernel


def _taps(out_pos, kernel, stride, padding, dilation, spatial):
    """For one output position, the (kernel offset, input offset) pairs inside the input."""
    taps = [((), ())]
    for o, k, st, p, d, s in zip(out_pos, kernel, stride, padding, dilation, spatial):
        taps = [(ko + (kk,), io + (o * st - p + kk * d,)) for ko, io in taps for kk in range(k)
                if 0 <= o * st - p + kk * d < s]
    return taps


def _positions(shape):
    out = [()]
    for s in shape:
        out = [p + (i,) for p in out for i in range(s)]
    return out


def _flat_index(pos, shape):
    i = 0
    for p, s in zip(pos, shape):
        i = i * s + p
    return i


def _conv_plan(input_shape, weight_shape, stride, padding, dilation):
    spatial, kernel, out = conv_geometry(input_shape, weight_shape, stride, padding, dilation)
    plan = []
    for o in _positions(out):
        taps = [(_flat_index(k, kernel), _flat_index(i, spatial))
                for k, i in _taps(o, kernel, stride, padding, dilation, spatial)]
        plan.append(taps)
    return spatial, kernel, out, plan


def _conv_loop(input_shape, weight_shape, stride, padding, dilation, groups, visit):
    """Call visit(n, oc, out_index, ic, weight_index, input_index) for every product term."""
    n_batch, in_c = input_shape[0], input_shape[1]
    out_c = weight_shape[0]
    spatial, kernel, out, plan = _conv_plan(input_shape, weight_shape, stride, padding, dilation)
    in_per_group, out_per_group = in_c // groups, out_c // groups
    sp, kn, on = math.prod(spatial), math.prod(kernel), math.prod(out)
    for n in range(n_batch):
        for oc in range(out_c):
            g = oc // out_per_group
            for o_idx, taps in enumerate(plan):
                out_index = (n * out_c + oc) * on + o_idx
                for icg in range(in_per_group):
                    ic = g * in_per_group + icg
                    w_base = (oc * in_per_group + icg) * kn
                    x_base = (n * in_c + ic) * sp
                    for k, i in taps:
                        visit(out_index, w_base + k, x_base + i)
    return out


@backend_kernel
def conv_sums(mode, p, q, float32, size, input_shape, weight_shape, stride, padding, dilation, groups, bias=None):
    """The float64 sums of one of the convolution's loops over its product terms, from the flat
    buffers p and q (``float32``: both are float32), as a float64 buffer:
    mode 0 (forward, p = input, q = weight): acc[out] += x * w, then + bias[out channel] when
    given (a buffer);
    mode 1 (input gradient, p = grad_output, q = weight): acc[in] += g * w;
    mode 2 (weight gradient, p = grad_output, q = input): acc[tap] += g * x.
    In the browser the wasm kernels add the same terms in the same order (2-d float32, the bias
    too) and give the sums already rounded to float32, the one rounding every caller applies."""
    if kernels.wasm is not None and float32:
        out = conv_geometry(input_shape, weight_shape, stride, padding, dilation)[2]
        acc = kernels.conv2d(mode, p, q, size, input_shape, weight_shape, out, stride, padding, dilation, groups,
                             bias)
        if acc is not None:
            return acc
    acc = _sums(mode, p.tolist(), q.tolist(), size, input_shape, weight_shape, stride, padding, dilation, groups)
    if bias is not None:
        b, oc = bias.tolist(), weight_shape[0]
        on = size // (input_shape[0] * oc) if size else 1
        acc = [v + b[(i // on) % oc] for i, v in enumerate(acc)]
    return as_buffer(acc, float64)


def _sums(mode, a, b, size, input_shape, weight_shape, stride, padding, dilation, groups):
    acc = [0.0] * size
    if mode == 0:
        def visit(o, wi, xi):
            acc[o] += a[xi] * b[wi]
    elif mode == 1:
        def visit(o, wi, xi):
            acc[xi] += a[o] * b[wi]
    else:
        def visit(o, wi, xi):
            acc[wi] += a[o] * b[xi]
    _conv_loop(input_shape, weight_shape, stride, padding, dilation, groups, visit)
    return acc
