"""Reductions with PyTorch's CPU summation order: sum, mean, var, std, norm, prod, cumsum, cumprod.

torch plans a reduction as TensorIterator does (``_plan``): dims sorted with the reduced
ones innermost, then merged where memory allows. The innermost two dims form one call of
a 2-D kernel, the others are looped over (``_calls``). The sum kernel (SumKernel.cpp) adds
in float32 with a "cascade" of partial sums and 8 lanes on every x86 machine.

Inputs are flat storage ``values`` with a strided view (``offset``, ``shape``, ``strides``
in elements); results are flat, row-major, with the result shape returned alongside.
"""
import math
from array import array
from itertools import accumulate, chain, repeat
from operator import add, mul, truediv

from .._backend import backend as B, kernels
from .._dtype import float32, float64, int64
from .._float32 import f32, fma32
from ._common import GRAIN_SIZE, NUM_THREADS, SUM_LANES as _SUM_LANES, cascade as _cascade, \
    column_rules as _column_rules, finish_var as _finish_var, rowsum as _rowsum
from ._dispatch import as_buffer, backend_kernel, zeros


def _prod(sizes):
    n = 1
    for s in sizes:
        n *= s
    return n


# ---- float32 sequence ops for _common's cascade over rows of columns ---------------------------------

class _ColumnListOps:
    """Items are rows of ``width`` float32 values: one cascade per column, all computed at once
    (each step is one vector add over every column, instead of one per column)."""

    def __init__(self, width):
        self.width = width

    def block_sums(self, items, nblocks, size):
        width = self.width
        acc = [0.0] * (nblocks * width)
        for s in range(size):
            acc = array("f", map(add, acc, chain.from_iterable(items[s:nblocks * size:size]))).tolist()
        return [acc[b * width:(b + 1) * width] for b in range(nblocks)]

    def seq(self, items):
        acc = [0.0] * self.width
        for row in items:
            acc = array("f", map(add, acc, row)).tolist()
        return acc

    @staticmethod
    def add(a, b):
        return array("f", map(add, a, b)).tolist()


def _inner_sum(row):
    """vectorized_inner_sum of one contiguous row (n >= 8): 8-lane row_sum, then leftovers, then lanes."""
    n = len(row)
    nvec = n // _SUM_LANES
    end = nvec * _SUM_LANES
    # lane l's row_sum runs 4 cascades, q = 0..3, over row[32 i + 8 q + l]: column 8 q + l of
    # the 32-wide rows of the row, so one 32-column cascade does all 32 of them
    groups = nvec // 4
    wide = 4 * _SUM_LANES
    row = row.tolist() if isinstance(row, array) else list(row)
    parts = _cascade([row[i * wide:(i + 1) * wide] for i in range(groups)], groups, _ColumnListOps(wide))
    lanes = []
    for lane in range(_SUM_LANES):
        p0, p1, p2, p3 = parts[lane::_SUM_LANES]
        for v in row[4 * groups * _SUM_LANES + lane:end:_SUM_LANES]:
            p0 = f32(p0 + v)
        lanes.append(f32(f32(f32(p0 + p1) + p2) + p3))
    acc = array("f", [0.0])
    for v in row[end:]:
        acc[0] += v
    for v in lanes:
        acc[0] += v
    return acc[0]


# ---- TensorIterator planning ----------------------------------------------------------------

def _contiguous_strides(shape):
    strides, step = [], 1
    for size in reversed(shape):
        strides.append(step)
        step *= size
    return strides[::-1]


def _normalize_dims(dims, ndim):
    if dims is None:
        return tuple(range(ndim))
    if isinstance(dims, int):
        dims = (dims,)
    span = max(ndim, 1)
    return tuple(sorted({d % span for d in dims})) if ndim else ()


