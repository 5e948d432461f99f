// Lesson content in one language. A lesson (or section) may carry `translations: { tr: {...} }`
// holding any of its texts (course/lessons.schema.json, "translation"); each text comes from there
// when present, else from English. Only strings are translated: answers, indexes and outputs are
// the English ones, and a list that does not line up with the English one is ignored whole.
export function localizeCourse(course, language) {
  return {
    sections: course.sections.map((section) => localize(section, language)),
    lessons: course.lessons.map((lesson) => localize(lesson, language)),
  };
}

// The item without its `translations`, its texts overlaid; `language` says what it is written in
// (English when it has no translation), for the page's lang attributes.
function localize({ translations, ...item }, language) {
  const translation = translations?.[language];
  return { ...overlay(item, translation), language: translation ? language : "en" };
}

function overlay(english, translated) {
  if (translated === undefined || translated === null) return english;
  if (typeof english === "string") return typeof translated === "string" ? translated : english;
  if (Array.isArray(english)) {
    return Array.isArray(translated) && translated.length === english.length ? english.map((item, i) => overlay(item, translated[i])) : english;
  }
  if (english && typeof english === "object") {
    return Object.fromEntries(Object.entries(english).map(([key, value]) => [key, overlay(value, translated[key])]));
  }
  return english;
}
