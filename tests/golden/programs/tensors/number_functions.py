import torch

a, b = torch.tensor([12, -18, 0, 7, 5]), torch.tensor([8, 12, 0, -21, 0])
print(torch.gcd(a, b), torch.lcm(a, b), a.gcd(b), torch.gcd(a, torch.tensor(4)))
c = torch.tensor([12, 18]); c.lcm_(torch.tensor([8, 4])); print(c)
x = torch.tensor([0.5, -0.3, 0.99, 3.0, 1e-30], requires_grad=True)
m, e = torch.frexp(x)
print(torch.frexp(x), m * 2.0 ** e.float())
m.sum().backward()
print(x.grad)
y = torch.ldexp(x, torch.tensor([2, 3, -1, 0, 100]))
print(y, torch.ldexp(torch.tensor([1, 2]), torch.tensor([2, 3])), torch.ldexp(torch.tensor([1.5]), torch.tensor([0.5])))
x.grad = None
y.sum().backward()
print(x.grad)
p = torch.tensor([0.0, 0.25, -0.5, 0.7, 0.9, -0.999, 1.0, -1.0, 1.5], requires_grad=True)
z = torch.erfinv(p)
print(z, torch.special.erfinv(torch.tensor([0.1, -0.2])), torch.erfinv(torch.tensor([0, 1])))
z[:6].sum().backward()
print(p.grad)
q = torch.tensor([0.2, 0.4]); q.erfinv_(); print(q)
for call in (lambda: torch.gcd(torch.tensor([1.0]), torch.tensor([2.0])), lambda: torch.frexp(torch.tensor([1])),
             lambda: torch.lcm(torch.tensor([1]), torch.tensor([2.0]))):
    try:
        call()
    except (RuntimeError, NotImplementedError) as err:
        print(type(err).__name__, err)
