# Integer ops at their edges, as PyTorch computes them in C: wrap-around (abs and neg of the least
# value, lcm past the range), a number bound cast to the dtype (-3 is 253 in uint8), negative
# tensor powers (1, ±1 or 0), shift counts outside the word, and lerp's dtype errors.
import torch

a8 = torch.tensor([7, -7, 0, 100, -128, 127, 5], dtype=torch.int8)
b8 = torch.tensor([2, 3, -4, 7, 3, 2, -1], dtype=torch.int8)
print(a8.abs(), -a8, torch.lcm(a8, b8), torch.gcd(a8, torch.zeros_like(a8)))
u8 = torch.tensor([7, 250, 0, 100, 128, 127, 5], dtype=torch.uint8)
print(-u8, u8.clamp(-3, 50), torch.lcm(u8, torch.tensor([2, 3, 4, 7, 3, 2, 1], dtype=torch.uint8)))
base = torch.tensor([2, -2, 1, -1, 0, 3, -1, 5])
power = torch.tensor([-1, -1, -3, -3, -2, -2, -4, 3])
print(base ** power, torch.pow(base.to(torch.int32), power.to(torch.int32)))
x = torch.tensor([1, 2, 3, -4, 100])
s = torch.tensor([-1, 64, 63, 65, 200])
print(x << s, x >> s, a8 << 8, a8 >> 9, a8 << b8, a8 >> b8)
for end, weight in ((x, 0.5), (x, x), (x.float(), 0.5), (x.double(), torch.tensor([0.5] * 5))):
    try:
        print(torch.lerp(x.float() if end.dtype.is_floating_point else x, end, weight))
    except (RuntimeError, NotImplementedError) as e:
        print(type(e).__name__, e)
