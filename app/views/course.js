// The course page: sections with their lessons and each lesson's state, search, progress tools.
import { html, nothing } from "lit-html";
import { strings } from "../strings.js";
import { lessonHref } from "../router.js";
import { lessonText } from "../lessons.js";
import * as actions from "../actions.js";

export function coursePage(state) {
  const query = state.search.trim().toLocaleLowerCase(state.language);
  const matches = (lesson) => !query || lessonText(lesson).includes(query);
  const lastLesson = actions.lessonById(state.progress.lastLesson);
  const sections = state.course.sections
    .map((section) => ({ section, lessons: state.course.lessons.filter((l) => l.section === section.name && matches(l)) }))
    .filter(({ lessons }) => lessons.length);
  return html`
    <h1 tabindex="-1">${strings.appTitle}</h1>
    <p class="tagline">${strings.appTagline}</p>
    ${lastLesson ? html`<p><a class="button primary" data-testid="continue" href=${lessonHref(lastLesson.id)}>${strings.continueLesson(lastLesson.title)}</a></p>` : nothing}
    <label class="search">
      <span>${strings.searchLabel}</span>
      <input type="search" data-testid="search" placeholder=${strings.searchPlaceholder} .value=${state.search}
        @input=${(event) => actions.setSearch(event.target.value)} />
    </label>
    ${sections.length ? sections.map(({ section, lessons }) => sectionList(section, lessons)) : html`<p>${strings.noSearchResults}</p>`}
    ${progressTools(state)}
  `;
}

function sectionList(section, lessons) {
  return html`
    <section class="section">
      <h2>${section.title}</h2>
      <ol class="lesson-list">
        ${lessons.map((lesson) => {
          const lessonState = actions.lessonState(lesson.id);
          const score = actions.quizScore(lesson);
          return html`
            <li data-testid="lesson-item" data-lesson=${lesson.id} data-state=${lessonState}>
              <a href=${lessonHref(lesson.id)} lang=${lesson.language}>${lesson.title}</a>
              <span class="badge ${lessonState}">${strings.lessonState[lessonState]}</span>
              ${score.answered ? html`<span class="badge">${strings.quizScore(score.right, score.total)}</span>` : nothing}
              <p class="summary" lang=${lesson.language}>${lesson.summary}</p>
            </li>
          `;
        })}
      </ol>
    </section>
  `;
}

function progressTools(state) {
  const importFile = (event) => {
    const [file] = event.target.files;
    if (file) actions.uploadProgress(file);
    event.target.value = "";
  };
  const reset = () => {
    if (confirm(strings.resetProgressConfirm)) actions.resetProgress();
  };
  return html`
    <section class="progress-tools" aria-labelledby="progress-heading">
      <h2 id="progress-heading">${strings.progress}</h2>
      <button type="button" data-testid="export-progress" @click=${actions.downloadProgress}>${strings.exportProgress}</button>
      <label class="button">
        ${strings.importProgress}
        <input class="visually-hidden" type="file" accept="application/json,.json" data-testid="import-progress" @change=${importFile} />
      </label>
      <button type="button" data-testid="reset-progress" @click=${reset}>${strings.resetProgress}</button>
      ${state.notice ? html`<p role="status" data-testid="progress-notice">${state.notice}</p>` : nothing}
    </section>
  `;
}
