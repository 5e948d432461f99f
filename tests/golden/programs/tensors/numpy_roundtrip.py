# golden: requires=numpy
import numpy as np
import torch
a = np.array([1.0, 2.0, 3.0], dtype=np.float32)
t = torch.from_numpy(a)
print(t)
a[0] = 10
print(t)
t[1] = -5
print(a)
n = torch.tensor([[1, 2], [3, 4]]).numpy()
print(n, n.dtype)
print(torch.from_numpy(np.arange(3)).dtype)
print(torch.from_numpy(np.array([0.5])).dtype)
