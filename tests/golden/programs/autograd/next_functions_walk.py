import torch
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)
loss = ((a * b).exp() + a).sum()

def walk(fn, depth=0):
    print("  " * depth + type(fn).__name__)
    for child, _ in fn.next_functions:
        if child is not None:
            walk(child, depth + 1)

walk(loss.grad_fn)
