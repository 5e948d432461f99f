import torch
x = torch.arange(2000.0) / 3
torch.set_printoptions(profile="short")
print(x)
print(torch.tensor([1.23456]))
torch.set_printoptions(profile="full")
print(torch.arange(1200)[-5:])
torch.set_printoptions(profile="default")
print(torch.tensor([1.23456]))
