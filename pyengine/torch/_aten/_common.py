"""What both backends' kernels share: the reference machine's constants, exact float32 fma on
whole sequences, and the drivers that fix an order of roundings (the sum cascade, the
matrix product's k-blocks, the elementwise vector runs), written once on sequence ops that
each backend supplies."""
import math
import re
from array import array
from operator import add, mul

from .._float32 import f32, fma32

# Lane count of the AVX kernels torch dispatches to for sigmoid and the softmax family:
# 16 on the AVX-512 machines the project's reference outputs come from (8 on AVX2-only).
LANES = 16

# torch.get_num_threads() on the reference machine. Full sums of >= GRAIN_SIZE elements
# are split into this many chunks, so their bits depend on it.
NUM_THREADS = 2

# at::internal::GRAIN_SIZE: below this many elements torch never splits work over threads.
GRAIN_SIZE = 32768

SUM_LANES = 8  # the sum, norm and prod kernels are AVX2 builds: 8 float32 lanes


def ieee_div(a, b, r=f32):
    """a / b rounded by r (f32, or float for float64), with IEEE's results for b == 0."""
    if b == 0.0:
        return math.nan if a == 0.0 or a != a else math.copysign(math.inf, a) * math.copysign(1.0, b)
    return r(a / b)


def lane_sum(e, lanes=LANES, typecode="f", halving=True):
    """vec::reduce_all(+) over one row (``typecode`` "f" float32, "d" float64): ``lanes`` lanes,
    leftovers into the first lanes, then the lanes folded in halves (float's shuffles) or summed
    in order (``halving=False``: the generic fold, double's); a row shorter than a vector is
    summed in order."""
    n = len(e)
    if n < lanes:
        acc = array(typecode, e[:1])
        for v in e[1:]:
            acc[0] += v
        return acc[0]
    acc = array(typecode, e[:lanes])
    full = n // lanes * lanes
    for b in range(lanes, full, lanes):
        acc = array(typecode, map(float.__add__, acc, e[b:b + lanes]))
    rest = n - full
    if rest:
        acc[:rest] = array(typecode, map(float.__add__, acc[:rest], e[full:]))
    if not halving:
        total = array(typecode, acc[:1])
        for v in acc[1:]:
            total[0] += v
        return total[0]
    half = lanes // 2
    while half:
        acc = array(typecode, map(float.__add__, acc[:half], acc[half:2 * half]))
        half //= 2
    return acc[0]


# A float64 whose low 29 bits are 1 followed by 28 zeros lies exactly halfway between two
# float32 values. Only there can rounding a float64 sum to float32 differ from rounding the
# exact sum (double rounding). In little-endian bytes: three zero bytes, then a byte whose
# low five bits are 10000. The regex steps over whole 8-byte records.
_HALFWAY = re.compile(rb"(?s)(?:.{8})*?\x00\x00\x00[\x10\x30\x50\x70\x90\xb0\xd0\xf0]")


def _halfway_indices(sums):
    """Indices of the float64 values in sums (a list) that are float32 halfway points."""
    raw = array("d", sums).tobytes()
    if b"\x00\x00\x00" not in raw:  # the common case: no candidate at all
        return
    pos = 0
    while True:
        m = _HALFWAY.match(raw, pos)
        if m is None:
            return
        i = (m.end() - 4) // 8
        yield i
        pos = (i + 1) * 8


def _inexact(p, c, s):
    """Whether s = p + c (float64) was rounded (TwoSum's error term): a halfway point that is the
    exact sum rounds correctly to float32 as it is (sums of two float32 values often are)."""
    v = s - p
    return (p - (s - v)) + (c - v) != 0.0


def fma32_seq(a, b, c):
    """[fma(a[i], b[i], c[i])] rounded once to float32, for equal-length float32 sequences.

    The float64 product of two float32 values is exact, so a*b + c in float64 has a single
    rounding; rounding that to float32 is correct except at halfway points that the float64
    sum rounded, which are found in bulk and redone with the exact scalar fma.
    """
    sums = list(map(add, map(mul, a, b), c))
    result = array("f", sums)
    for i in _halfway_indices(sums):
        if _inexact(a[i] * b[i], c[i], sums[i]):
            result[i] = fma32(a[i], b[i], c[i])
    return result


