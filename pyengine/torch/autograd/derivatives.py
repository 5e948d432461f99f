"""The derivative table: one declarative entry per differentiable op.

Like PyTorch's ``derivatives.yaml``, each entry names the backward node and gives one
formula per differentiable input. Entries are written next to the op's forward with the
``@op`` decorator::

    @op("MulBackward0",
        self=lambda grad, other: grad * other,
        other=lambda grad, self: grad * self)
    def mul(self, other): ...

A formula's parameter names say what it needs: ``grad`` (the incoming gradient), any
argument of the forward by name, and ``result`` (the forward's output). Only those are
saved for backward. Ops with several outputs (a tuple) may ask for ``grads``, the list of
all output gradients, and get ``result`` as the tuple; only floating outputs get a grad_fn.
A formula for a list-of-tensors input (``cat(tensors)``) returns one gradient per element.
Formulas are written with ordinary tensor operations, so with
``create_graph=True`` they are recorded too and higher derivatives follow.

The forward-mode (tangent) formula is ``result=``, as in ``derivatives.yaml``: ``"auto_element_wise"``
(the backward formulas with the tangent in place of ``grad``: an element-wise op's Jacobian is
diagonal), ``"auto_linear"`` (the forward itself applied to the tangents: a linear op is its own
derivative), or a function of the inputs' tangents ``self_t``, ``other_t`` ..., the forward's
arguments by name, and ``result`` (see ``dual``).
"""
import re
from operator import itemgetter
from types import FunctionType

from . import dual as _dual, graph as _graph
from .graph import (FREED_MESSAGE, PACKED, Node, gradient_edge, saved_hooks, shared_output_nrs, _sequence,
                    _shared_nrs)
from .grad_mode import _state as _grad_mode

_anomaly = _graph.anomaly
TABLE = {}  # op name -> Derivative

# torch.func's vmap puts its dispatcher here while a vmap runs (torch._functorch.vmap): every
# declared op then asks it first, ``hook(op, positional args, keyword-only args)``, and returns
# what it gives unless that is NotImplemented (no batched argument: the op runs as it is).
TRANSFORM_HOOK = [None]
TRANSFORM_DEPTH = [0]  # how many torch.func transforms are running (custom Functions must then have setup_context)

INFERENCE_SAVE_MESSAGE = (
    "Inference tensors cannot be saved for backward. Please do not use Tensors created in inference "
    "mode in computation tracked by autograd. To work around this, you can make a clone to get a "
    "normal tensor and use it in autograd, or use `torch.no_grad()` instead of "
    "`torch.inference_mode()`.")


