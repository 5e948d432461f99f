"""numpy.exceptions."""


class AxisError(ValueError, IndexError):
    pass
