"""Write tests/golden/random.json: seeded random streams recorded from real PyTorch.

Run with the venv that has real torch (never with pyengine on sys.path):
    .venv/bin/python tests/gen/gen_random.py

Each case replays a list of steps on one generator (the global default one, or a
torch.Generator passed as generator=) and records what torch produced. Floats are stored
as their IEEE bit patterns in hex (8 digits per float32, 16 per float64, 4 per float16),
so tests/test_random_parity.py compares bit for bit.
"""
import hashlib
import json
import math
import os
import random
import struct
import warnings

import torch
import torch.nn.functional as F

OUT = os.path.join(os.path.dirname(__file__), "..", "golden", "random.json")
DTYPES = {name: getattr(torch, name) for name in
          ("float16", "float32", "float64", "int64", "int32", "int16", "int8", "uint8", "bool")}
HEX_FORMAT = {"float16": "e", "float32": "f", "float64": "d"}


def encode(values, dtype_name):
    """Floats as concatenated big-endian hex bit patterns; integers and bools as a list."""
    if dtype_name in HEX_FORMAT:
        code = HEX_FORMAT[dtype_name]
        return struct.pack(f">{len(values)}{code}", *values).hex()
    return [int(v) for v in values]


def decode_floats(text, dtype_name):
    code = HEX_FORMAT[dtype_name]
    width = struct.calcsize(code)
    return list(struct.unpack(f">{len(text) // (2 * width)}{code}", bytes.fromhex(text)))


def state_digest(state_bytes):
    """Position and spare fields in clear, plus a hash of all 5056 bytes."""
    return {"head": state_bytes[:24].hex(), "tail": state_bytes[5016:].hex(),
            "sha256": hashlib.sha256(state_bytes).hexdigest()}


class Runner:
    def __init__(self, explicit):
        self.g = torch.Generator() if explicit else None
        self.saved = None

    def kw(self):
        return {"generator": self.g} if self.g is not None else {}

    def get_state(self):
        return (self.g.get_state() if self.g is not None else torch.get_rng_state()).numpy().tobytes()

    def set_state(self, data):
        state = torch.tensor(list(data), dtype=torch.uint8)
        if self.g is not None:
            self.g.set_state(state)
        else:
            torch.set_rng_state(state)

    def run(self, step):
        op, *args = step
        kw = self.kw()
        if op == "seed":
            (self.g.manual_seed if self.g is not None else torch.manual_seed)(args[0])
            return str(self.g.initial_seed() if self.g is not None else torch.initial_seed())
        if op == "initial_seed":
            return str(self.g.initial_seed() if self.g is not None else torch.initial_seed())
        if op == "state":
            return state_digest(self.get_state())
        if op == "save":
            self.saved = self.get_state()
            return None
        if op == "restore":
            self.set_state(self.saved)
            return None
        if op == "load_state":
            self.set_state(bytes.fromhex(args[0]))
            return None
        if op == "uniform":
            n, dt, low, high = args
            if (low, high) == (0.0, 1.0):
                t = torch.rand(n, dtype=DTYPES[dt], **kw)
            else:
                t = torch.empty(n, dtype=DTYPES[dt]).uniform_(low, high, **kw)
            return encode(t.tolist(), dt)
        if op == "normal":
            n, dt, mean, std = args
            if (mean, std) == (0.0, 1.0):
                t = torch.randn(n, dtype=DTYPES[dt], **kw)
            else:
                t = torch.normal(mean, std, size=(n,), dtype=DTYPES[dt], **kw)
            return encode(t.tolist(), dt)
        if op == "normal_transposed":
            rows, cols, dt, mean, std = args
            base = torch.empty(rows, cols, dtype=DTYPES[dt])
            base.t().normal_(mean, std, **kw)  # a non-contiguous view: the scalar sampler
            return encode(base.flatten().tolist(), dt)
        if op == "randint":
            n, low, high, dt = args
            return encode(torch.randint(low, high, (n,), dtype=DTYPES[dt], **kw).tolist(), dt)
        if op == "random_":
            n, dt = args
            return encode(torch.empty(n, dtype=DTYPES[dt]).random_(**kw).tolist(), dt)
        if op == "random_range":  # Tensor.random_(to), random_(from, to), random_(from, None)
            n, low, high, dt = args
            t = torch.empty(n, dtype=DTYPES[dt])
            t.random_(high, **kw) if low is None else t.random_(low, high, **kw)
            return encode(t.tolist(), dt)
        if op == "bernoulli_into":  # t.bernoulli_(P) with t's dtype differing from P's
            probs_hex, p_dt, dt = args
            probs = torch.tensor(decode_floats(probs_hex, p_dt), dtype=DTYPES[p_dt])
            return encode(torch.empty(len(probs), dtype=DTYPES[dt]).bernoulli_(probs, **kw).tolist(), dt)
        if op == "randperm":
            n, dt = args
            return encode(torch.randperm(n, dtype=DTYPES[dt], **kw).tolist(), dt)
        if op == "bernoulli":
            n, p, dt = args
            return encode(torch.empty(n, dtype=DTYPES[dt]).bernoulli_(p, **kw).tolist(), dt)
        if op == "bernoulli_probs":
            probs_hex, dt = args
            probs = torch.tensor(decode_floats(probs_hex, dt), dtype=DTYPES[dt])
            return encode(torch.bernoulli(probs, **kw).tolist(), dt)
        if op == "exponential":
            n, dt, lambd = args
            return encode(torch.empty(n, dtype=DTYPES[dt]).exponential_(lambd, **kw).tolist(), dt)
        if op == "cauchy":
            n, dt, median, sigma = args
            return encode(torch.empty(n, dtype=DTYPES[dt]).cauchy_(median, sigma, **kw).tolist(), dt)
        if op == "multinomial":
            probs_hex, rows, k, replacement, dt = args
            probs = torch.tensor(decode_floats(probs_hex, dt), dtype=DTYPES[dt])
            if rows > 1:
                probs = probs.view(rows, -1)
            return torch.multinomial(probs, k, replacement, **kw).flatten().tolist()
        if op == "dropout":  # F.dropout always uses the default generator
            n, p, dt = args
            return encode(F.dropout(torch.ones(n, dtype=DTYPES[dt]), p, True).tolist(), dt)
        raise ValueError(op)


