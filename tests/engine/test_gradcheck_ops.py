"""Every entry of the derivative table against finite differences (float64, both backends).

SAMPLES maps each entry of ``torch.autograd.derivatives.TABLE`` to calls a learner would write.
Each sample runs through ``gradcheck`` (or ``gradgradcheck`` when marked ``order=2``: entries
that only appear inside a gradient built with ``create_graph=True``), and must record the
entry's node, so a sample cannot silently test some other op. A new entry without a sample
fails ``test_every_table_entry_has_a_sample``. The first sample of every entry also goes
through ``gradgradcheck`` (strict xfail for the entries that cannot be differentiated twice yet).
Inputs stay away from points where the op is not differentiable (relu at 0, ties of max,
floor at integers); ops whose gradient is zero (floor, sign, round) are checked to be zero.
"""
import pytest
import torch
import torch.nn.functional as F
from torch.autograd import gradcheck, gradgradcheck
from torch.autograd.derivatives import TABLE
from torch.nn.modules.rnn import _lstm_layer
from torch.nn.utils.rnn import pack_padded_sequence

f64 = torch.float64


def leaf(*shape, lo=-0.9, hi=1.1):
    """Distinct, nonzero values from lo to hi (evenly spaced), shaped, requiring grad."""
    n = 1
    for s in shape:
        n *= s
    return torch.linspace(lo, hi, n, dtype=f64).reshape(shape).requires_grad_()


def given(values):
    return torch.tensor(values, dtype=f64, requires_grad=True)


A = leaf(2, 3)                       # -0.9 ... 1.1
B = leaf(2, 3, lo=1.3, hi=-0.7)      # no ties with A
ROW = leaf(3, lo=0.6, hi=-0.8)       # broadcasts against A
POS = leaf(2, 3, lo=0.4, hi=2.1)     # positive
POS2 = leaf(2, 3, lo=1.7, hi=0.6)
SHAPES = torch.tensor([0.5, 1.5, 3.0], dtype=torch.float64)  # igamma's a (no gradient: PyTorch has none)
UNIT = leaf(2, 3, lo=-0.8, hi=0.7)   # inside (-1, 1)
PROB = leaf(2, 3, lo=0.15, hi=0.85)  # inside (0, 1)
SCALAR = given(0.7)
# away from the jumps of floor, ceil, round (also at one decimal) and trunc
STEPS = given([[-1.72, -0.26, 0.33], [1.41, 2.62, 3.08]])
# unsorted and without ties, for sort, topk, median, mode, max
MIXED = given([[0.3, -0.7, 1.2, 0.5], [0.9, 0.1, -0.4, 1.6], [-1.1, 0.8, 0.2, -0.3]])
WITH_ZERO = given([[0.5, 0.0, 2.0], [1.5, -0.5, 0.25]])  # prod and cumprod across a zero
M34, M42 = leaf(3, 4), leaf(4, 2, lo=0.8, hi=-1.0)
V4, W4 = leaf(4, lo=0.6, hi=-0.9), leaf(4, lo=-0.3, hi=1.2)
B234, B243 = leaf(2, 3, 4), leaf(2, 4, 3, lo=1.0, hi=-0.6)
IMG = leaf(1, 2, 4, 4)                  # N, C, H, W
VOL = leaf(1, 2, 3, 4, 4)               # N, C, D, H, W
KERNEL = leaf(3, 2, 2, 2, lo=0.5, hi=-0.4)
SAMPLES2 = torch.tensor([[[0.3, 0.8], [0.55, 0.1]]], dtype=f64)  # fractional max pooling's, per plane
SAMPLES3 = torch.tensor([[[0.3, 0.8, 0.45], [0.55, 0.1, 0.9]]], dtype=f64)
GRID2 = leaf(1, 3, 2, 2, lo=-0.83, hi=0.77)  # sampling locations away from pixel centres
GRID3 = leaf(1, 2, 1, 2, 3, lo=0.71, hi=-0.86)
MASK = torch.tensor([[True, False, True], [False, False, True]])
IDX = torch.tensor([1, 0, 1])
ROW_IDX = torch.tensor([[2, 0], [1, 2]])  # along dim 1 of a (2, 3), no repeats within a row
B2 = B[:, :2].detach().requires_grad_()  # a leaf: a sample's graph is freed by the first test using it
CLASSES = torch.tensor([2, 0])
LOGITS = leaf(2, 3, lo=-1.3, hi=0.9)
SOFT_TARGET = torch.tensor([[0.2, 0.3, 0.5], [0.6, 0.1, 0.3]], dtype=f64)
SQUARE = given([[2.0, 0.5, 0.1], [0.3, 1.5, -0.2], [0.1, 0.4, 1.8]])  # well conditioned
EYE2 = torch.eye(2, dtype=f64)
WIDE = given([[1.0, 0.3, -0.5, 0.2], [0.1, 0.8, 0.4, -0.3], [0.6, -0.2, 0.9, 0.5]])  # full rank, distinct values


def unpacked_primal(a):
    """forward_ad.unpack_dual's primal, a view made inside a dual level (grad_fn Identity)."""
    import torch.autograd.forward_ad as fwAD
    with fwAD.dual_level():
        return fwAD.unpack_dual(a).primal * 1


def setitem(a, index, b):
    c = a.clone()
    c[index] = b
    return c


def s(fn, *inputs, order=1):
    return fn, inputs, order


