"""Optimizer: parameter groups, per-parameter state, zero_grad and state dicts."""
from collections import defaultdict
from copy import deepcopy

from .._aten import optim as optim_kernels
from .._dtype import float32
from .._ops._helpers import typename
from .._ops.creation import tensor
from .._tensor import Storage, Tensor
from ..autograd import graph as _graph
from ..autograd.grad_mode import no_grad, enable_grad
from ..nn.modules.module import zero_grads
from ..nn.parameter import Parameter


class _RequiredParameter:
    def __repr__(self):
        return "<required parameter>"


required = _RequiredParameter()


class Optimizer:
    def __init__(self, params, defaults):
        self.defaults = defaults
        self.state = defaultdict(dict)
        self.param_groups = []
        if isinstance(params, Tensor):
            raise TypeError("params argument given to the optimizer should be an iterable of Tensors or "
                            f"dicts, but got {typename(params)}")
        param_groups = list(params)
        if len(param_groups) == 0:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(param_groups[0], dict):
            param_groups = [{"params": param_groups}]
        for group in param_groups:
            self.add_param_group(group)

    def __repr__(self):
        text = type(self).__name__ + " ("
        for i, group in enumerate(self.param_groups):
            text += f"\nParameter Group {i}\n"
            for key in sorted(group):
                if key != "params":
                    text += f"    {key}: {group[key]}\n"
        return text + ")"

    def add_param_group(self, param_group):
        params = param_group["params"]
        if isinstance(params, Tensor):
            param_group["params"] = [params]
        elif isinstance(params, set):
            raise TypeError("optimizer parameters need to be organized in ordered collections, but the "
                            "ordering of tensors in sets will change between runs. Please use a list instead.")
        else:
            param_group["params"] = list(params)
        if param_group["params"] and isinstance(param_group["params"][0], tuple):  # named parameters
            param_group["param_names"] = [name for name, _ in param_group["params"]]
            param_group["params"] = [p for _, p in param_group["params"]]
        for param in param_group["params"]:
            if not isinstance(param, Tensor):
                raise TypeError("optimizer can only optimize Tensors, but one of the params is "
                                + typename(param))
            if not param.is_leaf:
                raise ValueError("can't optimize a non-leaf Tensor")
        for name, default in self.defaults.items():
            if default is required and name not in param_group:
                raise ValueError(f"parameter group didn't specify a value of required optimization "
                                 f"parameter {name}")
            param_group.setdefault(name, default)
        seen = {id(p) for group in self.param_groups for p in group["params"]}
        if any(id(p) in seen for p in param_group["params"]):
            raise ValueError("some parameters appear in more than one parameter group")
        self.param_groups.append(param_group)

    def zero_grad(self, set_to_none=True):
        zero_grads((p for group in self.param_groups for p in group["params"]), set_to_none)

    def _closure_loss(self, closure):
        if closure is None:
            return None
        with enable_grad():
            return closure()

    def step(self, closure=None):
        loss = self._closure_loss(closure)
        with no_grad():
            for group in self.param_groups:
                self._update_group(group)
        return loss

    def _update_group(self, group):
        raise NotImplementedError

    def _params_with_grad(self, group):
        for p in group["params"]:
            if p.grad is not None:
                yield p

    def _grads_and_states(self, group, new_state):
        """(param, grad, state) for each parameter with a gradient: grad negated under maximize, and
        an empty state first filled with new_state(param)."""
        for param in self._params_with_grad(group):
            state = self.state[param]
            if not state:
                state.update(new_state(param))
            yield param, (param.grad if not group["maximize"] else -param.grad), state

    # ---- state dicts ------------------------------------------------------------------------
    def state_dict(self):
        index = {}
        groups = []
        for group in self.param_groups:
            packed = {k: v for k, v in group.items() if k != "params"}
            for p in group["params"]:
                index.setdefault(id(p), len(index))
            packed["params"] = [index[id(p)] for p in group["params"]]
            groups.append(packed)
        state = {index[id(p)]: s for p, s in self.state.items()}
        return {"state": state, "param_groups": groups}

    def load_state_dict(self, state_dict):
        state_dict = deepcopy(state_dict)
        groups, saved_groups = self.param_groups, state_dict["param_groups"]
        if len(groups) != len(saved_groups):
            raise ValueError("loaded state dict has a different number of parameter groups")
        if any(len(g["params"]) != len(s["params"]) for g, s in zip(groups, saved_groups)):
            raise ValueError("loaded state dict contains a parameter group that doesn't match the size "
                             "of optimizer's group")
        by_index = {i: p for g, s in zip(groups, saved_groups) for i, p in zip(s["params"], g["params"])}
        self.state = defaultdict(dict)
        for key, value in state_dict["state"].items():
            param = by_index[key]
            self.state[param] = {k: (v.to(param.dtype) if isinstance(v, Tensor) and k != "step"
                                     and v.is_floating_point() else v) for k, v in value.items()}
        self.param_groups = [dict(s, params=g["params"]) for g, s in zip(groups, saved_groups)]


def _step_tensor():
    """The per-parameter step counter PyTorch keeps as a float32 0-d tensor."""
    return tensor(0.0, dtype=float32)


def _fusable(kernel, tensors, scalars):
    """Whether an optimizer's step on these tensors may run as one call of ``kernel``
    (_aten.optim): the kernel can run, nothing records mutations, the scalars are Python
    numbers, and each tensor is a contiguous float32 tensor of the same length owning its whole
    storage, whose writes nothing else watches (no tangents, no storage viewed as another dtype,
    no subclass's __torch_function__)."""
    if not optim_kernels.available(kernel) or _graph.mutation_contexts \
            or not all(isinstance(v, (int, float)) for v in scalars):
        return False
    n = tensors[0].numel()
    return all((t.__class__ is Tensor or t.__class__ is Parameter) and t.dtype is float32 and t._offset == 0
               and t._storage.__class__ is Storage and len(t._storage.buf) == n and t.numel() == n
               and t.is_contiguous() and t._fw_grads is None for t in tensors)


def _check_hyperparameters(lr, eps=None, betas=None, weight_decay=None):
    """PyTorch's constructor checks shared by the Adam family, in its order and words."""
    if not 0.0 <= lr:
        raise ValueError(f"Invalid learning rate: {lr}")
    if eps is not None and not 0.0 <= eps:
        raise ValueError(f"Invalid epsilon value: {eps}")
    for i, beta in enumerate(betas or ()):
        if not 0.0 <= beta < 1.0:
            raise ValueError(f"Invalid beta parameter at index {i}: {beta}")
    if weight_decay is not None and not 0.0 <= weight_decay:
        raise ValueError(f"Invalid weight_decay value: {weight_decay}")
