"""The engine's modules import downwards only, through fixed layers:

    leaves -> backend -> aten kernels -> tensor (with autograd's graph and recording)
           -> ops -> autograd (Function, gradcheck ...) -> nn, optim ... -> the package root

Within a layer the modules have a fixed order too (in ops: shared helpers lowest). A module may
import from lower modules only, at its top or inside a function, and never from the package
root (``import torch``, ``from .. import zeros``): it imports each name from the module that
defines it (``from .._ops.creation import zeros``). Lower modules reach higher ones only through
the Tensor methods that the higher ones bind (``grad.sum_to_size(...)``), as PyTorch's formulas
call ATen. The package root imports everything else and is imported by nothing inside it, so
``torch.nn`` and the rest can load on first use.

No modules import each other in a circle, counting every import (top-level or inside a function)
and the package ``__init__`` that Python runs before a module of another package: a package's
``__init__`` imports no layer above the modules that others import from it."""
import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "pyengine"

# (layer, modules in their order); a module of a package is listed by its dotted name,
# a whole package by name + ".*"
LAYERS = [
    ("leaves", ["torch._float32", "torch._libm_data", "torch._libm", "torch._caller", "torch._process", "torch._dtype", "torch._size",
                "torch._device", "torch.return_types", "torch._unsupported"]),
    ("backend", ["torch._backend.kernels", "torch._aten._common", "torch._aten._libm32", "torch._backend.python",
                 "torch._backend.numpy", "torch._backend"]),
    ("aten", ["torch._aten", "torch._aten._dispatch", "torch._aten.special", "torch._aten.reduce",
              "torch._aten.linalg", "torch._aten.loss", "torch._aten.conv", "torch._aten.pool", "torch._aten.upsample",
              "torch._aten.norm", "torch._aten.embedding", "torch._aten.*"]),
    ("tensor", ["torch.autograd.grad_mode", "torch.autograd.graph", "torch.autograd.hooks", "torch._tensor_str",
                "torch._torch_function", "torch._tensor", "torch.autograd.dual", "torch.autograd.derivatives"]),
    ("ops", ["torch._ops", "torch._ops._helpers", "torch.autograd.inplace", "torch._ops.creation", "torch._ops.copy", "torch._ops.shape",
             "torch._ops.indexing", "torch._ops.joining", "torch._ops.pointwise", "torch._ops.reduction",
             "torch._ops.sorting", "torch._ops.softmax", "torch._ops.linalg", "torch._ops.histogram",
             "torch._ops.gamma", "torch._ops.linalg_solve", "torch._ops.decompositions", "torch._ops.pointwise_more", "torch._ops.scatter_reduce", "torch._ops.linalg_decompositions", "torch._ops.linalg_lu", "torch._ops.linalg_householder", "torch._ops.spectral", "torch._ops.*",
             "torch._random", "torch._random_ops", "torch._ops.sampling", "torch._arg_parser", "torch._methods",
             "torch.special", "torch.linalg", "torch.random"]),
    ("autograd", ["torch._dispatch", "torch.autograd.forward_ad", "torch.autograd.function", "torch._lobpcg", "torch._lowrank",
                  "torch.autograd.variable", "torch.autograd.gradcheck", "torch.autograd.functional",
                  "torch.autograd.anomaly_mode", "torch.autograd", "torch.autograd.*", "torch.utils", "torch.utils.hooks"]),
    ("api", ["torch.nn.*", "torch.nn", "torch.optim.*", "torch.optim", "torch.distributions.*",
             "torch.distributions", "torch.utils.*", "torch.cuda", "torch.accelerator",
             "torch.backends.*", "torch.backends", "torch.amp.*", "torch.amp", "torch.serialization", "torch.overrides",
             "torch._C", "torch.functional", "torch.profiler", "torch.autograd.graph_export",
             "torch._functorch", "torch._functorch.pyfunctorch", "torch._functorch.printing",
             "torch._functorch.batched_tensor", "torch._functorch.batch_rules", "torch._functorch.vmap",
             "torch._functorch.eager_transforms", "torch._functorch.functional_call",
             "torch._functorch.batch_norm_replacement", "torch._functorch.einops", "torch.func"]),
    ("root", ["torch"]),
    ("beside torch", ["functorch"]),  # the package torch.func grew out of, built on torch's public API
]


