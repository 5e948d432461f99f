# Follows LAPACK (BSD-3); notices: licenses/lapack.txt
"""numpy.linalg's everyday part: norm, det, slogdet, inv, solve (stacks of matrices included), and
what singular values and symmetric eigenvalues give: svd(compute_uv=False)/svdvals, eigvalsh,
matrix_rank, cond, pinv, lstsq and the matrix norms ord=2, -2, 'nuc'.

numpy hands these to LAPACK (OpenBLAS): an LU factorisation with partial pivoting (getf2: each
column updated left-looking, then divided through by the pivot's reciprocal), det as
sign * exp(sum(log|u_ii|)) over its diagonal, and the triangular solves of getrs (one right-hand
side: dividing by the diagonal; several, as inv's identity: multiplying by its reciprocal). This
module does the same operations in the same order, so small matrices come out bit for bit as
numpy's; OpenBLAS picks its kernels per CPU, and on larger ones (from about 6 rows) or long
vectors (a norm's dot product from 16 elements) its vectorised order can differ in the last bit.
Float32 inputs are computed in float64 and rounded once at the end (LAPACK's sgetrf rounds each
step), so they can differ in the last bit too.

Singular values (and a symmetric matrix's eigenvalues) are unique, so they need not come from
LAPACK's algorithm: one-sided Jacobi (Hestenes) rotations of the columns until every pair is
orthogonal to working precision give them to a few units in the last place, which is what the
printed 8 digits need (the last digits of a full-precision repr can differ, and a singular value
that is zero in exact arithmetic is rounding noise in both, different noise). Singular vectors are
not unique (LAPACK's signs), so svd(compute_uv=True), eig, eigh and qr are not offered; pinv and
lstsq are, as their results are unique."""
import math
import operator

from . import _dtypes as D
from . import _functions as F
from . import _ufuncs as U
from ._core import FLOAT64, _from_values, asarray, scalar
from ._exceptions import AxisError


class LinAlgError(ValueError):
    pass


LinAlgError.__module__ = "numpy.linalg"


def _matrices(a, name="a"):
    """(a as float array, leading shape, n): a stack of square matrices."""
    a = asarray(a)
    if a.ndim < 2:
        raise LinAlgError(f"{a.ndim}-dimensional array given. Array must be at least two-dimensional")
    if a._shape[-1] != a._shape[-2]:
        raise LinAlgError("Last 2 dimensions of the array must be square")
    dt = a._dtype if a._dtype.kind == "f" and a._dtype.itemsize >= 4 else FLOAT64
    if a._dtype.name == "float16":
        raise TypeError("array type float16 is unsupported in linalg")
    return a, dt, a._shape[:-2], a._shape[-1]


def _each(a, n):
    """The matrices of a stack, each as a list of rows of floats."""
    values = [float(v) for v in a._values()]
    count = 1
    for size in a._shape[:-2]:
        count *= size
    return [[values[m * n * n + i * n:m * n * n + (i + 1) * n] for i in range(n)] for m in range(count)]


def _lu(rows, n):
    """LAPACK getf2 (OpenBLAS's, left-looking): (LU in place as rows, pivots, info)."""
    a = [r[:] for r in rows]
    pivots, info = [], 0
    for j in range(n):
        for i, p in enumerate(pivots):
            if p != i:
                a[i][j], a[p][j] = a[p][j], a[i][j]
        for i in range(1, j):
            dot = 0.0
            for k in range(i):
                dot += a[i][k] * a[k][j]
            a[i][j] = a[i][j] - dot
        for i in range(j, n):
            dot = 0.0
            for k in range(j):
                dot += a[i][k] * a[k][j]
            a[i][j] = a[i][j] - dot
        best, jp = -1.0, j
        for i in range(j, n):
            if abs(a[i][j]) > best:
                best, jp = abs(a[i][j]), i
        pivots.append(jp)
        pivot = a[jp][j]
        if pivot != 0 and pivot == pivot:
            if jp != j:
                for k in range(j + 1):
                    a[j][k], a[jp][k] = a[jp][k], a[j][k]
            reciprocal = 1.0 / pivot
            for i in range(j + 1, n):
                a[i][j] *= reciprocal
        elif not info:
            info = j + 1
    return a, pivots, info


