"""More of torch.nn.functional: unfold/fold (im2col, col2im) and embedding_bag, with the max_norm
renormalisation of looked-up rows (torch.embedding_renorm_) that embedding shares.

Each is one ATen op with a node of its own in PyTorch, declared here with its derivative;
torch/nn/__init__.py binds them into torch.nn.functional. Written against the ops below the API (no ``import torch``).
"""
from .._ops.creation import zeros
from .._ops.joining import cat, stack
from .._ops.shape import index_add_flat, take_flat
from ..autograd.derivatives import op
from ..autograd.grad_mode import is_grad_enabled, no_grad


def _pair(v, name):
    v = tuple(v) if isinstance(v, (tuple, list)) else (v, v)
    if len(v) != 2:
        raise RuntimeError(f"It is expected {name} equals to 2, but got size {len(v)}")
    return v


# ---- im2col / col2im ------------------------------------------------------------------------

def _blocks(size, kernel, dilation, padding, stride):
    return tuple((s + 2 * p - d * (k - 1) - 1) // st + 1
                 for s, k, d, p, st in zip(size, kernel, dilation, padding, stride))


def _im2col_positions(channels, size, kernel, dilation, padding, stride):
    """For each element of one image's column matrix (C*kh*kw rows, one column per block, in
    PyTorch's order), its flat position in the image, or channels*h*w (a zero) outside it."""
    (h, w), (kh, kw), (dh, dw), (ph, pw), (sh, sw) = size, kernel, dilation, padding, stride
    oh, ow = _blocks(size, kernel, dilation, padding, stride)
    outside = channels * h * w
    positions = []
    for c in range(channels):
        for i in range(kh):
            for j in range(kw):
                for y in range(oh):
                    r = y * sh - ph + i * dh
                    for x in range(ow):
                        q = x * sw - pw + j * dw
                        positions.append((c * h + r) * w + q if 0 <= r < h and 0 <= q < w else outside)
    return positions


@op("Col2ImBackward0", name="col2im", result="auto_linear",
    self=lambda grad, output_size, kernel_size, dilation, padding, stride: _im2col(
        grad, kernel_size, dilation, padding, stride))
def _col2im(self, output_size, kernel_size, dilation, padding, stride):
    """Each column element added onto its image position, in the column matrix's order."""
    n, rows, _ = self.shape
    channels = rows // (kernel_size[0] * kernel_size[1])
    positions = _im2col_positions(channels, output_size, kernel_size, dilation, padding, stride)
    plane = channels * output_size[0] * output_size[1]
    with no_grad():
        images = [index_add_flat.forward(self[b].reshape(-1), (plane + 1,), positions)[:plane] for b in range(n)]
        return stack(images).reshape(n, channels, *output_size)


@op("Im2ColBackward0", name="im2col", result="auto_linear",
    self=lambda grad, self, kernel_size, dilation, padding, stride: _col2im(
        grad, tuple(self.shape[-2:]), kernel_size, dilation, padding, stride))
def _im2col(self, kernel_size, dilation, padding, stride):
    n, channels = self.shape[0], self.shape[1]
    size = tuple(self.shape[-2:])
    positions = _im2col_positions(channels, size, kernel_size, dilation, padding, stride)
    blocks = _blocks(size, kernel_size, dilation, padding, stride)
    rows = channels * kernel_size[0] * kernel_size[1]
    with no_grad():
        padded = cat([self.reshape(n, -1), zeros(n, 1, dtype=self.dtype)], 1)
        return stack([take_flat(padded[b], positions) for b in range(n)]).reshape(n, rows, blocks[0] * blocks[1])


