// Everything the learner can do, as changes to the state in store.js (what views read from it is in
// selectors.js).
import { state, update } from "./store.js";
import { diffOutputs, gradeQuestion, outputsMatch } from "./grading.js";
import { answerOf, canRun, codeBlocks, currentStep, exampleCode, exampleKey, lessonById, practiceKey, stepsOf } from "./selectors.js";
import { emptyProgress, eraseProgress, importProgress, mergeProgress } from "./progress.js";
import { activeLearner, cleanName, loadLearners, newLearnerId, progressPrefix, saveLearners } from "./learners.js";
import { appendLate, appendOutput, finishRun, markOvertime, newRun, stdoutOf } from "./runs.js";
import { appendLines } from "./output-lines.js";
import { newTerminal } from "./ansi.js";
import { checkFigure } from "./figures/data.js";
import { loadCourse } from "./lessons.js";
import { plainText } from "./markdown.js";
import { readClassFile } from "./classroom.js";
import { TIME_LIMIT_KEY } from "./config.js";
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

// The lesson's progress record, to change: it is saved with the next save().
function record(s, lessonId) {
  unsaved.add(lessonId);
  const lessonRecord = (s.progress.lessons[lessonId] ??= { visited: true });
  lessonRecord.updated = Date.now(); // the record changes now (merging imports compares it)
  return lessonRecord;
}

function save({ soon = false } = {}) {
  clearTimeout(saveTimer);
  saveTimer = soon ? setTimeout(save, 300) : null;
  if (!soon) showSaveProblem(storage.save(state.progress, [...unsaved.keys()]) ?? (unsaved.clear(), null));
}

