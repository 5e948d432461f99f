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
    "xpu": "Intel GPUs", "mps": "Apple GPUs", "mtia": "MTIA accelerators", "vmap": "function transforms",
    "func": "function transforms",
}


def message(name):
    return f"torch.{name} is not supported ({FEATURES[name]}): {_WHY}"


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
