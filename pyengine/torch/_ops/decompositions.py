"""Functions PyTorch composes from other ops (CompositeImplicitAutograd) or that are a small
pointwise rule: each is written as PyTorch writes it, so the graph it records has the same
nodes (kron ends in UnsafeViewBackward0, cov in SqueezeBackward0, take_along_dim in
GatherBackward0), and the few with a node of their own declare it here.
"""
import itertools
import math

from .. import _dtype
from .._float32 import bits32, from_bits32
from .._process import warn_once
from .._tensor import Tensor
from ..autograd.derivatives import op
from ..autograd.grad_mode import no_grad
from . import linalg as L, pointwise as P, reduction as R, shape as S, joining as J, indexing as I, sorting
from ._helpers import broadcast_shapes, wrap_dim
from .creation import as_tensor, ones, ones_like, zeros
from .gamma import lgamma


def _nan_aware(pick):
    """fmax / fmin: the larger (smaller) of two values, the other one where one is NaN."""
    def forward(self, other):
        with no_grad():
            best = pick(self, other)
            return P.where(P.isnan(self), other, P.where(P.isnan(other), self, best)).to(best.dtype)
    return forward


@op("FmaxBackward0", name="fmax",
    result=lambda self_t, other_t, self, other: other_t + (self > other).logical_or_(other.isnan()) * (self_t - other_t), forms="torch Tensor",
    self=lambda grad, self, other: grad.masked_fill(((self >= other) | other.isnan()).logical_not(), 0),
    other=lambda grad, self, other: grad.masked_fill((self >= other) | other.isnan(), 0))
def fmax(self, other):
    return _nan_aware(P.maximum)(self, other)


