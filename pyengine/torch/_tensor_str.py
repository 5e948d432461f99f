"""The text of print(tensor) / repr(tensor), mirroring torch/_tensor_str.py.

``format_tensor`` is a pure function of a tensor's elements (flat, row-major), shape and
dtype, so the Tensor class only hands them over. Like PyTorch, one formatter (a common
width and a mode: int / fixed / scientific) is chosen from the elements that are actually
displayed, and a summarised tensor reads only its displayed elements.
"""
import math

from . import _dtype
from ._process import per_process_object


class _PrinterOptions:
    """The current print options (PyTorch's PRINT_OPTS)."""

    def __init__(self):
        self.precision = 4
        self.threshold = 1000
        self.edgeitems = 3
        self.linewidth = 80
        self.sci_mode = None


PRINT_OPTS = per_process_object("torch.set_printoptions", _PrinterOptions())

_PROFILES = (
    ("default", {"precision": 4, "threshold": 1000, "edgeitems": 3, "linewidth": 80}),
    ("short", {"precision": 2, "threshold": 1000, "edgeitems": 2, "linewidth": 80}),
    ("full", {"precision": 4, "threshold": math.inf, "edgeitems": 3, "linewidth": 80}),
)


def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None,
                     profile=None, sci_mode=None):
    """Set options for printing tensors (torch.set_printoptions).

    precision: digits after the point (default 4); threshold: element count above which a
    tensor is summarised (default 1000); edgeitems: items kept at each end of a summarised
    dim (default 3); linewidth: characters per line (default 80); profile: "default",
    "short" or "full" presets, overridden by the other arguments; sci_mode: True/False
    forces scientific notation on/off, None (the default) lets each tensor decide.
    As in PyTorch, every call resets sci_mode to the value given.
    """
    for name, preset in _PROFILES:
        if profile is not None and profile == name:
            for option, value in preset.items():
                setattr(PRINT_OPTS, option, value)
    if precision is not None:
        PRINT_OPTS.precision = precision
    if threshold is not None:
        PRINT_OPTS.threshold = threshold
    if edgeitems is not None:
        PRINT_OPTS.edgeitems = edgeitems
    if linewidth is not None:
        PRINT_OPTS.linewidth = linewidth
    PRINT_OPTS.sci_mode = sci_mode


def get_printoptions():
    """The current options as a dict that can be passed back to set_printoptions(**options)."""
    return {"precision": PRINT_OPTS.precision, "threshold": PRINT_OPTS.threshold,
            "edgeitems": PRINT_OPTS.edgeitems, "linewidth": PRINT_OPTS.linewidth,
            "sci_mode": PRINT_OPTS.sci_mode}


class printoptions:
    """Context manager that sets print options and restores the previous ones on exit."""

    def __init__(self, **options):
        self.options = options

    def __enter__(self):
        self.saved = get_printoptions()
        set_printoptions(**self.options)

    def __exit__(self, *exc_info):
        set_printoptions(**self.saved)


def _format_elements(shown, dtype):
    """Each displayed element as text, padded to the common width; and that width."""
    if dtype.kind != "f":
        if dtype.kind == "b":
            texts = ["True" if v else "False" for v in shown]
        else:
            texts = [str(v) for v in shown]
        width = max(1, max(map(len, texts)))
        return [t.rjust(width) for t in texts], width

    isfinite = math.isfinite
    # Only finite nonzero values choose the mode and the width (zero is falsy, nan is not).
    nonzero_finite = [v for v in shown if v and isfinite(v)]
    if not nonzero_finite:
        # all zero, nan or inf: integer mode with width 1
        return [f"{v:.0f}." if isfinite(v) else f"{v:.0f}" for v in shown], 1

    magnitudes = [abs(v) for v in nonzero_finite]
    smallest, largest = min(magnitudes), max(magnitudes)
    sci_mode = PRINT_OPTS.sci_mode
    if sci_mode is None:
        sci_mode = largest / smallest > 1000.0 or largest > 1.0e8 or smallest < 1.0e-4
    if sci_mode:
        spec = f".{PRINT_OPTS.precision}e"
        texts = [format(v, spec) for v in shown]
    elif all(v.is_integer() for v in nonzero_finite):
        # integral floats print with a trailing dot to show the tensor is floating
        texts = [f"{v:.0f}." if isfinite(v) else f"{v:.0f}" for v in shown]
    else:
        spec = f".{PRINT_OPTS.precision}f"
        texts = [format(v, spec) for v in shown]
    # The width counts finite nonzero values only; longer texts ('-0.0000') are not cut.
    width = max(len(t) for t, v in zip(texts, shown) if v and isfinite(v))
    return [t.rjust(width) for t in texts], width


