"""torch.device: only the CPU exists here."""
from ._process import per_process_global


class device:
    __slots__ = ("type", "index")

    def __init__(self, type="cpu", index=None):
        if isinstance(type, device):
            type, index = type.type, type.index
        if ":" in type:
            type, idx = type.split(":")
            index = int(idx)
        self.type, self.index = type, index

    def __repr__(self):
        return f"device(type='{self.type}'" + (f", index={self.index})" if self.index is not None else ")")

    def __str__(self):
        return self.type if self.index is None else f"{self.type}:{self.index}"

    def __eq__(self, other):
        if isinstance(other, str):
            other = device(other)
        return isinstance(other, device) and (self.type, self.index) == (other.type, other.index)

    def __hash__(self):
        return hash((self.type, self.index))


cpu = device("cpu")


def check_device(value):
    """Only the CPU: another device fails as it does in a CPU-only PyTorch."""
    d = device(value)
    if d.type != "cpu":
        if d.type == "cuda":
            raise AssertionError("Torch not compiled with CUDA enabled")
        raise RuntimeError(f"Expected one of cpu, cuda, ... device type at start of device string: {d.type}")


_default_device = cpu
per_process_global(__name__, "_default_device")


def get_default_device():
    return _default_device


def set_default_device(device_):
    """torch.set_default_device: only the CPU exists here, so another device fails at once with
    the error a CPU-only PyTorch gives when it makes the first tensor there."""
    global _default_device
    if device_ is not None:
        check_device(device_)
    _default_device = device("cpu" if device_ is None else device_)
