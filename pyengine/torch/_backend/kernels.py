"""The browser's compute kernels: the pure-Python backend's float32 (and some float64) loops in WebAssembly.

``kernels/kernels.c``, instantiated on Pyodide's own memory by ``app/kernels.js`` and
registered as the module ``_pyengine_kernels``, works in place on ``array.array`` buffers:
Python passes their addresses (``buffer_info()``), no element is copied. Each kernel gives
the same bits as the Python code it stands in for, so a program prints the same bytes with
or without them. ``wasm`` is None where the module is not registered (CPython, or Pyodide
without the kernels) or when ``PYENGINE_KERNELS=0``: the callers then run their Python loops.

Each entry point returns None when it does not apply (too few elements for a call into wasm
to pay off, or operands it does not handle), and the caller goes on in Python: below
``MIN_ELEMENTS`` the Python path stays, so 0-d and tiny tensors lose nothing.
"""
import functools
import math
import os
import struct
from array import array


def _load():
    if os.environ.get("PYENGINE_KERNELS", "").strip() == "0":
        return None
    try:
        import _pyengine_kernels
    except ImportError:
        return None
    return _pyengine_kernels


wasm = _load()
# Whether matmul rule F runs on a fused multiply-add (the relaxed-SIMD build on an engine that
# fuses it; same bits either way, several times faster).
FUSED_MADD = bool(getattr(wasm, "fused_madd", lambda: 0)()) if wasm is not None else False

# A call into wasm costs about as much as ~40 elements of a Python loop (measured in Pyodide).
MIN_ELEMENTS = 64
# ... but only a few elements of Python's expf/logf step by step (softmax, sigmoid: ~4 us each).
MIN_TRANSCENDENTAL = 8
# mm: multiply-adds (m * k * n) below which _aten.linalg's Python lines stay.
MIN_PRODUCTS = 512

# Operation codes, as the enums of kernels.c.
_BINARY = {"add": 0, "sub": 1, "mul": 2, "div": 3, "maximum": 4, "minimum": 5}
_COMPARE = {"lt": 0, "le": 1, "gt": 2, "ge": 3, "eq": 4, "ne": 5}
_UNARY = {"neg": 0, "abs": 1, "relu": 2, "square": 3, "sqrt": 4, "tanh": 5}
_TRANSCENDENTAL = {"tanh"}  # a Python loop pays a libm call per element: worth wasm from MIN_TRANSCENDENTAL
_TRANSCENDENTAL_F64 = {"tanh", "exp", "sigmoid"}
_RULES = {"N": 0, "F": 1, "D": 2, "D1": 3}


def _address(buf):
    return buf.buffer_info()[0]


def _float32(values):
    """An array('f') of values, or None when values is neither a float32 array nor a list."""
    if isinstance(values, array):
        return values if values.typecode == "f" else None
    return array("f", values) if isinstance(values, list) else None


def _operand(x, n, typecode="f"):
    """(address, scalar) of an elementwise operand: an array of typecode ('f' or 'd') of n values,
    or a Python number (address 0). None when the kernel cannot take it."""
    if isinstance(x, array):
        return (_address(x), 0.0) if x.typecode == typecode and len(x) == n else None
    if isinstance(x, (float, int)):
        try:
            return 0, float(x)
        except OverflowError:
            return None
    return None


def _operands(a, b, typecode):
    """Length and operands of a binary op with at least one array of typecode of MIN_ELEMENTS."""
    n = len(a) if isinstance(a, array) else len(b) if isinstance(b, array) else 0
    if n < MIN_ELEMENTS:
        return None
    x, y = _operand(a, n, typecode), _operand(b, n, typecode)
    return None if x is None or y is None else (n, x, y)


def binary(name, a, b, out_bool, typecode="f"):
    """python.py's binary() on float32 operands, or float64 ones (typecode 'd'), a or b possibly a
    number: a new array of typecode, or array('B') for a comparison (out_bool), or None."""
    code = _COMPARE.get(name) if out_bool else _BINARY.get(name)
    found = None if code is None else _operands(a, b, typecode)
    if found is None:
        return None
    n, (pa, sa), (pb, sb) = found
    out = array("B", bytes(n)) if out_bool else array(typecode, bytes(n * (4 if typecode == "f" else 8)))
    if typecode == "f":
        kernel = wasm.compare_f32 if out_bool else wasm.binary_f32
    else:
        kernel = wasm.compare_f64 if out_bool else wasm.binary_f64
    kernel(code, pa, sa, pb, sb, _address(out), n)
    return out


@functools.cache
def _exp_table():
    """musl exp's table (N = 128): tail and scale - (i << 45) of 2^(i/128) (scale the nearest double,
    tail the relative rest), as 64-bit words. 2^(i/128) to about 2^-130 in 140-bit fixed point:
    2^(1/128) by seven integer square roots (nested floors of square roots are the floor of the
    root), then its powers."""
    bits = 140
    step = 2 << 128 * bits
    for _ in range(7):
        step = math.isqrt(step)
    words, power = array("Q"), 1 << bits
    for i in range(128):
        scale = math.ldexp(float(power), -bits)  # int to float rounds to nearest
        scaled = int(math.ldexp(scale, bits))
        tail = (power - scaled) / scaled  # int / int rounds to nearest
        words += array("Q", [_bits64(tail), _bits64(scale) - (i << 45)])
        power = power * step >> bits
    return words


