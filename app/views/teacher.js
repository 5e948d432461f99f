// The teacher page (#/teacher): progress files picked or dropped → the class table (learners ×
// lessons, sortable, as CSV, printable), pass rates, where learners are stuck; the answer key behind
// a switch; this browser's time limit. Everything is read in the page: no file leaves the laptop.
import { html, nothing } from "lit-html";
import { strings } from "../strings.js";
import { config } from "../config.js";
import { courseHref, lessonHref } from "../router.js";
import { markdownBlock, markdownInline, plainText } from "../markdown.js";
import { textLanguage } from "../i18n/course.js";
import { COURSE_VERSION, downloadFile } from "../progress.js";
import { classCSV, classRows, otherVersion, passRates, sortRows, stuckLearners } from "../classroom.js";
import * as actions from "../actions.js";
import { distractorFeedback, rightAnswer } from "./questions.js";

const STATE_MARK = { passed: "✓", "in-progress": "◐", "not-started": "" };

export function teacherPage(state) {
  const { lessons } = state.course;
  const { files, sort, answerKey } = state.classroom;
  const rows = sortRows(classRows(files, lessons), sort);
  const refused = files.filter((file) => file.problem);
  return html`
    <nav class="breadcrumb no-print"><a href=${courseHref}>${strings.courseLink}</a></nav>
    <h1 tabindex="-1">${strings.teacher.title}</h1>
    <p class="no-print">${strings.teacher.intro}</p>
    ${filePicker()}
    ${refused.length
      ? html`<div class="banner" role="alert" data-testid="class-refused">
          <p>${strings.teacher.refused(refused.length)}</p>
          <ul>${refused.map((file) => html`<li data-testid="class-problem" data-file=${file.fileName}><code>${file.fileName}</code>: ${file.problem}</li>`)}</ul>
        </div>`
      : nothing}
    ${rows.length ? classTable(state, rows, sort) : html`<p data-testid="class-empty">${strings.teacher.empty}</p>`}
    ${rows.length ? stuckList(state, rows) : nothing}
    ${rows.length
      ? html`<div class="toolbar no-print">
          <button type="button" data-testid="class-export-csv" @click=${() => exportCSV(state, rows)}>${strings.teacher.exportCSV}</button>
          <button type="button" data-testid="class-print" @click=${() => window.print()}>${strings.teacher.print}</button>
          <button type="button" data-testid="class-clear" @click=${actions.clearClass}>${strings.teacher.clear}</button>
        </div>`
      : nothing}
    <label class="answer-key-switch no-print">
      <input type="checkbox" data-testid="answer-key-toggle" .checked=${answerKey} @change=${(event) => actions.showAnswerKey(event.target.checked)} />
      ${strings.teacher.answerKeyToggle}
    </label>
    ${answerKey ? answerKeySection(state) : nothing}
    ${settings()}
  `;
}

function filePicker() {
  const pick = (event) => {
    actions.readClassFiles(event.target.files);
    event.target.value = "";
  };
  const drop = (event) => {
    event.preventDefault();
    event.currentTarget.classList.remove("dragging");
    actions.readClassFiles(event.dataTransfer.files);
  };
  const over = (event) => {
    event.preventDefault();
    event.currentTarget.classList.add("dragging");
  };
  return html`
    <div class="drop-zone no-print" data-testid="class-drop" @dragover=${over} @dragleave=${(event) => event.currentTarget.classList.remove("dragging")} @drop=${drop}>
      <label class="button primary">
        ${strings.teacher.pick}
        <input class="visually-hidden" type="file" multiple accept="application/json,.json" data-testid="class-import" @change=${pick} />
      </label>
      <span>${strings.teacher.drop}</span>
    </div>
  `;
}

