"""nn.LinearCrossEntropyOptions: PyTorch's switch to its chunked linear_cross_entropy (the logits
computed a batch chunk at a time). The engine checks the options as PyTorch does and computes the
same loss unchunked: its values agree to rounding, its graph is the reference one."""
import dataclasses

from ..._dtype import float16, float32, float64

__all__ = ["LinearCrossEntropyOptions"]


@dataclasses.dataclass(frozen=True)
class LinearCrossEntropyOptions:
    allow_retain_graph: bool = False
    batch_chunk_size: int = None
    chunking_method: str = "auto"
    acc_policy: str = "auto"
    acc_dtype: object = None

    def __post_init__(self):
        if self.acc_policy not in {"auto", "accurate", "balanced", "compact"}:
            raise ValueError(f"invalid acc_policy: {self.acc_policy!r}")
        if self.chunking_method is not None and self.chunking_method != "auto":
            name, sep, factor = self.chunking_method.partition(":")
            factor = factor if sep else "1"
            if not (name == "aspect_ratio" and factor.isdigit() and int(factor) > 0):
                raise ValueError(f"invalid chunking_method: {self.chunking_method!r}")
        if not (self.batch_chunk_size is None
                or (isinstance(self.batch_chunk_size, int) and self.batch_chunk_size > 0)):
            raise ValueError(f"batch_chunk_size must be positive int or None, got {self.batch_chunk_size!r}")
        if self.acc_dtype is not None and self.acc_dtype not in (float16, float32, float64):
            raise ValueError("acc_dtype must be one of {None, torch.float16, torch.bfloat16, torch.float32, "
                             f"torch.float64}}, got {self.acc_dtype!r}. Pass acc_dtype=None to let the op pick "
                             "automatically.")
