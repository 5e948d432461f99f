import torch
a = torch.tensor([1, 2])
b = torch.tensor([0.5])
print([a, b])
print((a, b))
print({"w": b})
print([torch.tensor(1.0), torch.tensor(2.0, requires_grad=True)])
