import torch
from torch import nn
# the graph recurrent layers record (a float32 LSTM layer is one oneDNN node on CPU)
torch.manual_seed(0)


def walk(node, depth=0):
    if node is None or depth > 2:
        return
    print("  " * depth + node.name())
    for child, _ in node.next_functions:
        walk(child, depth + 1)


x = torch.randn(4, 1, 3, requires_grad=True)
for name, layer in [("lstm", nn.LSTM(3, 2)), ("lstm 2 layers", nn.LSTM(3, 2, num_layers=2)),
                    ("lstm batch_first", nn.LSTM(3, 2, batch_first=True)), ("lstm no bias", nn.LSTM(3, 2, bias=False)),
                    ("gru", nn.GRU(3, 2)), ("rnn batch_first", nn.RNN(3, 2, batch_first=True))]:
    out, state = layer(x)
    print(name)
    walk(out.grad_fn)
    for s in state if isinstance(state, tuple) else (state,):
        print(" state", s.grad_fn.name(), [(n.name(), i) for n, i in s.grad_fn.next_functions])
    x.grad = None
    (out.sum() + sum(s.sum() * (k + 2) for k, s in enumerate(state if isinstance(state, tuple) else (state,)))).backward()
    print(" grads", round(x.grad.sum().item(), 5), [round(p.grad.sum().item(), 5) for p in layer.parameters()])
lstm = nn.LSTM(3, 2)
h0 = torch.zeros(1, 1, 2, requires_grad=True)
c0 = torch.ones(1, 1, 2, requires_grad=True)
out, (h, c) = lstm(x[:, 0], (h0[:, 0], c0[:, 0]))  # unbatched
print(out.grad_fn.name(), [n.name() if n else None for n, _ in out.grad_fn.next_functions[0][0].next_functions])
(out.sum() + c.sum()).backward()
print(h0.grad, c0.grad)
