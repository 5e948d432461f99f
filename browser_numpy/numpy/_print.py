"""Printing, byte for byte numpy 2.x's arrayprint: set_printoptions, the float formatter's
positional/scientific choice and padding (floatmode "maxprec", unique shortest digits per dtype),
summarisation (threshold, edgeitems), line wrapping, repr's dtype=/shape= extras, scalar reprs."""
import math
from contextlib import contextmanager

from . import _dtypes as D

_DEFAULTS = dict(precision=8, threshold=1000, edgeitems=3, linewidth=75, suppress=False, nanstr="nan",
                 infstr="inf", sign="-", floatmode="maxprec", legacy=False)
_options = dict(_DEFAULTS)


def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None, suppress=None, nanstr=None,
                     infstr=None, formatter=None, sign=None, floatmode=None, *, legacy=None, override_repr=None):
    if formatter is not None or override_repr is not None or legacy not in (None, False):
        raise NotImplementedError("numpy.set_printoptions(formatter=, legacy=, override_repr=) is not available in the browser")
    given = dict(precision=precision, threshold=threshold, edgeitems=edgeitems, linewidth=linewidth,
                 suppress=suppress, nanstr=nanstr, infstr=infstr, sign=sign, floatmode=floatmode)
    if floatmode not in (None, "maxprec", "fixed", "unique", "maxprec_equal"):
        raise ValueError("floatmode option must be one of 'fixed', 'unique', 'maxprec' or 'maxprec_equal'")
    if sign not in (None, "-", "+", " "):
        raise ValueError("sign option must be one of ' ', '+', or '-'")
    for key, value in given.items():
        if value is not None:
            _options[key] = value
    if threshold is not None and math.isnan(threshold):
        raise ValueError("threshold must be non-NAN, try sys.maxsize for untruncated representation")


def get_printoptions():
    return dict(_options, formatter=None, override_repr=None)


@contextmanager
def printoptions(*args, **kwargs):
    saved = dict(_options)
    set_printoptions(*args, **kwargs)
    try:
        yield get_printoptions()
    finally:
        _options.clear()
        _options.update(saved)


def reset():
    """Back to numpy's defaults (the worker's per-run reset)."""
    _options.clear()
    _options.update(_DEFAULTS)


# ---------------------------------------------------------------------------------------
# Dragon4's two modes, on the shortest digits of each value in its own dtype


def _digits(v, precision, unique, scientific):
    """(int part, fraction digits, exponent or None) of |v|."""
    v = abs(v)
    if scientific:
        if unique:
            text = repr(v)
            digits, exp = _sig_digits(text), _exp10(text)
            if precision is not None and len(digits) - 1 > precision:
                mantissa, _, exponent = f"{v:.{precision}e}".partition("e")
                digits, exp = mantissa.replace(".", "").rstrip("0") or "0", int(exponent)
            return digits[0], digits[1:], exp
        mantissa, _, exponent = f"{v:.{precision}e}".partition("e")
        whole, _, frac = mantissa.partition(".")
        return whole, frac, int(exponent)
    if unique:
        text = _positional_text(v)
        whole, _, frac = text.partition(".")
        frac = frac.rstrip("0")
        if precision is not None and len(frac) > precision:
            whole, _, frac = f"{v:.{precision}f}".partition(".")
            frac = frac.rstrip("0")
        return whole, frac, None
    whole, _, frac = f"{v:.{precision}f}".partition(".")
    return whole, frac, None


def _sig_digits(text):
    """The significant digits of a float's repr (no sign, point or exponent)."""
    mantissa = text.partition("e")[0]
    digits = mantissa.replace(".", "").lstrip("0")
    return (digits.rstrip("0") or "0") if "e" in text or "." not in mantissa else (digits.rstrip("0") or "0")


def _exp10(text):
    """The decimal exponent of a float's repr text."""
    mantissa, _, exponent = text.partition("e")
    exp = int(exponent) if exponent else 0
    whole, _, frac = mantissa.partition(".")
    if whole.strip("0"):
        return exp + len(whole.lstrip("0")) - 1
    stripped = frac.lstrip("0")
    return exp - (len(frac) - len(stripped)) - 1


