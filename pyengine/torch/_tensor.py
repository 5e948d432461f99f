"""The Tensor class: a strided view of a shared storage, plus autograd bookkeeping.

Values live in a backend buffer (``_backend``) inside a ``Storage`` that views share;
the storage also carries the version counter that in-place ops bump. Arithmetic and
every other op live in ``_ops``; the methods here forward to them.
"""
import copy
import struct
from array import array as _array
from math import prod
from operator import attrgetter
from sys import getrefcount

from . import _dtype, _torch_function
from ._backend import backend as B
from .autograd.graph import AccumulateGrad
from .autograd.grad_mode import _forward_state as _dual_state, _state as _grad_mode


_new_object = object.__new__
# dtype -> the one-element buffer a 0-d tensor of it copies (float32, float64: an array.array, which rounds
# a value stored into it to its dtype)
_ONE_ELEMENT_TEMPLATES = {d: B.one.templates[d.name] for d in _dtype.ALL if d.name in B.one.templates}

# torch.func's grad transforms put a printer here while they run: a tensor they track prints
# wrapped as PyTorch's GradTrackingTensor(lvl=..., value=...) (None: print as usual).
REPR_HOOK = [None]

_LEAF_ONLY = "you can only change requires_grad flags of leaf variables."
_USE_DETACH = (" If you want to use a computed variable in a subgraph that doesn't require differentiation use "
               "var_no_grad = var.detach().")


class Storage:
    """A backend buffer and the version counter of every tensor viewing it. Made without an
    __init__ (one is made per op): ``st = Storage(); st.buf, st.version = buf, 0``."""
    __slots__ = ("buf", "version", "aliases")  # aliases: set on a SharedBytes only


# struct's code of each dtype's element, for reading a buffer's bytes as another dtype
STRUCT_CODES = {"bool": "B", "uint8": "B", "int8": "b", "int16": "h", "int32": "i", "int64": "q", "float16": "e",
                "float32": "f", "float64": "d"}


def buffer_bytes(buf, dtype):
    """A buffer's elements as their little-endian bytes (bools as 0 or 1)."""
    values = B.to_list(buf, dtype)
    if dtype.kind == "b":
        values = [1 if v else 0 for v in values]
    return struct.pack(f"<{len(values)}{STRUCT_CODES[dtype.name]}", *values)


def bytes_buffer(raw, dtype):
    """The buffer of ``dtype`` elements ``raw`` holds (trailing bytes short of an element dropped)."""
    count = len(raw) // dtype.itemsize
    return B.from_list(list(struct.unpack(f"<{count}{STRUCT_CODES[dtype.name]}", raw[:count * dtype.itemsize])),
                       dtype)


class SharedBytes(Storage):
    """A storage whose bytes other storages read as another dtype (``Tensor.view(dtype)``; the
    pure-Python backend's buffers cannot alias memory across element types). ``aliases`` is
    (its dtype, the group's storages): every write (``autograd.inplace``, which bumps the version)
    is copied into the others, and they share the version counter, as PyTorch's views do."""
    __slots__ = ()

    @staticmethod
    def share(storage, dtype, other, other_dtype):
        """Make ``other`` (a new storage of ``other_dtype``) read ``storage``'s bytes from now on."""
        if storage.__class__ is SharedBytes:
            group = storage.aliases[1]
        else:
            storage.__class__ = SharedBytes
            group = [storage]
            storage.aliases = (dtype, group)
        other.__class__ = SharedBytes
        other.aliases = (other_dtype, group)
        other.version = storage.version
        group.append(other)

    def written(self):
        """Copy this storage's bytes into the rest of its group."""
        raw = buffer_bytes(self.buf, self.aliases[0])
        for other in self.aliases[1]:
            if other is not self:
                dtype = other.aliases[0]
                part = bytes_buffer(raw[:len(other.buf) * dtype.itemsize], dtype)
                B.put(other.buf, 0, (len(part),), (1,), part)
                other.version = self.version


_CONTIGUOUS_STRIDES = {}  # shape -> row-major strides; programs reuse a handful of shapes


