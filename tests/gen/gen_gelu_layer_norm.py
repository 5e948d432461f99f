"""Generate tests/golden/gelu_layer_norm.json: real PyTorch's bits for F.gelu and F.layer_norm
through the public API: outputs, gradients (backward with a given grad_output) and forward-mode
tangents (torch.func.jvp), float32 (and float64 for layer norm), over shapes with and without
vector tails, the layouts that pick PyTorch's kernels (oneDNN for contiguous float32 GELU, ATen's
vector body and scalar tail otherwise) and values from tiny to huge, infinities and NaN.

Run with real torch on the reference machine (AVX-512, 2 threads), with the normal sys.path
(NOT pyengine):   .venv/bin/python tests/gen/gen_gelu_layer_norm.py

Inputs are recipes (``make_values``) that the test regenerates; results are stored as hex bits
(a SHA-256 of them past DIGEST_LIMIT values). tests/engine/test_gelu_layer_norm_parity.py runs
every case through our engine.
"""
import hashlib
import json
import math
import random
import struct
import sys
from pathlib import Path

DIGEST_LIMIT = 128
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "gelu_layer_norm.json"
SPECIALS = [0.0, -0.0, math.inf, -math.inf, math.nan, 1e-40, -1e-40, 1e-30, -3.0, 3.0, 5.5, -5.5, 10.0, -10.0,
            88.0, -88.0, 1e20, -1e20]


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def _normal(r):
    """About N(0, 1) from uniforms only (Irwin-Hall), added in order: no libm call and no sum()
    (compensated since Python 3.12), so every Python, Pyodide's too, makes the same float64 values."""
    total = -6.0
    for _ in range(12):
        total += r.random()
    return total


def make_values(seed, n, kind, dtype="float32"):
    """n values from random.Random(seed), rounded to dtype: the same list in every Python."""
    r = random.Random(seed)
    if kind == "mixed":  # GELU's inputs: mostly N(0, 3^2), some tiny, huge or special
        def one():
            u = r.random()
            if u < 0.7:
                return 3.0 * _normal(r)
            if u < 0.8:
                return 1e-4 * _normal(r)
            if u < 0.95:
                return r.choice((-1, 1)) * r.uniform(4.0, 40.0)
            return r.choice(SPECIALS)
        values = [one() for _ in range(n)]
    elif kind == "normal":
        values = [_normal(r) for _ in range(n)]
    elif kind == "rows":  # layer norm's rows: each its own scale and offset
        scale, offset = 2.0 ** r.randint(-10, 10), r.uniform(-300.0, 300.0) * r.random()
        values = [offset + scale * _normal(r) for _ in range(n)]
    else:
        raise ValueError(kind)
    return [f32(v) for v in values] if dtype == "float32" else values


def to_hex(values, dtype="float32"):
    """Bit patterns, every NaN written as the quiet NaN."""
    if dtype == "float32":
        return " ".join("7fc00000" if v != v else "%08x" % struct.unpack("<I", struct.pack("<f", v))[0]
                        for v in values)
    return " ".join("7ff8000000000000" if v != v else "%016x" % struct.unpack("<Q", struct.pack("<d", v))[0]
                    for v in values)


def record(values, dtype="float32"):
    text = to_hex(values, dtype)
    if len(values) <= DIGEST_LIMIT:
        return text
    return {"sha256": hashlib.sha256(text.encode()).hexdigest(), "n": len(values)}


def gelu_input(torch, case):
    """The case's input tensor: a view of its values as the case's layout says."""
    n, layout, shape = case["n"], case["layout"], case["shape"]
    base = torch.tensor(make_values(case["seed"], n, "mixed"))
    if layout == "contiguous":
        return base.view(shape)
    if layout == "scalar":
        return base[0]
    if layout == "step":
        return base[::2]
    if layout == "slice":  # rows of a wider matrix
        rows, cols = shape
        return base.view(rows, -1)[:, :cols]
    raise ValueError(layout)


def layer_norm_inputs(torch, case):
    dtype = getattr(torch, case["dtype"])
    shape, inner = case["shape"], math.prod(case["normalized_shape"])
    rows = math.prod(shape) // inner
    x = torch.tensor([v for i in range(rows) for v in make_values(case["seed"] + i, inner, "rows", case["dtype"])],
                     dtype=dtype).view(shape)
    params = [torch.tensor(make_values(case["seed"] + 1000 + k, inner, "normal", case["dtype"]),
                           dtype=dtype).view(case["normalized_shape"]) if case[name] else None
              for k, name in enumerate(("weight", "bias"))]
    return x, params


def seeded_like(torch, t, seed):
    return torch.tensor(make_values(seed, t.numel(), "normal", str(t.dtype)[6:]), dtype=t.dtype).view(t.shape)


def flat(t):
    return t.detach().reshape(-1).tolist()


