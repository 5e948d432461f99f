// The practice area: prompt, editor, Run/Stop, hints, sample solution, output and verdict.
// Its data-testid names (editor, run, stop, output, verdict) are a public contract for tests.
import { html, nothing } from "lit-html";
import { keyed } from "lit-html/directives/keyed.js";
import { strings } from "../strings.js";
import * as actions from "../actions.js";
import { markdownBlock } from "./lesson.js";
import { outputPanel, verdict } from "./output.js";
import { graphPanel, graphToggle } from "./graph.js";
import { graphHandlers } from "../graph/actions.js";

export function practiceArea(state, lesson) {
  const { practice } = lesson;
  const key = actions.practiceKey(lesson.id);
  const run = state.runs[key];
  const draft = state.progress.lessons[lesson.id]?.draft;
  const revealed = state.revealed[lesson.id] ?? { hints: 0, solution: false };
  const errorLine = run?.result?.status === "error" ? (run.result.error.line ?? null) : null;
  const run_ = () => {
    const editor = document.querySelector('[data-testid="editor"]');
    actions.runPractice(lesson, editor.value);
  };
  const graph = graphHandlers(key, run_);
  const confirmThen = (question, action) => () => confirm(question) && action();
  return html`
    <section class="practice" aria-labelledby="practice-heading">
      <h2 id="practice-heading">${strings.practice}: ${practice.title}</h2>
      <div class="prose">${markdownBlock(practice.prompt)}</div>
      <p class="help" id="editor-help">${strings.editorHelp}</p>
      ${keyed(
        state.resets[key] ?? 0,
        html`<code-editor data-testid="editor" aria-describedby="editor-help" .initial=${draft ?? practice.starter}
          .label=${strings.editorLabel} .errorLine=${errorLine}
          .onRun=${() => (run?.running ? actions.stop() : run_())} .onChange=${(code) => actions.setDraft(lesson.id, code)}></code-editor>`,
      )}
      <div class="toolbar">
        ${run?.running
          ? html`<button type="button" class="stop" data-testid="stop" @click=${actions.stop}>${strings.stop}</button>`
          : html`<button type="button" class="primary" data-testid="run" ?disabled=${!actions.canRun()} @click=${run_}>${strings.run}</button>`}
        <button type="button" data-testid="reset" @click=${confirmThen(strings.resetConfirm, () => actions.replaceDraft(lesson))}>${strings.reset}</button>
        <button type="button" data-testid="hint" ?disabled=${revealed.hints >= practice.hints.length} @click=${() => actions.showHint(lesson)}>
          ${revealed.hints >= practice.hints.length ? strings.hintsAllShown(practice.hints.length) : strings.hint(revealed.hints, practice.hints.length)}
        </button>
        ${graphToggle(state.graphs[key], graph)}
        ${revealed.solution
          ? nothing
          : html`<button type="button" data-testid="show-solution" @click=${confirmThen(strings.solutionConfirm, () => actions.showSolution(lesson))}>${strings.showSolution}</button>`}
      </div>
      ${revealed.hints
        ? html`<ol class="hints" data-testid="hints">${practice.hints.slice(0, revealed.hints).map((hint, i) => html`<li data-testid="hint-text"><strong>${strings.hintHeading(i + 1)}.</strong> ${markdownBlock(hint)}</li>`)}</ol>`
        : nothing}
      ${revealed.solution
        ? html`<div class="solution" data-testid="solution">
            <h3>${strings.solutionHeading}</h3>
            <pre><code>${practice.solution}</code></pre>
            <button type="button" data-testid="use-solution" @click=${() => actions.replaceDraft(lesson, practice.solution)}>${strings.useSolution}</button>
          </div>`
        : nothing}
      ${outputPanel(run, { testid: "output" })}
      ${verdict(run)}
      ${graphPanel(state.graphs[key], graph)}
    </section>
  `;
}
