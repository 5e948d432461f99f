// Lesson content in one language. A lesson (or section) may carry `translations: { tr: {...} }`
// holding any of its texts (course/lessons.schema.json, "translation"); each text comes from there
// when present, else from English. Only strings are translated: answers, indexes and outputs are
// the English ones, and a list that does not line up with the English one is ignored whole.
// Every object of the result records in `languages` what each of its texts is written in
// (`languages.hints[1]` for a list), so that an English text left in a Turkish page is marked
// lang="en" and screen readers pronounce it as English (textLanguage below).
export function localizeCourse(course, language) {
  return {
    sections: course.sections.map((section) => localize(section, language)),
    lessons: course.lessons.map((lesson) => localize(lesson, language)),
  };
}

// The language of one text of a localized object: textLanguage(practice, "hints", 1). English for
// an object that is not there (a lesson whose section is unknown shows the section's English name).
export function textLanguage(item, key, index) {
  const language = item?.languages?.[key];
  return (Array.isArray(language) ? language[index] : language) ?? "en";
}

// The item without its `translations`, its texts overlaid; `language` says what it is written in
// (English when it has no translation), for search and for texts made from the whole lesson.
function localize({ translations, ...item }, language) {
  const translation = translations?.[language];
  return { ...overlay(item, translation, language), language: translation ? language : "en" };
}

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isTextList = (value) => Array.isArray(value) && value.every((item) => typeof item === "string");
const lined = (english, translated) => (Array.isArray(translated) && translated.length === english.length ? translated : []);

// → [the text shown, its language]
const text = (english, translated, language) => (typeof translated === "string" ? [translated, language] : [english, "en"]);

function overlay(english, translated, language) {
  if (Array.isArray(english)) return english.map((item, i) => overlay(item, lined(english, translated)[i], language));
  if (!isObject(english)) return english;
  const given = isObject(translated) ? translated : {};
  const result = {};
  const languages = {};
  for (const [key, value] of Object.entries(english)) {
    if (typeof value === "string") {
      [result[key], languages[key]] = text(value, given[key], language);
    } else if (isTextList(value)) {
      const texts = value.map((item, i) => text(item, lined(value, given[key])[i], language));
      result[key] = texts.map(([shown]) => shown);
      languages[key] = texts.map(([, written]) => written);
    } else {
      result[key] = overlay(value, given[key], language);
    }
  }
  return { ...result, languages };
}
