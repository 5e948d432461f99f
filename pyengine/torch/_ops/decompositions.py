"""Functions PyTorch composes from other ops (CompositeImplicitAutograd) or that are a small
pointwise rule: each is written as PyTorch writes it, so the graph it records has the same
nodes (kron ends in UnsafeViewBackward0, cov in SqueezeBackward0, take_along_dim in
GatherBackward0), and the few with a node of their own declare it here.
"""
import math

from .. import _dtype
from .._tensor import Tensor
from ..autograd.derivatives import op
from ..autograd.grad_mode import no_grad
from . import linalg as L, pointwise as P, reduction as R, shape as S, joining as J, indexing as I, sorting
from ._helpers import broadcast_shapes, wrap_dim
from .creation import as_tensor


def _nan_aware(pick):
    """fmax / fmin: the larger (smaller) of two values, the other one where one is NaN."""
    def forward(self, other):
        with no_grad():
            best = pick(self, other)
            return P.where(P.isnan(self), other, P.where(P.isnan(other), self, best)).to(best.dtype)
    return forward


@op("FmaxBackward0", name="fmax", forms="torch Tensor",
    self=lambda grad, self, other: grad.masked_fill(((self >= other) | other.isnan()).logical_not(), 0),
    other=lambda grad, self, other: grad.masked_fill((self >= other) | other.isnan(), 0))
def fmax(self, other):
    return _nan_aware(P.maximum)(self, other)


@op("FminBackward0", name="fmin", forms="torch Tensor",
    self=lambda grad, self, other: grad.masked_fill(((self <= other) | other.isnan()).logical_not(), 0),
    other=lambda grad, self, other: grad.masked_fill((self <= other) | other.isnan(), 0))
def fmin(self, other):
    return _nan_aware(P.minimum)(self, other)


@op(name="heaviside", forms="torch Tensor Tensor_")
def heaviside(input, values, *, out=None):
    if input.dtype is not values.dtype:
        raise RuntimeError("heaviside is not yet implemented for tensors with different dtypes")
    with no_grad():
        zero = P.where(input == 0, values, (input > 0).to(input.dtype))
    return zero


@op(name="isposinf", forms="torch Tensor")
def isposinf(input, *, out=None):
    return P.isinf(input) & (input > 0)


@op(name="isneginf", forms="torch Tensor")
def isneginf(input, *, out=None):
    return P.isinf(input) & (input < 0)


@op(name="signbit", forms="torch Tensor")
def signbit(input, *, out=None):
    if input.dtype.kind != "f":
        return input < 0
    return as_tensor([math.copysign(1.0, v) < 0 for v in input._flat()]).reshape(input._shape)


@op(name="isin.Tensor_Tensor", forms="torch")
def isin(elements, test_elements, *, assume_unique=False, invert=False):
    tests = set(test_elements._flat() if isinstance(test_elements, Tensor) else [test_elements])
    if not isinstance(elements, Tensor):
        return as_tensor((elements in tests) != invert)
    found = [(v in tests) != invert for v in elements._flat()]
    return as_tensor(found, dtype=_dtype.bool_).reshape(elements._shape)


@op(name="take_along_dim", forms="torch Tensor")
def take_along_dim(input, indices, dim=None, *, out=None):
    if dim is None:
        return I.gather(input.reshape(-1), 0, indices.reshape(-1))
    d = wrap_dim(dim, input.dim())
    shape = list(broadcast_shapes(input._shape, indices._shape))
    shape[d] = input._shape[d]
    input = S.expand(input, tuple(shape))
    shape[d] = indices._shape[d]
    return I.gather(input, d, S.expand(indices, tuple(shape)))


