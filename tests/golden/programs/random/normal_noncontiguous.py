import torch
torch.manual_seed(0)
x = torch.zeros(4, 8)
x.t().normal_()
print(x)
y = torch.zeros(6, 6)
y[:, ::2].uniform_()
print(y)
