import torch
w = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    w -= 0.5
    w[0] = 9.0
print(w)
print(w.is_leaf, w.grad_fn)
