"""Matrix products: mm, addmm, bmm, mv, dot, matmul, outer, einsum.

float32 products use the exact MKL accumulation rules of ``_aten.linalg``; other dtypes
accumulate sequentially in their own type.
"""
from .. import _dtype
from .._float32 import f32, fma32, fma64
from .._aten import linalg as exact
from .._backend import backend as B
from ..autograd.derivatives import op
from ..autograd.grad_mode import no_grad
from ._helpers import new_tensor, from_values, broadcast_shapes, type_name, CPP_TYPE_NAMES
from .pointwise import binary
from .shape import movedim
from . import shape as S


def _check_same_dtype(a, b, what="expected m1 and m2 to have the same dtype"):
    if a.dtype is not b.dtype:
        raise RuntimeError(f"{what}, but got: {CPP_TYPE_NAMES[a.dtype.name]} != {CPP_TYPE_NAMES[b.dtype.name]}")


def _product(a_vals, b_vals, m, k, n, dtype, bias=None, b_transposed=False):
    """(m x k) @ (k x n) [+ bias] as a backend buffer of m*n values."""
    if dtype is _dtype.float32:
        return exact.mm(a_vals, b_vals, m, k, n, bias=bias, b_transposed=b_transposed)
    return B.mm_in_order(a_vals, b_vals, m, k, n, dtype, bias, b_transposed)


def _outer_products(m, k, n, batch=1):
    """Whether MKL computes the product by its k = 1 kernel, which stores each product as it is
    (0 * -1 gives -0.) where every other path adds the products to a +0: from two rows and two
    columns on, one matrix at a time (a bigger bmm's batch goes another way)."""
    return k == 1 and m > 1 and n > 1 and batch == 1


def _mm_values(self, mat2):
    m, k = self._shape
    n = mat2._shape[1]
    if _outer_products(m, k, n):
        return binary("mul", self, mat2)
    return new_tensor(_product(self._buf(), mat2._buf(), m, k, n, self.dtype), (m, n), self.dtype)


def _mm_backward_self(grad, mat2):
    return grad.mm(mat2.t())


def _mm_backward_mat2(grad, self):
    return self.t().mm(grad)


@op("MmBackward0", name="mm", saved="mat2 mat2_sym_sizes mat2_sym_strides self self_sym_sizes self_sym_strides",
    result=lambda self_t, mat2_t, self, mat2: _mm(self_t, mat2) + _mm(self, mat2_t),
    self=lambda grad, mat2: _mm_backward_self(grad, mat2),
    mat2=lambda grad, self: _mm_backward_mat2(grad, self))
def _mm(self, mat2):
    return _mm_values(self, mat2)


@op(name="mm", forms="torch Tensor")
def mm(self, mat2):
    if self.dim() != 2:
        raise RuntimeError(f"self must be a matrix")
    if mat2.dim() != 2:
        raise RuntimeError(f"mat2 must be a matrix")
    if self._shape[1] != mat2._shape[0]:
        raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({self._shape[0]}x{self._shape[1]} "
                           f"and {mat2._shape[0]}x{mat2._shape[1]})")
    _check_same_dtype(self, mat2, "expected m1 and m2 to have the same dtype")
    return _mm(self, mat2)


def _addmm_values(input, mat1, mat2, beta, alpha):
    m, k = mat1._shape
    n = mat2._shape[1]
    dtype = mat1.dtype
    if beta == 1 and alpha == 1 and input._shape in ((n,), (1, n)):
        # nn.Linear's case: the bias enters the accumulation as MKL does
        transposed = mat2._stride == (1, k) and mat2._shape == (k, n)
        b_vals = mat2.t()._buf() if transposed else mat2._buf()
        buf = _product(mat1._buf(), b_vals, m, k, n, dtype, bias=input.reshape(n)._buf(),
                       b_transposed=transposed)
        return new_tensor(buf, (m, n), dtype)
    prod = _mm_values(mat1, mat2)
    if alpha != 1:
        prod = binary("mul", prod, alpha)
    if beta == 0:
        return prod
    scaled = input if beta == 1 else binary("mul", input, beta)
    return binary("add", scaled, prod)


