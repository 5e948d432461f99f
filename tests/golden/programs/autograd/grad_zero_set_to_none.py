import torch
w = torch.tensor([1.0], requires_grad=True)
(w * 2).sum().backward()
print(w.grad)
w.grad.zero_()
print(w.grad)
w.grad = None
print(w.grad)
