import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([0.5, -0.5], requires_grad=True)
loss = torch.relu(x * w + 1).mean()
seen = []
stack = [loss.grad_fn]
while stack:
    fn = stack.pop()
    seen.append(fn.name())
    stack.extend(f for f, _ in fn.next_functions if f is not None)
print(seen)
