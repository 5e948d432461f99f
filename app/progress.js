// Progress that survives reloads and is never lost: localStorage, one key per lesson, so two tabs
// that work on different lessons cannot erase each other's work (the `storage` event tells each tab
// what the other saved). Everything read back (stored or imported) is checked field by field; a save
// the browser refuses is reported and the work stays in memory. When the browser refuses storage
// altogether (private mode, policy) the app keeps working and says progress will not be kept.
//
// Each learner on the browser (learners.js) has progress of their own, under their own key prefix.
//
// Progress: { version: 1, lastLesson: id | null, lessons: { [id]: LessonRecord } }, where
// LessonRecord: { visited?, draft?, passed?, updated?: ms since 1970 (the record's last change; merges compare it),
//   quiz?: { [questionIndex]: true | false },                      the last verdict of each question
//   answers?: { [questionIndex]: { value, checked, shown? } },     the answer as given (grading.js answerFits)
//   hints?: number, solutionShown?: true,                          what the learner has revealed
//   steps?: { [stepIndex]: true }, step?: number,                  a practice in steps: the steps passed, the one open
//   stepHints?: { [stepIndex]: number },                           hints shown per step (`hints` without steps)
//   examples?: { [exampleIndex]: code },                           the examples the learner edited
//   lastRun?: { chunks: [{ stream, text }], truncatedAfterLines, cut, result: { status, error?: { traceback, line },
//               seconds?, message?, check?: { passed, message? } }, verdict: "pass" | "fail" | null,
//               step?: number, figures?: [figure], figuresLeftOut?: number },  the practice's last finished
//               run (of that step); figures as the program showed them (app/figures/data.js, checked again when shown)
//   ...more }
// Stored as  PREFIX + "meta" → { version: 1, lastLesson }  and  PREFIX + "lesson:" + id → the lesson's record.
import { strings } from "./strings.js";
import { sha256 } from "./sha256.js";

const LEGACY_KEY = "autograd-course/progress"; // before per-lesson keys: the whole progress in one document
export const PREFIX = "autograd-course/progress/"; // the first learner's (learners.js)
const FORMAT = "autograd-course-progress";
// The course's version (package.json), which an export carries: the build defines it.
export const COURSE_VERSION = typeof __COURSE_VERSION__ === "string" ? __COURSE_VERSION__ : "development";
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
  updated: [() => strings.progressWanted.time, (value) => Number.isFinite(value) && value >= 0],
  examples: [
    () => strings.progressWanted.examples,
    (value) => isObject(value) && Object.entries(value).every(([key, code]) => /^\d+$/.test(key) && typeof code === "string" && code.length <= MAX_DRAFT_CHARS),
  ],
  solutionShown: [() => strings.progressWanted.trueOrFalse, (value) => typeof value === "boolean"],
  steps: [() => strings.progressWanted.steps, (value) => isObject(value) && Object.entries(value).every(([key, passed]) => /^\d+$/.test(key) && typeof passed === "boolean")],
  step: [() => strings.progressWanted.step, (value) => Number.isInteger(value) && value >= 0],
  stepHints: [() => strings.progressWanted.steps, (value) => isObject(value) && Object.entries(value).every(([key, shown]) => /^\d+$/.test(key) && Number.isInteger(shown) && shown >= 0)],
  lastRun: [
    () => strings.progressWanted.lastRun,
    (value) =>
      isObject(value) &&
      Array.isArray(value.chunks) &&
      value.chunks.every((chunk) => isObject(chunk) && typeof chunk.stream === "string" && typeof chunk.text === "string") &&
      isObject(value.result) &&
      typeof value.result.status === "string" &&
      [null, "pass", "fail"].includes(value.verdict) &&
      (value.figures === undefined || (Array.isArray(value.figures) && value.figures.every(isObject))),
  ],
};

export const emptyProgress = () => ({ version: 1, lastLesson: null, lessons: {} });

