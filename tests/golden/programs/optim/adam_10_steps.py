import torch
w = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
opt = torch.optim.Adam([w], lr=0.1)
for _ in range(10):
    opt.zero_grad()
    ((w - torch.tensor([0.5, 0.5, 0.5])) ** 2).sum().backward()
    opt.step()
print(w)
