# utils.data.DistributedSampler with explicit num_replicas/rank (padding, drop_last, set_epoch's reshuffle),
# and autograd's set_multithreading_enabled / enforce_grad_layout_policy switches (no effect on results)
import torch
from torch.utils.data import DistributedSampler, DataLoader, TensorDataset
ds = TensorDataset(torch.arange(10.))
for rank in range(3):
    s = DistributedSampler(ds, num_replicas=3, rank=rank)
    print(rank, len(s), list(s))
s = DistributedSampler(ds, num_replicas=3, rank=1, shuffle=False, drop_last=True); print(len(s), list(s))
s = DistributedSampler(ds, num_replicas=4, rank=3, seed=5); s.set_epoch(2); print(list(s))
print(list(DistributedSampler(TensorDataset(torch.arange(2.)), num_replicas=5, rank=4, shuffle=False)))
dl = DataLoader(ds, batch_size=2, sampler=DistributedSampler(ds, num_replicas=2, rank=0))
print([b[0].tolist() for b in dl])
try:
    DistributedSampler(ds, num_replicas=2, rank=2)
except ValueError as e:
    print("ValueError:", e)
with torch.autograd.set_multithreading_enabled(False):
    print(torch.ones(1, requires_grad=True).mul(2).grad_fn.name())
with torch.autograd.enforce_grad_layout_policy(False):
    p = torch.ones(2, 3, requires_grad=True); (p * 2).sum().backward(); print(p.grad)
@torch.autograd.set_multithreading_enabled(False)
def f():
    return 1
print(f())
