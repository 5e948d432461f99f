"""What PyTorch's argument parser says when a Tensor method is called without its required
arguments (``x.unsqueeze()``, ``x.transpose(0)``): a learner's common slip, which Python's
own binding error reports in other words.

A method with one signature names the missing arguments (with PyTorch's plural the wrong way
round); a method with several overloads lists the signatures instead. Methods PyTorch writes
in Python (split, unflatten) get Python's message under their ``Tensor.`` name.
"""
from .autograd.derivatives import parameters

# method -> its required parameters, in order (methods with one signature)
REQUIRED = {
    "unsqueeze": ("dim",), "transpose": ("dim0", "dim1"), "swapdims": ("dim0", "dim1"),
    "swapaxes": ("axis0", "axis1"), "chunk": ("chunks",), "select": ("dim", "index"),
    "index_select": ("dim", "index"), "gather": ("dim", "index"), "scatter_add": ("dim", "index", "src"),
    "index_add": ("dim", "index", "source"), "index_copy": ("dim", "index", "source"),
    "index_put": ("indices", "values"), "index_put_": ("indices", "values"), "masked_select": ("mask",),
    "expand_as": ("other",), "view_as": ("other",), "reshape_as": ("other",), "type_as": ("other",),
    "softmax": ("dim",), "log_softmax": ("dim",), "cumsum": ("dim",), "cumprod": ("dim",), "cummax": ("dim",),
    "cummin": ("dim",), "logsumexp": ("dim",), "topk": ("k",), "kthvalue": ("k",), "roll": ("shifts",),
    "mul": ("other",), "matmul": ("other",), "mm": ("mat2",), "bmm": ("mat2",), "mv": ("vec",), "dot": ("tensor",),
    "outer": ("vec2",), "maximum": ("other",), "minimum": ("other",), "atan2": ("other",), "allclose": ("other",),
    "isclose": ("other",), "equal": ("other",), "new_full": ("size", "fill_value"), "new_zeros": ("size",),
    "new_tensor": ("data",),
}

# method -> the signatures PyTorch lists (methods with several overloads)
OVERLOADS = {
    "add": ("Tensor other, *, Number alpha = 1",), "sub": ("Tensor other, *, Number alpha = 1",),
    "div": ("Tensor other", "Tensor other, *, str rounding_mode", "Number other, *, str rounding_mode"),
    "pow": ("Tensor exponent", "Number exponent"),
    "remainder": ("Tensor other", "Number other"), "fmod": ("Tensor other", "Number other"),
    **{name: ("Tensor other", "Number other") for name in ("eq", "ne", "lt", "le", "gt", "ge")},
    "masked_fill": ("Tensor mask, Tensor value", "Tensor mask, Number value"),
    "where": ("Tensor condition, Tensor other", "Tensor condition, Number other"),
    "fill_": ("Tensor value", "Number value"), "copy_": ("Tensor other, bool non_blocking = False",),
    "lerp": ("Tensor end, Tensor weight", "Tensor end, Number weight"),
    "addcmul": ("Tensor tensor1, Tensor tensor2, *, Number value = 1",),
    "addcdiv": ("Tensor tensor1, Tensor tensor2, *, Number value = 1",),
    "narrow": ("int dim, Tensor start, int length", "int dim, int start, int length"),
    "movedim": ("int source, int destination", "tuple of ints source, tuple of ints destination"),
    "moveaxis": ("int source, int destination", "tuple of ints source, tuple of ints destination"),
    "scatter": ("int dim, Tensor index, Tensor src", "int dim, Tensor index, Tensor src, *, str reduce",
                "int dim, Tensor index, Number value", "int dim, Tensor index, Number value, *, str reduce"),
    "index_fill": ("int dim, Tensor index, Tensor value", "int dim, Tensor index, Number value"),
    "repeat_interleave": ("Tensor repeats, int dim = None, *, int output_size = None",
                          "int repeats, int dim = None, *, int output_size = None"),
    "tensor_split": ("tuple of ints indices, int dim = 0", "Tensor tensor_indices_or_sections, int dim = 0",
                     "int sections, int dim = 0"),
}