def contiguous_strides(shape):
    try:
        return _CONTIGUOUS_STRIDES[shape]
    except (KeyError, TypeError):  # TypeError: a list, not a tuple
        pass
    strides = []
    acc = 1
    for s in reversed(shape):
        strides.append(acc)
        acc *= s or 1  # a dim of size 0 counts as 1, as in PyTorch: torch.empty(2, 0).stride() == (1, 1)
    strides = tuple(reversed(strides))
    if isinstance(shape, tuple) and len(_CONTIGUOUS_STRIDES) < 10000:
        _CONTIGUOUS_STRIDES[shape] = strides
    return strides


class _HoldsStorage:
    __slots__ = ("_storage",)


def _own_storage():
    """What getrefcount(t._storage) reports for a storage nothing but its tensor holds (it differs
    between CPython versions): measured on the same expression."""
    t = _HoldsStorage()
    t._storage = Storage()
    return getrefcount(t._storage)


_OWN_STORAGE = _own_storage()

numel_of = prod  # the number of elements of a shape (1 for ()), in one C call


class Tensor:
    __slots__ = ("_storage", "_shape", "_stride", "_offset", "dtype", "_requires_grad", "grad_fn",
                 "_output_nr", "_base", "__dict__", "__weakref__")
    # Set on few tensors (leaves, hooked ones): class defaults, not slots, so that making a
    # tensor, done for every op, does not store them.
    _grad = _accumulator = _hooks = _post_accumulate_hooks = None
    _fw_grads = None  # a dual tensor's tangents (autograd.dual): {dual level: tangent}

    @property
    def _fw_grad(self):
        """The tangent at the innermost dual level ops see now (None when they see none)."""
        grads = self._fw_grads
        return None if grads is None else grads.get(_dual_state["visible"])
    _retains_grad = False

    # torch.Tensor(...) is the legacy constructor, an op (_methods binds it, as it binds the ops);
    # internal construction uses _make.
    _legacy_new = None

    def __new__(cls, *args, **kwargs):
        self = object.__new__(cls)
        if args or kwargs or cls is Tensor:
            self._init_from(Tensor._legacy_new(*args, **kwargs))
        return self

    def __init__(self, *args, **kwargs):
        pass

    # ---- __torch_function__ (see _torch_function) ----------------------------------------
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if _torch_function.needs_dispatch(cls):  # a program's subclass that may override: dispatch from now on
            _torch_function.activate()

    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        """What a subclass inherits: run ``func`` as for plain tensors, results made of ``cls``."""
        if kwargs is None:
            kwargs = {}
        if not all(issubclass(cls, t) for t in types):
            return NotImplemented
        with _torch_function.DisableTorchFunctionSubclass():
            result = func(*args, **kwargs)
            if getattr(func, "__self__", None) in _NOWRAP:
                return result
            return _convert(result, cls)

    @staticmethod
    def _make_subclass(cls, data, require_grad=False, dispatch_sizes_strides_policy=None, dispatch_device=False,
                       dispatch_layout=False, _extra_dispatch_keys=None, storage_size=None):
        """A tensor of class ``cls`` sharing ``data``'s values, without its history."""
        t = _new_object(cls)
        t._init_from(data)
        t._requires_grad = require_grad
        return t

    def _init_from(self, src):
        self._storage = src._storage
        self._shape, self._stride, self._offset = src._shape, src._stride, src._offset
        self.dtype = src.dtype
        self._requires_grad = False
        self.grad_fn = self._base = None
        self._output_nr = 0

    # ---- construction ---------------------------------------------------------------
    _inference = False  # made in inference mode (set per instance)

    @property
    def _is_view(self):
        return self._base is not None  # _base: the tensor whose storage a view shares

    def is_inference(self):
        return self._inference

    @staticmethod
    def _make(buf, shape, dtype, cls=None):
        """A fresh contiguous tensor owning ``buf``."""
        t = _new_object(cls or Tensor)
        t._storage = st = Storage()
        st.buf, st.version = buf, 0
        t._shape = shape
        t._stride = contiguous_strides(shape) if shape else ()
        t._offset = 0
        t.dtype = dtype
        t._requires_grad = False
        t.grad_fn = t._base = None
        t._output_nr = 0
        if _grad_mode["inference"]:
            t._inference = True
        return t

    @staticmethod
    def _make_scalar(value, dtype):
        """A fresh 0-d tensor holding the Python number ``value``: _make(B.one(value, dtype), (),
        dtype) in one call, as the scalar fast path of every op makes one."""
        t = _new_object(Tensor)
        t._storage = st = Storage()
        template = _ONE_ELEMENT_TEMPLATES.get(dtype)
        if template is None:
            st.buf = B.one(value, dtype)
        else:
            st.buf = buf = template.__copy__()
            buf[0] = value  # a float32 slot rounds once; beyond its range it holds inf
        st.version = 0
        t._shape = t._stride = ()
        t._offset = 0
        t.dtype = dtype
        t._requires_grad = False
        t.grad_fn = t._base = None
        t._output_nr = 0
        if _grad_mode["inference"]:
            t._inference = True
        return t

    def _accumulate_(self, grad):
        """self += grad for backward's input buffers (autograd.graph._accumulate, which knows that
        nothing else holds self): done when both are 0-d plain tensors of one float dtype whose
        buffers round on store and self's storage is its own, as one Python-number add. Returns
        whether it was done (if not, the caller adds out of place)."""
        if grad.__class__ is Tensor and self.__class__ is Tensor and not self._shape and not grad._shape \
                and self.dtype is grad.dtype and self.dtype in _ONE_ELEMENT_TEMPLATES \
                and getrefcount(self._storage) == _OWN_STORAGE and self._storage.__class__ is Storage \
                and self._storage.buf.__class__ is _array and self._fw_grads is None and grad._fw_grads is None \
                and not self._inference:
            st, other = self._storage, grad._storage.buf
            # (a float32 slot rounds once)
            st.buf[self._offset] += other[grad._offset] if other.__class__ is _array else B.number(other, grad._offset)
            st.version += 1
            return True
        return False

    def _view_of(self, shape, stride, offset):
        """A tensor sharing this tensor's storage (no autograd recording)."""
        t = object.__new__(Tensor)
        t._storage = self._storage
        t._shape, t._stride, t._offset = shape, stride, offset
        t.dtype = self.dtype
        t._requires_grad = False
        t.grad_fn = None
        t._base = self._base if self._base is not None else self
        t._output_nr = 0
        if self._inference:
            t._inference = True
        return t

    # ---- raw values -----------------------------------------------------------------
    def _buf(self):
        """This tensor's elements as a contiguous backend buffer (shared when possible)."""
        st = self._storage
        if self._offset == 0 and self._stride == (_CONTIGUOUS_STRIDES.get(self._shape)
                                                  or contiguous_strides(self._shape)) \
                and len(st.buf) == numel_of(self._shape):
            return st.buf
        return B.take(st.buf, self._offset, self._shape, self._stride)

    def _flat(self):
        """The elements as a flat Python list, row-major."""
        return B.to_list(self._buf(), self.dtype)

    # ---- basic properties -------------------------------------------------------------
    @property
    def shape(self):
        from ._size import Size
        return Size(self._shape)

    def size(self, dim=None):
        if dim is None:
            return self.shape
        return self._shape[self._wrap_dim(dim)]

    def dim(self):
        return len(self._shape)

    ndimension = dim

    @property
    def ndim(self):
        return len(self._shape)

    def numel(self):
        return numel_of(self._shape)

    nelement = numel

    def stride(self, dim=None):
        if dim is None:
            return self._stride
        return self._stride[self._wrap_dim(dim)]

    def storage_offset(self):
        return self._offset

    def is_contiguous(self, memory_format=None):
        if 0 in self._shape:  # no elements: contiguous whatever the strides (as in PyTorch)
            return True
        expected = 1
        for size, stride in zip(reversed(self._shape), reversed(self._stride)):
            if size != 1 and stride != expected:
                return False
            expected *= size
        return True

    def _wrap_dim(self, dim, ndim=None):
        n = len(self._shape) if ndim is None else ndim
        lo, hi = (-1, 0) if n == 0 else (-n, n - 1)
        if not lo <= dim <= hi:
            raise IndexError(f"Dimension out of range (expected to be in range of [{lo}, {hi}], "
                             f"but got {dim})")
        return dim + n if dim < 0 else dim

    @property
    def _version(self):
        return self._storage.version

    @property
    def is_leaf(self):
        return self.grad_fn is None

    @property
    def device(self):
        from ._device import cpu
        return cpu

    @property
    def is_cuda(self):
        return False

    def is_floating_point(self):
        return self.dtype.kind == "f"

    def element_size(self):
        return self.dtype.itemsize

    # ---- autograd ---------------------------------------------------------------------
    @property
    def grad(self):
        if self.grad_fn is not None and not self._retains_grad:
            import warnings
            warnings.warn(
                "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its "
                ".grad attribute won't be populated during autograd.backward(). If you indeed want "
                "the .grad field to be populated for a non-leaf Tensor, use .retain_grad() on the "
                "non-leaf Tensor. If you access the non-leaf Tensor by mistake, make sure you access "
                "the leaf Tensor instead. See github.com/pytorch/pytorch/pull/30531 for more "
                "information. (Triggered internally at /__w/pytorch/pytorch/build/aten/src/ATen/core/"
                "TensorBody.h:493.)", UserWarning, stacklevel=2)
        return self._grad

    @grad.setter
    def grad(self, value):
        if value is not None:
            if not isinstance(value, Tensor):
                raise TypeError(f"assigned grad expected to be a Tensor or None but got grad of type "
                                f"{type(value).__name__}")
            if value.dtype is not self.dtype:
                from ._ops._helpers import CPP_TYPE_NAMES, TYPE_NAMES
                raise RuntimeError(
                    f"attempting to assign a gradient with dtype '{CPP_TYPE_NAMES[value.dtype.name]}' to a tensor "
                    f"with grad_dtype '{TYPE_NAMES[self.dtype.name]}'. The gradient must match the tensor's "
                    "grad_dtype (defaults to the tensor's dtype). You can set the tensor's grad_dtype attribute "
                    "with a specific dtype, or None to allow any dtype. Set grad_dtype with caution. Diverging "
                    "the dtypes of a tensor and its gradient may break downstream systems that assume they match.")
            if value._shape != self._shape:
                raise RuntimeError(f"attempting to assign a gradient of size '{list(value._shape)}' to a tensor "
                                   f"of size '{list(self._shape)}'. Please ensure that the gradient and the tensor "
                                   "are the same size")
        self._grad = value

    def _grad_accumulator(self):
        acc = self._accumulator
        if acc is None:
            acc = self._accumulator = AccumulateGrad(self)
        return acc

    def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
        from .autograd.graph import backward
        backward(self, gradient, retain_graph, create_graph, inputs=inputs)

    def register_hook(self, hook):
        if not self._requires_grad:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
        if self.grad_fn is not None:
            from .autograd.hooks import register_tensor_hook
            return register_tensor_hook(self, hook)
        if self._hooks is None:
            self._hooks = []
        self._hooks.append(hook)
        from .autograd.graph import _RemovableHandle
        return _RemovableHandle(self._hooks, hook)

    def register_post_accumulate_grad_hook(self, hook):
        if self._post_accumulate_hooks is None:
            self._post_accumulate_hooks = []
        self._post_accumulate_hooks.append(hook)
        from .autograd.graph import _RemovableHandle
        return _RemovableHandle(self._post_accumulate_hooks, hook)

    def retain_grad(self):
        if not self._requires_grad:
            raise RuntimeError("can't retain_grad on Tensor that has requires_grad=False")
        if self.grad_fn is None or self._retains_grad:
            return
        self._retains_grad = True
        from .autograd.hooks import register_retain_grad
        register_retain_grad(self)

    @property
    def retains_grad(self):
        return self._retains_grad

    # The engine reads and writes the slot _requires_grad; a program's reads pay for this property
    # only a C-level getter, its writes get PyTorch's checks.
    def _set_requires_grad(self, requires_grad):
        if requires_grad.__class__ is not bool:
            raise RuntimeError("requires_grad must be a bool")
        if self.grad_fn is not None:
            raise RuntimeError(_LEAF_ONLY if requires_grad else _LEAF_ONLY + _USE_DETACH)
        if requires_grad and self.dtype.kind != "f":
            raise RuntimeError("only Tensors of floating point and complex dtype can require gradients")
        self._requires_grad = requires_grad

    requires_grad = property(attrgetter("_requires_grad"), _set_requires_grad)

    def requires_grad_(self, requires_grad=True):
        if not requires_grad and self.grad_fn is not None:
            raise RuntimeError(_LEAF_ONLY + _USE_DETACH)
        if requires_grad and self.dtype.kind != "f":
            raise RuntimeError("only Tensors of floating point dtype can require gradients")
        self._requires_grad = requires_grad
        return self

    def detach(self):
        t = self._view_of(self._shape, self._stride, self._offset)
        t._base = None  # shares the storage, but is not a view (as in PyTorch)
        return t

    def detach_(self):
        if self._is_view and self._base is not None and self._base._requires_grad:
            raise RuntimeError("Can't detach views in-place. Use detach() instead. If you are using "
                               "DistributedDataParallel (DDP) for training, and gradient_as_bucket_view "
                               "is set as True, gradients are views of DDP buckets, and hence detach_() "
                               "cannot be called on these gradients. To fix this error, please refer to "
                               "the Optimizer.zero_grad() function in torch/optim/optimizer.py as the "
                               "solution.")
        self.grad_fn = None
        self._requires_grad = False
        return self

    @property
    def data(self):
        # same memory, but its own version counter: changes through .data are not tracked
        t = self.detach()
        t._storage = st = Storage()
        st.buf, st.version = self._storage.buf, 0
        return t

    @data.setter
    def data(self, value):
        self._storage = value._storage
        self._shape, self._stride, self._offset = value._shape, value._stride, value._offset
        self.dtype = value.dtype

    # ---- conversion -----------------------------------------------------------------
    def item(self):
        n = self.numel()
        if n != 1:
            raise RuntimeError(f"a Tensor with {n} elements cannot be converted to Scalar")
        # every index of a one-element view is 0, so its element sits at the offset
        return B.get(self._storage.buf, self._offset, self.dtype)

    def tolist(self):
        flat = self._flat()
        if not self._shape:
            return flat[0]
        return _nest(flat, self._shape)

    def __float__(self):
        self._check_scalar("float")
        if self._requires_grad and _grad_mode["enabled"]:  # TORCH_WARN_ONCE in PyTorch, only with grad mode on
            from ._process import warn_once
            warn_once("Converting a tensor with requires_grad=True to a scalar may lead to unexpected "
                      "behavior.\nConsider using tensor.detach() first. (Triggered internally at "
                      "/__w/pytorch/pytorch/torch/csrc/autograd/generated/python_variable_methods.cpp:822.)")
        return float(self.item())

    def __int__(self):
        self._check_scalar("int")
        return int(self.item())

    def __index__(self):
        if self.dtype.kind not in "iu" or self.numel() != 1:
            raise TypeError("only integer tensors of a single element can be converted to an index")
        return int(self.item())

    def __bool__(self):
        n = self.numel()
        if n != 1:
            raise RuntimeError(f"Boolean value of Tensor with {'no values' if n == 0 else 'more than one value'} "
                               "is ambiguous")
        return bool(self.item())

    def _check_scalar(self, kind):
        if self.numel() != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")

    def __len__(self):
        if not self._shape:
            raise TypeError("len() of a 0-d tensor")
        return self._shape[0]

    def __iter__(self):
        """The rows as views made by unbind (UnbindBackward0), as PyTorch's Tensor.__iter__."""
        if self.dim() == 0:
            raise TypeError("iteration over a 0-d tensor")
        return iter(self.unbind(0))

    def __hash__(self):
        return id(self)

    def __deepcopy__(self, memo):
        """A copy of a leaf with its own storage (views copied together keep sharing one, through
        ``memo``), its flag, grad and attributes; a subclass's goes to its __torch_function__ first."""
        if _torch_function.dispatches_from(self):
            return _torch_function.handle_torch_function(Tensor.__deepcopy__, _torch_function.overriding(self),
                                                         (self, memo), {})
        if self.grad_fn is not None:
            raise RuntimeError("Only Tensors created explicitly by the user (graph leaves) support the deepcopy "
                               "protocol at the moment.  If you were attempting to deepcopy a module, this may be "
                               "because of a torch.nn.utils.weight_norm usage, see "
                               "https://github.com/pytorch/pytorch/pull/103001")
        if id(self) in memo:
            return memo[id(self)]
        if type(self) is not Tensor and type(self.new_empty(())) is not type(self):
            raise RuntimeError("The default implementation of __deepcopy__() for non-wrapper subclasses only works "
                               "for subclass types that implement new_empty() and for which that function returns "
                               "another instance of the same subclass. You should either properly implement "
                               "new_empty() for your subclass or override __deepcopy__() if it is intended behavior "
                               "for new_empty() to return an instance of a different type.")
        return copy._reconstruct(self, memo, *object.__reduce_ex__(self, 4))

    def __reduce_ex__(self, proto):
        if _torch_function.dispatches_from(self):
            return _torch_function.handle_torch_function(Tensor.__reduce_ex__, _torch_function.overriding(self),
                                                         (self, proto), {})
        return object.__reduce_ex__(self, proto)

    def __getstate__(self):
        """Copies (copy.deepcopy) leave a dual tensor's tangent behind, as PyTorch's do. The slots
        are read without __torch_function__ dispatch (PyTorch copies them in C++)."""
        with _torch_function.DisableTorchFunction():
            state = object.__getstate__(self)
        if "_fw_grads" in self.__dict__:
            attributes, slots = state if isinstance(state, tuple) else (state, None)
            attributes = {k: v for k, v in attributes.items() if k != "_fw_grads"}
            state = (attributes, slots) if isinstance(state, tuple) else attributes
        return state

    def __setstate__(self, state):
        attributes, slots = state if isinstance(state, tuple) else (state, None)
        if attributes:
            self.__dict__.update(attributes)
        with _torch_function.DisableTorchFunction():
            for name, value in (slots or {}).items():
                setattr(self, name, value)

    def __contains__(self, element):
        if isinstance(element, (Tensor, int, float, bool)):
            return bool((element == self).any().item())
        raise RuntimeError(f"Tensor.__contains__ only supports Tensor or scalar, but you passed in a "
                           f"{type(element)}.")

    def __reversed__(self):
        return self if self.dim() == 0 else self.flip(0)

    def __complex__(self):
        return complex(self.item())

    def __repr__(self, *, tensor_contents=None):
        if REPR_HOOK[0] is not None:
            text = REPR_HOOK[0](self)
            if text is not None:
                return text
        from ._tensor_str import format_tensor
        suffixes = ()
        if self.grad_fn is not None:
            suffixes = (f"grad_fn=<{type(self.grad_fn).__name__}>",)
        elif self._requires_grad:
            suffixes = ("requires_grad=True",)
        if self._fw_grad is not None:
            suffixes += (f"tangent={self._fw_grad}",)
        cls = type(self)
        plain = cls is Tensor or (cls.__name__ == "Parameter" and cls.__module__ == "torch.nn.parameter")
        return format_tensor(self._flat(), self._shape, self.dtype, suffixes=suffixes,
                             prefix="tensor(" if plain else cls.__name__ + "(")

    __str__ = __repr__

    def __format__(self, spec):
        if not self._shape:
            return self.item().__format__(spec)
        return object.__format__(self, spec)

    def type(self, dtype=None):
        if dtype is None:
            return _LEGACY_TYPE_NAMES[self.dtype.name]
        return self.to(dtype)


