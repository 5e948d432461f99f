"""numpy array backend: buffers are 1-D numpy arrays. Same interface as ``python.py``."""
import numpy as np
from numpy.lib.stride_tricks import as_strided

NAME = "numpy"

_NP = {"bool": np.bool_, "uint8": np.uint8, "int8": np.int8, "int16": np.int16, "int32": np.int32,
       "int64": np.int64, "float16": np.float16, "float32": np.float32, "float64": np.float64}


def np_dtype(dtype):
    return _NP[dtype.name]


def from_list(values, dtype):
    return np.array(values, dtype=_NP[dtype.name]).reshape(-1)


def to_list(buf, dtype):
    return buf.tolist()


def full(n, value, dtype):
    return np.full(n, value, dtype=_NP[dtype.name])


def copy(buf):
    return buf.copy()


def view(buf, offset, shape, strides):
    """A numpy view of the strided region (no copy)."""
    item = buf.itemsize
    return as_strided(buf[offset:], shape=shape, strides=[s * item for s in strides], writeable=True)


def take(buf, offset, shape, strides):
    return view(buf, offset, shape, strides).reshape(-1).copy() if shape else buf[offset:offset + 1].copy()


def put(buf, offset, shape, strides, src):
    if not shape:
        buf[offset] = src[0]
        return
    view(buf, offset, shape, strides)[...] = src.reshape(shape)


def cast(buf, dtype):
    return buf.astype(_NP[dtype.name])


_ERR = dict(divide="ignore", invalid="ignore", over="ignore", under="ignore")

UNARY = {
    "neg": np.negative,
    "abs": np.abs,
    # exp and log go through float64 and round once: the correctly rounded float32 result
    "exp": lambda a: np.exp(a.astype(np.float64)),
    "log": lambda a: np.log(a.astype(np.float64)),
}

BINARY = {
    "add": np.add,
    "sub": np.subtract,
    "mul": np.multiply,
    "div": np.true_divide,
}


def unary(name, buf, dtype):
    with np.errstate(**_ERR):
        return np.asarray(UNARY[name](buf)).astype(_NP[dtype.name], copy=False)


def binary(name, a, b, dtype):
    t = _NP[dtype.name]
    if not isinstance(a, np.ndarray):
        a = t(a)
    if not isinstance(b, np.ndarray):
        b = t(b)
    with np.errstate(**_ERR):
        return BINARY[name](a, b, dtype=t)


def get(buf, i, dtype):
    return buf[i].item()
