"""The structure of an autograd graph as real PyTorch and our engine both report it, walking
``next_functions`` depth first from a root (the first edge first), as the graph panel numbers it.
Runs on either torch: it uses only the public ``next_functions`` and class names. It restates
the walk of the engine's graph_export.walk on purpose: it is the oracle the export is checked
against, so it must not share the code under test."""


def structure(tensor):
    """{"nodes": [class names in first-meeting order], "edges": [[from, to, slot, input_nr]]},
    a constant input (a ``(None, 0)`` edge) being a node named "constant"."""
    if tensor.grad_fn is None:
        return {"nodes": ["AccumulateGrad"], "edges": []}
    fns, edges = walk(tensor.grad_fn)
    return {"nodes": [type(fn).__name__ if fn is not None else "constant" for fn in fns], "edges": edges}


def walk(root):
    """(the nodes in first-meeting order, None for each constant input; [from, to, slot, input_nr] edges)."""
    ids, fns, edges, stack = {}, [], [], []

    def visit(fn):
        if fn not in ids:
            ids[fn] = len(fns)
            fns.append(fn)
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
            fns.append(None)
            edges.append([ids[fn], len(fns) - 1, slot, 0])
        else:
            edges.append([ids[fn], visit(nxt), slot, nr])
    return fns, edges


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


def edge_gradients(root, running):
    """Hooks every node behind the tensor ``root``; the returned list fills, while it is
    ``running[0]`` (the backward call it was made for runs), with what each node sends along each
    ``next_functions`` entry: [node number in ``structure``, slot, the gradient as PyTorch prints it]."""
    sent = []
    if root.grad_fn is None:
        return sent

    def hook(grad_inputs, grad_outputs, number):
        if running[0] is sent:
            sent.extend([number, slot, repr(g)] for slot, g in enumerate(grad_inputs))

    for number, fn in enumerate(walk(root.grad_fn)[0]):
        if fn is not None:
            fn.register_hook(lambda grad_inputs, grad_outputs, number=number: hook(grad_inputs, grad_outputs, number))
    return sent


def program_structures(code):
    """Runs ``code``; for each tensor it leaves that has a grad_fn, by name: the structure behind
    it, and the saved values of the node that made it (``saved_values``) under "saved". Under
    "backward": for each backward() and autograd.grad() call the program makes (in order), the gradients sent along
    each edge of the graph behind its output (``edge_gradients``), as PyTorch prints them."""
    import torch
    calls = []
    running = [None]  # the edge-gradient list of the backward call running now
    real_backward, real_grad = torch.autograd.backward, torch.autograd.grad

    def recorded(real, outputs_of):
        def call(outputs, *args, **kwargs):  # Tensor.backward() calls torch.autograd.backward too
            roots = [t for t in outputs_of(outputs) if isinstance(t, torch.Tensor)]
            sent = edge_gradients(roots[0], running) if roots else []
            running[0] = sent
            try:
                return real(outputs, *args, **kwargs)
            finally:
                running[0] = None
                calls.append({"sent": sent})
        return call

    as_list = lambda outputs: list(outputs) if isinstance(outputs, (tuple, list)) else [outputs]  # noqa: E731
    torch.autograd.backward = recorded(real_backward, as_list)
    torch.autograd.grad = recorded(real_grad, as_list)
    namespace = {"__name__": "__main__"}
    try:
        exec(compile(code, "main.py", "exec"), namespace)
    finally:
        torch.autograd.backward, torch.autograd.grad = real_backward, real_grad
    roots = {name: {**structure(value), "saved": saved_values(value)}
             for name, value in sorted(namespace.items()) if isinstance(value, torch.Tensor) and value.grad_fn is not None}
    return {"roots": roots, "backward": calls}
