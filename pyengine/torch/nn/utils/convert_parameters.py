"""parameters_to_vector and vector_to_parameters."""
from ..._ops.joining import cat
from ..._tensor import Tensor


def parameters_to_vector(parameters):
    return cat([p.view(-1) for p in parameters])


def vector_to_parameters(vec, parameters):
    if not isinstance(vec, Tensor):
        raise TypeError(f"expected torch.Tensor, but got: {type(vec).__name__}")
    pointer = 0
    for param in parameters:
        n = param.numel()
        param.data = vec[pointer:pointer + n].view_as(param).data
        pointer += n
