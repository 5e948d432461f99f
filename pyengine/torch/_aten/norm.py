"""The normalisation loops (layer, batch and group norm), on flat values and shape numbers:
statistics summed exactly (math.fsum) in float64; batch and group norm's outputs folded into
one scale and shift per channel as PyTorch's kernels do (``float32``: rounded as float32, one
fused multiply-add per element)."""
import math

from .._float32 import f32, fma32, fma64
from ._common import NUM_THREADS, SUM_LANES, ieee_div, lane_sum


def _rows(flat, inner):
    """flat as rows of length ``inner`` (the normalised trailing block)."""
    return [flat[i:i + inner] for i in range(0, len(flat), inner)]


def row_stats(row, eps):
    """(mean, 1/sqrt(biased var + eps)) of one row."""
    n = len(row)
    mean = math.fsum(row) / n
    var = math.fsum((v - mean) ** 2 for v in row) / n
    return mean, 1.0 / math.sqrt(var + eps)


def layer_norm(flat, inner, eps):
    """(x - mean) * rstd over each row of ``inner`` values."""
    out = []
    for row in _rows(flat, inner):
        mean, rstd = row_stats(row, eps)
        out += [(v - mean) * rstd for v in row]
    return out


def layer_norm_input_grad(x, grad, weight, inner, eps):
    """The input's gradient of layer_norm (weight: a list of ``inner`` values, or None)."""
    w = weight if weight is not None else [1.0] * inner
    out = []
    for row, g in zip(_rows(x, inner), _rows(grad, inner)):
        mean, rstd = row_stats(row, eps)
        xhat = [(v - mean) * rstd for v in row]
        gw = [a * b for a, b in zip(g, w)]
        m1 = math.fsum(gw) / inner
        m2 = math.fsum(a * b for a, b in zip(gw, xhat)) / inner
        out += [rstd * (a - m1 - xh * m2) for a, xh in zip(gw, xhat)]
    return out


def layer_norm_weight_grad(x, grad, inner, eps):
    """Per position of the normalised block: the sum over rows of grad * the normalised input."""
    acc = [0.0] * inner
    for row, g in zip(_rows(x, inner), _rows(grad, inner)):
        mean, rstd = row_stats(row, eps)
        for j in range(inner):
            acc[j] += g[j] * (row[j] - mean) * rstd
    return acc


def channels_last(flat, shape):
    """(N, C, ...) values as a list of C channels, each the list of its values in order."""
    n, c = shape[0], shape[1]
    length = math.prod(shape[2:])
    return [[flat[(i * c + ch) * length + k] for i in range(n) for k in range(length)] for ch in range(c)]


def from_channels(channels, shape):
    """channels_last's inverse: the flat (N, C, ...) values."""
    n, c = shape[0], shape[1]
    length = math.prod(shape[2:])
    out = [0.0] * math.prod(shape)
    for ch, values in enumerate(channels):
        it = iter(values)
        for i in range(n):
            for k in range(length):
                out[(i * c + ch) * length + k] = next(it)
    return out


def batch_stats(channels, running_mean, running_var, training, eps):
    """Per channel (mean, 1/sqrt(var + eps)) used for normalising."""
    if training:
        return [row_stats(ch, eps) for ch in channels]
    return [(m, 1.0 / math.sqrt(v + eps)) for m, v in zip(running_mean, running_var)]


def unbiased_vars(channels, means):
    """Each channel's unbiased variance (batch_norm's running statistics)."""
    return [math.fsum((v - mean) ** 2 for v in ch) / max(len(ch) - 1, 1) for ch, mean in zip(channels, means)]


def batch_norm(stats, weight, bias, channels, float32):
    """Each channel normalised by its stats: one scale and shift per channel, one fused
    multiply-add per element (weight, bias: lists or None)."""
    w = weight if weight is not None else [1.0] * len(stats)
    b = bias if bias is not None else [0.0] * len(stats)
    r = f32 if float32 else float
    out = []
    for (mean, rstd), wc, bc, ch in zip(stats, w, b, channels):
        alpha = r(r(rstd) * wc)
        beta = r(bc - r(r(mean) * alpha))
        out.append([fma32(f32(v), alpha, beta) for v in ch] if float32 else [fma64(v, alpha, beta) for v in ch])
    return out


def batch_norm_input_grad(stats, weight, x_channels, grad_channels, training):
    """The input's gradient of batch_norm, channel by channel (weight: a list or None)."""
    w = weight if weight is not None else [1.0] * len(stats)
    out = []
    for (mean, rstd), wc, xs, gs in zip(stats, w, x_channels, grad_channels):
        if not training:
            out.append([g * wc * rstd for g in gs])
            continue
        m = len(xs)
        xhat = [(v - mean) * rstd for v in xs]
        m1 = math.fsum(gs) / m
        m2 = math.fsum(g * xh for g, xh in zip(gs, xhat)) / m
        out.append([wc * rstd * (g - m1 - xh * m2) for g, xh in zip(gs, xhat)])
    return out


def batch_norm_weight_grad(stats, x_channels, grad_channels):
    """Per channel: the sum of grad * the normalised input."""
    return [math.fsum(g * (v - mean) * rstd for g, v in zip(gs, xs))
            for (mean, rstd), xs, gs in zip(stats, x_channels, grad_channels)]


