// Draws a figure (the JSON the browser's matplotlib shows, docs/testing.md "Figures") with Observable
// Plot: one chart per Axes, laid out on the figure's grid, in matplotlib's colours, limits, line styles
// and markers. Built on its own into plot.js (scripts/build.mjs), a classic script that view.js loads
// the first time a figure arrives, so the course's boot never pays for it.
import * as Plot from "@observablehq/plot";

const DPI = 100; // matplotlib's default: a 6.4 × 4.8 inch figure is 640 × 480 pixels
const MIN_AXES_WIDTH = 200; // narrower, a plot's ticks collide: a figure of many columns scrolls instead
const POINT = DPI / 72; // pixels per typographic point (line widths, marker sizes)
const DASHES = { "--": [3.7, 1.6], ":": [1, 1.65], "-.": [6.4, 1.6, 1, 1.6] }; // matplotlib's, × line width
// The line markers drawn (matplotlib's lines.py DRAWN_MARKERS; the others raise there).
const SYMBOLS = { o: "circle", ".": "circle", ",": "circle", s: "square", "^": "triangle", D: "diamond", d: "diamond", "*": "star", h: "hexagon", H: "hexagon", P: "plus", X: "times", x: "times", "+": "plus" };
const STROKED = new Set(["x", "+"]); // markers drawn as lines, not filled
// matplotlib's drawstyles as Plot's curves: "steps-pre" holds each y back to the previous x.
const STEPS = { steps: "step-before", "steps-pre": "step-before", "steps-mid": "step", "steps-post": "step-after" };
// matplotlib's colormaps as Plot colour scales (d3's schemes share their names and direction).
const COLORMAPS = {
  viridis: { scheme: "viridis" }, plasma: { scheme: "plasma" }, inferno: { scheme: "inferno" }, magma: { scheme: "magma" },
  cividis: { scheme: "cividis" }, turbo: { scheme: "turbo" }, Blues: { scheme: "blues" }, Greens: { scheme: "greens" },
  Reds: { scheme: "reds" }, Oranges: { scheme: "oranges" }, Purples: { scheme: "purples" }, RdBu: { scheme: "rdbu" },
  RdBu_r: { scheme: "rdbu", reverse: true }, gray: { range: ["#000000", "#ffffff"] }, grey: { range: ["#000000", "#ffffff"] },
  gray_r: { range: ["#ffffff", "#000000"] }, Greys: { range: ["#ffffff", "#000000"] }, binary: { range: ["#ffffff", "#000000"] },
  hot: { range: ["#0b0000", "#ff0000", "#ffff00", "#ffffff"] }, coolwarm: { range: ["#3b4cc0", "#dddddd", "#b40426"] },
};

// The figure as a DOM element `width` pixels wide at most (its figsize sets the rest).
export function renderFigure(figure, availableWidth) {
  const [inchesWide, inchesHigh] = figure.size;
  const { rows, cols } = gridOf(figure.axes);
  const width = Math.max(cols * MIN_AXES_WIDTH, Math.min(inchesWide * DPI, availableWidth || inchesWide * DPI));
  const height = (width * inchesHigh) / inchesWide;
  const root = document.createElement("div");
  root.className = "figure-canvas";
  root.style.width = `${width}px`;
  if (figure.suptitle) root.append(element("p", "figure-suptitle", figure.suptitle));
  const grid = element("div", "figure-grid");
  grid.style.gridTemplateColumns = `repeat(${cols}, minmax(0, 1fr))`;
  for (const [index, axes] of figure.axes.entries()) {
    if ((axes.twin ?? null) !== null) continue; // drawn over its host, below (figures kept before twinx have no `twin`)
    const twins = figure.axes.filter((other) => other.twin === index);
    const [gridRows, gridCols] = axes.grid;
    const place = cellsOf(axes, rows / gridRows, cols / gridCols);
    const cell = element("div", "figure-axes");
    cell.style.gridRow = `${place.row + 1} / span ${place.rowSpan}`;
    cell.style.gridColumn = `${place.col + 1} / span ${place.colSpan}`;
    cell.append(renderAxes(axes, twins, (width * place.colSpan) / cols, (height * place.rowSpan) / rows));
    grid.append(cell);
  }
  root.append(grid);
  return root;
}

