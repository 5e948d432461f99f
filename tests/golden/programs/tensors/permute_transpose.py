import torch
x = torch.arange(24).view(2, 3, 4)
p = x.permute(2, 0, 1)
print(p.shape, p.stride(), p.is_contiguous())
print(p[1])
t = x.transpose(0, 2)
print(t.shape, t.stride())
print(torch.transpose(x, 1, 2)[0])
print(x.permute(0, 2, 1).contiguous().stride())
