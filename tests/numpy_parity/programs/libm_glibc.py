# float64 functions numpy takes from glibc, to the last bit: tan, arcsin, arccos, arctan, arctan2,
# sinh, cosh, expm1, cbrt, log10, arcsinh, arccosh, arctanh and integer powers. Each line is a
# digest of all the results' bits (4,001 points over the working range) and one value in full.
import hashlib

import numpy as np

x = np.linspace(-10, 10, 4001)
u = np.linspace(-1, 1, 4001)


def bits(a):
    return hashlib.sha256(repr(a.tolist()).encode()).hexdigest()[:16]  # repr: every bit of each float


for name, arg in [("tan", x), ("arctan", x), ("sinh", x), ("cosh", x), ("expm1", x / 2), ("cbrt", x * 10),
                  ("arcsinh", x), ("arcsin", u), ("arccos", u), ("arctanh", u * 0.999),
                  ("log10", np.abs(x) * 10 + 1e-3), ("arccosh", np.abs(x) + 1)]:
    y = getattr(np, name)(arg)
    print(name, bits(y), repr(y[1234]))
print("arctan2", bits(np.arctan2(x, x[::-1] * 0.7)), bits(np.arctan2(u, x)), repr(np.arctan2(x, -x[::-1])[3]))
print("power", bits(x ** 3), bits(u ** 7), bits(np.power(x, 13.0)), bits(x ** 64), repr((x ** 5)[77]))
print(repr(np.tan(np.float64(1.5707963267948966))), repr(np.arccos(np.float64(-0.9999))), repr(np.expm1(1e-10)),
      repr(np.cbrt(-27.000000000000004)), repr(np.arcsin(np.float64(0.96875))))
