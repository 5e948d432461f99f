"""Where a call came from: the program's frames, as opposed to the engine's own."""
import os
import sys
import warnings

_ENGINE = os.path.dirname(os.path.abspath(__file__))


def is_engine_file(filename):
    return os.path.abspath(filename).startswith(_ENGINE)


def warn(message):
    """Warn at the program's line that called into the engine, every time (a warning PyTorch's
    Python code gives with warnings.warn)."""
    frame, level = sys._getframe(), 1  # stacklevel 1 is this function
    while frame is not None and is_engine_file(frame.f_code.co_filename):
        frame, level = frame.f_back, level + 1
    warnings.warn(message, UserWarning, stacklevel=level)


def program_line():
    """(file name, line) of the innermost frame outside the engine: the program's line that
    called into it (the graph view ties each node to it)."""
    frame = sys._getframe(1)
    while frame is not None and is_engine_file(frame.f_code.co_filename):
        frame = frame.f_back
    return (frame.f_code.co_filename, frame.f_lineno) if frame is not None else (None, None)
