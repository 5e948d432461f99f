import torch
from torch import nn
# RNN cells, BatchNorm2d, PReLU, ZeroPad2d: parameters from the seed, values, gradients, nodes, reprs
torch.manual_seed(0)
cells = [nn.RNNCell(3, 2), nn.RNNCell(3, 2, nonlinearity="relu"), nn.GRUCell(3, 2), nn.LSTMCell(3, 2), nn.LSTMCell(3, 2, bias=False)]
x = torch.randn(4, 3, requires_grad=True)
for cell in cells:
    print(cell, [tuple(p.shape) for p in cell.parameters()])
    out = cell(x)
    h = out[0] if isinstance(out, tuple) else out
    h2 = cell(x, out)  # a second step from the first one's state
    h2 = h2[0] if isinstance(h2, tuple) else h2
    x.grad = None
    h2.sum().backward()
    print("  ", h.grad_fn.name(), h.tolist()[0], h2.tolist()[1], x.grad.sum().item())
    single = cell(x[0])
    print("   unbatched", tuple((single[0] if isinstance(single, tuple) else single).shape))
bn = nn.BatchNorm2d(3)
img = torch.randn(2, 3, 4, 5, requires_grad=True)
y = bn(img)
(y * torch.arange(float(y.numel())).reshape(y.shape)).sum().backward()
# the gradients and the running variance are not summed in PyTorch's order here: printed rounded
print(bn, y.grad_fn.name(), y[0, 0, 0].tolist(), img.grad[1, 2, 3], [round(g, 2) for g in bn.weight.grad.tolist()], bn.bias.grad.tolist())
print(bn.running_mean.tolist(), bn.running_var, bn.num_batches_tracked)
bn.eval()
print(bn(img)[1, 1, 1].tolist())
try:
    bn(torch.randn(2, 3))
except ValueError as e:
    print(e)
p = nn.PReLU()
q = nn.PReLU(3, init=0.1)
for layer, inp in [(p, x), (q, img)]:
    inp.grad = None
    out = layer(inp)
    (out * 2).sum().backward()
    print(layer, out.grad_fn.name(), out.flatten().tolist()[:6], inp.grad.flatten().tolist()[:6], layer.weight.grad.tolist())
pad = nn.ZeroPad2d((1, 0, 2, 1))
print(pad, pad(img).shape, pad(img).grad_fn.name())
