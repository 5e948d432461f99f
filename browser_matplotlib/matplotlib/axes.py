"""Axes: one plot area of a Figure, holding what is drawn on it (artists) and how (title, labels, limits,
scales, grid, legend). Everything a method draws is recorded as data; the page draws it (app/figures/).
Limits are autoscaled as matplotlib autoscales them (5% margins; bars and images keep their edges), so
`get_xlim()` answers as matplotlib does and the page draws exactly those limits."""
import math

from . import colors as mcolors
from ._data import _number, column, dtype_of, values
from ._unavailable import unavailable_names
from .lines import Artist, Line2D, drawn_marker, linestyle_of, parse_format

MARGIN = 0.05
# Colormaps the page can draw (app/figures/render.js maps each to its colour ramp).
COLORMAPS = {"viridis", "plasma", "inferno", "magma", "cividis", "turbo", "gray", "gray_r", "grey", "Greys", "binary",
             "Blues", "Greens", "Reds", "Oranges", "Purples", "RdBu", "RdBu_r", "hot", "coolwarm"}
HORIZONTAL_ALIGNMENTS = ("center", "right", "left")  # in the order matplotlib's error lists them
VERTICAL_ALIGNMENTS = ("top", "bottom", "center", "baseline", "center_baseline")
# matplotlib's named font sizes, as factors of rcParams["font.size"]
FONT_SCALINGS = {"xx-small": 0.579, "x-small": 0.694, "small": 0.833, "medium": 1.0, "large": 1.2, "x-large": 1.44,
                 "xx-large": 1.728, "larger": 1.2, "smaller": 0.833}
SCATTER_MARKERS = {"o": "circle", ".": "circle", "s": "square", "^": "triangle", "x": "times", "+": "plus",
                   "*": "star", "D": "diamond", "d": "diamond"}


class Text(Artist):
    """A text at (x, y): an Axes' title or label (drawn by the page in its place), or text() drawn at a
    data position (`drawn`), in points of `fontsize`, aligned by `ha`/`va` as matplotlib aligns it."""

    def __init__(self, axes, text, x=0, y=0, *, color=None, fontsize=None, ha="left", va="baseline", drawn=False):
        super().__init__(axes, None)
        self._text, self._x, self._y = str(text), x, y
        self._color = mcolors.to_css(color) if color is not None else "#000000"
        self._fontsize = _font_points(fontsize)
        for alignment, allowed in ((ha, HORIZONTAL_ALIGNMENTS), (va, VERTICAL_ALIGNMENTS)):
            if alignment not in allowed:
                raise ValueError(f"{alignment!r} is not a valid value for align. Supported values are "
                                 + ", ".join(repr(name) for name in allowed))
        self._ha, self._va, self._drawn = ha, va, drawn

    def get_text(self):
        return self._text

    def set_text(self, text):
        self._changed()
        self._text = str(text)

    def get_position(self):
        return self._x, self._y

    def set_position(self, xy):
        self._changed()
        self._x, self._y = xy

    def get_fontsize(self):
        return self._fontsize

    def __repr__(self):
        return f"Text({self._x}, {self._y}, {self._text!r})"

    def _data(self):
        return {"kind": "text", "at": [_number(self._x, "x"), _number(self._y, "y")], "offset": [0.0, 0.0], "arrow": None,
                "text": self._text, "color": self._color, "fontsize": self._fontsize, "ha": self._ha, "va": self._va,
                "label": ""}


class Annotation(Text):
    """annotate(): a text at `xytext` (data, or an offset in points or pixels from `xy`) with, given
    arrowprops, an arrow from the text to the point `xy`."""

    def __init__(self, axes, text, xy, xytext, textcoords, arrow_color, **style):
        super().__init__(axes, text, *xy, drawn=True, **style)
        self.xy, self.xyann, self._textcoords, self._arrow_color = xy, xytext, textcoords, arrow_color

    def __repr__(self):
        return f"Annotation({self.xy[0]}, {self.xy[1]}, {self._text!r})"

    def _data(self):
        data = super()._data()
        x, y = _number(self.xy[0], "xy"), _number(self.xy[1], "xy")
        dx, dy = _number(self.xyann[0], "xytext"), _number(self.xyann[1], "xytext")
        if self._textcoords == "data":
            data["at"] = [dx, dy]
        else:  # an offset from xy, in points (pixels are 72/100 points at matplotlib's 100 dpi)
            scale = 0.72 if self._textcoords == "offset pixels" else 1.0
            data["at"], data["offset"] = [x, y], [dx * scale, dy * scale]
        if self._arrow_color is not None:
            data["arrow"] = {"to": [x, y], "color": self._arrow_color}
        return data


class LineCollection:
    """One set of error bars (what errorbar() returns in its third place); drawn with its ErrorbarContainer."""

    __module__ = "matplotlib.collections"


class ErrorbarContainer(tuple):
    """(data line or None, caplines, barlinecols) as matplotlib's errorbar() returns them; drawn by the
    page from `_data()` (the bars and caps; the data line is an artist of its own)."""

    def __new__(cls, axes, line, caplines, barlinecols, bars, has_xerr, has_yerr, label):
        container = super().__new__(cls, (line, caplines, barlinecols))
        container.axes, container.lines, container._bars = axes, (line, caplines, barlinecols), bars
        container.has_xerr, container.has_yerr, container._label = has_xerr, has_yerr, label
        return container

    def __repr__(self):
        return "<ErrorbarContainer object of 3 artists>"

    def get_label(self):
        return self._label

    def remove(self):
        self.axes._changed()
        self.axes._artists.remove(self)
        if self[0] is not None:
            self[0].remove()

    def _data(self):
        return {"kind": "errorbars", **self._bars, "label": self._label}


