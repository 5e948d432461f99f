"""Line2D: a drawn line (plot, axhline, axvline), and matplotlib's format strings ('r--', 'o-')."""
from . import colors as mcolors
from ._data import column, dtype_of
from ._unavailable import unavailable_names

LINESTYLES = {"-": "-", "--": "--", "-.": "-.", ":": ":", "solid": "-", "dashed": "--", "dashdot": "-.",
              "dotted": ":", "None": "None", "none": "None", " ": "None", "": "None"}
MARKERS = set(".,ov^<>12348spP*hHxX+Dd|_")  # what matplotlib reads in a format string
DRAWN_MARKERS = ".,os^*hHxX+PDd"  # what the page draws as matplotlib does (app/figures/render.js SYMBOLS)


def parse_format(fmt):
    """(color or None, linestyle or None, marker or None) of a format string, as matplotlib reads it; the
    color as (CSS color, what the line's get_color() answers: matplotlib's own mix of tuples and letters)."""
    if fmt in LINESTYLES and fmt.strip():
        return None, LINESTYLES[fmt], None
    if fmt not in MARKERS or len(fmt) != 1:
        try:
            css = mcolors.to_css(fmt)  # a whole color: plot(x, "green")
        except ValueError:
            pass
        else:
            if fmt in mcolors.BASE_RGB:
                spec = (*map(float, mcolors.BASE_RGB[fmt]), 1)
            elif css.startswith("#") and len(css) == 7:
                spec = (*mcolors.rgb_of(css), 1 if fmt[0] == "C" else 1.0)
            else:
                spec = None  # a CSS name: its RGB is the page's to know (get_color() says so)
            return (css, spec), None, None
    color = linestyle = marker = None
    i = 0
    while i < len(fmt):
        two = fmt[i:i + 2]
        if two in ("--", "-."):
            if linestyle is not None:
                raise ValueError(f"{fmt!r} is not a valid format string (two linestyle symbols)")
            linestyle, i = two, i + 2
        elif fmt[i] in "-:":
            if linestyle is not None:
                raise ValueError(f"{fmt!r} is not a valid format string (two linestyle symbols)")
            linestyle, i = fmt[i], i + 1
        elif fmt[i] in MARKERS:
            if marker is not None:
                raise ValueError(f"{fmt!r} is not a valid format string (two marker symbols)")
            marker, i = fmt[i], i + 1
        elif fmt[i] in mcolors.BASE_COLORS:
            if color is not None:
                raise ValueError(f"{fmt!r} is not a valid format string (two color symbols)")
            color, i = (mcolors.BASE_COLORS[fmt[i]], fmt[i]), i + 1
        elif fmt[i] == "C" and i + 1 < len(fmt) and fmt[i + 1].isdigit():
            if color is not None:
                raise ValueError(f"{fmt!r} is not a valid format string (two color symbols)")
            css = mcolors.CYCLE[int(fmt[i + 1])]
            color, i = (css, (*mcolors.rgb_of(css), 1)), i + 2
        else:
            raise ValueError(f"{fmt!r} is not a valid format string (unrecognized character {fmt[i]!r})")
    if linestyle is None and marker is not None:
        linestyle = "None"
    return color, linestyle, marker


def drawn_marker(marker):
    """`marker` when the page draws it; NotImplementedError for markers it would draw as another shape."""
    if marker is not None and marker not in DRAWN_MARKERS:
        raise NotImplementedError(f"matplotlib marker {marker!r} is not available in the browser; "
                                  f"these are: {' '.join(DRAWN_MARKERS)}")
    return marker


class Artist:
    """What every drawn thing shares: its Axes (whose Figure learns of each change) and label."""

    def __init__(self, axes, label):
        self.axes = axes
        self._label = "" if label is None else str(label)

    @property
    def figure(self):
        return self.axes.figure

    def _changed(self):
        self.axes.figure._changed()

    def get_label(self):
        return self._label

    def set_label(self, label):
        self._changed()
        self._label = "" if label is None else str(label)

    def remove(self):
        self._changed()
        self.axes._artists.remove(self)

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        raise NotImplementedError(f"matplotlib {type(self).__name__}.{name} is not available in the browser; "
                                  "see docs/browser-numpy.md (\"matplotlib\") for what is")


