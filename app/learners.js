// The learners who share this browser (a lab laptop): each has a name, an optional class and progress
// of their own (progress.js, under the learner's key prefix). No passwords: anyone at the laptop may
// switch to anyone, which the page says. Stored as LEARNERS_KEY → { active: id, learners: [Learner] },
// Learner: { id, name, class }. The first learner's progress is where the course kept progress before
// learners existed, so a browser's earlier progress is theirs without being moved.
import { PREFIX, MAX_NAME_CHARS } from "./progress.js";

const LEARNERS_KEY = "autograd-course/learners";
const FIRST = "1";

export const progressPrefix = (id) => (id === FIRST ? PREFIX : `autograd-course/progress@${id}/`);

const firstVisit = () => ({ active: FIRST, learners: [{ id: FIRST, name: "", class: "" }] });

const isLearner = (learner) =>
  learner !== null && typeof learner === "object" && typeof learner.id === "string" && /^\w{1,20}$/.test(learner.id) &&
  typeof learner.name === "string" && learner.name.length <= MAX_NAME_CHARS &&
  typeof learner.class === "string" && learner.class.length <= MAX_NAME_CHARS;

// The learners as stored; a missing or malformed list is the first visit's (one learner with no name,
// whose progress is the browser's earlier progress).
export function loadLearners() {
  try {
    const stored = JSON.parse(globalThis.localStorage.getItem(LEARNERS_KEY));
    const learners = Array.isArray(stored?.learners) ? stored.learners.filter(isLearner) : [];
    if (!learners.length) return firstVisit();
    return { active: learners.some((l) => l.id === stored.active) ? stored.active : learners[0].id, learners };
  } catch {
    return firstVisit();
  }
}

// Returns null, or why the list could not be saved.
export function saveLearners(registry) {
  try {
    globalThis.localStorage.setItem(LEARNERS_KEY, JSON.stringify(registry));
    return null;
  } catch (error) {
    return String(error?.message ?? error);
  }
}

// A new learner's id: one more than the largest so far (a removed learner's progress is erased with them).
export const newLearnerId = (registry) => String(Math.max(...registry.learners.map((l) => Number(l.id) || 0)) + 1);

export const activeLearner = (registry) => registry.learners.find((learner) => learner.id === registry.active);

export const cleanName = (text) => text.replace(/\s+/g, " ").trim().slice(0, MAX_NAME_CHARS);
