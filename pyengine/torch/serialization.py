"""torch.save / torch.load: pickle with tensors stored as (dtype, shape, values).

Files round-trip within this engine only (they are not PyTorch's zip format). As in
PyTorch, ``load`` defaults to ``weights_only=True``: only tensors, containers and plain
values come back; saved modules or other classes need ``weights_only=False``.
"""
import errno
import io
import os
import pickle

from . import _dtype
from ._backend import backend as B
from ._tensor import Tensor

_MAGIC = b"PYENGINE-TORCH-1\n"


def _rebuild_tensor(cls_name, dtype_name, shape, values, requires_grad):
    dtype = _dtype.BY_NAME[dtype_name]
    t = Tensor._make(B.from_list(values, dtype), tuple(shape), dtype)
    if cls_name == "Parameter":
        from .nn.parameter import Parameter
        return Parameter(t, requires_grad)
    return t.requires_grad_(True) if requires_grad else t


def _dtype_by_name(name):
    return _dtype.BY_NAME[name]


class _Pickler(pickle.Pickler):
    def reducer_override(self, obj):
        if isinstance(obj, Tensor):
            from .nn.parameter import Parameter
            kind = "Parameter" if isinstance(obj, Parameter) else "Tensor"
            return (_rebuild_tensor, (kind, obj.dtype.name, tuple(obj.shape), obj.detach()._flat(),
                                      obj._requires_grad))
        if isinstance(obj, _dtype.dtype):
            return (_dtype_by_name, (obj.name,))
        return NotImplemented


_SAFE_GLOBALS = {
    (__name__, "_rebuild_tensor"), (__name__, "_dtype_by_name"), ("collections", "OrderedDict"),
    ("builtins", "set"), ("builtins", "frozenset"), ("builtins", "slice"), ("builtins", "complex"),
}


class _Unpickler(pickle.Unpickler):
    def find_class(self, module, name):
        if (module, name) == ("collections", "OrderedDict"):
            from .nn.modules.module import _StateDict  # nn loads on first use (torch.__getattr__)
            return _StateDict  # an OrderedDict that prints as the reference (CPython 3.11) prints it
        return super().find_class(module, name)


class _WeightsOnlyUnpickler(_Unpickler):
    def find_class(self, module, name):
        if (module, name) in _SAFE_GLOBALS:
            return super().find_class(module, name)
        raise pickle.UnpicklingError(
            "Weights only load failed. In PyTorch 2.6, we changed the default value of the `weights_only` "
            "argument in `torch.load` from `False` to `True`. Re-running `torch.load` with `weights_only` "
            "set to `False` will likely succeed, but it can result in arbitrary code execution. Do it only "
            "if you got the file from a trusted source.\n"
            f"Unsupported global: GLOBAL {module}.{name}")


# Linux's errno numbers, which CPython's messages show ("[Errno 2] No such file or directory");
# Pyodide runs on Emscripten's numbering (ENOENT is 44 there).
_LINUX_ERRNO = {"EPERM": 1, "ENOENT": 2, "EIO": 5, "EBADF": 9, "EACCES": 13, "EEXIST": 17, "ENOTDIR": 20,
                "EISDIR": 21, "EINVAL": 22, "EMFILE": 24, "ENOSPC": 28, "EROFS": 30, "ENAMETOOLONG": 36}


def _open(path, mode):
    try:
        return open(path, mode)
    except OSError as error:
        linux = _LINUX_ERRNO.get(errno.errorcode.get(error.errno), error.errno)
        if linux == error.errno:
            raise
        raise type(error)(linux, error.strerror, error.filename) from None


def save(obj, f, pickle_module=None, pickle_protocol=2, _use_new_zipfile_serialization=True):
    buffer = io.BytesIO()
    _Pickler(buffer, protocol=max(pickle_protocol, 2)).dump(obj)
    data = _MAGIC + buffer.getvalue()
    if isinstance(f, (str, os.PathLike)):
        with _open(f, "wb") as out:
            out.write(data)
    else:
        f.write(data)


def load(f, map_location=None, pickle_module=None, *, weights_only=None, mmap=None, **pickle_load_args):
    if isinstance(f, (str, os.PathLike)):
        with _open(f, "rb") as src:
            data = src.read()
    else:
        data = f.read()
    if not data.startswith(_MAGIC):
        raise pickle.UnpicklingError("invalid load key: this file was not written by torch.save")
    stream = io.BytesIO(data[len(_MAGIC):])
    unpickler = _Unpickler(stream) if weights_only is False else _WeightsOnlyUnpickler(stream)
    return unpickler.load()
