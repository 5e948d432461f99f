# golden: tolerance=6sig
# The window functions: symmetric and periodic, float32 and float64, lengths 0, 1 and more,
# their keywords and errors. cos (MKL's VML in PyTorch) and the kaiser kernel's vector loop
# can differ in the last bit of float32 values, hence 6 significant digits.
import torch

torch.set_printoptions(precision=8)
for n in (0, 1, 2, 5, 8, 12):
    for periodic in (True, False):
        print(n, periodic, torch.hann_window(n, periodic), torch.hamming_window(n, periodic),
              torch.blackman_window(n, periodic), torch.bartlett_window(n, periodic), torch.kaiser_window(n, periodic))
print(torch.hamming_window(7, False, 0.6), torch.hamming_window(7, True, alpha=0.6, beta=0.3))
print(torch.kaiser_window(9, True, 5.0), torch.kaiser_window(9, False, 0.5, dtype=torch.float64))
print(torch.hann_window(6, dtype=torch.float64), torch.blackman_window(6, periodic=False, dtype=torch.float64))
w = torch.hann_window(4, requires_grad=True)
print(w, w.requires_grad, w.is_leaf, torch.bartlett_window(7, dtype=torch.float64, requires_grad=True))
torch.set_default_dtype(torch.float64)
print(torch.hann_window(5).dtype, torch.kaiser_window(3))
for call in (lambda: torch.hann_window(-1), lambda: torch.hann_window(4, dtype=torch.long),
             lambda: torch.kaiser_window(3, dtype=torch.int32), lambda: torch.blackman_window(-2),
             lambda: torch.bartlett_window(3, dtype=torch.bool), lambda: torch.hamming_window(-1)):
    try:
        call()
    except RuntimeError as e:
        print(e)
