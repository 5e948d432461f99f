"""Tensor-level random functions: torch.rand/randn/randint/randperm/normal/bernoulli/multinomial,
their ``*_like`` forms, torch.Generator, and the in-place Tensor samplers (uniform_, normal_, ...).

The samplers in ``_random`` return the values of a fresh contiguous tensor as a flat list;
this module only turns sizes and arguments into sampler calls and lists into tensors.
"""
from . import _dtype, _random
from ._process import register
from ._backend import backend as B
from ._tensor import Tensor
from ._ops._helpers import broadcast_shapes
from .autograd.inplace import commit_inplace


class Generator(_random.Generator):
    """torch.Generator: its states are uint8 tensors of PyTorch's 5056 state bytes."""

    def get_state(self):
        return _bytes_tensor(super().get_state())

    def set_state(self, new_state):
        if not isinstance(new_state, Tensor) or new_state.dtype is not _dtype.uint8:
            raise TypeError(f"expected a torch.ByteTensor, but got {type(new_state).__name__}")
        return super().set_state(bytes(new_state._flat()))

    def __reduce__(self):
        return (_restore_generator, (bytes(_random.Generator.get_state(self)),))


Generator.__module__ = "torch._C"  # repr: <torch._C.Generator object at 0x...>, as in PyTorch


def _restore_generator(state):
    return _random.Generator.set_state(Generator(), state)


def _bytes_tensor(data):
    return Tensor._make(B.from_list(list(data), _dtype.uint8), (len(data),), _dtype.uint8)


# The default generator is a torch.Generator too; samplers find it through _random.
default_generator = Generator()
default_generator.seed()  # PyTorch's default generator starts from a nondeterministic seed, in every new process
register("torch.default_generator", default_generator, reset=default_generator.seed,
         save=lambda: _random.Generator.get_state(default_generator),
         load=lambda state: _random.Generator.set_state(default_generator, state))
_random.default_generator = default_generator


# torch.func's vmap puts its randomness policy here while it runs (see _functorch.vmap): asked
# with the shape of every draw, it raises (randomness="error"), keeps the shape ("same"), or
# prepends the batch sizes and makes the result a batched tensor ("different"); _new asks it again
# (``batched=`` the shape it gave) to wrap the values.
RANDOMNESS_HOOK = [None]


def _gen(generator):
    if RANDOMNESS_HOOK[0] is not None:
        RANDOMNESS_HOOK[0](None)
    return default_generator if generator is None else generator


def _size(size):
    """rand(2, 3), rand((2, 3)), rand([2, 3]) and rand(torch.Size([2, 3])) all mean (2, 3)."""
    if len(size) == 1 and not isinstance(size[0], int):
        size = size[0]
    size = tuple(int(s) for s in size)
    for s in size:
        if s < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {s}: "
                               f"[{', '.join(map(str, size))}]")
    if RANDOMNESS_HOOK[0] is not None:
        return RANDOMNESS_HOOK[0](size)
    return size


def _numel(shape):
    n = 1
    for s in shape:
        n *= s
    return n


def _new(values, shape, dtype, requires_grad=False):
    t = Tensor._make(B.from_list(values, dtype), shape, dtype)
    if requires_grad:
        t.requires_grad_(True)
    if RANDOMNESS_HOOK[0] is not None:
        return RANDOMNESS_HOOK[0](None, batched=t)
    return t


_KERNEL_DTYPE_NAMES = {"int64": "Long", "int32": "Int", "int16": "Short", "int8": "Char", "uint8": "Byte",
                       "bool": "Bool", "float32": "Float", "float64": "Double", "float16": "Half"}


def _require_float(dtype, kernel):
    if dtype.kind != "f":
        raise NotImplementedError(f'"{kernel}" not implemented for \'{_KERNEL_DTYPE_NAMES[dtype.name]}\'')


# ---- factories --------------------------------------------------------------------------

def rand(*sizes, size=None, generator=None, dtype=None, requires_grad=False, out=None, device=None,
         layout=None, pin_memory=False):
    shape = _size(sizes if size is None else (size,))
    dtype = dtype or _dtype.get_default_dtype()
    _require_float(dtype, "check_uniform_bounds")
    return _new(_random.uniform(_gen(generator), _numel(shape), dtype), shape, dtype, requires_grad)


def randn(*sizes, size=None, generator=None, dtype=None, requires_grad=False, out=None, device=None,
          layout=None, pin_memory=False):
    shape = _size(sizes if size is None else (size,))
    dtype = dtype or _dtype.get_default_dtype()
    _require_float(dtype, "normal_kernel_cpu")
    return _new(_random.normal(_gen(generator), _numel(shape), dtype), shape, dtype, requires_grad)