def _positional_text(v):
    """The shortest digits of v, written positionally ("123.45", "0.0001", "1e+20" → "100000000000000000000.")."""
    text = repr(v)
    if "e" not in text:
        return text if "." in text else text + "."
    digits = _sig_digits(text)
    exp = _exp10(text)
    if exp >= 0:
        whole = (digits + "0" * max(0, exp + 1 - len(digits)))[:exp + 1]
        return whole + "." + digits[exp + 1:]
    return "0." + "0" * (-exp - 1) + digits


def format_float_positional(x, precision=None, unique=True, fractional=True, trim="k", sign=False, pad_left=None,
                            pad_right=None, min_digits=None):
    dt = _dtype_of(x)
    return _positional(D.shortest(float(x), dt), precision, unique, trim, sign, pad_left, pad_right, min_digits)


def format_float_scientific(x, precision=None, unique=True, trim="k", sign=False, pad_left=None, exp_digits=None,
                            min_digits=None):
    dt = _dtype_of(x)
    return _scientific(D.shortest(float(x), dt), precision, unique, trim, sign, pad_left, exp_digits, min_digits)


def _dtype_of(x):
    return getattr(x, "_dtype", D.FLOAT64)


def _sign_str(v, sign):
    if math.copysign(1.0, v) < 0:
        return "-"
    return "+" if sign else ""


def _positional(v, precision, unique, trim, sign, pad_left, pad_right, min_digits):
    whole, frac, _ = _digits(v, precision, unique, False)
    if min_digits and len(frac) < min_digits:
        frac += "0" * (min_digits - len(frac))
    if trim == "k" and not frac and not unique:
        pass
    text = _sign_str(v, sign) + whole
    if trim == "-" and not frac:
        point = ""
    elif trim in ("0",) and not frac:
        frac = "0"
        point = "."
    else:
        point = "."
    body = text + point + frac
    if pad_left is not None:
        body = " " * (pad_left - len(text)) + body
    if pad_right is not None:
        body += " " * (pad_right - len(frac))
    return body


def _scientific(v, precision, unique, trim, sign, pad_left, exp_digits, min_digits, exact=None):
    """Dragon4's scientific mode on v's shortest digits; past them, up to min_digits, the digits of
    the exact value (`exact`, when v stands for a float32/float16 value), rounded."""
    whole, frac, exp = _digits(v, precision, unique, True)
    if v == 0:
        whole, frac, exp = "0", "0" * (min_digits or 0), 0
    elif min_digits and len(frac) < min_digits:
        mantissa, _, exponent = f"{abs(v if exact is None else exact):.{min_digits}e}".partition("e")
        whole, _, frac = mantissa.partition(".")
        exp = int(exponent)
    text = _sign_str(v, sign) + whole
    width = max(2, exp_digits or 0) if exp_digits is not None and exp_digits >= 0 else 2
    exponent = f"e{'-' if exp < 0 else '+'}{abs(exp):0{width}d}"
    body = text + "." + frac + exponent
    if pad_left is not None:
        body = " " * (pad_left - len(text)) + body
    return body


# ---------------------------------------------------------------------------------------
# Element formatters


