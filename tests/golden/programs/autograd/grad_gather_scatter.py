import torch
x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
x.gather(1, torch.tensor([[0, 0], [2, 1]])).sum().backward()
print(x.grad)
x.grad = None
x.index_select(1, torch.tensor([2, 2])).sum().backward()
print(x.grad)
