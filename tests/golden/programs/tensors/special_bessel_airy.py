# Bessel J/Y (below 5), modified Bessel I/K (and scaled K), spherical j0 (below 0.5), Airy Ai (above
# -2.09): Cephes' kernels as ATen runs them, with their fused multiply-adds: bit-identical in
# float64. (Their sin/cos forms are in special_bessel_airy_digits: the C library's sin differs.)
import torch

S = torch.special
x = torch.tensor([-4.0, -2.09, -1.0, -0.4, -1e-6, 0.0, 3e-6, 0.3, 1.9, 2.0, 2.5, 4.99, 5.0, float("nan")],
                 dtype=torch.float64)
for f in (S.bessel_j0, S.bessel_j1, S.bessel_y0, S.bessel_y1):
    print(f(x).tolist())
x = torch.tensor([-40.0, -7.3, -2.0, -1e-6, 0.0, 3e-6, 0.3, 1.9, 2.0, 2.5, 7.5, 8.0, 8.5, 25.0, 120.0, 800.0,
                  float("inf"), float("nan")], dtype=torch.float64)
for f in (S.modified_bessel_i0, S.modified_bessel_i1, S.modified_bessel_k0, S.modified_bessel_k1,
          S.scaled_modified_bessel_k0, S.scaled_modified_bessel_k1):
    print(f(x).tolist())
print(S.airy_ai(x[2:]).tolist(), S.spherical_bessel_j0(torch.tensor([-0.49, -1e-3, 0.0, 0.2, 0.45])).tolist())
y = torch.tensor([-3.0, 0.0, 0.25, 1.0, 3.0, 12.0])
print(S.bessel_j0(y[:5]), S.bessel_y1(y[:5]), S.modified_bessel_k1(y), S.airy_ai(y[1:]))
print(S.bessel_j1(torch.tensor([1, 2])), S.modified_bessel_i0(torch.tensor([[0], [3]])))
w = torch.tensor([0.5, 2.0], requires_grad=True)
print(S.bessel_j0(w).requires_grad, S.airy_ai(w).grad_fn)
