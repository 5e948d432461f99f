"""nn.Parameter: a leaf tensor that a Module registers as one of its parameters."""
from .._tensor import Tensor
from .._torch_function import _disabled_torch_function_impl


class Parameter(Tensor):
    __torch_function__ = _disabled_torch_function_impl  # ops on parameters give plain tensors
    def __new__(cls, data=None, requires_grad=True):
        if data is None:
            from .._ops.creation import empty
            data = empty(0)
        self = object.__new__(cls)
        self._init_from(data.detach())  # shares data's storage, like PyTorch
        self._requires_grad = requires_grad
        return self

    def __init__(self, data=None, requires_grad=True):
        pass

    def __repr__(self):
        return "Parameter containing:\n" + super().__repr__()

    __str__ = __repr__

    def __deepcopy__(self, memo):
        if id(self) not in memo:
            memo[id(self)] = Parameter(self.detach().clone(), self._requires_grad)
        return memo[id(self)]

    def __reduce_ex__(self, protocol):
        return (Parameter, (self.detach(), self._requires_grad))


class _BufferMeta(type):
    """isinstance(t, Buffer) holds for any tensor made by Buffer(...) (PyTorch returns a plain tensor)."""

    def __instancecheck__(cls, instance):
        return isinstance(instance, Tensor) and getattr(instance, "_is_buffer", False)


class Buffer(metaclass=_BufferMeta):
    """A tensor that, assigned as a Module attribute, is registered as a buffer (persistent or not)."""

    def __new__(cls, data=None, *, persistent=True):
        if data is None:
            from .._ops.creation import empty
            data = empty(0)
        t = data.detach().requires_grad_(data._requires_grad)
        t.persistent = persistent
        t._is_buffer = True
        return t


_UNINITIALIZED = ("Can't access the shape of an uninitialized parameter or buffer. This error usually happens in "
                  "`load_state_dict` when trying to load an uninitialized parameter into an initialized one. Call "
                  "`forward` to initialize the parameters before accessing their attributes.")


class UninitializedTensorMixin:
    """A lazy module's parameter or buffer before its first call: no shape yet; ``materialize``
    gives it one (zeros here, uninitialised memory in PyTorch) and makes it a plain one."""
    cls_to_become = Parameter

    def materialize(self, shape, device=None, dtype=None):
        from .._ops.creation import zeros
        requires_grad = self._requires_grad
        self._init_from(zeros(tuple(shape), dtype=self.dtype if dtype is None else dtype))
        self._requires_grad = requires_grad
        self.__class__ = self.cls_to_become

    @property
    def shape(self):
        raise RuntimeError(_UNINITIALIZED)

    def size(self, dim=None):
        raise RuntimeError(_UNINITIALIZED)

    def numel(self):
        raise RuntimeError(_UNINITIALIZED)

    def __repr__(self):
        return f"<{type(self).__name__}>"

    __str__ = __repr__


class UninitializedParameter(UninitializedTensorMixin, Parameter):
    def __deepcopy__(self, memo):
        if id(self) not in memo:
            memo[id(self)] = type(self)(requires_grad=self._requires_grad)
        return memo[id(self)]


class UninitializedBuffer(UninitializedTensorMixin, Tensor):
    cls_to_become = Tensor
    __torch_function__ = _disabled_torch_function_impl

    def __new__(cls, requires_grad=False):
        from .._ops.creation import zeros
        self = object.__new__(cls)
        self._init_from(zeros(0))
        self._requires_grad = requires_grad
        return self

    def __init__(self, requires_grad=False):
        pass
