import torch
torch.manual_seed(0)
print(torch.normal(2.0, 3.0, size=(4,)))
print(torch.normal(torch.tensor([0.0, 10.0, 100.0]), torch.tensor([1.0, 0.1, 0.0])))
print(torch.normal(torch.zeros(3), 2.0))
print(torch.normal(1.0, torch.ones(3)))
