# Selective activation checkpointing: a policy sees each ATen op the region runs (torch.ops.aten
# overloads, in the dispatcher's order) and chooses which outputs to keep instead of recomputing.
import functools
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint, create_selective_checkpoint_contexts, CheckpointPolicy

torch.manual_seed(0)
x = torch.rand(10, 10, requires_grad=True)
y = torch.rand(10, 10, requires_grad=True)

# PyTorch's docs example
ops_to_save = [
    torch.ops.aten.mm.default,
]


def policy_fn(ctx, op, *args, **kwargs):
    print(type(ctx).__name__, ctx.is_recompute, op, [tuple(a.shape) for a in args if isinstance(a, torch.Tensor)])
    if op in ops_to_save:
        return CheckpointPolicy.MUST_SAVE
    else:
        return CheckpointPolicy.PREFER_RECOMPUTE


context_fn = functools.partial(create_selective_checkpoint_contexts, policy_fn)


def fn(x, y):
    return torch.sigmoid(torch.matmul(torch.matmul(x, y), y)) * y


out = torch.utils.checkpoint.checkpoint(fn, x, y, use_reentrant=False, context_fn=context_fn)
out.sum().backward()
print(x.grad.sum(), y.grad.sum())

# or equivalently, the list of ops to save
context_fn = functools.partial(create_selective_checkpoint_contexts, ops_to_save)
x.grad = y.grad = None
out = torch.utils.checkpoint.checkpoint(fn, x, y, use_reentrant=False, context_fn=context_fn)
out.sum().backward()
print(x.grad.sum(), y.grad.sum())

# what the policy sees of a module: linear, gelu, reductions, views, indexing
net = nn.Sequential(nn.Linear(10, 6), nn.GELU(), nn.Linear(6, 3))


def seen(ctx, op, *args, **kwargs):
    print(" ", op.name(), type(op).__name__, op.overloadpacket, isinstance(ctx.op_output, torch.Tensor))
    return op in (torch.ops.aten.addmm.default, torch.ops.aten.gelu.default)  # True: MUST_SAVE


def region(x):
    h = net(x)
    return (h.relu().sum(dim=0).exp() + x.mean() - x[0, :3] / 2).view(3, 1).t().tanh() ** 2


out = checkpoint(region, x, use_reentrant=False, context_fn=functools.partial(create_selective_checkpoint_contexts,
                                                                              seen))
out.sum().backward()
print(net[0].weight.grad.sum())

# saving everything gives the gradients of no checkpoint at all
z = torch.rand(6, requires_grad=True)
save_all = functools.partial(create_selective_checkpoint_contexts, lambda ctx, op, *a, **k: CheckpointPolicy.MUST_SAVE)
out = checkpoint(lambda z: (z * 2).sin() * z, z, use_reentrant=False, context_fn=save_all)
print(torch.autograd.grad(out.sum(), z)[0])
print(torch.autograd.grad(((z * 2).sin() * z).sum(), z)[0])

# torch.ops itself
print(torch.ops.aten.mm, torch.ops.aten.mm.default, torch.ops.aten.add.Tensor)
print(type(torch.ops.aten.mm), type(torch.ops.aten.mm.default))
print(torch.ops.aten.mm.default.name(), torch.ops.aten.add.Tensor.name(), torch.ops.aten.mm.default.overloadpacket)
print(torch.ops.aten.mm.default is torch.ops.aten.mm.default, torch.ops.aten.mm.default in ops_to_save)
print(torch.ops.aten.mm.default(x, y).grad_fn.name(), torch.ops.aten.add(torch.ones(2), 3))
for bad in (lambda: torch.ops.aten.mm.nosuch, lambda: create_selective_checkpoint_contexts([torch.ops.aten.mm]),
            lambda: create_selective_checkpoint_contexts(3)):
    try:
        bad()
    except (AttributeError, ValueError, TypeError) as e:
        print(f"{type(e).__name__}: {e}")
