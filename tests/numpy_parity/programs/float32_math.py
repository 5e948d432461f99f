# float32 transcendental functions to the last bit, as numpy computes them on a laptop without
# AVX-512: exp, log, sin, cos, tanh with numpy's own SIMD algorithms (not the correctly rounded
# values), the others with glibc's float functions (power with numpy's shortcuts for one exponent);
# tensor.numpy() is float32; float16 takes glibc's float functions, rounded to half.
import numpy as np
import torch

x = np.arange(-48, 49, dtype=np.float32) * np.float32(0.21)
positive = np.arange(1, 97, dtype=np.float32) * np.float32(0.37)
unit = np.arange(-48, 49, dtype=np.float32) / np.float32(48.5)
edges = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, 1e-40, 88.72284, -103.97208, -87.5, 117436.0, 71476.07,
                  -1e6, 1e30], dtype=np.float32)
with np.errstate(all="ignore"):
    for f, values in [(np.exp, x), (np.exp2, x), (np.expm1, x), (np.log, positive), (np.log2, positive),
                      (np.log10, positive), (np.log1p, positive), (np.sin, x), (np.cos, x), (np.tan, x),
                      (np.arcsin, unit), (np.arccos, unit), (np.arctan, x), (np.sinh, x), (np.cosh, x), (np.tanh, x),
                      (np.sqrt, positive)]:
        print(f.__name__, f(values).tolist())
        print(f.__name__, f(edges).tolist())
    print(np.arctan2(x, x[::-1]).tolist())
    print(np.hypot(x, np.append(positive, np.float32(3))).tolist())
    print(np.power(positive, x[:96]).tolist())
    print(np.power(edges, np.float32(1.5)).tolist(), np.power(np.float32(-2), edges).tolist())
    for exponent in (2, 3, -1.0, 0.5, np.float32(0.5), 2.5, -2, 0):  # numpy's shortcuts for one exponent, powf else
        print(exponent, (x ** exponent).tolist(), np.power(x, exponent).tolist())
# numpy's scalar math calls powf itself (no shortcuts): these differ from sqrt, x * x and 1 / x
odd = np.array([7.896549224853516, 5.104145050048828, 4.283585071563721, 0.15477976202964783, 3.411562204360962],
               dtype=np.float32)
for exponent in (0.5, 2.0, -1.0):
    print(exponent, [repr(v ** np.float32(exponent)) for v in odd], [repr(v ** exponent) for v in odd],
          np.power(odd, np.float32(exponent)).tolist(), [repr(np.power(v, exponent)) for v in odd])
print(np.exp(x[::7]), np.log(positive.reshape(8, 12)[::3, 1::4]))
print(repr(np.exp(np.float32(0.2364325))), repr(np.tanh(np.float32(-2.7440526))), repr(np.sin(np.float32(1e6))))
halves = np.arange(-48, 49, dtype=np.float16) * np.float16(0.21)  # float16: glibc's float functions, rounded
with np.errstate(all="ignore"):
    print(np.exp(halves).tolist(), np.sin(halves).tolist(), np.tanh(halves).tolist(), np.log(halves).tolist())
torch.manual_seed(0)
t = torch.randn(10)
print(np.exp(t.numpy()))
print(np.tanh(t.numpy()), np.log(np.abs(t.numpy())), np.cos(t.numpy()))
