"""grid_sample's loops (grid_sampler_2d/3d, their backward and second derivative), on flat buffers and shape
numbers: each output point reads the input at the grid's location, unnormalised from [-1, 1] to pixel
coordinates, mapped by the padding mode, then interpolated (bilinear/trilinear, nearest or
bicubic). Each step rounds in the dtype (``float32``: to float32) in PyTorch's order; results
are float32 buffers for float32 steps, else float64 buffers (the caller rounds them once).

Modes and paddings are PyTorch's enums: mode 0 bilinear, 1 nearest, 2 bicubic; padding 0
zeros, 1 border, 2 reflection."""
import math

from .._float32 import f32, fma32
from ._dispatch import backend_kernel, rounded
from .pool import _rounding

BILINEAR, NEAREST, BICUBIC = 0, 1, 2
ZEROS, BORDER, REFLECTION = 0, 1, 2
_A = -0.75  # the cubic convolution's coefficient


def _unnormalize(r, coord, size, align_corners, vectorized):
    """(pixel coordinate, its derivative by coord). The 2-d kernel is vectorised: (coord + 1)
    times half the span (fused with the - 0.5 of pixel centres); the 3-d one is scalar code."""
    if vectorized:
        if align_corners:
            return r(r(coord + 1) * ((size - 1) / 2)), (size - 1) / 2
        return _fma(r, r(coord + 1), size / 2, -0.5), size / 2
    if align_corners:
        return r(r(r(coord + 1) / 2) * (size - 1)), (size - 1) / 2
    return r(r(r(r(coord + 1) * size) - 1) / 2), size / 2


def _fma(r, a, b, c):
    """a * b + c rounded once in the dtype (the vectorised kernels' fused multiply-adds)."""
    return fma32(a, b, c) if r is f32 else math.fma(a, b, c) if hasattr(math, "fma") else _exact_fma(a, b, c)


def _exact_fma(a, b, c):
    """math.fma before Python 3.13: exact rational arithmetic (NaN and infinities as fma has them)."""
    if not (math.isfinite(a) and math.isfinite(b)):
        return a * b + c
    if not math.isfinite(c):
        return c
    from fractions import Fraction
    return float(Fraction(a) * Fraction(b) + Fraction(c))


def _clip(coord, size):
    """(coord clamped to [0, size - 1], its derivative)."""
    if coord <= 0:
        return 0.0, 0.0
    if coord >= size - 1:
        return float(size - 1), 0.0
    return coord, 1.0


def _reflect(r, coord, twice_low, twice_high):
    """(coord reflected into [twice_low / 2, twice_high / 2], its derivative)."""
    if twice_low == twice_high:
        return 0.0, 0.0
    low, span = twice_low / 2, (twice_high - twice_low) / 2
    coord = r(coord - low)
    sign = 1.0
    if coord < 0:
        sign, coord = -1.0, -coord
    extra = r(math.fmod(coord, span))
    flips = math.floor(r(coord / span))
    if flips % 2 == 0:
        return r(extra + low), sign
    return r(r(span - extra) + low), -sign


def source_index(r, coord, size, padding, align_corners, vectorized):
    """(the pixel coordinate a grid value reads, its derivative by the grid value)."""
    coord, mult = _unnormalize(r, coord, size, align_corners, vectorized)
    if padding == BORDER:
        coord, d = _clip(coord, size)
        mult *= d
    elif padding == REFLECTION:
        coord, d = _reflect(r, coord, 0, 2 * (size - 1)) if align_corners else _reflect(r, coord, -1, 2 * size - 1)
        coord, d2 = _clip(coord, size)
        mult *= d * d2
    if not -2.0 ** 62 < coord < 2.0 ** 62:  # NaN and huge values: far outside, as PyTorch's int range
        coord = -100.0
    return coord, mult


def _tap_index(r, coord, size, padding, align_corners):
    """A bicubic tap's integer coordinate after the padding mode (None: outside, reads zero)."""
    if padding == BORDER:
        coord = _clip(coord, size)[0]
    elif padding == REFLECTION:
        coord = (_reflect(r, coord, 0, 2 * (size - 1)) if align_corners else _reflect(r, coord, -1, 2 * size - 1))[0]
        coord = _clip(coord, size)[0]
    i = int(coord)
    return i if 0 <= i < size else None


