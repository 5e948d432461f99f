"""functorch: the package torch.func grew out of, which PyTorch 2.13 still ships for older programs
(the "Forward-mode AD" tutorial's functional sections use it). Each name warns that it is deprecated,
as PyTorch's does, and runs torch.func's transform; make_functional(_with_buffers) wrap a copy of a
module as a function of its parameters (and buffers), called through torch.func.functional_call."""
import copy
import functools
import warnings

import torch
from torch import func as _func, nn

__all__ = ["FunctionalModule", "FunctionalModuleWithBuffers", "combine_state_for_ensemble", "functionalize",
           "grad", "grad_and_value", "hessian", "jacfwd", "jacrev", "jvp", "make_functional",
           "make_functional_with_buffers", "make_fx", "vjp", "vmap"]


def _warn_deprecated(name, replacement):
    warnings.warn(f"We've integrated functorch into PyTorch. As the final step of the integration, "
                  f"`functorch.{name}` is deprecated as of PyTorch 2.0 and will be deleted in a future version of "
                  f"PyTorch >= 2.3. Please use `{replacement}` instead; see the PyTorch 2.0 release notes and/or "
                  f"the `torch.func` migration guide for more details https://pytorch.org/docs/main/func.migrating.html",
                  FutureWarning, stacklevel=3)


def _deprecated(name, transform):
    @functools.wraps(transform)
    def deprecated(*args, **kwargs):
        _warn_deprecated(name, f"torch.func.{name}")
        return transform(*args, **kwargs)
    deprecated.__module__ = "functorch"
    return deprecated


vmap = _deprecated("vmap", _func.vmap)
grad = _deprecated("grad", _func.grad)
grad_and_value = _deprecated("grad_and_value", _func.grad_and_value)
vjp = _deprecated("vjp", _func.vjp)
jvp = _deprecated("jvp", _func.jvp)
jacrev = _deprecated("jacrev", _func.jacrev)
jacfwd = _deprecated("jacfwd", _func.jacfwd)
hessian = _deprecated("hessian", _func.hessian)
functionalize = _deprecated("functionalize", _func.functionalize)


class FunctionalModule(nn.Module):
    """A module as a function of its parameters: ``func(params, *args)``."""

    def __init__(self, stateless_model, param_names):
        super().__init__()
        self.stateless_model = stateless_model
        self.param_names = param_names

    def forward(self, params, *args, **kwargs):
        return _func.functional_call(self.stateless_model, dict(zip(self.param_names, params)), args, kwargs)


class FunctionalModuleWithBuffers(nn.Module):
    """A module as a function of its parameters and buffers: ``func(params, buffers, *args)``."""

    def __init__(self, stateless_model, param_names, buffer_names):
        super().__init__()
        self.stateless_model = stateless_model
        self.param_names = param_names
        self.buffer_names = buffer_names

    def forward(self, params, buffers, *args, **kwargs):
        state = dict(zip(self.param_names, params))
        state.update(zip(self.buffer_names, buffers))
        return _func.functional_call(self.stateless_model, state, args, kwargs)


def _state(model, disable_autograd_tracking):
    copied = copy.deepcopy(model)
    names, params = zip(*copied.named_parameters()) if any(True for _ in copied.parameters()) else ((), ())
    if disable_autograd_tracking:
        for p in params:
            p.requires_grad_(False)
    return copied, tuple(names), tuple(params)


def _make_functional_with_buffers(model, disable_autograd_tracking=False):
    copied, names, params = _state(model, disable_autograd_tracking)
    buffer_names, buffers = (zip(*copied.named_buffers()) if any(True for _ in copied.buffers()) else ((), ()))
    return FunctionalModuleWithBuffers(copied, names, tuple(buffer_names)), params, tuple(buffers)


def make_functional(model, disable_autograd_tracking=False):
    _warn_deprecated("make_functional", "torch.func.functional_call")
    if any(True for _ in model.buffers()):
        raise RuntimeError("make_functional(model): `model` has buffers. Please use "
                           "make_functional_with_buffers(model) instead.")
    copied, names, params = _state(model, disable_autograd_tracking)
    return FunctionalModule(copied, names), params


def make_functional_with_buffers(model, disable_autograd_tracking=False):
    _warn_deprecated("make_functional_with_buffers", "torch.func.functional_call")
    return _make_functional_with_buffers(model, disable_autograd_tracking)


def combine_state_for_ensemble(models):
    _warn_deprecated("combine_state_for_ensemble", "torch.func.stack_module_state")
    if len(models) == 0:
        raise RuntimeError("combine_state_for_ensemble: Expected at least one model, got 0.")
    if not (all(m.training for m in models) or all(not m.training for m in models)):
        raise RuntimeError("combine_state_for_ensemble: Expected all models to have the same training/eval mode.")
    if not all(type(m) is type(models[0]) for m in models):
        raise RuntimeError("combine_state_for_ensemble: Expected all models to be of the same class.")
    funcs, params, buffers = zip(*[_make_functional_with_buffers(m) for m in models])
    return (funcs[0], tuple(torch.stack(shards).detach() for shards in zip(*params)),
            tuple(torch.stack(shards).detach() for shards in zip(*buffers)))


def make_fx(*args, **kwargs):
    raise RuntimeError("functorch.make_fx is not supported (graph tracing for torch.compile): this engine runs "
                       "PyTorch on the CPU in eager mode")
