import torch
torch.set_printoptions(threshold=5)
print(torch.arange(10))
print(torch.arange(5))
torch.set_printoptions(edgeitems=1)
print(torch.arange(10))
print(torch.arange(20).view(4, 5))
torch.set_printoptions(threshold=1000, edgeitems=3)
print(torch.arange(10))
