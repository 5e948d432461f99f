"""numpy.exceptions."""


class AxisError(ValueError, IndexError):
    pass


class UFuncTypeError(TypeError):
    """numpy._core._exceptions' error for a ufunc that has no loop for its inputs' types."""
