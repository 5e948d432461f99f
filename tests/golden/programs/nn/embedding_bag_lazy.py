import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
bag = nn.EmbeddingBag(6, 3, mode="sum")
print(bag, nn.EmbeddingBag(5, 3, padding_idx=1, max_norm=1.0))
out = bag(torch.tensor([1, 2, 4, 5, 4, 3, 2, 0]), torch.tensor([0, 3, 3, 6]))
print(out, out.grad_fn.name())
out.pow(2).sum().backward()
print(bag.weight.grad)
for mode in ("mean", "max"):
    b = nn.EmbeddingBag(6, 3, mode=mode, padding_idx=2)
    o = b(torch.tensor([[1, 2, 4], [5, 2, 0]]))
    (o * torch.arange(6.0).reshape(2, 3)).sum().backward()
    print(o, b.weight.grad)
w = torch.randn(4, 2, requires_grad=True)
sample_weights = torch.tensor([0.5, 2.0, -1.0, 1.5], requires_grad=True)
o = F.embedding_bag(torch.tensor([0, 3, 3, 1]), w, torch.tensor([0, 2]), mode="sum",
                    per_sample_weights=sample_weights)
o.sum().backward()
print(o, w.grad, sample_weights.grad)
print(nn.EmbeddingBag.from_pretrained(torch.eye(3))(torch.tensor([[0, 1]])))

torch.manual_seed(0)
lazy = nn.LazyLinear(4)
print(lazy, lazy.weight, lazy.has_uninitialized_params(), [name for name, _ in lazy.named_parameters()])
print(lazy(torch.ones(2, 3)), lazy, type(lazy.weight).__name__)
model = nn.Sequential(nn.LazyConv2d(4, 3), nn.LazyBatchNorm2d(), nn.ReLU(), nn.Flatten(), nn.LazyLinear(2))
print(model)
print(model(torch.randn(2, 3, 5, 5)))
print(model, model[1].running_mean, model[1].num_batches_tracked)
t = nn.LazyConvTranspose1d(2, 2)
t(torch.ones(1, 3, 4))
print(t, t.weight.shape, nn.LazyInstanceNorm1d(), nn.LazyConv3d(2, 1, bias=False), nn.LazyConvTranspose3d(1, 2))
lazy_norm = nn.LazyBatchNorm1d(bias=False)
lazy_norm(torch.randn(3, 2))
print(lazy_norm, lazy_norm.bias, nn.InstanceNorm2d(3, affine=True, bias=False).bias)
try:
    nn.LazyLinear(3).weight.shape
except RuntimeError as err:
    print(err)
