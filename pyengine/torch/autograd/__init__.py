"""torch.autograd: backward(), grad(), grad modes, Function.

This package holds two layers (tests/engine/test_layers.py): its grad modes and graph sit below the
Tensor, which imports them, while Function, gradcheck, Variable, the anomaly modes and functional
are built on the ops above it. Python runs this ``__init__`` before any of its modules, so it
imports the lower layer only: importing ``torch.autograd.graph`` must not load the layers above.
The package root binds the upper layer's names here once every layer is loaded (torch/__init__.py)."""
from .grad_mode import (no_grad, enable_grad, set_grad_enabled, inference_mode, is_grad_enabled,
                        is_inference_mode_enabled, set_multithreading_enabled, enforce_grad_layout_policy)
from .graph import Node, backward, grad, run_backward

__all__ = ["backward", "grad", "no_grad", "enable_grad", "set_grad_enabled", "inference_mode",
           "is_grad_enabled", "Function", "gradcheck", "gradgradcheck", "Variable"]


def __getattr__(name):
    from .._unsupported import internal_attribute
    internal_attribute("torch.autograd", name)
