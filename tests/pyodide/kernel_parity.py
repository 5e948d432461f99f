"""The browser's compute kernels give the pure-Python backend's bits (run inside Pyodide).

    node tests/pyodide/run_python.mjs tests/pyodide/kernel_parity.py

Every case runs twice in this process, with the wasm kernels and with them switched off
(torch._backend.kernels.wasm = None: the Python loops), and every result tensor and gradient
must be byte for byte the same. Each kernel must have been called. Prints one line per
mismatch and exits 1, or prints "ok: N cases, kernels: ..." and exits 0.
"""
import struct
import sys

import torch
from torch._backend import kernels

if kernels.wasm is None:
    sys.exit("the compute kernels are not installed in this Pyodide (is clang installed? see scripts/kernels.mjs)")


class Counting:
    """The kernels module, counting calls per kernel."""

    def __init__(self, module):
        self.module, self.calls = module, {}

    def __getattr__(self, name):
        fn = getattr(self.module, name)

        def counted(*args):
            self.calls[name] = self.calls.get(name, 0) + 1
            return fn(*args)
        return counted


WASM = Counting(kernels.wasm)
CASES = []


def case(fn):
    CASES.append(fn)
    return fn


def values(shape, kind, seed):
    """Test data: normal values at mixed scales, or coarse values (few significant bits, so
    float64 sums often land on float32 halfway points), with specials when asked."""
    g = torch.Generator().manual_seed(seed)
    if kind == "coarse":
        return (torch.randint(-4096, 4096, shape, generator=g).float() * 0.125)
    x = torch.randn(shape, generator=g) * (10.0 ** torch.randint(-3, 4, shape, generator=g).float())
    if kind == "special" and x.numel() >= 4:
        flat = x.view(-1)
        flat[0], flat[1], flat[2], flat[3] = float("inf"), float("-inf"), float("nan"), -0.0
    return x


# ---- matrix products: every rule, split rows, k-blocks, transposed operands, bias ------------
# Rule F's fused tiles are 4 rows by 8 columns: shapes with row and column leftovers, k-blocks.
MM_SHAPES = [(4, 16, 16), (8, 300, 20), (13, 192, 45), (9, 64, 33), (6, 70, 12), (16, 400, 24),
             (3, 50, 40), (2, 20, 7), (30, 8, 5), (17, 3, 16), (1, 40, 30), (5, 7, 3), (7, 193, 31),
             (12, 785, 100), (4, 9, 8)]


def _bits(t):
    return [hex(struct.unpack("<I", struct.pack("<f", v))[0]) for v in t.reshape(-1).tolist()]


@case
def mm_reference_vectors():
    """Arithmetic-parity spec 4.3's test vectors: real torch's bits, here independent of the Python
    loops (rule F's fused multiply-add, its k-blocks, a first product that is fused)."""
    def a_b(m, k, n):
        a = torch.tensor([[1 / (1 + i + q) for q in range(k)] for i in range(m)])
        return a, torch.tensor([[1 / (2 + q + 2 * j) for j in range(n)] for q in range(k)])
    expected = [((4, 16, 16), 0, slice(0, 3), ["0x3f70f0f3", "0x3f0e3162", "0x3eceb71c"]),
                ((4, 300, 16), 0, slice(0, 3), ["0x3f7f264c", "0x3f1b98c9", "0x3ee81f9e"]),
                ((4, 3, 16), 1, slice(4, 5), ["0x3dcf2096"])]
    out = []
    for shape, row, columns, bits in expected:
        a, b = a_b(*shape)
        product = a @ b
        assert _bits(product[row, columns]) == bits, (shape, _bits(product[row, columns]), bits)
        out.append(product)
    return out


@case
def mm_all_rules():
    out = []
    for i, (m, k, n) in enumerate(MM_SHAPES):
        for kind in ("normal", "coarse"):
            a, b = values((m, k), kind, i), values((k, n), kind, 100 + i)
            out += [a @ b, a @ b.t().contiguous().t(), values((k, m), kind, 200 + i).t() @ b]
    return out


@case
def linear_and_addmm():
    out = []
    for i, (m, k, n) in enumerate(MM_SHAPES + [(64, 100, 10), (4, 8, 2), (1, 784, 10), (16, 120, 1)]):
        x, w, bias = values((m, k), "normal", i), values((n, k), "normal", 50 + i), values((n,), "normal", 90 + i)
        out += [torch.nn.functional.linear(x, w, bias), torch.nn.functional.linear(x, w),
                torch.addmm(bias, x, w.t()), torch.addmm(bias, x, w.t(), beta=0.5, alpha=2.0)]
    return out


@case
def bmm_and_matmul():
    a, b = values((3, 20, 30), "normal", 1), values((3, 30, 12), "normal", 2)
    out = [torch.bmm(a, b), a @ b, values((5, 7, 40), "normal", 3) @ values((40, 16), "normal", 4),
           values((40, 40), "normal", 5) @ values((40,), "normal", 6)]
    # one call for the stack: small products (rule N), attention's (rule F, 4-d, transposed), gradients
    for i, (a_shape, b_shape) in enumerate([((6, 5, 7), (6, 7, 3)), ((16, 32, 16), (16, 16, 32)),
                                            ((2, 4, 32, 32), (2, 4, 32, 16)), ((3, 13, 200), (3, 200, 45))]):
        for kind in ("normal", "coarse"):
            x, y = values(a_shape, kind, 30 + i).requires_grad_(), values(b_shape, kind, 40 + i).requires_grad_()
            z = x @ y
            (z * values(z.shape, "coarse", 50 + i)).sum().backward()
            out += [z, x.grad, y.grad, x @ y.transpose(-2, -1).contiguous().transpose(-2, -1)]
    return out


