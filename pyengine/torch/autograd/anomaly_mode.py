"""Anomaly detection: detect_anomaly, set_detect_anomaly and the switches under them.

While enabled, each node records the program's stack at its forward, and a node that fails in
backward (with check_nan, one whose gradients hold nan) warns with that stack (graph.py).
"""
from .._process import warn
from .graph import anomaly


def is_anomaly_enabled():
    return anomaly["enabled"]


def is_anomaly_check_nan_enabled():
    return anomaly["check_nan"]


def set_anomaly_enabled(enabled, check_nan=True):
    anomaly.update(enabled=bool(enabled), check_nan=bool(check_nan))


class detect_anomaly:
    """Context manager that enables anomaly detection (not a decorator: PyTorch's is not callable)."""

    def __init__(self, check_nan=True):
        self.prev, self.prev_check_nan = anomaly["enabled"], anomaly["check_nan"]
        self.check_nan = check_nan
        warn("Anomaly Detection has been enabled. This mode will increase the runtime and should only be "
             "enabled for debugging.")

    def __enter__(self):
        set_anomaly_enabled(True, self.check_nan)

    def __exit__(self, *exc):
        set_anomaly_enabled(self.prev, self.prev_check_nan)


class set_detect_anomaly:
    """Sets anomaly detection on or off at once; as a context manager, restores it on exit."""

    def __init__(self, mode, check_nan=True):
        self.prev, self.prev_check_nan = anomaly["enabled"], anomaly["check_nan"]
        set_anomaly_enabled(mode, check_nan)

    def __enter__(self):
        pass

    def __exit__(self, *exc):
        set_anomaly_enabled(self.prev, self.prev_check_nan)
