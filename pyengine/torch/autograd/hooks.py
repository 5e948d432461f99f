"""Hooks on non-leaf tensors: they run when the gradient for that tensor is computed."""
from .graph import _RemovableHandle, checked_hook_value


def _tensor_pre_hook(tensor):
    """The pre-hook on tensor.grad_fn that runs tensor's hooks and retain_grad."""
    hooks = tensor._hooks if tensor._hooks is not None else []
    tensor._hooks = hooks
    nr = tensor._output_nr

    def pre_hook(grads):
        g = grads[nr]
        if g is None:
            return None
        for hook in list(hooks):
            r = hook(g)
            if r is not None:
                g = checked_hook_value(hook, g, r)
        if tensor._retains_grad:
            tensor._grad = g.detach() if tensor._grad is None else tensor._grad + g.detach()
        grads = list(grads)
        grads[nr] = g
        return grads

    tensor.grad_fn.register_prehook(pre_hook)
    return hooks


def _ensure_pre_hook(tensor):
    installed = tensor.grad_fn._extra().tensor_hooks
    if tensor._output_nr not in installed:
        installed[tensor._output_nr] = _tensor_pre_hook(tensor)
    return installed[tensor._output_nr]


def register_tensor_hook(tensor, hook):
    hooks = _ensure_pre_hook(tensor)
    hooks.append(hook)
    return _RemovableHandle(hooks, hook)


def register_retain_grad(tensor):
    _ensure_pre_hook(tensor)
