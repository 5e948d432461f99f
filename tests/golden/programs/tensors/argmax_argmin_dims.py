import torch
x = torch.tensor([[1, 5, 5], [7, 0, 7]])
print(x.argmax(dim=1), x.argmin(dim=1))
print(x.argmax(dim=0, keepdim=True))
print(torch.argmax(x))
print(torch.tensor([2.0, 2.0, 1.0]).argmax())
