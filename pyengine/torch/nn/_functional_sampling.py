"""torch.nn.functional's spatial transformer pair: affine_grid (torch.affine_grid_generator)
and grid_sample (torch.grid_sampler, grid_sampler_2d/3d). The sampling loops are in
_aten/grid_sample.py; affine_grid is PyTorch's composite (a base grid times theta transposed)
recorded as its one node, AffineGridGeneratorBackward0. (torch/nn/__init__.py binds them
into torch.nn.functional.)"""
import math

from .._aten import grid_sample as kernels
from .._caller import warn
from .._ops._helpers import type_name
from .._ops.creation import empty, linspace, tensor
from ..autograd.derivatives import op
from ..autograd.grad_mode import no_grad
from .functional import _buf_or_none, _from_kernel

_ALIGN_CORNERS_WARNING = ("Default grid_sample and affine_grid behavior has changed to align_corners=False since "
                          "1.3.0. Please specify align_corners=True if the old behavior is desired. See the "
                          "documentation of grid_sample for details.")


# ---- affine_grid ----------------------------------------------------------------------------

def _linspace_from_neg_one(dtype, steps, align_corners):
    """steps coordinates spanning [-1, 1] (pixel corners) or their centres (not align_corners)."""
    if steps <= 1:
        return tensor(0.0, dtype=dtype)
    coords = linspace(-1, 1, steps, dtype=dtype)
    return coords if align_corners else coords * (steps - 1) / steps


def _base_grid(dtype, size, align_corners):
    """(N, *spatial, nd + 1): each point's coordinates (x first), then 1."""
    n, spatial = size[0], tuple(size[2:])
    nd = len(spatial)
    base = empty((n,) + spatial + (nd + 1,), dtype=dtype)
    for d, steps in enumerate(reversed(spatial)):  # x along the last dim, then y, z
        base.select(-1, d).copy_(_linspace_from_neg_one(dtype, steps, align_corners).reshape((-1,) + (1,) * d))
    base.select(-1, nd).fill_(1)
    return base


def _affine_grid_backward(grad, size, align_corners):
    n, points = size[0], math.prod(size[2:])
    base = _base_grid(grad.dtype, size, align_corners).view(n, points, len(size) - 1)
    return base.transpose(1, 2).bmm(grad.reshape(n, points, len(size) - 2)).transpose(1, 2)


@op("AffineGridGeneratorBackward0", name="affine_grid_generator", result="auto_linear",
    theta=lambda grad, size, align_corners: _affine_grid_backward(grad, list(size), align_corners))
def affine_grid_generator(theta, size, align_corners):
    size = list(size)
    n, points, nd = size[0], math.prod(size[2:]), len(size) - 2
    with no_grad():
        base = _base_grid(theta.dtype, size, align_corners)
        return base.view(n, points, nd + 1).bmm(theta.transpose(1, 2)).view(tuple([n] + size[2:] + [nd]))


def affine_grid(theta, size, align_corners=None):
    if align_corners is None:
        warn(_ALIGN_CORNERS_WARNING)
        align_corners = False
    if not theta.is_floating_point():
        raise ValueError(f"Expected theta to have floating point type, but got {theta.dtype}")
    if len(size) == 4:
        if theta.dim() != 3 or tuple(theta.shape[-2:]) != (2, 3):
            raise ValueError(f"Expected a batch of 2D affine matrices of shape Nx2x3 for size {size}. "
                             f"Got {theta.shape}.")
    elif len(size) == 5:
        if theta.dim() != 3 or tuple(theta.shape[-2:]) != (3, 4):
            raise ValueError(f"Expected a batch of 3D affine matrices of shape Nx3x4 for size {size}. "
                             f"Got {theta.shape}.")
    else:
        raise NotImplementedError("affine_grid only supports 4D and 5D sizes, for 2D and 3D affine transforms, "
                                  f"respectively. Got size {size}.")
    if min(size) <= 0:
        raise ValueError(f"Expected non-zero, positive output size. Got {size}")
    return affine_grid_generator(theta, list(size), align_corners)


# ---- grid_sample ----------------------------------------------------------------------------

def _grid_points(grid):
    """The output points per batch: the grid's dims between batch and coordinates."""
    return math.prod(grid.shape[1:-1])


def _third_derivative(grads):
    raise NotImplementedError("grid_sample's third derivative is not available here")


@op("NotImplemented", name="grid_sampler_double_backward", grad_output=_third_derivative, input=_third_derivative,
    grid=_third_derivative, gg_input=_third_derivative, gg_grid=_third_derivative)
def _grid_sampler_double_backward(grad_output, input, grid, interpolation_mode, padding_mode, align_corners, gg_input,
                                  gg_grid):
    """(the gradients by grad_output, input and grid of the backward's outputs, weighted by
    gg_input and gg_grid): the second derivative (float64 arithmetic, rounded once)."""
    with no_grad():
        d_grad, d_input, d_grid = kernels.grid_sample_double_backward(
            grad_output._buf(), input._buf(), tuple(input.shape), grid._buf(), _grid_points(grid),
            interpolation_mode, padding_mode, align_corners, _buf_or_none(gg_input), _buf_or_none(gg_grid))
        return (_from_kernel(d_grad, grad_output.shape, grad_output.dtype),
                _from_kernel(d_input, input.shape, input.dtype), _from_kernel(d_grid, grid.shape, grid.dtype))


