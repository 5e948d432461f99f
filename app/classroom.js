// The teacher page's class table, from the learners' progress files: who passed what, quiz scores,
// last activity, pass rates, where learners are stuck, and the table as CSV. Pure functions of the
// files read (state.classroom.files) and the course; the files never leave the page.
import { COURSE_VERSION, importProgress, mergeProgress } from "./progress.js";
import { lessonState, quizScore } from "./selectors.js";

// A file read: { fileName, name, class, version, exported, progress } or { fileName, problem }.
// A file from before exports named their learner is named after its file.
export function readClassFile(fileName, text) {
  try {
    const { progress, learner, course, exported } = importProgress(text);
    return { fileName, name: learner.name || fileName.replace(/\.json$/i, ""), class: learner.class, version: course?.version ?? null, exported, progress };
  } catch (error) {
    return { fileName, problem: error.message };
  }
}

// One row per learner (files of the same name and class are merged, nothing lost: a learner may
// hand in one file per lesson or per day).
export function classRows(files, lessons) {
  const byLearner = new Map();
  for (const file of files.filter((entry) => !entry.problem)) {
    const key = JSON.stringify([file.name, file.class]);
    const earlier = byLearner.get(key);
    byLearner.set(key, earlier
      ? { ...file, progress: mergeProgress(earlier.progress, file.progress).progress, exported: [earlier.exported, file.exported].sort().at(-1), version: newerVersion(earlier, file) }
      : file);
  }
  return [...byLearner.values()].map((file) => {
    const cells = Object.fromEntries(lessons.map((lesson) => [lesson.id, { state: lessonState(lesson.id, file.progress), ...quizScore(lesson, file.progress) }]));
    const times = Object.values(file.progress.lessons).map((record) => record.updated).filter(Number.isFinite);
    const last = file.progress.lastLesson;
    return {
      name: file.name,
      class: file.class,
      version: file.version,
      cells,
      passed: Object.values(cells).filter((cell) => cell.state === "passed").length,
      right: Object.values(cells).reduce((sum, cell) => sum + cell.right, 0),
      lastActivity: times.length ? Math.max(...times) : file.exported ? Date.parse(file.exported) : null,
      stuckOn: last && cells[last] && cells[last].state !== "passed" ? last : null,
    };
  });
}

const newerVersion = (a, b) => ((a.exported ?? "") > (b.exported ?? "") ? a.version : b.version);

export const otherVersion = (row) => row.version !== COURSE_VERSION;

// Sorted by `key`: "name", "class", "passed", "right", "lastActivity", or a lesson id (by its state,
// passed first). Ties by name.
export function sortRows(rows, { key, descending }) {
  const rank = { passed: 0, "in-progress": 1, "not-started": 2 };
  const value = (row) => (key in row ? row[key] ?? -Infinity : rank[row.cells[key]?.state] ?? 3);
  const byName = (a, b) => a.name.localeCompare(b.name) || a.class.localeCompare(b.class);
  const compare = (a, b) => {
    const [x, y] = [value(a), value(b)];
    const order = typeof x === "string" ? x.localeCompare(y) : x - y;
    return (descending ? -order : order) || byName(a, b);
  };
  return [...rows].sort(compare);
}

export function passRates(rows, lessons) {
  return Object.fromEntries(lessons.map((lesson) => [lesson.id, { passed: rows.filter((row) => row.cells[lesson.id].state === "passed").length, total: rows.length }]));
}

// { lessonId: [names] } of the learners whose last lesson is not passed yet.
export function stuckLearners(rows) {
  const stuck = {};
  for (const row of rows) if (row.stuckOn) (stuck[row.stuckOn] ??= []).push(row.name);
  return stuck;
}

// The table as CSV (RFC 4180, UTF-8 with a byte-order mark so spreadsheets read the names right).
// A cell that a spreadsheet would take for a formula (=, +, -, @) is prefixed with ' : a learner's
// name is theirs to type, and must not run in the teacher's spreadsheet.
export function classCSV(rows, lessons, { headings, states, quizHeading }) {
  const cell = (value) => {
    let text = String(value ?? "");
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  // A quiz score is one number, the questions' count in its heading: "3/4" would be a date to a spreadsheet.
  const header = [...headings, ...lessons.flatMap((lesson) => [lesson.title, quizHeading(lesson.title, lesson.questions.length)])];
  const lines = rows.map((row) => [
    row.name,
    row.class,
    row.version ?? "",
    row.passed,
    row.right,
    row.lastActivity === null ? "" : new Date(row.lastActivity).toISOString(),
    ...lessons.flatMap((lesson) => {
      const { state, right, answered } = row.cells[lesson.id];
      return [states[state], answered ? right : ""];
    }),
  ]);
  return `\ufeff${[header, ...lines].map((line) => line.map(cell).join(",")).join("\r\n")}\r\n`;
}