class FillBetweenPolyCollection(Artist):
    """What fill_between() draws: the area between y1 and y2 over x, with gaps where `where` is false."""

    __module__ = "matplotlib.collections"

    def __init__(self, axes, x, y1, y2, *, color, edgecolor, linewidth, alpha, label):
        super().__init__(axes, label)
        self._x, self._y1, self._y2 = x, y1, y2
        self._color, self._edgecolor, self._linewidth, self._alpha = color, edgecolor, linewidth, alpha

    def set_alpha(self, alpha):
        self._changed()
        self._alpha = alpha

    def _data(self):
        return {"kind": "area", "x": self._x, "y1": self._y1, "y2": self._y2, "color": self._color,
                "edgecolor": self._edgecolor, "linewidth": self._linewidth, "alpha": self._alpha, "label": self._label}


class Legend:
    def __init__(self, axes):
        self.axes = axes

    def remove(self):
        self.axes._changed()
        self.axes._legend = False


class PathCollection(Artist):
    """What scatter() draws: points, one colour or a colour per point (values through a colormap)."""

    def __init__(self, axes, x, y, *, color, values, cmap, sizes, marker, alpha, label):
        super().__init__(axes, label)
        self._x, self._y, self._color, self._values, self._cmap = x, y, color, values, cmap
        self._sizes, self._marker, self._alpha = sizes, marker, alpha

    def get_offsets(self):
        import numpy
        return numpy.array([[x, y] for x, y in zip(self._x, self._y)])

    def set_offsets(self, offsets):
        shape, flat = values(offsets, "offsets")
        self._changed()
        self._x, self._y = flat[0::2], flat[1::2]

    def _data(self):
        return {"kind": "scatter", "x": self._x, "y": self._y, "color": self._color, "values": self._values,
                "cmap": self._cmap, "sizes": self._sizes, "marker": self._marker, "alpha": self._alpha,
                "label": self._label}


class Rectangle(Artist):
    def __init__(self, axes, x, y, width, height, color, label):
        super().__init__(axes, label)
        self._xy, self._width, self._height, self._color = (x, y), width, height, color

    def get_x(self):
        return self._xy[0]

    def get_y(self):
        return self._xy[1]

    def get_width(self):
        return self._width

    def get_height(self):
        return self._height

    def set_height(self, height):
        self._changed()
        self._height = float(height)

    def get_facecolor(self):
        return self._color

    def set_color(self, color):
        self._changed()
        self._color = mcolors.to_css(color)

    set_facecolor = set_color


class BarContainer(tuple):
    """The bars bar() and hist() draw, in order (a tuple of Rectangles, as matplotlib's container is)."""

    def __new__(cls, bars, axes, label, edgecolor, alpha, orientation):
        container = super().__new__(cls, bars)
        container.axes, container._label, container._edgecolor, container._alpha = axes, label, edgecolor, alpha
        container.orientation = orientation  # "vertical" (bar, hist) or "horizontal" (barh)
        return container

    def __repr__(self):
        return f"<BarContainer object of {len(self)} artists>"

    def get_label(self):
        return self._label

    def remove(self):
        self.axes._changed()
        self.axes._artists.remove(self)

    def _data(self):
        return {"kind": "bars", "x": [bar._xy[0] for bar in self], "width": [bar._width for bar in self],
                "y": [bar._xy[1] for bar in self], "height": [bar._height for bar in self],
                "color": [bar._color for bar in self], "edgecolor": self._edgecolor, "alpha": self._alpha,
                "label": self._label, "orientation": self.orientation}


class AxesImage(Artist):
    """What imshow() draws: rows × columns of values through a colormap, or of RGB(A) colours."""

    def __init__(self, axes, data, cmap, vmin, vmax, alpha):
        super().__init__(axes, "")
        self._cmap, self._alpha = cmap, alpha
        self._set(data, vmin, vmax)

    def _set(self, data, vmin=None, vmax=None):
        shape, flat = values(data, "image data")
        if len(shape) == 2 or (len(shape) == 3 and shape[2] in (3, 4)):
            self._shape, self._values = shape, flat
        elif len(shape) == 3 and shape[2] == 1:
            self._shape, self._values = shape[:2], flat
        else:
            raise TypeError(f"Invalid shape {shape} for image data")
        if len(self._shape) == 3 and max(flat, default=0) > 1 and all(float(v).is_integer() for v in flat):
            self._values = [v / 255 for v in flat]  # uint8-like RGB, as matplotlib reads integer images
        finite = [v for v in flat if math.isfinite(v)] or [0.0]
        self._vmin = min(finite) if vmin is None else float(vmin)
        self._vmax = max(finite) if vmax is None else float(vmax)

    def set_data(self, data):
        self._changed()
        self._set(data)

    def get_clim(self):
        return self._vmin, self._vmax

    def set_clim(self, vmin=None, vmax=None):
        self._changed()
        if isinstance(vmin, (tuple, list)):
            vmin, vmax = vmin
        self._vmin = self._vmin if vmin is None else float(vmin)
        self._vmax = self._vmax if vmax is None else float(vmax)

    def set_cmap(self, cmap):
        self._changed()
        self._cmap = colormap_of(cmap)

    def get_cmap(self):
        return self._cmap

    def get_array(self):
        import numpy
        return numpy.array(self._values).reshape(self._shape)

    def _data(self):
        return {"kind": "image", "rows": self._shape[0], "cols": self._shape[1],
                "channels": self._shape[2] if len(self._shape) == 3 else 1, "values": self._values,
                "cmap": self._cmap, "vmin": self._vmin, "vmax": self._vmax, "alpha": self._alpha}


def colormap_of(cmap):
    name = getattr(cmap, "name", cmap)
    if name not in COLORMAPS:
        raise NotImplementedError(f"matplotlib colormap {name!r} is not available in the browser; "
                                  f"these are: {', '.join(sorted(COLORMAPS))}")
    return name


