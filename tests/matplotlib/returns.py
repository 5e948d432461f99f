# What pyplot's functions return and raise, printed: the same under real matplotlib (CPython, Agg) and
# the browser's (tests/test_pyodide_matplotlib.py compares the two).
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import torch

n, bins, patches = plt.hist([1, 2, 2, 3, 3, 3, 10], bins=3)
print(repr(n), repr(bins), patches, len(patches))
n, bins, patches = plt.hist(np.array([0.5, 1.5, 2.5, 2.9]), bins=[0, 1, 2, 3], density=True)
print(repr(n), repr(bins))
n, bins, _ = plt.hist(torch.tensor([0.0, 1.0, 1.0, 4.0]), bins=4, range=(0, 4), weights=[1, 2, 3, 4])
print(repr(n), repr(bins))
lines = plt.plot([1, 2, 3], "r--", label="a")
print(type(lines).__name__, len(lines), type(lines[0]).__name__, lines[0].get_linestyle(), lines[0].get_marker(), lines[0].get_label())
line, = plt.plot([1, 2], [3, 4], "o")
print(line.get_linestyle(), line.get_marker(), repr(line.get_xdata()), repr(line.get_ydata()))
print(len(plt.plot([[1, 2], [3, 4], [5, 6]])))
plt.close("all")
print(plt.plot([0, 10], [0, 1])[0].axes.get_xlim(), plt.gca().get_ylim())
print(plt.bar([1, 2], [3, 4]), plt.ylim(), plt.xlim(0, 5), plt.xlim())
plt.close("all")
plt.imshow(np.zeros((2, 3)), cmap="gray")
print(plt.xlim(), plt.ylim())
fig, axs = plt.subplots(2, 3, figsize=(8, 4))
print(type(axs[0, 1]).__name__, axs.shape, axs[1].shape, axs[:, 0].shape, fig.get_size_inches(), len(list(axs.flat)))
fig, ax = plt.subplots()
print(type(ax).__name__, plt.subplots(1, 2)[1].shape, plt.subplots(3, 1)[1].shape)
print(plt.figure(figsize=(3, 2)).number, plt.gcf().number, plt.get_fignums())
plt.close(2)
print(plt.get_fignums())
plt.close("all")
print(plt.get_fignums(), matplotlib.rcParams["figure.figsize"], plt.scatter([1, 2], [3, 4]).__class__.__name__)
print(type(plt.imshow([[1, 2], [3, 4]])).__name__, plt.axhline(1).__class__.__name__, plt.title("t").get_text())
for program in ["plt.plot(torch.ones(3, requires_grad=True))", "plt.plot([torch.tensor(1.0, requires_grad=True)])",
                "plt.plot([1, 2], 'q')", "plt.plot([1, 2], 'r--g')", "plt.plot([1, 2], color='bluish')",
                "plt.plot([1, 2], [1, 2, 3])", "plt.plot([1, 2], linestyle='wavy')"]:
    try:
        exec(program)
    except Exception as error:
        print(type(error).__name__, str(error).split(":")[0])
print(plt.plot(torch.arange(3.0), torch.arange(3.0) * 2)[0].get_ydata())
plt.close("all")
for draw in ["plt.semilogy([1, 10, 100])", "plt.plot([5])", "plt.plot([0, 0])", "plt.hist([1, 1, 1])", "plt.axhline(2)",
             "plt.scatter([1, 2], [3, 4])", "plt.bar([1, 2], [-1, 2])", "plt.imshow([[1, 2]]); plt.plot([0, 1], [0, 0.5])"]:
    plt.figure()
    exec(draw)
    print(draw, plt.xlim(), plt.ylim())
