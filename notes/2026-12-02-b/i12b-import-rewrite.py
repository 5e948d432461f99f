"""One-off migration (i12b), kept for merging branches written against `import torch`: in every
engine module that tests/engine/test_layers.py reports as importing the package root, replaces
`torch.X` by X imported from the module that defines it (or `module.X` when X is also a local or
builtin name), and drops `import torch`. Run from the repository root with .venv/bin/python, then
read the diff, run tools/derivative_table.py and the engine tests. Names defined only in
torch/__init__.py must move to a lower module first (MANUAL maps them)."""
import ast, builtins, sys, types
sys.path.insert(0, "pyengine"); sys.path.insert(0, "tests/engine")
import test_layers as t
import torch
t.API_LAYER = None
files = sorted({e.split(":")[0] for e in t.back_edges()} - {"torch.autograd.graph_export", "torch.nn.parameter"})
MANUAL = {  # name -> (module, attr)
    "broadcast_shapes": ("torch._ops.shape", "broadcast_shapes"),
    "broadcast_tensors": ("torch._ops.shape", "broadcast_tensors"),
}

def defining(name, obj):
    if name in MANUAL:
        return MANUAL[name]
    if isinstance(obj, types.ModuleType):
        return obj.__name__, None
    raw = obj
    while hasattr(raw, "__wrapped__"):
        raw = raw.__wrapped__
    cands = []
    for mn, mod in list(sys.modules.items()):
        if not mn.startswith("torch.") or mod is None or mn not in t.MODULES:
            continue
        if t.LAYERS[t.rank(mn)[0]][0] == "api":
            continue
        for k, v in vars(mod).items():
            # the same name, else the op's own (torch.multiply is pointwise.mul)
            if (v is obj or v is raw) and k in (name, getattr(raw, "__name__", None)):
                cands.append((k != name, getattr(raw, "__module__", None) != mn, t.rank(mn), mn, k))
    assert cands, f"torch.{name} is defined in torch/__init__.py only: move it to a lower module (MANUAL)"
    cands.sort()
    return cands[0][3], cands[0][4]

def chain(node):
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr); node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id); return parts[::-1]
    return None

def relative(package, target):
    p, tg = package.split("."), target.split(".")
    common = 0
    while common < min(len(p), len(tg)) and p[common] == tg[common]:
        common += 1
    return "." * (len(p) - common + 1) + ".".join(tg[common:])

for m in files:
    path = t.MODULES[m]
    src = path.read_text()
    tree = ast.parse(src)
    package = m if path.name == "__init__.py" else m.rpartition(".")[0]
    taken = set(dir(builtins))
    for n in ast.walk(tree):
        if isinstance(n, ast.Name): taken.add(n.id)
        elif isinstance(n, (ast.FunctionDef, ast.ClassDef)): taken.add(n.name)
        elif isinstance(n, ast.arg): taken.add(n.arg)
        elif isinstance(n, ast.alias): taken.add((n.asname or n.name).split(".")[0])
    edits = []   # (lineno, col, end_lineno, end_col, text)
    names = {}   # local name -> (module, attr)
    modules = {} # alias -> module
    for n in ast.walk(tree):
        if not isinstance(n, ast.Attribute): continue
        c = chain(n)
        if not c or c[0] != "torch": continue
        parent = chain(n.value)
        obj = torch
        for a in c[1:]:
            obj = getattr(obj, a, None)
        pobj = torch
        for a in parent[1:]:
            pobj = getattr(pobj, a)
        if not isinstance(pobj, types.ModuleType) or isinstance(obj, types.ModuleType):
            continue  # a module is handled through its attribute
        qual = ".".join(c)
        if len(c) == 2:
            mod, attr = defining(c[1], obj)
        else:
            mod, attr = pobj.__name__, c[-1]
        if attr not in taken or names.get(attr) == (mod, attr):
            names[attr] = (mod, attr); text = attr
        else:
            alias = mod.rpartition(".")[2].lstrip("_")
            if alias in taken and modules.get(alias) != mod:
                alias = alias + "_ops"
            modules[alias] = mod; text = f"{alias}.{attr}"
        edits.append((n.lineno, n.col_offset, n.end_lineno, n.end_col_offset, text))
    lines = src.splitlines(keepends=True)
    for l, c0, el, c1, text in sorted(edits, reverse=True):
        assert l == el, (m, l)
        s = lines[l - 1]; lines[l - 1] = s[:c0] + text + s[c1:]
    # drop import torch / rewrite from torch.x import
    imports_new = []
    by_mod = {}
    for attr, (mod, a) in names.items():
        by_mod.setdefault(mod, []).append(a)
    for mod, attrs in sorted(by_mod.items()):
        imports_new.append(f"from {relative(package, mod)} import {', '.join(sorted(attrs))}\n")
    for alias, mod in sorted(modules.items()):
        parent_mod, _, last = mod.rpartition(".")
        imports_new.append(f"from {relative(package, parent_mod)} import {last}" + (f" as {alias}" if alias != last else "") + "\n")
    out, inserted = [], False
    for i, line in enumerate(lines):
        if line.strip() == "import torch":
            if not inserted:
                out.extend(imports_new); inserted = True
            continue
        if line.startswith("from torch."):
            modname = line.split()[1]
            line = f"from {relative(package, modname)} " + line.split(" ", 2)[2]
        out.append(line)
    path.write_text("".join(out))
    print(m, len(edits), "".join(imports_new).replace("\n", " | "))
