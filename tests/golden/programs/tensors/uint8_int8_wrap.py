import torch
a = torch.tensor([250, 5], dtype=torch.uint8)
print(a + 10)
b = torch.tensor([127, -128], dtype=torch.int8)
print(b + 1)
print(b - 1)
print(torch.tensor([300]).to(torch.uint8))
