import torch
w = torch.tensor([1.0, 2.0], requires_grad=True)
(w * w).sum().backward()
w.data -= 0.1 * w.grad
print(w)
print(w.data)
print(w.data.requires_grad, w.is_leaf)
w.data = torch.tensor([5.0, 6.0])
print(w)
