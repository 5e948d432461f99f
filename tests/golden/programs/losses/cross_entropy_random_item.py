import torch
import torch.nn.functional as F
torch.manual_seed(0)
logits = torch.randn(8, 5, requires_grad=True)
target = torch.randint(0, 5, (8,))
loss = F.cross_entropy(logits, target)
print(loss.item())
loss.backward()
print(logits.grad[0].tolist())
