# nn.RNN / GRU / LSTM on a PackedSequence: ATen's packed layers (per step the rows of the sequences still
# running; never oneDNN, float32 LSTM included), the state permuted by sorted_indices and back, the graph
# they record, gradients, bidirectional and stacked layers, proj_size, dropout's random stream between
# layers, the torch.lstm/gru/rnn_* forms taking (data, batch_sizes, ...) and the errors
import torch
from torch import nn
from torch.nn.utils.rnn import PackedSequence, pack_padded_sequence, pack_sequence, pad_packed_sequence

torch.manual_seed(0)


def walk(node, depth=0, limit=6):
    if depth > limit:
        return
    print("  " * depth + (node.name() if node is not None else "None"))
    for child, _ in node.next_functions if node is not None else ():
        walk(child, depth + 1, limit)


def node_names(node):
    seen, todo, names = set(), [node], []
    while todo:
        n = todo.pop()
        if n is None or n in seen:
            continue
        seen.add(n)
        names.append(n.name())
        todo.extend(c for c, _ in n.next_functions)
    return sorted(names)


x = torch.randn(4, 3, 2, requires_grad=True)
for layer in [nn.RNN(2, 3), nn.GRU(2, 3), nn.LSTM(2, 3)]:
    out, h = layer(pack_padded_sequence(x, [4, 2, 1]))
    print(out, h)
    walk(out.data.grad_fn)
    states = h if isinstance(h, tuple) else (h,)
    for s in states:
        walk(s.grad_fn, limit=3)
    x.grad = None
    (out.data.sum() + sum((s * s).sum() for s in states)).backward()
    print(x.grad, [p.grad for p in layer.parameters()])

seqs = [torch.randn(n, 3, dtype=torch.float64, requires_grad=True) for n in (2, 5, 1, 5, 3)]
for make in [lambda: nn.LSTM(3, 4, num_layers=2, bidirectional=True), lambda: nn.GRU(3, 4, num_layers=3, dropout=0.5),
             lambda: nn.RNN(3, 4, nonlinearity="relu", bidirectional=True, bias=False),
             lambda: nn.LSTM(3, 5, proj_size=2, num_layers=2, bidirectional=True, dropout=0.3)]:
    layer = make().double()
    packed = pack_sequence(seqs, enforce_sorted=False)
    directions = 2 if layer.bidirectional else 1
    h0 = torch.randn(layer.num_layers * directions, 5, layer.proj_size or layer.hidden_size, dtype=torch.float64,
                     requires_grad=True)
    hx = (h0, torch.randn(layer.num_layers * directions, 5, layer.hidden_size, dtype=torch.float64,
                          requires_grad=True)) if isinstance(layer, nn.LSTM) else h0
    out, h = layer(packed, hx)
    print(out.data, out.batch_sizes, out.sorted_indices, out.unsorted_indices, h, sep="\n")
    print(node_names(out.data.grad_fn))
    states = h if isinstance(h, tuple) else (h,)
    print([s.grad_fn.name() for s in states], [sorted(set(node_names(s.grad_fn))) for s in states])
    padded, lengths = pad_packed_sequence(out, batch_first=True)
    (padded.pow(2).sum() + sum(s.sin().sum() for s in states)).backward()
    print([s.grad for s in seqs], [p.grad for p in layer.parameters()],
          [s.grad for s in (hx if isinstance(hx, tuple) else (hx,))])

layer = nn.LSTM(3, 4, num_layers=2, dropout=0.4)
x3 = torch.randn(3, 4, 3)
out, (h, c) = layer(pack_padded_sequence(x3, torch.tensor([4, 1, 3]), batch_first=True, enforce_sorted=False))
print(out, h, c)
layer.eval()
print(layer(pack_padded_sequence(x3, torch.tensor([4, 1, 3]), batch_first=True, enforce_sorted=False))[0].data)

packed = pack_padded_sequence(torch.randn(4, 3, 2), [4, 2, 1])
for layer, form in [(nn.LSTM(2, 3, num_layers=2), torch.lstm), (nn.GRU(2, 3, bidirectional=True), torch.gru),
                    (nn.RNN(2, 3), torch.rnn_tanh), (nn.RNN(2, 3, nonlinearity="relu", bias=False), torch.rnn_relu),
                    (nn.LSTM(2, 4, proj_size=3, bidirectional=True), torch.lstm)]:
    directions = 2 if layer.bidirectional else 1
    h0 = torch.randn(layer.num_layers * directions, 3, layer.proj_size or 3)
    hx = (h0, torch.randn(layer.num_layers * directions, 3, layer.hidden_size)) if isinstance(layer, nn.LSTM) else h0
    result = form(packed.data, packed.batch_sizes, hx, list(layer.parameters()), layer.bias, layer.num_layers, 0.0,
                  False, layer.bidirectional)
    print(len(result), [type(r.grad_fn).__name__ for r in result], *result, sep="\n")

lstm = nn.LSTM(2, 3)
for fail in [lambda: nn.GRU(2, 3)(pack_padded_sequence(torch.randn(4, 3, 5), [4, 2, 1])),
             lambda: nn.GRU(2, 3)(packed, torch.zeros(1, 2, 3)), lambda: nn.RNN(2, 3).double()(packed),
             lambda: nn.RNN(2, 3)(PackedSequence(torch.randn(7, 1, 2), packed.batch_sizes)),
             lambda: nn.GRU(2, 3, num_layers=2)(packed, torch.zeros(3, 3, 3)),
             lambda: nn.GRU(2, 3)(pack_sequence([torch.ones(3, 2), torch.ones(1, 2)], enforce_sorted=False),
                                  torch.zeros(1, 3, 3))[1],
             lambda: lstm(pack_padded_sequence(torch.randn(4, 3, 5), [4, 2, 1])),
             lambda: lstm(packed, (torch.zeros(1, 2, 3), torch.zeros(1, 2, 3))),
             lambda: lstm(packed, (torch.zeros(1, 3, 4), torch.zeros(1, 3, 3))),
             lambda: lstm(packed, (torch.zeros(2, 3, 3), torch.zeros(2, 3, 3))),
             lambda: nn.LSTM(2, 3, bidirectional=True)(packed, (torch.zeros(3, 3, 3), torch.zeros(3, 3, 3))),
             lambda: lstm(PackedSequence(torch.randn(7, 1, 2), packed.batch_sizes)),
             lambda: lstm(PackedSequence(torch.randn(7, 2, 2), packed.batch_sizes)),
             lambda: lstm.double()(packed)]:
    try:
        print(fail())
    except Exception as e:
        print(type(e).__name__, e)
