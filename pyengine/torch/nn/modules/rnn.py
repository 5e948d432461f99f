"""RNN, LSTM and GRU (one or two directions; any number of layers), step by step over time.
A layer's reverse direction runs the same steps from the last time step to the first, as
PyTorch's does (bit for bit the forward direction on the time-reversed input).

A float32 LSTM layer is one node, MkldnnRnnLayerBackward0, as PyTorch's CPU build (oneDNN)
records it. Its forward and backward run on buffers (``_lstm_steps``, ``_lstm_backward``): per
step the two gate products (the matmul kernels, nn.Linear's rounding) and one call of the cell's
pointwise part (``_aten.rnn``); backward reruns the cells from the saved output's states in one
call and adds the same terms in the order autograd adds them on the decomposed cell. With
``create_graph`` (or no gradient for the output, an output changed in place, a layer without
biases) backward runs the decomposed steps again with history and differentiates them.
A step with no graph to record (no_grad, nothing requiring grad; nothing watching the ops) runs
the decomposed cell's kernels on buffers (``_lstm_cell_values``: LSTMCell, float64 layers).
An LSTM with ``proj_size`` projects each step's h by ``weight_hr`` (ATen's matmul_hr); oneDNN does
not take it, so its layers run the decomposed steps in every dtype, as PyTorch's default layer does.

A PackedSequence input runs through ATen's packed layers (``run_packed_layers``), never oneDNN: per
step the precomputed input gates' rows of the sequences still running, the state cut as sequences end
(and, in reverse, extended by the initial state's rows as they start).
"""
import math
import numbers
import warnings

from ..._dtype import float32, float64
from ..._process import warn_once
from ..._tensor import Tensor
from ..._torch_function import active as torch_function_active
from ..._ops.creation import empty
from ..._ops.joining import cat, stack
from ..._ops.pointwise import relu, sigmoid, tanh
from ...autograd import grad
from ...autograd.grad_mode import enable_grad, is_grad_enabled, no_grad
from ..._ops import creation
from ..._ops._helpers import broadcast_shapes, new_tensor
from ..._aten import linalg as exact, reduce as reduce_kernels, rnn as cell_kernels, special as exact_special
from ..._ops import linalg as linalg_ops
from ..._backend import backend as B
from ...autograd.derivatives import TRANSFORM_HOOK, op
from ...autograd.dual import state as dual_state
from .. import functional as F, init
from ..parameter import Parameter
from .._packed_sequence import PackedSequence
from .module import Module

_GATES = {"RNN_TANH": 1, "RNN_RELU": 1, "LSTM": 4, "GRU": 3}
_SUFFIXES = ("", "_reverse")  # the parameters' names of a layer's forward and reverse directions


