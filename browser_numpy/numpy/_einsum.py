"""numpy.einsum: subscripts parsed as numpy parses them (explicit '->' or the implicit output of
the labels used once, in alphabetical order; '...' broadcasting), a repeated label within one
operand taken as a strided diagonal view, then every operand laid over all the labels, multiplied
(broadcasting ufuncs) and summed over the labels the output leaves out."""
import string

from . import _functions as F
from . import _ufuncs as U
from ._core import _new, asarray

_LETTERS = set(string.ascii_letters)


def _parse(subscripts, operands):
    subscripts = subscripts.replace(" ", "")
    inputs, arrow, output = subscripts.partition("->")
    terms = inputs.split(",")
    if len(terms) != len(operands):
        raise ValueError("fewer operands provided to einstein sum function than specified in the subscripts string"
                         if len(terms) < len(operands) else
                         "more operands provided to einstein sum function than specified in the subscripts string")
    for character in subscripts.replace("...", "").replace("->", "").replace(",", ""):
        if character not in _LETTERS:
            raise ValueError(f"invalid subscript '{character}' in einstein sum subscripts string, subscripts must "
                             "be letters")
    # each '...' stands for labels of its own (digits here, never letters), right-aligned across operands
    broadcast = 0
    labels = []
    for i, (term, a) in enumerate(zip(terms, operands)):
        letters = term.replace("...", "")
        if "..." in term:
            count = a.ndim - len(letters)
            if count < 0:
                raise ValueError(f"einstein sum subscripts string contains too many subscripts for operand {i}")
            broadcast = max(broadcast, count)
            before, _, after = term.partition("...")
            labels.append((before, count, after))
        else:
            if len(letters) != a.ndim:
                raise ValueError("operand has more dimensions than subscripts given in einstein sum, but no '...' "
                                 "ellipsis provided to broadcast the extra dimensions." if a.ndim > len(letters) else
                                 f"einstein sum subscripts string contains too many subscripts for operand {i}")
            labels.append((letters, 0, ""))
    ellipsis = [str(d) for d in range(broadcast)]
    labels = [list(before) + ellipsis[broadcast - count:] + list(after) for before, count, after in labels]
    if arrow:
        if "..." in output:
            before, _, after = output.partition("...")
            out = list(before) + ellipsis + list(after)
        else:
            out = list(output)
            if broadcast and any(set(ellipsis) & set(term) for term in labels):
                raise ValueError("output has more dimensions than subscripts given in einstein sum, but no '...' "
                                 "ellipsis provided to broadcast the extra dimensions.")
        used = {label for term in labels for label in term}
        for label in out:
            if out.count(label) > 1:
                raise ValueError(f"einstein sum subscripts string includes output subscript '{label}' multiple times")
            if label not in used:
                raise ValueError(f"einstein sum subscripts string included output subscript '{label}' which never "
                                 "appeared in an input")
    else:
        letters = [label for term in labels for label in term if label in _LETTERS]
        out = ellipsis + sorted({label for label in letters if letters.count(label) == 1})
    return labels, out


def _diagonal(a, term):
    """The operand with each label once: a repeated label's axes become one (a strided view)."""
    shape, strides, seen = [], [], []
    for label, size, stride in zip(term, a._shape, a._strides):
        if label in seen:
            k = seen.index(label)
            if shape[k] != size:
                raise ValueError(f"dimensions in operand 0 for collapsing index '{label}' don't match "
                                 f"({shape[k]} != {size})")
            strides[k] += stride
        else:
            seen.append(label)
            shape.append(size)
            strides.append(stride)
    return _new(a._buf, a._offset, tuple(shape), tuple(strides), a._dtype, a), seen


def einsum(subscripts, *operands, out=None, dtype=None, order="K", casting="safe", optimize=False):
    if not isinstance(subscripts, str):
        raise NotImplementedError("numpy.einsum with subscripts as lists of integers is not available in the browser")
    if out is not None or dtype is not None:
        raise NotImplementedError("numpy.einsum(out=, dtype=) is not available in the browser")
    operands = [asarray(a) for a in operands]
    labels, out_labels = _parse(subscripts, operands)
    sizes = {}
    views = []
    for a, term in zip(operands, labels):
        view, term = _diagonal(a, term)
        for label, size in zip(term, view._shape):
            if sizes.get(label, 1) not in (1, size) and size != 1:
                raise ValueError(_mismatch(operands, labels, out_labels))
            if size != 1 or label not in sizes:
                sizes[label] = size
        views.append((view, term))
    summed = [label for label in sizes if label not in out_labels]
    order = out_labels + summed
    laid = []
    for view, term in views:
        moved = view.transpose([term.index(label) for label in order if label in term])
        laid.append(moved if len(term) == len(order) else
                    moved.reshape(tuple(sizes[label] if label in term else 1 for label in order)))
    product = laid[0]  # one operand and nothing summed: a view, as numpy's
    for other in laid[1:]:
        product = U.multiply(product, other)
    if summed:
        return F.sum(product, axis=tuple(range(len(out_labels), len(order))))
    return product if product.ndim else product[()]


def _mismatch(operands, labels, out_labels):
    """numpy's message: each operand's shape, and its axes in the iterator's order (the output's
    labels, then the summed ones alphabetically; absent ones are 'newaxis', leading ones dropped)."""
    order = out_labels + sorted({label for term in labels for label in term} - set(out_labels))
    parts = []
    for a, term in zip(operands, labels):
        remapped = [str(a._shape[term.index(label)]) if label in term else "newaxis" for label in order]
        while remapped and remapped[0] == "newaxis":
            remapped.pop(0)
        parts.append(f"{_shape_text(a._shape)}->({','.join(remapped)}{',' if len(remapped) == 1 else ''}) ")
    return "operands could not be broadcast together with remapped shapes [original->remapped]: " + "".join(parts)


def _shape_text(shape):
    return "(" + ",".join(str(s) for s in shape) + (",)" if len(shape) == 1 else ")")
