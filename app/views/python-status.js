// Python's state as a line of status: loading stages with a progress bar, ready, running, failed;
// with `controls` ({ stop(), restart() }), the buttons that stop the run and restart Python.
import { html, nothing } from "lit-html";
import { strings } from "../strings.js";

export function pythonStatus(python, controls = null) {
  const label = python.state === "failed" ? strings.python.failed : strings.python[python.state === "loading" ? python.stage : python.state];
  const busy = python.state === "loading" || python.state === "restarting";
  return html`
    <div class="python-status" role="status" data-testid="python-status" data-state=${python.state}
      data-from-snapshot=${python.fromSnapshot ? "true" : "false"}>
      ${busy ? html`<span class="spinner" aria-hidden="true"></span>` : nothing}
      <span>${label}</span>
      ${busy ? html`<progress aria-label=${label} max="3" value=${["runtime", "engine", "ready"].indexOf(python.stage) + 1}></progress>` : nothing}
      ${python.engineError && python.state === "ready" ? html`<span class="warning" title=${python.engineError}>${strings.python.engineFailed}</span>` : nothing}
      ${controls && python.state === "running"
        ? html`<button type="button" class="stop small" data-testid="status-stop" aria-label=${strings.python.stopRun} @click=${controls.stop}>${strings.stop}</button>`
        : nothing}
      ${controls && ["ready", "running", "failed"].includes(python.state)
        ? html`<button type="button" class="small" data-testid="restart-python" title=${strings.python.restartHelp} @click=${controls.restart}>${strings.python.restart}</button>`
        : nothing}
    </div>
  `;
}
