// <torch-cell>: a runnable, checkable PyTorch cell for any page (docs/embedding.md).
// Its text is the code; an `expected` attribute or a <template> child is the expected output, graded
// as the course's practice is. Attributes: session, readonly, autorun, hide-code (with caption),
// height, preload, graph (the graph panel after a run; its code, cell-graph.js, loads only for such
// cells), author (or `?author` in the page's address: a button that takes the run's output as the
// expected output and shows the markup to paste). A session cell always runs in the state its
// earlier cells leave when run in page order, as they read now (runner.py's _session_for: running
// a cell again starts the session over).
// It renders into an open shadow root with the course's test hooks (editor, run, stop, output,
// verdict) and takes the page's font and colours (the --torch-cell-* properties refine them).
import { html, nothing, render } from "lit-html";
import "../editor.js";
import { strings } from "../strings.js";
import { appendLate, appendOutput, finishRun, markOvertime, newRun, stdoutOf } from "../runs.js";
import { outputPanel, verdict } from "../views/output.js";
import { pythonStatus } from "../views/python-status.js";
import * as runtime from "./runtime.js";
import { sheet } from "./sheet.js";
import { dedent } from "./dedent.js";
import { cellMarkup } from "./markup.js";

// Boots Python once any cell marked `preload` scrolls into view, and runs `autorun` cells when
// they first do; a page of idle cells loads nothing else.
const onFirstView = new IntersectionObserver((entries) => {
  for (const { target, isIntersecting } of entries) {
    if (!isIntersecting) continue;
    onFirstView.unobserve(target);
    if (target.hasAttribute("autorun")) target.run();
    else runtime.preload();
  }
});

let cellsMade = 0;

export class TorchCell extends HTMLElement {
  connectedCallback() {
    if (!this.shadowRoot) this.setUp();
    this.unwatch = runtime.watchStatus((status) => {
      this.status = status;
      this.update();
    });
    if ((this.hasAttribute("autorun") && !this.outcome) || this.hasAttribute("preload")) onFirstView.observe(this);
  }

  disconnectedCallback() {
    this.unwatch();
    onFirstView.unobserve(this);
  }

  setUp() {
    const template = this.querySelector(":scope > template");
    const expected = this.getAttribute("expected") ?? (template ? template.content.textContent : null);
    this.expected = expected === null ? undefined : dedent(expected);
    this.source = dedent([...this.childNodes].filter((node) => node !== template).map((node) => node.textContent).join(""));
    this.number = ++cellsMade;
    this.outcome = null; // the last run (runs.js), once there is one
    this.job = null; // the queued or running job (runtime.js)
    this.attachShadow({ mode: "open" }).adoptedStyleSheets = [sheet];
  }

  // The code as it is now (edited or not).
  get code() {
    return this.shadowRoot?.querySelector("code-editor")?.value ?? this.source;
  }

  // Runs the cell (after the session's earlier cells that have not run yet).
  async run() {
    if (this.job) return;
    if (this.hasAttribute("graph")) {
      this.graphLoading ??= import("./cell-graph.js").then(({ mountGraph }) => (this.graph = mountGraph(this)));
      await this.graphLoading;
      if (this.job) return;
    }
    const session = this.getAttribute("session");
    const earlier = session ? sessionCells(this, session) : [];
    const outcome = newRun();
    const job = {
      code: this.code,
      prelude: earlier.slice(0, earlier.indexOf(this)).map((cell) => cell.code),
      options: { ...(session ? { session } : {}), ...this.graph?.options() },
      afterRun: this.graph?.afterRun,
      onOutput: (stream, text) => {
        appendOutput(outcome, stream, text);
        this.update();
      },
      onLate: (text) => {
        appendLate(outcome, text);
        this.update();
      },
      onStart: () => {
        this.started = true;
        this.update();
      },
      onOvertime: (seconds) => {
        markOvertime(outcome, seconds);
        this.update();
      },
    };
    this.job = job;
    this.lastJob = job;
    this.started = false;
    this.outcome = outcome;
    this.update();
    const result = await runtime.run(job);
    this.job = null;
    finishRun(this.outcome, result, this.expected);
    this.sessionNote = sessionNote(result, earlier.indexOf(this));
    this.authorMarkup = null;
    this.update();
  }

  // Author mode: the last run's output becomes the expected output (graded at once), and the
  // cell's markup with it is shown and put on the clipboard.
  takeOutput() {
    this.expected = stdoutOf(this.outcome);
    finishRun(this.outcome, this.outcome.result, this.expected);
    this.authorMarkup = cellMarkup(this, this.code, this.expected);
    navigator.clipboard?.writeText(this.authorMarkup).catch(() => {}); // refused on plain http: the markup is shown
    this.update();
  }

