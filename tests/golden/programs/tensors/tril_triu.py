import torch
m = torch.arange(1, 10).view(3, 3)
print(torch.tril(m))
print(m.triu())
print(m.tril(diagonal=-1))
print(torch.triu(m, 1))
print(torch.tril(torch.ones(2, 4)))
