"""torch.amp: GradScaler (loss scaling works on the CPU too); autocast is not supported."""
from .grad_scaler import GradScaler

__all__ = ["GradScaler"]


def __getattr__(name):
    from .._unsupported import internal_attribute
    internal_attribute("torch.amp", name)
