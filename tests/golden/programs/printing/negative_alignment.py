import torch
print(torch.tensor([[-1.5, 2.0], [3.25, -40.0]]))
print(torch.tensor([[-1, 2], [3, -40]]))
print(torch.tensor([[0.0001, -0.0002]]))