def _cubic_coefficients(r, t):
    """The 4 taps' cubic convolution weights for fraction t, as the vectorised kernel rounds
    them: its compiler fuses the near taps' multiply-adds but not the far taps' (measured bit
    for bit against PyTorch 2.13, as the interpolation sums below)."""
    def near(x):  # |x| <= 1
        return _fma(r, r(_fma(r, _A + 2, x, -(_A + 3)) * x), x, 1.0)

    def far(x):  # 1 < |x| < 2
        return r(r(r(r(r(r(_A * x) - 5 * _A) * x) + 8 * _A) * x) - 4 * _A)
    return [far(r(t + 1)), near(t), near(r(1 - t)), far(r(2 - t))]


def _cubic_derivatives(r, t):
    """The taps' weights' derivatives in PyTorch's form, (a*x - b)*x + c at x = -1-t, -t, 1-t, 2-t
    (the kernel subtracts their products)."""
    def poly(a, b, c, x):
        return r(r(r(r(a * x) - b) * x) + c)
    return [poly(-3 * _A, 10 * _A, -8 * _A, r(-1 - t)), poly(-3 * (_A + 2), 2 * (_A + 3), 0.0, -t),
            poly(3 * (_A + 2), 2 * (_A + 3), 0.0, r(1 - t)), poly(3 * _A, 10 * _A, 8 * _A, r(2 - t))]


def _corner_weights(r, fractions):
    """The linear weights of the 2**nd corners (low/high along each dim, the last dim fastest),
    as PyTorch's kernels multiply them: 2-d (vectorised) s*e, s*w, n*e, n*w; 3-d the product
    of the three distances, x first."""
    if len(fractions) == 2:
        fx, fy = fractions
        e, s = r(1 - fx), r(1 - fy)
        return [r(s * e), r(s * fx), r(fy * e), r(fy * fx)]
    fx, fy, fz = fractions
    weights = []
    for wz in (r(1 - fz), fz):
        for wy in (r(1 - fy), fy):
            for wx in (r(1 - fx), fx):
                weights.append(r(r(wx * wy) * wz))
    return weights


def _offset(indices, spatial):
    """The flat offset of integer coordinates (x first) in a plane of spatial (outermost first),
    or None outside it."""
    offset = 0
    for i, size in zip(reversed(indices), spatial):
        if not 0 <= i < size:
            return None
        offset = offset * size + i
    return offset


def _sources(r, coords, spatial, padding, align_corners):
    """Per dim (x first): (pixel coordinate, its derivative by the grid value)."""
    vectorized = len(spatial) == 2
    return [source_index(r, c, size, padding, align_corners, vectorized) for c, size in zip(coords, reversed(spatial))]


def _corners(r, sources, spatial):
    """[(offset or None, weight)] of the linear interpolation's corners, and the low corner."""
    low = [math.floor(x) for x, _ in sources]
    weights = _corner_weights(r, [r(x - i) for (x, _), i in zip(sources, low)])
    nd = len(sources)
    taps = []
    for k, w in enumerate(weights):
        corner = [low[d] + (k >> d & 1) for d in range(nd)]  # bit d: the high side along dim d
        taps.append((_offset(corner, spatial), w))
    return taps, low


def _bicubic_plan(r, coords, spatial, padding, align_corners):
    """The 4 x 4 taps (rows of offsets or None), the x and y coefficients, the fractions and
    the unnormalisation's derivatives."""
    (x, mx), (y, my) = (_unnormalize(r, c, size, align_corners, True) for c, size in zip(coords, reversed(spatial)))
    ix, iy = math.floor(x), math.floor(y)
    tx, ty = r(x - ix), r(y - iy)
    h, w = spatial
    rows = []
    for j in range(4):
        yj = _tap_index(r, float(iy - 1 + j), h, padding, align_corners)
        rows.append([None if yj is None or xi is None else yj * w + xi
                     for xi in (_tap_index(r, float(ix - 1 + i), w, padding, align_corners) for i in range(4))])
    return rows, _cubic_coefficients(r, tx), _cubic_coefficients(r, ty), (tx, ty), (mx, my)


