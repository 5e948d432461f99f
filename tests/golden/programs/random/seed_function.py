import torch
s = torch.seed()
print(type(s).__name__, s == torch.initial_seed())
torch.manual_seed(9)
print(torch.initial_seed())
