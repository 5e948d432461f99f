import torch
x = torch.tensor([[1, 2], [3, 4]])
print(torch.gather(x, 1, torch.tensor([[0, 0], [1, 0]])))
print(x.gather(0, torch.tensor([[1, 0]])))
s = torch.tensor([[0.1, 0.7, 0.2], [0.5, 0.3, 0.2]])
print(s.gather(1, torch.tensor([1, 0]).unsqueeze(1)))