@case
def strided_copies_of_every_width():
    """Strided copies of 1-, 2-, 4- and 8-byte elements (masks, small ints, floats, longs), out of
    views (broadcasts, transposes) and into them (cat along every dim, writes into views)."""
    out = []
    x, y = values((16, 32, 16), "normal", 61), values((16, 32, 48), "normal", 62)
    c = values((16, 32, 16), "coarse", 65)
    out += [torch.cat([x, y], -1), torch.cat([x, x, x, x], 1),
            torch.cat([x.transpose(0, 1), y[:, :, :16].transpose(0, 1)], 0), torch.cat([x > 0, y > 0], -1),
            torch.cat([(x > 0).to(torch.int8), (y < 0).to(torch.int8)], 2),
            torch.cat([c.to(torch.int16), y.to(torch.float64)], 2)]
    z = values((40, 30), "coarse", 63)
    z[:, ::2] = values((40, 15), "coarse", 64)
    z.t()[3:].mul_(2.0)
    out += [z]
    mask = torch.tril(torch.ones(32, 32)) == 0
    x = values((16, 32, 32), "normal", 60)
    out += [x.masked_fill(mask, float("-inf")), mask.expand(4, 32, 32).contiguous(), mask.t().contiguous()]
    for dtype in (torch.int8, torch.int16, torch.int32, torch.int64, torch.float64):
        t = torch.arange(-100, 100).to(dtype).reshape(10, 20)
        out += [t.t().contiguous(), t[None].expand(3, 10, 20) + t, t[:, ::3].contiguous()]
    return out


@case
def two_layer_step():
    """Forward and backward of the tutorial's network (smaller), and SGD steps with momentum."""
    torch.manual_seed(0)
    x, y = torch.randn(64, 200), torch.randn(64, 10)
    model = torch.nn.Sequential(torch.nn.Linear(200, 50), torch.nn.ReLU(), torch.nn.Linear(50, 10))
    opt = torch.optim.SGD(model.parameters(), lr=1e-4, momentum=0.9)
    out = []
    for _ in range(2):
        loss = torch.nn.functional.mse_loss(model(x), y, reduction="sum")
        opt.zero_grad()
        loss.backward()
        opt.step()
        out += [loss] + [p.grad.clone() for p in model.parameters()] + [p.detach().clone() for p in model.parameters()]
    return out


# ---- convolution: forward and both gradients, with stride, padding, dilation, groups --------
@case
def convolutions():
    out = []
    for i, (shape, weight, options) in enumerate([
            ((2, 3, 12, 12), (6, 3, 5, 5), {}),
            ((1, 4, 9, 11), (4, 2, 3, 3), {"stride": 2, "padding": 1, "groups": 2}),
            ((2, 2, 10, 10), (3, 2, 3, 2), {"dilation": (2, 1), "padding": (2, 0), "stride": (1, 2)}),
            # the kernels' 4-output blocks and tap pairs: borders, odd widths, width < 4, specials
            ((2, 3, 9, 13), (5, 3, 3, 3), {"padding": 1}),
            ((1, 2, 7, 6), (3, 2, 2, 3), {"dilation": 2, "padding": 2}),
            ((3, 1, 5, 3), (2, 1, 3, 1), {}),
            ((1, 4, 8, 10), (6, 2, 3, 3), {"stride": (1, 3), "groups": 2, "padding": (0, 1)}),
            ((2, 2, 6, 11), (2, 2, 4, 5), {"padding": (1, 2)}),
            ((1, 4, 7, 9), (4, 2, 3, 3), {"padding": 1, "groups": 2}),
            # blocks of 4 channels and their remainders; the gathered input gradient's strides
            ((2, 9, 8, 10), (10, 9, 3, 3), {"stride": 2, "padding": 1}),
            ((1, 10, 7, 9), (14, 5, 3, 3), {"groups": 2, "dilation": (1, 2), "stride": (2, 3), "padding": 1})]):
        kind = "special" if i % 2 else "normal"
        x = values(shape, kind, 400 + i)
        if i == 4:  # a non-contiguous input
            x = values(shape[:2] + shape[:1:-1], kind, 400 + i).transpose(2, 3)
        x = x.requires_grad_()
        w = values(weight, kind, 410 + i).requires_grad_()
        b = values(weight[:1], "normal", 420 + i).requires_grad_()
        y = torch.nn.functional.conv2d(x, w, b, **options)
        y.pow(2).sum().backward()
        # inf - inf in a sum gives a NaN whose sign bit the Python loop and the kernels (float64
        # lanes) may set differently, as real torch's NaN bits differ from both: NaNs compare as NaN
        out += [t.masked_fill(t.isnan(), float("nan")) for t in (y, x.grad, w.grad, b.grad)]
    return out


@case
def blitz_cnn_step():
    """A training step of the 60-minute blitz's small CNN on a batch of two images."""
    torch.manual_seed(0)
    nn, F = torch.nn, torch.nn.functional
    conv1, conv2 = nn.Conv2d(3, 6, 5), nn.Conv2d(6, 16, 5)
    fc1, fc2, fc3 = nn.Linear(16 * 5 * 5, 120), nn.Linear(120, 84), nn.Linear(84, 10)
    params = [p for m in (conv1, conv2, fc1, fc2, fc3) for p in m.parameters()]
    x, target = torch.randn(2, 3, 32, 32), torch.tensor([3, 7])
    h = F.max_pool2d(F.relu(conv1(x)), 2)
    h = F.max_pool2d(F.relu(conv2(h)), 2)
    h = fc3(F.relu(fc2(F.relu(fc1(torch.flatten(h, 1))))))
    loss = F.cross_entropy(h, target)
    loss.backward()
    torch.optim.SGD(params, lr=0.001, momentum=0.9).step()
    return [h, loss] + [p.grad for p in params] + [p.detach() for p in params]


# ---- elementwise, with broadcasting and Python scalars -------------------------------------
def binary_ops(a, b, row, col):
    """Arithmetic, comparisons and extrema of a with b, a row and a column broadcast, and scalars."""
    out = []
    for x, y in ((a, b), (a, row), (col, a), (a, 0.1), (3, a), (a, 2), (a, 0.0)):
        out += [x + y, x - y, x * y, x / y]
        if isinstance(x, torch.Tensor):
            out += [x < y, x <= y, x > y, x >= y, x == y, x != y]
        if isinstance(x, torch.Tensor) and isinstance(y, torch.Tensor):
            out += [torch.maximum(x, y), torch.minimum(x, y)]
    return out