class _FloatFormat:
    def __init__(self, values, dt, options):
        self.dt = dt
        self.floatmode = options["floatmode"]
        self.precision = None if self.floatmode == "unique" else options["precision"]
        self.suppress = options["suppress"]
        self.sign = options["sign"]
        self.options = options
        self.exp_format = False
        shortest = [D.shortest(v, dt) for v in values]
        finite = [v for v in shortest if math.isfinite(v)]
        nonzero = [abs(v) for v in finite if v != 0]
        if nonzero:
            hi, lo = max(nonzero), min(nonzero)
            # numpy 2.3+: the cutoff is 10**min(8, finfo(dtype).precision)
            if hi >= {"float16": 1e3, "float32": 1e6}.get(dt.name, 1e8) or (not self.suppress and (lo < 0.0001 or hi / lo > 1000.0)):
                self.exp_format = True
        if not finite:
            self.pad_left = self.pad_right = 0
            self.trim, self.exp_size, self.unique, self.min_digits = ".", -1, True, None
        elif self.exp_format:
            trim, unique = (".", True) if self.floatmode != "fixed" else ("k", False)
            parts = [_scientific(v, self.precision, unique, trim, self.sign == "+", None, None, None) for v in finite]
            mantissas = [p.partition("e")[0] for p in parts]
            self.exp_size = max(len(p.partition("e")[2]) for p in parts) - 1
            self.trim = "k"
            self.precision = max(len(m.partition(".")[2]) for m in mantissas)
            self.min_digits = self.precision
            self.unique = unique
            self.pad_left = max(len(m.partition(".")[0]) for m in mantissas)
            self.pad_right = self.exp_size + 2 + self.precision
        else:
            trim, unique = (".", True) if self.floatmode != "fixed" else ("k", False)
            parts = [_positional(v, self.precision, unique, trim, self.sign == "+", None, None, None) for v in finite]
            self.pad_left = max(len(p.partition(".")[0]) for p in parts)
            self.pad_right = max(len(p.partition(".")[2]) for p in parts)
            self.exp_size = -1
            self.unique = unique
            if self.floatmode in ("fixed", "maxprec_equal"):
                self.precision = self.min_digits = self.pad_right
                self.trim = "k"
            else:
                self.trim = "."
                self.min_digits = 0
        if self.sign == " " and not any(math.copysign(1.0, v) < 0 for v in finite):
            self.pad_left += 1
        if len(finite) != len(shortest):
            neginf = self.sign != "-" or any(v == -math.inf for v in shortest)
            offset = self.pad_right + 1
            self.pad_left = max(self.pad_left, len(options["nanstr"]) - offset, len(options["infstr"]) + neginf - offset)

    def __call__(self, v):
        exact, v = v, D.shortest(v, self.dt)
        if not math.isfinite(v):
            if v != v:
                ret = ("+" if self.sign == "+" else "") + self.options["nanstr"]
            else:
                ret = ("-" if v < 0 else "+" if self.sign == "+" else "") + self.options["infstr"]
            return " " * (self.pad_left + self.pad_right + 1 - len(ret)) + ret
        if self.exp_format:
            return _scientific(v, self.precision, self.unique, self.trim, self.sign == "+", self.pad_left,
                               self.exp_size, self.min_digits, exact)
        return _positional(v, self.precision, self.unique, self.trim, self.sign == "+", self.pad_left,
                           self.pad_right, self.min_digits)


def _int_format(values, sign):
    if values:
        hi, lo = max(values), min(values)
        hi_len = len(str(hi))
        if sign == " " and lo < 0:
            sign = "-"
        if hi >= 0 and sign in "+ ":
            hi_len += 1
        width = max(hi_len, len(str(lo)))
    else:
        width = 0
    spec = f"{sign}{width}d" if sign != "-" else f"{width}d"
    return lambda v: format(v, spec)


def _format_function(values, dt, shape, options):
    if dt.kind == "b":
        true = " True" if shape != () else "True"
        return lambda v: true if v else "False"
    if dt.kind in "iu":
        return _int_format(values, options["sign"])
    return _FloatFormat(values, dt, options)


# ---------------------------------------------------------------------------------------
# Arrays


def _leading_trailing(a, edge, index=()):
    """The elements numpy's formatter sees when summarising: edge items of each long axis."""
    axis = len(index)
    if axis == a.ndim:
        return [a[index] if a.ndim else a._values()[0]]
    n = a.shape[axis]
    picks = list(range(edge)) + list(range(n - edge, n)) if 2 * edge < n else list(range(n))
    out = []
    for i in picks:
        out.extend(_leading_trailing(a, edge, index + (i,)))
    return out


def _extend_line(s, line, word, width, next_line_prefix):
    needs_wrap = len(line) + len(word) > width
    if len(line) <= len(next_line_prefix):
        needs_wrap = False
    if needs_wrap:
        s += line.rstrip() + "\n"
        line = next_line_prefix
    line += word
    return s, line


