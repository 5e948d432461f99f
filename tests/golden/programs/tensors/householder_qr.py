# golden: tolerance=6sig-line
# QR in LAPACK's packed form: geqrf, householder_product / orgqr, ormqr (all four sides), their
# gradients and errors. LAPACK's float rounding is not reproduced (6 significant digits).
import torch

torch.set_printoptions(sci_mode=False, precision=6)
A = torch.tensor([[2., 1, 0.5], [1, 3, 1], [0.25, 1, 4], [1., -0.5, 1]], requires_grad=True)
a, tau = torch.geqrf(A)
print(a, tau, a.grad_fn.name(), A.geqrf().tau)
try:
    a.sum().backward()
except RuntimeError as e:
    print(e)
Q = torch.linalg.householder_product(a, tau)
print(Q, Q.grad_fn.name(), torch.orgqr(a, tau).grad_fn.name(), a.orgqr(tau).shape)
print(torch.dist(Q, torch.linalg.qr(A.detach()).Q) < 1e-6, torch.linalg.householder_product(a[:, :2], tau[:1]))
C = torch.arange(8.).reshape(4, 2)
print(torch.ormqr(a, tau, C), torch.ormqr(a, tau, C, transpose=True), a.ormqr(tau, C).grad_fn.name())
print(torch.ormqr(a, tau, C.T, left=False), torch.ormqr(a, tau, C.T, left=False, transpose=True))
print(torch.geqrf(torch.ones(2, 3, 2)), torch.geqrf(torch.tensor([[3., 1, 2], [4, 2, 1]])))
torch.set_default_dtype(torch.float64)
M = torch.tensor([[0.5, -0.2], [0.3, 0.8], [-0.6, 0.1], [0.2, 0.4]], requires_grad=True)
t = torch.tensor([1.3, 0.7], requires_grad=True)
(torch.linalg.householder_product(M, t) * torch.arange(8.).reshape(4, 2)).sum().backward()
print(M.grad, t.grad)
for left in (True, False):
    for transpose in (False, True):
        M.grad = t.grad = None
        other = torch.tensor([[1., 2, 0], [0, -1, 3], [2, 1, 1], [-1, 0, 2]], requires_grad=True)
        out = torch.ormqr(M, t, other if left else other.T, left, transpose)
        (out * torch.arange(12.).reshape(out.shape)).sum().backward()
        print(out, M.grad, t.grad, other.grad)
for call in (lambda: torch.linalg.householder_product(a.T, tau),
             lambda: torch.linalg.householder_product(a, tau[:1].repeat(4)),
             lambda: torch.linalg.householder_product(torch.ones(3), tau), lambda: torch.ormqr(a, tau, torch.ones(3, 2)),
             lambda: torch.geqrf(torch.ones(3)), lambda: torch.geqrf(torch.ones(2, 2).long()),
             lambda: torch.linalg.householder_product(a.double(), tau.float())):
    try:
        call()
    except (RuntimeError, NotImplementedError) as e:
        print(type(e).__name__, e)
