# golden: tolerance=6sig
# Orthogonal polynomials of degree above 6 inside (-1, 1), where ATen's Chebyshev kernels take
# cos(n acos x) (bit for bit in float64 with glibc's libm, within an ulp with Pyodide's)
import torch

S = torch.special
x = torch.tensor([-0.7, -0.2, 0.0, 0.3, 0.5, 0.95], dtype=torch.float64)[:, None]
n = torch.tensor([7.0, 9.0, 12.0, 40.0], dtype=torch.float64)
for f in (S.chebyshev_polynomial_t, S.chebyshev_polynomial_u, S.chebyshev_polynomial_v, S.chebyshev_polynomial_w,
          S.shifted_chebyshev_polynomial_t, S.shifted_chebyshev_polynomial_u, S.shifted_chebyshev_polynomial_v,
          S.shifted_chebyshev_polynomial_w, S.hermite_polynomial_h, S.hermite_polynomial_he, S.laguerre_polynomial_l,
          S.legendre_polynomial_p):
    print(f(x, n).tolist())
    print(f(x.float(), 9).tolist())
