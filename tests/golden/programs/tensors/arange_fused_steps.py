# arange's float kernel fuses start + i * step (d2l's arange(-8.0, 8.0, 0.1) has 4.4409e-16 where
# zero would be), in float32 and float64, on the vector blocks and the tail.
import torch

x = torch.arange(-8.0, 8.0, 0.1)
print(x[75:85])
print(x[78:82].tolist())
print(torch.arange(0, 1, 0.01)[::9].tolist())
print(torch.arange(-3.0, 3.0, 0.3).tolist())
print(torch.arange(1.5, 20.0, 0.37, dtype=torch.float64)[::7].tolist())
print(torch.arange(0., 5., 1 / 3))
