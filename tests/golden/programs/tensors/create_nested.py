import torch
x = torch.tensor([[1, 2, 3], [4, 5, 6]])
print(x)
print(x.shape, x.dtype)
y = torch.tensor([[[1.0], [2.0]], [[3.0], [4.0]]])
print(y)
print(y.shape)
