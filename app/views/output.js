// Program output (streamed, stdout and stderr), the error or stop message, the verdict and its diff.
import { html, nothing } from "lit-html";
import { strings } from "../strings.js";
import { appendLines } from "../output-lines.js";
import { visibleControls } from "../ansi.js";
import { diffView } from "./diff.js";
import { lessonHref } from "../router.js";
import { lessonById } from "../selectors.js";
import { mistakeOf } from "../mistakes.js";
import { checkFailure } from "../runs.js";
import { markdownInline } from "../markdown.js";
import { figuresView } from "../figures/view.js";


// `testid` names the output element: "output" for the practice, "example-output" for examples.
// Before a run it shows `placeholder` (an example's expected output), labelled `placeholderLabel`.
// `overtime` = { keepGoing(), stop() } answers a run past the time limit (runs.js markOvertime).
export function outputPanel(run, { testid, placeholder = "", placeholderLabel = strings.output, overtime = null }) {
  const blocks = run ? run.blocks : appendLines([], "stdout", placeholder);
  return html`
    <div class="output" data-testid=${testid} role="log" aria-live="polite" aria-label=${run ? strings.output : placeholderLabel}
      data-running=${run?.running ? "true" : "false"} data-showing=${run ? "run" : "placeholder"}
    ><pre>${blocks.map(
      (block) => html`<span class="block ${block.blankEnd ? "blank-end" : ""}">${block.spans.map((span) => html`<span class="${span.stream} ${span.style}">${span.text}</span>`)}</span>`,
    )}${run && run.truncatedAfterLines !== null ? html`<span class="note" data-testid="output-truncated">${"\n" + strings.outputTruncated(run.truncatedAfterLines)}</span>` : nothing}${runEnding(run)}</pre>${lateNote(run)}</div>
    ${figuresView(run)}
    ${run?.overtimeSeconds && overtime ? overtimePrompt(run.overtimeSeconds, overtime) : nothing}
    ${mistakeNote(run)}
  `;
}

// The time limit passed: the program goes on until the learner says (it runs in a worker, so the
// page stays responsive meanwhile).
function overtimePrompt(seconds, { keepGoing, stop }) {
  return html`<div class="overtime" data-testid="run-overtime" role="alert">
    <p>${strings.overtime(seconds)}</p>
    <button type="button" data-testid="run-keep-going" @click=${keepGoing}>${strings.keepGoing}</button>
    <button type="button" class="stop" data-testid="run-overtime-stop" @click=${stop}>${strings.stop}</button>
  </div>`;
}

// A short explanation of a classic autograd mistake the run made, with the lesson that covers it.
function mistakeNote(run) {
  const mistake = mistakeOf(run);
  if (!mistake) return nothing;
  const lesson = lessonById(mistake.lesson);
  return html`<p class="mistake" data-testid="mistake" data-mistake=${mistake.id} role="note">${strings.mistakes[mistake.id]}
    ${lesson ? html`<a href=${lessonHref(lesson.id)} data-testid="mistake-lesson">${strings.mistakes.lessonLink(lesson.title)}</a>` : nothing}</p>`;
}

function runEnding(run) {
  const result = run?.result;
  if (!result) return nothing;
  if (result.status === "error") return html`<span class="stderr traceback" data-testid="traceback">${visibleControls(result.error.traceback)}</span>`;
  if (result.status === "stopped") return html`<span class="note" data-testid="run-stopped">${strings.stopped}</span>`;
  if (result.status === "timeout") return html`<span class="note" data-testid="run-timeout">${strings.timedOut(result.seconds)}</span>`;
  if (result.status === "crashed") return html`<span class="note" data-testid="run-crashed">${strings.crashed(result.message)}</span>`;
  if (!run.chunks.length && !run.figures?.length) return html`<span class="note">${strings.noOutput}</span>`;
  return nothing;
}

// What the program's timers or tasks wrote after it ended (an error, usually): under its output,
// apart from it, and not graded.
function lateNote(run) {
  if (!run?.late) return nothing;
  return html`<div class="late" data-testid="output-late" role="note"><span class="note">${strings.afterEnd}</span><pre>${visibleControls(run.late)}</pre></div>`;
}

// The live region stays in the page between runs, so screen readers announce each verdict as it
// appears (a region inserted together with its text is often not read).
export function verdict(run) {
  return html`<div class="verdict-region" aria-live="polite" data-testid="verdict-region">${run?.verdict ? verdictPanel(run) : nothing}</div>`;
}

function verdictPanel(run) {
  const passed = run.verdict === "pass";
  const check = checkFailure(run);
  const showDiff = run.diff?.length && run.result.status === "ok";
  const message = passed ? strings.pass : run.result.status === "error" ? strings.failWithError : showDiff ? strings.fail : strings.failCheck;
  return html`
    <div class="verdict ${run.verdict}" data-testid="verdict" data-state=${run.verdict}>
      <p><span aria-hidden="true">${passed ? "✓" : "✗"}</span> ${message}</p>
      ${check ? html`<p class="check-message" data-testid="check-message">${markdownInline(check)}</p>` : nothing}
      ${showDiff ? diffView(run.diff) : nothing}
    </div>
  `;
}
