"""torch.autograd.Variable: the pre-0.4 wrapper that old tutorials still call. In PyTorch it is
a shim: Variable(t) returns a tensor sharing t's data, without its history, and every tensor is
an instance of Variable."""


class VariableMeta(type):
    def __instancecheck__(cls, other):
        from .._tensor import Tensor  # autograd is imported by _tensor itself
        return isinstance(other, Tensor)


class Variable(metaclass=VariableMeta):
    def __new__(cls, data=None, requires_grad=False, volatile=False):
        from .._tensor import Tensor
        if data is None:
            from .._ops.creation import tensor
            return tensor([])
        if not isinstance(data, Tensor):
            raise TypeError(f"Variable data has to be a tensor, but got {type(data).__name__}")
        return data.detach().requires_grad_(requires_grad)
