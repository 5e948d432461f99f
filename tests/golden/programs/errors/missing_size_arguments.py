import torch
# a shape or dims argument forgotten: PyTorch's argument parser names what is missing
x = torch.zeros(2, 3)
z = torch.tensor(1.0)
calls = {
    "x.permute()": lambda: x.permute(), "z.permute()": lambda: z.permute(), "torch.permute(x)": lambda: torch.permute(x),
    "x.reshape()": lambda: x.reshape(), "z.reshape()": lambda: z.reshape(),
    "x.expand()": lambda: x.expand(), "z.expand()": lambda: z.expand(),
    "x.repeat()": lambda: x.repeat(), "z.repeat()": lambda: z.repeat(),
    "x.flip()": lambda: x.flip(), "x.tile()": lambda: x.tile(), "x.view()": lambda: x.view(),
    "z.view()": lambda: z.view(),
}
for src, call in calls.items():
    try:
        call()
    except TypeError as e:
        print(src, "->", e)
print(z.permute(()).shape, z.view(()).shape, z.reshape(()).shape, z.expand(()).shape, z.repeat(()).shape)
print(x.tile(2), x.tile((2, 1, 1)).shape, torch.tile(z, (3,)), x.flip(()))
print(torch.ones(2, requires_grad=True).tile(2).grad_fn.name())