// The grid every Axes fits on: subplot(2, 1, 1) beside subplot(2, 2, 3) needs 2 × 2.
function gridOf(allAxes) {
  const lcm = (a, b) => (a * b) / gcd(a, b);
  const gcd = (a, b) => (b ? gcd(b, a % b) : a);
  return {
    rows: allAxes.reduce((n, axes) => lcm(n, axes.grid[0]), 1),
    cols: allAxes.reduce((n, axes) => lcm(n, axes.grid[1]), 1),
  };
}

function cellsOf(axes, rowScale, colScale) {
  const cols = axes.grid[1];
  const [first, last] = axes.cells.map((cell) => cell - 1);
  const [row0, col0, row1, col1] = [Math.floor(first / cols), first % cols, Math.floor(last / cols), last % cols];
  return { row: row0 * rowScale, col: col0 * colScale, rowSpan: (row1 - row0 + 1) * rowScale, colSpan: (col1 - col0 + 1) * colScale };
}

// One Axes, with the twinx() Axes drawn over it: the same frame, their own y axes on the right.
function renderAxes(axes, twins, width, height) {
  const box = element("div", "figure-axes-box");
  const title = axes.title || twins.find((twin) => twin.title)?.title;
  if (title) box.append(element("p", "figure-axes-title", title));
  const image = axes.artists.find((artist) => artist.kind === "image");
  const colored = image ?? axes.artists.find((artist) => artist.kind === "scatter" && artist.values);
  const legend = axes.legend || twins.some((twin) => twin.legend);
  const margins = {
    marginLeft: axes.axis ? 56 : 4, marginBottom: axes.axis ? (axes.xlabel ? 42 : 30) : 4, marginTop: 10,
    marginRight: twins.length ? 56 : 16,
  };
  const size = frameSize(axes, image, margins, width, Math.max(80, height - (title ? 24 : 0) - (legend ? 24 : 0) - (axes.colorbar ? 40 : 0)));
  const style = { background: "transparent", fontSize: "11px", overflow: "visible" };
  const frame = element("div", "figure-frame");
  const chart = Plot.plot({
    ...size,
    ...margins,
    style,
    x: scaleOf(axes, "x"),
    y: scaleOf(axes, "y"),
    ...(colored && { color: colorScale(colored) }),
    marks: [
      ...(axes.grid_lines ? [Plot.gridX({ ticks: axes.xticks?.at }), Plot.gridY({ ticks: axes.yticks?.at })] : []),
      ...(axes.axis ? [Plot.frame({ strokeOpacity: 0.6 })] : []),
      ...marksOfAxes(axes, size, margins),
    ],
  });
  frame.append(chart);
  for (const twin of twins) {
    const over = Plot.plot({
      ...size,
      ...margins,
      style,
      x: { ...scaleOf(axes, "x"), axis: null },
      y: { ...scaleOf(twin, "y"), axis: twin.axis ? "right" : null },
      marks: [
        ...(twin.grid_lines ? [Plot.gridY({ ticks: twin.yticks?.at })] : []),
        ...marksOfAxes(twin, size, margins),
      ],
    });
    over.classList.add("figure-twin");
    frame.append(over);
  }
  for (const svg of frame.children) svg.setAttribute("aria-hidden", "true"); // the figure's caption says what it shows
  box.append(frame);
  if (legend) box.append(legendOf([axes, ...twins].filter((each) => each.legend).flatMap((each) => each.artists)));
  if (axes.colorbar && colored) {
    const colorbar = element("div", "figure-colorbar");
    colorbar.append(Plot.legend({ color: colorScale(colored), width: Math.min(240, width - 16) }));
    box.append(colorbar);
  }
  return box;
}

function marksOfAxes(axes, size, margins) {
  const pixels = pixelScales(axes, size, margins);
  return axes.artists.flatMap((artist) => marksOf(artist, axes, pixels));
}

