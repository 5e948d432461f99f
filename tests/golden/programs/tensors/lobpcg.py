# golden: tolerance=6sig
# torch.lobpcg: largest and smallest eigenpairs, k, a given start X, a generalized problem (B),
# the random start's draw from the generator, gradients (eigenvalues and a sign-free use of
# the eigenvectors) and errors. LOBPCG converges to its tolerance, hence 6 significant digits
# in float64; eigenvectors are printed sign-free.
import torch

torch.manual_seed(0)
torch.set_printoptions(precision=8)
A = torch.tensor([[4., 1, 0.5, 0.2, 0.1, 0], [1, 3, 0.3, 0, 0.2, 0.1], [0.5, 0.3, 5, 0.4, 0, 0.2],
                  [0.2, 0, 0.4, 2, 0.3, 0], [0.1, 0.2, 0, 0.3, 6, 0.5], [0, 0.1, 0.2, 0, 0.5, 1]], dtype=torch.float64)
E, X = torch.lobpcg(A)
print(E, X.abs(), torch.randn(2))
print(torch.lobpcg(A, k=2)[0], torch.lobpcg(A, k=2, largest=False)[0], torch.linalg.eigvalsh(A))
print(torch.lobpcg(A, k=2, B=torch.eye(6, dtype=torch.float64) * 2)[0])
print(torch.lobpcg(A, X=torch.eye(6, 2, dtype=torch.float64))[0], torch.lobpcg(A.float(), k=1)[0])
Ar = A.clone().requires_grad_()
E, X = torch.lobpcg(Ar, k=2)
print(E.grad_fn.name(), X.grad_fn.name())
(E * torch.tensor([1., 2], dtype=torch.float64)).sum().backward()
print(Ar.grad)
Ar.grad = None
E, X = torch.lobpcg(Ar, k=2, largest=False)
(X.pow(2) * torch.arange(12.).reshape(6, 2)).sum().backward()
print(Ar.grad)
for call in (lambda: torch.lobpcg(A, k=3), lambda: torch.lobpcg(A[:2, :2]), lambda: torch.lobpcg(A, n=2, k=1)):
    try:
        print(call()[0])
    except ValueError as e:
        print(e)
