import torch
from torch.func import rearrange

x = torch.arange(24.0).reshape(2, 3, 4)
print(rearrange(x, "a b c -> c (a b)"))
print(rearrange(x, "a b c -> (a b c)"))
print(rearrange(x, "a b (c d) -> a b c d", d=2).shape)
print(rearrange(x, "a ... -> ... a").shape, rearrange(x, "... c -> c ...").shape)
print(rearrange(x, "a b c -> a 1 b c").shape)
print(rearrange(x, "a b c -> b a c")[1])
print(rearrange([x[0], x[1]], "n b c -> b (n c)"))
try:
    rearrange(x, "a b -> b a")
except ValueError as e:
    print(f"ValueError: {e}")
try:
    rearrange(x, "a b c")
except ValueError as e:
    print(f"ValueError: {e}")
