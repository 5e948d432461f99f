import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
y.register_hook(lambda g: print("grad of y:", g))
z = (y ** 2).sum()
z.backward()
print(x.grad)