@op("AddmmBackward0", name="addmm",
    saved="alpha beta mat1 mat1_sym_sizes mat1_sym_strides mat2 mat2_sym_sizes mat2_sym_strides",
    result=lambda self_t, mat1_t, mat2_t, mat1, mat2, beta, alpha: _scaled(self_t, beta) + _scaled(_mm(mat1_t, mat2), alpha) + _scaled(_mm(mat1, mat2_t), alpha),
    self=lambda grad, beta: grad if beta == 1 else grad * beta,
    mat1=lambda grad, mat2, alpha: _scaled(grad.mm(mat2.t()), alpha),
    mat2=lambda grad, mat1, alpha: _scaled(mat1.t().mm(grad), alpha))
def _addmm(self, mat1, mat2, beta=1, alpha=1):
    return _addmm_values(self, mat1, mat2, beta, alpha)


def _scaled(t, alpha):
    return t if alpha == 1 else t * alpha


@op(name="addmm", forms="torch Tensor Tensor_")
def addmm(input, mat1, mat2, *, beta=1, alpha=1):
    if mat1.dim() != 2 or mat2.dim() != 2:
        raise RuntimeError(f"{'mat1' if mat1.dim() != 2 else 'mat2'} must be a matrix, got "
                           f"{(mat1 if mat1.dim() != 2 else mat2).dim()}-D tensor")
    if mat1._shape[1] != mat2._shape[0]:
        raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({mat1._shape[0]}x{mat1._shape[1]} "
                           f"and {mat2._shape[0]}x{mat2._shape[1]})")
    for name, a in (("mat1", mat1), ("self", input)):
        if a.dtype is not mat2.dtype:
            raise RuntimeError(f"{name} and mat2 must have the same dtype, but got {type_name(a.dtype)} and "
                               f"{type_name(mat2.dtype)}")
    broadcast_shapes(input._shape, (mat1._shape[0], mat2._shape[1]))
    return _addmm(input, mat1, mat2, beta, alpha)


@op("BmmBackward0", name="bmm",
    result=lambda self_t, mat2_t, self, mat2: _bmm(self_t, mat2) + _bmm(self, mat2_t),
    self=lambda grad, mat2: grad.bmm(mat2.transpose(1, 2)),
    mat2=lambda grad, self: self.transpose(1, 2).bmm(grad))
def _bmm(self, mat2):
    b, m, k = self._shape
    n = mat2._shape[2]
    if k * m * n >= 400 and _outer_products(m, k, n, b):  # smaller ones: torch's own loop (rule N)
        return binary("mul", self, mat2)
    if self.dtype is _dtype.float32:
        buf = exact.bmm(self._buf(), mat2._buf(), b, m, k, n)
    else:
        a, c = self._buf(), mat2._buf()
        parts = [B.to_list(_product(a[i * m * k:(i + 1) * m * k], c[i * k * n:(i + 1) * k * n], m, k, n,
                                    self.dtype), self.dtype) for i in range(b)]
        buf = B.from_list([v for p in parts for v in p], self.dtype)
    return new_tensor(buf, (b, m, n), self.dtype)


@op(name="bmm", forms="torch Tensor")
def bmm(self, mat2):
    if self.dim() != 3:
        raise RuntimeError(f"batch1 must be a 3D tensor")
    if mat2.dim() != 3:
        raise RuntimeError(f"batch2 must be a 3D tensor")
    if self._shape[0] != mat2._shape[0] or self._shape[2] != mat2._shape[1]:
        raise RuntimeError(f"Expected size for first two dimensions of batch2 tensor to be: "
                           f"[{self._shape[0]}, {self._shape[2]}] but got: [{mat2._shape[0]}, {mat2._shape[1]}].")
    if self.dtype is not mat2.dtype:
        raise RuntimeError(f"expected scalar type {type_name(self.dtype)} but found {type_name(mat2.dtype)}")
    return _bmm(self, mat2)


@op("MvBackward0", name="mv",
    result=lambda self_t, vec_t, self, vec: _mv(self_t, vec) + _mv(self, vec_t),
    self=lambda grad, vec: grad.ger(vec),
    vec=lambda grad, self: self.t().mv(grad))