SAMPLES = {
    "_cross": [s(lambda a, b: torch.linalg.cross(a, b), A, B),
               s(lambda a, b: torch.cross(a.T, b.T, dim=0), A, B)],
    # ---- pointwise: arithmetic
    "add": [s(lambda a, b: a + b, A, ROW), s(lambda a, b: torch.add(a, b, alpha=2), A, B),
            s(lambda a: a + 1.5, A)],
    "sub": [s(lambda a, b: a - b, A, ROW), s(lambda a, b: torch.sub(a, b, alpha=0.5), A, B)],
    "rsub": [s(lambda a: 3 - a, A), s(lambda a: torch.rsub(a, 2.0, alpha=3), A)],
    "_rsub_tensor": [s(lambda a, b: torch.rsub(a, b, alpha=2), A, ROW)],
    "mul": [s(lambda a, b: a * b, A, ROW), s(lambda a: a * 2.5, A), s(lambda a, b: a * b, SCALAR, B)],
    "_true_divide": [s(lambda a, b: a / b, A, POS), s(lambda a, b: torch.div(b, a), ROW, POS)],
    "div_scalar": [s(lambda a: F.cross_entropy(a, SOFT_TARGET), LOGITS)],
    "_rounding_divide": [s(lambda a, b: torch.div(a, b, rounding_mode="floor"), STEPS, POS),
                         s(lambda a, b: a.div(b, rounding_mode="trunc"), STEPS, POS)],
    "reciprocal": [s(lambda a: a.reciprocal(), A), s(lambda a: 2 / a, POS)],
    "_remainder_scalar": [s(lambda a: a % 1.5, STEPS), s(lambda a: torch.remainder(a, -0.7), STEPS)],
    "_remainder_tensor": [s(lambda a, b: torch.remainder(a, b), STEPS, POS)],
    "fmod": [s(lambda a: torch.fmod(a, 1.5), STEPS)],
    "neg": [s(lambda a: -a, A)],
    "abs": [s(lambda a: a.abs(), A)],
    "_pow_scalar": [s(lambda a: a ** 3, A), s(lambda a: a.pow(2.5), POS), s(lambda a: a ** -1, POS),
                    s(lambda a: a ** 0, A)],
    "_pow_tensor": [s(lambda a, b: a ** b, POS, A), s(lambda a, b: torch.pow(a, b), POS, ROW)],
    "_pow_scalar_base": [s(lambda a: 2 ** a, A), s(lambda a: torch.pow(0.5, a), A)],
    # ---- pointwise: functions
    "sqrt": [s(lambda a: a.sqrt(), POS)],
    "rsqrt": [s(lambda a: a.rsqrt(), POS)],
    "exp": [s(lambda a: a.exp(), A)],
    "expm1": [s(lambda a: a.expm1(), A)],
    "log": [s(lambda a: a.log(), POS)],
    "log2": [s(lambda a: a.log2(), POS)],
    "log10": [s(lambda a: a.log10(), POS)],
    "log1p": [s(lambda a: a.log1p(), A)],
    "sin": [s(lambda a: a.sin(), A)],
    "cos": [s(lambda a: a.cos(), A)],
    "tan": [s(lambda a: a.tan(), A)],
    "asin": [s(lambda a: a.asin(), UNIT)],
    "acos": [s(lambda a: a.acos(), UNIT)],
    "atan": [s(lambda a: a.atan(), A)],
    "atan2": [s(lambda a, b: torch.atan2(a, b), A, B)],
    "sinh": [s(lambda a: a.sinh(), A)],
    "cosh": [s(lambda a: a.cosh(), A)],
    "tanh": [s(lambda a: a.tanh(), A), s(lambda a: F.tanh(a), A)],
    "tanh_backward": [s(lambda a: a.tanh(), A, order=2)],
    "sigmoid": [s(lambda a: a.sigmoid(), A), s(lambda a: torch.sigmoid(a), A)],
    "sigmoid_backward": [s(lambda a: a.sigmoid(), A, order=2)],
    "erf": [s(lambda a: a.erf(), A)],
    "sign": [s(lambda a: a.sign(), A)],
    "sgn": [s(lambda a: a.sgn(), A)],
    "angle": [s(lambda a: a.angle(), A)],
    "floor": [s(lambda a: a.floor(), STEPS)],
    "ceil": [s(lambda a: a.ceil(), STEPS)],
    "trunc": [s(lambda a: a.trunc(), STEPS)],
    "frac": [s(lambda a: a.frac(), STEPS)],
    "_round": [s(lambda a: a.round(), STEPS)],
    "_round_decimals": [s(lambda a: a.round(decimals=1), STEPS)],
    "relu": [s(lambda a: a.relu(), A), s(lambda a: F.relu(a), A)],
    "threshold_backward": [s(lambda a: a.relu(), A, order=2)],
    "_log_softmax_backward": [s(lambda a: a.log_softmax(-1), A, order=2),
                              s(lambda a: a.log_softmax(0), A, order=2)],
    "_clamp_by_numbers": [s(lambda a: a.clamp(-0.6, 0.8), A), s(lambda a: a.clamp(min=0.2), A),
                          s(lambda a: torch.clamp(a, max=0.0), A)],
    "_clamp_by_tensors": [s(lambda a, lo, hi: a.clamp(lo, hi), A, ROW, leaf(3, lo=0.85, hi=-0.55)),
                          s(lambda a, lo: torch.clamp(a, min=lo), A, ROW)],
    "_clamp_min_number": [s(lambda a: a.clamp_min(0.2), A)],
    "_clamp_min_tensor": [s(lambda a, lo: a.clamp_min(lo), A, B)],
    "_clamp_max_number": [s(lambda a: torch.clamp_max(a, 0.0), A)],
    "_clamp_max_tensor": [s(lambda a, hi: a.clamp_max(hi), A, ROW)],
    "maximum": [s(lambda a, b: torch.maximum(a, b), A, B), s(lambda a, b: a.maximum(b), A, ROW)],
    "minimum": [s(lambda a, b: torch.minimum(a, b), A, B)],
    "_lerp_scalar": [s(lambda a, b: torch.lerp(a, b, 0.3), A, B)],
    "_lerp_tensor": [s(lambda a, b, w: torch.lerp(a, b, w), A, B, PROB)],
    "addcmul": [s(lambda a, b, c: torch.addcmul(a, b, c, value=0.5), A, B, ROW)],
    "addcdiv": [s(lambda a, b, c: torch.addcdiv(a, b, c, value=2), A, B, POS)],
    "_where": [s(lambda a, b: torch.where(MASK, a, b), A, B), s(lambda a: torch.where(a > 0, a, 0.0), A)],
    "masked_fill": [s(lambda a: a.masked_fill(MASK, 0.5), A)],
    # ---- reductions
    "sum_all": [s(lambda a: a.sum(), A)],
    "sum_dim": [s(lambda a: a.sum(1), A), s(lambda a: a.sum((0, 1), keepdim=True), A)],
    "mean_all": [s(lambda a: a.mean(), A)],
    "mean_dim": [s(lambda a: a.mean(0), A), s(lambda a: a.mean(-1, keepdim=True), A)],
    "prod_all": [s(lambda a: a.prod(), A), s(lambda a: a.prod(), WITH_ZERO)],
    "prod_dim": [s(lambda a: a.prod(1), A), s(lambda a: a.prod(0, keepdim=True), WITH_ZERO)],
    "max_all": [s(lambda a: a.max(), MIXED)],
    "_max_dim": [s(lambda a: a.max(1).values, MIXED), s(lambda a: a.max(0, keepdim=True)[0], MIXED)],
    "min_all": [s(lambda a: a.min(), MIXED)],
    "_min_dim": [s(lambda a: a.min(1).values, MIXED)],
    "_amax": [s(lambda a: a.amax(1), MIXED), s(lambda a: torch.amax(a, (0, 1)), MIXED)],
    "_amin": [s(lambda a: a.amin(0), MIXED)],
    "_var": [s(lambda a: a.var(), MIXED), s(lambda a: a.var(1, keepdim=True), MIXED),
             s(lambda a: a.var(0, correction=0), MIXED)],
    "_std": [s(lambda a: a.std(), MIXED), s(lambda a: a.std(1), MIXED)],
    "_var_mean": [s(lambda a: torch.var_mean(a, 1), MIXED), s(lambda a: torch.var_mean(a)[1], MIXED),
                  s(lambda a: torch.var_mean(a, 0, correction=0, keepdim=True)[0], MIXED)],
    "_std_mean": [s(lambda a: torch.std_mean(a, 1), MIXED), s(lambda a: torch.std_mean(a)[0], MIXED)],
    "_vector_norm": [s(lambda a: a.norm(), MIXED), s(lambda a: a.norm(p=1, dim=1), MIXED),
                     s(lambda a: torch.linalg.vector_norm(a, ord=3, dim=0), MIXED),
                     s(lambda a: torch.linalg.vector_norm(a, ord=float("inf")), MIXED)],
    "_cumsum": [s(lambda a: a.cumsum(1), A), s(lambda a: torch.cumsum(a, 0), A)],
    "_cumprod": [s(lambda a: a.cumprod(1), A), s(lambda a: a.cumprod(1), WITH_ZERO)],
    "_logsumexp": [s(lambda a: a.logsumexp(1), A), s(lambda a: torch.logsumexp(a, 0, keepdim=True), A)],
    "_softmax": [s(lambda a: a.softmax(-1), A), s(lambda a: F.softmax(a, dim=0), A)],
    "_log_softmax": [s(lambda a: a.log_softmax(-1), A), s(lambda a: F.log_softmax(a, dim=0), A)],
    "_sort": [s(lambda a: a.sort(-1).values, MIXED), s(lambda a: a.sort(0, descending=True)[0], MIXED)],
    "_topk": [s(lambda a: a.topk(2).values, MIXED), s(lambda a: a.topk(1, dim=0, largest=False)[0], MIXED)],
    "_median_all": [s(lambda a: a.median(), MIXED)],
    "_median_dim": [s(lambda a: a.median(1).values, MIXED)],
    "_mode": [s(lambda a: a.mode(1).values, MIXED)],
    # ---- views and shapes
    "_select": [s(lambda a: a[1], A), s(lambda a: a.select(1, -1), A)],
    "select_backward": [s(lambda a: a[1], A, order=2)],
    "slice": [s(lambda a: a[:, 1:3], A), s(lambda a: a[::2], MIXED), s(lambda a: a.narrow(1, 1, 2), A)],
    "slice_backward": [s(lambda a: a[:, 1:], A, order=2)],
    "_diagonal": [s(lambda a: a.diagonal(), M34), s(lambda a: torch.diagonal(a, 1), M34)],
    "diagonal_backward": [s(lambda a: a.diagonal(), M34, order=2)],
    "alias": [s(lambda a: a[...], A)],
    "_fw_primal": [s(unpacked_primal, A)],
    "_unsqueeze": [s(lambda a: a.unsqueeze(1), A)],
    "_squeeze_all": [s(lambda a: a.view(2, 1, 3).squeeze(), A)],
    "_squeeze_dim": [s(lambda a: a.view(2, 1, 3).squeeze(1), A)],
    "_squeeze_dims": [s(lambda a: a.view(1, 2, 1, 3).squeeze((0, 2)), A)],
    "squeeze_inplace_dim": [s(lambda v, m: v @ m, V4, M42)],
    "_permute": [s(lambda a: a.permute(2, 0, 1), B234), s(lambda a: a.T, A)],
    "_transpose": [s(lambda a: a.transpose(0, 1), A)],
    "_t": [s(lambda a: a.t(), A)],
    "_expand": [s(lambda a: a.expand(2, 3), ROW), s(lambda a: a.view(2, 1, 3).expand(2, 4, 3), A)],
    "_repeat": [s(lambda a: a.repeat(2, 1), A), s(lambda a: a.repeat(2, 1, 2), ROW)],
    "_view_op": [s(lambda a: a.view(3, 2), A), s(lambda a: a.reshape(-1), A)],
    # in-place views: a clone of the leaf changes its own shape
    "t_inplace": [s(lambda a: a.clone().t_(), A)],
    "_transpose_inplace": [s(lambda a: a.clone().transpose_(0, 2), B234)],
    "_unsqueeze_inplace": [s(lambda a: a.clone().unsqueeze_(-1), A)],
    "_squeeze_all_inplace": [s(lambda a: a.view(2, 1, 3).clone().squeeze_(), A)],
    "_squeeze_dim_inplace": [s(lambda a: a.view(2, 1, 3).clone().squeeze_(1), A)],
    "_squeeze_dims_inplace": [s(lambda a: a.view(1, 2, 1, 3).clone().squeeze_((0, 2)), A)],
    "_as_strided": [s(lambda a: a.as_strided((2, 2), (1, 2), 1), A),
                    s(lambda a: torch.as_strided(a.t(), (3, 2), (1, 1)), A)],  # overlapping windows
    "_as_strided_inplace": [s(lambda a: (a * 1).as_strided_((3,), (2,)), A)],
    "_entr": [s(lambda a: torch.special.entr(a), POS)],
    "_xlog1py": [s(lambda a, b: torch.special.xlog1py(a, b), A, POS)],
    "i0": [s(lambda a: torch.i0(a * 5), A), s(lambda a: torch.special.i0(a * 12), A)],
    "i0e": [s(lambda a: torch.special.i0e(a * 5), A), s(lambda a: torch.special.i0e(a * 12), A)],
    "i1": [s(lambda a: torch.special.i1(a * 5), A), s(lambda a: torch.special.i1(a * 12), A)],
    "i1e": [s(lambda a: torch.special.i1e(a * 5), A), s(lambda a: torch.special.i1e(a * 12), A)],
    "ndtri": [s(lambda a: torch.special.ndtri(a), PROB), s(lambda a: torch.special.ndtri(a * 1e-3), PROB)],
    "erfcx": [s(lambda a: torch.special.erfcx(a * 3), A)],
    "log_ndtr": [s(lambda a: torch.special.log_ndtr(a * 4), A)],
    "_igamma_op": [s(lambda x: torch.igamma(SHAPES * 2, x), POS), s(lambda x: torch.special.gammainc(SHAPES, x), POS)],
    "_igammac_op": [s(lambda x: torch.igammac(SHAPES * 2, x), POS), s(lambda x: SHAPES.igammac(x), POS)],
    "_zeta_tensors": [s(lambda x: torch.special.zeta(SHAPES + 1.5, x), POS)],
    "_zeta_self_number": [s(lambda x: torch.special.zeta(2.5, x), POS)],
    "_resize": [s(lambda a: a.resize(3, 2), A), s(lambda a: a.t().resize(6), A)],
    "_unsafe_view": [s(lambda a: a.t().reshape(6), A), s(lambda a, b: a @ b, B234, M42)],
    # ---- copies and in-place writes
    "clone": [s(lambda a: a.clone(), A)],
    "_to_copy": [s(lambda a: a.to(torch.float64, copy=True), A)],
    "_copy": [s(lambda a, b: a.clone().copy_(b), A, B), s(lambda a, b: a.clone().copy_(b), A, ROW)],
    "_fill_number": [s(lambda a: a.clone().fill_(0.5), A)],
    "_fill_tensor": [s(lambda a, v: a.clone().fill_(v), A, SCALAR)],
    "_fill_number_out": [s(lambda a: torch.fill(a, 0.5), A)],
    "_fill_tensor_out": [s(lambda a, v: torch.fill(a, v), A, SCALAR)],
    "_zero": [s(lambda a: a.clone().zero_(), A)],
    # ---- indexing
    "_index": [s(lambda a: a[IDX], A), s(lambda a: a[MASK], A), s(lambda a: a[[0, 1, 1], [2, 2, 0]], A)],
    "index_add_flat": [s(lambda a: a[IDX], A, order=2)],
    "_take": [s(lambda a: torch.take(a, torch.tensor([[5, 0], [5, 2]])), A)],
    # (index_put's values gradient)
    "take_flat": [s(lambda a, r: a.index_put((torch.tensor([1, 1, 0]),), r, accumulate=True), A, ROW, order=2)],
    "_index_put": [s(lambda a, b: setitem(a, MASK, b), A, given([1.5, -2.0, 0.5])),
                   s(lambda a, b: setitem(a, torch.tensor([2, 0]), b), leaf(3, 2), given([0.5, -1.0]))],
    "_index_select": [s(lambda a: a.index_select(1, IDX), A)],
    "_gather": [s(lambda a: a.gather(1, ROW_IDX), A)],
    "_scatter_src": [s(lambda a, b: a.scatter(1, ROW_IDX, b), A, leaf(2, 2, lo=2.0, hi=3.0))],
    "_scatter_value": [s(lambda a: a.scatter(1, ROW_IDX, 0.5), A)],
    "_scatter_add": [s(lambda a, b: a.scatter_add(1, torch.tensor([[2, 2], [0, 2]]), b), A, leaf(2, 2))],
    # ---- joining and splitting
    "_cat": [s(lambda a, b: torch.cat([a, b], 0), A, B), s(lambda a, b: torch.cat((a, b.view(2, 1)), 1), A, leaf(2))],
    "_stack": [s(lambda a, b: torch.stack([a, b], 1), A, B)],
    "_split": [s(lambda a: a.split(2, 1), A), s(lambda a: a.chunk(2, 1), A)],
    "_split_with_sizes": [s(lambda a: a.split([1, 2], 1), A), s(lambda a: torch.split(a, [1, 1], 0), A)],
    "_unsafe_split": [s(lambda a: a.unsafe_split(2, 1), A), s(lambda a: a.unsafe_chunk(2, 1), A)],
    "_unsafe_split_with_sizes": [s(lambda a: torch.unsafe_split_with_sizes(a, [1, 2], 1), A)],
    "_unbind": [s(lambda a: a.unbind(1), A), s(lambda a: torch.unbind(a), A)],
    "_flip": [s(lambda a: a.flip(0), A), s(lambda a: torch.flip(a, (0, 1)), A)],
    "_roll": [s(lambda a: a.roll(1, 1), A), s(lambda a: a.roll(2), A)],
    "tril": [s(lambda a: a.tril(), M34)],
    "triu": [s(lambda a: a.triu(1), M34)],
    "_diag_embed": [s(lambda v: torch.diag(v), V4), s(lambda v: torch.diag(v, -1), V4),
                    s(lambda a: torch.diag_embed(a, 1), A), s(lambda a: torch.diag_embed(a, -1, 0, 2), A)],
    "_trace": [s(lambda m: m.trace(), M34)],
    "norm_dim": [s(lambda a, b: F.pairwise_distance(a, b), A, B), s(lambda a, r: F.pairwise_distance(a, r, p=3.0), A, ROW),
                 s(lambda a, b: F.pairwise_distance(a, b, p=1.5, keepdim=True), A, B)],
    "norm_all": [s(lambda a: torch.norm_except_dim(a, 2, -1), A), s(lambda m: torch.norm_except_dim(m, 3, -1), MIXED)],
    "_weight_norm_interface": [s(lambda v, g: torch._weight_norm(v, g, 0), A, given([[0.7], [-1.2]])),
                               s(lambda v, g: torch._weight_norm(v, g, 1), M34, leaf(1, 4, lo=0.5, hi=-1.5)),
                               s(lambda v, g: torch._weight_norm(v, g, 0), B234, leaf(2, 1, 1, lo=1.2, hi=0.3))],
    "_dist": [s(lambda a, b: torch.dist(a, b), A, B), s(lambda a, r: a.dist(r, 0.5), A, ROW),
              s(lambda a, b: a.dist(b, float("inf")), A, B)],
    "_nansum": [s(lambda a: a.nansum(), A), s(lambda a: torch.nansum(a, 1, keepdim=True), A),
                s(lambda a: a.nanmean(0), A)],
    "asinh": [s(lambda a: a.asinh(), A)],
    "acosh": [s(lambda p: (p + 1).acosh(), POS)],
    "atanh": [s(lambda u: torch.atanh(u), UNIT)],
    "exp2": [s(lambda a: a.exp2(), A)],
    "hypot": [s(lambda a, b: torch.hypot(a, b), A, B), s(lambda a, r: a.hypot(r), A, ROW)],
    "logaddexp": [s(lambda a, b: torch.logaddexp(a, b), A, B)],
    "logaddexp2": [s(lambda a, b: torch.logaddexp2(a, b), A, B), s(lambda a, r: a.logaddexp2(r), A, ROW)],
    "_copysign_tensor": [s(lambda a: torch.copysign(a, B.detach()), A)],  # other: no gradient, as PyTorch
    "_copysign_scalar": [s(lambda a: torch.copysign(a, -2.0), A), s(lambda a: a.copysign(1), A)],
    "sinc": [s(lambda a: a.sinc(), A)],
    "_xlogy": [s(lambda a, p: torch.xlogy(a, p), A, POS), s(lambda p, r: p.xlogy(r.abs() + 0.5), POS, ROW)],
    "_xlogy_number_self": [s(lambda p: torch.xlogy(2.5, p), POS)],
    "_xlog1py_number_self": [s(lambda p: torch.special.xlog1py(2.5, p), POS)],
    "_xlog1py_number_other": [s(lambda a: torch.special.xlog1py(a, 3.0), A)],
    "_xlogy_number_other": [s(lambda a: torch.xlogy(a, 3.0), A), s(lambda a: a.xlogy(0.5), A)],
    "_logit": [s(lambda q: q.logit(), PROB), s(lambda q: torch.logit(q, 0.2), PROB)],
    "erfc": [s(lambda a: torch.erfc(a), A)],
    "deg2rad": [s(lambda a: a.deg2rad(), A)],
    "rad2deg": [s(lambda a: torch.rad2deg(a), A)],
    "_index_put_accumulate": [s(lambda a, r: a.index_put((torch.tensor([1, 1, 0]),), r, accumulate=True), A, ROW)],
    "_index_add": [s(lambda a, b: a.index_add(1, torch.tensor([2, 0, 2]), b, alpha=0.5), A, B),
                   s(lambda a, r: a.clone().index_add_(0, torch.tensor([1]), r.unsqueeze(0)), A, ROW)],
    "index_copy": [s(lambda a, b: a.index_copy(0, torch.tensor([1, 0]), b), A, B)],
    "_index_fill_number": [s(lambda a: a.index_fill(1, torch.tensor([0, 2]), 0.5), A)],
    "_index_fill_tensor": [s(lambda a, v: a.index_fill(0, torch.tensor([1]), v), A, SCALAR)],
    "_rot90": [s(lambda m: m.rot90(), M34), s(lambda b: torch.rot90(b, -1, (2, 0)), B234), s(lambda m: m.rot90(2), M34)],
    "_masked_select": [s(lambda a: a.masked_select(MASK), A), s(lambda r: torch.masked_select(r, MASK), ROW)],
    "_kthvalue": [s(lambda m: m.kthvalue(2, 1).values, MIXED), s(lambda m: m.kthvalue(3, 0, True)[0], MIXED)],
    "_cummax": [s(lambda m: m.cummax(1).values, MIXED), s(lambda m: m.cummax(0)[0], MIXED)],
    "_cummin": [s(lambda m: m.cummin(1).values, MIXED)],
    "_aminmax": [s(lambda m: m.aminmax(dim=1), MIXED), s(lambda m: m.aminmax().max, MIXED)],
    "_nan_to_num": [s(lambda a: a.nan_to_num(), A)],
    "_diag_copy": [s(lambda a: torch.diag(a), M34), s(lambda a: a.diag(1), M34)],
    # ---- linear algebra
    "_mm": [s(lambda a, b: a.mm(b), M34, M42), s(lambda a, b: a @ b, M34, M42)],
    "_addmm": [s(lambda c, a, b: torch.addmm(c, a, b, beta=0.5, alpha=2), leaf(3, 2), M34, M42),
               s(lambda x, w, b: F.linear(x, w, b), M34, leaf(2, 4, lo=0.3, hi=-0.5), leaf(2))],
    "_bmm": [s(lambda a, b: a.bmm(b), B234, B243), s(lambda a, b: a @ b, B234, B243)],
    "_mv": [s(lambda m, v: m.mv(v), M34, V4), s(lambda m, v: m @ v, M34, V4)],
    "_dot": [s(lambda v, w: v.dot(w), V4, W4), s(lambda v, w: v @ w, V4, W4)],
    # ---- torch.nn.functional
    "_leaky_relu": [s(lambda a: F.leaky_relu(a, 0.1), A)],
    "_leaky_relu_backward": [s(lambda a: F.leaky_relu(a, 0.1), A, order=2)],
    "_elu": [s(lambda a: F.elu(a), A), s(lambda a: F.elu(a, alpha=0.5), A), s(lambda a: F.selu(a), A)],
    "_elu_backward": [s(lambda a: F.elu(a, alpha=0.5), A, order=2),
                      s(lambda a: F.elu(a.clone(), alpha=0.5, inplace=True), A, order=2),
                      s(lambda a: F.selu(a), A, order=2), s(lambda a: F.celu(a.clone(), 2.0, inplace=True), A, order=2)],
    "_elu_saving_result": [s(lambda a: F.elu(a.clone(), inplace=True), A), s(lambda a: F.selu(a * 1, True), A)],
    "_celu": [s(lambda a: F.celu(a, 0.5), A)],
    "_celu_saving_result": [s(lambda a: F.celu(a.clone(), 2.0, inplace=True), A)],
    "_hardsigmoid": [s(lambda a: F.hardsigmoid(a * 4), A)],
    "_hardswish": [s(lambda a: F.hardswish(a * 4), A)],
    "_logsigmoid": [s(lambda a: F.logsigmoid(a), A)],
    "_log_sigmoid_backward": [s(lambda a: F.logsigmoid(a), A, order=2)],
    "_mish": [s(lambda a: F.mish(a), A)],
    "_soft_margin_loss": [s(lambda a: F.soft_margin_loss(a, torch.sign(B.detach())), A),
                          s(lambda a: F.soft_margin_loss(a, torch.sign(B.detach()), reduction="none"), A)],
    "_group_norm": [s(lambda x, w, b: F.group_norm(x, 2, w, b), IMG, given([1.5, -0.5]), given([0.2, 0.3])),
                    s(lambda x: F.group_norm(x, 1), IMG)],
    "_prelu_kernel": [s(lambda a, w: F.prelu(a, w), A, given([0.3])), s(lambda a, w: F.prelu(a, w), A, ROW)],
    "_glu": [s(lambda a: F.glu(a, 0), A), s(lambda m: F.glu(m), M34)],
    "_hardtanh": [s(lambda a: F.hardtanh(a, -0.6, 0.8), A), s(lambda a: F.relu6(a * 4), A),
                  s(lambda a: F.hardtanh(a * 1, inplace=True), A)],
    "_hardtanh_backward": [s(lambda a: F.hardtanh(a, -0.6, 0.8), A, order=2)],
    "_threshold": [s(lambda a: F.threshold(a, 0.2, -1.5), A)],
    "_threshold_saving_input": [s(lambda a: F.threshold(a * 1, 0.2, -1.5, inplace=True), A)],
    "_leaky_relu_saving_result": [s(lambda a: F.leaky_relu(a * 1, 0.2, inplace=True), A)],
    "_rrelu_with_noise": [s(lambda a: F.rrelu(a, 0.1, 0.3), A),
                          s(lambda a: (torch.manual_seed(0), F.rrelu(a, training=True))[1], A)],
    "_rrelu_with_noise_saving_result": [
        s(lambda a: (torch.manual_seed(0), F.rrelu(a * 1, training=True, inplace=True))[1], A),
        s(lambda a: F.rrelu(a * 1, inplace=True), A)],
    # the float32 LSTM layer's node, called directly: gradcheck needs float64
    "_lstm_layer": [s(lambda x, w_ih, w_hh, b, h0, c0: _lstm_layer([x, w_ih, w_hh, b, b.flip(0), h0, c0]),
                      leaf(3, 1, 2), leaf(8, 2, lo=0.5, hi=-0.6), leaf(8, 2, lo=-0.4, hi=0.7), leaf(8),
                      leaf(1, 2, lo=0.3, hi=-0.2), leaf(1, 2, lo=-0.5, hi=0.1))],
    "_pack_padded_sequence": [s(lambda x: pack_padded_sequence(x, [3, 3, 1]).data, leaf(3, 3, 2)),
                              s(lambda x: pack_padded_sequence(x, [2, 1], batch_first=True).data, leaf(2, 3))],
    "_gelu": [s(lambda a: F.gelu(a), A), s(lambda a: F.gelu(a, approximate="tanh"), A)],
    "_gelu_backward": [s(lambda a: F.gelu(a), A, order=2), s(lambda a: F.gelu(a, approximate="tanh"), A, order=2)],
    "_silu": [s(lambda a: F.silu(a), A)],
    "_softplus": [s(lambda a: F.softplus(a), A), s(lambda a: F.softplus(a, beta=2, threshold=1), A)],
    "_softplus_backward": [s(lambda a: F.softplus(a, beta=2, threshold=1), A, order=2)],
    "_mse_loss": [s(lambda a, b: F.mse_loss(a, b), A, B), s(lambda a, b: F.mse_loss(a, b, reduction="sum"), A, B),
                  s(lambda a, b: F.mse_loss(a, b, reduction="none"), A, B)],
    "_smooth_l1_loss": [s(lambda a, b: F.smooth_l1_loss(a, b, beta=0.5), A, B),
                        s(lambda a, b: F.smooth_l1_loss(a, b, reduction="none"), A, B)],
    "_smooth_l1_loss_backward": [s(lambda a, b: F.smooth_l1_loss(a, b, beta=0.5), A, B, order=2)],
    "_huber_loss": [s(lambda a, b: F.huber_loss(a, b, delta=0.7), A, B),
                    s(lambda a, b: F.huber_loss(a, b, reduction="sum"), A, B)],
    "_huber_loss_backward": [s(lambda a, b: F.huber_loss(a, b, delta=0.7), A, B, order=2)],
    "_nll_loss_nd": [s(lambda x: F.nll_loss(x, torch.tensor([[0, 2], [1, 1]])), leaf(2, 3, 2)),
                     s(lambda x: F.cross_entropy(x, torch.tensor([[[1, 0]], [[2, 2]]]), reduction="none"),
                       leaf(2, 3, 1, 2))],
    "_nll_loss_2d": [s(lambda a: F.nll_loss(a, CLASSES), LOGITS),
                     s(lambda a: F.nll_loss(a, CLASSES, weight=torch.tensor([0.5, 1.0, 2.0], dtype=f64)), LOGITS),
                     s(lambda a: F.cross_entropy(a, CLASSES, reduction="sum"), LOGITS),
                     s(lambda a: F.cross_entropy(a, torch.tensor([1, -100])), LOGITS)],
    "_nll_loss_backward": [s(lambda a: F.nll_loss(a, CLASSES, reduction="none"), LOGITS, order=2)],
    "_binary_cross_entropy": [s(lambda p, y: F.binary_cross_entropy(p, y), PROB, SOFT_TARGET),
                              s(lambda p: F.binary_cross_entropy(p, SOFT_TARGET, weight=POS2.detach()), PROB)],
    "_binary_cross_entropy_backward": [s(lambda p, y: F.binary_cross_entropy(p, y), PROB, leaf(2, 3, lo=0.7, hi=0.2),
                                         order=2)],
    "_bce_with_logits": [s(lambda x, y: F.binary_cross_entropy_with_logits(x, y), A, SOFT_TARGET),
                         s(lambda x: F.binary_cross_entropy_with_logits(
                             x, SOFT_TARGET, pos_weight=torch.tensor([1.0, 2.0, 0.5], dtype=f64),
                             weight=POS2.detach(), reduction="sum"), A)],
    "_layer_norm": [s(lambda x, w, b: F.layer_norm(x, (4,), w, b), MIXED, W4, V4),
                    s(lambda x: F.layer_norm(x, (3, 4)), MIXED)],
    "_batch_norm": [s(lambda x, w, b: F.batch_norm(x, None, None, w, b, training=True),
                      MIXED.t().detach().clone().requires_grad_(), leaf(3, lo=0.5, hi=1.5), leaf(3)),
                    s(lambda x: F.batch_norm(x, torch.zeros(2, dtype=f64), torch.ones(2, dtype=f64),
                                             training=True), IMG),
                    s(lambda x: F.batch_norm(x, torch.tensor([0.1, -0.2], dtype=f64),
                                             torch.tensor([1.5, 0.5], dtype=f64)), IMG)],
    "_embedding": [s(lambda w: F.embedding(torch.tensor([[0, 2], [2, 3]]), w), M42)],
    "_embedding_dense_backward": [s(lambda w: F.embedding(torch.tensor([[0, 2], [2, 3]]), w, padding_idx=2), M42,
                                    order=2)],
    "_convolution": [s(lambda x, w, b: F.conv2d(x, w, b), IMG, KERNEL, leaf(3)),
                     s(lambda x, w: F.conv2d(x, w, stride=2, padding=1), IMG, KERNEL),
                     s(lambda x, w: F.conv2d(x, w, dilation=2, groups=2), IMG, leaf(2, 1, 2, 2)),
                     s(lambda x, w: F.conv1d(x, w, padding=1), B234, leaf(2, 3, 2))],
    "_conv_input_backward": [s(lambda x, w: F.conv2d(x, w, stride=2, padding=1), IMG, KERNEL, order=2)],
    "_conv_weight_backward": [s(lambda x, w: F.conv2d(x, w, dilation=2, groups=2), IMG, leaf(2, 1, 2, 2), order=2)],
    "_max_pool2d": [s(lambda x: F.max_pool2d(x, 2), IMG),
                    s(lambda x: F.max_pool2d(x, 3, stride=2, padding=1), IMG)],
    "_max_pool2d_backward": [s(lambda x: F.max_pool2d(x, 3, stride=2, padding=1), IMG, order=2)],
    "_upsample_nearest1d": [s(lambda x: F.interpolate(x.flatten(2), size=11), IMG)],
    "_upsample_nearest2d": [s(lambda x: F.interpolate(x, scale_factor=2), IMG), s(lambda x: F.interpolate(x, size=(3, 6)), IMG)],
    "_upsample_bilinear2d": [s(lambda x: F.interpolate(x, scale_factor=1.5, mode="bilinear"), IMG),
                             s(lambda x: F.interpolate(x, size=(3, 5), mode="bilinear", align_corners=True), IMG)],
    "_upsample_bilinear2d_backward": [s(lambda x: F.interpolate(x, size=(3, 5), mode="bilinear"), IMG, order=2)],
    "_upsample_linear1d": [s(lambda x: F.interpolate(x.flatten(2), size=7, mode="linear", align_corners=True), IMG)],
    "_upsample_linear1d_backward": [s(lambda x: F.interpolate(x.flatten(2), size=21, mode="linear"), IMG, order=2)],
    "_adaptive_avg_pool2d": [s(lambda x: F.adaptive_avg_pool2d(x, (3, 2)), IMG),
                             s(lambda x: F.adaptive_avg_pool1d(x.flatten(2), 5), IMG)],
    "_adaptive_avg_pool2d_backward": [s(lambda x: F.adaptive_avg_pool2d(x, (3, 2)), IMG, order=2)],
    "_avg_pool2d": [s(lambda x: F.avg_pool2d(x, 2), IMG),
                    s(lambda x: F.avg_pool2d(x, 3, stride=2, padding=1, count_include_pad=False), IMG),
                    s(lambda x: F.avg_pool2d(x, 3, stride=2, ceil_mode=True), IMG)],
    "_avg_pool2d_backward": [s(lambda x: F.avg_pool2d(x, 3, stride=2, padding=1, count_include_pad=False), IMG,
                               order=2)],
    "_max_pool3d": [s(lambda x: F.max_pool3d(x, 2, stride=(1, 2, 2)), VOL),
                    s(lambda x: F.max_pool3d(x, 3, stride=2, padding=1), VOL)],
    "_max_pool3d_backward": [s(lambda x: F.max_pool3d(x, 2, stride=1), VOL, order=2)],
    "_avg_pool3d": [s(lambda x: F.avg_pool3d(x, 2), VOL),
                    s(lambda x: torch.nn.AvgPool3d(3, stride=2, padding=1, count_include_pad=False)(x), VOL)],
    "_avg_pool3d_backward": [s(lambda x: F.avg_pool3d(x, (2, 3, 2), stride=1, ceil_mode=True), VOL, order=2)],
    "_adaptive_avg_pool3d": [s(lambda x: F.adaptive_avg_pool3d(x, (2, 3, 3)), VOL),
                             s(lambda x: torch.nn.AdaptiveAvgPool3d((None, 2, 3))(x[0]), VOL)],
    "_adaptive_avg_pool3d_backward": [s(lambda x: F.adaptive_avg_pool3d(x, (2, 3, 3)), VOL, order=2)],
    "_adaptive_max_pool3d": [s(lambda x: F.adaptive_max_pool3d(x, (2, 3, 3)), VOL),
                             s(lambda x: torch.nn.AdaptiveMaxPool3d(2)(x[0]), VOL)],
    "_adaptive_max_pool3d_backward": [s(lambda x: F.adaptive_max_pool3d(x, (2, 3, 3)), VOL, order=2)],
    "_max_unpool2d": [s(lambda v: F.max_unpool2d(v, torch.tensor([[[[0, 3], [9, 14]]]]), 2), leaf(1, 1, 2, 2)),
                      s(lambda v: F.max_unpool1d(v, torch.tensor([[1, 2, 5]]), 2, output_size=[7]), leaf(1, 3))],
    "_max_unpool3d": [s(lambda v: F.max_unpool3d(v, torch.tensor([[[[[0, 7]], [[18, 29]]]]]), (2, 2, 2)), leaf(1, 1, 2, 1, 2))],
    "grid_sampler_2d": [s(lambda x, g: F.grid_sample(x, g, align_corners=False), IMG, GRID2),
                        s(lambda x, g: F.grid_sample(x, g, mode="bicubic", padding_mode="reflection",
                                                     align_corners=True), IMG, GRID2),
                        s(lambda x, g: F.grid_sample(x, g, padding_mode="border", align_corners=False), IMG, GRID2 * 1.4),
                        s(lambda x, g: F.grid_sample(x, g, mode="nearest", align_corners=True), IMG, GRID2)],
    "grid_sampler_3d": [s(lambda x, g: F.grid_sample(x, g, align_corners=True), VOL, GRID3),
                        s(lambda x, g: F.grid_sample(x, g, padding_mode="reflection", align_corners=False), VOL,
                          GRID3 * 1.5)],
    "_grid_sampler_2d_backward": [s(lambda x, g: F.grid_sample(x, g, mode="bicubic", padding_mode="border",
                                                               align_corners=False), IMG, GRID2, order=2),
                                  s(lambda x, g: F.grid_sample(x, g, padding_mode="reflection", align_corners=True),
                                    IMG, GRID2 * 1.3, order=2)],
    "_grid_sampler_3d_backward": [s(lambda x, g: F.grid_sample(x, g, align_corners=False), VOL, GRID3, order=2)],
    "affine_grid_generator": [s(lambda t: F.affine_grid(t, (1, 2, 3, 4), align_corners=False), leaf(1, 2, 3)),
                              s(lambda t: F.affine_grid(t, (2, 1, 2, 3, 2), align_corners=True), leaf(2, 3, 4))],
    # CTC's gradient formula assumes normalised log-probabilities (as PyTorch's): checked through log_softmax
    "_ctc_loss": [s(lambda x: F.ctc_loss(x.log_softmax(2), torch.tensor([[1, 2, 2], [3, 1, 0]]), [5, 4], [3, 2]),
                    leaf(5, 2, 4)),
                  s(lambda x: F.ctc_loss(x.log_softmax(1), torch.tensor([2, 2]), [4], [2], blank=3, reduction="sum"),
                    leaf(4, 4))],
    "_conv_tbc": [s(lambda x, w, b: torch.conv_tbc(x, w, b, 1), leaf(4, 2, 3), leaf(2, 3, 2, lo=0.6, hi=-0.5), leaf(2)),
                  s(lambda x, w, b: F.conv_tbc(x, w, b), leaf(5, 1, 2), leaf(3, 2, 3, lo=-0.4, hi=0.9), leaf(3))],
    # fixed samples: each call of gradcheck must pool the same windows
    "_fractional_max_pool2d": [s(lambda x: F.fractional_max_pool2d(x, 2, output_size=3, _random_samples=SAMPLES2), IMG),
                               s(lambda x: torch.nn.FractionalMaxPool2d((1, 2), output_ratio=0.5,
                                                                        _random_samples=SAMPLES2)(x[0]), IMG)],
    "_fractional_max_pool2d_backward": [s(lambda x: F.fractional_max_pool2d(x, 2, output_size=3,
                                                                            _random_samples=SAMPLES2), IMG, order=2)],
    "_fractional_max_pool3d": [s(lambda x: F.fractional_max_pool3d(x, 2, output_size=(2, 2, 3),
                                                                   _random_samples=SAMPLES3), VOL)],
    "_fractional_max_pool3d_backward": [s(lambda x: F.fractional_max_pool3d(x, (1, 2, 2), output_size=2,
                                                                            _random_samples=SAMPLES3), VOL, order=2)],
    "_im2col": [s(lambda x: F.unfold(x, (2, 3), padding=1, stride=(2, 1)), IMG),
                s(lambda x: torch.nn.Unfold(2, dilation=2)(x), IMG)],
    "_col2im": [s(lambda c: F.fold(c, (4, 5), (2, 3), padding=1, stride=(2, 1)), leaf(1, 12, 15)),
                s(lambda c: torch.nn.Fold((3, 3), 2)(c), leaf(8, 4))],
    "_unfold": [s(lambda x: x.unfold(1, 2, 1), A), s(lambda x: x.unfold(-1, 2, 2), B234)],
    "_unfold_backward": [s(lambda x: x.unfold(0, 3, 2), leaf(7), order=2)],
    "_embedding_bag": [s(lambda w: F.embedding_bag(torch.tensor([0, 2, 3, 2, 1]), w, torch.tensor([0, 2, 2])), M42),
                       s(lambda w, p: F.embedding_bag(torch.tensor([0, 3, 3, 1]), w, torch.tensor([0, 1]), mode="sum",
                                                      per_sample_weights=p), M42, V4),
                       s(lambda w: F.embedding_bag(torch.tensor([[0, 1], [3, 2]]), w, mode="max"), M42)],
    "_flash_attention": [s(lambda q, k, v: F.scaled_dot_product_attention(q, k, v), leaf(1, 2, 3, 4),
                           leaf(1, 2, 2, 4, lo=0.7, hi=-0.5), leaf(1, 2, 2, 4, lo=-0.2, hi=0.4)),
                         s(lambda q, k, v: F.scaled_dot_product_attention(q, k, v, is_causal=True, scale=0.7),
                           leaf(2, 1, 3, 2), leaf(2, 1, 3, 2, lo=1.0, hi=-0.3), leaf(2, 1, 3, 2, lo=0.3, hi=0.2))],
    "_constant_pad_nd": [s(lambda x: F.pad(x, (1, 2)), A), s(lambda x: F.pad(x, (1, 0, -1, 1), value=0.5), A)],
    "lgamma": [s(torch.lgamma, POS), s(torch.lgamma, A)],
    "digamma": [s(torch.digamma, POS), s(lambda x: x.digamma(), A)],
    "_polygamma": [s(lambda x: torch.polygamma(1, x), POS), s(lambda x: x.polygamma(2), POS),
                   s(lambda x: torch.special.polygamma(1, x), A)],
    "fmax": [s(torch.fmax, A, B), s(torch.fmax, A, ROW)],
    "fmin": [s(torch.fmin, A, B), s(torch.fmin, A, ROW)],
    "_vdot": [s(torch.vdot, V4, W4)],
    "_mul_scalar": [s(lambda y: torch.trapezoid(y, dx=0.5), A)],
    "_cdist": [s(torch.cdist, A, B), s(lambda a, b: torch.cdist(a, b, p=1.5), M34, leaf(2, 4, lo=0.7, hi=-0.4)),
               s(lambda a, b: torch.cdist(a, b, p=1), A, B)],
    "_inv": [s(torch.linalg.inv, SQUARE), s(lambda a: a.inverse(), leaf(2, 2, 2, lo=1.5, hi=-0.5) + 2 * EYE2)],
    "_det": [s(torch.linalg.det, SQUARE), s(torch.det, leaf(2, 2, 2, lo=1.5, hi=-0.5) + 2 * EYE2)],
    "_slogdet": [s(lambda a: torch.linalg.slogdet(a).logabsdet, SQUARE), s(torch.logdet, SQUARE)],
    "_softshrink": [s(lambda x: F.softshrink(x, 0.2), A)],
    "_hardshrink": [s(lambda x: F.hardshrink(x, 0.2), A)],
    "_multi_margin_loss": [
        s(lambda x: F.multi_margin_loss(x, torch.tensor([2, 0]), p=2, weight=torch.tensor([1.0, 0.5, 2.0], dtype=f64)), A),
        s(lambda x: F.multi_margin_loss(x, torch.tensor([1, 2]), margin=0.7, reduction="none"), A)],
    "_multilabel_margin_loss": [
        s(lambda x: F.multilabel_margin_loss(x, torch.tensor([[2, 0, -1], [1, -1, 0]])), A),
        s(lambda x: F.multilabel_margin_loss(x, torch.tensor([[1, -1, 0], [0, 1, 2]]), reduction="none"), A)],
    "_pixel_shuffle": [s(lambda x: F.pixel_shuffle(x, 2), leaf(1, 4, 2, 3))],
    "_channel_shuffle": [s(lambda x: F.channel_shuffle(x, 3), leaf(2, 6, 2))],
    "_pixel_unshuffle": [s(lambda x: F.pixel_unshuffle(x, 2), IMG)],
    "_reflect_pad1d": [s(lambda x: F.pad(x, (2, 1), mode="reflect"), B234)],
    "_reflect_pad2d": [s(lambda x: F.pad(x, (1, 2, 2, 1), mode="reflect"), IMG)],
    "_reflect_pad3d": [s(lambda x: F.pad(x, (1, 1, 1, 0, 1, 1), mode="reflect"), IMG)],
    "_replicate_pad1d": [s(lambda x: F.pad(x, (2, 3), mode="replicate"), B234)],
    "_replicate_pad2d": [s(lambda x: torch.nn.ReplicationPad2d((0, 2, 1, 1))(x), IMG)],
    "_replicate_pad3d": [s(lambda x: F.pad(x, (1, 0, 0, 1, 2, 0), mode="replicate"), IMG)],
    "_adaptive_max_pool2d": [s(lambda x: F.adaptive_max_pool2d(x, (3, 2)), IMG),
                             s(lambda x: F.adaptive_max_pool1d(x, 3), B234)],
    "_conv_transpose": [s(lambda x, w, b: F.conv_transpose2d(x, w, b, stride=2, padding=1, output_padding=1), IMG,
                          leaf(2, 3, 3, 3, lo=0.5, hi=-0.4), leaf(3)),
                        s(lambda x, w: F.conv_transpose1d(x, w, groups=3, dilation=2), B234, leaf(3, 2, 2))],
    "_cholesky": [s(lambda a: torch.linalg.cholesky(a @ a.mT + torch.eye(3, dtype=f64)), SQUARE),
                  s(lambda a: torch.linalg.cholesky(a @ a.mT + torch.eye(3, dtype=f64), upper=True), SQUARE)],
    "_solve_triangular": [s(lambda a, b: torch.linalg.solve_triangular(a.tril(), b, upper=False), SQUARE, M34),
                          s(lambda a, b: torch.linalg.solve_triangular(a.triu(), b, upper=True, left=False),
                            SQUARE, leaf(2, 3)),
                          s(lambda a, b: torch.linalg.solve_triangular(a, b, upper=False, unitriangular=True),
                            SQUARE, M34)],
    "_solve": [s(torch.linalg.solve, SQUARE, leaf(3, lo=0.2, hi=-0.9)),
               s(torch.linalg.solve, SQUARE, leaf(3, 2, lo=0.2, hi=-0.9))],
    "ldexp": [s(lambda a: torch.ldexp(a, torch.tensor([[1, 2, 3], [0, 2, 1]])), A),
              s(lambda a, b: torch.ldexp(a, b), A, B)],
    "frexp": [s(lambda a: torch.frexp(a).mantissa, POS)],
    "erfinv": [s(torch.erfinv, UNIT)],
    "addmv": [s(lambda b, m, v: torch.addmv(b, m, v, beta=0.5, alpha=2), leaf(3), M34, V4),
              s(lambda b, m, v: b.addmv(m, v), leaf(1), M34, V4)],
    "addr": [s(lambda c, x, y: torch.addr(c, x, y, beta=2, alpha=0.5), M34, leaf(3), V4)],
    "baddbmm": [s(lambda c, x, y: torch.baddbmm(c, x, y, beta=0.5, alpha=2), leaf(2, 3, 3), B234, B243),
                s(lambda c, x, y: torch.baddbmm(c, x, y), leaf(3), B234, B243)],
    "addbmm": [s(lambda c, x, y: torch.addbmm(c, x, y, beta=0.5, alpha=2), leaf(3, 3), B234, B243)],
    "_logcumsumexp": [s(lambda a: torch.logcumsumexp(a, 1), A), s(lambda a: a.logcumsumexp(0), MIXED)],
    "_nanmedian_all": [s(torch.nanmedian, MIXED)],
    "_nanmedian_dim": [s(lambda a: torch.nanmedian(a, 1).values, MIXED)],
    "_scatter_reduce": [s(lambda a, b, reduce=reduce: a.scatter_reduce(1, ROW_IDX, b, reduce), A, B2)
                        for reduce in ("sum", "prod", "mean", "amax", "amin")] +
                       [s(lambda a, b: a.scatter_reduce(1, ROW_IDX, b, "prod", include_self=False), A, B2),
                        s(lambda a, b: a.scatter_reduce(1, torch.tensor([[1, 1], [0, 0]]), b, "mean",
                                                        include_self=False), A, B2)],
    "_index_reduce": [s(lambda a, b, reduce=reduce: a.index_reduce(0, torch.tensor([1, 0, 1]), b, reduce),
                        M34, leaf(3, 4))
                      for reduce in ("prod", "mean", "amax", "amin")] +
                     [s(lambda a, b: a.index_reduce(1, torch.tensor([2, 0]), b, "prod", include_self=False),
                        M34, leaf(3, 2))],
    "_qr": [s(lambda a: torch.linalg.qr(a).Q, M42), s(lambda a: torch.linalg.qr(a).R, M42),
            s(lambda a: torch.linalg.qr(a, mode="complete")[0] @ torch.linalg.qr(a, mode="complete")[1], M34)],
    "_eigh": [s(lambda a: torch.linalg.eigvalsh(a + a.mT), SQUARE),
              s(lambda a: torch.linalg.eigh(a + a.mT).eigenvectors.abs(), SQUARE)],
    "_svd": [s(torch.linalg.svdvals, WIDE),
             s(lambda a: torch.linalg.svd(a, full_matrices=False).U.abs(), M42),
             s(lambda a: (lambda u, s, vh: u @ vh)(*torch.linalg.svd(a, full_matrices=False)), WIDE),
             s(lambda a: (lambda u, s, vh: u[:, :2] @ vh)(*torch.linalg.svd(a)), M42),
             s(lambda a: (lambda u, s, vh: (u * s) @ vh[:2])(*torch.linalg.svd(a)), leaf(2, 4))],
    "_pinv": [s(torch.linalg.pinv, WIDE), s(torch.pinverse, M42)],
    "_lstsq": [s(lambda a, b: torch.linalg.lstsq(a, b).solution, M42, leaf(4, 2)),
               s(lambda a, b: torch.linalg.lstsq(a, b, driver="gelsd")[:2], M42, leaf(4, 2)),
               s(lambda a, b: torch.linalg.lstsq(a, b, driver="gelss")[:2], M42, leaf(4))],
    "_block_diag": [s(lambda a, b, c: torch.block_diag(a, b, c), M34, V4, SCALAR)],
    "cholesky_legacy": [s(lambda a: torch.cholesky(a @ a.mT + torch.eye(3, dtype=f64)), SQUARE),
                        s(lambda a: torch.cholesky(a @ a.mT + torch.eye(3, dtype=f64), upper=True), SQUARE)],
    "cholesky_solve": [s(lambda b, a: torch.cholesky_solve(b, a.tril() + 2 * torch.eye(3, dtype=f64)), M34, SQUARE),
                       s(lambda b, a: torch.cholesky_solve(b, a.triu() + 2 * torch.eye(3, dtype=f64), upper=True),
                         M34, SQUARE)],
    "cholesky_inverse": [s(lambda a: torch.cholesky_inverse(a.tril() + 2 * torch.eye(3, dtype=f64)), SQUARE),
                         s(lambda a: torch.cholesky_inverse(a.triu() + 2 * torch.eye(3, dtype=f64), upper=True),
                           SQUARE)],
    "_triangular_solve": [s(lambda b, a: torch.triangular_solve(b, a.triu()).solution, M34, SQUARE),
                          s(lambda b, a: torch.triangular_solve(b, a, upper=False, transpose=True,
                                                                unitriangular=True)[0], M34, SQUARE)],
    "_pdist": [s(torch.pdist, M42), s(lambda a: torch.pdist(a, p=1.5), leaf(3, 2, lo=0.3, hi=-1.2))],
    "_renorm": [s(lambda a: torch.renorm(a, 2, 0, 1.0), M34), s(lambda a: a.renorm(1, 1, 1.5), M34)],
    "_mvlgamma": [s(lambda a: torch.mvlgamma(a, 3), POS + 1)],
    "put": [s(lambda a, b: a.put(torch.tensor([1, -2]), b), A, leaf(2)),
            s(lambda a, b: torch.put(a, torch.tensor([1, 1]), b, accumulate=True), A, leaf(2))],
    "masked_scatter": [s(lambda a, b: a.masked_scatter(MASK, b), A, leaf(5))],
    "matrix_exp": [s(torch.linalg.matrix_exp, SQUARE), s(lambda a: a.matrix_exp(), leaf(2, 2, 2))],
    "_lu_factor_ex": [s(lambda a: torch.linalg.lu_factor(a).LU, SQUARE),
                      s(lambda a: torch.linalg.lu_factor_ex(a)[0], WIDE), s(lambda a: torch.linalg.lu_factor(a)[0], M42)],
    "_linalg_lu": [s(lambda a: torch.linalg.lu(a)[1:], SQUARE), s(lambda a: torch.linalg.lu(a).U, WIDE),
                   s(lambda a: torch.linalg.lu(a).L, WIDE), s(lambda a: torch.linalg.lu(a)[1:], M42),
                   s(lambda a: torch.linalg.lu(a).U, M42)],
    "_lu_unpack": [s(lambda a: torch.lu_unpack(a, torch.tensor([2, 3, 3], dtype=torch.int32))[1:], SQUARE),
                   s(lambda a: torch.lu_unpack(a, torch.tensor([1, 3, 3], dtype=torch.int32)).U, WIDE),
                   s(lambda a: torch.lu_unpack(a, torch.tensor([1, 2], dtype=torch.int32)).L, M42)],
    "_lu_solve": [s(lambda a, b, left=left, adjoint=adjoint: torch.linalg.lu_solve(
                      *torch.linalg.lu_factor(a), b if left else b.mT, left=left, adjoint=adjoint), SQUARE, M34)
                  for left in (True, False) for adjoint in (False, True)] +
                 [s(lambda b, a: torch.lu_solve(b, *torch.linalg.lu_factor(a)), leaf(2, 3, 2), SQUARE)],
    "_householder_product": [s(torch.linalg.householder_product, M42, leaf(2, lo=0.4, hi=1.3)),
                             s(torch.orgqr, M42, leaf(1, lo=0.7, hi=0.7)), s(torch.linalg.householder_product,
                                                                          leaf(2, 3, 2), leaf(2, 2, lo=1.2, hi=0.3))],
    "ormqr": [s(lambda a, t, c, left=left, transpose=transpose: torch.ormqr(a, t, c if left else c.mT, left, transpose),
                M42, leaf(2, lo=0.4, hi=1.3), leaf(4, 3, lo=-0.5, hi=0.8))
              for left in (True, False) for transpose in (False, True)],
    "_stft_real": [s(lambda a: torch.stft(a, 4, window=torch.hann_window(4, dtype=f64), return_complex=False),
                     leaf(10)),
                   s(lambda a: torch.stft(a, 5, hop_length=2, window=torch.ones(5, dtype=f64), normalized=True,
                                          onesided=False, return_complex=False, pad_mode="constant"), leaf(2, 9))],
}

