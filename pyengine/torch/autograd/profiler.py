"""torch.autograd.profiler: time each op a block of code runs, and tabulate the times.

Inside ``with profile() as prof:`` every op PyTorch's dispatcher would run is an event named as its
ATen op (``aten::matmul`` holding ``aten::mm``; torch._dispatch tells the profiler), nested as the
calls nest; in backward, each autograd node is ``autograd::engine::evaluate_function: <node>`` around
``<node>`` around the ops its formula runs; ``record_function`` adds ranges of the program's own.
``prof.key_averages().table()`` prints PyTorch's table. The names and the table's shape are
PyTorch's, the times are this engine's (not comparable to PyTorch's), and PyTorch's kernel internals
(``aten::resolve_conj``, ``aten::as_strided``, ``aten::fill_`` ...) are not ops here.
"""
import functools
import json
import time
from collections import OrderedDict

from .._dispatch import start_profiling, stop_profiling
from . import graph as _graph
from .._process import per_process, per_process_global

__all__ = ["profile", "record_function", "EnforceUnique", "KinetoStepTracker", "EventList", "FunctionEvent"]
# (PyTorch's emit_itt, emit_nvtx, load_nvprof, parse_nvprof_trace and MemRecordsAcc refuse by name: see __getattr__)


class FunctionEvent:
    """One op call (or record_function range): when it ran, and the events it called."""

    def __init__(self, name, start_us, parent=None):
        self.name = self.key = name
        self.start_us, self.end_us = start_us, start_us
        self.cpu_parent = parent
        self.cpu_children = []
        self.count = 1
        self.input_shapes = None
        self.stack = None
        self.node_id = -1
        self.is_async = False
        self.use_device = None

    @property
    def cpu_time_total(self):
        return self.end_us - self.start_us

    @property
    def self_cpu_time_total(self):
        return self.cpu_time_total - sum(child.cpu_time_total for child in self.cpu_children)

    @property
    def cpu_time(self):
        return self.cpu_time_total

    def __repr__(self):
        return (f"<FunctionEvent id={id(self)} name={self.name} cpu_time={_format_time(self.cpu_time_total)} "
                f"start_us={self.start_us:.3f} end_us={self.end_us:.3f}>")


class FunctionEventAvg:
    """The events of one name: how many, and their summed times."""

    def __init__(self, key):
        self.key = key
        self.count = 0
        self.cpu_time_total = self.self_cpu_time_total = 0.0
        self.input_shapes = None
        self.stack = None
        self.node_id = -1
        self.is_async = False
        self.use_device = None
        self.cpu_parent = None

    def add(self, event):
        self.cpu_parent = event.cpu_parent  # as PyTorch's: the last event's (top_level_events_only reads it)
        self.count += event.count
        self.cpu_time_total += event.cpu_time_total
        self.self_cpu_time_total += event.self_cpu_time_total
        return self

    @property
    def cpu_time(self):
        return self.cpu_time_total / max(self.count, 1)

    def __repr__(self):
        return (f"<FunctionEventAvg key={self.key} self_cpu_time={_format_time(self.self_cpu_time_total)} "
                f"cpu_time={_format_time(self.cpu_time)}>")


class EventList(list):
    """A list of events, with PyTorch's summaries of them."""

    def __init__(self, *args, **kwargs):
        kwargs.pop("use_device", None), kwargs.pop("profile_memory", None), kwargs.pop("with_flops", None)
        super().__init__(*args, **kwargs)

    @property
    def self_cpu_time_total(self):
        return sum(event.self_cpu_time_total for event in self)

    def key_averages(self, group_by_input_shapes=False, group_by_stack_n=0, group_by_overload_name=False):
        stats = OrderedDict()
        for event in self:
            stats.setdefault(event.key, FunctionEventAvg(event.key)).add(event)
        return EventList(stats.values())

    def total_average(self):
        total = FunctionEventAvg("Total")
        for event in self:
            total.add(event)
        return total

    def table(self, sort_by=None, row_limit=100, max_src_column_width=75, max_name_column_width=55,
              max_shapes_column_width=80, header=None, top_level_events_only=False, time_unit=None):
        return _build_table(self, sort_by, header, row_limit, max_name_column_width, top_level_events_only,
                            time_unit)

    def __str__(self):
        return self.table()

    def export_chrome_trace(self, path):
        trace = [{"name": e.name, "ph": "X", "ts": e.start_us, "dur": e.cpu_time_total, "pid": "CPU functions",
                  "tid": 0, "args": {}} for e in self]
        with open(path, "w") as f:
            json.dump({"traceEvents": trace}, f)


