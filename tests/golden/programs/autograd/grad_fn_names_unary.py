import torch
x = torch.tensor([0.5, 1.5], requires_grad=True)
for fn in ["exp", "log", "sqrt", "sin", "cos", "tan", "tanh", "sigmoid", "relu", "abs",
           "log2", "log10", "log1p", "expm1", "rsqrt", "reciprocal", "sinh", "cosh", "atan",
           "floor", "ceil", "round", "trunc", "frac", "sign", "neg", "square"]:
    out = getattr(torch, fn)(x)
    print(f"{fn:10s}", out.grad_fn.name())