def _reorder(shape, operand_strides, reduced_output):
    """TensorIterator::reorder_dimensions: the dim order, innermost first.

    operand_strides lists each operand's strides, the output first; reduced_output says
    whether operand 0 is a reduction's output (its zero strides mark reduced dims).
    """
    ndim = len(shape)

    def should_swap(d0, d1):
        for arg, strides in enumerate(operand_strides):
            s0, s1 = strides[d0], strides[d1]
            if reduced_output and arg == 0 and (s0 == 0) != (s1 == 0):
                return 1 if s1 == 0 else -1
            if s0 == 0 or s1 == 0:
                continue
            if s0 != s1:
                return -1 if s0 < s1 else 1
            if shape[d0] > shape[d1]:
                return 1
        return 0

    perm = list(range(ndim - 1, -1, -1))
    for i in range(1, ndim):
        dim1 = i
        for dim0 in range(i - 1, -1, -1):
            comparison = should_swap(perm[dim0], perm[dim1])
            if comparison > 0:
                perm[dim0], perm[dim1] = perm[dim1], perm[dim0]
                dim1 = dim0
            elif comparison < 0:
                break
    return perm


def _coalesce(shape, operand_strides):
    """TensorIterator::coalesce_dimensions on shapes/strides already in iteration order."""
    shape = list(shape)
    operand_strides = [list(s) for s in operand_strides]
    if len(shape) <= 1:
        return shape, operand_strides
    prev = 0
    for dim in range(1, len(shape)):
        if shape[prev] == 1 or shape[dim] == 1 or all(
                shape[prev] * s[prev] == s[dim] for s in operand_strides):
            if shape[prev] == 1:
                for s in operand_strides:
                    s[prev] = s[dim]
            shape[prev] *= shape[dim]
        else:
            prev += 1
            if prev != dim:
                for s in operand_strides:
                    s[prev] = s[dim]
                shape[prev] = shape[dim]
    n = prev + 1
    return shape[:n], [s[:n] for s in operand_strides]


class _Plan:
    """A reduction of the view (shape, strides) over ``dims``, planned like TensorIterator."""

    def __init__(self, shape, strides, dims, keepdim):
        ndim = len(shape)
        self.dims = _normalize_dims(dims, ndim)
        kept_shape = [1 if d in self.dims else shape[d] for d in range(ndim)]
        self.out_shape = kept_shape if keepdim else [shape[d] for d in range(ndim) if d not in self.dims]
        self.out_numel = _prod(kept_shape)
        self.numel = _prod(shape)
        out_strides = [0 if d in self.dims else s for d, s in enumerate(_contiguous_strides(kept_shape))]
        perm = _reorder(shape, [out_strides, list(strides)], reduced_output=True)
        sizes, (self.out_strides, self.in_strides) = _coalesce(
            [shape[d] for d in perm], [[out_strides[d] for d in perm], [strides[d] for d in perm]])
        if not sizes:  # 0-d input: one element
            sizes, self.out_strides, self.in_strides = [1], [0], [0]
        self.sizes = sizes
        self.num_reduce_dims = len([s for s in self.out_strides if s == 0])

    def calls(self, begin, end):
        """serial_for_each over linear range [begin, end): (in_offset, out_offset, n0, n1)."""
        return _calls(self.sizes, [self.in_strides, self.out_strides], begin, end)

    def strides2d(self):
        """(s0, s1, o0, o1): the input and output strides of a kernel call's two dims."""
        if len(self.sizes) == 1:
            return self.in_strides[0], 0, self.out_strides[0], 0
        return self.in_strides[0], self.in_strides[1], self.out_strides[0], self.out_strides[1]


def _plan(shape, strides, dims, keepdim):
    """The _Plan of a reduction, shared by every reduction of the same layout (a training loop
    repeats a few). Callers get their own copy of the (mutable) result shape."""
    key = (tuple(shape), tuple(strides), tuple(dims) if isinstance(dims, list) else dims, keepdim)
    plan = _PLANS.get(key)
    if plan is None:
        if len(_PLANS) >= 1024:
            _PLANS.clear()
        plan = _PLANS[key] = _Plan(shape, strides, dims, keepdim)
    own = object.__new__(_Plan)  # (a shallow copy; copy.copy's generic protocol costs several times this)
    own.__dict__.update(plan.__dict__)
    own.out_shape = list(plan.out_shape)
    return own


_PLANS = {}


