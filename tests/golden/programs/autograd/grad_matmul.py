import torch
A = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
B = torch.tensor([[0.5, -1.0], [2.0, 0.0]], requires_grad=True)
(A @ B).sum().backward()
print(A.grad)
print(B.grad)
v = torch.tensor([1.0, -1.0], requires_grad=True)
(A @ v).sum().backward()
print(v.grad)
