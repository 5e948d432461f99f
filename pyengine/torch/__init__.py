"""pyengine's torch: a pure-Python implementation of PyTorch's tensors and autograd."""
from ._dtype import (bool_ as bool, uint8, int8, int16, int32, int64, float16, float32, float64,
                     get_default_dtype, set_default_dtype, promote_types, dtype)
from ._dtype import float32 as float, float64 as double, float16 as half, int64 as long, int32 as int, \
    int16 as short
from ._tensor import Tensor
from ._size import Size
from ._device import device
from . import _methods  # noqa: F401  (binds ops to Tensor)
from . import cuda, return_types, special
from . import _process  # noqa: F401  (program runners call _process.new_run())
from ._ops.creation import (tensor, as_tensor, from_numpy, zeros, ones, full, empty, zeros_like, ones_like,
                            full_like, empty_like, arange, linspace, logspace, eye, FloatTensor, DoubleTensor,
                            LongTensor, IntTensor, BoolTensor, ByteTensor)
from ._ops.pointwise import (add, sub, mul, div, neg, abs, exp, expm1, log, log2, log10, log1p, sqrt, rsqrt,
                             sin, cos, tan, asin, acos, atan, atan2, sinh, cosh, tanh, sigmoid, relu, sign, sgn,
                             floor, ceil, round, trunc, frac, reciprocal, pow, square, erf, clamp, clamp_min,
                             clamp_max, maximum, minimum, lerp, addcmul, addcdiv, remainder, fmod, floor_divide, where, masked_fill,
                             eq, ne, lt, le, gt, ge, logical_and, logical_or, logical_xor, logical_not,
                             bitwise_and, bitwise_or, bitwise_xor, bitwise_not, isnan, isinf, isfinite)
from ._ops.pointwise import rsub_any as rsub, clamp as clip, atan2 as arctan2, neg as negative, div as true_divide
from ._ops.pointwise import (asinh, acosh, atanh, exp2, erfc, deg2rad, rad2deg, asinh as arcsinh, acosh as arccosh,
                             atanh as arctanh, xlogy, logit, hypot, logaddexp, copysign, sinc, float_power)
from ._ops.pointwise import div as divide, mul as multiply, sub as subtract, nan_to_num, isclose, allclose, equal
from ._ops.reduction import cummax, cummin, aminmax, kthvalue, diff
from ._ops.joining import fliplr, flipud, repeat_interleave
from . import linalg
from ._ops.reduction import (sum, mean, prod, max, min, amax, amin, argmax, argmin, std, var, var_mean, std_mean,
                             norm, cumsum, cumprod, logsumexp, softmax, log_softmax, all, any, median, mode, sort,
                             argsort, topk, unique, count_nonzero, nansum, nanmean, dist)
from ._ops.shape import (reshape, flatten, unflatten, squeeze, unsqueeze, permute, transpose, t, narrow, select,
                         movedim, diagonal, expand, tile)
from ._ops.shape import transpose as swapaxes, movedim as moveaxis
from ._ops.indexing import (index_select, gather, scatter, scatter_add, nonzero, masked_select, take, argwhere,
                            index_put, index_add, index_copy, index_fill)
from ._ops.joining import (cat, concat, concatenate, stack, hstack, vstack, dstack, column_stack, atleast_1d,
                           atleast_2d, atleast_3d, split, chunk, unbind, flip, roll, rot90, tril, triu, diag,
                           diag_embed, trace, tensor_split, hsplit, vsplit, dsplit)
from ._ops.shape import ravel, broadcast_to
from ._ops.pointwise import positive, trunc as fix
from ._ops.linalg import mm, addmm, bmm, mv, dot, matmul, inner, outer, ger, einsum, cross
from ._ops.copy import clone
from ._ops.pointwise import binary as _binary
from . import autograd
from .autograd import (no_grad, enable_grad, set_grad_enabled, inference_mode, is_grad_enabled,
                       is_inference_mode_enabled)
from ._tensor_str import set_printoptions
from ._backend import backend as _backend

__version__ = "2.13.0"


def is_tensor(obj):
    return isinstance(obj, Tensor)


def is_floating_point(input):
    return input.is_floating_point()


def numel(input):
    return input.numel()


def result_type(tensor1, tensor2):
    from ._dtype import result_type as _result_type
    return _result_type(tensor1, tensor2)


def can_cast(from_, to):
    from ._ops.copy import can_cast as _can_cast
    return _can_cast(from_, to)


def broadcast_shapes(*shapes):
    from ._ops._helpers import broadcast_shapes as _broadcast_shapes
    return Size(_broadcast_shapes(*[tuple(s) if hasattr(s, "__len__") else (s,) for s in shapes]))


def broadcast_tensors(*tensors):
    shape = broadcast_shapes(*[t.shape for t in tensors])
    return tuple(t if t.shape == shape else t.expand(shape) for t in tensors)  # as PyTorch: no expand needed, none made