class Axes:
    def __init__(self, figure, spec):
        self.figure = figure
        self._spec = spec  # (rows, cols, first cell, last cell), cells numbered from 1 across rows
        self._artists = []
        self._title = self._xlabel = self._ylabel = ""
        self._limits = {"x": None, "y": None}
        self._scales = {"x": "linear", "y": "linear"}
        self._ticks = {"x": None, "y": None}
        from . import rcParams
        self._grid = bool(rcParams["axes.grid"])
        self._legend = False
        self._axis_on = True
        self._colorbar = None
        self._shares_x = None  # the Axes this one is a twinx() of: its x limits, scale, ticks and categories
        self._twins = []  # the Axes made by twinx() on this one
        self._line_colors = self._patch_colors = 0  # where each of matplotlib's two colour cycles is
        self._categories = {"x": {}, "y": {}}  # text values drawn on an axis → their positions 0, 1, 2, …
        self._margins = {"x": MARGIN, "y": MARGIN}  # of autoscaling, a fraction of the data's span
        self._inverted = {"x": False, "y": False}  # invert_xaxis()/invert_yaxis() of autoscaled limits
        self._aspect = "auto"  # or y units per x unit on screen (set_aspect; imshow's "equal" is 1.0)

    def __repr__(self):
        return "<Axes: >"

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        raise NotImplementedError(f"matplotlib Axes.{name} is not available in the browser; the Axes here draw "
                                  "plot, step, scatter, hist, bar, barh, imshow, fill_between, errorbar, text, annotate, axhline, "
                                  "axvline, twinx "
                                  "(docs/browser-numpy.md, \"matplotlib\")")

    def _changed(self):
        self.figure._changed()

    def _next_color(self, cycle):
        count = getattr(self, cycle)
        setattr(self, cycle, count + 1)
        return mcolors.CYCLE[count % len(mcolors.CYCLE)]

    # Text values (bar(["cat", "dog"], …)) sit at 0, 1, 2, … in the order first met, labelled, as on
    # matplotlib's categorical axes.
    def _is_text(self, data):
        return isinstance(data, (list, tuple)) and bool(data) and all(isinstance(item, str) for item in data)

    def _values(self, axis, data):
        if not self._is_text(data):
            return values(data, axis)
        positions = self._axis_owner(axis)._categories[axis]
        for item in data:
            positions.setdefault(item, float(len(positions)))
        return (len(data),), [positions[item] for item in data]

    def _column(self, axis, data):
        return self._values(axis, data)[1] if self._is_text(data) else column(data, axis)

    def _dtype(self, axis, data):
        return "text" if self._is_text(data) else dtype_of(data)

    def _add(self, artist):
        self._changed()
        self._artists.append(artist)
        return artist

    # ---- drawing ---------------------------------------------------------------------------------

    def plot(self, *args, scalex=True, scaley=True, data=None, **kwargs):
        if data is not None:
            raise NotImplementedError("matplotlib plot(..., data=) is not available in the browser; pass the arrays")
        if not (scalex and scaley):
            raise NotImplementedError("matplotlib plot(scalex=False/scaley=False) is not available in the browser")
        lines = []
        for x, y, fmt in _plot_groups(args):
            fmt_color, fmt_style, fmt_marker = parse_format(fmt) if fmt is not None else (None, None, None)
            y_shape, y_flat = self._values("y", y)
            columns = [y_flat] if len(y_shape) <= 1 else [y_flat[c::y_shape[1]] for c in range(y_shape[1])]
            if len(y_shape) > 2:
                raise ValueError(f"y can be no greater than 2D, but has shape {y_shape}")
            rows = len(columns[0])
            if x is None:
                xs = [float(i) for i in range(rows)]
            else:
                x_shape, xs = self._values("x", x)
                if len(x_shape) > 1:
                    raise NotImplementedError("matplotlib plot of a 2-D x is not available in the browser; "
                                              "plot each column with its own plot()")
                if (x_shape[0] if x_shape else 1) != (y_shape[0] if y_shape else 1):
                    raise ValueError(f"x and y must have same first dimension, but have shapes {x_shape} and {y_shape}")
            dtypes = ("float64" if x is None else self._dtype("x", x), self._dtype("y", y))
            for ys in columns:
                lines.append(self._add(self._line(xs, ys, fmt_color, fmt_style, fmt_marker, dict(kwargs), dtypes)))
        return lines

    def semilogy(self, *args, **kwargs):
        lines = self.plot(*args, **kwargs)
        self.set_yscale("log")
        return lines

    def semilogx(self, *args, **kwargs):
        lines = self.plot(*args, **kwargs)
        self.set_xscale("log")
        return lines

    def loglog(self, *args, **kwargs):
        lines = self.plot(*args, **kwargs)
        self.set_xscale("log")
        self.set_yscale("log")
        return lines

    def step(self, x, y, *args, where="pre", data=None, **kwargs):
        if where not in ("pre", "post", "mid"):
            raise ValueError(f"{where!r} is not a valid value for where. Supported values are 'pre', 'post', 'mid'")
        return self.plot(x, y, *args, data=data, drawstyle=f"steps-{where}", **kwargs)

    def _line(self, xs, ys, fmt_color, fmt_style, fmt_marker, kwargs, dtypes):
        color = _pop(kwargs, "color", "c")
        linestyle = _pop(kwargs, "linestyle", "ls")
        marker = kwargs.pop("marker", None)
        from . import rcParams
        if color is not None:
            css, spec = mcolors.to_css(color), color
        elif fmt_color is not None:
            css, spec = fmt_color
        else:
            css = self._next_color("_line_colors")
            spec = mcolors.rgb_of(css)
        line = Line2D(
            self, xs, ys, color=css, color_spec=spec,
            linestyle=linestyle_of(linestyle) if linestyle is not None else fmt_style or "-",
            marker=drawn_marker(_marker(marker) if marker is not None else fmt_marker),
            linewidth=_pop(kwargs, "linewidth", "lw", rcParams["lines.linewidth"]),
            markersize=_pop(kwargs, "markersize", "ms", rcParams["lines.markersize"]),
            alpha=kwargs.pop("alpha", None), label=kwargs.pop("label", None), dtypes=dtypes,
            drawstyle=_pop(kwargs, "drawstyle", "ds"))
        if marker is not None and fmt_style is None and linestyle is None:
            line._linestyle = "-"
        _refuse_rest(kwargs, "plot")
        return line

    def scatter(self, x, y, s=None, c=None, marker=None, cmap=None, alpha=None, label=None, color=None, **kwargs):
        _refuse_rest(kwargs, "scatter", ignored=("edgecolors", "edgecolor", "linewidths"))
        xs, ys = self._column("x", x), self._column("y", y)
        if len(xs) != len(ys):
            raise ValueError("x and y must be the same size")
        color_values = None
        fill = c if c is not None else color
        if fill is not None and not mcolors.is_color_like(fill):
            color_values = column(fill, "c")
            if len(color_values) != len(xs):
                raise ValueError(f"'c' argument has {len(color_values)} elements, which is inconsistent with 'x' and 'y' with size {len(xs)}.")
            fill = None
        sizes = None if s is None else column(s, "s")
        from . import rcParams
        return self._add(PathCollection(
            self, xs, ys, color=mcolors.to_css(fill) if fill is not None else (None if color_values else self._next_color("_patch_colors")),
            values=color_values, cmap=colormap_of(cmap or rcParams["image.cmap"]) if color_values else None,
            sizes=sizes if sizes is None or len(sizes) > 1 else sizes[0],
            marker=SCATTER_MARKERS.get(marker or "o") or _unavailable_marker(marker), alpha=alpha, label=label))

    def bar(self, x, height, width=0.8, bottom=None, *, align="center", color=None, label=None, alpha=None,
            edgecolor=None, **kwargs):
        _refuse_rest(kwargs, "bar")
        lefts, widths, bottoms, heights = self._bar_layout("x", x, "height", height, "width", width, "bottom", bottom, align)
        return self._bars(lefts, widths, bottoms, heights, color, label, alpha, edgecolor)

    def barh(self, y, width, height=0.8, left=None, *, align="center", color=None, label=None, alpha=None,
             edgecolor=None, **kwargs):
        _refuse_rest(kwargs, "barh")
        bottoms, heights, lefts, widths = self._bar_layout("y", y, "width", width, "height", height, "left", left, align)
        return self._bars(lefts, widths, bottoms, heights, color, label, alpha, edgecolor, "horizontal")

    def _bar_layout(self, axis, at, length_name, length, thickness_name, thickness, base_name, base, align):
        """(starts across, thicknesses, bases, lengths) of bars standing at `at` on `axis` (bar: x, barh: y)."""
        positions, lengths = self._column(axis, at), column(length, length_name)
        count = max(len(positions), len(lengths))
        positions, lengths = _spread(positions, count, axis), _spread(lengths, count, length_name)
        thicknesses = _spread(column(thickness, thickness_name), count, thickness_name)
        bases = _spread(column(base, base_name) if base is not None else [0.0], count, base_name)
        starts = [p - t / 2 for p, t in zip(positions, thicknesses)] if align == "center" else positions
        return starts, thicknesses, bases, lengths

    def _bars(self, lefts, widths, bottoms, heights, color, label, alpha, edgecolor, orientation="vertical"):
        if color is None:
            colors = [self._next_color("_patch_colors")] * len(lefts)
        elif isinstance(color, (list, tuple)) and not mcolors.is_color_like(color):
            colors = _spread([mcolors.to_css(one) for one in color], len(lefts), "color")
        else:
            colors = [mcolors.to_css(color)] * len(lefts)
        bars = [Rectangle(self, left, bottom, width, height, one, "_nolegend_")
                for left, bottom, width, height, one in zip(lefts, bottoms, widths, heights, colors)]
        container = BarContainer(bars, self, "" if label is None else str(label),
                                 None if edgecolor is None else mcolors.to_css(edgecolor), alpha, orientation)
        self._changed()
        self._artists.append(container)
        return container

    def hist(self, x, bins=None, range=None, density=False, weights=None, *, color=None, label=None, alpha=None,
             edgecolor=None, histtype="bar", **kwargs):
        _refuse_rest(kwargs, "hist", ignored=("rwidth", "linewidth", "lw", "ec"))
        if histtype not in ("bar", "stepfilled"):
            raise NotImplementedError(f"matplotlib hist(histtype={histtype!r}) is not available in the browser; bar and stepfilled are")
        shape, _ = values(x, "x")
        if len(shape) > 1:
            raise NotImplementedError("matplotlib hist of several data sets at once is not available in the browser; call hist once for each")
        counts, edges = _histogram(column(x, "x"), 10 if bins is None else bins, range, density,
                                   None if weights is None else column(weights, "weights"))
        edge_list = edges.tolist()
        patches = self._bars(edge_list[:-1], [b - a for a, b in zip(edge_list, edge_list[1:])],
                             [0.0] * len(counts.tolist()), counts.tolist(), color, label, alpha, edgecolor)
        return counts, edges, patches

    def imshow(self, X, cmap=None, vmin=None, vmax=None, alpha=None, aspect=None, interpolation=None, origin=None, **kwargs):
        _refuse_rest(kwargs, "imshow")
        if origin not in (None, "upper"):
            raise NotImplementedError("matplotlib imshow(origin='lower') is not available in the browser; flip the rows instead")
        from . import rcParams
        image = AxesImage(self, X, colormap_of(cmap or rcParams["image.cmap"]), vmin, vmax, alpha)
        self.set_aspect(aspect if aspect is not None else rcParams["image.aspect"])
        return self._add(image)

    def fill_between(self, x, y1, y2=0, where=None, interpolate=False, step=None, **kwargs):
        if interpolate or step is not None:
            raise NotImplementedError("matplotlib fill_between(interpolate=/step=) is not available in the browser; "
                                      "the area is drawn between the given points")
        xs = column(x, "x")
        bounds = []
        for name, bound in (("y1", y1), ("y2", y2)):
            values_ = column(bound, name)
            if len(values_) == 1:
                values_ = values_ * len(xs)
            if len(values_) != len(xs):
                raise ValueError(f"'x' has size {len(xs)}, but {name!r} has an unequal size of {len(values_)}")
            bounds.append(values_)
        inside = [True] * len(xs) if where is None else [bool(value) for value in column(where, "where")]
        if len(inside) != len(xs):
            raise ValueError(f"where size ({len(inside)}) does not match x size ({len(xs)})")
        low, high = ([value if keep else math.nan for value, keep in zip(bound, inside)] for bound in bounds)
        color = _pop(kwargs, "facecolor", "fc", _pop(kwargs, "color", "c"))
        edgecolor = _pop(kwargs, "edgecolor", "ec")
        area = FillBetweenPolyCollection(
            self, xs, low, high, color=mcolors.to_css(color) if color is not None else self._next_color("_patch_colors"),
            edgecolor=mcolors.to_css(edgecolor) if edgecolor is not None else None,
            linewidth=float(_pop(kwargs, "linewidth", "lw", 1.0)), alpha=kwargs.pop("alpha", None), label=kwargs.pop("label", None))
        _refuse_rest(kwargs, "fill_between")
        return self._add(area)

    def errorbar(self, x, y, yerr=None, xerr=None, fmt="", ecolor=None, elinewidth=None, capsize=None, barsabove=False,
                 lolims=False, uplims=False, xlolims=False, xuplims=False, errorevery=1, capthick=None, **kwargs):
        if barsabove or lolims or uplims or xlolims or xuplims or errorevery != 1:
            raise NotImplementedError("matplotlib errorbar(barsabove=/lolims=/uplims=/errorevery=) is not available in the "
                                      "browser; symmetric and two-sided error bars are")
        from . import rcParams
        xs, ys = self._column("x", x), self._column("y", y)
        if len(xs) != len(ys):
            raise ValueError(f"x and y must have same first dimension, but have shapes ({len(xs)},) and ({len(ys)},)")
        label = kwargs.pop("label", None)
        if fmt.lower() == "none":
            given = _pop(kwargs, "color", "c")
            color = mcolors.to_css(given) if given is not None else self._next_color("_line_colors")
            spec = given if given is not None else mcolors.rgb_of(color)
            line = None
            linewidth = _pop(kwargs, "linewidth", "lw", rcParams["lines.linewidth"])
            alpha = kwargs.pop("alpha", None)
            _refuse_rest(kwargs, "errorbar")
        else:
            alpha = kwargs.get("alpha")
            line = self._line(xs, ys, *parse_format(fmt), kwargs, (self._dtype("x", x), self._dtype("y", y)))
            color, spec, linewidth = line._color, line._color_spec, line._linewidth
        bars = {"x": xs, "y": ys, "color": mcolors.to_css(ecolor) if ecolor is not None else color,
                "linewidth": float(elinewidth if elinewidth is not None else linewidth),
                "capsize": float(capsize if capsize is not None else rcParams["errorbar.capsize"]), "alpha": alpha}
        barlinecols, caplines = [], []
        for name, err, values_ in (("xerr", xerr, xs), ("yerr", yerr, ys)):
            low = high = None
            if err is not None:
                below, above = _error_sizes(err, name, len(ys))
                low = [value - size for value, size in zip(values_, below)]
                high = [value + size for value, size in zip(values_, above)]
                barlinecols.append(LineCollection())
                if bars["capsize"] > 0:
                    caplines += [Line2D(self, [], [], color=bars["color"], color_spec=ecolor if ecolor is not None else spec,
                                        kind="cap") for _ in range(2)]
            bars[f"{name[0]}low"], bars[f"{name[0]}high"] = low, high
        container = ErrorbarContainer(self, line, tuple(caplines), tuple(barlinecols), bars, xerr is not None, yerr is not None,
                                      "" if label is None else str(label))
        self._add(container)
        if line is not None:
            self._add(line)  # over its bars, as matplotlib draws them
        return container

    def text(self, x, y, s, fontdict=None, **kwargs):
        style = _text_style({**(fontdict or {}), **kwargs}, "text")
        return self._add(Text(self, s, x, y, drawn=True, **style))

    def annotate(self, text, xy, xytext=None, xycoords="data", textcoords=None, arrowprops=None, annotation_clip=None, **kwargs):
        textcoords = xycoords if textcoords is None else textcoords
        if xycoords != "data" or textcoords not in ("data", "offset points", "offset pixels"):
            raise NotImplementedError("matplotlib annotate() coordinates other than 'data' (and textcoords 'offset points' or "
                                      "'offset pixels') are not available in the browser")
        arrow_color = None
        if arrowprops is not None:
            arrowprops = dict(arrowprops)
            arrow_color = mcolors.to_css(_pop(arrowprops, "color", "facecolor", _pop(arrowprops, "fc", "ec", "black")))
            _refuse_rest(arrowprops, "annotate(arrowprops", ignored=("arrowstyle", "shrink", "width", "headwidth",
                                                                      "headlength", "connectionstyle", "lw", "linewidth"))
        style = _text_style(kwargs, "annotate")
        return self._add(Annotation(self, text, tuple(xy), tuple(xytext if xytext is not None else xy), textcoords,
                                    arrow_color, **style))

    def twinx(self):
        """A second Axes over this one, sharing its x axis, with its own y axis on the right."""
        twin = Axes(self.figure, self._spec)
        twin._shares_x = self
        self._twins.append(twin)
        self._changed()
        self.figure.axes.append(twin)
        return twin

    def axhline(self, y=0, xmin=0, xmax=1, **kwargs):
        return self._rule("hline", y, xmin, xmax, kwargs)

    def axvline(self, x=0, ymin=0, ymax=1, **kwargs):
        return self._rule("vline", x, ymin, ymax, kwargs)

    def _rule(self, kind, at, start, end, kwargs):
        color = _pop(kwargs, "color", "c")
        linestyle = _pop(kwargs, "linestyle", "ls")
        from . import rcParams
        line = Line2D(self, [float(start), float(end)] if kind == "hline" else [float(at)] * 2,
                      [float(at)] * 2 if kind == "hline" else [float(start), float(end)],
                      # matplotlib's rules take lines.color ("C0"), not the next colour of the cycle
                      color=mcolors.to_css(color if color is not None else "C0"), color_spec=color if color is not None else "C0",
                      linestyle=linestyle_of(linestyle) if linestyle is not None else "-",
                      linewidth=_pop(kwargs, "linewidth", "lw", rcParams["lines.linewidth"]),
                      alpha=kwargs.pop("alpha", None), label=kwargs.pop("label", None), kind=kind)
        _refuse_rest(kwargs, "axhline" if kind == "hline" else "axvline")
        return self._add(line)

    # ---- labels, limits, scales ------------------------------------------------------------------

    def set_title(self, label, **kwargs):
        self._changed()
        self._title = str(label)
        return Text(self, label, 0.5, 1.0)

    def get_title(self):
        return self._title

    def set_xlabel(self, label, **kwargs):
        self._changed()
        self._xlabel = str(label)
        return Text(self, label, 0.5, 0)

    def set_ylabel(self, label, **kwargs):
        self._changed()
        self._ylabel = str(label)
        return Text(self, label, 0, 0.5)

    def get_xlabel(self):
        return self._xlabel

    def get_ylabel(self):
        return self._ylabel

    def set_xlim(self, left=None, right=None, **kwargs):
        return self._set_limits("x", left, right, kwargs.get("xmin"), kwargs.get("xmax"))

    def set_ylim(self, bottom=None, top=None, **kwargs):
        return self._set_limits("y", bottom, top, kwargs.get("ymin"), kwargs.get("ymax"))

    def _axis_owner(self, axis):
        """The Axes whose `axis` this is: a twin's x axis is its host's."""
        return self._shares_x if axis == "x" and self._shares_x is not None else self

    def _set_limits(self, axis, low, high, low_alias, high_alias):
        if self._axis_owner(axis) is not self:
            return self._axis_owner(axis)._set_limits(axis, low, high, low_alias, high_alias)
        if isinstance(low, (tuple, list)):
            low, high = low
        low = low if low is not None else low_alias
        high = high if high is not None else high_alias
        current = self._float_limits(axis)
        self._changed()
        self._limits[axis] = (float(low) if low is not None else current[0], float(high) if high is not None else current[1])
        self._inverted[axis] = False  # explicit limits say themselves which way round they are
        return self._limits[axis]

    def invert_xaxis(self):
        self._invert("x")

    def invert_yaxis(self):
        self._invert("y")

    def _invert(self, axis):
        owner = self._axis_owner(axis)
        owner._changed()
        if owner._limits[axis] is not None:
            owner._limits[axis] = owner._limits[axis][::-1]
        else:
            owner._inverted[axis] = not owner._inverted[axis]

    def xaxis_inverted(self):
        low, high = self._float_limits("x")
        return high < low

    def yaxis_inverted(self):
        low, high = self._float_limits("y")
        return high < low

    def margins(self, *margins, x=None, y=None, tight=True):
        if margins and (x is not None or y is not None):
            raise TypeError("Cannot pass both positional and keyword arguments for x and/or y.")
        if len(margins) == 1:
            x = y = margins[0]
        elif len(margins) == 2:
            x, y = margins
        elif margins:
            raise TypeError("Must pass a single positional argument for all margins, or one for each margin (x, y).")
        if x is None and y is None:
            if tight is not True:
                raise NotImplementedError("matplotlib margins(tight=...) is not available in the browser")
            return self._margins["x"], self._margins["y"]
        for axis, margin in (("x", x), ("y", y)):
            if margin is not None:
                if margin <= -0.5:
                    raise ValueError("margin must be greater than -0.5")
                self._changed()
                self._margins[axis] = margin

    def set_aspect(self, aspect, adjustable=None, anchor=None, share=False):
        if adjustable not in (None, "box") or anchor is not None or share:
            raise NotImplementedError("matplotlib set_aspect(adjustable='datalim'/anchor=/share=) is not available in "
                                      "the browser; the plot's box takes the aspect")
        if aspect == "equal":
            aspect = 1.0
        elif aspect != "auto":
            aspect = float(aspect)
            if not (math.isfinite(aspect) and aspect > 0):
                raise ValueError("aspect must be finite and positive ")
        self._changed()
        self._aspect = aspect

    def get_aspect(self):
        return self._aspect

    def get_xlim(self):
        return self._get_limits("x")

    def get_ylim(self):
        return self._get_limits("y")

    def _get_limits(self, axis):
        import numpy
        low, high = self._float_limits(axis)
        return numpy.float64(low), numpy.float64(high)

    def _float_limits(self, axis):
        if self._axis_owner(axis) is not self:
            return self._axis_owner(axis)._float_limits(axis)
        return self._limits[axis] if self._limits[axis] is not None else self._autoscale(axis)

    def set_xscale(self, scale, **kwargs):
        self._set_scale("x", scale)

    def set_yscale(self, scale, **kwargs):
        self._set_scale("y", scale)

    def _set_scale(self, axis, scale):
        if self._axis_owner(axis) is not self:
            return self._axis_owner(axis)._set_scale(axis, scale)
        if scale not in ("linear", "log"):
            raise NotImplementedError(f"matplotlib scale {scale!r} is not available in the browser; linear and log are")
        self._changed()
        self._scales[axis] = scale

    def get_xscale(self):
        return self._axis_owner("x")._scales["x"]

    def get_yscale(self):
        return self._scales["y"]

    def set_xticks(self, ticks, labels=None, **kwargs):
        self._set_ticks("x", ticks, labels)

    def set_yticks(self, ticks, labels=None, **kwargs):
        self._set_ticks("y", ticks, labels)

    def _set_ticks(self, axis, ticks, labels):
        if self._axis_owner(axis) is not self:
            return self._axis_owner(axis)._set_ticks(axis, ticks, labels)
        positions = column(ticks, "ticks")
        labels = None if labels is None else [str(label) for label in labels]
        if labels is not None and len(labels) != len(positions):
            raise ValueError(f"The number of FixedLocator locations ({len(positions)}), usually from a call to "
                             f"set_ticks, does not match the number of labels ({len(labels)}).")
        self._changed()
        self._ticks[axis] = {"at": positions, "labels": labels}

    def grid(self, visible=None, which="major", axis="both", **kwargs):
        self._changed()
        self._grid = (not self._grid) if visible is None and not kwargs else bool(visible if visible is not None else True)

    def legend(self, *args, loc=None, **kwargs):
        if args:
            raise NotImplementedError("matplotlib legend(handles/labels) is not available in the browser; "
                                      "give each plot a label= and call legend()")
        if not any(artist.get_label() and not artist.get_label().startswith("_") for artist in self._artists
                   if not isinstance(artist, AxesImage)):
            _warn("No artists with labels found to put in legend.  Note that artists whose label start with an "
                  "underscore are ignored when legend() is called with no argument.")
        self._changed()
        self._legend = True
        return Legend(self)

    def get_legend(self):
        return Legend(self) if self._legend else None

    def axis(self, *args, **kwargs):
        option = args[0] if args else None
        if option in ("off", False):
            self.set_axis_off()
        elif option in ("on", True):
            self.set_axis_on()
        elif option is not None or kwargs:
            raise NotImplementedError(f"matplotlib axis({option!r}) is not available in the browser; 'off' and 'on' are")
        return (*self.get_xlim(), *self.get_ylim())

    def tick_params(self, axis="both", **kwargs):
        """Tick and tick-label looks (size, rotation, colours) are the page's own; the axis is checked as matplotlib does."""
        if axis not in ("x", "y", "both"):
            raise ValueError(f"{axis!r} is not a valid value for axis. Supported values are 'x', 'y', 'both'")

    def set_axis_off(self):
        self._changed()
        self._axis_on = False

    def set_axis_on(self):
        self._changed()
        self._axis_on = True

    def set(self, **properties):
        for name, value in properties.items():
            setter = getattr(self, f"set_{name}")
            setter(*value) if name in ("xlim", "ylim") and isinstance(value, (tuple, list)) else setter(value)

    def cla(self):
        self._changed()
        figure, spec, shares_x, twins = self.figure, self._spec, self._shares_x, self._twins
        self.__init__(figure, spec)
        self._shares_x, self._twins = shares_x, twins

    clear = cla

    def relim(self, visible_only=False):
        pass  # the limits are worked out afresh whenever they are read or drawn

    def autoscale_view(self, tight=None, scalex=True, scaley=True):
        pass

    def autoscale(self, enable=True, axis="both", tight=None):
        if enable:
            for name in ("x", "y") if axis == "both" else (axis,):
                self._changed()
                self._axis_owner(name)._limits[name] = None

    def get_lines(self):
        return [artist for artist in self._artists if isinstance(artist, Line2D)]

    def get_images(self):
        return [artist for artist in self._artists if isinstance(artist, AxesImage)]

    def get_figure(self):
        return self.figure

    # ---- autoscaling -----------------------------------------------------------------------------

    def _autoscale(self, axis):
        low, high = self._autoscale_upright(axis)
        return (high, low) if self._inverted[axis] else (low, high)

    def _autoscale_upright(self, axis):
        low, high, sticky = math.inf, -math.inf, set()
        margin = self._margins[axis]
        artists = self._artists + [artist for twin in self._twins for artist in twin._artists] if axis == "x" else self._artists
        for artist in artists:
            for value in _extent(artist, axis):
                if math.isfinite(value) and (self._scales[axis] == "linear" or value > 0):
                    low, high = min(low, value), max(high, value)
            sticky.update(_sticky(artist, axis))
        if low > high:
            return (0.0, 1.0) if axis == "x" or not self.get_images() else (1.0, 0.0)
        log = self._scales[axis] == "log"
        if log:
            low, high = math.log10(low), math.log10(high)
        if low == high:
            low, high = (low - 0.05, high + 0.05) if low == 0 else (low - 0.05 * abs(low), high + 0.05 * abs(high))
        span = high - low
        new_low, new_high = low - margin * span, high + margin * span
        for edge in sticky:  # a bar's base or an image's edge: the margin stops there
            if log and edge <= 0:
                continue  # not on a log axis (a bar from 0 runs off its bottom)
            edge = math.log10(edge) if log else edge
            if new_low < edge <= low:
                new_low = edge
            if high <= edge < new_high:
                new_high = edge
        if log:  # back from log space as matplotlib's inverse transform does it
            new_low, new_high = math.exp(new_low * math.log(10)), math.exp(new_high * math.log(10))
        if axis == "y" and self.get_images():
            return new_high, new_low  # imshow puts row 0 at the top
        return new_low, new_high

    def _ticks_of(self, axis):
        if self._axis_owner(axis) is not self:
            return self._axis_owner(axis)._ticks_of(axis)
        if self._ticks[axis] is None and self._categories[axis]:
            return {"at": list(self._categories[axis].values()), "labels": list(self._categories[axis])}
        return self._ticks[axis]

    def _data(self):
        rows, cols, first, last = self._spec
        return {
            "grid": [rows, cols], "cells": [first, last], "title": self._title, "xlabel": self._xlabel,
            "ylabel": self._ylabel, "xlim": list(self._float_limits("x")), "ylim": list(self._float_limits("y")),
            "xscale": self.get_xscale(), "yscale": self._scales["y"], "xticks": self._ticks_of("x"), "yticks": self._ticks_of("y"),
            "grid_lines": self._grid, "legend": self._legend, "axis": self._axis_on,
            "colorbar": self._colorbar is not None, "aspect": None if self._aspect == "auto" else self._aspect,
            "twin": self.figure.axes.index(self._shares_x) if self._shares_x is not None else None,
            "artists": [artist._data() for artist in self._artists],
        }