// Data ↔ pixels in the chart, as its linear or log scales map them: for what matplotlib sizes in
// points (error-bar caps, annotations' offsets), drawn in data positions.
function pixelScales(axes, size, margins) {
  const scale = (axis, [start, end]) => {
    const log = axes[`${axis}scale`] === "log";
    const [low, high] = axes[`${axis}lim`].map((limit) => (log ? Math.log(limit) : limit));
    return {
      apply: (value) => start + (((log ? Math.log(value) : value) - low) / (high - low)) * (end - start),
      invert: (pixel) => {
        const value = low + ((pixel - start) / (end - start)) * (high - low);
        return log ? Math.exp(value) : value;
      },
    };
  };
  return {
    x: scale("x", [margins.marginLeft, size.width - margins.marginRight]),
    y: scale("y", [size.height - margins.marginBottom, margins.marginTop]),
  };
}

// The chart's size: its share of the figure, except where the Axes has an aspect (set_aspect, and
// imshow's "equal": square pixels): then one y unit is `aspect` x units long on screen, the frame
// shrinking in width or height to fit (matplotlib's adjustable "box"). Figures kept from before the
// aspect was sent have none: their images keep square pixels.
function frameSize(axes, image, margins, width, height) {
  let inner = [width - margins.marginLeft - margins.marginRight, height - margins.marginTop - margins.marginBottom];
  const aspect = axes.aspect === undefined ? (image ? 1 : null) : axes.aspect;
  if (aspect) {
    const span = (axis) => {
      const [low, high] = axes[`${axis}lim`].map((limit) => (axes[`${axis}scale`] === "log" ? Math.log10(limit) : limit));
      return Math.abs(high - low);
    };
    const ratio = (aspect * span("y")) / span("x");
    inner = inner[0] * ratio <= inner[1] ? [inner[0], inner[0] * ratio] : [inner[1] / ratio, inner[1]];
  }
  return {
    width: Math.round(inner[0] + margins.marginLeft + margins.marginRight),
    height: Math.round(inner[1] + margins.marginTop + margins.marginBottom),
  };
}

function scaleOf(axes, axis) {
  const ticks = axes[`${axis}ticks`];
  const labels = ticks?.labels;
  return {
    domain: axes[`${axis}lim`],
    type: axes[`${axis}scale`] === "log" ? "log" : "linear",
    label: axes[`${axis}label`] || null,
    labelAnchor: "center",
    labelArrow: "none",
    ...(ticks && { ticks: ticks.at, tickFormat: labels ? (value, i) => labels[i] : undefined }),
    ...(!axes.axis && { axis: null }),
  };
}

function colorScale(artist) {
  const domain = artist.kind === "image" ? [artist.vmin, artist.vmax] : extent(artist.values);
  return { type: "linear", domain, clamp: true, ...COLORMAPS[artist.cmap] };
}