def _bits64(value):
    return struct.unpack("<Q", struct.pack("<d", value))[0]


def unary(name, buf):
    """python.py's unary() on an array('f') or array('d'), or None."""
    if buf.typecode == "d":
        return _unary_f64(name, buf)
    if name == "exp":
        if buf.typecode != "f" or len(buf) < MIN_TRANSCENDENTAL:
            return None
        out = array("f", bytes(4 * len(buf)))
        wasm.exp_f32(_address(buf), _address(out), len(buf), _address(_exp_table()))  # the table: at first use
        return out
    code = _UNARY.get(name)
    least = MIN_TRANSCENDENTAL if name in _TRANSCENDENTAL else MIN_ELEMENTS
    if code is None or buf.typecode != "f" or len(buf) < least:
        return None
    n = len(buf)
    out = array("f", bytes(4 * n))
    wasm.unary_f32(code, _address(buf), _address(out), n)
    return out


def _unary_f64(name, buf):
    code = _UNARY.get(name)
    least = MIN_TRANSCENDENTAL if name in _TRANSCENDENTAL_F64 else MIN_ELEMENTS
    if code is None and name not in _TRANSCENDENTAL_F64 or len(buf) < least:
        return None
    n = len(buf)
    out = array("d", bytes(8 * n))
    if code is not None:
        wasm.unary_f64(code, _address(buf), _address(out), n)
    else:
        (wasm.exp_f64 if name == "exp" else wasm.sigmoid_f64)(_address(buf), _address(out), n, _address(_exp_table()))
    return out


def fma(a, b, c):
    """a * b + c with one float32 rounding (a and c may be numbers), or None."""
    if not isinstance(b, array) or b.typecode != "f" or len(b) < MIN_ELEMENTS:
        return None
    n = len(b)
    x, z = _operand(a, n), _operand(c, n)
    if x is None or z is None:
        return None
    out = array("f", bytes(4 * n))
    wasm.fma_f32(x[0], x[1], _address(b), z[0], z[1], _address(out), n)
    return out


def fma_f64(a, b, c, fallback):
    """a * b + c with one float64 rounding (a and c may be numbers) as an array('d'), or None; the
    elements the kernel leaves undecided (extreme or non-finite operands) by fallback(a, b, c)."""
    if not isinstance(b, array) or b.typecode != "d" or len(b) < MIN_ELEMENTS:
        return None
    n = len(b)
    x, z = _operand(a, n, "d"), _operand(c, n, "d")
    if x is None or z is None:
        return None
    out, undecided = array("d", bytes(8 * n)), array("B", bytes(n))
    if wasm.fma_f64(x[0], x[1], _address(b), z[0], z[1], _address(out), _address(undecided), n):
        for i in (i for i, unsure in enumerate(undecided) if unsure):
            out[i] = fallback(a[i] if x[0] else a, b[i], c[i] if z[0] else c)
    return out


def where(cond, a, b):
    """cond ? a : b into a new array('f') (a or b may be numbers), or None."""
    n = len(cond)
    if n < MIN_ELEMENTS or not isinstance(cond, array) or cond.typecode != "B":
        return None
    x, y = _operand(a, n), _operand(b, n)
    if x is None or y is None:
        return None
    out = array("f", bytes(4 * n))
    wasm.where_f32(_address(cond), x[0], x[1], y[0], y[1], _address(out), n)
    return out


def mm(a, b, m, k, n, bias, b_transposed, rule):
    """_aten.linalg's one-rule product (m x k) @ (k x n) [+ bias] as an array('f'), or None."""
    if m * k * n < MIN_PRODUCTS:
        return None
    a, b, bias_f32 = _float32(a), _float32(b), None if bias is None else _float32(bias)
    if a is None or b is None or (bias_f32 is None) != (bias is None):
        return None
    out = array("f", bytes(4 * m * n))
    scratch = array("f", bytes(4 * (16 + (k * n if b_transposed and rule in ("N", "F") else 0))))
    wasm.mm_f32(_RULES[rule], _address(a), _address(b), 0 if bias is None else _address(bias_f32), _address(out),
                m, k, n, 1 if b_transposed else 0, _address(scratch))
    return out


def mm_f64(a, b, m, k, n, bias, b_transposed):
    """python.py's mm_in_order of float64 buffers (array('d')): (m x k) @ (k x n) [+ bias], each
    output's products added in k's order, as an array('d'), or None."""
    if m * k * n < MIN_ELEMENTS or not all(isinstance(x, array) and x.typecode == "d" and len(x) == size
                                           for x, size in ((a, m * k), (b, k * n), (bias, n)) if x is not None):
        return None
    out, scratch = array("d", bytes(8 * m * n)), array("d", bytes(8 * k * n if b_transposed else 0))
    wasm.mm_f64(_address(a), _address(b), 0 if bias is None else _address(bias), _address(out), m, k, n,
                1 if b_transposed else 0, _address(scratch) if b_transposed else 0)
    return out


