# parametrizations.orthogonal: matrix_exp / cayley / householder maps, the trivialization's base, tall and
# wide weights, training keeps the weight orthogonal, assignment, errors
import torch
from torch import nn
from torch.nn.utils import parametrize, parametrizations as P
torch.manual_seed(0)
m = P.orthogonal(nn.Linear(4, 4))
print(m)
print(list(m.state_dict().keys()), m.parametrizations.weight.original)
Q = m.weight
print(torch.dist(Q.T @ Q, torch.eye(4)) < 1e-5, Q.grad_fn.name(), Q)
for shape, mapping in [((5, 3), None), ((3, 5), None), ((4, 4), "cayley"), ((5, 2), "matrix_exp"), ((2, 6), "cayley")]:
    lin = nn.Linear(shape[1], shape[0])
    P.orthogonal(lin, orthogonal_map=mapping)
    W = lin.weight
    G = W @ W.T if shape[0] < shape[1] else W.T @ W
    print(shape, mapping, lin.parametrizations.weight[0].orthogonal_map, torch.dist(G, torch.eye(min(shape))) < 1e-5)
x = torch.randn(2, 4)
opt = torch.optim.SGD(m.parameters(), lr=0.1)
for _ in range(3):
    opt.zero_grad(); m(x).pow(2).sum().backward(); opt.step()
W = m.weight
print(torch.dist(W.T @ W, torch.eye(4)) < 1e-5, m.parametrizations.weight.original.grad is not None)
with torch.no_grad():
    m.weight = torch.eye(4)
print(torch.dist(m.weight, torch.eye(4)) < 1e-5)
for args in [(nn.Linear(3, 3), "foo"), (nn.Conv1d(1, 1, 1), None)]:
    try:
        P.orthogonal(args[0], orthogonal_map=args[1])
    except ValueError as e:
        print("ValueError:", e)
try:
    P.orthogonal(nn.Embedding(3, 3), "bias")
except ValueError as e:
    print("ValueError:", str(e)[:60])
try:
    P.orthogonal(nn.Linear(3, 3), orthogonal_map="cayley", use_trivialization=False)
    print("registered")
except NotImplementedError as e:
    print("NotImplementedError:", e)
print(torch.rand(2))
# Householder without trivialization: the weight's QR reflectors become the parameter (geqrf)
for shape in [(4, 3), (3, 5), (4, 4)]:
    m = P.orthogonal(nn.Linear(shape[1], shape[0]), orthogonal_map="householder", use_trivialization=False)
    W = m.weight
    print(shape, W.grad_fn.name(), W, m.parametrizations.weight.original)
    W.sum().backward()
    print(m.parametrizations.weight.original.grad)
