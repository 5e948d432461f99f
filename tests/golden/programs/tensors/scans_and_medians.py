import torch

nan = float("nan")
x = torch.tensor([[1., nan, 3., 2.], [nan, nan, nan, nan], [2., 2., nan, 1.], [5., 1., 1., 4.]], requires_grad=True)
print(torch.nanmedian(x), x.nanmedian(1), torch.nanmedian(x, 0, keepdim=True))
print(torch.full((9,), nan).nanmedian(0), torch.tensor([3, 1, 2]).nanmedian(), torch.tensor(2.).nanmedian(0))
x.nanmedian().backward()
print(x.grad)
x.grad = None
x.nanmedian(1).values.sum().backward()
print(x.grad)
y = torch.tensor([[0.5, -1., 2., 3.], [1e3, -1e3, 0., 1.]], requires_grad=True)
z = torch.logcumsumexp(y, 1)
print(z, y.logcumsumexp(dim=0))
(z * torch.tensor([[1., -2, 3, 0.5], [1, 1, -1, 2]])).sum().backward()
print(y.grad)
print(torch.logcumsumexp(torch.tensor([-float("inf"), -float("inf"), 1., float("inf"), nan]), 0))
print(torch.logcumsumexp(torch.tensor([0.1, 0.2, 0.3], dtype=torch.float64), 0), torch.logcumsumexp(torch.tensor(1.5), 0))
torch.manual_seed(0)
r = torch.randn(3, 200) * 5
print(r.logcumsumexp(1)[:, -3:].tolist())
for call in (lambda: torch.logcumsumexp(torch.tensor([1, 2]), 0), lambda: torch.nanmedian(torch.tensor([]), 0)):
    try:
        call()
    except (RuntimeError, NotImplementedError, IndexError) as err:
        print(type(err).__name__, err)