class Derivative:
    """The backward side of one op: node class, differentiable inputs and their formulas."""

    number_slots = ()  # saved slots that wrap a Python number (see op)
    frees_untensored = False  # a node that saved no tensor is freed by backward all the same (see op)

    def __init__(self, name, node_name, params, formulas, forward, tangent=None, packs=None, saves="", aux="",
                 saved=None):
        self.name = name
        self.tangent = tangent  # the forward-mode formula: None, "auto_linear", "auto_element_wise" or a function
        self.params = params                      # forward parameter names, in order
        self.inputs = tuple(formulas)             # differentiable parameters, in order
        self.input_positions = tuple(params.index(i) for i in self.inputs)
        self.formulas = tuple(formulas.values())
        arg_names = [_arg_names(f) for f in self.formulas]
        self.formula_names = tuple(arg_names)
        self.tangent_names = _arg_names(tangent) if callable(tangent) else None
        self.shown = None if saved is None else tuple(saved.split())  # PyTorch's _saved_* names, where declared
        read = {a for args in arg_names for a in args} - {"grad", "grads"}
        # (a shown argument the formulas read is saved when they are, as they are)
        saves = set(saves.split()) | {n for n in self.shown or () if n in params and n not in read}
        needed = read | saves
        # what is saved: forward arguments by position, then the result if asked for, then the other
        # outputs PyTorch's op has and ours gives only to its node (``aux``: see aux_outputs)
        self.saved = tuple(p for p in params if p in needed)
        self.saved_positions = tuple(params.index(p) for p in self.saved)
        self.saves_result = "result" in needed
        self.aux = tuple(aux.split())
        slots = self.saved + (("result",) if self.saves_result else ()) + self.aux
        self.result_at = len(self.saved) if self.saves_result else None
        self.outputs_at = frozenset((self.result_at,) if self.saves_result else ())
        self.aux_at = frozenset(range(len(slots) - len(self.aux), len(slots)))
        # saved whatever needs a gradient: the arguments no formula differentiates (PyTorch saves
        # non-tensor arguments unconditionally) and the outputs
        self.always = frozenset(i for i, slot in enumerate(slots) if slot not in formulas)
        self._declared_saves = frozenset(slots.index(n) for n in list(saves) + list(self.aux))
        self.always |= self._declared_saves
        # each formula's arguments as indices into [grad] + saved values
        all_grads = 1 + len(slots)  # index of ``grads`` (all output gradients)
        self.formula_args = tuple(tuple(0 if a == "grad" else all_grads if a == "grads" else
                                        1 + slots.index(a) for a in args)
                                  for args in arg_names)
        # each formula's arguments picked out of [grad] + saved values, in one C call (None:
        # the formula takes just ``grad``)
        self.formula_takes = tuple(None if args == (0,) else _tuple_getter(args)
                                   for args in self.formula_args)
        self.input_bits = tuple((pos, 1 << k) for k, pos in enumerate(self.input_positions))  # for masks
        self.wants_all_grads = any("grads" in args for args in arg_names)
        self.slots = slots
        # PyTorch's generated code saves (and unpacks) the inputs in the order of their names, then the
        # outputs (mul saves other, then self; hypot other, self, result): saved-tensor hooks see that order
        self.pack_order = tuple(sorted(range(len(slots)), key=lambda i: (True, i)
                                       if i in self.outputs_at or i in self.aux_at else (False, slots[i])))
        self._output_names = ()  # (element, name) of outputs packs names (``indices=result1``)
        self._packed_slots = None if packs is None else self._declared_packs(packs)
        if packs is not None:  # unpacked in the declared order too
            declared = list(dict.fromkeys(i for i, _ in self._packed_slots))
            self.pack_order = tuple(declared + [i for i in self.pack_order if i not in declared])
        self.nothing_saved = (None,) * len(slots)
        self._plans = {}
        self._attachers = {}  # mask -> the function that attaches a node saving what that mask needs (attacher)
        self._exposed = False  # the _saved_* names bound yet (expose_saved)
        # The node class knows its derivative (a class attribute: nothing to store per node).
        # "torch::autograd::CopyBackwards": a C++ node whose name() has its namespace
        qualified = {"name": lambda node: node_name} if "::" in node_name else {}
        if self.formulas and not self.wants_all_grads:
            qualified["apply"] = _unrolled_apply(self)
        self.node_class = type(node_name.rpartition("::")[2], (FormulaNode,),
                               {"__slots__": (), "_derivative": self, **qualified})
        self.forward = forward

    def expose_saved(self):
        """Bind the node class's ``_saved_*`` and ``_raw_saved_*`` properties by PyTorch's names, when a
        program first asks for one (it reads the formulas' bytecode: nothing to pay at import or per
        node). A value the formulas read only the metadata of is shown as PyTorch saves it
        (``_saved_self_sym_sizes``); an output the op declares by name in ``packs`` under that name
        (``_saved_indices``); ``_raw_saved_*`` exists for what PyTorch saves as a tensor."""
        if self._exposed:
            return
        self._exposed = True
        cls = self.node_class
        packed = {i for i, _ in self.packed_slots}
        named_outputs = self._output_names
        meta = {}  # slot -> the metadata attributes its formulas read, None if they read its values
        for formula, args in zip(self.formulas, self.formula_args):
            reads = _metadata_reads(formula)
            for name, a in zip(_arg_names(formula), args):
                if 0 < a <= len(self.slots):
                    known = meta.get(a - 1, ())
                    meta[a - 1] = known + reads[name] if name in reads and known is not None else None
        for i, slot in enumerate(self.slots):
            if named_outputs and i == self.result_at:
                for element, name in named_outputs:
                    if element is None:  # the one output (linalg.inv's inverse)
                        setattr(cls, "_saved_" + name, property(lambda node, i=i: node._value_saved_at(i)))
                        setattr(cls, "_raw_saved_" + name, property(lambda node, i=i: node._as_raw_saved(i)))
                        continue
                    setattr(cls, "_saved_" + name, property(lambda node, i=i, e=element: node._value_saved_at(i)[e]))
                    setattr(cls, "_raw_saved_" + name,
                            property(lambda node, e=element: node._as_raw_saved_output(e)))
                    for suffix in [s for s in _METADATA_GETTERS if f"{name}_{s}" in (self.shown or ())]:
                        setattr(cls, f"_saved_{name}_{suffix}", property(
                            lambda node, i=i, e=element, f=_METADATA_GETTERS[suffix]: f(node._value_saved_at(i)[e])))
                continue
            if self.shown is not None:  # declared: PyTorch's names, its metadata of a value included
                suffixes = [suffix for suffix in _METADATA_GETTERS if f"{slot}_{suffix}" in self.shown]
            else:
                suffixes = sorted({_METADATA_SAVED[a] for a in meta.get(i) or () if a in _METADATA_SAVED}) \
                    if i not in packed else ()
            for suffix in suffixes:
                setattr(cls, f"_saved_{slot}_{suffix}",
                        property(lambda node, i=i, f=_METADATA_GETTERS[suffix]: node._metadata_saved_at(i, f)))
            if (self.shown is None and meta.get(i) and i not in packed) or (self.shown is not None
                                                                            and slot not in self.shown):
                continue
            setattr(cls, "_saved_" + slot, property(lambda node, i=i: node._value_saved_at(i, shown=True)))
            if i in packed or i in self.number_slots:
                setattr(cls, "_raw_saved_" + slot, property(lambda node, i=i: node._as_raw_saved(i)))

    @property
    def packed_slots(self):
        """What PyTorch saves as tensors (what saved-tensor hooks see), in its order: pairs (slot,
        element of a several-output result or None). Unless the op declares ``packs``, a value
        whose formulas read only its shape, dtype or size is saved by PyTorch as those
        (``self_sym_sizes``), not packed."""
        if self._packed_slots is None:
            meta_only = set(range(len(self.slots))) - self._declared_saves
            for formula, args in zip(self.formulas, self.formula_args):
                reads = _metadata_reads(formula)
                for name, a in zip(_arg_names(formula), args):
                    if 0 < a <= len(self.slots) and name not in reads:
                        meta_only.discard(a - 1)
            self._packed_slots = tuple((i, None) for i in self.pack_order if i not in meta_only)
        return self._packed_slots

    def _declared_packs(self, packs):
        """``packs``: PyTorch's tensor SavedVariables in its order, as parameter names, ``result``, or
        ``result1`` ... for one output of several; each must be a value the formulas save."""
        out = []
        for name in packs.split():
            shown, _, name = name.rpartition("=")
            number = name[len("result"):]
            if shown or (number.isdigit() and name.startswith("result")):  # an output shown by its name
                self._output_names += ((int(number) if number else None, shown or name),)
            if name in self.slots:
                out.append((self.slots.index(name), None))
            elif name.startswith("result") and number.isdigit() and self.saves_result:
                out.append((self.result_at, int(number)))
            else:
                raise ValueError(f"{self.name}: packs names {name!r}, which no formula saves")
        return tuple(out)

    def save_plan(self, mask):
        """What to save when the inputs in ``mask`` (bit i: input i) need a gradient: the
        slots their formulas use, a getter that picks the saved tuple (those slots' values,
        None in the others) out of ``args + (result, None)``, or out of ``args`` alone when the third
        item is true (then all of ``args`` is the tuple itself); None when nothing is saved. Like
        PyTorch, nothing else is saved, so an in-place change to a tensor only the other
        formulas need is not an error."""
        if mask not in self._plans:
            needed = sorted({i - 1 for k, args in enumerate(self.formula_args) if mask >> k & 1
                             for i in args if 0 < i <= len(self.slots)} | self.always)
            n_args, result_at = len(self.saved_positions), len(self.params)
            picks = [result_at + 1] * len(self.slots)  # the None after the result
            for i in needed:
                picks[i] = self.saved_positions[i] if i < n_args else result_at if i == self.result_at \
                    else result_at + 2 + self.aux.index(self.slots[i])
            if not needed:
                self._plans[mask] = None
            else:
                take = _WHOLE if picks == list(range(result_at)) else _tuple_getter(picks)
                if self.aux:  # the forward's other outputs after the result
                    take = _with_aux(take, len(self.aux))
                self._plans[mask] = (tuple(needed), take, max(picks) < result_at)
        return self._plans[mask]

    def attacher(self, mask):
        """The function ``attach(nexts, nrs, args, result, spans=None)`` that attaches a new node of
        this entry to ``result`` when the inputs in ``mask`` need a gradient (see _compiled_attacher)."""
        attach = self._attachers.get(mask)
        if attach is None:
            attach = self._attachers[mask] = _compiled_attacher(self, mask)
        return attach


