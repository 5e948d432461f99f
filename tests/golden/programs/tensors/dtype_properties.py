import torch
for dt in [torch.float32, torch.float64, torch.int64, torch.int32, torch.uint8, torch.bool]:
    print(dt, dt.is_floating_point, dt.itemsize)
x = torch.ones(3, dtype=torch.int16)
print(x.dtype, x.element_size(), x.is_floating_point())
