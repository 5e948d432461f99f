"""The torch.* forms of the embedding ops: torch.embedding_renorm_ (what max_norm= does to the
rows an embedding looks up) and torch.embedding_bag (ATen's signature, with its three
auxiliary outputs: offset2bag, bag_size, max_indices)."""
from .._ops.creation import tensor, zeros
from .. import _dtype
from ..autograd.grad_mode import no_grad
from ._functional_windows import _argmax_rows, _bags, embedding_bag as _embedding_bag_functional
from ._functional_windows import embedding_renorm_  # noqa: F401  (torch.embedding_renorm_)

_MODE_NAMES = ("sum", "mean", "max")


def _aux_outputs(weight, indices, offsets, mode, include_last_offset, padding_idx):
    """(offset2bag, bag_size, max_indices) as PyTorch's CPU kernel returns them. Its float32 sum
    path (no padding_idx) fills none; the bag of each index counts the last offset as a start only
    without include_last_offset."""
    starts = offsets.tolist()[:-1] if include_last_offset else offsets.tolist()
    count = len(starts)
    n = indices.numel()
    bag_of = [0] * n
    for b, start in enumerate(starts):
        for i in range(start, starts[b + 1] if b + 1 < count else n):
            bag_of[i] = b
    fast_sum = mode == 0 and weight.dtype is _dtype.float32 and padding_idx is None
    offset2bag = tensor([] if fast_sum else bag_of, dtype=_dtype.int64)
    if mode == 0:
        return offset2bag, zeros(count, dtype=_dtype.int64), zeros(count, dtype=_dtype.int64)
    ids = indices.tolist()
    sizes = [0] * count
    for i, b in enumerate(bag_of):
        if ids[i] != padding_idx:
            sizes[b] += 1
    bag_size = tensor(sizes, dtype=_dtype.int64)
    if mode == 1:
        return offset2bag, bag_size, bag_size.clone()
    rows = [[r for _, r in _argmax_rows(weight, bag)] if bag else [0] * weight.shape[1]
            for bag in _bags(indices, offsets, include_last_offset, padding_idx)]
    return offset2bag, bag_size, tensor(rows, dtype=_dtype.int64).reshape(len(rows), weight.shape[1])


def embedding_bag(weight, indices, offsets, scale_grad_by_freq=False, mode=0, sparse=False, per_sample_weights=None,
                  include_last_offset=False, padding_idx=None):
    output = _embedding_bag_functional(indices, weight, offsets, mode=_MODE_NAMES[mode],
                                       per_sample_weights=per_sample_weights, include_last_offset=include_last_offset,
                                       padding_idx=padding_idx)
    if padding_idx is not None and padding_idx < 0:
        padding_idx += weight.shape[0]
    with no_grad():
        return (output, *_aux_outputs(weight, indices, offsets, mode, include_last_offset, padding_idx))