function classTable(state, rows, sort) {
  const { lessons } = state.course;
  const rates = passRates(rows, lessons);
  const files = state.classroom.files.filter((file) => !file.problem).length;
  // The visible label starts the button's name (a lesson's column shows its number; its title is
  // read out after it); the order is the header's aria-sort.
  const sortButton = (key, label, title = null) => html`<button type="button" class="sort" data-testid="class-sort" data-key=${key}
      title=${strings.teacher.sortBy(title ?? label)}>${label}${title ? html`<span class="visually-hidden">. ${title}</span>` : nothing}<span aria-hidden="true">${sort.key === key ? (sort.descending ? " ▼" : " ▲") : ""}</span></button>`;
  const ariaSort = (key) => (sort.key === key ? (sort.descending ? "descending" : "ascending") : "none");
  const sortClick = (event) => {
    const button = event.target.closest("button.sort");
    if (button) actions.sortClass(button.dataset.key);
  };
  const time = (ms) => (ms === null ? strings.teacher.never : new Date(ms).toLocaleString(state.language, { dateStyle: "short", timeStyle: "short" }));
  return html`
    <p data-testid="class-summary">${strings.teacher.read(rows.length, files)} <span class="legend">${strings.teacher.legend}</span></p>
    <div class="class-table-wrap">
      <table class="class-table" data-testid="class-table" @click=${sortClick}>
        <thead>
          <tr>
            <th scope="col" aria-sort=${ariaSort("name")}>${sortButton("name", strings.teacher.learner)}</th>
            <th scope="col" aria-sort=${ariaSort("class")}>${sortButton("class", strings.teacher.className)}</th>
            <th scope="col" aria-sort=${ariaSort("passed")}>${sortButton("passed", strings.teacher.passed)}</th>
            <th scope="col" aria-sort=${ariaSort("right")}>${sortButton("right", strings.teacher.quiz)}</th>
            <th scope="col" aria-sort=${ariaSort("lastActivity")}>${sortButton("lastActivity", strings.teacher.lastActivity)}</th>
            ${lessons.map((lesson, i) => html`<th scope="col" class="lesson-column" aria-sort=${ariaSort(lesson.id)}>${sortButton(lesson.id, String(i + 1), plainText(lesson.title))}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${rows.map((row) => html`
            <tr data-testid="class-learner" data-name=${row.name} data-class=${row.class} data-passed=${row.passed}>
              <th scope="row">${row.name}${otherVersion(row)
                ? html` <span class="badge" data-testid="class-version" title=${row.version ? strings.teacher.otherVersion(row.version, COURSE_VERSION) : strings.teacher.noVersion}>${row.version ?? "?"}</span>`
                : nothing}</th>
              <td>${row.class}</td>
              <td>${row.passed}/${lessons.length}</td>
              <td>${row.right}</td>
              <td data-testid="class-last-activity">${time(row.lastActivity)}</td>
              ${lessons.map((lesson) => {
                const cell = row.cells[lesson.id];
                return html`<td class="class-cell ${cell.state}" data-testid="class-cell" data-lesson=${lesson.id} data-state=${cell.state}
                    title=${strings.teacher.cellState(strings.lessonState[cell.state], plainText(lesson.title), cell.right, cell.answered ? cell.total : 0)}>
                  <span aria-hidden="true">${STATE_MARK[cell.state]}</span><span class="visually-hidden">${strings.lessonState[cell.state]}</span>
                  ${cell.answered ? html`<small>${cell.right}/${cell.total}</small>` : nothing}</td>`;
              })}
            </tr>`)}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colspan="5">${strings.teacher.passRate}</th>
            ${lessons.map((lesson) => {
              const { passed, total } = rates[lesson.id];
              return html`<td data-testid="class-pass-rate" data-lesson=${lesson.id} data-passed=${passed} data-total=${total}
                title=${plainText(lesson.title)}>${(passed / total).toLocaleString(state.language, { style: "percent" })}</td>`;
            })}
          </tr>
        </tfoot>
      </table>
    </div>
  `;
}

function stuckList(state, rows) {
  const stuck = stuckLearners(rows);
  const lessons = state.course.lessons.filter((lesson) => stuck[lesson.id]);
  return html`
    <section class="stuck" aria-labelledby="stuck-heading">
      <h2 id="stuck-heading">${strings.teacher.stuck}</h2>
      <p class="help">${strings.teacher.stuckHelp}</p>
      ${lessons.length
        ? html`<ul>${lessons.map((lesson) => html`<li data-testid="class-stuck" data-lesson=${lesson.id}>
            <a href=${lessonHref(lesson.id)} lang=${textLanguage(lesson, "title")}>${state.course.lessons.indexOf(lesson) + 1}. ${markdownInline(lesson.title)}</a>:
            ${stuck[lesson.id].sort((a, b) => a.localeCompare(b)).join(", ")}</li>`)}</ul>`
        : html`<p>${strings.teacher.nobodyStuck}</p>`}
    </section>
  `;
}

function exportCSV(state, rows) {
  const t = strings.teacher;
  const csv = classCSV(rows, state.course.lessons.map((lesson) => ({ ...lesson, title: plainText(lesson.title) })), {
    headings: [t.learner, t.className, t.version, t.passed, t.quiz, t.lastActivity],
    states: t.csvStates,
    quizHeading: t.csvQuiz,
  });
  const day = new Date().toISOString().slice(0, 10);
  downloadFile(csv, `autograd-class-${day}.csv`, "text/csv;charset=utf-8");
}

// Every lesson's sample solution and its output, and every question's answer with its explanation.
function answerKeySection(state) {
  const t = strings.teacher;
  return html`
    <section class="answer-key" data-testid="answer-key" aria-labelledby="answer-key-heading">
      <h2 id="answer-key-heading">${t.answerKey}</h2>
      ${state.course.lessons.map((lesson, i) => html`
        <article class="answer-key-lesson" data-testid="answer-key-lesson" data-lesson=${lesson.id}>
          <h3 lang=${textLanguage(lesson, "title")}>${i + 1}. ${markdownInline(lesson.title)}</h3>
          <h4>${t.solution}: <span lang=${textLanguage(lesson.practice, "title")}>${markdownInline(lesson.practice.title)}</span></h4>
          <pre><code>${lesson.practice.solution}</code></pre>
          <p class="help">${t.expectedOutput}</p>
          <pre class="real-output">${lesson.practice.expected_output}</pre>
          ${lesson.questions.map((question, n) => html`
            <div class="answer-key-question">
              <h4>${t.question(n + 1)}</h4>
              <div class="prose" lang=${textLanguage(question, "prompt")}>${markdownBlock(question.prompt)}</div>
              ${question.type === "predict" ? html`<pre><code>${question.code}</code></pre>` : nothing}
              <div><strong>${t.answer}:</strong> ${rightAnswer[question.type] ? rightAnswer[question.type](question) : html`<pre class="real-output">${question.answer}</pre>`}</div>
              ${question.type === "order" ? distractorFeedback(question, [], true) : nothing}
              <div class="prose" lang=${textLanguage(question, "explanation")}>${markdownBlock(question.explanation)}</div>
            </div>`)}
        </article>`)}
    </section>
  `;
}

function settings() {
  const t = strings.teacher;
  const url = `${location.href.split(/[?#]/)[0]}?time-limit=${config.timeLimitSeconds}`;
  const change = (event) => {
    const seconds = event.target.value === "" ? null : Math.max(0, Math.round(Number(event.target.value)));
    if (seconds === null || Number.isFinite(seconds)) actions.setTimeLimit(seconds);
  };
  return html`
    <section class="settings no-print" aria-labelledby="settings-heading">
      <h2 id="settings-heading">${t.settings}</h2>
      <label>${t.timeLimit}
        <input type="number" min="0" step="1" data-testid="time-limit-setting" .value=${String(config.timeLimitSeconds)} @change=${change} />
      </label>
      <p class="help">${t.timeLimitHelp(url)}</p>
      ${config.timeLimitFromAddress ? html`<p class="help">${t.timeLimitFromAddress}</p>` : nothing}
    </section>
  `;
}
