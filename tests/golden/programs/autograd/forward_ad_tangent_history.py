# A tangent computed from primals that require grad has a history of its own, even where the
# formula's other term is an (efficient) zero: tangents can be differentiated in reverse mode.
import torch
import torch.autograd.forward_ad as fwAD
from torch.func import jvp

x = torch.ones(2, requires_grad=True)
t = torch.tensor([0.5, -1.0])
w = torch.ones(2, requires_grad=True)
with fwAD.dual_level():
    d = fwAD.make_dual(x, t)
    for name, f in [("d * 2", lambda: d * 2), ("d * w", lambda: d * w), ("w * d", lambda: w * d),
                    ("d + 1", lambda: d + 1), ("d + w", lambda: d + w), ("d.sin()", lambda: d.sin()),
                    ("d / 2", lambda: d / 2), ("1 - d", lambda: 1 - d), ("-d * 3", lambda: -d * 3),
                    ("d * inf", lambda: d * float("inf"))]:
        tangent = fwAD.unpack_dual(f()).tangent
        print(name, tangent.grad_fn.name() if tangent.grad_fn else None, tangent)
    tangent = fwAD.unpack_dual((d * w).exp()).tangent
    tangent.sum().backward()
    print(x.grad, w.grad)
print(jvp(lambda a: a * 2, (torch.ones(2, requires_grad=True),), (t,)))
print(jvp(lambda a: (a / 4).tanh(), (torch.ones(2, requires_grad=True),), (t,)))
