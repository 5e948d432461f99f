"""torch.utils: data loading."""
from . import data
