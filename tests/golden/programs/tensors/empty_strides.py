import torch
# strides of tensors with no elements: a size-0 dim counts as 1, and views keep what they can
for shape in [(2, 0), (2, 0, 3), (0, 3), (0,), (3, 0, 0, 2)]:
    print(shape, torch.empty(shape).stride(), torch.zeros(shape).contiguous().stride(), torch.arange(0.).reshape(shape).stride())
e = torch.arange(12.).reshape(3, 4)[3:].diagonal()
print(e.shape, e.stride(), e.storage_offset())
for name in ["view(-1)", "reshape(-1)", "view(0)", "flatten()", "unsqueeze(0)", "expand(2, 0)", "view(0, 1)", "reshape(0, 5)",
             "unflatten(0, (0, 2))", "narrow(0, 0, 0)", "ravel()", "contiguous()"]:
    y = eval("e." + name)
    print(name, tuple(y.shape), y.stride(), y.storage_offset(), y.is_contiguous())
