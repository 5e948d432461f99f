"""Constant padding modules: ConstantPad1d/2d and their zero forms."""
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
