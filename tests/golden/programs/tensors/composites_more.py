import warnings

import torch

a = torch.tensor([[1., 2], [3, 4]], requires_grad=True)
b = torch.tensor([[5., 6, 7]], requires_grad=True)
c = torch.tensor(8., requires_grad=True)
d = torch.block_diag(a, b, c)
print(d)
d.sum().backward()
print(a.grad, b.grad, c.grad)
print(torch.block_diag(torch.tensor([1, 2]), torch.tensor([[3.]])), torch.block_diag())
x = torch.tensor([1., 2, 3], requires_grad=True)
print(torch.combinations(x), torch.combinations(x, r=3), torch.combinations(x, with_replacement=True),
      torch.combinations(x, r=0))
torch.combinations(x).sum().backward()
print(x.grad)
M = [torch.randn(2, 3, generator=torch.Generator().manual_seed(1)),
     torch.randn(3, 4, generator=torch.Generator().manual_seed(2)),
     torch.randn(4, 2, generator=torch.Generator().manual_seed(3))]
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(torch.linalg.multi_dot(M), torch.chain_matmul(*M))
print([str(w.message) for w in caught])
print(torch.linalg.multi_dot([torch.tensor([1., 2]), torch.tensor([[1., 0], [0, 1]]), torch.tensor([3., 4])]))
t = torch.arange(24.).reshape(2, 3, 4)
print(torch.linalg.diagonal(t), torch.linalg.diagonal(t, offset=1, dim1=0, dim2=2))
print(torch.vander(x), torch.vander(x, N=2), torch.vander(x, increasing=True), torch.linalg.vander(x),
      torch.linalg.vander(x, N=4), torch.vander(torch.tensor([2, 3])))
y = torch.tensor([1., 4, 9, 16], requires_grad=True)
print(torch.cumulative_trapezoid(y), torch.cumulative_trapezoid(y, dx=2),
      torch.cumulative_trapezoid(y, x=torch.tensor([0., 1, 3, 6])))
torch.cumulative_trapezoid(y).sum().backward()
print(y.grad)
u = torch.tensor([1, 1, 2, 2, 3, 1, 1, 2])
print(torch.unique_consecutive(u), torch.unique_consecutive(u, return_counts=True),
      torch.unique_consecutive(u, return_inverse=True))
print(u.unique_consecutive(return_inverse=True, return_counts=True),
      torch.unique_consecutive(torch.tensor([[1, 1], [1, 1], [2, 3]]), dim=0))
print(torch.unravel_index(torch.tensor([4, 1, 7]), (3, 3)), torch.unravel_index(torch.tensor(5), (2, 3)),
      torch.unravel_index(torch.tensor([9]), (3, 3)))
i = torch.tensor([1, -8, 5], dtype=torch.int32)
print(torch.bitwise_left_shift(i, 2), torch.bitwise_right_shift(i, 1), i.bitwise_left_shift(torch.tensor([1, 2, 3], dtype=torch.int32)))
j = i.clone()
j.bitwise_left_shift_(1)
print(j)
j.bitwise_right_shift_(2)
print(j)
print(a.detach().fill_diagonal_(0), torch.ones(3, 2).fill_diagonal_(5.), torch.ones(7, 3).fill_diagonal_(2., wrap=True),
      torch.zeros(2, 2, 2).fill_diagonal_(1))
m = torch.ones(2, 3, requires_grad=True)
print(m.adjoint().grad_fn.name(), torch.adjoint(m).shape, m.is_cpu, m.is_meta, torch.tensor([2]).is_nonzero(),
      m.is_same_size(m), torch.is_signed(m), torch.get_device(m), torch.is_inference(m))
for call in (lambda: torch.linalg.multi_dot([torch.ones(2, 2)]), lambda: torch.cumulative_trapezoid(torch.tensor(1.)),
             lambda: torch.arange(3.).adjoint(),
             lambda: torch.combinations(torch.ones(2, 2)), lambda: torch.ones(2, 3, 4).fill_diagonal_(1)):
    try:
        call()
    except (RuntimeError, IndexError) as err:
        print(type(err).__name__, err)
