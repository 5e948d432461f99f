"""softmax, log_softmax and the losses built on them, rounded as torch's CPU kernels.

softmax/log_softmax over the last dim use W = LANES-wide vectors: SLEEF expf on every
element, a lane-wise sum (``_lanesum``), then ``e * (1 / S)`` or ``(x - max) - logf(S)``.
Over another dim, each inner position is computed on its own with a sequential sum; SLEEF
expf for positions in full W-blocks, glibc expf for the rest (SoftMaxKernel.cpp).
Values are contiguous, row-major, with their shape. The loops here are the pure-Python
backend's; the numpy backend has whole-array versions of them (``_backend/numpy.py``).
The multi-class and multi-label margin losses' loops (any float dtype, layer-loop convention
of ``_aten/__init__.py``) run as these Python loops on both backends.
"""
import math
from array import array
from itertools import repeat
from operator import mul, sub

from .._backend import kernels
from .._dtype import float64
from .._float32 import f32
from . import reduce as _reduce
from . import special
from ._common import GRAIN_SIZE, LANES, NUM_THREADS, ceil_log2, fma32_seq, ieee_div as _div, lane_sum as _lanesum
from ._dispatch import as_buffer, backend_kernel, rounded


def _split(shape, dim):
    """(outer, size, inner) of a contiguous tensor around dim."""
    if not shape:
        return 1, 1, 1
    dim %= len(shape)
    outer = inner = 1
    for s in shape[:dim]:
        outer *= s
    for s in shape[dim + 1:]:
        inner *= s
    return outer, shape[dim], inner


def _is_last(shape, dim):
    return not shape or dim % len(shape) == len(shape) - 1


# ---- last dim ---------------------------------------------------------------------------------

def _row_max(row):
    return math.nan if any(v != v for v in row) else max(row)


@backend_kernel
def softmax_lastdim(values, n, log):
    """softmax (log_softmax) of each contiguous row of n values."""
    if kernels.wasm is not None:  # the browser's kernels: the same steps
        out = kernels.softmax_lastdim(values, n, log, LANES)
        if out is not None:
            return out
    out = array("f")
    for start in range(0, len(values), n):
        row = values[start:start + n]
        d = array("f", map(sub, row, repeat(_row_max(row))))
        e = special.expf_sleef(d)
        total = _lanesum(e)
        if log:
            out.extend(array("f", map(sub, d, repeat(special.logf_sleef(array("f", (total,)))[0]))))
        else:
            out.extend(array("f", map(mul, e, repeat(f32(1.0 / total)))))
    return out


# ---- other dims -------------------------------------------------------------------------------

