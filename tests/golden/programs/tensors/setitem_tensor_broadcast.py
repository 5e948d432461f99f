import torch
x = torch.zeros(3, 3)
x[1] = torch.tensor([1.0, 2.0, 3.0])
x[:, 2] = torch.tensor([7.0, 8.0, 9.0])
x[0:2, 0:2] = torch.tensor([[-1.0], [-2.0]])
print(x)
x[...] = torch.tensor([4.0, 5.0, 6.0])
print(x)
