# golden: tolerance=6sig
# PyTorch's entr/xlog1py kernels call the C library's scalar log/log1p; the engine's logs agree
# to about 1 ulp, not bit for bit.
import torch

x = torch.linspace(0.01, 6, 9)
print(torch.special.entr(x).tolist(), torch.special.entr(x.double()).tolist())
print(torch.special.xlog1py(torch.linspace(-3, 3, 9), torch.linspace(-0.9, 30, 9)).tolist())