def _interp_x(r, values, coefficients):
    """c0*v0 + c1*v1 + c2*v2 + c3*v3 along x as the compiled kernel rounds it: the first
    product fused into the first addition, then plain additions."""
    total = _fma(r, coefficients[0], values[0], r(coefficients[1] * values[1]))
    for v, c in zip(values[2:], coefficients[2:]):
        total = r(total + r(v * c))
    return total


def _interp_y(r, values, coefficients):
    """The same sum along y: the second product fused with the first, then fused multiply-adds."""
    total = _fma(r, coefficients[1], values[1], r(coefficients[0] * values[0]))
    for v, c in zip(values[2:], coefficients[2:]):
        total = _fma(r, c, v, total)
    return total


@backend_kernel
def grid_sample(flat, shape, grid, points, mode, padding, align_corners, float32):
    """The (N, C, *grid's point dims) output's values (points: the grid's points per batch)."""
    r = _rounding(float32)
    flat, grid = flat.tolist(), grid.tolist()
    n_batch, channels, spatial = shape[0], shape[1], shape[2:]
    nd, plane = len(spatial), math.prod(spatial)
    out = [0.0] * (n_batch * channels * points)
    for n in range(n_batch):
        for p in range(points):
            coords = grid[(n * points + p) * nd:(n * points + p + 1) * nd]
            if mode == BICUBIC:
                rows, cx, cy, _, _ = _bicubic_plan(r, coords, spatial, padding, align_corners)
            else:
                sources = _sources(r, coords, spatial, padding, align_corners)
                if mode == NEAREST:
                    nearest = _offset([round(x) for x, _ in sources], spatial)
                else:
                    taps = [(k, w) for k, w in _corners(r, sources, spatial)[0] if k is not None]
            for c in range(channels):
                base = (n * channels + c) * plane
                if mode == BICUBIC:
                    value = _interp_y(r, [_interp_x(r, [0.0 if k is None else flat[base + k] for k in row], cx)
                                          for row in rows], cy)
                elif mode == NEAREST:
                    value = 0.0 if nearest is None else flat[base + nearest]
                elif nd == 2:  # vectorised: the first product, then fused multiply-adds
                    value = 0.0
                    for i, (k, w) in enumerate(taps):
                        value = r(flat[base + k] * w) if i == 0 else _fma(r, flat[base + k], w, value)
                else:
                    value = 0.0
                    for k, w in taps:
                        value = r(value + r(flat[base + k] * w))
                out[(n * channels + c) * points + p] = value
    return rounded(out, float32)


# points per vector of the 2-d kernel (AVX2: 8 float32 or 4 float64 lanes); its input gradient
# adds corner by corner per vector
GRID_LANES = {True: 8, False: 4}


@backend_kernel
def grid_sample_backward(grad, flat, shape, grid, points, mode, padding, align_corners, float32):
    """(the input's gradient, the grid's gradient), in the dtype: each output point's
    gradient spread over the input positions it read (by their weights), and the weights'
    derivatives by the grid values times the values read (zero for nearest). The 2-d kernel
    works on vectors of points: per vector and channel, each corner (tap) adds its share for
    all the vector's points before the next corner does."""
    r = _rounding(float32)
    grad, flat, grid = grad.tolist(), flat.tolist(), grid.tolist()
    n_batch, channels, spatial = shape[0], shape[1], shape[2:]
    nd, plane = len(spatial), math.prod(spatial)
    grad_input = [0.0] * math.prod(shape)
    grad_grid = [0.0] * (n_batch * points * nd)
    block = GRID_LANES[float32] if nd == 2 else 1
    for n in range(n_batch):
        for start in range(0, points, block):
            plans = [_backward_plan(r, grid[(n * points + p) * nd:(n * points + p + 1) * nd], spatial, mode, padding,
                                    align_corners) for p in range(start, min(points, start + block))]
            sums = [[0.0] * nd for _ in plans]
            for c in range(channels):
                base = (n * channels + c) * plane
                gouts = [grad[(n * channels + c) * points + p] for p in range(start, start + len(plans))]
                for t in range(len(plans[0][0])):  # corner by corner
                    for (taps, _, _), g in zip(plans, gouts):
                        k, weights = taps[t]
                        if k is not None:
                            grad_input[base + k] = r(grad_input[base + k] + _share(r, g, weights))
                for (taps, slopes, _), g, acc in zip(plans, gouts, sums):
                    if slopes is not None:
                        _add_slopes(r, acc, slopes, [0.0 if k is None else flat[base + k] for k, _ in taps], g)
            for p, ((_, _, mults), acc) in enumerate(zip(plans, sums), start):
                at = (n * points + p) * nd
                for d in range(nd):
                    grad_grid[at + d] = r(acc[d] * mults[d])
    return rounded(grad_input, float32), rounded(grad_grid, float32)