@case
def elementwise():
    out = []
    for kind in ("normal", "coarse", "special"):
        a, b = values((40, 70), kind, 7), values((40, 70), kind, 8)
        row, col = values((70,), kind, 9), values((40, 1), kind, 10)
        out += binary_ops(a, b, row, col)
        out += [-a, a.abs(), a.relu(), a.clamp(min=0), a.clamp(-0.5, 0.5), a.clamp(max=1.0), a ** 2, a.square(),
                a.sqrt(), a.abs().sqrt(), torch.where(a > 0, a, b), torch.where(a > 0, a, 0.0),
                a.pow(2).sum()]
        c = a.clone()
        c.add_(b, alpha=-0.01)
        d = a.clone()
        d -= 0.001 * b
        out += [c, d, torch.add(a, b, alpha=3), torch.sub(a, b, alpha=0.5), torch.addcmul(a, b, a, value=0.1)]
    # fma's halfway sums (1 + 2**-24 and its neighbours in float64), where one rounding and two differ,
    # in either lane of the kernel's pairs and in its odd tail
    ones = torch.ones(129)
    steps = torch.tensor([2.0 ** -23, 3 * 2.0 ** -23, 2.0 ** -23 * (1 + 2.0 ** -20), -(2.0 ** -23)] * 32 + [2.0 ** -23])
    out += [torch.add(ones, steps, alpha=0.5), torch.add(ones, steps.flip(0), alpha=0.5),
            torch.add(steps, ones, alpha=2.0 ** -24)]
    return out


# ---- strided copies and random numbers ------------------------------------------------------
@case
def strided_copies():
    x = values((3, 40, 50), "special", 11)
    return [x.transpose(0, 2), x.permute(1, 2, 0), x[:, ::3, 1::2], x[1].t(),
            x[:, :1].expand(3, 40, 50), x.double().transpose(1, 2), torch.arange(3000).view(60, 50).t(),
            torch.arange(3000, dtype=torch.int32).view(60, 50)[::2, 1::3]]


@case
def random_streams():
    """randn/normal_/rand from both generators, sizes with and without a 16-value tail, the
    state bytes after them, and draws that cross MT19937 blocks."""
    g = torch.Generator().manual_seed(2 ** 40 + 7)
    out = []
    for n in (16, 17, 31, 48, 100, 1000, 5003):
        out += [torch.randn(n, generator=g), torch.empty(n).normal_(0.5, 3.0, generator=g),
                torch.empty(n).normal_(-1.0, 1e-3, generator=g), torch.rand(n, generator=g),
                torch.empty(n).uniform_(-0.75, 2.5, generator=g), torch.empty(n).uniform_(1e-3, 1.5e-3, generator=g)]
    torch.manual_seed(0)
    out += [torch.randn(64, 1000), torch.randn(7), torch.randn(3, 4, 5, dtype=torch.float64), torch.rand(2000)]
    # dropout's mask: U53() draws (two words each) within and across blocks, float32 and float64 scales
    F = torch.nn.functional
    for n, p in ((1, 0.5), (100, 0.2), (312, 0.9), (313, 0.2), (5003, 0.5), (1000, 1 / 3)):
        out += [F.dropout(torch.ones(n), p), F.dropout(torch.ones(n, dtype=torch.float64), p)]
    return out + [torch.tensor(list(torch.get_rng_state())), torch.tensor(list(g.get_state()))]


# ---- softmax family ---------------------------------------------------------------------------
@case
def softmax_last_dim():
    out = []
    for i, shape in enumerate([(4, 10), (64, 10), (3, 100), (8, 17), (2, 16), (70, 5), (1, 1000), (20, 3, 33)]):
        for kind in ("normal", "coarse", "special"):
            x = values(shape, kind, 500 + i) * 30
            out += [torch.softmax(x, -1), torch.log_softmax(x, -1), x.softmax(-1) * 0]
        x = values(shape, "normal", 520 + i).requires_grad_()
        loss = torch.log_softmax(x, -1).sum(-1).pow(2).sum() + torch.softmax(x, -1)[..., 0].sum()
        loss.backward()
        out += [loss, x.grad]
    logits = values((64, 10), "normal", 530).requires_grad_()
    loss = torch.nn.functional.cross_entropy(logits, torch.arange(64) % 10)
    loss.backward()
    return out + [loss, logits.grad, torch.softmax(torch.full((4, 20), -200.0), -1)]


@case
def sigmoids():
    out = []
    for i, shape in enumerate([(64,), (100,), (1000,), (40, 70), (3, 50, 7), (70000,), (9,), (3, 5)]):
        for kind in ("normal", "coarse", "special"):
            x = values(shape, kind, 600 + i) * 20
            out += [torch.sigmoid(x), x.t().sigmoid() if x.dim() == 2 else x[..., 1:].sigmoid()]
        x = values(shape, "normal", 620 + i).requires_grad_()
        torch.sigmoid(x).pow(2).sum().backward()
        out += [x.grad]
    return out


# ---- tanh, exp and the LSTM layer -------------------------------------------------------------
@case
def tanh_and_exp():
    out = []
    for i, shape in enumerate([(9,), (64,), (40, 70), (3, 50, 7)]):
        for kind in ("normal", "coarse", "special"):
            x = values(shape, kind, 700 + i) * 5
            out += [torch.tanh(x), x.t().tanh() if x.dim() == 2 else x[..., 1:].tanh(), torch.exp(x), (x * 20).exp()]
    x = torch.linspace(-25, 25, 20001)  # every branch of musl's tanh and expm1, and of its exp
    out += [torch.tanh(x), torch.tanh(x * 1e-3), torch.tanh(x * 1e-20), torch.tanh(x * 1e-40)]
    return out + [torch.exp(x * 4.5), torch.exp(x * 30), torch.exp(x * 1e-18), torch.exp(x * 1e-40)]


