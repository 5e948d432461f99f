"""torch.nn: modules, parameters, functional and init."""
from .parameter import Buffer, Parameter, UninitializedBuffer, UninitializedParameter
from .modules import *  # noqa: F401,F403
from . import functional, init, utils


def factory_kwargs(kwargs):
    """kwargs checked and canonicalised for factory functions: device, dtype, memory_format, plus
    those given in a nested ``factory_kwargs`` dict."""
    if kwargs is None:
        return {}
    simple_keys = {"device", "dtype", "memory_format"}
    expected_keys = simple_keys | {"factory_kwargs"}
    if not kwargs.keys() <= expected_keys:
        raise TypeError(f"unexpected kwargs {kwargs.keys() - expected_keys}")
    result = dict(kwargs.get("factory_kwargs", {}))
    for key in simple_keys & kwargs.keys():
        if key in result:
            raise TypeError(f"{key} specified twice, in **kwargs and in factory_kwargs")
        result[key] = kwargs[key]
    return result


def __getattr__(name):
    from .._unsupported import internal_attribute
    internal_attribute("torch.nn", name)
