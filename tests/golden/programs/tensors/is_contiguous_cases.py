import torch
x = torch.zeros(3, 4)
print(x[1].is_contiguous(), x[:, 1].is_contiguous(), x[1:].is_contiguous())
print(x.unsqueeze(1).is_contiguous(), x.expand(2, 3, 4).is_contiguous())
print(torch.zeros(3, 1).t().is_contiguous())
print(x[::2].is_contiguous())
e = x[:, :0]  # no elements: contiguous whatever the strides
print(e.shape, e.stride(), e.is_contiguous(), x[2:2].t().is_contiguous())
