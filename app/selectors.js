// What views and actions read from the state (store.js), derived and never changed here.
import { state } from "./store.js";
import { answerFits } from "./grading.js";

export const lessonById = (id) => state.course?.lessons.find((lesson) => lesson.id === id);
export const practiceKey = (lessonId) => `practice:${lessonId}`;
export const exampleKey = (lessonId, n) => `example:${lessonId}:${n}`;
export const codeBlocks = (lesson) => lesson.body.filter((block) => block.type === "code");

export const currentLearner = () => state.learners.learners.find((learner) => learner.id === state.learners.active);

export const canRun = () => state.python.state === "ready";

// The practice's code as the learner left it: their draft, else the starter.
export const draftOf = (lesson) => state.progress.lessons[lesson.id]?.draft ?? lesson.practice.starter;

// A practice's steps: its `steps`, or the practice itself as its one step.
export const stepsOf = (practice) => practice.steps ?? [practice];
export const stepPassed = (lesson, number) => {
  const lessonRecord = state.progress.lessons[lesson.id];
  return lessonRecord?.passed === true || lessonRecord?.steps?.[number] === true;
};

// The step the learner is on: the one they chose, else the first not passed yet (the last when all are).
export function currentStep(lesson) {
  const steps = stepsOf(lesson.practice);
  const chosen = state.progress.lessons[lesson.id]?.step;
  if (Number.isInteger(chosen) && chosen >= 0 && chosen < steps.length) return chosen;
  const open = steps.findIndex((_, number) => !stepPassed(lesson, number));
  return open === -1 ? steps.length - 1 : open;
}

// Hints shown for the current step.
export function hintsShown(lesson) {
  const lessonRecord = state.progress.lessons[lesson.id];
  return (lesson.practice.steps ? lessonRecord?.stepHints?.[currentStep(lesson)] : lessonRecord?.hints) ?? 0;
}

// Example n's code as the learner left it (kept in progress like the practice's draft, so a reload
// finds their experiment), else the lesson's.
const editedExample = (lesson, n) => state.progress.lessons[lesson.id]?.examples?.[n];
export const exampleEdited = (lesson, n) => editedExample(lesson, n) !== undefined;
export const exampleCode = (lesson, n) => editedExample(lesson, n) ?? codeBlocks(lesson)[n].code;

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

// Of the learner's progress, or of `progress` (another learner's, on the teacher page).
export function lessonState(lessonId, progress = state.progress) {
  const lesson = progress.lessons[lessonId];
  if (!lesson) return "not-started";
  return lesson.passed ? "passed" : "in-progress";
}

export function quizScore(lesson, progress = state.progress) {
  const quiz = progress.lessons[lesson.id]?.quiz ?? {};
  return { right: Object.values(quiz).filter(Boolean).length, total: lesson.questions.length, answered: Object.keys(quiz).length };
}
