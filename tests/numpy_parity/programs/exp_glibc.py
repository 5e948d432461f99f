# float64 exp to the last bit, as numpy computes it with glibc (below AVX-512): the points of a
# linspace where musl's exp (Pyodide's own) differs from glibc's, the whole linspace as a digest,
# results near overflow and subnormal ones, past both ends.
import hashlib

import numpy as np

x = np.linspace(-20, 20, 20001)
y = np.exp(x)
print(hashlib.sha256(repr(y.tolist()).encode()).hexdigest()[:16])
print([repr(v) for v in y[[1493, 1626, 3473, 5263, 5631, 6068, 9105, 13036, 15533, 18747]].tolist()])
print([repr(v) for v in np.exp(np.array([-745.0, -740.5, -730.25, -710.3, -708.5, -600.1, 512.5, 700.5, 709.7])).tolist()])
print(repr(np.exp(np.float64(-0.8115))), repr(np.exp(np.array([0.0, -0.0, 1e-20, np.inf, -np.inf]))))