# Entries with no sample, each with the reason.
EXEMPT = {
    "floor_divide": "PyTorch defines no derivative: backward raises (tested below)",
    "_histogram": "PyTorch defines no derivative (its node is NotImplemented): backward raises",
    "_zeta_other_number": "PyTorch defines no derivative for zeta's first argument: backward raises (golden tensors/special_zeta)",
    "_histogramdd": "PyTorch defines no derivative (its node is NotImplemented): backward raises (golden histogramdd)",
    "_ldl_factor_ex": "PyTorch defines no derivative (its node is NotImplemented): backward raises (golden ldl_factor)",
    "_ldl_solve": "PyTorch defines no derivative (its node is NotImplemented): backward raises (golden ldl_factor)",
    "_geqrf": "PyTorch defines no derivative: backward raises (golden householder_qr)",
    "_multi_margin_loss_backward": "PyTorch defines no derivative (its node is NotImplemented): tested below",
    "_multilabel_margin_loss_backward": "PyTorch defines no derivative (its node is NotImplemented): tested below",
    "_ctc_loss_backward": "PyTorch defines no derivative (its node is NotImplemented): golden losses/ctc_loss",
    "_grid_sampler_double_backward": "grid_sample's third derivative raises here (tested below)",
}
# their gradient's node is one of those
FIRST_ORDER_ONLY = {"_multi_margin_loss", "_multilabel_margin_loss", "_ctc_loss"}

