// The course page: overall progress, a card to continue (or start), the sections with their
// progress and their numbered lessons (the learner's current section marked), search, progress tools.
import { html, nothing } from "lit-html";
import { strings } from "../strings.js";
import { lessonHref, teacherHref } from "../router.js";
import { lessonText } from "../lessons.js";
import { downloadProgress } from "../progress.js";
import * as actions from "../actions.js";
import { textLanguage } from "../i18n/course.js";
import * as selectors from "../selectors.js";
import { markdownInline } from "../markdown.js";
import { askToConfirm, confirmThen } from "./dialog.js";

export function coursePage(state) {
  const { lessons } = state.course;
  const query = state.search.trim().toLocaleLowerCase(state.language);
  const matches = (lesson) => !query || lessonText(lesson).includes(query);
  const current = selectors.lessonById(state.progress.lastLesson);
  const sections = state.course.sections
    .map((section) => ({ section, all: lessons.filter((l) => l.section === section.name) }))
    .filter(({ all }) => all.length);
  const shown = sections.map((entry) => ({ ...entry, lessons: entry.all.filter(matches) })).filter((entry) => entry.lessons.length);
  return html`
    <h1 tabindex="-1">${strings.appTitle}</h1>
    <p class="tagline">${strings.appTagline}</p>
    ${state.storageAvailable ? learnerPanel(state) : nothing}
    ${overallProgress(state)}
    ${continueCard(state)}
    <label class="search">
      <span>${strings.searchLabel}</span>
      <input type="search" data-testid="search" placeholder=${strings.searchPlaceholder} .value=${state.search}
        @input=${(event) => actions.setSearch(event.target.value)} />
    </label>
    ${shown.length
      ? shown.map((entry, i) => sectionList(state, entry, i, entry.section.name === current?.section))
      : html`<p>${strings.noSearchResults}</p>`}
    ${progressTools(state)}
    <p class="teacher-link"><a href=${teacherHref} data-testid="teacher-link">${strings.teacherLink}</a></p>
  `;
}

// Who is learning on this browser: on a first visit a name to type; then the learner, one button per
// other learner to switch to, a form to add one, and (with more than one) removing the current one.
function learnerPanel(state) {
  const t = strings.learners;
  const me = selectors.currentLearner();
  const others = state.learners.learners.filter((learner) => learner.id !== me.id);
  const submit = (event) => {
    event.preventDefault();
    const form = event.target;
    actions.addLearner(form.elements.name.value, form.elements.className.value);
    form.reset();
    form.closest("details")?.removeAttribute("open");
  };
  const form = html`
    <form class="learner-form" @submit=${submit}>
      <label>${t.name} <input name="name" required maxlength="80" autocomplete="off" data-testid="learner-name" /></label>
      <label>${t.className} <input name="className" maxlength="80" autocomplete="off" data-testid="learner-class" /></label>
      <button type="submit" data-testid="learner-save">${me.name ? t.add : t.save}</button>
    </form>
  `;
  const remove = confirmThen(t.removeConfirm(me.name || t.unnamed), t.removeConfirmButton, actions.removeLearner);
  return html`
    <section class="learners" data-testid="learners" aria-labelledby="learners-heading">
      <h2 id="learners-heading">${t.heading}</h2>
      ${me.name
        ? html`<p class="current-learner" data-testid="learner-current" data-name=${me.name}><strong>${t.current(me.name, me.class)}</strong></p>`
        : html`<p>${t.firstVisit}</p>`}
      ${others.length
        ? html`<p class="learner-switches"><span>${t.switchTo}</span>
            ${others.map((learner) => html`<button type="button" data-testid="learner-switch" data-name=${learner.name}
              title=${t.switchLabel(learner.name || t.unnamed)} @click=${() => actions.switchLearner(learner.id)}>${t.current(learner.name || t.unnamed, learner.class)}</button>`)}
          </p>`
        : nothing}
      ${me.name ? html`<details class="learner-add"><summary data-testid="learner-add">${t.add}</summary>${form}</details>` : form}
      <p class="help">${t.noPasswords}</p>
      ${others.length ? html`<button type="button" class="link" data-testid="learner-remove" @click=${remove}>${t.remove}</button>` : nothing}
    </section>
  `;
}

function overallProgress(state) {
  const { lessons } = state.course;
  const passed = lessons.filter((lesson) => selectors.lessonState(lesson.id) === "passed").length;
  const scores = lessons.map((lesson) => selectors.quizScore(lesson));
  const right = scores.reduce((sum, score) => sum + score.right, 0);
  const questions = scores.reduce((sum, score) => sum + score.total, 0);
  return html`
    <div class="overall" data-testid="overall-progress" data-passed=${passed} data-total=${lessons.length}>
      <progress max=${lessons.length} value=${passed} aria-label=${strings.overallProgress(passed, lessons.length)}></progress>
      <p>${strings.overallProgress(passed, lessons.length)} · ${strings.overallQuiz(right, questions)}</p>
    </div>
  `;
}