  get authorMode() {
    return this.hasAttribute("author") || new URLSearchParams(location.search).has("author");
  }

  stop() {
    if (this.job) runtime.stop(this.job);
  }

  keepGoing() {
    markOvertime(this.outcome, null);
    if (this.job) runtime.keepGoing(this.job);
    this.update();
  }

  update() {
    const run = this.outcome;
    const running = Boolean(this.job);
    const failed = this.status.state === "failed";
    const height = this.getAttribute("height");
    const helpId = `help-${this.number}`;
    const errorLine = run?.result?.status === "error" ? (run.result.error.line ?? null) : null;
    render(
      html`
        <div class="cell" part="cell">
          ${this.hasAttribute("hide-code")
            ? this.hiddenCode()
            : html`<code-editor data-testid="editor" style=${height ? `--editor-height: ${/^\d+$/.test(height) ? `${height}px` : height}` : ""}
                aria-describedby=${helpId} .initial=${this.source} .readOnly=${this.hasAttribute("readonly")} .errorLine=${errorLine}
                .graphLine=${this.graph?.line() ?? null} .onLineClick=${this.graph?.selectLine}
                .label=${strings.embed.cellLabel(this.number)} .onRun=${() => (running ? this.stop() : this.run())}></code-editor>`}
          <p class="visually-hidden" id=${helpId}>${strings.embed.cellHelp}</p>
          <div class="toolbar">
            ${running
              ? html`<button type="button" class="stop" data-testid="stop" @click=${() => this.stop()}>${strings.stop}</button>`
              : html`<button type="button" class="primary" data-testid="run" title=${strings.embed.runTitle} ?disabled=${failed} @click=${() => this.run()}>${strings.run}</button>`}
            ${run && this.graph ? this.graph.toggle() : nothing}
            ${this.statusLine(running, failed)}
          </div>
          ${this.sessionNote ? html`<p class="session-note" data-testid="session-note" data-kind=${this.sessionNote.kind}>${this.sessionNote.text}</p>` : nothing}
          ${run ? outputPanel(run, { testid: "output", overtime: { keepGoing: () => this.keepGoing(), stop: () => this.stop() } }) : nothing}
          ${verdict(run)}
          ${this.authorMode && run?.result?.status === "ok" ? this.authorTools() : nothing}
          ${run && this.graph ? this.graph.panel() : nothing}
        </div>
      `,
      this.shadowRoot,
    );
  }

  // A hide-code cell: its caption (what the hidden program does), and the code on request.
  hiddenCode() {
    const caption = this.getAttribute("caption");
    return html`${caption ? html`<p class="caption" data-testid="caption">${caption}</p>` : nothing}
      <details class="hidden-code"><summary>${strings.embed.showCode}</summary><pre data-testid="hidden-code"><code>${this.source}</code></pre></details>`;
  }

  authorTools() {
    return html`<div class="author" data-testid="author">
      <button type="button" data-testid="author-take-output" @click=${() => this.takeOutput()}>${strings.embed.takeOutput}</button>
      ${this.authorMarkup
        ? html`<p>${strings.embed.markupCopied}</p><pre data-testid="author-markup"><code>${this.authorMarkup}</code></pre>`
        : nothing}
    </div>`;
  }

  // While this cell waits: Python's loading stages, or the cell it waits for. Always: a failure.
  statusLine(running, failed) {
    if (failed) return pythonStatus(this.status);
    if (!running || this.started) return nothing;
    if (this.status.state === "ready" || this.status.state === "running") return html`<span class="waiting" role="status">${strings.embed.waiting}</span>`;
    return this.status.state === "idle" ? nothing : pythonStatus(this.status);
  }
}

// What a session cell's run says about its session: an earlier cell failed (so this one did not
// run), or the session started over (`position` = this cell's index in its session).
function sessionNote(result, position) {
  const earlier = result.error?.earlier_cell;
  if (earlier) return { kind: "earlier-failed", text: strings.embed.earlierFailed(earlier) };
  if (result.session_restarted) return { kind: "restarted", text: strings.embed.sessionRestarted(position) };
  return null;
}

// The cells of `session` in page order, in the same document (or shadow root) as `cell`.
function sessionCells(cell, session) {
  return [...cell.getRootNode().querySelectorAll("torch-cell")].filter((other) => other.getAttribute("session") === session);
}