def _mv(self, vec):
    m, k = self._shape
    if self.dtype is _dtype.float32:
        buf = exact.mv(self._buf(), vec._buf(), m, k)
    else:
        buf = _product(self._buf(), vec._buf(), m, k, 1, self.dtype)
    return new_tensor(buf, (m,), self.dtype)


@op(name="mv", forms="torch Tensor")
def mv(self, vec):
    if self.dim() != 2 or vec.dim() != 1:
        raise RuntimeError(f"vector + matrix @ vector expected, got {self.dim()}, {vec.dim()}, {vec.dim()}")
    if self._shape[1] != vec._shape[0]:
        raise RuntimeError(f"size mismatch, got input ({self._shape[0]}), mat ({self._shape[0]}x{self._shape[1]}), "
                           f"vec ({vec._shape[0]})")
    return _mv(self, vec)


@op("DotBackward0", name="dot",
    result=lambda self_t, tensor_t, self, tensor: _dot(self_t, tensor) + _dot(self, tensor_t),
    self=lambda grad, tensor: grad * tensor,
    tensor=lambda grad, self: grad * self)
def _dot(self, tensor):
    if self.dtype is _dtype.float32:
        return new_tensor(exact.dot(self._buf(), tensor._buf()), (), self.dtype)
    # (not Python's sum(), which compensates float sums since 3.12: Pyodide's and CPython 3.11's would differ)
    return new_tensor(_product(self._buf(), tensor._buf(), 1, self._shape[0], 1, self.dtype), (), self.dtype)


@op(name="dot", forms="torch Tensor")
def dot(self, tensor):
    if self.dim() != 1 or tensor.dim() != 1:
        raise RuntimeError(f"1D tensors expected, but got {self.dim()}D and {tensor.dim()}D tensors")
    if self._shape[0] != tensor._shape[0]:
        raise RuntimeError(f"inconsistent tensor size, expected tensor [{self._shape[0]}] and src "
                           f"[{tensor._shape[0]}] to have the same number of elements, but got "
                           f"{self._shape[0]} and {tensor._shape[0]} elements respectively")
    if self.dtype is not tensor.dtype:
        raise RuntimeError(f"dot : expected both vectors to have same dtype, but found {type_name(self.dtype)} and "
                           f"{type_name(tensor.dtype)}")
    return _dot(self, tensor)


@op(name="inner", forms="torch Tensor")
def inner(self, other):
    """Sum over the last dims, as PyTorch computes it (tensordot): both sides permuted and
    reshaped to matrices, one mm, the result reshaped."""
    if self.dim() == 0 or other.dim() == 0:
        return self * other
    k = self._shape[-1]
    if other._shape[-1] != k:
        raise RuntimeError(f"inner() the last dimension must match on both input tensors but got shapes "
                           f"{list(self._shape)} and {list(other._shape)}")
    a = self.permute(tuple(range(self.dim()))).reshape(-1, k)
    b = other.permute((other.dim() - 1,) + tuple(range(other.dim() - 1))).reshape(k, -1)
    return mm(a, b).reshape(self._shape[:-1] + other._shape[:-1])


@op(name="outer", forms="torch Tensor Tensor.ger torch.ger")
def outer(self, vec2):
    return self.reshape(-1, 1) * vec2


ger = outer


# ---- addmv, addr, baddbmm, addbmm: beta * input + alpha * product -----------------------------

def _plus_scaled(input, product, beta, alpha):
    """beta * input + alpha * product, input expanded to the product's shape; beta = 0 ignores
    input's values (nan and inf too), as PyTorch's BLAS calls do."""
    input.expand(product._shape)
    if product.dtype.kind != "f":  # an integer product takes the scalars as integers, as PyTorch's kernels
        beta, alpha = int(beta), int(alpha)
    if alpha != 1:
        product = binary("mul", product, alpha)
    if beta == 0:
        return product
    return binary("add", input if beta == 1 else binary("mul", input, beta), product)


def _check_product_dtypes(name, *tensors):
    if len({t.dtype for t in tensors}) > 1:
        raise RuntimeError(f"{name} input tensors must have the same dtype, but got "
                           f"{', '.join(type_name(t.dtype) for t in tensors[:-1])}, and {type_name(tensors[-1].dtype)}")


