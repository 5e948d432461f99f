"""Export the graph behind tensors as plain JSON-ready data, for the app's graph view."""
from .graph import AccumulateGrad

MAX_SHOWN_ELEMENTS = 16  # larger tensors are described by shape only


def _describe(t, name):
    info = {"name": name, "shape": list(t._shape), "dtype": t.dtype.name,
            "requires_grad": bool(t.requires_grad)}
    if t.numel() <= MAX_SHOWN_ELEMENTS:
        info["value"] = t.detach().tolist()
    grad = t._grad
    if grad is not None and grad.numel() <= MAX_SHOWN_ELEMENTS:
        info["grad"] = grad.tolist()
    return info


def export_graph(*tensors, names=None):
    """The graph that produced ``tensors``: ``{"nodes": [...], "edges": [...], "roots": [...]}``.

    ``names`` maps variable names to objects (e.g. the learner's ``globals()``); tensors found
    there are labelled with their names. Node ids are small integers in discovery order.
    """
    from .._tensor import Tensor
    by_id = {}
    for name, value in (names or {}).items():
        if isinstance(value, Tensor) and not name.startswith("_"):
            by_id.setdefault(id(value), (name, value))
            if value.grad_fn is not None:
                by_id.setdefault((id(value.grad_fn), value._output_nr), (name, value))

    ids, nodes, edges = {}, [], []

    def node_id(node):
        key = id(node)
        if key not in ids:
            ids[key] = len(ids)
            entry = {"id": ids[key], "op": type(node).__name__}
            if isinstance(node, AccumulateGrad):
                var = node.variable
                entry["kind"] = "leaf"
                entry["tensor"] = _describe(var, by_id.get(id(var), (None,))[0])
            else:
                entry["kind"] = "function"
                named = by_id.get((key, 0))
                if named is not None:
                    entry["tensor"] = _describe(named[1], named[0])
            nodes.append(entry)
            stack.append(node)
        return ids[key]

    stack = []
    roots = []
    for t in tensors:
        if t.grad_fn is not None:
            roots.append(node_id(t.grad_fn))
        elif t.requires_grad:
            roots.append(node_id(t._grad_accumulator()))
    while stack:
        node = stack.pop()
        for nxt, nr in node.next_functions:
            if nxt is not None:
                edges.append({"from": ids[id(node)], "to": node_id(nxt), "input_nr": nr})
    return {"roots": roots, "nodes": nodes, "edges": edges}
