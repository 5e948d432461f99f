# torch.lstm / gru / rnn_tanh / rnn_relu (ATen's flat-weights forms) and the four cell functions
import torch
torch.manual_seed(0)
x = torch.randn(5, 2, 3)
for mode, fn, cls in [("LSTM", torch.lstm, torch.nn.LSTM), ("GRU", torch.gru, torch.nn.GRU), ("RNN_TANH", torch.rnn_tanh, torch.nn.RNN)]:
    m = cls(3, 4, num_layers=2)
    h0 = torch.randn(2, 2, 4)
    hx = [h0, torch.randn(2, 2, 4)] if mode == "LSTM" else h0
    out = fn(x, hx, list(m.parameters()), True, 2, 0.0, False, False, False)
    print(mode, len(out), out[0][-1], out[1].grad_fn.name(), out[0].grad_fn.name())
    ref = m(x, tuple(hx) if mode == "LSTM" else hx)
    print(torch.equal(ref[0], out[0]))
xb = torch.randn(2, 5, 3, requires_grad=True)
m = torch.nn.GRU(3, 2, bias=False, batch_first=True)
o, h = torch.gru(xb, torch.zeros(1, 2, 2), list(m.parameters()), False, 1, 0.0, True, False, True)
print(o.shape, o.grad_fn.name(), h)
o.sum().backward(); print(xb.grad[0])
o, h, c = torch.lstm(xb, (torch.zeros(1, 2, 2), torch.zeros(1, 2, 2)), list(torch.nn.LSTM(3, 2).parameters()), True, 1, 0.0, True, False, True)
print(o.grad_fn.name(), h.grad_fn.name(), c)
print(torch.rnn_relu(x, torch.zeros(1, 2, 2), list(torch.nn.RNN(3, 2, nonlinearity="relu").parameters()), True, 1, 0.0, True, False, False)[1])
w_ih, w_hh, b_ih, b_hh = torch.randn(8, 3), torch.randn(8, 2), torch.randn(8), torch.randn(8)
h, c = torch.lstm_cell(torch.randn(4, 3), (torch.zeros(4, 2), torch.ones(4, 2)), w_ih, w_hh, b_ih, b_hh)
print(h, c, h.grad_fn)
print(torch.gru_cell(torch.randn(4, 3), torch.zeros(4, 2), torch.randn(6, 3, requires_grad=True), torch.randn(6, 2)))
print(torch.rnn_tanh_cell(torch.randn(4, 3), torch.zeros(4, 2), torch.randn(2, 3), torch.randn(2, 2)))
print(torch.rnn_relu_cell(torch.randn(4, 3), torch.zeros(4, 2), torch.randn(2, 3, requires_grad=True), torch.randn(2, 2), torch.randn(2)))
try:
    torch.lstm(x, [torch.zeros(2, 2, 4)] * 2, [], True, 1, 0.0, False, False, False)
except Exception as e:
    print(type(e).__name__)
