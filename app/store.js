// The app's state, in one place. Views read it; only actions.js changes it, through update().
export const state = {
  course: null, // { sections, lessons } once lessons.json is loaded and valid, in the active language
  courseSource: null, // lessons.json as loaded, with every language's translations
  language: "en", // of the interface and the lessons: "en" | "tr" (app/i18n/language.js)
  courseProblems: null, // [{ path, kind, args }] when lessons.json is malformed (validate.js)
  courseFailure: null, // { file, reason, status? } when lessons.json could not be had (files.js FileError)
  route: { view: "course" }, // or { view: "lesson", id }, or { view: "teacher" }
  python: { state: "loading", stage: "runtime", isolated: false, engineError: undefined, failure: null },
  // failure (state "failed"): { message, file?, reason?, status? } or { hung: stage, seconds }; see python.js
  newVersion: false, // a new build of the site is installed and waits for a reload (offline.js)
  storageAvailable: true,
  learners: { active: "1", learners: [{ id: "1", name: "", class: "" }] }, // who uses this browser (learners.js)
  progress: { version: 1, lastLesson: null, lessons: {} }, // the active learner's, persisted (quiz answers, hints, last run too); see progress.js
  runs: {}, // transient, by run key ("practice:<id>", "example:<id>:<n>"): see actions.js
  graphs: {}, // transient graph panels, by run key: see graph/actions.js
  resets: {}, // transient, by run key: how often that editor was reset, so it remounts with fresh text
  search: "",
  notice: null, // a one-line message about the last progress import/export
  saveProblem: null, // why the last save failed (the work is still in `progress`), or null
  // The teacher page (classroom.js): the progress files read (never stored), how the table is sorted,
  // whether the answer key shows.
  classroom: { files: [], sort: { key: "name", descending: false }, answerKey: false },
  generation: 0, // bumped when progress is replaced, so editors remount with the new drafts
};

const listeners = [];
let scheduled = false;

export function subscribe(listener) {
  listeners.push(listener);
}

export function update(change) {
  change(state);
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    listeners.forEach((listener) => listener(state));
  });
}
