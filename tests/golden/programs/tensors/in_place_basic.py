import torch
x = torch.tensor([1.0, 2.0, 3.0])
r = x.add_(1)
print(x, r is x)
x.sub_(0.5)
print(x)
x.mul_(2)
print(x)
x.div_(4)
print(x)
x.pow_(2)
print(x)
x += 1
x -= 2
x *= 3
x /= 2
print(x)
x.zero_()
print(x)
x.fill_(7)
print(x)
