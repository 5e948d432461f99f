"""The normalisation loops (layer, batch and group norm, weight_norm's fused kernel), on flat
buffers and shape numbers. Layer norm on float32 and float64 is PyTorch's kernel bit for bit
(RowwiseMoments' Welford cascade, ``_common.rowwise_moments``, then one fused multiply-add per
element); batch norm's statistics and gradients are PyTorch's CPU kernel's (batch_norm_kernel.cpp);
the other statistics are summed exactly (math.fsum) in float64; batch and group
norm's outputs folded into one scale and shift per channel as PyTorch's kernels do
(``float32``: rounded as float32, one fused multiply-add per element). Results are float32
buffers for float32 steps, else float64 buffers that the caller rounds once to its dtype; batch
norm's statistics are float64 buffers of one value per channel."""
import math
from array import array
from functools import reduce
from itertools import chain
from operator import add, mul, sub

from .._backend import kernels
from .._dtype import float32 as FLOAT32, float64
from .._float32 import f32, fma32, fma64
from ._common import MOMENT_LANES, NUM_THREADS, SUM_LANES, fma32_seq, ieee_div, lane_sum, rowwise_moments, \
    thread_rows
from ._dispatch import as_buffer, backend_kernel, rounded


def _rows(flat, inner):
    """flat as rows of length ``inner`` (the normalised trailing block)."""
    return [flat[i:i + inner] for i in range(0, len(flat), inner)]


def row_stats(row, eps):
    """(mean, 1/sqrt(biased var + eps)) of one row."""
    n = len(row)
    mean = math.fsum(row) / n
    var = math.fsum((v - mean) ** 2 for v in row) / n
    return mean, 1.0 / math.sqrt(var + eps)


class _RowColumns:
    """rowwise_moments' column ops on lists: the rows of ``values`` side by side, a block being
    the rows' lanes in row-major order."""

    def __init__(self, values, n_cols, float32):
        self.values, self.n_cols = values, n_cols
        self.rows = len(values) // n_cols if n_cols else 0
        self.lanes = MOMENT_LANES["float32" if float32 else "float64"]
        self.scalar = f32 if float32 else float
        self._round = (lambda v: array("f", v)) if float32 else list
        self._fma = fma32_seq if float32 else (lambda a, b, c: list(map(fma64, a, b, c)))

    def block(self, j):
        lo, w, n = j * self.lanes, self.lanes, self.n_cols
        return list(chain.from_iterable(self.values[r * n + lo:r * n + lo + w] for r in range(self.rows)))

    def column(self, i):
        return self.values[i::self.n_cols]

    def zeros(self):
        return [0.0] * (self.rows * self.lanes)

    def lane(self, m, k):
        return m[k::self.lanes]

    def add(self, a, b):
        return self._round(map(add, a, b))

    def sub(self, a, b):
        return self._round(map(sub, a, b))

    def mul(self, a, b):
        return self._round(map(mul, a, b))

    def scale(self, a, s):
        return self._round([v * s for v in a])

    def divide(self, a, s):
        return self._round([v / s for v in a])

    def fma(self, a, b, c):
        n = max(len(v) for v in (a, b, c) if not isinstance(v, float))
        return self._fma(*([v] * n if isinstance(v, float) else v for v in (a, b, c)))


@backend_kernel
def layer_norm_stats(flat, inner, eps, float32):
    """Each row's (mean, 1/sqrt(var + eps)) as torch's layer norm kernel computes them: two
    buffers of the input's dtype (float32 or float64)."""
    if kernels.wasm is not None and float32:  # the browser's kernels: the same steps
        found = kernels.layer_norm_stats(flat, inner, f32(eps))
        if found is not None:
            return found
    mean, var = rowwise_moments(inner, _RowColumns(flat, inner, float32))
    r = f32 if float32 else float
    eps = r(eps)
    dtype = FLOAT32 if float32 else float64
    return as_buffer(list(mean), dtype), as_buffer([ieee_div(1.0, r(math.sqrt(r(v + eps))), r) for v in var], dtype)