def _module_name(path):
    parts = list(path.relative_to(ENGINE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


MODULES = {_module_name(p): p for p in ENGINE.rglob("*.py")}


def rank(module):
    """(layer index, position within the layer) of a module."""
    for i, (_, names) in enumerate(LAYERS):
        if module in names:
            return i, names.index(module)
    for i, (_, names) in enumerate(LAYERS):
        for j, name in enumerate(names):
            if name.endswith(".*") and module.startswith(name[:-1]):
                return i, j
    raise LookupError(f"{module} is in no layer of tests/engine/test_layers.py")


def imports(module):
    """(imported module, line, inside a function) for each engine module ``module`` imports."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []

    def visit(node, in_function):
        for child in ast.iter_child_nodes(node):
            nested = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.ImportFrom):
                base = package.split(".")[:len(package.split(".")) - (child.level - 1)] if child.level else []
                target = ".".join(base + ([child.module] if child.module else []))
                for alias in child.names:
                    sub = f"{target}.{alias.name}"
                    found.append((sub if sub in MODULES else target, child.lineno, nested))
            elif isinstance(child, ast.Import):
                found.extend((alias.name, child.lineno, nested) for alias in child.names)
            visit(child, nested)

    visit(ast.parse(path.read_text(encoding="utf-8")), False)
    return [(target, line, nested) for target, line, nested in found
            if target in MODULES and target != module]


def back_edges():
    edges = []
    for module in sorted(MODULES):
        layer = rank(module)
        for target, line, nested in imports(module):
            if target == "torch" and (module == "torch" or module.startswith("torch.")):  # (functorch uses torch)
                edges.append(f"{module}:{line} imports the package root")
            elif rank(target) > layer:
                edges.append(f"{module}:{line} imports {target}, a higher module"
                             + (" (inside a function)" if nested else ""))
    return edges


def import_graph():
    """Each engine module's imports, plus, for a module of another package, that package's
    ``__init__`` (and its parents' but the root's), which Python runs first."""
    graph = {}
    for module in MODULES:
        targets = set()
        for target, _, _ in imports(module):
            targets.add(target)
            parts = target.split(".")
            targets |= {package for package in (".".join(parts[:i]) for i in range(2, len(parts)))
                        if package in MODULES and not f"{module}.".startswith(f"{package}.")}
        graph[module] = targets - {module}
    return graph


def cycles(graph):
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(module):
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in sorted(graph[module]):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = []
            while not component or component[-1] != module:
                component.append(stack.pop())
                on_stack.discard(component[-1])
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_no_import_cycles():
    assert cycles(import_graph()) == []


def test_the_cycle_check_finds_a_cycle_through_a_package_init():
    """torch._tensor imports torch.autograd.graph: were autograd's __init__ to import
    autograd.function (which imports torch._tensor), that would be a circle."""
    graph = import_graph()
    graph["torch.autograd"] = graph["torch.autograd"] | {"torch.autograd.function"}
    assert any({"torch._tensor", "torch.autograd", "torch.autograd.function"} <= set(cycle)
               for cycle in cycles(graph))


def test_every_module_has_a_layer():
    for module in MODULES:
        rank(module)


def test_no_module_imports_from_a_higher_layer_or_the_root():
    assert back_edges() == []


def _defined_names(path):
    """The public names a module defines at its top (def, class, assignment), not imports."""
    names = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                names |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
    return {name for name in names if not name.startswith("_")}


def test_both_backends_implement_exactly_the_protocol():
    """Each backend has every name of the protocol documented in _backend/__init__.py, and
    defines no other public name (a helper one backend grew would be a seam the ops reach
    around)."""
    import importlib
    from torch._aten import optim as optim_kernels
    from torch._backend import PROTOCOL
    for name in ("python", "numpy"):
        try:
            backend = importlib.import_module(f"torch._backend.{name}")
        except ImportError:  # no numpy (the browser): the python backend alone
            continue
        assert [p for p in PROTOCOL if not hasattr(backend, p)] == [], name
        assert _defined_names(MODULES[f"torch._backend.{name}"]) - set(PROTOCOL) == set(), name
        assert set(backend.ATEN) <= _backend_kernels() | set(optim_kernels.BACKEND_STEPS), \
            f"{name}.ATEN names no @backend_kernel of _aten"


def _backend_kernels():
    """The names of the _aten kernels a backend may replace (decorated with @backend_kernel)."""
    names = set()
    for module, path in MODULES.items():
        if module.startswith("torch._aten."):
            for node in ast.parse(path.read_text(encoding="utf-8")).body:
                if isinstance(node, ast.FunctionDef) and any(
                        isinstance(d, ast.Name) and d.id == "backend_kernel" for d in node.decorator_list):
                    names.add(node.name)
    return names


def test_numpy_kernels_live_in_the_numpy_backend():
    """The _aten kernels choose no path by argument type and import no numpy: a whole-array
    version of a kernel is the numpy backend's (its ATEN), picked by the active backend."""
    for module, path in MODULES.items():
        if module.startswith("torch._aten"):
            text = path.read_text(encoding="utf-8")
            assert "is_np(" not in text and "numpy" not in _top_level_imports(text), module


def _top_level_imports(text):
    """The top-level packages a module's source imports (absolute imports)."""
    found = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.split(".")[0])
    return found
