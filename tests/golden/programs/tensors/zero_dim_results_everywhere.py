import torch
# 0-d results of scalar ops (the fast path) fed to ops of every kind
a = torch.tensor(2.0) * 3
b = torch.tensor(0.25, dtype=torch.float64) + 1
print(a, b, a.item(), b.item(), a.dtype, b.dtype)
print(a.view(1), a.unsqueeze(0).expand(3), a.reshape(1, 1) @ torch.ones(1, 2), a[None, None].t())
print(torch.stack([a, a + 1]), torch.cat([a.view(1), torch.ones(2)]), a.repeat(2))
print(a.sigmoid(), a.exp(), a.sum(), a.mean(), (a * torch.ones(3)).sum(), a.pow(2), a.sqrt())
print(a.to(torch.float64), a.int(), a.long() + 1, a.bool(), a.half(), b.float(), (a > 5), a == 6)
print(torch.where(a > 1, a, torch.zeros(())), a.clamp(max=1), torch.maximum(a, torch.tensor(7.)))
print(a.clone(), a.detach(), a.contiguous(), a.flatten(), a.softmax(0), a.log_softmax(0))
v = a.view(1)
v.add_(1)  # writes through the view into a's memory
print(a, v, a._version, v._version)
a.mul_(2)
a[...] = 5
print(a, v)
a.fill_(0.5)
c = torch.zeros(3)
c[1] = a
c[torch.tensor([2])] = a
print(c, c.masked_fill(c > 0, a), torch.full((2,), a.item()))
x = torch.tensor(3.0, requires_grad=True)
y = (x * 2).relu() * x
g = torch.ones(()) * 2
y.backward(g)
print(y, x.grad, x.grad * torch.ones(2))
print(torch.tensor(1.0) / 0, torch.tensor(-1.0) / 0, torch.tensor(0.0) / 0, torch.tensor(3.4e38) * 10)
print(torch.tensor(1e-45) / 2, torch.tensor(16777217.0) + 0, torch.tensor(0.1) + 0.2)
