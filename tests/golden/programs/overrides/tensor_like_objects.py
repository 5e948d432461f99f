import functools
import torch

HANDLED_FUNCTIONS = {}


class ScalarTensor(object):
    def __init__(self, N, value):
        self._N = N
        self._value = value

    def __repr__(self):
        return "DiagonalTensor(N={}, value={})".format(self._N, self._value)

    def tensor(self):
        return self._value * torch.eye(self._N)

    def __torch_function__(self, func, types, args=(), kwargs=None):
        if kwargs is None:
            kwargs = {}
        if func not in HANDLED_FUNCTIONS or not all(
            issubclass(t, (torch.Tensor, ScalarTensor))
            for t in types
        ):
            return NotImplemented
        return HANDLED_FUNCTIONS[func](*args, **kwargs)


def implements(torch_function):
    """Register a torch function override for ScalarTensor"""
    @functools.wraps(torch_function)
    def decorator(func):
        HANDLED_FUNCTIONS[torch_function] = func
        return func
    return decorator


@implements(torch.mean)
def mean(input):
    return float(input._value) / input._N


d = ScalarTensor(5, 2)
print(torch.mean(d))


def ensure_tensor(data):
    if isinstance(data, ScalarTensor):
        return data.tensor()
    return torch.as_tensor(data)


@implements(torch.add)
def add(input, other):
    try:
        if input._N == other._N:
            return ScalarTensor(input._N, input._value + other._value)
        else:
            raise ValueError("Shape mismatch!")
    except AttributeError:
        return torch.add(ensure_tensor(input), ensure_tensor(other))


s = ScalarTensor(2, 2)
print(torch.add(s, s))
t = torch.tensor([[1, 1, ], [1, 1]])
print(torch.add(s, t))
try:
    torch.add(s, s, alpha=2)
except TypeError as e:
    print("TypeError:", e)
try:
    torch.mul(s, 3)
except TypeError as e:
    print("TypeError:", e)



class SubTensor(torch.Tensor):
    pass


class SubTensor2(SubTensor):
    pass


class OtherSubTensor(torch.Tensor):
    pass


print(type(torch.add(SubTensor([0]), SubTensor([1]))).__name__)
print(type(torch.add(SubTensor([0]), torch.tensor([1]))).__name__)
print(type(torch.add(SubTensor2([0]), SubTensor([1]))).__name__)
print(type(torch.add(SubTensor2([0]), torch.tensor([1]))).__name__)
try:
    torch.add(SubTensor([0]), OtherSubTensor([1]))
except TypeError as e:
    print("TypeError:", e)


class MetadataTensor(object):
    def __init__(self, data, metadata=None, **kwargs):
        self._t = torch.as_tensor(data, **kwargs)
        self._metadata = metadata

    def __repr__(self):
        return "Metadata:\n{}\n\ndata:\n{}".format(self._metadata, self._t)

    def __torch_function__(self, func, types, args=(), kwargs=None):
        if kwargs is None:
            kwargs = {}
        args = [a._t if hasattr(a, '_t') else a for a in args]
        ret = func(*args, **kwargs)
        return MetadataTensor(ret, metadata=self._metadata)


metadata = {'owner': 'Ministry of Silly Walks'}
m = MetadataTensor([[1, 2], [3, 4]], metadata=metadata)
t = torch.tensor([[1, 2], [1, 2]])
print(torch.add(t, m))
print(torch.mul(t, m))
print(t * m)

from torch.overrides import get_overridable_functions
func_dict = get_overridable_functions()
nn_funcs = func_dict[torch.nn.functional]
print([f.__name__ for f in nn_funcs[:5]])
import inspect
from torch.overrides import get_testing_overrides
print(len(get_testing_overrides()) > 500, get_testing_overrides()[torch.add](1, 2))
print(torch.overrides.resolve_name(torch.add), torch.overrides.resolve_name(torch.Tensor.add))
print(torch.overrides.is_tensor_like(m), torch.overrides.is_tensor_like(t), torch.overrides.is_tensor_like(3))
print(torch.overrides.has_torch_function((t,)), torch.overrides.has_torch_function((t, m)))
print(torch.overrides.is_tensor_method_or_property(torch.Tensor.add), torch.overrides.is_tensor_method_or_property(torch.add))
print(torch.add in torch.overrides.get_ignored_functions(), torch.zeros in torch.overrides.get_ignored_functions())
