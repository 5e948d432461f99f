import torch
torch.manual_seed(0)
w = torch.randn(3, 2, requires_grad=True)
print(w)
print(torch.randn(2, 2, dtype=torch.float64))
