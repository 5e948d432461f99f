import torch
A = torch.ones(2, 3, requires_grad=True)
B = torch.ones(3, 4, requires_grad=True)
v = torch.ones(3, requires_grad=True)
bA = torch.ones(5, 2, 3, requires_grad=True)
bB = torch.ones(5, 3, 4, requires_grad=True)
outs = {
    "A @ B": A @ B, "mm": torch.mm(A, B), "A @ v": A @ v, "mv": torch.mv(A, v), "v @ v": v @ v,
    "dot": torch.dot(v, v), "v @ B": v @ B, "bA @ bB": bA @ bB, "bmm": torch.bmm(bA, bB),
    "bA @ B": bA @ B, "outer": torch.outer(v, v), "addmm": torch.addmm(torch.zeros(4), A, B),
}
for name, out in outs.items():
    print(f"{name:8s}", out.grad_fn.name())
