import torch
print(torch.tensor([1.0, 2.0, 3.0]))
print(torch.tensor([-1.0, 0.0, 10.0]))
print(torch.tensor([[1.0, 2.0], [30.0, 400.0]]))
print(torch.tensor(2.0))
print(torch.tensor([100000.0]))
print(torch.tensor([1e8, 1.0]))