def _format_time(time_us):
    if time_us >= 1e6:
        return f"{time_us / 1e6:.3f}s"
    if time_us >= 1e3:
        return f"{time_us / 1e3:.3f}ms"
    return f"{time_us:.3f}us"


def _format_time_share(time_us, total_us):
    if total_us == 0:
        return "NaN"
    return f"{time_us * 100.0 / total_us:.2f}%"


def _build_table(events, sort_by, header, row_limit, max_name_column_width, top_level_events_only, time_unit):
    """PyTorch's profiler table (torch.autograd.profiler_util._build_table), for CPU times."""
    if not events:
        return ""
    if sort_by is not None:
        events = sorted(events, key=lambda e: getattr(e, sort_by.replace("cuda", "device")), reverse=True)
    name_width = max(len(e.key) for e in events) + 4
    if max_name_column_width is not None:
        name_width = min(name_width, max_name_column_width)
    headers = ["Name", "Self CPU %", "Self CPU", "CPU total %", "CPU total", "CPU time avg", "# of Calls"]
    widths = [name_width] + [12] * (len(headers) - 1)
    row_format = "".join("{: >" + str(w) + "}  " for w in widths)
    separator = "".join("-" * w + "  " for w in widths)
    line_length = sum(w + 2 for w in widths) - 2

    def timed(us, default):
        return {"s": f"{us / 1e6:.3f}s", "ms": f"{us / 1e3:.3f}ms", "us": f"{us:.3f}us"}.get(time_unit, default)

    total = sum(e.self_cpu_time_total for e in events)
    lines = []
    if header is not None:
        lines += ["=" * line_length, header]
    if top_level_events_only:
        lines += ["=" * line_length, "This report only display top-level ops statistics"]
    lines += [separator, row_format.format(*headers), separator]
    shown = 0
    for e in events:
        if shown == row_limit:
            break
        if top_level_events_only and e.cpu_parent is not None:
            continue
        shown += 1
        name = e.key
        if max_name_column_width is not None and len(name) >= max_name_column_width - 3:
            name = name[:max_name_column_width - 3] + "..."
        lines.append(row_format.format(
            name, _format_time_share(e.self_cpu_time_total, total),
            timed(e.self_cpu_time_total, _format_time(e.self_cpu_time_total)),
            _format_time_share(e.cpu_time_total, total), timed(e.cpu_time_total, _format_time(e.cpu_time_total)),
            timed(e.cpu_time, _format_time(e.cpu_time)), e.count))
    lines += [separator, f"Self CPU time total: {timed(total, _format_time(total))}"]
    return "".join(line + "\n" for line in lines)


def _now_us():
    return time.perf_counter_ns() / 1000.0


