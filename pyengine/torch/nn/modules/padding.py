"""Padding modules: constant (and zero) padding, reflection and replication."""
from .. import functional as F
from .module import Module


class _ConstantPadNd(Module):
    n = 1

    def __init__(self, padding, value):
        super().__init__()
        self.padding = tuple(padding) if isinstance(padding, (tuple, list)) else (padding,) * (2 * self.n)
        self.value = value

    def forward(self, input):
        return F.pad(input, self.padding, "constant", self.value)

    def extra_repr(self):
        return f"padding={self.padding}, value={self.value}"


class ConstantPad1d(_ConstantPadNd):
    n = 1


class ConstantPad2d(_ConstantPadNd):
    n = 2


class ConstantPad3d(_ConstantPadNd):
    n = 3


class _ZeroPad:
    """The zero forms: value 0 and a shorter repr."""

    def __init__(self, padding):
        super().__init__(padding, 0.0)

    def extra_repr(self):
        return f"{self.padding}"


class ZeroPad1d(_ZeroPad, ConstantPad1d):
    pass


class ZeroPad2d(_ZeroPad, ConstantPad2d):
    pass


class ZeroPad3d(_ZeroPad, ConstantPad3d):
    pass


class _CopyPadNd(Module):
    """Reflection, replication and circular padding: the border values mirrored, repeated or wrapped."""
    n = 1
    mode = "reflect"

    def __init__(self, padding):
        super().__init__()
        self.padding = tuple(padding) if isinstance(padding, (tuple, list)) else (padding,) * (2 * self.n)

    def forward(self, input):
        return F.pad(input, self.padding, self.mode)

    def extra_repr(self):
        return f"{self.padding}"


class ReflectionPad1d(_CopyPadNd):
    n = 1


class ReflectionPad2d(_CopyPadNd):
    n = 2


class ReflectionPad3d(_CopyPadNd):
    n = 3


class ReplicationPad1d(_CopyPadNd):
    n, mode = 1, "replicate"


class ReplicationPad2d(_CopyPadNd):
    n, mode = 2, "replicate"


class ReplicationPad3d(_CopyPadNd):
    n, mode = 3, "replicate"


class CircularPad1d(_CopyPadNd):
    n, mode = 1, "circular"


class CircularPad2d(_CopyPadNd):
    n, mode = 2, "circular"


class CircularPad3d(_CopyPadNd):
    n, mode = 3, "circular"