def _unrolled_apply(d):
    """FormulaNode.apply for ``d``'s node class with its formulas spelled out: the saved values
    unpacked into locals and each formula called on its own (backward runs it once per node, so
    it is generated like the recording calls; the generic loop stays for ``grads`` formulas)."""
    slots = [f"s{i}" for i in range(len(d.slots))]
    nexts = [f"n{k}" for k in range(len(d.formulas))]
    values = ["grad"] + slots
    calls = [f"None if n{k} is None else f{k}({', '.join(values[a] for a in args)})"
             for k, args in enumerate(d.formula_args)]
    # (nearly always) every saved tensor is still at version 0: checked here, slot by slot, without a call
    changed = " or ".join(f"isinstance(saved[{i}], Tensor) and saved[{i}]._storage.version" for i in range(len(slots)))
    lines = ["def apply(self, grads):",
             "    saved = self._saved",
             "    versions = self._versions",
             "    if versions is ALL_AT_0 and saved is not None:",
             *([f"        if {changed}:",
                "            saved = self._unpacked()"] if slots else ["        pass"]),
             "    elif saved is None or versions is not None:  # freed, or tensors to check",
             "        saved = self._unpacked()",
             "    grad = grads[0]",
             "    if grad is None:",
             "        return [None] * len(self._next)",
             "    if self._spans is not None:",
             "        return self._apply_spans((grad,) + tuple(saved))",
             *([f"    {''.join(n + ', ' for n in slots)}= saved"] if slots else []),
             f"    {''.join(n + ', ' for n in nexts)}= self._next",
             f"    return [{', '.join(calls)}]"]
    namespace = {"ALL_AT_0": ALL_AT_0, "Tensor": Tensor, **{f"f{k}": f for k, f in enumerate(d.formulas)}}
    exec(compile("\n".join(lines), f"{__file__}:{d.name}.apply", "exec"), namespace)
    return namespace["apply"]


AUX_OUTPUTS = [None]  # how to make the other outputs of the op running now, for its node (aux_outputs)


def aux_outputs(make):
    """Called by the forward of an op declared with ``aux``: ``make()`` gives its outputs besides the
    result that PyTorch's op returns and saves (native_layer_norm's mean and rstd, nll_loss's
    total_weight), as a tuple, for the node attached next. They are made only when a program reads
    them or saved-tensor hooks pack them: ordinary forward and backward never pay for them."""
    AUX_OUTPUTS[0] = make


def _with_aux(take, count):
    def take_with_aux(values):
        outputs, AUX_OUTPUTS[0] = _AuxOutputs(AUX_OUTPUTS[0]), None
        return take(values + tuple(_AuxOutput(outputs, k) for k in range(count)))
    return take_with_aux


def _made(value):
    """A saved value, an op's other output made if it was not yet (see aux_outputs)."""
    return value.get() if value.__class__ is _AuxOutput else value


class _AuxOutputs:
    """An op's other outputs, made on first use."""
    __slots__ = ("make", "made")

    def __init__(self, make):
        self.make, self.made = make, None

    def get(self, k):
        if self.made is None:
            self.made, self.make = tuple(self.make()), None
        return self.made[k]


class _AuxOutput:
    """One of them, as a saved value until it is read."""
    __slots__ = ("outputs", "k")

    def __init__(self, outputs, k):
        self.outputs, self.k = outputs, k

    def get(self):
        return self.outputs.get(self.k)


_METADATA = frozenset(("_shape", "shape", "dtype", "device", "numel", "dim", "ndim", "size", "_stride", "stride",
                       "is_contiguous"))


# What PyTorch saves of a tensor whose formulas read only its metadata, by the attribute read:
# grad_fn's name for it (``_saved_self_sym_sizes``) and how it is shown
_METADATA_SAVED = {"_shape": "sym_sizes", "shape": "sym_sizes", "size": "sym_sizes", "numel": "sym_numel",
                   "_stride": "sym_strides", "stride": "sym_strides"}
_METADATA_GETTERS = {"sym_sizes": lambda t: tuple(t._shape), "sym_numel": lambda t: t.numel(),
                     "sym_strides": lambda t: tuple(t._stride), "dim": lambda t: t.dim(),
                     "sym_argsize_0": lambda t: t._shape[0], "sym_argsize_1": lambda t: t._shape[1],
                     "sym_argsize_2": lambda t: t._shape[2], "sym_argsize_minus_1": lambda t: t._shape[-1],
                     "sym_sizes_opt": lambda t: (0,) if t is None else tuple(t._shape)}  # (an optional tensor)


def _metadata_reads(formula):
    """The parameters of a formula it reads only the metadata of (``self._shape``, ``self.dtype``),
    each with the attributes read."""
    import dis
    params = set(_arg_names(formula))
    meta = {}
    instructions = list(dis.get_instructions(formula))
    for ins, nxt in zip(instructions, instructions[1:] + [None]):
        names = ins.argval if isinstance(ins.argval, tuple) else (ins.argval,)
        if not (ins.opname.startswith("LOAD_FAST") or ins.opname in ("LOAD_DEREF", "LOAD_CLOSURE", "MAKE_CELL")):
            continue
        # (a LOAD_FAST_LOAD_FAST of CPython 3.13+ loads two names: only the second meets the next instruction)
        reads_metadata = (ins.opname.startswith("LOAD_FAST") and nxt is not None
                          and nxt.opname in ("LOAD_ATTR", "LOAD_METHOD") and nxt.argval in _METADATA)
        for i, name in enumerate(names):
            if name in params:
                if reads_metadata and i == len(names) - 1 and meta.get(name, ()) is not None:
                    meta[name] = meta.get(name, ()) + (nxt.argval,)
                else:
                    meta[name] = None
    return {name: attrs for name, attrs in meta.items() if attrs is not None}


_REDUCTIONS = {"none": 0, "mean": 1, "sum": 2}  # at::Reduction
# optional arguments that are never tensors: given as None, no _raw_saved_* (an optional tensor has one)
_NEVER_TENSORS = frozenset(("dim", "dims", "correction", "divisor_override", "storage_offset", "dtype", "ord", "eps",
                            "output_size", "scale_factor", "rounding_mode", "padding_idx", "max_norm"))


def _as_shown(value):
    """A saved int as PyTorch's binding shows it: an int64 read as unsigned (-1 is 2**64 - 1)."""
    if value.__class__ is int:
        return value + (1 << 64) if value < 0 else value
    if value.__class__ in (tuple, list) and any(v.__class__ is int and v < 0 for v in value):
        return value.__class__(_as_shown(v) for v in value)
    return value


def _arg_names(fn):
    return parameters(fn)[0]


_VARARGS, _VARKEYWORDS = 0x04, 0x08  # inspect.CO_VARARGS, CO_VARKEYWORDS (inspect loads on first use)


def parameters(fn):
    """(parameter names in signature order, the ``*args`` name or None, the ``**kwargs`` name or
    None): what ``inspect.signature`` tells of ``fn``, read from a plain function's code object
    at a fraction of the cost (every op's declaration and binding asks, at import)."""
    while hasattr(fn, "__wrapped__") and not hasattr(fn, "__signature__"):  # as inspect.unwrap
        fn = fn.__wrapped__
    if type(fn) is not FunctionType or hasattr(fn, "__signature__"):
        import inspect
        params = inspect.signature(fn).parameters.values()
        return (tuple(p.name for p in params),
                next((p.name for p in params if p.kind is p.VAR_POSITIONAL), None),
                next((p.name for p in params if p.kind is p.VAR_KEYWORD), None))
    code = fn.__code__
    names = code.co_varnames
    positional, keyword_only = code.co_argcount, code.co_kwonlyargcount
    at = positional + keyword_only  # *args, then **kwargs, come after the keyword-only names
    var_positional = names[at] if code.co_flags & _VARARGS else None
    var_keyword = names[at + (var_positional is not None)] if code.co_flags & _VARKEYWORDS else None
    ordered = names[:positional] + ((var_positional,) if var_positional else ()) + names[positional:at] \
        + ((var_keyword,) if var_keyword else ())
    return ordered, var_positional, var_keyword