def _sequence_ops(float32):
    """(round, fma) on lists: each element rounded to float32 (or kept float64), fma's one rounding."""
    if float32:
        return (lambda v: array("f", v).tolist()), (lambda a, b, c: fma32_seq(a, b, c).tolist())
    return list, (lambda a, b, c: list(map(fma64, a, b, c)))


@backend_kernel
def layer_norm_output(flat, inner, mean, rstd, weight, bias, float32):
    """((x - mean) * rstd) * weight + bias, the last multiply and add fused (so with no weight,
    (x - mean) * rstd + bias in one rounding), as torch's kernel (weight, bias: buffers or None)."""
    if kernels.wasm is not None and float32:  # the browser's kernels: the same steps
        out = kernels.layer_norm_output(flat, inner, mean, rstd, weight, bias)
        if out is not None:
            return out
    rnd, fma = _sequence_ops(float32)
    w = weight.tolist() if weight is not None else None
    b = bias.tolist() if bias is not None else [0.0] * inner
    out = []
    for row, m, rs in zip(_rows(flat.tolist(), inner), mean.tolist(), rstd.tolist()):
        centered = rnd([v - m for v in row])
        if weight is None and bias is None:
            out += rnd([v * rs for v in centered])
        elif weight is None:
            out += fma(centered, [rs] * inner, b)
        else:
            out += fma(rnd([v * rs for v in centered]), w, b)
    return rounded(out, float32) if float32 else as_buffer(out, float64)


# ---- layer norm's backward kernel (LayerNormBackwardKernelImplInternal), float32 and float64 ----
# ds = sum(dy * x * w), db = sum(dy * w) per row by vec::map*_reduce_all (products rounded, added
# lane by lane, the last partial vector's product fused into its add, the lanes folded as the
# AVX2 build does); then dx = fma(b, x, a * dy * w) + c. Weight and bias gradients are summed
# per thread (rows split as at::parallel_for splits them), the weight's as
# fma(dy, fma(rstd, x, -rstd * mean), acc), then the threads' sums added in order.

def fold_lanes(acc, r):
    """vec_reduce_all's sum of the lanes: 8 float32 lanes by halving shuffles, 4 float64 in order."""
    if len(acc) == 8:
        return r(r(r(acc[0] + acc[4]) + r(acc[2] + acc[6])) + r(r(acc[1] + acc[5]) + r(acc[3] + acc[7])))
    total = acc[0]
    for v in acc[1:]:
        total = r(total + v)
    return total


def _dot_row(u, v, lanes, float32):
    """map_reduce_all of u * v over one row (u, v: lists of equal length)."""
    rnd, fma = _sequence_ops(float32)
    r = f32 if float32 else float
    n = len(u)
    products = rnd(list(map(mul, u, v)))
    if n < lanes:
        total = products[0]
        for p in products[1:]:
            total = r(total + p)
        return total
    full = n - n % lanes
    acc = products[:lanes]
    for d in range(lanes, full, lanes):
        acc = rnd(list(map(add, acc, products[d:d + lanes])))
    if full < n:
        acc[:n - full] = fma(u[full:], v[full:], acc[:n - full])
    return fold_lanes(acc, r)


@backend_kernel
def layer_norm_input_grad(x, grad, mean, rstd, weight, inner, float32):
    """The input's gradient as torch's layer norm backward kernel computes it (weight: a buffer or None)."""
    if kernels.wasm is not None and float32:  # the browser's kernels: the same steps
        out = kernels.layer_norm_input_grad(x, grad, mean, rstd, weight, inner)
        if out is not None:
            return out
    rnd, fma = _sequence_ops(float32)
    r, fma1 = (f32, fma32) if float32 else (float, fma64)
    lanes = MOMENT_LANES["float32" if float32 else "float64"]
    w = weight.tolist() if weight is not None else [1.0] * inner
    scale = r(1.0 / inner)
    out = []
    for xs, dys, m, a in zip(_rows(x.tolist(), inner), _rows(grad.tolist(), inner), mean.tolist(), rstd.tolist()):
        if weight is not None:
            ds = _dot_row(rnd(list(map(mul, dys, xs))), w, lanes, float32)
        else:
            ds = _dot_row(dys, xs, lanes, float32)
        db = _dot_row(dys, w, lanes, float32)
        b = r(r(r(r(fma1(db, m, -ds) * a) * a) * a) * scale)
        c = fma1(-b, m, -r(r(db * a) * scale))
        scaled = rnd([a * g for g in dys])
        if weight is not None:
            scaled = rnd(list(map(mul, scaled, w)))
        out += rnd([v + c for v in fma([b] * inner, xs, scaled)])
    return rounded(out, float32) if float32 else as_buffer(out, float64)


