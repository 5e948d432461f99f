"""numpy's polynomial functions (numpy/lib/_polynomial_impl.py), composed as numpy composes them:
polyfit scales the Vandermonde matrix's columns and solves with linalg.lstsq, polyval is Horner's
rule over arrays, poly1d prints its two-line form; convolve adds each overlap in order."""
import re
import warnings

from . import _dtypes as D
from . import _functions as F
from . import _ufuncs as U
from . import linalg
from ._core import FLOAT64, INT64, _from_values, asarray, generic, ndarray


class RankWarning(RuntimeWarning):
    pass


RankWarning.__module__ = "numpy.exceptions"


def vander(x, N=None, increasing=False):
    x = asarray(x)
    if x.ndim != 1:
        raise ValueError("x must be a one-dimensional array or sequence.")
    N = len(x) if N is None else N
    out = F.empty((len(x), N), dtype=D.promote_types(x.dtype, INT64))
    power = F.ones_like(x, dtype=out.dtype)
    for p in range(N):  # numpy's multiply.accumulate: x ** p as p multiplications in turn
        out[:, p if increasing else N - 1 - p] = power
        if p + 1 < N:
            power = U.multiply(power, x)
    return out


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    order = int(deg) + 1
    x = U.add(asarray(x), 0.0)
    y = U.add(asarray(y), 0.0)
    if deg < 0:
        raise ValueError("expected deg >= 0")
    if x.ndim != 1:
        raise TypeError("expected 1D vector for x")
    if x.size == 0:
        raise TypeError("expected non-empty vector for x")
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError("expected 1D or 2D array for y")
    if x.shape[0] != y.shape[0]:
        raise TypeError("expected x and y to have same length")
    if rcond is None:
        rcond = len(x) * linalg._finfo_eps(x.dtype)
    lhs = vander(x, order)
    rhs = y
    if w is not None:
        w = U.add(asarray(w), 0.0)
        if w.ndim != 1:
            raise TypeError("expected a 1-d array for weights")
        if w.shape[0] != y.shape[0]:
            raise TypeError("expected w and y to have the same length")
        lhs = U.multiply(lhs, w[:, None])
        rhs = U.multiply(rhs, w[:, None] if rhs.ndim == 2 else w)
    scale = U.sqrt(F.sum(U.multiply(lhs, lhs), axis=0))
    lhs = U.true_divide(lhs, scale)
    c, resids, rank, s = linalg.lstsq(lhs, rhs, rcond)
    c = U.true_divide(c.T, scale).T
    if rank != order and not full:
        warnings.warn("Polyfit may be poorly conditioned", RankWarning, stacklevel=2)
    if full:
        return c, resids, rank, s, rcond
    if cov:
        raise NotImplementedError("numpy.polyfit(cov=True) is not available in the browser")
    return c


def polyval(p, x):
    p = asarray(p)
    if isinstance(x, poly1d):
        y = 0
    else:
        x = asarray(x)
        y = F.zeros_like(x)
    for pv in p:
        y = y * x + pv
    return y


def _trim_leading_zeros(c):
    values = c.tolist()
    start = next((i for i, v in enumerate(values) if v != 0), len(values))
    return c[start:]


def polyadd(a1, a2):
    a1, a2 = F.atleast_1d(asarray(a1)), F.atleast_1d(asarray(a2))
    diff = len(a2) - len(a1)
    if diff == 0:
        val = a1 + a2
    elif diff > 0:
        val = F.concatenate((F.zeros(diff, a1.dtype), a1)) + a2
    else:
        val = a1 + F.concatenate((F.zeros(-diff, a2.dtype), a2))
    return val


def polysub(a1, a2):
    a1, a2 = F.atleast_1d(asarray(a1)), F.atleast_1d(asarray(a2))
    diff = len(a2) - len(a1)
    if diff == 0:
        val = a1 - a2
    elif diff > 0:
        val = F.concatenate((F.zeros(diff, a1.dtype), a1)) - a2
    else:
        val = a1 - F.concatenate((F.zeros(-diff, a2.dtype), a2))
    return val


def polymul(a1, a2):
    return convolve(asarray(a1), asarray(a2))


def polyder(p, m=1):
    m = int(m)
    if m < 0:
        raise ValueError("Order of derivative must be positive (see polyint)")
    p = asarray(p)
    n = len(p) - 1
    y = p[:-1] * F.arange(n, 0, -1)
    return p if m == 0 else polyder(y, m - 1)


