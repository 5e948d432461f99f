# Keywords PyTorch's argument parser accepts: numpy's axis=/keepdims=, input=, out= (resized with
# a warning, cast where allowed, refused for autograd), size= on factories, range indexes,
# torch.autograd.Variable, torch.accelerator and the default device.
import torch
from torch.autograd import Variable

x = torch.arange(6.).reshape(2, 3)
print(x.sum(axis=0), torch.sum(x, axis=1, keepdims=True), x.mean(axis=1, keepdims=True), x.argmax(axis=1))
print(torch.add(input=x, other=x), torch.softmax(x, axis=0))
r = torch.empty(5)
print(torch.add(x, x, out=r) is r, r)
r = torch.empty(0)
torch.mul(x, 2, out=r)
print(r)
r = torch.empty(2, 3, dtype=torch.float64)
torch.add(x, 1, out=r)
print(r)
r = torch.empty(2, 2)
torch.matmul(x, x.T, out=r)
print(r)
for bad in [lambda: torch.add(x, x, out=torch.empty(2, 3, dtype=torch.long)),
            lambda: torch.matmul(x, x.T, out=torch.empty(2, 2, dtype=torch.int32)),
            lambda: torch.exp(torch.ones(2, requires_grad=True), out=torch.empty(2))]:
    try:
        bad()
    except RuntimeError as e:
        print("RuntimeError:", e)
torch.manual_seed(0)
print(torch.randn(size=(2,)), torch.rand(size=(1, 2)), torch.zeros(size=(2,)), torch.ones(size=[1]))
print(torch.randn(size=(), requires_grad=True))
print(x[range(2), [0, 2]], x[range(1)])
v = Variable(torch.ones(2), requires_grad=True)
print(v, isinstance(torch.ones(1), Variable), type(v).__name__)
print(torch.accelerator.is_available(), torch.accelerator.current_accelerator(), torch.accelerator.device_count())
torch.set_default_device("cpu")
print(torch.get_default_device(), torch.ones(2, device="cpu").to("cpu").device)
