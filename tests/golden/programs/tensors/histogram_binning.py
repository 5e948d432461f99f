import torch

torch.manual_seed(0)
x = torch.randn(1000)
print(torch.histc(x, bins=8))
print(torch.histc(x, bins=5, min=-1, max=1))
print(x.histc(4, 0, 2))
print(torch.histc(torch.tensor([2.0, 2.0]), bins=3))
print(torch.histc(torch.tensor([1., 2, 1, 2.5, 4], requires_grad=True), bins=4, min=0, max=3))
h = torch.histogram(x, bins=6)
print(h)
print(h.hist.sum(), h.bin_edges.dtype)
print(torch.histogram(x, bins=4, range=(-2.0, 2.0), density=True))
print(torch.histogram(torch.tensor([1., 2, 1]), bins=4, range=(0., 3.), weight=torch.tensor([1., 2., 4.])))
print(torch.histogram(torch.tensor([0.5, 1.0, 3.0, 9.0]), bins=torch.tensor([0., 1., 2.5, 5.])))
hist, edges = torch.histogram(torch.rand(50, dtype=torch.float64), 5)
print(hist, edges)
for call in (lambda: torch.histc(torch.tensor([1, 2, 3]), bins=4),
             lambda: torch.histc(torch.tensor([1., 2]), bins=4, min=3, max=1),
             lambda: torch.histogram(torch.tensor([1., 2]), bins=3, range=(2., 1.))):
    try:
        call()
    except (RuntimeError, NotImplementedError) as e:
        print(type(e).__name__, e)
