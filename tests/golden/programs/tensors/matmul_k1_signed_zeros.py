# A product with k = 1 (an outer product by @) keeps each product's sign of zero, as MKL's k = 1
# kernel stores the products themselves; one row or one column, a bias, and torch's own small bmm
# loop add the products to +0 instead.
import torch

x = torch.tensor([[0.0], [2.0], [0.0]], requires_grad=True)
w = torch.tensor([[-1.0, 3.0, -0.5, 0.0]])
y = x @ w
print(y, y.grad_fn.name())
y.sum().backward()
print(x.grad)
print(torch.zeros(1, 1) @ -torch.ones(1, 4), torch.zeros(4, 1) @ -torch.ones(1, 1))
print(torch.nn.functional.linear(torch.zeros(2, 1), -torch.ones(3, 1)))
print(torch.nn.functional.linear(torch.zeros(2, 1), -torch.ones(3, 1), torch.zeros(3)))
print(torch.zeros(2, 3, 1, dtype=torch.float64) @ -torch.ones(1, 2, dtype=torch.float64))
print(torch.bmm(torch.zeros(1, 20, 1), -torch.ones(1, 1, 20)).signbit().all())
print(torch.bmm(torch.zeros(3, 20, 1), -torch.ones(3, 1, 20)).signbit().any())
print(torch.bmm(torch.zeros(1, 2, 1), -torch.ones(1, 1, 2)))
