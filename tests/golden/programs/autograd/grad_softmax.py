import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
p = torch.softmax(x, dim=0)
(p * torch.tensor([1.0, 0.0, 0.0])).sum().backward()
print(x.grad)
x.grad = None
torch.log_softmax(x, 0)[2].backward()
print(x.grad)
