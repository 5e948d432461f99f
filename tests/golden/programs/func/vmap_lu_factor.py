import torch
from torch.func import vmap
torch.manual_seed(0)
a = torch.randn(3, 4)
print(vmap(lambda a: torch.linalg.lu_factor(a.reshape(2, 2)).LU)(a))
print(vmap(lambda a: torch.linalg.lu_factor(a.reshape(2, 2)).pivots)(a))
print(vmap(torch.linalg.lu_factor)(a.reshape(3, 2, 2)))
print(vmap(torch.linalg.lu_factor_ex)(a.reshape(3, 2, 2)).info)
print(vmap(torch.linalg.det)(a.reshape(3, 2, 2)))
singular = torch.stack([torch.eye(2), torch.zeros(2, 2), torch.ones(2, 2)])
for f in [lambda: vmap(torch.linalg.lu_factor)(singular), lambda: vmap(vmap(torch.linalg.lu_factor))(singular.reshape(3, 1, 2, 2)),
          lambda: torch.linalg.lu_factor(singular), lambda: torch.linalg.lu_factor(singular[1])]:
    try:
        print(f())
    except RuntimeError as e:
        print(e)
print(vmap(torch.linalg.lu_factor_ex)(singular).info)