def _second_derivative(which):
    """The formula for one input of grid_sampler's backward op: that input's part of the second derivative."""
    def formula(grads, grad_output, input, grid, interpolation_mode, padding_mode, align_corners):
        return _grid_sampler_double_backward(grad_output, input, grid, interpolation_mode, padding_mode,
                                             align_corners, grads[0], grads[1])[which]
    return formula


def _sampler_ops(nd):
    """The grid_sampler_{nd}d op (node GridSampler{nd}DBackward0) and its backward op (one kernel
    giving both gradients; node GridSampler{nd}DBackwardBackward0, the second derivative)."""
    def backward(grad_output, input, grid, interpolation_mode, padding_mode, align_corners):
        with no_grad():
            g_input, g_grid = kernels.grid_sample_backward(
                grad_output._buf(), input._buf(), tuple(input.shape), grid._buf(), _grid_points(grid),
                interpolation_mode, padding_mode, align_corners, input.dtype.itemsize == 4)
            return _from_kernel(g_input, input.shape, input.dtype), _from_kernel(g_grid, grid.shape, grid.dtype)

    def forward(input, grid, interpolation_mode, padding_mode, align_corners):
        with no_grad():
            values = kernels.grid_sample(input._buf(), tuple(input.shape), grid._buf(), _grid_points(grid),
                                         interpolation_mode, padding_mode, align_corners, input.dtype.itemsize == 4)
            return _from_kernel(values, tuple(input.shape[:2]) + tuple(grid.shape[1:-1]), input.dtype)

    name = f"grid_sampler_{nd}d"
    backward.__name__, forward.__name__ = f"_{name}_backward", name  # their derivative-table keys
    node = f"GridSampler{nd}DBackward"
    backward = op(node + "Backward0", name=name + "_backward", grad_output=_second_derivative(0),
                  input=_second_derivative(1), grid=_second_derivative(2))(backward)
    return op(node + "0", name=name,
              input=lambda grad, input, grid, interpolation_mode, padding_mode, align_corners: backward(
                  grad, input, grid, interpolation_mode, padding_mode, align_corners)[0],
              grid=lambda grad, input, grid, interpolation_mode, padding_mode, align_corners: backward(
                  grad, input, grid, interpolation_mode, padding_mode, align_corners)[1])(forward)


grid_sampler_2d, grid_sampler_3d = _sampler_ops(2), _sampler_ops(3)


def grid_sampler(input, grid, interpolation_mode, padding_mode, align_corners):
    if grid.dtype is not input.dtype:
        raise RuntimeError(f"expected scalar type {type_name(input.dtype)} but found {type_name(grid.dtype)}")
    sizes = f"input with sizes {list(input.shape)} and grid with sizes {list(grid.shape)}"
    if input.shape[:1] != grid.shape[:1]:
        raise RuntimeError(f"grid_sampler(): expected grid and input to have same batch size, but got {sizes}")
    if input.dim() != grid.dim() or input.dim() not in (4, 5):
        raise RuntimeError("grid_sampler(): expected 4D or 5D input and grid with same number of dimensions, but got "
                           + sizes)
    if grid.shape[-1] != input.dim() - 2:
        raise RuntimeError(f"grid_sampler(): expected grid to have size {input.dim() - 2} in last dimension, but got "
                           f"grid with sizes {list(grid.shape)}")
    for d in range(2, input.dim()):
        if input.shape[d] == 0:
            raise RuntimeError(f"grid_sampler(): expected input to have non-empty spatial dimensions, but input has "
                               f"sizes {list(input.shape)} with dimension {d} being empty")
    if input.dim() == 5 and interpolation_mode == kernels.BICUBIC:
        raise RuntimeError("grid_sampler(): bicubic interpolation only supports 4D input")
    if input.dtype.kind != "f":
        raise NotImplementedError(f"\"grid_sampler_{input.dim() - 2}d_cpu_kernel_impl\" not implemented for "
                                  f"'{type_name(input.dtype)}'")
    sampler = grid_sampler_2d if input.dim() == 4 else grid_sampler_3d
    return sampler(input, grid, interpolation_mode, padding_mode, align_corners)


_MODES = {"bilinear": kernels.BILINEAR, "nearest": kernels.NEAREST, "bicubic": kernels.BICUBIC}
_PADDINGS = {"zeros": kernels.ZEROS, "border": kernels.BORDER, "reflection": kernels.REFLECTION}


def grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None):
    if mode not in _MODES:
        raise ValueError("nn.functional.grid_sample(): expected mode to be 'bilinear', 'nearest' or 'bicubic', but "
                         f"got: '{mode}'")
    if padding_mode not in _PADDINGS:
        raise ValueError("nn.functional.grid_sample(): expected padding_mode to be 'zeros', 'border', or "
                         f"'reflection', but got: '{padding_mode}'")
    if align_corners is None:
        warn(_ALIGN_CORNERS_WARNING)
        align_corners = False
    return grid_sampler(input, grid, _MODES[mode], _PADDINGS[padding_mode], align_corners)