@op(name="tensordot", forms="torch")
def tensordot(a, b, dims=2, out=None):
    if isinstance(dims, int):
        dims_a, dims_b = list(range(a.dim() - dims, a.dim())), list(range(dims))
    elif isinstance(dims, Tensor):
        dims = dims.tolist()
        dims_a, dims_b = ([dims[0]], [dims[1]]) if isinstance(dims[0], int) else (dims[0], dims[1])
    else:
        dims_a, dims_b = dims[0], dims[1]
        dims_a = [dims_a] if isinstance(dims_a, int) else list(dims_a)
        dims_b = [dims_b] if isinstance(dims_b, int) else list(dims_b)
    dims_a = [wrap_dim(d, a.dim()) for d in dims_a]
    dims_b = [wrap_dim(d, b.dim()) for d in dims_b]
    if len(dims_a) != len(dims_b):
        raise RuntimeError("both dimension lists should have same length")
    free_a = [d for d in range(a.dim()) if d not in dims_a]
    free_b = [d for d in range(b.dim()) if d not in dims_b]
    size = 1
    for da, db in zip(dims_a, dims_b):
        if a._shape[da] != b._shape[db]:
            raise RuntimeError(f"contracted dimensions need to match, but first has size {a._shape[da]} in dim {da} "
                               f"and second has size {b._shape[db]} in dim {db}")
        size *= a._shape[da]
    rows = math.prod(a._shape[d] for d in free_a)
    cols = math.prod(b._shape[d] for d in free_b)
    t1 = S.reshape(S.permute(a, free_a + dims_a), (rows, size))
    t2 = S.reshape(S.permute(b, dims_b + free_b), (size, cols))
    return S.reshape(L.mm(t1, t2), tuple(a._shape[d] for d in free_a) + tuple(b._shape[d] for d in free_b))


@op(name="kron", forms="torch Tensor")
def kron(input, other, *, out=None):
    ndim = max(input.dim(), other.dim())
    a_shape = (1,) * (ndim - input.dim()) + input._shape
    b_shape = (1,) * (ndim - other.dim()) + other._shape
    a_view = S._unsafe_view(input, tuple(s for n in a_shape for s in (n, 1)))
    b_view = S._unsafe_view(other, tuple(s for n in b_shape for s in (1, n)))
    return S._unsafe_view(P.mul(a_view, b_view), tuple(x * y for x, y in zip(a_shape, b_shape)))


@op("VdotBackward0", name="vdot", self=lambda grad, other: grad * other, other=lambda grad, self: grad * self)
def _vdot(self, other):
    return L._dot.forward(self, other)


@op(name="vdot", forms="torch Tensor")
def vdot(input, other, *, out=None):
    if input.dim() != 1 or other.dim() != 1:
        raise RuntimeError(f"1D tensors expected, but got {input.dim()}D and {other.dim()}D tensors")
    L.dot(input.detach(), other.detach())  # the same size and dtype checks
    return _vdot(input, other)


@op(name="diagflat", forms="torch Tensor")
def diagflat(input, offset=0):
    return J.diag(S.reshape(input.contiguous(), (-1,)), offset)


@op(name="cartesian_prod", forms="torch")
def cartesian_prod(*tensors):
    if len(tensors) == 1:
        return tensors[0]
    sizes = [t.numel() for t in tensors]
    grids = [S.expand(S.reshape(t, tuple(-1 if j == i else 1 for j in range(len(tensors)))), tuple(sizes))
             for i, t in enumerate(tensors)]  # torch.meshgrid(*tensors, indexing="ij")
    return J.stack([S.flatten(g) for g in grids], 1)


@op(name="cov", forms="torch Tensor")
def cov(input, *, correction=1, fweights=None, aweights=None):
    if input.dim() > 2:
        raise RuntimeError(f"cov(): expected input to have two or fewer dimensions but got an input with "
                           f"{input.dim()} dimensions")
    x = S.view(input, (1, -1)) if input.dim() < 2 else input
    observations = x._shape[1]
    w = None
    if fweights is not None:
        w = fweights
    if aweights is not None:
        w = aweights if w is None else w * aweights
    w_sum = R.sum(w) if w is not None else as_tensor(observations)
    avg = R.sum(x * w if w is not None else x, 1) / w_sum
    if w is not None and aweights is not None and correction != 0:
        norm_factor = w_sum - correction * R.sum(w * aweights) / w_sum
    else:
        norm_factor = w_sum - correction
    if bool(norm_factor <= 0):
        import warnings
        warnings.warn("cov(): degrees of freedom is <= 0. Correction should be strictly less than the number of "
                      "observations. (Triggered internally at /pytorch/aten/src/ATen/native/Correlation.cpp:117.)",
                      UserWarning, stacklevel=2)
        norm_factor = norm_factor * 0
    x = x - S.unsqueeze(avg, 1)
    c = L.mm(x, S.t(x * w if w is not None else x))
    return S.squeeze(P.div(c, norm_factor))


