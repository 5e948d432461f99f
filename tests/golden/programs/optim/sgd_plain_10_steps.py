import torch
w = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1)
for _ in range(10):
    opt.zero_grad()
    loss = ((w - torch.tensor([0.5, 0.5, 0.5])) ** 2).sum()
    loss.backward()
    opt.step()
print(w)
print(w.tolist())
print(loss.item())
