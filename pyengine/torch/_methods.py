"""Binds the ops to Tensor methods and operators (PyTorch generates these in C++)."""
from ._tensor import Tensor
from ._ops import pointwise as P, reduction as R, shape as S, copy as C


def _inplace(fn):
    def method(self, *args, **kwargs):
        return C.apply_inplace(self, fn(self, *args, **kwargs))
    method.__name__ = fn.__name__ + "_"
    return method


def _bind():
    T = Tensor
    T.__add__ = lambda self, other: P.add(self, other)
    T.__radd__ = lambda self, other: P.add(self, other)
    T.__sub__ = lambda self, other: P.sub(self, other)
    T.__rsub__ = lambda self, other: P.rsub(self, other)
    T.__mul__ = lambda self, other: P.mul(self, other)
    T.__rmul__ = lambda self, other: P.mul(self, other)
    T.__truediv__ = lambda self, other: P.div(self, other)
    T.__rtruediv__ = lambda self, other: P.mul(P.reciprocal(self), other)
    T.__neg__ = P.neg
    T.__iadd__ = _inplace(P.add)
    T.__isub__ = _inplace(P.sub)
    T.__imul__ = _inplace(P.mul)
    T.__itruediv__ = _inplace(P.div)
    T.add, T.sub, T.mul, T.div = P.add, P.sub, P.mul, P.div
    T.add_, T.sub_, T.mul_, T.div_ = _inplace(P.add), _inplace(P.sub), _inplace(P.mul), _inplace(P.div)
    T.neg, T.exp, T.log = P.neg, P.exp, P.log
    T.sum = R.sum
    T.expand, T.unsqueeze, T.squeeze, T.view = S.expand, S.unsqueeze, S.squeeze, S.view
    T.reshape, T.sum_to_size = S.reshape, S.sum_to_size
    T.clone, T.to = C.clone, C.to


_bind()
