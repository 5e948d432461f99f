import torch
from torch import nn
# bidirectional recurrent layers: parameters, outputs side by side, final states per direction,
# the graph, gradients (shapes where the products are exact: batch 4, widths multiples of 4)
torch.manual_seed(0)
for cls in (nn.LSTM, nn.GRU, nn.RNN):
    layer = cls(8, 16, num_layers=2, bidirectional=True)
    print(layer)
    print([(name, tuple(p.shape)) for name, p in layer.named_parameters()][4:10])
    x = torch.randn(6, 4, 8, requires_grad=True)
    out, state = layer(x)
    states = state if isinstance(state, tuple) else (state,)
    print(out.shape, [s.shape for s in states], out.grad_fn.name(),
          sorted({n.name() for n, _ in out.grad_fn.next_functions}), states[0].grad_fn.name())
    print(out[0, 0], out[-1, 3])
    print(states[0][1, 0], states[0][3, 2])  # layer 0 reverse ends at step 0; layer 1 reverse
    print(torch.equal(out[0, :, 16:], states[0][3]), torch.equal(out[-1, :, :16], states[0][2]))
    (out.pow(2).sum() + sum(s.sum() for s in states)).backward()
    print(x.grad[2, 1])
    print(layer.weight_hh_l0_reverse.grad[5, :4], layer.bias_ih_l1_reverse.grad[:4], layer.weight_ih_l1.grad[0, 12:20])
# batch_first, given states, unbatched input, the flat-weights function form
lstm = nn.LSTM(4, 12, batch_first=True, bidirectional=True)
xb = torch.randn(4, 5, 4)
h0, c0 = torch.randn(2, 4, 12), torch.randn(2, 4, 12)
out, (h, c) = lstm(xb, (h0, c0))
print(out.shape, out.grad_fn.name(), out[1, 0], c[1, 3])
out1, (h1, c1) = lstm(xb[2], (h0[:, 2], c0[:, 2]))
print(out1.shape, h1.shape, torch.allclose(out1, out[2], atol=1e-6))
flat = torch.lstm(xb, (h0, c0), list(lstm.parameters()), True, 1, 0.0, False, True, True)
print(torch.equal(flat[0], out), torch.equal(flat[2], c))
gru = nn.GRU(4, 12, bidirectional=True, num_layers=2, dropout=0.5)
print(gru)
o, h = gru(torch.randn(5, 4, 4))
print(o.shape, h.shape, o[0, 0, :4])
# the states must match the layer: PyTorch's checks
for call in (lambda: nn.GRU(3, 4, bidirectional=True)(torch.randn(5, 2, 3), torch.randn(1, 2, 4)),
             lambda: nn.LSTM(3, 4)(torch.randn(5, 2, 3), (torch.randn(2, 2, 4), torch.randn(1, 2, 4))),
             lambda: nn.LSTM(3, 4)(torch.randn(5, 2, 3), (torch.randn(1, 2, 4), torch.randn(1, 3, 4))),
             lambda: nn.RNN(3, 4)(torch.randn(5, 2, 5)),
             lambda: nn.RNN(3, 4)(torch.randn(5, 2, 2, 3)),
             lambda: nn.LSTM(3, 4)(torch.randn(5, 2, 2, 3)),
             lambda: nn.GRU(3, 4)(torch.randn(5, 3), torch.randn(1, 2, 4)),
             lambda: nn.LSTM(3, 4)(torch.randn(5, 2, 3), (torch.randn(1, 4), torch.randn(1, 2, 4))),
             lambda: nn.GRU(3, 4, batch_first=True)(torch.randn(2, 5, 3), torch.randn(1, 5, 4)),
             lambda: nn.GRU(3, 4)(torch.randn(5, 2, 3, dtype=torch.float64))):
    try:
        call()
    except (RuntimeError, ValueError) as e:
        print(type(e).__name__, e)
nn.LSTM(3, 4, dropout=0.5)  # warns: dropout acts between layers, and there is one
try:
    nn.GRU(3, 4, num_layers=2, dropout=1.5)
except ValueError as e:
    print(e)