def _format_array(a, values, fmt, line_width, next_line_prefix, separator, edge_items, summary_insert):
    shape = a.shape
    strides = []
    acc = 1
    for size in reversed(shape):
        strides.append(acc)
        acc *= size
    strides.reverse()

    def element(index):
        pos = 0
        for i, st, n in zip(index, strides, shape):
            pos += (i % n) * st
        return fmt(values[pos])

    def recurser(index, hanging_indent, curr_width):
        axis = len(index)
        axes_left = len(shape) - axis
        if axes_left == 0:
            return element(index)
        next_hanging_indent = hanging_indent + " "
        next_width = curr_width - len("]")
        a_len = shape[axis]
        show_summary = summary_insert and 2 * edge_items < a_len
        leading, trailing = (edge_items, edge_items) if show_summary else (0, a_len)
        s = ""
        if axes_left == 1:
            elem_width = curr_width - max(len(separator.rstrip()), len("]"))
            line = hanging_indent
            for i in range(leading):
                word = recurser(index + (i,), next_hanging_indent, next_width)
                s, line = _extend_line(s, line, word, elem_width, hanging_indent)
                line += separator
            if show_summary:
                s, line = _extend_line(s, line, summary_insert, elem_width, hanging_indent)
                line += separator
            for i in range(trailing, 1, -1):
                word = recurser(index + (-i,), next_hanging_indent, next_width)
                s, line = _extend_line(s, line, word, elem_width, hanging_indent)
                line += separator
            word = recurser(index + (-1,), next_hanging_indent, next_width)
            s, line = _extend_line(s, line, word, elem_width, hanging_indent)
            s += line
        else:
            line_sep = separator.rstrip() + "\n" * (axes_left - 1)
            for i in range(leading):
                nested = recurser(index + (i,), next_hanging_indent, next_width)
                s += hanging_indent + nested + line_sep
            if show_summary:
                s += hanging_indent + summary_insert + line_sep
            for i in range(trailing, 1, -1):
                nested = recurser(index + (-i,), next_hanging_indent, next_width)
                s += hanging_indent + nested + line_sep
            nested = recurser(index + (-1,), next_hanging_indent, next_width)
            s += hanging_indent + nested
        return "[" + s[len(hanging_indent):] + "]"

    return recurser((), next_line_prefix, line_width)


def array2string(a, max_line_width=None, precision=None, suppress_small=None, separator=" ", prefix="", suffix=""):
    options = dict(_options)
    for key, value in (("linewidth", max_line_width), ("precision", precision), ("suppress", suppress_small)):
        if value is not None:
            options[key] = value
    options["linewidth"] -= len(suffix)
    if a.size == 0:
        return "[]"
    values = a._values()
    if a.size > options["threshold"]:
        summary_insert = "..."
        shown = [_item(v) for v in _leading_trailing(a, options["edgeitems"])]
    else:
        summary_insert = ""
        shown = values
    fmt = _format_function(shown, a.dtype, a.shape, options)
    return _format_array(a, values, fmt, options["linewidth"], " " + " " * len(prefix), separator,
                         options["edgeitems"], summary_insert)


def _item(v):
    return v.item() if hasattr(v, "item") else v


_IMPLIED = ("float64", "int64", "bool")


def array_repr(a):
    prefix = "array("
    body = array2string(a, None, None, None, ", ", prefix, ")")
    extras = []
    if (a.size == 0 and a.shape != (0,)) or a.size > _options["threshold"]:
        extras.append(f"shape={a.shape}")
    if a.dtype.name not in _IMPLIED or a.size == 0:
        extras.append(f"dtype={a.dtype.name}")
    if not extras:
        return prefix + body + ")"
    arr_str = prefix + body + ","
    extra_str = ", ".join(extras) + ")"
    last_line_len = len(arr_str) - (arr_str.rfind("\n") + 1)
    spacer = " "
    if last_line_len + len(extra_str) + 1 > _options["linewidth"]:
        spacer = "\n" + " " * len(prefix)
    return arr_str + spacer + extra_str


def array_str(a):
    if a.shape == ():
        return scalar_str(a[()])
    return array2string(a)


# ---------------------------------------------------------------------------------------
# Scalars


def scalar_str(x):
    dt = x._dtype
    v = x._value()
    if dt.kind == "b":
        return "True" if v else "False"
    if dt.kind in "iu":
        return str(v)
    return _float_scalar_text(v, dt)


_POSITIONAL_BELOW = {"float16": 1e3, "float32": 1e6, "float64": 1e16}  # measured on numpy 2.4


def _float_scalar_text(v, dt):
    if v != v:
        return "nan"
    if v in (math.inf, -math.inf):
        return "inf" if v > 0 else "-inf"
    short = D.shortest(v, dt)
    a = abs(v)
    if a == 0 or 1e-4 <= a < _POSITIONAL_BELOW[dt.name]:
        return _positional(short, None, True, "0", False, None, None, None)
    return _scientific(short, None, True, ".", False, None, None, None).replace(".e", "e")


def scalar_repr(x):
    dt = x._dtype
    if dt.kind == "b":
        return "np.True_" if x._value() else "np.False_"
    return f"np.{dt.name}({scalar_str(x)})"