@case
def lstm_layers():
    """nn.LSTM (one node; per step the gate products and one call of the fused cell) forward and
    backward: one row and several, gate products stacked over time or one per step, two layers,
    gradients for the final states or only for the output."""
    out = []
    for i, (steps, n, k, h, layers) in enumerate([(20, 8, 10, 51, 1), (4, 1, 5, 40, 1), (5, 3, 20, 7, 2),
                                                  (3, 6, 17, 2, 1)]):
        torch.manual_seed(800 + i)
        lstm = torch.nn.LSTM(k, h, layers)
        x = values((steps, n, k), "normal", 810 + i).requires_grad_()
        output, (h_n, c_n) = lstm(x)
        loss = output.pow(2).sum() + (0 if i == 0 else h_n.sum() * 0.5 + c_n.pow(2).sum())
        loss.backward()
        out += [output, h_n, c_n, x.grad, *(p.grad for p in lstm.parameters())]
    return out


@case
def gelus():
    out = []
    for i, shape in enumerate([(64,), (100,), (1000,), (40, 70), (3, 50, 7), (40001,), (9,), (3, 5)]):
        for approximate in ("none", "tanh"):
            for kind in ("normal", "coarse", "special"):
                x = values(shape, kind, 700 + i) * 3
                views = [x, x.t() if x.dim() == 2 else x[..., 1:], x.reshape(-1)[::2]]
                out += [torch.nn.functional.gelu(v, approximate=approximate) for v in views]
            x = values(shape, "special", 720 + i).requires_grad_()
            torch.nn.functional.gelu(x, approximate=approximate).pow(2).sum().backward()
            out += [x.grad]
            x = values(shape, "normal", 740 + i).t().requires_grad_() if len(shape) == 2 else \
                values(shape, "normal", 740 + i)[..., 1:].detach().requires_grad_()
            torch.nn.functional.gelu(x, approximate=approximate).pow(2).sum().backward()
            out += [x.grad]
    return out


# ---- reductions ------------------------------------------------------------------------------
@case
def reductions():
    out = []
    for i, shape in enumerate([(7,), (64,), (100,), (1000,), (5000,), (40000,), (64, 100), (100, 64), (33, 5),
                               (5, 33), (3, 50, 70), (70, 3, 50), (2, 2000), (340, 27), (9, 8), (30, 9)]):
        x = values(shape, "normal", 300 + i)
        out += [x.sum(), x.mean()]
        for dim in range(x.dim()):
            out += [x.sum(dim), x.mean(dim), x.sum(dim, keepdim=True), x.amax(dim)]
        if x.dim() >= 2:
            out += [x.t().sum(0) if x.dim() == 2 else x.sum((0, 2)), x[:, 1:].sum(-1), x[::2].sum(0)]
            out += [torch.softmax(x, -1), torch.log_softmax(x, 0)]
    return out


@case
def variances():
    """var/std along dims (Welford per output over evenly spaced elements, or not: two dims at once),
    batch norm's std(0) of a batch, specials, a reduced size of two. No full reduction of specials:
    the NaN of its float32 mean has wasm's sign, not always the Python loop's."""
    out = []
    for i, (shape, dims) in enumerate([((32, 64), 0), ((32, 64), 1), ((64, 100), 0), ((3, 50, 70), 1),
                                       ((3, 50, 70), (0, 2)), ((2, 80), 0), ((100, 9), 0)]):
        for kind in ("normal", "coarse", "special"):
            x = values(shape, kind, 700 + i)
            out += [x.var(dims), x.std(dims, keepdim=True), x.var(dims, correction=0), x.t().std(0)
                    if x.dim() == 2 else x.std(-1)]
    return out


@case
def extremes():
    """max/min/argmax/argmin/amax/amin along dims: NaN wins, first index on ties (-0.0/0.0 too)."""
    out = []
    for i, shape in enumerate([(64,), (1000,), (8, 10), (64, 100), (100, 64), (3, 50, 7), (7, 3, 50), (256, 256)]):
        for kind in ("normal", "coarse", "special"):
            x = values(shape, kind, 700 + i)
            if kind == "special" and x.numel() > 40:
                flat = x.view(-1)
                flat[17], flat[30], flat[31] = float("nan"), 0.0, -0.0  # NaN after others, then a signed-zero tie
                flat[-1], flat[-2] = -0.0, 0.0
            out += [x.max(), x.min(), x.argmax(), x.argmin(), x.amax(), x.argmax(keepdim=True)]
            for dim in range(-x.dim(), x.dim()):
                for keepdim in (False, True):
                    out += [*x.max(dim, keepdim), *x.min(dim, keepdim), x.argmax(dim, keepdim),
                            x.argmin(dim, keepdim), x.amax(dim, keepdim), x.amin(dim, keepdim)]
            if x.dim() == 3:
                out += [x.amax((0, 2)), x.amin((1, 2), keepdim=True), x.transpose(0, 2).max(1)[1]]
        zeros = torch.zeros(shape)
        zeros.view(-1)[1::3] = -0.0
        out += [*zeros.max(-1), *zeros.min(0), (-zeros).argmax(-1)]
        x = values(shape, "coarse", 720 + i).requires_grad_()
        (x.max(-1)[0].sum() + x.amin(0).pow(2).sum() + x.max()).backward()
        out += [x.grad]
    return out


@case
def max_pools():
    """max_pool2d values, indices and backward: stride, padding, dilation, ceil_mode, NaN, ties."""
    F = torch.nn.functional
    out = []
    configs = [dict(kernel_size=2), dict(kernel_size=3, stride=1), dict(kernel_size=3, stride=2, padding=1),
               dict(kernel_size=(2, 3), stride=(1, 2), dilation=(2, 1)), dict(kernel_size=3, stride=2, ceil_mode=True),
               dict(kernel_size=2, stride=3, padding=1, ceil_mode=True), dict(kernel_size=(3, 2), dilation=2, padding=1)]
    for i, shape in enumerate([(1, 6, 28, 28), (2, 3, 9, 11), (4, 8, 8), (1, 2, 5, 7)]):
        for kind in ("normal", "coarse", "special"):
            x = values(shape, kind, 800 + i)
            if kind == "special":
                flat = x.view(-1)
                flat[20], flat[21], flat[40], flat[41] = float("nan"), float("nan"), 0.0, -0.0
                flat[60], flat[61] = -0.0, 0.0
            for j, cfg in enumerate(configs):
                out += list(F.max_pool2d(x, return_indices=True, **cfg))
                y = x.clone().requires_grad_()
                F.max_pool2d(y, **cfg).pow(2).sum().backward()
                out += [y.grad]
        out += [F.max_pool2d(x.transpose(-1, -2), 2), F.max_pool2d(x.half(), 2)]
    x = values((2, 3, 6, 7, 5), "coarse", 810).requires_grad_()  # 3-d: the backward kernel is nd-generic
    F.max_pool3d(x, 2, stride=1).pow(2).sum().backward()
    return out + [x.grad]


