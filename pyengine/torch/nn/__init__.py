"""torch.nn: modules, parameters, functional and init."""
from .parameter import Parameter
from .modules import *  # noqa: F401,F403
from . import functional, init, utils


def __getattr__(name):
    from .._unsupported import internal_attribute
    internal_attribute("torch.nn", name)
