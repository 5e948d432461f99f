// pyscript-torch.js: PyScript's markup on a docs page, run by the course's own Python runtime.
//   <script type="module" src="…/pyscript-torch.js"></script>
// The page's <script type="py"> and <script type="py-editor"> run in the worker the course and the
// <torch-cell>s use (runtime.js → python.js → worker.js → runner.py): the same engine install, runner,
// output streaming, Stop and time limit, one worker for the page. Nothing comes from another host.
// - `py` scripts are taken before PyScript starts (their type becomes "py-torch"), and run in page
//   order at load in one namespace, as PyScript's main-thread scripts share theirs (runner.py's
//   session "pyscript"). print() goes to the console, as in PyScript; an error, or the time limit,
//   is also shown after the script (the cells' output view), and so are the figures it shows.
// - `py-editor` scripts keep PyScript's own editor (vendor/pyscript/, loaded only for them): its Run
//   button (and Ctrl/Cmd/Shift+Enter) hands the code to us through PyScript's `handleEvent` override,
//   which returns false, so PyScript's interpreter never starts. The output streams into the editor's
//   output area; Run on a running editor stops it. Editors of one `env` share a namespace, and that
//   env's `setup` scripts run first in it (once per namespace).
// PyScript's other features (a `config`'s packages, `from pyscript import document`, the DOM) are
// not available: programs run in a worker without the page.
import { html, nothing, render } from "lit-html";
import { strings } from "../strings.js";
import { appendLate, appendOutput, finishRun, newRun } from "../runs.js";
import { outputPanel } from "../views/output.js";
import { pythonStatus } from "../views/python-status.js";
import { dedent } from "./dedent.js";
import { sheet } from "./sheet.js";
import * as runtime from "./runtime.js";

const TAKEN = "py-torch";
const here = (path) => new URL(path, import.meta.url).href;

// An element after `anchor` with a shadow root in the cells' look, where a run's output view renders.
function outputHost(anchor, where = "afterend") {
  const host = document.createElement("div");
  host.className = "torch-output";
  host.attachShadow({ mode: "open" }).adoptedStyleSheets = [sheet];
  anchor.insertAdjacentElement(where, host);
  return host;
}

// The text of a run's end that is not output: a traceback, a stop or a time limit.
function endingText(result) {
  if (result.status === "error") return result.error.traceback;
  if (result.status === "timeout") return strings.timedOut(result.seconds);
  if (result.status === "crashed") return strings.crashed(result.message);
  return result.status === "stopped" ? strings.stopped : "";
}

// Calls `write(line)` for each whole line of a stream's chunks; flush() writes the rest.
function lines(write) {
  let pending = "";
  return {
    add(text) {
      const parts = (pending + text).split("\n");
      pending = parts.pop();
      parts.forEach(write);
    },
    flush: () => pending && (write(pending), (pending = "")),
  };
}

function runPyScripts(scripts) {
  for (const script of scripts) {
    const run = newRun();
    const toConsole = { stdout: lines((line) => console.log(line)), stderr: lines((line) => console.error(line)) };
    const job = {
      code: dedent(script.textContent),
      prelude: [],
      options: { session: "pyscript" },
      onOutput: (stream, text) => {
        appendOutput(run, stream, text);
        toConsole[stream]?.add(text);
      },
      onLate: (text) => console.error(text.trimEnd()),
    };
    runtime.run(job).then((result) => {
      Object.values(toConsole).forEach((stream) => stream.flush());
      finishRun(run, result);
      const ending = endingText(result);
      if (ending) console.error(ending);
      // A script's output goes to the console, as PyScript's does; its figures and how it ended, beside it.
      if (ending || run.figures.length) render(outputPanel(run, { testid: "output" }), outputHost(script).shadowRoot);
    });
  }
}

let editorsMade = 0;

// One py-editor (once PyScript has built it): its Run button runs the code with us.
function takeEditor(script, setups) {
  const env = script.getAttribute("env");
  const session = `py-editor:${env ?? `#${++editorsMade}`}`;
  const prelude = setups.get(env) ?? [];
  const box = script.target.querySelector(".py-editor-box");
  const outputArea = script.hasAttribute("output") ? document.getElementById(script.getAttribute("output")) : box.querySelector(".py-editor-output");
  const button = box.querySelector(".py-editor-run-button");
  const idle = { html: button.innerHTML, label: button.getAttribute("aria-label") };
  const host = outputHost(outputArea, "beforeend");
  let job = null;
  let run = null;
  let status = { state: "idle" };
  const show = () => {
    const waiting = job && !job.started && status.state !== "ready" && status.state !== "running" && status.state !== "idle";
    render(html`${waiting || status.state === "failed" ? pythonStatus(status) : nothing}${run ? outputPanel(run, { testid: "output" }) : nothing}`, host.shadowRoot);
  };
  runtime.watchStatus((now) => {
    status = now;
    show();
  });

  script.handleEvent = async (event) => {
    if (job) {
      runtime.stop(job);
      return false;
    }
    const mine = (run = newRun());
    job = {
      code: event.code,
      // Each setup script is its own prelude cell, the editor's code the one after them.
      prelude,
      options: { session },
      onOutput: (stream, text) => {
        appendOutput(run, stream, text);
        show();
      },
      onLate: (text) => {
        appendLate(mine, text);
        show();
      },
      onStart: show,
    };
    button.textContent = "■";
    button.setAttribute("aria-label", strings.stop);
    show();
    finishRun(run, await runtime.run(job));
    job = null;
    button.innerHTML = idle.html;
    button.setAttribute("aria-label", idle.label);
    show();
    return false;
  };
}

// `py` scripts and py-editor `setup` scripts are ours before PyScript looks at the page.
const pyScripts = [...document.querySelectorAll('script[type="py"]')];
const setups = new Map(); // env → the code of its setup scripts, in page order
for (const script of document.querySelectorAll('script[type="py-editor"][setup][env]')) {
  const env = script.getAttribute("env");
  setups.set(env, [...(setups.get(env) ?? []), dedent(script.textContent)]);
  script.type = TAKEN;
}
pyScripts.forEach((script) => (script.type = TAKEN));
runPyScripts(pyScripts);

if (document.querySelector('script[type="py-editor"]')) {
  document.addEventListener("py-editor", ({ target }) => takeEditor(target, setups));
  document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: here("./vendor/pyscript/core.css") }));
  await import(here("./vendor/pyscript/core.js"));
}
