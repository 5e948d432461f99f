import torch
x = torch.tensor(1.0, requires_grad=True)
y = x * 2
y.register_hook(lambda g: print("first", g) or g + 1)
y.register_hook(lambda g: print("second", g))
(y * 5).backward()
print(x.grad)
