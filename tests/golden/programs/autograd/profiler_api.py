# golden: timings
import torch
from torch.autograd.profiler import record_function

torch.manual_seed(0)
x = torch.randn(4, 3)
w = torch.randn(4, 3, requires_grad=True)

with torch.autograd.profiler.profile() as prof:
    with record_function("my_block"):
        y = (x * w).exp()
        s = y.neg()
    z = torch.sin(x) + x
print(type(prof.function_events).__name__, type(prof.self_cpu_time_total).__name__)
print(prof.key_averages().table(sort_by="count", row_limit=10))
print(prof.key_averages().table(sort_by="cpu_time_total", top_level_events_only=True))
print(sorted(e.key for e in prof.key_averages()))
print(len(prof.function_events), [e.name for e in prof.function_events][:3])


@record_function("decorated")
def f(t):
    return t * t


with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CPU]) as p2:
    f(x)
print([e.key for e in p2.key_averages()])
print(torch.profiler.supported_activities())
steps = []
sched = torch.profiler.schedule(wait=1, warmup=1, active=2, repeat=1)
print([sched(i) for i in range(6)])
with torch.profiler.profile(schedule=sched, on_trace_ready=lambda p: steps.append(len(p.events()))) as p3:
    for i in range(6):
        x.mul(x)
        p3.step()
print(steps)
unfinished = torch.autograd.profiler.profile()
try:
    unfinished.key_averages()
except RuntimeError as err:
    print("RuntimeError:", err)
