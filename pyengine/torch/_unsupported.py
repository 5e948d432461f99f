"""What the engine leaves out on purpose, and the error that says so.

It runs PyTorch programs on the CPU, eagerly, with dense real tensors, inside a browser page. A
program that reaches for a compiler, a cluster, sparse or quantized tensors gets an error naming
the feature, instead of an AttributeError that suggests a similarly spelled name.
"""
import sys

_WHY = "this engine runs PyTorch on the CPU in eager mode, in the browser"
FEATURES = {
    "compile": "compiling models", "compiler": "compiling models", "_dynamo": "compiling models",
    "export": "exporting models", "jit": "TorchScript", "fx": "graph transformation", "onnx": "ONNX export",
    "distributed": "distributed training", "sparse": "sparse tensors", "sparse_coo_tensor": "sparse tensors",
    "sparse_csr_tensor": "sparse tensors", "quantization": "quantization", "ao": "quantization and pruning",
    "quantize_per_tensor": "quantization", "quantize_per_channel": "quantization", "nested": "nested tensors",
    "xpu": "Intel GPUs", "mps": "Apple GPUs", "mtia": "MTIA accelerators",
    **dict.fromkeys(("dsmm", "hsmm", "hspmm", "smm", "spmm", "sspaddmm", "saddmm"), "sparse tensors"),
    **dict.fromkeys(("qscheme", "choose_qparams_optimized"), "quantization"),
    "bit": "sub-byte dtypes", "hash_tensor": "unsigned 64-bit tensors",
    "slice_inverse": "functionalization internals",
}

# Tensor methods of the same features (Tensor.index binds functorch's first-class dims)
TENSOR_FEATURES = {name: FEATURES[name] for name in ("smm", "sspaddmm", "qscheme", "hash_tensor", "slice_inverse")}
TENSOR_FEATURES.update({"index": "first-class dims", "to_padded_tensor": "nested tensors",
                        "ipu": "CUDA and other devices"})


def message(name):
    return f"torch.{name} is not supported ({FEATURES[name]}): {_WHY}"


# Names other modules of PyTorch export that are its own machinery, or belong to a feature left out:
# {module: {name: feature}}
INTERNALS = {
    "torch.nn.functional": {
        **dict.fromkeys(("BroadcastingList1", "BroadcastingList2", "BroadcastingList3", "Callable", "Optional",
                         "DType", "boolean_dispatch", "handle_torch_function", "has_torch_function",
                         "has_torch_function_unary", "has_torch_function_variadic", "assert_int_or_pair"),
                        "PyTorch's typing and __torch_function__ dispatch helpers"),
        **dict.fromkeys(("scaled_mm", "grouped_mm", "scaled_grouped_mm"), "CUDA-only low-precision matmuls")},
    "torch.utils.data": dict.fromkeys((
        "DFIterDataPipe", "DataChunk", "IterDataPipe", "MapDataPipe", "argument_validation", "functional_datapipe",
        "guaranteed_datapipes_determinism", "non_deterministic", "runtime_validation",
        "runtime_validation_disabled"), "DataPipes, the deprecated torchdata API"),
    "torch.nn": {"SyncBatchNorm": "distributed training"},
    "torch.optim": {"SparseAdam": "sparse tensors",
                    "swap_in_optimizer_params_and_state": "stateless training with torch.func"},
    "torch.autograd": {},
    "torch.amp": dict.fromkeys(("autocast", "custom_fwd", "custom_bwd"), "automatic mixed precision"),
}


def internal_attribute(module, name):
    """Module __getattr__ of the modules in INTERNALS: the internal's error, else the usual one."""
    feature = INTERNALS[module].get(name)
    if feature:
        raise AttributeError(f"{module}.{name} is not supported ({feature}): {_WHY}")
    raise AttributeError(f"module '{module}' has no attribute '{name}'", name=name, obj=sys.modules[module])


class UnsupportedMethod:
    """A Tensor attribute of a feature left out: reading it (on the class or a tensor) raises the error."""

    def __init__(self, name):
        self.name = name

    def __get__(self, obj, owner=None):
        # obj given and name left out: Python then neither fills them in nor suggests a similar name
        raise AttributeError(f"Tensor.{self.name} is not supported ({TENSOR_FEATURES[self.name]}): {_WHY}",
                             obj=owner if obj is None else obj)


def unsupported_attribute(name):
    """Module __getattr__ of torch: an unsupported feature's error, else the usual one."""
    if name in FEATURES:
        raise AttributeError(message(name))
    raise AttributeError(f"module 'torch' has no attribute '{name}'", name=name, obj=sys.modules["torch"])


class _ImportGuard:
    """``import torch.distributed`` (and its submodules) fails with the feature's message."""

    @staticmethod
    def find_spec(fullname, path=None, target=None):
        parts = fullname.split(".")
        if len(parts) >= 2 and parts[0] == "torch" and parts[1] in FEATURES:
            raise ModuleNotFoundError(message(parts[1]), name=fullname)
        return None


def install_import_guard():
    if not any(isinstance(finder, _ImportGuard) for finder in sys.meta_path):
        sys.meta_path.insert(0, _ImportGuard())
