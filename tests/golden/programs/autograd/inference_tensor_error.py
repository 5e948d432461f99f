import torch
with torch.inference_mode():
    y = torch.ones(2)
w = torch.ones(2, requires_grad=True)
(w * y).sum().backward()
print(w.grad)
z = y.clone()
print(z.is_inference())
y.add_(1)
