import torch
import torch.nn.functional as F
from torch import nn
# ranking, embedding, Poisson/Gaussian and soft-margin losses: values, nodes, gradients, reprs
torch.manual_seed(0)
a = torch.randn(4, 3, requires_grad=True)
b = torch.randn(4, 3, requires_grad=True)
c = torch.randn(4, 3)
y = torch.tensor([1.0, -1.0, 1.0, -1.0])
var = torch.rand(4, 3) + 0.1
cases = [
    ("margin_ranking", lambda: F.margin_ranking_loss(a[:, 0], b[:, 0], y, margin=0.2)),
    ("margin_ranking none", lambda: F.margin_ranking_loss(a[:, 1], b[:, 1], y, reduction="none")),
    ("cosine_embedding", lambda: F.cosine_embedding_loss(a, b, y, margin=0.1)),
    ("cosine_embedding sum", lambda: F.cosine_embedding_loss(a, b, y, reduction="sum")),
    ("triplet_margin", lambda: F.triplet_margin_loss(a, b, c)),
    ("triplet_margin swap p1", lambda: F.triplet_margin_loss(a, b, c, margin=2.0, p=1, swap=True)),
    ("poisson_nll", lambda: F.poisson_nll_loss(a, c.abs())),
    ("poisson_nll not log full", lambda: F.poisson_nll_loss(a.abs() + 0.5, c.abs() * 3, log_input=False, full=True)),
    ("gaussian_nll", lambda: F.gaussian_nll_loss(a, b, var)),
    ("gaussian_nll full sum", lambda: F.gaussian_nll_loss(a, b, var[:, 0], full=True, reduction="sum")),
    ("soft_margin", lambda: F.soft_margin_loss(a, torch.sign(c))),
    ("soft_margin none", lambda: F.soft_margin_loss(a, torch.sign(c), reduction="none")),
    ("multilabel_soft_margin", lambda: F.multilabel_soft_margin_loss(a, (c > 0).float())),
    ("hinge_embedding", lambda: F.hinge_embedding_loss(a, torch.sign(c), margin=0.5)),
]
for name, make in cases:
    a.grad = b.grad = None
    loss = make()
    loss.sum().backward()
    print(name, loss.grad_fn.name(), loss, a.grad.sum(), None if b.grad is None else b.grad.sum())
print(nn.MarginRankingLoss(margin=0.2), nn.CosineEmbeddingLoss(), nn.TripletMarginLoss(p=1.0), nn.PoissonNLLLoss(),
      nn.GaussianNLLLoss(), nn.SoftMarginLoss(), nn.MultiLabelSoftMarginLoss(), nn.HingeEmbeddingLoss())
print(nn.TripletMarginLoss(margin=0.5)(a, b, c), nn.GaussianNLLLoss(full=True)(a, b, var), nn.PoissonNLLLoss(log_input=False)(a.abs(), c.abs()))
