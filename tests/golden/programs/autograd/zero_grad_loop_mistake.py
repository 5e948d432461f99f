import torch
w = torch.tensor([1.0], requires_grad=True)
for step in range(3):
    loss = (w * 2 - 1) ** 2
    loss.sum().backward()
    print(step, w.grad)
    with torch.no_grad():
        w -= 0.1 * w.grad
print(w)
