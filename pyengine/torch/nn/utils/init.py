"""skip_init: a module built without running its parameters' initialisation."""
import inspect

from ... import random
from ...autograd.grad_mode import no_grad
from ..modules.module import Module


def skip_init(module_cls, *args, **kwargs):
    """PyTorch builds the module on the meta device (no values, no random draws) and then
    allocates uninitialised memory; here it is built normally with the generator's state put
    back afterwards, and its parameters and buffers zeroed where PyTorch leaves garbage."""
    if not issubclass(module_cls, Module):
        raise RuntimeError(f"Expected a Module; got {module_cls}")
    if "device" not in inspect.signature(module_cls).parameters:
        raise RuntimeError("Module must support a 'device' arg to skip initialization")
    kwargs["device"] = kwargs.pop("device", "cpu")
    state = random.get_rng_state()
    module = module_cls(*args, **kwargs)
    random.set_rng_state(state)
    with no_grad():
        for tensor in [*module.parameters(), *module.buffers()]:
            tensor.zero_()
    return module
