// Hash routes: #/ is the course page, #/lesson/<id> a lesson, #/teacher the teacher page. An id that
// is not valid percent-encoding (#/lesson/%) is kept as typed, so the page says there is no such lesson.
export function parseRoute(hash) {
  if (/^#\/teacher\/?$/.test(hash)) return { view: "teacher" };
  const match = /^#\/lesson\/([^/?#]+)/.exec(hash);
  return match ? { view: "lesson", id: decodeOr(match[1]) } : { view: "course" };
}

function decodeOr(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export const lessonHref = (id) => `#/lesson/${encodeURIComponent(id)}`;
export const courseHref = "#/";
export const teacherHref = "#/teacher";
