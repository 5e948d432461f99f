"""torch.func: composable function transforms (grad, vjp, jacrev, jvp, jacfwd, hessian, vmap ...).
How they work here: see torch._functorch."""
from .._functorch.eager_transforms import (grad, grad_and_value, vjp, jvp, jacrev, jacfwd, hessian,  # noqa: F401
                                          linearize)
from .._functorch.vmap import vmap
from .._functorch.functional_call import functional_call, stack_module_state
from .._functorch.batch_norm_replacement import replace_all_batch_norm_modules_
from .._functorch.einops import rearrange


def functionalize(func, *, remove="mutations"):
    """func with its mutations removed: here, where tensors are only ever eager CPU tensors,
    running func as it is gives the same results, so it is returned wrapped as it is."""
    if remove not in ("mutations", "mutations_and_views"):
        raise RuntimeError(f"functionalize(f, remove='mutations'): received invalid argument for remove={remove}. "
                           "Valid options are:\n     remove='mutations': all inplace and out= operators will be "
                           "removed from the program, and replaced with their out-of-place equivalents.\n     "
                           "remove='mutations_and_views': In addition to the above, all aliasing operators {view} "
                           "will be replaced with their non-aliasing counterparts, {view}_copy.\n")
    import functools

    @functools.wraps(func)
    def wrapped(*args, **kwargs):
        return func(*args, **kwargs)
    return wrapped


def debug_unwrap(tensor, *, recurse=True):
    """The tensor a transform wraps: a BatchedTensor's values, batch dims first (recurse=False:
    peel only the innermost transform's level)."""
    from .._functorch.batched_tensor import BatchedTensor, wrap
    if not isinstance(tensor, BatchedTensor):
        return tensor
    if recurse:
        return tensor._value
    return wrap(tensor._value, tensor._levels[:-1])


__all__ = ["grad", "grad_and_value", "vjp", "jvp", "jacrev", "jacfwd", "hessian", "linearize", "vmap",
           "functional_call", "stack_module_state", "replace_all_batch_norm_modules_", "functionalize",
           "debug_unwrap", "rearrange"]
