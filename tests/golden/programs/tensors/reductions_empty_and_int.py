import torch
print(torch.tensor([]).sum(), torch.tensor([]).prod())
print(torch.tensor([]).mean())
print(torch.zeros(0, 3).sum(0))
print(torch.tensor([5, 7]).max(), torch.tensor([5, 7]).float().mean())
