import torch
from torch import nn
# the graph of ATen's CPU recurrent layers (GRU, RNN, float64 LSTM): the input's gate products for
# all steps in one linear (AddmmBackward0, ViewBackward0, UnbindBackward0), then per step the hidden
# state's product plus them, the gates split by unsafe_chunk; and of the cells, one step each
torch.manual_seed(0)


def walk(node, depth=0):
    if node is None or depth > 7:
        return
    print("  " * depth + node.name())
    for child, _ in node.next_functions:
        walk(child, depth + 1)


x = torch.randn(2, 1, 3, dtype=torch.float64, requires_grad=True)
for layer in (nn.GRU(3, 2, dtype=torch.float64), nn.RNN(3, 2, dtype=torch.float64),
              nn.LSTM(3, 2, dtype=torch.float64), nn.GRU(3, 2, bias=False, dtype=torch.float64)):
    out, _ = layer(x)
    print(layer)
    walk(out.grad_fn)
    x.grad = None
    out.pow(2).sum().backward()
    print(x.grad.flatten(), [round(p.grad.sum().item(), 8) for p in layer.parameters()])  # float64 tanh: last bits differ
for cell in (nn.LSTMCell(3, 2), nn.GRUCell(3, 2), nn.RNNCell(3, 2, nonlinearity="relu")):
    state = cell(torch.randn(4, 3))
    print(cell)
    walk((state[0] if isinstance(state, tuple) else state).grad_fn)
# a batch of one sequence: the input's products for all steps are one product, exact
rnn = nn.RNN(10, 20)
out, h = rnn(torch.randn(7, 1, 10))
print(out[:, 0, :4], h)
# unsafe_split/unsafe_chunk: split's pieces, sharing memory, that autograd does not track as views
y = torch.arange(6.).reshape(2, 3).requires_grad_()
a, b = y.unsafe_chunk(2, 1)
print(a, b, a.grad_fn.name(), torch.unsafe_split_with_sizes(y, [1, 2], 1)[1].grad_fn.name())
(a.sum() * 2 + b.pow(2).sum()).backward()
print(y.grad)
z = torch.zeros(2, 3)
z.unsafe_split(1, 1)[2].add_(7)
print(z)
