// Figures as the page keeps them: the JSON a program's matplotlib showed (docs/testing.md, "Figures"),
// checked before it is kept or drawn (it comes from a program, and from stored progress), and the text
// summary a screen reader reads in place of the picture.
import { strings } from "../strings.js";

const KINDS = new Set(["line", "scatter", "bars", "image", "hline", "vline", "area", "errorbars", "text"]);
const MAX_AXES = 64; // and grids of at most 12 × 12: matplotlib's _display.py refuses larger figures

const arrivals = new WeakMap(); // figure → performance.now() when its message was read (the draw's measure starts there)

// The figure a message's text holds, or null when it is not one.
export function parseFigure(text) {
  const arrived = performance.now();
  try {
    const figure = checkFigure(JSON.parse(text));
    if (figure) arrivals.set(figure, arrived);
    return figure;
  } catch {
    return null;
  }
}

export const arrivalOf = (figure) => arrivals.get(figure);

// `figure` when it has the shape render.js draws, else null.
export function checkFigure(figure) {
  const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
  const isNumbers = (value) => Array.isArray(value) && value.every((v) => v === null || typeof v === "number");
  const isPair = (value) => isNumbers(value) && value.length === 2 && value.every(Number.isFinite);
  const fine =
    isObject(figure) &&
    Number.isInteger(figure.number) &&
    typeof figure.slot === "string" &&
    isPair(figure.size) && figure.size.every((inches) => inches > 0) &&
    typeof figure.suptitle === "string" &&
    Array.isArray(figure.axes) && figure.axes.length <= MAX_AXES &&
    figure.axes.every((axes) =>
      isObject(axes) &&
      isPair(axes.grid) && axes.grid.every((n) => Number.isInteger(n) && n >= 1 && n <= 12) &&
      isPair(axes.cells) && axes.cells[0] >= 1 && axes.cells[0] <= axes.cells[1] && axes.cells[1] <= axes.grid[0] * axes.grid[1] &&
      isPair(axes.xlim) && isPair(axes.ylim) &&
      (axes.aspect === undefined || axes.aspect === null || (Number.isFinite(axes.aspect) && axes.aspect > 0)) &&
      ((axes.twin ?? null) === null || (Number.isInteger(axes.twin) && axes.twin >= 0 && axes.twin < figure.axes.length && (figure.axes[axes.twin].twin ?? null) === null)) &&
      ["title", "xlabel", "ylabel"].every((key) => typeof axes[key] === "string") &&
      ["xticks", "yticks"].every((key) => axes[key] === null || (isObject(axes[key]) && isNumbers(axes[key].at) &&
        (axes[key].labels === null || (Array.isArray(axes[key].labels) && axes[key].labels.length === axes[key].at.length &&
          axes[key].labels.every((label) => typeof label === "string"))))) &&
      Array.isArray(axes.artists) &&
      axes.artists.every((artist) => isObject(artist) && KINDS.has(artist.kind) &&
        ["x", "y", "values", "width", "height", "y1", "y2", "ylow", "yhigh", "xlow", "xhigh", "at", "offset"]
          .every((key) => artist[key] === undefined || artist[key] === null || isNumbers(artist[key])) &&
        (artist.kind !== "image" || (Number.isInteger(artist.rows) && Number.isInteger(artist.cols) &&
          artist.values.length === artist.rows * artist.cols * artist.channels)) &&
        (artist.kind !== "line" || (isNumbers(artist.x) && isNumbers(artist.y) && artist.x.length === artist.y.length)) &&
        (artist.kind !== "scatter" || (isNumbers(artist.x) && isNumbers(artist.y) && artist.x.length === artist.y.length)) &&
        (artist.kind !== "bars" || ["x", "y", "width", "height"].every((key) => isNumbers(artist[key]) && artist[key].length === artist.x.length)) &&
        (artist.kind !== "area" || ["x", "y1", "y2"].every((key) => isNumbers(artist[key]) && artist[key].length === artist.x.length)) &&
        (artist.kind !== "errorbars" || (isNumbers(artist.x) && isNumbers(artist.y) && artist.x.length === artist.y.length &&
          typeof artist.capsize === "number" &&
          ["ylow", "yhigh", "xlow", "xhigh"].every((key) => artist[key] === null || artist[key].length === artist.x.length))) &&
        (artist.kind !== "text" || (typeof artist.text === "string" && typeof artist.fontsize === "number" &&
          isNumbers(artist.at) && artist.at.length === 2 && isPair(artist.offset) &&
          (artist.arrow === null || (isObject(artist.arrow) && isNumbers(artist.arrow.to) && artist.arrow.to.length === 2))))),
    );
  return fine ? figure : null;
}

// Puts `figure` into the run's figures: in place of the one shown from the same place before (its
// slot: a loop's plt.show() updates one picture), else after the others.
export function addFigure(figures, figure) {
  const at = figures.findIndex((shown) => shown.slot === figure.slot);
  if (at >= 0) figures[at] = figure;
  else figures.push(figure);
}

const short = (value) => (Number.isInteger(value) ? String(value) : Number(value.toPrecision(3)).toString());

// What the figure shows, in words: its plots, their titles, axes, and what each draws.
export function figureSummary(figure) {
  const text = strings.figure;
  const plots = figure.axes.map((axes, index) => {
    const parts = [];
    if (axes.title) parts.push(`“${axes.title}”`);
    if (axes.axis) {
      for (const axis of ["x", "y"]) {
        const [low, high] = axes[`${axis}lim`];
        const scale = axes[`${axis}scale`] === "log" ? ` (${text.logScale})` : "";
        parts.push(text.axis(axis, axes[`${axis}label`], short(Math.min(low, high)), short(Math.max(low, high))) + scale);
      }
    }
    for (const artist of axes.artists) parts.push(describeArtist(artist, text));
    if (!axes.artists.length) parts.push(text.empty);
    if (axes.legend) parts.push(text.legend);
    const plot = (axes.twin ?? null) === null ? text.plot(index + 1) : text.twinPlot(index + 1, axes.twin + 1);
    return `${plot}: ${parts.join("; ")}.`;
  });
  return [figure.suptitle ? `“${figure.suptitle}”.` : "", text.summary(figure.number, figure.axes.length), ...plots].filter(Boolean).join(" ");
}

function describeArtist(artist, text) {
  const label = artist.label && !artist.label.startsWith("_") ? artist.label : "";
  if (artist.kind === "line") return text.line(label, artist.x.length);
  if (artist.kind === "scatter") return text.scatter(label, artist.x.length);
  if (artist.kind === "bars") return text.bars(label, artist.x.length, artist.orientation === "horizontal");
  if (artist.kind === "image") return text.image(artist.rows, artist.cols, artist.channels === 1 ? artist.cmap : "");
  if (artist.kind === "area") return text.area(label, artist.x.length);
  if (artist.kind === "errorbars") return text.errorbars(label, artist.x.length);
  if (artist.kind === "text") {
    const at = artist.arrow?.to ?? artist.at;
    return text.text(artist.text, short(at[0] ?? NaN), short(at[1] ?? NaN), Boolean(artist.arrow));
  }
  return artist.kind === "hline" ? text.hline(short(artist.at)) : text.vline(short(artist.at));
}
