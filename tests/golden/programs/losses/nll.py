import torch
from torch import nn
logp = torch.log_softmax(torch.tensor([[1.0, 2.0, 3.0], [1.0, 0.0, -1.0]]), dim=1).detach().requires_grad_()
target = torch.tensor([2, 0])
loss = nn.NLLLoss()(logp, target)
print(loss, loss.item())
loss.backward()
print(logp.grad)
print(nn.NLLLoss(reduction='none')(logp, target))
print(nn.NLLLoss(reduction='sum')(logp, target))
