"""Pure-Python array backend: buffers are ``array.array`` objects.

Storing into an ``array('f')`` rounds to float32, so a float64 computation of one
IEEE operation (+ - * / sqrt) on float32 inputs, stored once, gives the correctly
rounded float32 result, exactly what PyTorch's CPU kernels give.
"""
import math
import operator
from array import array
from itertools import repeat

NAME = "python"


def from_list(values, dtype):
    if dtype.kind == "b":
        return array("B", [1 if v else 0 for v in values])
    if dtype.kind == "f":
        return array(dtype.typecode, values)
    return array(dtype.typecode, [int(v) for v in values])


def to_list(buf, dtype):
    if dtype.kind == "b":
        return [v != 0 for v in buf]
    return buf.tolist()


def full(n, value, dtype):
    return from_list([value], dtype) * n


def copy(buf):
    return array(buf.typecode, buf)


def _indices(offset, shape, strides):
    """Flat storage positions of a strided view, in row-major order."""
    idx = [offset]
    for size, stride in zip(shape, strides):
        steps = [stride * k for k in range(size)]
        idx = [i + s for i in idx for s in steps]
    return idx


def take(buf, offset, shape, strides):
    """A contiguous copy of the strided view (offset, shape, strides) of buf."""
    n = 1
    for s in shape:
        n *= s
    if _is_contiguous(shape, strides):
        return buf[offset:offset + n]
    return array(buf.typecode, map(buf.__getitem__, _indices(offset, shape, strides)))


def put(buf, offset, shape, strides, src):
    """Write the contiguous buffer src into the strided view (offset, shape, strides) of buf."""
    n = len(src)
    if _is_contiguous(shape, strides):
        buf[offset:offset + n] = src if src.typecode == buf.typecode else array(buf.typecode, src)
        return
    for i, v in zip(_indices(offset, shape, strides), src):
        buf[i] = v


def _is_contiguous(shape, strides):
    expected = 1
    for size, stride in zip(reversed(shape), reversed(strides)):
        if size != 1 and stride != expected:
            return False
        expected *= size
    return True


def cast(buf, dtype):
    if dtype.kind == "b":
        return array("B", [1 if v else 0 for v in buf])
    if dtype.kind == "f":
        return array(dtype.typecode, buf)
    # float -> int truncates toward zero, like a C cast
    return array(dtype.typecode, [int(v) for v in buf]) if buf.typecode in "fd" else array(dtype.typecode, buf)


# ---- elementwise kernels -------------------------------------------------------------
# Each takes buffers of equal length (or Python scalars already converted to the
# computation dtype) and returns a new buffer of the result dtype.

def _exp(v):
    try:
        return math.exp(v)
    except OverflowError:
        return math.inf


def _log(v):
    if v > 0:
        return math.log(v)
    return -math.inf if v == 0 else math.nan


UNARY = {
    "neg": operator.neg,
    "abs": abs,
    "exp": _exp,
    "log": _log,
}

BINARY = {
    "add": operator.add,
    "sub": operator.sub,
    "mul": operator.mul,
    "div": operator.truediv,
}


def unary(name, buf, dtype):
    return array(dtype.typecode, map(UNARY[name], buf))


def binary(name, a, b, dtype):
    fn = BINARY[name]
    if not isinstance(a, array):
        return array(dtype.typecode, map(fn, repeat(a, len(b)), b))
    if not isinstance(b, array):
        return array(dtype.typecode, map(fn, a, repeat(b, len(a))))
    return array(dtype.typecode, map(fn, a, b))


def get(buf, i, dtype):
    """Element i as a Python scalar."""
    v = buf[i]
    return v != 0 if dtype.kind == "b" else v
