import torch
print(torch.tensor([torch.tensor(1.5), 2, 3]))
print(torch.tensor([[True, False], [False, True]]))
print(torch.tensor([1, 2], dtype=torch.float32))
print(torch.tensor((1, 2, 3)))
print(torch.tensor([[1.0, 2.0]], dtype=torch.float64))