def probs_hex(rng, count, dt):
    values = [rng.choice([rng.random(), rng.random() * 10, 0.5 + rng.random()]) for _ in range(count)]
    return encode(torch.tensor(values, dtype=DTYPES[dt]).tolist(), dt)


def linear_bounds(fan_in):
    gain = math.sqrt(2.0 / (1 + math.sqrt(5) ** 2))
    return math.sqrt(3.0) * (gain / math.sqrt(fan_in)), 1 / math.sqrt(fan_in)


def random_step(rng, explicit):
    """One step with random parameters, covering every sampler."""
    kinds = ["uniform", "uniform", "normal", "normal", "normal", "normal_transposed", "randint",
             "random_", "randperm", "bernoulli", "bernoulli_probs", "exponential", "multinomial",
             "state"]
    if not explicit:
        kinds.append("dropout")
    kind = rng.choice(kinds)
    size = rng.choice([1, 2, 3, 5, 8, 15, 16, 17, 20, 31, 32, 33, 47, 48, 64, 100, rng.randint(1, 300)])
    fdt = rng.choice(["float32", "float32", "float64"])
    if kind == "uniform":
        low, high = rng.choice([(0.0, 1.0), (-1.0, 1.0), (-0.3, 0.7), (2.5, 2.5000002),
                                (-1e3, 1e-3), (rng.uniform(-5, 5), rng.uniform(5, 9))])
        return ["uniform", size, fdt, low, high]
    if kind == "normal":
        mean, std = rng.choice([(0.0, 1.0), (0.0, 1.0), (1.5, 0.1), (-3.0, 2.0),
                                (rng.uniform(-2, 2), rng.uniform(0.01, 3))])
        return ["normal", size, fdt, mean, std]
    if kind == "normal_transposed":
        return ["normal_transposed", rng.randint(1, 6), rng.randint(2, 6), fdt,
                *rng.choice([(0.0, 1.0), (0.5, 2.0)])]
    if kind == "randint":
        low, high = rng.choice([(0, 10), (0, 2), (-5, 5), (0, 2 ** 28 - 1), (0, 2 ** 28),
                                (3, 2 ** 28 + 3), (0, 2 ** 31), (-2 ** 40, 2 ** 40),
                                (-2 ** 63, 2 ** 63 - 1), (100, 1000)])
        dt = "int64" if high - low > 2 ** 31 else rng.choice(["int64", "int64", "int32", "float32"])
        return ["randint", size, low, high, dt]
    if kind == "random_":
        return ["random_", size, rng.choice(list(DTYPES))]
    if kind == "randperm":
        return ["randperm", rng.choice([0, 1, 2, 3, 10, size, 1000]), rng.choice(["int64", "int32"])]
    if kind == "bernoulli":
        return ["bernoulli", size, rng.choice([0.5, 0.1, 0.9, rng.random()]),
                rng.choice(["float32", "float64", "int64"])]
    if kind == "bernoulli_probs":
        dt = rng.choice(["float32", "float64"])
        values = [rng.choice([rng.random(), 0.0, 1.0, 0.5]) for _ in range(size)]
        return ["bernoulli_probs", encode(torch.tensor(values, dtype=DTYPES[dt]).tolist(), dt), dt]
    if kind == "exponential":
        return ["exponential", size, fdt, rng.choice([1.0, 0.5, 3.0, rng.uniform(0.1, 10)])]
    if kind == "multinomial":
        dt = rng.choice(["float32", "float64"])
        rows, ncat = rng.choice([1, 1, 2, 3]), rng.randint(2, 12)
        replacement = rng.random() < 0.5
        k = rng.randint(1, 20) if replacement else rng.randint(1, ncat)
        return ["multinomial", probs_hex(rng, rows * ncat, dt), rows, k, replacement, dt]
    if kind == "dropout":
        return ["dropout", size, rng.choice([0.0, 0.1, 0.2, 0.5, 0.8, 1.0, rng.random()]), fdt]
    return ["state"]