@case
def avg_pools():
    """avg_pool2d and adaptive_avg_pool2d and their backwards: padding in or out of the divisor,
    a divisor override, ceil_mode, uneven adaptive windows, specials."""
    F = torch.nn.functional
    out = []
    configs = [dict(kernel_size=2), dict(kernel_size=3, stride=2, padding=1),
               dict(kernel_size=3, stride=2, padding=1, count_include_pad=False),
               dict(kernel_size=(2, 3), stride=(1, 2), ceil_mode=True), dict(kernel_size=3, divisor_override=7)]
    for i, shape in enumerate([(2, 6, 13, 11), (3, 9, 8)]):
        for kind in ("normal", "special"):
            x = values(shape, kind, 830 + i)
            for cfg in configs:
                y = x.clone().requires_grad_()
                z = F.avg_pool2d(y, **cfg)
                z.pow(2).sum().backward()
                out += [z, y.grad]
            for size in [(1, 1), (4, 3), (5, 7)]:
                y = x.clone().requires_grad_()
                z = F.adaptive_avg_pool2d(y, size)
                z.pow(2).sum().backward()
                out += [z, y.grad]
    return [t.masked_fill(t.isnan(), float("nan")) for t in out]


# ---- layer norm: statistics (the Welford chunks' cascade, leftovers), output, all three gradients --
@case
def layer_norms():
    F = torch.nn.functional
    out = []
    # inner: under one vector, leftovers, 1 / 3 / 5 / 8 chunks of 16 vectors; rows split over threads
    for i, (shape, normalized) in enumerate([((16, 7), (7,)), ((10, 100), (100,)), ((4, 8, 64), (64,)),
                                             ((3, 300), (300,)), ((2, 640), (640,)), ((3, 1000), (1000,)),
                                             ((5, 4, 20), (4, 20)), ((1, 128), (128,)), ((9, 2, 33), (33,))]):
        for kind in ("normal", "coarse", "special"):
            x = values(shape, kind, 900 + i)
            weight, bias = values(normalized, "normal", 920 + i), values(normalized, "normal", 940 + i)
            ys = [F.layer_norm(x, normalized), F.layer_norm(x, normalized, weight, bias),
                  F.layer_norm(x, normalized, weight), F.layer_norm(x, normalized, None, bias, eps=1e-3)]
            # a row with inf and nan: NaNs whose sign bits the Python loop and the kernel may set differently
            out += [y.masked_fill(y.isnan(), float("nan")) for y in ys]
        x = values(shape, "normal", 960 + i).requires_grad_()
        norm = torch.nn.LayerNorm(normalized)
        with torch.no_grad():
            norm.weight.copy_(values(normalized, "normal", 980 + i))
            norm.bias.copy_(values(normalized, "normal", 990 + i))
        (norm(x) * values(shape, "coarse", 1000 + i)).sum().backward()
        out += [x.grad, norm.weight.grad, norm.bias.grad]
        x = values(shape, "coarse", 1010 + i).requires_grad_()
        F.layer_norm(x, normalized).pow(2).sum().backward()  # no weight: the input gradient's other sums
        out += [x.grad]
    return out


# ---- optimizers: Adam's and Adadelta's step over each parameter's buffer -----------------------
def optimizer_steps(configs, state_keys, seed, shapes=((70,), (8, 16), (1,), (), (3, 5))):
    """Each optimizer config for three steps, on normal and coarse values, with a non-contiguous
    parameter going op by op: parameters, states and version counters."""
    out = []
    for i, (cls, options) in enumerate(configs):
        for kind in ("normal", "coarse"):
            params = [values(shape, kind, seed + 10 * i + j).requires_grad_()
                      for j, shape in enumerate(shapes)]
            strided = values((6, 4), kind, seed + 90 + i).t().requires_grad_()  # a view's layout: op by op
            opt = cls(params + [strided], **options)
            for step in range(3):
                opt.zero_grad()
                loss = sum((p * values(p.shape, "normal", seed + 100 + 7 * step + j)).pow(2).sum()
                           for j, p in enumerate(params + [strided]))
                loss.backward()
                opt.step()
            for p in params + [strided]:
                state = opt.state[p]
                out += [p.detach(), *(state[key] for key in state_keys),
                        torch.tensor([p._version, *(state[key]._version for key in state_keys)])]
    return out


@case
def adam_steps():
    """Adam and AdamW: decoupled and L2 decay, lerp's two formulas, maximize, amsgrad (op by op)."""
    return optimizer_steps([(torch.optim.AdamW, {}), (torch.optim.Adam, {}), (torch.optim.Adam, dict(weight_decay=0.1)),
                            (torch.optim.AdamW, dict(betas=(0.2, 0.5), lr=0.1, eps=0.0)),
                            (torch.optim.Adam, dict(maximize=True)), (torch.optim.AdamW, dict(amsgrad=True))],
                           ("exp_avg", "exp_avg_sq"), 1100)


@case
def adadelta_steps():
    """Adadelta: its defaults (lr 1: param.add_'s alpha -1), L2 decay, other rho, lr and eps, maximize;
    a parameter of more than one of the kernel's chunks."""
    return optimizer_steps([(torch.optim.Adadelta, {}), (torch.optim.Adadelta, dict(weight_decay=0.1)),
                            (torch.optim.Adadelta, dict(rho=0.5, lr=0.3, eps=1e-3)),
                            (torch.optim.Adadelta, dict(maximize=True, lr=2.0))],
                           ("square_avg", "acc_delta"), 1300, shapes=((70,), (1,), (), (3, 5), (4100,)))


