"""Containers: Sequential, ModuleList, ModuleDict."""
import operator
import warnings
from collections import OrderedDict

from .module import Module, _addindent


def _index(n, idx, name):
    idx = operator.index(idx)
    if not -n <= idx < n:
        raise IndexError(f"index {idx} is out of range")
    return idx % n


class _NumberedModules(Module):
    """What Sequential and ModuleList share: children named "0", "1", ... in order."""

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self

    def extend(self, modules):
        for module in modules:
            self.append(module)
        return self

    def insert(self, index, module):
        modules = list(self._modules.values())
        modules.insert(index, module)
        self._renumber(modules)

    def _renumber(self, modules):
        self.__dict__["_modules"] = OrderedDict((str(i), m) for i, m in enumerate(modules))


class Sequential(_NumberedModules):
    def __init__(self, *args):
        super().__init__()
        if len(args) == 1 and isinstance(args[0], OrderedDict):
            for key, module in args[0].items():
                self.add_module(key, module)
        else:
            for i, module in enumerate(args):
                self.add_module(str(i), module)

    def forward(self, input):
        for module in self._modules.values():
            input = module(input)
        return input

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return type(self)(OrderedDict(list(self._modules.items())[idx]))
        return list(self._modules.values())[_index(len(self), idx, "Sequential")]

    def __setitem__(self, idx, module):
        key = list(self._modules)[_index(len(self), idx, "Sequential")]
        setattr(self, key, module)

    def __delitem__(self, idx):
        keys = list(self._modules)
        for key in (keys[idx] if isinstance(idx, slice) else [keys[_index(len(self), idx, "Sequential")]]):
            del self._modules[key]
        # keep the numbering contiguous, as PyTorch does
        self._renumber(self._modules.values())

    def insert(self, index, module):
        super().insert(index, module)
        return self  # Sequential.insert returns the container, ModuleList.insert nothing

    def __add__(self, other):
        return Sequential(*self, *other)


class Container(Module):
    """The old container: modules given as keyword arguments (deprecated; use Sequential or ModuleDict)."""

    def __init__(self, **kwargs):
        warnings.warn("`nn.Container` is deprecated. All of its functionality is now implemented in `nn.Module`. "
                      "Subclass that instead.", FutureWarning, stacklevel=2)
        super().__init__()
        for key, value in kwargs.items():
            self.add_module(key, value)


class ModuleList(_NumberedModules):
    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.extend(modules)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return type(self)(list(self._modules.values())[idx])
        return self._modules[str(_index(len(self), idx, "ModuleList"))]

    def __setitem__(self, idx, module):
        setattr(self, str(_index(len(self), idx, "ModuleList")), module)

    def __delitem__(self, idx):
        modules = list(self._modules.values())
        del modules[idx]
        self._renumber(modules)

    def __iadd__(self, modules):
        return self.extend(modules)

    def __add__(self, other):
        return ModuleList(list(self) + list(other))

    def __repr__(self):
        """Runs of identical children print once, as ``(0-2): 3 x Linear(...)``."""
        reprs = [repr(m) for m in self]
        if not reprs:
            return self._get_name() + "()"
        runs = []  # [start, end, text]
        for i, r in enumerate(reprs):
            if runs and runs[-1][2] == r:
                runs[-1][1] = i
            else:
                runs.append([i, i, r])
        lines = [_addindent(f"({a}): {r}" if a == b else f"({a}-{b}): {b - a + 1} x {r}", 2)
                 for a, b, r in runs]
        return self._get_name() + "(\n  " + "\n  ".join(lines) + "\n)"


class ModuleDict(Module):
    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.update(modules)

    def __getitem__(self, key):
        return self._modules[key]

    def __setitem__(self, key, module):
        self.add_module(key, module)

    def __delitem__(self, key):
        del self._modules[key]

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules)

    def __contains__(self, key):
        return key in self._modules

    def clear(self):
        self._modules.clear()

    def pop(self, key):
        module = self[key]
        del self[key]
        return module

    def keys(self):
        return self._modules.keys()

    def items(self):
        return self._modules.items()

    def values(self):
        return self._modules.values()

    def update(self, modules):
        items = modules.items() if hasattr(modules, "items") else modules
        for key, module in items:
            self[key] = module


class ParameterList(Module):
    def __init__(self, values=None):
        super().__init__()
        for v in values or ():
            self.append(v)

    def __getitem__(self, idx):
        return self._parameters[str(_index(len(self), idx, "ParameterList"))]

    def __len__(self):
        return len(self._parameters)

    def __iter__(self):
        return iter(self._parameters.values())

    def append(self, value):
        from ..parameter import Parameter
        if not isinstance(value, Parameter):
            value = Parameter(value)
        self.register_parameter(str(len(self)), value)
        return self


class ParameterDict(Module):
    """Parameters by name (tensors given are wrapped as Parameters), in insertion order."""

    def __init__(self, parameters=None):
        super().__init__()
        if parameters is not None:
            self.update(parameters)

    def __getitem__(self, key):
        return self._parameters[key]

    def __setitem__(self, key, value):
        from ..parameter import Parameter
        self.register_parameter(key, value if isinstance(value, Parameter) else Parameter(value))

    def __delitem__(self, key):
        del self._parameters[key]

    def __len__(self):
        return len(self._parameters)

    def __iter__(self):
        return iter(self._parameters)

    def __contains__(self, key):
        return key in self._parameters

    def keys(self):
        return self._parameters.keys()

    def values(self):
        return self._parameters.values()

    def items(self):
        return self._parameters.items()

    def get(self, key, default=None):
        return self._parameters.get(key, default)

    def pop(self, key):
        return self._parameters.pop(key)

    def update(self, parameters):
        items = parameters.items() if hasattr(parameters, "items") else parameters
        for key, value in items:
            self[key] = value

    def extra_repr(self):
        from ..parameter import Parameter
        lines = []
        for key, p in self._parameters.items():
            kind = "Parameter" if isinstance(p, Parameter) else "Tensor"
            lines.append(f"  ({key}): {kind} containing: [{p.type()} of size {'x'.join(map(str, p.shape))}]")
        return "\n".join(lines)