@op("FminBackward0", name="fmin",
    result=lambda self_t, other_t, self, other: other_t + (self <= other).logical_or_(other.isnan()) * (self_t - other_t), forms="torch Tensor",
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
    # ATen's _take_along_dim_helper: each broadcast to the other's shape but for dim; along dim an
    # index is taken modulo its size (-1 the last, as gather would not)
    d = wrap_dim(dim, input.dim())
    index_shape, input_shape = list(input._shape), list(indices._shape)
    index_shape[d], input_shape[d] = indices._shape[d], input._shape[d]
    with no_grad():
        indices = P.remainder(indices, input._shape[d]) if input._shape[d] else indices
    return I.gather(S.expand(input, broadcast_shapes(tuple(input_shape), input._shape)), d,
                    S.expand(indices, broadcast_shapes(tuple(index_shape), indices._shape)))


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


@op("VdotBackward0", name="vdot",
    result=lambda self_t, other_t, self, other: _vdot(self_t, other) + _vdot(self, other_t), self=lambda grad, other: grad * other, other=lambda grad, self: grad * self)
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


@op("MulBackward1", name="mul.Scalar",
    result=lambda self_t, other: self_t * other, self=lambda grad, other: grad * other)
def _mul_scalar(self, other):
    """C++'s mul(Tensor, Scalar), which composites call (Python's tensor * number is MulBackward0)."""
    return P.mul.forward(self, other)


def ndtr(input):
    """torch.special.ndtr: PyTorch's composite (1 + erf(x / sqrt 2)) * 0.5, as C++ calls it."""
    x = input if input.dtype.kind == "f" else input.to(_dtype.get_default_dtype())
    return _mul_scalar(P.erf(_mul_scalar(x, math.sqrt(0.5))) + 1, 0.5)


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


def _as_block(t):
    """block_diag's view of an input: 0-d as 1 x 1, 1-d as one row."""
    return t.reshape(1, 1) if t.dim() == 0 else t.reshape(1, -1) if t.dim() == 1 else t


def _block_diag_backward(grad, tensors):
    grads, row, col = [], 0, 0
    for t in tensors:
        rows, cols = _as_block(t)._shape
        grads.append(grad[row:row + rows, col:col + cols].reshape(t._shape).to(t.dtype))
        row, col = row + rows, col + cols
    return grads


@op("BlockDiagBackward0", name="block_diag", saved="",  # (PyTorch's node keeps the sizes, not by name)
    result="auto_linear", tensors=lambda grad, tensors: _block_diag_backward(grad, tensors))
def _block_diag(tensors):
    blocks = [_as_block(t) for t in tensors]
    dtype = _dtype.result_type(*tensors) if tensors else _dtype.get_default_dtype()
    out = zeros((sum(b._shape[0] for b in blocks), sum(b._shape[1] for b in blocks)), dtype=dtype) if blocks \
        else zeros((1, 0), dtype=dtype)
    row = col = 0
    for b in blocks:
        out[row:row + b._shape[0], col:col + b._shape[1]] = b
        row, col = row + b._shape[0], col + b._shape[1]
    return out


@op(name="block_diag", forms="torch")
def block_diag(*tensors):
    for i, t in enumerate(tensors):
        if t.dim() > 2:
            raise RuntimeError(f"torch.block_diag: Input tensors must have 2 or fewer dimensions. Input {i} has "
                               f"{t.dim()} dimensions")
    return _block_diag(list(tensors))


@op(name="combinations", forms="torch")
def combinations(input, r=2, with_replacement=False):
    """Every r-element combination of a 1-d tensor's elements, as rows (PyTorch stacks the
    columns it picks with index tensors)."""
    if input.dim() != 1:
        raise RuntimeError(f"Expect a 1D vector, but got shape [{', '.join(map(str, input._shape))}]")
    if r < 0:
        raise RuntimeError(f"Expect a non-negative number, but got {r}")
    if r == 0:
        return input.new_empty((0,))
    pick = itertools.combinations_with_replacement if with_replacement else itertools.combinations
    rows = list(pick(range(input._shape[0]), r))
    columns = [as_tensor([row[k] for row in rows], dtype=_dtype.int64) for k in range(r)]
    return J.stack([I.index_select(input, 0, c) if rows else input[:0] for c in columns], 1)


@op(name="linalg_multi_dot", forms="torch.chain_matmul")
def chain_matmul(*matrices):
    warn_once("torch.chain_matmul is deprecated and will be removed in a future PyTorch release. Use "
              "torch.linalg.multi_dot instead, which accepts a list of two or more tensors rather than multiple "
              "parameters. (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/LinearAlgebra.cpp:"
              "1102.)")
    if len(matrices) == 1:
        return matrices[0].clone()
    return multi_dot(matrices)


def multi_dot(tensors):
    """The product of the matrices left to right (a first 1-d tensor is a row, a last one a column)."""
    tensors = list(tensors)
    if len(tensors) < 2:
        raise RuntimeError(f"multi_dot(): expected at least 2 tensors but got {len(tensors)}")
    out = tensors[0]
    for t in tensors[1:]:
        out = L.matmul(out, t)
    return out


def linalg_diagonal(A, *, offset=0, dim1=-2, dim2=-1):
    return S.diagonal(A, offset, dim1, dim2)


def _cumprod_powers(x, n):
    """x's powers 1, x, x**2 ... x**(n-1) along a new last dim, as PyTorch's cumprod makes them."""
    x_ = S.unsqueeze(x, -1)
    if x.dtype.kind in "biu":
        x_ = x_.to(_dtype.int64)
    return J.cat([ones_like(x_), x_.expand(x_._shape[:-1] + (n - 1,)).cumprod(-1)], -1)


@op(name="vander", forms="torch")
def vander(x, N=None, increasing=False):
    if x.dim() != 1:
        raise RuntimeError("x must be a one-dimensional tensor.")
    n = x._shape[0] if N is None else N
    if n < 0:
        raise RuntimeError("N must be non-negative.")
    dtype = _dtype.promote_types(x.dtype, _dtype.int64)
    result = ones((x._shape[0], n), dtype=dtype)
    if n > 1:
        result[:, 1:] = S.unsqueeze(x, 1).expand(x._shape[0], n - 1).cumprod(1)
    return result if increasing else result.flip(1)


def linalg_vander(x, *, N=None):
    if x.dim() < 1:
        raise RuntimeError("linalg.vander: x must have at least one dimension.")
    n = x._shape[-1] if N is None else N
    if n <= 1:
        raise RuntimeError("N must be greater than 1.")
    return _cumprod_powers(x, n)


@op(name="cumulative_trapezoid.x", forms="torch")
def cumulative_trapezoid(y, x=None, *, dx=None, dim=-1):
    if y.dim() == 0:
        raise IndexError("slice() cannot be applied to a 0-dim tensor.")
    d = wrap_dim(dim, y.dim())
    left, right = S.narrow(y, d, 0, y._shape[d] - 1), S.narrow(y, d, 1, y._shape[d] - 1)
    if x is None:
        return ((1 if dx is None else dx) / 2. * (left + right)).cumsum(d)
    widths = sorting.diff(x, dim=-1 if x.dim() == 1 else d)
    if x.dim() == 1:
        widths = S.view(widths, (-1,) + (1,) * (y.dim() - 1 - d))
    return P.div_scalar((widths * (left + right)).cumsum(d), 2.)


@op(name="unravel_index", forms="torch")
def unravel_index(indices, shape):
    """The coordinates in ``shape`` of each flat index, one tensor per dim."""
    if isinstance(shape, int):
        shape = (shape,)
    if indices.dtype.kind not in "iu":
        raise TypeError("expected 'indices' to be integer dtype, but got " + str(indices.dtype))
    total = math.prod(shape)
    coords = [[] for _ in shape]
    for v in indices._flat():
        v %= total  # PyTorch wraps an index out of range
        for k in reversed(range(len(shape))):
            coords[k].append(v % shape[k])
            v //= shape[k]
    return tuple(as_tensor(c, dtype=_dtype.int64).reshape(indices._shape) for c in coords)


@op(name="fill_diagonal_", forms="Tensor")
def fill_diagonal_(self, fill_value, wrap=False):
    """Fills the main diagonal in place; with ``wrap``, a tall matrix's diagonal starts again
    after every n + 1 rows (the step through memory continues)."""
    if self.dim() < 2:
        raise RuntimeError("dimensions must larger than 1")
    if self.dim() > 2 and len(set(self._shape)) != 1:
        raise RuntimeError("all dimensions of input must be of equal length")
    n = min(self._shape)
    if wrap and self.dim() == 2 and self._shape[0] > self._shape[1]:
        n = (self.numel() - 1) // (self._shape[1] + 1) + 1
    S._view(self, (n,), (sum(self._stride),)).fill_(fill_value)
    return self


def _upper_pairs(n):
    return [(i, j) for i in range(n) for j in range(i + 1, n)]


def _pdist_backward(grad, self, p, result):
    """The pairs' gradients placed in an n x n matrix (row i, column j > i), then cdist's
    derivative for both operands."""
    n = self._shape[0]
    pairs = _upper_pairs(n)
    flat = as_tensor([i * n + j for i, j in pairs], dtype=_dtype.int64)
    full_grad = zeros((n * n,), dtype=grad.dtype).index_add(0, flat, grad).reshape(n, n)
    full_dist = zeros((n * n,), dtype=result.dtype).index_add(0, flat, result).reshape(n, n)
    # ones on the diagonal (pairs i, i carry no gradient): no 0/0 there for a second derivative
    full_dist = full_dist + S.mT(full_dist) + J.diag_embed(ones((n,), dtype=result.dtype))
    return _cdist_backward(full_grad, self, self, p, full_dist) + \
        _cdist_backward(S.mT(full_grad), self, self, p, full_dist)


@op("PdistBackward0", name="_pdist_forward", self=lambda grad, self, p, result: _pdist_backward(grad, self, p, result))
def _pdist(self, p):
    n = self._shape[0]
    if n < 2:
        return self.new_empty((0,))
    rows = as_tensor([i for i, _ in _upper_pairs(n)], dtype=_dtype.int64)
    columns = as_tensor([j for _, j in _upper_pairs(n)], dtype=_dtype.int64)
    with no_grad():
        return _cdist.forward(I.index_select(self, 0, rows).unsqueeze(1), I.index_select(self, 0, columns).unsqueeze(1),
                              p).reshape(-1)


@op(name="pdist", forms="torch")
def pdist(input, p=2):
    """The p-norm distance between every pair of rows (i < j), in row order."""
    if input.dim() != 2:
        raise RuntimeError(f"pdist only supports 2D tensors, got: {input.dim()}D")
    if p < 0:
        raise RuntimeError("pdist only supports non-negative p values")
    return _pdist(input, float(p))


@op(name="renorm", forms="torch Tensor Tensor_")
def renorm(input, p, dim, maxnorm):
    """Each slice along ``dim`` whose p-norm exceeds maxnorm scaled down to maxnorm / (norm + 1e-7)."""
    return _renorm(input, p, wrap_dim(dim, input.dim()), maxnorm)


def _renorm_backward(grad, self, p, dim, maxnorm):
    others = tuple(d for d in range(self.dim()) if d != dim)
    norm = R._vector_norm(self, p, others, True)
    nb = R._norm_backward(R.sum(self * grad, others, True), self, p, others, True, norm)
    invnorm = (norm + 1e-7).reciprocal()
    factor = invnorm * maxnorm
    return P.where(norm > maxnorm, factor * (grad - invnorm * nb), grad)


def _renorm_jvp(self_t, self, p, dim, maxnorm):
    """Rows whose p-norm exceeds maxnorm are scaled to it: the tangent of x * maxnorm / (norm + 1e-7)."""
    dims = tuple(d for d in range(self.dim()) if d != dim)
    norm = R._vector_norm(self, p, dims, True)
    invnorm = (norm + 1e-7).reciprocal()
    scaled = invnorm * maxnorm * (self_t - self * invnorm * R._norm_jvp(self, self_t, p, norm, dims, True))
    return P.where(norm > maxnorm, scaled, self_t)


@op("RenormBackward0", name="renorm",
    result=_renorm_jvp, self=lambda grad, self, p, dim, maxnorm: _renorm_backward(
    grad, self, p, dim, maxnorm))
def _renorm(self, p, dim, maxnorm):
    with no_grad():
        norm = R._vector_norm(self, p, tuple(d for d in range(self.dim()) if d != dim), True)
        return self * P.where(norm > maxnorm, maxnorm / (norm + 1e-7), 1.0)


def _mvlgamma_arguments(self, p):
    """x - i/2 for i < p along a new last dim (ATen's arange(-p/2 + 1/2, 1/2, 1/2) + x)."""
    offsets = as_tensor([-(p - 1) / 2 + k / 2 for k in range(p)], dtype=self.dtype)
    return offsets + S.unsqueeze(self, -1)


@op("MvlgammaBackward0", name="mvlgamma", result="auto_element_wise",
    self=lambda grad, self, p: grad * _mvlgamma_arguments(self, p).digamma().sum(-1))
def _mvlgamma(self, p):
    with no_grad():
        return lgamma(_mvlgamma_arguments(self, p)).sum(-1) + p * (p - 1) * math.log(math.pi) / 4


@op(name="mvlgamma", forms="torch Tensor Tensor_")
def mvlgamma(input, p):
    """The multivariate log-gamma: the sum of lgamma(x - i/2), i < p, plus p(p-1)/4 log(pi)."""
    if p < 1:
        raise RuntimeError("p has to be greater than or equal to 1")
    if not bool((input > (p - 1) / 2).all()):
        raise RuntimeError("All elements must be greater than (p-1)/2")
    return _mvlgamma(input if input.dtype.kind == "f" else input.to(_dtype.get_default_dtype()), p)


@op(name="nextafter", forms="torch Tensor Tensor_")
def nextafter(input, other):
    """The next representable value after input towards other, in input's dtype."""
    dtype = _dtype.result_type(input, other)
    shape = broadcast_shapes(input._shape, other._shape)
    a, b = input.to(dtype).expand(shape)._flat(), other.to(dtype).expand(shape)._flat()
    if dtype is _dtype.float32:
        def step(x, y):
            if x != x or y != y:
                return math.nan
            if x == y:
                return y
            if x == 0:
                return math.copysign(from_bits32(1), y)
            bits = bits32(x)
            return from_bits32(bits + 1 if (y > x) == (x > 0) else bits - 1)
        values = [step(x, y) for x, y in zip(a, b)]
    else:
        values = [math.nextafter(x, y) for x, y in zip(a, b)]
    return as_tensor(values, dtype=dtype).reshape(shape)


@op(name="apply_", forms="Tensor")
def apply_(self, callable):
    """Each element replaced by callable(element), in place (CPU only in PyTorch too)."""
    values = [callable(v) for v in self._flat()]
    with no_grad():
        return self.copy_(as_tensor(values, dtype=self.dtype).reshape(self._shape))


@op(name="map_", forms="Tensor")
def map_(self, tensor, callable):
    """Each element replaced by callable(element, tensor's element), in place."""
    other = tensor.expand(self._shape)._flat()
    values = [callable(a, b) for a, b in zip(self._flat(), other)]
    with no_grad():
        return self.copy_(as_tensor(values, dtype=self.dtype).reshape(self._shape))


def _gradient_coordinates(x, coordinates, d, edge_order):
    """One dim's gradient at sample coordinates (ATen's second-order formulas for uneven steps)."""
    steps = sorting.diff(coordinates)
    shape = [1] * x.dim()
    shape[d] = -1
    dx1, dx2 = S.narrow(steps, 0, 0, steps._shape[0] - 1), S.narrow(steps, 0, 1, steps._shape[0] - 1)
    a = S.reshape(-dx2 / (dx1 * (dx1 + dx2)), shape)
    b = S.reshape((dx2 - dx1) / (dx1 * dx2), shape)
    c = S.reshape(dx1 / (dx2 * (dx1 + dx2)), shape)
    n = x._shape[d]
    center = a * S.narrow(x, d, 0, n - 2) + b * S.narrow(x, d, 1, n - 2) + c * S.narrow(x, d, 2, n - 2)
    first, second, last, before_last = steps[0], steps[1], steps[-1], steps[-2]
    if edge_order == 1:
        prepend = (S.narrow(x, d, 1, 1) - S.narrow(x, d, 0, 1)) / first
        append = (S.narrow(x, d, n - 1, 1) - S.narrow(x, d, n - 2, 1)) / last
    else:
        prepend = (-(2.0 * first + second) / (first * (first + second)) * S.narrow(x, d, 0, 1)
                   + (first + second) / (first * second) * S.narrow(x, d, 1, 1)
                   + (-first) / (second * (first + second)) * S.narrow(x, d, 2, 1))
        append = (last / (before_last * (last + before_last)) * S.narrow(x, d, n - 3, 1)
                  - (last + before_last) / (last * before_last) * S.narrow(x, d, n - 2, 1)
                  + (2 * last + before_last) / (last * (last + before_last)) * S.narrow(x, d, n - 1, 1))
    return J.cat([prepend, center, append], d)


def _gradient_uniform(x, h, d, edge_order):
    """One dim's gradient for a uniform step h: central differences inside, one-sided (first or
    second order) at the ends, in ATen's order of operations."""
    n = x._shape[d]
    center = (S.narrow(x, d, 2, n - 2) - S.narrow(x, d, 0, n - 2)) / h
    if edge_order == 1:
        prepend = (S.narrow(x, d, 1, 1) - S.narrow(x, d, 0, 1)) / h
        append = (S.narrow(x, d, n - 1, 1) - S.narrow(x, d, n - 2, 1)) / h
    else:
        prepend = (S.narrow(x, d, 0, 1) * -1.5 + S.narrow(x, d, 1, 1) * 2 - S.narrow(x, d, 2, 1) * 0.5) / h
        append = (S.narrow(x, d, n - 3, 1) * 0.5 + S.narrow(x, d, n - 2, 1) * -2 + S.narrow(x, d, n - 1, 1) * 1.5) / h
    return J.cat([prepend, center / 2, append], d)


@op(name="gradient", forms="torch")
def gradient(input, *, spacing=1, dim=None, edge_order=1):
    """Estimates of the derivative of ``input`` along each of ``dim`` (all dims by default),
    one tensor per dim; ``spacing`` is one step for all, a step per dim, or per-dim sample
    coordinates (1-d tensors)."""
    if edge_order not in (1, 2):
        raise RuntimeError("torch.gradient only supports edge_order=1 and edge_order=2.")
    given_dim = dim is not None
    dims = list(range(input.dim())) if dim is None else [dim] if isinstance(dim, int) else list(dim)
    dims = [wrap_dim(d, input.dim()) for d in dims]
    if len(set(dims)) != len(dims):
        repeated = next(d for d in dims if dims.count(d) > 1)
        raise RuntimeError(f"dim {repeated} appears multiple times in the list of dims")
    spacings = list(spacing) if isinstance(spacing, (list, tuple)) else [spacing] * len(dims)
    if len(spacings) != len(dims):
        if given_dim:
            raise RuntimeError(f"torch.gradient expected spacing to be unspecified, a scalar or it's spacing and dim "
                               f"arguments to have the same length, but got a spacing argument of length "
                               f"{len(spacings)} and a dim argument of length {len(dims)}.")
        raise RuntimeError(f"torch.gradient expected spacing to be unspecified, a scalar, or a list of length equal "
                           f"to 'self.dim() = {input.dim()}', since dim argument was not given, but got a list of "
                           f"length {len(spacings)}")
    if any(input._shape[d] < edge_order + 1 for d in dims):
        raise RuntimeError("torch.gradient expected each dimension size to be at least edge_order+1")
    return tuple(_gradient_coordinates(input, h, d, edge_order) if isinstance(h, Tensor) and h.dim() == 1
                 else _gradient_uniform(input, h.item() if isinstance(h, Tensor) else h, d, edge_order)
                 for d, h in zip(dims, spacings))


@op(name="map2_", forms="Tensor")
def map2_(self, x, y, callable):
    """Each element replaced by callable(element, x's element, y's element), in place."""
    values = [callable(*args) for args in zip(self._flat(), x.expand(self._shape)._flat(),
                                              y.expand(self._shape)._flat())]
    with no_grad():
        return self.copy_(as_tensor(values, dtype=self.dtype).reshape(self._shape))


_QUANTILE_MODES = ("linear", "lower", "higher", "midpoint", "nearest")


def _quantile(self, q, dim, keepdim, interpolation, ignore_nan):
    """PyTorch's quantile_compute (Sort.cpp), op for op: sort, ranks, gather, lerp_, then squeeze_
    (the result's node is SqueezeBackward4)."""
    if not isinstance(q, Tensor):  # a Python number: checked, then a tensor of the input's dtype
        if not 0 <= q <= 1:
            raise RuntimeError(f"quantile() q must be in the range [0, 1] but got {q}")
        q = as_tensor(q, dtype=self.dtype)
    if self.numel() == 0:
        raise RuntimeError("quantile() input tensor must be non-empty")
    if q.dim() > 1:
        raise RuntimeError("quantile() q must be a scalar or 1D tensor")
    if self.dtype not in (_dtype.float32, _dtype.float64):
        raise RuntimeError("quantile() input tensor must be either float or double dtype")
    if self.dtype is not q.dtype:
        raise RuntimeError("quantile() q tensor must be same dtype as the input tensor")
    if interpolation not in _QUANTILE_MODES:
        raise RuntimeError("quantile() interpolation must be one of linear, lower, higher, midpoint or nearest, "
                           f"but got {interpolation}")
    wrapped = wrap_dim(0 if dim is None else dim, self.dim())
    if dim is not None and self.dim() > 0:
        out_shape = list(self.shape)
        if keepdim:
            out_shape[wrapped] = 1
        else:
            del out_shape[wrapped]
    else:
        out_shape = [1] * self.dim() if keepdim else []
    with no_grad():
        if not bool(((q >= 0) & (q <= 1)).all()):
            raise RuntimeError("quantile() q values must be in the range [0, 1]")
    if dim is None:
        values = self.flatten().sort()[0]
    elif wrapped == self.dim() - 1:
        values = self.sort()[0]
    else:
        values = self.unsqueeze(-1).transpose(wrapped, -1).sort()[0]
    values = values.view(out_shape + [values.shape[-1]])  # one row per quantile's place in the output
    if ignore_nan:  # ranks among the values that are not NaN (0 where all are: the quantile is NaN)
        ranks = q * (values.isnan().logical_not_().sum(-1, True) - 1)
        ranks.masked_fill_(ranks < 0, 0)
    else:  # a row with a NaN takes its last value (a NaN: sort puts them last)
        last = values.shape[-1] - 1
        ranks, has_nan = S.broadcast_tensors(q * last, values.isnan().any(-1, True))
        ranks = ranks.masked_fill(has_nan, last)
    if interpolation == "lower":
        ranks.floor_()
    elif interpolation == "higher":
        ranks.ceil_()
    elif interpolation == "nearest":
        ranks.round_()
    below = ranks.long()
    result = values.gather(-1, below)
    if interpolation in ("linear", "midpoint"):
        weights = ones_like(ranks) * 0.5 if interpolation == "midpoint" else ranks - below
        result.lerp_(values.gather(-1, ranks.ceil_().long()), weights)
    if q.dim() == 0:
        return result.squeeze_(-1)
    return result.unsqueeze_(0).transpose_(0, -1).squeeze_(-1)


@op(name="quantile", forms="torch Tensor")
def quantile(input, q, dim=None, keepdim=False, *, interpolation="linear"):
    return _quantile(input, q, dim, keepdim, interpolation, False)


@op(name="nanquantile", forms="torch Tensor")
def nanquantile(input, q, dim=None, keepdim=False, *, interpolation="linear"):
    return _quantile(input, q, dim, keepdim, interpolation, True)
