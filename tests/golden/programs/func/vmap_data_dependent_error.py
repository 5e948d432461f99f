import torch
from torch.func import vmap


def relu_by_hand(x):
    if x.sum() > 0:
        return x
    return torch.zeros_like(x)


print(relu_by_hand(torch.tensor([1.0, -2.0, 3.0])))
vmap(relu_by_hand)(torch.tensor([[1.0, -2.0], [-3.0, 1.0]]))
