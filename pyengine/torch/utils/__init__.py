"""torch.utils: data loading, hooks' handles, activation checkpointing. Each loads on first use:
torch.utils.hooks sits below nn (nn.Module's handles), the others above it."""
import importlib

_SUBMODULES = ("data", "hooks", "checkpoint")


def __getattr__(name):
    if name in _SUBMODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module 'torch.utils' has no attribute '{name}'")