def group_norm(flat, shape, float32, num_groups, weight, bias, eps):
    """PyTorch's kernel: per (sample, group) mean and 1/sqrt(var + eps), folded per channel into
    one scale and shift; without weight and bias, (x - mean) * rstd. Its statistics are summed
    in another order than here: results can differ in the last bit."""
    c = shape[1]
    per_channel = math.prod(shape[2:])
    r = f32 if float32 else float
    fma = fma32 if float32 else fma64
    w = weight if weight is not None else [1.0] * c
    b = bias if bias is not None else [0.0] * c
    out = []
    group = c // num_groups * per_channel
    for start in range(0, len(flat), group or 1):
        mean, rstd = row_stats(flat[start:start + group], eps)
        if weight is None and bias is None:
            out += [r(r(v - r(mean)) * r(rstd)) for v in flat[start:start + group]]
            continue
        first = (start // per_channel) % c if per_channel else 0
        for ch in range(first, first + c // num_groups):
            scale = r(r(rstd) * w[ch])
            shift = r(b[ch] - r(r(mean) * scale))
            base = start + (ch - first) * per_channel
            out += [fma(r(v), scale, shift) for v in flat[base:base + per_channel]]
    return out


# ---- weight_norm's fused kernel (WeightNormKernel.cpp): w = v * (g / ||v||), the norm taken
# over every dim but the first (a vectorised sum of squares per row) or but the last (column
# sums, rows split over the threads). Checked bit for bit against torch 2.13 on float32 and
# float64, both dims, rows of 4 to 100 values, forward and backward. ------------------------------

def _row_sum(values, float32):
    """map_reduce_all's sum of one row (an AVX2 build): 8 float lanes folded in halves, 4 double
    lanes summed in order."""
    return lane_sum(values, SUM_LANES, "f") if float32 else lane_sum(values, SUM_LANES // 2, "d", halving=False)


def _thread_rows(m):
    """at::parallel_for(0, m, 1)'s chunks: one per thread, ceil(m / threads) rows each."""
    if m <= 1:
        return [range(m)]
    threads = min(NUM_THREADS, m)
    chunk = -(-m // threads)
    return [range(b, min(b + chunk, m)) for b in range(0, m, chunk)]


def _column_sums(x, y, m, n, float32):
    """Per column, the sum of x * y: each thread's rows accumulated in order into its buffer (one
    fused multiply-add per element for float, as the compiler fuses the float loop), then the
    buffers in order."""
    r = f32 if float32 else float
    totals = [0.0] * n
    for rows in _thread_rows(m):
        buffer = [0.0] * n
        for i in rows:
            row = slice(i * n, (i + 1) * n)
            if float32:
                buffer = [fma32(a, b, acc) for acc, a, b in zip(buffer, x[row], y[row])]
            else:
                buffer = [acc + a * b for acc, a, b in zip(buffer, x[row], y[row])]
        totals = [r(t + b) for t, b in zip(totals, buffer)]
    return totals


def weight_norm(v, g, m, n, first_dim, float32):
    """(w, norms) of v seen as m rows of n values; g holds one value per row (first_dim) or per column."""
    r = f32 if float32 else float
    if first_dim:
        squares = [r(x * x) for x in v]
        norms = [r(math.sqrt(_row_sum(squares[i * n:(i + 1) * n], float32))) for i in range(m)]
        scales = [ieee_div(gi, norm, r) for gi, norm in zip(g, norms)]
        return [r(x * scales[k // n]) for k, x in enumerate(v)], norms
    norms = [r(math.sqrt(s)) for s in _column_sums(v, v, m, n, float32)]
    scales = [ieee_div(gj, norm, r) for gj, norm in zip(g, norms)]
    return [r(x * scales[k % n]) for k, x in enumerate(v)], norms


def weight_norm_backward(grad_w, v, g, m, n, first_dim, float32):
    """(grad_v, grad_g): grad_g = sum(grad_w * v) / norm; grad_v = a * grad_w - b * v with
    a = g / norm and b = a * grad_g / norm, per row (first_dim) or per column."""
    r = f32 if float32 else float
    _, norms = weight_norm(v, g, m, n, first_dim, float32)
    if first_dim:
        products = [r(a * b) for a, b in zip(grad_w, v)]
        sums = [_row_sum(products[i * n:(i + 1) * n], float32) for i in range(m)]
    else:
        sums = _column_sums(grad_w, v, m, n, float32)
    grad_g = [ieee_div(s, norm, r) for s, norm in zip(sums, norms)]
    a = [ieee_div(gi, norm, r) for gi, norm in zip(g, norms)]
    b = [ieee_div(r(ai * gg), norm, r) for ai, gg, norm in zip(a, grad_g, norms)]
    at = (lambda k: k // n) if first_dim else (lambda k: k % n)
    fma = fma32 if float32 else fma64  # the compiler fuses b * v into the subtraction
    grad_v = [fma(-b[at(k)], x, r(a[at(k)] * gw)) for k, (gw, x) in enumerate(zip(grad_w, v))]
    return grad_v, grad_g
