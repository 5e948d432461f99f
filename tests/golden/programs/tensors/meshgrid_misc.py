import torch
xs, ys = torch.meshgrid(torch.tensor([1, 2]), torch.tensor([3, 4, 5]), indexing='ij')
print(xs)
print(ys)
print(torch.tensor([1, 2, 3]).dot(torch.tensor([4, 5, 6])))