class RNNBase(Module):
    def __init__(self, mode, input_size, hidden_size, num_layers=1, bias=True, batch_first=False,
                 dropout=0.0, bidirectional=False, proj_size=0, device=None, dtype=None):
        super().__init__()
        self.dropout = float(dropout)  # first, as in PyTorch: float("x")'s error before the range check
        if not isinstance(dropout, numbers.Number) or isinstance(dropout, bool) or not 0 <= dropout <= 1:
            raise ValueError("dropout should be a number in range [0, 1] representing the probability of an "
                             "element being zeroed")
        if dropout > 0 and num_layers == 1:
            warnings.warn("dropout option adds dropout after all but last recurrent layer, so non-zero dropout "
                          f"expects num_layers greater than 1, but got dropout={dropout} and num_layers={num_layers}",
                          stacklevel=2)
        if not isinstance(hidden_size, int) or isinstance(hidden_size, bool):
            raise TypeError(f"hidden_size should be of type int, got: {type(hidden_size).__name__}")
        if hidden_size <= 0:
            raise ValueError("hidden_size must be greater than zero")
        if num_layers <= 0:
            raise ValueError("num_layers must be greater than zero")
        if proj_size < 0:
            raise ValueError("proj_size should be a positive integer or zero to disable projections")
        if proj_size >= hidden_size:
            raise ValueError("proj_size has to be smaller than hidden_size")
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.bias = bias
        self.batch_first = batch_first
        self.bidirectional = bidirectional
        self.proj_size = proj_size
        gate_size = _GATES[mode] * hidden_size
        state_size = proj_size or hidden_size  # an LSTM's h is projected to proj_size (weight_hr)
        self._flat_weights_names = []
        for layer in range(num_layers):
            layer_input = input_size if layer == 0 else state_size * self._directions
            shapes = [("weight_ih", (gate_size, layer_input)), ("weight_hh", (gate_size, state_size))]
            if bias:
                shapes += [("bias_ih", (gate_size,)), ("bias_hh", (gate_size,))]
            if proj_size:
                shapes.append(("weight_hr", (proj_size, hidden_size)))
            for suffix in _SUFFIXES[:self._directions]:
                for name, shape in shapes:
                    full = f"{name}_l{layer}{suffix}"
                    setattr(self, full, Parameter(empty(shape, dtype=dtype)))
                    self._flat_weights_names.append(full)
        self.reset_parameters()

    @property
    def _directions(self):
        return 2 if self.bidirectional else 1

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def extra_repr(self):
        s = f"{self.input_size}, {self.hidden_size}"
        if self.proj_size != 0:
            s += f", proj_size={self.proj_size}"
        if self.num_layers != 1:
            s += f", num_layers={self.num_layers}"
        if self.bias is not True:
            s += f", bias={self.bias}"
        if self.batch_first is not False:
            s += f", batch_first={self.batch_first}"
        if self.dropout != 0:
            s += f", dropout={self.dropout}"
        if self.bidirectional is not False:
            s += f", bidirectional={self.bidirectional}"
        return s

    def _layer_weights(self, layer):
        """[w_ih, w_hh, b_ih, b_hh, w_hr] of each direction of a layer (None where it has none)."""
        def weight(name, suffix, present=True):
            return getattr(self, f"{name}_l{layer}{suffix}") if present else None
        return [[weight("weight_ih", suffix), weight("weight_hh", suffix), weight("bias_ih", suffix, self.bias),
                 weight("bias_hh", suffix, self.bias), weight("weight_hr", suffix, self.proj_size > 0)]
                for suffix in _SUFFIXES[:self._directions]]

    def forward(self, input, hx=None):
        lstm = self.mode == "LSTM"
        if isinstance(input, PackedSequence):
            return self._forward_packed(input, hx)
        if input.dim() not in (2, 3):  # PyTorch's messages, which differ from class to class
            name, noun = ("LSTM", "") if lstm else ("GRU", "") if self.mode == "GRU" else ("RNN", " tensor")
            raise ValueError(f"{name}: Expected input to be 2D or 3D, got {input.dim()}D{noun} instead")
        batched = input.dim() == 3
        if hx is not None:
            _check_state_dims(hx, lstm, batched)
        if not batched:
            input = input.unsqueeze(1)
            if hx is not None:
                hx = tuple(h.unsqueeze(1) for h in hx) if lstm else hx.unsqueeze(1)
        n = input.shape[0 if batched and self.batch_first else 1]
        # the states' sizes: h's (projected to proj_size), an LSTM's c's
        expected = [(self.num_layers * self._directions, n, size)
                    for size in (self.proj_size or self.hidden_size, self.hidden_size)[:2 if lstm else 1]]
        if hx is None:
            hx = tuple(creation.zeros(shape, dtype=input.dtype) for shape in expected)
        elif not lstm:
            hx = (hx,)
        self._check_input(input)
        _check_state_sizes(hx, expected, lstm)
        weights = [self._layer_weights(layer) for layer in range(self.num_layers)]
        output, final = run_layers(self.mode, input, hx, weights, self.dropout, self.training,
                                   batched and self.batch_first)
        if not batched:
            output = output.squeeze(1)
            final = tuple(h.squeeze(1) for h in final)
        return output, (final if lstm else final[0])

    def _check_input(self, input, packed=False):
        """PyTorch's check_input: the input's dtype is the weights', (packed) its data is 2-D, its
        last size input_size."""
        weight_dtype = self.weight_ih_l0.dtype
        if input.dtype != weight_dtype:
            raise ValueError(f"RNN input dtype ({input.dtype}) does not match weight dtype ({weight_dtype}). "
                             f"Convert input: input.to({weight_dtype}), or convert model: model.to({input.dtype})")
        if packed and input.dim() != 2:
            raise RuntimeError(f"input must have 2 dimensions, got {input.dim()}")
        if input.shape[-1] != self.input_size:
            raise RuntimeError(f"input.size(-1) must be equal to input_size. Expected {self.input_size}, "
                               f"got {input.shape[-1]}")

    def _forward_packed(self, input, hx):
        """PyTorch's packed path: a given state permuted to the sorted batch order (index_select);
        RNN and GRU check the data and state (LSTM leaves it to ATen); the output packed like the
        input, the final states permuted back."""
        lstm = self.mode == "LSTM"
        data, batch_sizes, sorted_indices, unsorted_indices = input
        sizes = (self.proj_size or self.hidden_size, self.hidden_size)[:2 if lstm else 1]
        if hx is None:
            hx = tuple(creation.zeros(self.num_layers * self._directions, int(batch_sizes[0]), size, dtype=data.dtype)
                       for size in sizes)
        else:
            hx = _permuted(hx if lstm else (hx,), sorted_indices)
        if lstm and (hx[0].shape[-1] != hx[1].shape[-1]) != (self.proj_size > 0):
            # (ATen takes h smaller than c for a projected LSTM's, and wants a weight_hr per direction then)
            raise RuntimeError("got an incorrect number of RNN parameters")
        if lstm and data.dim() > 2 and data.shape[-1] == self.input_size:
            # ATen's cell adds a step's input gates in place to the hidden state's (rows, 4h): its error
            rows, gates = int(batch_sizes[0]), 4 * self.hidden_size
            shape = broadcast_shapes((rows, gates), (rows, *data.shape[1:-1], gates))
            raise RuntimeError(f"output with shape [{rows}, {gates}] doesn't match the broadcast shape "
                               f"[{', '.join(map(str, shape))}]")
        if not lstm:
            self._check_input(data, packed=True)
            _check_state_sizes(hx, [(self.num_layers * self._directions, int(batch_sizes[0]), self.hidden_size)], lstm)
        weights = [self._layer_weights(layer) for layer in range(self.num_layers)]
        output, final = run_packed_layers(self.mode, data, batch_sizes, hx, weights, self.dropout, self.training)
        final = _permuted(final, unsorted_indices)
        return PackedSequence(output, batch_sizes, sorted_indices, unsorted_indices), (final if lstm else final[0])


