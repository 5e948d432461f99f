import torch
import torch.nn.functional as F
# SELU, CELU, LogSigmoid, GLU, Hardsigmoid, Hardswish, Mish: values, gradients, nodes
x = torch.tensor([-6.0, -3.0, -2.5, -1.0, -0.1, 0.0, 0.4, 1.0, 2.9, 3.0, 3.5, 8.0], requires_grad=True)
exact = {"hardsigmoid", "hardswish"}  # plain float32 arithmetic in PyTorch: compared to the last bit
for name, fn in [("selu", F.selu), ("celu", lambda t: F.celu(t, 0.5)), ("logsigmoid", F.logsigmoid),
                 ("hardsigmoid", F.hardsigmoid), ("hardswish", F.hardswish), ("mish", F.mish),
                 ("glu", lambda t: F.glu(t.reshape(2, 6), dim=1)), ("glu dim0", lambda t: F.glu(t.reshape(4, 3), 0)),
                 ("selu_", lambda t: F.selu(t * 1, inplace=True)), ("celu_", lambda t: F.celu(t * 1, inplace=True)),
                 ("SELU", torch.nn.SELU()), ("CELU", torch.nn.CELU(2.0)), ("LogSigmoid", torch.nn.LogSigmoid()),
                 ("Hardsigmoid", torch.nn.Hardsigmoid()), ("Hardswish", torch.nn.Hardswish()), ("Mish", torch.nn.Mish()),
                 ("GLU", torch.nn.GLU(0))]:
    x.grad = None
    y = fn(x if name != "GLU" else x.reshape(6, 2))
    (y * torch.arange(1.0, y.numel() + 1).reshape(y.shape)).sum().backward()
    print(name, y.grad_fn.name(), y)
    print("  grad", x.grad)
    if name in exact:
        print("  ", y.tolist(), x.grad.tolist())
print(torch.nn.SELU(), torch.nn.CELU(), torch.nn.CELU(2.0), torch.nn.GLU(), torch.nn.Hardswish(), torch.nn.Mish())
