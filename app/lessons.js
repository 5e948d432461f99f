// Loads lessons.json and checks it against course/lessons.schema.json, so a malformed file is
// reported with the path of each bad field instead of breaking the page somewhere later.
// A file that cannot be had at all is a `failure` (a download problem), never a content problem.
import schema from "../course/lessons.schema.json";
import { validate } from "./validate.js";
import { strings } from "./strings.js";
import { FileError, readText } from "./files.js";

const FILE = "lessons.json";

// → { course } | { problems: [{ path, kind, args }] } (validate.js) | { failure: { file, reason, status? } }
export async function loadCourse() {
  let text;
  try {
    text = await readText(FILE);
  } catch (error) {
    if (!(error instanceof FileError)) throw error;
    return { failure: { file: error.file, reason: error.reason, status: error.status } };
  }
  let course;
  try {
    course = JSON.parse(text);
  } catch (error) {
    return { problems: [{ path: FILE, kind: "notJson", args: [error.message] }] }; // the browser's own words, after ours
  }
  const problems = validate(course, schema);
  if (problems.length === 0) problems.push(...crossFieldProblems(course));
  return problems.length ? { problems } : { course };
}

// A problem of loadCourse() in the learner's language: where it is, and what.
export const courseProblemText = ({ path, kind, args }) => [path || strings.courseTopLevel, strings.courseProblem[kind](...args)];

// What the schema cannot say: ids are unique, a choice question's answers name existing options.
function crossFieldProblems(course) {
  const problems = [];
  const ids = new Set();
  course.lessons.forEach((lesson, i) => {
    if (ids.has(lesson.id)) problems.push({ path: `lessons[${i}].id`, kind: "duplicateId", args: [lesson.id] });
    ids.add(lesson.id);
    lesson.questions.forEach((question, k) => {
      if (question.type !== "choice") return;
      const path = `lessons[${i}].questions[${k}]`;
      const options = question.options.length;
      if (question.answer !== undefined && question.answer >= options) problems.push({ path: `${path}.answer`, kind: "answerOutOfRange", args: [question.answer, options] });
      question.answers?.forEach((answer, j) => {
        if (answer >= options) problems.push({ path: `${path}.answers[${j}]`, kind: "answerOutOfRange", args: [answer, options] });
      });
    });
  });
  return problems;
}

// Plain text of a lesson, for the search box, lower-cased by its language's rules (Turkish I → ı).
export function lessonText(lesson) {
  const blocks = lesson.body.map((block) => block.markdown ?? block.code);
  return [lesson.title, lesson.summary, ...blocks, lesson.practice.prompt].join("\n").toLocaleLowerCase(lesson.language);
}
