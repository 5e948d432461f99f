// Progress that survives reloads and is never lost: localStorage, one key per lesson, so two tabs
// that work on different lessons cannot erase each other's work (the `storage` event tells each tab
// what the other saved). Everything read back (stored or imported) is checked field by field; a save
// the browser refuses is reported and the work stays in memory. When the browser refuses storage
// altogether (private mode, policy) the app keeps working and says progress will not be kept.
//
// Progress: { version: 1, lastLesson: id | null, lessons: { [id]: LessonRecord } }, where
// LessonRecord: { visited?, draft?, passed?,
//   quiz?: { [questionIndex]: true | false },                      the last verdict of each question
//   answers?: { [questionIndex]: { value, checked, shown? } },     the answer as given (grading.js answerFits)
//   hints?: number, solutionShown?: true,                          what the learner has revealed
//   examples?: { [exampleIndex]: code },                           the examples the learner edited
//   lastRun?: { chunks: [{ stream, text }], truncatedAfterLines, cut, result: { status, error?: { traceback, line },
//               seconds?, message? }, verdict: "pass" | "fail" | null },   the practice's last finished run
//   ...more }
// Stored as  PREFIX + "meta" → { version: 1, lastLesson }  and  PREFIX + "lesson:" + id → the lesson's record.
import { strings } from "./strings.js";

const LEGACY_KEY = "autograd-course/progress"; // before per-lesson keys: the whole progress in one document
const PREFIX = "autograd-course/progress/";
const LESSON_PREFIX = `${PREFIX}lesson:`;
const META = `${PREFIX}meta`;
const FORMAT = "autograd-course-progress";
const MAX_DRAFT_CHARS = 100_000;
const MAX_IMPORT_BYTES = 4_000_000;

// Each per-lesson field the app writes, and what it must be (in words, in the learner's language, when
// a problem is reported). Fields not listed here are kept as they are, so a feature that adds one (in
// its own module) loses nothing in older or newer tabs.
const LESSON_FIELDS = {
  visited: [() => strings.progressWanted.trueOrFalse, (value) => typeof value === "boolean"],
  passed: [() => strings.progressWanted.trueOrFalse, (value) => typeof value === "boolean"],
  draft: [() => strings.progressWanted.draft(MAX_DRAFT_CHARS), (value) => typeof value === "string" && value.length <= MAX_DRAFT_CHARS],
  quiz: [
    () => strings.progressWanted.quiz,
    (value) => isObject(value) && Object.entries(value).every(([key, right]) => /^\d+$/.test(key) && typeof right === "boolean"),
  ],
  answers: [
    () => strings.progressWanted.answers,
    (value) => isObject(value) && Object.entries(value).every(([key, answer]) => /^\d+$/.test(key) && isObject(answer) && typeof answer.checked === "boolean"),
  ],
  hints: [() => strings.progressWanted.hints, (value) => Number.isInteger(value) && value >= 0],
  examples: [
    () => strings.progressWanted.examples,
    (value) => isObject(value) && Object.entries(value).every(([key, code]) => /^\d+$/.test(key) && typeof code === "string" && code.length <= MAX_DRAFT_CHARS),
  ],
  solutionShown: [() => strings.progressWanted.trueOrFalse, (value) => typeof value === "boolean"],
  lastRun: [
    () => strings.progressWanted.lastRun,
    (value) =>
      isObject(value) &&
      Array.isArray(value.chunks) &&
      value.chunks.every((chunk) => isObject(chunk) && typeof chunk.stream === "string" && typeof chunk.text === "string") &&
      isObject(value.result) &&
      typeof value.result.status === "string" &&
      [null, "pass", "fail"].includes(value.verdict),
  ],
};

export const emptyProgress = () => ({ version: 1, lastLesson: null, lessons: {} });

// { available, load(), save(progress, lessonIds) → problem | null, replace(progress) → problem | null }
// `onChange(lessonId | null, record | null)` hears what another tab saved (null id: everything changed).
export function openStorage({ onChange = () => {} } = {}) {
  let storage;
  try {
    storage = globalThis.localStorage;
    storage.setItem(`${PREFIX}probe`, "1");
    storage.removeItem(`${PREFIX}probe`);
    storage.getItem(META);
  } catch {
    return { available: false, load: emptyProgress, save: () => null, replace: () => null };
  }
  globalThis.addEventListener?.("storage", (event) => {
    if (event.storageArea !== storage) return;
    if (event.key === null) onChange(null, null);
    else if (event.key.startsWith(LESSON_PREFIX)) onChange(event.key.slice(LESSON_PREFIX.length), readRecord(event.newValue));
  });
  const lessonKeys = () => Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((key) => key?.startsWith(LESSON_PREFIX));
  const write = (key, value) => {
    try {
      storage.setItem(key, JSON.stringify(value));
      return null;
    } catch (error) {
      return strings.storageRefused(error?.name === "QuotaExceededError" ? strings.storageFull : String(error?.message ?? error));
    }
  };
  const saveLessons = (progress, lessonIds) => {
    for (const id of lessonIds) {
      const record = progress.lessons[id];
      if (record === undefined) {
        storage.removeItem(LESSON_PREFIX + id);
        continue;
      }
      const problems = recordProblems(record, `lessons[${JSON.stringify(id)}]`);
      const problem = problems.length ? strings.notSaved(problems[0]) : write(LESSON_PREFIX + id, record);
      if (problem) return problem;
    }
    return write(META, { version: 1, lastLesson: progress.lastLesson });
  };
  return {
    available: true,
    load: () => {
      try {
        migrateLegacy(storage, write);
        return readAll(storage, lessonKeys());
      } catch {
        return emptyProgress(); // a storage that throws on read: start empty rather than not at all
      }
    },
    save: saveLessons,
    replace: (progress) => {
      const kept = new Set(Object.keys(progress.lessons).map((id) => LESSON_PREFIX + id));
      lessonKeys().filter((key) => !kept.has(key)).forEach((key) => storage.removeItem(key));
      return saveLessons(progress, Object.keys(progress.lessons));
    },
  };
}

