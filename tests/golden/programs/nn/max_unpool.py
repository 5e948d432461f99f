import torch
import torch.nn as nn
import torch.nn.functional as F

# MaxUnpool: the inverse of max pooling with return_indices=True (zeros elsewhere)
torch.manual_seed(0)
x = torch.randn(2, 3, 5, 7, requires_grad=True)
pool, unpool = nn.MaxPool2d(2, stride=2, return_indices=True), nn.MaxUnpool2d(2, stride=2)
out, idx = pool(x)
y = unpool(out, idx, output_size=x.size())
print(unpool, y.shape, y.grad_fn.name(), y[1, 2])
(y * torch.randn(y.shape)).sum().backward()
print(x.grad[1, 2])
print(F.max_unpool2d(out, idx, 2, output_size=[2, 3, 5, 7]).shape, F.max_unpool2d(out[0], idx[0], (2, 2), output_size=[5, 7]).shape)

seq = torch.randn(2, 10, requires_grad=True)
values, indices = F.max_pool1d(seq, 3, stride=2, padding=1, return_indices=True)
back = F.max_unpool1d(values, indices, 3, stride=2, padding=1, output_size=[10])
print(back, nn.MaxUnpool1d(3, stride=2, padding=1)(values, indices, output_size=seq.shape[-1:]).shape)
back.pow(2).sum().backward()
print(seq.grad, nn.MaxUnpool1d(3, stride=2, padding=1))

vol = torch.randn(1, 2, 4, 5, 4, requires_grad=True)
values, indices = F.max_pool3d(vol, (2, 2, 1), return_indices=True)
up = nn.MaxUnpool3d((2, 2, 1))(values, indices, output_size=vol.shape)
print(nn.MaxUnpool3d((2, 2, 1)), up.grad_fn.name(), up[0, 1, :, :, 2])
g, = torch.autograd.grad(up.pow(2).sum(), values, create_graph=True)
print(g.grad_fn.name(), g[0, 0, 1])
print(F.max_unpool2d(out.double(), idx, 2, output_size=(5, 7)).dtype)
bad = idx.clone()
bad[1, 1, 0, 0] = -1  # one invalid index (with several, PyTorch's threads decide which it names)
for call in [lambda: F.max_unpool2d(out, idx, 2, output_size=(9, 9)), lambda: F.max_unpool2d(out, idx, 2, output_size=(4, 4, 4)),
             lambda: F.max_unpool2d(out, idx.float(), 2), lambda: F.max_unpool2d(out, idx[..., :1], 2),
             lambda: F.max_unpool2d(out[0, 0], idx[0, 0], 2), lambda: F.max_unpool2d(out, bad, 2, output_size=(5, 7)),
             lambda: F.max_unpool3d(out[0], idx[0], 2), lambda: F.max_unpool3d(values, indices.float(), 2),
             lambda: F.max_unpool1d(out[0, 0], torch.tensor([[0, 2, 4], [1, 3, 7]]), 2)]:
    try:
        call()
    except (RuntimeError, ValueError) as err:
        print(type(err).__name__, err)