@op("AddmvBackward0", name="addmv",
    result=lambda self_t, mat_t, vec_t, mat, vec, beta, alpha: _scaled(self_t, beta) + _scaled(_mv(mat_t, vec), alpha) + _scaled(_mv(mat, vec_t), alpha), forms="torch Tensor Tensor_ torch_",
    self=lambda grad, beta: _scaled(grad, beta),
    mat=lambda grad, vec, alpha: _scaled(outer(grad, vec), alpha),
    vec=lambda grad, mat, alpha: _scaled(mat.t().mv(grad), alpha))
def addmv(self, mat, vec, *, beta=1, alpha=1):
    if mat.dim() != 2 or vec.dim() != 1 or mat._shape[1] != vec._shape[0] or \
            self._shape not in ((mat._shape[0],), (1,), ()):
        raise RuntimeError(f"size mismatch, got input ({self._shape[0] if self._shape else 1}), mat "
                           f"({'x'.join(map(str, mat._shape))}), vec ({vec._shape[0] if vec._shape else 1})")
    _check_product_dtypes("addmv", self, mat, vec)
    return _plus_scaled(self, _mv.forward(mat, vec), beta, alpha)


@op("AddrBackward0", name="addr",
    result=lambda self_t, vec1_t, vec2_t, vec1, vec2, beta, alpha: _scaled(self_t, beta) + _scaled(outer(vec1_t, vec2), alpha) + _scaled(outer(vec1, vec2_t), alpha), forms="torch Tensor Tensor_",
    self=lambda grad, beta: _scaled(grad, beta),
    vec1=lambda grad, vec2, alpha: _scaled(grad.mv(vec2), alpha),
    vec2=lambda grad, vec1, alpha: _scaled(grad.t().mv(vec1), alpha))
def addr(self, vec1, vec2, *, beta=1, alpha=1):
    """beta * self + alpha * outer(vec1, vec2), elementwise as ATen's addr kernel (alpha * vec1
    first, then times vec2)."""
    for name, v in (("vec1", vec1), ("vec2", vec2)):
        if v.dim() != 1:
            raise RuntimeError(f"addr: Expected 1-D argument {name}, but got {v.dim()}-D")
    scaled1 = vec1 if alpha == 1 else binary("mul", vec1, alpha)
    return _plus_scaled(self, binary("mul", S.unsqueeze(scaled1, 1), vec2), beta, 1)


def _check_batches(batch1, batch2):
    for name, b in (("batch1", batch1), ("batch2", batch2)):
        if b.dim() != 3:
            raise RuntimeError(f"{name} must be a 3D tensor")
    if batch1._shape[0] != batch2._shape[0]:
        raise RuntimeError(f"batch1 and batch2 must have same number of batches, got {batch1._shape[0]} and "
                           f"{batch2._shape[0]}")


@op("BaddbmmBackward0", name="baddbmm",
    result=lambda self_t, batch1_t, batch2_t, batch1, batch2, beta, alpha: _scaled(self_t, beta) + _scaled(_bmm(batch1_t, batch2), alpha) + _scaled(_bmm(batch1, batch2_t), alpha), forms="torch Tensor Tensor_",
    self=lambda grad, beta: _scaled(grad, beta),
    batch1=lambda grad, batch2, alpha: _scaled(grad.bmm(batch2.transpose(1, 2)), alpha),
    batch2=lambda grad, batch1, alpha: _scaled(batch1.transpose(1, 2).bmm(grad), alpha))
def baddbmm(self, batch1, batch2, *, beta=1, alpha=1):
    _check_batches(batch1, batch2)
    with no_grad():  # (one node: BaddbmmBackward0)
        return _plus_scaled(self, bmm(batch1, batch2), beta, alpha)


def _addbmm_batch_grad(grad, batch1, batch2):
    return grad.unsqueeze(0).expand(batch1._shape[0], batch1._shape[1], batch2._shape[2])