# ---- float64 tensors: products in k's order, elementwise, tanh/exp/sigmoid, fma, reductions ----
def values64(shape, kind, seed):
    """values() in float64, normal ones with a full 53-bit mantissa (float32 data times a float64
    factor would leave products exact)."""
    x = values(shape, kind, seed).double()
    if kind != "coarse":
        g = torch.Generator().manual_seed(seed + 1)
        x = x * (1 + torch.rand(shape, generator=g, dtype=torch.float64))
    return x


@case
def float64_products():
    """mm, addmm/linear (b transposed, bias last), bmm, mv and dot in float64: each output's products
    added in k's order. Shapes with row and column leftovers of the 4 x 4 tiles, k of 1."""
    out = []
    shapes = MM_SHAPES + [(5, 51, 204), (5, 204, 51), (3, 1, 204), (5, 51, 1), (2, 3, 11), (1, 64, 1)]
    for i, (m, k, n) in enumerate(shapes):
        for kind in ("normal", "coarse", "special"):
            a, b = values64((m, k), kind, 900 + i), values64((k, n), kind, 940 + i)
            w, bias = values64((n, k), kind, 980 + i), values64((n,), kind, 1020 + i)
            found = [a @ b, a @ b.t().contiguous().t(), torch.nn.functional.linear(a, w, bias),
                     torch.nn.functional.linear(a, w), torch.addmm(bias, a, w.t(), beta=0.5, alpha=2.0),
                     a[0] @ b, b.t() @ a[0] if m == k else b.t() @ b[:, 0], torch.dot(b[:, 0], b[:, -1])]
            # inf * 0 makes a nan whose sign bit a Python float op and a wasm lane may set differently
            out += [t.masked_fill(t.isnan(), float("nan")) for t in found]
    a, b = values64((3, 20, 30), "normal", 1060), values64((3, 30, 12), "normal", 1061)
    return out + [torch.bmm(a, b), a @ b]


@case
def float64_elementwise():
    out = []
    for kind in ("normal", "coarse", "special"):
        a, b = values64((40, 70), kind, 1100), values64((40, 70), kind, 1101)
        row, col = values64((70,), kind, 1102), values64((40, 1), kind, 1103)
        out += binary_ops(a, b, row, col)
        out += [-a, a.abs(), a.relu(), a.square(), a.sqrt(), a.abs().sqrt(), a.t().relu()]
        out += [torch.tanh(a), torch.exp(a), (a * 50).exp(), torch.sigmoid(a), (a * 100).sigmoid(), a.t().tanh()]
        if kind != "special":  # (Python's math.fma raises for inf - inf: so do both runs, no bits to compare)
            out += [torch.add(a, b, alpha=0.3), torch.sub(a, b, alpha=3), torch.addcmul(a, b, a, value=0.1)]
    x = torch.linspace(-800, 800, 40001, dtype=torch.float64)  # every branch of musl's tanh, expm1 and exp
    out += [torch.tanh(x * s) for s in (1.0, 0.03, 1e-3, 1e-20, 1e-310)]
    out += [torch.exp(x * s) for s in (1.0, 0.9, 1e-3, 1e-18, 1e-310)] + [torch.sigmoid(x), torch.sigmoid(x * 1e-3)]
    # fma: operands beyond the kernel's safe range (2**-450 .. 2**450; |c| <= 2**900) go to Python's
    tiny_huge = torch.tensor([1e-200, -3e-140, 1e140, -7e139, 0.0, -0.0, float("nan"), 2.5, 1e300, -1e-300] * 8,
                             dtype=torch.float64)
    y = values64((80,), "normal", 1104)
    out += [torch.add(y, tiny_huge, alpha=1e-3), torch.add(tiny_huge, y, alpha=1e160), torch.addcmul(tiny_huge, y, y)]
    # halfway cases of one rounding against two: 1 + 2**-53 (and neighbours) from exact products
    ones = torch.ones(129, dtype=torch.float64)
    steps = torch.tensor([2.0 ** -52, 3 * 2.0 ** -52, 2.0 ** -52 * (1 + 2.0 ** -40), -(2.0 ** -52)] * 32
                         + [2.0 ** -52], dtype=torch.float64)
    out += [torch.add(ones, steps, alpha=0.5), torch.add(ones, steps.flip(0), alpha=0.5),
            torch.add(steps, ones, alpha=2.0 ** -53)]
    # (1 + 2**-52) * 2**-53 (1 - 2**-52) + (1 + 2**-52): just below a halfway point, which only the
    # rounding to odd of the product's low part keeps
    below = torch.tensor([2.0 ** -53 * (1 - 2.0 ** -52), -(2.0 ** -53) * (1 - 2.0 ** -52)] * 40, dtype=torch.float64)
    out.append(torch.add(torch.tensor([1 + 2.0 ** -52, -(1 + 2.0 ** -52)] * 40, dtype=torch.float64), below,
                         alpha=1 + 2.0 ** -52))
    x = values64((300,), "normal", 1105).requires_grad_()  # tanh's backward: fma(-y, y, 1)
    torch.tanh(x).sum().backward()
    return out + [x.grad]


@case
def embedding_backward():
    """Rows gathered and their gradients added back in order: repeated indices, padding_idx."""
    out = []
    for padding_idx, seed in ((None, 1110), (3, 1111)):
        weight = values((20, 24), "normal", seed).requires_grad_()
        indices = torch.randint(0, 20, (6, 9), generator=torch.Generator().manual_seed(seed))
        indices[0, :4] = 3
        (torch.nn.functional.embedding(indices, weight, padding_idx=padding_idx) * values((6, 9, 24), "coarse", seed)).sum().backward()
        out.append(weight.grad)
    return out


