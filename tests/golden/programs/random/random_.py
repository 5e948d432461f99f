import torch
torch.manual_seed(0)
print(torch.empty(5).random_(0, 10))
print(torch.empty(3, dtype=torch.int64).random_(100))
print(torch.zeros(4).random_(2))
