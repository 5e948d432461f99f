# Rounding keeps the sign of a negative that rounds to zero (-0.), rint of integers is a float,
# fix is trunc; exp2.
import numpy as np

x = np.array([-0.5, -0.2, 0.5, -1.5, -0.0, 2.5, np.inf, -np.inf, np.nan])
for f in (np.round, np.ceil, np.floor, np.trunc, np.rint, np.fix):
    print(f.__name__, f(x), f(x.astype(np.float32)), repr(f(np.float64(-0.3))), repr(f(np.array([3, -2]))))
print(np.round(x, 1), np.round(-0.04, 1), repr(np.rint(np.array([1, 2], dtype=np.int8))))
print(np.exp2(np.array([0.5, -1.5, 10.3, -2000.0])), repr(np.exp2(np.float32(3))), repr(np.exp2(np.array([1, 2]))))
y = np.zeros(3)
np.floor(np.array([-0.1, 0.2, -3.7]), out=y)
print(y)