def sums_in_order_f64(values, k):
    """_aten.reduce's sum_in_order of an array('d'): each run of k values added in order from 0.0,
    as an array('d'), or None."""
    if not isinstance(values, array) or values.typecode != "d" or len(values) < MIN_ELEMENTS:
        return None
    rows = len(values) // k
    out = array("d", bytes(8 * rows))
    wasm.sums_in_order_f64(_address(values), k, rows, _address(out))
    return out


def blocks_sum_from_last(values, count):
    """_aten.reduce's blocks_sum_from_last of an array('f'), as an array('f'), or None."""
    if not isinstance(values, array) or values.typecode != "f" or len(values) < MIN_ELEMENTS:
        return None
    width = len(values) // count
    out = array("f", bytes(4 * width))
    wasm.blocks_sum_from_last_f32(_address(values), count, width, _address(out))
    return out


def welford_m2(values, starts, n, step):
    """_aten.reduce's var_welford sums of squared deviations (float64, WelfordOps in order) of the
    n float32 values values[start + i*step] from each start, as a list, or None (also when one is a
    NaN, whose sign bit wasm leaves to the engine: the Python loop's NaN is the one torch prints)."""
    if not isinstance(values, array) or values.typecode != "f" or n * len(starts) < MIN_ELEMENTS:
        return None
    starts = array("i", starts)
    out = array("d", bytes(8 * len(starts)))
    wasm.welford_m2_f32(_address(values), _address(starts), len(starts), n, step, _address(out))
    total = sum(out)  # a NaN (or infinities of both signs) among them makes it a NaN
    return out.tolist() if total == total else None


def inner_sums(values, first, n, rows, s1):
    """_aten.reduce's vectorised inner sum of each of `rows` contiguous rows of n >= 8 float32
    values, values[first + j*s1 : first + j*s1 + n], as an array('f') of rows sums, or None."""
    if not isinstance(values, array) or values.typecode != "f" or n * rows < MIN_ELEMENTS:
        return None
    out = array("f", bytes(4 * rows))
    wasm.inner_sums_f32(_address(values) + 4 * first, n, rows, s1, _address(out))
    return out


def column_sums(values, first, n0, s0, width, s1, use_rowsum):
    """_aten.reduce's cascade (or row sum) down each of `width` columns of n0 items
    values[first + i*s0 + j*s1], as an array('f') of width sums, or None."""
    if not isinstance(values, array) or values.typecode != "f" or n0 * width < MIN_ELEMENTS:
        return None
    out = array("f", bytes(4 * width))
    wasm.column_sums_f32(1 if use_rowsum else 0, _address(values) + 4 * first, n0, s0, width, s1, _address(out))
    return out


def conv2d(mode, p, q, acc_size, input_shape, weight_shape, out_spatial, stride, padding, dilation, groups,
           bias=None):
    """nn.functional's 2-d convolution loop (mode 0: forward sums, plus the bias when given; 1:
    input gradient; 2: weight gradient) over float32 buffers p, q: its float64 sums, each rounded
    once to float32, as an array('f'), or None."""
    if len(input_shape) != 4 or acc_size < MIN_ELEMENTS:
        return None
    p, q, bias_f32 = _float32(p), _float32(q), None if bias is None else _float32(bias)
    if p is None or q is None or (bias_f32 is None) != (bias is None):
        return None
    out = array("f", bytes(4 * acc_size))
    dims = array("i", [*input_shape, weight_shape[0], *weight_shape[2:], *out_spatial, *stride, *padding, *dilation,
                       groups])
    scratch = _scratch(wasm.conv2d_scratch_f32(mode, _address(dims), acc_size))
    wasm.conv2d_f32(mode, _address(p), _address(q), _address(scratch), 0 if bias is None else _address(bias_f32),
                    _address(dims), _address(out), acc_size)
    return out


_scratch_doubles = array("d")
# Scratch of up to this many doubles (32 MB) is kept for the next call; a larger one is not.
_KEPT_SCRATCH = 1 << 22


def _scratch(n):
    """A float64 buffer of at least n elements for a kernel's working space (contents undefined),
    kept between calls up to _KEPT_SCRATCH: allocating and zeroing megabytes per call costs as
    much as a small convolution."""
    global _scratch_doubles
    if len(_scratch_doubles) >= n:
        return _scratch_doubles
    buf = array("d", bytes(8 * n))
    if n <= _KEPT_SCRATCH:
        _scratch_doubles = buf
    return buf


def take(buf, offset, shape, strides, n):
    """python.py's take() of n >= MIN_ELEMENTS elements of 1, 2, 4 or 8 bytes: a new array, or None."""
    if n < MIN_ELEMENTS or buf.itemsize not in (1, 2, 4, 8):
        return None
    dims = array("i", [*shape, *strides, *shape])  # the last ndim are the kernel's counters
    out = array(buf.typecode, bytes(n * buf.itemsize))
    wasm.take_strided(_address(buf) + offset * buf.itemsize, _address(out), buf.itemsize, len(shape), _address(dims))
    return out


