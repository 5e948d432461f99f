"""torch.utils.checkpoint: trade compute for memory by recomputing a region's forward in backward.

Two implementations, as in PyTorch. The reentrant one (``use_reentrant=True``) is an autograd
Function that runs the region under no_grad and, in its backward, reruns it with grad and
backpropagates through that inner graph. The non-reentrant one runs the region under
saved-tensor hooks that keep a placeholder for every tensor an op saves; the first unpack in a
backward reruns the region (stopping early once every placeholder is filled) and each
placeholder gives back its recomputed tensor.
"""
import contextlib
import enum
import weakref

from .._backend import backend as B
from .._caller import warn
from .._dispatch import OpOverload, OpOverloadPacket, observing
from .._process import per_process, per_process_global
from .._tensor import Tensor
from ..autograd import graph as _graph
from ..autograd.function import Function
from ..autograd.grad_mode import enable_grad, no_grad
from ..random import get_rng_state, set_rng_state

__all__ = ["checkpoint", "checkpoint_sequential", "CheckpointError", "CheckpointFunction", "check_backward_validity",
           "detach_variable", "get_device_states", "set_device_states", "noop_context_fn",
           "set_checkpoint_early_stop", "DefaultDeviceType", "set_checkpoint_debug_enabled", "CheckpointPolicy",
           "SelectiveCheckpointContext", "create_selective_checkpoint_contexts", "SAC_IGNORED_OPS",
           "GraphExecGroup"]


class CheckpointError(RuntimeError):
    pass


_DEBUG_TIP = """
Tip: To see a more detailed error message, either pass `debug=True` to
`torch.utils.checkpoint.checkpoint(...)` or wrap the code block
with `with torch.utils.checkpoint.set_checkpoint_debug_enabled(True):` to
enable checkpoint\u2011debug mode globally.

If this error occurs under torch.compile with automatic_dynamic_shapes enabled,
it may be because the recomputation selected a different compiled graph than the
forward pass (e.g., a dynamic graph instead of the original static graph).
To fix this, either:
  - Use torch._dynamo.mark_dynamic() to explicitly mark varying dimensions as
    dynamic upfront, avoiding the static-to-dynamic transition.
  - Call torch._C._dynamo.eval_frame._set_lru_cache(False) to disable LRU cache
    reordering, which can change which graph is checked first between forward
    and recompute.
See https://github.com/pytorch/pytorch/issues/166926 for more details and
workaround examples.
"""

# Per process (reset by _process.new_run): the switches of set_checkpoint_early_stop and
# set_checkpoint_debug_enabled (None: each checkpoint call decides).
settings = per_process("torch.utils.checkpoint.settings", {"early_stop": None, "debug": None})


class _Setting:
    def __init__(self, key, value):
        self.key, self.prev = key, settings[key]
        settings[key] = value

    def __enter__(self):
        pass

    def __exit__(self, *exc):
        settings[self.key] = self.prev


def set_checkpoint_early_stop(enable):
    """Context manager: whether non-reentrant checkpoint stops recomputing once it has every saved tensor."""
    return _Setting("early_stop", enable)


def set_checkpoint_debug_enabled(enabled):
    """Context manager: checkpoint's debug mode for every call (None: each call's ``debug``)."""
    return _Setting("debug", enabled)


class DefaultDeviceType:
    """The device type whose random state checkpoint saves besides the CPU's (there is only the CPU here)."""

    _default_device_type = "cuda"

    @staticmethod
    def set_device_type(device="cuda"):
        DefaultDeviceType._default_device_type = device

    @staticmethod
    def get_device_type():
        return DefaultDeviceType._default_device_type


per_process_global(DefaultDeviceType, "_default_device_type")


def get_device_states(*args):
    """The random states of the accelerators the tensors in ``args`` are on: none, all are on the CPU."""
    return [], []


def set_device_states(devices, states, *, device_type=None):
    if devices:
        raise RuntimeError("set_device_states: there are no accelerator devices")