def _permuted(states, permutation):
    """PyTorch's permute_hidden: each state's batch (dim 1) in the permutation's order."""
    return tuple(states) if permutation is None else tuple(h.index_select(1, permutation) for h in states)


def _check_state_sizes(hx, expected, lstm):
    for k, (h, shape) in enumerate(zip(hx, expected)):
        if tuple(h.shape) != shape:
            which = f"[{k}]" if lstm else ""
            raise RuntimeError(f"Expected hidden{which} size {shape}, got {list(h.shape)}")


def _check_state_dims(hx, lstm, batched):
    """PyTorch's check that the given state has the input's number of dimensions."""
    dims, kind = (3, "batched 3-D") if batched else (2, "unbatched 2-D")
    if lstm and (hx[0].dim() != dims or hx[1].dim() != dims):
        raise RuntimeError(f"For {kind} input, hx and cx should also be {dims}-D but got "
                           f"({hx[0].dim()}-D, {hx[1].dim()}-D) tensors")
    if not lstm and hx.dim() != dims:
        raise RuntimeError(f"For {kind} input, hx should also be {dims}-D but got {hx.dim()}-D tensor")


def _no_projection(kwargs):
    if "proj_size" in kwargs:
        raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")


class RNN(RNNBase):
    def __init__(self, input_size, hidden_size, num_layers=1, nonlinearity="tanh", bias=True,
                 batch_first=False, dropout=0.0, bidirectional=False, device=None, dtype=None, **kwargs):
        _no_projection(kwargs)
        if nonlinearity not in ("tanh", "relu"):
            raise ValueError(f"Unknown nonlinearity '{nonlinearity}'. Select from 'tanh' or 'relu'.")
        self.__dict__["nonlinearity"] = nonlinearity
        super().__init__("RNN_TANH" if nonlinearity == "tanh" else "RNN_RELU", input_size, hidden_size,
                         num_layers, bias, batch_first, dropout, bidirectional, dtype=dtype, **kwargs)

    def extra_repr(self):
        s = super().extra_repr()
        return s + (f", nonlinearity={self.nonlinearity}" if self.nonlinearity != "tanh" else "")


# One time step of each kind of cell, as ATen's CPU cells compute it, from the gate products of the
# hidden state (hgates, linear(h, w_hh, b_hh)) and of the input (igates, linear(x, w_ih, b_ih)): a
# layer computes the input's for all its steps at once (_layer_steps), a cell per step (the *_cell
# functions, in ATen's order: the hidden state's product first, except for GRU). -> the new state.
def _rnn_step(nonlinearity, hgates, igates, state):
    pre = hgates + igates
    return (tanh(pre) if nonlinearity == "tanh" else relu(pre),)


