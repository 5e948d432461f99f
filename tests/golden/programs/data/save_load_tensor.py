import torch
x = torch.tensor([[1.0, 2.0], [3.0, 4.5]])
torch.save(x, "x.pt")
y = torch.load("x.pt")
print(y)
print(torch.equal(x, y), y.dtype)
