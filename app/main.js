// Wires the app together: Python starts loading at once, then the course loads, then the page renders.
import "./style.css";
import "katex/dist/katex.min.css";
import { render } from "lit-html";
import "./editor.js";
import { state, subscribe } from "./store.js";
import { config } from "./config.js";
import { strings } from "./strings.js";
import { createPython } from "./python.js";
import { openStorage } from "./progress.js";
import { loadCourse } from "./lessons.js";
import { initialLanguage } from "./i18n/language.js";
import { parseRoute } from "./router.js";
import * as actions from "./actions.js";
import { app } from "./views/layout.js";

actions.setLanguage(initialLanguage(config.language));
const root = document.getElementById("app");
root.replaceChildren(); // drop the static "Loading…" text; lit renders from here on
const python = createPython({
  onStatus: actions.setPythonStatus,
  timeLimitSeconds: config.timeLimitSeconds,
  outputLimitChars: config.outputLimitChars,
  workerFailedMessage: strings.python.workerFailed,
});
const storage = openStorage({ onChange: actions.takeSavedElsewhere });
actions.connect({ python, storage });
actions.setStorageAvailable(storage.available, storage.load());

// After navigating, focus the new page's heading so keyboard and screen-reader users start there.
let navigated = false;
subscribe(() => {
  document.documentElement.lang = state.language;
  document.title = strings.appTitle;
  render(app(state), root);
  if (navigated) {
    navigated = false;
    window.scrollTo(0, 0);
    root.querySelector("h1")?.focus({ preventScroll: true });
  }
});

window.addEventListener("hashchange", () => {
  navigated = true;
  actions.setRoute(parseRoute(location.hash));
});
actions.setRoute(parseRoute(location.hash));
actions.setCourse(await loadCourse(new URL("./lessons.json", import.meta.url)));
actions.setRoute(parseRoute(location.hash)); // now that lessons are known, record the visit
