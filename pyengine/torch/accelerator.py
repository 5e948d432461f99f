"""torch.accelerator: the device-neutral API tutorials use to pick a device. There is no
accelerator here, so the answers are those of a CPU-only PyTorch."""
__all__ = ["current_accelerator", "device_count", "is_available", "synchronize", "current_device_index"]


def is_available():
    return False


def current_accelerator(check_available=False):
    return None


def device_count():
    return 0


def current_device_index():
    raise RuntimeError("torch.accelerator.current_device_index(): no accelerator is available (CPU only)")


def synchronize(device=None):
    pass

