import torch
import torch.nn.functional as F
from torch.utils.checkpoint import CheckpointError, checkpoint, set_checkpoint_early_stop

torch.manual_seed(0)


def dropped(x):
    return F.dropout(x, 0.5, training=True) * 2


x = torch.ones(8, requires_grad=True)
for reentrant in (True, False):
    for preserve in (True, False):
        x.grad = None
        y = checkpoint(dropped, x, use_reentrant=reentrant, preserve_rng_state=preserve)
        y.sum().backward()
        print(reentrant, preserve, y.detach(), x.grad, torch.equal(y.detach() != 0, x.grad != 0))


def mutates(t):
    t.mul_(2)
    return t.sin()


a = torch.tensor([1.0, 2.0], requires_grad=True)
for reentrant in (True, False):
    try:
        checkpoint(mutates, a.clone(), use_reentrant=reentrant).sum().backward()
    except RuntimeError as err:
        print(type(err).__name__, err)

calls = [0]


def changes(t):
    calls[0] += 1
    if calls[0] == 1:
        return t.sin().exp()
    return t.sin()


try:
    with set_checkpoint_early_stop(False):
        checkpoint(changes, a, use_reentrant=False).sum().backward()
except CheckpointError as err:
    print("CheckpointError:", err)
calls[0] = 0


def shape_changes(t):
    calls[0] += 1
    if calls[0] == 1:
        return (t * t).sum()
    return (t[:1] * t[:1]).sum()


try:
    checkpoint(shape_changes, a, use_reentrant=False).backward()
except CheckpointError as err:
    print("CheckpointError:", err)
print(issubclass(CheckpointError, RuntimeError))

trace = []


def traced(t):
    trace.append("start")
    u = t.exp()
    trace.append("end")
    return u * 1


checkpoint(traced, a, use_reentrant=False).sum().backward()
print(trace)
trace.clear()
with set_checkpoint_early_stop(False):
    checkpoint(traced, a, use_reentrant=False).sum().backward()
print(trace)
trace.clear()
checkpoint(traced, a, use_reentrant=False, early_stop=False).sum().backward()
print(trace)