class Line2D(Artist):
    """A line through points (`kind` "line"), or a horizontal/vertical rule across the Axes ("hline", "vline")."""

    def __init__(self, axes, x, y, *, color, color_spec, linestyle="-", marker=None, linewidth=1.5, markersize=6.0,
                 alpha=None, label=None, kind="line", dtypes=("float64", "float64"), drawstyle="default"):
        super().__init__(axes, label)
        self._x, self._y = x, y
        self._dtypes = dtypes  # of the data as given, which get_xdata()/get_ydata() answer in
        self._color = color  # as CSS, for the page
        self._color_spec = color_spec  # what get_color() answers (None: not known here)
        self._linestyle = linestyle
        self._marker = marker
        self._linewidth = float(linewidth)
        self._markersize = float(markersize)
        self._alpha = alpha
        self._kind = kind
        self._drawstyle = drawstyle_of(drawstyle)

    def __repr__(self):
        return f"Line2D({self._label})"

    def get_xdata(self):
        return _array(self._x, self._dtypes[0])

    def get_ydata(self):
        return _array(self._y, self._dtypes[1])

    def get_data(self):
        return self.get_xdata(), self.get_ydata()

    def set_data(self, *args):
        x, y = args[0] if len(args) == 1 else args
        self.set_xdata(x)
        self.set_ydata(y)

    def set_xdata(self, x):
        self._changed()
        self._x = column(x, "x")
        self._dtypes = (dtype_of(x), self._dtypes[1])

    def set_ydata(self, y):
        self._changed()
        self._y = column(y, "y")
        self._dtypes = (self._dtypes[0], dtype_of(y))

    def get_color(self):
        if self._color_spec is None:
            raise NotImplementedError("matplotlib Line2D.get_color of a line whose format string names a CSS color is "
                                      "not available in the browser; pass color= instead")
        return self._color_spec

    def set_color(self, color):
        self._changed()
        self._color, self._color_spec = mcolors.to_css(color), color

    def get_linestyle(self):
        return self._linestyle

    def set_linestyle(self, linestyle):
        self._changed()
        self._linestyle = linestyle_of(linestyle)

    def get_marker(self):
        return "None" if self._marker is None else self._marker

    def get_linewidth(self):
        return self._linewidth

    def set_linewidth(self, width):
        self._changed()
        self._linewidth = float(width)

    def set_alpha(self, alpha):
        self._changed()
        self._alpha = alpha

    def get_drawstyle(self):
        return self._drawstyle

    def set_drawstyle(self, drawstyle):
        self._changed()
        self._drawstyle = drawstyle_of(drawstyle)

    def _data(self):
        data = {"kind": self._kind, "color": self._color, "linestyle": self._linestyle, "drawstyle": self._drawstyle,
                "marker": self._marker,
                "linewidth": self._linewidth, "markersize": self._markersize, "alpha": self._alpha, "label": self._label}
        if self._kind == "line":
            if len(self._x) != len(self._y):
                raise ValueError(f"x and y must have same first dimension, but have shapes ({len(self._x)},) and ({len(self._y)},)")
            data.update(x=self._x, y=self._y)
        else:
            data.update(at=self._x[0] if self._kind == "vline" else self._y[0], span=self._y if self._kind == "vline" else self._x)
        return data


def _array(values, dtype):
    if dtype == "text":
        raise NotImplementedError("matplotlib Line2D data of text values is not available in the browser "
                                  "(the browser's numpy has no string arrays)")
    import numpy
    return numpy.array(values, dtype=dtype)


DRAWSTYLES = ("default", "steps-mid", "steps-pre", "steps-post", "steps")


def drawstyle_of(drawstyle):
    if drawstyle is None:
        return "default"
    if drawstyle not in DRAWSTYLES:
        raise ValueError(f"{drawstyle!r} is not a valid value for drawstyle. Supported values are "
                         f"{', '.join(map(repr, DRAWSTYLES))}")
    return drawstyle


def linestyle_of(linestyle):
    if linestyle not in LINESTYLES:
        raise ValueError(f"{linestyle!r} is not a valid value for ls.")
    return LINESTYLES[linestyle]


__getattr__ = unavailable_names("matplotlib.lines", "Line2D")