def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    args = [_pair(v, name) for v, name in ((kernel_size, "kernel_size"), (dilation, "dilation"),
                                            (padding, "padding"), (stride, "stride"))]
    if input.dim() not in (3, 4):
        raise NotImplementedError(f"Input Error: Only 3D or 4D input Tensors are supported (got {input.dim()}D)")
    batched = input.dim() == 4
    out = _im2col(input if batched else input.unsqueeze(0), *args)
    return out if batched else out.squeeze(0)


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    output_size, kernel_size, dilation, padding, stride = (
        _pair(v, name) for v, name in ((output_size, "output_size"), (kernel_size, "kernel_size"),
                                       (dilation, "dilation"), (padding, "padding"), (stride, "stride")))
    if input.dim() not in (2, 3):
        raise NotImplementedError(f"Input Error: Only unbatched (2D) or batched (3D) input Tensors are supported "
                                  f"(got {input.dim()}D)")
    batched = input.dim() == 3
    cols = input if batched else input.unsqueeze(0)
    product = kernel_size[0] * kernel_size[1]
    if cols.shape[1] % product:
        raise RuntimeError(f"Expected size of input's dimension 1 to be divisible by the product of kernel_size, "
                           f"but got input.size(1)={cols.shape[1]} and kernel_size={kernel_size}.")
    blocks = _blocks(output_size, kernel_size, dilation, padding, stride)
    if cols.shape[2] != blocks[0] * blocks[1]:
        raise RuntimeError(f"Given output_size={output_size}, kernel_size={kernel_size}, dilation={dilation}, "
                           f"padding={padding}, stride={stride}, expected size of input's dimension 2 to match the "
                           f"calculated number of sliding blocks {blocks[0]} * {blocks[1]} = {blocks[0] * blocks[1]}, "
                           f"but got input.size(2)={cols.shape[2]}.")
    out = _col2im(cols, output_size, kernel_size, dilation, padding, stride)
    return out if batched else out.squeeze(0)


# ---- embedding_bag --------------------------------------------------------------------------

_MODES = {"sum": 0, "mean": 1, "max": 2}


def _bags(indices, offsets, include_last_offset, padding_idx):
    """Each bag's list of (position in indices, row), without padding_idx entries."""
    ids, starts = indices.tolist(), offsets.tolist()
    ends = starts[1:] + ([] if include_last_offset else [len(ids)])
    return [[(i, ids[i]) for i in range(start, end) if ids[i] != padding_idx]
            for start, end in zip(starts, ends)]


def _bag_value(rows, mode):
    """One bag's row: summed in order (mean: then divided by the count), or the maximum."""
    out = rows[0]
    for row in rows[1:]:
        out = out.maximum(row) if mode == 2 else out + row
    return out / len(rows) if mode == 1 else out


def _embedding_bag_weight_grad(grad, weight, indices, offsets, mode, per_sample_weights, include_last_offset,
                               padding_idx):
    """Each bag's gradient row (divided by the bag's size for mean, scaled by the sample's weight,
    only to the maximum's row for max) added onto the rows it used."""
    positions, values = [], []
    width = weight.shape[1]
    for b, bag in enumerate(_bags(indices, offsets, include_last_offset, padding_idx)):
        if not bag:
            continue
        row = grad[b] / len(bag) if mode == 1 else grad[b]
        if mode == 2:
            chosen = _argmax_rows(weight, bag)
            for col, (_, r) in enumerate(chosen):
                positions.append(r * width + col)
                values.append(row[col])
            continue
        for i, r in bag:
            positions.extend(range(r * width, (r + 1) * width))
            values.append(row if per_sample_weights is None else row * per_sample_weights[i])
    if not positions:
        return weight.new_zeros(weight.shape)
    return index_add_flat(stack(values).reshape(-1), tuple(weight.shape), positions)


def _argmax_rows(weight, bag):
    """For each column, the bag entry whose row holds the maximum (the first on ties)."""
    rows = [weight[r].tolist() for _, r in bag]
    return [bag[max(range(len(bag)), key=lambda k: (rows[k][col], -k))] for col in range(weight.shape[1])]