_WHOLE = itemgetter(slice(None))  # a tuple's full slice is the tuple itself: nothing made


def _tuple_getter(indices):
    """``values -> tuple(values[i] for i in indices)`` as one C call (itemgetter of a single
    index gives the bare value, so a one-element slice instead)."""
    if len(indices) == 1:
        return itemgetter(slice(indices[0], indices[0] + 1))
    return itemgetter(*indices)


def _version_error(t, expected, producer):
    """PyTorch's message for a saved tensor changed in place since it was saved.

    ``producer`` is the node that made the tensor: the saving node itself for a saved
    output, the tensor's current grad_fn for a saved input, None for a leaf."""
    which = ""
    if producer is not None:
        which = f", which is output {t._output_nr} of {re.sub(r'Backward[0-9]*$', '', producer.name())},"
    return RuntimeError(
        "one of the variables needed for gradient computation has been modified by an inplace "
        f"operation: [{t.type()} [{', '.join(map(str, t._shape))}]]{which} is at version "
        f"{t._version}; expected version {expected} instead. Hint: enable anomaly detection to find "
        "the operation that failed to compute its gradient, with "
        "torch.autograd.set_detect_anomaly(True, check_nan=False).")


def _stale(tensor, error):
    """Stands in for a saved tensor changed in place since it was saved: a formula may still
    read its shape and dtype (PyTorch saves only sizes for those), but reading its values
    raises PyTorch's version-counter error."""
    t = object.__new__(_StaleTensor)
    for name in ("_shape", "_stride", "_offset", "dtype", "_requires_grad", "_grad", "grad_fn",
                 "_output_nr", "_accumulator", "_hooks", "_post_accumulate_hooks", "_retains_grad",
                 "_base"):
        setattr(t, name, getattr(tensor, name))
    t._error = error
    return t


class FormulaNode(Node):
    """A node whose backward is given by a Derivative entry.

    ``_saved`` holds the saved values in ``Derivative.slots`` order. ``_versions`` is None
    when no tensor was saved, ALL_AT_0 when every saved tensor was at version 0 (nearly
    always: nothing to store), else the version each saved value had (None for non-tensors).
    """

    __slots__ = ("_saved", "_versions", "_spans")

    def _unpacked(self):
        saved = self._saved
        if saved is None:
            raise RuntimeError(FREED_MESSAGE)
        versions = self._versions
        if versions is None:
            return saved
        if versions is PACKED:
            unpacked = list(saved)
            for i in self._derivative.pack_order:
                if saved[i].__class__ is SavedTensor:
                    unpacked[i] = saved[i].unpack(self)
                elif saved[i].__class__ is _SavedNumber:  # the formulas take the number itself
                    unpacked[i] = saved[i].unpack(self).item()
                elif saved[i].__class__ is _PackedOutputs:
                    unpacked[i] = saved[i].unpack(self)
            return tuple(unpacked)
        if versions is ALL_AT_0:
            for value in saved:
                if isinstance(value, Tensor) and value._storage.version:
                    return self._with_stale(saved, self._versions_of_saved())
            return saved
        for value, version in zip(saved, versions):
            if version is not None and value._storage.version != version:
                return self._with_stale(saved, versions)
        return saved

    def __getattr__(self, name):  # (only for names not found: the _saved_* ones before they are bound)
        d = self._derivative
        if not d._exposed and name.startswith(("_saved_", "_raw_saved_")):
            d.expose_saved()
            return getattr(self, name)
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __dir__(self):  # this node's _raw_saved_* names: those of its saved tensors
        self._derivative.expose_saved()
        d = self._derivative
        not_tensors = {"_raw_saved_" + d.slots[i] for i, value in enumerate(self._saved or ())
                       if (value is not None or d.slots[i] in _NEVER_TENSORS) and i not in d.number_slots
                       and not isinstance(value, (Tensor, SavedTensor, _PackedOutputs, _AuxOutput))
                       and not (isinstance(value, (tuple, list)) and any(isinstance(v, Tensor) for v in value))}
        return [name for name in super().__dir__() if name not in not_tensors]

    def _metadata_saved_at(self, i, read):
        """``grad_fn._saved_self_sym_sizes``: what PyTorch keeps of a tensor the formulas read only the
        metadata of."""
        saved = self._saved
        if saved is None:
            raise RuntimeError(FREED_MESSAGE)
        value = saved[i].unpack(self) if saved[i].__class__ is SavedTensor else saved[i]
        return None if value is None and read is not _METADATA_GETTERS["sym_sizes_opt"] else read(value)

    def _as_raw_saved_output(self, element):
        """``grad_fn._raw_saved_indices``: one output of several as a SavedTensor."""
        if self._saved is None:
            return _freed_saved()
        self._to_raw()
        at = self._derivative.result_at
        outputs = self._saved[at]
        if outputs.__class__ is not _PackedOutputs:
            outputs = _PackedOutputs(type(outputs), list(outputs))
            self._saved = self._saved[:at] + (outputs,) + self._saved[at + 1:]
        output = outputs.outputs[element]
        if output.__class__ is not SavedTensor:
            output = outputs.outputs[element] = SavedTensor(output, output._version, True)
        return output

    def _value_saved_at(self, i, shown=False):
        """``grad_fn._saved_<name>``: one saved value (a saved output comes back as a new tensor
        sharing its storage, as in PyTorch); ``shown``: as the attribute shows it, a negative int
        as PyTorch's binding reads an int64 (unsigned), a reduction as its enum value."""
        value = self._stored_value(i)
        if shown and value is not None and not isinstance(value, Tensor):
            if self._derivative.slots[i] == "reduction" and isinstance(value, str):
                return _REDUCTIONS[value]
            return _as_shown(value)
        return value

    def _stored_value(self, i):
        saved = self._saved
        if saved is None:
            raise RuntimeError(FREED_MESSAGE)
        if saved[i].__class__ in (SavedTensor, _PackedOutputs, _SavedNumber):
            return saved[i].unpack(self)
        value = _made(self._unpacked()[i])
        if i in self._derivative.number_slots and value is not None and not isinstance(value, Tensor):
            return _wrapped_number(value)
        if i in self._derivative.outputs_at and isinstance(value, Tensor):
            return saved_output_alias(value, self)
        return value

    def _as_raw_saved(self, i):
        """``grad_fn._raw_saved_<name>``: the saved tensor as a SavedTensor, on which a program
        may register its own pack and unpack hooks."""
        saved = self._saved
        if saved is None:
            return _freed_saved()
        value = _made(saved[i])
        if value.__class__ in (SavedTensor, _SavedNumber):
            return value
        if value.__class__ is _PackedOutputs:
            return list(value.outputs)
        if value.__class__ in (tuple, list) and any(isinstance(v, Tensor) for v in value):  # (index's indices)
            self._to_raw()
            packed = _packed_list(value)
            self._saved = self._saved[:i] + (packed,) + self._saved[i + 1:]
            return list(packed.outputs)
        number = i in self._derivative.number_slots and value is not None and not isinstance(value, Tensor)
        if not isinstance(value, Tensor) and not number:
            raise AttributeError(f"'{type(self).__name__}' object has no attribute '_raw_saved_"
                                 f"{self._derivative.slots[i]}'")
        self._to_raw()
        if number:
            self._saved = self._saved[:i] + (_SavedNumber(_wrapped_number(value), 0, False),) + self._saved[i + 1:]
        return self._saved[i]

    def _to_raw(self):
        """Every saved tensor as a SavedTensor, keeping the version it was saved at."""
        if self._versions is PACKED:
            return
        saved, outputs_at = tuple(map(_made, self._saved)), self._derivative.outputs_at
        self._saved = tuple(SavedTensor(v, version if version is not None else v._version, k in outputs_at)
                            if isinstance(v, Tensor) else v
                            for k, (v, version) in enumerate(zip(saved, self._versions_of_saved())))
        self._versions = PACKED

    def _versions_of_saved(self):
        """The version of each saved value when it was saved (None: not a tensor)."""
        if self._versions is ALL_AT_0:
            return tuple(0 if isinstance(v, Tensor) else None for v in self._saved)
        return self._versions or (None,) * len(self._saved)

    def _with_stale(self, saved, versions):
        """The saved values, those changed in place since replaced by stand-ins that raise."""
        stale = None
        for i, (value, version) in enumerate(zip(saved, versions)):
            if version is not None and value._storage.version != version:
                is_result = i in self._derivative.outputs_at
                error = _version_error(value, version, self if is_result else value.grad_fn)
                stale = stale or list(saved)
                stale[i] = _stale(value, error)
        return saved if stale is None else tuple(stale)

    def apply(self, grads):
        d = self._derivative
        saved = self._saved
        versions = self._versions
        if versions is ALL_AT_0 and saved is not None:  # (nearly always) checked here, without a call
            for value in saved:
                if isinstance(value, Tensor) and value._storage.version:
                    saved = self._unpacked()
                    break
        elif saved is None or versions is not None:  # freed, or tensors to check
            saved = self._unpacked()
        grad = grads[0]
        if d.wants_all_grads:
            if all(g is None for g in grads):
                return [None] * len(self._next)
            values = (grad,) + saved + (grads,)
        elif grad is None:
            return [None] * len(self._next)
        else:
            values = (grad,) + saved
        if self._spans is not None:
            return self._apply_spans(values)
        out = []
        for nxt, formula, take in zip(self._next, d.formulas, d.formula_takes):
            if nxt is None:
                out.append(None)
            elif take is None:
                out.append(formula(grad))
            else:
                out.append(formula(*take(values)))
        return out

    def _apply_spans(self, values):
        """Inputs that are lists of tensors: their formula gives one gradient per element."""
        d = self._derivative
        out, start = [], 0
        for span, formula, args in zip(self._spans, d.formulas, d.formula_args):
            if all(nxt is None for nxt in self._next[start:start + span]):
                out.extend([None] * span)
            elif span == 0:
                pass
            else:
                g = formula(*[values[i] for i in args])
                out.extend(g if isinstance(g, (list, tuple)) else (g,))
            start += span
        return out

    def _free_saved(self):
        self._saved = None  # (SavedTensors go with it; _release frees those backward is done with)

    def _free_packed(self):
        for value in self._saved or ():
            if value.__class__ in (SavedTensor, _PackedOutputs, _SavedNumber):
                value.free()  # drops what the pack hook returned (PyTorch frees it here too)

    def _release(self):
        if self._versions is not None:
            if self._versions is PACKED:
                self._free_packed()
            self._saved = None  # later use raises "backward through the graph a second time"