function marksOf(artist, axes, pixels) {
  const opacity = artist.alpha ?? 1;
  if (artist.kind === "line") {
    const n = artist.x.length;
    const points = { length: n };
    const marks = [];
    if (artist.linestyle !== "None") {
      const width = artist.linewidth * POINT;
      marks.push(Plot.line(points, {
        x: artist.x, y: artist.y, stroke: artist.color, strokeWidth: width, strokeOpacity: opacity, clip: true,
        strokeDasharray: DASHES[artist.linestyle]?.map((dash) => dash * width).join(" "),
        curve: STEPS[artist.drawstyle] ?? "linear",
      }));
    }
    if (artist.marker) marks.push(markerDots(points, artist.x, artist.y, artist.marker, artist.markersize, artist.color, opacity));
    return marks;
  }
  if (artist.kind === "scatter") {
    const points = { length: artist.x.length };
    const radius = (size) => (Math.sqrt(size) / 2) * POINT;
    const sizes = artist.sizes === null ? 36 : artist.sizes;
    return [Plot.dot(points, {
      x: artist.x, y: artist.y, symbol: artist.marker, clip: true,
      r: Array.isArray(sizes) ? sizes.map(radius) : radius(sizes),
      [artist.marker === "times" || artist.marker === "plus" ? "stroke" : "fill"]: artist.values ?? artist.color,
      fillOpacity: opacity, strokeOpacity: opacity,
    })];
  }
  if (artist.kind === "bars") {
    const bars = { length: artist.x.length };
    // On a log axis a bar from 0 runs off the axis's low end, as matplotlib draws it (Plot drops a rect at 0).
    const floorOf = (axis) => (axes[`${axis}scale`] === "log" ? Math.min(...axes[`${axis}lim`]) : -Infinity);
    const [floorX, floorY] = [floorOf("x"), floorOf("y")];
    return [Plot.rect(bars, {
      x1: artist.x.map((x) => Math.max(x, floorX)), x2: artist.x.map((x, i) => Math.max(x + artist.width[i], floorX)),
      y1: artist.y.map((y) => Math.max(y, floorY)), y2: artist.y.map((y, i) => Math.max(y + artist.height[i], floorY)),
      fill: artist.color, fillOpacity: opacity, clip: true,
      ...(artist.edgecolor && { stroke: artist.edgecolor, strokeWidth: 1 }),
    })];
  }
  if (artist.kind === "image") {
    const { rows, cols, channels } = artist;
    const fill = channels === 1 ? artist.values : pixelColors(artist.values, channels);
    return [Plot.raster(fill, {
      width: cols, height: rows, x1: -0.5, x2: cols - 0.5, y1: -0.5, y2: rows - 0.5,
      imageRendering: "pixelated", opacity, clip: true,
    })];
  }
  if (artist.kind === "area") {
    return [Plot.areaY({ length: artist.x.length }, {
      x: artist.x, y1: artist.y1, y2: artist.y2, fill: artist.color, fillOpacity: opacity, clip: true,
      ...(artist.edgecolor && { stroke: artist.edgecolor, strokeWidth: artist.linewidth * POINT }),
    })];
  }
  if (artist.kind === "errorbars") return errorBars(artist, opacity, pixels);
  if (artist.kind === "text") return textMarks(artist, pixels);
  const rule = {
    stroke: artist.color, strokeWidth: artist.linewidth * POINT, strokeOpacity: opacity,
    strokeDasharray: DASHES[artist.linestyle]?.map((dash) => dash * artist.linewidth * POINT).join(" "),
  };
  // axhline/axvline span a fraction (0…1) of the Axes across: a rule inset from the frame's sides.
  if (artist.kind === "hline") return [Plot.ruleY([artist.at], { ...rule, ...spanOf(artist.span, axes, "x") })];
  if (artist.kind === "vline") return [Plot.ruleX([artist.at], { ...rule, ...spanOf(artist.span, axes, "y") })];
  return [];
}

// Each point's error bars (vertical for yerr, horizontal for xerr), with caps `capsize` points to each side.
function errorBars(artist, opacity, pixels) {
  const points = { length: artist.x.length };
  const stroke = { stroke: artist.color, strokeWidth: artist.linewidth * POINT, strokeOpacity: opacity, clip: true };
  const shifted = (axis, values, by) => values.map((value) => pixels[axis].invert(pixels[axis].apply(value) + by));
  const cap = artist.capsize * POINT;
  const marks = [];
  if (artist.ylow) {
    marks.push(Plot.ruleX(points, { x: artist.x, y1: artist.ylow, y2: artist.yhigh, ...stroke }));
    if (cap) for (const at of [artist.ylow, artist.yhigh]) marks.push(Plot.ruleY(points, { y: at, x1: shifted("x", artist.x, -cap), x2: shifted("x", artist.x, cap), ...stroke }));
  }
  if (artist.xlow) {
    marks.push(Plot.ruleY(points, { y: artist.y, x1: artist.xlow, x2: artist.xhigh, ...stroke }));
    if (cap) for (const at of [artist.xlow, artist.xhigh]) marks.push(Plot.ruleX(points, { x: at, y1: shifted("y", artist.y, cap), y2: shifted("y", artist.y, -cap), ...stroke }));
  }
  return marks;
}

