import torch
import torch.nn as nn

torch.manual_seed(0)


class Scale(nn.Module):
    def forward(self, x, *, factor=1.0):
        if factor < 0:
            raise ValueError("negative factor")
        return x * factor


m = Scale()
m.register_forward_pre_hook(lambda mod, args, kwargs: (args, {"factor": kwargs.get("factor", 1.0) * 2}),
                            with_kwargs=True)
m.register_forward_hook(lambda mod, args, kwargs, out: print("kwargs hook", kwargs, out), with_kwargs=True)
m.register_forward_hook(lambda mod, args, out: print("first"), prepend=True)
m.register_forward_hook(lambda mod, args, out: print("always", out), always_call=True)
print(m(torch.ones(2), factor=3.0))
try:
    m(torch.ones(2), factor=-1.0)
except ValueError as err:
    print("ValueError:", err)
bad = Scale()
bad.register_forward_pre_hook(lambda mod, args, kwargs: 5, with_kwargs=True)
try:
    bad(torch.ones(1))
except RuntimeError as err:
    print("RuntimeError:", err)
with m.register_forward_pre_hook(lambda mod, args: print("temporary")):
    m(torch.ones(1))
m(torch.ones(1))