def op(node_name=None, *, name=None, forms="", result=None, packs=None, saves="", aux="", saved=None, **formulas):
    """Declare an op: its PyTorch name (``mul.Tensor``), its backward node and a gradient
    formula per input (none for an op without a derivative, or one that dispatches to other
    entries), its forward-mode formula ``result`` (see the module's docstring), and the public
    forms it is bound as.

    ``forms`` lists the public names, space-separated: ``torch`` (``torch.mul``), ``Tensor``
    (the method ``x.mul``), ``Tensor_`` (the in-place method ``x.mul_``), ``torch_`` (its
    function form ``torch.mul_``), and any other name in full: aliases (``torch.multiply``),
    operators (``Tensor.__mul__``, ``Tensor.__imul__``). A name ending in ``_`` that is not
    the op's own is its in-place form: computed out of place, then committed into ``self``.
    ``_methods`` binds them all (and ``torch/__init__.py`` exports the ``torch.`` ones).

    ``packs`` (rarely needed) names what PyTorch saves as tensors, in its order, where that is
    not what the formulas read (``gather`` keeps ``self`` itself, ``max.dim`` only ``result1``, its
    indices): what saved-tensor hooks are given (``Derivative._declared_packs``); ``packs="indices=result1"``
    also names that output as PyTorch's node does (``grad_fn._saved_indices``). ``saves`` names arguments (or
    ``result``) PyTorch's node saves though no formula here reads them; ``aux`` the outputs PyTorch's op has
    besides ours, which the forward gives its node with ``aux_outputs`` (``aux="result1 result2"``); ``saved``
    lists PyTorch's ``_saved_*`` names where they are not what the formulas read (those it names are saved too,
    the formulas' others are not shown)."""

    def decorate(forward):
        if node_name is None:
            declared = _dispatching_call(forward)
        else:
            d = Derivative(forward.__name__, node_name, parameters(forward)[0],
                           formulas, forward, result, packs, saves, aux, saved)
            d.op_name = name
            # an overload taking Tensors (mul.Tensor) given a Python number (3 * x): PyTorch wraps it in a
            # tensor, saved as a SavedVariable (freed by backward); its formulas read the number itself
            d.number_slots = tuple(i for i, slot in enumerate(d.slots) if slot in formulas) \
                if name and name.endswith((".Tensor", ".Tensor_mode")) else ()
            # (numbers, declared saves or outputs saved as lists: PyTorch frees its SavedVariables all the same)
            d.frees_untensored = bool(d.number_slots or d._declared_saves or d._output_names)
            TABLE[forward.__name__] = d
            declared = d.call = _recording_call(forward, d)
            d.positional_count = forward.__code__.co_argcount
            declared.__doc__ = forward.__doc__
            declared.forward = forward
            declared.derivative = d
        declared.op_name = name
        declared.forms = _expand_forms(forms, (name or forward.__name__).partition(".")[0])
        if declared.forms:
            DECLARED.append(declared)
        return declared

    return decorate


DECLARED = []  # every op with public forms, in declaration order


def _expand_forms(forms, base):
    shorthand = {"torch": "torch." + base, "Tensor": "Tensor." + base,
                 "torch_": f"torch.{base}_", "Tensor_": f"Tensor.{base}_"}
    return tuple(shorthand.get(form, form) for form in forms.split())


