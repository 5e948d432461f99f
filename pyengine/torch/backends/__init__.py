"""torch.backends: the flags tutorials read to pick a device (torch.backends.mps.is_available())
or set for reproducibility (torch.backends.cudnn.deterministic). Only the CPU exists here."""
from . import cudnn, mps  # noqa: F401
