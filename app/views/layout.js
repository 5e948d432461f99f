// The frame around every page: title bar with Python's status, storage warning, and the current view.
import { html, nothing } from "lit-html";
import { strings } from "../strings.js";
import { LANGUAGES } from "../i18n/language.js";
import { courseHref } from "../router.js";
import * as actions from "../actions.js";
import { coursePage } from "./course.js";
import { lessonPage } from "./lesson.js";

export function app(state) {
  return html`
    <a class="skip-link" href="#main" @click=${skipToContent}>${strings.skipToContent}</a>
    <header class="topbar">
      <a class="brand" href=${courseHref}>${strings.appTitle}</a>
      ${languageSwitch(state.language)}
      ${pythonStatus(state.python)}
    </header>
    ${state.storageAvailable ? nothing : html`<p class="banner" role="note" data-testid="storage-warning">${strings.storageUnavailable}</p>`}
    ${state.saveProblem ? html`<p class="banner" role="alert" data-testid="save-error">${strings.saveProblem(state.saveProblem)}</p>` : nothing}
    <main id="main" tabindex="-1">${page(state)}</main>
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

function pythonStatus(python) {
  const label =
    python.state === "failed"
      ? strings.python.failed(python.message)
      : strings.python[python.state === "loading" ? python.stage : python.state];
  const busy = python.state === "loading" || python.state === "restarting";
  return html`
    <div class="python-status" role="status" data-testid="python-status" data-state=${python.state}>
      ${busy ? html`<span class="spinner" aria-hidden="true"></span>` : nothing}
      <span>${label}</span>
      ${busy ? html`<progress aria-label=${label} max="3" value=${["runtime", "engine", "ready"].indexOf(python.stage) + 1}></progress>` : nothing}
      ${python.engineError && python.state === "ready" ? html`<span class="warning" title=${python.engineError}>${strings.python.engineFailed}</span>` : nothing}
      ${python.state === "running"
        ? html`<button type="button" class="stop small" data-testid="status-stop" aria-label=${strings.python.stopRun} @click=${actions.stop}>${strings.stop}</button>`
        : nothing}
      ${["ready", "running", "failed"].includes(python.state)
        ? html`<button type="button" class="small" data-testid="restart-python" title=${strings.python.restartHelp} @click=${actions.restartPython}>${strings.python.restart}</button>`
        : nothing}
    </div>
  `;
}
