// Progress that survives reloads: localStorage, one JSON document. When the browser refuses storage
// (private mode, quota, policy) the app keeps working and says progress will not be kept.
//
// Document: { version: 1, lastLesson: id | null,
//             lessons: { [id]: { visited, draft?, passed?, quiz?: { [questionIndex]: true | false } } } }
const KEY = "autograd-course/progress";
const FORMAT = "autograd-course-progress";

export const emptyProgress = () => ({ version: 1, lastLesson: null, lessons: {} });

export function openStorage() {
  try {
    const storage = globalThis.localStorage;
    storage.setItem(`${KEY}/probe`, "1");
    storage.removeItem(`${KEY}/probe`);
    return {
      available: true,
      load: () => parseProgress(storage.getItem(KEY)),
      save: (progress) => {
        try {
          storage.setItem(KEY, JSON.stringify(progress));
          return true;
        } catch {
          return false; // quota exceeded: keep going without saving
        }
      },
    };
  } catch {
    return { available: false, load: emptyProgress, save: () => false };
  }
}

function parseProgress(text) {
  try {
    return text ? checkProgress(JSON.parse(text)) : emptyProgress();
  } catch {
    return emptyProgress();
  }
}

function checkProgress(progress) {
  if (progress?.version !== 1 || typeof progress.lessons !== "object" || progress.lessons === null) {
    throw new Error("this is not a progress file of this course (version 1)");
  }
  return { version: 1, lastLesson: progress.lastLesson ?? null, lessons: progress.lessons };
}

export function exportProgress(progress) {
  return JSON.stringify({ format: FORMAT, exported: new Date().toISOString(), progress }, null, 2);
}

// Throws an Error with a message for the learner when the file is not a progress export.
export function importProgress(text) {
  let document;
  try {
    document = JSON.parse(text);
  } catch {
    throw new Error("the file is not JSON");
  }
  if (document?.format !== FORMAT) throw new Error("this is not a progress file of this course");
  return checkProgress(document.progress);
}
