"""torch.utils.hooks: the handle every register_*_hook returns, and nn.Module's backward hooks."""
import warnings
import weakref

from .._process import per_process_global
from ..autograd.function import Function

__all__ = ["RemovableHandle", "unserializable_hook", "warn_if_has_hooks", "BackwardHook"]


class RemovableHandle:
    """Returned by register_*_hook; ``remove()`` unregisters the hook (also on leaving a ``with``)."""

    next_id = 0

    def __init__(self, hooks_dict, *, extra_dict=None):
        self.hooks_dict_ref = weakref.ref(hooks_dict)
        self.id = RemovableHandle.next_id
        RemovableHandle.next_id += 1
        extra = [] if extra_dict is None else extra_dict if isinstance(extra_dict, list) else [extra_dict]
        self.extra_dict_ref = tuple(weakref.ref(d) for d in extra)

    def remove(self):
        for ref in (self.hooks_dict_ref,) + self.extra_dict_ref:
            hooks_dict = ref()
            if hooks_dict is not None and self.id in hooks_dict:
                del hooks_dict[self.id]

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.remove()


per_process_global(RemovableHandle, "next_id")  # a new process's first hook handle has id 0


def unserializable_hook(f):
    """Mark a tensor hook as one that torch.save must not try to save."""
    f.__torch_unserializable__ = True
    return f


def warn_if_has_hooks(tensor):
    for hook in tensor._hooks or ():
        if not hasattr(hook, "__torch_unserializable__"):
            warnings.warn(f"backward hook {repr(hook)} on tensor will not be serialized.  If this is expected, "
                          "you can decorate the function with @torch.utils.hooks.unserializable_hook to suppress "
                          "this warning")


class BackwardHookFunction(Function):
    """Identity on a module's tensors, so that their gradients pass one node (PyTorch's
    torch.nn.modules._functions.BackwardHookFunction)."""

    @staticmethod
    def forward(ctx, *args):
        ctx.mark_non_differentiable(*[arg for arg in args if not arg._requires_grad])
        return args

    @staticmethod
    def backward(ctx, *args):
        return args


class BackwardHook:
    """nn.Module's full backward (pre-)hooks: the module's tensor inputs and outputs pass through
    an identity Function (BackwardHookFunction) whose nodes see the gradients of the outputs
    (the pre-hooks run there) and of the inputs (the hooks run there, with both)."""

    def __init__(self, module, user_hooks, user_pre_hooks):
        self.user_hooks, self.user_pre_hooks, self.module = user_hooks, user_pre_hooks, module
        self.grad_outputs = None
        self.n_outputs = self.n_inputs = -1
        self.output_tensors_index = self.input_tensors_index = None

    @staticmethod
    def _pack_with_none(indices, values, size):
        res = [None] * size
        for idx, val in zip(indices, values):
            res[idx] = val
        return tuple(res)

    @staticmethod
    def _unpack_none(indices, values):
        return tuple(values[idx] for idx in indices)

    def _set_user_hook(self, grad_fn):
        def hook(grad_input, _):
            if self.grad_outputs is None:  # the gradient reached the inputs without passing the outputs
                return None
            res = self._pack_with_none(self.input_tensors_index, grad_input, self.n_inputs)
            for user_hook in self.user_hooks:
                out = user_hook(self.module, res, self.grad_outputs)
                if out is None:
                    continue
                if len(out) != len(res):
                    raise RuntimeError("Backward hook returned an invalid number of grad_input, "
                                       f"got {len(out)}, but expected {len(res)}")
                res = out
            self.grad_outputs = None
            return self._unpack_none(self.input_tensors_index, res)

        grad_fn.register_hook(hook)

    def _apply_on_tensors(self, fn, args):
        from .._tensor import Tensor
        from ..autograd.grad_mode import is_grad_enabled
        tensors_idx = [i for i, a in enumerate(args) if isinstance(a, Tensor)]
        tensors = [args[i] for i in tensors_idx]
        if not (any(t._requires_grad for t in tensors) and is_grad_enabled()):
            return args, None
        new_tensors = BackwardHookFunction.apply(*tensors)
        if not isinstance(new_tensors, tuple):
            new_tensors = (new_tensors,)
        if len(new_tensors) == 0:
            raise RuntimeError("Cannot set Module backward hook for a Module with no input Tensors.")
        grad_fns = [t.grad_fn for t in new_tensors
                    if t.grad_fn is not None and t.grad_fn.name() == "BackwardHookFunctionBackward"]
        fn(grad_fns[0])
        arg_list = list(args)
        for idx, val in zip(tensors_idx, new_tensors):
            arg_list[idx] = val
        return (tuple(arg_list) if type(args) is tuple else type(args)(*arg_list)), tensors_idx

    def setup_input_hook(self, args):
        res, input_idx = self._apply_on_tensors(self._set_user_hook, args)
        self.n_inputs = len(args)
        self.input_tensors_index = input_idx
        return res

    def setup_output_hook(self, args):
        def fn(grad_fn):
            def hook(_, grad_output):
                self.grad_outputs = self._pack_with_none(self.output_tensors_index, grad_output, self.n_outputs)
                expected_len = len(self.grad_outputs)
                for user_pre_hook in self.user_pre_hooks:
                    hook_grad_outputs = user_pre_hook(self.module, self.grad_outputs)
                    if hook_grad_outputs is None:
                        continue
                    if len(hook_grad_outputs) != expected_len:
                        raise RuntimeError("Backward pre hook returned an invalid number of grad_output, "
                                           f"got {len(hook_grad_outputs)}, but expected {expected_len}")
                    self.grad_outputs = hook_grad_outputs
                local_grad_outputs = self.grad_outputs
                if self.input_tensors_index is None:  # no input requires grad: the hooks run now
                    from .._caller import warn
                    warn("Full backward hook is firing when gradients are computed with respect to module "
                         "outputs since no inputs require gradients. See "
                         "https://docs.pytorch.org/docs/main/generated/torch.nn.Module.html#torch.nn.Module."
                         "register_full_backward_hook for more details.")
                    grad_inputs = self._pack_with_none([], [], self.n_inputs)
                    for user_hook in self.user_hooks:
                        res = user_hook(self.module, grad_inputs, self.grad_outputs)
                        if res is not None and not (isinstance(res, tuple) and all(el is None for el in res)):
                            raise RuntimeError("Backward hook for Modules where no input requires gradient should "
                                               "always return None or None for all gradients.")
                    self.grad_outputs = None
                if local_grad_outputs is not None:
                    return tuple(local_grad_outputs[i] for i in self.output_tensors_index)
                return None

            grad_fn.register_hook(hook)

        is_tuple = isinstance(args, tuple)
        if not is_tuple:
            args = (args,)
        res, output_idx = self._apply_on_tensors(fn, args)
        self.n_outputs = len(args)
        self.output_tensors_index = output_idx
        return res if is_tuple else res[0]