def _solve_lu(lu, pivots, n, columns, reciprocal):
    """getrs: the permuted columns through L (unit) forwards and U backwards, right-looking."""
    out = []
    for b in columns:
        x = b[:]
        for i, p in enumerate(pivots):
            if p != i:
                x[i], x[p] = x[p], x[i]
        for i in range(n):
            xi = x[i]
            for k in range(i + 1, n):
                x[k] = x[k] - xi * lu[k][i]
        for i in reversed(range(n)):
            x[i] = x[i] * (1.0 / lu[i][i]) if reciprocal else x[i] / lu[i][i]
            xi = x[i]
            for k in range(i):
                x[k] = x[k] - xi * lu[k][i]
        out.append(x)
    return out


def _cast(values, dt):
    cast = D.caster(dt)
    return [cast(v) for v in values] if dt is not FLOAT64 else values


def _slogdet_one(rows, n):
    lu, pivots, info = _lu(rows, n)
    if info:
        return 0.0, -math.inf
    sign = 1.0
    for i, p in enumerate(pivots):
        if p != i:
            sign = -sign
    logdet = 0.0
    for i in range(n):
        element = lu[i][i]
        if element < 0:
            sign, element = -sign, -element
        logdet += math.log(element)
    return sign, logdet


def det(a):
    a, dt, lead, n = _matrices(a)
    values = []
    for rows in _each(a, n):
        sign, logdet = _slogdet_one(rows, n) if n else (1.0, 0.0)
        values.append(sign * math.exp(logdet))
    values = _cast(values, dt)
    return _from_values(values, lead, dt) if lead else scalar(values[0], dt)


def slogdet(a):
    a, dt, lead, n = _matrices(a)
    pairs = [_slogdet_one(rows, n) if n else (1.0, 0.0) for rows in _each(a, n)]
    signs, logs = _cast([p[0] for p in pairs], dt), _cast([p[1] for p in pairs], dt)
    if lead:
        return SlogdetResult(_from_values(signs, lead, dt), _from_values(logs, lead, dt))
    return SlogdetResult(scalar(signs[0], dt), scalar(logs[0], dt))


class SlogdetResult(tuple):
    def __new__(cls, sign, logabsdet):
        return tuple.__new__(cls, (sign, logabsdet))

    sign = property(lambda self: self[0])
    logabsdet = property(lambda self: self[1])

    def __repr__(self):
        return f"SlogdetResult(sign={self[0]!r}, logabsdet={self[1]!r})"


def inv(a):
    a, dt, lead, n = _matrices(a)
    identity = [[float(i == k) for i in range(n)] for k in range(n)]
    values = []
    for rows in _each(a, n):
        lu, pivots, info = _lu(rows, n)
        if info:
            raise LinAlgError("Singular matrix")
        columns = _solve_lu(lu, pivots, n, identity, reciprocal=True)
        values += [columns[k][i] for i in range(n) for k in range(n)]
    return _from_values(_cast(values, dt), a._shape, dt)


