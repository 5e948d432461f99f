import copy

import torch
import torch.nn as nn
from torch.func import functional_call, stack_module_state, vmap, grad, replace_all_batch_norm_modules_, \
    functionalize, debug_unwrap

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 2), nn.Tanh(), nn.Linear(2, 1))
x = torch.randn(4, 3)
params = dict(model.named_parameters())
print(torch.equal(functional_call(model, params, (x,)), model(x)))
zeros = {k: torch.zeros_like(v) for k, v in params.items()}
print(functional_call(model, zeros, x))
print(functional_call(model, ({"0.weight": torch.ones(2, 3)}, {}), (x,)))
print(model[0].weight)  # unchanged
try:
    functional_call(model, {"0.weight": torch.ones(2, 3)}, (x,), strict=True)
except Exception as e:
    print(f"{type(e).__name__}: {e}")
grads = grad(lambda p: functional_call(model, p, (x,)).sum())({k: v.detach() for k, v in params.items()})
print({k: tuple(v.shape) for k, v in grads.items()})
print(grads["2.bias"])

models = [nn.Linear(3, 2) for _ in range(4)]
stacked, buffers = stack_module_state(models)
print({k: (tuple(v.shape), v.requires_grad, v.is_leaf) for k, v in stacked.items()}, buffers)
base = copy.deepcopy(models[0])
out = vmap(lambda p, b, x: functional_call(base, (p, b), (x,)), in_dims=(0, 0, None))(stacked, buffers, x)
print(out.shape, torch.allclose(out[2], models[2](x)))
try:
    stack_module_state([])
except Exception as e:
    print(f"{type(e).__name__}: {e}")

net = nn.Sequential(nn.Linear(3, 3), nn.BatchNorm1d(3))
replace_all_batch_norm_modules_(net)
print(net[1].running_mean, net[1].running_var, net[1].track_running_stats)
print(vmap(net, in_dims=1, randomness="error")(torch.randn(5, 4, 3)).shape)


def f(a):
    b = a.clone()
    b.add_(1)
    return b * 2


print(functionalize(f)(torch.ones(2)))
vmap(lambda t: print(debug_unwrap(t), debug_unwrap(t, recurse=False)) or t)(torch.arange(3.0))
print(debug_unwrap(torch.ones(2)))
