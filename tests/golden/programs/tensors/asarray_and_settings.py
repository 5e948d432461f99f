import torch

t = torch.tensor([1., 2.], requires_grad=True)
a = torch.asarray(t)
print(a is t, a.grad_fn, a.requires_grad, torch.asarray([1, 2]), torch.asarray([1., 2.], dtype=torch.float64),
      torch.asarray(3.5))
b = torch.asarray(t, dtype=torch.float64)
print(b.grad_fn.name(), b)
c = torch.asarray(t, copy=True)
print(c is t, c.grad_fn.name(), c.requires_grad, torch.asarray(t, requires_grad=False).requires_grad)
x = torch.ones(2, 3)
print(x.swapaxes_(0, 1).shape, x.swapdims_(0, 1).shape)
torch.set_float32_matmul_precision("high")
print(torch.get_float32_matmul_precision())
torch.set_warn_always(True)
print(torch.is_warn_always_enabled())
