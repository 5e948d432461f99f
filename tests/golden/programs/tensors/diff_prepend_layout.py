# torch.diff with prepend/append (joined along dim before differencing), and the layout= / pin_memory=
# keywords PyTorch's creation functions take (every tensor is torch.strided).
import torch

x = torch.tensor([[1.0, 3.0, 6.0], [2.0, 2.0, 5.0]], requires_grad=True)
y = torch.diff(x, prepend=torch.zeros(2, 1), append=torch.full((2, 2), 9.0))
print(y)
y.sum().backward()
print(x.grad)
print(x.diff(n=2, dim=0, prepend=torch.ones(1, 3)), torch.diff(torch.tensor([1, 4, 9]), append=torch.tensor([16])))
try:
    torch.diff(x, prepend=torch.tensor(0.0))
except RuntimeError as e:
    print("RuntimeError:", e)
s = torch.strided
print(torch.full((2,), 1.5, layout=s), torch.arange(3, layout=s), torch.linspace(0, 1, 3, layout=s),
      torch.logspace(0, 1, 2, layout=s), torch.eye(2, layout=s, pin_memory=False))
print(torch.zeros_like(x, layout=s), torch.ones_like(x, layout=s).layout, torch.full_like(x, 2, layout=s),
      torch.empty_like(x, layout=s).shape)
print(x.new_zeros(2, layout=s), x.new_ones(1, pin_memory=False), x.new_full((1,), 3.0, layout=s),
      x.new_empty(2, layout=s).shape)
