"""Dropout."""
from .. import functional as F
from .module import Module


class Dropout(Module):
    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        if p < 0 or p > 1:
            raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
        self.p = p
        self.inplace = inplace

    function = staticmethod(F.dropout)

    def forward(self, input):
        return self.function(input, self.p, self.training, self.inplace)

    def extra_repr(self):
        return f"p={self.p}, inplace={self.inplace}"


class Dropout1d(Dropout):
    function = staticmethod(F.dropout1d)


class Dropout2d(Dropout):
    function = staticmethod(F.dropout2d)


class Dropout3d(Dropout):
    function = staticmethod(F.dropout3d)


class AlphaDropout(Dropout):
    function = staticmethod(F.alpha_dropout)


class FeatureAlphaDropout(Dropout):
    function = staticmethod(F.feature_alpha_dropout)
