# Bessel J/Y, modified Bessel I/K (and scaled K), spherical j0, Airy Ai: Cephes' kernels as ATen
# runs them, with their fused multiply-adds: bit-identical in float64
import torch

S = torch.special
x = torch.tensor([-40.0, -7.3, -2.09, -1.0, -1e-6, 0.0, 3e-6, 0.3, 1.9, 2.0, 2.5, 4.99, 5.0, 7.5, 8.0, 8.5,
                  25.0, 120.0, float("inf"), float("nan")], dtype=torch.float64)
for f in (S.bessel_j0, S.bessel_j1, S.bessel_y0, S.bessel_y1, S.modified_bessel_i0, S.modified_bessel_i1,
          S.modified_bessel_k0, S.modified_bessel_k1, S.scaled_modified_bessel_k0, S.scaled_modified_bessel_k1,
          S.spherical_bessel_j0, S.airy_ai):
    print(f(x).tolist())
y = torch.tensor([-3.0, 0.0, 0.25, 1.0, 3.0, 12.0])
print(S.bessel_j0(y), S.bessel_y1(y), S.modified_bessel_k1(y), S.airy_ai(y), S.spherical_bessel_j0(y))
print(S.bessel_j1(torch.tensor([1, 2])), S.modified_bessel_i0(torch.tensor([[0], [3]])))
w = torch.tensor([0.5, 2.0], requires_grad=True)
print(S.bessel_j0(w).requires_grad, S.airy_ai(w).grad_fn)
