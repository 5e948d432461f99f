"""How a tensor prints inside transforms: PyTorch shows each transform level's wrapper,
innermost level outermost, around the plain values::

    GradTrackingTensor(lvl=2, value=
        BatchedTensor(lvl=1, bdim=0, value=
            tensor([1., 2.])
        )
    )
"""
from .pyfunctorch import STACK


def _tracked_at(t, level):
    if level.dual_level is not None:  # a jvp's: the tensors with a tangent at its dual level
        return t._fw_grads is not None and level.dual_level in t._fw_grads
    if not t._requires_grad:
        return False
    if id(t) in level.tracked:
        return True
    fn = t.grad_fn
    return fn is not None and getattr(fn, "_sequence_nr", -1) >= level.start


def transform_repr(t, batch_levels=(), shown=None):
    """t's text with its wrappers; None for a plain tensor no transform tracks (prints as usual)."""
    wrappers = [(lv.number, None) for lv in STACK if lv.kind != "vmap" and _tracked_at(t, lv)]
    if not wrappers and not batch_levels:
        return None
    wrappers += [(number, "vmap") for number, _ in batch_levels]
    wrappers.sort()
    from .._tensor import REPR_HOOK
    hook, REPR_HOOK[0] = REPR_HOOK[0], None
    try:
        value = shown[0] if shown is not None and len(batch_levels) == 1 else t
        text = repr(value.detach())
    finally:
        REPR_HOOK[0] = hook
    for number, kind in wrappers:
        body = "\n".join("    " + line for line in text.split("\n"))
        if kind == "vmap":
            bdim = shown[1] if shown is not None and len(batch_levels) == 1 else 0
            text = f"BatchedTensor(lvl={number}, bdim={bdim}, value=\n{body}\n)"
        else:
            text = f"GradTrackingTensor(lvl={number}, value=\n{body}\n)"
    return text