def _histogram(data, bins, value_range, density, weights):
    """(counts as float64, edges) as numpy.histogram computes them, with density= and weights= too."""
    import bisect
    import numpy
    if isinstance(bins, int):
        edges = numpy.histogram(numpy.array(data, dtype=numpy.float64), bins=bins, range=value_range)[1]
    else:
        edges = numpy.array(column(bins, "bins"))
    edge_list = edges.tolist()
    if any(b < a for a, b in zip(edge_list, edge_list[1:])):
        raise ValueError("`bins` must increase monotonically, when an array")
    weights = weights if weights is not None else [1.0] * len(data)
    if len(weights) != len(data):
        raise ValueError("weights should have the same shape as a.")
    counts = [0.0] * (len(edge_list) - 1)
    first, last = edge_list[0], edge_list[-1]
    for value, weight in zip(data, weights):
        if first <= value <= last:
            index = bisect.bisect_right(edge_list, value) - 1
            counts[min(index, len(counts) - 1)] += weight
    if density:
        total = sum(counts)
        counts = [count / (b - a) / total for count, a, b in zip(counts, edge_list, edge_list[1:])]
    return numpy.array(counts, dtype=numpy.float64), edges


def _extent(artist, axis):
    if isinstance(artist, Line2D):
        if artist._kind == "line":
            return artist._x if axis == "x" else artist._y
        return artist._y[:1] if artist._kind == "hline" and axis == "y" else artist._x[:1] if artist._kind == "vline" and axis == "x" else []
    if isinstance(artist, PathCollection):
        return artist._x if axis == "x" else artist._y
    if isinstance(artist, BarContainer):
        if axis == "x":
            return [edge for bar in artist for edge in (bar._xy[0], bar._xy[0] + bar._width)]
        return [edge for bar in artist for edge in (bar._xy[1], bar._xy[1] + bar._height)]
    if isinstance(artist, AxesImage):
        size = artist._shape[1] if axis == "x" else artist._shape[0]
        return [-0.5, size - 0.5]
    if isinstance(artist, FillBetweenPolyCollection):
        inside = [i for i, value in enumerate(artist._y1) if not math.isnan(value)]
        return [artist._x[i] for i in inside] if axis == "x" else [artist._y1[i] for i in inside] + [artist._y2[i] for i in inside]
    if isinstance(artist, ErrorbarContainer):
        bars = artist._bars
        low, high = bars[f"{axis}low"], bars[f"{axis}high"]
        return bars[axis] + (low or []) + (high or [])
    return []