# methods written in Python in PyTorch -> their required parameters
PYTHON_REQUIRED = {"split": ("split_size",), "unflatten": ("dim", "sizes")}


def _required_count(signature):
    return sum(1 for p in signature.split(", ") if p != "*" and " = " not in p)


def _type_name(value):
    from ._tensor import Tensor
    if isinstance(value, Tensor):
        return "Tensor"
    return type(value).__name__ if isinstance(value, (bool, int, float, str, type(None))) else None


def _missing(params, args, kwargs):
    """PyTorch's parser: from the first required parameter not given, all the rest."""
    for i, name in enumerate(params):
        if i >= len(args) and name not in kwargs:
            return params[i:]
    return ()


def _one_signature(name, params):
    def check(args, kwargs):
        missing = _missing(params, args, kwargs)
        if missing:
            plural = "s" if len(missing) == 1 else ""
            listed = ", ".join(f'"{p}"' for p in missing)
            return f"{name}() missing {len(missing)} required positional argument{plural}: {listed}"
    return check


def _python_signature(name, params):
    def check(args, kwargs):
        missing = _missing(params, args, kwargs)
        if missing:
            quoted = [f"'{p}'" for p in missing]
            listed = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]
            plural = "s" if len(missing) > 1 else ""
            return f"Tensor.{name}() missing {len(missing)} required positional argument{plural}: {listed}"
    return check


def _overloads(name, signatures):
    fewest = min(_required_count(s) for s in signatures)

    def check(args, kwargs):
        types = [_type_name(a) for a in args]
        if kwargs or len(args) >= fewest or None in types:
            return None  # the method's own checks report it
        listed = "one of:\n" + "".join(f" * ({s})\n" for s in signatures) if len(signatures) > 1 \
            else f"({signatures[0]})"
        return f"{name}() received an invalid combination of arguments - got ({', '.join(types)}), but expected {listed}"
    return check


def with_parser_errors(method, name):
    """``method`` checking first that its required arguments are there, as PyTorch's parser does."""
    if name in REQUIRED:
        check, needed = _one_signature(name, REQUIRED[name]), len(REQUIRED[name])
    elif name in PYTHON_REQUIRED:
        check, needed = _python_signature(name, PYTHON_REQUIRED[name]), len(PYTHON_REQUIRED[name])
    else:
        check, needed = _overloads(name, OVERLOADS[name]), min(_required_count(s) for s in OVERLOADS[name])

    def checked(self, *args, **kwargs):
        if len(args) < needed:
            message = check(args, kwargs)
            if message:
                raise TypeError(message)
        return method(self, *args, **kwargs)

    checked.__name__ = checked.__qualname__ = name
    checked.__doc__ = method.__doc__
    checked.__wrapped__ = method  # its signature is the method's
    return checked


NAMES = (*REQUIRED, *OVERLOADS, *PYTHON_REQUIRED)


# ---- keywords every native function accepts ------------------------------------------------
# PyTorch's parser takes numpy's names for some parameters (python_arg_parser.cpp,
# numpy_compatibility_arg_names) and an out= tensor on every function that has an out variant.
NUMPY_ALIASES = {"axis": "dim", "keepdims": "keepdim", "x": "input", "x1": "input", "a": "input", "x2": "other"}

# out= kernels of these check the dtype strictly instead of casting the result
STRICT_OUT_DTYPE = {"matmul", "mm", "bmm", "mv", "dot", "addmm", "outer"}


def _renames(fn, method):
    """{keyword a caller may use: the parameter of fn it means}; None when fn takes **kwargs.
    Functions (not methods) whose first parameter is ``self`` also take it as ``input=``."""
    try:
        names, var_positional, var_keyword = parameters(fn)
    except (TypeError, ValueError):
        return None
    if var_keyword is not None:
        return None
    renames = {alias: real for alias, real in NUMPY_ALIASES.items() if real in names and alias not in names}
    first = names[0] if names else None
    if not method and first == "self" and first != var_positional:
        renames.update(input="self", **{a: "self" for a, real in NUMPY_ALIASES.items() if real == "input"})
    return renames


