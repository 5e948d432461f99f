"""torch.functional: the torch functions PyTorch writes in Python, as a module of their own
(each is also torch.<name>)."""
from ._lowrank import pca_lowrank, svd_lowrank
from ._methods import TORCH_FUNCTIONS
from ._ops.shape import broadcast_shapes, broadcast_tensors, meshgrid

__all__ = ["atleast_1d", "atleast_2d", "atleast_3d", "broadcast_shapes", "broadcast_tensors", "cartesian_prod",
           "block_diag", "cdist", "chain_matmul", "einsum", "istft", "lu", "norm", "meshgrid", "pca_lowrank",
           "split", "stft", "svd_lowrank", "tensordot", "unique", "unique_consecutive", "unravel_index"]

globals().update({name: TORCH_FUNCTIONS[name] for name in __all__ if name in TORCH_FUNCTIONS})