def _gru_step(hgates, igates, state):
    h = state[0]
    i_r, i_z, i_n = igates.unsafe_chunk(3, 1)
    h_r, h_z, h_n = hgates.unsafe_chunk(3, 1)
    r = sigmoid(h_r + i_r)
    z = sigmoid(h_z + i_z)
    n = tanh(i_n + h_n * r)
    return ((h - n) * z + n,)


def _lstm_step(hgates, igates, state, w_hr=None):
    i, f, g, o = (hgates + igates).unsafe_chunk(4, 1)
    i, f, g, o = sigmoid(i), sigmoid(f), tanh(g), sigmoid(o)
    c = f * state[1] + i * g
    h = o * tanh(c)
    return (h if w_hr is None else h.matmul(w_hr.t())), c  # (projected: ATen's matmul_hr)


def _rnn_cell(nonlinearity, x, state, w_ih, w_hh, b_ih, b_hh):
    hgates = F.linear(state[0], w_hh, b_hh)
    return _rnn_step(nonlinearity, hgates, F.linear(x, w_ih, b_ih), state)


def _gru_cell(x, state, w_ih, w_hh, b_ih, b_hh):
    igates = F.linear(x, w_ih, b_ih)
    return _gru_step(F.linear(state[0], w_hh, b_hh), igates, state)


def _lstm_cell(x, state, w_ih, w_hh, b_ih, b_hh):
    h, c = state
    if _unrecorded_cell(x, h, c, w_ih, w_hh, b_ih, b_hh):
        return _lstm_cell_values(x, h, c, w_ih, w_hh, b_ih, b_hh)
    hgates = F.linear(h, w_hh, b_hh)
    return _lstm_step(hgates, F.linear(x, w_ih, b_ih), state)


_STEPS = {"RNN_TANH": lambda *args: _rnn_step("tanh", *args), "RNN_RELU": lambda *args: _rnn_step("relu", *args),
          "GRU": _gru_step, "LSTM": _lstm_step}


def _layer_steps(mode, input, state, weights, reverse=False):
    """One direction of a layer over time as ATen's CPU layers run it: the input's gate products
    for every step in one linear, unbound, then the steps. -> the stacked outputs (L, N, H) and the
    last state. (weights: [w_ih, w_hh, b_ih, b_hh, w_hr], w_hr an LSTM's projection or None.)"""
    w_ih, w_hh, b_ih, b_hh, w_hr = weights
    step = _STEPS[mode]
    projection = () if w_hr is None else (w_hr,)
    return _steps(lambda igates, state: step(F.linear(state[0], w_hh, b_hh), igates, state, *projection),
                  F.linear(input, w_ih, b_ih), state, (), reverse)


def _steps(cell, input, state, weights, reverse=False):
    """One direction of a layer over time: ``cell(x, state, *weights)`` per step of input (the
    fused LSTM layer's definition: a cell computing its input's gate products). -> the stacked
    outputs and the last state."""
    outputs = []
    steps = input.unbind(0)
    for x in reversed(steps) if reverse else steps:
        state = cell(x, state, *weights)
        outputs.append(state[0])
    return stack(outputs[::-1] if reverse else outputs, 0), state


def _packed_layer_steps(mode, input, batch_sizes, state, weights, reverse=False):
    """One direction of a layer over a packed input as ATen's PackedLayer / ReversedPackedLayer run it:
    the input's gate products for every row in one linear, then per step the rows (narrow) of the
    batch_sizes[t] sequences still running. Forward, the state is cut as sequences end and the cut
    rows joined at the end (hidden_concat, shortest sequences' last); in reverse, the state starts
    with the rows of the sequences running at the last step and takes the initial state's rows of
    the others as they start. -> the steps' outputs end to end, and the final state."""
    w_ih, w_hh, b_ih, b_hh, w_hr = weights
    step = _STEPS[mode]
    projection = () if w_hr is None else (w_hr,)
    igates = F.linear(input, w_ih, b_ih)
    outputs = []
    if not reverse:
        offset, last, ended = 0, batch_sizes[0], []
        for rows in batch_sizes:
            x = igates.narrow(0, offset, rows)
            offset += rows
            if rows < last:
                ended.append(tuple(h.narrow(0, rows, last - rows) for h in state))
                state = tuple(h.narrow(0, 0, rows) for h in state)
            last = rows
            state = step(F.linear(state[0], w_hh, b_hh), x, state, *projection)
            outputs.append(state[0])
        ended.append(state)
        final = tuple(cat([part[k] for part in reversed(ended)], 0) for k in range(len(state)))
        return cat(outputs, 0), final
    offset, last = igates.shape[0], batch_sizes[-1]
    initial, state = state, tuple(h.narrow(0, 0, last) for h in state)
    for rows in reversed(batch_sizes):
        if rows > last:
            started = tuple(h.narrow(0, last, rows - last) for h in initial)
            state = tuple(cat([h, h0], 0) for h, h0 in zip(state, started))
        x = igates.narrow(0, offset - rows, rows)
        offset -= rows
        last = rows
        state = step(F.linear(state[0], w_hh, b_hh), x, state, *projection)
        outputs.append(state[0])
    return cat(outputs[::-1], 0), state


