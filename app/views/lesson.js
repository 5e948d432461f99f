// A lesson page: text, runnable examples, the practice, the questions, previous/next.
import { html, nothing } from "lit-html";
import { keyed } from "lit-html/directives/keyed.js";
import { strings } from "../strings.js";
import { courseHref, lessonHref } from "../router.js";
import { markdownBlock, markdownInline } from "../markdown.js";
import * as actions from "../actions.js";
import { textLanguage } from "../i18n/course.js";
import * as selectors from "../selectors.js";
import { outputPanel } from "./output.js";
import { graphPanel, graphToggle } from "./graph.js";
import { graphHandlers } from "../graph/actions.js";
import { practiceArea } from "./practice.js";
import { questionList } from "./questions.js";

export function lessonPage(state, id) {
  const lesson = selectors.lessonById(id);
  if (!lesson) {
    return html`<h1 tabindex="-1">${strings.lessonNotFound(id)}</h1><p><a href=${courseHref}>${strings.courseLink}</a></p>`;
  }
  const lessons = state.course.lessons;
  const index = lessons.indexOf(lesson);
  const section = state.course.sections.find((s) => s.name === lesson.section);
  let exampleNumber = 0;
  // A new language remounts the editors too, so that code not edited yet shows the new starter.
  return keyed(
    `${lesson.id}/${state.generation}/${state.language}`,
    html`
      <nav class="breadcrumb" aria-label=${strings.breadcrumb}><a href=${courseHref}>${strings.courseLink}</a> › <span lang=${textLanguage(section, "title")}>${section?.title ?? lesson.section}</span> › ${strings.lessonNumber(index + 1)}</nav>
      <article class="lesson" data-lesson=${lesson.id}>
        <h1 tabindex="-1" lang=${textLanguage(lesson, "title")}>${markdownInline(lesson.title)}</h1>
        <p class="summary" lang=${textLanguage(lesson, "summary")}>${lesson.summary}</p>
        ${lesson.body.map((block) => (block.type === "text" ? html`<div class="prose" lang=${textLanguage(block, "markdown")}>${markdownBlock(block.markdown)}</div>` : example(state, lesson, exampleNumber++)))}
        ${practiceArea(state, lesson)}
        ${questionList(lesson)}
      </article>
      <nav class="pager" aria-label=${strings.lessonNavigation}>
        ${index > 0 ? html`<a rel="prev" data-testid="previous" href=${lessonHref(lessons[index - 1].id)}>← ${strings.previous}: <span lang=${textLanguage(lessons[index - 1], "title")}>${markdownInline(lessons[index - 1].title)}</span></a>` : html`<span></span>`}
        ${index < lessons.length - 1 ? html`<a rel="next" data-testid="next" href=${lessonHref(lessons[index + 1].id)}>${strings.next}: <span lang=${textLanguage(lessons[index + 1], "title")}>${markdownInline(lessons[index + 1].title)}</span> →</a>` : nothing}
      </nav>
    `,
  );
}

export function example(state, lesson, n) {
  const block = selectors.codeBlocks(lesson)[n];
  const key = selectors.exampleKey(lesson.id, n);
  const run = state.runs[key];
  const edited = selectors.exampleEdited(lesson, n);
  const running = run?.running;
  const graph = graphHandlers(key, () => actions.runExample(lesson, n));
  return html`
    <figure class="example" data-testid="example" aria-label=${strings.exampleEditorLabel(n + 1)}>
      ${keyed(
        `${n}/${state.resets[selectors.exampleKey(lesson.id, n)] ?? 0}`,
        html`<code-editor data-testid="example-editor" .initial=${selectors.exampleCode(lesson, n)} .label=${strings.exampleEditorLabel(n + 1)}
          .onRun=${() => actions.runExample(lesson, n)} .onChange=${(code) => actions.editExample(lesson, n, code)}></code-editor>`,
      )}
      <div class="toolbar">
        ${running
          ? html`<button type="button" class="stop" data-testid="example-stop" @click=${actions.stop}>${strings.stop}</button>`
          : html`<button type="button" class="primary" data-testid="example-run" title=${strings.examplePreludeNote}
              ?disabled=${!selectors.canRun()} @click=${() => actions.runExample(lesson, n)}>${strings.runExample}</button>`}
        ${edited ? html`<button type="button" data-testid="example-reset" @click=${() => actions.resetExample(lesson, n)}>${strings.resetExample}</button>` : nothing}
        ${graphToggle(state.graphs[key], graph)}
      </div>
      <p class="output-caption" data-testid="example-output-caption" data-showing=${run ? "run" : "expected"}>
        ${run ? strings.yourOutput : strings.expectedOutput}
        ${run?.matches ? html`<span class="matches" data-testid="example-matches"><span aria-hidden="true">✓</span> ${strings.outputMatches}</span>` : nothing}
      </p>
      ${outputPanel(run, {
        testid: "example-output",
        placeholder: block.expected_output,
        placeholderLabel: strings.expectedOutput,
        overtime: { keepGoing: () => actions.keepGoing(key), stop: actions.stop },
      })}
      ${(run || edited) && !run?.matches && !running
        ? html`<p class="output-caption" data-testid="example-expected-caption">${edited ? strings.expectedOutputOfLesson : strings.expectedOutput}</p>
            ${outputPanel(null, { testid: "example-expected", placeholder: block.expected_output, placeholderLabel: strings.expectedOutput })}`
        : nothing}
      ${graphPanel(state.graphs[key], graph)}
    </figure>
  `;
}
