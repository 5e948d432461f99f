"""torch.profiler: the profiler's newer front end (activities, a schedule of steps, trace handlers)
over torch.autograd.profiler's events; CPU activity only."""
import enum
import os

from ..autograd.profiler import profile as _autograd_profile, record_function

__all__ = ["profile", "schedule", "supported_activities", "tensorboard_trace_handler", "ProfilerAction",
           "ProfilerActivity", "kineto_available", "DeviceType", "record_function", "ExecutionTraceObserver"]


class ProfilerActivity(enum.Enum):
    CPU = 0
    XPU = 1
    MTIA = 2
    CUDA = 3
    HPU = 4
    PrivateUse1 = 5

    def __repr__(self):
        return f"<ProfilerActivity.{self.name}: {self.value}>"


class DeviceType(enum.Enum):
    CPU = 0
    CUDA = 1


class ProfilerAction(enum.Enum):
    NONE = 0
    WARMUP = 1
    RECORD = 2
    RECORD_AND_SAVE = 3


def supported_activities():
    return {ProfilerActivity.CPU}


def kineto_available():
    """Whether PyTorch's Kineto tracer is there: not in this engine (its profiler is its own)."""
    return False


def schedule(*, wait, warmup, active, repeat=0, skip_first=0, skip_first_wait=0):
    """The action for each step: skip_first steps, then cycles of wait, warmup, active steps."""
    if not (wait >= 0 and warmup >= 0 and active > 0 and repeat >= 0 and skip_first >= 0):
        raise AssertionError("Invalid profiler schedule arguments")
    if warmup == 0:
        from .._caller import warn
        warn("Profiler won't be using warmup, this can skew profiler results")

    def schedule_fn(step):
        if step < 0:
            raise AssertionError(f"Step must be non-negative. Got {step}.")
        if step < skip_first:
            return ProfilerAction.NONE
        step -= skip_first
        num_steps = wait + warmup + active
        if repeat > 0 and step / num_steps >= repeat:
            return ProfilerAction.NONE
        mod_step = step % num_steps
        if mod_step < wait:
            return ProfilerAction.NONE
        if mod_step < wait + warmup:
            return ProfilerAction.WARMUP
        return ProfilerAction.RECORD if mod_step < num_steps - 1 else ProfilerAction.RECORD_AND_SAVE

    return schedule_fn


def tensorboard_trace_handler(dir_name, worker_name=None, use_gzip=False):
    """An on_trace_ready handler writing each trace as JSON into ``dir_name``."""
    def handler(prof):
        os.makedirs(dir_name, exist_ok=True)
        name = f"{worker_name or 'worker'}.{prof.step_num}.pt.trace.json"
        prof.export_chrome_trace(os.path.join(dir_name, name))
    return handler


class profile(_autograd_profile):  # noqa: N801
    """Records the ops of the steps its schedule marks (every step without one); with a schedule,
    each recorded step is a range ``ProfilerStep#<n>``, and warm-up steps are run but not kept."""

    def __init__(self, *, activities=None, schedule=None, on_trace_ready=None, record_shapes=False,
                 profile_memory=False, with_stack=False, with_flops=False, with_modules=False,
                 experimental_config=None, execution_trace_observer=None, acc_events=False, use_cuda=None,
                 custom_trace_id_callback=None):
        activities = set(activities) if activities else supported_activities()
        if activities - supported_activities():
            from .._device import check_device
            check_device("cuda")
        super().__init__(record_shapes=record_shapes, profile_memory=profile_memory, with_stack=with_stack)
        self.schedule, self.record_steps = schedule or (lambda step: ProfilerAction.RECORD), schedule is not None
        self.on_trace_ready = on_trace_ready
        self.step_num = 0
        self._step_range = None

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()

    def start(self):
        self._transit(ProfilerAction.NONE, self.schedule(self.step_num))
        self._open_step()

    def stop(self):
        self._close_step()
        self._transit(self.schedule(self.step_num), None)

    def step(self):
        self._close_step()
        previous = self.schedule(self.step_num)
        self.step_num += 1
        self._transit(previous, self.schedule(self.step_num))
        self._open_step()

    def _open_step(self):
        if self.record_steps:
            self._step_range = record_function(f"ProfilerStep#{self.step_num}")
            self._step_range.__enter__()

    def _close_step(self):
        if self._step_range is not None:
            self._step_range.__exit__(None, None, None)
            self._step_range = None

    def _transit(self, previous, current):
        """What PyTorch's action map does between two steps' actions (None: stopping)."""
        recording = (ProfilerAction.WARMUP, ProfilerAction.RECORD, ProfilerAction.RECORD_AND_SAVE)
        if previous == ProfilerAction.RECORD_AND_SAVE or (previous in recording and current not in recording):
            _autograd_profile.__exit__(self, None, None, None)
            if self.on_trace_ready is not None:
                self.on_trace_ready(self)
            previous = ProfilerAction.NONE
        if current in recording and previous not in recording:
            self.function_events = None
            _autograd_profile.__enter__(self)
        elif previous == ProfilerAction.WARMUP and current in (ProfilerAction.RECORD, ProfilerAction.RECORD_AND_SAVE):
            self._events, self._open = [], []  # what warm-up recorded is not kept


def __getattr__(name):
    if name == "ExecutionTraceObserver":
        raise AttributeError("torch.profiler.ExecutionTraceObserver is not supported (execution traces): this engine "
                             "runs PyTorch on the CPU in eager mode")
    raise AttributeError(f"module 'torch.profiler' has no attribute '{name}'")