def run_packed_layers(mode, data, batch_sizes, hx, weights, dropout, train):
    """ATen's rnn_tanh/rnn_relu/gru/lstm on a packed input (data, batch_sizes): each layer's
    directions through _packed_layer_steps on the states unbound per layer, the directions' outputs
    side by side, dropout (train) on the data between layers. -> (output data, tuple of final
    states, each stacked over layers and directions). (weights as run_layers takes them.)"""
    sizes = batch_sizes.tolist()
    states = [h.unbind(0) for h in hx]
    if len(weights[0]) == 2 and len(states[0]) % 2:
        raise RuntimeError("Odd number of params or hiddens given to a bidirectional RNN")
    if len(states[0]) != len(weights) * len(weights[0]):
        raise RuntimeError("Expected more hidden states in stacked_rnn")
    input, new_states = data, []
    for layer, directions in enumerate(weights):
        outputs = []
        for direction, direction_weights in enumerate(directions):
            state = tuple(per_layer[layer * len(directions) + direction] for per_layer in states)
            output, state = _packed_layer_steps(mode, input, sizes, state, direction_weights, direction == 1)
            outputs.append(output)
            new_states.append(state)
        input = cat(outputs, -1) if len(outputs) > 1 else outputs[0]
        if dropout and train and layer < len(weights) - 1:
            input = F.dropout(input, dropout, True)
    return input, tuple(stack([s[k] for s in new_states], 0) for k in range(len(hx)))


def _unrecorded_cell(*tensors):
    """Whether _lstm_cell's ops would record nothing and nothing watches them (no graph: grad mode
    off or no input requiring grad; no forward AD, vmap, profiler, dispatch or torch-function mode,
    tensor subclass), on plain float32 or float64 tensors of agreeing shapes with biases: then
    _lstm_cell_values computes its state on buffers."""
    x, h, c, w_ih, w_hh, b_ih, b_hh = tensors
    if TRANSFORM_HOOK[0] is not None or dual_state["active"] or torch_function_active[0] \
            or any(t.__class__ is not Tensor and t.__class__ is not Parameter for t in tensors):
        return False
    if is_grad_enabled() and any(t._requires_grad for t in tensors):
        return False
    dtype = x.dtype
    if (dtype is not float32 and dtype is not float64) or any(t.dtype is not dtype for t in tensors) \
            or x.dim() != 2 or h.dim() != 2:
        return False
    (n, k), hs = x._shape, h._shape[1]
    return n * k * hs > 0 and h._shape == c._shape == (n, hs) and w_ih._shape == (4 * hs, k) \
        and w_hh._shape == (4 * hs, hs) and b_ih._shape == b_hh._shape == (4 * hs,)


def _lstm_cell_values(x, h, c, w_ih, w_hh, b_ih, b_hh):
    """_lstm_cell's (h', c') by the same kernels on the same buffers as its ops, without the ops:
    nn.Linear's products, then each elementwise step (a chunk's sigmoid as sigmoid takes a
    strided view: float32's scalar formula unless one row)."""
    n, hs = h._shape
    dtype = x.dtype
    gates = B.binary("add", linalg_ops._addmm_values(b_ih, x, w_ih.t(), 1, 1)._buf(),
                     linalg_ops._addmm_values(b_hh, h, w_hh.t(), 1, 1)._buf(), dtype)
    i, f, g, o = (B.take(gates, k * hs, (n, hs), (4 * hs, 1)) for k in range(4))
    if dtype is float32:
        row = None if n == 1 else 1
        si, sf, so = (exact_special.sigmoid(part, row) for part in (i, f, o))
    else:
        si, sf, so = (B.unary("sigmoid", part, dtype) for part in (i, f, o))
    cell = B.binary("add", B.binary("mul", sf, c._buf(), dtype), B.binary("mul", si, B.unary("tanh", g, dtype), dtype),
                    dtype)
    h_new = B.binary("mul", so, B.unary("tanh", cell, dtype), dtype)
    return new_tensor(h_new, (n, hs), dtype), new_tensor(cell, (n, hs), dtype)


