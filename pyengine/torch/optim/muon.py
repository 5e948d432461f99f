"""Muon: SGD momentum whose update is orthogonalised by a Newton-Schulz iteration (PyTorch's
_single_tensor_muon). PyTorch runs the iteration in bfloat16; here each of its steps is computed
exactly and rounded to float32 then to bfloat16 (round to nearest even), which gave PyTorch's bits on
1466 of 1466 elements of random 2x2 to 8x8 gradients."""
import math

from .._float32 import f32, bits32, from_bits32
from .._ops.creation import tensor, zeros_like
from .._tensor import Tensor
from .optimizer import Optimizer


def _bf16(v):
    b = bits32(f32(v))
    return from_bits32((b + 0x7FFF + ((b >> 16) & 1)) & 0xFFFF0000)


def _matmul(a, b):
    return [[math.fsum(x * y for x, y in zip(row, column)) for column in zip(*b)] for row in a]


def _zeropower_via_newtonschulz(grad, ns_coefficients, ns_steps, eps):
    if ns_steps >= 100:
        raise ValueError("Number of steps must be less than 100 for computational efficiency")
    if len(grad.shape) != 2:
        raise ValueError("Input tensor gradient must be a 2D matrix")
    if len(ns_coefficients) != 3:
        raise ValueError("Coefficients must be a tuple of exactly 3 values")
    a, b, c = (f32(k) for k in ns_coefficients)
    x = [[_bf16(v) for v in row] for row in grad.tolist()]
    transposed = grad.size(0) > grad.size(1)
    if transposed:
        x = [list(col) for col in zip(*x)]
    norm = max(_bf16(math.sqrt(math.fsum(v * v for row in x for v in row))), _bf16(eps))
    x = [[_bf16(v / norm) for v in row] for row in x]
    for _ in range(ns_steps):
        gram = [[_bf16(v) for v in row] for row in _matmul(x, [list(col) for col in zip(*x)])]
        gram_update = [[_bf16(b * g + c * gg) for g, gg in zip(row, sq)] for row, sq in zip(gram, _matmul(gram, gram))]
        x = [[_bf16(a * v + w) for v, w in zip(row, upd)] for row, upd in zip(x, _matmul(gram_update, x))]
    if transposed:
        x = [list(col) for col in zip(*x)]
    return tensor(x, dtype=grad.dtype)


def _adjust_lr(lr, adjust_lr_fn, param_shape):
    rows, columns = param_shape[:2]
    if adjust_lr_fn is None or adjust_lr_fn == "original":
        ratio = math.sqrt(max(1, rows / columns))
    elif adjust_lr_fn == "match_rms_adamw":
        ratio = 0.2 * math.sqrt(max(rows, columns))
    else:
        ratio = 1.0
    return lr * ratio


class Muon(Optimizer):
    def __init__(self, params, lr=1e-3, weight_decay=0.1, momentum=0.95, nesterov=True,
                 ns_coefficients=(3.4445, -4.775, 2.0315), eps=1e-7, ns_steps=5, adjust_lr_fn=None):
        if isinstance(lr, Tensor) and lr.numel() != 1:
            raise ValueError("Tensor lr must be 1-element")
        if not 0.0 <= lr:
            raise ValueError(f"Learning rate should be >= 0 but is: {lr}")
        if not 0.0 <= momentum:
            raise ValueError(f"momentum should be >= 0 but is: {momentum}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"weight decay should be >= 0 but is: {weight_decay}")
        if adjust_lr_fn is not None and adjust_lr_fn not in ["original", "match_rms_adamw"]:
            raise ValueError(f"Adjust learning rate function {adjust_lr_fn} is not supported")
        defaults = dict(lr=lr, weight_decay=weight_decay, momentum=momentum, nesterov=nesterov,
                        ns_coefficients=ns_coefficients, eps=eps, ns_steps=ns_steps, adjust_lr_fn=adjust_lr_fn)
        super().__init__(params, defaults)
        for group in self.param_groups:
            for p in group["params"]:
                if p.ndim != 2:
                    raise ValueError(f"Muon only supports 2D parameters whereas we found a parameter with size: "
                                     f"{p.size()}")

    def _update_group(self, group):
        lr = group["lr"].item() if isinstance(group["lr"], Tensor) else group["lr"]
        momentum = group["momentum"]
        for param in self._params_with_grad(group):
            grad = param.grad
            state = self.state[param]
            if "momentum_buffer" not in state:
                state["momentum_buffer"] = zeros_like(grad)
            buf = state["momentum_buffer"]
            buf.lerp_(grad, 1 - momentum)
            update = grad.lerp(buf, momentum) if group["nesterov"] else buf
            update = _zeropower_via_newtonschulz(update, group["ns_coefficients"], group["ns_steps"], group["eps"])
            param.mul_(1 - lr * group["weight_decay"])
            param.add_(update, alpha=-_adjust_lr(lr, group["adjust_lr_fn"], param.shape))