def detach_variable(inputs):
    if not isinstance(inputs, tuple):
        raise RuntimeError("Only tuple of tensors is supported. Got Unsupported input type: "
                           f"{type(inputs).__name__}")
    out = []
    for inp in inputs:
        if isinstance(inp, Tensor):
            x = inp.detach()
            x._requires_grad = inp._requires_grad
            inp = x
        out.append(inp)
    return tuple(out)


def check_backward_validity(inputs):
    if not any(inp._requires_grad for inp in inputs if isinstance(inp, Tensor)):
        warn("None of the inputs have requires_grad=True. Gradients will be None")


def noop_context_fn():
    return contextlib.nullcontext(), contextlib.nullcontext()


def _is_checkpoint_valid():
    """False in a backward that computes the gradients of given inputs only (autograd.grad,
    backward(inputs=...)): the reentrant checkpoint cannot run there."""
    return not _graph.graph_tasks or _graph.graph_tasks[-1][2] is None


class CheckpointFunction(Function):
    @staticmethod
    def forward(ctx, run_function, preserve_rng_state, *args):
        check_backward_validity(args)
        ctx.run_function, ctx.preserve_rng_state = run_function, preserve_rng_state
        if preserve_rng_state:
            ctx.fwd_cpu_state = get_rng_state()
        ctx.inputs, ctx.tensor_indices = [], []
        tensor_inputs = []
        for i, arg in enumerate(args):
            if isinstance(arg, Tensor):
                tensor_inputs.append(arg)
                ctx.tensor_indices.append(i)
                ctx.inputs.append(None)
            else:
                ctx.inputs.append(arg)
        ctx.save_for_backward(*tensor_inputs)
        with no_grad():
            return run_function(*args)

    @staticmethod
    def backward(ctx, *args):
        if not _is_checkpoint_valid():
            raise RuntimeError("When use_reentrant=True, torch.utils.checkpoint is incompatible with .grad() or "
                               "passing an `inputs` parameter to .backward(). To resolve this error, you can either "
                               "set use_reentrant=False, or call .backward() without passing the `inputs` argument.")
        inputs = list(ctx.inputs)
        for i, tensor in zip(ctx.tensor_indices, ctx.saved_tensors):
            inputs[i] = tensor
        state = get_rng_state()
        try:
            if ctx.preserve_rng_state:
                set_rng_state(ctx.fwd_cpu_state)
            detached_inputs = detach_variable(tuple(inputs))
            with enable_grad():
                outputs = ctx.run_function(*detached_inputs)
        finally:
            if ctx.preserve_rng_state:
                set_rng_state(state)
        if isinstance(outputs, Tensor):
            outputs = (outputs,)
        pairs = [(o, g) for o, g in zip(outputs, args) if isinstance(o, Tensor) and o._requires_grad]
        if not pairs:
            raise RuntimeError("none of output has requires_grad=True, this checkpoint() is not necessary")
        _graph.backward([o for o, _ in pairs], [g for _, g in pairs])
        return (None, None) + tuple(inp.grad if isinstance(inp, Tensor) else None for inp in detached_inputs)


def checkpoint(function, *args, use_reentrant=None, context_fn=noop_context_fn, determinism_check="default",
               debug=False, early_stop=True, **kwargs):
    """Run ``function(*args, **kwargs)`` keeping none of its saved tensors; backward recomputes them."""
    if use_reentrant is None:
        warn("torch.utils.checkpoint: the use_reentrant parameter should be passed explicitly. Starting in PyTorch "
             "2.9, calling checkpoint without use_reentrant will raise an exception. use_reentrant=False is "
             "recommended, but if you need to preserve the current default behavior, you can pass "
             "use_reentrant=True. Refer to docs for more details on the differences between the two variants.")
        use_reentrant = True
    preserve = kwargs.pop("preserve_rng_state", True)
    if kwargs and use_reentrant:
        raise ValueError("Unexpected keyword arguments: " + ",".join(arg for arg in kwargs))
    if use_reentrant:
        if context_fn is not noop_context_fn or debug is not False:
            raise ValueError("Passing `context_fn` or `debug` is only supported when use_reentrant=False.")
        return CheckpointFunction.apply(function, preserve, *args)
    if determinism_check not in ("default", "none"):
        raise ValueError("determinism_check should be one of ['default', 'none'], but got " + str(determinism_check))
    return _checkpoint_without_reentrant(function, preserve, context_fn, determinism_check, early_stop, args, kwargs)


