import torch
x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
outs = {
    "sum()": x.sum(), "sum(0)": x.sum(0), "mean()": x.mean(), "mean(1)": x.mean(1),
    "prod()": x.prod(), "prod(0)": x.prod(0), "max()": x.max(), "max(1)": x.max(1).values,
    "min()": x.min(), "min(0)": x.min(0).values, "amax": x.amax(1), "std": x.std(), "var(0)": x.var(0),
    "norm": x.norm(), "norm(dim)": x.norm(dim=1), "cumsum": x.cumsum(0), "cumprod": x.cumprod(1),
    "logsumexp": x.logsumexp(1), "softmax": x.softmax(1), "log_softmax": x.log_softmax(0),
    "median": x.median(), "sort": x.sort(1).values, "topk": x.topk(1).values,
}
for name, out in outs.items():
    print(f"{name:12s}", out.grad_fn.name())
