"""The stack of active function transforms (PyTorch's functorch "interpreter stack").

Every transform call (vmap, grad, vjp, jacrev, jvp, jacfwd ...) pushes one Level while its
function runs; levels are numbered from 1, outermost first, shared by all transform kinds, as
PyTorch numbers them (``vmap(grad(f))``: vmap is level 1, grad level 2)."""


class Level:
    __slots__ = ("number", "kind", "size", "randomness", "start", "tracked", "dual_level")

    def __init__(self, number, kind, size=None, randomness=None):
        self.number, self.kind, self.size, self.randomness = number, kind, size, randomness
        self.start, self.tracked = None, set()  # grad kinds: first sequence nr of its graph, its inputs
        self.dual_level = None  # jvp's: its forward-AD level


STACK = []


class pushed:
    """``with pushed("vmap", size=3, randomness="error") as level:`` the level is active inside.
    (vmap.vmap_level and eager_transforms.grad_level push theirs, with the hooks their kind needs.)"""

    def __init__(self, kind, size=None, randomness=None):
        self.level = Level(len(STACK) + 1, kind, size, randomness)

    def __enter__(self):
        from ..autograd.derivatives import TRANSFORM_DEPTH
        from ..autograd import graph
        STACK.append(self.level)
        TRANSFORM_DEPTH[0] = len(STACK)
        if graph.recorder is not None:  # the graph view tells the transforms' graphs apart
            graph.recorder.enter_transform(self.level.kind)
        return self.level

    def __exit__(self, *exc):
        from ..autograd.derivatives import TRANSFORM_DEPTH
        from ..autograd import graph
        STACK.pop()
        TRANSFORM_DEPTH[0] = len(STACK)
        if graph.recorder is not None:
            graph.recorder.leave_transform()


def vmap_levels():
    """((level number, batch size), ...) of the active vmaps, outermost first."""
    return tuple((lv.number, lv.size) for lv in STACK if lv.kind == "vmap")


def differentiating():
    """Whether a grad-like transform is active (inner gradients must stay differentiable)."""
    return any(lv.kind != "vmap" for lv in STACK)


def innermost_vmap():
    for lv in reversed(STACK):
        if lv.kind == "vmap":
            return lv
    return None
