"""torch.autograd.Function: learner-defined ops with their own forward and backward."""
from . import graph as _graph
from .graph import FREED_MESSAGE, Node, gradient_edge, _sequence
from .grad_mode import set_visible_dual_level, _state as _grad_mode
from .derivatives import SavedTensor, TRANSFORM_DEPTH, TRANSFORM_HOOK


class FunctionCtx:
    """The ``ctx`` of forward/backward: what forward saves for backward."""

    def save_for_backward(self, *tensors):
        self._to_save = tensors

    def save_for_forward(self, *tensors):
        """What ``jvp`` reads as ``ctx.saved_tensors`` (forward AD)."""
        self._to_save_forward = tensors

    def mark_non_differentiable(self, *tensors):
        self._non_differentiable = {id(t) for t in tensors}

    def mark_dirty(self, *tensors):
        self._dirty = {id(t) for t in tensors}

    def set_materialize_grads(self, value):
        self.materialize_grads = value

    _to_save_forward = ()
    _in_jvp = False

    @property
    def saved_tensors(self):
        if self._in_jvp:
            return tuple(self._to_save_forward)
        if self._released:
            raise RuntimeError(FREED_MESSAGE)
        return tuple(t.unpack(self) if t.__class__ is SavedTensor else t for t in self._to_save)


class BackwardCFunction(Node, FunctionCtx):
    """The graph node of one Function.apply call; it is also the ``ctx``."""

    __slots__ = ("__dict__",)
    _function = None

    def __repr__(self):
        return f"<torch.autograd.function.{type(self).__name__} object at {hex(id(self))}>"

    def apply(self, grads):
        fn = self._function
        if self.materialize_grads and None in grads:
            from .._ops.creation import zeros
            grads = [g if g is not None else zeros(shape, dtype=dtype)
                     for g, (shape, dtype) in zip(grads, self._input_meta)]
        dispatch = _graph.dispatch_disabled
        in_backward = dispatch["all"] > 0
        if in_backward:
            dispatch["all"] -= 1  # a custom backward is Python code: __torch_function__ dispatches in it
        try:
            result = fn.backward(self, *grads)
        finally:
            if in_backward:
                dispatch["all"] += 1
        if not isinstance(result, tuple):
            result = (result,)
        expected = len(self.needs_input_grad)
        if len(result) != expected:
            # PyTorch tolerates extra trailing Nones only
            if len(result) > expected and all(r is None for r in result[expected:]):
                result = result[:expected]
            else:
                raise RuntimeError(f"function {type(self).__name__} returned an incorrect number of "
                                   f"gradients (expected {expected}, got {len(result)})")
        return [result[i] for i in self._tensor_positions]

    def _release(self):
        self._released = True
        self._to_save = ()  # what pack hooks returned goes now, as in PyTorch

    def _free_saved(self):
        self._to_save = ()


class FunctionMeta(type):
    """Gives every Function subclass its node class, named ``<Name>Backward``."""

    def __init__(cls, name, bases, attrs):
        super().__init__(name, bases, attrs)
        cls._backward_cls = type(name + "Backward", (BackwardCFunction,), {"_function": cls})


class Function(metaclass=FunctionMeta):
    def __init__(self, *args, **kwargs):
        import warnings
        warnings.warn(f"{self.__class__} should not be instantiated. Methods on autograd functions are all static, "
                      "so you should invoke them on the class itself. Instantiating an autograd function will raise "
                      "an error in a future version of PyTorch.", DeprecationWarning, stacklevel=2)

    @staticmethod
    def forward(ctx, *args, **kwargs):
        raise NotImplementedError("You must implement the forward function for custom autograd.Function.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError("You must implement either the backward or vjp method for your "
                                  "custom autograd.Function to use it with backward mode AD.")

    vjp = backward

    @staticmethod
    def jvp(ctx, *grad_inputs):
        raise NotImplementedError("You must implement the jvp function for custom autograd.Function to use it "
                                  "with forward mode AD.")

    generate_vmap_rule = False  # True: under vmap, forward and backward run on batched tensors

    @staticmethod
    def vmap(info, in_dims, *args):
        """A Function's batching rule: (outputs, out_dims) for inputs with their batch dims in_dims."""
        raise NotImplementedError("To use autograd.Function with vmap, you must either override the vmap "
                                  "staticmethod or set generate_vmap_rule=True.")

    @staticmethod
    def setup_context(ctx, inputs, output):
        """PyTorch 2's style: a Function that overrides this has a forward without ctx, and
        saves what backward needs here, from the inputs and the output."""
        raise NotImplementedError("setup_context is not implemented.")

    @classmethod
    def apply(cls, *args, **kwargs):
        if TRANSFORM_DEPTH[0]:  # inside torch.func transforms
            if cls.setup_context is Function.setup_context:
                raise RuntimeError(SETUP_CONTEXT_MESSAGE)
            if TRANSFORM_HOOK[0] is not None:  # vmap: the Function's own vmap rule or a generated one
                result = TRANSFORM_HOOK[0](custom_function_apply, (cls,) + args, kwargs)
                if result is not NotImplemented:
                    return result
        node = cls._backward_cls.__new__(cls._backward_cls)
        node._extras = None
        node._sequence_nr = next(_sequence)
        if _graph.anomaly["enabled"]:
            _graph.record_forward_stack(node)
        node._to_save = ()
        node._released = False
        node.materialize_grads = True
        node._non_differentiable = node._dirty = ()
        tensor_positions = [i for i, a in enumerate(args) if isinstance(a, Tensor)]
        node._tensor_positions = tensor_positions
        node.needs_input_grad = tuple(isinstance(a, Tensor) and a._requires_grad for a in args)

        prev = _grad_mode["enabled"]
        _grad_mode["enabled"] = False
        visible = set_visible_dual_level(-1)  # forward AD too: jvp gives the tangents
        try:
            if cls.setup_context is Function.setup_context:
                outputs = cls.forward(node, *args, **kwargs)
            else:
                outputs = cls.forward(*args, **kwargs)
                cls.setup_context(node, args, outputs)
        finally:
            _grad_mode["enabled"] = prev
            set_visible_dual_level(visible)
        if visible >= 0 and any(isinstance(a, Tensor) and a._fw_grad is not None for a in args):
            outputs = _record_outputs(cls, node, args, kwargs, outputs, prev)
            _apply_jvp(cls, node, args, outputs)  # after: jvp may read the outputs with their history
            return outputs
        return _record_outputs(cls, node, args, kwargs, outputs, prev)