def _share(r, g, weights):
    """An output gradient's share for one tap: g times the tap's weight factors, left to right."""
    for w in weights:
        g = r(g * w)
    return g


def _backward_plan(r, coords, spatial, mode, padding, align_corners):
    """(taps [(offset or None, weight factors)], what the grid gradient needs or None (nearest),
    the derivatives of the pixel coordinates by the grid values)."""
    nd = len(spatial)
    if mode == BICUBIC:
        rows, cx, cy, (tx, ty), mults = _bicubic_plan(r, coords, spatial, padding, align_corners)
        dx, dy = _cubic_derivatives(r, tx), _cubic_derivatives(r, ty)
        taps = [(rows[j][i], (cx[i], cy[j])) for i in range(4) for j in range(4)]  # x taps outer
        return taps, ("cubic", cx, cy, dx, dy), mults
    sources = _sources(r, coords, spatial, padding, align_corners)
    mults = [m for _, m in sources]
    if mode == NEAREST:
        return [(_offset([round(x) for x, _ in sources], spatial), ())], None, mults
    corners, low = _corners(r, sources, spatial)
    fractions = [r(x - i) for (x, _), i in zip(sources, low)]
    return [(k, (w,)) for k, w in corners], ("bilinear" if nd == 2 else "trilinear", fractions), mults


def _add_slopes(r, acc, slopes, values, g):
    """Add one channel's part of the grid gradient (before the unnormalisation's factor)."""
    kind = slopes[0]
    if kind == "bilinear":
        (w, n), (nw, ne, sw, se) = slopes[1], values
        e, s = r(1 - w), r(1 - n)
        # ((ne - nw) * s + (se - sw) * n) * g + acc, fused as the compiled kernel does
        acc[0] = _fma(r, _fma(r, r(se - sw), n, r(r(ne - nw) * s)), g, acc[0])
        acc[1] = _fma(r, _fma(r, r(se - ne), w, r(r(sw - nw) * e)), g, acc[1])
    elif kind == "trilinear":
        fractions = slopes[1]
        for k, v in enumerate(values):
            if v == 0.0:
                continue
            sides = [k >> d & 1 for d in range(3)]
            factors = [f if side else r(1 - f) for f, side in zip(fractions, sides)]
            for d in range(3):
                others = [factors[o] for o in range(3) if o != d]
                term = r(r(r(v * others[0]) * others[1]) * g)
                acc[d] = r(acc[d] + term) if sides[d] else r(acc[d] - term)
    else:
        _, cx, cy, dx, dy = slopes
        for i in range(4):
            for j in range(4):
                v = values[i * 4 + j]
                acc[0] = _fma(r, -r(r(v * g) * dx[i]), cy[j], acc[0])  # acc - v*g*dx*cy, the last product fused
                acc[1] = _fma(r, -r(r(v * g) * dy[j]), cx[i], acc[1])


# ---- the second derivative (float64 arithmetic, rounded once at the end) -------------------------

def _near(x):  # the cubic convolution for |x| <= 1, with its first and second derivatives
    return ((_A + 2) * x - (_A + 3)) * x * x + 1, (3 * (_A + 2) * x - 2 * (_A + 3)) * x, 6 * (_A + 2) * x - 2 * (_A + 3)


def _far(x):  # for 1 < |x| < 2
    return ((_A * x - 5 * _A) * x + 8 * _A) * x - 4 * _A, (3 * _A * x - 10 * _A) * x + 8 * _A, 6 * _A * x - 10 * _A


def _cubic_taps(t):
    """Per tap: (weight, d weight / dt, d2 weight / dt2) at fraction t."""
    taps = [_far(t + 1), _near(t), _near(1 - t), _far(2 - t)]
    return [(w, d * (1 if i < 2 else -1), h) for i, (w, d, h) in enumerate(taps)]