class _Holder:
    """What a checkpointed region's pack hook keeps for a saved tensor: its recomputed value per backward."""
    __slots__ = ("values", "__weakref__")

    def __init__(self):
        self.values = {}  # graph task id -> the recomputed tensor (_UNPACKED once given out)


_UNPACKED = object()


class _StopRecomputationError(Exception):
    pass


def _metadata(x):
    return {"shape": x.shape, "dtype": x.dtype, "device": x.device}


class _Frame:
    """One non-reentrant checkpointed call: its placeholders and how to recompute it."""

    def __init__(self, recompute, early_stop, check_metadata):
        self.recompute, self.early_stop, self.check_metadata = recompute, early_stop, check_metadata
        self.holders, self.metadatas = [], []
        self.recomputed = set()  # graph tasks that recomputed already
        self.forward_completed = False

    def pack(self, x):
        holder = _Holder()
        self.holders.append(weakref.ref(holder))
        self.metadatas.append(_metadata(x))
        return holder

    def unpack(self, holder):
        task = _graph.current_graph_task_id()
        if task not in self.recomputed:
            self.recomputed.add(task)
            self._recompute(task)
        value = holder.values.get(task, _UNPACKED)
        if value is _UNPACKED:
            raise CheckpointError("torch.utils.checkpoint: Unpack is being triggered for a tensor that was already "
                                  "unpacked once. If you are calling ctx.saved_tensors in backward, make sure to do "
                                  "so only once. Otherwise please open an issue with details on your use case.")
        holder.values[task] = _UNPACKED
        return value

    def _recompute(self, task):
        count = 0

        def recompute_pack(x):
            nonlocal count
            if count >= len(self.holders):
                raise CheckpointError("torch.utils.checkpoint: trying to save more tensors during recomputation "
                                      "than during the original forward pass.\n" + _DEBUG_TIP)
            holder = self.holders[count]()
            count += 1
            if holder is not None:
                holder.values[task] = x
            if self.early_stop and count == len(self.holders):
                raise _StopRecomputationError
            return x

        def recompute_unpack(x):
            return x

        try:
            with _graph.saved_tensors_hooks(recompute_pack, recompute_unpack):
                self.recompute()
        except _StopRecomputationError:
            pass
        if count != len(self.holders):
            raise CheckpointError("torch.utils.checkpoint: A different number of tensors was saved during the "
                                  "original forward and recomputation.\n"
                                  f"Number of tensors saved during forward: {len(self.holders)}\n"
                                  f"Number of tensors saved during recomputation: {count}.\n" + _DEBUG_TIP)
        if self.check_metadata:
            different = ""
            for i, (ref, meta) in enumerate(zip(self.holders, self.metadatas)):
                holder = ref()
                if holder is not None and _metadata(holder.values[task]) != meta:
                    different += (f"tensor at position {i}:\nsaved metadata: {meta}\n"
                                  f"recomputed metadata: {_metadata(holder.values[task])}\n")
            if different:
                raise CheckpointError("torch.utils.checkpoint: Recomputed values for the following tensors have "
                                      f"different metadata than during the forward pass.\n{different}.\n" + _DEBUG_TIP)


def _checkpoint_without_reentrant(function, preserve_rng_state, context_fn, determinism_check, early_stop, args,
                                  kwargs):
    forward_context, recompute_context = context_fn()
    fwd_cpu_state = get_rng_state() if preserve_rng_state else None
    # the region's tensor inputs, saved for its recomputation (PyTorch saves them for backward, so
    # a region that changes an input in place meets the version check)
    inputs = [(a, a._version) for a in args if isinstance(a, Tensor)]

    def recompute():
        from ..autograd.derivatives import _version_error
        for t, version in inputs:
            if t._version != version:
                raise _version_error(t, version, t.grad_fn)
        state = get_rng_state()
        try:
            if preserve_rng_state:
                set_rng_state(fwd_cpu_state)
            with enable_grad(), recompute_context:
                function(*args, **kwargs)
        finally:
            if preserve_rng_state:
                set_rng_state(state)

    early = settings["early_stop"] if settings["early_stop"] is not None else early_stop
    frame = _Frame(recompute, early, determinism_check == "default")
    with _graph.saved_tensors_hooks(frame.pack, frame.unpack), forward_context:
        result = function(*args, **kwargs)
    frame.forward_completed = True
    return result