class profile:  # noqa: N801  (PyTorch's name)
    """Context manager that records the ops run inside it (see the module's docstring)."""

    def __init__(self, enabled=True, *, use_cuda=False, use_device=None, record_shapes=False, with_flops=False,
                 profile_memory=False, with_stack=False, with_modules=False, use_kineto=True, use_cpu=True,
                 experimental_config=None, acc_events=False, custom_trace_id_callback=None):
        if use_cuda or use_device not in (None, "cpu"):
            from .._device import check_device
            check_device("cuda")
        self.enabled = enabled
        self.record_shapes, self.with_stack, self.profile_memory = record_shapes, with_stack, profile_memory
        self.function_events = None
        self._events, self._open = [], []
        self.entered = False

    def __enter__(self):
        if not self.enabled:
            return self
        if self.entered:
            raise RuntimeError("Profiler context manager is not reentrant")
        self.entered = True
        self._events, self._open = [], []
        start_profiling(self)
        return self

    def __exit__(self, *exc):
        if not self.enabled:
            return
        stop_profiling(self)
        self.function_events = EventList(self._events)
        self.entered = False

    # what _dispatch and the autograd engine tell a profiler
    def begin(self, name):
        parent = self._open[-1] if self._open else None
        event = FunctionEvent(name, _now_us(), parent)
        if parent is not None:
            parent.cpu_children.append(event)
        self._events.append(event)
        self._open.append(event)

    def end(self, name):
        self._open.pop().end_us = _now_us()

    def _finished_events(self):
        """The events recorded (none if the profiler never ran, as PyTorch's)."""
        if self.function_events is None:
            self.function_events = EventList()
        return self.function_events

    def events(self):
        return self._finished_events()

    def key_averages(self, group_by_input_shape=False, group_by_stack_n=0, group_by_overload_name=False):
        return self._finished_events().key_averages()

    def total_average(self):
        return self._finished_events().total_average()

    @property
    def self_cpu_time_total(self):
        return self._finished_events().self_cpu_time_total

    def table(self, sort_by=None, row_limit=100, max_src_column_width=75, max_name_column_width=55,
              max_shapes_column_width=80, header=None, top_level_events_only=False):
        return self._finished_events().table(sort_by, row_limit, max_src_column_width, max_name_column_width,
                                             max_shapes_column_width, header, top_level_events_only)

    def export_chrome_trace(self, path):
        self._finished_events().export_chrome_trace(path)

    def __str__(self):
        return str(self._finished_events())

    __repr__ = __str__


class record_function:  # noqa: N801
    """Context manager and decorator: a range named ``name`` among the profiler's events."""

    def __init__(self, name, args=None):
        self.name, self.args = name, args

    def __enter__(self):
        for profiler in _graph.profilers:
            profiler.begin(self.name)
        return self

    def __exit__(self, *exc):
        for profiler in _graph.profilers:
            profiler.end(self.name)

    def __call__(self, fn):
        @functools.wraps(fn)
        def wrapped(*args, **kwargs):
            with record_function(self.name, self.args):
                return fn(*args, **kwargs)
        return wrapped


class EnforceUnique:
    """Raises if a key is seen twice."""

    def __init__(self):
        self.seen = set()

    def see(self, *key):
        if key in self.seen:
            raise RuntimeError("duplicate key: " + str(key))
        self.seen.add(key)


class KinetoStepTracker:
    """The global step count torch.profiler.profile.step() advances."""

    _current_step = 0
    _step_dict = {}

    @classmethod
    def init_step_count(cls, requester):
        cls._step_dict[requester] = cls._current_step

    @classmethod
    def erase_step_count(cls, requester):
        return cls._step_dict.pop(requester, None) is not None

    @classmethod
    def increment_step(cls, requester):
        if requester not in cls._step_dict:
            cls.init_step_count(requester)
        cls._step_dict[requester] += 1
        new_step = max(cls._step_dict.values())
        if new_step > cls._current_step:
            cls._current_step = new_step
        return cls._current_step

    @classmethod
    def current_step(cls):
        return cls._current_step


per_process_global(KinetoStepTracker, "_current_step")
per_process("torch.autograd.profiler.KinetoStepTracker._step_dict", KinetoStepTracker._step_dict)


_UNSUPPORTED = {"emit_itt": "Intel VTune ranges", "emit_nvtx": "CUDA NVTX ranges", "load_nvprof": "CUDA nvprof traces",
                "parse_nvprof_trace": "CUDA nvprof traces", "MemRecordsAcc": "memory profiling"}


def __getattr__(name):
    if name in _UNSUPPORTED:
        raise AttributeError(f"torch.autograd.profiler.{name} is not supported ({_UNSUPPORTED[name]}): this engine "
                             "runs PyTorch on the CPU in eager mode")
    raise AttributeError(f"module 'torch.autograd.profiler' has no attribute '{name}'")
