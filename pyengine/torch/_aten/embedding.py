"""The embedding's loops, on flat buffers: the forward picks rows, the backward adds the
incoming rows back in order."""
from operator import add

from .._backend import kernels
from .._dtype import float64
from ._dispatch import as_buffer, backend_kernel, picked


@backend_kernel
def rows(weight, num, dim, indices):
    """The rows of the (num, dim) weight that indices (an integer buffer, each in [0, num)) pick,
    as a buffer of weight's type."""
    values = weight.tolist()
    out = []
    for i in indices.tolist():
        if not 0 <= i < num:
            raise IndexError("index out of range in self")
        out += values[i * dim:(i + 1) * dim]
    return picked(out, weight)


@backend_kernel
def dense_backward(grad, indices, num_weights, dim, padding_idx):
    """The gradient rows added, in order, to the weight rows they came from (padding_idx: none):
    the float64 sums as a float64 buffer."""
    acc = kernels.embedding_backward(grad, indices, num_weights, dim, padding_idx) if kernels.wasm is not None \
        else None
    if acc is not None:
        return acc
    grad = grad.tolist()
    acc = [0.0] * (num_weights * dim)
    for k, i in enumerate(indices.tolist()):
        if i == padding_idx:
            continue
        row = i * dim
        acc[row:row + dim] = map(add, acc[row:row + dim], grad[k * dim:(k + 1) * dim])
    return as_buffer(acc, float64)