def checkpoint_sequential(functions, segments, input, use_reentrant=None, **kwargs):
    """Run a Sequential (or a list of modules) in ``segments`` pieces, each checkpointed but the last."""
    if use_reentrant is None:
        warn("torch.utils.checkpoint.checkpoint_sequential: the use_reentrant parameter should be passed "
             "explicitly. In version 2.9 we will raise an exception if use_reentrant is not passed. "
             "use_reentrant=False is recommended, but if you need to preserve the current default behavior, you "
             "can pass use_reentrant=True. Refer to docs for more details on the differences between the two "
             "variants.")
        use_reentrant = True
    preserve = kwargs.pop("preserve_rng_state", True)
    if kwargs:
        raise ValueError("Unexpected keyword arguments: " + ",".join(arg for arg in kwargs))

    def run_function(start, end, functions):
        def forward(input):
            for j in range(start, end + 1):
                input = functions[j](input)
            return input
        return forward

    if not isinstance(functions, (list, tuple)):  # an nn.Sequential
        functions = list(functions.children())
    segment_size = len(functions) // segments
    end = -1
    for start in range(0, segment_size * (segments - 1), segment_size):
        end = start + segment_size - 1
        input = checkpoint(run_function(start, end, functions), input, use_reentrant=use_reentrant,
                           preserve_rng_state=preserve)
    return run_function(end + 1, len(functions) - 1, functions)(input)