def _fused(tensors):
    """Whether _lstm_steps runs this layer: float32, biases, every shape agreeing and none empty
    (else the decomposed steps run, and raise what they raise)."""
    x, w_ih, w_hh, b_ih, b_hh, h0, c0 = tensors
    if b_ih is None or b_hh is None or any(t.dtype is not float32 for t in tensors) or x.dim() != 3:
        return False
    steps, n, k = x.shape
    g4, h = tuple(w_hh.shape) if w_hh.dim() == 2 else (0, 0)
    return g4 == 4 * h and tuple(w_ih.shape) == (g4, k) and tuple(b_ih.shape) == tuple(b_hh.shape) == (g4,) \
        and tuple(h0.shape) == tuple(c0.shape) == (n, h) and steps * n * k * h > 0


def _lstm_layer_backward(grads, tensors, result, reverse):
    output = result[0]
    # output._version: the states are read from the output unless it was changed in place since
    if is_grad_enabled() or grads[0] is None or output._version or not _fused(tensors):
        return _lstm_recomputed_backward(grads, tensors, reverse)
    return _lstm_backward(grads, tensors, output, reverse)


def _lstm_recomputed_backward(grads, tensors, reverse):
    differentiable = is_grad_enabled()  # create_graph: keep the recomputed steps' history
    with enable_grad():
        inputs = [t if t is None or differentiable else t.detach().requires_grad_() for t in tensors]
        output, (h, c) = _steps(_lstm_cell, inputs[0], inputs[5:], inputs[1:5], reverse)
        given = [(o, g) for o, g in zip((output, h, c), grads) if g is not None]
        wanted = [t for t in inputs if t is not None and t._requires_grad]
        found = iter(grad([o for o, _ in given], wanted, [g for _, g in given],
                                         allow_unused=True, create_graph=differentiable))
    return [next(found) if t is not None and t._requires_grad else None for t in inputs]


def _rows_apart(m, total, k, n, b_transposed):
    """Whether the rows of an (m x k) @ (k x n) product come out the same inside a (total x k)
    product of the rows stacked: the same rule, which rounds each output on its own (rule F
    without its leftover-row split)."""
    rule = exact.rule_for(m, k, n, b_transposed)
    whole = k <= 16 or m % 4 == 0
    return rule == exact.rule_for(total, k, n, b_transposed) and (rule != "F" or whole)


def _stacked_products(a, w, steps, m, k, n, bias=None, b_transposed=False):
    """The products a_t @ w (+ bias) of each step's (m x k) rows of a, end to end: one product of
    all the rows when that rounds each row as its own product would."""
    if steps > 1 and not _rows_apart(m, steps * m, k, n, b_transposed):
        return exact.joined([exact.mm(a[t * m * k:(t + 1) * m * k], w, m, k, n, bias, b_transposed)
                             for t in range(steps)])
    return exact.mm(a, w, steps * m, k, n, bias, b_transposed)


def _lstm_steps(bufs, steps, n, k, h):
    """One biased float32 LSTM layer over time on buffers [x, w_ih, w_hh, b_ih, b_hh, h0, c0]: the
    states h_1..h_L and c_L. Each step's gates are linear(x_t, w_ih, b_ih) + linear(h, w_hh, b_hh), as
    _lstm_cell computes them."""
    x, w_ih, w_hh, b_ih, b_hh, h_t, c_t = bufs
    size = 4 * h * n
    gx = _stacked_products(x, w_ih, steps, n, k, 4 * h, b_ih, True)
    hs = []
    for t in range(steps):
        gh = exact.mm(h_t, w_hh, n, h, 4 * h, b_hh, True)
        h_t, c_t, _ = cell_kernels.lstm_cells(gx[t * size:(t + 1) * size], gh, c_t, 1, n, h)[0]
        hs.append(h_t)
    return hs, c_t


