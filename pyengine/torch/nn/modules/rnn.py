"""RNN, LSTM and GRU (unidirectional; any number of layers), step by step over time.

A float32 LSTM layer is one node, MkldnnRnnLayerBackward0, as PyTorch's CPU build (oneDNN)
records it; its backward runs the layer's steps again with history and differentiates them.
"""
import math

from ..._dtype import float32
from ..._ops.creation import empty
from ..._ops.joining import stack
from ..._ops.pointwise import relu, sigmoid, tanh
from ...autograd import grad
from ...autograd.grad_mode import enable_grad, is_grad_enabled, no_grad
from ..._ops import creation
from ...autograd.derivatives import op
from .. import functional as F, init
from ..parameter import Parameter
from .module import Module

_GATES = {"RNN_TANH": 1, "RNN_RELU": 1, "LSTM": 4, "GRU": 3}


class RNNBase(Module):
    def __init__(self, mode, input_size, hidden_size, num_layers=1, bias=True, batch_first=False,
                 dropout=0.0, bidirectional=False, proj_size=0, device=None, dtype=None):
        super().__init__()
        if bidirectional:
            raise NotImplementedError("bidirectional recurrent layers are not supported")
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.bias = bias
        self.batch_first = batch_first
        self.dropout = float(dropout)
        self.bidirectional = bidirectional
        self.proj_size = proj_size
        gate_size = _GATES[mode] * hidden_size
        self._flat_weights_names = []
        for layer in range(num_layers):
            layer_input = input_size if layer == 0 else hidden_size
            shapes = [("weight_ih", (gate_size, layer_input)), ("weight_hh", (gate_size, hidden_size))]
            if bias:
                shapes += [("bias_ih", (gate_size,)), ("bias_hh", (gate_size,))]
            for name, shape in shapes:
                full = f"{name}_l{layer}"
                setattr(self, full, Parameter(empty(shape, dtype=dtype)))
                self._flat_weights_names.append(full)
        self.reset_parameters()

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def extra_repr(self):
        s = f"{self.input_size}, {self.hidden_size}"
        if self.num_layers != 1:
            s += f", num_layers={self.num_layers}"
        if self.bias is not True:
            s += f", bias={self.bias}"
        if self.batch_first is not False:
            s += f", batch_first={self.batch_first}"
        if self.dropout != 0:
            s += f", dropout={self.dropout}"
        return s

    def _layer_weights(self, layer):
        w = [getattr(self, f"{n}_l{layer}") for n in ("weight_ih", "weight_hh")]
        b = [getattr(self, f"{n}_l{layer}") for n in ("bias_ih", "bias_hh")] if self.bias else [None, None]
        return w + b

    def forward(self, input, hx=None):
        batched = input.dim() == 3
        if not batched:
            input = input.unsqueeze(1)
            if hx is not None:
                hx = tuple(h.unsqueeze(1) for h in hx) if isinstance(hx, tuple) else hx.unsqueeze(1)
        n = input.shape[0 if batched and self.batch_first else 1]
        n_states = 2 if self.mode == "LSTM" else 1
        if hx is None:
            zeros = creation.zeros(self.num_layers, n, self.hidden_size, dtype=input.dtype)
            hx = (zeros,) * n_states
        elif not isinstance(hx, tuple):
            hx = (hx,)
        weights = [self._layer_weights(layer) for layer in range(self.num_layers)]
        output, final = run_layers(self.mode, input, hx, weights, self.dropout, self.training,
                                   batched and self.batch_first)
        if not batched:
            output = output.squeeze(1)
            final = tuple(h.squeeze(1) for h in final)
        return output, (final if self.mode == "LSTM" else final[0])


class RNN(RNNBase):
    def __init__(self, input_size, hidden_size, num_layers=1, nonlinearity="tanh", bias=True,
                 batch_first=False, dropout=0.0, bidirectional=False, device=None, dtype=None):
        if nonlinearity not in ("tanh", "relu"):
            raise ValueError(f"Unknown nonlinearity '{nonlinearity}'. Select from 'tanh' or 'relu'.")
        self.__dict__["nonlinearity"] = nonlinearity
        super().__init__("RNN_TANH" if nonlinearity == "tanh" else "RNN_RELU", input_size, hidden_size,
                         num_layers, bias, batch_first, dropout, bidirectional, dtype=dtype)

    def extra_repr(self):
        s = super().extra_repr()
        return s + (f", nonlinearity={self.nonlinearity}" if self.nonlinearity != "tanh" else "")


