import torch

x = torch.tensor([[1., 5, 2], [4, 0, 3]])
values, indices = torch.empty(0), torch.empty(0, dtype=torch.long)
r = torch.max(x, 1, out=(values, indices))
print(r)
print(type(r).__name__, r.values is values, values, indices)
print(torch.min(x, 0, out=(torch.empty(2), torch.empty(2, dtype=torch.long))))
print(torch.sort(x, out=(torch.empty(2, 3), torch.empty(2, 3, dtype=torch.long))))
print(torch.topk(x, 2, out=(torch.empty(2, 2), torch.empty(2, 2, dtype=torch.long))).indices)
