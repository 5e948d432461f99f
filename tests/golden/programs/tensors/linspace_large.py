import math
import torch
x = torch.linspace(-math.pi, math.pi, 2000)
print(x[:3].tolist())
print(x[998:1002].tolist())
print(x[-3:].tolist())
print(x.sum().item())
