# float64 tanh and hypot to the last bit, as numpy computes them on a laptop without AVX-512: tanh
# with numpy's own SIMD algorithm (not glibc's tanh), hypot with glibc's (not CPython's math.hypot).
import numpy as np

x = np.linspace(-6, 6, 97)
print([repr(v) for v in np.tanh(x).tolist()])
points = np.array([0.7104315197882991, -0.21875, 0.21874999999999997, 19.0, 22.0, 1e-300, 5e-324, -0.0, np.inf,
                   -np.inf, np.nan, 2.0 ** 1023, 1e-8])
print([repr(v) for v in np.tanh(points).tolist()], repr(np.tanh(np.float64(0.7104315197882991))))
a, b = np.linspace(-10, 10, 97), np.linspace(3, -7, 97)
print([repr(v) for v in np.hypot(a, b).tolist()])
print([repr(v) for v in np.hypot(points, points[::-1]).tolist()], repr(np.hypot(np.float64(1e300), 3e300)))
