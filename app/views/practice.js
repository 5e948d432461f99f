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
import { graphHandlers, selectedLine } from "../graph/actions.js";
import { lessonHref } from "../router.js";

export function practiceArea(state, lesson) {
  const { practice } = lesson;
  const key = selectors.practiceKey(lesson.id);
  const run = state.runs[key];
  const lessonRecord = state.progress.lessons[lesson.id];
  const steps = selectors.stepsOf(practice);
  const number = selectors.currentStep(lesson);
  const step = steps[number];
  const stepped = Boolean(practice.steps);
  const hintsShown = selectors.hintsShown(lesson);
  const solutionShown = lessonRecord?.solutionShown === true;
  const errorLine = run?.result?.status === "error" && !run.restored ? (run.result.error.line ?? null) : null;
  const run_ = () => actions.runPractice(lesson, selectors.draftOf(lesson)); // the editor keeps the draft current
  const reset = confirmThen(strings.resetConfirm, strings.resetConfirmButton, () => actions.replaceDraft(lesson, stepped ? step.starter : undefined));
  const showSolution = confirmThen(strings.solutionConfirm, strings.solutionConfirmButton, () => actions.showSolution(lesson));
  const graph = graphHandlers(key, run_);
  const stepText = stepped ? (field, index) => textLanguage(step, field, index) : (field, index) => textLanguage(practice, field, index);
  return html`
    <section class="practice" aria-labelledby="practice-heading">
      <h2 id="practice-heading">
        ${strings.practice}: <span lang=${textLanguage(practice, "title")}>${markdownInline(practice.title)}</span>
        ${lessonRecord?.passed ? html`<span class="badge passed" data-testid="practice-passed"><span aria-hidden="true">✓</span> ${strings.practicePassed}</span>` : nothing}
      </h2>
      <div class="prose" lang=${textLanguage(practice, "prompt")}>${markdownBlock(practice.prompt)}</div>
      ${stepped ? stepList(lesson, steps, number) : nothing}
      ${stepped
        ? html`<div class="step-prompt" data-testid="step-prompt" data-step=${number}>
            <h3 lang=${textLanguage(step, "title")}>${strings.stepHeading(number + 1, steps.length)}: ${markdownInline(step.title)}</h3>
            <div class="prose" lang=${textLanguage(step, "prompt")}>${markdownBlock(step.prompt)}</div>
          </div>`
        : nothing}
      <p class="help" id="editor-help">${strings.editorHelp}</p>
      ${keyed(
        state.resets[key] ?? 0,
        html`<code-editor data-testid="editor" aria-describedby="editor-help" .initial=${selectors.draftOf(lesson)}
          .label=${strings.editorLabel} .errorLine=${errorLine} .graphLine=${selectedLine(state.graphs[key])} .onLineClick=${graph.selectLine}
          .onRun=${() => (run?.running ? actions.stop() : run_())} .onChange=${(code) => actions.setDraft(lesson.id, code)}></code-editor>`,
      )}
      <div class="toolbar practice-toolbar">
        ${run?.running
          ? html`<button type="button" class="stop run-slot" data-testid="stop" @click=${actions.stop}>${strings.stop}</button>`
          : html`<button type="button" class="primary run-slot" data-testid="run" ?disabled=${!selectors.canRun()} @click=${run_}>${strings.run}</button>`}
        <button type="button" data-testid="reset" @click=${reset}>${strings.reset}</button>
        <button type="button" data-testid="hint" ?disabled=${hintsShown >= step.hints.length} @click=${() => actions.showHint(lesson)}>
          ${hintsShown >= step.hints.length ? strings.hintsAllShown(step.hints.length) : strings.hint(hintsShown, step.hints.length)}
        </button>
        ${graphToggle(state.graphs[key], graph, selectors.draftOf(lesson))}
        ${solutionShown ? nothing : html`<button type="button" data-testid="show-solution" @click=${showSolution}>${strings.showSolution}</button>`}
      </div>
      ${hintsShown
        ? html`<ol class="hints" data-testid="hints">
            ${step.hints.slice(0, hintsShown).map(
              (hint, i) => html`<li class="hint" data-testid="hint-text"><p class="hint-heading">${strings.hintHeading(i + 1)}</p><div lang=${stepText("hints", i)}>${markdownBlock(hint)}</div></li>`,
            )}
          </ol>`
        : nothing}
      ${solutionShown
        ? html`<div class="solution" data-testid="solution">
            <h3>${strings.solutionHeading}</h3>
            <pre><code>${step.solution}</code></pre>
            <button type="button" data-testid="use-solution" @click=${() => actions.replaceDraft(lesson, step.solution)}>${strings.useSolution}</button>
          </div>`
        : nothing}
      ${run?.restored
        ? html`<p class="output-caption" data-testid="last-run-note">${run.cut ? strings.lastRunNoteCut(actions.KEPT_OUTPUT_CHARS) : strings.lastRunNote}${run.figuresLeftOut ? ` ${strings.figure.keptNote(run.figuresLeftOut)}` : ""}</p>`
        : nothing}
      ${outputPanel(run, { testid: "output", overtime: { keepGoing: () => actions.keepGoing(key), stop: actions.stop } })}
      ${verdict(run)}
      ${run?.verdict === "pass" ? afterPass(state, lesson, steps, number) : nothing}
      ${graphPanel(state.graphs[key], graph)}
    </section>
  `;
}

// The steps of a practice, each a button: passed ones and the first open one can be chosen.
function stepList(lesson, steps, current) {
  const open = steps.findIndex((_, number) => !selectors.stepPassed(lesson, number));
  return html`<ol class="steps" data-testid="steps" aria-label=${strings.stepsLabel}>
    ${steps.map((step, number) => {
      const passed = selectors.stepPassed(lesson, number);
      const reachable = passed || number === open || open === -1;
      return html`<li class="step ${passed ? "passed" : ""}" data-testid="step" data-state=${passed ? "passed" : number === current ? "current" : "open"}>
        <button type="button" data-testid="step-button" aria-current=${number === current ? "step" : nothing} ?disabled=${!reachable}
          @click=${() => actions.goToStep(lesson, number)}>
          ${passed ? html`<span aria-hidden="true">✓</span> ` : nothing}${strings.stepNumber(number + 1)}: <span lang=${textLanguage(step, "title")}>${markdownInline(step.title)}</span>
          ${passed ? html`<span class="visually-hidden">${strings.stepPassed}</span>` : nothing}
        </button>
      </li>`;
    })}
  </ol>`;
}

// After a passing run: the next step, or (the whole practice passed) what was learned and the next lesson.
function afterPass(state, lesson, steps, number) {
  if (number < steps.length - 1) {
    return html`<p class="after-pass"><button type="button" class="primary" data-testid="next-step" @click=${() => actions.goToStep(lesson, number + 1)}>
      ${strings.nextStep(number + 2, steps.length)} →</button></p>`;
  }
  const lessons = state.course.lessons;
  const next = lessons[lessons.indexOf(lesson) + 1];
  return html`<div class="learned" data-testid="learned" role="note">
    ${lesson.practice.learned
      ? html`<p class="learned-heading">${strings.learnedHeading}</p><div class="prose" lang=${textLanguage(lesson.practice, "learned")}>${markdownBlock(lesson.practice.learned)}</div>`
      : nothing}
    ${next
      ? html`<p><a class="button primary" data-testid="next-lesson" href=${lessonHref(next.id)}>${strings.nextLesson}: <span lang=${textLanguage(next, "title")}>${markdownInline(next.title)}</span> →</a></p>`
      : html`<p>${strings.courseFinished}</p>`}
  </div>`;
}
