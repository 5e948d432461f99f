# Follows LAPACK (BSD-3); notices: licenses/lapack.txt
"""QR in LAPACK's packed form: geqrf (R above the diagonal, the Householder vectors below it,
and their scales tau), linalg.householder_product / orgqr (Q from them) and ormqr (Q or Q^T
times a matrix, without forming Q).

The reflections are linalg.qr's (LAPACK's dlarfg conventions: H = I - tau v v^T, v[0] = 1),
computed in float64 and rounded once, so values agree with PyTorch's LAPACK to the dtype's
last bits (6 significant digits). The derivatives are the adjoint of the product of
reflections, written with tensor operations (so they can be differentiated again): for
Q = H_1 ... H_k E, the gradient reaching H_i is P_i^T G S_i^T (P_i the reflections before
it, S_i those after it times E), and H_i's own derivative gives v_i's and tau_i's.
"""
import math

from .. import return_types
from ..autograd.derivatives import op
from ._helpers import from_values, type_name
from .creation import eye, zeros
from .joining import cat
from .linalg_decompositions import _float_matrices, _householder, _q_from, _rounded
from . import shape as S


def _check_float(A, kernel):
    if A.dtype.kind != "f":
        raise NotImplementedError(f'"{kernel}" not implemented for \'{type_name(A.dtype).capitalize()}\'')


def _reflectors(A, tau):
    """The (v, tau) pairs of the packed matrices ``A`` (m x n) with their scales ``tau``,
    per batch element, as float lists."""
    m = A._shape[-2]
    k = tau._shape[-1]
    scales = [float(t) for t in tau._flat()]
    out = []
    for b, a in enumerate(_float_matrices(A)):
        out.append([([1.0] + [a[i][j] for i in range(j + 1, m)], scales[b * k + j]) for j in range(k)])
    return out


# ---- geqrf --------------------------------------------------------------------------------------

def _no_geqrf_derivative():
    raise RuntimeError("the derivative for 'geqrf' is not implemented.")


@op("GeqrfBackward0", name="geqrf", self=lambda grads: _no_geqrf_derivative())
def _geqrf(self):
    m, n = self._shape[-2], self._shape[-1]
    k = min(m, n)
    packed, scales = [], []
    for a in _float_matrices(self):
        reflectors = _householder(a, m, n)
        for j, (v, tau) in enumerate(reflectors):
            for i in range(j + 1, m):
                a[i][j] = v[i - j]
        packed += [x for row in a for x in row]
        scales += [tau for _, tau in reflectors]
    batch = self._shape[:-2]
    return (from_values(_rounded(packed, self.dtype), self._shape, self.dtype),
            from_values(_rounded(scales, self.dtype), batch + (k,), self.dtype))


@op(name="geqrf", forms="torch Tensor")
def geqrf(input, *, out=None):
    if input.dim() < 2:
        raise RuntimeError("torch.geqrf: input must have at least 2 dimensions.")
    _check_float(input, "geqrf_cpu")
    return return_types.geqrf(_geqrf(input))


# ---- householder_product (orgqr) ------------------------------------------------------------------

def _reflection(A, tau, i):
    """(v_i as a column, tau_i, H_i = I - tau_i v_i v_i^T) of the packed ``A`` (batched)."""
    m = A._shape[-2]
    below = from_values([1.0 if r > i else 0.0 for r in range(m)], (m, 1), A.dtype)
    unit = from_values([1.0 if r == i else 0.0 for r in range(m)], (m, 1), A.dtype)
    v = A.narrow(-1, i, 1) * below + unit
    t = S.unsqueeze(tau.narrow(-1, i, 1), -1)
    return v, t, eye(m, dtype=A.dtype) - t * (v @ S.mT(v))


def _householder_product_backward(grad, A, tau):
    """(gA, gtau) for Q = H_1 ... H_k E (E: the first n columns of I) and its gradient ``grad``."""
    m, n, k = A._shape[-2], A._shape[-1], tau._shape[-1]
    reflections = [_reflection(A, tau, i) for i in range(k)]
    after = [None] * k  # S_i = H_{i+1} ... H_k E
    tail = eye(m, dtype=A.dtype).narrow(-1, 0, n)
    for i in reversed(range(k)):
        after[i] = tail
        tail = reflections[i][2] @ tail
    before = eye(m, dtype=A.dtype)  # P_i = H_1 ... H_{i-1}
    columns, scales = [], []
    for i, (v, t, H) in enumerate(reflections):
        gH = S.mT(before) @ grad @ S.mT(after[i])
        scales.append((-(S.mT(v) @ gH @ v)).squeeze(-1))
        gv = -t * ((gH + S.mT(gH)) @ v)
        columns.append(cat([zeros(gv._shape[:-2] + (i + 1, 1), dtype=A.dtype), gv.narrow(-2, i + 1, m - i - 1)], -2))
        before = before @ H
    gA = cat(columns + [zeros(A._shape[:-1] + (n - k,), dtype=A.dtype)], -1) if k < n else cat(columns, -1)
    return gA, cat(scales, -1)