// { available, load(), save(progress, lessonIds) → problem | null, replace(progress) → problem | null,
//   usePrefix(prefix) }: the progress under `prefix` (a learner's, learners.js), until usePrefix() moves on.
// `onChange(lessonId | null, record | null)` hears what another tab saved (null id: everything changed).
export function openStorage({ onChange = () => {}, prefix = PREFIX } = {}) {
  let storage;
  let lessonPrefix, metaKey;
  const usePrefix = (next) => {
    [lessonPrefix, metaKey] = [`${next}lesson:`, `${next}meta`];
  };
  usePrefix(prefix);
  try {
    storage = globalThis.localStorage;
    storage.setItem(`${PREFIX}probe`, "1");
    storage.removeItem(`${PREFIX}probe`);
    storage.getItem(metaKey);
  } catch {
    return { available: false, load: emptyProgress, save: () => null, replace: () => null, usePrefix: () => {} };
  }
  globalThis.addEventListener?.("storage", (event) => {
    if (event.storageArea !== storage) return;
    if (event.key === null) onChange(null, null);
    else if (event.key.startsWith(lessonPrefix)) onChange(event.key.slice(lessonPrefix.length), readRecord(event.newValue));
  });
  const lessonKeys = () => Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((key) => key?.startsWith(lessonPrefix));
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
        storage.removeItem(lessonPrefix + id);
        continue;
      }
      const problems = recordProblems(record, `lessons[${JSON.stringify(id)}]`);
      const problem = problems.length ? strings.notSaved(problems[0]) : write(lessonPrefix + id, record);
      if (problem) return problem;
    }
    return write(metaKey, { version: 1, lastLesson: progress.lastLesson });
  };
  return {
    available: true,
    load: () => {
      try {
        if (metaKey === `${PREFIX}meta`) migrateLegacy(storage, write, lessonPrefix, metaKey);
        return readAll(storage, lessonKeys(), lessonPrefix, metaKey);
      } catch {
        return emptyProgress(); // a storage that throws on read: start empty rather than not at all
      }
    },
    save: saveLessons,
    replace: (progress) => {
      const kept = new Set(Object.keys(progress.lessons).map((id) => lessonPrefix + id));
      lessonKeys().filter((key) => !kept.has(key)).forEach((key) => storage.removeItem(key));
      return saveLessons(progress, Object.keys(progress.lessons));
    },
    usePrefix,
  };
}

// Erases the progress stored under `prefix` (a learner removed, learners.js).
export function eraseProgress(prefix) {
  const storage = globalThis.localStorage;
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((key) => key?.startsWith(`${prefix}lesson:`) || key === `${prefix}meta`);
  keys.forEach((key) => storage.removeItem(key));
}

function migrateLegacy(storage, write, lessonPrefix, metaKey) {
  const legacy = parseJSON(storage.getItem(LEGACY_KEY));
  if (!legacy) return;
  for (const [id, record] of Object.entries(isObject(legacy.lessons) ? legacy.lessons : {})) {
    if (storage.getItem(lessonPrefix + id) === null && isObject(record) && recordProblems(record, "").length === 0) write(lessonPrefix + id, record);
  }
  if (storage.getItem(metaKey) === null) write(metaKey, { version: 1, lastLesson: typeof legacy.lastLesson === "string" ? legacy.lastLesson : null });
  storage.removeItem(LEGACY_KEY);
}

