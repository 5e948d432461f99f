# gather and the scatters take no negative index (PyTorch's error names it); index_reduce raises
# IndexError for any row outside [0, size); take_along_dim broadcasts its operands but for dim and
# takes an index along dim modulo that dim's size
import warnings

import torch

warnings.simplefilter("ignore")  # index_reduce's beta warning
x = torch.arange(6.).reshape(2, 3)
index = torch.tensor([[-1, 0]])
for name, run in [("gather", lambda: x.gather(1, index)),
                  ("scatter", lambda: torch.zeros(2, 3).scatter(1, index, 1.0)),
                  ("scatter src", lambda: torch.zeros(2, 3).scatter(1, index, torch.ones(1, 2))),
                  ("scatter_add", lambda: torch.zeros(2, 3).scatter_add(1, index, torch.ones(1, 2))),
                  ("scatter_reduce", lambda: torch.zeros(2, 3).scatter_reduce(1, index, torch.ones(1, 2), "sum")),
                  ("index_reduce -1", lambda: torch.zeros(2, 3).index_reduce(0, torch.tensor([-1]), torch.ones(1, 3), "prod")),
                  ("index_reduce 2", lambda: torch.zeros(2, 3).index_reduce(0, torch.tensor([2]), torch.ones(1, 3), "prod")),
                  ("take_along_dim flat", lambda: torch.take_along_dim(x, torch.tensor([-1, 0])))]:
    try:
        print(name, run())
    except (RuntimeError, IndexError) as e:
        print(name, type(e).__name__, e)

y = x.clone().requires_grad_()
for indices, dim in [([[-1, 1]], 1), ([[7, -7, 100], [1, 1, 1]], 1), ([[3], [5]], 0), ([[1], [0]], 1)]:
    out = torch.take_along_dim(y, torch.tensor(indices), dim)
    print(out, type(out.grad_fn.next_functions[0][0]).__name__)
    out.sum().backward()
print(y.grad)