def dual_tangent(torch, f, primals, tangents):
    """f's tangent by forward-mode AD proper (make_dual), outside torch.func: PyTorch's formulas
    then take their in-place branches, whose order of roundings differs from torch.func.jvp's."""
    import torch.autograd.forward_ad as fwAD
    with fwAD.dual_level():
        out = f(*(fwAD.make_dual(p.detach(), t) for p, t in zip(primals, tangents)))
        return fwAD.unpack_dual(out).tangent


def gelu_cases(torch, r):
    cases = []
    sizes = [1, 2, 3, 17, 31, 32, 33, 40, 63, 64, 65, 100, 1000, 16384, 16385, 20000, 40001, 70000]
    for n in sizes:
        for approximate in ("none", "tanh"):
            layouts = ["contiguous", "step"] + (["scalar"] if n == 1 else []) + (["slice"] if n in (100, 1000) else [])
            for layout in layouts:
                shape = {"contiguous": [n], "step": [n // 2 or 1], "scalar": [],
                         "slice": [10, n // 10 - 3]}[layout]
                cases.append(dict(op="gelu", approximate=approximate, seed=r.randrange(1 << 30), n=n, layout=layout,
                                  shape=shape))
    cases.append(dict(op="gelu", approximate="none", seed=r.randrange(1 << 30), n=60, layout="contiguous",
                      shape=[3, 4, 5]))
    F = torch.nn.functional
    for case in cases:
        x = gelu_input(torch, case).detach().requires_grad_()
        y = F.gelu(x, approximate=case["approximate"])
        g = seeded_like(torch, y, case["seed"] + 1)
        t = seeded_like(torch, x, case["seed"] + 2)
        grad, = torch.autograd.grad(y, x, g)
        _, tangent = torch.func.jvp(lambda v: F.gelu(v, approximate=case["approximate"]), (x.detach(),), (t,))
        case.update(out=record(flat(y)), grad=record(flat(grad)), tangent=record(flat(tangent)))
    return cases


def layer_norm_cases(torch, r):
    cases = []
    shapes = [([m, n], [n]) for n in (1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 64, 100, 127, 128, 129, 255, 256, 257, 1000,
                                      2049) for m in (1, 3)]
    shapes += [([5, 33], [33]), ([2, 3, 4, 5], [4, 5]), ([2, 3, 4, 5], [3, 4, 5]), ([4, 6, 10], [6, 10]),
               ([7, 2, 50], [50]), ([2, 130, 3], [130, 3])]
    for shape, normalized_shape in shapes:
        for weight, bias in ((False, False), (True, False), (False, True), (True, True)):
            for dtype in ("float32", "float64") if shape[-1] in (3, 17, 100, 257) else ("float32",):
                cases.append(dict(op="layer_norm", shape=shape, normalized_shape=normalized_shape, weight=weight,
                                  bias=bias, eps=r.choice((1e-5, 1e-5, 1e-6, 0.1)), dtype=dtype,
                                  seed=r.randrange(1 << 30)))
    F = torch.nn.functional
    for case in cases:
        x, params = layer_norm_inputs(torch, case)
        leaves = [v.requires_grad_() for v in [x] + params if v is not None]
        y = F.layer_norm(x, case["normalized_shape"], *params, eps=case["eps"])
        g = seeded_like(torch, y, case["seed"] + 7)
        grads = torch.autograd.grad(y, leaves, g)
        tangents = [seeded_like(torch, v, case["seed"] + 8 + k) for k, v in enumerate(leaves)]

        def f(*args):
            it = iter(args)
            return F.layer_norm(next(it), case["normalized_shape"], *[next(it) if p is not None else None for p in params],
                                eps=case["eps"])
        _, tangent = torch.func.jvp(f, tuple(v.detach() for v in leaves), tuple(tangents))
        case.update(out=record(flat(y), case["dtype"]), grads=[record(flat(v), case["dtype"]) for v in grads],
                    tangent=record(flat(tangent), case["dtype"]),
                    dual_tangent=record(flat(dual_tangent(torch, f, leaves, tangents)), case["dtype"]))
    return cases


def main():
    import torch
    assert torch.__version__.startswith("2.13"), torch.__version__
    assert torch.get_num_threads() == 2 and torch.backends.cpu.get_cpu_capability() == "AVX512"
    r = random.Random(31)
    cases = gelu_cases(torch, r) + layer_norm_cases(torch, r)
    meta = {"torch": torch.__version__, "threads": torch.get_num_threads(),
            "cpu_capability": torch.backends.cpu.get_cpu_capability()}
    GOLDEN.write_text(json.dumps({"meta": meta, "cases": cases}, separators=(",", ":")))
    print(f"{len(cases)} cases, {GOLDEN.stat().st_size / 1e6:.2f} MB -> {GOLDEN}", file=sys.stderr)


if __name__ == "__main__":
    main()