def _layout(texts, start, dims, indent, width):
    """The bracketed text of a (sub-)tensor whose displayed elements start at texts[start].

    dims holds one (displayed count, cut) pair per dim; a cut dim shows its first and last
    edgeitems entries with a '...' between them."""
    count, cut = dims[0]
    edge = PRINT_OPTS.edgeitems
    if len(dims) == 1:
        row = texts[start:start + count]
        if cut:
            row[edge:edge] = [" ..."]
        per_line = max(1, math.floor((PRINT_OPTS.linewidth - indent) / (width + 2)))
        lines = [", ".join(row[i:i + per_line]) for i in range(0, len(row), per_line)]
        return "[" + (",\n" + " " * (indent + 1)).join(lines) + "]"
    block = 1
    for sub_count, _ in dims[1:]:
        block *= sub_count
    parts = [_layout(texts, start + i * block, dims[1:], indent + 1, width) for i in range(count)]
    if cut:
        parts[edge:edge] = ["..."]
    return "[" + ("," + "\n" * (len(dims) - 1) + " " * (indent + 1)).join(parts) + "]"


def _body(values, shape, numel, dtype, indent=len("tensor(")):
    """The text between 'tensor(' and the suffixes, for a tensor with elements."""
    if not shape:
        texts, _ = _format_elements([values[0]], dtype)
        return texts[0]
    summarize = numel > PRINT_OPTS.threshold
    edge = PRINT_OPTS.edgeitems
    if summarize and not edge:
        return "[...]"
    # The displayed positions along each dim, then the flat offsets of the displayed elements.
    dims, kept_per_dim = [], []
    for n in shape:
        cut = summarize and n > 2 * edge
        dims.append((2 * edge if cut else n, cut))
        kept_per_dim.append(list(range(edge)) + list(range(n - edge, n)) if cut else range(n))
    if any(cut for _, cut in dims):
        offsets = [0]
        for n, kept in zip(shape, kept_per_dim):
            offsets = [o * n + i for o in offsets for i in kept]
        shown = [values[o] for o in offsets]
    else:
        shown = values
    texts, width = _format_elements(shown, dtype)
    return _layout(texts, 0, dims, indent, width)


def format_tensor(values, shape, dtype, *, suffixes=(), prefix="tensor("):
    """repr(tensor): 'tensor(' + elements + suffixes + ')', byte-identical to PyTorch.

    values: the elements in row-major order (Python floats holding the exact float32/float64
    values, ints, or bools); a summarised tensor reads only values[i] of displayed elements.
    shape: tuple of ints. dtype: a torch dtype. suffixes: already formatted suffixes after
    the dtype, e.g. ("grad_fn=<MulBackward0>",) or ("requires_grad=True",). prefix: a Tensor
    subclass prints its class name instead of 'tensor'.
    """
    numel = 1
    for n in shape:
        numel *= n
    default_dtype = _dtype.get_default_dtype()
    extra = []
    if numel == 0:
        body = "[]"
        # Shapes other than (0,) are spelled out, and so is any non-default dtype (int64
        # too: an empty tensor has no elements to show that it holds integers).
        if len(shape) != 1:
            extra.append("size=" + str(tuple(shape)))
        if dtype is not default_dtype:
            extra.append("dtype=" + str(dtype))
    else:
        if not PRINT_OPTS.edgeitems:
            extra.append("size=" + str(tuple(shape)))
        if dtype is not default_dtype and dtype is not _dtype.int64 and dtype is not _dtype.bool_:
            extra.append("dtype=" + str(dtype))
        body = _body(values, shape, numel, dtype, len(prefix))
    if suffixes:
        extra.extend(suffixes)
    return _add_suffixes(prefix + body, extra, len(prefix))


def _add_suffixes(text, suffixes, indent=len("tensor(")):
    """Append ', suffix' per suffix, starting a new line when it would pass the line width."""
    parts = [text]
    last_line_len = len(text) - text.rfind("\n") + 1
    for suffix in suffixes:
        if last_line_len + len(suffix) + 2 > PRINT_OPTS.linewidth:
            parts.append(",\n" + " " * indent + suffix)
            last_line_len = indent + len(suffix)
        else:
            parts.append(", " + suffix)
            last_line_len += len(suffix) + 2
    parts.append(")")
    return "".join(parts)
