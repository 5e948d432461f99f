import torch
x = torch.tensor([[2.0, 8.0], [6.0, 4.0]])
r = torch.sort(x, dim=1)
print(r)
print(r._fields if hasattr(r, "_fields") else None)
print(list(r))
print(torch.aminmax(x))
print(torch.kthvalue(torch.tensor([5.0, 1.0, 3.0]), 2))
