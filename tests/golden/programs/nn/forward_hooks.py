import torch
from torch import nn
torch.manual_seed(0)
lin = nn.Linear(2, 2)

def hook(module, inputs, output):
    print("hook:", type(module).__name__, inputs[0].shape, output.shape)

h = lin.register_forward_hook(hook)
lin(torch.ones(3, 2))
h.remove()
lin(torch.ones(3, 2))
pre = lin.register_forward_pre_hook(lambda m, inp: print("pre:", inp[0].shape))
lin(torch.ones(1, 2))
