"""numpy.linalg's everyday part: norm, det, slogdet, inv, solve (stacks of matrices included).

numpy hands these to LAPACK (OpenBLAS): an LU factorisation with partial pivoting (getf2: each
column updated left-looking, then divided through by the pivot's reciprocal), det as
sign * exp(sum(log|u_ii|)) over its diagonal, and the triangular solves of getrs (one right-hand
side: dividing by the diagonal; several, as inv's identity: multiplying by its reciprocal). This
module does the same operations in the same order, so small matrices come out bit for bit as
numpy's; OpenBLAS picks its kernels per CPU, and on larger ones (from about 6 rows) or long
vectors (a norm's dot product from 16 elements) its vectorised order can differ in the last bit.
Float32 inputs are computed in float64 and rounded once at the end (LAPACK's sgetrf rounds each
step), so they can differ in the last bit too."""
import math

from . import _dtypes as D
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
    from . import _functions as F
    from . import _ufuncs as U
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
            raise NotImplementedError(f"numpy.linalg.norm(ord={ord!r}) of a matrix (singular values) is not "
                                      "available in the browser")
        if ord in (1, -1):
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


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    raise NotImplementedError(f"numpy.linalg.{name} is not available in the browser; this numpy's linalg has norm, "
                              "det, slogdet, inv, solve")
