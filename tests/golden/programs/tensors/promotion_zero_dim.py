import torch
v = torch.tensor([1.0, 2.0])
print((v + torch.tensor(1.0, dtype=torch.float64)).dtype)
print((torch.tensor([1, 2]) + torch.tensor(1.5)).dtype)
print((torch.tensor([1, 2], dtype=torch.int32) + torch.tensor(7)).dtype)
print((torch.tensor([1, 2], dtype=torch.uint8) + 300).dtype)
print((torch.tensor([1.0], dtype=torch.float16) + 1.0).dtype)