def _record_outputs(cls, node, args, kwargs, outputs, grad_enabled):
    """Make ``node`` the grad_fn of the outputs when an input requires grad."""
    if not (grad_enabled and any(node.needs_input_grad)):
        return outputs
    tensor_positions = node._tensor_positions
    node.next_functions = tuple(gradient_edge(args[i]) for i in tensor_positions)
    single = not isinstance(outputs, tuple)
    outs = (outputs,) if single else outputs
    # an input returned as it is comes back as a view of it (the input keeps its own history)
    returned = {id(a) for a in args if isinstance(a, Tensor)} - set(node._dirty) - set(node._non_differentiable)
    if any(id(o) in returned for o in outs):
        outs = tuple(o._view_of(o._shape, o._stride, o._offset) if id(o) in returned else o for o in outs)
        outputs = outs[0] if single else outs
    node._input_meta = tuple((o._shape, o.dtype) for o in outs if isinstance(o, Tensor))
    nr = 0
    for o in outs:
        if not isinstance(o, Tensor):
            continue
        if id(o) not in node._non_differentiable:
            o.grad_fn = node
            o._output_nr = nr
            o._requires_grad = True
        nr += 1
    if node._to_save:  # as PyTorch's SavedVariables: version-checked, and packed by saved-tensor hooks
        hooks = _graph.saved_hooks[-1] if _graph.saved_hooks else None
        output_ids = {id(o) for o in outs}
        node._to_save = tuple(_saved_tensor(t, id(t) in output_ids, hooks) if isinstance(t, Tensor) else t
                              for t in node._to_save)
    if _graph.recorder is not None:
        _graph.recorder.record_function(node, cls, args, kwargs, outputs)
    return outs[0] if single else outs


SETUP_CONTEXT_MESSAGE = (
    "In order to use an autograd.Function with functorch transforms (vmap, grad, jvp, jacrev, ...), it must "
    "override the setup_context staticmethod. For more details, please see "
    "https://pytorch.org/docs/main/notes/extending.func.html")


def custom_function_apply(cls, *args, **kwargs):
    """``cls.apply`` as one op: what vmap's batching rule for custom Functions is keyed by."""
    return cls.apply(*args, **kwargs)


def _apply_jvp(cls, ctx, args, outputs):
    """Forward AD through a custom Function: its ``jvp`` gets one tangent per input (zeros for a
    tensor without one, None for a non-tensor) and returns one per output."""
    from . import dual
    tangents = [(a._fw_grad if a._fw_grad is not None else a.new_zeros(a._shape)) if isinstance(a, Tensor)
                else None for a in args]
    ctx._in_jvp = True
    visible = set_visible_dual_level(-1)
    try:
        result = cls.jvp(ctx, *tangents)
    finally:
        ctx._in_jvp = False
        set_visible_dual_level(visible)
    outs = outputs if isinstance(outputs, tuple) else (outputs,)
    result = result if isinstance(result, tuple) else (result,)
    if len(result) != len(outs):
        raise RuntimeError(f"Function's jvp returned an invalid number of forward gradients (expected "
                           f"{len(outs)} but got {len(result)})")
    for o, t in zip(outs, result):
        if isinstance(o, Tensor) and t is not None:
            dual.set_tangent(o, t)


from .._tensor import Tensor  # noqa: E402  (the tensor module imports the autograd package)


class InplaceFunction(Function):
    """A Function that may work in place (``inplace`` is only recorded: its forward decides)."""

    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace


class NestedIOFunction(Function):
    """The legacy Function with instance methods ``forward_extended``/``backward_extended`` over
    nested inputs. Kept for backward compatibility: as in PyTorch 2.13, neither calling an instance
    nor ``apply`` can run it (the legacy machinery it needs is gone)."""

    def _do_forward(self, *input):
        self._nested_input = input
        return super()._do_forward(*input)  # AttributeError, as PyTorch's: Function has no _do_forward

    __call__ = _do_forward

    def forward(self, *args):
        nested = self._nested_input  # AttributeError on the node apply() makes, as PyTorch's
        result = self.forward_extended(*nested)
        del self._nested_input
        self._nested_output = result
        return result

    def backward(self, *gradients):
        return self.backward_extended(*gradients)

    def save_for_backward(self, *args):
        self.to_save = args
        self._to_save_nested = args

    def mark_dirty(self, *args, **kwargs):
        self.dirty_tensors = args

    def mark_non_differentiable(self, *args, **kwargs):
        self.non_differentiable = args

    def forward_extended(self, *input):
        raise NotImplementedError

    def backward_extended(self, *grad_output):
        raise NotImplementedError


def _saved_tensor(tensor, is_output, hooks):
    saved = SavedTensor(tensor, tensor._version, is_output)
    if hooks is not None:
        saved.register_hooks(*hooks)
    return saved


class once_differentiable:  # noqa: N801  (PyTorch's decorator name)
    def __new__(cls, fn):
        return fn
