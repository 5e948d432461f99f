# golden: tolerance=6sig
# ndtri: ATen's Cephes code; float32 values agree to about 1e-7 relative, not bit for bit.
import torch

p = torch.tensor([0.0, 1e-20, 1e-10, 0.001, 0.05, 0.135, 0.3, 0.5, 0.77, 0.9, 0.999, 1.0, -0.5, 1.5])
print(torch.special.ndtri(p).tolist())
print(torch.special.ndtri(p.double()).tolist())
print(torch.special.ndtr(torch.special.ndtri(torch.tensor([0.2, 0.6], dtype=torch.float64))))
q = torch.tensor([0.1, 0.5, 0.95], requires_grad=True)
out = torch.special.ndtri(q)
out.sum().backward()
print(out, out.grad_fn.name(), q.grad)
