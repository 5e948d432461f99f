import torch
import torch.nn.functional as F
x = torch.tensor([[1.0, -2.0, 3.0]])
print(F.relu(x), F.leaky_relu(x, 0.2))
print(F.linear(x, torch.ones(2, 3), torch.tensor([0.5, -0.5])))
print(F.pad(x, (1, 2)))
print(F.normalize(torch.tensor([[3.0, 4.0]]), dim=1))
print(F.one_hot(torch.tensor([0, 2]), 3))
print(F.softmax(x, dim=1).sum())
