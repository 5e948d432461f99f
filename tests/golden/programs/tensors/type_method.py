import torch
x = torch.tensor([1, 2])
print(x.type())
print(x.float().type())
print(x.type(torch.float64))
print(x.type(torch.float64).type())
print(torch.tensor([True]).type(), torch.tensor([1], dtype=torch.uint8).type())
