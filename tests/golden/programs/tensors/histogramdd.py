# torch.histogramdd: bin counts (one for all dims, one per dim), bin edges, ranges, weights,
# density, batched points, errors; no derivative (PyTorch's NotImplemented node).
import torch

pts = torch.tensor([[0., 1.], [1, 1], [2, 0.5], [0.5, 3], [1.5, 2], [2, 3], [3, 3]])
print(torch.histogramdd(pts, bins=[2, 3]))
print(torch.histogramdd(pts, bins=2, range=[0., 2., 0., 3.], density=True))
print(torch.histogramdd(pts, bins=[torch.tensor([0., 1, 3]), torch.tensor([0., 2, 2.5, 4])], weight=torch.arange(7.)))
print(torch.histogramdd(pts, 3, weight=torch.arange(7.), density=True))
print(torch.histogramdd(pts.double().reshape(7, 1, 2), (2, 2)))
print(torch.histogramdd(torch.tensor([[1., 2, 3]]), 2))
h = torch.histogramdd(pts, bins=[2, 3])
print(type(h).__name__, type(h.bin_edges), h.hist.grad_fn, h.bin_edges[0].requires_grad)
x = pts.clone().requires_grad_()
h = torch.histogramdd(x, 2)
print(h.hist.grad_fn.name(), h.hist.requires_grad)
try:
    h.hist.sum().backward()
except RuntimeError as e:
    print(e)
for call in (lambda: torch.histogramdd(pts, [2, 3, 4]), lambda: torch.histogramdd(pts, 2, range=[0., 1.]),
             lambda: torch.histogramdd(pts, 2, range=[2., 1., 0., 1.]), lambda: torch.histogramdd(pts.long(), 2),
             lambda: torch.histogramdd(pts, 2, weight=torch.ones(3)),
             lambda: torch.histogramdd(pts, [torch.tensor([1., 0])] * 2),
             lambda: torch.histogramdd(pts, 2, range=[0., float('inf'), 0., 1.]), lambda: torch.histogramdd(pts, -1),
             lambda: torch.histogramdd(torch.tensor([1., 2, 2, 5]), 3)):
    try:
        print(call())
    except (RuntimeError, NotImplementedError) as e:
        print(type(e).__name__, e)
