"""torch.nn: modules, parameters, functional and init."""
from .parameter import Buffer, Parameter, UninitializedBuffer, UninitializedParameter
from . import functional, _functional_ops, _functional_windows, _functional_sampling, _functional_pooling, \
    _ctc_loss, _conv_forms, _attention

# functional.py holds the functions the rest of nn.functional is built on (pad, linear, dropout, the
# pooling kernels ...): the modules built on them are above it, and their names are bound into
# torch.nn.functional here, before the modules that call them load.
for _module, _names in (
        (_functional_ops, ("softshrink", "hardshrink", "rms_norm", "pixel_shuffle", "pixel_unshuffle",
                           "adaptive_max_pool1d", "adaptive_max_pool2d", "conv_transpose1d", "conv_transpose2d",
                           "conv_transpose3d", "gumbel_softmax", "channel_shuffle", "alpha_dropout",
                           "feature_alpha_dropout", "relu_", "elu_", "leaky_relu_", "hardtanh_", "selu_", "celu_",
                           "threshold_", "rrelu", "rrelu_", "local_response_norm", "lp_pool1d", "lp_pool2d",
                           "lp_pool3d", "triplet_margin_with_distance_loss", "multi_margin_loss",
                           "multilabel_margin_loss")),
        (_functional_windows, ("unfold", "fold", "embedding_bag")),
        (_functional_sampling, ("affine_grid", "grid_sample")),
        (_ctc_loss, ("ctc_loss",)),
        (_conv_forms, ("conv_tbc",)),
        (_functional_pooling, ("adaptive_avg_pool3d", "adaptive_max_pool3d", "max_unpool1d", "max_unpool2d",
                               "max_unpool3d", "fractional_max_pool2d", "fractional_max_pool3d")),
        (_attention, ("scaled_dot_product_attention", "multi_head_attention_forward", "_canonical_mask",
                      "_none_or_dtype"))):
    for _name in _names:
        setattr(functional, _name, getattr(_module, _name))
del _module, _names, _name



def _with_indices(pool):
    """F.<pool>_with_indices: the pooling with its indices, whatever return_indices says."""
    def with_indices(input, *args, **kwargs):
        kwargs["return_indices"] = True
        return pool(input, *args, **kwargs)
    with_indices.__name__ = with_indices.__qualname__ = pool.__name__ + "_with_indices"
    return with_indices


for _name in ("max_pool1d", "max_pool2d", "max_pool3d", "adaptive_max_pool1d", "adaptive_max_pool2d",
              "adaptive_max_pool3d"):
    setattr(functional, _name + "_with_indices", _with_indices(getattr(functional, _name)))
del _name

from .modules import *  # noqa: E402,F401,F403
from . import init, utils  # noqa: E402
from .._torch_function import register_namespace as _register_namespace  # noqa: E402
# __torch_function__: F.<fn> dispatches too, once a program needs dispatch
_register_namespace(vars(functional), [_name for _name, _value in vars(functional).items()
                                       if not _name.startswith("_") and callable(_value) and not isinstance(_value, type)],
                    python_level=True)


def factory_kwargs(kwargs):
    """kwargs checked and canonicalised for factory functions: device, dtype, memory_format, plus
    those given in a nested ``factory_kwargs`` dict."""
    if kwargs is None:
        return {}
    simple_keys = {"device", "dtype", "memory_format"}
    expected_keys = simple_keys | {"factory_kwargs"}
    if not kwargs.keys() <= expected_keys:
        raise TypeError(f"unexpected kwargs {kwargs.keys() - expected_keys}")
    result = dict(kwargs.get("factory_kwargs", {}))
    for key in simple_keys & kwargs.keys():
        if key in result:
            raise TypeError(f"{key} specified twice, in **kwargs and in factory_kwargs")
        result[key] = kwargs[key]
    return result


def __getattr__(name):
    from .._unsupported import internal_attribute
    internal_attribute("torch.nn", name)
