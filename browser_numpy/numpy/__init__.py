# Reimplements NumPy (BSD-3); notices: licenses/numpy.txt
"""numpy for the browser: a subset of numpy 2.x in pure Python over the engine's array.array buffers,
printing byte for byte as numpy 2.x and drawing the legacy random API's numbers bit for bit.
Present only in the browser's runtime (the build packs this folder into pyengine.zip); in CPython
the tests import it under another name. Every name outside the subset raises NotImplementedError
naming it, never a wrong answer."""
from . import _print, linalg, random
from ._core import (False_, True_, array, asarray, bool_, dtype, float16, float32, float64, floating, generic, inexact,
                    int8, int16, int32, int64, integer, ndarray, number, signedinteger, uint8, uint16, uint32, uint64,
                    unsignedinteger)
from ._composites import (REMOVED as _REMOVED, append, average, bincount, cumprod, deg2rad, degrees, diag, diagonal,
                          diff, digitize, errstate, finfo, flip, fliplr, flipud, geterr, iinfo, isclose, logspace,
                          nan_to_num, nanmax, nanmean, nanmin, nansum, pad, ptp, rad2deg, radians, repeat, roll,
                          searchsorted, seterr, take, tile, trace, tril, triu)
from ._composites import (array_split, c_, corrcoef, cov, interp, isin, mgrid, ogrid, r_,
                          take_along_axis)
from ._einsum import einsum
from ._polynomial import convolve, correlate, poly, poly1d, polyadd, polyder, polyfit, polyint, polymul, polysub, polyval, vander
from ._dtypes import promote_types
from ._exceptions import AxisError
from ._functions import (all, amax, amin, any, arange, argmax, argmin, argsort, argwhere, histogram, histogram_bin_edges, median,
                         lexsort, percentile, quantile, sort, unique, atleast_1d, atleast_2d, clip,
                         column_stack, concatenate, copy, count_nonzero, cumsum, dot, empty, empty_like, expand_dims,
                         eye, full, full_like, hstack, identity, inner, linspace, matmul, max, mean, meshgrid, min,
                         moveaxis, ndim, nonzero, ones, ones_like, outer, prod, ravel, reshape, shape, size, split,
                         squeeze, stack, std, sum, swapaxes, transpose, var, vstack, where, zeros, zeros_like)
from ._print import (array2string, format_float_positional, format_float_scientific, get_printoptions,
                     printoptions, set_printoptions)
from ._ufuncs import (abs, absolute, add, arccos, arcsin, arctan, arctan2, bitwise_and, bitwise_or, bitwise_xor,
                      broadcast_shapes, broadcast_to, ceil, cos, cosh, divide, equal, exp, exp2, expm1, fabs, floor,
                      floor_divide, greater, greater_equal, hypot, invert, isfinite, isinf, isnan, less, less_equal,
                      log, log1p, log2, log10, logical_and, logical_not, logical_or, logical_xor, maximum, minimum,
                      mod, multiply, negative, not_equal, positive, power, reciprocal, remainder, rint, sign, sin,
                      sinh, sqrt, square, subtract, tan, tanh, true_divide, trunc, ufunc)
from ._ufuncs import (arccosh, arcsinh, arctanh, cbrt, copysign, float_power, fmod, frexp, gcd, heaviside, lcm, ldexp,
                      left_shift, logaddexp, logaddexp2, modf, nextafter, right_shift, signbit, spacing)

__version__ = "2.4.6"
BROWSER = True  # this numpy is the browser's subset (the engine's backends check it)

pi = 3.141592653589793
e = 2.718281828459045
inf = float("inf")
nan = float("nan")
newaxis = None
bool = bool_
double = float64
single = float32
half = float16
int_ = intp = int64
ubyte = uint8
byte = int8
short = int16
ushort = uint16
uintc = uint32
intc = int32
uint = uintp = ulonglong = uint64
longlong = int64


def _method(fn):
    return lambda self, *args, **kwargs: fn(self, *args, **kwargs)