def put(buf, offset, shape, strides, src):
    """python.py's put() of src (n >= MIN_ELEMENTS elements of buf's type, 1, 2, 4 or 8 bytes)
    into a view of buf whose elements do not overlap: True, or None when it does not apply."""
    n = len(src)
    if n < MIN_ELEMENTS or buf.itemsize not in (1, 2, 4, 8) or src.typecode != buf.typecode:
        return None
    dims = array("i", [*shape, *strides, *shape])  # the last ndim are the kernel's counters
    wasm.put_strided(_address(buf) + offset * buf.itemsize, _address(src), buf.itemsize, len(shape), _address(dims))
    return True


def mt19937_refill(words):
    """_random's next MT19937 block of the 624 state words: (new words, tempered words), as lists."""
    state, tempered = array("I", words), array("I", bytes(4 * 624))
    wasm.mt19937_refill(_address(state), _address(tempered))
    return state.tolist(), tempered.tolist()


def mt19937_words(mt, tempered, left, next_, n):
    """_random.Generator.word_block(n) from its state (624 words, their tempered block, left, next):
    (mt, tempered, left, next) after the draws, and the n words as an array('I')."""
    mt, tempered, state, out = array("I", mt), array("I", tempered), array("i", [left, next_]), array("I", bytes(4 * n))
    wasm.mt19937_words(_address(mt), _address(tempered), _address(state), n, _address(out))
    return mt.tolist(), tempered.tolist(), state[0], state[1], out


def uniform_f32(words, low, span, high):
    """_random.uniform's float32 values of the words (an array('I'); float32 low, span, high): a list."""
    out = array("f", bytes(4 * len(words)))
    wasm.uniform_f32(_address(words), _address(out), len(words), low, span, high)
    return out.tolist()


def normal_fill_f32(words, tail, n, mean, std):
    """_random's float32 normal fill of n >= 16 values from n words (and 16 tail words when
    n % 16), mean and std float32 values: a list."""
    words, tail, out = array("I", words), array("I", tail or bytes(64)), array("f", bytes(4 * n))
    wasm.normal_fill_f32(_address(words), _address(tail), _address(out), n, mean, std)
    return out.tolist()


def softmax_lastdim(values, n, log, lanes):
    """_aten.loss's softmax (log_softmax when log) over rows of n float32 values, with its
    `lanes`-wide sums: an array('f'), or None."""
    if len(values) < MIN_TRANSCENDENTAL or n < 1:
        return None
    values = _float32(values)
    if values is None:
        return None
    out, scratch = array("f", bytes(4 * len(values))), array("f", bytes(4 * lanes))
    wasm.softmax_lastdim_f32(_address(values), _address(out), len(values) // n, n, 1 if log else 0, lanes,
                             _address(scratch))
    return out


def log_softmax_backward_lastdim(grad, output, n, lanes):
    """_aten.loss's log_softmax backward over rows of n float32 values: an array('f'), or None."""
    if len(grad) < MIN_TRANSCENDENTAL or n < 1:
        return None
    grad, output = _float32(grad), _float32(output)
    if grad is None or output is None:
        return None
    out, scratch = array("f", bytes(4 * len(grad))), array("f", bytes(4 * lanes))
    wasm.log_softmax_backward_lastdim_f32(_address(grad), _address(output), _address(out), len(grad) // n, n, lanes,
                                          _address(scratch))
    return out


def sigmoid(values, runs, exp2_table):
    """_aten.special's sigmoid of float32 values over its vector runs (start, stop, vector_stop),
    glibc expf's table of 2^(i/32) passed in: an array('f'), or None."""
    if len(values) < MIN_TRANSCENDENTAL:
        return None
    values = _float32(values)
    if values is None:
        return None
    out, bounds, table = array("f", bytes(4 * len(values))), array("i", [b for run in runs for b in run]), \
        array("d", exp2_table)
    wasm.sigmoid_f32(_address(values), _address(out), _address(bounds), len(runs), _address(table))
    return out


def lstm_cell(gx, gh, c, steps, n, h, vector_stop, exp2_table):
    """_aten.rnn's lstm_cells on array('f') buffers (gx, gh: steps x n x 4h, c: n x h; exp2_table an
    array('d')): (h', c', saved) of every step end to end, or None."""
    gx, gh, c = _float32(gx), _float32(gh), _float32(c)
    size = steps * n * h
    if gx is None or gh is None or c is None or size < MIN_TRANSCENDENTAL:
        return None
    h_out, c_out, saved = array("f", bytes(4 * size)), array("f", bytes(4 * size)), array("f", bytes(20 * size))
    wasm.lstm_cell_f32(_address(gx), _address(gh), _address(c), _address(h_out), _address(c_out), _address(saved),
                       steps, n, h, vector_stop, _address(exp2_table))
    return h_out, c_out, saved