def _dispatching_call(forward):
    """An op without a derivative entry, wrapped only to ask TRANSFORM_HOOK first, with forward's own
    signature (see _recording_call, whose generated code it shares when forward has no *args)."""
    if type(forward) is not FunctionType:  # the legacy tensor classes (torch.FloatTensor)
        return forward
    if not forward.__code__.co_flags & (_VARARGS | _VARKEYWORDS):
        return _recording_call(forward, None)
    # *args or **kwargs: this op's own wrapper, generated the same way
    code = forward.__code__
    positional = list(code.co_varnames[:code.co_argcount])
    keyword_only = list(code.co_varnames[code.co_argcount:code.co_argcount + code.co_kwonlyargcount])
    _, var_positional, var_keyword = parameters(forward)
    header = positional + ([f"*{var_positional}"] if var_positional else ["*"] if keyword_only else []) + \
        keyword_only + ([f"**{var_keyword}"] if var_keyword else [])
    args = positional + ([f"*{var_positional}"] if var_positional else [])
    kwargs = [f"{n!r}: {n}" for n in keyword_only] + ([f"**{var_keyword}"] if var_keyword else [])
    passed = args + [f"{n}={n}" for n in keyword_only] + ([f"**{var_keyword}"] if var_keyword else [])
    source = "\n".join([
        f"def {forward.__name__}({', '.join(header)}):",
        "    if _hook[0] is not None:",
        f"        result = _hook[0](__op, ({''.join(a + ', ' for a in args)}), {{{', '.join(kwargs)}}})",
        "        if result is not NotImplemented:",
        "            return result",
        f"    return __forward({', '.join(passed)})"])
    namespace = {"__forward": forward, "_hook": TRANSFORM_HOOK}
    exec(compile(source, f"{__file__}:{forward.__name__}", "exec"), namespace)
    call = namespace[forward.__name__]
    call.__defaults__, call.__kwdefaults__ = forward.__defaults__, forward.__kwdefaults__
    call.__doc__, call.__module__, call.__qualname__ = forward.__doc__, forward.__module__, forward.__qualname__
    namespace["__op"] = call
    call.forward = forward
    return call


def _recording_call(forward, d, as_operand=None):
    """``forward`` wrapped to record a node of ``d`` when grad mode is on, with forward's own
    signature. Every op of every program goes through this wrapper, so it is generated with
    the parameters spelled out (as dataclasses do): a generic ``*args, **kwargs`` wrapper
    costs a dict and a tuple per call and has to bind keyword arguments by hand. Ops with as
    many positional parameters (and the same keyword-only ones) share the generated code, compiled
    once, each with its own parameter names, name, globals and forward's defaults.

    With ``as_operand`` it is a binary operator method (``__mul__``): a second operand that
    is not a tensor or a Python number goes through ``as_operand``, which gives a tensor, or
    NotImplemented for Python to try the other operand's method."""
    code = forward.__code__
    if code.co_flags & (_VARARGS | _VARKEYWORDS):
        raise TypeError(f"{forward.__name__}: an op's forward takes no *args or **kwargs")
    names = code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
    keyword_only = names[code.co_argcount:]  # passed on by name: part of the template
    key = (code.co_argcount, keyword_only, as_operand is not None, d.input_positions if d is not None else None)
    template = _TEMPLATES.get(key)
    if template is None:
        template = _TEMPLATES[key] = _recording_template(*key)
    name = forward.__name__
    # (__name__: the engine's, so that attribute reads in this code do not dispatch to __torch_function__)
    namespace = {"__name__": __name__, "__forward": forward, "__derivative": d, "_record": _record,
                 "_SEQUENCES": (list, tuple), "_grad_mode": _grad_mode,
                 "_dual": _dual.state, "_record_tangent": _dual.record_tangent,
                 "Tensor": Tensor, "_OPERAND_TYPES": OPERAND_TYPES, "_as_operand": as_operand,
                 "_hook": TRANSFORM_HOOK}
    # the template's code with forward's parameter names (its bytecode reads locals by position);
    # named as a file of the engine, so that tracebacks and warnings see an engine frame
    code = template.replace(co_varnames=names + template.co_varnames[len(names):], co_name=name,
                            co_qualname=name, co_filename=f"{__file__}:{name}")
    call = FunctionType(code, namespace, name, forward.__defaults__)
    call.__kwdefaults__ = forward.__kwdefaults__
    namespace["__op"] = call
    call.forward = forward  # what torch.func's batching rules are keyed by
    if d is not None:
        call.derivative = d  # (what torch.ops and the op observer tell a kernel by)
    call.__module__ = forward.__module__  # (torch/__init__ gives torch._* functions keyword parity and out=)
    if d is None:
        call.__doc__, call.__qualname__ = forward.__doc__, forward.__qualname__
    return call


_TEMPLATES = {}  # (number of positional parameters, keyword-only names, operator?, differentiable
#                  positions or None) -> code of a recording call


def _recording_template(count, keyword_only, operator, input_positions):
    positional = [f"arg{i}" for i in range(count)]
    names = positional + list(keyword_only)
    header = positional + (["*", *keyword_only] if keyword_only else [])
    passed = positional + [f"{n}={n}" for n in keyword_only]
    lines = [f"def call({', '.join(header)}):"]
    if operator:
        other = names[1]
        lines += [f"    if {other}.__class__ is not Tensor and not isinstance({other}, _OPERAND_TYPES):",
                  f"        {other} = _as_operand({other})",
                  f"        if {other} is NotImplemented:",
                  f"            return NotImplemented"]
    lines += ["    if _hook[0] is not None:",
              f"        result = _hook[0](__op, ({''.join(n + ', ' for n in positional)}), "
              f"{{{', '.join(repr(n) + ': ' + n for n in keyword_only)}}})",
              "        if result is not NotImplemented:",
              "            return result"]
    if input_positions is None:  # an op without a derivative entry: only the hook
        lines += [f"    return __forward({', '.join(passed)})"]
    else:
        args = f"({''.join(n + ', ' for n in names)})"
        # inside a dual level (forward AD): the forward runs with tangents off, then the op's
        # tangent formula gives the result's tangent
        lines += ["    if _dual['active']:",
                  "        visible = _dual['visible']",
                  "        _dual['active'], _dual['visible'] = False, -1",
                  "        try:",
                  f"            result = __forward({', '.join(passed)})",
                  "        finally:",
                  "            _dual['active'], _dual['visible'] = True, visible",
                  "        if _grad_mode['enabled']:",
                  f"            _record(__derivative, {args}, result)",
                  f"        _record_tangent(__derivative, {args}, result)",
                  "        return result"]
        lines += [f"    result = __forward({', '.join(passed)})",
                  "    if _grad_mode['enabled']:",
                  *_edge_lines([names[p] for p in input_positions], args),
                  f"            (__derivative._attachers.get(mask) or __derivative.attacher(mask))("
                  f"({''.join(f'e{k}, ' for k in range(len(input_positions)))}), "
                  f"({''.join(f'r{k}, ' for k in range(len(input_positions)))}), {args}, result)",
                  "    return result"]
    module = compile("\n".join(lines), __file__, "exec")
    return next(c for c in module.co_consts if hasattr(c, "co_code"))


