"""torch.autograd: backward(), grad(), grad modes, Function."""
from .grad_mode import (no_grad, enable_grad, set_grad_enabled, inference_mode, is_grad_enabled,
                        is_inference_mode_enabled, set_multithreading_enabled, enforce_grad_layout_policy)
from .graph import Node, backward, grad, run_backward
from .function import Function, FunctionCtx, once_differentiable
from .gradcheck import gradcheck, gradgradcheck, GradcheckError
from .variable import Variable
from .anomaly_mode import detect_anomaly, set_detect_anomaly
from . import functional

__all__ = ["backward", "grad", "no_grad", "enable_grad", "set_grad_enabled", "inference_mode",
           "is_grad_enabled", "Function", "gradcheck", "gradgradcheck", "Variable"]


def __getattr__(name):
    if name == "forward_ad":  # imports the tensor module, which imports this package: on first use
        from importlib import import_module
        return import_module(".forward_ad", __name__)
    from .._unsupported import internal_attribute
    internal_attribute("torch.autograd", name)