# Entries whose formula computes its values outside autograd (Python loops over floats), so a
# gradient taken with create_graph=True has no history yet; PyTorch can differentiate them twice.
# None left: the functional ops' backward kernels are ops with entries of their own.
NO_DOUBLE_BACKWARD = set()

# Every other entry has its gradient checked too (create_graph=True, then finite differences
# again), on its first sample; entries sampled through a gradient (order 2) are already.
SECOND_ORDER = [pytest.param(name, marks=pytest.mark.xfail(strict=True, reason="no double backward yet"))
                if name in NO_DOUBLE_BACKWARD else name
                for name, samples in SAMPLES.items() if samples[0][2] == 1 and name not in FIRST_ORDER_ONLY]

CASES = [pytest.param(name, sample, id=f"{name}-{i}")
         for name, samples in SAMPLES.items() for i, sample in enumerate(samples)]


def recorded_nodes(fn, inputs, order):
    """The node classes in the graph of fn(*inputs), or of its gradient when order == 2."""
    outputs = fn(*inputs)
    outputs = list(outputs) if isinstance(outputs, (list, tuple)) else [outputs]
    if order == 2:
        wrt = [t for t in inputs if t.requires_grad]
        vs = [torch.ones_like(o).requires_grad_() for o in outputs]  # as gradgradcheck's
        outputs = torch.autograd.grad(outputs, wrt, vs, create_graph=True, allow_unused=True)
    seen, todo = set(), [o.grad_fn for o in outputs if o is not None and o.grad_fn is not None]
    while todo:
        node = todo.pop()
        if node in seen:
            continue
        seen.add(node)
        todo.extend(nxt for nxt, _ in node.next_functions if nxt is not None)
    return {type(node) for node in seen}


