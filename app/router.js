// Hash routes: #/ is the course page, #/lesson/<id> a lesson, #/teacher the teacher page. Any other
// #/… route, or a lesson route with more segments (#/lesson/<id>/extra), is a lesson that does not
// exist, so the page says there is no such lesson. An id that is not valid percent-encoding
// (#/lesson/%) is kept as typed. A hash that is no route (#top, none) is the course page.
export function parseRoute(hash) {
  const path = /^#\/([^?]*)/.exec(hash)?.[1].replace(/\/$/, "");
  if (!path) return { view: "course" };
  if (path === "teacher") return { view: "teacher" };
  const lesson = /^lesson\/(.+)$/.exec(path);
  return { view: "lesson", id: decodeOr(lesson ? lesson[1] : path) };
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
