"""functional_call and stack_module_state: a module run with parameters and buffers given as
arguments (what vmap over models and grad over parameters need)."""
import contextlib



@contextlib.contextmanager
def _swapped(module, tensors, strict=False):
    """The module's named parameters/buffers replaced by ``tensors`` (name -> tensor) inside."""
    saved = []
    try:
        for name, value in tensors.items():
            owner = module
            *path, leaf = name.split(".")
            for part in path:
                owner = getattr(owner, part)
            for key in ("_parameters", "_buffers"):
                store = owner.__dict__[key]
                if leaf in store:
                    saved.append((store, leaf, store[leaf]))
                    store[leaf] = value
                    break
            else:
                saved.append((owner.__dict__, leaf, owner.__dict__.get(leaf, _MISSING)))
                owner.__dict__[leaf] = value
        if strict:
            names = set(dict(module.named_parameters())) | set(dict(module.named_buffers()))
            missing, unexpected = sorted(names - set(tensors)), sorted(set(tensors) - names)
            if missing or unexpected:
                parts = []
                if unexpected:
                    parts.append(f"Unexpected key(s): {', '.join(repr(k) for k in unexpected)}.")
                if missing:
                    parts.append(f"Missing key(s): {', '.join(repr(k) for k in missing)}.")
                raise RuntimeError(f"Error(s) in reparametrizing for {type(module).__name__}:\n\t" + "\n\t".join(parts))
        yield
    finally:
        for store, leaf, old in reversed(saved):
            if old is _MISSING:
                del store[leaf]
            else:
                store[leaf] = old


_MISSING = object()


def functional_call(module, parameter_and_buffer_dicts, args=None, kwargs=None, *, tie_weights=True, strict=False):
    if isinstance(parameter_and_buffer_dicts, dict):
        tensors = dict(parameter_and_buffer_dicts)
    elif isinstance(parameter_and_buffer_dicts, (list, tuple)):
        tensors = {}
        seen = {}
        for d in parameter_and_buffer_dicts:
            for k, v in d.items():
                if k in seen:
                    raise ValueError(f"{k} appeared in multiple dictionaries; behavior of functional call is "
                                     "ambiguous")
                seen[k] = True
                tensors[k] = v
    else:
        raise ValueError(f"Expected parameter_and_buffer_dicts to be a dict, or a list/tuple of dicts, but got "
                         f"{type(parameter_and_buffer_dicts)}")
    if tie_weights:  # a parameter shared under two names follows the one given
        by_id = {}
        for name, t in list(module.named_parameters(remove_duplicate=False)) + \
                list(module.named_buffers(remove_duplicate=False)):
            by_id.setdefault(id(t), []).append(name)
        for names in by_id.values():
            given = [n for n in names if n in tensors]
            if given:
                for n in names:
                    tensors.setdefault(n, tensors[given[0]])
    if args is None:
        args = ()
    elif not isinstance(args, tuple):
        args = (args,)
    with _swapped(module, tensors, strict):
        return module(*args, **(kwargs or {}))


def stack_module_state(models):
    models = list(models)
    if len(models) == 0:
        raise RuntimeError("stack_module_state: Expected at least one model, got 0.")
    if not (all(m.training for m in models) or all(not m.training for m in models)):
        raise RuntimeError("stack_module_state: Expected all models to have the same training/eval mode.")
    first = type(models[0])
    if not all(type(m) is first for m in models):
        raise RuntimeError("stack_module_state: Expected all models to be of the same class.")
    from .._ops.joining import stack
    all_params = [dict(m.named_parameters()) for m in models]
    params = {}
    for k in all_params[0]:
        tensors = [p[k] for p in all_params]
        stacked = stack(tensors)
        if all(t._requires_grad for t in tensors):
            stacked = stacked.detach().requires_grad_()
        params[k] = stacked
    all_buffers = [dict(m.named_buffers()) for m in models]
    buffers = {k: stack([b[k] for b in all_buffers]) for k in all_buffers[0]}
    return params, buffers


