// Wires the app together: Python starts loading at once, then the course loads, then the page renders.
import "./style.css";
import "katex/dist/katex.min.css";
import { render } from "lit-html";
import "./editor.js";
import { state, subscribe } from "./store.js";
import { startServices } from "./services.js";
import { loadCourse } from "./lessons.js";
import { parseRoute } from "./router.js";
import * as actions from "./actions.js";
import { app } from "./views/layout.js";

const root = document.getElementById("app");
root.replaceChildren(); // drop the static "Loading…" text; lit renders from here on
startServices();

// After navigating, focus the new page's heading so keyboard and screen-reader users start there.
let navigated = false;
subscribe(() => {
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
