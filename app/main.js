// Wires the app together: Python starts loading at once, then the course loads, then the page renders.
// Built as one classic script (not a module), so the same app.js also runs from a double-clicked
// index.html (file://), where browsers refuse module scripts (files.js).
import "./style.css";
import "katex/dist/katex.min.css";
import { render } from "lit-html";
import "./editor.js";
import { state, subscribe } from "./store.js";
import { config } from "./config.js";
import { strings } from "./strings.js";
import { startServices } from "./services.js";
import { registerServiceWorker } from "./offline.js";
import { initialLanguage } from "./i18n/language.js";
import { parseRoute } from "./router.js";
import { plainText } from "./markdown.js";
import * as actions from "./actions.js";
import * as selectors from "./selectors.js";
import { app } from "./views/layout.js";

actions.setLanguage(initialLanguage(config.language));
const root = document.getElementById("app");
root.replaceChildren(); // drop the static "Loading…" text; lit renders from here on
startServices({
  standbySpare: true, // the app's Stop on a plain host or from disk: Python ready again at once
  site: registerServiceWorker({
    onNewVersion: actions.setNewVersion,
    beforeReload: actions.saveNow,
    busy: () => state.python.state === "running",
    booted: new Promise((resolve) => subscribe(() => ["ready", "failed"].includes(state.python.state) && resolve())),
  }),
});

// After navigating, focus the new page's heading so keyboard and screen-reader users start there.
let navigated = false;
subscribe(() => {
  render(app(state), root);
  const lesson = state.route.view === "lesson" ? selectors.lessonById(state.route.id) : null;
  const heading = lesson ? plainText(lesson.title) : state.route.view === "teacher" ? strings.teacher.title : null;
  const title = heading ? strings.documentTitle(heading, strings.appTitle) : strings.appTitle;
  // Written only when they change: the page renders on every state change (each Run, each batch
  // of output), and a title written, even unchanged, costs the browser work each time.
  if (document.documentElement.lang !== state.language) document.documentElement.lang = state.language;
  if (document.title !== title) document.title = title;
  if (navigated) {
    navigated = false;
    window.scrollTo(0, 0);
    root.querySelector("h1")?.focus({ preventScroll: true });
  }
});

window.addEventListener("pagehide", actions.savePending);
document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && actions.savePending());

window.addEventListener("hashchange", () => {
  navigated = true;
  actions.setRoute(parseRoute(location.hash));
});
actions.setRoute(parseRoute(location.hash));
actions.openCourse().then(() => actions.setRoute(parseRoute(location.hash))); // now that lessons are known, record the visit
