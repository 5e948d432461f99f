import torch
print(torch.Size([]))
print(torch.Size([3]))
print(torch.zeros(2, 3).size())
print(torch.float32, torch.device("cpu"))
print(type(torch.tensor(1)))
print(torch.tensor([1.0]).__class__.__name__)
print(torch.__version__.split("+")[0][:1])