@case
def float64_to_float32():
    """Rounding to float32: halfway points between float32 neighbours (both ways), overflow to inf,
    subnormals, signed zeros and specials."""
    halfway = torch.tensor([1 + 2.0 ** -24, 1 + 3 * 2.0 ** -24, -(1 + 2.0 ** -24), 3.4028235677973366e38,
                            3.4028235677973362e38, 1e39, -1e39, 2.0 ** -149 * 0.5, 2.0 ** -149 * 1.5, 1e-46,
                            -0.0, 0.0, float("inf"), float("-inf"), float("nan")] * 6, dtype=torch.float64)
    return [halfway.float(), values64((40, 70), "special", 1106).float(), values64((40, 70), "coarse", 1107).float()]


@case
def float64_reductions():
    out = []
    for i, shape in enumerate([(64,), (1000,), (5, 204), (204, 5), (3, 50, 7), (40, 70)]):
        for kind in ("normal", "coarse", "special"):
            x = values64(shape, kind, 1200 + i)
            out += [x.max(), x.min(), x.argmax(), x.amax(0), *x.max(-1), *x.min(0), x.sum(0)]
            if x.dim() >= 2:
                out += [x.transpose(0, 1).sum(-1), x.sum((0, 1)), x.transpose(0, 1).amin(-1)]
    return out


# ---- the browser's numpy (browser_numpy/numpy): its float64 hot path ---------------------------
@case
def numpy_float64():
    import numpy as np
    out = []
    for kind in ("normal", "coarse", "special"):
        a, b = values((40, 70), kind, 12).double().numpy(), values((40, 70), kind, 13).double().numpy()
        for x, y in ((a, b), (a, 0.25), (3, a), (a, 0.0), (b[::2], a[1::2]), (a[5:], 2)):
            out += [x + y, x - y, x * y, x / y, np.maximum(x, y), np.minimum(x, y)]
            out += [(x < y), (x <= y), (x > y), (x >= y), (x == y), (x != y)]
        out += [-a, np.abs(a), np.square(a), np.sqrt(np.abs(a)), np.sqrt(a), a ** 3,
                np.array([a.sum(), b[3:].sum(), (a * b).sum()])]
        # integer powers (glibc's pow; near halfway, tiny and huge values are left to Python's),
        # strided views (gathered in wasm first)
        out += [a ** 4, a[::3] ** 7.0, np.power(b, 5), (a * 1e-60) ** 13, (a * 1e40) ** 9, a ** 64,
                a.T * 2.0, np.sqrt(a[:, ::-2]), b[::2, 1::3] + a[1::2, 2::3], a.T[::3].copy()]
        if kind != "special":  # (inf * 0 makes a nan whose sign bit differs: numpy prints it as nan either way)
            out += [a @ b.T, np.dot(a[:3], b[0]), np.matmul(a.reshape(4, 10, 70), b.reshape(4, 70, 10))]
    return [torch.from_numpy(r.astype(np.uint8) if r.dtype == np.bool_ else r.copy()) for r in out]


@case
def numpy_simd_math():
    """numpy's float32 exp/log/sin/cos/tanh (_simd32's algorithms) and float64 tanh (_simd64's) in
    wasm: random bit patterns, values in the functions' working ranges (sin and cos past their
    reduction limits go to Python's glibc sinf/cosf, tiny float64 tanh arguments to Python),
    strided views and edge cases."""
    import random
    from array import array
    import numpy as np
    rng = random.Random(34)
    words = [rng.getrandbits(32) for _ in range(6000)] + [
        0, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00001, 0x00000001, 0x807FFFFF,
        0x42B17218, 0x42B17217, 0xC2CFF1B5, 0xC2CFF1B4, 0xC2AEAC50, 0x3F3504F3, 0x3F3504F4, 0x47E5F5FF,
        0x47E5F600, 0x478B9E08, 0x7F000000, 0x7F200000, 0x3D400000, 0x3D3FFFFF, 0x41100000]
    bits = np.array(array("f", array("I", words).tobytes()).tolist(), dtype=np.float32)
    spread = np.array([rng.uniform(-1, 1) * 10.0 ** rng.randint(-8, 6) for _ in range(6000)], dtype=np.float32)
    near = np.array([rng.uniform(-150, 150) for _ in range(3000)], dtype=np.float32)
    out = []
    for f in (np.exp, np.log, np.sin, np.cos, np.tanh):
        out += [f(bits), f(spread), f(near), f(near.reshape(60, 50)[::2, ::3]), f(np.abs(spread))]
    bits64 = np.array(array("d", array("Q", [rng.getrandbits(64) for _ in range(4000)]).tobytes()).tolist())
    scales = np.array([rng.uniform(-1, 1) * 10.0 ** rng.randint(-320, 308) for _ in range(4000)])
    edges = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 5e-324, 2.0 ** -60, -2.0 ** -61, 0.21875, 19.0, 22.0,
                      2.0 ** 1022 * 1.5, -2.0 ** 1022 * 1.4999999999999998, 1.7976931348623157e308] * 3)
    near64 = np.array([rng.uniform(-25, 25) for _ in range(3000)])
    out += [np.tanh(bits64), np.tanh(scales), np.tanh(edges), np.tanh(near64), np.tanh(near64.reshape(60, 50)[::3, 1::2])]
    return [torch.from_numpy(r.copy()) for r in out]