def solve(a, b):
    a, dt, lead, n = _matrices(a)
    b = asarray(b)
    dt = D.promote_types(dt, b._dtype if b._dtype.kind == "f" else FLOAT64)
    if b.ndim == 1:
        if b._shape[0] != n:
            raise ValueError("solve1: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                             f"(m,m),(m)->(m) (size {b._shape[0]} is different from {n})")
        if lead:
            raise NotImplementedError("numpy.linalg.solve of a stack of matrices and one vector is not available in "
                                      "the browser")
        rows = _each(a, n)[0]
        lu, pivots, info = _lu(rows, n)
        if info:
            raise LinAlgError("Singular matrix")
        x = _solve_lu(lu, pivots, n, [[float(v) for v in b._values()]], reciprocal=False)[0]
        return _from_values(_cast(x, dt), (n,), dt)
    if b.ndim < 2 or b._shape[-2] != n:
        raise ValueError("solve: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                         f"(m,m),(m,n)->(m,n) (size {b._shape[-2] if b.ndim >= 2 else b._shape[0]} is different "
                         f"from {n})")
    if b._shape[:-2] != lead:
        raise NotImplementedError("numpy.linalg.solve with broadcast stacks is not available in the browser")
    k = b._shape[-1]
    b_values = [float(v) for v in b._values()]
    values = []
    for m, rows in enumerate(_each(a, n)):
        lu, pivots, info = _lu(rows, n)
        if info:
            raise LinAlgError("Singular matrix")
        base = m * n * k
        columns = [[b_values[base + i * k + c] for i in range(n)] for c in range(k)]
        x = _solve_lu(lu, pivots, n, columns, reciprocal=k > 1)
        values += [x[c][i] for i in range(n) for c in range(k)]
    return _from_values(_cast(values, dt), b._shape, dt)


def norm(x, ord=None, axis=None, keepdims=False):
    """numpy's norm, operation for operation: the 2-norm of everything as sqrt(dot(x, x)), other
    vector norms from ufuncs and reductions, matrix 1/inf norms from column/row sums."""
    x = asarray(x)
    if x._dtype.kind != "f":
        x = x.astype(float)
    if axis is None:
        if ord is None or (ord in ("f", "fro") and x.ndim == 2) or (ord == 2 and x.ndim == 1):
            rnd = D.caster(x._dtype)  # numpy's dot: float32 adds in float32
            total = 0.0
            for v in x._values():
                total = rnd(total + rnd(v * v))
            result = U.sqrt(scalar(total, x._dtype))
            if keepdims:
                return _from_values([result.item()], (1,) * x.ndim, x._dtype)
            return result
        axis = tuple(range(x.ndim))
    elif not isinstance(axis, tuple):
        axis = (int(axis),)
    if len(axis) == 1:
        if ord == math.inf:
            return F.amax(U.absolute(x), axis=axis, keepdims=keepdims)
        if ord == -math.inf:
            return F.amin(U.absolute(x), axis=axis, keepdims=keepdims)
        if ord == 0:
            return F.sum(U.not_equal(x, 0).astype(x._dtype), axis=axis, keepdims=keepdims)
        if ord == 1:
            return F.sum(U.absolute(x), axis=axis, keepdims=keepdims)
        if ord is None or ord == 2:
            return U.sqrt(F.sum(U.multiply(x, x), axis=axis, keepdims=keepdims))
        if isinstance(ord, str):
            raise ValueError(f"Invalid norm order '{ord}' for vectors")
        absx = U.power(U.absolute(x), ord)
        return U.power(F.sum(absx, axis=axis, keepdims=keepdims), U.reciprocal(float(ord)))
    if len(axis) == 2:
        row_axis, col_axis = (a % x.ndim if -x.ndim <= a < x.ndim else _axis_error(a, x.ndim) for a in axis)
        if row_axis == col_axis:
            raise ValueError("Duplicate axes given.")
        if ord in (2, -2, "nuc"):
            rest = [d for d in range(x.ndim) if d not in (row_axis, col_axis)]
            values = svd(x.transpose(rest + [row_axis, col_axis]), compute_uv=False)
            result = {2: F.amax, -2: F.amin, "nuc": F.sum}[ord](values, axis=-1)
        elif ord in (1, -1):
            pick = F.amax if ord == 1 else F.amin
            result = pick(F.sum(U.absolute(x), axis=row_axis), axis=col_axis - (col_axis > row_axis))
        elif ord in (math.inf, -math.inf):
            pick = F.amax if ord == math.inf else F.amin
            result = pick(F.sum(U.absolute(x), axis=col_axis), axis=row_axis - (row_axis > col_axis))
        elif ord in (None, "fro", "f"):
            result = U.sqrt(F.sum(U.multiply(x, x), axis=axis))
        else:
            raise ValueError("Invalid norm order for matrices.")
        if keepdims:
            shape = list(x._shape)
            shape[row_axis] = shape[col_axis] = 1
            result = asarray(result).reshape(shape)
        return result
    raise ValueError("Improper number of dimensions to norm.")


def _axis_error(axis, ndim):
    raise AxisError(f"axis {axis} is out of bounds for array of dimension {ndim}")


# ---------------------------------------------------------------------------------------
# Singular values and what they give

_EPS = 2.220446049250313e-16


def _stack(a):
    """(a as an array, result dtype, leading shape, m, n, the matrices as lists of rows of floats)."""
    a = asarray(a)
    if a.ndim < 2:
        raise LinAlgError(f"{a.ndim}-dimensional array given. Array must be at least two-dimensional")
    if a._dtype.name == "float16":
        raise TypeError("array type float16 is unsupported in linalg")
    dt = a._dtype if a._dtype.kind == "f" else FLOAT64
    m, n = a._shape[-2:]
    values = [float(v) for v in a._values()]
    matrices = [[values[k * m * n + i * n:k * m * n + (i + 1) * n] for i in range(m)]
                for k in range(len(values) // (m * n) if m * n else 0)]
    return a, dt, a._shape[:-2], m, n, matrices


def _dot(x, y):
    return math.fsum([p * q for p, q in zip(x, y)])


def _jacobi_svd(rows, m, n, vectors=False):
    """One-sided Jacobi SVD of an m x n matrix (rows): (singular values descending, U's columns,
    V's columns), U and V None unless vectors. Works on the columns of the matrix or, when it is
    wide, of its transpose, so there are min(m, n) of them."""
    wide = m < n
    columns = [list(r) for r in rows] if wide else [[rows[i][j] for i in range(m)] for j in range(n)]
    k = len(columns)
    # a column whose norm is below eps * |A| is rounding noise (a zero singular value): rotating it
    # against the others changes nothing above that level and may never settle
    negligible = (_EPS * _EPS) * math.fsum(v * v for col in columns for v in col)
    basis = [[float(i == j) for i in range(k)] for j in range(k)] if vectors else None
    for _ in range(80):
        rotated = False
        for p in range(k - 1):
            for q in range(p + 1, k):
                gp, gq = columns[p], columns[q]
                gamma = _dot(gp, gq)
                if gamma == 0:
                    continue
                alpha, beta = _dot(gp, gp), _dot(gq, gq)
                if abs(gamma) <= _EPS * math.sqrt(alpha) * math.sqrt(beta) or min(alpha, beta) <= negligible:
                    continue
                rotated = True
                zeta = (beta - alpha) / (2.0 * gamma)
                t = math.copysign(1.0, zeta) / (abs(zeta) + math.hypot(1.0, zeta))
                c = 1.0 / math.sqrt(1.0 + t * t)
                s = c * t
                columns[p] = [c * x - s * y for x, y in zip(gp, gq)]
                columns[q] = [s * x + c * y for x, y in zip(gp, gq)]
                if vectors:
                    vp, vq = basis[p], basis[q]
                    basis[p] = [c * x - s * y for x, y in zip(vp, vq)]
                    basis[q] = [s * x + c * y for x, y in zip(vp, vq)]
        if not rotated:
            break
    else:
        raise LinAlgError("SVD did not converge")
    sigma = [math.sqrt(_dot(col, col)) for col in columns]
    order = sorted(range(k), key=lambda j: -sigma[j])
    sigma = [sigma[j] for j in order]
    if not vectors:
        return sigma, None, None
    left = [[v / sigma[i] if sigma[i] else 0.0 for v in columns[j]] for i, j in enumerate(order)]
    right = [basis[j] for j in order]
    return (sigma, right, left) if wide else (sigma, left, right)


def svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    """Only the singular values (compute_uv=False): the vectors' signs are LAPACK's choice."""
    if compute_uv:
        raise NotImplementedError("numpy.linalg.svd(compute_uv=True) is not available in the browser: the signs of "
                                  "the singular vectors are LAPACK's choice. svd(a, compute_uv=False), svdvals, pinv, "
                                  "lstsq, matrix_rank and cond are here")
    if hermitian:
        values = U.absolute(eigvalsh(a))
        return F.sort(values, axis=-1)[..., ::-1]
    a, dt, lead, m, n, matrices = _stack(a)
    values = []
    for rows in matrices:
        values += _jacobi_svd(rows, m, n)[0]
    return _from_values(_cast(values, dt), lead + (min(m, n),), dt)


def svdvals(x, /):
    return svd(x, compute_uv=False)


def eigvalsh(a, UPLO="L"):
    """The eigenvalues of symmetric matrices (from the lower or upper triangle), ascending: cyclic
    Jacobi rotations until the off-diagonal part is negligible."""
    UPLO = UPLO.upper()
    if UPLO not in ("L", "U"):
        raise ValueError("UPLO argument must be 'L' or 'U'")
    a, dt, lead, n = _matrices(a)
    values = []
    for rows in _each(a, n):
        s = [[rows[max(i, j)][min(i, j)] if UPLO == "L" else rows[min(i, j)][max(i, j)] for j in range(n)]
             for i in range(n)]
        negligible = _EPS * _EPS * math.sqrt(math.fsum(v * v for row in s for v in row))
        for _ in range(80):
            rotated = False
            for p in range(n - 1):
                for q in range(p + 1, n):
                    spq = s[p][q]
                    if abs(spq) <= _EPS * math.sqrt(abs(s[p][p] * s[q][q])) or abs(spq) <= negligible:
                        continue
                    rotated = True
                    theta = (s[q][q] - s[p][p]) / (2.0 * spq)
                    t = math.copysign(1.0, theta) / (abs(theta) + math.hypot(1.0, theta))
                    c = 1.0 / math.sqrt(1.0 + t * t)
                    sn = c * t
                    for r in range(n):
                        x, y = s[r][p], s[r][q]
                        s[r][p], s[r][q] = c * x - sn * y, sn * x + c * y
                    for r in range(n):
                        x, y = s[p][r], s[q][r]
                        s[p][r], s[q][r] = c * x - sn * y, sn * x + c * y
            if not rotated:
                break
        else:
            raise LinAlgError("Eigenvalues did not converge")
        values += sorted(s[i][i] for i in range(n))
    return _from_values(_cast(values, dt), lead + (n,), dt)


def matrix_rank(A, tol=None, hermitian=False, *, rtol=None):
    if rtol is not None and tol is not None:
        raise ValueError("`tol` and `rtol` can't be both set.")
    A = asarray(A)
    if A.ndim < 2:
        return int(not F.all(U.equal(A, 0)))
    S = svd(A, compute_uv=False, hermitian=hermitian)
    if tol is None:
        rtol = max(A._shape[-2:]) * _finfo_eps(S._dtype) if rtol is None else asarray(rtol)[..., None]
        tol = U.multiply(F.amax(S, axis=-1, keepdims=True) if S._shape[-1] else 0.0, rtol)
    else:
        tol = asarray(tol)[..., None]
    return F.count_nonzero(U.greater(S, tol), axis=-1)


def _finfo_eps(dt):
    return 1.1920928955078125e-07 if dt.name == "float32" else _EPS


def cond(x, p=None):
    x = asarray(x)
    if x.ndim >= 2 and 0 in x._shape[-2:]:
        raise LinAlgError("cond is not defined on empty arrays")
    if p is None or p in (2, -2):
        s = svd(x, compute_uv=False)
        r = U.true_divide(s[..., -1], s[..., 0]) if p == -2 else U.true_divide(s[..., 0], s[..., -1])
    else:
        a, dt, lead, n = _matrices(x)
        inverses = []
        for rows in _each(a, n):
            lu, pivots, info = _lu(rows, n)
            identity = [[float(i == k) for i in range(n)] for k in range(n)]
            columns = [[math.nan] * n] * n if info else _solve_lu(lu, pivots, n, identity, reciprocal=True)
            inverses += [columns[k][i] for i in range(n) for k in range(n)]
        r = U.multiply(norm(x, p, axis=(-2, -1)), norm(_from_values(_cast(inverses, dt), a._shape, dt), p,
                                                       axis=(-2, -1)))
    r = asarray(r)
    nan = U.logical_and(U.isnan(r), U.logical_not(F.any(U.isnan(x), axis=(-2, -1))))
    if F.any(nan):
        r = F.where(nan, math.inf, r).astype(r._dtype)
    return r if r.ndim else r[()]


def _svd_parts(a):
    """(a as an array, result dtype, leading shape, m, n, [(sigma, U's columns, V's columns) per matrix])."""
    a, dt, lead, m, n, matrices = _stack(a)
    return a, dt, lead, m, n, [_jacobi_svd(rows, m, n, vectors=True) for rows in matrices]


def pinv(a, rcond=None, hermitian=False, *, rtol=None):
    """numpy's: V diag(1/s for s above rcond * max(s), else 0) U^T."""
    if hermitian:
        raise NotImplementedError("numpy.linalg.pinv(hermitian=True) is not available in the browser")
    if rcond is not None and rtol is not None:
        raise ValueError("`rtol` and `rcond` can't be both set.")
    a, dt, lead, m, n, parts = _svd_parts(a)
    if rcond is None:
        rcond = 1e-15 if rtol is None else rtol
    values = []
    for sigma, left, right in parts:
        cutoff = rcond * max(sigma, default=0.0)
        inverse = [1.0 / s if s > cutoff else 0.0 for s in sigma]
        # numpy's V @ (s^+ U^T): each element's products added in order, as matmul
        values += [_sum_in_order(right[k][i] * (inverse[k] * left[k][j]) for k in range(len(sigma)))
                   for i in range(n) for j in range(m)]
    return _from_values(_cast(values, dt), lead + (n, m), dt)


def _sum_in_order(terms):
    """One rounding per addition, from 0.0 (Python 3.12's sum() of floats is compensated)."""
    total = 0.0
    for t in terms:
        total += t
    return total


def lstsq(a, b, rcond=None):
    """numpy's (LAPACK gelsd's) least-squares solution: the minimum-norm x from the singular values
    above rcond * max(s) (rcond defaults to eps * max(m, n)); the squared residuals when a has full
    column rank and more rows than columns; the rank; the singular values."""
    a, b = asarray(a), asarray(b)
    is_1d = b.ndim == 1
    if is_1d:
        b = b[:, None]
    for x in (a, b):
        if x.ndim != 2:
            raise LinAlgError(f"{x.ndim}-dimensional array given. Array must be two-dimensional")
    m, n = a._shape
    if m != b._shape[0]:
        raise LinAlgError("Incompatible dimensions")
    dt = D.promote_types(a._dtype if a._dtype.kind == "f" else FLOAT64, b._dtype if b._dtype.kind == "f" else FLOAT64)
    if rcond is None:
        rcond = _finfo_eps(dt) * max(n, m)
    _, _, _, _, _, [(sigma, left, right)] = _svd_parts(a.astype(FLOAT64))
    k = b._shape[1]
    b_rows = [[float(v) for v in row] for row in b.astype(FLOAT64).tolist()]
    cutoff = rcond * max(sigma, default=0.0)
    rank = sum(1 for s in sigma if s > cutoff)
    x = [[0.0] * k for _ in range(n)]
    for i, s in enumerate(sigma):
        if s > cutoff:
            for c in range(k):
                coefficient = _dot(left[i], [row[c] for row in b_rows]) / s
                for r in range(n):
                    x[r][c] += coefficient * right[i][r]
    if rank == n and m > n:
        residuals = [math.fsum((b_rows[r][c] - _dot(a_row, [x[j][c] for j in range(n)])) ** 2
                               for r, a_row in enumerate(a.astype(FLOAT64).tolist())) for c in range(k)]
    else:
        residuals = []
    x_values = [x[r][c] for r in range(n) for c in range(k)]
    solution = _from_values(_cast(x_values, dt), (n,) if is_1d else (n, k), dt)
    return (solution, _from_values(_cast(residuals, dt), (len(residuals),), dt), scalar(rank, D._as_dtype("int32")),
            _from_values(_cast(sigma, dt), (len(sigma),), dt))


# ---------------------------------------------------------------------------------------
# Products and norms composed from matmul, inv and norm, as numpy.linalg composes them

def matrix_power(a, n):
    """numpy's: repeated squaring (n of 2 and 3 multiplied directly), the inverse's for n < 0."""
    a, _, _, _ = _matrices(a)
    try:
        n = operator.index(n)
    except TypeError as e:
        raise TypeError("exponent must be an integer") from e
    if n == 0:
        return U.broadcast_to(F.eye(a.shape[-2], dtype=a.dtype), a.shape).copy()
    if n < 0:
        a, n = inv(a), -n
    if n == 1:
        return a
    if n == 2:
        return F.matmul(a, a)
    if n == 3:
        return F.matmul(F.matmul(a, a), a)
    z = result = None
    while n > 0:
        z = a if z is None else F.matmul(z, z)
        n, bit = divmod(n, 2)
        if bit:
            result = z if result is None else F.matmul(result, z)
    return result


def multi_dot(arrays, *, out=None):
    """numpy's: the products in the order of fewest scalar multiplications (the matrix-chain order)."""
    n = len(arrays)
    if n < 2:
        raise ValueError("Expecting at least two arrays.")
    if n == 2:
        return F.dot(arrays[0], arrays[1])
    arrays = [asarray(a) for a in arrays]
    first_1d, last_1d = arrays[0].ndim == 1, arrays[-1].ndim == 1
    if first_1d:
        arrays[0] = F.atleast_2d(arrays[0])
    if last_1d:
        arrays[-1] = F.atleast_2d(arrays[-1]).T
    for a in arrays:
        if a.ndim != 2:
            raise LinAlgError(f"{a.ndim}-dimensional array given. Array must be two-dimensional")
    if n == 3:
        A, B, C = arrays
        cost1 = A.shape[0] * C.shape[0] * (A.shape[1] + C.shape[1])
        cost2 = A.shape[1] * C.shape[1] * (A.shape[0] + C.shape[0])
        result = F.dot(F.dot(A, B), C) if cost1 < cost2 else F.dot(A, F.dot(B, C))
    else:
        result = _chain(arrays, _chain_order(arrays), 0, n - 1)
    if first_1d and last_1d:
        return result[0, 0]
    return result.ravel() if first_1d or last_1d else result


def _chain_order(arrays):
    """The matrix-chain split points (Cormen's dynamic programme, as numpy's _multi_dot_matrix_chain_order)."""
    n = len(arrays)
    p = [a.shape[0] for a in arrays] + [arrays[-1].shape[1]]
    m = [[0] * n for _ in range(n)]
    s = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            m[i][j] = math.inf
            for k in range(i, j):
                q = m[i][k] + m[k + 1][j] + p[i] * p[k + 1] * p[j + 1]
                if q < m[i][j]:
                    m[i][j], s[i][j] = q, k
    return s


def _chain(arrays, order, i, j):
    if i == j:
        return arrays[i]
    return F.dot(_chain(arrays, order, i, order[i][j]), _chain(arrays, order, order[i][j] + 1, j))


def outer(x1, x2, /):
    x1, x2 = asarray(x1), asarray(x2)
    if x1.ndim != 1 or x2.ndim != 1:
        raise ValueError(f"Input arrays must be one-dimensional, but they are x1.ndim={x1.ndim} and x2.ndim={x2.ndim}.")
    return F.outer(x1, x2)


def cross(x1, x2, /, *, axis=-1):
    x1, x2 = asarray(x1), asarray(x2)
    if x1.shape[axis] != 3 or x2.shape[axis] != 3:
        raise ValueError("Both input arrays must be (arrays of) 3-dimensional vectors, but they are "
                         f"{x1.shape[axis]} and {x2.shape[axis]} dimensional instead.")
    from ._shape_base import cross as np_cross  # (imported on first use, as numpy.cross is: see __init__)
    return np_cross(x1, x2, axis=axis)


def vecdot(x1, x2, /, *, axis=-1):
    from ._shape_base import vecdot as np_vecdot
    return np_vecdot(x1, x2, axis=axis)


def matmul(x1, x2, /):
    return F.matmul(x1, x2)


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    """numpy's: the axes gathered into one (all of them when None) and norm along it."""
    x = asarray(x)
    shape = x.shape
    if axis is None:
        axes = tuple(range(x.ndim))
    else:
        axes = tuple(a % x.ndim if x.ndim else a for a in (axis if isinstance(axis, tuple) else (axis,)))
    rest = [d for d in range(x.ndim) if d not in axes]
    merged = x.transpose(rest + list(axes)).reshape(tuple(shape[d] for d in rest) + (-1,)) if x.ndim else x.reshape(1)
    result = norm(merged, ord=ord, axis=-1)
    if keepdims:
        result = asarray(result).reshape(tuple(1 if d in axes else s for d, s in enumerate(shape)))
    return result


def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    return norm(x, ord=ord, axis=(-2, -1), keepdims=keepdims)


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    if name in ("eig", "eigh", "qr", "eigvals", "cholesky"):
        raise NotImplementedError(f"numpy.linalg.{name} is not available in the browser: "
                                  + ("its vectors' signs are LAPACK's choice; " if name in ("eig", "eigh", "qr") else
                                     "") + "this numpy's linalg has norm, det, slogdet, inv, solve, svd(compute_uv="
                                  "False), svdvals, eigvalsh, matrix_rank, cond, pinv, lstsq" + _MORE)
    raise NotImplementedError(f"numpy.linalg.{name} is not available in the browser; this numpy's linalg has norm, "
                              "det, slogdet, inv, solve, svd(compute_uv=False), svdvals, eigvalsh, matrix_rank, cond, "
                              "pinv, lstsq" + _MORE)


_MORE = ", matrix_power, multi_dot, outer, cross, vecdot, matmul, vector_norm, matrix_norm"
