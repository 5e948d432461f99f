# torch.gradient: uniform steps (one, or one per dim), sample coordinates, edge orders 1 and 2,
# integer input, its gradient and errors.
import torch

torch.set_printoptions(precision=8)
f = torch.tensor([1., 4, 9, 16, 25, 30.5, 12])
M = torch.tensor([[1., 2, 4, 8], [10, 20, 40, 80], [3, 1, 4, 1.5]])
print(torch.gradient(f), torch.gradient(f, spacing=2.), torch.gradient(f, spacing=0.3, edge_order=2))
print(torch.gradient(M), torch.gradient(M, dim=1), torch.gradient(M, dim=[1]), torch.gradient(M, spacing=[2., 3.]))
print(torch.gradient(M, spacing=(torch.tensor([0., 1, 1.5]), torch.tensor([0., 2, 3, 7]))))
print(torch.gradient(M, spacing=[torch.tensor([0., 2, 3, 7])], dim=1, edge_order=2))
print(torch.gradient(M, spacing=[0.5], dim=0), torch.gradient(M, spacing=2, dim=(0, 1), edge_order=2))
print(torch.gradient(torch.tensor([1, 4, 9, 16])), torch.gradient(torch.tensor([1, 4, 9, 16]), spacing=2))
print(torch.gradient(f.double(), edge_order=2), torch.gradient(M, dim=-1, edge_order=2))
x = M.clone().requires_grad_()
g = torch.gradient(x, dim=1)[0]
print(g.grad_fn.name())
(g * torch.arange(12.).reshape(3, 4)).sum().backward()
print(x.grad)
for call in (lambda: torch.gradient(f, edge_order=3), lambda: torch.gradient(torch.ones(2), edge_order=2),
             lambda: torch.gradient(torch.ones(1)), lambda: torch.gradient(M, spacing=[1., 2., 3.]),
             lambda: torch.gradient(M, dim=2), lambda: torch.gradient(M, spacing=[1., 2.], dim=1),
             lambda: torch.gradient(M, dim=[0, 0]), lambda: torch.gradient(torch.tensor(3.))):
    try:
        print(call())
    except (RuntimeError, IndexError) as e:
        print(type(e).__name__, e)
