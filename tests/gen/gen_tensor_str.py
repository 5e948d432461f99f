"""Print random tensors with real PyTorch and store what it printed: the golden file for
tests/test_tensor_str.py.

    .venv/bin/python tests/gen/gen_tensor_str.py                  # rewrites tests/golden/tensor_str.json
    .venv/bin/python tests/gen/gen_tensor_str.py --count 300 --seed 7 --out /tmp/cases.json

Run it with real torch (2.13.0), never with pyengine/ on sys.path. Each case stores the
tensor's values, shape, dtype, the print options in force, the default dtype, the
grad suffixes and torch's repr. Summarised tensors store only the elements torch displays
(their flat offsets, found with torch's own get_summarized_data), so the golden file stays
small and the test can check that nothing else is read.

Exit status 3 means real torch is not importable.
"""
import argparse
import json
import math
import os
import random
import sys

try:
    import numpy as np
    import torch
    from torch._tensor_str import get_summarized_data
except ImportError:
    sys.exit(3)

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "golden", "tensor_str.json")
FLOAT_DTYPES = ("float32", "float64", "float16")
INT_DTYPES = ("int64", "int32", "int16", "int8", "uint8")
SHORTEST = {"float32": np.float32, "float16": np.float16}  # float64 needs no shortening

# Tensors worth pinning down by hand, besides the random ones (spec section 4.7 and edges).
FIXED = [
    "torch.tensor([1.5, -2.25, 3.])", "torch.tensor([1., 2., 3.])", "torch.tensor([1., -2., 300.])",
    "torch.tensor([0.1, 200.])", "torch.tensor([0.1, 100.])", "torch.tensor([1e-5, 1.])",
    "torch.tensor(1e-4)", "torch.tensor(1.0001e-4)", "torch.tensor([1e8])", "torch.tensor([1.5e8])",
    "torch.tensor([0., 0.])", "torch.tensor([0., -0., 1.])", "torch.tensor([-0., 0.5])",
    "torch.tensor([float('nan'), 1.5, float('inf'), -float('inf')])", "torch.tensor([float('nan'), 1.])",
    "torch.tensor([1e-5, float('nan')])", "torch.tensor([0.03125, 0.5])", "torch.tensor([True, False, True])",
    "torch.tensor([1, -20, 300])", "torch.tensor([1, 2], dtype=torch.int32)",
    "torch.tensor([1.5, 2.5], dtype=torch.float64)", "torch.arange(12).reshape(2, 2, 3)",
    "torch.arange(30) / 3", "torch.arange(1001.)", "torch.arange(1000.)", "torch.arange(2000).reshape(100, 20)",
    "torch.arange(2000.).reshape(2, 1000)", "torch.tensor(3.14159)", "torch.tensor(2.)", "torch.tensor(-0.)",
    "torch.tensor(7)", "torch.tensor(True)", "torch.tensor(1e-7)", "torch.tensor([])",
    "torch.tensor([], dtype=torch.int64)", "torch.zeros(2, 0)", "torch.zeros(0, 3, dtype=torch.float64)",
    "torch.zeros(0, dtype=torch.bool)", "torch.zeros(1, 0, 2, 0, dtype=torch.uint8)",
    "torch.tensor(float('nan'))", "torch.tensor(-float('inf'))", "torch.tensor(3e38)", "torch.tensor(1e-45)",
    "torch.tensor([1e-45, 3e38])", "torch.tensor([65504., 6e-8], dtype=torch.float16)",
    "torch.tensor([2**63 - 1, -2**63])", "torch.tensor([255, 0], dtype=torch.uint8)",
    "torch.arange(10 ** 6).reshape(100, 100, 100)", "torch.arange(10 ** 6, dtype=torch.float32) / 7",
    "torch.ones(3, 1001)", "torch.ones(1001, 1, 1)", "torch.tensor([1e-4, 0.05], dtype=torch.float64)",
    "torch.tensor([1e8, 2e5], dtype=torch.float64)", "torch.tensor([0.1, 100.], dtype=torch.float64)",
    "torch.tensor([5e-324, 1.7e308], dtype=torch.float64)",
]
FIXED_OPTIONS = [{}, {"precision": 2}, {"sci_mode": False}, {"sci_mode": True}, {"linewidth": 40},
                 {"threshold": 5}, {"edgeitems": 1}, {"profile": "full"}, {"profile": "short"},
                 {"threshold": 5, "edgeitems": 0}, {"precision": 0}, {"linewidth": 1}]


