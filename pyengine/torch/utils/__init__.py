"""torch.utils: data loading, hooks' handles, activation checkpointing."""
from . import data, hooks, checkpoint
