import torch
torch.manual_seed(0)
print(torch.empty(5).exponential_())
print(torch.empty(3).exponential_(lambd=2.0))
