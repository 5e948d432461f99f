import torch
x = torch.tensor([[3.0, -4.0], [1.0, 2.0]])
print(x.norm())
print(x.norm(p=1), x.norm(p=float('inf')))
print(x.norm(dim=1))
print(torch.norm(x, dim=0, keepdim=True))
print(torch.linalg.vector_norm(x))
print(torch.tensor([3.0, 4.0]).norm().item())
