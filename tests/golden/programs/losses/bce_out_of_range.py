import torch
import torch.nn.functional as F
F.binary_cross_entropy(torch.tensor([1.5]), torch.tensor([1.0]))