def randint(*args, size=None, generator=None, dtype=None, requires_grad=False, out=None, device=None,
            layout=None, pin_memory=False, low=None, high=None):
    """randint(high, size) or randint(low, high, size)."""
    args = list(args)
    if size is None and args and not isinstance(args[-1], int):
        size = args.pop()
    if high is None:
        high = args.pop() if args else None
    if low is None:
        low = args.pop() if args else 0
    if size is None or high is None or args:
        raise TypeError("randint() received an invalid combination of arguments")
    if not low < high:
        raise RuntimeError(f"random_ expects 'from' to be less than 'to', but got from={low} >= to={high}")
    shape = _size((size,))
    dtype = dtype or _dtype.int64
    values = _random.randint(_gen(generator), _numel(shape), int(low), int(high), dtype)
    return _new(values, shape, dtype, requires_grad)


def randperm(n, *, generator=None, dtype=None, requires_grad=False, out=None, device=None, layout=None,
             pin_memory=False):
    if n < 0:
        raise RuntimeError(f"n must be non-negative, got{n}")
    dtype = dtype or _dtype.int64
    return _new(_random.randperm(_gen(generator), n, dtype), (n,), dtype, requires_grad)


def rand_like(input, *, dtype=None, requires_grad=False, generator=None, **_):
    return rand(input._shape, dtype=dtype or input.dtype, requires_grad=requires_grad, generator=generator)


def randn_like(input, *, dtype=None, requires_grad=False, generator=None, **_):
    return randn(input._shape, dtype=dtype or input.dtype, requires_grad=requires_grad, generator=generator)


def randint_like(input, low=0, high=None, *, dtype=None, requires_grad=False, generator=None, **_):
    if high is None:
        low, high = 0, low
    return randint(low, high, input._shape, dtype=dtype or input.dtype, requires_grad=requires_grad,
                   generator=generator)


def normal(mean=0.0, std=1.0, size=None, *, generator=None, out=None, dtype=None, requires_grad=False,
           device=None, layout=None, pin_memory=False):
    """The four overloads of torch.normal."""
    mean_t, std_t = isinstance(mean, Tensor), isinstance(std, Tensor)
    if not mean_t and not std_t:
        if size is None:
            raise TypeError("normal() received an invalid combination of arguments")
        shape = _size((size,))
        dtype = dtype or _dtype.get_default_dtype()
        return _new(_random.normal(_gen(generator), _numel(shape), dtype, mean, std), shape, dtype,
                    requires_grad)
    if std_t and std.numel() and min(std._flat()) < 0:
        raise RuntimeError("normal expects all elements of std >= 0.0")
    if mean_t and not std_t:
        if std < 0:
            raise RuntimeError(f"normal expects std >= 0.0, but found std {std}")
        noise = _random.normal(_gen(generator), mean.numel(), mean.dtype, 0.0, std)
        return (_new(noise, mean._shape, mean.dtype) + mean).detach()
    shape = broadcast_shapes(mean._shape, std._shape) if mean_t else std._shape
    dtype = _dtype.promote_types(mean.dtype, std.dtype) if mean_t else std.dtype
    return (randn(shape, dtype=dtype, generator=generator) * std + mean).detach()


def bernoulli(input, p=None, *, generator=None, out=None):
    """bernoulli(P) samples each element with its own probability; bernoulli(x, p) uses the
    number p for every element of a tensor shaped like x."""
    if p is not None:
        return _new(_random.bernoulli(_gen(generator), input.numel(), p, input.dtype), input._shape,
                    input.dtype)
    probs = input._flat()
    if probs and (min(probs) < 0 or max(probs) > 1):
        raise RuntimeError("Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this "
                           "error message be improved?  If so, please report an enhancement request "
                           "to PyTorch.)")
    values = _random.bernoulli_probs(_gen(generator), probs, input.dtype)
    return _new(values, input._shape, input.dtype)


def multinomial(input, num_samples, replacement=False, *, generator=None, out=None):
    if input.dim() not in (1, 2):
        raise RuntimeError("prob_dist must be 1 or 2 dim")
    _require_float(input.dtype, "multinomial")
    rows = 1 if input.dim() == 1 else input.shape[0]
    ncat = input.shape[-1]
    if not replacement and num_samples > ncat:
        raise RuntimeError("cannot sample n_sample > prob_dist.size(-1) samples without replacement")
    if num_samples <= 0:
        raise RuntimeError("cannot sample n_sample <= 0 samples")
    probs = input._flat()
    if any(p < 0 or p != p or p == float("inf") for p in probs):
        raise RuntimeError("probability tensor contains either `inf`, `nan` or element < 0")
    values = _random.multinomial(_gen(generator), probs, rows, num_samples, replacement, input.dtype)
    shape = (num_samples,) if input.dim() == 1 else (rows, num_samples)
    return _new(values, shape, _dtype.int64)