def fixed_cases():
    cases = []
    seeds = [0, 1, 7, 42, 1234, 2 ** 31 - 1, 2 ** 32 + 7, 123456789, -1, 2 ** 64 - 1, 67280421310721]
    for seed in seeds:
        w, b = linear_bounds(3)
        cases.append({"label": f"tour seed {seed}", "explicit": False, "steps": [
            ["seed", seed], ["state"], ["uniform", 5, "float32", 0.0, 1.0],
            ["uniform", 3, "float64", 0.0, 1.0], ["normal", 5, "float32", 0.0, 1.0],
            ["normal", 3, "float64", 0.0, 1.0], ["state"], ["normal", 20, "float32", 0.0, 1.0],
            ["normal", 20, "float64", 0.0, 1.0], ["randint", 8, 0, 10, "int64"],
            ["randperm", 10, "int64"], ["uniform", 6, "float32", -w, w],
            ["uniform", 2, "float32", -b, b], ["bernoulli", 8, 0.5, "float32"],
            ["multinomial", encode([.1, .2, .3, .4], "float32"), 1, 5, True, "float32"],
            ["multinomial", encode([.1, .2, .3, .4], "float32"), 1, 2, False, "float32"],
            ["state"]]})
    for n in (15, 16, 17, 31, 32, 33, 100, 1000):
        for dt in ("float32", "float64"):
            cases.append({"label": f"randn({n}) {dt}", "explicit": False, "steps": [
                ["seed", n], ["normal", n, dt, 0.0, 1.0], ["state"], ["normal", 3, dt, 0.0, 1.0],
                ["normal", n, dt, 0.5, 2.0], ["uniform", 2, "float32", 0.0, 1.0]]})
    for count in (623, 624, 625, 1247, 1248, 1249):  # around the twist of each 624-word block
        cases.append({"label": f"state after {count} words", "explicit": True, "steps": [
            ["seed", 3], ["uniform", count, "float32", 0.0, 1.0], ["state"],
            ["uniform", 2, "float32", 0.0, 1.0], ["state"]]})
    cases.append({"label": "fresh Generator()", "explicit": True, "steps": [
        ["initial_seed"], ["state"], ["uniform", 4, "float32", 0.0, 1.0], ["normal", 3, "float64", 0.0, 1.0]]})
    cases.append({"label": "spare survives save/restore", "explicit": False, "steps": [
        ["seed", 11], ["normal", 1, "float32", 0.0, 1.0], ["save"], ["state"],
        ["normal", 5, "float64", 0.0, 1.0], ["restore"], ["normal", 5, "float64", 0.0, 1.0],
        ["seed", 12], ["restore"], ["state"], ["uniform", 700, "float32", 0.0, 1.0], ["save"],
        ["randperm", 50, "int64"], ["restore"], ["randperm", 50, "int64"], ["state"]]})
    cases.append({"label": "dropout edge cases draw nothing", "explicit": False, "steps": [
        ["seed", 5], ["dropout", 10, 0.0, "float32"], ["dropout", 10, 1.0, "float32"], ["state"],
        ["dropout", 40, 0.5, "float32"], ["dropout", 7, 0.3, "float64"], ["state"]]})
    cases.append({"label": "float16 samplers", "explicit": False, "steps": [
        ["seed", 0], ["uniform", 6, "float16", 0.0, 1.0], ["uniform", 40, "float16", -1.0, 1.0],
        ["uniform", 40, "float16", -0.37, 3.3], ["normal", 5, "float16", 0.0, 1.0],
        ["random_", 9, "float16"], ["randint", 9, 0, 100, "float16"],
        ["exponential", 5, "float16", 1.0], ["state"]]})
    cases.append({"label": "random_ with bounds", "explicit": True, "steps": [
        ["seed", 8], ["random_range", 6, None, 10, "int16"], ["random_range", 6, -3, 7, "float32"],
        ["random_range", 6, 0, 2 ** 25, "float32"], ["random_range", 6, -2 ** 25 - 1, 0, "float32"],
        ["random_range", 6, -2 ** 54 - 1, 2 ** 54 + 3, "float64"]]
        + [["random_range", 6, low, None, dt] for dt in ("int64", "int32", "int8", "uint8", "bool",
                                                          "float32", "float64", "float16")
           for low in {"uint8": (0, 5), "bool": (0, 1), "float32": (-7, 5, -2 ** 25 - 1)}.get(dt, (-7, 5))]
        + [["random_range", 6, -2 ** 63, None, dt] for dt in ("int64", "float32", "float64")]
        + [["state"]]})
    probs = encode([0.0, 0.25, 0.5, 0.75, 1.0, 0.1, 0.9, 0.33], "float32")
    cases.append({"label": "bernoulli_ into another dtype", "explicit": True, "steps": [
        ["seed", 9], ["bernoulli_into", probs, "float32", "float64"],
        ["bernoulli_into", encode([0.5, 0.2, 0.7], "float64"), "float64", "int64"],
        ["bernoulli_into", probs, "float32", "bool"], ["state"]]})
    cases.append({"label": "cauchy_", "explicit": True, "steps": [
        ["seed", 13], ["cauchy", 40, "float32", 0.0, 1.0], ["cauchy", 17, "float64", 1.5, 0.25],
        ["cauchy", 9, "float16", -2.0, 3.0], ["state"], ["uniform", 3, "float32", 0.0, 1.0]]})
    return cases


