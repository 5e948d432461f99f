import torch
x = torch.tensor([1.5, -2.0, 3.25, 0.1])
print(x.view(torch.int32)); print(x.view(torch.int16)); print(x.view(torch.uint8)); print(x.view(torch.float16))
print(x.view(torch.int32).view(torch.float32))
print(x.view(torch.float64)); print(x.view(torch.int64))
print(torch.tensor([1, 2, 3], dtype=torch.int8).view(torch.uint8), torch.tensor([-1, 2], dtype=torch.int8).view(torch.bool))
print(torch.tensor([1., 2.], dtype=torch.float64).view(torch.float32))
m = torch.arange(6, dtype=torch.float32).reshape(2, 3)
print(m.view(torch.int16).shape, m.view(torch.uint8).stride(), m.t().view(torch.int32).stride())
y = torch.zeros(2, requires_grad=True)
print(torch.tensor([1.5]).view(torch.int32), torch.tensor([float("nan"), float("-inf")]).view(torch.int32))
print(torch.tensor([1.0, 2.0]).view(torch.float32)._base, y.view(torch.float32).requires_grad)
for f in [lambda: x.view(torch.float64)[:1], lambda: torch.ones(3).view(torch.float64), lambda: m.t().view(torch.int16),
          lambda: m[:, :1].view(torch.int16), lambda: torch.tensor(1.0).view(torch.int16), lambda: torch.tensor(1.0).view(torch.int32),
          lambda: torch.tensor(1.0).view(torch.float64), lambda: torch.ones(2, dtype=torch.uint8)[1:].view(torch.int16),
          lambda: torch.ones(4, dtype=torch.uint8)[1:3].view(torch.int16), lambda: y.view(torch.int32), lambda: y.view(torch.float32),
          lambda: y.view(torch.float16), lambda: x.view(torch.bool)]:
    try: r = f(); print("ok", r, r.shape, r.stride(), r.storage_offset(), r._base is not None, r.grad_fn, r.requires_grad)
    except Exception as e: print(type(e).__name__, e)
same = x.view(torch.float32)  # the same dtype: the same storage
same[0] = 9.0
print(x, same._version == x._version)
