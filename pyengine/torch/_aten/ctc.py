"""The CTC loss's loops (PyTorch's ctc_loss_cpu and its backward), on flat buffers and numbers
(targets as lists of class labels):
the forward (alpha) and backward (beta) recursions over the target with blanks between and
around its labels ("target primes"), in log space, each step rounded in the dtype
(float32: glibc's expf/logf, as the CPU kernel calls them)."""
import math

from ._dispatch import backend_kernel, rounded
from ._libm32 import expf_glibc1, logf_glibc1
from .pool import _rounding

_NEG_INF = -math.inf


def _libm(float32):
    if float32:
        return expf_glibc1, logf_glibc1
    return math.exp, lambda v: math.log(v) if v > 0 else _NEG_INF


class _Sequence:
    """One batch entry: its log-probabilities (T, C rows of lp), lengths and target primes."""

    def __init__(self, lp, b, n_batch, classes, target, input_length, blank):
        self.rows = [lp[(t * n_batch + b) * classes:(t * n_batch + b + 1) * classes] for t in range(input_length)]
        self.primes = [blank if s % 2 == 0 else target[s // 2] for s in range(2 * len(target) + 1)]


def _logsumexp3(r, exp, log, a, b, c):
    """log(exp(a-m) + exp(b-m) + exp(c-m)) + m with m the largest (0 if all are -inf)."""
    m = max(a, b, c)
    if m == _NEG_INF:
        m = 0.0
    return r(log(r(r(exp(r(a - m)) + exp(r(b - m))) + exp(r(c - m)))) + m)


def _recursion(r, exp, log, rows, primes):
    """log_alpha (len(rows) rows of len(primes)): the log-probability of each prefix of the
    target primes ending at each time step, from the start. Run on the time steps and primes
    reversed, it gives log_beta reversed (the same sums in the same order)."""
    width = len(primes)
    alpha = [[_NEG_INF] * width for _ in rows]
    if not rows:
        return alpha
    alpha[0][0] = rows[0][primes[0]]
    if width > 1:
        alpha[0][1] = rows[0][primes[1]]
    for t in range(1, len(rows)):
        prev = alpha[t - 1]
        for s in range(width):
            la2 = prev[s - 1] if s > 0 else _NEG_INF
            la3 = prev[s - 2] if s > 1 and primes[s - 2] != primes[s] else _NEG_INF
            alpha[t][s] = r(_logsumexp3(r, exp, log, prev[s], la2, la3) + rows[t][primes[s]])
    return alpha


def _alphas(r, exp, log, seq):
    return _recursion(r, exp, log, seq.rows, seq.primes)


def _betas(r, exp, log, seq):
    return [row[::-1] for row in reversed(_recursion(r, exp, log, seq.rows[::-1], seq.primes[::-1]))]


def _nll(r, exp, log, alpha, width):
    if not alpha:
        return -_NEG_INF if width > 1 else -0.0
    last = alpha[-1]
    if width == 1:
        return -last[0]
    l1, l2 = last[width - 1], last[width - 2]
    m = max(l1, l2)
    if m == _NEG_INF:
        m = 0.0
    return -r(log(r(exp(r(l1 - m)) + exp(r(l2 - m)))) + m)


@backend_kernel
def ctc_loss(lp, shape, targets, input_lengths, target_lengths, blank, float32):
    """(negative log-likelihood per batch entry, log_alpha as (N, T, 2 * max target length + 1)):
    two buffers, float32 for float32 steps, else float64."""
    r = _rounding(float32)
    lp = lp.tolist()
    exp, log = _libm(float32)
    steps, n_batch, classes = shape
    width = 2 * max(target_lengths, default=0) + 1
    nll, log_alpha = [], [_NEG_INF] * (n_batch * steps * width)
    for b in range(n_batch):
        seq = _Sequence(lp, b, n_batch, classes, targets[b], input_lengths[b], blank)
        alpha = _alphas(r, exp, log, seq)
        nll.append(_nll(r, exp, log, alpha, len(seq.primes)))
        for t, row in enumerate(alpha):
            at = (b * steps + t) * width
            log_alpha[at:at + len(row)] = row
    return rounded(nll, float32), rounded(log_alpha, float32)


@backend_kernel
def ctc_loss_backward(grad, lp, shape, targets, input_lengths, target_lengths, nll, log_alpha, blank,
                      zero_infinity, float32):
    """The gradient by the log-probabilities, (T, N, C): exp(lp) - exp(log(sum of alpha*beta over
    the target primes of each class) + nll - lp), times the entry's output gradient (grad, lp,
    nll and log_alpha: buffers; the result: a buffer as ctc_loss's)."""
    r = _rounding(float32)
    grad, lp, nll, log_alpha = grad.tolist(), lp.tolist(), nll.tolist(), log_alpha.tolist()
    exp, log = _libm(float32)
    steps, n_batch, classes = shape
    width = 2 * max(target_lengths, default=0) + 1
    out = [0.0] * (steps * n_batch * classes)
    for b in range(n_batch):
        if zero_infinity and nll[b] == math.inf:
            continue
        seq = _Sequence(lp, b, n_batch, classes, targets[b], input_lengths[b], blank)
        beta = _betas(r, exp, log, seq)
        for t, row in enumerate(seq.rows):
            at = (b * steps + t) * width
            combined = [_NEG_INF] * classes  # log of the sum of alpha * beta per class, s descending
            for s in range(len(seq.primes) - 1, -1, -1):
                c = seq.primes[s]
                ab = r(log_alpha[at + s] + beta[t][s])
                acc = combined[c]
                if acc == _NEG_INF:
                    combined[c] = ab
                else:
                    m = max(acc, ab)
                    combined[c] = r(log(r(exp(r(acc - m)) + exp(r(ab - m)))) + m)
            g = grad[b]
            for c in range(classes):
                out[(t * n_batch + b) * classes + c] = r(r(exp(row[c]) - exp(r(r(combined[c] + nll[b]) - row[c]))) * g)
    return rounded(out, float32)
