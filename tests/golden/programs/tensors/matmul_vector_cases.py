import torch
m = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
v = torch.tensor([1.0, 0.5, -1.0])
print(m @ v)
print(torch.mv(m, v))
print(torch.tensor([1.0, 2.0]) @ m)
print(v @ v, torch.dot(v, v))
print(torch.outer(torch.tensor([1.0, 2.0]), v))
print(torch.ger(torch.tensor([1, 2]), torch.tensor([3, 4])) if hasattr(torch, "ger") else None)