@op(name="corrcoef", forms="torch Tensor")
def corrcoef(input):
    if input.dim() > 2:
        raise RuntimeError(f"corrcoef(): expected input to have two or fewer dimensions but got an input with "
                           f"{input.dim()} dimensions")
    c = cov(input)
    if c.dim() == 0:
        return c / c
    stddev = P.sqrt(S.diagonal(c))
    c = c / S.view(stddev, (-1, 1))
    c = c / S.view(stddev, (1, -1))
    return P.clamp(c, -1, 1)


@op("MulBackward1", name="mul.Scalar", self=lambda grad, other: grad * other)
def _mul_scalar(self, other):
    """C++'s mul(Tensor, Scalar), which composites call (Python's tensor * number is MulBackward0)."""
    return P.mul.forward(self, other)


@op(name="trapezoid.x", forms="torch torch.trapz")
def trapezoid(y, x=None, *, dx=None, dim=-1):
    d = wrap_dim(dim, y.dim())
    if y._shape[d] == 0:
        return R.sum(y, d)
    if x is None:
        step = 1 if dx is None else dx
        return _mul_scalar(R.sum(y, d) - (S.select(y, d, 0) + S.select(y, d, -1)) * 0.5, step)
    widths = sorting.diff(x, dim=-1 if x.dim() == 1 else d)
    if x.dim() == 1:
        widths = S.view(widths, (-1,) + (1,) * (y.dim() - 1 - d))
    return P.div_scalar(R.sum(widths * (S.narrow(y, d, 1, y._shape[d] - 1) + S.narrow(y, d, 0, y._shape[d] - 1)), d), 2.)


@op(name="msort", forms="torch Tensor")
def msort(input, *, out=None):
    return sorting.sort(input, 0).values


@op(name="cdist", forms="torch")
def cdist(x1, x2, p=2.0, compute_mode="use_mm_for_euclid_dist_if_necessary"):
    if x1.dim() < 2 or x2.dim() < 2:
        raise RuntimeError(f"cdist only supports at least 2D tensors, X1 got: {x1.dim()}D")
    if x1._shape[-1] != x2._shape[-1]:
        raise RuntimeError(f"X1 and X2 must have the same number of columns. X1: {x1._shape[-1]} X2: {x2._shape[-1]}")
    if p < 0:
        raise RuntimeError("cdist only supports non-negative p values")
    return _cdist(x1, x2, float(p))


def _cdist_backward(grad, x1, x2, p, result):
    diff = S.unsqueeze(x1, -2) - S.unsqueeze(x2, -3)
    dist = S.unsqueeze(result, -1)
    if p == 0:
        return diff * 0
    if p == 1:
        local = P.sign(diff)
    elif p == math.inf:
        local = P.sign(diff) * (diff.abs() == dist)
    else:
        local = P.sign(diff) * diff.abs().pow(p - 1) / dist.pow(p - 1)
    local = local.masked_fill(dist == 0, 0)
    return R.sum(S.unsqueeze(grad, -1) * local, -2)


@op("CdistBackward0", name="_cdist_forward",
    x1=lambda grad, x1, x2, p, result: _cdist_backward(grad, x1, x2, p, result),
    x2=lambda grad, x1, x2, p, result: _cdist_backward(S.transpose(grad, -1, -2), x2, x1, p,
                                                       S.transpose(result, -1, -2)))
def _cdist(x1, x2, p):
    with no_grad():
        diff = (S.unsqueeze(x1, -2) - S.unsqueeze(x2, -3)).abs()
        if p == 0:
            return R.sum((diff != 0).to(x1.dtype), -1)
        if p == math.inf:
            return R.amax(diff, -1)
        if p == 1:
            return R.sum(diff, -1)
        if p == 2:
            return P.sqrt(R.sum(diff * diff, -1))
        return R.sum(diff.pow(p), -1).pow(1 / p)
