"""Matrix products with the accumulation orders MKL 2024.2 uses for torch's CPU float32 gemm.

Three rules (spec section 4.2), chosen by output shape (4.3):

* N: sequential, product rounded then added; a bias is added last.
* F: k split into blocks of kc; each block is a fused (fma) running sum; blocks are then
  added in order; a bias is the starting value.
* D: 4-lane dot products (D1: one 4-lane accumulator, D2: two), then a fixed fold; a bias
  is added last. Used by Linear/addmm with few rows or few outputs.

Shapes the spec lists as not reproduced get the best simple rule it names (``rule_for``).
Matrices are flat row-major float32 sequences. The products here are the pure-Python
backend's; the numpy backend has its own (``_backend/numpy.py``), with the same bits.
"""
from array import array
from operator import add, mul

from .._backend import kernels
from .._float32 import f32
from ._common import f_blocks as _f_blocks, fma32_scaled
from ._dispatch import as_buffer, backend_kernel


# ---- which rule -----------------------------------------------------------------------------

def rule_for(m, k, n, b_transposed=False):
    """The rule MKL's sgemm follows for an (m x k) @ (k x n) product.

    b_transposed: the second operand is the transpose of a row-major (n x k) matrix, as in
    F.linear / nn.Linear / addmm(bias, x, w.t()). Returns "N", "F", "D" or "D1".
    """
    if k == 1 or m == 0 or n == 0:
        return "N"  # a single product: every rule agrees
    if m >= 4 and n >= 12:
        return "F"
    if b_transposed:
        if m == 1 or n == 1:
            # sgemv-like paths, not reproduced beyond these sizes; D1 is the best stand-in
            return "N" if k <= _gemv_exact_k(m, n) else "D1"
        return "D"
    # R = 1, R in {2, 3}, C <= 11: N. (Beyond _gemv_exact_k with C = 1, and for C in
    # {5, 6, 7, 9, 10, 11}, MKL is not reproduced; N is the best simple stand-in.)
    return "N"


def _gemv_exact_k(m, n):
    """Largest k for which rule N still holds on one-row / one-column products."""
    if n == 1 and m == 2:
        return 16
    if n == 1 and m == 3:
        return 8
    return 4


# ---- public entry points -------------------------------------------------------------------

def mm(a, b, m, k, n, bias=None, b_transposed=False, rule=None):
    """(m x k) @ (k x n) + bias, rounded as torch's mm/addmm/linear.

    a: m*k values, row-major. b: k*n values row-major, or, with b_transposed, the n*k values
    of the matrix whose transpose is used (an nn.Linear weight). bias: n values or None.
    """
    rule = rule or rule_for(m, k, n, b_transposed)
    if _splits_leftover_rows(rule, m, k):
        # MKL's F kernel works on 4-row panels; the m mod 4 leftover rows go another way.
        # Measured on the reference machine: rule N when k > 16 (exact for one leftover row
        # with n <= 16; two or three leftover rows are only partly reproduced). bmm's
        # per-batch products do not do this.
        head = m // 4 * 4
        top = mm_rule(a[:head * k], b, head, k, n, bias, b_transposed, "F")
        rest = mm_rule(a[head * k:], b, m - head, k, n, bias, b_transposed, "N")
        return joined([top, rest])
    return mm_rule(a, b, m, k, n, bias, b_transposed, rule)


def _splits_leftover_rows(rule, m, k):
    return rule == "F" and m % 4 and k > 16


def mm_each(a, b, batch, m, k, n):
    """mm of each of ``batch`` pairs (m x k) @ (k x n), a's and b's end to end, as mm rounds each
    (not bmm's rule): one bmm_rule call when mm takes one rule N or F for all of a product's rows."""
    rule = rule_for(m, k, n)
    if rule in ("N", "F") and not _splits_leftover_rows(rule, m, k):
        return bmm_rule(a, b, batch, m, k, n, rule)
    return joined([mm(a[i * m * k:(i + 1) * m * k], b[i * k * n:(i + 1) * k * n], m, k, n) for i in range(batch)])


@backend_kernel
def mm_rule(a, b, m, k, n, bias, b_transposed, rule):
    """The product with one rule for every output."""
    out = kernels.mm(a, b, m, k, n, bias, b_transposed, rule) if kernels.wasm is not None else None
    return _mm_list(a, b, m, k, n, bias, b_transposed, rule) if out is None else out


@backend_kernel
def joined(parts):
    """Products end to end."""
    out = array("f")
    for part in parts:
        out += part
    return out


def linear(x, weight, bias, m, k, n):
    """F.linear: x (m x k) @ weight (n x k)^T + bias."""
    return mm(x, weight, m, k, n, bias, b_transposed=True)


def bmm(a, b, batch, m, k, n):
    """torch.bmm of (batch, m, k) @ (batch, k, n): torch's own loop (rule N) when k*m*n < 400."""
    return bmm_rule(a, b, batch, m, k, n, "N" if k * m * n < 400 else rule_for(m, k, n))


@backend_kernel
def bmm_rule(a, b, batch, m, k, n, rule):
    """The batch's products with one rule, end to end."""
    out = kernels.bmm(a, b, batch, m, k, n, rule) if kernels.wasm is not None else None
    if out is not None:  # the browser's kernels: the same products in one call
        return out
    return joined([mm_rule(a[i * m * k:(i + 1) * m * k], b[i * k * n:(i + 1) * k * n], m, k, n, None, False, rule)
                   for i in range(batch)])


