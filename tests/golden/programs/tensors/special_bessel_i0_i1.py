import torch

# float64: bit-identical to ATen's Cephes kernels (float32 i0/i1 can differ by an ulp: the C library's expf)
x = torch.tensor([-30.0, -9.5, -8.0, -2.25, -1e-3, 0.0, 0.5, 3.0, 8.0, 8.5, 20.0, 700.0, 800.0, float("nan")],
                 dtype=torch.float64)
for f in (torch.special.i0, torch.special.i0e, torch.special.i1, torch.special.i1e):
    print(f(x).tolist())
y = torch.tensor([-9.5, -2.25, 0.0, 0.5, 8.5, 20.0, 100.0])
print(torch.special.i0e(y), torch.special.i1e(y), torch.special.i0(torch.tensor([0, 2, -3])))
print(torch.i0(torch.tensor([0.25, 1.0])), torch.tensor([0.25, 1.0]).i0())
z = torch.tensor([1.5, -0.5])
z.i0_()
print(z)
w = torch.tensor([-3.0, -0.5, 0.0, 1e-9, 2.0, 9.0], dtype=torch.float64, requires_grad=True)
for f in (torch.i0, torch.special.i0e, torch.special.i1, torch.special.i1e):
    out = f(w)
    g, = torch.autograd.grad(out.sum(), w)
    print(out.grad_fn.name(), g.tolist())
