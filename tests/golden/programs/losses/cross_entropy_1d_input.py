import torch
import torch.nn.functional as F
print(F.cross_entropy(torch.tensor([1.0, 2.0, 0.5]), torch.tensor(1)))
