import torch
print(torch.arange(40))
print(torch.arange(30.0) / 7)
print(torch.arange(25.0) * 1000)
print(torch.arange(20) * 123456)
