import torch
print(torch.zeros(2, 3))
print(torch.zeros((2, 3)))
print(torch.zeros([4]))
print(torch.ones(2, 2, dtype=torch.int64))
print(torch.ones(3, dtype=torch.bool))
print(torch.zeros(0))
print(torch.ones(()))
print(torch.zeros(1, 2, 2))
