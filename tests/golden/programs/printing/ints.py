import torch
print(torch.tensor([1, 2, 3]))
print(torch.tensor([-1, 20, 300]))
print(torch.tensor([[1, -10], [100, 7]]))
print(torch.tensor([123456789012]))
print(torch.tensor(5))
print(torch.tensor(-5))
