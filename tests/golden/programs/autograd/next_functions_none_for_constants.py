import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
c = torch.tensor([3.0, 4.0])
y = x * c
print(y.grad_fn.next_functions)
z = c * x
print(z.grad_fn.next_functions)
s = (x + 1).sum()
print(s.grad_fn.next_functions[0][0].next_functions)
