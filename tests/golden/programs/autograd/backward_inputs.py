import torch
a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)
y = a * b
y.backward(inputs=[a])
print(a.grad, b.grad)
z = a * b
z.backward(inputs=b)
print(a.grad, b.grad)
