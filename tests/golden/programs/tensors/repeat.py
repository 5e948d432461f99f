import torch
x = torch.tensor([1, 2, 3])
print(x.repeat(2))
print(x.repeat(2, 2))
print(x.repeat(1, 2, 1).shape)
m = torch.tensor([[1, 2], [3, 4]])
print(m.repeat(2, 1))
print(m.repeat_interleave(2))
print(m.repeat_interleave(2, dim=0))
