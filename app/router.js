// Hash routes: #/ is the course page, #/lesson/<id> a lesson.
export function parseRoute(hash) {
  const match = /^#\/lesson\/([^/?#]+)/.exec(hash);
  return match ? { view: "lesson", id: decodeURIComponent(match[1]) } : { view: "course" };
}

export const lessonHref = (id) => `#/lesson/${encodeURIComponent(id)}`;
export const courseHref = "#/";
