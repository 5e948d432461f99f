import torch
a = torch.tensor([1.0, 5.0, 3.0])
b = torch.tensor([4.0, 2.0, 3.0])
print(torch.maximum(a, b), torch.minimum(a, b))
print(torch.max(a, b), torch.min(a, b))
print(torch.lerp(a, b, 0.5))
print(a.lerp(b, torch.tensor([0.0, 0.25, 1.0])))
print(torch.atan2(torch.tensor([1.0, -1.0]), torch.tensor([1.0, 1.0])))
