import torch
# every kind of index on a 0-dim tensor: results and PyTorch's errors
x = torch.tensor(5.0)
for src in ["x[0]", "x[:]", "x[1:]", "x[::2]", "x[...]", "x[None]", "x[None, :]", "x[None, 0]", "x[..., 0]", "x[True]", "x[False]",
            "x[torch.tensor(0)]", "x[[0]]", "x[torch.tensor([0])]", "x[:, None]", "x[0, 0]"]:
    try:
        r = eval(src); print(src, "->", r.shape)
    except Exception as e:
        print(src, "->", type(e).__name__, e)
