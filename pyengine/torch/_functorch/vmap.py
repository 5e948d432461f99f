"""vmap: in_dims/out_dims over pytrees, chunking, randomness; the batched tensors it makes are
batched_tensor.BatchedTensor and the ops on them run through batch_rules."""
import functools

from .._tensor import Tensor
from ..utils._pytree import tree_flatten, tree_unflatten
from .. import _random_ops
from . import batch_rules
from .batched_tensor import wrap, add_batch_dim, remove_batch_dim
from .pyfunctorch import pushed, innermost_vmap, vmap_levels

RANDOMNESS = ("error", "different", "same")


def _name(func):
    return getattr(func, "__name__", repr(func))


def _broadcast_to_and_flatten(dims, spec):
    """dims (an int/None, or a tree matching spec's top, with int/None leaves standing for whole
    subtrees) as one entry per leaf of spec; None when the structures do not match."""
    if not isinstance(dims, (tuple, list, dict)):
        return [dims] * spec.num_leaves
    if spec.is_leaf():
        return None
    kind = "namedtuple" if hasattr(type(dims), "_fields") else type(dims).__name__
    children = list(dims.values()) if isinstance(dims, dict) else list(dims) if isinstance(dims, (tuple, list)) \
        else None
    if children is None or kind != spec.type_name or len(children) != spec.num_children or \
            (isinstance(dims, dict) and list(dims) != spec._context):
        return None
    out = []
    for child, child_spec in zip(children, spec.children_specs):
        flat = _broadcast_to_and_flatten(child, child_spec)
        if flat is None:
            return None
        out += flat
    return out


def vmap(func, in_dims=0, out_dims=0, randomness="error", *, chunk_size=None):
    if randomness not in RANDOMNESS:
        raise RuntimeError(f"Only allowed values for randomness are 'error', 'different', or 'same'. Got {randomness}")
    if chunk_size is not None and (not isinstance(chunk_size, int) or chunk_size <= 0):
        raise ValueError(f"vmap: chunk_size should be None or greater than 0. (got {chunk_size})")

    @functools.wraps(func)
    def wrapped(*args, **kwargs):
        return vmap_impl(func, in_dims, out_dims, randomness, chunk_size, args, kwargs)
    return wrapped


def vmap_impl(func, in_dims, out_dims, randomness, chunk_size, args, kwargs):
    name = _name(func)
    if not isinstance(in_dims, (int, tuple)):
        raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): expected `in_dims` to be int or a "
                         f"(potentially nested) tuple matching the structure of inputs, got: {type(in_dims)}.")
    if not args:
        raise ValueError(f"vmap({name})(<inputs>): got no inputs. Maybe you forgot to add inputs, or you are "
                         "trying to vmap over a function with no inputs. The latter is unsupported.")
    flat_args, args_spec = tree_flatten(args)
    flat_in_dims = _broadcast_to_and_flatten(in_dims, args_spec)
    if flat_in_dims is None:
        raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): in_dims is not compatible with the "
                         f"structure of `inputs`. in_dims has structure {tree_flatten(in_dims)[1]} but inputs "
                         f"has structure {args_spec}.")
    for arg, in_dim in zip(flat_args, flat_in_dims):
        if in_dim is not None and (not isinstance(in_dim, int) or isinstance(in_dim, bool)):
            raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): Got in_dim={in_dim} for an input but "
                             "in_dim must be either an integer dimension or None.")
        if isinstance(in_dim, int) and not isinstance(arg, Tensor):
            raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): Got in_dim={in_dim} for an input but "
                             f"the input is of type {type(arg)}. We cannot vmap over non-Tensor arguments, please "
                             "use None as the respective in_dim")
        if in_dim is not None and not -arg.dim() <= in_dim < arg.dim():
            raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): Got in_dim={in_dim} for some input, "
                             f"but that input is a Tensor of dimensionality {arg.dim()} so expected in_dim to "
                             f"satisfy -{arg.dim()} <= in_dim < {arg.dim()}.")
    sizes = [arg.size(d) for arg, d in zip(flat_args, flat_in_dims) if d is not None]
    if not sizes:
        raise ValueError("vmap: Expected at least one Tensor to vmap over")
    if any(s != sizes[0] for s in sizes):
        raise ValueError(f"vmap: Expected all tensors to have the same size in the mapped dimension, got sizes "
                         f"{sizes} for the mapped dimension")
    batch_size = sizes[0]
    if chunk_size is None or chunk_size >= batch_size:
        return _flat_vmap(func, name, batch_size, flat_args, flat_in_dims, args_spec, out_dims, randomness, kwargs)
    from .._ops.joining import cat
    chunks = []
    for start in range(0, batch_size, chunk_size):
        length = min(chunk_size, batch_size - start)
        chunk_args = [a.narrow(d, start, length) if d is not None else a for a, d in zip(flat_args, flat_in_dims)]
        chunks.append(_flat_vmap(func, name, length, chunk_args, flat_in_dims, args_spec, out_dims, randomness,
                                 kwargs, structured=True))
    first, spec, flat_out_dims = chunks[0]
    joined = [o if d is None else cat([c[0][i] for c in chunks], d) for i, (o, d) in
              enumerate(zip(first, flat_out_dims))]
    return tree_unflatten(joined, spec)


