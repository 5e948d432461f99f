import torch
import torch.nn.functional as F
import torch.autograd.forward_ad as fwAD

torch.manual_seed(0)
x, t = torch.randn(3, 4), torch.randn(3, 4)
w, wt = torch.randn(4, 5), torch.randn(4, 5)
with fwAD.dual_level():
    d, dw = fwAD.make_dual(x, t), fwAD.make_dual(w, wt)
    results = {
        "add": d + 2 * d, "sub": d - x, "div": d / (x.abs() + 1), "rdiv": 1 / (d + 3), "pow": d ** 3,
        "pow_tensor": x.abs().pow(d), "mm": d @ dw, "matmul": torch.matmul(d, w), "sum": d.sum(),
        "sum_dim": d.sum(1), "mean": d.mean(0), "var": d.var(1), "std": d.std(), "norm": d.norm(),
        "norm_1": d.norm(p=1, dim=1), "max": d.max(), "max_dim": d.max(1).values, "sort": d.sort(1).values,
        "softmax": d.softmax(1), "log_softmax": F.log_softmax(d, 1), "logsumexp": d.logsumexp(1),
        "cumsum": d.cumsum(1), "cumprod": d.cumprod(1), "prod": d.prod(1), "exp": d.exp(),
        "log": (d.abs() + 1).log(), "sqrt": (d * d + 1).sqrt(), "tanh": d.tanh(), "sigmoid": d.sigmoid(),
        "abs": d.abs(), "clamp": d.clamp(-0.5, 0.5), "where": torch.where(x > 0, d, x),
        "cat": torch.cat([d, x]), "stack": torch.stack([d, x]).sum(0), "index": d[1:, ::2],
        "t": d.t(), "view": d.view(-1)[:5], "expand": d[:, :1].expand(3, 4),
        "gather": d.gather(1, torch.tensor([[0], [1], [2]])), "amax": d.amax(1),
        "dist": torch.dist(d, x * 2), "einsum": torch.einsum("ij,jk->ik", d, w),
        "addmm": torch.addmm(x[:, :1], d, w), "bmm": torch.bmm(d[None], dw[None]), "erf": d.erf(),
        "atan2": torch.atan2(d, x + 2), "lerp": torch.lerp(d, x, 0.3), "median": d.median(),
        "topk": d.topk(2, 1).values, "trace": d[:, :3].trace(), "flip": d.flip(0), "roll": d.roll(1, 1),
        "masked_fill": d.masked_fill(x < 0, 0.0), "diag": d[:, :3].diag(), "outer": torch.outer(d[0], x[1]),
        "hypot": torch.hypot(d, x), "reciprocal": (d + 5).reciprocal(), "square": d.square(),
    }
    for name, value in results.items():
        print(name, fwAD.unpack_dual(value).tangent)
    # several outputs
    values, indices = d.min(0)
    print(values, indices)
    chunks = d.chunk(2, 1)
    print([fwAD.unpack_dual(c).tangent for c in chunks])
    print(fwAD.unpack_dual(d.unbind(0)[2]).tangent)
    # integer and boolean results have no tangent
    print(d.argmax(), d > 0, d.long(), d.sign())
    print(d.tolist(), d.sum().item())
    # a tangent on the second operand only
    print(fwAD.unpack_dual(x * d).tangent)
    print(fwAD.unpack_dual(torch.remainder(x, d.abs() + 1)).tangent)
