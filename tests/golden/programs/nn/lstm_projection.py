# nn.LSTM with proj_size: h projected by weight_hr (PyTorch's default layer, with its warning for
# float32), the parameters and their order, the graph, gradients, the flat-weights torch.lstm form
# and the argument checks
import torch

torch.manual_seed(0)
lstm = torch.nn.LSTM(3, 5, num_layers=2, proj_size=2, bidirectional=True)
print(lstm)
print([(name, tuple(p.shape)) for name, p in lstm.named_parameters()])
x = torch.randn(4, 2, 3)
out, (h, c) = lstm(x)
print(out, h, c, sep="\n")


def chain(fn, depth=4):
    names = []
    while fn is not None and depth:
        names.append(type(fn).__name__)
        fn = fn.next_functions[0][0] if fn.next_functions else None
        depth -= 1
    return names


print(chain(out.grad_fn, 8), chain(h.grad_fn), chain(c.grad_fn))
mm = out.grad_fn.next_functions[0][0].next_functions[0][0]
print([type(f).__name__ for f, _ in mm.next_functions])
(out.sum() + h.pow(2).sum() + c.sum()).backward()
print(lstm.weight_hr_l0.grad, lstm.weight_hh_l1_reverse.grad, lstm.bias_ih_l1.grad, sep="\n")

batch_first = torch.nn.LSTM(3, 4, proj_size=1, batch_first=True, bias=False).double()
given = (torch.randn(1, 2, 1, dtype=torch.float64), torch.randn(1, 2, 4, dtype=torch.float64))
out, (h, c) = batch_first(torch.randn(2, 5, 3, dtype=torch.float64), given)
print(batch_first, out, h, c, sep="\n")
unbatched_out, (h, c) = lstm(torch.randn(4, 3))
print(unbatched_out.shape, h.shape, c.shape)

weights = [p for p in batch_first.parameters()]
print(torch.lstm(torch.randn(5, 2, 3, dtype=torch.float64), given, weights, False, 1, 0.0, False, False, False)[0])

for make in [lambda: torch.nn.LSTM(3, 5, proj_size=5), lambda: torch.nn.LSTM(3, 5, proj_size=-1),
             lambda: torch.nn.GRU(3, 5, proj_size=2), lambda: torch.nn.RNN(3, 5, proj_size=0),
             lambda: torch.nn.LSTM(3, "5"), lambda: torch.nn.LSTM(3, 0), lambda: torch.nn.LSTM(3, 5, num_layers=0),
             lambda: lstm(x, (torch.zeros(4, 2, 5), torch.zeros(4, 2, 5))),
             lambda: lstm(x, (torch.zeros(4, 2, 2), torch.zeros(4, 2, 2)))]:
    try:
        make()
    except (ValueError, TypeError, RuntimeError) as e:
        print(type(e).__name__, e)