def load_state_case():
    """A state saved by torch mid-block with a pending spare, loaded into a fresh generator."""
    torch.manual_seed(99)
    torch.rand(333)
    torch.randn(1)
    data = torch.get_rng_state().numpy().tobytes()
    return {"label": "load a state torch saved", "explicit": True, "steps": [
        ["load_state", data.hex()], ["state"], ["initial_seed"], ["normal", 3, "float64", 0.0, 1.0],
        ["uniform", 300, "float32", 0.0, 1.0], ["state"]]}


def main():
    # randint/random_ with float dtypes beyond 2**24 warn about precision; that is the point
    warnings.filterwarnings("ignore", category=UserWarning)
    rng = random.Random(20240613)
    cases = fixed_cases()
    cases.append(load_state_case())
    for i in range(260):
        explicit = rng.random() < 0.3
        seed = rng.choice([rng.randrange(1000), rng.randrange(2 ** 64), -rng.randrange(2 ** 63)])
        steps = [["seed", seed]]
        for _ in range(rng.randint(2, 6)):
            steps.append(random_step(rng, explicit))
            if rng.random() < 0.1:
                steps.append(["seed", rng.randrange(2 ** 32)])
        steps.append(["state"])
        cases.append({"label": f"random {i}", "explicit": explicit, "steps": steps})
    for case in cases:
        runner = Runner(case["explicit"])
        case["expected"] = [runner.run(step) for step in case["steps"]]
    with open(OUT, "w") as f:
        json.dump({"torch": torch.__version__, "cases": cases}, f, separators=(",", ":"))
        f.write("\n")
    print(f"wrote {len(cases)} cases, {sum(len(c['steps']) for c in cases)} steps to {OUT}")


if __name__ == "__main__":
    main()