// text() and annotate(): the text where matplotlib puts it (an offset in points from its point, y up),
// aligned as ha/va say, and annotate's arrow from the text to its point.
function textMarks(artist, pixels) {
  const [x, y] = artist.at;
  const [dx, dy] = artist.offset.map((points) => points * POINT);
  const one = { length: 1 };
  const marks = [Plot.text(one, {
    x: [x], y: [y], dx, dy: -dy, text: [artist.text], fill: artist.color, fontSize: artist.fontsize * POINT,
    textAnchor: { left: "start", center: "middle", right: "end" }[artist.ha],
    lineAnchor: { top: "top", bottom: "bottom", center: "middle", baseline: "bottom", center_baseline: "middle" }[artist.va],
  })];
  if (artist.arrow) {
    const from = [pixels.x.invert(pixels.x.apply(x) + dx), pixels.y.invert(pixels.y.apply(y) - dy)];
    marks.push(Plot.arrow(one, {
      x1: [from[0]], y1: [from[1]], x2: [artist.arrow.to[0]], y2: [artist.arrow.to[1]],
      stroke: artist.arrow.color, insetStart: artist.fontsize * POINT * 0.7, headLength: 8,
    }));
  }
  return marks;
}

// axhline(xmin=, xmax=) spans fractions of the Axes across: as data positions within its limits.
function spanOf([start, end], axes, axis) {
  if (start === 0 && end === 1) return {};
  const [low, high] = axes[`${axis}lim`];
  const log = axes[`${axis}scale`] === "log";
  const at = (fraction) => (log ? low * (high / low) ** fraction : low + fraction * (high - low));
  return { [`${axis}1`]: at(start), [`${axis}2`]: at(end) };
}

function markerDots(points, x, y, marker, size, color, opacity) {
  const r = ((marker === "." ? size / 2 : size) / 2) * POINT;
  const stroked = STROKED.has(marker);
  return Plot.dot(points, {
    x, y, r, symbol: SYMBOLS[marker] ?? "circle", clip: true,
    [stroked ? "stroke" : "fill"]: color, fillOpacity: opacity, strokeOpacity: opacity,
  });
}

function pixelColors(values, channels) {
  const colors = new Array(values.length / channels);
  const byte = (v) => Math.round(Math.min(1, Math.max(0, v ?? 0)) * 255);
  for (let i = 0; i < colors.length; i++) {
    const at = i * channels;
    const alpha = channels === 4 ? Math.min(1, Math.max(0, values[at + 3] ?? 1)) : 1;
    colors[i] = `rgba(${byte(values[at])},${byte(values[at + 1])},${byte(values[at + 2])},${alpha})`;
  }
  return colors;
}

// matplotlib's legend: a swatch of each labelled line, point set or bar set, in drawing order.
function legendOf(artists) {
  const legend = element("ul", "figure-legend");
  for (const artist of artists) {
    if (!artist.label || artist.label.startsWith("_") || artist.kind === "image" || artist.kind === "text") continue;
    const item = element("li", "figure-legend-item");
    const swatch = element("span", `figure-swatch figure-swatch-${artist.kind === "bars" || artist.kind === "area" ? "box" : artist.kind === "scatter" ? "dot" : "line"}`);
    const color = Array.isArray(artist.color) ? artist.color[0] : artist.color;
    swatch.style.setProperty("--swatch", color ?? "currentColor");
    if (artist.alpha !== null && artist.alpha !== undefined) swatch.style.opacity = String(artist.alpha);
    if (artist.linestyle && artist.linestyle !== "-" && artist.linestyle !== "None") swatch.classList.add("figure-swatch-dashed");
    item.append(swatch, document.createTextNode(artist.label));
    legend.append(item);
  }
  return legend;
}

function extent(values) {
  let low = Infinity;
  let high = -Infinity;
  for (const value of values) {
    if (value === null) continue;
    if (value < low) low = value;
    if (value > high) high = value;
  }
  return low <= high ? [low, high] : [0, 1];
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

globalThis.courseFigureRenderer = { renderFigure };