def _text_style(kwargs, function):
    """text()/annotate()'s style keywords (with their aliases) as Text's arguments; others raise."""
    style = {"color": _pop(kwargs, "color", "c"), "fontsize": _pop(kwargs, "fontsize", "size"),
             "ha": _pop(kwargs, "horizontalalignment", "ha", "left"), "va": _pop(kwargs, "verticalalignment", "va", "baseline")}
    _refuse_rest(kwargs, function)
    return style


def _font_points(size):
    from . import rcParams
    if size is None:
        return float(rcParams["font.size"])
    if isinstance(size, str):
        if size not in FONT_SCALINGS:
            raise ValueError(f"Size is invalid. Valid font size are {', '.join(FONT_SCALINGS)}, None")
        return FONT_SCALINGS[size] * float(rcParams["font.size"])
    return float(size)


def _error_sizes(err, name, count):
    """(below, above): the sizes of each point's error bar, from a scalar, n values or 2 × n values."""
    shape, flat = values(err, name)
    if len(shape) == 0 or shape == (1,):
        below = above = flat * count if shape else [flat[0]] * count
    elif shape == (count,):
        below = above = flat
    elif shape == (2, count):
        below, above = flat[:count], flat[count:]
    else:
        raise ValueError(f"{name!r} (shape: {shape}) must be a scalar or a 1D or (2, n) array-like whose shape matches "
                         f"'y' (shape: ({count},))")
    if any(size < 0 for size in below + above):
        raise ValueError(f"{name!r} must not contain negative values")
    return below, above