def _thread_sums(rows, step, inner, rnd):
    """Per thread an accumulator of ``inner`` values updated by ``step(acc, row)`` over its rows
    (starting from zeros), then the threads' accumulators added in order to zeros."""
    total = [0.0] * inner
    for start, stop in thread_rows(rows):
        acc = [0.0] * inner
        for i in range(start, stop):
            acc = step(acc, i)
        total = rnd(list(map(add, total, acc)))
    return total


@backend_kernel
def layer_norm_weight_grad(x, grad, mean, rstd, inner, float32):
    """The weight's gradient: per position, the sum over rows of dy * xhat, as torch's kernel sums it."""
    if kernels.wasm is not None and float32:  # the browser's kernels: the same steps
        out = kernels.layer_norm_param_grad(x, grad, mean, rstd, inner, thread_rows(len(grad) // inner))
        if out is not None:
            return out
    rnd, fma = _sequence_ops(float32)
    r = f32 if float32 else float
    xs, dys, means, rstds = _rows(x.tolist(), inner), _rows(grad.tolist(), inner), mean.tolist(), rstd.tolist()

    def step(acc, i):
        a = rstds[i]
        return fma(dys[i], fma([a] * inner, xs[i], [r(-a * means[i])] * inner), acc)
    return as_buffer(_thread_sums(len(xs), step, inner, rnd), FLOAT32 if float32 else float64)


@backend_kernel
def layer_norm_bias_grad(grad, inner, float32):
    """The bias's gradient: per position, the sum over rows of dy, as torch's kernel sums it."""
    if kernels.wasm is not None and float32:  # the browser's kernels: the same steps
        out = kernels.layer_norm_param_grad(None, grad, None, None, inner, thread_rows(len(grad) // inner))
        if out is not None:
            return out
    rnd, _ = _sequence_ops(float32)
    dys = _rows(grad.tolist(), inner)
    total = _thread_sums(len(dys), lambda acc, i: rnd(list(map(add, acc, dys[i]))), inner, rnd)
    return as_buffer(total, FLOAT32 if float32 else float64)


def channels_last(flat, shape):
    """(N, C, ...) values (a list) as a list of C channels, each the list of its values in order."""
    n, c = shape[0], shape[1]
    length = math.prod(shape[2:])
    return [list(chain.from_iterable(flat[(i * c + ch) * length:(i * c + ch + 1) * length] for i in range(n)))
            for ch in range(c)]


def from_channels(channels, shape):
    """channels_last's inverse: the flat (N, C, ...) values, a list."""
    n, c = shape[0], shape[1]
    length = math.prod(shape[2:])
    out = [0.0] * math.prod(shape)
    for ch, values in enumerate(channels):
        for i in range(n):
            out[(i * c + ch) * length:(i * c + ch + 1) * length] = values[i * length:(i + 1) * length]
    return out


@backend_kernel
def batch_stats(x, shape, running_mean, running_var, training, eps, float32, forward=False):
    """Per channel the mean and 1/sqrt(var + eps) used for normalising, as two float64 buffers:
    the batch's (training; PyTorch's save_mean and save_invstd, see _bn_moments) or the running
    statistics' (buffers): in double, as the backward kernel takes them, or (``forward``) in the
    dtype, as the forward kernel does."""
    if training:
        stats = _bn_moments(_bn_planes(x.tolist(), shape), eps, float32)
    elif forward and float32:
        stats = [(m, f32(1.0 / f32(math.sqrt(f32(v + f32(eps)))))) for m, v in zip(running_mean.tolist(),
                                                                                 running_var.tolist())]
    else:
        stats = [(m, 1.0 / math.sqrt(v + eps)) for m, v in zip(running_mean.tolist(), running_var.tolist())]
    return as_buffer([m for m, _ in stats], float64), as_buffer([r for _, r in stats], float64)


def _bn_moments(planes, eps, float32):
    """batch_norm_cpu_collect_stats: per channel (mean, invstd) in the input's dtype. More than
    one value per plane (or at most one row per thread): the values summed in order in double,
    the mean rounded, then the squared deviations (each rounded) summed in double. (N, C)
    input: each thread sums its rows in the dtype (the squares fused), the threads' sums added
    in double. The variance is var_sum / N in the dtype, invstd 1 / sqrt(var + eps) in double,
    rounded. (float64's invstd still differs from torch's in the last bit for about 1 channel
    in 100: its squared deviations' exact summation order is not known yet.)"""
    r, fma = _bn_precision(float32)[:2]
    n, count = len(planes[0]), len(planes[0]) * len(planes[0][0])
    if len(planes[0][0]) > 1 or n <= NUM_THREADS:
        sums = [_in_order(chain.from_iterable(p)) for p in planes]
        means = [r(s / count) for s in sums]
        centred = [[r(v - m) for v in chain.from_iterable(p)] for p, m in zip(planes, means)]
        var_sums = [r(_in_order(r(d * d) for d in ds)) for ds in centred]
    else:
        rows = [[p[i][0] for p in planes] for i in range(n)]
        means = [r(v / count) for v in _bn_thread_sums(rows, lambda acc, row: [r(a + v) for a, v in zip(acc, row)])]
        var_sums = [r(v) for v in _bn_thread_sums(rows, lambda acc, row: [fma(r(v - m), r(v - m), a)
                                                                         for a, v, m in zip(acc, row, means)])]
    return [(m, r(1.0 / math.sqrt(r(v / count) + eps))) for m, v in zip(means, var_sums)]


def _bn_thread_sums(rows, step):
    """Per column: each thread's rows folded by ``step`` from zeros, the threads' results added
    in double."""
    total = [0.0] * len(rows[0])
    for lo, hi in thread_rows(len(rows)):
        total = list(map(add, total, reduce(step, rows[lo:hi], [0.0] * len(rows[0]))))
    return total


@backend_kernel
def unbiased_vars(x, shape, mean):
    """Each channel's unbiased variance (batch_norm's running statistics)."""
    channels = channels_last(x.tolist(), shape)
    return as_buffer([math.fsum((v - m) ** 2 for v in ch) / max(len(ch) - 1, 1)
                      for ch, m in zip(channels, mean.tolist())], float64)


@backend_kernel
def batch_norm(x, shape, mean, rstd, weight, bias, float32):
    """Each channel normalised by its statistics: one scale and shift per channel, one fused
    multiply-add per element (weight, bias: buffers or None)."""
    c = shape[1]
    w = weight.tolist() if weight is not None else [1.0] * c
    b = bias.tolist() if bias is not None else [0.0] * c
    r, fma = _bn_precision(float32)[:2]
    out = []
    for m, rs, wc, bc, ch in zip(mean.tolist(), rstd.tolist(), w, b, channels_last(x.tolist(), shape)):
        alpha = r(r(rs) * wc)
        beta = fma(-r(m), alpha, r(bc))  # bias - mean * alpha, fused as the kernel's build does
        out.append([fma32(f32(v), alpha, beta) for v in ch] if float32 else [fma64(v, alpha, beta) for v in ch])
    return rounded(from_channels(out, shape), float32)


# ---- batch_norm's backward (batch_norm_kernel.cpp, an AVX2 build: 8 float or 4 double lanes).
# Contiguous input with more than one value per (sample, channel) plane: per channel, each
# plane's vec::reduce_all of grad and map2_reduce_all of (x - mean) * grad (its partial last
# vector fused into a multiply-add), added up over the samples in double; the input's gradient
# (grad - sum / N - (x - mean) * k) * invstd * w with the product fused. One value per plane
# ((N, C) input, the channels-last kernel): each thread sums its rows per channel in the input's
# dtype (the dot product fused), the threads' sums are added in double and stored back in the
# dtype; the input's gradient is fused on whole channel vectors only. Checked bit for bit
# against torch 2.13 (given its saved statistics) on float32 and float64, training and eval,
# with and without weight, 1-D to 3-D inputs. ------------------------------------------------

def _bn_precision(float32):
    """(rounding, fma, lanes, lane typecode, halving fold) of the kernel's dtype."""
    return (f32, fma32, SUM_LANES, "f", True) if float32 else (float, fma64, SUM_LANES // 2, "d", False)


def _bn_plane_dot(xm, dy, float32):
    """map2_reduce_all's sum of xm * dy over one plane: lane sums of the products, the partial
    last vector fused into its lanes."""
    r, fma, lanes, typecode, halving = _bn_precision(float32)
    n = len(xm)
    if n < lanes:
        return lane_sum([r(a * b) for a, b in zip(xm, dy)], lanes, typecode, halving)
    full = n // lanes * lanes
    acc = [r(a * b) for a, b in zip(xm[:lanes], dy[:lanes])]
    for b in range(lanes, full, lanes):
        acc = [r(c + r(a * g)) for c, a, g in zip(acc, xm[b:b + lanes], dy[b:b + lanes])]
    acc[:n - full] = [fma(a, g, c) for c, a, g in zip(acc, xm[full:], dy[full:])]
    return lane_sum(acc, lanes, typecode, halving)


def _in_order(values):
    """values added one by one in double (the kernel's double accumulator; not sum(), which
    compensates on Python 3.12+)."""
    return reduce(add, values, 0.0)


def _bn_planes(flat, shape):
    """(N, C, ...) values (a list) as C channels, each the list of its N planes."""
    n, c = shape[0], shape[1]
    plane = math.prod(shape[2:])
    return [[flat[(i * c + ch) * plane:(i * c + ch + 1) * plane] for i in range(n)] for ch in range(c)]


def _bn_from_planes(channels, shape):
    """_bn_planes' inverse: the flat (N, C, ...) values, a list."""
    n, c = shape[0], shape[1]
    return [v for i in range(n) for ch in range(c) for v in channels[ch][i]]


def _bn_sums(dy, xm, float32):
    """Per channel (sum of grad, sum of (x - mean) * grad) as the kernel holds them, from the
    channels' planes of grad and of x - mean (xm None: the sums of grad only)."""
    r, fma, lanes, typecode, halving = _bn_precision(float32)
    if len(dy[0][0]) > 1:
        sums = [_in_order(lane_sum(g, lanes, typecode, halving) for g in planes) for planes in dy]
        dots = xm and [_in_order(map(_bn_plane_dot, a, g, [float32] * len(g))) for a, g in zip(xm, dy)]
        return sums, dots
    n, c = len(dy[0]), len(dy)
    sums, dots = [0.0] * c, [0.0] * c
    for lo, hi in thread_rows(n):
        s, d = [0.0] * c, [0.0] * c
        for i in range(lo, hi):
            s = [r(a + g[i][0]) for a, g in zip(s, dy)]
            if xm:
                d = [fma(a[i][0], g[i][0], b) for b, a, g in zip(d, xm, dy)]
        sums = list(map(add, sums, s))
        dots = list(map(add, dots, d))
    return [r(v) for v in sums], xm and [r(v) for v in dots]


def _bn_centred(x, shape, mean, r):
    """The channels' planes of x - mean, in the kernel's dtype."""
    return [[[r(v - m) for v in p] for p in planes]
            for m, planes in zip(map(r, mean.tolist()), _bn_planes(x.tolist(), shape))]


@backend_kernel
def batch_norm_input_grad(x, grad, shape, mean, rstd, weight, training, float32):
    """The input's gradient of batch_norm (weight: a buffer or None; rstd: 1/sqrt(var + eps))."""
    r, fma = _bn_precision(float32)[:2]
    c = shape[1]
    w = [r(v) for v in weight.tolist()] if weight is not None else [1.0] * c
    invstd = [r(v) for v in rstd.tolist()]
    dy = _bn_planes(grad.tolist(), shape)
    if not training:
        out = [[[r(r(g * inv) * wc) for g in p] for p in planes] for planes, inv, wc in zip(dy, invstd, w)]
        return rounded(_bn_from_planes(out, shape), float32)
    xm = _bn_centred(x, shape, mean, r)
    sums, dots = _bn_sums(dy, xm, float32)
    count = shape[0] * math.prod(shape[2:])
    fused = c if len(dy[0][0]) > 1 else c - c % _bn_precision(float32)[2]
    out = []
    for ch, (s, d, inv, wc) in enumerate(zip(sums, dots, invstd, w)):
        k = r(r(r(r(d) * inv) * inv) / count)
        grad_mean = r(s / count)
        if ch < fused:
            out.append([[r(r(fma(-a, k, r(g - grad_mean)) * inv) * wc) for a, g in zip(pa, pg)]
                        for pa, pg in zip(xm[ch], dy[ch])])
        else:
            out.append([[r(r(r(r(g - grad_mean) - r(a * k)) * inv) * wc) for a, g in zip(pa, pg)]
                        for pa, pg in zip(xm[ch], dy[ch])])
    return rounded(_bn_from_planes(out, shape), float32)


@backend_kernel
def batch_norm_weight_grad(x, grad, shape, mean, rstd, float32):
    """Per channel: the sum of (x - mean) * grad, times 1/sqrt(var + eps)."""
    r = _bn_precision(float32)[0]
    _, dots = _bn_sums(_bn_planes(grad.tolist(), shape), _bn_centred(x, shape, mean, r), float32)
    return rounded([r(d * r(inv)) for d, inv in zip(dots, rstd.tolist())], float32)


@backend_kernel
def batch_norm_bias_grad(grad, shape, float32):
    """Per channel: the sum of grad."""
    sums, _ = _bn_sums(_bn_planes(grad.tolist(), shape), None, float32)
    return rounded([_bn_precision(float32)[0](v) for v in sums], float32)


@backend_kernel
def group_norm(flat, shape, float32, num_groups, weight, bias, eps):
    """PyTorch's kernel: per (sample, group) mean and 1/sqrt(var + eps), folded per channel into
    one scale and shift; without weight and bias, (x - mean) * rstd. Its statistics are summed
    in another order than here: results can differ in the last bit."""
    c = shape[1]
    per_channel = math.prod(shape[2:])
    r = f32 if float32 else float
    fma = fma32 if float32 else fma64
    w = weight.tolist() if weight is not None else [1.0] * c
    b = bias.tolist() if bias is not None else [0.0] * c
    flat = flat.tolist()
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
    return rounded(out, float32)


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


def _weight_norm(v, g, m, n, first_dim, float32):
    """(w, norms) as lists, of v seen as m rows of n values (lists); g holds one value per row
    (first_dim) or per column."""
    r = f32 if float32 else float
    if first_dim:
        squares = [r(x * x) for x in v]
        norms = [r(math.sqrt(_row_sum(squares[i * n:(i + 1) * n], float32))) for i in range(m)]
        scales = [ieee_div(gi, norm, r) for gi, norm in zip(g, norms)]
        return [r(x * scales[k // n]) for k, x in enumerate(v)], norms
    norms = [r(math.sqrt(s)) for s in _column_sums(v, v, m, n, float32)]
    scales = [ieee_div(gj, norm, r) for gj, norm in zip(g, norms)]
    return [r(x * scales[k % n]) for k, x in enumerate(v)], norms


@backend_kernel
def weight_norm(v, g, m, n, first_dim, float32):
    """w = v * (g / ||v||) of the buffer v seen as m rows of n values; g (a buffer) holds one value
    per row (first_dim) or per column."""
    return rounded(_weight_norm(v.tolist(), g.tolist(), m, n, first_dim, float32)[0], float32)


@backend_kernel
def weight_norm_backward(grad_w, v, g, m, n, first_dim, float32):
    """(grad_v, grad_g) buffers: grad_g = sum(grad_w * v) / norm; grad_v = a * grad_w - b * v with
    a = g / norm and b = a * grad_g / norm, per row (first_dim) or per column."""
    r = f32 if float32 else float
    grad_w, v, g = grad_w.tolist(), v.tolist(), g.tolist()
    _, norms = _weight_norm(v, g, m, n, first_dim, float32)
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
    return rounded(grad_v, float32), rounded(grad_g, float32)