def _embedding_bag_sample_weights_grad(grad, weight, indices, offsets, include_last_offset, padding_idx):
    out = [None] * indices.shape[0]
    for b, bag in enumerate(_bags(indices, offsets, include_last_offset, padding_idx)):
        for i, r in bag:
            out[i] = (grad[b] * weight[r]).sum()
    zero = grad.new_zeros(())
    return stack([zero if v is None else v for v in out])


@op("EmbeddingBagBackward0", name="_embedding_bag",
    weight=lambda grad, weight, indices, offsets, mode, per_sample_weights, include_last_offset, padding_idx:
        _embedding_bag_weight_grad(grad, weight, indices, offsets, mode, per_sample_weights, include_last_offset,
                                   padding_idx),
    per_sample_weights=lambda grad, weight, indices, offsets, include_last_offset, padding_idx:
        _embedding_bag_sample_weights_grad(grad, weight, indices, offsets, include_last_offset, padding_idx))
def _embedding_bag(weight, indices, offsets, mode, per_sample_weights, include_last_offset, padding_idx):
    with no_grad():
        out = []
        for bag in _bags(indices, offsets, include_last_offset, padding_idx):
            if not bag:
                out.append(weight.new_zeros(weight.shape[1]))
                continue
            rows = [weight[r] if per_sample_weights is None else weight[r] * per_sample_weights[i] for i, r in bag]
            out.append(_bag_value(rows, mode))
        return stack(out) if out else weight.new_zeros(0, weight.shape[1])


def embedding_renorm_(input, indices, max_norm, norm_type):
    """Each distinct row that indices pick, scaled in place to norm max_norm if its norm is larger
    (by max_norm / (norm + 1e-7), as PyTorch)."""
    if input._requires_grad and input.is_leaf and is_grad_enabled():  # an in-place op on input itself
        raise RuntimeError("a leaf Variable that requires grad is being used in an in-place operation.")
    for i in sorted(set(int(v) for v in indices.reshape(-1).tolist())):
        row = input[i]
        norm = row.norm(norm_type).item()
        if norm > max_norm:
            row.mul_(max_norm / (norm + 1e-7))
    return input


def renorm_looked_up_rows(weight, indices, max_norm, norm_type):
    """nn.functional's max_norm: the rows renormalised in place, outside autograd."""
    with no_grad():
        embedding_renorm_(weight, indices, max_norm, norm_type)


def embedding_bag(input, weight, offsets=None, max_norm=None, norm_type=2, scale_grad_by_freq=False, mode="mean",
                  sparse=False, per_sample_weights=None, include_last_offset=False, padding_idx=None):
    if mode not in _MODES:
        raise ValueError("mode has to be one of sum, mean or max")
    if per_sample_weights is not None and mode != "sum":
        raise NotImplementedError(f"embedding_bag: per_sample_weights was not None. per_sample_weights is only "
                                  f"supported for mode='sum' (got mode='{mode}'). Please open a feature request on "
                                  f"GitHub.")
    if input.dim() == 2:
        if offsets is not None:
            raise ValueError(f"if input is 2D, then offsets has to be None, as input is treated is a mini-batch of "
                             f"fixed length sequences. However, found offsets of type {type(offsets)}")
        offsets = input.new_tensor(list(range(0, input.numel(), input.shape[1])) if input.shape[1] else
                                   [0] * input.shape[0])
        if per_sample_weights is not None:
            per_sample_weights = per_sample_weights.reshape(-1)
        input = input.reshape(-1)
    elif input.dim() == 1:
        if offsets is None:
            raise ValueError("offsets has to be a 1D Tensor but got None")
        if offsets.dim() != 1:
            raise ValueError("offsets has to be a 1D Tensor")
    else:
        raise ValueError(f"input has to be 1D or 2D Tensor, but got Tensor of dimension {input.dim()}")
    if max_norm is not None:
        renorm_looked_up_rows(weight, input, max_norm, norm_type)
    if padding_idx is not None and padding_idx < 0:
        padding_idx += weight.shape[0]
    return _embedding_bag(weight, input, offsets, _MODES[mode], per_sample_weights, include_last_offset, padding_idx)
