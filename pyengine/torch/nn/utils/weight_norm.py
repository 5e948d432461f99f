"""torch.nn.utils.weight_norm, deprecated in favour of parametrizations.weight_norm: the weight
replaced by a magnitude ``<name>_g`` and a direction ``<name>_v``, recombined by a forward
pre-hook before every call."""
import warnings

from ..parameter import Parameter, UninitializedParameter
from .._torch_forms import _weight_norm, norm_except_dim

__all__ = ["WeightNorm", "weight_norm", "remove_weight_norm"]


class WeightNorm:
    def __init__(self, name, dim):
        self.name = name
        self.dim = -1 if dim is None else dim

    def compute_weight(self, module):
        return _weight_norm(getattr(module, self.name + "_v"), getattr(module, self.name + "_g"), self.dim)

    @staticmethod
    def apply(module, name, dim):
        warnings.warn("`torch.nn.utils.weight_norm` is deprecated in favor of "
                      "`torch.nn.utils.parametrizations.weight_norm`.", FutureWarning, stacklevel=3)
        if any(isinstance(hook, WeightNorm) and hook.name == name for hook in module._forward_pre_hooks.values()):
            raise RuntimeError(f"Cannot register two weight_norm hooks on the same parameter {name}")
        fn = WeightNorm(name, dim)
        weight = getattr(module, name)
        if isinstance(weight, UninitializedParameter):
            raise ValueError("The module passed to `WeightNorm` can't have uninitialized parameters. "
                             "Make sure to run the dummy forward before applying weight normalization")
        del module._parameters[name]
        module.register_parameter(name + "_g", Parameter(norm_except_dim(weight, 2, fn.dim).data))
        module.register_parameter(name + "_v", Parameter(weight.data))
        setattr(module, name, fn.compute_weight(module))
        module.register_forward_pre_hook(fn)
        return fn

    def remove(self, module):
        weight = self.compute_weight(module)
        delattr(module, self.name)
        del module._parameters[self.name + "_g"]
        del module._parameters[self.name + "_v"]
        setattr(module, self.name, Parameter(weight.data))

    def __call__(self, module, inputs):
        setattr(module, self.name, self.compute_weight(module))


def weight_norm(module, name="weight", dim=0):
    WeightNorm.apply(module, name, dim)
    return module


def remove_weight_norm(module, name="weight"):
    return remove_hook(module, WeightNorm, name, "weight_norm")


def remove_hook(module, hook_type, name, label):
    """Undoes the forward pre-hook of hook_type on parameter name (remove_weight_norm, remove_spectral_norm)."""
    for key, hook in module._forward_pre_hooks.items():
        if isinstance(hook, hook_type) and hook.name == name:
            hook.remove(module)
            del module._forward_pre_hooks[key]
            return module
    raise ValueError(f"{label} of '{name}' not found in {module}")