def _householder_product_jvp(dV, dtau, prod, V, tau):
    """householder_product_jvp: dQ = sum_i H_1..H_(i-1) dH_i H_(i+1)..H_k with
    dH_i = -(dtau_i v_i v_i^T + tau_i dv_i v_i^T + tau_i v_i dv_i^T); the products after H_i come from
    the result by the inverse reflectors H(sigma_i), sigma_i = tau_i / (tau_i |v_i|^2 - 1)."""
    m, n, k = V._shape[-2], V._shape[-1], tau._shape[-1]
    V = V.tril(-1) + eye(m, n, dtype=V.dtype)
    dV = dV.tril(-1)
    first = V.narrow(-1, 0, k)
    sigma = tau / (tau * (first * first).sum(-2) - 1.0)

    def reflected(v, t, K, left):  # (I - t v v^T) K, or K (I - t v v^T)
        if left:
            return K - (S.unsqueeze(t, -1) * v) * (S.mT(v) @ K)
        return K - (K @ (S.unsqueeze(t, -1) * v)) * S.mT(v)

    def rank_one(u, v, t, K):  # -t u v^T K
        return -((S.unsqueeze(t, -1) * u) * (S.mT(v) @ K))

    after = prod.detach().clone()
    before = eye(m, dtype=V.dtype).expand(V._shape[:-2] + (m, m))
    dprod = prod.new_zeros(prod._shape)
    for i in range(k):
        v, dv = V.narrow(-1, i, 1), dV.narrow(-1, i, 1)
        t, dt = tau.narrow(-1, i, 1), dtau.narrow(-1, i, 1)
        after = reflected(v, sigma.narrow(-1, i, 1), after, True)
        dprod = dprod + before @ (rank_one(v, v, dt, after) + rank_one(dv, v, t, after) + rank_one(v, dv, t, after))
        before = reflected(v, t, before, False)
    return dprod


@op("LinalgHouseholderProductBackward0", name="linalg_householder_product", saves="result",
    result=lambda input_t, tau_t, input, tau, result: _householder_product_jvp(input_t, tau_t, result, input, tau),
    input=lambda grad, input, tau: _householder_product_backward(grad, input, tau)[0],
    tau=lambda grad, input, tau: _householder_product_backward(grad, input, tau)[1])
def _householder_product(input, tau):
    m, n = input._shape[-2], input._shape[-1]
    qs = [_q_from(reflectors, m, n) for reflectors in _reflectors(input, tau)]
    return from_values(_rounded([x for q in qs for row in q for x in row], input.dtype), input._shape, input.dtype)


def _check_householder(input, tau, name):
    if input.dim() < 2:
        raise RuntimeError(f"{name}: input must have at least 2 dimensions.")
    if input._shape[-2] < input._shape[-1]:
        raise RuntimeError(f"{name}: input.shape[-2] must be greater than or equal to input.shape[-1]")
    if input._shape[-1] < tau._shape[-1]:
        raise RuntimeError(f"{name}: input.shape[-1] must be greater than or equal to tau.shape[-1]")
    if input.dtype is not tau.dtype:
        raise RuntimeError(f"{name}: tau dtype {type_name(tau.dtype)} does not match input dtype "
                           f"{type_name(input.dtype)}")


def householder_product(A, tau, *, out=None):
    _check_householder(A, tau, "torch.linalg.householder_product")
    return _householder_product(A, tau)


@op(name="orgqr", forms="torch Tensor")
def orgqr(input, tau):
    _check_householder(input, tau, "torch.linalg.householder_product")
    return _householder_product(input, tau)


# ---- ormqr ------------------------------------------------------------------------------------

def _ormqr_backward(grad, input, tau, other, left, transpose, which):
    """The gradient reaching Q (from R = Q C, Q^T C, C Q or C Q^T), then householder_product's
    adjoint on Q = H_1 ... H_k as an m x m product (tau padded with zeros: identities)."""
    if which == 2:
        return ormqr(input, tau, grad, left, not transpose)
    if left:
        gQ = other @ S.mT(grad) if transpose else grad @ S.mT(other)
    else:
        gQ = S.mT(grad) @ other if transpose else S.mT(other) @ grad
    m, n, k = input._shape[-2], input._shape[-1], tau._shape[-1]
    square = cat([input, zeros(input._shape[:-1] + (m - n,), dtype=input.dtype)], -1) if n < m else input
    scales = cat([tau, zeros(tau._shape[:-1] + (m - k,), dtype=tau.dtype)], -1) if k < m else tau
    gA, gtau = _householder_product_backward(gQ, square, scales)
    return gA.narrow(-1, 0, n) if which == 0 else gtau.narrow(-1, 0, k)


@op("OrmqrBackward0", name="ormqr", forms="torch Tensor",
    input=lambda grad, input, tau, other, left, transpose: _ormqr_backward(grad, input, tau, other, left, transpose, 0),
    tau=lambda grad, input, tau, other, left, transpose: _ormqr_backward(grad, input, tau, other, left, transpose, 1),
    other=lambda grad, input, tau, other, left, transpose: _ormqr_backward(grad, input, tau, other, left, transpose, 2))
def ormqr(input, tau, other, left=True, transpose=False, *, out=None):
    """Q @ other (left), other @ Q (right), with Q^T when ``transpose``; Q is the m x m
    product of geqrf's reflections."""
    m = input._shape[-2]
    if other._shape[-2 if left else -1] != m:
        side = "other.shape[-2]" if left else "other.shape[-1]"
        raise RuntimeError(f"torch.ormqr: {side} must be equal to input.shape[-2]")
    rows, cols = other._shape[-2], other._shape[-1]
    values = []
    for reflectors, c in zip(_reflectors(input, tau), _float_matrices(other)):
        q = _q_from(reflectors, m, m)
        if transpose:
            q = [list(col) for col in zip(*q)]
        if left:
            values += [math.fsum(q[i][t] * c[t][j] for t in range(m)) for i in range(rows) for j in range(cols)]
        else:
            values += [math.fsum(c[i][t] * q[t][j] for t in range(m)) for i in range(rows) for j in range(cols)]
    return from_values(_rounded(values, input.dtype), other._shape, input.dtype)
