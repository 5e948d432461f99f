import torch
from torch.utils.data import (ChainDataset, DataLoader, IterableDataset, StackDataset, SubsetRandomSampler,
                              TensorDataset, WeightedRandomSampler, get_worker_info)


class Count(IterableDataset):
    def __init__(self, start, end):
        self.start, self.end = start, end

    def __iter__(self):
        return iter(range(self.start, self.end))

    def __len__(self):
        return self.end - self.start


torch.manual_seed(0)
print(list(Count(0, 3)), get_worker_info())
loader = DataLoader(Count(0, 7), batch_size=3)
print(len(loader), [b for b in loader])
print(len(DataLoader(Count(0, 7), batch_size=3, drop_last=True)), list(DataLoader(Count(0, 7), batch_size=3, drop_last=True)))
print(list(DataLoader(Count(0, 3), batch_size=None)))
chain = Count(0, 2) + Count(5, 7)
print(type(chain).__name__, list(chain), len(chain), list(ChainDataset([Count(1, 3), Count(0, 1)])))
try:
    list(ChainDataset([Count(0, 1), [1, 2]]))
except AssertionError as e:
    print("AssertionError:", e)
for kwargs in [dict(shuffle=True), dict(sampler=[0, 1])]:
    try:
        DataLoader(Count(0, 3), **kwargs)
    except ValueError as e:
        print("ValueError:", str(e).split(", but")[0])
print(torch.rand(2))

xs, ys = torch.arange(5.), torch.arange(5) * 10
stack = StackDataset(xs, ys)
print(len(stack), stack[2], StackDataset(x=xs, y=ys)[4])
print(next(iter(DataLoader(StackDataset(x=xs, y=ys), batch_size=2))))
for args, kwargs in [((xs, ys[:3]), {}), ((xs,), {"y": ys}), ((), {})]:
    try:
        StackDataset(*args, **kwargs)
    except ValueError as e:
        print("ValueError:", e)

sub = SubsetRandomSampler([10, 11, 12, 13, 14])
print(len(sub), list(sub), list(sub))
g = torch.Generator().manual_seed(3)
print(list(SubsetRandomSampler(range(6), generator=g)))
weighted = WeightedRandomSampler([0.1, 0.9, 0.4, 0.7, 3.0, 0.6], 8)
print(len(weighted), weighted.weights.dtype, list(weighted), list(weighted))
print(list(WeightedRandomSampler(torch.tensor([1., 2., 3., 4.]), 4, replacement=False)))
print(list(WeightedRandomSampler([1, 5, 2], 5, generator=torch.Generator().manual_seed(7))))
data = TensorDataset(torch.arange(6.).view(6, 1), torch.arange(6))
for x, y in DataLoader(data, batch_size=4, sampler=WeightedRandomSampler([1.] * 6, 6)):
    print(x.view(-1), y)
for bad in [dict(num_samples=0), dict(num_samples=2, replacement=1)]:
    try:
        WeightedRandomSampler([1., 2.], **bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    WeightedRandomSampler([[1., 2.]], 2)
except ValueError as e:
    print("ValueError:", e)
print(torch.rand(2))
