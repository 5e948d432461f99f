"""nn.Parameter: a leaf tensor that a Module registers as one of its parameters."""
from .._tensor import Tensor


class Parameter(Tensor):
    def __new__(cls, data=None, requires_grad=True):
        if data is None:
            from .._ops.creation import empty
            data = empty(0)
        self = object.__new__(cls)
        self._init_from(data.detach())  # shares data's storage, like PyTorch
        self.requires_grad = requires_grad
        return self

    def __init__(self, data=None, requires_grad=True):
        pass

    def __repr__(self):
        return "Parameter containing:\n" + super().__repr__()

    __str__ = __repr__

    def __deepcopy__(self, memo):
        if id(self) not in memo:
            memo[id(self)] = Parameter(self.detach().clone(), self.requires_grad)
        return memo[id(self)]

    def __reduce_ex__(self, protocol):
        return (Parameter, (self.detach(), self.requires_grad))