def lstm_cell_backward(dh, dh_more, dc, saved, c_prev, n, h):
    """_aten.rnn's lstm_cell_backward on array('f') buffers (dh_more and dc may be None):
    (dgates, dc_prev), or None."""
    dh, saved, c_prev = _float32(dh), _float32(saved), _float32(c_prev)
    optional = [None if b is None else _float32(b) for b in (dh_more, dc)]
    if dh is None or saved is None or c_prev is None or n * h < MIN_TRANSCENDENTAL \
            or any((b is None) != (given is None) for b, given in zip(optional, (dh_more, dc))):
        return None
    dgates, dc_prev = array("f", bytes(16 * n * h)), array("f", bytes(4 * n * h))
    wasm.lstm_cell_backward_f32(_address(dh), *(0 if b is None else _address(b) for b in optional), _address(saved),
                                _address(c_prev), _address(dgates), _address(dc_prev), n, h)
    return dgates, dc_prev


def gelu(values, grad, tanh, onednn, runs, table, exp2_table):
    """_aten.special's gelu (grad None) or gelu_backward of float32 values: oneDNN's kernel
    (onednn) or ATen's over its vector runs (start, stop, vector_stop); its coefficient table
    and glibc expf's table of 2^(i/32) passed in."""
    if len(values) < MIN_TRANSCENDENTAL:
        return None
    x = _float32(values)
    g = _float32(grad) if grad is not None else array("f")
    if x is None or g is None:
        return None
    out, bounds = array("f", bytes(4 * len(x))), array("i", [b for run in runs for b in run])
    coefficients, exp2 = array("f", table), array("d", exp2_table)
    wasm.gelu_f32(_address(x), _address(g) if grad is not None else 0, _address(out), len(x), 1 if tanh else 0,
                  1 if onednn else 0, _address(bounds), len(runs), _address(coefficients), _address(exp2))
    return out


def extreme_rows(buf, k, minimum):
    """_ops.reduction's first best element (a NaN wins) of each contiguous row of k float32 (or
    float64) values of buf: (values as an array of buf's type, indices as an array('q')), or None."""
    if not isinstance(buf, array) or buf.typecode not in "fd" or len(buf) < MIN_ELEMENTS or k < 1:
        return None
    rows = len(buf) // k
    values, indices = array(buf.typecode, bytes(buf.itemsize * rows)), array("q", bytes(8 * rows))
    kernel = wasm.extreme_rows_f32 if buf.typecode == "f" else wasm.extreme_rows_f64
    kernel(1 if minimum else 0, _address(buf), rows, k, _address(values), _address(indices))
    return values, indices


