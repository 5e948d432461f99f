"""histogram2d, histogram/histogram_bin_edges and linspace in the data's float type (numpy computes float32 edges in float32), quantile/percentile dtypes (a Python q is weak), out= and numpy's positional order of the statistics, poly."""
import numpy as np


def show(make):
    try:
        print(repr(make()))
    except Exception as error:  # numpy's message for the misuse
        print(f"{type(error).__name__}: {error}")


try:
    a = np.float32([1, 2, 4])
except Exception as error:
    print(f"{type(error).__name__}: {error}")
show(lambda: np.percentile(a, 50), np.percentile(a, 50.0), np.percentile(a, [50]), np.percentile(a, np.float64(50)), np.percentile(a, np.float32(50)), np.percentile(a, np.array(50)), np.percentile(a, np.array([50], dtype=np.float32)))
show(lambda: np.nanpercentile(a, 50), np.nanpercentile(a, [50]), np.nanpercentile(a, np.float64(50)))
show(lambda: np.quantile(a, 0.5), np.quantile(a, [0.5]), np.quantile(a, np.float32(0.5)), np.quantile(np.float16([1, 2]), [0.5]), np.percentile(np.arange(3), 50), np.percentile(np.arange(5), [10, 90]))
show(lambda: np.argmax(np.ones((2, 2)), keepdims=True), np.argmin(np.arange(6).reshape(1, 2, 3), axis=None, keepdims=True))
show(lambda: np.percentile([1, 2], 101))
show(lambda: np.percentile([1, 2], [50, -1]))
show(lambda: np.nanquantile(np.array([0., 0., -1.5], dtype=np.float32), 0.3), np.quantile(np.array([-1.5, 0., 0.], dtype=np.float32), 0.3), np.quantile(np.array([-1.5, 0., 0.], dtype=np.float32), np.float32(0.3)), np.quantile(np.array([-1.5, 0., 0.], dtype=np.float32), [0.3]))
show(lambda: np.percentile(np.array([-1.5, 0., 0.1, 7], dtype=np.float32), [33, 67.5]), np.percentile(np.array([-1.5, 0., 0.1, 7], dtype=np.float32), np.float32(33.3)), np.percentile(np.array([-1.5, 0., 0.1, 7], dtype=np.float32), 33.3))
show(lambda: np.percentile(np.array([-1.5, 0., 0.1, 7], dtype=np.float16), 33.3), np.quantile(np.array([-1.5, 0., 0.1, 7], dtype=np.float16), np.float16(0.3)))
try:
    o = np.zeros(2); r = np.nanvar(np.array([[1., np.nan], [3., 4.]]), 1, None, o, 1); print(repr(o), r is o)
except Exception as error:
    print(f"{type(error).__name__}: {error}")
try:
    o = np.zeros(2); np.nanstd(np.array([[1., np.nan], [3., 4.]]), axis=0, out=o); print(repr(o))
except Exception as error:
    print(f"{type(error).__name__}: {error}")
try:
    o = np.zeros(3); np.nancumsum([1., np.nan, 2.], out=o); print(repr(o))
except Exception as error:
    print(f"{type(error).__name__}: {error}")
try:
    o = np.zeros(2, dtype=np.int64); np.nanargmax(np.array([[1., np.nan], [3., 4.]]), 1, o); print(repr(o))
except Exception as error:
    print(f"{type(error).__name__}: {error}")
try:
    o = np.zeros(2); np.nanmedian(np.array([[1., np.nan, 2.], [3., 4., 6.]]), 1, o); print(repr(o))
except Exception as error:
    print(f"{type(error).__name__}: {error}")
try:
    o = np.zeros(2); np.nanpercentile(np.array([[1., np.nan, 2.], [3., 4., 6.]]), 50, 1, o); print(repr(o))
except Exception as error:
    print(f"{type(error).__name__}: {error}")
try:
    o = np.zeros(2); np.percentile(np.array([[1., 7., 2.], [3., 4., 6.]]), 25, 1, o); print(repr(o))
except Exception as error:
    print(f"{type(error).__name__}: {error}")
try:
    o = np.zeros(3); np.quantile(np.array([[1., 7., 2.], [3., 4., 6.]]), 0.25, 0, o); print(repr(o))
except Exception as error:
    print(f"{type(error).__name__}: {error}")
try:
    o = np.zeros(2); np.median(np.array([[1., 7., 2.], [3., 4., 6.]]), 1, o); print(repr(o))
except Exception as error:
    print(f"{type(error).__name__}: {error}")