def polyint(p, m=1, k=None):
    m = int(m)
    if m < 0:
        raise ValueError("Order of integral must be positive (see polyder)")
    k = [0] * m if k is None else k
    k = F.atleast_1d(asarray(k))
    if len(k) == 1 and m > 1:
        k = U.multiply(k[0], F.ones(m, k.dtype))
    if len(k) < m:
        raise ValueError("k must be a scalar or a rank-1 array of length 1 or >m.")
    p = asarray(p)
    if m == 0:
        return p
    y = F.concatenate((U.true_divide(p, F.arange(len(p), 0, -1)), k[:1].astype(FLOAT64)))
    return polyint(y, m - 1, k=k[1:])


def convolve(a, v, mode="full"):
    """numpy's: the overlaps of a with v reversed (v is the shorter), each added in order."""
    a, v = F.atleast_1d(asarray(a)).ravel(), F.atleast_1d(asarray(v)).ravel()
    if len(a) == 0:
        raise ValueError("a cannot be empty")
    if len(v) == 0:
        raise ValueError("v cannot be empty")
    if len(v) > len(a):
        a, v = v, a
    dt = U._result_dtype([(a, False), (v, False)])
    xs, ks = a.astype(dt).tolist(), v.astype(dt).tolist()[::-1]
    n, k = len(xs), len(ks)
    full = []
    for i in range(n + k - 1):  # output i: sum over j of xs[i - (k - 1) + j] * ks[j]
        total = 0
        for j in range(max(0, k - 1 - i), min(k, n + k - 1 - i)):
            total = total + xs[i - (k - 1) + j] * ks[j]
        full.append(total)
    if mode == "full":
        values = full
    elif mode == "same":
        start = (k - 1) // 2
        values = full[start:start + n]
    elif mode == "valid":
        values = full[k - 1:n]
    else:
        raise ValueError(f"mode must be one of 'valid', 'same', or 'full' (got {mode!r})")
    cast = D.caster(dt)
    return _from_values([cast(x) for x in values], (len(values),), dt)


def poly(seq_of_zeros):
    """numpy's: the coefficients of the monic polynomial with these roots, (x - r) convolved in one by one."""
    roots = F.atleast_1d(asarray(seq_of_zeros))
    if roots.ndim == 2 and roots.shape[0] == roots.shape[1] and roots.shape[0]:
        raise NotImplementedError("numpy.poly of a matrix is not available in the browser (it needs the eigenvalues "
                                  "of a general matrix)")
    if roots.ndim != 1:
        raise ValueError("input must be 1d or non-empty square 2d array.")
    if len(roots) == 0:
        return 1.0
    dt = roots.dtype if roots.dtype.name in ("float32", "float64") else D._DTYPES["float64"]  # numpy's mintypecode
    roots = roots.astype(dt)
    a = F.ones((1,), dt)
    for zero in roots:
        a = convolve(a, F.array([1, -zero], dtype=dt), mode="full")
    return a


def correlate(a, v, mode="valid"):
    """numpy's correlate2: convolve with v reversed; a shorter than v is correlated the other way round
    and the result reversed."""
    a, v = F.atleast_1d(asarray(a)).ravel(), F.atleast_1d(asarray(v)).ravel()
    for which, x in (("first", a), ("second", v)):
        if len(x) == 0:
            raise ValueError(f"{which} array argument cannot be empty")
    if len(a) < len(v):
        return convolve(v, a[::-1], mode)[::-1].copy()
    return convolve(a, v[::-1], mode)


_POWER = re.compile(r"\*\*([0-9]*)")


def _raise_power(astr, wrap=70):
    n = 0
    line1 = line2 = ""
    output = " "
    while True:
        mat = _POWER.search(astr, n)
        if mat is None:
            break
        span = mat.span()
        power = mat.groups()[0]
        partstr = astr[n:span[0]]
        n = span[1]
        toadd2 = partstr + " " * (len(power) - 1)
        toadd1 = " " * (len(partstr) - 1) + power
        if len(line2) + len(toadd2) > wrap or len(line1) + len(toadd1) > wrap:
            output += line1 + "\n" + line2 + "\n "
            line1, line2 = toadd1, toadd2
        else:
            line2 += partstr + " " * (len(power) - 1)
            line1 += " " * (len(partstr) - 1) + power
    output += line1 + "\n" + line2
    return output + astr[n:]


