import torch
torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=-1)
