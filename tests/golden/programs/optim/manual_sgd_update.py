import torch
torch.manual_seed(0)
w = torch.randn(3, requires_grad=True)
x = torch.randn(10, 3)
y = torch.randn(10)
for step in range(5):
    loss = ((x @ w - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
        w.grad.zero_()
    print(step, loss.item())
print(w)
