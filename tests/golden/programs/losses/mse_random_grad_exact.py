import torch
import torch.nn.functional as F
torch.manual_seed(3)
pred = torch.randn(6, requires_grad=True)
target = torch.randn(6)
loss = F.mse_loss(pred, target)
loss.backward()
print(loss.item())
print(pred.grad.tolist())