show(lambda: np.median(np.array([[1., 7., 2.], [3., 4., 6.]]), 1, None, False, True))
show(lambda: np.nanprod([2., np.nan, 4.], None, None, None, True))
show(lambda: np.nanpercentile(np.float32([np.nan, np.nan]), [10, 50, 95]), np.nanpercentile(np.float32([[np.nan, np.nan], [1, 2]]), [10, 50], axis=1), np.nanpercentile(np.float32([[1, 2], [np.nan, np.nan]]), [10, 50], axis=1), np.nanquantile(np.float32([np.nan]), np.float64(0.5)))
show(lambda: np.poly([1, 2, 3]))
show(lambda: np.poly([0.5, -1.]))
show(lambda: np.poly(np.float32([2, 2])))
show(lambda: np.poly([]))
show(lambda: np.poly(np.ones((2, 3))))
show(lambda: np.poly1d(np.poly([1, 2])))
show(lambda: np.histogram2d([0, 1, 2, 3, 3], [0, 0, 1, 1, 2], bins=2))
show(lambda: np.histogram2d([0.1, 0.5, 0.9, 0.3], [1, 2, 3, 4], bins=(2, 3)))
show(lambda: np.histogram2d([0.1, 0.5, 0.9, 0.3], [1, 2, 3, 4], bins=[2, 2], range=[[0, 1], [0, 8]]))
show(lambda: np.histogram2d([1, 1], [2, 2], bins=3))
show(lambda: np.histogram2d([], [], bins=2))
show(lambda: np.histogram2d([1, 2], [1], bins=2))
show(lambda: np.histogram2d([1, 2], [1, 2], bins=0))
show(lambda: np.histogram2d(np.float32([0.1, 0.7]), np.float32([0.2, 0.4]), bins=2))
show(lambda: np.histogram2d(np.float32([0.1, 0.7, 0.3]), np.float32([0.2, 0.4, 1]), bins=3, range=[None, [0, 1]]))
show(lambda: np.histogram2d(np.float32([0.1, 0.7, 0.3]), np.float16([0.2, 0.4, 1]), bins=[5, 3]))
show(lambda: np.linspace(np.float32(0.1), np.float32(0.7), 7), np.linspace(np.float16(0), 1, 4), np.linspace(0, np.float32(1), 3, dtype=float), np.linspace(np.float32(2), 0, 5, endpoint=False))
show(lambda: np.histogram_bin_edges(np.float32([0.1, 0.7, 0.33]), 7), np.histogram(np.float32([0.1, 0.7, 0.33]), 6))
show(lambda: np.histogram(np.float32([0.1, 0.7, 0.33, 0.5]), 3), np.histogram(np.float32([0.1, 0.7, 0.33, 0.5]), 3, range=(0.1, 0.7)), np.histogram(np.float16([1, 1]), 2), np.histogram(np.array([3, 3]), 2), np.histogram_bin_edges(np.float32([1, 1]), 3))
show(lambda: np.histogram([1, np.inf], 2))
show(lambda: np.histogram([1, 2, 2, 3, 5], bins=[0, 2, 4, 6]))
show(lambda: np.histogram([1., 2, 2, 3, 5, 6], bins=np.array([0, 2, 4, 6])))
show(lambda: np.histogram([1, 2, 2, 3, 5], bins=[0, 2, 4, 6], density=True))
show(lambda: np.histogram([1, 2, 2, 3, 5], bins=4, density=True))
show(lambda: np.histogram([1, 2, 2, 3, 5], bins=4, weights=[0.5, 1, 1, 2, 0.25]))
show(lambda: np.histogram([1, 2, 2, 3, 5], bins=[0, 2.5, 6], weights=[0.5, 1, 1, 2, 0.25]))
show(lambda: np.histogram([1, 2, 2, 3, 5], bins=[0, 2.5, 6], weights=[1, 2, 3, 4, 5]))
show(lambda: np.histogram([1, 2, 2, 3, 5], bins=3, weights=np.array([1, 2, 3, 4, 5], dtype=np.int8)))
show(lambda: np.histogram([1, 2, 2, 3, 5], bins=3, weights=[0.5, 1, 1, 2, 0.25], density=True))
show(lambda: np.histogram(np.float32([0.1, 0.5, 0.9]), bins=np.float32([0, 0.5, 1])))
show(lambda: np.histogram([1, 2], bins=[3, 1]))
show(lambda: np.histogram([1, 2], bins=[[1, 2]]))
show(lambda: np.histogram([1, 2], bins=2.5))
show(lambda: np.histogram([1, 2], bins=0))
show(lambda: np.histogram([1, 2, 3], bins=2, weights=[1, 2]))
show(lambda: np.histogram([], bins=[0, 1]))
show(lambda: np.histogram_bin_edges([1, 2, 3], bins=[0, 5, 10]))
show(lambda: np.histogram(np.arange(10), bins=[0, 3, 3, 9]))
show(lambda: np.histogram(np.random.default_rng(0).standard_normal(1000), bins=20, density=True)[0])