def _calls(sizes, operand_strides, begin, end):
    """serial_for_each with DimCounter: 2-D steps over the linear range, per operand offsets."""
    if len(sizes) == 1:
        return [tuple([s[0] * begin for s in operand_strides]) + (end - begin, 1)]
    values, rest = [], begin
    for size in sizes:
        values.append(rest % size)
        rest //= size
    calls, offset = [], begin
    while offset < end:
        step0 = min(sizes[0] - values[0], end - offset)
        step1 = 1
        if step0 == sizes[0]:
            step1 = min(sizes[1] - values[1], (end - offset) // sizes[0])
        calls.append(tuple(_dot(values, strides) for strides in operand_strides) + (step0, step1))
        offset += step0 * step1
        i, overflow = (1, step1) if step1 != 1 else (0, step0)
        while i < len(sizes) and overflow > 0:
            value = values[i] + overflow
            overflow = 1 if value >= sizes[i] else 0
            values[i] = value - sizes[i] if overflow else value
            i += 1
    return calls


def _dot(index, strides):
    total = 0
    for i, s in zip(index, strides):
        total += i * s
    return total


def _chunks(numel):
    """at::parallel_for's split of [0, numel) over the threads (used above GRAIN_SIZE)."""
    nthreads = min(NUM_THREADS, -(-numel // GRAIN_SIZE))
    size = -(-numel // nthreads)
    return [(b, min(numel, b + size)) for b in range(0, numel, size)]


# ---- sum ------------------------------------------------------------------------------------

def _sum_call_list(values, out, base, call, strides2d):
    in_off, out_off, n0, n1 = call
    s0, s1, o0, o1 = strides2d
    if o0 != 0 and o1 == 0:
        n0, n1, s0, s1, o0, o1 = n1, n0, s1, s0, o1, o0
    if o0 != 0:  # every output keeps both dims: not a reduction, just out += x
        for j in range(n1):
            for i in range(n0):
                out[out_off + i * o0 + j * o1] += values[base + in_off + i * s0 + j * s1]
        return
    for rule, lo, hi in _column_rules(n0, n1, s0, s1):
        if rule == "inner":
            sums = kernels.inner_sums(values, base + in_off + lo * s1, n0, hi - lo, s1) \
                if kernels.wasm is not None else None
            if sums is None:
                sums = [_inner_sum(_strided(values, base + in_off + j * s1, n0, s0)) for j in range(lo, hi)]
            for j, r in enumerate(sums, lo):
                out[out_off + j * o1] += r
        elif hi > lo:  # the columns lo..hi side by side: item i is row i of them
            first = base + in_off + lo * s1
            sums = kernels.column_sums(values, first, n0, s0, hi - lo, s1, rule == "rowsum") \
                if kernels.wasm is not None else None
            if sums is None:
                rows = [_strided(values, first + i * s0, hi - lo, s1) for i in range(n0)]
                reduce_columns = _cascade if rule == "cascade" else _rowsum
                sums = reduce_columns(rows, n0, _ColumnListOps(hi - lo))
            for j, r in enumerate(sums, lo):
                out[out_off + j * o1] += r


def _strided(values, start, count, step):
    """count values from start, step apart."""
    return values[start:start + (count - 1) * step + 1:step] if step else [values[start]] * count


@backend_kernel
def sum_range(values, offset, plan, out, begin, end, serial):
    """Add the plan's kernel calls over [begin, end) into out (serial: one thread's whole run)."""
    strides2d = plan.strides2d()
    for call in plan.calls(begin, end):
        _sum_call_list(values, out, offset, call, strides2d)


@backend_kernel
def sum_in_order(values, k, columns=False):
    """Each run of k float64 values of a contiguous buffer (``columns``: each column of the buffer
    as k rows) added in order from 0.0 (how the ops add float64 rows that are not contiguous in
    memory): a float64 buffer of the sums."""
    if columns:
        n = len(values) // k
        values = B.take(values, 0, (n, k), (1, n))
    sums = kernels.sums_in_order_f64(values, k) if kernels.wasm is not None else None
    if sums is not None:
        return sums
    values, out = values.tolist(), []
    for i in range(0, len(values), k):
        total = 0.0
        for v in values[i:i + k]:
            total += v
        out.append(total)
    return as_buffer(out, float64)


def is_nan(v):
    return v != v


def greater(a, b):
    return a > b


def less(a, b):
    return a < b


def arg_best(row, better):
    """Index of the first best element of a sequence (better: greater or less); a NaN wins
    (PyTorch propagates NaN)."""
    best = 0
    for i in range(1, len(row)):
        v, b = row[i], row[best]
        if is_nan(b):
            break
        if is_nan(v) or better(v, b):
            best = i
    return best


@backend_kernel
def extreme_rows(values, k, minimum):
    """arg_best over each contiguous row of k (at least 1) float32 or float64 values, as max/min and
    argmax/argmin take it: (the best values, a buffer of the buffer's type; their int64 indices)."""
    found = kernels.extreme_rows(values, k, minimum) if kernels.wasm is not None else None
    if found is not None:
        return found
    dtype = float32 if values.typecode == "f" else float64
    values, better = values.tolist(), less if minimum else greater
    starts = range(0, len(values), k)
    indices = [arg_best(values[lo:lo + k], better) for lo in starts]
    return as_buffer([values[lo + i] for lo, i in zip(starts, indices)], dtype), as_buffer(indices, int64)


@backend_kernel
def blocks_sum_from_last(values, count):
    """``count`` (at least 1) blocks of float32 values end to end added from the last block to the
    first, each sum rounded to float32: how autograd adds a gradient's terms over an RNN's steps."""
    out = kernels.blocks_sum_from_last(values, count) if kernels.wasm is not None else None
    if out is not None:
        return out
    width = len(values) // count
    total = values[(count - 1) * width:]
    for i in reversed(range(count - 1)):
        total = array("f", map(add, total, values[i * width:(i + 1) * width]))
    return total


def sum(values, offset, shape, strides, dims=None, keepdim=False):
    """torch.sum of the view over ``dims`` (None: all). Returns (flat values, result shape)."""
    plan = _plan(shape, strides, dims, keepdim)
    out = zeros(plan.out_numel)
    if plan.numel == 0:
        return out, plan.out_shape
    if plan.out_numel == 1 and plan.numel >= GRAIN_SIZE and NUM_THREADS > 1:
        # two_pass_reduction: one partial sum per thread, then those are summed like a tensor
        partials = zeros(NUM_THREADS)
        for t, (begin, end) in enumerate(_chunks(plan.numel)):
            part = zeros(1)
            sum_range(values, offset, plan, part, begin, end, serial=False)
            partials[t] = part[0]
        out[0] = sum(partials, 0, [NUM_THREADS], [1])[0][0]
    else:
        sum_range(values, offset, plan, out, 0, plan.numel, serial=True)
    return out, plan.out_shape


def mean(values, offset, shape, strides, dims=None, keepdim=False):
    """torch.mean: the cascade sum divided (in float32) by the number of reduced elements."""
    total, out_shape = sum(values, offset, shape, strides, dims, keepdim)
    plan_numel, out_numel = _prod(shape), max(1, _prod(out_shape))
    count = f32(plan_numel // out_numel) if plan_numel else 0.0
    return divide_all(total, count), out_shape


@backend_kernel
def divide_all(total, count):
    """Each float32 value of total divided by count, rounded to float32 (nan when count is 0)."""
    if count == 0.0:
        return array("f", [math.nan]) * len(total)
    return array("f", map(truediv, total, repeat(count)))


# ---- var / std --------------------------------------------------------------------------------

def _element_order(values, offset, shape, strides):
    """The elements of a view in the order a one-input TensorIterator visits them, per 2-D call."""
    perm = _reorder(shape, [list(strides)], reduced_output=False)
    sizes, (in_strides,) = _coalesce([shape[d] for d in perm], [[strides[d] for d in perm]])
    if not sizes:
        sizes, in_strides = [1], [0]
    return sizes, in_strides


def _var_all(values, offset, shape, strides, correction, take_sqrt):
    """std_var_all_cpu: float32 mean, float64 sum of squared deviations, thread partials."""
    n = _prod(shape)
    m = float(mean(values, offset, shape, strides)[0][0])
    sizes, in_strides = _element_order(values, offset, shape, strides)
    s0 = in_strides[0]
    s1 = in_strides[1] if len(sizes) > 1 else 0
    ranges = _chunks(n) if n > GRAIN_SIZE and NUM_THREADS > 1 else [(0, n)]
    flat = values.tolist()
    total = 0.0
    for begin, end in ranges:
        thread_sum = 0.0
        for in_off, n0, n1 in _calls(sizes, [in_strides], begin, end):
            local = 0.0
            for j in range(n1):
                start = offset + in_off + j * s1
                for x in (flat[start:start + (n0 - 1) * s0 + 1:s0] if s0 else [flat[start]] * n0):
                    d = x - m
                    local += d * d
            thread_sum += local
        total += thread_sum
    return _finish_var(total, n - correction, take_sqrt)


def _reduced_rows(plan):
    """For each output (in the plan's kept-dim order): its output index and the input offsets
    of its reduced elements, in the order the kernel visits them. Shared by the reductions of one
    layout (a training loop repeats a few): the callers only read them."""
    key = (tuple(plan.sizes), tuple(plan.in_strides), tuple(plan.out_strides), plan.num_reduce_dims)
    found = _ROWS.get(key)
    if found is None:
        if len(_ROWS) >= 256:
            _ROWS.clear()
        found = _ROWS[key] = _rows_and_inner(plan)
    return found


_ROWS = {}


def _rows_and_inner(plan):
    k = plan.num_reduce_dims
    red_sizes, red_strides = plan.sizes[:k], plan.in_strides[:k]
    inner = [0]
    for size, stride in zip(red_sizes, red_strides):
        inner = [o + i * stride for i in range(size) for o in inner]
    rows = [(0, 0)]
    for size, in_stride, out_stride in zip(plan.sizes[k:], plan.in_strides[k:], plan.out_strides[k:]):
        rows = [(o + i * out_stride, p + i * in_stride) for i in range(size) for o, p in rows]
    return rows, inner


@backend_kernel
def var_welford(values, offset, rows, inner, out_numel, correction, take_sqrt):
    """WelfordOps in float64 per output (rows: its output index and input offset, see
    _reduced_rows), over the reduced elements (inner offsets) in kernel order."""
    out = [0.0] * out_numel
    n = len(inner)
    step = inner[1] - inner[0] if n > 1 else 1
    evenly = n and step > 0 and inner == list(range(inner[0], inner[0] + n * step, step))  # a slice each
    firsts = [offset + p + (inner[0] if n else 0) for _, p in rows]
    sums = kernels.welford_m2(values, firsts, n, step) if evenly and kernels.wasm is not None else None
    if sums is None:
        sums = []
        for (o, p), first in zip(rows, firsts):
            xs = values[first:first + (n - 1) * step + 1:step] if evenly else [values[offset + p + q] for q in inner]
            mean_ = m2 = 0.0
            count = 0
            for x in xs:
                count += 1
                d = x - mean_
                mean_ += d / count
                m2 += d * (x - mean_)
            sums.append(m2)
    for (o, _), m2 in zip(rows, sums):
        out[o] = _finish_var(m2, n - correction, take_sqrt)
    return array("f", out)


def var(values, offset, shape, strides, dims=None, correction=1, keepdim=False, take_sqrt=False):
    """torch.var (torch.std with take_sqrt=True). Returns (flat values, result shape)."""
    plan = _plan(shape, strides, dims, keepdim)
    if plan.out_numel <= 1 and plan.numel > 0:
        result = [_var_all(values, offset, shape, strides, correction, take_sqrt)]
    elif plan.numel == 0:
        result = [math.nan] * plan.out_numel
    else:
        result = var_welford(values, offset, *_reduced_rows(plan), plan.out_numel, correction, take_sqrt)
    return as_buffer(result), plan.out_shape


def std(values, offset, shape, strides, dims=None, correction=1, keepdim=False):
    return var(values, offset, shape, strides, dims, correction, keepdim, take_sqrt=True)


# ---- norm (p = 2) --------------------------------------------------------------------------------

def _norm_lastdim(row):
    """The vectorised 2-norm of one contiguous row: 8 lanes, lane fold, then a 4-then-fma tail."""
    n = len(row)
    end = n // _SUM_LANES * _SUM_LANES
    acc = array("f", bytes(4 * _SUM_LANES))
    for b in range(0, end, _SUM_LANES):
        block = row[b:b + _SUM_LANES]
        acc = array("f", map(add, acc, array("f", map(mul, block, block))))
    s = array("f", [acc[0]])
    for v in acc[1:]:
        s[0] += v
    i = end
    while n - i >= 4:
        for x in row[i:i + 4]:
            s[0] += f32(x * x)
        i += 4
    for x in row[i:]:
        s[0] = fma32(x, x, s[0])
    return f32(math.sqrt(s[0]))


def _serial_sum_of_squares(xs):
    s = array("f", [0.0])
    for x in xs:
        s[0] += f32(x * x)
    return s[0]


def norm(values, offset, shape, strides, dims=None, keepdim=False):
    """torch.norm / linalg.vector_norm with p = 2. Returns (flat values, result shape)."""
    plan = _plan(shape, strides, dims, keepdim)
    out = zeros(plan.out_numel)
    if plan.numel == 0:
        return out, plan.out_shape
    rows, inner = _reduced_rows(plan)
    lastdim = plan.num_reduce_dims == 1 and plan.out_strides[0] == 0 and plan.in_strides[0] == 1
    if lastdim:
        norm_lastdim(values, offset, rows, plan.sizes[0], out)
        return out, plan.out_shape
    # binary_kernel_reduce with NormTwoOps: sequential float32 acc + x*x, split over threads
    # only for a single output of >= GRAIN_SIZE elements
    for o, p in rows:
        xs = [values[offset + p + q] for q in inner]
        xs = [float(v) for v in xs]
        if len(rows) == 1 and len(xs) >= GRAIN_SIZE and NUM_THREADS > 1:
            total = array("f", [0.0])
            for begin, end in _chunks(len(xs)):
                total[0] += _serial_sum_of_squares(xs[begin:end])
            s = total[0]
        else:
            s = _serial_sum_of_squares(xs)
        out[o] = f32(math.sqrt(s))
    return out, plan.out_shape


@backend_kernel
def norm_lastdim(values, offset, rows, n, out):
    """out[o] = the vectorised 2-norm of the contiguous row of n values at offset + p, for each
    (o, p) of rows."""
    for o, p in rows:
        out[o] = _norm_lastdim(values[offset + p:offset + p + n])


# ---- prod ------------------------------------------------------------------------------------

def _prod_row(row, start):
    """vectorized_inner_reduction: 4 x 8-lane products over full 32-blocks, then the rest in order."""
    n = len(row)
    acc = start
    blocks = n // 32
    if blocks:
        vecs = [array("f", row[j * 8:j * 8 + 8]) for j in range(4)]
        for b in range(1, blocks):
            for j in range(4):
                vecs[j] = array("f", map(mul, vecs[j], row[b * 32 + j * 8:b * 32 + j * 8 + 8]))
        v = array("f", map(mul, array("f", map(mul, vecs[0], vecs[1])), array("f", map(mul, vecs[2], vecs[3]))))
        p = v[0]
        for x in v[1:]:
            p = f32(p * x)
        acc = f32(acc * p)
    for x in row[blocks * 32:]:
        acc = f32(acc * x)
    return acc


def prod(values, offset, shape, strides, dims=None, keepdim=False):
    """torch.prod (binary_kernel_reduce_vec with *). Returns (flat values, result shape).

    Exact for full products (spec 3.7) and, in the golden tests, over one dim too.
    """
    plan = _plan(shape, strides, dims, keepdim)
    flat = values.tolist()
    out = [1.0] * plan.out_numel
    if plan.numel:
        if plan.out_numel == 1 and plan.numel >= GRAIN_SIZE and NUM_THREADS > 1:
            partials = [1.0] * NUM_THREADS
            for t, (begin, end) in enumerate(_chunks(plan.numel)):
                partials[t] = _prod_range(flat, offset, plan, [1.0], begin, end)[0]
            out = [_prod_row(partials, 1.0)]
        else:
            out = _prod_range(flat, offset, plan, out, 0, plan.numel)
    return as_buffer(out), plan.out_shape


def _prod_range(flat, offset, plan, out, begin, end):
    s0, s1, o0, o1 = plan.strides2d()
    for in_off, out_off, n0, n1 in plan.calls(begin, end):
        for j in range(n1):
            start = offset + in_off + j * s1
            col = flat[start:start + (n0 - 1) * s0 + 1:s0] if s0 else [flat[start]] * n0
            k = out_off + j * o1
            if o0:  # nothing reduced in this call: out = out * x elementwise
                for i, x in enumerate(col):
                    out[k + i * o0] = f32(out[k + i * o0] * x)
            elif s0 == 1:  # contiguous inner reduction
                out[k] = _prod_row(col, out[k])
            elif o1 == 1 and s1 == 1 and j < n1 // 32 * 32:  # outer reduction, 32-column blocks
                p = col[0]
                for x in col[1:]:
                    p = f32(p * x)
                out[k] = f32(out[k] * p)
            else:
                for x in col:
                    out[k] = f32(out[k] * x)
    return out


# ---- cumsum / cumprod ----------------------------------------------------------------------------

def _scan_along(values, shape, dim, multiply):
    ndim = len(shape)
    if ndim == 0:
        return as_buffer([f32(v) for v in values])
    return scan(values, shape, dim % ndim, multiply)


@backend_kernel
def scan(values, shape, dim, multiply):
    """A float64 running sum (product) along dim of contiguous values, each output rounded to float32.
    The sum starts from 0 (so a -0. first element gives 0.), the product from the first element."""
    op = mul if multiply else add
    size = shape[dim]
    inner = _prod(shape[dim + 1:])
    outer = _prod(shape[:dim])
    out = array("f", bytes(4 * len(values)))
    for o in range(outer):
        base = o * size * inner
        for i in range(inner):
            line = values[base + i:base + i + (size - 1) * inner + 1:inner]
            out[base + i:base + i + (size - 1) * inner + 1:inner] = array(
                "f", accumulate(line, op) if multiply else accumulate(line, op, initial=0.0))[1 - multiply:]
    return out


def cumsum(values, shape, dim):
    """torch.cumsum of contiguous values along dim."""
    return _scan_along(values, shape, dim, multiply=False)


def cumprod(values, shape, dim):
    """torch.cumprod of contiguous values along dim."""
    return _scan_along(values, shape, dim, multiply=True)


# ---- float64 sums of contiguous rows ----------------------------------------------------------
# The double sum kernel has the float32 one's structure with 4 lanes (AVX2 Vectorized<double>).
# Python floats are float64, so plain additions round as the kernel's do.

_SUM_LANES_64 = 4


class _Float64VectorOps:
    """Items are tuples of ``lanes`` floats, added lane by lane."""

    def __init__(self, lanes):
        self.zero = (0.0,) * lanes

    def block_sums(self, items, nblocks, size):
        acc = [self.zero] * nblocks
        for s in range(size):
            acc = [tuple(map(add, a, b)) for a, b in zip(acc, items[s:nblocks * size:size])]
        return acc

    def seq(self, items):
        acc = self.zero
        for v in items:
            acc = tuple(map(add, acc, v))
        return acc

    @staticmethod
    def add(a, b):
        return tuple(map(add, a, b))


def sum_row_float64(values):
    """The cascade sum of one contiguous float64 row (spec 3.1 with 4 lanes)."""
    row = values.tolist() if hasattr(values, "tolist") else list(values)
    n = len(row)
    if n < _SUM_LANES_64:
        return 0.0 + _rowsum([(v,) for v in row], n, _Float64VectorOps(1))[0]
    end = n // _SUM_LANES_64 * _SUM_LANES_64
    vectors = [tuple(row[i:i + _SUM_LANES_64]) for i in range(0, end, _SUM_LANES_64)]
    total = 0.0
    for v in row[end:] + list(_rowsum(vectors, len(vectors), _Float64VectorOps(_SUM_LANES_64))):
        total += v
    return 0.0 + total