def _linear_factors(f, high):
    """One dim's factor of a corner weight, its derivative and second derivative by the coordinate."""
    return (f, 1.0, 0.0) if high else (1 - f, -1.0, 0.0)


def _tap_derivatives(coords, spatial, mode, padding, align_corners):
    """(taps [(offset or None, weight, gradient by the pixel coordinates, their Hessian)], the
    pixel coordinates' derivatives by the grid values), in float64."""
    nd = len(spatial)
    r = float
    if mode == BICUBIC:
        rows, _, _, _, mults = _bicubic_plan(r, coords, spatial, padding, align_corners)
        (x, _), (y, _) = (_unnormalize(r, c, size, align_corners, True) for c, size in zip(coords, reversed(spatial)))
        per_dim = [_cubic_taps(x - math.floor(x)), _cubic_taps(y - math.floor(y))]
        corners = [(rows[j][i], (per_dim[0][i], per_dim[1][j])) for j in range(4) for i in range(4)]
    else:
        sources = _sources(r, coords, spatial, padding, align_corners)
        mults = [m for _, m in sources]
        if mode == NEAREST:
            return [(_offset([round(x) for x, _ in sources], spatial), 1.0, [0.0] * nd, [[0.0] * nd] * nd)], mults
        low = [math.floor(x) for x, _ in sources]
        corners = []
        for k in range(2 ** nd):
            sides = [k >> d & 1 for d in range(nd)]
            corner = [i + side for i, side in zip(low, sides)]
            corners.append((_offset(corner, spatial),
                            tuple(_linear_factors(x - i, side) for (x, _), i, side in zip(sources, low, sides))))
    taps = []
    for offset, factors in corners:
        weight = math.prod(f[0] for f in factors)
        gradient = [math.prod(f[1] if e == d else f[0] for e, f in enumerate(factors)) for d in range(nd)]
        hessian = [[math.prod((f[2] if e == d else f[0]) if d == d2 else
                              (f[1] if e in (d, d2) else f[0]) for e, f in enumerate(factors))
                    for d2 in range(nd)] for d in range(nd)]
        taps.append((offset, weight, gradient, hessian))
    return taps, mults


@backend_kernel
def grid_sample_double_backward(grad, flat, shape, grid, points, mode, padding, align_corners, gg_input, gg_grid):
    """The gradients of <gg_input, input gradient> + <gg_grid, grid gradient> (the backward's
    outputs, given as buffers or None) by grad_output, input and grid: three float64 buffers."""
    grad, flat, grid = grad.tolist(), flat.tolist(), grid.tolist()
    gg_input, gg_grid = (None if gg is None else gg.tolist() for gg in (gg_input, gg_grid))
    n_batch, channels, spatial = shape[0], shape[1], shape[2:]
    nd, plane = len(spatial), math.prod(spatial)
    d_grad = [0.0] * (n_batch * channels * points)
    d_input = [0.0] * math.prod(shape)
    d_grid = [0.0] * (n_batch * points * nd)
    for n in range(n_batch):
        for p in range(points):
            at = (n * points + p) * nd
            taps, mults = _tap_derivatives(grid[at:at + nd], spatial, mode, padding, align_corners)
            gg = [gg_grid[at + d] * mults[d] for d in range(nd)] if gg_grid is not None else [0.0] * nd
            for c in range(channels):
                base, out = (n * channels + c) * plane, (n * channels + c) * points + p
                g, total = grad[out], 0.0
                for k, w, gradient, hessian in taps:
                    if k is None:
                        continue
                    v = flat[base + k]
                    slope = sum(gradient[d] * gg[d] for d in range(nd))  # the weight's change along gg
                    total += v * slope
                    d_input[base + k] += g * slope
                    for d in range(nd):
                        bend = sum(hessian[d][e] * gg[e] for e in range(nd))
                        d_grid[at + d] += g * mults[d] * v * bend
                    if gg_input is not None:
                        total += w * gg_input[base + k]
                        for d in range(nd):
                            d_grid[at + d] += g * mults[d] * gradient[d] * gg_input[base + k]
                d_grad[out] = total
    return rounded(d_grad, False), rounded(d_input, False), rounded(d_grid, False)
