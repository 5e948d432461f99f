# golden: requires=numpy
import torch
t = torch.zeros(3)
n = t.numpy()
t.add_(1)
print(n)
n[2] = 7
print(t)
print(type(n).__name__, n.dtype)
