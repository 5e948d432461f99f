"""The structure of an autograd graph as real PyTorch and our engine both report it, walking
``next_functions`` depth first from a root (the first edge first), as the graph panel numbers it.
Runs on either torch: it uses only the public ``next_functions`` and class names. It restates
the walk of the engine's graph_export.walk on purpose: it is the oracle the export is checked
against, so it must not share the code under test."""


def structure(tensor):
    """{"nodes": [class names in first-meeting order], "edges": [[from, to, slot, input_nr]]},
    a constant input (a ``(None, 0)`` edge) being a node named "constant"."""
    root = tensor.grad_fn
    if root is None:
        return {"nodes": ["AccumulateGrad"], "edges": []}
    ids, names, edges, stack = {}, [], [], []

    def visit(fn):
        if fn not in ids:
            ids[fn] = len(names)
            names.append(type(fn).__name__)
            stack.append((fn, iter(enumerate(fn.next_functions))))
        return ids[fn]

    visit(root)
    while stack:
        fn, pending = stack[-1]
        step = next(pending, None)
        if step is None:
            stack.pop()
            continue
        slot, (nxt, nr) = step
        if nxt is None:
            names.append("constant")
            edges.append([ids[fn], len(names) - 1, slot, 0])
        else:
            edges.append([ids[fn], visit(nxt), slot, nr])
    return {"nodes": names, "edges": edges}


def saved_values(tensor):
    """The saved values of the node that made ``tensor`` that are not tensors requiring grad (a
    number, or PyTorch's wrapped number: ``_saved_other`` of ``x * 3``), as printed: {name: repr};
    None once backward has freed them."""
    import torch
    saved = {}
    for attr in sorted(dir(tensor.grad_fn)):
        try:
            value = getattr(tensor.grad_fn, attr) if attr.startswith("_saved_") else None
        except RuntimeError:  # freed by backward
            return None
        if value is not None and not (isinstance(value, torch.Tensor) and value.requires_grad):
            saved[attr] = repr(value)
    return saved


def program_structures(code):
    """Runs ``code``; for each tensor it leaves that requires grad, by name: the structure behind
    it, and the saved values of the node that made it (``saved_values``) under "saved"."""
    import torch
    namespace = {"__name__": "__main__"}
    exec(compile(code, "main.py", "exec"), namespace)
    return {name: {**structure(value), "saved": saved_values(value) if value.grad_fn else {}}
            for name, value in sorted(namespace.items()) if isinstance(value, torch.Tensor) and value.requires_grad}
