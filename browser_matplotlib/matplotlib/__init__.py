"""matplotlib for the browser: pyplot's everyday drawing (plot, scatter, hist, bar, imshow, subplots, labels,
limits, legend, grid, show, savefig) recorded as data and drawn by the page, in the output panel, with
Observable Plot (app/figures/). Present only in the browser's runtime (the build packs this folder into
pyengine.zip beside torch and numpy). Every name outside the subset raises NotImplementedError naming it,
never a wrong picture. docs/browser-numpy.md ("matplotlib") lists what is here."""
from ._unavailable import unavailable_names

__version__ = "3.11.2"
_backend = ["module://matplotlib.backends.backend_browser"]


class RcParams(dict):
    """rcParams: the settings the browser's figures honour; any other key raises."""

    def __setitem__(self, key, value):
        if key not in self:
            raise NotImplementedError(f"matplotlib.rcParams[{key!r}] is not available in the browser; "
                                      f"these are: {', '.join(sorted(self))}")
        super().__setitem__(key, value)

    def __getitem__(self, key):
        if key not in self:
            raise NotImplementedError(f"matplotlib.rcParams[{key!r}] is not available in the browser; "
                                      f"these are: {', '.join(sorted(self))}")
        return super().__getitem__(key)

    def update(self, *args, **kwargs):
        for key, value in dict(*args, **kwargs).items():
            self[key] = value


DEFAULTS = {"figure.figsize": [6.4, 4.8], "lines.linewidth": 1.5, "lines.markersize": 6.0, "axes.grid": False,
            "image.cmap": "viridis", "image.aspect": "equal", "errorbar.capsize": 0.0, "font.size": 10.0}
rcParams = RcParams(DEFAULTS)


def rcdefaults():
    dict.update(rcParams, DEFAULTS)


def use(backend, force=True):
    """Any backend name is accepted (tutorials ask for "Agg"); figures are always drawn in the page."""
    _backend[0] = backend


def get_backend():
    return _backend[0]


def is_interactive():
    from . import pyplot
    return pyplot.isinteractive()


_SUBMODULES = {"pyplot", "colors", "axes", "figure", "lines"}
_unavailable = unavailable_names("matplotlib", "pyplot, use, get_backend, rcParams, rcdefaults, colors")


def __getattr__(name):
    if name in _SUBMODULES:  # `from . import colors` asks before importing it
        import importlib
        return importlib.import_module(f"{__name__}.{name}")
    return _unavailable(name)
