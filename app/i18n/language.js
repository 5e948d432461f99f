// Which language the interface speaks: ?lang= in the URL, else the learner's saved choice, else the
// first of the browser's preferred languages that the course offers, else English.
const KEY = "autograd-course/language";
// The languages offered, each by its own name (as the language switch shows it).
export const LANGUAGES = { en: "English", tr: "Türkçe" };

const supported = (code) => Object.keys(LANGUAGES).find((language) => language === code?.toLowerCase().split("-")[0]);

function savedLanguage() {
  try {
    return globalThis.localStorage?.getItem(KEY);
  } catch {
    return null; // storage refused: the choice lasts for this page only
  }
}

export function initialLanguage(urlSetting, preferred = globalThis.navigator?.languages ?? []) {
  return supported(urlSetting) ?? supported(savedLanguage()) ?? preferred.map(supported).find(Boolean) ?? "en";
}

// Keeps the learner's choice; an explicit ?lang= in the address follows it, so a reload agrees.
export function saveLanguage(code) {
  try {
    globalThis.localStorage?.setItem(KEY, code);
  } catch {
    // storage refused: nothing to keep
  }
  const url = new URL(location.href);
  if (url.searchParams.has("lang")) {
    url.searchParams.set("lang", code);
    history.replaceState(history.state, "", url);
  }
}
