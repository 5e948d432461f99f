// Everything the learner can do, as changes to the state in store.js.
import { state, update } from "./store.js";
import { answerFits, diffOutputs, gradeQuestion, outputsMatch } from "./grading.js";
import { emptyProgress, exportProgress, importProgress } from "./progress.js";
import { appendOutput, finishRun, newRun, stdoutOf } from "./runs.js";
import { appendLines } from "./output-lines.js";
import { loadCourse } from "./lessons.js";
import { strings, useLanguage } from "./strings.js";
import { saveLanguage } from "./i18n/language.js";
import { localizeCourse } from "./i18n/course.js";
import { graphRequested, receiveRun } from "./graph/actions.js";

let python = null;
let storage = null;
let site = null; // offline.js: { applyUpdate }
let saveTimer = null;
const unsaved = new Set(); // ids of lessons whose record changed since it was last saved

export function connect(services) {
  ({ python, storage, site } = services);
}

export const lessonById = (id) => state.course?.lessons.find((lesson) => lesson.id === id);
export const practiceKey = (lessonId) => `practice:${lessonId}`;
export const exampleKey = (lessonId, n) => `example:${lessonId}:${n}`;
export const codeBlocks = (lesson) => lesson.body.filter((block) => block.type === "code");

// The lesson's progress record, to change: it is saved with the next save().
function record(s, lessonId) {
  unsaved.add(lessonId);
  return (s.progress.lessons[lessonId] ??= { visited: true });
}

function save({ soon = false } = {}) {
  clearTimeout(saveTimer);
  if (soon) saveTimer = setTimeout(save, 300);
  else showSaveProblem(storage.save(state.progress, [...unsaved.keys()]) ?? (unsaved.clear(), null));
}

function showSaveProblem(problem) {
  update((s) => {
    s.saveProblem = problem;
  });
}

// Another tab saved a lesson's record (null id: storage was cleared): take it, unless this tab has
// unsaved changes to that lesson, which it is about to save.
export function takeSavedElsewhere(lessonId, saved) {
  update((s) => {
    if (lessonId === null) s.progress.lessons = Object.fromEntries(Object.entries(s.progress.lessons).filter(([id]) => unsaved.has(id)));
    else if (unsaved.has(lessonId)) return;
    else if (saved) s.progress.lessons[lessonId] = saved;
    else delete s.progress.lessons[lessonId];
  });
}

export async function openCourse() {
  update((s) => {
    s.courseFailure = null;
  });
  const { course, problems, failure } = await loadCourse();
  update((s) => {
    s.courseSource = course ?? null;
    s.course = course ? localizeCourse(course, s.language) : null;
    s.courseProblems = problems ?? null;
    s.courseFailure = failure ?? null;
  });
}

// The interface and the lessons switch to `language`; `remember` keeps the choice for next visits.
export function setLanguage(language, { remember = false } = {}) {
  useLanguage(language);
  if (remember) saveLanguage(language);
  update((s) => {
    s.language = language;
    if (s.courseSource) s.course = localizeCourse(s.courseSource, language);
  });
}

export function setRoute(route) {
  update((s) => {
    s.route = route;
    if (route.view === "lesson" && lessonById(route.id)) {
      record(s, route.id);
      s.progress.lastLesson = route.id;
      restoreRun(s, lessonById(route.id));
    }
  });
  save();
}

export function setPythonStatus({ state: pythonState, ...rest }) {
  update((s) => {
    s.python = { ...s.python, ...rest, state: pythonState ?? s.python.state };
  });
}

export function setNewVersion() {
  update((s) => {
    s.newVersion = true;
  });
}

// Before the page reloads itself (a new version, or to become cross-origin isolated).
export function saveNow() {
  save();
}

export function reloadForNewVersion() {
  site.applyUpdate();
}

export function setStorageAvailable(available, progress) {
  update((s) => {
    s.storageAvailable = available;
    s.progress = progress;
  });
}

// ---- running programs -------------------------------------------------------------------------

export const canRun = () => state.python.state === "ready";

