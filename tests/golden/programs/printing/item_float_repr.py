import torch
print(torch.tensor(0.1).item())
print(torch.tensor(1e-7).item())
print(torch.tensor(123456.789).item())
print(torch.tensor(3.0).item())
print(torch.tensor(2.0 ** 40).item())
print(torch.tensor(-1.0 / 3).item())
