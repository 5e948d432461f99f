"""F.pad's reflect, replicate and circular modes: below nn.functional, whose pad calls them.

Reflect and replicate padding are ATen ops with nodes of their own (ReflectionPad2DBackward0 ...),
declared here with their derivatives; circular padding is PyTorch's _pad_circular, copies into
slices of a new tensor, recorded as such."""
from .._ops.creation import empty, tensor, zeros
from ..autograd.derivatives import op
from ..autograd.grad_mode import no_grad


# ---- reflect and replicate padding ----------------------------------------------------------

def _source_index(size, before, after, mode):
    """For each position of the padded dim, the input position it copies."""
    out = []
    for j in range(-before, size + after):
        if mode == "reflect":
            period = 2 * (size - 1)
            k = abs(j) % period if period else 0
            out.append(period - k if k >= size else k)
        else:
            out.append(min(max(j, 0), size - 1))
    return out


def _pad_sources(shape, pad, mode):
    return [(shape[-1 - i], _source_index(shape[-1 - i], pad[2 * i], pad[2 * i + 1], mode))
            for i in range(len(pad) // 2)]


def _gathered(x, pad, mode):
    for i, (_, index) in enumerate(_pad_sources(x.shape, pad, mode)):
        x = x.index_select(x.dim() - 1 - i, tensor(index))
    return x


def _scattered(grad, shape, pad, mode):
    for i, (size, index) in reversed(list(enumerate(_pad_sources(shape, pad, mode)))):
        dim = grad.dim() - 1 - i
        target = list(grad.shape)
        target[dim] = size
        grad = zeros(target, dtype=grad.dtype).index_add(dim, tensor(index), grad)
    return grad


def _padding_op(node, name, mode, n):
    def padded(self, pad):
        with no_grad():
            return _gathered(self, pad, mode)
    padded.__name__ = f"_{mode}_pad{n}d"  # the derivative table's key
    return op(node, name=name, result="auto_linear", self=lambda grad, self, pad: _scattered(grad, self.shape, pad, mode))(padded)


_PADDING_OPS = {(mode, n): _padding_op(f"{name}Pad{n}DBackward0", f"{name.lower()}_pad{n}d", mode, n)
                for mode, name in (("reflect", "Reflection"), ("replicate", "Replication")) for n in (1, 2, 3)}


def pad_reflect_replicate(input, pad, mode):
    """F.pad's 'reflect' and 'replicate' modes (PyTorch's size and dimension checks)."""
    n = len(pad) // 2
    if len(pad) not in (2, 4, 6) or input.dim() not in (n + 1, n + 2):
        raise NotImplementedError(
            f"Padding size {len(pad)} is not supported for {input.dim()}D input tensor.\nSupported combinations for "
            "non-constant padding:\n  - 2D or 3D input: padding size = 2 (pads last dimension)\n  - 3D or 4D input: "
            "padding size = 4 (pads last 2 dimensions)\n  - 4D or 5D input: padding size = 6 (pads last 3 "
            "dimensions)")
    if mode == "reflect":
        for i in range(n):
            size = input.shape[-1 - i]
            if pad[2 * i] >= size or pad[2 * i + 1] >= size:
                raise RuntimeError(f"Argument #4: Padding size should be less than the corresponding input dimension, "
                                   f"but got: padding ({pad[2 * i]}, {pad[2 * i + 1]}) at dimension "
                                   f"{input.dim() - 1 - i} of input {list(input.shape)}")
    return _PADDING_OPS[mode, n](input, list(pad))


# ---- circular padding: PyTorch's _pad_circular, copies into slices of a new tensor ---------------

def pad_circular(input, pad):
    padded = len(pad) // 2
    if input.dim() - padded not in (1, 2):
        raise RuntimeError(f"Padding size {len(pad)} is not supported for {input.dim()}D input tensor.\n"
                           "Supported combinations for non-constant padding:\n"
                           "  - 2D or 3D input: padding size = 2 (pads last dimension)\n"
                           "  - 3D or 4D input: padding size = 4 (pads last 2 dimensions)\n"
                           "  - 4D or 5D input: padding size = 6 (pads last 3 dimensions)")
    in_shape = list(input.shape)
    out_shape = list(in_shape)
    dims = [input.dim() - 1 - i for i in range(padded)]  # pad[2i], pad[2i + 1] pad dims[i]
    for i, dim in enumerate(dims):
        out_shape[dim] = in_shape[dim] + pad[2 * i] + pad[2 * i + 1]
        if pad[2 * i] > in_shape[dim] or pad[2 * i + 1] > in_shape[dim]:
            raise RuntimeError("Padding value causes wrapping around more than once.")
        if out_shape[dim] < 0:
            raise RuntimeError("Negative padding value is resulting in an empty dimension")
    out = empty(out_shape, dtype=input.dtype)
    out_slice, in_slice = out, input
    for i, dim in enumerate(dims):
        left, right = pad[2 * i], pad[2 * i + 1]
        out_slice = _slice(out_slice, dim, max(left, 0), out_shape[dim] - max(right, 0))
        in_slice = _slice(in_slice, dim, max(-left, 0), in_shape[dim] - max(-right, 0))
    out_slice.copy_(in_slice)
    for i, dim in enumerate(dims):  # then the borders from the copied middle (corners twice when 2-d or 3-d)
        left, right, size = pad[2 * i], pad[2 * i + 1], out_shape[dim]
        if left > 0:
            _slice(out, dim, 0, left).copy_(_slice(out, dim, size - left - max(right, 0), size - max(right, 0)))
        if right > 0:
            _slice(out, dim, size - right, size).copy_(_slice(out, dim, max(left, 0), max(left, 0) + right))
    return out


def _slice(x, dim, start, end):
    return x.narrow(dim, start, end - start)
