# gradcheck's mismatch message prints each Jacobian with a row per input element and a column per
# output element, numerical and analytical (backward and forward mode) alike.
import warnings

import torch

warnings.simplefilter("ignore")  # float32 inputs: gradcheck warns that double precision is expected


def f(a):
    return torch.stack([a[0] * a[1], a[0] ** 2, a[1] * 3])


for kwargs in ({}, {"check_forward_ad": True, "check_backward_ad": False}):
    try:
        torch.autograd.gradcheck(f, torch.tensor([1.0, 2.0], requires_grad=True), **kwargs)
    except torch.autograd.gradcheck.GradcheckError as e:
        print(e)
print(torch.autograd.gradcheck(f, torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)))
# an output that does not require grad is skipped, unless no output does: then its numerical
# Jacobian must be zero
a = torch.tensor([-0.5, 0.3], dtype=torch.float64, requires_grad=True)
print(torch.autograd.gradgradcheck(lambda a: a.angle(), a), torch.autograd.gradcheck(lambda a: (a.detach() * 2, a * 3), a))
try:
    torch.autograd.gradcheck(lambda a: (a * 2).detach(), a)
except torch.autograd.gradcheck.GradcheckError as e:
    print(e)
print(torch.autograd.gradcheck(lambda a: (a * 2).detach(), a, raise_exception=False))