def with_keyword_parity(fn, name, takes_out, method=False, graph_error=True):
    """``fn`` accepting numpy's keyword names and, when ``takes_out``, an ``out=`` tensor (or
    tuple of tensors) that receives the result as PyTorch's out= variants do: not from a graph
    (an error naming ``name``), unless not ``graph_error`` (PyTorch's composites that copy their
    result into out)."""
    renames = _renames(fn, method)
    if renames is None or not renames and not takes_out:
        return fn

    def parsed(*args, **kwargs):
        if kwargs:
            for alias in [k for k in kwargs if k in renames]:
                real = renames[alias]
                if real in kwargs:
                    raise TypeError(f"{name}() got multiple values for argument '{real}'")
                kwargs[real] = kwargs.pop(alias)
            out = kwargs.pop("out", None) if takes_out else None
            if out is not None:
                result = fn(*args, **kwargs)
                return write_out(name, _no_graph(name, result) if graph_error else result, out)
        return fn(*args, **kwargs)

    parsed.__name__ = parsed.__qualname__ = name
    parsed.__doc__ = fn.__doc__
    parsed.__wrapped__ = fn
    # What it takes beyond fn's signature (which inspect reports through __wrapped__); read by
    # tools/api_audit.py. A Signature built here would cost every op's import.
    parsed.extra_keywords = (*renames, *(("out",) if takes_out else ()))
    return parsed


def _no_graph(name, result):
    """``result``, unless it is part of a graph: out= variants are not differentiable (a result
    without a derivative, e.g. special.bessel_j0 or argmax's indices, is fine)."""
    from ._tensor import Tensor
    if any(isinstance(r, Tensor) and r._requires_grad for r in (result if isinstance(result, tuple) else (result,))):
        raise RuntimeError(f"{name}(): functions with out=... arguments don't support automatic "
                           "differentiation, but one of the arguments requires grad.")
    return result


def write_out(name, result, out):
    """Copy ``result`` into ``out`` (resized when its shape differs, with PyTorch's warning when
    it had elements); returns ``out``. Tuple results go into a tuple of outs, one by one."""
    if isinstance(result, tuple):
        for r, o in zip(result, out):
            write_out(name, r, o)
        from . import return_types
        named = getattr(return_types, type(result).__name__ + "_out", None)  # max -> max_out
        return named(out) if named is not None else out
    import warnings
    from ._ops._helpers import type_name, CPP_TYPE_NAMES
    from ._ops.copy import can_cast
    from .autograd.grad_mode import no_grad
    if name in STRICT_OUT_DTYPE and result.dtype is not out.dtype:
        raise RuntimeError(f"Expected out tensor to have dtype {CPP_TYPE_NAMES[result.dtype.name]}, but got "
                           f"{CPP_TYPE_NAMES[out.dtype.name]} instead")
    if not can_cast(result.dtype, out.dtype):
        raise RuntimeError(f"result type {type_name(result.dtype)} can't be cast to the desired output type "
                           f"{type_name(out.dtype)}")
    with no_grad():
        if out._shape != result._shape:
            if out.numel():
                shape, wanted = ", ".join(map(str, out._shape)), ", ".join(map(str, result._shape))
                warnings.warn(
                    f"An output with one or more elements was resized since it had shape [{shape}], which does "
                    f"not match the required output shape [{wanted}]. This behavior is deprecated, and in a "
                    "future PyTorch release outputs will not be resized unless they have zero elements. You can "
                    "explicitly reuse an out tensor t by resizing it, inplace, to zero elements with "
                    "t.resize_(0). (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/"
                    "Resize.cpp:30.)", UserWarning, stacklevel=3)
            fresh = result.to(out.dtype, copy=True)
            out._storage, out._shape, out._stride, out._offset = \
                fresh._storage, fresh._shape, fresh._stride, fresh._offset
            if not result._requires_grad:
                return out
        if not result._requires_grad:
            return out.copy_(result)
    return out.copy_(result)  # a composite's result (graph_error=False): out joins its graph, CopyBackwards

