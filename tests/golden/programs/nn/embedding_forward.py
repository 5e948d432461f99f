import torch
from torch import nn
torch.manual_seed(0)
emb = nn.Embedding(5, 2)
idx = torch.tensor([[0, 4], [2, 2]])
out = emb(idx)
print(out)
print(out.shape, out.grad_fn.name())
out.sum().backward()
print(emb.weight.grad)
