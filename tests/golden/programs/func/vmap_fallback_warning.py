# vmap runs an op without a batching rule once per sample, warning that it does (take and put have no
# rule in PyTorch 2.13); PyTorch's private switch turns the warning off. Ops with a rule do not warn.
import torch
from torch.func import vmap

x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(vmap(lambda row: row.take(torch.tensor([2, 0])))(x))
print(vmap(lambda row: row.put(torch.tensor([1]), torch.tensor([9.0])))(x))
print(vmap(lambda row: (row.cummax(0).values, row.diff(), torch.trace(row[:2].outer(row[1:]))))(x))
torch._C._functorch._set_vmap_fallback_warning_enabled(False)
print(vmap(lambda row: row.take(torch.tensor([1])))(x))
