import torch
a = torch.tensor([1.5, -2.0, 3.0])
b = torch.tensor([2.0, 2.0, -1.0])
print(torch.add(a, b), torch.add(a, b, alpha=2))
print(torch.sub(a, b, alpha=0.5))
print(torch.mul(a, 3), torch.div(a, b))
print(torch.neg(a), torch.abs(a), torch.square(a))
print(a.add(1).mul(2).sub(3).div(4))
print(torch.true_divide(torch.tensor([3, 4]), 2))
