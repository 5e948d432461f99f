import torch
x = torch.tensor([1.0], requires_grad=True)
with torch.set_grad_enabled(False):
    print((x * 2).requires_grad)
print((x * 2).requires_grad)
torch.set_grad_enabled(False)
print(torch.is_grad_enabled(), (x * 2).requires_grad)
torch.set_grad_enabled(True)
print(torch.is_grad_enabled(), (x * 2).requires_grad)
is_train = False
with torch.set_grad_enabled(is_train):
    print((x + 1).requires_grad)
