"""matplotlib.pyplot for the browser: pyplot's state (numbered figures, the current figure and Axes)
over Figure and Axes, which record what is drawn; the page draws it (app/figures/).

Showing follows a notebook's inline plots: show() displays every open figure and closes them;
savefig(), pause(), draw() and fig.canvas.draw() display without closing; at the end of a run every
open figure that changed since it was last shown is displayed, then all are closed. Displays from
one place in the program update one picture (a live loss curve), see _display."""
import sys
import time

from . import _display, rcParams
from ._unavailable import unavailable_names
from .axes import Axes
from .figure import AxesArray, Figure, subplot_spec

_figures = {}  # number → Figure, the open ones
_current = [None]  # the current Figure
_interactive = [False]
_display.pyplot = sys.modules[__name__]  # the end of a run shows this pyplot's open figures


def _open_figures():
    return [_figures[number] for number in sorted(_figures)]


def figure(num=None, figsize=None, dpi=None, clear=False, **kwargs):
    if kwargs:
        raise NotImplementedError(f"matplotlib.pyplot.figure({next(iter(kwargs))}=...) is not available in the browser")
    if isinstance(num, Figure):
        _current[0] = num
        _figures.setdefault(num.number, num)
        return num
    if num is not None and not isinstance(num, int):
        raise NotImplementedError("matplotlib.pyplot.figure with a named figure is not available in the browser; number it")
    if num in _figures:
        fig = _figures[num]
        if clear:
            fig.clf()
    else:
        number = num if num is not None else max(_figures, default=0) + 1
        fig = _figures[number] = Figure(number, figsize if figsize is not None else rcParams["figure.figsize"])
    _current[0] = fig
    return fig


def gcf():
    return _current[0] if _current[0] is not None and _current[0].number in _figures else figure()


def gca():
    return gcf().gca()


def sca(ax):
    figure(ax.figure)
    ax.figure.axes.remove(ax)
    ax.figure.axes.append(ax)


def get_fignums():
    return sorted(_figures)


def fignum_exists(num):
    return num in _figures


def subplots(nrows=1, ncols=1, *, figsize=None, sharex=False, sharey=False, squeeze=True, **kwargs):
    fig = figure(figsize=figsize, **kwargs)
    return fig, fig.subplots(nrows, ncols, sharex=sharex, sharey=sharey, squeeze=squeeze)


def subplot(*args, **kwargs):
    """The Axes at that place of the current figure (made if there is none yet), now the current Axes."""
    fig = gcf()
    spec = subplot_spec(*args) if args else (1, 1, 1, 1)
    axes = next((axes for axes in fig.axes if axes._spec == spec and axes._shares_x is None), None) or fig.add_subplot(*args, **kwargs)
    fig.axes.remove(axes)
    fig.axes.append(axes)  # the current Axes is the last one
    return axes


def close(fig=None):
    if fig == "all":
        _figures.clear()
        _current[0] = None
        return
    target = gcf() if fig is None and _current[0] is not None else fig
    number = target.number if isinstance(target, Figure) else target
    _figures.pop(number, None)
    if _current[0] is not None and _current[0].number == number:
        _current[0] = _figures[max(_figures)] if _figures else None


def clf():
    gcf().clf()


def cla():
    gca().cla()


def show(*args, block=None, **kwargs):
    """Displays every open figure in the output panel, then closes them (as a notebook's inline plots)."""
    for fig in _open_figures():
        _display.show(fig)
    close("all")


def savefig(fname=None, **kwargs):
    """Shows the current figure in the output panel; no file is written (the browser has no image renderer)."""
    gcf().savefig(fname, **kwargs)


def draw():
    _display.show(gcf())


def pause(interval):
    """Displays the open figures (a live plot's frame), then waits `interval` seconds."""
    for fig in _open_figures():
        _display.show(fig)
    time.sleep(interval)


def ion():
    _interactive[0] = True


def ioff():
    _interactive[0] = False


def isinteractive():
    return _interactive[0]


def tight_layout(**kwargs):
    gcf().tight_layout()


def subplots_adjust(left=None, bottom=None, right=None, top=None, wspace=None, hspace=None):
    gcf().subplots_adjust(left, bottom, right, top, wspace, hspace)


def margins(*margins, x=None, y=None, tight=True):
    return gca().margins(*margins, x=x, y=y, tight=tight)


def suptitle(text, **kwargs):
    return gcf().suptitle(text, **kwargs)


def colorbar(mappable=None, ax=None, **kwargs):
    images = [artist for axes in gcf().axes for artist in axes._artists if hasattr(artist, "_cmap")] if mappable is None else [mappable]
    return gcf().colorbar(images[-1] if images else None, ax=ax, **kwargs)


def xlim(*args, **kwargs):
    return gca().set_xlim(*args, **kwargs) if args or kwargs else gca().get_xlim()


def ylim(*args, **kwargs):
    return gca().set_ylim(*args, **kwargs) if args or kwargs else gca().get_ylim()


def xticks(ticks=None, labels=None, **kwargs):
    if ticks is not None:
        gca().set_xticks(ticks, labels)


def yticks(ticks=None, labels=None, **kwargs):
    if ticks is not None:
        gca().set_yticks(ticks, labels)


def axis(*args, **kwargs):
    return gca().axis(*args, **kwargs)


def _on_current_axes(name):
    method = getattr(Axes, name)

    def draw_on_current(*args, **kwargs):
        return method(gca(), *args, **kwargs)

    draw_on_current.__name__ = draw_on_current.__qualname__ = name
    draw_on_current.__doc__ = f"Axes.{name} on the current Axes."
    return draw_on_current


plot = _on_current_axes("plot")
scatter = _on_current_axes("scatter")
semilogy = _on_current_axes("semilogy")
semilogx = _on_current_axes("semilogx")
loglog = _on_current_axes("loglog")
hist = _on_current_axes("hist")
bar = _on_current_axes("bar")
barh = _on_current_axes("barh")
step = _on_current_axes("step")
tick_params = _on_current_axes("tick_params")
imshow = _on_current_axes("imshow")
axhline = _on_current_axes("axhline")
axvline = _on_current_axes("axvline")
legend = _on_current_axes("legend")
grid = _on_current_axes("grid")
xscale = _on_current_axes("set_xscale")
yscale = _on_current_axes("set_yscale")
title = _on_current_axes("set_title")
xlabel = _on_current_axes("set_xlabel")
ylabel = _on_current_axes("set_ylabel")
fill_between = _on_current_axes("fill_between")
errorbar = _on_current_axes("errorbar")
text = _on_current_axes("text")
annotate = _on_current_axes("annotate")
twinx = _on_current_axes("twinx")

__all__ = ["figure", "gcf", "gca", "sca", "subplots", "subplot", "close", "clf", "cla", "show", "savefig", "draw",
           "pause", "ion", "ioff", "isinteractive", "tight_layout", "suptitle", "colorbar", "xlim", "ylim", "xticks",
           "yticks", "axis", "plot", "step", "semilogy", "semilogx", "loglog", "scatter", "hist", "bar", "barh", "imshow", "axhline", "axvline", "legend", "grid",
           "fill_between", "errorbar", "text", "annotate", "twinx", "subplots_adjust", "tick_params", "margins",
           "xscale", "yscale", "title", "xlabel", "ylabel", "get_fignums", "fignum_exists", "Figure", "Axes", "AxesArray", "subplot_spec", "rcParams"]
__getattr__ = unavailable_names("matplotlib.pyplot", ", ".join(name for name in __all__ if name[0].islower() and name != "subplot_spec"))
