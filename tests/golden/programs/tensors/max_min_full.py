import torch
x = torch.tensor([[3.0, 7.0, 1.0], [9.0, 2.0, 5.0]])
print(x.max(), x.min())
print(torch.max(x), torch.min(x))
print(x.argmax(), x.argmin())
print(x.amax(), x.amin(dim=0))
print(x.amax(dim=(0, 1)), x.amax(1, keepdim=True))
