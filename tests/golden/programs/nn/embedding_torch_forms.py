import torch
import torch.nn as nn
import torch.nn.functional as F

# torch.embedding_bag (ATen's signature and its auxiliary outputs), torch.embedding_renorm_ and
# max_norm (rows looked up are scaled in place to norm <= max_norm)
torch.manual_seed(0)
w = torch.randn(6, 3, requires_grad=True)
idx, off = torch.tensor([0, 2, 4, 5, 4, 1]), torch.tensor([0, 2, 2, 5])
for mode in (0, 1, 2):
    out, offset2bag, bag_size, max_indices = torch.embedding_bag(w, idx, off, False, mode)
    out.sum().backward()
    print(mode, out, out.grad_fn.name(), offset2bag, bag_size, max_indices, w.grad, sep="\n")
    w.grad = None
print(torch.embedding_bag(w, idx, off, False, 0, False, torch.rand(6), True))
print(torch.embedding_bag(w, idx, off, False, 1, False, None, False, 4))
print(torch.embedding_bag(w, idx, off, False, 2, False, None, False, 4)[1:])
print(torch.embedding_bag(w, idx, off, False, 0, False, None, False, 4)[1:], torch.embedding_bag(w.double(), idx, off)[1])
print(torch.embedding_bag(w, idx, off, False, 1, False, None, True)[1:])

table = w.detach().clone()
print(torch.embedding_renorm_(table, torch.tensor([[1, 3], [3, 5]]), 1.0, 2.0), table.norm(dim=1))
try:
    torch.embedding_renorm_(w, idx, 1.0, 2.0)
except RuntimeError as err:
    print(err)
emb = nn.Embedding(6, 3, max_norm=1.0)
looked_up = emb(idx)
print(looked_up.norm(dim=1), emb.weight.norm(dim=1), looked_up.grad_fn.name())
emb1 = nn.Embedding(6, 3, max_norm=0.5, norm_type=1.0)
print(emb1(torch.tensor([2, 3])), emb1.weight.abs().sum(1))
bag = nn.EmbeddingBag(6, 3, max_norm=1.0, mode="sum")
print(bag(idx, off), bag.weight.norm(dim=1))
print(F.embedding(torch.tensor([0, 0, 5]), w.detach().clone(), max_norm=0.75).norm(dim=1))
