import torch
a = torch.tensor([7, -7, 9])
print(a / 2)
print(a // 2)
print(a % 3)
print(torch.div(a, 2, rounding_mode='floor'))
print(torch.div(a, 2, rounding_mode='trunc'))
print(torch.remainder(a, -4), torch.fmod(a, -4))