figure = plt.figure()
first, second = figure.add_subplot(2, 1, 1), figure.add_subplot(2, 1, 1)
plt.subplot(2, 2, 4)
print(first is second, plt.subplot(2, 2, 4) is plt.gca(), len(figure.axes))
plt.close("all")
plt.bar(["cat", "dog", "fish"], [3, 5, 2])
print(plt.xlim())
plt.figure()
plt.plot(["a", "b"], [1, 2])
plt.plot(["b", "c"], [3, 4])
print(plt.xlim())
plt.figure()
plt.scatter([1, 2], ["x", "y"])
print(plt.ylim())
plt.close("all")
print(plt.title("t"), plt.xlabel("x"), plt.ylabel("y"), plt.suptitle("s"))
plt.close("all")
area = plt.fill_between([0, 1, 2], [1, 2, 3])
print(type(area).__name__, plt.xlim(), plt.ylim())
plt.plot([0, 1], [5, 6])
plt.fill_between(np.array([0, 1]), 4, torch.tensor([6.0, 7.0]), alpha=0.3, label="band")
print(plt.xlim(), plt.ylim())
plt.figure()
plt.fill_between([0, 1, 2, 3], [1, 2, 3, 4], [0, 0, 0, 9], where=[True, True, True, False])
print(plt.xlim(), plt.ylim())
plt.close("all")
bars = plt.errorbar([1, 2, 3], [1, 4, 9], yerr=[0.5, 1, 2], label="e")
print(bars, len(bars), type(bars[0]).__name__, bars[1], type(bars[2]).__name__, len(bars[2]), bars.has_xerr, bars.has_yerr,
      plt.xlim(), plt.ylim())
plt.figure()
bars = plt.errorbar([1, 2, 3], [1, 4, 9], yerr=[[0.1, 0.2, 0.3], [1, 1, 1]], xerr=0.2, fmt="o", capsize=3)
print(len(bars[1]), len(bars[2]), bars[0].get_linestyle(), bars[0].get_marker(), plt.xlim(), plt.ylim())
plt.figure()
bars = plt.errorbar([1, 2], [1, 2], yerr=1, fmt="none")
print(bars[0], len(bars.lines), plt.ylim())
print(plt.text(1, 2, "hi"), plt.text(1.5, np.float64(2.0), "x", fontsize=12, ha="center").get_fontsize(), plt.xlim(), plt.ylim())
print(plt.text(0, 0, "s", size="large").get_fontsize(), plt.text(0, 0, "p").get_position())
note = plt.annotate("peak", xy=(1, 2), xytext=(1.5, 3), arrowprops=dict(arrowstyle="->"))
print(note, type(note).__name__, note.xy, note.xyann, plt.ylim())
print(plt.annotate("p", (0.5, 0.5), textcoords="offset points", xytext=(0, 10), ha="center"))
plt.close("all")
plt.plot([0, 1], [0, 1])
host = plt.gca()
twin = host.twinx()
line, = twin.plot([0, 2], [10, 20])
print(len(plt.gcf().axes), plt.gca() is twin, host.get_xlim(), twin.get_xlim(), twin.get_ylim(), host.get_ylim())
twin.set_xlim(0, 5)
print(host.get_xlim(), plt.subplot(1, 1, 1) is host)
for program in ["plt.errorbar([1, 2], [1, 2], yerr=[-1, 1])", "plt.fill_between([1, 2], [1, 2, 3])",
                "plt.errorbar([1, 2], [1, 2], yerr=[1, 1, 1])", "plt.text(0, 0, 'a', ha='middle')", "plt.text(0, 0, 'a', va='middle')",
                "plt.text(0, 0, 'a', fontsize='huge')"]:
    try:
        exec(program)
    except Exception as error:
        print(type(error).__name__, error)
plt.close("all")
print(plt.plot([1, 2])[0].get_color(), plt.axhline(1).get_color(), plt.plot([1, 2])[0].get_color(), plt.axvline(1, color="k").get_color())
for fmt in ["r", "C1", "g--", "C2:", "ro", "#ff0000", "k"]:
    print(repr(fmt), plt.plot([1, 2], fmt)[0].get_color())
for color in ["red", (1, 0, 0), "C3", "#00ff00"]:
    print(repr(color), plt.plot([1, 2], color=color)[0].get_color())
recolored = plt.plot([1, 2])[0]
recolored.set_color("b")
print(recolored.get_color(), plt.errorbar([1], [1], yerr=1, color="k")[0].get_color(), plt.errorbar([1], [1], yerr=1)[0].get_color())
