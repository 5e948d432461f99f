import torch
a = torch.tensor([1, 2, 3])
b = torch.tensor([3, 2, 1])
print(a == b, a != b)
print(a < b, a <= b)
print(a > b, a >= b)
print(a == 2, 2 < a)
print(torch.eq(a, b), torch.gt(a, 1), torch.le(a, b), torch.ne(a, 3))
print(a.lt(b), a.ge(2))
