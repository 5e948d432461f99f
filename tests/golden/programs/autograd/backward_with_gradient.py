import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * x
y.backward(torch.tensor([1.0, 0.1, 0.01]))
print(x.grad)
z = torch.tensor([[1.0, 2.0]], requires_grad=True)
(z * 2).backward(gradient=torch.ones(1, 2))
print(z.grad)
