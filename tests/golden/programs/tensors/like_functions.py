import torch
x = torch.tensor([[1, 2], [3, 4]])
print(torch.zeros_like(x))
print(torch.ones_like(x, dtype=torch.float32))
print(torch.full_like(x, 9))
print(torch.full_like(x, 2.7))
print(torch.empty_like(x).shape)
y = torch.tensor([1.0, 2.0], requires_grad=True)
print(torch.zeros_like(y))
