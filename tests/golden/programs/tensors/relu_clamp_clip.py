import torch
x = torch.tensor([-2.0, -0.5, 0.5, 2.0])
print(torch.relu(x), x.relu())
print(torch.clamp(x, -1, 1))
print(torch.clamp(x, min=0.0))
print(torch.clip(x, max=0.0))
print(x.clamp(min=torch.tensor([0.0, 0.0, 1.0, 1.0])))
print(torch.clamp(torch.tensor([1, 5, 9]), 2, 6))