def _sticky(artist, axis):
    """Where the autoscaled margin stops: a bar's base (a horizontal bar's left end), an image's edges."""
    if isinstance(artist, BarContainer) and (axis == "y") == (artist.orientation == "vertical"):
        return {bar._xy[1] if axis == "y" else bar._xy[0] for bar in artist}
    if isinstance(artist, AxesImage):
        return set(_extent(artist, axis))
    return set()


def _plot_groups(args):
    """plot()'s positional arguments as [(x or None, y, fmt or None)]: [x], y, [fmt], [x2], y2, [fmt2], …"""
    args, groups = list(args), []
    if not args:
        return groups
    while args:
        first = args.pop(0)
        if isinstance(first, str):
            raise ValueError(f"third arg must be a format string; got {first!r} before any data")
        if args and not isinstance(args[0], str):
            x, y = first, args.pop(0)
        else:
            x, y = None, first
        fmt = args.pop(0) if args and isinstance(args[0], str) else None
        groups.append((x, y, fmt))
    return groups


def _warn(message):
    """A UserWarning pointing at the program's line, as matplotlib's own (which skip its frames)."""
    import os
    import warnings
    warnings.warn(message, UserWarning, skip_file_prefixes=(os.path.dirname(os.path.abspath(__file__)),))


def _pop(kwargs, name, alias, default=None):
    if name in kwargs and alias in kwargs:
        raise TypeError(f"Got both {alias!r} and {name!r}, which are aliases of one another")
    return kwargs.pop(name, kwargs.pop(alias, default))


def _marker(marker):
    if marker in ("None", "none", "", " "):
        return None
    if marker not in "ov^<>12348spP*hHxX+Dd|_.," or len(marker) != 1:
        raise ValueError(f"Unrecognized marker style {marker!r}")
    return marker


def _unavailable_marker(marker):
    raise NotImplementedError(f"matplotlib scatter marker {marker!r} is not available in the browser; "
                              f"these are: {' '.join(SCATTER_MARKERS)}")


def _spread(items, count, name):
    if len(items) == 1:
        return items * count
    if len(items) != count:
        raise ValueError(f"shape mismatch: objects cannot be broadcast to a single shape: {name} has {len(items)} values, not {count}")
    return items


def _refuse_rest(kwargs, function, ignored=()):
    """Keyword arguments a function does not draw raise, never pass silently (a few purely cosmetic ones are named in `ignored`)."""
    rest = [name for name in kwargs if name not in ignored and name not in ("zorder", "antialiased")]
    if rest:
        raise NotImplementedError(f"matplotlib {function}({rest[0]}=...) is not available in the browser; "
                                  "see docs/browser-numpy.md (\"matplotlib\") for what is")


__getattr__ = unavailable_names("matplotlib.axes", "Axes")
