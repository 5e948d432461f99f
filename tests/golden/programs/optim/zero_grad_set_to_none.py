import torch
w = torch.tensor([1.0], requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1)
(w * 2).sum().backward()
opt.zero_grad()
print(w.grad)
(w * 2).sum().backward()
opt.zero_grad(set_to_none=False)
print(w.grad)
