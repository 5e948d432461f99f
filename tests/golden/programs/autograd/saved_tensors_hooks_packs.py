# What each op saves as a tensor, as saved-tensor hooks see it (PyTorch's SavedVariables): reductions
# over dims, squeeze and split keep only sizes; max(dim), topk, kthvalue, median and mode keep the
# indices; cummax keeps self and the indices; gather keeps the index and self, in that order.
import torch

x = torch.tensor([[1.0, 5.0, 2.0, 0.5], [4.0, 0.5, 3.0, 2.5], [0.25, 1.5, 3.5, 6.0]], requires_grad=True)
y = torch.tensor([[[1.0, 2.0, 3.0]], [[4.0, 5.0, 6.0]]], requires_grad=True)
events = []


def pack(t):
    events.append(f"pack {list(t.shape)} {t.dtype}")
    return t.clone()


def unpack(t):
    events.append(f"unpack {list(t.shape)}")
    return t


cases = {
    "sum(dim)": lambda: x.sum(1),
    "sum(dims, keepdim)": lambda: x.sum((0, 1), keepdim=True),
    "mean(dim)": lambda: x.mean(0),
    "squeeze(dim)": lambda: y.squeeze(1),
    "squeeze(dims)": lambda: y.squeeze((0, 1)),
    "split": lambda: x.split(2, 1)[0],
    "split(sizes)": lambda: x.split([1, 3], 1)[1],
    "chunk": lambda: x.chunk(2, 1)[1],
    "unbind": lambda: x.unbind(0)[0],
    "max(dim)": lambda: x.max(1).values,
    "min(dim)": lambda: x.min(0)[0],
    "topk": lambda: x.topk(2).values,
    "kthvalue": lambda: x.kthvalue(2, 1).values,
    "median(dim)": lambda: x.median(1).values,
    "mode": lambda: x.mode(1).values,
    "cummax": lambda: x.cummax(1).values,
    "gather": lambda: x.gather(1, torch.tensor([[0], [3], [2]])),
    "mul": lambda: x * y.sum(),
}
for name, fn in cases.items():
    events.clear()
    with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
        out = fn()
    packed = len(events)
    out.backward(torch.ones_like(out))
    print(f"{name}: {packed} packed; {events}")
print(x.grad)
print(y.grad)
