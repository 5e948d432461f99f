# Source: PyTorch documentation, the examples of torch.histc, torch.histogram, torch.bincount,
#   torch.searchsorted and torch.bucketize (torch/_torch_docs.py, https://github.com/pytorch/pytorch).
#   Licence: BSD-3-Clause.
# Changed: the examples in one file, seeded (the docs show outputs of unseeded draws).
import torch

torch.manual_seed(0)

print(torch.histc(torch.tensor([1., 2, 1]), bins=4, min=0, max=3))

print(torch.histogram(torch.tensor([1., 2, 1]), bins=4, range=(0., 3.), weight=torch.tensor([1., 2., 4.])))
print(torch.histogram(torch.tensor([1., 2, 1]), bins=4, range=(0., 3.), weight=torch.tensor([1., 2., 4.]),
                      density=True))

input = torch.randint(0, 8, (5,), dtype=torch.int64)
weights = torch.linspace(0, 1, steps=5)
print(input, weights)
print(torch.bincount(input))
print(input.bincount(weights))

sorted_sequence = torch.tensor([[1, 3, 5, 7, 9], [2, 4, 6, 8, 10]])
print(sorted_sequence)
values = torch.tensor([[3, 6, 9], [3, 6, 9]])
print(values)
print(torch.searchsorted(sorted_sequence, values))
print(torch.searchsorted(sorted_sequence, values, side='right'))
sorted_sequence_1d = torch.tensor([1, 3, 5, 7, 9])
print(torch.searchsorted(sorted_sequence_1d, values))
sorted_sequence = torch.tensor([[1, 3, 5, 7, 9], [2, 4, 6, 8, 10]])
print(torch.searchsorted(sorted_sequence, values, side='left', sorter=torch.tensor([[0, 1, 2, 3, 4], [0, 1, 2, 3, 4]])))

boundaries = torch.tensor([1, 3, 5, 7, 9])
print(boundaries)
v = torch.tensor([[3, 6, 9], [3, 6, 9]])
print(v)
print(torch.bucketize(v, boundaries))
print(torch.bucketize(v, boundaries, right=True))

# the same tools on data: a histogram of normal draws and the bucket of each draw
x = torch.randn(1000)
print(torch.histc(x, bins=10, min=-3, max=3))
edges = torch.linspace(-3, 3, 11)
counts = torch.bincount(torch.bucketize(x.clamp(-3, 2.999), edges, right=True) - 1, minlength=10)
print(counts)
