import torch
w = torch.zeros(2, requires_grad=True)
print(torch.optim.SGD([w], lr=0.1))
print(torch.optim.Adam([w], lr=1e-3))
