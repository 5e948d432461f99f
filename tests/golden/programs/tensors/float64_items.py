import torch
x = torch.arange(10, dtype=torch.float64) / 7
print(x.sum().item())
print((x * x).mean().item())
print(x.tolist()[:3])
