// Loads lessons.json and checks it against course/lessons.schema.json, so a malformed file is
// reported with the path of each bad field instead of breaking the page somewhere later.
import schema from "../course/lessons.schema.json";
import { validate } from "./validate.js";

export async function loadCourse(url) {
  let response;
  try {
    response = await fetch(url, { cache: "no-cache" });
  } catch (error) {
    return { problems: [{ path: url, message: `could not be fetched (${error.message})` }] };
  }
  if (!response.ok) return { problems: [{ path: url, message: `could not be fetched (HTTP ${response.status})` }] };
  let course;
  try {
    course = JSON.parse(await response.text());
  } catch (error) {
    return { problems: [{ path: url, message: `is not valid JSON: ${error.message}` }] };
  }
  const problems = validate(course, schema);
  const ids = new Set();
  course.lessons?.forEach?.((lesson, i) => {
    if (ids.has(lesson?.id)) problems.push({ path: `lessons[${i}].id`, message: `duplicate id "${lesson.id}"` });
    ids.add(lesson?.id);
  });
  return problems.length ? { problems } : { course };
}

// Plain text of a lesson, for the search box.
export function lessonText(lesson) {
  const blocks = lesson.body.map((block) => block.markdown ?? block.code);
  return [lesson.title, lesson.summary, ...blocks, lesson.practice.prompt].join("\n").toLowerCase();
}
