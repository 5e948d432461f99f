"""BatchNorm1d/2d/3d: one normalization over (N, C, *), checked for its dims; InstanceNorm1d/2d/3d."""
from ..._ops.creation import ones, tensor, zeros
from .. import functional as F
from ..parameter import Parameter
from .module import Module
from ... import _dtype


class _BatchNorm(Module):
    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True,
                 device=None, dtype=None, bias=True):
        super().__init__()
        self.num_features = num_features
        self.eps = eps
        self.momentum = momentum
        self.affine = affine
        self.track_running_stats = track_running_stats
        if affine:
            self.weight = Parameter(ones(num_features, dtype=dtype))
            if bias:
                self.bias = Parameter(zeros(num_features, dtype=dtype))
            else:
                self.register_parameter("bias", None)
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)
        if track_running_stats:
            self.register_buffer("running_mean", zeros(num_features, dtype=dtype))
            self.register_buffer("running_var", ones(num_features, dtype=dtype))
            self.register_buffer("num_batches_tracked", tensor(0, dtype=_dtype.int64))
        else:
            self.register_buffer("running_mean", None)
            self.register_buffer("running_var", None)
            self.register_buffer("num_batches_tracked", None)

    def _check_input_dim(self, input):
        if input.dim() not in self._dims:
            raise ValueError(f"expected {self._expected} input (got {input.dim()}D input)")

    def forward(self, input):
        self._check_input_dim(input)
        factor = 0.0 if self.momentum is None else self.momentum
        if self.training and self.track_running_stats and self.num_batches_tracked is not None:
            self.num_batches_tracked.add_(1)
            factor = 1.0 / float(self.num_batches_tracked) if self.momentum is None else self.momentum
        use_batch_stats = self.training or self.running_mean is None
        running_mean = self.running_mean if not self.training or self.track_running_stats else None
        running_var = self.running_var if not self.training or self.track_running_stats else None
        return F.batch_norm(input, running_mean, running_var, self.weight, self.bias, use_batch_stats,
                            factor, self.eps)

    def extra_repr(self):
        return (f"{self.num_features}, eps={self.eps}, momentum={self.momentum}, affine={self.affine}, "
                f"bias={self.bias is not None}, track_running_stats={self.track_running_stats}")


class BatchNorm1d(_BatchNorm):
    _dims, _expected = (2, 3), "2D or 3D"


class BatchNorm2d(_BatchNorm):
    _dims, _expected = (4,), "4D"


class BatchNorm3d(_BatchNorm):
    _dims, _expected = (5,), "5D"


class _InstanceNorm(_BatchNorm):
    """Per sample and channel; the input may lack the batch dim."""

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=False, track_running_stats=False,
                 device=None, dtype=None, *, bias=True):
        super().__init__(num_features, eps, momentum, affine, track_running_stats, dtype=dtype, bias=bias)

    def forward(self, input):
        self._check_input_dim(input)
        unbatched = input.dim() == self._dims[0]
        if unbatched:
            input = input.unsqueeze(0)
        out = F.instance_norm(input, self.running_mean, self.running_var, self.weight, self.bias,
                              self.training or not self.track_running_stats,
                              self.momentum if self.momentum is not None else 0.0, self.eps)
        return out.squeeze(0) if unbatched else out


class InstanceNorm1d(_InstanceNorm):
    _dims, _expected = (2, 3), "2D or 3D"


class InstanceNorm2d(_InstanceNorm):
    _dims, _expected = (3, 4), "3D or 4D"


class InstanceNorm3d(_InstanceNorm):
    _dims, _expected = (4, 5), "4D or 5D"