class poly1d:
    """A one-variable polynomial, highest power first, as numpy's (no roots: they need eigenvalues
    of a general matrix, which this numpy does not have)."""
    __hash__ = None

    def __init__(self, c_or_r, r=False, variable=None):
        if isinstance(c_or_r, poly1d):
            self._coeffs, self._variable = c_or_r._coeffs, variable or c_or_r._variable
            return
        if r:
            raise NotImplementedError("numpy.poly1d(r=True) (from roots) is not available in the browser")
        c = F.atleast_1d(asarray(c_or_r))
        if c.ndim > 1:
            raise ValueError("Polynomial must be 1d only.")
        c = _trim_leading_zeros(c)
        if len(c) == 0:
            c = asarray([0], dtype=c.dtype)
        self._coeffs, self._variable = c, variable or "x"

    coeffs = c = coef = coefficients = property(lambda self: self._coeffs)
    variable = property(lambda self: self._variable)
    order = o = property(lambda self: len(self._coeffs) - 1)

    @property
    def roots(self):
        raise NotImplementedError("numpy.poly1d.roots is not available in the browser (it needs the eigenvalues of "
                                  "a general matrix)")

    r = roots

    def __array__(self, dtype=None, copy=None):
        return asarray(self._coeffs, dtype)

    def __repr__(self):
        return f"poly1d({repr(self._coeffs)[6:-1]})"

    def __len__(self):
        return self.order

    def __str__(self):
        thestr = "0"
        var = self._variable
        values = self._coeffs.tolist()
        first = next((i for i, v in enumerate(values) if v != 0), len(values))
        coeffs = values[first:]
        N = len(coeffs) - 1

        def fmt_float(q):
            return f"{q:.4g}".removesuffix(".0000")

        for k, coeff in enumerate(coeffs):
            coefstr = fmt_float(float(coeff)) if not isinstance(coeff, bool) else fmt_float(int(coeff))
            power = N - k
            if power == 0:
                newstr = coefstr if coefstr != "0" else "0" if k == 0 else ""
            elif power == 1:
                newstr = "" if coefstr == "0" else f"{coefstr} {var}"
            elif coefstr == "0":
                newstr = ""
            else:
                newstr = "%s %s**%d" % (coefstr, var, power)
            if k > 0:
                if newstr != "":
                    thestr = f"{thestr} - {newstr[1:]}" if newstr.startswith("-") else f"{thestr} + {newstr}"
            else:
                thestr = newstr
        return _raise_power(thestr)

    def __call__(self, val):
        return polyval(self._coeffs, val)

    def __neg__(self):
        return poly1d(-self._coeffs)

    def __pos__(self):
        return self

    def __mul__(self, other):
        if _isscalar(other):
            return poly1d(self._coeffs * other)
        return poly1d(polymul(self._coeffs, poly1d(other)._coeffs))

    def __rmul__(self, other):
        if _isscalar(other):
            return poly1d(other * self._coeffs)
        return poly1d(polymul(self._coeffs, poly1d(other)._coeffs))

    def __add__(self, other):
        return poly1d(polyadd(self._coeffs, poly1d(other)._coeffs))

    __radd__ = __add__

    def __sub__(self, other):
        return poly1d(polysub(self._coeffs, poly1d(other)._coeffs))

    def __rsub__(self, other):
        return poly1d(polysub(poly1d(other)._coeffs, self._coeffs))

    def __pow__(self, val):
        if not _isscalar(val) or int(val) != val or val < 0:
            raise ValueError("Power to non-negative integers only.")
        res = [1]
        for _ in range(val):
            res = polymul(self._coeffs, res)
        return poly1d(res)

    def __truediv__(self, other):
        if _isscalar(other):
            return poly1d(self._coeffs / other)
        raise NotImplementedError("numpy.polydiv is not available in the browser")

    def __eq__(self, other):
        if not isinstance(other, poly1d):
            return NotImplemented
        return self._coeffs.shape == other._coeffs.shape and bool(F.all(self._coeffs == other._coeffs))

    def __ne__(self, other):
        if not isinstance(other, poly1d):
            return NotImplemented
        return not self.__eq__(other)

    def __getitem__(self, val):
        if val > self.order or val < 0:
            return self._coeffs.dtype.type(0)
        return self._coeffs[self.order - val]

    def __iter__(self):
        return iter(self._coeffs)

    def integ(self, m=1, k=0):
        return poly1d(polyint(self._coeffs, m=m, k=k))

    def deriv(self, m=1):
        return poly1d(polyder(self._coeffs, m=m))


poly1d.__module__ = "numpy"


def _isscalar(x):
    return isinstance(x, (generic, int, float, complex)) and not isinstance(x, ndarray)