def _edge_lines(inputs, args):
    """The recording call's part of _record, unrolled: edge ``e{k}`` (output ``r{k}``) of each
    differentiable input, ``mask`` of those that require grad; an input that is a list of tensors
    (``cat``) goes to _record instead."""
    lines = ["        mask = 0"]
    for k, name in enumerate(inputs):
        lines += [f"        if isinstance({name}, Tensor) and {name}._requires_grad:",
                  f"            e{k} = {name}.grad_fn",
                  f"            if e{k} is None:",
                  f"                e{k}, r{k} = {name}._accumulator or {name}._grad_accumulator(), 0",
                  "            else:",
                  f"                r{k} = {name}._output_nr",
                  f"            mask |= {1 << k}",
                  f"        elif isinstance({name}, _SEQUENCES):",
                  f"            _record(__derivative, {args}, result)",
                  "            return result",
                  "        else:",
                  f"            e{k}, r{k} = None, 0"]
    return lines + ["        if mask:"]


def recording_operator(op_function, as_operand):
    """An op declared with @op as a binary operator method (see _recording_call)."""
    return _recording_call(op_function.forward, op_function.derivative, as_operand)


_NO_EDGE = (None, 0)


class _AllAt0:
    def __repr__(self):
        return "ALL_AT_0"


ALL_AT_0 = _AllAt0()  # FormulaNode._versions: every saved tensor was at version 0


def _record(d, args, result):
    """Attach a new node of ``d`` to ``result`` if an input requires grad: edges to those
    inputs, and the saved values their formulas need. ``args`` has every forward argument."""
    nexts = []  # the edges: the node behind each input ...
    nrs = []    # ... and which output of that node the input is
    mask = 0
    spans = None
    for pos, bit in d.input_bits:
        a = args[pos]
        if isinstance(a, Tensor):
            if a._requires_grad:
                fn = a.grad_fn
                if fn is None:
                    nexts.append(a._accumulator or a._grad_accumulator())
                    nrs.append(0)
                else:
                    nexts.append(fn)
                    nrs.append(a._output_nr)
                mask |= bit
                continue
        elif isinstance(a, (list, tuple)) and any(isinstance(t, Tensor) and t._requires_grad for t in a):
            spans = spans or [1] * len(d.input_positions)  # a list of tensors: one edge per element
            spans[d.input_positions.index(pos)] = len(a)
            for t in a:
                fn, nr = gradient_edge(t) if isinstance(t, Tensor) and t._requires_grad else _NO_EDGE
                nexts.append(fn)
                nrs.append(nr)
            mask |= bit
            continue
        nexts.append(None)
        nrs.append(0)
    if mask:
        d.attacher(mask)(tuple(nexts), tuple(nrs), args, result, spans)


def _compiled_attacher(d, mask):
    """``attach(nexts, nrs, args, result, spans=None)`` for ``d`` and ``mask``: a new node of ``d``
    attached to ``result``, with its edges ``nexts`` (which output of each: ``nrs``) and the saved
    values the formulas of the inputs in ``mask`` need (``Derivative.save_plan``), each saved tensor's
    version checked. Every recorded op runs one, so it is generated for its save plan with that
    plan's slots spelled out, as the recording calls are."""
    plan = d.save_plan(mask)
    lines = ["def attach(nexts, nrs, args, result, spans=None):",
             "    node = Node()",
             "    node._next = nexts",
             "    node._next_nr = _shared_nrs.get(nrs) or shared_output_nrs(nrs)",
             "    node._spans = spans",
             "    node._sequence_nr = next(_sequence)",
             "    node._extras = None",
             "    if _anomaly['enabled']:",
             "        _graph.record_forward_stack(node)"]
    if plan is None:
        lines += ["    node._saved = NOTHING_SAVED",
                  "    node._versions = None"]
    else:
        needed, take, from_args = plan
        picked = "args" if from_args else "args + (result, None)"
        lines += [f"    node._saved = saved = {picked if take is _WHOLE else f'take({picked})'}",
                  "    versions = None"]
        for i in needed:  # a tensor changed in place before: every version kept; else ALL_AT_0
            lines += [f"    if isinstance(saved[{i}], Tensor):",
                      f"        if saved[{i}]._inference:",
                      "            raise RuntimeError(INFERENCE_SAVE_MESSAGE)",
                      f"        if saved[{i}]._storage.version:",
                      "            versions = _versions_of(saved)",
                      "        elif versions is None:",
                      "            versions = ALL_AT_0"]
        if d.frees_untensored:  # only numbers saved (3 * x), or lists of tensors: freed (and packed) all the same
            lines += ["    if versions is None:",
                      "        versions = ALL_AT_0"]
        lines += ["    node._versions = versions"]
    lines += ["    if result.__class__ is Tensor:",
              "        meta = result.dtype._metas.get(result._shape)",
              "        if meta is None:",
              "            meta = result.dtype._metas[result._shape] = ((result._shape, result.dtype),)",
              "        node._input_meta = meta",
              "        if result.dtype.kind == 'f':",
              "            result.grad_fn = node",
              "            result._requires_grad = True",
              "    else:  # several outputs (also the named tuples of max(dim), sort, topk ...)",
              "        node._input_meta = tuple((o._shape, o.dtype) for o in result)",
              "        for nr, o in enumerate(result):",
              "            if o.dtype.kind == 'f':  # integer outputs (indices) are not differentiable",
              "                o.grad_fn = node",
              "                o._output_nr = nr",
              "                o._requires_grad = True"]
    if plan is not None:
        lines += ["    if saved_hooks and node._versions is not None:  # packed once the result has its grad_fn",
                  "        node._saved = pack_saved(node._saved, [p for p in d.packed_slots if p[0] in needed], "
                  "d.outputs_at)",
                  "        node._versions = PACKED"]
    lines += ["    if _graph.recorder is not None:",
              "        _graph.recorder.record_op(node, d, args, result)"]
    namespace = {"Node": d.node_class, "d": d, "take": plan and plan[1], "needed": plan and plan[0],
                 "NOTHING_SAVED": d.nothing_saved, "_shared_nrs": _shared_nrs, "shared_output_nrs": shared_output_nrs,
                 "_sequence": _sequence, "_anomaly": _anomaly, "_graph": _graph, "Tensor": Tensor,
                 "INFERENCE_SAVE_MESSAGE": INFERENCE_SAVE_MESSAGE, "_versions_of": _versions_of, "ALL_AT_0": ALL_AT_0,
                 "saved_hooks": saved_hooks, "pack_saved": pack_saved, "PACKED": PACKED}
    exec(compile("\n".join(lines), f"{__file__}:{d.name}.attach", "exec"), namespace)
    return namespace["attach"]


def _versions_of(saved):
    """The version of each saved value (None: not a tensor)."""
    return tuple(t._storage.version if isinstance(t, Tensor) else None for t in saved)


from .._tensor import Tensor  # noqa: E402  (the tensor module imports the graph module)
from .._torch_function import _disabled_torch_function_impl  # noqa: E402

