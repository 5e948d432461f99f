# float64 powers to the last bit, as numpy computes them with glibc's pow (below AVX-512): for
# non-integer exponents, the points of a linspace where musl's pow (Pyodide's own) differs from
# glibc's, each whole linspace as a digest; numpy's shortcuts; negative bases, huge and tiny results.
import hashlib

import numpy as np


def digest(values):
    return hashlib.sha256(repr(values.tolist()).encode()).hexdigest()[:16]


x = np.linspace(0.01, 20, 20001)
for exponent, picks in ((2.5, [2235, 2301, 4591, 6512]), (-1.5, [146, 2010, 3184, 3434]),
                        (0.3, [3949, 4883, 4915, 4932]), (1 / 3, [2165, 2589, 4080, 5387]),
                        (7.25, [453, 653, 3294, 3469])):
    y = x ** exponent
    print(repr(exponent), digest(y), [repr(v) for v in y[picks].tolist()])
y = np.power(x, 2.0)  # numpy's power squares for the one exponent 2.0 (and -1.0, 0.5 take 1 / x, sqrt)
print(digest(y), [repr(v) for v in y[[1266, 2619, 8605, 9269]].tolist()], digest(np.power(x, -1.0)), digest(np.power(x, 0.5)))
print([repr(v) for v in np.power(np.array([-2.5, -0.75, 1.0000001, 3.0, 1e-3, 0.9]), [-3.0, 71.0, 1e9, 645.5, 105.3, 7e3]).tolist()])
print(repr(np.power(np.float64(10.0), -0.5)), repr(np.float64(2.0) ** 0.75))