@pytest.mark.parametrize("name, sample", CASES)
def test_gradient_matches_finite_differences(name, sample):
    fn, inputs, order = sample
    check = gradcheck if order == 1 else gradgradcheck
    assert check(fn, inputs)
    assert TABLE[name].node_class in recorded_nodes(fn, inputs, order), \
        f"the sample for {name} does not record {TABLE[name].node_class.__name__}"


@pytest.mark.parametrize("name", SECOND_ORDER)
def test_second_derivative_matches_finite_differences(name):
    fn, inputs, _ = SAMPLES[name][0]
    assert gradgradcheck(fn, inputs)


def test_every_table_entry_has_a_sample():
    missing = sorted(set(TABLE) - set(SAMPLES) - set(EXEMPT))
    assert not missing, f"derivative entries without a gradcheck sample: {missing}"


def test_samples_and_exemptions_name_real_entries():
    assert not set(SAMPLES) & set(EXEMPT)
    assert set(SAMPLES) | set(EXEMPT) <= set(TABLE)


@pytest.mark.parametrize("loss, target", [(F.multi_margin_loss, [2, 0]),
                                          (F.multilabel_margin_loss, [[2, 0, -1], [1, -1, 0]])])
def test_margin_losses_double_backward_raises_like_pytorch(loss, target):
    grad, = torch.autograd.grad(loss(A, torch.tensor(target)), A, create_graph=True)
    assert grad.grad_fn.name() == "torch::autograd::NotImplemented"
    with pytest.raises(RuntimeError, match=rf"^derivative for aten::{loss.__name__}_backward is not implemented$"):
        grad.sum().backward()


def test_floor_divide_backward_raises_like_pytorch():
    y = A // 2
    # node name and message as real PyTorch 2.13 prints them
    assert type(y.grad_fn).__name__ == "NotImplemented"
    with pytest.raises(RuntimeError, match=r"^derivative for aten::floor_divide is not implemented$"):
        y.sum().backward()


@pytest.mark.parametrize("x, grid", [(IMG, GRID2), (VOL, GRID3)])
def test_grid_sample_third_derivative_raises(x, grid):
    # the second derivative is a NotImplemented node here (PyTorch's can be differentiated again)
    _, grid_grad = torch.autograd.grad(F.grid_sample(x, grid, align_corners=False).sum(), (x, grid), create_graph=True)
    assert grid_grad.grad_fn.name() == f"GridSampler{x.dim() - 2}DBackwardBackward0"
    second, = torch.autograd.grad(grid_grad.pow(2).sum(), grid, create_graph=True)
    with pytest.raises(NotImplementedError, match="third derivative"):
        second.sum().backward()
