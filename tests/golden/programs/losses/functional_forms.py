import torch
import torch.nn.functional as F
a = torch.tensor([[0.5, 1.5], [2.0, -1.0]])
b = torch.tensor([[1.0, 1.0], [1.0, 0.0]])
print(F.mse_loss(a, b), F.l1_loss(a, b), F.smooth_l1_loss(a, b), F.huber_loss(a, b))
print(F.cross_entropy(a, torch.tensor([1, 0])), F.nll_loss(a, torch.tensor([1, 0])))
print(F.binary_cross_entropy(torch.sigmoid(a), b), F.binary_cross_entropy_with_logits(a, b))