OPERAND_TYPES = (Tensor, int, float, bool)  # what binary operators take as they are


def _wrapped_number(value):
    """A Python number as PyTorch wraps it for a Tensor argument: int64, float64 or bool, 0-d."""
    from .. import _dtype
    from .._backend import backend as B
    dtype = _dtype.bool_ if isinstance(value, bool) else _dtype.int64 if isinstance(value, int) else _dtype.float64
    return Tensor._make(B.from_list([value], dtype), (), dtype)


class SavedTensor:
    """One tensor saved for backward, as an object of its own (PyTorch's SavedVariable): made when
    saved-tensor hooks pack it, or when a program asks for ``grad_fn._raw_saved_*``. Packed, it
    keeps what the pack hook returned and the tensor's autograd identity, not the tensor."""

    __module__ = "torch._C._autograd"
    __slots__ = ("_value", "_version", "_packed", "_unpack_hook", "_requires_grad", "_grad_fn",
                 "_output_nr", "_accumulator", "_is_output", "_freed")

    def __init__(self, value, version, is_output):
        self._value, self._version, self._is_output = value, version, is_output
        self._packed = self._unpack_hook = None
        self._freed = False

    def register_hooks(self, pack_hook, unpack_hook):
        if self._freed:
            raise RuntimeError(
                "Calling register_hooks on a saved tensor after it has been freed. Saved intermediate values of "
                "the graph are freed when you call .backward() or autograd.grad(). Specify retain_graph=True if "
                "you need to backward through the graph a second time or if you need to access saved variables "
                "after calling backward.")
        if self._unpack_hook is not None:
            raise RuntimeError("Calling register_hooks on a saved tensor whose hooks have already been set. "
                               "Hint: only one pair of hooks is allowed at a time.")
        value = self._value
        self._requires_grad, self._output_nr = value._requires_grad, value._output_nr
        self._grad_fn = value.grad_fn  # for a saved output: the node itself (a cycle until it is freed)
        self._accumulator = value._accumulator if value.grad_fn is None and value._requires_grad else None
        version = value._version
        prev = _grad_mode["enabled"]
        _grad_mode["enabled"] = False  # PyTorch packs under no_grad
        try:
            self._packed = pack_hook(value)
        finally:
            _grad_mode["enabled"] = prev
        if value._version != version:
            raise RuntimeError(
                "A saved tensor pack hook is modifying its input in place. Tensors provided as input to pack hook "
                "cannot be modified by in-place operations as this can lead to unexpected side-effects. Please "
                "open an issue if you need to perform in-place operations on the input to a pack hook.")
        self._unpack_hook, self._value = unpack_hook, None

    def unpack(self, node):
        """The saved tensor, for ``node``'s backward or its ``_saved_*`` attribute."""
        if self._freed:
            raise RuntimeError(FREED_MESSAGE)
        if self._unpack_hook is None:
            value = self._value
            if value._version != self._version:  # (_version: a vmap BatchedTensor has no storage of its own)
                raise _version_error(value, self._version, node if self._is_output else value.grad_fn)
            return saved_output_alias(value, node) if self._is_output else value
        data = self._unpack_hook(self._packed)
        if not isinstance(data, Tensor):
            raise TypeError("Output of saved tensor unpack_hook expected to be a Tensor but got result of type "
                            + type(data).__name__)
        t = data._view_of(data._shape, data._stride, data._offset)
        t._base = None  # as PyTorch: an unpacked tensor is a plain tensor sharing the storage
        t._requires_grad = self._requires_grad
        t.grad_fn, t._output_nr = (node if self._is_output else self._grad_fn), self._output_nr
        if self._accumulator is not None:
            t._accumulator = self._accumulator
        return t

    def free(self):
        self._freed = True
        self._value = self._packed = self._grad_fn = None


def saved_output_alias(value, node):
    """A saved output as PyTorch gives it back: a new tensor sharing its storage and history
    (the graph cannot keep the output itself without a reference cycle)."""
    t = value._view_of(value._shape, value._stride, value._offset)
    t._base = None
    t._requires_grad, t.grad_fn, t._output_nr = value._requires_grad, node, value._output_nr
    return t


def pack_saved(values, positions, outputs_at):
    """``values`` with the tensors at ``positions`` (pairs: slot, element of a saved tuple of
    outputs or None) packed by the innermost saved_tensors_hooks."""
    pack_hook, unpack_hook = saved_hooks[-1]
    values = list(values)
    for i, element in positions:
        value = values[i] = _made(values[i])
        if element is not None:  # one output of several: the tuple keeps the others as they are
            outputs = value.outputs if value.__class__ is _PackedOutputs else list(value)
            if isinstance(outputs[element], Tensor):
                saved = outputs[element] = SavedTensor(outputs[element], outputs[element]._version, True)
                saved.register_hooks(pack_hook, unpack_hook)
                values[i] = _PackedOutputs(type(value) if value.__class__ is not _PackedOutputs else value.kind,
                                           outputs)
        elif isinstance(value, Tensor):
            saved = values[i] = SavedTensor(value, value._version, i in outputs_at)
            saved.register_hooks(pack_hook, unpack_hook)
        elif value.__class__ in (tuple, list) and any(isinstance(v, Tensor) for v in value):
            # a list of tensors (index's indices): each is packed
            values[i] = _packed_list(value, (pack_hook, unpack_hook))
    return tuple(values)


def _packed_list(values, hooks=None):
    """A saved list of tensors (and Nones) as SavedTensors, packed by ``hooks`` if given."""
    saved = [SavedTensor(v, v._version, False) if isinstance(v, Tensor) else v for v in values]
    if hooks is not None:
        for v in saved:
            if v.__class__ is SavedTensor:
                v.register_hooks(*hooks)
    return _PackedOutputs(type(values), saved)


def _freed_saved():
    freed = SavedTensor(None, 0, False)
    freed.free()
    return freed


class _SavedNumber(SavedTensor):
    """A Python number given for a Tensor argument (3 * x), as the SavedTensor of PyTorch's wrapped-number
    tensor that ``grad_fn._raw_saved_other`` returns (a SavedTensor to the program, like PyTorch's)."""
    __slots__ = ()


_SavedNumber.__name__ = _SavedNumber.__qualname__ = "SavedTensor"


class _PackedOutputs:
    """A saved tuple of outputs some of which saved-tensor hooks packed (max(dim)'s indices), or a saved
    list of tensors (index's indices)."""

    __slots__ = ("kind", "outputs")

    def __init__(self, kind, outputs):
        self.kind, self.outputs = kind, outputs

    def unpack(self, node):
        values = [o.unpack(node) if o.__class__ is SavedTensor else o for o in self.outputs]
        return self.kind(values) if self.kind is not tuple else tuple(values)

    def free(self):
        for o in self.outputs:
            if o.__class__ is SavedTensor:
                o.free()


class _StaleTensor(Tensor):
    __slots__ = ()
    __torch_function__ = _disabled_torch_function_impl

    @property
    def _storage(self):
        raise self.__dict__["_error"]