@op("AddbmmBackward0", name="addbmm",
    saved="alpha batch1 batch1_sym_argsize_0 batch1_sym_argsize_1 batch2 batch2_sym_argsize_2 beta",
    result=lambda self_t, batch1_t, batch2_t, batch1, batch2, beta, alpha: _scaled(self_t, beta) + _scaled(_bmm(batch1_t, batch2).sum(0), alpha) + _scaled(_bmm(batch1, batch2_t).sum(0), alpha), forms="torch Tensor Tensor_",
    self=lambda grad, beta: _scaled(grad, beta),
    batch1=lambda grad, batch1, batch2, alpha:
        _scaled(_addbmm_batch_grad(grad, batch1, batch2).bmm(batch2.transpose(1, 2)), alpha),
    batch2=lambda grad, batch1, batch2, alpha:
        _scaled(batch1.transpose(1, 2).bmm(_addbmm_batch_grad(grad, batch1, batch2)), alpha))
def addbmm(self, batch1, batch2, *, beta=1, alpha=1):
    """beta * self + alpha * sum_i batch1[i] @ batch2[i], the products added one batch at a
    time as ATen's loop of addmm_ calls."""
    _check_batches(batch1, batch2)
    if batch1._shape[2] != batch2._shape[1]:
        raise RuntimeError(f"Expected size for first two dimensions of batch2 tensor to be: "
                           f"[{batch1._shape[0]}, {batch1._shape[2]}] but got: [{batch2._shape[0]}, "
                           f"{batch2._shape[1]}].")
    out = _plus_scaled(self, _mm.forward(batch1[0], batch2[0]), beta, alpha) if batch1._shape[0] else \
        _plus_scaled(self, self.new_zeros((batch1._shape[1], batch2._shape[2])), beta, 1)
    for i in range(1, batch1._shape[0]):
        out = _plus_scaled(out, _mm.forward(batch1[i], batch2[i]), 1, alpha)
    return out


@op(name="matmul", forms="torch Tensor Tensor.__imatmul__ Tensor.__matmul__")
def matmul(self, other):
    """torch.matmul: dot, mv, mm, or a batched product with broadcasting, as PyTorch picks."""
    da, db = self.dim(), other.dim()
    if da == 0 or db == 0:
        raise RuntimeError(f"both arguments to matmul need to be at least 1D, but they are {da}D and {db}D")
    if da == 1 and db == 1:
        return dot(self, other)
    if da == 2 and db == 1:
        return mv(self, other)
    if da == 1 and db == 2:
        return S.squeeze_inplace_dim(mm(S.unsqueeze(self, 0), other), 0)
    if da == 2 and db == 2:
        return mm(self, other)
    if da >= 3 and db in (1, 2):
        # fold the batch into the rows: one 2-D product
        mat = other if db == 2 else S.unsqueeze(other, 1)
        if self._shape[-1] != mat._shape[0]:
            raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({numel_rows(self)}x{self._shape[-1]} "
                               f"and {mat._shape[0]}x{mat._shape[1]})")
        folded = S.reshape(self, (-1, self._shape[-1]))
        out = S._unsafe_view(mm(folded, mat), self._shape[:-1] + (mat._shape[1],))
        return S.squeeze(out, -1) if db == 1 else out
    # batched: broadcast the batch dims, then bmm
    a = S.unsqueeze(self, 0) if da == 1 else self
    b = S.unsqueeze(other, -1) if db == 1 else other
    if a._shape[-1] != b._shape[-2]:
        raise RuntimeError(f"Expected size for first two dimensions of batch2 tensor to be: "
                           f"[{numel_rows(b, batch_only=True)}, {a._shape[-1]}] but got: "
                           f"[{numel_rows(b, batch_only=True)}, {b._shape[-2]}].")
    batch = broadcast_shapes(a._shape[:-2], b._shape[:-2])
    n_batch = 1
    for s in batch:
        n_batch *= s
    a3 = S.reshape(S.expand(a, batch + a._shape[-2:]), (n_batch,) + a._shape[-2:])
    b3 = S.reshape(S.expand(b, batch + b._shape[-2:]), (n_batch,) + b._shape[-2:])
    out = S._unsafe_view(bmm(a3, b3), batch + (a._shape[-2], b._shape[-1]))
    if da == 1:
        out = S.squeeze(out, -2)
    if db == 1:
        out = S.squeeze(out, -1)
    return out


def numel_rows(t, batch_only=False):
    n = 1
    for s in (t._shape[:-2] if batch_only else t._shape[:-1]):
        n *= s
    return n