class GraphExecGroup:
    """Context manager: backward calls inside it recompute each checkpointed region at most once."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        pass


# ---- selective activation checkpointing -------------------------------------------------

class CheckpointPolicy(enum.Enum):
    MUST_SAVE = 0
    PREFER_SAVE = 1
    MUST_RECOMPUTE = 2
    PREFER_RECOMPUTE = 3
    MUST_CPU_OFFLOAD = 4
    PREFER_CPU_OFFLOAD = 5


class SelectiveCheckpointContext:
    """What a selective-checkpoint policy function gets first: ``is_recompute`` (always False, as the
    policy runs in the forward only) and ``op_output``."""

    def __init__(self, *, is_recompute, op_output=None):
        self.is_recompute, self.op_output = is_recompute, op_output


def _policy_from_bool(b):
    return CheckpointPolicy.MUST_SAVE if b else CheckpointPolicy.PREFER_RECOMPUTE


# ops the policy never sees: PyTorch's are detach and metadata ops, which this engine does not dispatch
# (no declared op: they reach no policy)
SAC_IGNORED_OPS = set()

_RECOMPUTE = object()
_CONSUMED = object()

_SAC_MISMATCH_MSG = ("This can happen if the operations in the checkpointed region are nondeterministic or depend "
                     "on global state that changed between forward and backward.")


def _each_tensor(fn, out):
    if isinstance(out, Tensor):
        return fn(out)
    if isinstance(out, (tuple, list)):
        return type(out)(_each_tensor(fn, o) for o in out)
    return out


class _CachingMode:
    """The forward's context: after each op (as PyTorch's dispatcher sees it, torch._dispatch), asks
    the policy whether to keep its output, and keeps it (or notes it is to be recomputed)."""

    def __init__(self, policy_fn, storage):
        self.policy_fn, self.storage = policy_fn, storage
        self.func_counter = {}
        self._observing = observing(self._after_op)

    def _after_op(self, func, args, kwargs, out):
        if func in SAC_IGNORED_OPS:
            return
        idx = self.func_counter.get(func, 0)
        self.func_counter[func] = idx + 1
        policy = self.policy_fn(SelectiveCheckpointContext(is_recompute=False, op_output=out), func, *args, **kwargs)
        if isinstance(policy, bool):
            policy = _policy_from_bool(policy)
        if policy in (CheckpointPolicy.MUST_SAVE, CheckpointPolicy.PREFER_SAVE):
            self.storage.setdefault(func, {})[idx] = _each_tensor(lambda t: (t.detach(), t._version), out)
        else:
            self.storage.setdefault(func, {})[idx] = _RECOMPUTE

    def __enter__(self):
        self._observing.__enter__()
        return self

    def __exit__(self, *exc):
        self._observing.__exit__(*exc)


class _CachedMode:
    """The recomputation's context: an op whose output the forward kept gives that output (its
    values written into what the op recomputed, which its node saved), the others run again."""

    def __init__(self, storage, allow_cache_entry_mutation=False):
        self.storage, self.allow_cache_entry_mutation = storage, allow_cache_entry_mutation
        self.func_counter = {}
        self._observing = observing(self._after_op)

    def _restore(self, out, kept):
        cached, version = kept
        if cached._version != version and not self.allow_cache_entry_mutation:
            raise RuntimeError("Tensor cached during selective activation checkpoint has been mutated")
        B.put(out._storage.buf, out._offset, out._shape, out._stride, cached.contiguous()._buf())
        return out

    def _after_op(self, func, args, kwargs, out):
        if func in SAC_IGNORED_OPS:
            return
        idx = self.func_counter.get(func, 0)
        self.func_counter[func] = idx + 1
        func_storage = self.storage.get(func)
        if func_storage is None:
            raise RuntimeError(f"{func} encountered during backward but not found in storage. {_SAC_MISMATCH_MSG}")
        entry = func_storage.get(idx)
        if entry is None:
            raise RuntimeError(f"{func} invocation index {idx} encountered during backward but not found in "
                               f"storage. {_SAC_MISMATCH_MSG}")
        if entry is _CONSUMED:
            raise RuntimeError("Trying to backward an extra time. You are only allowed to backward once on any "
                               "region computed under selective activation checkpoint.")
        if entry is _RECOMPUTE:
            return
        func_storage[idx] = _CONSUMED
        outs = out if isinstance(out, (tuple, list)) else (out,)
        kept = entry if isinstance(out, (tuple, list)) else (entry,)
        for o, k in zip(outs, kept):
            if isinstance(o, Tensor):
                self._restore(o, k)

    def __enter__(self):
        self.func_counter.clear()  # (a second backward with retain_graph meets "backward an extra time")
        self._observing.__enter__()
        return self

    def __exit__(self, *exc):
        self._observing.__exit__(*exc)


def create_selective_checkpoint_contexts(policy_fn_or_list, allow_cache_entry_mutation=False):
    """The (forward, recompute) contexts for ``checkpoint(..., context_fn=...)`` that keep the outputs
    of the ops the policy (or the list of OpOverloads) says to save, and recompute the rest."""
    if isinstance(policy_fn_or_list, list):
        for op in policy_fn_or_list:
            if not isinstance(op, OpOverload):
                extra = ("Please update the OpOverloadPacket to a specific OpOverload.For example, if you have "
                         "`torch.ops.aten.mm`, change it to `torch.ops.aten.mm.default`.") \
                    if isinstance(op, OpOverloadPacket) else ""
                raise ValueError(f"Expected op in `op_list` to be an OpOverload but got: {op} of type {type(op)}. "
                                 f"{extra}")

        def policy_fn(ctx, op, *args, **kwargs):
            if op in policy_fn_or_list:
                return CheckpointPolicy.MUST_SAVE
            return CheckpointPolicy.PREFER_RECOMPUTE
    elif callable(policy_fn_or_list):
        policy_fn = policy_fn_or_list
    else:
        raise TypeError("policy_fn_or_list must be either a function or a list of ops.")
    storage = {}
    return _CachingMode(policy_fn, storage), _CachedMode(storage, allow_cache_entry_mutation)
