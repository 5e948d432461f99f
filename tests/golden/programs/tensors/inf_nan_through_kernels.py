# inf and nan through sums, products, norms, softmax, losses: IEEE results, and no warning printed
import torch
import torch.nn.functional as F
inf, nan = float("inf"), float("nan")
x = torch.tensor([[inf, -inf, 1.0, nan], [1e38, 1e38, 3e38, -2.0]])
m = torch.tensor([[inf, -inf], [1e38, 3e38], [1.0, nan], [0.0, 0.0]])
for name, f in [("sum", lambda: x.sum()), ("sum1", lambda: x.sum(1)), ("mean", lambda: x.mean(0)), ("var", lambda: x.var(1)),
                ("std", lambda: x.std()), ("norm", lambda: x.norm()), ("prod", lambda: x.prod()), ("cumsum", lambda: x.cumsum(1)),
                ("cumprod", lambda: x.cumprod(1)), ("softmax", lambda: x.softmax(1)), ("log_softmax", lambda: x.log_softmax(1)),
                ("mm", lambda: x @ m), ("mv", lambda: x @ x[0]), ("dot", lambda: x[0].dot(x[1])), ("bmm", lambda: x[None].bmm(m[None])),
                ("linear", lambda: F.linear(x, x)), ("mse", lambda: F.mse_loss(x, x.flip(1))), ("ce", lambda: F.cross_entropy(x, torch.tensor([0, 1]))),
                ("bce", lambda: F.binary_cross_entropy(torch.tensor([0.0, 1.0, 0.5]), torch.tensor([1.0, 0.0, 0.5]))),
                ("sigmoid", lambda: x.sigmoid()), ("tanh", lambda: x.tanh()), ("exp", lambda: x.exp()), ("logsumexp", lambda: x.logsumexp(1)),
                ("div", lambda: x / 0), ("mul", lambda: x * x), ("addmm", lambda: torch.addmm(x[:, :2], x, m))]:
    try:
        print(name, f())
    except Exception as e:
        print(name, "error", type(e).__name__, e)
y = torch.tensor([[inf, -inf, 1.0, nan], [1.0, nan, 2.0, 0.0], [nan, 1.0, 2.0, 3.0]])
x = y
print(x.amax(1), x.amin(1), x.max(1), x.max(), x.min(), x.argmax(1), x.logsumexp(1), torch.maximum(x[0], x[1]))
print(x.sort(1), x.cummax(1), x.median(1), x.topk(2, 1))
