import torch
g = torch.Generator().manual_seed(2)
st = g.get_state()
x = torch.rand(4, generator=g)
g.set_state(st)
y = torch.rand(4, generator=g)
print(torch.equal(x, y), x)
