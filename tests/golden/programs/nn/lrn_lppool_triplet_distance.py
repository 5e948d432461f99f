import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
x = torch.randn(2, 5, 6, requires_grad=True)
lrn = nn.LocalResponseNorm(3)
print(lrn, nn.LocalResponseNorm(2, 0.01, 0.5, 2.0))
y = lrn(x)
print(y[1], y.grad_fn.name())
(y * torch.arange(6.0)).sum().backward()
print(x.grad[0])
v = torch.randn(1, 4, 2, 3, 2, requires_grad=True)
w = F.local_response_norm(v, 2, alpha=0.1, beta=0.6, k=0.5)
print(w[0, :, 1], F.local_response_norm(v[0, :, 0], 4)[:, 1])
w.pow(2).sum().backward()
print(v.grad[0, 3])
try:
    F.local_response_norm(torch.ones(2, 3), 2)
except ValueError as e:
    print("ValueError:", e)

p = torch.rand(2, 3, 7, requires_grad=True)
for m in [nn.LPPool1d(2, 3), nn.LPPool1d(1.5, 2, stride=1, ceil_mode=True), nn.LPPool1d(float("inf"), 2)]:
    out = m(p)
    print(m, out[0], out.grad_fn.name())
out = F.lp_pool1d(p, 3, 2)
out.sum().backward()
print(p.grad[1])
q = torch.randn(1, 2, 5, 4)
print(nn.LPPool2d(2, (2, 3))(q), nn.LPPool2d(1, 2, stride=1)(q)[0, 0], F.lp_pool2d(q, -float("inf"), 2))
print(nn.LPPool3d(2, 2), nn.LPPool3d(2, 2)(torch.rand(2, 4, 4, 3)))

a, b, c = torch.randn(4, 3, requires_grad=True), torch.randn(4, 3), torch.randn(4, 3)
loss = nn.TripletMarginWithDistanceLoss()
print(loss, loss(a, b, c))
cos = nn.TripletMarginWithDistanceLoss(distance_function=lambda u, v: 1 - F.cosine_similarity(u, v), margin=0.5,
                                       swap=True, reduction="none")
r = cos(a, b, c)
print(cos, r)
r.sum().backward()
print(a.grad)
print(F.triplet_margin_with_distance_loss(a, b, c, reduction="sum"),
      F.triplet_margin_with_distance_loss(a, b, c, distance_function=nn.PairwiseDistance(p=1), swap=True))
for kwargs in [dict(margin=0), dict(reduction="avg")]:
    try:
        F.triplet_margin_with_distance_loss(a, b, c, **kwargs)
    except ValueError as e:
        print("ValueError:", e)
try:
    F.triplet_margin_with_distance_loss(a, b, c[0])
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    nn.TripletMarginWithDistanceLoss(margin=-1.0)
except ValueError as e:
    print("ValueError:", e)
