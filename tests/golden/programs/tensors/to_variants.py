import torch
x = torch.tensor([1.5, 2.5])
y = x.to(torch.float64)
print(y, y.dtype)
print(x.to(torch.float32) is x)
print(x.to("cpu") is x)
print(x.to(torch.tensor([1], dtype=torch.int32)))
print(x.to("cpu", torch.int64))
