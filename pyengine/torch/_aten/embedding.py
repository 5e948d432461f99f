"""The embedding's loops, on flat buffers: the forward picks rows, the backward adds the
incoming rows back in order."""
from operator import add

from .._dtype import float64
from ._dispatch import as_buffer, backend_kernel, picked


@backend_kernel
def rows(weight, num, dim, indices):
    """The rows of the (num, dim) weight that indices (an integer buffer) pick (negative: from
    the end), as a buffer of weight's type."""
    values = weight.tolist()
    out = []
    for i in indices.tolist():
        if not -num <= i < num:
            raise IndexError("index out of range in self")
        i %= num
        out += values[i * dim:(i + 1) * dim]
    return picked(out, weight)


@backend_kernel
def dense_backward(grad, indices, num_weights, dim, padding_idx):
    """The gradient rows added, in order, to the weight rows they came from (padding_idx: none):
    the float64 sums as a float64 buffer."""
    grad = grad.tolist()
    acc = [0.0] * (num_weights * dim)
    for k, i in enumerate(indices.tolist()):
        if i == padding_idx:
            continue
        row = i % num_weights * dim  # (a negative index counts from the end, as the forward's)
        acc[row:row + dim] = map(add, acc[row:row + dim], grad[k * dim:(k + 1) * dim])
    return as_buffer(acc, float64)
