"""torch.nn.utils: gradient clipping and flattening parameters to one vector."""
from .clip_grad import clip_grad_norm, clip_grad_norm_, clip_grad_value_, clip_grads_with_norm_, get_total_norm
from .convert_parameters import parameters_to_vector, vector_to_parameters
from . import clip_grad, convert_parameters  # noqa: F401
