import torch
g = torch.Generator()
print(torch.rand(4, generator=g))
print(torch.randn(4, generator=torch.Generator()))
