import torch
from torch.func import vmap


def show(f):
    try:
        f()
    except Exception as e:
        print(f"{type(e).__name__}: {e}")


x = torch.ones(3)
show(lambda: vmap(lambda x: x.item())(x))
show(lambda: vmap(lambda x: bool(x))(x))
show(lambda: vmap(lambda x: x if x > 0 else -x)(x))
show(lambda: vmap(lambda x: float(x))(x))
show(lambda: vmap(lambda x: x.tolist())(x))
show(lambda: vmap(lambda a, b: a + b)(x, torch.ones(4)))
show(lambda: vmap(lambda a, b: b.add_(a), in_dims=(0, None))(torch.ones(3, 2), torch.ones(2)))
show(lambda: vmap(lambda a: a, in_dims=1)(x))
show(lambda: vmap(lambda a: a, in_dims=(0, 0))(x))
show(lambda: vmap(lambda a: a, in_dims="a")(x))
show(lambda: vmap(lambda a: a, in_dims=None)(x))
show(lambda: vmap(lambda a: a, in_dims=(None,))(x))
show(lambda: vmap(lambda a: a, in_dims=(1.5,))(x))
show(lambda: vmap(lambda a: a)(1.0))
show(lambda: vmap(lambda a: a)(torch.tensor(1.0)))
show(lambda: vmap(lambda: x)())
show(lambda: vmap(lambda a: 1.0)(x))
show(lambda: vmap(lambda a: a.shape)(torch.ones(3, 2)))
show(lambda: vmap(lambda a: a, out_dims=(0, 0))(x))
show(lambda: vmap(lambda a: a, out_dims=None)(x))
show(lambda: vmap(lambda a: a, out_dims=2)(x))
show(lambda: vmap(lambda a: a, chunk_size=0)(x))
show(lambda: vmap(lambda a: a, randomness="sometimes")(x))
show(lambda: vmap(lambda a: torch.rand(2) + a)(x))
show(lambda: vmap(lambda a: torch.nn.functional.dropout(a, 0.5))(x))