for _name, _fn in dict(sum=sum, mean=mean, std=std, var=var, max=amax, min=amin, argmax=argmax, argmin=argmin,
                       prod=prod, all=all, any=any, cumsum=cumsum, dot=dot, clip=clip, nonzero=nonzero,
                       argsort=argsort, cumprod=cumprod, repeat=repeat, take=take, diagonal=diagonal,
                       trace=trace).items():
    setattr(ndarray, _name, _method(_fn))
ndarray.round = lambda self, decimals=0: round(self, decimals)


def _sort_in_place(self, axis=-1, kind=None):
    self[...] = sort(self, axis)


ndarray.sort = _sort_in_place


def round(a, decimals=0):
    """Round half to even at `decimals` (numpy's: scale, rint, unscale)."""
    a = asarray(a)
    if a.dtype.kind != "f":
        return a.copy() if decimals >= 0 else NotImplemented
    if decimals == 0:
        return rint(a)
    scale = 10.0 ** decimals
    return true_divide(rint(multiply(a, scale)), scale).astype(a.dtype) if decimals > 0 else \
        multiply(rint(true_divide(a, 10.0 ** -decimals)), 10.0 ** -decimals).astype(a.dtype)


around = round


def fix(x, out=None):
    """Round towards zero (numpy's: ceil below zero, floor elsewhere; the same as trunc)."""
    return trunc(x, out=out)


def isscalar(x):
    return isinstance(x, (generic, int, float, complex, str, bytes))


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return builtins_all(abs(x - y) <= atol + rtol * abs(y) or (equal_nan and x != x and y != y)
                        for x, y in zip(broadcast_to(asarray(a).astype(float), _bshape(a, b))._values(),
                                        broadcast_to(asarray(b).astype(float), _bshape(a, b))._values()))


def _bshape(a, b):
    return broadcast_shapes(asarray(a).shape, asarray(b).shape)


def array_equal(a1, a2):
    a1, a2 = asarray(a1), asarray(a2)
    return a1.shape == a2.shape and a1._values() == a2._values()


import builtins as _builtins  # noqa: E402

builtins_all = _builtins.all


# numpy.lib's less everyday functions: their modules are imported on a program's first use of one of
# them, so importing numpy costs what it did before they were added
_LAZY = {module: names.split() for module, names in {
    "_arraysetops": "intersect1d setdiff1d setxor1d union1d unique_all unique_counts unique_inverse",
    "_function_base": "delete extract flatnonzero geomspace gradient histogram2d insert piecewise place rot90 select "
                      "sinc trapezoid trim_zeros vectorize",
    "_index_tricks": "diag_indices diag_indices_from diagflat ix_ ndenumerate ndindex ravel_multi_index tril_indices "
                     "tril_indices_from triu_indices triu_indices_from unravel_index",
    "_nanfunctions": "nanargmax nanargmin nancumprod nancumsum nanmedian nanpercentile nanprod nanquantile nanstd "
                     "nanvar",
    "_npyio": "load loadtxt save savetxt savez savez_compressed",
    "_shape_base": "apply_along_axis array_equiv array_repr array_str asanyarray ascontiguousarray atleast_3d "
                   "base_repr binary_repr block broadcast_arrays can_cast choose compress cross dsplit dstack "
                   "fromfunction fromiter hsplit indices issubdtype kron matvec may_share_memory min_scalar_type put "
                   "put_along_axis resize result_type shares_memory tensordot vdot vecdot vecmat vsplit",
}.items()}
_LAZY_MODULE = {name: module for module, names in _LAZY.items() for name in names}


def __dir__():
    return sorted(set(globals()) | set(_LAZY_MODULE))


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    if name in _LAZY_MODULE:
        import importlib
        value = getattr(importlib.import_module(f"{__name__}.{_LAZY_MODULE[name]}"), name)
        globals()[name] = value
        return value
    if name in _REMOVED:
        raise AttributeError(f"`np.{name}` was removed in the NumPy 2.0 release. {_REMOVED[name]}")
    raise NotImplementedError(f"numpy.{name} is not available in the browser; this course's numpy is a subset "
                              "(arrays, ufuncs, reductions, indexing, linear products, printing, numpy.random's "
                              "legacy API). In CPython, install numpy for the rest.")
