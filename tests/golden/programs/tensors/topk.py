import torch
x = torch.tensor([1.0, 9.0, 3.0, 7.0, 5.0])
print(torch.topk(x, 2))
print(x.topk(3, largest=False))
m = torch.tensor([[1, 8, 3], [6, 2, 4]])
print(m.topk(1, dim=1))
print(m.topk(2, dim=0).indices)
