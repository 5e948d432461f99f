"""The embedding's loops, on flat values: the forward picks rows, the backward adds the
incoming rows back in order."""


def rows(weight, num, dim, indices):
    """The rows of the (num, dim) weight that indices pick (negative: from the end)."""
    out = []
    for i in indices:
        if not -num <= i < num:
            raise IndexError("index out of range in self")
        i %= num
        out += weight[i * dim:(i + 1) * dim]
    return out


def dense_backward(grad, indices, num_weights, dim, padding_idx):
    """The gradient rows added, in order, to the weight rows they came from (padding_idx: none)."""
    acc = [0.0] * (num_weights * dim)
    for k, i in enumerate(indices):
        if i == padding_idx:
            continue
        for j in range(dim):
            acc[i * dim + j] += grad[k * dim + j]
    return acc