# ---- in-place samplers (Tensor methods) ----------------------------------------------------

def _fill_(self, values):
    """Write sampler output into self and bump its version. The kernels walk self as
    TensorIterator does, in memory order (dims by decreasing stride), so a transposed
    tensor gets the values in the order of its storage."""
    order = sorted(range(self.dim()), key=lambda d: -self._stride[d])
    walked = _new(values, tuple(self._shape[d] for d in order), self.dtype)
    return commit_inplace(self, walked.permute(sorted(range(self.dim()), key=order.__getitem__)))


def uniform_(self, a=0.0, b=1.0, *, generator=None, **kwargs):
    a, b = kwargs.get("from", a), kwargs.get("to", b)
    _require_float(self.dtype, "check_uniform_bounds")
    if a > b:
        raise RuntimeError(f"uniform_ expects to return a [from, to) range, but found from={a} > to={b}")
    return _fill_(self, _random.uniform(_gen(generator), self.numel(), self.dtype, a, b))


def normal_(self, mean=0.0, std=1.0, *, generator=None):
    _require_float(self.dtype, "normal_kernel_cpu")
    if std < 0:
        raise RuntimeError(f"normal expects std >= 0.0, but found std {std}")
    values = _random.normal(_gen(generator), self.numel(), self.dtype, mean, std,
                            contiguous=self.is_contiguous())
    return _fill_(self, values)


def bernoulli_(self, p=0.5, *, generator=None):
    if isinstance(p, Tensor):
        probs = p.expand(self._shape) if p._shape != self._shape else p
        return _fill_(self, bernoulli(probs, generator=generator)._flat())
    if not 0 <= p <= 1:
        raise RuntimeError(f"bernoulli_ expects p to be in [0, 1], but got p={p}")
    return _fill_(self, _random.bernoulli(_gen(generator), self.numel(), p, self.dtype))


def exponential_(self, lambd=1.0, *, generator=None):
    _require_float(self.dtype, "exponential_cpu")
    if lambd <= 0:
        raise RuntimeError(f"exponential_ expects lambda > 0.0, but found lambda={lambd}")
    return _fill_(self, _random.exponential(_gen(generator), self.numel(), self.dtype, lambd))


_C_TYPE_NAMES = {"int64": "long int", "int32": "int", "int16": "short int", "int8": "signed char",
                 "uint8": "unsigned char", "bool": "bool"}


def cauchy_(self, median=0.0, sigma=1.0, *, generator=None):
    if self.dtype.kind != "f":
        raise RuntimeError("Cauchy distribution is a continuous probability distribution. dtype must be a floating "
                           f"point but you specified {_C_TYPE_NAMES[self.dtype.name]}")
    if sigma <= 0:
        raise RuntimeError(f"cauchy_ expects sigma > 0.0, but found sigma={sigma}")
    return _fill_(self, _random.cauchy(_gen(generator), self.numel(), self.dtype, median, sigma))


def geometric_(self, p, *, generator=None):
    if not 0 < p < 1:
        raise RuntimeError(f"geometric_ expects p to be in (0, 1), but got p={p}")
    return _fill_(self, _random.geometric(_gen(generator), self.numel(), self.dtype, p))


def log_normal_(self, mean=1.0, std=2.0, *, generator=None):
    _require_float(self.dtype, "log_normal_cpu")
    if std <= 0:
        raise RuntimeError(f"log_normal_ expects std > 0.0, but found std={std}")
    return _fill_(self, _random.log_normal(_gen(generator), self.numel(), self.dtype, mean, std))


def random_(self, *args, generator=None, **kwargs):
    """random_(), random_(to) or random_(from, to)."""
    args = list(args) + [kwargs[k] for k in ("from", "to") if k in kwargs]
    gen = _gen(generator)
    if not args:
        return _fill_(self, _random.random_(gen, self.numel(), self.dtype))
    low, high = (0, args[0]) if len(args) == 1 else args
    if high is None:
        raise NotImplementedError("random_(from, None) is not supported here")
    if not low < high:
        raise RuntimeError(f"random_ expects 'from' to be less than 'to', but got from={low} >= to={high}")
    return _fill_(self, _random.randint(gen, self.numel(), int(low), int(high), self.dtype))


def _bind():
    T = Tensor
    T.uniform_, T.normal_, T.bernoulli_ = uniform_, normal_, bernoulli_
    T.exponential_, T.cauchy_, T.random_ = exponential_, cauchy_, random_
    T.geometric_, T.log_normal_ = geometric_, log_normal_
    T.bernoulli = lambda self, p=None, *, generator=None: bernoulli(self, p, generator=generator)
    T.multinomial = multinomial


_bind()
