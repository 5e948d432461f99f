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
saved for backward. Formulas are written with ordinary tensor operations, so with
``create_graph=True`` they are recorded too and higher derivatives follow.
"""
import inspect

from .graph import FREED_MESSAGE, Node, gradient_edge, _sequence
from .grad_mode import _state as _grad_mode

TABLE = {}  # op name -> Derivative


class Derivative:
    """The backward side of one op: node class, differentiable inputs and their formulas."""

    def __init__(self, name, node_name, params, formulas, forward):
        self.name = name
        self.params = params                      # forward parameter names, in order
        self.inputs = tuple(formulas)             # differentiable parameters, in order
        self.formulas = tuple(formulas.values())
        self.formula_args = tuple(_arg_names(f) for f in self.formulas)
        needed = {a for args in self.formula_args for a in args} - {"grad"}
        self.saved = tuple(p for p in params if p in needed)
        self.saves_result = "result" in needed
        self.node_class = type(node_name, (FormulaNode,), {"__slots__": ()})
        self.forward = forward


def _arg_names(fn):
    return tuple(inspect.signature(fn).parameters)


class SavedTensor:
    """A tensor saved for backward, with the version it had (to detect in-place changes)."""

    __slots__ = ("tensor", "version")

    def __init__(self, tensor):
        self.tensor = tensor
        self.version = tensor._version

    def unpack(self, node, output_nr_of=None):
        t = self.tensor
        if t._version != self.version:
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by an "
                f"inplace operation: [{t.type()} [{', '.join(map(str, t._shape))}]], which is output "
                f"{t._output_nr} of {_producer_name(t)}, is at version {t._version}; expected version "
                f"{self.version} instead. Hint: enable anomaly detection to find the operation that "
                "failed to compute its gradient, with torch.autograd.set_detect_anomaly(True).")
        return t


def _producer_name(t):
    return t.grad_fn.name() if t.grad_fn is not None else "AccumulateGrad"


class FormulaNode(Node):
    """A node whose backward is given by a Derivative entry."""

    __slots__ = ("_derivative", "_saved", "_released")

    def apply(self, grads):
        d = self._derivative
        if self._released:
            raise RuntimeError(FREED_MESSAGE)
        grad = grads[0]
        if grad is None:
            return [None] * len(d.inputs)
        env = {"grad": grad}
        for key, value in self._saved.items():
            env[key] = value.unpack(self) if isinstance(value, SavedTensor) else value
        out = []
        for (nxt, _), formula, args in zip(self.next_functions, d.formulas, d.formula_args):
            out.append(formula(*[env[a] for a in args]) if nxt is not None else None)
        return out

    def _release(self):
        if any(isinstance(v, SavedTensor) for v in self._saved.values()):
            self._released = True
        self._saved = {}

    def __getattr__(self, name):
        # PyTorch exposes saved values as _saved_self, _saved_other, _saved_result ...
        if name.startswith("_saved_"):
            key = name[len("_saved_"):]
            saved = object.__getattribute__(self, "_saved")
            if key in saved:
                if object.__getattribute__(self, "_released"):
                    raise RuntimeError(FREED_MESSAGE)
                v = saved[key]
                return v.unpack(self) if isinstance(v, SavedTensor) else v
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")


def op(node_name, **formulas):
    """Declare a differentiable op: its backward node and a gradient formula per input."""

    def decorate(forward):
        params = tuple(inspect.signature(forward).parameters)
        d = Derivative(forward.__name__, node_name, params, formulas, forward)
        TABLE[forward.__name__] = d
        n_params = len(params)
        input_positions = tuple(params.index(i) for i in d.inputs)
        defaults = {k: v.default for k, v in inspect.signature(forward).parameters.items()
                    if v.default is not inspect.Parameter.empty}

        def call(*args, **kwargs):
            result = forward(*args, **kwargs)
            if not _grad_mode["enabled"]:
                return result
            # Which differentiable inputs take part?
            if kwargs:
                args = _bind(params, args, kwargs, defaults)
            edges = []
            requires = False
            for pos in input_positions:
                a = args[pos] if pos < len(args) else None
                if a is not None and hasattr(a, "_output_nr") and (a.requires_grad):
                    edges.append(gradient_edge(a))
                    requires = True
                else:
                    edges.append((None, 0))
            if not requires:
                return result
            _record(d, edges, args, defaults, result, n_params)
            return result

        call.__name__ = forward.__name__
        call.__doc__ = forward.__doc__
        call.forward = forward
        call.derivative = d
        return call

    return decorate


def _bind(params, args, kwargs, defaults):
    full = list(args)
    for name in params[len(args):]:
        if name in kwargs:
            full.append(kwargs[name])
        elif name in defaults:
            full.append(defaults[name])
        else:
            break
    return full


def _record(d, edges, args, defaults, result, n_params):
    node = d.node_class.__new__(d.node_class)
    node.next_functions = tuple(edges)
    node._sequence_nr = next(_sequence)
    node._hooks = node._pre_hooks = None
    node.metadata = {}
    node._derivative = d
    node._released = False
    saved = {}
    for name in d.saved:
        i = d.params.index(name)
        value = args[i] if i < len(args) else defaults.get(name)
        saved[name] = SavedTensor(value) if hasattr(value, "_output_nr") else value
    outputs = result if isinstance(result, tuple) else (result,)
    if d.saves_result:
        saved["result"] = SavedTensor(outputs[0])
    node._saved = saved
    node._input_meta = tuple((o._shape, o.dtype) for o in outputs)
    for nr, o in enumerate(outputs):
        o.grad_fn = node
        o._output_nr = nr
        o.requires_grad = True
