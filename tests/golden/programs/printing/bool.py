import torch
print(torch.tensor([True, False]))
print(torch.tensor(True))
print(torch.tensor([[True], [False]]))
print(torch.arange(5) > 2)