# ---- einsum ---------------------------------------------------------------------------------

def _label_index(c):
    """PyTorch orders einsum labels A-Z before a-z."""
    return ord(c) - ord("A") if c.isupper() else ord(c) - ord("a") + 26


@op(name="einsum", forms="torch")
def einsum(equation, *operands):
    """einsum as PyTorch computes it: align every operand on (output labels, contracted labels)
    with unsqueeze/permute, then contract pairs left to right with permute-reshape-bmm
    (``_sumproduct_pair``), so the recorded graph and the rounding are PyTorch's."""
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    if not operands:
        raise RuntimeError("einsum(): must provide at least one operand")
    eq = equation.replace(" ", "")
    lhs, arrow, rhs = eq.partition("->")
    specs = lhs.split(",")
    if len(specs) > len(operands):
        raise RuntimeError("einsum(): fewer operands were provided than specified in the equation")
    if len(specs) < len(operands):
        raise RuntimeError("einsum(): more operands were provided than specified in the equation")
    counts = {}
    for i, (spec, t) in enumerate(zip(specs, operands)):
        if "." in spec:
            raise NotImplementedError("einsum(): ellipsis (...) is not supported here")
        if len(spec) != t.dim():
            raise RuntimeError(f"einsum(): the number of subscripts in the equation ({len(spec)}) does not match "
                               f"the number of dimensions ({t.dim()}) for operand {i} and no ellipsis was given")
        for c in spec:
            counts[c] = counts.get(c, 0) + 1
    if arrow:
        output = rhs
        for c in output:
            if c not in counts or output.count(c) > 1:
                raise RuntimeError(f"einsum(): output subscript {c} " + (
                    "appears more than once in the output" if c in counts else
                    "does not appear in the equation for any input operand"))
    else:
        output = "".join(sorted((c for c in counts if counts[c] == 1), key=_label_index))
    order = list(output) + sorted((c for c in counts if c not in output), key=_label_index)
    n_out = len(output)
    position = {c: k for k, c in enumerate(order)}

    sizes = {}
    dim_counts = [0] * len(order)
    ops = []
    for i, (spec, operand) in enumerate(zip(specs, operands)):
        permutation = [-1] * len(order)
        dim = 0
        for c in spec:
            k = position[c]
            if permutation[k] == -1:
                size = operand._shape[dim]
                if size != 1:
                    if sizes.get(c, 1) not in (1, size):
                        raise RuntimeError(f"einsum(): subscript {c} has size {size} for operand {i} which does "
                                           f"not broadcast with previously seen size {sizes[c]}")
                    sizes[c] = size
                    dim_counts[k] += 1
                permutation[k] = dim
                dim += 1
            else:  # a repeated label: take the diagonal
                prev = permutation[k]
                if operand._shape[dim] != operand._shape[prev]:
                    raise RuntimeError(f"einsum(): subscript {c} is repeated for operand {i} but the sizes "
                                       f"don't match, {operand._shape[dim]} != {operand._shape[prev]}")
                operand = operand.diagonal(0, prev, dim).movedim(-1, prev)
        for k, value in enumerate(permutation):
            if value == -1:  # a label this operand lacks: a size-1 dim
                operand = operand.unsqueeze(dim)
                permutation[k] = dim
                dim += 1
        ops.append(operand.permute(permutation))

    while len(ops) > 1:
        a, b = ops.pop(0), ops.pop(0)
        sum_dims, a_sum, b_sum = [], [], []
        for d in range(n_out, len(order)):
            sa, sb = a._shape[d] != 1, b._shape[d] != 1
            if sa and sb:
                dim_counts[d] -= 1
                if dim_counts[d] == 1:
                    sum_dims.append(d)
                    dim_counts[d] = 0
            elif dim_counts[d] == 1:
                if sa:
                    a_sum.append(d)
                    dim_counts[d] = 0
                elif sb:
                    b_sum.append(d)
                    dim_counts[d] = 0
        if a_sum:
            a = a.sum(a_sum, True)
        if b_sum:
            b = b.sum(b_sum, True)
        ops.insert(0, _sumproduct_pair(a, b, sum_dims))

    result = ops[0]
    if len(order) > n_out:
        if len(operands) > 1:  # contracted dims are all 1 now: drop them with a view
            return result.view(result._shape[:n_out])
        return result.sum(list(range(n_out, len(order))))
    return result


