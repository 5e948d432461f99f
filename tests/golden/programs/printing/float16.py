import torch
print(torch.tensor([0.1, 2.0], dtype=torch.float16))
print(torch.tensor(3.0, dtype=torch.float16))
