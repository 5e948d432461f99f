import torch
print(torch.tensor([float('nan'), 1.0]))
print(torch.tensor([float('inf'), -float('inf'), 2.5]))
print(torch.tensor([-0.0, 0.0]))
print(torch.tensor([float('nan')]))
print(torch.tensor([float('inf'), 1.0, 2.0]))
print(torch.tensor(-0.0))
print(torch.tensor([float('nan'), 1e-8]))
