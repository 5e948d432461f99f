import torch
a = torch.tensor([1.0, 2.0, 3.0])
b = a.clone()
b[0] = 50
print(a, b)
c = a.t().clone()
print(c.is_contiguous())
d = torch.arange(6).view(2, 3).t().clone()
print(d, d.is_contiguous())