def _softmax_vector_positions(outer, size, inner):
    """Which (outer, inner) positions _vec_softmax computes with vectors, given its thread split."""
    total = outer * inner
    vector = [False] * total
    grain = max(GRAIN_SIZE // size, 1)
    ranges = [(0, total)]
    if total > grain and NUM_THREADS > 1:
        nthreads = min(NUM_THREADS, -(-total // grain))
        size = -(-total // nthreads)
        ranges = [(b, min(total, b + size)) for b in range(0, total, size)]
    for begin, end in ranges:
        idx = begin
        while idx < end:
            inner_idx = idx % inner
            if inner_idx + LANES <= inner and idx + LANES <= end:
                vector[idx:idx + LANES] = [True] * LANES
                idx += LANES
            else:
                idx += (end - idx) if idx + LANES > end else (inner - inner_idx)
    return vector


def _logsoftmax_vector_positions(outer, size, inner):
    """Which positions _vec_logsoftmax computes with vectors: full W-blocks of each inner chunk."""
    chunk = max(131072 // size // 4, LANES) // LANES * LANES
    per_row = [False] * inner
    for lo in range(0, inner, chunk):
        length = min(chunk, inner - lo)
        vec_len = length - length % LANES
        per_row[lo:lo + vec_len] = [True] * vec_len
    return per_row * outer


def _otherdim(values, shape, dim, log):
    outer, size, inner = _split(shape, dim)
    if log:
        vector = _logsoftmax_vector_positions(outer, size, inner)
    else:
        vector = _softmax_vector_positions(outer, size, inner)
    return softmax_otherdim(values, outer, size, inner, vector, log)


@backend_kernel
def softmax_otherdim(values, outer, size, inner, vector, log):
    """softmax (log_softmax) over the middle dim of contiguous (outer, size, inner) values;
    vector[o * inner + i] says whether position (o, i) takes the vector formula."""
    out = array("f", bytes(4 * len(values)))
    for pos, use_vector in enumerate(vector):
        o, i = divmod(pos, inner)
        idx = range(o * size * inner + i, (o + 1) * size * inner, inner)
        xs = [values[k] for k in idx]
        d = array("f", map(sub, xs, repeat(_row_max(xs))))
        e = (special.expf_sleef if use_vector else special.expf_glibc)(d)
        acc = array("f", [0.0])
        for v in e:
            acc[0] += v
        if log:
            res = array("f", map(sub, d, repeat(special.logf_sleef(acc)[0])))
        else:
            res = array("f", [v / acc[0] for v in e])
        for k, v in zip(idx, res):
            out[k] = v
    return out


def softmax(values, shape, dim):
    """torch.softmax of contiguous float32 values of the given shape."""
    if _is_last(shape, dim):
        return softmax_lastdim(values, shape[-1] if shape else 1, log=False)
    return _otherdim(values, shape, dim, log=False)


def log_softmax(values, shape, dim):
    """torch.log_softmax of contiguous float32 values of the given shape."""
    if _is_last(shape, dim):
        return softmax_lastdim(values, shape[-1] if shape else 1, log=True)
    return _otherdim(values, shape, dim, log=True)


@backend_kernel
def log_softmax_backward_lastdim(grad, output, n):
    """grad - exp(output) * grad.sum(-1) over rows of n: PyTorch's kernel computes the row sum
    with _lanesum and each element as one fused step, fma(-expf_sleef(output), sum, grad)."""
    if kernels.wasm is not None:  # the browser's kernels: the same steps
        out = kernels.log_softmax_backward_lastdim(grad, output, n, LANES)
        if out is not None:
            return out
    out = array("f")
    for start in range(0, len(grad), n):
        g = grad[start:start + n]
        neg_e = [-v for v in special.expf_sleef(output[start:start + n])]
        out.extend(fma32_seq(neg_e, [_lanesum(g)] * n, g))
    return out


# ---- losses -------------------------------------------------------------------------------------

def _indexable(buf):
    """A buffer whose elements read as Python numbers: an array.array as it is (a few are picked
    from a big one: no copy to a list), else as a list."""
    return buf if buf.__class__ is array else buf.tolist()


@backend_kernel
def nll_values(logp, classes, targets, weight, ignore_index):
    """Per-sample losses and weights of nll_loss for (N, C) log-probabilities (weight: a buffer
    or None), exact, as two float64 buffers; an IndexError for a target out of range."""
    logp = _indexable(logp)
    weight = weight.tolist() if weight is not None else None
    losses, ws = [], []
    for i, t in enumerate(targets):
        if t == ignore_index:
            losses.append(0.0)
            ws.append(0.0)
            continue
        if not 0 <= t < classes:
            raise IndexError(f"Target {t} is out of bounds.")
        w = weight[t] if weight is not None else 1.0
        losses.append(-logp[i * classes + t] * w)
        ws.append(w)
    return as_buffer(losses, float64), as_buffer(ws, float64)


@backend_kernel
def nll_backward(per_row, classes, targets, weight, ignore_index):
    """nll_loss's input gradient: each row's value (a buffer, times its class weight) at its
    target, as a float64 buffer."""
    per_row = per_row.tolist()
    weight = weight.tolist() if weight is not None else None
    out = [0.0] * (len(targets) * classes)
    for i, t in enumerate(targets):
        if t == ignore_index:
            continue
        out[i * classes + t] = per_row[i] * (weight[t] if weight is not None else 1.0)
    return as_buffer(out, float64)


def nll_loss(logp, shape, targets, reduction="mean", weight=None, ignore_index=-100):
    """F.nll_loss for logp of shape (B, C) or (C,) and integer targets.

    'mean'/'sum' use the kernel's own 8-level float32 cascade over the batch.
    """
    classes = shape[-1]
    batch = shape[0] if len(shape) == 2 else 1
    targets = [int(t) for t in targets]
    power = max(4, ceil_log2(batch) // 8)
    if reduction != "none" and weight is None and ignore_index not in targets:  # every row, unweighted
        total = float(negated_cascade_sum(logp, classes, targets, power)[0])
        return as_buffer([_div(total, f32(batch)) if reduction == "mean" else total])
    flat = _indexable(logp)
    if reduction == "none":
        out = []
        for b, t in enumerate(targets):
            w = 0.0 if t == ignore_index else (1.0 if weight is None else float(weight[t]))
            out.append(f32(-(flat[b * classes + t] * w)) if t != ignore_index else 0.0)
        return as_buffer(out)
    terms = [None if t == ignore_index else (flat[b * classes + t], None) if weight is None else
             (f32(flat[b * classes + t] * float(weight[t])), float(weight[t])) for b, t in enumerate(targets)]
    total, total_weight = _cascade_levels(terms, power)
    if reduction == "mean":
        total = _div(total, f32(batch - terms.count(None)) if weight is None else total_weight)
    return as_buffer([total])


def _cascade_levels(terms, power):
    """(-sum of the losses, sum of the weights) of nll_loss's rows as the kernel adds them: each row's
    (loss, weight or None) term, or None for an ignored row, into level 0 of eight float32
    accumulators, level j carried into j + 1 after each row b whose low (j + 1) * power bits are 0;
    then the levels added in order."""
    mask = (1 << power) - 1
    loss = array("f", bytes(32))
    weights = array("f", bytes(32))
    for b, term in enumerate(terms):
        if term is None:
            continue
        x, w = term
        loss[0] -= x
        if w is not None:
            weights[0] += w
        for j in range(7):
            if b & (mask << (j * power)):
                break
            loss[j + 1] += loss[j]
            weights[j + 1] += weights[j]
            loss[j] = weights[j] = 0.0
    return _running_sum(loss), _running_sum(weights)


@backend_kernel
def negated_cascade_sum(logp, classes, targets, power):
    """_cascade_levels' loss sum of unweighted rows, none ignored: -logp[0, targets[0]] -
    logp[1, targets[1]] ... as nll_loss's kernel adds them (logp: a float32 buffer of rows of
    ``classes``; targets: each row's class, in range), as a buffer of one value."""
    flat = _indexable(logp)
    return as_buffer([_cascade_levels([(flat[b * classes + t], None) for b, t in enumerate(targets)], power)[0]])


def _running_sum(parts):
    acc = array("f", [0.0])
    for v in parts:
        acc[0] += v
    return acc[0]


def cross_entropy(logits, shape, targets, reduction="mean", weight=None, ignore_index=-100):
    """F.cross_entropy with class-index targets: nll_loss(log_softmax(logits, class dim))."""
    class_dim = 1 if len(shape) >= 2 else 0
    if len(shape) > 2:
        raise NotImplementedError("cross_entropy kernel handles (B, C) and (C,) logits")
    logp = log_softmax(logits, shape, class_dim)
    return nll_loss(logp, shape, targets, reduction, weight, ignore_index)


def _reduce_loss(values, reduction):
    if reduction == "none":
        return values
    kernel = _reduce.mean if reduction == "mean" else _reduce.sum
    return kernel(values, 0, [len(values)], [1])[0]


def mse_loss(a, b, reduction="mean"):
    """F.mse_loss of equal-size contiguous inputs: d = a - b, d * d, then the cascade mean/sum."""
    return _reduce_loss(squared_difference(a, b), reduction)


@backend_kernel
def squared_difference(a, b):
    """(a - b) * (a - b), each step rounded to float32."""
    d = array("f", map(sub, a, b))
    return array("f", map(mul, d, d))


def binary_cross_entropy(p, y, reduction="mean"):
    """F.binary_cross_entropy: (y - 1) * max(log1p(-p), -100) - y * max(log(p), -100),
    with glibc's logf and log1pf (torch's scalar kernel calls them)."""
    return _reduce_loss(bce_terms(p, y), reduction)


@backend_kernel
def bce_terms(p, y):
    """binary_cross_entropy's per-element losses, in float32."""
    log1m = [max(v, -100.0) for v in special.log1pf_glibc(array("f", [-v for v in p]))]
    logp = [max(v, -100.0) for v in special.logf_glibc(p)]
    first = array("f", map(mul, array("f", [v - 1.0 for v in y]), log1m))
    second = array("f", map(mul, y, logp))
    return array("f", map(sub, first, second))


# ---- multi-class margin loss (PyTorch's LossMultiMargin.cpp): frames of dim values, one class
# target each; each step in the input's dtype (float32: rounded), the sum over frames in float64

@backend_kernel
def multi_margin_loss(values, dim, targets, p, margin, weight, reduction, float32):
    """Each frame's sum over d != target of max(0, margin - x[target] + x[d]) ** p (times
    weight[target]), divided by dim: those ("none") or their float64 sum (divided by the number
    of frames for "mean") rounded once, as a buffer (``rounded``)."""
    r = f32 if float32 else float
    values = values.tolist()
    weights = weight.tolist() if weight is not None else None
    sums = []
    for t, k in enumerate(targets):
        row = values[t * dim:(t + 1) * dim]
        total = 0.0
        for d, x in enumerate(row):
            z = r(r(r(margin) - row[k]) + x)
            if d != k and z > 0:
                h = z if p == 1 else r(z * z)
                total = r(total + (r(h * weights[k]) if weights is not None else h))
        sums.append(r(total / dim))
    if reduction != "none":
        total = sum(sums, 0.0)
        sums = [r(total / len(targets) if reduction == "mean" else total)]
    return rounded(sums, float32)


@backend_kernel
def multi_margin_loss_backward(grad, values, dim, targets, p, margin, weight, reduction, float32):
    """multi_margin_loss's input gradient for the output gradient ``grad`` (one per frame for
    "none", else one), as a buffer (``rounded``)."""
    r = f32 if float32 else float
    values = values.tolist()
    weights = weight.tolist() if weight is not None else None
    nframe = len(targets)
    g = r(1.0 / r(nframe * dim if reduction == "mean" else dim))
    scales = grad.tolist() if reduction == "none" else grad.tolist() * nframe
    out = []
    for t, (k, scale) in enumerate(zip(targets, scales)):
        row = values[t * dim:(t + 1) * dim]
        grads, target_grad = [], 0.0
        for d, x in enumerate(row):
            z = r(r(r(margin) - row[k]) + x)
            h = 0.0
            if d != k and z > 0:
                h = g if p == 1 else r(r(2 * g) * z)
                h = r(h * weights[k]) if weights is not None else h
                target_grad = r(target_grad - h)
            grads.append(h)
        grads[k] = target_grad
        out += [r(v * scale) for v in grads]
    return rounded(out, float32)


# ---- multi-label margin loss (PyTorch's LossMultiLabelMargin.cpp): frames of dim values and dim
# class labels each, a frame's targets its labels before the first -1; each margin in the input's
# dtype (float32: rounded), the sums in float64

def _label_frames(values, dim, labels):
    """(row, targets, set of targets) of each frame of the flat values and labels."""
    for start in range(0, len(values), dim):
        row, frame_labels = values[start:start + dim], labels[start:start + dim]
        targets = frame_labels[:frame_labels.index(-1)] if -1 in frame_labels else frame_labels
        yield row, targets, set(targets)


@backend_kernel
def multilabel_margin_loss(values, dim, labels, reduction, float32):
    """Each frame's float64 sum over its targets k and the other classes d of
    max(0, 1 - x[k] + x[d]), divided by dim: those each rounded once ("none"), or their float64
    sum (divided by the number of frames for "mean") rounded once, as a buffer (``rounded``)."""
    r = f32 if float32 else float
    sums = []
    for row, targets, is_target in _label_frames(values.tolist(), dim, labels):
        total = 0.0
        for k in targets:
            for d in range(dim):
                z = r(r(1 - row[k]) + row[d])
                if d not in is_target and z > 0:
                    total += z
        sums.append(total)
    if reduction == "none":
        return rounded([r(v / dim) for v in sums], float32)
    total = sum(sums, 0.0) / dim
    return rounded([r(total / len(sums) if reduction == "mean" else total)], float32)


@backend_kernel
def multilabel_margin_loss_backward(grad, values, dim, labels, reduction, float32):
    """multilabel_margin_loss's input gradient for the output gradient ``grad`` (one per frame
    for "none", else one), as a buffer (``rounded``)."""
    r = f32 if float32 else float
    nframe = len(values) // dim
    g = r(1.0 / (nframe * dim) if reduction == "mean" else 1.0 / dim)
    scales = grad.tolist() if reduction == "none" else grad.tolist() * nframe
    out = []
    for (row, targets, is_target), scale in zip(_label_frames(values.tolist(), dim, labels), scales):
        grads = [0.0] * dim
        for k in targets:
            for d in range(dim):
                if d not in is_target and r(r(1 - row[k]) + row[d]) > 0:
                    grads[k] = r(grads[k] - g)
                    grads[d] = r(grads[d] + g)
        out += [r(v * scale) for v in grads]
    return rounded(out, float32)
