import torch
x = torch.arange(6.0).requires_grad_()
m = x.view(2, 3)
outs = {
    "view": m, "reshape": x.reshape(3, 2), "reshape_noncontig": m.t().reshape(6), "flatten": m.flatten(),
    "unsqueeze": x.unsqueeze(0), "squeeze": m.unsqueeze(0).squeeze(), "squeeze(0)": m.unsqueeze(0).squeeze(0),
    "t": m.t(), "T": m.T, "transpose": m.transpose(0, 1), "permute": m.permute(1, 0),
    "expand": x.view(1, 6).expand(2, 6), "repeat": x.repeat(2), "select": m[0], "slice": x[1:4],
    "index": x[[0, 2]], "mask": x[x > 2], "contiguous": m.t().contiguous(), "clone": x.clone(),
    "flip": x.flip(0), "roll": x.roll(1), "narrow": x.narrow(0, 1, 2), "unflatten": x.unflatten(0, (2, 3)),
    "mT": m.mT, "detach": x.detach(), "expand_as": x.expand_as(torch.zeros(2, 6)),
}
for name, out in outs.items():
    print(f"{name:18s}", out.grad_fn.name() if out.grad_fn is not None else None)