def random_shape(rng):
    if rng.random() < 0.025:   # big enough to be summarised at the default threshold
        return rng.choice([(1001,), (5000,), (100, 20), (3, 400), (7, 8, 30), (5, 5, 5, 9),
                           (2, 1000), (1200, 1), (11, 11, 11), (2, 3, 4, 50), (rng.randint(1001, 20000),)])
    ndim = rng.choices([0, 1, 2, 3, 4], weights=[15, 35, 25, 15, 10])[0]
    high = {0: 1, 1: 40, 2: 12, 3: 7, 4: 5}[ndim]
    shape = [rng.randint(1, high) for _ in range(ndim)]
    if shape and rng.random() < 0.06:
        shape[rng.randrange(ndim)] = 0
    return tuple(shape)


def random_float_values(rng, n):
    """Values from one of several styles that stress the mode and width choices."""
    style = rng.choice(["normal", "normal", "integral", "big_integral", "eighths", "wide",
                        "boundary", "zeros", "tiny", "huge"])
    if style == "normal":
        scale = 10.0 ** rng.randint(-9, 9)
        values = [rng.gauss(0, 1) * scale for _ in range(n)]
    elif style == "integral":
        values = [float(rng.randint(-1000, 1000)) for _ in range(n)]
    elif style == "big_integral":
        values = [float(rng.randint(-10 ** 12, 10 ** 12) // 10 ** rng.randint(0, 11)) for _ in range(n)]
    elif style == "eighths":
        values = [rng.randint(-80, 80) / rng.choice([8, 32, 64]) for _ in range(n)]
    elif style == "wide":
        values = [rng.choice([-1, 1]) * 10.0 ** rng.uniform(-12, 12) for _ in range(n)]
    elif style == "boundary":  # near the sci-mode thresholds 1e-4, 1e8 and max/min = 1000
        values = [rng.choice([1e-4, 1.0001e-4, 9.999e-5, 1e8, 1.0000001e8, 0.1, 100.0, 100.1, 1.0,
                              999.9, 1000.0, 1e-3]) * rng.choice([1, -1]) for _ in range(n)]
    elif style == "zeros":
        values = [rng.choice([0.0, -0.0]) for _ in range(n)]
    elif style == "tiny":
        values = [rng.gauss(0, 1) * 10.0 ** rng.randint(-45, -30) for _ in range(n)]
    else:
        values = [rng.gauss(0, 1) * 10.0 ** rng.randint(20, 300) for _ in range(n)]
    if rng.random() < 0.3:   # sprinkle nan, inf and signed zeros
        for _ in range(rng.randint(1, 3)):
            if n:
                values[rng.randrange(n)] = rng.choice([math.nan, math.inf, -math.inf, 0.0, -0.0])
    return values


def random_tensor(rng, shape, dtype_name):
    n = math.prod(shape)
    dtype = getattr(torch, dtype_name)
    if dtype_name in FLOAT_DTYPES:
        if n > 5000:   # big: one cheap torch draw, maybe integral, maybe scaled
            torch.manual_seed(rng.randrange(2 ** 31))
            t = torch.randn(shape, dtype=torch.float64) * 10.0 ** rng.randint(-6, 6)
            return (t.round() if rng.random() < 0.3 else t).to(dtype)
        return torch.tensor(random_float_values(rng, n), dtype=torch.float64).reshape(shape).to(dtype)
    if dtype_name == "bool":
        return torch.tensor([rng.random() < 0.5 for _ in range(n)], dtype=dtype).reshape(shape)
    info = torch.iinfo(dtype)
    low, high = rng.choice([(0, 9), (-10, 10), (-1000, 1000), (info.min, info.max)])
    low, high = max(low, info.min), min(high, info.max)
    return torch.tensor([rng.randint(low, high) for _ in range(n)], dtype=dtype).reshape(shape)


def random_options(rng):
    if rng.random() < 0.4:
        return {}
    options = {}
    if rng.random() < 0.15:
        options["profile"] = rng.choice(["default", "short", "full"])
    if rng.random() < 0.3:
        options["precision"] = rng.randint(0, 10)
    if rng.random() < 0.3:
        options["threshold"] = rng.choice([0, 1, 3, 5, 10, 20, 50, 100, 1000, math.inf])
    if rng.random() < 0.3:
        options["edgeitems"] = rng.randint(0, 5)
    if rng.random() < 0.3:
        options["linewidth"] = rng.choice([1, 10, 20, 30, 40, 60, 80, 100, 150, 200])
    if rng.random() < 0.3:
        options["sci_mode"] = rng.choice([True, False])
    return options


def add_grad(rng, t):
    """A tensor with the same values that carries requires_grad or some grad_fn."""
    leaf = t.clone().requires_grad_()
    ops = [lambda x: x, lambda x: x * 1, lambda x: x.clone(), lambda x: x.view_as(x),
           lambda x: x.expand_as(x), lambda x: x.as_strided(x.shape, x.stride()),
           lambda x: x.masked_fill(torch.zeros_like(x, dtype=torch.bool), 0.0),
           lambda x: torch.where(torch.ones_like(x, dtype=torch.bool), x, 0.0)]
    return rng.choice(ops)(leaf)


def encode_float(v, dtype_name):
    """v as JSON: the shortest decimal that rounds back to v in its dtype; 'nan'/'inf'/'-inf'."""
    if not math.isfinite(v):
        return "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf")
    if dtype_name in SHORTEST:
        np_type = SHORTEST[dtype_name]
        short = float(str(np_type(v)))
        if float(np_type(short)) == v and math.copysign(1.0, short) == math.copysign(1.0, v):
            return short
    return v


def make_case(t, options, default_dtype, rng=None):
    """Print t under options with real torch and describe the case as a JSON-able dict."""
    torch.set_default_dtype(getattr(torch, default_dtype))
    torch.set_printoptions(profile="default")
    torch.set_printoptions(**options)
    if rng is not None and t.dtype.is_floating_point and rng.random() < 0.25:
        t = add_grad(rng, t)
    expected = repr(t)
    suffixes = []
    if t.grad_fn is not None:
        suffixes.append(f"grad_fn=<{type(t.grad_fn).__name__}>")
    elif t.requires_grad:
        suffixes.append("requires_grad=True")
    t = t.detach()
    dtype_name = str(t.dtype).removeprefix("torch.")
    case = {"dtype": dtype_name, "shape": list(t.shape)}
    flat = t.reshape(-1)
    summarised = t.numel() > torch._tensor_str.PRINT_OPTS.threshold
    if summarised:
        if t.dim() == 1 and not torch._tensor_str.PRINT_OPTS.edgeitems:
            offsets = []   # torch prints '[...]' (its formatter still looks at every element)
        else:
            offsets = get_summarized_data(torch.arange(t.numel()).reshape(t.shape)).reshape(-1).tolist()
        case["offsets"] = offsets
        values = flat[offsets].tolist()
    else:
        values = flat.tolist()
    if t.dtype.is_floating_point:
        values = [encode_float(v, dtype_name) for v in values]
    case["values"] = values
    if options:
        case["options"] = {k: ("inf" if v == math.inf else v) for k, v in options.items()}
    if default_dtype != "float32":
        case["default_dtype"] = default_dtype
    if suffixes:
        case["suffixes"] = suffixes
    case["expected"] = expected
    torch.set_default_dtype(torch.float32)
    torch.set_printoptions(profile="default")
    return case


def prints_in_full(numel, options):
    torch.set_printoptions(profile="default")
    torch.set_printoptions(**options)
    in_full = numel <= torch._tensor_str.PRINT_OPTS.threshold
    torch.set_printoptions(profile="default")
    return in_full


def generate(count, seed, with_fixed):
    rng = random.Random(seed)
    cases = []
    if with_fixed:
        for source in FIXED:
            t = eval(source)
            for options in FIXED_OPTIONS:
                # big tensors printed in full would bloat the golden file
                if t.numel() <= 100 or not prints_in_full(t.numel(), options):
                    cases.append(make_case(t, options, "float32"))
    dtypes = (["float32"] * 6 + ["float64"] * 2 + ["float16"] + list(INT_DTYPES) * 1 + ["bool"])
    for _ in range(count):
        shape = random_shape(rng)
        t = random_tensor(rng, shape, rng.choice(dtypes))
        options = random_options(rng)
        while t.numel() > 1000 and prints_in_full(t.numel(), options):
            options = random_options(rng)   # keep the golden file small
        default_dtype = rng.choices(["float32", "float64", "float16"], weights=[88, 9, 3])[0]
        cases.append(make_case(t, options, default_dtype, rng))
    return cases


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2100, help="random cases (besides the fixed ones)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--out", default=GOLDEN)
    parser.add_argument("--no-fixed", action="store_true", help="random cases only")
    args = parser.parse_args()
    cases = generate(args.count, args.seed, not args.no_fixed)
    with open(args.out, "w") as f:
        json.dump({"torch": torch.__version__, "cases": cases}, f, separators=(",", ":"))
        f.write("\n")
    print(f"{len(cases)} cases -> {args.out} ({os.path.getsize(args.out)} bytes)")


if __name__ == "__main__":
    main()