# One time step of each kind of layer: (x, state, weights) -> the new state (a tuple)
def _rnn_cell(nonlinearity, x, state, w_ih, w_hh, b_ih, b_hh):
    pre = F.linear(x, w_ih, b_ih) + F.linear(state[0], w_hh, b_hh)
    return (tanh(pre) if nonlinearity == "tanh" else relu(pre),)


def _gru_cell(x, state, w_ih, w_hh, b_ih, b_hh):
    h = state[0]
    gi_r, gi_z, gi_n = F.linear(x, w_ih, b_ih).chunk(3, 1)
    gh_r, gh_z, gh_n = F.linear(h, w_hh, b_hh).chunk(3, 1)
    r = sigmoid(gi_r + gh_r)
    z = sigmoid(gi_z + gh_z)
    n = tanh(gi_n + r * gh_n)
    return ((h - n) * z + n,)  # PyTorch's order of operations (its gru_cell)


def _steps(cell, input, state, weights):
    """One layer over time: the stacked outputs (L, N, H) and the last state."""
    outputs = []
    for x in input.unbind(0):
        state = cell(x, state, *weights)
        outputs.append(state[0])
    return stack(outputs, 0), state


def _lstm_cell(x, state, w_ih, w_hh, b_ih, b_hh):
    h, c = state
    gates = F.linear(x, w_ih, b_ih) + F.linear(h, w_hh, b_hh)
    i, f, g, o = gates.chunk(4, 1)
    c = sigmoid(f) * c + sigmoid(i) * tanh(g)
    return sigmoid(o) * tanh(c), c


def _lstm_layer_backward(grads, tensors):
    differentiable = is_grad_enabled()  # create_graph: keep the recomputed steps' history
    with enable_grad():
        inputs = [t if t is None or differentiable else t.detach().requires_grad_() for t in tensors]
        output, (h, c) = _steps(_lstm_cell, inputs[0], inputs[5:], inputs[1:5])
        given = [(o, g) for o, g in zip((output, h, c), grads) if g is not None]
        wanted = [t for t in inputs if t is not None and t._requires_grad]
        found = iter(grad([o for o, _ in given], wanted, [g for _, g in given],
                                         allow_unused=True, create_graph=differentiable))
    return [next(found) if t is not None and t._requires_grad else None for t in inputs]


@op("MkldnnRnnLayerBackward0", name="mkldnn_rnn_layer",
    tensors=lambda grads, tensors: _lstm_layer_backward(grads, tensors))
def _lstm_layer(tensors):
    """[input, w_ih, w_hh, b_ih, b_hh, h0, c0] -> (output, h_n, c_n) of one LSTM layer."""
    with no_grad():
        output, (h, c) = _steps(_lstm_cell, tensors[0], tensors[5:], tensors[1:5])
    return output, h, c


class LSTM(RNNBase):
    def __init__(self, *args, **kwargs):
        super().__init__("LSTM", *args, **kwargs)


class GRU(RNNBase):
    def __init__(self, *args, **kwargs):
        super().__init__("GRU", *args, **kwargs)


_CELLS = {"RNN_TANH": lambda *args: _rnn_cell("tanh", *args), "RNN_RELU": lambda *args: _rnn_cell("relu", *args),
          "GRU": _gru_cell, "LSTM": _lstm_cell}


def run_layers(mode, input, hx, weights, dropout, train, batch_first):
    """ATen's rnn_tanh/rnn_relu/gru/lstm: input (L, N, H_in) (batch_first: (N, L, H_in)), hx a
    tuple of (num_layers, N, H) states, weights per layer [w_ih, w_hh, b_ih, b_hh] (biases None
    or left out). Returns the last layer's outputs and the tuple of final states."""
    if batch_first:
        input = input.transpose(0, 1)
    new_states = []
    for layer, layer_weights in enumerate(weights):
        layer_weights = (list(layer_weights) + [None, None])[:4]
        state = tuple(h[layer] for h in hx)
        if mode == "LSTM" and input.dtype is float32:
            input, *state = _lstm_layer([input, *layer_weights, *state])
        else:
            input, state = _steps(_CELLS[mode], input, state, layer_weights)
        if dropout and train and layer < len(weights) - 1:
            input = F.dropout(input, dropout, True)
        new_states.append(state)
    final = tuple(stack([s[k] for s in new_states], 0) for k in range(len(hx)))
    if batch_first:  # as PyTorch's C++ does: TransposeBackward0 after oneDNN, else Backward1
        input = input.transpose(0, 1) if mode == "LSTM" and input.dtype is float32 else input.transpose_(0, 1)
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