def _flat_vmap(func, name, batch_size, flat_args, flat_in_dims, args_spec, out_dims, randomness, kwargs,
               structured=False):
    with vmap_level(batch_size, randomness) as level:
        batched = [arg if d is None else add_batch_dim(arg, d, level.number, batch_size)
                   for arg, d in zip(flat_args, flat_in_dims)]
        outputs = func(*tree_unflatten(batched, args_spec), **kwargs)
        flat_outputs, spec = tree_flatten(outputs)
        flat_out_dims = _broadcast_to_and_flatten(out_dims, spec)
        if flat_out_dims is None:
            raise ValueError(f"vmap({name}, ..., out_dims={out_dims})(<inputs>): out_dims is not compatible with the "
                             f"structure of `outputs`. out_dims has structure {tree_flatten(out_dims)[1]} but "
                             f"outputs has structure {spec}.")
        unbatched = [remove_batch_dim(o, d, level.number, batch_size, name) for o, d in zip(flat_outputs,
                                                                                           flat_out_dims)]
    if structured:
        return unbatched, spec, flat_out_dims
    return tree_unflatten(unbatched, spec)


RANDOM_ERROR_MESSAGE = ("vmap: called random operation while in randomness error mode. Please either use the 'same' "
                        "or 'different' randomness flags on vmap or perform the randomness operation out of vmap")
_pending = []  # the batch levels a "different" draw was made with, until _new wraps it


def randomness_policy(size, batched=None):
    """_random_ops' RANDOMNESS_HOOK: what a random draw inside the innermost vmap does."""
    level = innermost_vmap()
    if level.randomness == "error":
        raise RuntimeError(RANDOM_ERROR_MESSAGE)
    if batched is not None:
        if _pending and batched._shape[:len(_pending[-1])] == tuple(s for _, s in _pending[-1]):
            return wrap(batched, _pending.pop())
        return batched
    if size is None or level.randomness == "same":
        return size
    levels = vmap_levels()
    _pending.append(levels)
    return tuple(s for _, s in levels) + size


class vmap_level(pushed):
    """A vmap level: while one is active, ops dispatch through batch_rules and random draws follow
    the innermost level's randomness."""

    def __init__(self, size, randomness="error"):
        super().__init__("vmap", size, randomness)

    def __enter__(self):
        level = super().__enter__()
        batch_rules.install()
        _random_ops.RANDOMNESS_HOOK[0] = randomness_policy
        return level

    def __exit__(self, *exc):
        super().__exit__(*exc)
        if innermost_vmap() is None:
            batch_rules.uninstall()
            _random_ops.RANDOMNESS_HOOK[0] = None
            _pending.clear()  # a draw that failed between its shape and its values
