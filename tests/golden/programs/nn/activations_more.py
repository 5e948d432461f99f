import torch
import torch.nn.functional as F
# more activations: values, gradients at and around their corners, node names
x = torch.tensor([-7.0, -1.0, -0.5, 0.0, 0.25, 1.0, 5.5, 6.0, 7.0], requires_grad=True)
for name, fn in [("hardtanh", lambda t: F.hardtanh(t)), ("hardtanh -0.5 6", lambda t: F.hardtanh(t, -0.5, 6.0)),
                 ("relu6", lambda t: F.relu6(t)), ("threshold", lambda t: F.threshold(t, 0.25, -3.0)),
                 ("softsign", lambda t: F.softsign(t)), ("tanhshrink", lambda t: F.tanhshrink(t)),
                 ("softmin", lambda t: F.softmin(t, dim=0)),
                 ("hardtanh_", lambda t: F.hardtanh(t * 1, inplace=True)), ("relu6_", lambda t: F.relu6(t * 1, inplace=True)),
                 ("threshold_", lambda t: F.threshold(t * 1, 0.25, -3.0, inplace=True)),
                 ("Hardtanh", torch.nn.Hardtanh(-2.0, 2.0)), ("ReLU6", torch.nn.ReLU6()), ("Threshold", torch.nn.Threshold(0.1, 20.0)),
                 ("Softsign", torch.nn.Softsign()), ("Tanhshrink", torch.nn.Tanhshrink()), ("Softmin", torch.nn.Softmin(0))]:
    x.grad = None
    y = fn(x)
    (y * torch.arange(1.0, 10.0)).sum().backward()
    print(name, y.grad_fn.name(), y, x.grad)
print(torch.nn.Hardtanh(-2.0, 2.0), torch.nn.ReLU6(), torch.nn.Threshold(0.1, 20.0), torch.nn.Softmin(0), torch.nn.Softsign())
