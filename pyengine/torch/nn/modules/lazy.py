"""Lazy modules: LazyLinear, LazyConv1d-3d, LazyConvTranspose1d-3d, LazyBatchNorm1d-3d,
LazyInstanceNorm1d-3d. Their in-size comes from the first input: a forward pre-hook gives the
uninitialised parameters their shapes, initialises them as the eager module does (the same
random draws, at the first call), and turns the module into that eager class, as PyTorch does."""
from ..._ops.creation import tensor
from ... import _dtype
from ..parameter import UninitializedBuffer, UninitializedParameter
from .batchnorm import BatchNorm1d, BatchNorm2d, BatchNorm3d, InstanceNorm1d, InstanceNorm2d, InstanceNorm3d
from .conv import Conv1d, Conv2d, Conv3d, ConvTranspose1d, ConvTranspose2d, ConvTranspose3d
from .linear import Linear
from ...autograd.grad_mode import no_grad


class LazyModuleMixin:
    cls_to_become = None

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._initialize_hook = self.register_forward_pre_hook(_infer_parameters)

    def has_uninitialized_params(self):
        tensors = list(self._parameters.values()) + list(self._buffers.values())
        return any(isinstance(t, (UninitializedParameter, UninitializedBuffer)) for t in tensors)

    def reset_parameters(self):
        if not self.has_uninitialized_params() and self._in_size() != 0:
            super().reset_parameters()


def _infer_parameters(module, args):
    module.initialize_parameters(*args)
    if module.has_uninitialized_params():
        raise RuntimeError(f"module {module._get_name()} has not been fully initialized")
    module._initialize_hook.remove()
    del module._initialize_hook
    if module.cls_to_become is not None:
        module.__class__ = module.cls_to_become


class LazyLinear(LazyModuleMixin, Linear):
    cls_to_become = Linear

    def __init__(self, out_features, bias=True, device=None, dtype=None):
        super().__init__(0, 0, False)
        self.weight = UninitializedParameter()
        self.out_features = out_features
        if bias:
            self.bias = UninitializedParameter()

    def _in_size(self):
        return self.in_features

    def initialize_parameters(self, input):
        if self.has_uninitialized_params():
            with no_grad():
                self.in_features = input.shape[-1]
                self.weight.materialize((self.out_features, self.in_features))
                if self.bias is not None:
                    self.bias.materialize((self.out_features,))
                self.reset_parameters()


class _LazyConvXdMixin(LazyModuleMixin):
    def __init__(self, out_channels, kernel_size, *args, bias=True, **kwargs):
        super().__init__(0, 0, kernel_size, *args, bias=False, **kwargs)
        self.weight = UninitializedParameter()
        self.out_channels = out_channels
        if bias:
            self.bias = UninitializedParameter()

    def _in_size(self):
        return self.in_channels

    def initialize_parameters(self, input, *args, **kwargs):
        if self.has_uninitialized_params():
            batched = input.dim() == len(self.kernel_size) + 2
            self.in_channels = input.shape[1 if batched else 0]
            if self.in_channels % self.groups != 0:
                raise ValueError("in_channels must be divisible by groups")
            if self.transposed:
                shape = (self.in_channels, self.out_channels // self.groups)
            else:
                shape = (self.out_channels, self.in_channels // self.groups)
            self.weight.materialize(shape + self.kernel_size)
            if self.bias is not None:
                self.bias.materialize((self.out_channels,))
            self.reset_parameters()


def _lazy_conv(eager, transposed):
    """The Lazy class of a convolution (its signature without in_channels)."""
    if transposed:
        def __init__(self, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1, bias=True,
                     dilation=1, padding_mode="zeros", device=None, dtype=None):
            _LazyConvXdMixin.__init__(self, out_channels, kernel_size, stride, padding, output_padding, groups,
                                      bias=bias, dilation=dilation, padding_mode=padding_mode, dtype=dtype)
    else:
        def __init__(self, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True,
                     padding_mode="zeros", device=None, dtype=None):
            _LazyConvXdMixin.__init__(self, out_channels, kernel_size, stride, padding, dilation, groups, bias=bias,
                                      padding_mode=padding_mode, dtype=dtype)
    return type(f"Lazy{eager.__name__}", (_LazyConvXdMixin, eager),
                {"cls_to_become": eager, "__init__": __init__, "__module__": __name__})


LazyConv1d, LazyConv2d, LazyConv3d = (_lazy_conv(c, False) for c in (Conv1d, Conv2d, Conv3d))
LazyConvTranspose1d, LazyConvTranspose2d, LazyConvTranspose3d = (_lazy_conv(c, True) for c in (
    ConvTranspose1d, ConvTranspose2d, ConvTranspose3d))


class _LazyNormBase(LazyModuleMixin):
    def __init__(self, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True, device=None, dtype=None, *,
                 bias=True):
        super().__init__(0, eps, momentum, False, False, dtype=dtype, bias=False)
        self.affine = affine
        self.track_running_stats = track_running_stats
        if affine:
            self.weight = UninitializedParameter()
            if bias:
                self.bias = UninitializedParameter()
        if track_running_stats:
            self.running_mean = UninitializedBuffer()
            self.running_var = UninitializedBuffer()
            self.num_batches_tracked = tensor(0, dtype=_dtype.int64)

    def _in_size(self):
        return self.num_features

    def initialize_parameters(self, input):
        if self.has_uninitialized_params():
            self.num_features = input.shape[1]  # also for unbatched instance norm input, as PyTorch
            with no_grad():
                for name, fill in (("weight", 1.0), ("bias", 0.0), ("running_mean", 0.0), ("running_var", 1.0)):
                    t = getattr(self, name)
                    if t is not None:
                        t.materialize((self.num_features,))
                        t.fill_(fill)


def _lazy_norm(eager):
    return type(f"Lazy{eager.__name__}", (_LazyNormBase, eager), {"cls_to_become": eager, "__module__": __name__})


LazyBatchNorm1d, LazyBatchNorm2d, LazyBatchNorm3d = (_lazy_norm(c) for c in (BatchNorm1d, BatchNorm2d, BatchNorm3d))
LazyInstanceNorm1d, LazyInstanceNorm2d, LazyInstanceNorm3d = (_lazy_norm(c) for c in (
    InstanceNorm1d, InstanceNorm2d, InstanceNorm3d))
