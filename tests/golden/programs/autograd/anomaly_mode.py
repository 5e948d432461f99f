import warnings

import torch


def learner_lines(message):
    # The forward stack of the program's own lines (the runner's frames lie outside the program).
    lines = str(message).split("\n")
    return [lines[0]] + [l for i, l in enumerate(lines) if 'File "main.py"' in l or
                         (i and 'File "main.py"' in lines[i - 1])] + [lines[-1][-70:]]


print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
x = torch.tensor([0.0, 1.0, 4.0], requires_grad=True)
with torch.autograd.detect_anomaly():
    print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
    y = x * 2
    print(sorted(y.grad_fn.metadata), [l for l in y.grad_fn.metadata["traceback_"] if "main.py" in l])
    z = (x / x).sum()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            z.backward()
        except RuntimeError as e:
            print("RuntimeError:", e)
    for w in caught:
        print(w.category.__name__, learner_lines(w.message))
print(torch.is_anomaly_enabled(), x.grad)


def root(t):
    return t.sqrt()


u = root(x - 1)
with torch.autograd.detect_anomaly(check_nan=False):
    print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
    g, = torch.autograd.grad(u.sum(), x, retain_graph=True)
    print(g)
with torch.autograd.set_detect_anomaly(True):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            torch.autograd.grad(u.sum(), x)
        except RuntimeError as e:
            print("RuntimeError:", e)
    for w in caught:
        print(w.category.__name__, learner_lines(w.message))
    v = root(x - 1)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            v.sum().backward()
        except RuntimeError as e:
            print("RuntimeError:", e)
    for w in caught:
        print(w.category.__name__, learner_lines(w.message))
print(torch.is_anomaly_enabled())
r = torch.autograd.set_detect_anomaly(True, check_nan=False)
print(type(r).__name__, torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
print(torch.set_anomaly_enabled(False), torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
torch.set_anomaly_enabled(True, False)
print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
torch.set_anomaly_enabled(False)
try:
    torch.autograd.detect_anomaly()(print)
except TypeError as e:
    print("TypeError:", e)
