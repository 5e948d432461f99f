import torch
import torch.nn.functional as F
from torch.func import vmap

torch.manual_seed(0)
x = torch.randn(3, 4, 5)
w = torch.randn(5, 2)
idx = torch.tensor([2, 0])


def per_sample(f, *args, in_dims=0):
    """f under vmap, and f sample by sample, stacked: the same values."""
    batched = vmap(f, in_dims=in_dims)(*args)
    dims = in_dims if isinstance(in_dims, tuple) else (in_dims,) * len(args)
    looped = torch.stack([f(*[a.select(d, i) if d is not None else a for a, d in zip(args, dims)])
                          for i in range(3)])
    print(tuple(batched.shape), torch.allclose(batched, looped, atol=1e-6))


per_sample(lambda a: a.exp() * 2 - a.sigmoid(), x)
per_sample(lambda a: torch.where(a > 0, a, a * 0.1).clamp(-0.5, 0.5), x)
per_sample(lambda a: a @ w, x)
per_sample(lambda a, b: a @ b, x, x.transpose(1, 2))
per_sample(lambda a: F.linear(a, w.T, torch.ones(2)), x)
per_sample(lambda a, m: a @ m, x, torch.randn(3, 5, 2))
per_sample(lambda a: torch.mv(a, a[0]), x)
per_sample(lambda a: a.sum(), x)
per_sample(lambda a: a.mean(-1, keepdim=True), x)
per_sample(lambda a: a.amax(dim=(0, 1)), x)
per_sample(lambda a: a.var(1), x)
per_sample(lambda a: a.softmax(-1), x)
per_sample(lambda a: a.log_softmax(0).cumsum(1), x)
per_sample(lambda a: a.max(1).values + a.argmin(1), x)
per_sample(lambda a: a.logsumexp(1), x)
per_sample(lambda a: a.norm(), x)
per_sample(lambda a: a.t().reshape(-1, 2).flatten(), x)
per_sample(lambda a: a.permute(1, 0).unsqueeze(0).squeeze(0).contiguous(), x)
per_sample(lambda a: a[1:, ::2][None, ..., 0], x)
per_sample(lambda a: a[idx], x)
per_sample(lambda a: a.index_select(1, idx), x)
per_sample(lambda a: a.gather(1, torch.zeros(4, 1, dtype=torch.long)), x)
per_sample(lambda a: torch.cat([a, a * 2], 1), x)
per_sample(lambda a: torch.stack([a, a], 0).movedim(0, -1), x)
per_sample(lambda a: torch.stack(a.unbind(1), 0)[2], x)
per_sample(lambda a: a.expand(2, 4, 5).narrow(2, 1, 3), x)
per_sample(lambda a: a.sort(1).values, x)
per_sample(lambda a: a.topk(2).indices.float(), x)
per_sample(lambda a: F.conv1d(a.unsqueeze(0), torch.ones(2, 4, 3)), x)
per_sample(lambda a: F.relu(a).pow(2).sqrt(), x)
per_sample(lambda a, b: a * b, x, torch.randn(5, 3), in_dims=(0, 1))
per_sample(lambda a: a.float().double().to(torch.float32), x)
per_sample(lambda a: torch.linalg.det(a[:, :4]), x)


def inplace(a):
    b = a.clone()
    b.mul_(2)
    b[0] = 0.0
    b.add_(torch.ones(5))
    return b


per_sample(inplace, x)
print(vmap(lambda a: a.mul_(2))(torch.ones(2, 3)))
print(vmap(lambda a: a.zero_())(torch.ones(2, 3)))
print(vmap(lambda a, b: a.copy_(b), in_dims=(0, None))(torch.zeros(2, 3), torch.tensor([1.0, 2.0, 3.0])))