// Where to go on: the last lesson visited, or after it has been passed, the next lesson not passed yet.
function nextLesson(state) {
  const { lessons } = state.course;
  const last = lessons.findIndex((lesson) => lesson.id === state.progress.lastLesson);
  if (last < 0) return null;
  const open = (lesson) => selectors.lessonState(lesson.id) !== "passed";
  return [...lessons.slice(last), ...lessons.slice(0, last)].find(open) ?? lessons[last];
}

function continueCard(state) {
  const lesson = nextLesson(state) ?? state.course.lessons[0];
  const started = state.progress.lastLesson !== null;
  const number = state.course.lessons.indexOf(lesson) + 1;
  const section = state.course.sections.find((s) => s.name === lesson.section);
  return html`
    <a class="continue-card" data-testid="continue" data-lesson=${lesson.id} href=${lessonHref(lesson.id)}>
      <span class="continue-heading">${started ? strings.continueHeading : strings.startHeading}</span>
      <span class="continue-title" lang=${textLanguage(lesson, "title")}><span class="lesson-number">${number}</span> ${markdownInline(lesson.title)}</span>
      <span class="continue-meta"><span lang=${textLanguage(section, "title")}>${section?.title ?? lesson.section}</span> · ${strings.lessonState[selectors.lessonState(lesson.id)]}</span>
      <span class="button primary" aria-hidden="true">${started ? strings.continueButton : strings.startButton} →</span>
    </a>
  `;
}

function sectionList(state, { section, all, lessons }, index, isCurrent) {
  const passed = all.filter((lesson) => selectors.lessonState(lesson.id) === "passed").length;
  return html`
    <section class="section" data-testid="section" data-section=${section.name} data-current=${isCurrent ? "true" : "false"}
      aria-labelledby="section-${index}">
      <div class="section-head">
        <h2 id="section-${index}" lang=${textLanguage(section, "title")}>${section.title}</h2>
        ${isCurrent ? html`<span class="badge here">${strings.currentSection}</span>` : nothing}
        <span class="section-progress" data-testid="section-progress" data-passed=${passed} data-total=${all.length}>
          <progress max=${all.length} value=${passed} aria-hidden="true"></progress> ${strings.sectionProgress(passed, all.length)}
        </span>
      </div>
      <ol class="lesson-list">
        ${lessons.map((lesson) => lessonItem(state, lesson))}
      </ol>
    </section>
  `;
}

function lessonItem(state, lesson) {
  const lessonState = selectors.lessonState(lesson.id);
  const score = selectors.quizScore(lesson);
  const number = state.course.lessons.indexOf(lesson) + 1;
  return html`
    <li data-testid="lesson-item" data-lesson=${lesson.id} data-state=${lessonState} data-current=${lesson.id === state.progress.lastLesson ? "true" : "false"}>
      <span class="lesson-number ${lessonState}">${lessonState === "passed"
        ? html`<span aria-hidden="true">✓</span><span class="visually-hidden">${number}</span>`
        : number}</span>
      <div>
        <a href=${lessonHref(lesson.id)} lang=${textLanguage(lesson, "title")}>${markdownInline(lesson.title)}</a>
        ${lessonState === "not-started" ? nothing : html`<span class="badge ${lessonState}">${strings.lessonState[lessonState]}</span>`}
        ${score.answered ? html`<span class="badge">${strings.quizScore(score.right, score.total)}</span>` : nothing}
        <p class="summary" lang=${textLanguage(lesson, "summary")}>${lesson.summary}</p>
      </div>
    </li>
  `;
}

function progressTools(state) {
  const importFile = (event) => {
    const [file] = event.target.files;
    if (file) actions.uploadProgress(file, askToConfirm);
    event.target.value = "";
  };
  const reset = confirmThen(strings.resetProgressConfirm, strings.resetProgressConfirmButton, actions.resetProgress);
  return html`
    <section class="progress-tools" aria-labelledby="progress-heading">
      <h2 id="progress-heading">${strings.progress}</h2>
      <button type="button" data-testid="export-progress" @click=${() => downloadProgress(state.progress, selectors.currentLearner())}>${strings.exportProgress}</button>
      <label class="button">
        ${strings.importProgress}
        <input class="visually-hidden" type="file" accept="application/json,.json" data-testid="import-progress" @change=${importFile} />
      </label>
      <button type="button" data-testid="reset-progress" @click=${reset}>${strings.resetProgress}</button>
      ${state.notice ? html`<p role="status" data-testid="progress-notice">${state.notice}</p>` : nothing}
    </section>
  `;
}
