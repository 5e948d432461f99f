import torch
x = torch.arange(12.0).view(3, 4)
print(x.mean())
print(x.mean(0))
print(x.mean(1, keepdim=True))
print(torch.mean(x, dim=(0, 1)))
print(torch.tensor([1, 2, 4], dtype=torch.float64).mean())
print(torch.tensor([1, 2, 4]).float().mean().item())