@case
def numpy_glibc_math():
    """The browser numpy's float64 exp, log, sin, cos, log1p and x ** s (glibc's, _libm's ports) in wasm: random
    bit patterns, values across the ranges, near 1 (log's polynomial), subnormals, exp's overflow and
    underflow edges (its rounding of subnormal results), pow's special cases (left to Python) and
    negative bases with integer exponents (the sign of odd powers), strided views."""
    import random
    from array import array
    import numpy as np
    rng = random.Random(35)
    bits = np.array(array("d", array("Q", [rng.getrandbits(64) for _ in range(4000)]).tobytes()).tolist())
    spread = np.array([rng.uniform(-1, 1) * 10.0 ** rng.randint(-320, 308) for _ in range(4000)])
    wide = np.array([rng.uniform(-760, 760) for _ in range(4000)])
    near_one = np.array([1 + rng.uniform(-1, 1) * 2.0 ** -rng.randint(1, 60) for _ in range(3000)])
    edges = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 5e-324, -5e-324, 2.2250738585072014e-308, 2.0 ** -54,
                      -(2.0 ** -55), 1.0, -1.0, 709.782712893384, 709.7827128933841, -708.3964185322641, -708.4,
                      -744.44007192138122, -745.1332191019411, -745.1332191019412, 512.0, -512.0, 1023.99, -1024.0,
                      1e308, 1.7976931348623157e308, 0.9375, 1.064453125, 0.99999999999999989, 1.0000000000000002] * 3)
    # sin and cos: every range (tiny, the table's, near pi/2, reduced by n pi/2; huge ones go to Python)
    angles = np.concatenate([np.array([rng.uniform(-4, 4) for _ in range(3000)]), wide * 1e5,
                             np.pi / 2 * np.arange(-60, 61),
                             np.array([0.126, -0.126, 0.8549, 0.855, 2.4260, 2.42601, 105414350.0, 105414351.0])])
    out = [np.sin(angles), np.cos(angles)]
    for x in (bits, spread, wide, near_one, edges, wide.reshape(80, 50)[::3, 1::2]):
        out += [np.exp(x), np.log(x), np.log(np.abs(x)), np.sin(x), np.cos(x), np.log1p(x), np.log1p(x * 1e-3)]
    base = np.concatenate([np.abs(spread), wide, near_one, edges, -np.abs(wide[:500]), np.abs(wide) * 1e-3])
    for s in (2.5, -0.5, 1 / 3, 0.1, -2.75, 1.5e-19, 2.0 ** -65, 2.0 ** -66, 1e10, -1e10, 2.0 ** 63, 6.5e15,
              -3, -2, 65, 101, 2 ** 53 + 1.0, 9e15, float("inf"), float("-inf"), float("nan")):
        out.append(base ** s)
    negative = -np.abs(np.concatenate([wide, near_one, spread[:800] * 1e-300]))
    for s in (-3, -7, 65, 67, 1e3, 2.0 ** 53, 2.0 ** 54 + 2):  # odd and even integers: the result's sign
        out.append(negative ** s)
    inplace = base.copy()
    inplace **= 0.75
    out += [wide.reshape(80, 50)[::2, ::3] ** 1.75, np.power(base, 2.5), np.power(negative, -3), inplace]
    return [torch.from_numpy(r.copy()) for r in out]


@case
def numpy_glibc_math32():
    """The browser numpy's float32 functions that are glibc's float functions (_libm32's ports) in wasm:
    random bit patterns (nan payloads, subnormals, infinities), values at every scale, each function's
    working range (tan's two reductions, the domains' edges) and strided views; powf (power) of one
    exponent, negative bases to odd and even integers among them."""
    import random
    from array import array
    import numpy as np
    rng = random.Random(36)
    words = [rng.getrandbits(32) for _ in range(5000)] + [
        0, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00001, 0x00000001, 0x807FFFFF, 0x3F800000, 0xBF800000,
        0x3F000000, 0xBF000000, 0x42B17217, 0x42B17218, 0x42B2D4FC, 0x42B2D4FD, 0xC2CFF1B4, 0x41B00000, 0x3F490FDA,
        0x3F490FDB, 0x42F00000, 0x4C000000, 0x3EB17218, 0x3ED413D7, 0xBE95F61F, 0x3F79999A, 0x7F7FFFFF, 0xC3160000]
    bits = np.array(array("f", array("I", words).tobytes()).tolist(), dtype=np.float32)
    spread = np.array([rng.uniform(-1, 1) * 10.0 ** rng.randint(-9, 6) for _ in range(5000)], dtype=np.float32)
    near = np.array([rng.uniform(-130, 130) for _ in range(3000)], dtype=np.float32)
    unit = np.array([rng.uniform(-1.1, 1.1) for _ in range(3000)], dtype=np.float32)
    out = []
    for f in (np.expm1, np.sinh, np.cosh, np.tan, np.arctan, np.arcsin, np.exp2, np.log2, np.log10, np.log1p,
              np.arcsinh, np.arccosh, np.arctanh):
        out += [f(bits), f(spread), f(near), f(unit), f(near.reshape(60, 50)[::2, ::3]), f(np.abs(spread) + 1)]
    # powf of one exponent (numpy's shortcut exponents aside): nan operands go to Python
    for s in (2.5, 3, -3, -2, 7.0, 0.3, -1.5, 1e-30, 1e30, -1e30, 2 ** 25, 101, float("inf"), float("nan")):
        out += [bits ** s, np.power(spread, s), unit ** s, (-np.abs(unit)) ** s]
    inplace = np.abs(near)
    inplace **= 1.25
    out += [near.reshape(60, 50)[::2, ::3] ** 0.75, inplace]
    return [torch.from_numpy(r.copy()) for r in out]


def run_all():
    results = []
    for fn in CASES:
        results.append((fn.__name__, [t.contiguous()._buf().tobytes() for t in fn()]))
    return results


kernels.wasm = WASM
with_kernels = run_all()
kernels.wasm = None
python_only = run_all()
kernels.wasm = WASM.module

mismatches = 0
for (name, fast), (_, slow) in zip(with_kernels, python_only):
    for i, (x, y) in enumerate(zip(fast, slow)):
        if x != y:
            mismatches += 1
            print(f"MISMATCH {name}[{i}]")
# fused_madd: read once by kernels.py (the relaxed-SIMD build's export)
unused = sorted(set(WASM.module.object_keys()) - set(WASM.calls) - {"fused_madd"})  # the module's exports
if unused:
    print(f"kernels never called: {unused}")
if mismatches or unused:
    sys.exit(1)
fused = "yes" if kernels.FUSED_MADD else "no"
print(f"ok: {sum(len(r) for _, r in with_kernels)} results, rule F on a fused multiply-add: {fused}, kernels: "
      + ", ".join(f"{k} x{v}" for k, v in sorted(WASM.calls.items())))