def max_pool2d(buf, shape, out_hw, kernel, stride, padding, dilation):
    """_aten.pool's 2-d max_pool of a float32 buffer: (values as an array('f'), indices as an
    array('q')), or None."""
    if not isinstance(buf, array) or buf.typecode != "f" or len(shape) < 2 or len(kernel) != 2:
        return None
    h, w = shape[-2], shape[-1]
    n = (len(buf) // (h * w) if h * w else 0) * out_hw[0] * out_hw[1]
    if n * kernel[0] * kernel[1] < MIN_ELEMENTS:
        return None
    values, indices = array("f", bytes(4 * n)), array("q", bytes(8 * n))
    empty = wasm.max_pool2d_f32(_address(buf), _address(values), _address(indices), len(buf) // (h * w), h, w,
                                *out_hw, *kernel, *stride, *padding, *dilation)
    return None if empty else (values, indices)


def max_pool_backward(grad, indices, numel, per_plane, plane):
    """_aten.pool's max_pool backward of a float32 gradient and int64 indices: an array('f')
    of numel, or None."""
    if not isinstance(grad, array) or grad.typecode != "f" or not isinstance(indices, array) \
            or indices.typecode != "q" or len(grad) != len(indices) or numel < MIN_ELEMENTS or not per_plane:
        return None
    acc, out = array("d", bytes(8 * numel)), array("f", bytes(4 * numel))
    wasm.max_pool_backward_f32(_address(grad), _address(indices), _address(acc), _address(out),
                               len(grad) // per_plane, per_plane, plane)
    return out


def _padded_windows(windows, div1, div2):
    """windows (lists of offsets in a plane) padded with -1 to one length, as an array('i'); that
    length; the divisors as arrays('d') (div2: 1.0 for each window when None)."""
    longest = max(map(len, windows), default=0)
    index = array("i", [k for win in windows for k in (*win, *(-1,) * (longest - len(win)))])
    return index, longest, array("d", div1), array("d", [1.0] * len(windows) if div2 is None else div2)


def window_sums(flat, plane, windows, div1, div2=None):
    """_aten.pool's average pooling loop of a float32 buffer (each window summed in float32, then
    divided by div1, then div2): an array('f'), or None."""
    if not isinstance(flat, array) or flat.typecode != "f" or len(flat) < MIN_ELEMENTS or not plane:
        return None
    index, longest, d1, d2 = _padded_windows(windows, div1, div2)
    planes = len(flat) // plane
    out = array("f", bytes(4 * planes * len(windows)))
    wasm.window_sums_f32(_address(flat), _address(out), planes, plane, _address(index), len(windows), longest,
                         _address(d1), _address(d2))
    return out


def window_scatter(grad, numel, plane, windows, div1, div2=None):
    """The backward of window_sums over a float32 gradient: an array('f') of numel, or None."""
    if not isinstance(grad, array) or grad.typecode != "f" or numel < MIN_ELEMENTS or not plane:
        return None
    index, longest, d1, d2 = _padded_windows(windows, div1, div2)
    acc = array("f", bytes(4 * numel))
    wasm.window_scatter_f32(_address(grad), _address(acc), numel // plane, plane, _address(index), len(windows),
                            longest, _address(d1), _address(d2))
    return acc


# ---- the browser's numpy (browser_numpy/numpy): float64 arrays ------------------------------
# An operand is (buffer, offset) of an array('d') holding n elements from offset, or a float.

def _operand_f64(x):
    if isinstance(x, tuple):
        buf, offset = x
        return _address(buf) + 8 * offset, 0.0
    return 0, x


def binary_f64(name, a, b, n, out_bool=False):
    """numpy's float64 add/sub/mul/div/maximum/minimum of n elements (a new array('d')), or a
    comparison (out_bool: a new array('B')); None below MIN_ELEMENTS or for another operation."""
    code = _COMPARE.get(name) if out_bool else _BINARY.get(name)
    if code is None or n < MIN_ELEMENTS:
        return None
    (pa, sa), (pb, sb) = _operand_f64(a), _operand_f64(b)
    out = array("B" if out_bool else "d", bytes(n if out_bool else 8 * n))
    (wasm.compare_f64 if out_bool else wasm.binary_f64)(code, pa, sa, pb, sb, _address(out), n)
    return out


def embedding_backward(grad, indices, num_weights, dim, padding_idx):
    """_aten.embedding.dense_backward of a float32 gradient and int64 indices: the float64 sums (a new
    array('d')), or None for other types or below MIN_ELEMENTS products."""
    n = len(indices)
    if getattr(grad, "typecode", None) != "f" or getattr(indices, "typecode", None) != "q" or n * dim < MIN_ELEMENTS:
        return None
    acc = array("d", bytes(8 * num_weights * dim))
    wasm.embedding_backward_f32(_address(grad), _address(indices), n, dim, padding_idx, _address(acc))
    return acc


def float32_of(buf):
    """An array('d')'s values rounded to float32 (a new array('f')), or None below MIN_ELEMENTS."""
    n = len(buf)
    if n < MIN_ELEMENTS:
        return None
    out = array("f", bytes(4 * n))
    wasm.demote_f64(_address(buf), _address(out), n)
    return out


def unary_f64(name, a, n):
    """numpy's float64 negative/absolute/square/sqrt of n elements at (buffer, offset): a new array('d'), or None."""
    code = _UNARY.get(name)
    if code is None or name == "relu" or n < MIN_ELEMENTS:
        return None
    out = array("d", bytes(8 * n))
    wasm.unary_f64(code, _operand_f64(a)[0], _address(out), n)
    return out


def powi_f64(a, n, k):
    """x ** k (an integer 3 <= k <= 64) of n contiguous float64 elements at (buffer, offset) as
    glibc's pow gives them: (a new array('d'), an array('B') flagging the elements left to the
    caller's glibc_pow, their count), or None below MIN_ELEMENTS."""
    if n < MIN_ELEMENTS or not 3 <= k <= 64:
        return None
    out, undecided = array("d", bytes(8 * n)), array("B", bytes(n))
    count = wasm.powi_f64(_operand_f64(a)[0], _address(out), _address(undecided), n, k)
    return out, undecided, count


def pairwise_sum_f64(a, n):
    """numpy's pairwise sum of n contiguous float64 elements at (buffer, offset), or None."""
    if n < MIN_ELEMENTS:
        return None
    return wasm.pairwise_sum_f64(_operand_f64(a)[0], n)


def matmul_f64(a, bt, batch, n, k, m):
    """The browser numpy's float64 matmul of array('d') stacks a (batch x n x k) and bt (batch x m x k,
    b transposed): an array('d') of batch x n x m, or None below MIN_PRODUCTS."""
    if batch * n * k * m < MIN_PRODUCTS:
        return None
    out = array("d", bytes(8 * batch * n * m))
    wasm.matmul_f64(_address(a), _address(bt), _address(out), batch, n, k, m)
    return out


_NUMPY_MATH = {"exp": 0, "log": 1, "sin": 2, "cos": 3, "tanh": 4}


def numpy_math_f32(name, a, n, tanh_table):
    """numpy's float32 exp/log/sin/cos/tanh (browser_numpy's _simd32, the same bits) of n contiguous
    float32 elements at (buffer, offset); tanh_table: numpy's tanh intervals as an array('f') of
    32 x (b, c0 .. c6). (A new array('f'), an array('B') flagging the sin/cos elements left to the
    caller (beyond numpy's reduction, where it calls libm), their count), or None below MIN_TRANSCENDENTAL."""
    if n < MIN_TRANSCENDENTAL:
        return None
    buf, offset = a
    out, beyond = array("f", bytes(4 * n)), array("B", bytes(n))
    count = wasm.numpy_math_f32(_NUMPY_MATH[name], _address(buf) + 4 * offset, _address(out), n,
                                _address(tanh_table), _address(beyond))
    return out, beyond, count


def numpy_tanh_f64(a, n, table):
    """numpy's float64 tanh (browser_numpy's _simd64, the same bits) of n contiguous float64 elements at
    (buffer, offset); table: its intervals as an array('d') of 16 x (b, c0 .. c16). (A new array('d'),
    an array('B') flagging the tiny elements left to the caller, their count), or None below
    MIN_TRANSCENDENTAL."""
    if n < MIN_TRANSCENDENTAL:
        return None
    out, tiny = array("d", bytes(8 * n)), array("B", bytes(n))
    count = wasm.numpy_tanh_f64(_operand_f64(a)[0], _address(out), n, _address(table), _address(tiny))
    return out, tiny, count


_GLIBC_MATH = {"exp": 0, "log": 1, "sin": 2, "cos": 3, "log1p": 4}


def glibc_math_f64(name, a, n, data):
    """glibc's float64 exp, log, sin, cos or log1p (torch._libm's glibc_*, the same bits) of n contiguous
    float64 elements at (buffer, offset); data: _libm.KERNEL_DATA. (A new array('d'), an array('B')
    flagging the elements left to the caller, their count), or None below MIN_TRANSCENDENTAL."""
    if n < MIN_TRANSCENDENTAL:
        return None
    out, left = array("d", bytes(8 * n)), array("B", bytes(n))
    count = wasm.glibc_math_f64(_GLIBC_MATH[name], _operand_f64(a)[0], _address(out), n, _address(data), _address(left))
    return out, left, count


def glibc_pow_f64(a, n, y, data):
    """glibc's float64 pow (torch._libm.glibc_pow, the same bits) of n contiguous float64 elements at
    (buffer, offset) and one exponent y; data: _libm.KERNEL_DATA. As glibc_math_f64."""
    if n < MIN_TRANSCENDENTAL:
        return None
    out, left = array("d", bytes(8 * n)), array("B", bytes(n))
    count = wasm.glibc_pow_f64(_operand_f64(a)[0], y, _address(out), n, _address(data), _address(left))
    return out, left, count


_GLIBC_MATH_F32 = {name: code for code, name in enumerate((
    "expm1", "sinh", "cosh", "tan", "arctan", "arcsin", "exp2", "log2", "log10", "log1p", "arcsinh", "arccosh",
    "arctanh"))}


def glibc_math_f32(name, a, n, tables, polys):
    """numpy's float32 `name` below AVX-512, glibc's float function (torch._aten._libm32's *f_glibc1, the
    same bits), of n contiguous float32 elements at (buffer, offset); tables, polys: _libm32.KERNEL_TABLES
    and KERNEL_POLYS. As numpy_math_f32, with no element left to the caller, or None below MIN_TRANSCENDENTAL."""
    if n < MIN_TRANSCENDENTAL:
        return None
    buf, offset = a
    out = array("f", bytes(4 * n))
    wasm.glibc_math_f32(_GLIBC_MATH_F32[name], _address(buf) + 4 * offset, _address(out), n, _address(tables),
                        _address(polys))
    return out, None, 0


def glibc_powf_f32(a, n, y, tables):
    """numpy's float32 power below AVX-512, glibc's powf (torch._aten._libm32.powf_glibc1, the same bits),
    of n contiguous float32 elements at (buffer, offset) and one float32 exponent y; tables:
    _libm32.KERNEL_TABLES. As numpy_math_f32 (nan operands are left to the caller), or None below
    MIN_TRANSCENDENTAL."""
    if n < MIN_TRANSCENDENTAL:
        return None
    buf, offset = a
    out, left = array("f", bytes(4 * n)), array("B", bytes(n))
    count = wasm.glibc_powf_f32(_address(buf) + 4 * offset, y, _address(out), n, _address(tables), _address(left))
    return out, left, count


# ---- layer norm (_aten/norm.py's float32 layer norm kernels) ---------------------------------

def _rows_of(x, inner):
    """(x as an array('f'), its number of rows of inner values), or None below MIN_ELEMENTS."""
    x = _float32(x)
    if x is None or inner < 1 or len(x) < MIN_ELEMENTS or len(x) % inner:
        return None
    return x, len(x) // inner


def _optional_address(buf, n):
    """The address of an optional float32 buffer of n values (0 when None), or None when it is another kind."""
    if buf is None:
        return 0
    buf = _float32(buf)
    return _address(buf) if buf is not None and len(buf) == n else None


def layer_norm_stats(flat, inner, eps):
    """norm.layer_norm_stats on float32 (eps a float32 value): (mean, rstd) array('f')s, or None."""
    found = _rows_of(flat, inner)
    if found is None:
        return None
    x, rows = found
    mean, rstd, scratch = array("f", bytes(4 * rows)), array("f", bytes(4 * rows)), array("d", bytes(8 * 112))
    wasm.layer_norm_stats_f32(_address(x), rows, inner, eps, _address(mean), _address(rstd), _address(scratch))
    return mean, rstd


def layer_norm_output(flat, inner, mean, rstd, weight, bias):
    """norm.layer_norm_output on float32 (weight, bias: buffers or None): an array('f'), or None."""
    found = _rows_of(flat, inner)
    if found is None:
        return None
    (x, rows), mean, rstd = found, _float32(mean), _float32(rstd)
    w, b = _optional_address(weight, inner), _optional_address(bias, inner)
    if mean is None or rstd is None or w is None or b is None:
        return None
    out = array("f", bytes(4 * len(x)))
    wasm.layer_norm_output_f32(_address(x), rows, inner, _address(mean), _address(rstd), w, b, _address(out))
    return out


def layer_norm_input_grad(x, grad, mean, rstd, weight, inner):
    """norm.layer_norm_input_grad on float32 (weight: a buffer or None): an array('f'), or None."""
    found = _rows_of(x, inner)
    if found is None:
        return None
    (x, rows), grad, mean, rstd = found, _float32(grad), _float32(mean), _float32(rstd)
    w = _optional_address(weight, inner)
    if grad is None or len(grad) != len(x) or mean is None or rstd is None or w is None:
        return None
    out, scratch = array("f", bytes(4 * len(x))), array("d", bytes(8 * 8))
    wasm.layer_norm_input_grad_f32(_address(x), _address(grad), _address(mean), _address(rstd), w, rows, inner,
                                   _address(out), _address(scratch))
    return out


def layer_norm_param_grad(x, grad, mean, rstd, inner, thread_bounds):
    """norm.layer_norm_weight_grad (x, mean, rstd given) or layer_norm_bias_grad (all three None) on
    float32, rows split over the threads by thread_bounds [(start, stop), ...]: an array('f'), or None."""
    found = _rows_of(grad, inner)
    if found is None:
        return None
    grad, _ = found
    if x is not None:
        x, mean, rstd = _float32(x), _float32(mean), _float32(rstd)
        if x is None or len(x) != len(grad) or mean is None or rstd is None:
            return None
    bounds = array("i", [b for run in thread_bounds for b in run])
    acc, out = array("f", bytes(4 * inner)), array("f", bytes(4 * inner))
    px, pmean, prstd = (0 if b is None else _address(b) for b in (x, mean, rstd))
    wasm.layer_norm_param_grad_f32(px, _address(grad), pmean, prstd, inner, _address(bounds), len(thread_bounds),
                                   _address(acc), _address(out))
    return out


def u53_below(words, p, value):
    """_random.dropout_mask's multipliers from 2n words (an array('I')): value where the U53() of
    a pair of words is below p, else 0.0; an array('f') when value is a float32 value (the float32
    mask, exact, stored as the tensor will be), else an array('d')."""
    n = len(words) // 2
    f64 = array("f", [value])[0] != value
    out = array("d" if f64 else "f", bytes(n * (8 if f64 else 4)))
    wasm.u53_below(_address(words), _address(out), n, p, value, 1 if f64 else 0)
    return out


def bmm(a, b, batch, m, k, n, rule):
    """_aten.linalg's bmm: `batch` one-rule products (m x k) @ (k x n) (rule N or F) end to end
    as an array('f'), or None."""
    if batch * m * k * n < MIN_PRODUCTS or rule not in ("N", "F"):
        return None
    a, b = _float32(a), _float32(b)
    if a is None or b is None or len(a) != batch * m * k or len(b) != batch * k * n:
        return None
    out, scratch = array("f", bytes(4 * batch * m * n)), array("f", bytes(4 * 16))
    wasm.bmm_f32(_RULES[rule], _address(a), _address(b), _address(out), batch, m, k, n, _address(scratch))
    return out


def adam_step(param, grad, exp_avg, exp_avg_sq, decay, wd, lerp_weight, beta2, one_minus_beta2,
              bias_correction2_sqrt, eps, neg_step_size):
    """optim.Adam's step on one parameter's array('f') buffers of equal length (param, exp_avg and
    exp_avg_sq updated in place; scalars float32 values; decay 0, 1 decoupled or 2 L2)."""
    small = abs(lerp_weight) < 0.5  # lerp's two formulas
    coeff = lerp_weight if small else struct.unpack("<f", struct.pack("<f", lerp_weight - 1))[0]
    wasm.adam_step_f32(_address(param), _address(grad), _address(exp_avg), _address(exp_avg_sq), len(param), decay,
                       wd, coeff, 1 if small else 0, beta2, one_minus_beta2, bias_correction2_sqrt, eps, neg_step_size)


def adadelta_step(param, grad, square_avg, acc_delta, l2, wd, rho, one_minus_rho, eps, neg_lr):
    """optim.Adadelta's step on one parameter's array('f') buffers of equal length (param,
    square_avg and acc_delta updated in place; scalars float32 values; l2: weight decay first)."""
    wasm.adadelta_step_f32(_address(param), _address(grad), _address(square_avg), _address(acc_delta), len(param),
                           1 if l2 else 0, wd, rho, one_minus_rho, eps, neg_lr)
