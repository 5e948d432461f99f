import torch
x = torch.tensor([[1.0, 2.0, 3.0], [0.5, 0.5, 0.5]])
print(torch.logsumexp(x, dim=1))
print(x.logsumexp(0))
print(torch.logsumexp(x, dim=1, keepdim=True).shape)
