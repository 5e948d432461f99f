// embed.html: one part of a lesson, or a cell of any code, for an <iframe> on another page.
//   embed.html#lesson=<id>&part=practice | example-N (1-based) | questions
//   embed.html#code=<program>[&expected=<output>]
// It is the course (store, actions, views, progress) with minimal chrome; Python boots when the
// frame first scrolls into view, and the frame reports its height to the page (frame-height.js).
import { html, render } from "lit-html";
import "../editor.js";
import { state, subscribe } from "../store.js";
import { strings } from "../strings.js";
import { config } from "../config.js";
import { startServices } from "../services.js";
import { initialLanguage } from "../i18n/language.js";
import { lessonHref } from "../router.js";
import { courseProblemText } from "../lessons.js";
import * as actions from "../actions.js";
import * as selectors from "../selectors.js";
import { pythonStatus } from "../views/python-status.js";
import { example } from "../views/lesson.js";
import { practiceArea } from "../views/practice.js";
import { questionList } from "../views/questions.js";
import { TorchCell } from "./cell.js";
import { reportHeight } from "./frame-height.js";

const root = document.getElementById("app");
root.replaceChildren(); // drop the static "Loading…" text; lit renders from here on
const params = new URLSearchParams(location.hash.slice(1));
reportHeight();

if (params.has("code")) {
  customElements.define("torch-cell", TorchCell);
  const cell = document.createElement("torch-cell");
  cell.textContent = params.get("code");
  if (params.has("expected")) cell.setAttribute("expected", params.get("expected"));
  cell.setAttribute("preload", "");
  root.replaceChildren(cell);
} else {
  showLessonPart(params.get("lesson"), params.get("part"));
}

async function showLessonPart(lessonId, part) {
  actions.setLanguage(initialLanguage(config.language));
  const python = startServices({ lazy: true });
  subscribe(() => render(view(state, lessonId, part), root));
  await actions.openCourse();
  if (part !== "questions") {
    // Like the cells: a page of many frames boots Python only in those a reader reaches.
    const onView = new IntersectionObserver(([entry]) => entry.isIntersecting && (onView.disconnect(), python.boot()));
    onView.observe(root);
  }
}

function view(state, lessonId, part) {
  if (state.courseProblems) return html`<p role="alert">${strings.courseError}: ${state.courseProblems.map((problem) => courseProblemText(problem).join(": ")).join("; ")}</p>`;
  if (!state.course) return html`<p class="loading">${strings.loadingCourse}</p>`;
  if (!lessonId) return html`<p role="alert">${strings.embed.noPart}</p>`;
  const lesson = selectors.lessonById(lessonId);
  if (!lesson) return html`<p role="alert">${strings.lessonNotFound(lessonId)}</p>`;
  const exampleNumber = /^example-(\d+)$/.exec(part ?? "")?.[1];
  const examples = selectors.codeBlocks(lesson).length;
  let body;
  const status = pythonStatus(state.python, { stop: actions.stop, restart: actions.restartPython });
  if (part === "practice") body = html`${status}${practiceArea(state, lesson)}`;
  else if (part === "questions") body = questionList(lesson);
  else if (exampleNumber >= 1 && exampleNumber <= examples) body = html`${status}${example(state, lesson, exampleNumber - 1)}`;
  else return html`<p role="alert">${strings.embed.badPart(part ?? "")}</p>`;
  const courseLink = new URL(`./index.html${lessonHref(lesson.id)}`, import.meta.url).href;
  return html`
    <main class="embedded">${body}</main>
    <p class="embed-source"><a href=${courseLink} target="_blank" rel="noopener">${strings.embed.openCourse}: ${lesson.title}</a></p>
  `;
}
