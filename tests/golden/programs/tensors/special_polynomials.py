# Orthogonal polynomials: ATen's recurrences with their fused multiply-adds, bit for bit (for
# |x| < 1 and n above 6 some kernels take cos(n acos x): special_polynomials_digits). Not at
# x = nan: most of ATen's kernels return an uninitialised value there.
import torch

S = torch.special
x = torch.tensor([-1.0, -0.7, -0.2, 0.0, 0.3, 0.5, 0.95, 1.0, 1.7, -3.0], dtype=torch.float64)
n = torch.tensor([0.0, 1.0, 2.0, 3.0, 5.0, 6.9, -1.0, float("inf"), -2.5], dtype=torch.float64)
for f in (S.chebyshev_polynomial_t, S.chebyshev_polynomial_u, S.chebyshev_polynomial_v, S.chebyshev_polynomial_w,
          S.shifted_chebyshev_polynomial_t, S.shifted_chebyshev_polynomial_u, S.shifted_chebyshev_polynomial_v,
          S.shifted_chebyshev_polynomial_w, S.hermite_polynomial_h, S.hermite_polynomial_he, S.laguerre_polynomial_l,
          S.legendre_polynomial_p):
    print(f(x[:, None], n).tolist())
    print(f(x[[0, 7, 8, 9]], 40).tolist())
    print(f(x.float(), 4).tolist(), f(x.float()[:4], torch.tensor([1, 2, 3, 6])).tolist())
print(S.hermite_polynomial_h(torch.tensor([0.5, 2.0]), torch.tensor([129.0, 513.0])))
print(S.hermite_polynomial_h(torch.tensor([0.5, 2.0], dtype=torch.float64), torch.tensor([129.0, 513.0])))
print(S.chebyshev_polynomial_t(torch.tensor([1, 2]), torch.tensor([2, 3])), S.legendre_polynomial_p(0.5, torch.tensor([2, 3])))
x = torch.tensor([0.25, 0.5], requires_grad=True)
print(S.legendre_polynomial_p(x, 3), S.laguerre_polynomial_l(x, 2).requires_grad)
