"""What every module of the browser's matplotlib does with a name it does not have: says so."""


def unavailable_names(module, available):
    """A module's __getattr__: NotImplementedError naming what is missing and what the module has."""

    def __getattr__(name):
        if name.startswith("_"):
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        raise NotImplementedError(f"{module}.{name} is not available in the browser; "
                                  f"what {module} has here: {available} (docs/browser-numpy.md, \"matplotlib\")")

    return __getattr__
