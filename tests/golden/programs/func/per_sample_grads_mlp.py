import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, vmap, grad

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 3))
data = torch.randn(5, 6)
targets = torch.tensor([0, 2, 1, 1, 0])
params = {k: v.detach() for k, v in model.named_parameters()}


def loss_of(params, sample, target):
    logits = functional_call(model, params, (sample.unsqueeze(0),))
    return F.cross_entropy(logits, target.unsqueeze(0))


per_sample = vmap(grad(loss_of), in_dims=(None, 0, 0))(params, data, targets)
for name, g in per_sample.items():
    looped = torch.stack([torch.autograd.grad(F.cross_entropy(model(data[i:i + 1]), targets[i:i + 1]),
                                              dict(model.named_parameters())[name])[0] for i in range(5)])
    print(name, tuple(g.shape), torch.allclose(g, looped, atol=1e-6))
print(per_sample["2.bias"])
print(per_sample["0.weight"][3, :2])
# the mean of the per-sample gradients is the batch gradient
F.cross_entropy(model(data), targets).backward()
print(torch.allclose(per_sample["2.weight"].mean(0), model[2].weight.grad, atol=1e-6))