def _lstm_backward(grads, tensors, output, reverse):
    """The layer's gradients with autograd's sums on the decomposed steps: each step's from the
    last to the first; a weight's or bias's gradient is the steps' terms added in that order. The
    steps' states are the output's (h_1..h_L), so their cells run again in one call. (reverse: in
    the order the steps ran, from the last time step to the first.)"""
    x, w_ih, w_hh = tensors[:3]
    steps, n, k = x.shape
    h = w_hh.shape[1]
    g4 = 4 * h
    in_order = (lambda buf: _time_reversed(buf, steps)) if reverse else (lambda buf: buf)
    bufs = [t._buf() for t in tensors]
    bufs[0] = in_order(bufs[0])
    h_prev = exact.joined([bufs[5], in_order(output._buf())[:(steps - 1) * n * h]])  # h_0..h_(L-1)
    gx = _stacked_products(bufs[0], bufs[1], steps, n, k, g4, bufs[3], True)
    gh = _stacked_products(h_prev, bufs[2], steps, n, h, g4, bufs[4], True)
    cells = cell_kernels.lstm_cells(gx, gh, bufs[6], steps, n, h)
    cs, saved = [bufs[6]] + [c for _, c, _ in cells], [kept for _, _, kept in cells]
    need = [t is not None and t.requires_grad for t in tensors]
    # AddmmBackward0's operands per step: mat1.t() (then TBackward0 on the product), all steps at once
    h_transposed = B.take(h_prev, 0, (steps, h, n), (n * h, 1, h)) if need[2] else None
    x_transposed = B.take(bufs[0], 0, (steps, k, n), (n * k, 1, k)) if need[1] else None
    g_out = in_order(grads[0]._buf())
    g_h, dc = (None if g is None else g._buf() for g in grads[1:])
    dh_carry = None
    d_gates = [None] * steps
    for t in reversed(range(steps)):
        dh = g_out[t * n * h:(t + 1) * n * h]
        if t == steps - 1 and g_h is not None:
            dh = B.binary("add", dh, g_h, float32)
        dg, dc = cell_kernels.lstm_cell_backward(dh, dh_carry, dc, saved[t], cs[t], n, h)
        d_gates[t] = dg
        if t or need[5]:
            dh_carry = exact.mm(dg, bufs[2], n, g4, h)
    d_gates = exact.joined(d_gates)
    out = [None] * 7
    if need[0]:
        out[0] = new_tensor(in_order(_stacked_products(d_gates, bufs[1], steps, n, g4, k)), (steps, n, k), float32)
    for i, operand, rows in ((1, x_transposed, k), (2, h_transposed, h)):
        if need[i]:  # each step's product, then their sum from the last step to the first
            total = reduce_kernels.blocks_sum_from_last(exact.mm_each(operand, d_gates, steps, rows, n, g4), steps)
            out[i] = new_tensor(B.take(total, 0, (g4, rows), (1, g4)), (g4, rows), float32)
    if need[3] or need[4]:  # self's gradient summed to (4h,) per step (graph._conform), then over steps
        per_step = reduce_kernels.sum(d_gates, 0, (steps, n, g4), (n * g4, g4, 1), (1,))[0]
        d_b = reduce_kernels.blocks_sum_from_last(per_step, steps)
        for i in (3, 4):
            if need[i]:
                out[i] = new_tensor(B.copy(d_b), (g4,), float32)
    if need[5]:
        out[5] = new_tensor(dh_carry, (n, h), float32)
    if need[6]:
        out[6] = new_tensor(dc, (n, h), float32)
    return out


def _time_reversed(buf, steps):
    """A (steps, ...) buffer with its time steps in reverse order."""
    size = len(buf) // steps
    return exact.joined([buf[t * size:(t + 1) * size] for t in reversed(range(steps))])


@op("MkldnnRnnLayerBackward0", name="mkldnn_rnn_layer",
    tensors=lambda grads, tensors, result, reverse: _lstm_layer_backward(grads, tensors, result, reverse))
def _lstm_layer(tensors, reverse=False):
    """[input, w_ih, w_hh, b_ih, b_hh, h0, c0] -> (output, h_n, c_n) of one direction of an LSTM layer."""
    if not _fused(tensors):
        with no_grad():
            output, (h, c) = _steps(_lstm_cell, tensors[0], tensors[5:], tensors[1:5], reverse)
        return output, h, c
    steps, n, k = tensors[0].shape
    h = tensors[2].shape[1]
    bufs = [t._buf() for t in tensors]
    if reverse:
        bufs[0] = _time_reversed(bufs[0], steps)
    hs, c = _lstm_steps(bufs, steps, n, k, h)
    last = hs[-1]
    return (new_tensor(exact.joined(hs[::-1] if reverse else hs), (steps, n, h), float32),
            new_tensor(last, (n, h), float32), new_tensor(c, (n, h), float32))


class LSTM(RNNBase):
    def __init__(self, *args, **kwargs):
        super().__init__("LSTM", *args, **kwargs)


class GRU(RNNBase):
    def __init__(self, *args, **kwargs):
        _no_projection(kwargs)
        super().__init__("GRU", *args, **kwargs)


