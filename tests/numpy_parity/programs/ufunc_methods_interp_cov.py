import numpy as np
x = np.arange(6.).reshape(2, 3); i = np.array([1, 3, 2, 5, 4])
print(repr(np.add.reduce(x)), repr(np.add.reduce(x, axis=1)), repr(np.add.reduce(x, axis=None)), repr(np.multiply.reduce([2, 3, 4])))
print(repr(np.maximum.reduce(i)), repr(np.minimum.reduce(x, axis=1, keepdims=True)), repr(np.logical_or.reduce([False, True])))
print(repr(np.maximum.accumulate(i)), repr(np.minimum.accumulate(i[::-1])), repr(np.add.accumulate(x)), repr(np.add.accumulate(x, axis=1)))
print(repr(np.multiply.accumulate([1., 2., 3., 4.])), repr(np.subtract.outer([1, 2], [3, 4, 5])), repr(np.multiply.outer(np.arange(3), np.arange(4.))))
print(repr(np.add.outer(x, [10, 20])), repr(np.equal.outer([1, 2], [2, 1])))
print(repr(x.clip(min=1)), repr(np.clip(x, 1, None)), repr(np.clip(x, a_min=1, a_max=3)), repr(np.clip(x, None, 2)), repr(x.clip(2, 4)), repr(np.ptp(x, axis=0)))
xp = [1., 2., 3.]; fp = [3., 2., 0.]
print(repr(np.interp(2.5, xp, fp)), repr(np.interp([0, 1, 1.5, 2.72, 3.14], xp, fp)), repr(np.interp(3.14, xp, fp, right=-99.)), repr(np.interp(0.5, xp, fp, left=7)))
xs = np.linspace(0, 2 * np.pi, 10); print(np.interp(np.linspace(0, 2 * np.pi, 25), xs, np.sin(xs)), repr(np.interp(np.nan, xp, fp)), repr(np.interp([1, 2], [1, 1, 2], [0, 1, 5])))
rng = np.random.default_rng(3)
d = rng.standard_normal((3, 20)); d[1] += 0.5 * d[0]
print(np.cov(d)); print(np.corrcoef(d)); print(repr(np.cov([1., 2., 4., 7.])), repr(np.cov([1, 2, 3], [1, 5, 2])), repr(np.cov(d.T, rowvar=False, bias=True)[0]))
print(repr(np.cov(d[0], ddof=0)), repr(np.corrcoef([1, 2, 3, 4], [2, 4, 5, 9])), repr(np.corrcoef([1., 2., 3.])))
print(np.array_split(np.arange(10), 3), np.array_split(np.arange(8.), [3, 5]), np.array_split(np.arange(12).reshape(3, 4), 3, axis=1), np.array_split(np.arange(3), 5))
print(repr(np.isin([1, 2, 3, 4], [2, 4])), repr(np.isin(np.arange(6).reshape(2, 3), [0, 5, 9], invert=True)))
a = np.array([[10, 30, 20], [60, 40, 50]])
print(repr(np.take_along_axis(a, np.argsort(a, axis=1), axis=1)), repr(np.take_along_axis(a, np.argmax(a, axis=0)[None, :], axis=0)), repr(np.take_along_axis(a, np.array([[0], [2]]), 1)))
print(repr(np.r_[1:4, 0, 8, np.array([7, 9])]), repr(np.r_[0:1:5j]), repr(np.r_[np.array([1., 2.]), [3, 4]]), repr(np.c_[np.array([1, 2, 3]), np.array([4, 5, 6])]))
xx, yy = np.meshgrid(np.linspace(-1, 1, 3), np.linspace(0, 1, 2)); print(repr(np.c_[xx.ravel(), yy.ravel()]), repr(np.c_[np.ones((2, 2)), [7, 8]]))
print(repr(np.mgrid[0:3, 0:2]), repr(np.mgrid[0:1:3j, 0:2]), repr(np.mgrid[0:4]), repr(np.ogrid[0:2, 0:3]), repr(np.mgrid[-1:1:0.5]))
for bad in (lambda: np.interp([1], [1, 2], [1, 2, 3]), lambda: np.interp([1], [], []), lambda: np.array_split(np.arange(3), 0), lambda: np.take_along_axis(a, np.array([1]), 1)):
    try:
        print(bad())
    except ValueError as e:
        print("ValueError", e)
