import torch
torch.manual_seed(0)
a = torch.randn(8, 3)
w = torch.randn(3, 16)
out = a @ w
print(out.sum().item())
print(out[0, :4].tolist())
b = torch.randn(4, 4)
print((b @ b).tolist()[0])