function readAll(storage, keys, lessonPrefix, metaKey) {
  const progress = emptyProgress();
  const meta = parseJSON(storage.getItem(metaKey));
  if (typeof meta?.lastLesson === "string") progress.lastLesson = meta.lastLesson;
  for (const key of keys) {
    const record = readRecord(storage.getItem(key));
    if (record) progress.lessons[key.slice(lessonPrefix.length)] = record;
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

// An export file: the learner's progress with who they are, the course's version and the content
// hash of the progress (which import checks: a file changed by hand or cut short is refused).
function exportProgress(progress, learner = { name: "", class: "" }) {
  return JSON.stringify(
    {
      format: FORMAT,
      exported: new Date().toISOString(),
      learner: { name: learner.name, class: learner.class },
      course: { version: COURSE_VERSION },
      hash: `sha256:${sha256(JSON.stringify(progress))}`,
      progress,
    },
    null,
    2,
  );
}

// autograd-progress-<name>-<yyyy-mm-dd>.json, the name as a file name may hold it on any system.
function exportFileName(name, date = new Date()) {
  const safe = name.normalize("NFC").replace(/[\s\\/:*?"<>|\u0000-\u001f.]+/gu, "-").replace(/^-+|-+$/g, "").slice(0, 60);
  const day = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
  return `autograd-progress-${safe ? `${safe}-` : ""}${day}.json`;
}

// Hands the export file to the browser as a download.
export function downloadProgress(progress, learner) {
  downloadFile(exportProgress(progress, learner), exportFileName(learner?.name ?? ""), "application/json");
}

export function downloadFile(text, name, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// An export file read back: { progress, learner: { name, class }, course: { version } | null,
// exported: ISO date | null, hashed: whether the file carried a hash (files from before hashes did not) };
// throws an Error with every problem (by field path) otherwise.
export function importProgress(text) {
  if (text.length > MAX_IMPORT_BYTES) throw new Error(strings.importTooLarge(text.length, MAX_IMPORT_BYTES));
  const document = parseJSON(text);
  if (document === null) throw new Error(strings.importNotJSON);
  if (!isObject(document) || document.format !== FORMAT) throw new Error(strings.importNotProgress);
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
  const learner = document.learner ?? { name: "", class: "" };
  const shortText = (value) => typeof value === "string" && value.length <= MAX_NAME_CHARS;
  if (!isObject(learner) || !shortText(learner.name ?? "") || !shortText(learner.class ?? "")) problems.push(fieldProblem("learner", wanted.learner(MAX_NAME_CHARS), learner));
  if (document.course !== undefined && !(isObject(document.course) && typeof document.course.version === "string")) problems.push(fieldProblem("course", wanted.course, document.course));
  if (document.hash !== undefined && typeof document.hash !== "string") problems.push(fieldProblem("hash", wanted.hash, document.hash));
  if (problems.length) throw new Error(problems.slice(0, 3).join("; ") + (problems.length > 3 ? strings.moreProblems(problems.length - 3) : ""));
  if (document.hash !== undefined && document.hash !== `sha256:${sha256(JSON.stringify(progress))}`) throw new Error(strings.importChanged);
  return {
    progress: { version: 1, lastLesson: progress.lastLesson ?? null, lessons: progress.lessons },
    learner: { name: learner.name ?? "", class: learner.class ?? "" },
    course: document.course ?? null,
    exported: typeof document.exported === "string" ? document.exported : null,
    hashed: document.hash !== undefined,
  };
}

export const MAX_NAME_CHARS = 80;

// `incoming` merged into `current`, lesson by lesson, losing nothing: a lesson in one only is taken as
// it is; in both, the record changed last (`updated`) wins field by field, and from the other the
// record keeps what the newer lacks: a pass stays passed, hints and flags the most revealed, and
// answers, quiz verdicts and edited examples of the questions the newer one has not touched.
// Returns { progress, added: [ids], replaced: [ids] }: `replaced` lists the lessons where something
// the learner has now would be replaced by the file's (to ask first).
export function mergeProgress(current, incoming) {
  const lessons = { ...current.lessons };
  const added = [];
  const replaced = [];
  for (const [id, theirs] of Object.entries(incoming.lessons)) {
    const mine = current.lessons[id];
    if (!mine) {
      lessons[id] = theirs;
      added.push(id);
      continue;
    }
    const theirsNewer = (theirs.updated ?? 0) > (mine.updated ?? 0);
    const merged = theirsNewer ? mergeRecords(mine, theirs) : mergeRecords(theirs, mine);
    if (JSON.stringify(merged) === JSON.stringify(mine)) continue;
    lessons[id] = merged;
    if (Object.keys(mine).some((field) => field !== "updated" && !covers(merged[field], mine[field]))) replaced.push(id);
    else added.push(id);
  }
  const lastLesson = [current, incoming]
    .filter((progress) => progress.lastLesson)
    .sort((a, b) => (b.lessons[b.lastLesson]?.updated ?? 0) - (a.lessons[a.lastLesson]?.updated ?? 0))[0]?.lastLesson ?? null;
  return { progress: { version: 1, lastLesson, lessons }, added, replaced };
}

function mergeRecords(older, newer) {
  const merged = { ...older, ...newer };
  for (const [field, value] of Object.entries(older)) {
    if (!(field in newer)) continue;
    if (typeof value === "boolean") merged[field] = value || newer[field];
    else if (typeof value === "number" && field !== "updated") merged[field] = Math.max(value, newer[field]);
    else if (isNumbered(value) && isNumbered(newer[field])) merged[field] = { ...value, ...newer[field] };
  }
  return merged;
}

// An object keyed by question or example number (quiz, answers, examples).
const isNumbered = (value) => isObject(value) && Object.keys(value).every((key) => /^\d+$/.test(key));

// Whether `after` keeps all of `before` (the same, or a numbered map that holds its entries unchanged).
function covers(after, before) {
  if (JSON.stringify(after) === JSON.stringify(before)) return true;
  if (typeof before === "boolean") return after === true;
  if (typeof before === "number") return after >= before;
  return isNumbered(before) && isNumbered(after) && Object.entries(before).every(([key, value]) => JSON.stringify(after[key]) === JSON.stringify(value));
}
