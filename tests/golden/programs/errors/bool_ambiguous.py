import torch
x = torch.tensor([1, 2])
if x > 0:
    print("yes")
