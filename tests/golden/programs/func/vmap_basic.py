import torch
from torch.func import vmap

x = torch.arange(6.0).reshape(2, 3)
y = torch.tensor([10.0, 20.0, 30.0])
print(vmap(torch.sum)(x))
print(vmap(lambda row: row * 2 + 1)(x))
print(vmap(lambda a, b: a + b, in_dims=(1, 0))(x, y))
print(vmap(lambda a, b: a * b, in_dims=(0, None))(x, y))
print(vmap(lambda a: a.sum(), in_dims=-1)(x))
print(vmap(lambda a: a, out_dims=1)(x))
print(vmap(lambda a: (a, a.sum()), out_dims=(1, 0))(x))
print(vmap(vmap(torch.mul))(x, x))
print(vmap(vmap(lambda a: a.sum(), in_dims=0), in_dims=1)(x.reshape(2, 3, 1)))
print(torch.vmap(torch.dot)(x, x))
print(vmap(torch.outer)(x, x).shape)
# pytrees in and out
out = vmap(lambda d: {"s": d["a"] + d["b"], "p": (d["a"] * 2, d["b"])})({"a": x, "b": x * 10})
print(out["s"], out["p"][0], out["p"][1].shape)
print(vmap(lambda pair: pair[0] @ pair[1], in_dims=((0, None),))((torch.ones(4, 3), torch.arange(3.0))))
print(vmap(lambda a, k: a * k, in_dims=(0, None))(x, 3))
print(vmap(lambda a, scale=1.0: a * scale)(x, scale=0.5))
# an output the function did not batch is expanded
print(vmap(lambda a: torch.ones(2))(x))
print(vmap(lambda a: y, out_dims=None)(x))
print(vmap(lambda a: a.sum(0), chunk_size=1)(torch.arange(12.0).reshape(3, 2, 2)))
print(vmap(lambda a: a @ a.T, chunk_size=2)(torch.arange(12.0).reshape(3, 2, 2)))
