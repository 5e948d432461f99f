# golden: tolerance=6sig
# Bessel J/Y above 5, spherical j0 and Airy Ai where ATen's kernels take sin and cos: float64
# bit-identical with glibc's, within an ulp with other C libraries' (Pyodide's)
import torch

S = torch.special
x = torch.tensor([-40.0, -7.3, 5.5, 7.5, 8.0, 25.0, 120.0, 1e6, float("inf")], dtype=torch.float64)
for f in (S.bessel_j0, S.bessel_j1, S.bessel_y0, S.bessel_y1, S.spherical_bessel_j0, S.airy_ai):
    print(f(x).tolist())
    print(f(x.float()).tolist())
