import torch
x = torch.tensor([1.0, 2.5, 1000.125], dtype=torch.float16)
print(x)
print(x.dtype, x.float())
print(torch.tensor([0.1], dtype=torch.float16).item())
