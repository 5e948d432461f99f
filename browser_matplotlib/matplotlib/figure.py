"""Figure: numbered, sized (inches, as matplotlib's figsize), holding Axes laid out on grids. It keeps a
version that each change advances, so the page is sent a figure again only when it changed (_display)."""
from . import _display
from ._unavailable import unavailable_names
from .axes import Axes


class Canvas:
    """fig.canvas: drawing it shows the figure where the program draws it (a live plot's update)."""

    def __init__(self, figure):
        self.figure = figure

    def draw(self):
        _display.show(self.figure)

    draw_idle = draw

    def flush_events(self):
        pass


class Figure:
    def __init__(self, number, figsize):
        self.number = number
        self._size = (float(figsize[0]), float(figsize[1]))
        self.axes = []
        self._suptitle = ""
        self._version = 0
        self._shown_version = None  # the version last displayed (_display), or None
        self._pending = set()  # display slots that hold this figure unsent (_display throttles)
        self.canvas = Canvas(self)

    def __repr__(self):
        width, height = (round(size * 100) for size in self._size)
        return f"<Figure size {width}x{height} with {len(self.axes)} Axes>"

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        raise NotImplementedError(f"matplotlib Figure.{name} is not available in the browser; "
                                  "see docs/browser-numpy.md (\"matplotlib\") for what is")

    def _changed(self):
        if self._pending:
            _display.freeze(self)  # a display waiting to be sent shows the figure as it was
        self._version += 1

    def add_subplot(self, *args, **kwargs):
        if kwargs:
            raise NotImplementedError(f"matplotlib add_subplot({next(iter(kwargs))}=...) is not available in the browser")
        axes = Axes(self, subplot_spec(*args) if args else (1, 1, 1, 1))
        self._changed()
        self.axes.append(axes)
        return axes

    def subplots(self, nrows=1, ncols=1, *, sharex=False, sharey=False, squeeze=True, **kwargs):
        if sharex or sharey:
            raise NotImplementedError("matplotlib subplots(sharex=/sharey=) is not available in the browser")
        if kwargs:
            raise NotImplementedError(f"matplotlib subplots({next(iter(kwargs))}=...) is not available in the browser")
        grid = [[self.add_subplot(nrows, ncols, row * ncols + col + 1) for col in range(ncols)] for row in range(nrows)]
        if squeeze and nrows == ncols == 1:
            return grid[0][0]
        if squeeze and (nrows == 1 or ncols == 1):
            return AxesArray([axes for row in grid for axes in row], (nrows * ncols,))
        return AxesArray([axes for row in grid for axes in row], (nrows, ncols))

    def gca(self):
        return self.axes[-1] if self.axes else self.add_subplot()

    def suptitle(self, text, **kwargs):
        self._changed()
        self._suptitle = str(text)
        from .axes import Text
        return Text(self.gca(), text, 0.5, 0.98)

    def get_size_inches(self):
        import numpy
        return numpy.array(list(self._size))

    def set_size_inches(self, width, height=None, forward=True):
        if height is None:
            width, height = width
        self._changed()
        self._size = (float(width), float(height))

    def tight_layout(self, **kwargs):
        pass  # the page lays every figure out without overlaps already

    def subplots_adjust(self, left=None, bottom=None, right=None, top=None, wspace=None, hspace=None):
        pass  # spacing between and around the plots is the page's own (as tight_layout)

    def colorbar(self, mappable=None, ax=None, **kwargs):
        from .axes import AxesImage, PathCollection
        image = mappable
        if not isinstance(image, (AxesImage, PathCollection)) or image._cmap is None:
            raise NotImplementedError("matplotlib colorbar is available in the browser for imshow() and scatter(c=...) only")
        owner = ax if ax is not None else image.axes
        self._changed()
        owner._colorbar = image
        return None

    def savefig(self, fname=None, **kwargs):
        """Shows the figure in the output panel (no file is written: the browser has no image renderer)."""
        _display.show(self)

    def show(self, warn=True):
        _display.show(self)

    def clf(self):
        self._changed()
        self.axes = []
        self._suptitle = ""

    clear = clf

    def get_axes(self):
        return list(self.axes)

    def _data(self):
        return {"number": self.number, "size": list(self._size), "suptitle": self._suptitle,
                "axes": [axes._data() for axes in self.axes]}


def subplot_spec(*args):
    """(rows, cols, first cell, last cell) of subplot(2, 2, 1), subplot(221) or subplot(2, 2, (1, 2))."""
    if len(args) == 1 and isinstance(args[0], int) and 111 <= args[0] <= 999:
        args = tuple(int(digit) for digit in str(args[0]))
    if len(args) != 3:
        raise TypeError(f"subplot() takes 1 or 3 positional arguments but {len(args)} were given")
    rows, cols, index = args
    first, last = index if isinstance(index, tuple) else (index, index)
    if not (1 <= first <= last <= rows * cols):
        raise ValueError(f"num must be an integer with 1 <= num <= {rows * cols}, not {index!r}")
    return int(rows), int(cols), int(first), int(last)


class AxesArray:
    """subplots()' grid of Axes: indexed, iterated and flattened as the numpy object array matplotlib returns."""

    def __init__(self, items, shape):
        self._items, self.shape = items, shape
        self.ndim, self.size = len(shape), len(items)

    def __len__(self):
        return self.shape[0]

    def __getitem__(self, index):
        if len(self.shape) == 1:
            return self._items[index] if isinstance(index, int) else AxesArray(self._items[index], (len(self._items[index]),))
        if isinstance(index, tuple):
            row, col = index
            if isinstance(row, int) and isinstance(col, int):
                return self._items[self._at(row, 0) + _wrap(col, self.shape[1])]
            rows = range(self.shape[0])[row] if isinstance(row, slice) else [_wrap(row, self.shape[0])]
            cols = range(self.shape[1])[col] if isinstance(col, slice) else [_wrap(col, self.shape[1])]
            picked = [self._items[r * self.shape[1] + c] for r in rows for c in cols]
            shape = tuple(len(part) for part, index in ((rows, row), (cols, col)) if isinstance(index, slice))
            return AxesArray(picked, shape) if shape else picked[0]
        if isinstance(index, int):
            start = self._at(index, 0)
            return AxesArray(self._items[start:start + self.shape[1]], (self.shape[1],))
        raise NotImplementedError("this index of a grid of Axes is not available in the browser")

    def _at(self, row, _):
        return _wrap(row, self.shape[0]) * self.shape[1]

    def __iter__(self):
        return iter(self._items) if len(self.shape) == 1 else (self[row] for row in range(self.shape[0]))

    @property
    def flat(self):
        return iter(self._items)

    def flatten(self):
        return AxesArray(list(self._items), (len(self._items),))

    ravel = flatten

    def tolist(self):
        return list(self._items) if len(self.shape) == 1 else [list(row) for row in self]

    def __repr__(self):
        return f"array({self.tolist()!r}, dtype=object)"


def _wrap(index, size):
    if not -size <= index < size:
        raise IndexError(f"index {index} is out of bounds for axis 0 with size {size}")
    return index % size


__getattr__ = unavailable_names("matplotlib.figure", "Figure")
