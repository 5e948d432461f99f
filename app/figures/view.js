// The figures of a run, under its output: each a <figure data-testid="figure"> with its text summary
// and a <course-figure> that draws it. The drawing code (render.js, built into plot.js) is loaded the
// first time a figure arrives, so the course boots without it; a figure shown again (a live loss curve)
// is redrawn at most once a frame. Each draw adds a performance measure "figure-draw": from the message
// that brought the figure to its SVG in the page (bench/bench_plot.py reads them).
import { html, nothing } from "lit-html";
import { repeat } from "lit-html/directives/repeat.js";
import { strings } from "../strings.js";
import { appUrl } from "../files.js";
import { arrivalOf, figureSummary } from "./data.js";

export function figuresView(run) {
  if (!run?.figures?.length) return nothing;
  return html`<div class="figures" data-testid="figures">
    ${repeat(run.figures, (figure) => figure.slot, (figure) => html`<figure class="figure" data-testid="figure" data-number=${figure.number}
      aria-label=${strings.figure.label(figure.number)}>
      <course-figure .figure=${figure}></course-figure>
      <figcaption class="visually-hidden" data-testid="figure-summary">${figureSummary(figure)}</figcaption>
    </figure>`)}
  </div>`;
}

let renderer = null; // Promise of plot.js's { renderFigure }

// A classic script, so it loads the same way over http(s), from file:// and on another site's page.
function loadRenderer() {
  renderer ??= new Promise((resolve, reject) => {
    if (globalThis.courseFigureRenderer) return resolve(globalThis.courseFigureRenderer);
    const script = document.createElement("script");
    script.src = appUrl("plot.js");
    script.onload = () => resolve(globalThis.courseFigureRenderer);
    script.onerror = () => {
      renderer = null; // a later figure tries again
      reject(new Error(`${script.src} could not be loaded`));
    };
    document.head.append(script);
  });
  return renderer;
}

class CourseFigure extends HTMLElement {
  set figure(figure) {
    if (figure === this.shown) return;
    this.shown = figure;
    this.receivedAt ??= arrivalOf(figure) ?? performance.now();
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => this.draw());
  }

  async draw() {
    let render;
    try {
      render = (await loadRenderer()).renderFigure;
    } catch (error) {
      this.frame = null;
      return this.fail(error);
    }
    this.frame = null;
    const figure = this.shown;
    const started = this.receivedAt;
    this.receivedAt = undefined;
    try {
      this.replaceChildren(render(figure, this.clientWidth));
      this.dataset.drawn = String(Number(this.dataset.drawn ?? 0) + 1);
      performance.measure("figure-draw", { start: started, end: performance.now() });
    } catch (error) {
      this.fail(error);
    }
  }

  connectedCallback() {
    if (!this.childElementCount) this.textContent = strings.figure.drawing;
  }

  fail(error) {
    const note = document.createElement("p");
    note.className = "note";
    note.dataset.testid = "figure-error";
    note.textContent = strings.figure.failed(error?.message ?? String(error));
    this.replaceChildren(note);
  }
}

if (!customElements.get("course-figure")) customElements.define("course-figure", CourseFigure);
