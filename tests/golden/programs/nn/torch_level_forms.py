import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
x = torch.randn(2, 4, 3)
for name, args in [("relu_", ()), ("elu_", (0.5,)), ("leaky_relu_", (0.2,)), ("hardtanh_", (-0.5, 0.5)),
                   ("selu_", ()), ("celu_", (2.0,)), ("threshold_", (0.1, 20.0))]:
    leaf = x.clone().requires_grad_()
    y = leaf * 1
    out = getattr(F, name)(y, *args)
    print(name, out is y, out.grad_fn.name(), out[0, 0])
    (out * torch.arange(3.0)).sum().backward()
    print(leaf.grad[0])
for name, args in [("celu_", ()), ("selu_", ()), ("threshold_", (0.0, -1.0))]:
    y = x.clone()
    print("torch." + name, getattr(torch, name)(y, *args) is y, y[1, 1])

# channel shuffle
c = torch.arange(24.0).reshape(2, 6, 2).requires_grad_()
s = torch.channel_shuffle(c, 3)
print(s[0], s.grad_fn.name(), F.channel_shuffle(c, 2)[1, :, 0], nn.ChannelShuffle(2))
(s * torch.arange(12.0).reshape(6, 2)).sum().backward()
print(c.grad[0])
for bad in [(torch.zeros(2, 6), 2), (torch.zeros(1, 6, 2), 4), (torch.zeros(1, 6, 2), 0)]:
    try:
        torch.channel_shuffle(*bad)
    except RuntimeError as e:
        print("RuntimeError:", e)

# dropouts with ATen's signatures, and the alpha ones (seeded streams)
torch.manual_seed(1)
d = torch.randn(3, 4, 2)
torch.manual_seed(2)
print(torch.dropout(d, 0.3, True)[0], torch.dropout(d, 0.3, False) is d)
print(torch.feature_dropout(d, 0.5, True)[:, :, 0])
a = d.clone().requires_grad_()
print(torch.alpha_dropout(a, 0.2, True)[0])
print(F.alpha_dropout(a, 0.5, training=True)[1], F.alpha_dropout(a, 0.5) is a)
fa = F.feature_alpha_dropout(a, 0.4, training=True)
print(fa[:, :, 0], fa.grad_fn.name())
fa.sum().backward()
print(a.grad[:, :, 1])
y = d.clone()
print(torch.alpha_dropout_(y, 0.5, True) is y, y[2], torch.feature_alpha_dropout_(y, 1.0, True)[0])
m = nn.AlphaDropout(0.25)
print(m, nn.FeatureAlphaDropout(0.1, inplace=True), m(d)[0])
m.eval()
print(m(d) is d)
for p in (-0.1, 1.5):
    try:
        F.alpha_dropout(d, p, True)
    except ValueError as e:
        print("ValueError:", e)

# normalisation, embedding, pooling, padding with ATen's argument order
w, b = torch.tensor([1.0, 2.0, 0.5, -1.0]), torch.tensor([0.1, 0.0, -0.2, 0.3])
rm, rv = torch.zeros(4), torch.ones(4)
print(torch.batch_norm(d, w, b, rm, rv, True, 0.1, 1e-5, False)[0], rm, rv)
print(torch.instance_norm(d, w, b, None, None, True, 0.1, 1e-5, False)[1])
print(torch.layer_norm(d, [2], torch.tensor([1.0, 3.0]), None, 1e-3)[2])
print(torch.rms_norm(d, [4, 2])[0, 0])
e = torch.randn(5, 3, requires_grad=True)
emb = torch.embedding(e, torch.tensor([[0, 2], [4, 2]]), 2)
print(emb, torch.embedding(e, torch.tensor([1]))[0])
emb.sum().backward()
print(e.grad)
v = torch.randn(1, 2, 4, 4, 4)
print(torch.max_pool3d(v, 2)[0, 1, 0], torch.max_pool3d(v, [3, 2, 2], [1, 2, 2], 1)[0, 0, 1])
print(torch.adaptive_max_pool1d(d, 1))
print(torch.constant_pad_nd(d[0], [1, 2], 7.0), torch.constant_pad_nd(d[0], [0, 0, -1, 1]).shape)
print(torch.conv3d(v, torch.ones(1, 2, 2, 2, 2))[0, 0, 0], torch.conv_transpose1d(d, torch.ones(4, 1, 2))[1])
print(torch.conv_transpose2d(v[0, :, 0], torch.ones(2, 1, 2, 2), stride=2).shape,
      torch.conv_transpose3d(v, torch.ones(2, 1, 1, 1, 1)).shape)
print(torch.hardshrink(d, 0.8)[0], torch.pixel_shuffle(torch.arange(8.0).reshape(1, 4, 1, 2), 2),
      torch.pixel_unshuffle(torch.arange(8.0).reshape(1, 1, 2, 4), 2)[0, :, 0])

# losses with ATen's integer reductions
p, q, t = d[0, :, 0], d[1, :, 0], torch.tensor([1.0, -1.0, 1.0, -1.0])
for r in (0, 1, 2):
    print(r, torch.kl_div(p, q.exp(), r), torch.kl_div(p, q, r, log_target=True),
          torch.margin_ranking_loss(p, q, t, 0.5, r), torch.hinge_embedding_loss(p, t, 0.3, r))
    print(torch.cosine_embedding_loss(d[0], d[1], t, 0.1, r), torch.triplet_margin_loss(d[0], d[1], d[2], 1.0, 2, 1e-6,
                                                                                         True, r))
    print(torch.poisson_nll_loss(p, q.abs(), True, True, 1e-8, r), torch.poisson_nll_loss(p.abs(), q.abs(), False,
                                                                                          False, 1e-8, r))
    print(torch.binary_cross_entropy_with_logits(p, t.clamp(0), None, torch.tensor(2.0), r))