def meshgrid(*tensors, indexing="ij"):
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tuple(tensors[0])
    sizes = [t.numel() for t in tensors]
    if indexing == "xy" and len(tensors) >= 2:
        sizes[0], sizes[1] = sizes[1], sizes[0]
    out = []
    for i, t in enumerate(tensors):
        shape = [1] * len(tensors)
        pos = i
        if indexing == "xy" and len(tensors) >= 2 and i < 2:
            pos = 1 - i
        shape[pos] = t.numel()
        out.append(t.reshape(shape).expand(sizes))
    return tuple(out)


def get_num_threads():
    return 2


def set_num_threads(n):
    pass


# ---- random numbers, nn, optim, data, save/load (issue 5) -----------------------------
from ._random_ops import (Generator, default_generator, rand, randn, randint, randperm, normal, bernoulli,
                          multinomial, rand_like, randn_like, randint_like)
from .random import manual_seed, seed, initial_seed, get_rng_state, set_rng_state
from . import random
from .serialization import save, load
from . import nn, optim, utils, distributions
from ._device import get_default_device, set_default_device
from ._dtype import finfo, iinfo
from . import accelerator, backends
from .nn.functional import (conv1d, conv2d, cosine_similarity, pairwise_distance, celu, selu, threshold, prelu,
                            max_pool1d, max_pool2d, avg_pool1d, adaptive_avg_pool1d, bilinear, group_norm)
from ._ops.pointwise import (acos as arccos, asin as arcsin, atan as arctan, gt as greater, ge as greater_equal,
                             lt as less, le as less_equal, ne as not_equal)
from ._ops.shape import transpose as swapdims
from ._ops.histogram import histc, histogram, bincount, searchsorted, bucketize
from ._ops.gamma import lgamma, digamma, polygamma
from ._ops.decompositions import (fmax, fmin, heaviside, logaddexp2, isposinf, isneginf, signbit, isin, take_along_dim,
                                  tensordot, kron, vdot, diagflat, cartesian_prod, cov, corrcoef, trapezoid, msort, cdist)
from ._ops.decompositions import trapezoid as trapz
from ._ops.sampling import poisson, binomial, _standard_gamma, _sample_dirichlet
from ._ops.linalg_solve import inv as inverse, det, logdet, slogdet_function as slogdet
from ._ops.joining import vstack as row_stack
from ._unsupported import unsupported_attribute as __getattr__, install_import_guard

install_import_guard()


# torch.sin_(x) and the like: PyTorch's function forms of the in-place methods
for _name in ("abs_ acos_ acosh_ asin_ asinh_ atan_ atanh_ ceil_ clamp_ clamp_max_ clamp_min_ clip_ cos_ cosh_ "
              "deg2rad_ erf_ erfc_ exp2_ exp_ expm1_ fix_ floor_ frac_ log10_ log1p_ log2_ log_ logit_ neg_ "
              "negative_ rad2deg_ reciprocal_ relu_ round_ rsqrt_ sigmoid_ sin_ sinc_ sinh_ sqrt_ square_ tan_ "
              "tanh_ trunc_ xlogy_ zero_ fill_").split():
    if hasattr(Tensor, _name):
        globals()[_name] = getattr(Tensor, _name)
del _name


def detach(input):
    return input.detach()


def is_nonzero(input):
    if input.numel() != 1:
        raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous" if input.numel()
                           else "Boolean value of Tensor with no values is ambiguous")
    return bool(input.item())


def is_same_size(input, other):
    return input.shape == other.shape



def _with_keyword_parity(namespace):
    """Every op of the namespace takes numpy's keyword names (axis=, keepdims=) and input=, and
    those with an out variant in PyTorch an out= tensor (see _arg_parser)."""
    import types
    from ._arg_parser import with_keyword_parity
    no_out = {"reshape", "flatten", "unflatten", "squeeze", "unsqueeze", "permute", "transpose", "t", "narrow",
              "select", "movedim", "moveaxis", "swapaxes", "diagonal", "expand", "broadcast_to", "ravel", "split",
              "chunk", "unbind", "tensor_split", "hsplit", "vsplit", "dsplit", "as_tensor", "from_numpy", "tensor",
              "is_tensor", "is_floating_point", "numel", "result_type", "can_cast", "broadcast_shapes",
              "broadcast_tensors", "meshgrid", "equal", "allclose", "atleast_1d", "atleast_2d", "atleast_3d",
              "FloatTensor", "DoubleTensor", "LongTensor", "IntTensor", "BoolTensor", "ByteTensor",
              "zeros_like", "ones_like", "full_like", "empty_like", "rand_like", "randn_like", "randint_like"}
    for name, fn in list(namespace.items()):
        if isinstance(fn, types.FunctionType) and not name.startswith("_") and \
                (fn.__module__ is None or fn.__module__.startswith("torch._")):
            namespace[name] = with_keyword_parity(fn, name, takes_out=name not in no_out)


_with_keyword_parity(globals())
