"""torch.func.rearrange: einops' rearrange (``"b c (h w) -> b h w c"``) as reshapes and one permute."""
import math
import re

from .._tensor import Tensor


class DimensionBindError(Exception):
    pass


def _parse(side):
    """One side of a pattern as a list of groups, each a list of axis names ('...' and '1' included)."""
    groups, current = [], None
    for token in re.findall(r"\.\.\.|\(|\)|[A-Za-z_][A-Za-z0-9_]*|\d+|\S", side):
        if token == "(":
            if current is not None:
                raise ValueError("Nested parentheses are not allowed")
            current = []
        elif token == ")":
            if current is None:
                raise ValueError("Brackets are not balanced")
            groups.append(current)
            current = None
        elif current is not None:
            current.append(token)
        else:
            groups.append([token])
    if current is not None:
        raise ValueError("Brackets are not balanced")
    return groups


def rearrange(tensor, pattern, **axes_lengths):
    if isinstance(tensor, (list, tuple)):
        from .._ops.joining import stack
        tensor = stack(list(tensor))
    if not isinstance(tensor, Tensor):
        raise TypeError(f"rearrange: expected a Tensor, got {type(tensor)}")
    if pattern.count("->") != 1:
        raise ValueError("Pattern must contain a single '->' separator")
    left, right = (_parse(side) for side in pattern.split("->"))
    names = [a for g in left for a in g if a not in ("1", "...")]
    for side in (left, right):
        seen = [a for g in side for a in g if a not in ("1",)]
        for a in seen:
            if seen.count(a) > 1:
                raise ValueError(f"Indexing expression contains duplicate dimension '{a}'")
    right_names = [a for g in right for a in g if a not in ("1", "...")]
    if set(names) != set(right_names):
        raise ValueError("Identifiers only on one side of rearrange expression (should be on both): "
                         f"{set(names) ^ set(right_names)}")
    ellipsis = any("..." in g for g in left)
    fixed = len(left) - ellipsis
    if (tensor.dim() < fixed) if ellipsis else (tensor.dim() != fixed):
        raise ValueError(f"Number of dimensions in pattern ({len(left)}) must be equal to the number of dimensions "
                         f"in the tensor ({tensor.dim()})")
    sizes = dict(axes_lengths)
    shape, dims, extra = list(tensor.shape), [], tensor.dim() - fixed
    ellipsis_shape = []
    for group in left:  # the tensor's dims, decomposed into elementary axes
        if group == ["..."]:
            ellipsis_shape = shape[:extra]
            shape = shape[extra:]
            dims += [f"...{i}" for i in range(extra)]
            sizes.update({f"...{i}": s for i, s in enumerate(ellipsis_shape)})
            continue
        size = shape.pop(0)
        unknown = [a for a in group if a != "1" and a not in sizes]
        known = math.prod(sizes[a] for a in group if a != "1" and a in sizes)
        if len(unknown) > 1:
            raise DimensionBindError(f"cannot infer the sizes of two dimensions at once {unknown[0]} and {unknown[1]}")
        if unknown:
            if known == 0 or size % known:
                raise DimensionBindError(f"inferred dimension does not evenly fit into larger dimension: {size} vs "
                                         f"{known}")
            sizes[unknown[0]] = size // known
        elif known != size:
            raise DimensionBindError(f"Dimension sizes do not match ({size} != {known}) when matching dimension pack")
        dims += [a for a in group if a != "1"]
    flat = tensor.reshape([sizes[a] for a in dims])
    order = []
    for group in right:
        for a in group:
            if a == "...":
                order += [f"...{i}" for i in range(extra)]
            elif a != "1":
                order.append(a)
    flat = flat.permute([dims.index(a) for a in order])
    out_shape = []
    for group in right:
        if group == ["..."]:
            out_shape += ellipsis_shape
        else:
            out_shape.append(math.prod(math.prod(ellipsis_shape) if a == "..." else 1 if a == "1" else sizes[a]
                                       for a in group))
    return flat.reshape(out_shape)
