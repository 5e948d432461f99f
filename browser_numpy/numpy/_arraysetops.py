"""Set operations as numpy composes them from unique, concatenate, sort and isin: the results are
sorted unique values (intersect1d, union1d, setdiff1d, setxor1d), and unique's array-API forms."""
from collections import namedtuple

from . import _functions as F
from . import _ufuncs as U
from ._composites import isin
from ._core import asarray

UniqueCountsResult = namedtuple("UniqueCountsResult", ["values", "counts"])
UniqueInverseResult = namedtuple("UniqueInverseResult", ["values", "inverse_indices"])
UniqueAllResult = namedtuple("UniqueAllResult", ["values", "indices", "inverse_indices", "counts"])


def unique_counts(x):
    return UniqueCountsResult(*F.unique(x, return_counts=True, equal_nan=False))


def unique_inverse(x):
    x = asarray(x)
    values, inverse = F.unique(x, return_inverse=True, equal_nan=False)
    return UniqueInverseResult(values, inverse.reshape(x.shape))


def unique_all(x):
    x = asarray(x)
    values, index, inverse, counts = F.unique(x, return_index=True, return_inverse=True, return_counts=True,
                                              equal_nan=False)
    return UniqueAllResult(values, index, inverse.reshape(x.shape), counts)


def union1d(ar1, ar2):
    return F.unique(F.concatenate((ar1, ar2), axis=None))


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    ar1, ar2 = asarray(ar1).ravel(), asarray(ar2).ravel()
    if return_indices:
        ar1, ind1 = F.unique(ar1, return_index=True)
        ar2, ind2 = F.unique(ar2, return_index=True)
    elif not assume_unique:
        ar1, ar2 = F.unique(ar1), F.unique(ar2)
    aux = F.concatenate((ar1, ar2))
    order = F.argsort(aux)  # stable, as numpy's mergesort
    aux = aux[order]
    same = U.equal(aux[1:], aux[:-1])
    common = aux[:-1][same]
    if not return_indices:
        return common
    first = order[:-1][same]
    second = U.subtract(order[1:][same], ar1.size)
    return common, ind1[first], ind2[second]


def setdiff1d(ar1, ar2, assume_unique=False):
    ar1 = asarray(ar1).ravel() if assume_unique else F.unique(ar1)
    return ar1[isin(ar1, ar2, invert=True)]


def setxor1d(ar1, ar2, assume_unique=False):
    if not assume_unique:
        ar1, ar2 = F.unique(ar1), F.unique(ar2)
    aux = F.sort(F.concatenate((ar1, ar2), axis=None))
    if aux.size == 0:
        return aux
    flag = F.concatenate(([True], U.not_equal(aux[1:], aux[:-1]), [True]))
    return aux[U.logical_and(flag[1:], flag[:-1])]