def fma32_scaled(a, b, c):
    """[fma(a, b[i], c[i])] for one float32 a: the row update of a fused matrix product."""
    sums = list(map(add, [a * v for v in b], c))
    result = array("f", sums)
    for i in _halfway_indices(sums):
        if _inexact(a * b[i], c[i], sums[i]):
            result[i] = fma32(a, b[i], c[i])
    return result


# ---- the sum cascade (SumKernel.cpp), on a backend's sequence ops ----------------------------
# ``ops`` adds float32 items: block_sums(items, nblocks, size), seq(items), add(a, b). An item
# is a scalar (python), a row of columns (python, one cascade per column at once) or an
# array of any shape (numpy: one call reduces many columns).

def ceil_log2(v):
    return 1 if v <= 2 else (v - 1).bit_length()


def cascade(items, count, ops):
    """SumKernel's multi_row_sum: four levels of partial sums, 2^p items per level."""
    if count < 16:
        return ops.seq(items[:count])
    step = 1 << max(4, ceil_log2(count) // 4)
    n0 = count // step
    level0 = ops.block_sums(items, n0, step)
    n1 = n0 // step
    acc1 = ops.seq(level0[n1 * step:n0])
    if not n1 and n0 * step == count:  # no leftover items either: acc0 would be +0.0, and +0.0 + acc1 is acc1
        return acc1  # (a sum from +0.0 is never -0.0)
    acc0 = ops.seq(items[n0 * step:count])
    if not n1:
        # the upper levels are empty: adding their zero sums would change no bit (acc0, a sum from +0.0,
        # is never -0.0, so neither is acc0 + acc1)
        return ops.add(acc0, acc1)
    level1 = ops.block_sums(level0, n1, step)
    n2 = n1 // step
    level2 = ops.block_sums(level1, n2, step)
    acc2 = ops.seq(level1[n2 * step:n1])
    acc3 = ops.seq(level2)
    return ops.add(ops.add(ops.add(acc0, acc1), acc2), acc3)


def rowsum(items, count, ops):
    """SumKernel's row_sum: four interleaved cascades, leftovers into the first, then folded.
    Ops whose items are arrays regroup them (``quartets``: item i holds items 4i..4i+3), so that
    one cascade of those adds the four side by side."""
    groups = count // 4
    quartets = getattr(ops, "quartets", None)
    if quartets is not None:
        p0, p1, p2, p3 = cascade(quartets(items, groups), groups, ops)
    else:
        p0, p1, p2, p3 = (cascade(items[q:4 * groups:4], groups, ops) for q in range(4))
    for i in range(4 * groups, count):
        p0 = ops.add(p0, items[i])
    return ops.add(ops.add(ops.add(p0, p1), p2), p3)


def column_rules(n0, n1, s0, s1):
    """Which per-column sum each of the n1 columns of a reducing kernel call gets (cascade_sum)."""
    if s0 == 1 and n0 >= SUM_LANES:
        return [("inner", 0, n1)]
    if s1 == 1 and n1 >= SUM_LANES:
        split = n1 // 32 * 32  # blocks of 4 vectors: one multi_row_sum
    elif s0 < s1:
        split = 0
    else:
        split = n1 // 4 * 4  # groups of 4 scalar columns: one multi_row_sum
    return [("cascade", 0, split), ("rowsum", split, n1)]


def finish_var(m2, divisor, take_sqrt):
    """A float64 sum of squared deviations as torch's float32 var (or std)."""
    divisor = max(0.0, divisor)
    if divisor == 0.0:
        var = math.nan if m2 == 0.0 or m2 != m2 else math.inf
    else:
        var = m2 / divisor
    return f32(math.sqrt(var) if take_sqrt else var)


# ---- RowwiseMoments (moments_utils.h): layer norm's mean and variance ------------------------
# An AVX2 build: 8 float32 lanes (4 float64). Per lane, Welford over chunks of 16 vectors, the
# chunks merged in a binary cascade; then per row the scalar Welford of the n mod W leftovers
# and the lanes merged into it one by one. GCC fused the products that feed an add, except in
# the leftovers' loop (checked against torch bit for bit).

MOMENT_LANES = {"float32": 8, "float64": 4}
MOMENT_CHUNK = 16


def _merge_moments(m0_add, m1_add, m2_add, m0, m1, m2, ops):
    """AddMomentsVec: (m0, m1, m2) with the moments of m0_add more values per lane merged in."""
    n = m0 + m0_add
    c = ops.scalar(m0_add / n) if n else 0.0
    delta = ops.sub(m1_add, m1)
    m2_sum = ops.add(m2, m2_add)
    c_delta = ops.scale(delta, c)
    return n, ops.add(m1, c_delta), ops.fma(ops.scale(delta, float(m0)), c_delta, m2_sum)


def rowwise_moments(n_cols, ops):
    """(mean, biased variance) of each row of n_cols values, as torch's RowwiseMoments rounds them.

    ``ops`` works on columns: ``block(j)`` is vector j of every row (W lanes each), ``column(i)``
    value i of every row, ``lane(m, k)`` lane k of a block of moments; ``zeros()`` a block of
    zeros; ``add``, ``sub``, ``mul`` elementwise; ``scale``/``divide`` by a number; ``fma``
    (a number allowed as any operand); ``scalar`` rounds a number to the dtype.
    """
    lanes = ops.lanes
    n = n_cols // lanes
    chunks = -(-n // MOMENT_CHUNK)
    depth = ceil_log2(chunks)
    stack = [(0, ops.zeros(), ops.zeros()) for _ in range(max(depth, 1))]
    inverses = [ops.scalar(1.0 / (j + 1)) for j in range(MOMENT_CHUNK)]
    for i in range(chunks):
        m0 = min(MOMENT_CHUNK, n - i * MOMENT_CHUNK)
        m1 = m2 = ops.zeros()
        for j in range(m0):
            x = ops.block(i * MOMENT_CHUNK + j)
            delta = ops.sub(x, m1)
            m1 = ops.fma(inverses[j], delta, m1)
            m2 = ops.fma(delta, ops.sub(x, m1), m2)
        stack[0] = _merge_moments(m0, m1, m2, *stack[0], ops)
        mask = i + 1
        j = 1
        while j < depth and mask & 1 == 0:
            stack[j] = _merge_moments(*stack[j - 1], *stack[j], ops)
            stack[j - 1] = (0, ops.zeros(), ops.zeros())
            mask >>= 1
            j += 1
    for j in range(1, depth):
        stack[0] = _merge_moments(*stack[j], *stack[0], ops)
    _, lane_m1, lane_m2 = stack[0]
    count, m1, m2 = 0, ops.lane(ops.zeros(), 0), ops.lane(ops.zeros(), 0)
    for i in range(n * lanes, n_cols):
        x = ops.column(i)
        delta = ops.sub(x, m1)
        count += 1
        m1 = ops.add(m1, ops.divide(delta, float(count)))
        m2 = ops.add(m2, ops.mul(delta, ops.sub(x, m1)))
    for k in range(lanes):
        total = count + n
        c = ops.scalar(n / total) if total else 0.0
        delta = ops.sub(ops.lane(lane_m1, k), m1)
        m1 = ops.fma(c, delta, m1)
        m2 = ops.add(m2, ops.fma(ops.scale(ops.mul(delta, delta), c), float(count), ops.lane(lane_m2, k)))
        count = total
    return m1, ops.divide(m2, float(n_cols))


def thread_rows(rows):
    """at::parallel_for's split of rows over the threads (grain 1): (start, stop) per thread."""
    threads = min(NUM_THREADS, rows) if rows > 1 else 1
    chunk = -(-rows // threads) if rows else 0
    return [(min(rows, t * chunk), min(rows, (t + 1) * chunk)) for t in range(NUM_THREADS)]


# ---- the layers' output sizes ----------------------------------------------------------------

def conv_geometry(in_shape, w_shape, stride, padding, dilation):
    """(spatial, kernel, out): the convolution's input, kernel and output sizes per dim."""
    spatial = in_shape[2:]
    kernel = w_shape[2:]
    out = tuple((s + 2 * p - d * (k - 1) - 1) // st + 1
                for s, k, st, p, d in zip(spatial, kernel, stride, padding, dilation))
    return spatial, kernel, out


def pool_out_size(size, k, s, p, d, ceil_mode):
    """A pooling window count along one dim (ceil_mode: a last partial window that starts inside
    the input or its left padding counts)."""
    span = size + 2 * p - d * (k - 1) - 1
    out = (span + (s - 1 if ceil_mode else 0)) // s + 1
    if ceil_mode and (out - 1) * s >= size + p:
        out -= 1
    return out


def pool_windows(shape, kernel, stride, padding, dilation, ceil_mode):
    """(out_shape, windows): for each output position of a plane (the last len(kernel) dims) the
    list of input offsets inside it."""
    spatial = shape[len(shape) - len(kernel):]
    out_shape = tuple(pool_out_size(n, k, s, p, d, ceil_mode)
                      for n, k, s, p, d in zip(spatial, kernel, stride, padding, dilation))
    windows = [[0]]
    for n, o, k, s, p, d in zip(spatial, out_shape, kernel, stride, padding, dilation):
        taps = [[i * s - p + a * d for a in range(k) if 0 <= i * s - p + a * d < n] for i in range(o)]
        windows = [[base * n + t for base in win for t in tap] for win in windows for tap in taps]
    return out_shape, windows


def avg_pool_plan(shape, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
    """(out_shape, windows, divisors) of average pooling: pool_windows' and each window's divisor."""
    nd = len(kernel_size)
    out_shape, windows = pool_windows(shape, kernel_size, stride, padding, (1,) * nd, ceil_mode)
    spatial = shape[len(shape) - nd:]
    spans = []  # per dim, per output index: (extent with padding, extent inside the input)
    for n, o, k, s_, p in zip(spatial, out_shape, kernel_size, stride, padding):
        dim_spans = []
        for i in range(o):
            start = i * s_ - p
            end = min(start + k, n + p)
            dim_spans.append((end - start, min(end, n) - max(start, 0)))
        spans.append(dim_spans)
    divisors = [divisor_override] * len(windows) if divisor_override else [1]
    if not divisor_override:
        for dim_spans in spans:
            divisors = [d * span[0 if count_include_pad else 1] for d in divisors for span in dim_spans]
    return out_shape, windows, divisors


def adaptive_windows(size, out):
    """PyTorch's adaptive pooling windows: [floor(i * size / out), ceil((i + 1) * size / out))."""
    return [(i * size // out, -(-(i + 1) * size // out)) for i in range(out)]


def adaptive_plan(shape, output_size):
    """(windows, heights, widths) of 2-d adaptive pooling over the last two dims: each window's
    offsets in a plane, row by row, and its size."""
    h, w = shape[-2:]
    rows, cols = adaptive_windows(h, output_size[0]), adaptive_windows(w, output_size[1])
    return ([[y * w + x for y in range(r0, r1) for x in range(c0, c1)] for r0, r1 in rows for c0, c1 in cols],
            [r1 - r0 for r0, r1 in rows for _ in cols], [c1 - c0 for _ in rows for c0, c1 in cols])


# ---- the matrix product's k-blocks and the elementwise vector runs ---------------------------

def f_blocks(k):
    """MKL rule F's k-blocks: kc = k if k <= 192, else min(192, k // 2)."""
    kc = k if k <= 192 else min(192, k // 2)
    return [(lo, min(k, lo + kc)) for lo in range(0, k, kc)]


def vector_runs(n, row=None, grain=GRAIN_SIZE):
    """Split n elements of a unary elementwise op into torch's (start, stop, vector_stop).

    Elements start..vector_stop-1 take the vector formula (full 2W-blocks of a run),
    vector_stop..stop-1 the scalar one. A run is a contiguous row (``row`` elements; None
    for a fully contiguous tensor, 1 for 0-d or non-unit-stride input), cut further where
    torch splits more than ``grain`` elements (the kernel's grain size, GRAIN_SIZE unless
    it sets its own) over its threads.
    """
    cuts = {0, n}
    if n > grain:
        chunk = -(-n // min(NUM_THREADS, -(-n // grain)))
        cuts.update(range(chunk, n, chunk))
    if row is not None and row > 0:
        cuts.update(range(row, n, row))
    bounds = sorted(cuts)
    block = 2 * LANES
    return [(a, b, a + (b - a) // block * block) for a, b in zip(bounds, bounds[1:])]
