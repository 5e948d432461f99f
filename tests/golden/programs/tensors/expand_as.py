import torch
a = torch.tensor([1.0, 2.0])
b = torch.zeros(3, 2)
print(a.expand_as(b))
print(a.expand_as(b).is_contiguous())
print(a.expand_as(b).contiguous().is_contiguous())
