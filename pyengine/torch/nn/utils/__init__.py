"""torch.nn.utils: gradient clipping, flattening parameters to one vector, weight and spectral
normalisation (hooks and parametrizations), fusing batch norm into convolutions; padding and packing
sequences (rnn)."""
from .clip_grad import clip_grad_norm, clip_grad_norm_, clip_grad_value_, clip_grads_with_norm_, get_total_norm
from .convert_parameters import parameters_to_vector, vector_to_parameters
from .weight_norm import remove_weight_norm, weight_norm
from .spectral_norm import remove_spectral_norm, spectral_norm
from .fusion import fuse_conv_bn_eval, fuse_conv_bn_weights, fuse_linear_bn_eval, fuse_linear_bn_weights
from .init import skip_init
from . import clip_grad, convert_parameters, fusion, parametrizations, parametrize, rnn  # noqa: F401
