"""The resizing loops of interpolate, on flat buffers and shape numbers: PyTorch's nearest
indices and (bi)linear indices and weights, each step in float32 for float32 (``float32``)."""
import math

from .._dtype import float64
from .._float32 import f32
from ._dispatch import as_buffer, backend_kernel, rounded


def _nearest_sources(in_size, out_size, scale):
    """PyTorch's nearest_idx: the input index each output index copies (float32 arithmetic)."""
    if out_size == in_size:
        return list(range(out_size))
    if out_size == 2 * in_size:
        return [i >> 1 for i in range(out_size)]
    step = f32(1.0 / scale) if scale is not None else f32(in_size / out_size)
    return [min(math.floor(f32(i * step)), in_size - 1) for i in range(out_size)]


def nearest_positions(shape, output_size, scales):
    """Flat positions in the input of every output element, plane by plane, row-major."""
    spatial = shape[2:]
    sources = [_nearest_sources(n, m, s) for n, m, s in zip(spatial, output_size, scales)]
    rows = sources[0] if len(sources) == 1 else [r * spatial[1] + c for r in sources[0] for c in sources[1]]
    plane = math.prod(spatial)
    return [base + k for base in range(0, math.prod(shape), plane or 1) for k in rows]


def _linear_terms(in_size, out_size, scale, align_corners, float32):
    """For each output index (i0, i1, lambda0, lambda1), as PyTorch's kernel computes them."""
    r = f32 if float32 else float
    if out_size == in_size:
        return [(i, i, 1.0, 0.0) for i in range(out_size)]
    if align_corners:
        ratio = r((in_size - 1) / (out_size - 1)) if out_size > 1 else 0.0
    else:
        ratio = r(1.0 / scale) if scale is not None else r(in_size / out_size)
    terms = []
    for i in range(out_size):
        real = r(ratio * i) if align_corners else max(r(r(ratio * r(i + 0.5)) - 0.5), 0.0)
        i0 = min(math.floor(real), in_size - 1)
        lambda1 = min(max(r(real - i0), 0.0), 1.0)
        terms.append((i0, i0 + (1 if i0 < in_size - 1 else 0), r(1.0 - lambda1), lambda1))
    return terms


def _linear_plan(shape, output_size, scales, align_corners, float32):
    """Per output element of a plane: the (input offset, weight) pairs, outer dim first."""
    spatial = shape[2:]
    dims = [_linear_terms(n, m, s, align_corners, float32) for n, m, s in zip(spatial, output_size, scales)]
    if len(dims) == 1:
        return [((i0, l0), (i1, l1)) for i0, i1, l0, l1 in dims[0]]
    width = spatial[1]
    return [(((h0 * width + w0, hl0, wl0), (h0 * width + w1, hl0, wl1)), ((h1 * width + w0, hl1, wl0),
             (h1 * width + w1, hl1, wl1))) for h0, h1, hl0, hl1 in dims[0] for w0, w1, wl0, wl1 in dims[1]]


@backend_kernel
def linear_values(flat, shape, float32, output_size, scales, align_corners):
    """The weighted sources of each output, summed exactly (a float64 buffer, rounded once by the
    caller): PyTorch's vectorised kernel rounds in an order not reproduced here (its last bit
    can differ)."""
    plan = _linear_plan(shape, output_size, scales, align_corners, float32)
    plane = math.prod(shape[2:])
    flat = flat.tolist()
    out = []
    for base in range(0, len(flat), plane or 1):
        if len(output_size) == 1:
            out += [math.fsum((flat[base + i0] * l0, flat[base + i1] * l1)) for (i0, l0), (i1, l1) in plan]
        else:
            out += [math.fsum(flat[base + k] * hl * wl for row in rows for k, hl, wl in row) for rows in plan]
    return as_buffer(out, float64)


@backend_kernel
def linear_backward_values(grad, shape, float32, output_size, scales, align_corners):
    """Each output's gradient times its weights, added to its sources in output order (PyTorch's
    scalar kernel; its vectorised one can differ in the last bit)."""
    r = f32 if float32 else float
    plan = _linear_plan(shape, output_size, scales, align_corners, float32)
    plane = math.prod(shape[2:])
    acc = [0.0] * math.prod(shape)
    for n, gv in enumerate(grad.tolist()):
        base, o = (n // len(plan)) * plane, n % len(plan)
        if len(output_size) == 1:
            pairs = [(k, l) for k, l in plan[o]]
        else:
            pairs = [(k, r(hl * wl)) for row in plan[o] for k, hl, wl in row]
        for k, weight in pairs:
            acc[base + k] = r(acc[base + k] + r(weight * gv))
    return rounded(acc, float32)