function migrateLegacy(storage, write) {
  const legacy = parseJSON(storage.getItem(LEGACY_KEY));
  if (!legacy) return;
  for (const [id, record] of Object.entries(isObject(legacy.lessons) ? legacy.lessons : {})) {
    if (storage.getItem(LESSON_PREFIX + id) === null && isObject(record) && recordProblems(record, "").length === 0) write(LESSON_PREFIX + id, record);
  }
  if (storage.getItem(META) === null) write(META, { version: 1, lastLesson: typeof legacy.lastLesson === "string" ? legacy.lastLesson : null });
  storage.removeItem(LEGACY_KEY);
}

function readAll(storage, keys) {
  const progress = emptyProgress();
  const meta = parseJSON(storage.getItem(META));
  if (typeof meta?.lastLesson === "string") progress.lastLesson = meta.lastLesson;
  for (const key of keys) {
    const record = readRecord(storage.getItem(key));
    if (record) progress.lessons[key.slice(LESSON_PREFIX.length)] = record;
  }
  return progress;
}

// A stored record, or null when it is missing or malformed (then that one lesson starts afresh).
function readRecord(text) {
  const record = parseJSON(text);
  return isObject(record) && recordProblems(record, "").length === 0 ? record : null;
}

function parseJSON(text) {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function describe(value) {
  const found = strings.progressFound;
  if (value === undefined) return found.nothing;
  if (value === null) return found.null;
  if (Array.isArray(value)) return found.list;
  return typeof value === "string" ? found.text(value.length) : found.other(typeof value);
}

const fieldProblem = (path, wanted, value) => strings.progressProblem(path, wanted, describe(value));

function recordProblems(record, path) {
  return Object.entries(LESSON_FIELDS)
    .filter(([field, [, valid]]) => field in record && !valid(record[field]))
    .map(([field, [wanted]]) => fieldProblem(`${path}.${field}`, wanted(), record[field]));
}

function exportProgress(progress) {
  return JSON.stringify({ format: FORMAT, exported: new Date().toISOString(), progress }, null, 2);
}

// Hands the export file to the browser as a download.
export function downloadProgress(progress) {
  const url = URL.createObjectURL(new Blob([exportProgress(progress)], { type: "application/json" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: "autograd-progress.json" });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// The progress in an export file; throws an Error with every problem (by field path) otherwise.
export function importProgress(text) {
  if (text.length > MAX_IMPORT_BYTES) throw new Error(strings.importTooLarge(text.length, MAX_IMPORT_BYTES));
  const document = parseJSON(text);
  if (document === null) throw new Error(strings.importNotJSON);
  if (document.format !== FORMAT) throw new Error(strings.importNotProgress);
  const progress = document.progress;
  const problems = [];
  const wanted = strings.progressWanted;
  if (!isObject(progress)) problems.push(fieldProblem("progress", wanted.object, progress));
  else {
    if (progress.version !== 1) problems.push(strings.progressProblem("progress.version", "1", JSON.stringify(progress.version) ?? strings.progressFound.nothing));
    if (progress.lastLesson != null && typeof progress.lastLesson !== "string") problems.push(fieldProblem("progress.lastLesson", wanted.lessonId, progress.lastLesson));
    if (!isObject(progress.lessons)) problems.push(fieldProblem("progress.lessons", wanted.lessons, progress.lessons));
    else {
      for (const [id, record] of Object.entries(progress.lessons)) {
        const path = `progress.lessons[${JSON.stringify(id)}]`;
        if (!isObject(record)) problems.push(fieldProblem(path, wanted.object, record));
        else problems.push(...recordProblems(record, path));
      }
    }
  }
  if (problems.length) throw new Error(problems.slice(0, 3).join("; ") + (problems.length > 3 ? strings.moreProblems(problems.length - 3) : ""));
  return { version: 1, lastLesson: progress.lastLesson ?? null, lessons: progress.lessons };
}
