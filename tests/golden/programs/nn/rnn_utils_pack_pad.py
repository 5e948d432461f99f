# torch.nn.utils.rnn: pad_sequence (both sides, batch_first, dtypes), pack_padded_sequence sorted and
# unsorted, pad_packed_sequence (total_length, padding_value), pack/unpack/unpad_sequence,
# PackedSequence's methods, the graph each records, gradients (also of the gradient) and the errors
import torch
from torch.nn.utils.rnn import (PackedSequence, invert_permutation, pack_padded_sequence, pack_sequence,
                                pad_packed_sequence, pad_sequence, unpack_sequence, unpad_sequence)

torch.manual_seed(0)


def walk(node, depth=0):
    print("  " * depth + (node.name() if node is not None else "None"))
    for child, _ in node.next_functions if node is not None else ():
        walk(child, depth + 1)


a, b, c = (torch.randn(n, 2, requires_grad=True) for n in (3, 2, 1))
padded = pad_sequence([a, b, c])
print(padded)
walk(padded.grad_fn)
left = pad_sequence([b, a, c], batch_first=True, padding_value=-1, padding_side="left")
print(left)
(left * torch.arange(18.).view(3, 3, 2)).sum().backward()
print(a.grad, b.grad, c.grad, sep="\n")
print(pad_sequence(torch.arange(6).view(3, 2), True, -1, "left"))
print(pad_sequence([torch.ones(2, 3, dtype=torch.long), torch.ones(1, 3) * 7.5]))
print(pad_sequence([torch.ones(2), torch.zeros(4)], padding_value=2.5))

packed = pack_sequence([a, b, c])
print(packed)
walk(packed.data.grad_fn)
unsorted = pack_sequence([b, a, c], enforce_sorted=False)
print(unsorted)
walk(unsorted.data.grad_fn)
out, lengths = pad_packed_sequence(unsorted, batch_first=True)
print(out, lengths)
walk(out.grad_fn)
print(unpack_sequence(unsorted))

x = torch.randn(4, 3, 2, requires_grad=True)
pk = pack_padded_sequence(x, [4, 2, 1])
print(pk.data.grad_fn.name(), [(f.name(), i) for f, i in pk.data.grad_fn.next_functions], pk.batch_sizes.dtype)
node = pk.data.grad_fn
print(node._saved_batch_first, node._saved_input_sym_sizes, node._saved_result1)
shapes = []
with torch.autograd.graph.saved_tensors_hooks(lambda t: (shapes.append(tuple(t.shape)), t)[1], lambda t: t):
    pack_padded_sequence(x * 1, [2, 2, 1], batch_first=True)
print(shapes)
pp, lengths = pad_packed_sequence(pk, total_length=6)
print(pp.shape, lengths, pp.grad_fn.name())
(pp * torch.arange(36.).view(6, 3, 2)).sum().backward()
print(x.grad)
x.grad = None
data = torch.randn(6, 2, requires_grad=True)
out, lengths = pad_packed_sequence(PackedSequence(data, torch.tensor([3, 2, 1])), batch_first=True,
                                   padding_value=9, total_length=4)
print(out, lengths)
walk(out.grad_fn)
(out * torch.arange(24.).view(3, 4, 2)).sum().backward()
print(data.grad)

x64 = torch.randn(3, 4, 2, dtype=torch.float64, requires_grad=True)
for batch_first, lengths in ((True, torch.tensor([4, 2, 1])), (False, [3, 3, 2, 1])):
    pk64 = pack_padded_sequence(x64, lengths, batch_first=batch_first)
    g = torch.autograd.grad(pk64.data.sin().sum(), x64, create_graph=True)[0]
    walk(g.grad_fn)
    print(g, torch.autograd.grad(g.sum(), x64)[0], sep="\n")

lengths = torch.tensor([2, 4, 1])
sorted_pk = pack_padded_sequence(x64.detach(), lengths.float(), batch_first=True, enforce_sorted=False)
print(sorted_pk)
print(sorted_pk.to(torch.float32).data.dtype, sorted_pk.float().sorted_indices is sorted_pk.sorted_indices,
      sorted_pk.to(torch.float64) is sorted_pk, sorted_pk.double() is sorted_pk, sorted_pk.cpu() is sorted_pk)
print(sorted_pk.is_cuda, sorted_pk.is_pinned(), sorted_pk.long().data.dtype, sorted_pk.int().batch_sizes.dtype)
print(isinstance(sorted_pk, tuple), sorted_pk._fields, len(sorted_pk), sorted_pk[1], type(sorted_pk).__name__)
print(invert_permutation(torch.tensor([2, 0, 1])), invert_permutation(None))
print(PackedSequence((torch.ones(3), torch.tensor([2, 1]))))
print(PackedSequence(torch.zeros(3), torch.tensor([2, 1]), torch.tensor([1, 0])))

padded = pad_sequence([torch.arange(3.), torch.arange(2.)])
pieces = unpad_sequence(padded, torch.tensor([3, 2]))
print(pieces, padded.shape)  # (transposed in place, as PyTorch's does)
print(unpad_sequence(torch.ones(2, 3, 1), torch.tensor([1, 3]), batch_first=True))
print(unpack_sequence(pack_sequence([torch.tensor([1, 2, 3]), torch.tensor([4, 5]), torch.tensor([6])])))
print(pack_padded_sequence(torch.zeros(3, 2, dtype=torch.long), [3, 1]).data)

for fail in [lambda: pack_padded_sequence(x, [2, 4, 1]), lambda: pack_padded_sequence(x, [4, 2, 0]),
             lambda: pack_padded_sequence(x, [4, 2]), lambda: pad_packed_sequence(pk, total_length=2),
             lambda: pad_sequence(3), lambda: pad_sequence([]), lambda: pad_sequence([a], padding_side="mid"),
             lambda: pad_sequence([torch.tensor(1.)]), lambda: pack_padded_sequence(torch.zeros(0, 2), [0, 0]),
             lambda: pack_padded_sequence(torch.zeros(3), [3]),
             lambda: pack_padded_sequence(torch.zeros(3, 2), torch.tensor([[3, 1]])),
             lambda: PackedSequence(torch.zeros(2)), lambda: pack_sequence([torch.ones(2), torch.ones(3)]),
             lambda: unpad_sequence(torch.ones(2, 3), torch.tensor([1]), batch_first=True),
             lambda: sorted_pk.cuda(), lambda: sorted_pk.pin_memory(), lambda: sorted_pk.to(torch.float32, copy=True),
             lambda: pad_sequence([a, torch.randn(2, 3)])]:
    try:
        print(fail())
    except Exception as e:
        print(type(e).__name__, e)
