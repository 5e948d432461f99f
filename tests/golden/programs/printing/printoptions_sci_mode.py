import torch
x = torch.tensor([1.5, 250.0, 0.003])
torch.set_printoptions(sci_mode=True)
print(x)
print(torch.tensor([1.0, 2.0]))
torch.set_printoptions(sci_mode=False)
print(torch.tensor([1e-8, 1e8]))
torch.set_printoptions(sci_mode=None)
print(torch.tensor([1e-8, 1e8]))
