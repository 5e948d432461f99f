// The frame around every page: title bar with Python's status, storage warning, and the current view.
import { html, nothing } from "lit-html";
import { strings } from "../strings.js";
import { courseHref } from "../router.js";
import * as actions from "../actions.js";
import { coursePage } from "./course.js";
import { lessonPage } from "./lesson.js";
import { pythonStatus } from "./python-status.js";

export function app(state) {
  return html`
    <header class="topbar">
      <a class="brand" href=${courseHref}>${strings.appTitle}</a>
      ${pythonStatus(state.python, { stop: actions.stop, restart: actions.restartPython })}
    </header>
    ${state.storageAvailable ? nothing : html`<p class="banner" role="note" data-testid="storage-warning">${strings.storageUnavailable}</p>`}
    ${state.saveProblem ? html`<p class="banner" role="alert" data-testid="save-error">${strings.saveProblem(state.saveProblem)}</p>` : nothing}
    <main id="main">${page(state)}</main>
  `;
}

function page(state) {
  if (state.courseProblems) return courseProblems(state.courseProblems);
  if (!state.course) return html`<p class="loading">${strings.loadingCourse}</p>`;
  return state.route.view === "lesson" ? lessonPage(state, state.route.id) : coursePage(state);
}

function courseProblems(problems) {
  return html`
    <section class="course-error" data-testid="course-error" role="alert">
      <h1>${strings.courseError}</h1>
      <p>${strings.courseErrorHelp}</p>
      <ul>${problems.map((problem) => html`<li><code>${problem.path}</code>: ${problem.message}</li>`)}</ul>
    </section>
  `;
}