def run_layers(mode, input, hx, weights, dropout, train, batch_first):
    """ATen's rnn_tanh/rnn_relu/gru/lstm: input (L, N, H_in) (batch_first: (N, L, H_in)), hx a
    tuple of (num_layers * directions, N, H) states, weights per layer a list per direction (one
    or two) of [w_ih, w_hh, b_ih, b_hh, w_hr] (biases None, w_hr an LSTM's projection or None).
    Returns the last layer's outputs (the directions' side by side) and the tuple of final states.
    A float32 LSTM layer is oneDNN's one node, unless projected: then, as in PyTorch (which warns),
    the default layer's steps."""
    if batch_first:
        input = input.transpose(0, 1)
    new_states = []
    for layer, directions in enumerate(weights):
        outputs = []
        for direction, direction_weights in enumerate(directions):
            state = tuple(h[layer * len(directions) + direction] for h in hx)
            reverse = direction == 1
            if mode == "LSTM" and input.dtype is float32 and direction_weights[4] is not None:
                warn_once("LSTM with projections is not supported with oneDNN. Using default implementation. "
                          "(Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/RNN.cpp:1512.)")
            if mode == "LSTM" and input.dtype is float32 and direction_weights[4] is None:
                output, *state = _lstm_layer([input, *direction_weights[:4], *state], reverse)
            else:
                output, state = _layer_steps(mode, input, state, direction_weights, reverse)
            outputs.append(output)
            new_states.append(state)
        input = cat(outputs, -1) if len(outputs) > 1 else outputs[0]
        if dropout and train and layer < len(weights) - 1:
            input = F.dropout(input, dropout, True)
    final = tuple(stack([s[k] for s in new_states], 0) for k in range(len(hx)))
    if batch_first:  # as PyTorch's C++ does: TransposeBackward0 after oneDNN or a projected LSTM, else Backward1
        out_of_place = mode == "LSTM" and (input.dtype is float32 or weights[0][0][4] is not None)
        input = input.transpose(0, 1) if out_of_place else input.transpose_(0, 1)
    return input, final


class RNNCellBase(Module):
    """One time step as a module: RNNCell, GRUCell and LSTMCell."""
    n_states = 1

    def __init__(self, input_size, hidden_size, bias, num_chunks, device=None, dtype=None):
        super().__init__()
        self.input_size, self.hidden_size, self.bias = input_size, hidden_size, bias
        self.weight_ih = Parameter(empty((num_chunks * hidden_size, input_size), dtype=dtype))
        self.weight_hh = Parameter(empty((num_chunks * hidden_size, hidden_size), dtype=dtype))
        if bias:
            self.bias_ih = Parameter(empty(num_chunks * hidden_size, dtype=dtype))
            self.bias_hh = Parameter(empty(num_chunks * hidden_size, dtype=dtype))
        else:
            self.register_parameter("bias_ih", None)
            self.register_parameter("bias_hh", None)
        stdv = 1.0 / math.sqrt(hidden_size) if hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def extra_repr(self):
        s = f"{self.input_size}, {self.hidden_size}"
        if self.bias is not True:
            s += f", bias={self.bias}"
        if getattr(self, "nonlinearity", "tanh") != "tanh":
            s += f", nonlinearity={self.nonlinearity}"
        return s

    def forward(self, input, hx=None):
        if input.dim() not in (1, 2):
            raise ValueError(f"{type(self).__name__}: Expected input to be 1D or 2D, got {input.dim()}D instead")
        batched = input.dim() == 2
        if not batched:
            input = input.unsqueeze(0)
        if hx is None:
            zeros = creation.zeros(input.shape[0], self.hidden_size, dtype=input.dtype)
            state = (zeros,) * self.n_states
        else:
            state = hx if isinstance(hx, tuple) else (hx,)
            state = state if batched else tuple(h.unsqueeze(0) for h in state)
        state = self._step(input, state, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        state = state if batched else tuple(h.squeeze(0) for h in state)
        return state if self.n_states > 1 else state[0]


class RNNCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, nonlinearity="tanh", device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, 1, dtype=dtype)
        self.nonlinearity = nonlinearity

    def _step(self, x, state, *weights):
        return _rnn_cell(self.nonlinearity, x, state, *weights)


class GRUCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, 3, dtype=dtype)

    _step = staticmethod(_gru_cell)


class LSTMCell(RNNCellBase):
    n_states = 2

    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, 4, dtype=dtype)

    _step = staticmethod(_lstm_cell)
