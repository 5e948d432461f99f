# Reductions and searches at nan, inf and -0. as PyTorch gives them: var_mean/std_mean return the
# variance kernel's Welford mean (not mean()) from one VarMeanBackward0 node; cumsum starts from 0;
# mode, unique, searchsorted and the inf-norms with nans.
import torch

nan, inf = float("nan"), float("inf")
torch.manual_seed(0)
x = torch.randn(7, 33, requires_grad=True)
v, m = torch.var_mean(x, 1)
print(m[:3].tolist(), x.detach().mean(1)[:3].tolist(), v.grad_fn.name(), m.grad_fn is v.grad_fn)
(v.sum() * 2 + m.sum() * 3).backward()
print(x.grad[0, :4])
s, m = torch.std_mean(x.detach().double(), 0, keepdim=True, correction=0)
print(s[0, :3], m[0, :3])
print(torch.var_mean(torch.tensor([1.0, inf, 5.0])), torch.std_mean(torch.tensor([1.0, 5.0, inf])))
z = torch.tensor([[-0.0, -0.0, 1.0], [-0.0, 2.0, -2.0]])
print(z.cumsum(1), z.double().cumsum(0), torch.logcumsumexp(z, 1), torch.tensor(-0.0).cumsum(0))
e = torch.tensor([[1.0, nan, 3.0, -0.0], [inf, -inf, 0.0, 2.0], [5.0, 5.0, -1.0, -1.0]])
print(torch.mode(e, 0), torch.mode(torch.tensor([3.0, 1, nan, 2, 1, nan, nan, 3])))
print(torch.unique(e, return_inverse=True, return_counts=True))
print(torch.linalg.vector_norm(e, ord=inf, dim=1), torch.linalg.vector_norm(e, ord=-inf, dim=0))
b = torch.tensor([0.0, 2, 2, 4])
q = torch.tensor([2.0, nan, 5, -inf, -1, 4, inf])
print(torch.searchsorted(b, q), torch.bucketize(q, b, right=True), torch.searchsorted(torch.tensor([0.0, nan, 4]), q))
