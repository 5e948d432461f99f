# nn.Container, NLLLoss2d, CrossMapLRN2d (its node and sliding-window sums), nn.Buffer, Uninitialized*,
# factory_kwargs, LinearCrossEntropyOptions/Loss and F.linear_cross_entropy (reference path; K-dim: NllLoss2DBackward0)
import torch, warnings
from torch import nn
torch.manual_seed(0)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    c = nn.Container(a=nn.Linear(2, 1), b=nn.ReLU())
    l2 = nn.NLLLoss2d(ignore_index=1)
print(c, l2, [w.category.__name__ for w in caught])
print(l2(torch.randn(2, 3, 2, 2).log_softmax(1), torch.tensor([[[0, 1], [2, 0]], [[1, 1], [2, 2]]])))
x = torch.randn(2, 5, 3, 3, requires_grad=True)
m = nn.CrossMapLRN2d(3, alpha=0.5, beta=0.75, k=2)
y = m(x); print(m, y.grad_fn.name(), y[0, :, 0, 0]); y.pow(2).sum().backward(); print(x.grad[1, :, 1, 2])
x2 = torch.randn(1, 7, 2, 2, dtype=torch.float64, requires_grad=True)
y2 = nn.CrossMapLRN2d(4)(x2); y2.sum().backward(); print(y2.flatten()[:5], x2.grad.flatten()[-5:])
try:
    m(torch.randn(3, 3))
except ValueError as e:
    print("ValueError:", e)

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Buffer(torch.ones(2))
        self.b = nn.Buffer(torch.zeros(1), persistent=False)
        self.p = nn.Parameter(torch.ones(1))
m = M()
print(list(m.state_dict()), [n for n, _ in m.named_buffers()], isinstance(m.a, nn.Buffer), isinstance(torch.ones(1), nn.Buffer), type(m.a).__name__)
m.a = torch.full((2,), 3.0); print(m.a, list(m.state_dict()))
b = nn.Buffer(torch.ones(2, requires_grad=True)); print(b.requires_grad, b.persistent)
print(nn.UninitializedParameter(), nn.UninitializedBuffer(), isinstance(nn.UninitializedParameter(), nn.Parameter))
print(nn.factory_kwargs({"dtype": torch.float64}), nn.factory_kwargs(None), nn.factory_kwargs({"device": "cpu", "factory_kwargs": {"dtype": torch.float16}}))
for bad in [{"foo": 1}, {"dtype": torch.float32, "factory_kwargs": {"dtype": torch.float64}}]:
    try:
        nn.factory_kwargs(bad)
    except TypeError as e:
        print("TypeError:", e)

O = nn.LinearCrossEntropyOptions
print(O(), O(batch_chunk_size=4))
for kw in [dict(acc_policy="x"), dict(chunking_method="foo"), dict(batch_chunk_size=0), dict(chunking_method="aspect_ratio:0")]:
    try:
        O(**kw)
    except ValueError as e:
        print("ValueError:", e)
inp = torch.randn(4, 3, requires_grad=True)
w = torch.randn(5, 3, requires_grad=True)
t = torch.tensor([0, 4, 2, 1])
loss = nn.functional.linear_cross_entropy(inp, w, t)
print(loss, loss.grad_fn.name())
loss.backward(); print(w.grad[0], inp.grad[0])
print(nn.functional.linear_cross_entropy(inp, w, t, linear_bias=torch.ones(5), reduction="none", label_smoothing=0.1))
print(nn.functional.linear_cross_entropy(inp[0], w, t[0], ignore_index=0))
print(nn.functional.linear_cross_entropy(inp, w.detach(), torch.softmax(torch.randn(4, 5), 1)))
print(round(nn.functional.linear_cross_entropy(inp, w, t, options=O()).item(), 4))
wk = torch.randn(5, 2, 3)
print(nn.functional.linear_cross_entropy(inp, wk, torch.tensor([[0, 1], [4, 4], [2, 3], [1, 0]]), linear_bias=torch.zeros(5, 2)))
for args, kw in [((inp, wk, t[0]), {}), ((inp, w, t), {"linear_bias": torch.ones(4)}), ((inp, torch.randn(5, 4), t), {}),
                 ((inp, w, torch.softmax(torch.randn(4, 5), 1)), {"ignore_index": 1})]:
    try:
        nn.functional.linear_cross_entropy(args[0][0] if args[1] is wk else args[0], *args[1:], **kw)
    except RuntimeError as e:
        print("RuntimeError:", e)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(nn.functional.linear_cross_entropy(inp, w, t, label_smoothing=0.2, options=O()))
print([str(w.message) for w in caught])
lce = nn.LinearCrossEntropyLoss(3, 5, bias=True, ignore_index=2)
print(lce, list(lce.state_dict()))
print(lce(inp, t))
lk = nn.LinearCrossEntropyLoss(3, 4, out_features=(2,), weight=torch.ones(4))
print(lk.linear.weight.shape, lk(inp, torch.tensor([[0, 1], [3, 3], [2, 0], [1, 1]])))
try:
    nn.LinearCrossEntropyLoss(3, 4, label_smoothing=2.0)
except RuntimeError as e:
    print("RuntimeError:", e)
