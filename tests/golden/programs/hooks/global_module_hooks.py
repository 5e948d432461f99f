import torch
import torch.nn as nn
from torch.nn.modules.module import (register_module_backward_hook, register_module_buffer_registration_hook,
                                     register_module_forward_hook, register_module_forward_pre_hook,
                                     register_module_full_backward_hook, register_module_full_backward_pre_hook,
                                     register_module_module_registration_hook,
                                     register_module_parameter_registration_hook)

torch.manual_seed(0)
handles = [
    register_module_forward_pre_hook(lambda m, args: print("fwd pre", type(m).__name__)),
    register_module_forward_hook(lambda m, args, out: print("fwd", type(m).__name__, tuple(out.shape))),
    register_module_full_backward_pre_hook(lambda m, go: print("bwd pre", type(m).__name__)),
    register_module_full_backward_hook(lambda m, gi, go: print("bwd", type(m).__name__)),
]
net = nn.Sequential(nn.Linear(3, 2), nn.Tanh())
x = torch.randn(1, 3, requires_grad=True)
net(x).sum().backward()
try:
    register_module_backward_hook(lambda m, gi, go: None)
except RuntimeError as err:
    print("RuntimeError:", err)
for h in handles:
    h.remove()
net(x).sum().backward()

r = [register_module_parameter_registration_hook(lambda m, name, p: print("param", type(m).__name__, name)),
     register_module_buffer_registration_hook(lambda m, name, b: print("buffer", type(m).__name__, name)),
     register_module_module_registration_hook(lambda m, name, sub: print("module", type(m).__name__, name))]
bn = nn.BatchNorm1d(2)
seq = nn.Sequential()
seq.add_module("lin", nn.Linear(1, 1))
seq.extra = nn.ReLU()
for h in r:
    h.remove()
nn.Linear(1, 1)
print("done")