// A run's transient state is a runs.js run, kept in state.runs[key]; `expected` grades it.
async function execute(key, code, prelude, expected) {
  update((s) => {
    s.runs[key] = newRun();
    s.runs[key].code = code; // mistakes.js reads it
  });
  const options = { graph: graphRequested(key) };
  const result = await python.run(code, { prelude, options, onOutput: (stream, text) => update((s) => appendOutput(s.runs[key], stream, text)) });
  update((s) => finishRun(s.runs[key], result, expected));
  receiveRun(key, result);
  return result;
}

export async function runPractice(lesson, code) {
  if (!canRun()) return;
  const key = practiceKey(lesson.id);
  await execute(key, code, [], lesson.practice.expected_output);
  update((s) => {
    const run = s.runs[key];
    if (run.verdict === "pass") record(s, lesson.id).passed = true;
    record(s, lesson.id).lastRun = keptRun(run);
  });
  save();
}

// Stored output is capped: the last run of each lesson is kept, and localStorage holds a few MB.
export const KEPT_OUTPUT_CHARS = 20_000;

// The part of a finished run that is kept in progress (plain JSON; see progress.js). `cut` says
// the kept output stops short of what was shown.
function keptRun({ chunks, truncatedAfterLines, result, verdict }) {
  let room = KEPT_OUTPUT_CHARS;
  const kept = [];
  for (const { stream, text } of chunks) {
    if (room <= 0) break;
    kept.push({ stream, text: text.slice(0, room) });
    room -= text.length;
  }
  const { status, error, seconds, message } = result;
  return {
    chunks: kept,
    truncatedAfterLines,
    cut: room < 0,
    result: { status, ...(error && { error: { traceback: error.traceback, line: error.line ?? null } }), ...(seconds && { seconds }), ...(message && { message }) },
    verdict,
  };
}

// A lesson's last practice run as the page shows it after a reload (its lines and diff recomputed).
function restoreRun(s, lesson) {
  const key = practiceKey(lesson.id);
  const kept = s.progress.lessons[lesson.id]?.lastRun;
  if (s.runs[key] || !kept) return;
  const failed = kept.verdict === "fail" && kept.result.status === "ok";
  const blocks = kept.chunks.reduce((lines, { stream, text }) => appendLines(lines, stream, text), []);
  s.runs[key] = {
    ...structuredClone(kept),
    truncatedAfterLines: kept.truncatedAfterLines ?? null,
    blocks,
    running: false,
    restored: true,
    diff: failed ? diffOutputs(lesson.practice.expected_output, stdoutOf(kept)) : null,
  };
}

// Edited examples are kept in progress like the practice's draft: a learner who reloads finds their experiment.
const editedExample = (lesson, n) => state.progress.lessons[lesson.id]?.examples?.[n];
export const exampleEdited = (lesson, n) => editedExample(lesson, n) !== undefined;

export function exampleCode(lesson, n) {
  return editedExample(lesson, n) ?? codeBlocks(lesson)[n].code;
}

export async function runExample(lesson, n) {
  if (!canRun()) return;
  const key = exampleKey(lesson.id, n);
  const prelude = codeBlocks(lesson).slice(0, n).map((_, earlier) => exampleCode(lesson, earlier));
  const result = await execute(key, exampleCode(lesson, n), prelude);
  update((s) => {
    s.runs[key].matches = result.status === "ok" && outputsMatch(codeBlocks(lesson)[n].expected_output, stdoutOf(s.runs[key]));
  });
}

export function editExample(lesson, n, code) {
  update((s) => {
    const lessonRecord = record(s, lesson.id);
    lessonRecord.examples = { ...lessonRecord.examples, [n]: code };
  });
  save({ soon: true });
}

export function resetExample(lesson, n) {
  update((s) => {
    const lessonRecord = record(s, lesson.id);
    const examples = { ...lessonRecord.examples };
    delete examples[n];
    if (Object.keys(examples).length) lessonRecord.examples = examples;
    else delete lessonRecord.examples;
    delete s.runs[exampleKey(lesson.id, n)];
    s.resets[exampleKey(lesson.id, n)] = (s.resets[exampleKey(lesson.id, n)] ?? 0) + 1;
  });
  save();
}

export function stop() {
  python.stop();
}

export function restartPython() {
  python.restart();
}

export function setDraft(lessonId, code) {
  update((s) => {
    record(s, lessonId).draft = code;
  });
  save({ soon: true });
}

