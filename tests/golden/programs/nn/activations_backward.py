import torch
import torch.nn.functional as F
x = torch.tensor([-2.0, -0.5, 0.5, 2.0], requires_grad=True)
for fn in [F.relu, F.leaky_relu, F.elu, F.gelu, F.silu, torch.sigmoid, torch.tanh, F.softplus]:
    x.grad = None
    fn(x).sum().backward()
    print(fn.__name__, x.grad)
