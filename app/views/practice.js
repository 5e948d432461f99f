// The practice area: prompt, editor, Run/Stop, hints, sample solution, output and verdict.
// Its data-testid names (editor, run, stop, output, verdict) are a public contract for tests.
import { html, nothing } from "lit-html";
import { keyed } from "lit-html/directives/keyed.js";
import { strings } from "../strings.js";
import * as actions from "../actions.js";
import { textLanguage } from "../i18n/course.js";
import * as selectors from "../selectors.js";
import { markdownBlock, markdownInline } from "../markdown.js";
import { confirmThen } from "./dialog.js";
import { outputPanel, verdict } from "./output.js";
import { graphPanel, graphToggle } from "./graph.js";
import { graphHandlers } from "../graph/actions.js";

export function practiceArea(state, lesson) {
  const { practice } = lesson;
  const key = selectors.practiceKey(lesson.id);
  const run = state.runs[key];
  const lessonRecord = state.progress.lessons[lesson.id];
  const hintsShown = lessonRecord?.hints ?? 0;
  const solutionShown = lessonRecord?.solutionShown === true;
  const errorLine = run?.result?.status === "error" && !run.restored ? (run.result.error.line ?? null) : null;
  const run_ = () => actions.runPractice(lesson, selectors.draftOf(lesson)); // the editor keeps the draft current
  const reset = confirmThen(strings.resetConfirm, strings.resetConfirmButton, () => actions.replaceDraft(lesson));
  const showSolution = confirmThen(strings.solutionConfirm, strings.solutionConfirmButton, () => actions.showSolution(lesson));
  const graph = graphHandlers(key, run_);
  return html`
    <section class="practice" aria-labelledby="practice-heading">
      <h2 id="practice-heading">
        ${strings.practice}: <span lang=${textLanguage(practice, "title")}>${markdownInline(practice.title)}</span>
        ${lessonRecord?.passed ? html`<span class="badge passed" data-testid="practice-passed"><span aria-hidden="true">✓</span> ${strings.practicePassed}</span>` : nothing}
      </h2>
      <div class="prose" lang=${textLanguage(practice, "prompt")}>${markdownBlock(practice.prompt)}</div>
      <p class="help" id="editor-help">${strings.editorHelp}</p>
      ${keyed(
        state.resets[key] ?? 0,
        html`<code-editor data-testid="editor" aria-describedby="editor-help" .initial=${selectors.draftOf(lesson)}
          .label=${strings.editorLabel} .errorLine=${errorLine}
          .onRun=${() => (run?.running ? actions.stop() : run_())} .onChange=${(code) => actions.setDraft(lesson.id, code)}></code-editor>`,
      )}
      <div class="toolbar">
        ${run?.running
          ? html`<button type="button" class="stop" data-testid="stop" @click=${actions.stop}>${strings.stop}</button>`
          : html`<button type="button" class="primary" data-testid="run" ?disabled=${!selectors.canRun()} @click=${run_}>${strings.run}</button>`}
        <button type="button" data-testid="reset" @click=${reset}>${strings.reset}</button>
        <button type="button" data-testid="hint" ?disabled=${hintsShown >= practice.hints.length} @click=${() => actions.showHint(lesson)}>
          ${hintsShown >= practice.hints.length ? strings.hintsAllShown(practice.hints.length) : strings.hint(hintsShown, practice.hints.length)}
        </button>
        ${graphToggle(state.graphs[key], graph)}
        ${solutionShown ? nothing : html`<button type="button" data-testid="show-solution" @click=${showSolution}>${strings.showSolution}</button>`}
      </div>
      ${hintsShown
        ? html`<ol class="hints" data-testid="hints">
            ${practice.hints.slice(0, hintsShown).map(
              (hint, i) => html`<li class="hint" data-testid="hint-text"><p class="hint-heading">${strings.hintHeading(i + 1)}</p><div lang=${textLanguage(practice, "hints", i)}>${markdownBlock(hint)}</div></li>`,
            )}
          </ol>`
        : nothing}
      ${solutionShown
        ? html`<div class="solution" data-testid="solution">
            <h3>${strings.solutionHeading}</h3>
            <pre><code>${practice.solution}</code></pre>
            <button type="button" data-testid="use-solution" @click=${() => actions.replaceDraft(lesson, practice.solution)}>${strings.useSolution}</button>
          </div>`
        : nothing}
      ${run?.restored
        ? html`<p class="output-caption" data-testid="last-run-note">${run.cut ? strings.lastRunNoteCut(actions.KEPT_OUTPUT_CHARS) : strings.lastRunNote}</p>`
        : nothing}
      ${outputPanel(run, { testid: "output", overtime: { keepGoing: () => actions.keepGoing(key), stop: actions.stop } })}
      ${verdict(run)}
      ${graphPanel(state.graphs[key], graph)}
    </section>
  `;
}