// Replaces the learner's draft with `code` (the starter when omitted) and remounts the editor.
export function replaceDraft(lesson, code) {
  update((s) => {
    const lessonRecord = record(s, lesson.id);
    if (code === undefined) delete lessonRecord.draft;
    else lessonRecord.draft = code;
    delete lessonRecord.lastRun; // its output was of the code just replaced
    delete s.runs[practiceKey(lesson.id)];
    s.resets[practiceKey(lesson.id)] = (s.resets[practiceKey(lesson.id)] ?? 0) + 1;
  });
  save();
}

export function showHint(lesson) {
  update((s) => {
    const lessonRecord = record(s, lesson.id);
    lessonRecord.hints = Math.min((lessonRecord.hints ?? 0) + 1, lesson.practice.hints.length);
  });
  save();
}

export function showSolution(lesson) {
  update((s) => {
    record(s, lesson.id).solutionShown = true;
  });
  save();
}

// ---- questions --------------------------------------------------------------------------------

// A question's answer as the learner left it: { value, checked, shown } (kept in progress). A kept
// answer that does not fit the question (an imported file, a question changed since) is no answer.
export function answerOf(lesson, n) {
  const kept = state.progress.lessons[lesson.id]?.answers?.[n];
  if (kept === null || typeof kept !== "object" || !answerFits[lesson.questions[n].type](lesson.questions[n], kept.value)) {
    return { value: undefined, checked: false, shown: false };
  }
  return { value: kept.value, checked: kept.checked === true, shown: kept.shown === true };
}
// The last verdict of a question: true, false, or undefined before the first check.
export const verdictOf = (lessonId, n) => state.progress.lessons[lessonId]?.quiz?.[n];

export function setAnswer(lessonId, n, value) {
  update((s) => {
    (record(s, lessonId).answers ??= {})[n] = { value, checked: false };
  });
  save({ soon: true });
}

export function checkAnswer(lesson, n) {
  const question = lesson.questions[n];
  const correct = gradeQuestion[question.type](question, answerOf(lesson, n).value);
  update((s) => {
    const lessonRecord = record(s, lesson.id);
    (lessonRecord.answers ??= {})[n] = { ...lessonRecord.answers[n], checked: true };
    (lessonRecord.quiz ??= {})[n] = correct;
  });
  save();
}

// Back to editing after a wrong answer: the answer stays as it was, to be changed.
export function retryAnswer(lessonId, n) {
  update((s) => {
    record(s, lessonId).answers[n].checked = false;
  });
  save();
}

// Reveals the right answer and the explanation (the question's verdict stays what it was).
export function showAnswer(lessonId, n) {
  update((s) => {
    record(s, lessonId).answers[n].shown = true;
  });
  save();
}

// ---- course page ------------------------------------------------------------------------------

export function setSearch(text) {
  update((s) => {
    s.search = text;
  });
}

export function lessonState(lessonId) {
  const lesson = state.progress.lessons[lessonId];
  if (!lesson) return "not-started";
  return lesson.passed ? "passed" : "in-progress";
}

export function quizScore(lesson) {
  const quiz = state.progress.lessons[lesson.id]?.quiz ?? {};
  return { right: Object.values(quiz).filter(Boolean).length, total: lesson.questions.length, answered: Object.keys(quiz).length };
}

function replaceProgress(progress, notice) {
  clearTimeout(saveTimer);
  unsaved.clear();
  const problem = storage.replace(progress);
  update((s) => {
    s.progress = progress;
    s.runs = {};
    s.notice = problem && notice ? strings.importedNotSaved(problem) : notice;
    s.saveProblem = problem;
    s.generation += 1;
    if (s.route.view === "lesson" && lessonById(s.route.id)) restoreRun(s, lessonById(s.route.id));
  });
}

export function downloadProgress() {
  const url = URL.createObjectURL(new Blob([exportProgress(state.progress)], { type: "application/json" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: "autograd-progress.json" });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export async function uploadProgress(file) {
  try {
    replaceProgress(importProgress(await file.text()), strings.imported);
  } catch (error) {
    update((s) => {
      s.notice = strings.importFailed(error.message);
    });
  }
}

export function resetProgress() {
  replaceProgress(emptyProgress(), null);
}
