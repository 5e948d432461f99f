import torch
import torch.nn.functional as F
torch.manual_seed(0)
z = torch.randn(50)
y = (torch.rand(50) > 0.5).float()
print(F.binary_cross_entropy(torch.sigmoid(z), y).item())
