"""The API audit: real PyTorch's public names, each marked implemented / missing / unsupported
in our engine, written to pyengine/API.md.

    .venv/bin/python tools/api_audit.py --reference   # re-read real PyTorch (needs torch 2.13)
    .venv/bin/python tools/api_audit.py               # rewrite pyengine/API.md from the reference
    .venv/bin/python tools/api_audit.py --check       # exit 1 if pyengine/API.md is not current

--reference walks each namespace of real PyTorch (``__all__`` where it has one, else the public
attributes), takes each callable's signature (``inspect.signature``; for C builtins the first
line of the docstring, which PyTorch writes as a signature) and stores them in
tools/torch_api.json. The table itself needs only that file and our engine (imported in a
subprocess with pyengine/ first on sys.path), so tests/test_api_audit.py runs without torch.
"""
import json
import os
import re
import subprocess
import sys

from generated_file import write_or_check  # tools/ is on sys.path: run as a script or by the tests' loader

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REFERENCE = os.path.join(ROOT, "tools", "torch_api.json")
TABLE = os.path.join(ROOT, "pyengine", "API.md")
ENGINE = os.path.join(ROOT, "pyengine")

NAMESPACES = ["torch", "torch.Tensor", "torch.nn", "torch.nn.Module", "torch.nn.functional", "torch.nn.init",
              "torch.nn.utils", "torch.optim", "torch.optim.lr_scheduler", "torch.utils.data", "torch.distributions",
              "torch.linalg", "torch.autograd", "torch.autograd.forward_ad", "torch.autograd.function",
              "torch.autograd.functional", "torch.autograd.grad_mode", "torch.autograd.anomaly_mode",
              "torch.autograd.gradcheck", "torch.autograd.graph", "torch.autograd.profiler", "torch.profiler",
              "torch.func", "torch.utils.checkpoint", "torch.utils.hooks", "torch.overrides", "torch.functional",
              "torch.special", "torch.random"]
CLASSES = ("torch.Tensor", "torch.nn.Module")  # namespaces that are classes: their public attributes

# Features the engine deliberately leaves out (it is CPU-only, eager, dense, float/int/bool):
# names matching one are "unsupported", the rest of what is absent is "missing".
UNSUPPORTED = [
    ("TorchScript and C++ internals", r"^C\+\+ class$"),  # matched against the defining module, see below
    ("low-precision and bit dtypes", r"^(bits\d|float8|float4|int[1-7]$|uint([1-7]|16|32|64)$|bfloat16)"),
    ("functionalization and symbolic-shape internals", r"_copy$|^sym_|^native_|autocast|^unsafe_|_stats|_elemt|"
                                                       r"_backward|_scatter$|^Sym"),
    ("CUDA and other devices", r"cuda|cudnn|miopen|mps|xpu|mtia|hip|^ipu$|pin_memory|is_pinned|share_memory|"
                               r"_device_|accelerator_|^device_|stream|Stream|Event|use_deterministic"),
    ("sparse tensors", r"sparse|_coo|csr|csc|bsr|bsc|to_dense|coalesce|indices$|values$|crow|ccol|row_indices"),
    ("quantization", r"quant|qint|quint|q_scale|q_zero|q_per|int_repr|fake_quant|fbgemm|dequantize"),
    ("compilation and export", r"compile|jit|script|trace|export|fx|onnx|dynamo|inductor|activation_memory_budget|"
                               r"compiled_with|cond$|while_loop|^fork$|^wait$|_ir$|_ir_|^parse_|type_comment|"
                               r"^unify_type|^import_ir"),
    ("distributed", r"distributed|rpc|DistributedDataParallel|DataParallel|parallel|ProcessGroup"),
    ("complex numbers", r"complex|conj|real$|imag|angle|polar|view_as_real|chalf|cfloat|cdouble|is_neg|"
                        r"^eig$|^eigvals$"),
    ("storage, memory and C internals", r"[Ss]torage|data_ptr|memory_format|^_|mkldnn|nested|NestedTensor|"
                                        r"dlpack|from_file|frombuffer|map_|record_stream|untyped|"
                                        r"set_$|resize_as_|pinverse_|module_load|element_size|nbytes|itemsize"),
    ("named tensors", r"names$|rename|refine_names|align_to|align_as|unflatten_dense"),
    ("gradcheck's deprecated private helpers", r"^get_(numerical|analytical)_jacobian"),
]

