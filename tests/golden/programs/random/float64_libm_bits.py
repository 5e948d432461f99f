# float64 samplers to the last bit: they call the C library's log, log1p, exp, sin and cos, glibc's
# on a laptop (musl's, in the browser, differs from glibc's in the last bit of a few results in
# ten thousand). Many draws as a digest of their reprs, a few in full.
import hashlib

import torch


def digest(t):
    return hashlib.sha256(repr(t.tolist()).encode()).hexdigest()[:16]


torch.manual_seed(0)
x = torch.randn(20000, dtype=torch.float64)  # vectorised Box-Muller: log, sin, cos
print(digest(x), x[:2].tolist())
x = torch.randn(7, dtype=torch.float64)  # scalar Box-Muller: log1p, sin, cos
print(digest(x), x[-2:].tolist())
x = torch.empty(20000, dtype=torch.float64).log_normal_(0.5, 1.5)  # exp
print(digest(x), x[-2:].tolist())
x = torch.empty(20000, dtype=torch.float64).exponential_(2.0)  # log1p
print(digest(x), x[:2].tolist())
x = torch.empty(20000, dtype=torch.float64).geometric_(0.001)  # log, log1p
print(digest(x), x[:4].tolist())
x = torch.poisson(torch.tensor([0.5, 3.0, 9.5, 12.5, 250.0, 1e5], dtype=torch.float64).repeat(500))  # log, exp
print(digest(x), x[:6].tolist())
