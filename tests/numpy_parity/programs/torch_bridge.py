# Tensor.numpy() and torch.from_numpy() share memory both ways, as PyTorch's do.
import numpy as np
import torch

t = torch.ones(5)
n = t.numpy()
t.add_(1)
print(t, n)
n = np.ones(5)
t = torch.from_numpy(n)
np.add(n, 1, out=n)
print(t, n)
x = torch.arange(6.).reshape(2, 3)
v = x[:, 1].numpy()
v += 10
print(x, repr(v))
n2 = np.arange(6).reshape(2, 3)
t2 = torch.from_numpy(n2)
t2[0, 0] = 100
print(n2, t2.dtype)
n3 = np.zeros(3, dtype=np.float32)
torch.from_numpy(n3).add_(torch.tensor([0.1, 0.2, 0.3]))
print(repr(n3))
copied = torch.tensor(n3)
n3[0] = 7
print(copied, repr(torch.tensor(np.float64(2.5))), repr(torch.ones(2, dtype=torch.float16).numpy()))
print(repr(torch.tensor([True, False]).numpy()), repr(torch.arange(4).numpy().sum()), type(np.float32(1.5).item()).__name__)