MODULE_UNSUPPORTED = "torch.compile, torch.jit, torch.distributed, torch.sparse, torch.quantization"


def public_names(module_name):
    import importlib
    import inspect
    if module_name in CLASSES:
        module, _, cls = module_name.rpartition(".")
        owner = getattr(importlib.import_module(module), cls)
        names = [n for n in dir(owner) if not n.startswith("_")]
    else:
        owner = importlib.import_module(module_name)
        names = list(getattr(owner, "__all__", None) or [n for n in dir(owner) if not n.startswith("_")])
    result = {}
    for name in sorted(set(names)):
        obj = getattr(owner, name, None)
        if obj is None or inspect.ismodule(obj) or isinstance(obj, (int, float, str, bool, dict, list, tuple)):
            continue
        internal = inspect.isclass(obj) and (getattr(obj, "__module__", "") or "").startswith(("torch._C", "torch.jit"))
        # pybind11 classes of TorchScript's IR (torch.Graph, torch.Node ...) and their enum values (torch.AVG)
        internal = internal or type(obj).__name__ == "pybind11_type" or type(type(obj)).__name__ == "pybind11_type"
        result[name] = "C++ class" if internal else signature_of(obj, name)
    return result


def signature_of(obj, name):
    import inspect
    try:
        return re.sub(r" at 0x[0-9a-f]+", "", str(inspect.signature(obj)))  # default values' addresses vary per run
    except (TypeError, ValueError):
        pass
    doc = getattr(obj, "__doc__", None)
    doc = doc.strip().splitlines() if isinstance(doc, str) else []
    first = doc[0].strip() if doc else ""
    match = re.match(r"^(?:torch\.|Tensor\.)?" + re.escape(name) + r"(\(.*\))", first)
    return match.group(1).split(" -> ")[0] if match else ""


def write_reference():
    import torch
    reference = {"torch": torch.__version__, "namespaces": {ns: public_names(ns) for ns in NAMESPACES}}
    with open(REFERENCE, "w", encoding="utf-8") as f:
        json.dump(reference, f, indent=0, sort_keys=True)
        f.write("\n")
    print(f"wrote {REFERENCE}: " + ", ".join(f"{ns} {len(v)}" for ns, v in reference["namespaces"].items()))


ENGINE_PROBE = r"""
import importlib, inspect, json, re, sys
import torch
wanted = json.load(sys.stdin)
found, refused = {}, {}
for ns, names in wanted.items():
    found[ns], refused[ns] = {}, {}
    try:
        if ns in ("torch.Tensor", "torch.nn.Module"):
            module, _, cls = ns.rpartition(".")
            owner = getattr(importlib.import_module(module), cls)
        else:
            owner = importlib.import_module(ns)
    except Exception:
        continue
    for name in names:
        try:
            obj = getattr(owner, name)
        except Exception as error:
            feature = re.search(r" is not supported \((.+)\): ", str(error))
            if feature:
                refused[ns][name] = feature.group(1)
            continue
        try:
            params = inspect.signature(obj).parameters
            extra = list(getattr(obj, "extra_keywords", ()))  # out= and aliases a keyword-parity wrapper adds
            found[ns][name] = None if any(p.kind is p.VAR_KEYWORD for p in params.values()) else list(params) + extra
        except (TypeError, ValueError):
            found[ns][name] = None
json.dump({"found": found, "refused": refused}, sys.stdout)
"""