// The page is going away (closed, reloaded, put in the background on a phone): a draft or answer
// still waiting for its save is saved now, not lost with the timer.
export function savePending() {
  if (saveTimer !== null) save();
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

export function setStorageAvailable(available, progress, learners) {
  update((s) => {
    s.storageAvailable = available;
    s.progress = progress;
    s.learners = learners;
  });
}

// ---- learners on this browser (learners.js) -----------------------------------------------------

// Names the learner on a first visit (the one learner has no name yet), else adds a learner and
// switches to them; a name and class already on this browser switch to that learner instead.
export function addLearner(name, className) {
  const registry = loadLearners();
  const learner = { name: cleanName(name), class: cleanName(className) };
  if (!learner.name) return;
  const same = (other) => other.name.toLocaleLowerCase() === learner.name.toLocaleLowerCase() && other.class.toLocaleLowerCase() === learner.class.toLocaleLowerCase();
  const current = activeLearner(registry);
  const existing = registry.learners.find(same);
  if (existing) return useLearner(registry, existing.id);
  if (!current.name) return useLearner(registry, Object.assign(current, learner).id);
  const id = newLearnerId(registry);
  registry.learners.push({ id, ...learner });
  useLearner(registry, id);
}

export function switchLearner(id) {
  useLearner(loadLearners(), id);
}

// Removes the active learner and their progress on this browser, then switches to the first other one.
export function removeLearner() {
  const registry = loadLearners();
  if (registry.learners.length < 2) return;
  clearTimeout(saveTimer);
  unsaved.clear();
  eraseProgress(progressPrefix(registry.active));
  registry.learners = registry.learners.filter((learner) => learner.id !== registry.active);
  useLearner(registry, registry.learners[0].id, { keepCurrent: false });
}

function useLearner(registry, id, { keepCurrent = true } = {}) {
  if (keepCurrent) save(); // what the learner so far has not saved yet is theirs
  registry.active = id;
  const problem = saveLearners(registry);
  storage.usePrefix(progressPrefix(id));
  const progress = storage.load();
  update((s) => {
    s.learners = registry;
    s.progress = progress;
    s.runs = {};
    s.notice = null;
    s.saveProblem = problem && strings.storageRefused(problem);
    s.generation += 1;
    if (s.route.view === "lesson" && lessonById(s.route.id)) restoreRun(s, lessonById(s.route.id));
  });
}

// ---- running programs -------------------------------------------------------------------------

// A run's transient state is a runs.js run, kept in state.runs[key]; `expected` grades it, and
// `checks` (a practice step's Python checks) run after the program in the worker.
async function execute(key, code, prelude, expected, checks) {
  update((s) => {
    s.runs[key] = newRun();
    s.runs[key].code = code; // mistakes.js reads it
  });
  const options = { graph: graphRequested(key), ...(checks && { checks, language: state.language }) };
  const result = await python.run(code, {
    prelude,
    options,
    onOutput: (stream, text) => update((s) => appendOutput(s.runs[key], stream, text)),
    onLate: (text) => update((s) => appendLate(s.runs[key], text)),
    onOvertime: (seconds) => update((s) => markOvertime(s.runs[key], seconds)),
  });
  update((s) => finishRun(s.runs[key], result, expected));
  receiveRun(key, result);
  return result;
}

// Runs the learner's code as the current step of the practice (the whole practice when it has no
// steps); a pass marks the step passed, and the practice once every step is.
export async function runPractice(lesson, code) {
  if (!canRun()) return;
  const key = practiceKey(lesson.id);
  const number = currentStep(lesson);
  const step = stepsOf(lesson.practice)[number];
  const learner = state.learners.active;
  await execute(key, code, [], step.expected_output, step.checks);
  if (state.learners.active !== learner) return; // another learner took the laptop meanwhile
  update((s) => {
    const run = s.runs[key];
    const lessonRecord = record(s, lesson.id);
    if (lesson.practice.steps) lessonRecord.step = number; // stay on the step just run, to see its verdict
    if (run.verdict === "pass") {
      lessonRecord.steps = { ...lessonRecord.steps, [number]: true };
      if (stepsOf(lesson.practice).every((_, k) => lessonRecord.steps[k])) lessonRecord.passed = true;
    }
    lessonRecord.lastRun = { ...keptRun(run), step: number };
  });
  save();
}

// Moves to step `number` of a practice in steps. A step with its own starter that was not passed
// yet starts from it; otherwise the learner goes on with their code.
export function goToStep(lesson, number) {
  const step = stepsOf(lesson.practice)[number];
  update((s) => {
    const lessonRecord = record(s, lesson.id);
    lessonRecord.step = number;
    delete s.runs[practiceKey(lesson.id)];
    delete lessonRecord.lastRun;
    if (step.starter && !lessonRecord.steps?.[number]) {
      lessonRecord.draft = step.starter;
      s.resets[practiceKey(lesson.id)] = (s.resets[practiceKey(lesson.id)] ?? 0) + 1;
    }
  });
  save();
}

// Stored output is capped: the last run of each lesson is kept, and localStorage holds a few MB.
export const KEPT_OUTPUT_CHARS = 20_000;
// So are its figures (JSON characters, all of them together); those past the cap are left out and counted.
export const KEPT_FIGURE_CHARS = 150_000;

// The part of a finished run that is kept in progress (plain JSON; see progress.js). `cut` says
// the kept output stops short of what was shown; `figuresLeftOut` counts the figures too large to keep.
function keptRun({ chunks, truncatedAfterLines, result, verdict, figures }) {
  let room = KEPT_OUTPUT_CHARS;
  const kept = [];
  for (const { stream, text } of chunks) {
    if (room <= 0) break;
    kept.push({ stream, text: text.slice(0, room) });
    room -= text.length;
  }
  const { status, error, seconds, message, check } = result;
  let figureRoom = KEPT_FIGURE_CHARS;
  const keptFigures = figures.filter((figure) => (figureRoom -= JSON.stringify(figure).length) >= 0);
  return {
    chunks: kept,
    truncatedAfterLines,
    cut: room < 0,
    ...(figures.length && { figures: keptFigures }),
    ...(keptFigures.length < figures.length && { figuresLeftOut: figures.length - keptFigures.length }),
    result: {
      status,
      ...(error && { error: { traceback: error.traceback, line: error.line ?? null } }),
      ...(seconds && { seconds }),
      ...(message && { message }),
      ...(check && { check }),
    },
    verdict,
  };
}

// A lesson's last practice run as the page shows it after a reload (its lines and diff recomputed).
function restoreRun(s, lesson) {
  const key = practiceKey(lesson.id);
  const kept = s.progress.lessons[lesson.id]?.lastRun;
  if (s.runs[key] || !kept) return;
  const expected = (stepsOf(lesson.practice)[kept.step ?? 0] ?? lesson.practice).expected_output;
  const failed = kept.verdict === "fail" && kept.result.status === "ok" && !outputsMatch(expected, stdoutOf(kept));
  const terminal = newTerminal();
  const blocks = kept.chunks.reduce((lines, { stream, text }) => appendLines(lines, stream, text, terminal), []);
  s.runs[key] = {
    ...structuredClone(kept),
    figures: (kept.figures ?? []).map((figure) => checkFigure(structuredClone(figure))).filter(Boolean),
    truncatedAfterLines: kept.truncatedAfterLines ?? null,
    blocks,
    running: false,
    restored: true,
    diff: failed ? diffOutputs(expected, stdoutOf(kept)) : null,
  };
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

// The answer "keep going" to a run past the time limit (run `key`).
export function keepGoing(key) {
  update((s) => markOvertime(s.runs[key], null));
  python.keepGoing();
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
  const number = currentStep(lesson);
  const total = stepsOf(lesson.practice)[number].hints.length;
  update((s) => {
    const lessonRecord = record(s, lesson.id);
    if (lesson.practice.steps) lessonRecord.stepHints = { ...lessonRecord.stepHints, [number]: Math.min((lessonRecord.stepHints?.[number] ?? 0) + 1, total) };
    else lessonRecord.hints = Math.min((lessonRecord.hints ?? 0) + 1, total);
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

export function resetProgress() {
  clearTimeout(saveTimer);
  unsaved.clear();
  const problem = storage.replace(emptyProgress());
  update((s) => {
    s.progress = emptyProgress();
    s.runs = {};
    s.notice = null;
    s.saveProblem = problem;
    s.generation += 1;
  });
}

const showNotice = (notice) =>
  update((s) => {
    s.notice = notice;
  });

// Merges a progress file into the learner's progress (progress.js mergeProgress: nothing is lost).
// `confirm({ message, confirmLabel })` → Promise<boolean> is asked first when the file would replace
// something the learner has (newer work from the file on a lesson they also worked on here), or when
// the file is another learner's; declined, nothing changes.
export async function uploadProgress(file, confirm) {
  let read;
  try {
    read = importProgress(await file.text());
  } catch (error) {
    showNotice(strings.importFailed(error.message));
    return;
  }
  const { progress, added, replaced } = mergeProgress(state.progress, read.progress);
  const me = activeLearner(state.learners);
  const othersFile = read.learner.name && me?.name && read.learner.name !== me.name;
  if (!added.length && !replaced.length) {
    showNotice(strings.importNothingNew);
    return;
  }
  const titles = replaced.map((id) => plainText(lessonById(id)?.title ?? id));
  if ((replaced.length || othersFile) && !(await confirm({ message: strings.importAsk(titles, othersFile ? read.learner.name : null, me.name), confirmLabel: strings.importMerge }))) {
    showNotice(strings.importCancelled);
    return;
  }
  clearTimeout(saveTimer);
  [...added, ...replaced].forEach((id) => unsaved.add(id));
  update((s) => {
    s.progress = progress;
    for (const id of [...added, ...replaced]) delete s.runs[practiceKey(id)];
    s.generation += 1;
    if (s.route.view === "lesson" && lessonById(s.route.id)) restoreRun(s, lessonById(s.route.id));
  });
  save();
  if (me && !me.name && read.learner.name) addLearner(read.learner.name, read.learner.class); // a first visit takes the file's name
  showNotice(state.saveProblem ? strings.importedNotSaved(state.saveProblem) : strings.imported(added.length + replaced.length));
}

// ---- teacher page (classroom.js) ----------------------------------------------------------------

// Reads the progress files a teacher picked or dropped; a file of the same name read again replaces
// the earlier one.
export async function readClassFiles(files) {
  const read = await Promise.all([...files].map(async (file) => readClassFile(file.name, await file.text())));
  update((s) => {
    const names = new Set(read.map((file) => file.fileName));
    s.classroom.files = [...s.classroom.files.filter((file) => !names.has(file.fileName)), ...read];
  });
}

export function clearClass() {
  update((s) => {
    s.classroom.files = [];
  });
}

// Sorts the class table by `key`; the same key again reverses the order.
export function sortClass(key) {
  update((s) => {
    const { sort } = s.classroom;
    s.classroom.sort = { key, descending: sort.key === key ? !sort.descending : key !== "name" && key !== "class" };
  });
}

export function showAnswerKey(shown) {
  update((s) => {
    s.classroom.answerKey = shown;
  });
}

// The time limit of a run on this browser, from the next page load (config.js); null: the default.
export function setTimeLimit(seconds) {
  try {
    if (seconds === null) localStorage.removeItem(TIME_LIMIT_KEY);
    else localStorage.setItem(TIME_LIMIT_KEY, String(seconds));
  } catch {
    // storage refused: the page says settings are not kept (storage-warning)
  }
}
