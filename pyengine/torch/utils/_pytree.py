"""Pytrees: nested tuples, lists, dicts and namedtuples of leaves, flattened to a list of
leaves and a TreeSpec to rebuild them (PyTorch's torch.utils._pytree, the part torch.func uses)."""

__all__ = ["TreeSpec", "LeafSpec", "tree_flatten", "tree_unflatten", "tree_leaves", "tree_structure", "tree_map",
           "tree_map_only"]


def _is_namedtuple(x):
    return isinstance(x, tuple) and hasattr(type(x), "_fields")


def _node_kind(tree):
    """(type name, context, children) of a container node, None for a leaf."""
    if _is_namedtuple(tree):
        return "namedtuple", type(tree), list(tree)
    if type(tree) in (tuple, list):
        return type(tree).__name__, None, list(tree)
    if isinstance(tree, tuple) and type(tree).__name__ == "Size":  # torch.Size flattens as a tuple
        return "tuple", None, list(tree)
    if isinstance(tree, tuple) and hasattr(type(tree), "n_fields"):  # torch.return_types (structseq)
        return "structseq", type(tree), list(tree)
    if type(tree) is dict:
        return "dict", list(tree), list(tree.values())
    return None


class TreeSpec:
    def __init__(self, type_name, context, children_specs):
        self.type_name, self._context, self.children_specs = type_name, context, children_specs
        self.num_leaves = sum(c.num_leaves for c in children_specs)

    @property
    def num_children(self):
        return len(self.children_specs)

    def is_leaf(self):
        return False

    def __eq__(self, other):
        return isinstance(other, TreeSpec) and type(other) is type(self) and \
            (self.type_name, self._context, self.children_specs) == \
            (other.type_name, other._context, other.children_specs)

    def __repr__(self, indent=0):
        children = ""
        if self.children_specs:
            indent += 2
            children = self.children_specs[0].__repr__(indent) + ("," if self.num_children > 1 else "")
            children += ",".join("\n" + " " * indent + c.__repr__(indent) for c in self.children_specs[1:])
        return f"TreeSpec({self.type_name}, {self._context}, [{children}])"

    def unflatten(self, leaves):
        return tree_unflatten(leaves, self)


class LeafSpec(TreeSpec):
    def __init__(self):
        super().__init__(None, None, [])
        self.num_leaves = 1

    def is_leaf(self):
        return True

    def __repr__(self, indent=0):
        return "*"


def treespec_pprint(spec):
    """The spec drawn as the structure it stands for: (*, [*, *], {'a': *})."""
    if spec.is_leaf():
        return "*"
    children = [treespec_pprint(c) for c in spec.children_specs]
    if spec.type_name == "dict":
        return "{" + ", ".join(f"{k!r}: {c}" for k, c in zip(spec._context, children)) + "}"
    if spec.type_name == "list":
        return "[" + ", ".join(children) + "]"
    if spec.type_name == "namedtuple":
        return f"{spec._context.__name__}(" + ", ".join(
            f"{f}={c}" for f, c in zip(spec._context._fields, children)) + ")"
    return "(" + ", ".join(children) + ("," if len(children) == 1 else "") + ")"


def tree_flatten(tree, is_leaf=None):
    leaves = []

    def flatten(node):
        kind = None if is_leaf is not None and is_leaf(node) else _node_kind(node)
        if kind is None:
            leaves.append(node)
            return LeafSpec()
        name, context, children = kind
        return TreeSpec(name, context, [flatten(c) for c in children])
    return leaves, flatten(tree)


def tree_unflatten(leaves, treespec):
    leaves = iter(leaves)

    def build(spec):
        if spec.is_leaf():
            return next(leaves)
        children = [build(c) for c in spec.children_specs]
        if spec.type_name == "namedtuple":
            return spec._context(*children)
        if spec.type_name == "structseq":
            return spec._context(children)
        if spec.type_name == "dict":
            return dict(zip(spec._context, children))
        return tuple(children) if spec.type_name == "tuple" else children
    return build(treespec)


def tree_leaves(tree, is_leaf=None):
    return tree_flatten(tree, is_leaf)[0]


def tree_structure(tree, is_leaf=None):
    return tree_flatten(tree, is_leaf)[1]


def tree_map(func, tree, *rests, is_leaf=None):
    leaves, spec = tree_flatten(tree, is_leaf)
    others = [tree_flatten(r, is_leaf)[0] for r in rests]
    return tree_unflatten([func(*xs) for xs in zip(leaves, *others)], spec)


def tree_map_only(type_or_types, func, tree, is_leaf=None):
    return tree_map(lambda x: func(x) if isinstance(x, type_or_types) else x, tree, is_leaf=is_leaf)
