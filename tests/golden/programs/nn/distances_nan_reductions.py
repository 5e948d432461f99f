import torch
import torch.nn.functional as F
# similarity and distance functions, NaN-skipping reductions: full-precision values, nodes, gradients
torch.manual_seed(0)
a = torch.randn(4, 5, requires_grad=True)
b = torch.randn(4, 5, requires_grad=True)
v = torch.randn(5, requires_grad=True)
for name, make in [("cosine_similarity", lambda: F.cosine_similarity(a, b)),
                   ("cosine_similarity dim0", lambda: F.cosine_similarity(a, b, dim=0)),
                   ("cosine_similarity broadcast", lambda: F.cosine_similarity(a, v, dim=-1)),
                   ("pairwise_distance", lambda: F.pairwise_distance(a, b)),
                   ("pairwise_distance p1 keepdim", lambda: F.pairwise_distance(a, b, p=1.0, keepdim=True)),
                   ("dist", lambda: torch.dist(a, b)), ("dist p3", lambda: a.dist(v, 3)),
                   ("CosineSimilarity", lambda: torch.nn.CosineSimilarity(dim=0)(a, b)),
                   ("PairwiseDistance", lambda: torch.nn.PairwiseDistance()(a, b))]:
    a.grad = b.grad = v.grad = None
    y = make()
    y.sum().backward()
    print(name, y.grad_fn.name(), y.tolist())
    print("  ", a.grad.sum().item(), None if b.grad is None else b.grad.sum().item(), None if v.grad is None else v.grad.sum().item())
n = torch.tensor([[1.0, float("nan"), 2.5], [float("nan"), float("nan"), -1.0]], requires_grad=True)
for name, y in [("nansum", n.nansum()), ("nansum dim", n.nansum(1)), ("nanmean", n.nanmean()), ("nanmean dim", torch.nanmean(n, 0, keepdim=True))]:
    n.grad = None
    y.sum().backward()
    print(name, y.grad_fn.name(), y.tolist(), n.grad.tolist())
print(torch.nn.CosineSimilarity(), torch.nn.PairwiseDistance(p=1.0))
print(a.norm(1).item(), a.norm(1, dim=1).tolist(), torch.linalg.vector_norm(b, 1, dim=0).tolist())  # in order, in float32
print(a.norm(3), a.norm(0.5, dim=0))