def engine_names(reference):
    """{"found": {ns: {name: its keywords, or None}}, "refused": {ns: {name: the feature its error names}}}"""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYENGINE_")}
    env["PYTHONPATH"] = ENGINE
    wanted = {ns: sorted(names) for ns, names in reference["namespaces"].items()}
    out = subprocess.run([sys.executable, "-c", ENGINE_PROBE], input=json.dumps(wanted), env=env,
                         capture_output=True, text=True, check=True, cwd=ROOT).stdout
    return json.loads(out)


def keywords(signature):
    """The keyword names a PyTorch signature text offers (its parameters but *args/**kwargs)."""
    inner = signature[1:signature.rfind(")")] if signature.startswith("(") else ""
    names = []
    for part in re.split(r",\s*(?![^\[\(]*[\]\)])", inner):
        part = part.strip()
        if not part or part in ("*", "/") or part.startswith("*"):
            continue
        token = part.split("=")[0].strip().split(":")[0].strip().split()[-1]
        if token.isidentifier():
            names.append(token)
    return names


def unsupported_reason(name):
    """The feature a name belongs to, if the engine leaves that feature out; None otherwise.
    (A class of torch._C/torch.jit comes here as the text "C++ class".)"""
    for feature, pattern in UNSUPPORTED:
        if re.search(pattern, name):
            return feature
    return None


def classify(reference, engine):
    rows = {}
    for ns, names in reference["namespaces"].items():
        rows[ns] = []
        for name, signature in sorted(names.items()):
            if name in engine["found"].get(ns, {}):
                params = engine["found"][ns][name]
                lacking = [k for k in keywords(signature) if params is not None and k not in params
                           and k not in ("self", "input")]
                status = "implemented" + (f" (not: {', '.join(lacking)})" if lacking else "")
            else:
                reason = unsupported_reason(signature) if signature == "C++ class" else unsupported_reason(name)
                reason = reason or engine["refused"].get(ns, {}).get(name)  # the engine's own error names it
                status = f"unsupported: {reason}" if reason else "missing"
            rows[ns].append((name, signature, status))
    return rows


def render(reference, rows):
    lines = [
        "# API audit: real PyTorch's public names in our engine",
        "",
        f"Generated by `tools/api_audit.py` from PyTorch {reference['torch']} (`tools/torch_api.json`); "
        "`tests/test_api_audit.py` fails when this file is not current. Do not edit by hand.",
        "",
        "*implemented*: the name exists in `pyengine/torch` (a note lists keywords of PyTorch's signature "
        "the engine's does not take); *unsupported*: a feature the engine leaves out on purpose (CPU-only, "
        "eager, dense, real numbers); *missing*: not there yet.",
        "",
        "| namespace | names | implemented | missing | unsupported |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for ns, entries in rows.items():
        counts = [sum(1 for e in entries if e[2].startswith(s)) for s in ("implemented", "missing", "unsupported")]
        lines.append(f"| `{ns}` | {len(entries)} | {counts[0]} | {counts[1]} | {counts[2]} |")
    for ns, entries in rows.items():
        lines += ["", f"## `{ns}`", "", "| name | PyTorch signature | status |", "| --- | --- | --- |"]
        for name, signature, status in entries:
            shown = signature.replace("|", "\\|")
            shown = shown if len(shown) <= 90 else shown[:87] + "..."
            lines.append(f"| `{name}` | `{shown}` | {status} |" if shown else f"| `{name}` |  | {status} |")
    return "\n".join(lines) + "\n"


def current_table():
    with open(REFERENCE, encoding="utf-8") as f:
        reference = json.load(f)
    return render(reference, classify(reference, engine_names(reference)))


def main(argv):
    if "--reference" in argv:
        write_reference()
        return 0
    return write_or_check(TABLE, current_table(), argv, "tools/api_audit.py")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
