"""The pooling loops, on flat buffers and shape numbers, in PyTorch's order of additions and
roundings (``float32``: every step rounded to float32, the result a float32 buffer; else a
float64 buffer). Planes are the last len(kernel) dims (two for 1-d and 2-d pooling, three for
3-d)."""
import math

from .._backend import kernels
from .._dtype import float64, int64
from .._float32 import f32
from ._common import adaptive_plan, adaptive_windows, avg_pool_plan as _avg_pool_plan, \
    pool_out_size as _pool_out_size, pool_windows as _pool_windows
from ._dispatch import as_buffer, backend_kernel, picked, rounded


def _rounding(float32):
    return f32 if float32 else float


def _plane(shape, nd):
    return math.prod(shape[len(shape) - nd:])


@backend_kernel
def max_pool(flat, shape, kernel, stride, padding, dilation, ceil_mode):
    """(out_shape, values, indices): each window's maximum (a buffer of flat's type) and its
    offset in the plane (an int64 buffer)."""
    if kernels.wasm is not None:  # the browser's kernels: the same loop (flat: a float32 buffer)
        spatial = shape[len(shape) - len(kernel):]
        out_hw = tuple(_pool_out_size(n, k, s, p, d, ceil_mode)
                       for n, k, s, p, d in zip(spatial, kernel, stride, padding, dilation))
        found = kernels.max_pool2d(flat, shape, out_hw, kernel, stride, padding, dilation)
        if found is not None:
            return (out_hw, *found)
    out_hw, windows = _pool_windows(shape, kernel, stride, padding, dilation, ceil_mode)
    plane = _plane(shape, len(kernel))
    source, flat = flat, flat.tolist()
    values, indices = [], []
    for base in range(0, len(flat), plane):
        for win in windows:
            best = win[0]
            for k in win[1:]:
                v = flat[base + k]
                if v > flat[base + best] or v != v:  # PyTorch's rule: NaN wins
                    best = k
            values.append(flat[base + best])
            indices.append(best)
    return out_hw, picked(values, source), as_buffer(indices, int64)


@backend_kernel
def max_pool_backward(grad, indices, shape, out_hw, float32=False):
    """grad added at each window's maximum (indices: offsets in each plane, an int64 buffer):
    the float64 sums as a float64 buffer (the browser's kernel, for a float32 gradient only
    (``float32``), rounds them to a float32 one)."""
    plane = _plane(shape, len(out_hw))
    per_plane = math.prod(out_hw)
    if kernels.wasm is not None and float32:  # the browser's kernels: the same float64 sums
        out = kernels.max_pool_backward(grad, indices, math.prod(shape), per_plane, plane)
        if out is not None:
            return out
    acc = [0.0] * math.prod(shape)
    for n, (g, k) in enumerate(zip(grad.tolist(), indices.tolist())):
        acc[(n // per_plane) * plane + k] += g
    return as_buffer(acc, float64)


@backend_kernel
def avg_pool(flat, shape, float32, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
    """(out_shape, values): each window summed in order in the dtype, then divided."""
    out_hw, windows, divisors = _avg_pool_plan(shape, kernel_size, stride, padding, ceil_mode, count_include_pad,
                                               divisor_override)
    plane = _plane(shape, len(kernel_size))
    if kernels.wasm is not None and float32:  # the browser's kernels: the same loop
        out = kernels.window_sums(flat, plane, windows, divisors)
        if out is not None:
            return out_hw, out
    r = _rounding(float32)
    flat = flat.tolist()
    values = []
    for base in range(0, len(flat), plane):
        for win, d in zip(windows, divisors):
            total = 0.0
            for k in win:
                total = r(total + flat[base + k])
            values.append(r(total / d))
    return out_hw, rounded(values, float32)


@backend_kernel
def avg_pool_backward(grad, shape, float32, kernel_size, stride, padding, ceil_mode, count_include_pad,
                      divisor_override):
    """Each output's share added to its window's inputs in turn (PyTorch's order and roundings)."""
    out_shape, windows, divisors = _avg_pool_plan(shape, kernel_size, stride, padding, ceil_mode,
                                                  count_include_pad, divisor_override)
    plane = _plane(shape, len(kernel_size))
    if kernels.wasm is not None and float32:  # the browser's kernels: the same loop
        out = kernels.window_scatter(grad, math.prod(shape), plane, windows, divisors)
        if out is not None:
            return out
    r = _rounding(float32)
    acc = [0.0] * math.prod(shape)
    per_plane = math.prod(out_shape)
    for n, gv in enumerate(grad.tolist()):
        base, o = (n // per_plane) * plane, n % per_plane
        delta = r(gv / divisors[o])
        for k in windows[o]:
            acc[base + k] = r(acc[base + k] + delta)
    return rounded(acc, float32)


@backend_kernel
def adaptive_avg_pool(flat, shape, float32, output_size):
    """Each window summed in order in the dtype, then divided by its height, then its width."""
    h, w = shape[-2:]
    rows, cols = adaptive_windows(h, output_size[0]), adaptive_windows(w, output_size[1])
    if kernels.wasm is not None and float32:  # the browser's kernels: the same loop
        out = kernels.window_sums(flat, h * w, *adaptive_plan(shape, output_size))
        if out is not None:
            return out
    r = _rounding(float32)
    flat = flat.tolist()
    values = []
    for base in range(0, len(flat), h * w or 1):
        for r0, r1 in rows:
            for c0, c1 in cols:
                total = 0.0
                for y in range(r0, r1):
                    for x in range(c0, c1):
                        total = r(total + flat[base + y * w + x])
                values.append(r(r(total / (r1 - r0)) / (c1 - c0)))
    return rounded(values, float32)


@backend_kernel
def adaptive_avg_pool_backward(grad, shape, float32, output_size):
    """Each output's gradient, divided by its window's height and width, added over the window."""
    h, w = shape[-2:]
    oh, ow = output_size
    rows, cols = adaptive_windows(h, oh), adaptive_windows(w, ow)
    numel = math.prod(shape)
    if kernels.wasm is not None and float32:  # the browser's kernels: the same loop
        out = kernels.window_scatter(grad, numel, h * w, *adaptive_plan(shape, output_size))
        if out is not None:
            return out
    r = _rounding(float32)
    grad = grad.tolist()
    acc = [0.0] * numel
    for plane in range(numel // (h * w) if h * w else 0):
        for i, (r0, r1) in enumerate(rows):
            for j, (c0, c1) in enumerate(cols):
                delta = r(r(grad[(plane * oh + i) * ow + j] / (r1 - r0)) / (c1 - c0))
                for y in range(r0, r1):
                    for x in range(c0, c1):
                        k = plane * h * w + y * w + x
                        acc[k] = r(acc[k] + delta)
    return rounded(acc, float32)
