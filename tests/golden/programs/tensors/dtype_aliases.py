import torch
print(torch.float is torch.float32, torch.double is torch.float64)
print(torch.long is torch.int64, torch.int is torch.int32)
print(torch.half is torch.float16, torch.short is torch.int16)
print(torch.float, torch.double, torch.long, torch.int, torch.half, torch.short)
print(torch.bool, torch.uint8, torch.int8)
print(repr(torch.float32), str(torch.int64))
