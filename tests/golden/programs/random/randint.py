import torch
torch.manual_seed(0)
print(torch.randint(0, 10, (5,)))
print(torch.randint(10, (3, 3)))
print(torch.randint(-5, 5, (8,)))
print(torch.randint(0, 2, (20,)))
print(torch.randint(0, 10, (3,), dtype=torch.int32))
print(torch.randint(0, 2**30, (3,)))
