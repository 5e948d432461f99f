"""Colors as matplotlib reads them, resolved to '#rrggbb' (or '#rrggbbaa') for the page."""
from ._unavailable import unavailable_names

# matplotlib's default property cycle ("tab10"): what C0…C9 name and what plots get in turn.
CYCLE = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"]
BASE_RGB = {"b": (0, 0, 1), "g": (0, 0.5, 0), "r": (1, 0, 0), "c": (0, 0.75, 0.75), "m": (0.75, 0, 0.75),
            "y": (0.75, 0.75, 0), "k": (0, 0, 0), "w": (1, 1, 1)}  # matplotlib's, what get_color() answers from
BASE_COLORS = {"b": "#0000ff", "g": "#008000", "r": "#ff0000", "c": "#00bfbf", "m": "#bf00bf", "y": "#bfbf00",
               "k": "#000000", "w": "#ffffff"}
TABLEAU_COLORS = {f"tab:{name}": color for name, color in zip(
    ["blue", "orange", "green", "red", "purple", "brown", "pink", "gray", "olive", "cyan"], CYCLE)}
TABLEAU_COLORS["tab:grey"] = TABLEAU_COLORS["tab:gray"]
# CSS4's named colors, as matplotlib's CSS4_COLORS lists them (the page's CSS knows the same names).
_CSS4 = (
    "aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood "
    "cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray "
    "darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen "
    "darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue "
    "firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew "
    "hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan "
    "lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray "
    "lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue "
    "mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred "
    "midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid "
    "palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple "
    "rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue "
    "slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white "
    "whitesmoke yellow yellowgreen"
).split()
_NAMED = {**BASE_COLORS, **TABLEAU_COLORS, **{name: name for name in _CSS4}}

_INVALID = ("{!r} is not a valid value for color: supported inputs are (r, g, b) and (r, g, b, a) 0-1 float tuples; "
            "'#rrggbb', '#rrggbbaa', '#rgb', '#rgba' strings; named color strings; string reprs of 0-1 floats for "
            "grayscale values; 'C0', 'C1', ... strings for colors of the color cycle; and pairs combining one of the "
            "above with an alpha value")


def to_css(color):
    """A matplotlib color (name, 'C3', hex, grayscale string, RGB(A) tuple) as a CSS color; ValueError otherwise."""
    if isinstance(color, str):
        lower = color.lower()
        if lower in _NAMED:
            return _NAMED[lower]
        if len(lower) == 2 and lower[0] == "c" and lower[1].isdigit():
            return CYCLE[int(lower[1])]
        if lower.startswith("#") and len(lower) in (4, 5, 7, 9) and all(ch in "0123456789abcdef" for ch in lower[1:]):
            return lower if len(lower) in (7, 9) else "#" + "".join(ch * 2 for ch in lower[1:])
        try:
            gray = float(color)
        except ValueError:
            gray = None
        if gray is not None and 0 <= gray <= 1:
            return _hex((gray, gray, gray))
        raise ValueError(_INVALID.format(color))
    if isinstance(color, (tuple, list)) and len(color) in (3, 4):
        try:
            parts = [float(part) for part in color]
        except (TypeError, ValueError):
            parts = None
        if parts is not None and all(0 <= part <= 1 for part in parts):
            return _hex(parts)
    raise ValueError(_INVALID.format(color))


def rgb_of(css):
    """The (r, g, b) floats of a '#rrggbb' colour, as matplotlib's to_rgba reads hex."""
    return tuple(int(css[i:i + 2], 16) / 255 for i in (1, 3, 5))


def _hex(parts):
    return "#" + "".join(f"{round(part * 255):02x}" for part in parts)


def is_color_like(color):
    try:
        to_css(color)
    except ValueError:
        return False
    return True


def to_hex(color, keep_alpha=False):
    css = to_css(color)
    if not css.startswith("#"):
        raise NotImplementedError(f"matplotlib.colors.to_hex of the named color {color!r} is not available in the browser")
    return css if keep_alpha else css[:7]


__getattr__ = unavailable_names("matplotlib.colors", "to_hex, is_color_like")