def _sumproduct_pair(left, right, sum_dims):
    """(left * right).sum(sum_dims, keepdim=True) by permute, reshape and bmm (PyTorch's
    sumproduct_pair)."""
    if not sum_dims:
        return left * right
    lro, lo, ro = [], [], []
    lro_size = lo_size = ro_size = sum_size = 1
    for i in range(left.dim()):
        sl, sr = left._shape[i] != 1, right._shape[i] != 1
        if i in sum_dims:
            if sl and sr:
                sum_size *= left._shape[i]
            elif sl:
                left = left.sum(i, True)
            elif sr:
                right = right.sum(i, True)
        elif sl and sr:
            lro.append(i)
            lro_size *= left._shape[i]
        elif sl:
            lo.append(i)
            lo_size *= left._shape[i]
        else:
            ro.append(i)
            ro_size *= right._shape[i]
    if lo and ro and ro[-1] < lo[0]:  # bmm then yields the output's memory order directly
        left, right, lo, ro, lo_size, ro_size = right, left, ro, lo, ro_size, lo_size
    out_size = ([left._shape[d] for d in lro] + [left._shape[d] for d in lo] + [1] * len(sum_dims)
                + [right._shape[d] for d in ro])
    lpermutation = lro + lo + list(sum_dims) + ro
    rpermutation = lro + list(sum_dims) + ro + lo
    opermutation = [0] * len(out_size)
    for i, d in enumerate(lro + lo + list(sum_dims) + ro):
        opermutation[d] = i
    left = left.permute(lpermutation).reshape(lro_size, lo_size, sum_size)
    right = right.permute(rpermutation).reshape(lro_size, sum_size, ro_size)
    return left.bmm(right).view(out_size).permute(opermutation)




@op("LinalgCrossBackward0", name="linalg_cross",
    result=lambda self_t, other_t, self, other, dim: _cross(self_t, other, dim) + _cross(self, other_t, dim),
    self=lambda grad, other, dim: _cross(other, grad, dim),
    other=lambda grad, self, dim: _cross(grad, self, dim))
def _cross(self, other, dim):
    """Each component is fma(a_i, b_j, -(a_j * b_i)): the product subtracted is rounded, the
    other fused, as PyTorch's AVX2 cross kernel computes it."""
    a = movedim(self, dim, -1).contiguous().tolist() if self.dim() > 1 else [self.tolist()]
    b = movedim(other, dim, -1).contiguous().tolist() if other.dim() > 1 else [other.tolist()]
    flat_a, flat_b = _rows(a), _rows(b)
    r = f32 if self.dtype.itemsize == 4 else float
    fma = fma32 if self.dtype.itemsize == 4 else fma64
    values = []
    for x, y in zip(flat_a, flat_b):
        values += [fma(x[i], y[j], -r(x[j] * y[i])) for i, j in ((1, 2), (2, 0), (0, 1))]
    moved = tuple(s for d, s in enumerate(self._shape) if d != dim % self.dim()) + (3,)
    return movedim(from_values(values, moved, self.dtype), -1, dim)


def _rows(nested):
    """The innermost lists (the 3-vectors) of a nested list, in order."""
    while nested and isinstance(nested[0][0], list):
        nested = [row for block in nested for row in block]
    return nested


@op(name="cross", forms="torch Tensor")
def cross(input, other, dim=None):
    """torch.cross / torch.linalg.cross of 3-vectors along ``dim`` (linalg: -1; torch.cross: the
    first dim of size 3)."""
    if input.shape != other.shape:
        shape = broadcast_shapes(input._shape, other._shape)
        input, other = input.expand(shape), other.expand(shape)
    if dim is None:
        dim = next((d for d, size in enumerate(input._shape) if size == 3), -1)
    if input._shape[dim] != 3:
        raise RuntimeError(f"linalg.cross: inputs dimension {dim} must have length 3. Got "
                           f"{input._shape[dim]} and {other._shape[dim]}")
    return _cross(input, other, dim)