def mv(a, v, m, k):
    """torch.mv / 2-D @ 1-D (MKL sgemv): rule N, exact for k <= 4 (spec 4.3)."""
    return mm(a, v, m, k, 1)


def dot(x, y):
    """torch.dot (MKL sdot): exact when len is a multiple of 4 (spec 4.6); other lengths add
    the leftover products one by one after the fold (a stand-in)."""
    x, y = array("f", x).tolist(), array("f", y).tolist()
    k = len(x)
    products = array("f", [p * q for p, q in zip(x, y)])
    groups = k // 4
    acc = [array("f", bytes(16)) for _ in range(4)]
    full = groups // 4 * 4
    for g in range(groups):
        target = g % 4 if g < full else (0, 1, 0)[g - full]
        acc[target] = array("f", map(add, acc[target], products[4 * g:4 * g + 4]))
    lanes = acc[0]
    for other in acc[1:]:
        lanes = array("f", map(add, lanes, other))
    r = f32(f32(lanes[0] + lanes[2]) + f32(lanes[1] + lanes[3]))
    for p in products[4 * groups:]:
        r = f32(r + p)
    return as_buffer([r])


# ---- pure Python ------------------------------------------------------------------------------
# Each output line is computed as vectors over the longer output side: "lines" are the k
# scalars of one row of a (or one column of b), "vectors" the k matching slices of the other
# operand. Rules N and F treat both operands alike, so either orientation gives the same bits.

def _mm_list(a, b, m, k, n, bias, b_transposed, rule):
    if b_transposed:
        b_cols = [b[j * k:(j + 1) * k] for j in range(n)]
    else:
        b_cols = [b[j::n][:k] for j in range(n)]
    bias = None if bias is None else list(bias)
    if rule == "N" and max(m, n) < k:  # short lines, long sums: one sequential dot per output
        out = [_n_dot(a[i * k:(i + 1) * k], col) for i in range(m) for col in b_cols]
        return array("f", out if bias is None else map(add, out, bias * m))
    if n >= m:  # one output row at a time, vectorised over its n columns
        b_rows = [b[kk::k][:n] for kk in range(k)] if b_transposed else [b[kk * n:(kk + 1) * n] for kk in range(k)]
        out = array("f")
        for i in range(m):
            out += _line(a[i * k:(i + 1) * k], b_rows, bias, rule, n)
        return out
    a_cols = [a[kk::k][:m] for kk in range(k)]
    out_cols = [_line(b_cols[j], a_cols, None if bias is None else [bias[j]] * m, rule, m, column=j, n=n)
                for j in range(n)]
    return out_cols[0] if n == 1 else array("f", [v for row in zip(*out_cols) for v in row])


def _n_dot(xs, ys):
    """Rule N for one output: products rounded, then added one by one in float32."""
    acc = array("f", (0.0,))
    for p in array("f", map(mul, xs, ys)):
        acc[0] += p  # the store rounds to float32
    return acc[0]


def _line(scalars, vectors, bias, rule, length, column=None, n=None):
    """One output line: result[t] = rule-dot(scalars, [v[t] for v in vectors]) (+ bias[t])."""
    if rule == "F":
        c = None if bias is None else array("f", bias)
        for lo, hi in _f_blocks(len(scalars)):
            t = array("f", bytes(4 * length))
            for kk in range(lo, hi):
                t = fma32_scaled(scalars[kk], vectors[kk], t)
            c = t if c is None else array("f", map(add, c, t))
        return c
    if rule == "N":
        c = array("f", bytes(4 * length))
        for kk, s in enumerate(scalars):
            c = array("f", map(add, c, array("f", [s * v for v in vectors[kk]])))
    else:
        c = _d_line(scalars, vectors, rule, length, column, n)
    if bias is not None:
        c = array("f", map(add, c, bias))
    return c


def _d_line(scalars, vectors, rule, length, column, n):
    """Rule D along a line: D1 for output columns j < 4*(n//4), D2 for the others."""
    if column is not None:  # the line is one output column: a single lane count for all of it
        return _d_vectors(scalars, vectors, _d_width(rule, column, n), length)
    split = (length // 4 * 4) if rule == "D" else length
    d1 = _d_vectors(scalars, [v[:split] for v in vectors], 4, split) if split else array("f")
    d2 = _d_vectors(scalars, [v[split:] for v in vectors], 8, length - split) if split < length else array("f")
    return d1 + d2


def _d_width(rule, column, n):
    return 4 if rule == "D1" or column < n // 4 * 4 else 8


def _d_vectors(scalars, vectors, width, length):
    """Dot products with `width` lanes (4: D1, 8: D2), folded as (a0 + a2) + (a1 + a3)."""
    k = len(scalars)
    lanes = [array("f", bytes(4 * length)) for _ in range(width)]
    steps = k // width
    for s in range(steps):
        for lane in range(width):
            kk = s * width + lane
            scalar = scalars[kk]
            product = array("f", [scalar * v for v in vectors[kk]])
            lanes[lane] = array("f", map(add, lanes[lane], product))
    if width == 8:
        lanes = [array("f", map(add, lanes[i], lanes[i + 4])) for i in range(4)]
    r = array("f", map(add, array("f", map(add, lanes[0], lanes[2])), array("f", map(add, lanes[1], lanes[3]))))
    for kk in range(steps * width, k):
        scalar = scalars[kk]
        r = array("f", map(add, r, array("f", [scalar * v for v in vectors[kk]])))
    return r