Tensor.__module__ = "torch"  # prints as <class 'torch.Tensor'>

_LEGACY_TYPE_NAMES = {
    "float32": "torch.FloatTensor", "float64": "torch.DoubleTensor", "float16": "torch.HalfTensor",
    "int64": "torch.LongTensor", "int32": "torch.IntTensor", "int16": "torch.ShortTensor",
    "int8": "torch.CharTensor", "uint8": "torch.ByteTensor", "bool": "torch.BoolTensor",
}


def _nest(flat, shape):
    if len(shape) == 1:
        return flat
    step = numel_of(shape[1:])
    return [_nest(flat[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])]


def _convert(result, cls):
    """``result`` with its plain tensors as instances of ``cls`` (PyTorch's torch._tensor._convert)."""
    if cls is Tensor:
        return result
    if isinstance(result, Tensor) and not isinstance(result, cls):
        return result.as_subclass(cls)
    if isinstance(result, (tuple, list)):
        items = [_convert(r, cls) for r in result]
        return type(result)(*items) if hasattr(result, "_fields") else type(result)(items)
    return result


_NOWRAP = (Tensor.__dict__["grad"], Tensor.__dict__["_base"])  # getters whose results are not converted (PyTorch's default nowrap functions)
_torch_function.register_class(Tensor)
