import torch

torch.manual_seed(0)
labels = torch.randint(0, 5, (40,))
print(labels.bincount())
print(torch.bincount(labels, minlength=8))
w = torch.rand(40)
print(torch.bincount(labels, weights=w))
print(torch.bincount(torch.tensor([1, 1, 3]), weights=torch.tensor([1, 2, 3])))
print(torch.bincount(torch.tensor([], dtype=torch.long)))
for call in (lambda: torch.bincount(torch.tensor([1, -1, 3])), lambda: torch.bincount(torch.tensor([1., 1])),
             lambda: torch.bincount(torch.tensor([[1, 2]])), lambda: torch.bincount(torch.tensor([1]), minlength=-1)):
    try:
        call()
    except (RuntimeError, NotImplementedError) as e:
        print(type(e).__name__, e)

boundaries = torch.tensor([1, 3, 5, 7, 9])
values = torch.tensor([[3, 6, 9], [3, 6, 9]])
print(torch.searchsorted(boundaries, values))
print(torch.searchsorted(boundaries, values, right=True))
print(torch.searchsorted(boundaries, values, side="right", out_int32=True))
print(torch.searchsorted(boundaries, 5), torch.searchsorted(boundaries, 5, right=True))
print(torch.searchsorted(torch.tensor([[1, 3, 5], [2, 4, 6]]), torch.tensor([[3, 6], [1, 5]])))
print(torch.searchsorted(torch.tensor([5., 1., 3.]), torch.tensor([2., 4.]), sorter=torch.tensor([1, 2, 0])))
print(torch.bucketize(values, boundaries))
print(torch.bucketize(values, boundaries, right=True))
x = torch.rand(8)
edges = torch.linspace(0, 1, 5)
print(torch.bucketize(x, edges), x.histc(4, 0, 1))
