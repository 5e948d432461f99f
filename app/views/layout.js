// The frame around every page: title bar with Python's status, banners (a failed boot, a new
// version, no storage), and the current view.
import { html, nothing } from "lit-html";
import { strings } from "../strings.js";
import { fromDisk } from "../files.js";
import { courseProblemText } from "../lessons.js";
import { LANGUAGES } from "../i18n/language.js";
import { courseHref } from "../router.js";
import { currentLearner } from "../selectors.js";
import * as actions from "../actions.js";
import { coursePage } from "./course.js";
import { lessonPage } from "./lesson.js";
import { teacherPage } from "./teacher.js";
import { pythonStatus } from "./python-status.js";

export function app(state) {
  return html`
    <a class="skip-link" href="#main" @click=${skipToContent}>${strings.skipToContent}</a>
    <header class="topbar">
      <a class="brand" href=${courseHref}>${strings.appTitle}</a>
      ${learnerName(state)}
      ${languageSwitch(state.language)}
      ${pythonStatus(state.python, { stop: actions.stop, restart: actions.restartPython })}
    </header>
    ${state.python.state === "failed" ? bootFailure(state.python.failure) : nothing}
    ${state.newVersion
      ? html`<div class="banner notice" role="status" data-testid="new-version">
          <p>${strings.newVersion}</p>
          <button type="button" class="primary" data-testid="reload" @click=${actions.reloadForNewVersion}>${strings.reload}</button>
        </div>`
      : nothing}
    ${state.storageAvailable ? nothing : html`<p class="banner" role="note" data-testid="storage-warning">${strings.storageUnavailable}</p>`}
    ${state.saveProblem ? html`<p class="banner" role="alert" data-testid="save-error">${strings.saveProblem(state.saveProblem)}</p>` : nothing}
    <main id="main" tabindex="-1" class=${state.route.view === "teacher" ? "wide" : ""}>${page(state)}</main>
  `;
}

// The address's hash is the route, so the skip link moves focus itself instead of following #main.
function skipToContent(event) {
  event.preventDefault();
  const main = document.getElementById("main");
  (main.querySelector("h1") ?? main).focus();
}

function languageSwitch(language) {
  return html`
    <label class="language-switch">
      <span>${strings.language}</span>
      <select data-testid="language" @change=${(event) => actions.setLanguage(event.target.value, { remember: true })}>
        ${Object.entries(LANGUAGES).map(([code, name]) => html`<option value=${code} lang=${code} ?selected=${code === language}>${name}</option>`)}
      </select>
    </label>
  `;
}

function page(state) {
  if (state.courseFailure) return courseFailure(state.courseFailure);
  if (state.courseProblems) return courseProblems(state.courseProblems);
  if (!state.course) return html`<p class="loading">${strings.loadingCourse}</p>`;
  if (state.route.view === "teacher") return teacherPage(state);
  return state.route.view === "lesson" ? lessonPage(state, state.route.id) : coursePage(state);
}

// Whose progress this is, on every page (a shared laptop); the course page switches learners.
function learnerName(state) {
  const me = currentLearner();
  return me?.name && state.storageAvailable
    ? html`<a class="learner-name" href=${courseHref} data-testid="learner-topbar">${strings.learners.topbar(me.name)}</a>`
    : nothing;
}

function courseProblems(problems) {
  return html`
    <section class="course-error" data-testid="course-error" role="alert">
      <h1>${strings.courseError}</h1>
      <p>${strings.courseErrorHelp}</p>
      <ul>${problems.map(courseProblemText).map(([where, what]) => html`<li><code>${where}</code>: ${what}</li>`)}</ul>
    </section>
  `;
}

function courseFailure(failure) {
  return html`
    <section class="course-error" data-testid="course-error" data-kind="download" role="alert">
      <h1>${strings.courseError}</h1>
      <p>${failureText(failure)}</p>
      <button type="button" data-testid="retry-course" @click=${actions.openCourse}>${strings.retryLoading}</button>
    </section>
  `;
}

function bootFailure(failure) {
  return html`
    <div class="banner" role="alert" data-testid="boot-failure">
      <p><strong>${strings.python.failed}.</strong> ${failureText(failure)}</p>
      <button type="button" data-testid="retry-python" @click=${actions.restartPython}>${strings.retryLoading}</button>
    </div>
  `;
}

// What went wrong and what to do, for a failure from files.js/python.js.
function failureText(failure) {
  if (failure.hung) return strings.python.hung(failure.hung, failure.seconds);
  if (failure.reason && strings.fileFailure[failure.reason]) return strings.fileFailure[failure.reason](failure.file, failure.status);
  if (fromDisk) return html`${strings.serveFolder} <code>${strings.serveFolderCommand}</code>${strings.serveFolderThen}`;
  return failure.message;
}
