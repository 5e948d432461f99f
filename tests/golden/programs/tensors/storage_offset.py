import torch
x = torch.arange(10)
print(x[3:].storage_offset())
m = x.view(2, 5)
print(m[1].storage_offset(), m[:, 2].storage_offset(), m[:, 2].stride())
print(m[1, 3:].storage_offset())
print(x.storage_offset())
