"""More pooling loops, on flat buffers and shape numbers (the calling convention of ``pool``):
adaptive pooling over any number of trailing dims (3-d adaptive average and max pooling, 2-d
adaptive max pooling), max unpooling and fractional max pooling. Planes are the last nd dims."""
import math

from .._dtype import int64
from ._dispatch import as_buffer, backend_kernel, picked, rounded
from .pool import _plane, _rounding, adaptive_windows


def _adaptive_plan(shape, output_size):
    """(plan, plane size): for each output position of a plane (the last len(output_size) dims
    of shape), its window's offsets in the plane in row-major order and its extent along each dim."""
    nd = len(output_size)
    plan = [([0], ())]
    for n, o in zip(shape[len(shape) - nd:], output_size):
        spans = adaptive_windows(n, o)
        plan = [([base * n + t for base in offsets for t in range(lo, hi)], extents + (hi - lo,))
                for offsets, extents in plan for lo, hi in spans]
    return plan, _plane(shape, nd)


@backend_kernel
def adaptive_avg_pool_nd(flat, shape, float32, output_size):
    """Each window summed in order in the dtype, then divided by its extent along each dim in turn."""
    plan, plane = _adaptive_plan(shape, output_size)
    r = _rounding(float32)
    flat = flat.tolist()
    values = []
    for base in range(0, len(flat), plane or 1):
        for offsets, extents in plan:
            total = 0.0
            for k in offsets:
                total = r(total + flat[base + k])
            for e in extents:
                total = r(total / e)
            values.append(total)
    return rounded(values, float32)


@backend_kernel
def adaptive_avg_pool_nd_backward(grad, shape, float32, output_size):
    """Each output's gradient, divided by its window's extents in turn, added over the window."""
    plan, plane = _adaptive_plan(shape, output_size)
    r = _rounding(float32)
    acc = [0.0] * math.prod(shape)
    for n, g in enumerate(grad.tolist()):
        base, (offsets, extents) = n // len(plan) * plane, plan[n % len(plan)]
        for e in extents:
            g = r(g / e)
        for k in offsets:
            acc[base + k] = r(acc[base + k] + g)
    return rounded(acc, float32)


@backend_kernel
def adaptive_max_pool_nd(flat, shape, output_size):
    """(values, indices): each window's maximum (the first of equals; a NaN wins; a buffer of
    flat's type) and its offset in the plane (an int64 buffer)."""
    plan, plane = _adaptive_plan(shape, output_size)
    source, flat = flat, flat.tolist()
    values, indices = [], []
    for base in range(0, len(flat), plane or 1):
        for offsets, _ in plan:
            best = offsets[0]
            for k in offsets:
                v = flat[base + k]
                if v > flat[base + best] or v != v:
                    best = k
                    if v != v:
                        break
            values.append(flat[base + best])
            indices.append(best)
    return picked(values, source), as_buffer(indices, int64)


@backend_kernel
def scatter_to_planes(grad, indices, shape, nd, float32):
    """grad added at each position's index within its plane (the last nd dims of shape), in
    order, in the dtype (indices: an int64 buffer): max pooling's backward where windows overlap."""
    plane, planes = _plane(shape, nd), math.prod(shape[:len(shape) - nd])
    per_plane = len(grad) // planes if planes else 0
    r = _rounding(float32)
    acc = [0.0] * math.prod(shape)
    for n, (g, k) in enumerate(zip(grad.tolist(), indices.tolist())):
        at = n // per_plane * plane + k
        acc[at] = r(acc[at] + g)
    return rounded(acc, float32)


@backend_kernel
def max_unpool(flat, indices, planes, out_spatial):
    """Max unpooling: each plane's values written at their indices (an int64 buffer) in a zero
    plane of out_spatial, a buffer of flat's type; an index outside it is PyTorch's error,
    naming the last such index."""
    out_plane = math.prod(out_spatial)
    per_plane = len(flat) // planes if planes else 0
    out = [0.0] * (planes * out_plane)
    invalid = None
    for n, (v, k) in enumerate(zip(flat.tolist(), indices.tolist())):
        if 0 <= k < out_plane:
            out[n // per_plane * out_plane + k] = v
        else:
            invalid = k
    if invalid is not None:
        raise RuntimeError(f"Found an invalid max index: {invalid} (output volumes are of size "
                           f"{'x'.join(map(str, out_spatial))})")
    return picked(out, flat)


def fractional_starts(sample, input_size, output_size, pool_size, float32):
    """Fractional max pooling's window starts along one dim: pseudo-random steps of
    alpha = (input - pool) / (output - 1) set by the sample in [0, 1), the last window at the end."""
    r = _rounding(float32)
    starts = [0] * output_size
    if output_size > 1:
        alpha = r(float(input_size - pool_size) / (output_size - 1))
        offset = int(r(sample * alpha))
        for i in range(output_size - 1):
            starts[i] = int(r(r(i + sample) * alpha)) - offset
    if output_size > 0:
        starts[-1] = input_size - pool_size
    return starts


@backend_kernel
def fractional_max_pool(flat, shape, samples, kernel, output_size, float32):
    """(values, indices) of fractional max pooling (a buffer of flat's type, an int64 buffer);
    samples: a buffer of flat's type, per plane one number per dim in PyTorch's order (2-d:
    width then height; 3-d: time, height, width)."""
    nd = len(kernel)
    source, flat, samples = flat, flat.tolist(), samples.tolist()
    spatial = shape[len(shape) - nd:]
    plane = math.prod(spatial)
    order = (1, 0) if nd == 2 else (0, 1, 2)  # which sample each dim (outermost first) takes
    values, indices = [], []
    for p, base in enumerate(range(0, len(flat), plane or 1)):
        starts = [fractional_starts(samples[p * nd + order[d]], spatial[d], output_size[d], kernel[d], float32)
                  for d in range(nd)]
        windows = [[0]]
        for d in range(nd):
            taps = [range(s, s + kernel[d]) for s in starts[d]]
            windows = [[w * spatial[d] + t for w in win for t in tap] for win in windows for tap in taps]
        for win in windows:
            best, best_value = win[0], -math.inf
            for k in win:
                v = flat[base + k]
                if v > best_value or v != v:
                    best, best_value = k, v
            values.append(best_value)
            indices.append(best)
    return picked(values, source), as_buffer(indices, int64)
