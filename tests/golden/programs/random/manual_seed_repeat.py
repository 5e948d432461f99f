import torch
torch.manual_seed(5)
a = torch.rand(3)
torch.manual_seed(5)
b = torch.rand(3)
print(torch.equal(a, b))
print(torch.initial_seed())
g = torch.manual_seed(11)
print(type(g).__name__, g.initial_seed())
