// The page's side of the Python worker: boot, run, stop, time limit, restart.
// Stop uses Pyodide's interrupt buffer when the page is cross-origin isolated (SharedArrayBuffer);
// otherwise, or when an interrupt is not honoured within a second, the worker is replaced.
// Without isolation a run that lasts a while gets a spare worker booting beside it, so that if it
// has to be stopped, Python is ready again at once instead of after a full boot.
import * as msg from "./protocol.js";

const INTERRUPT_GRACE_MS = 1000;
const SPARE_AFTER_MS = 1000;

// A run ends with one of:
//   { status: "ok", ...RunResult } | { status: "error", error: PythonError, ...RunResult } (protocol.js)
//   | { status: "stopped" } | { status: "timeout", seconds }
export function createPython({ onStatus, timeLimitSeconds, workerFailedMessage }) {
  const isolated = globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer === "function";
  let active = null; // the worker that runs programs: { worker, interruptBuffer, stage, engineError }
  let spare = null; // a worker booting (or ready) to replace `active` if the current run is stopped
  let current = null; // the run in progress: { id, onOutput, finish, timers }
  let nextId = 1;

  function spawn() {
    const interruptBuffer = isolated ? new Uint8Array(new SharedArrayBuffer(1)) : null;
    const handle = { worker: new Worker(new URL("./worker.js", import.meta.url), { type: "module" }), interruptBuffer, stage: "runtime" };
    handle.worker.onmessage = ({ data }) => receive(handle, data);
    handle.worker.onerror = (event) => handle === active && onStatus({ state: "failed", message: event.message || workerFailedMessage, isolated });
    handle.worker.postMessage({ type: msg.INIT, interruptBuffer });
    return handle;
  }

  function announce(handle, state) {
    onStatus({ state: handle.stage === "ready" ? "ready" : state, stage: handle.stage, engineError: handle.engineError, isolated });
  }

  function receive(handle, data) {
    if (data.type === msg.STATUS) {
      Object.assign(handle, { stage: data.stage, engineError: data.engineError });
      if (handle === active) announce(handle, undefined);
    } else if (handle !== active) {
      return;
    } else if (data.type === msg.FATAL) {
      onStatus({ state: "failed", message: data.message, isolated });
    } else if (current && data.id === current.id) {
      if (data.type === msg.OUTPUT) current.onOutput(data.stream, data.text);
      if (data.type === msg.DONE) {
        current.finish({ ...data.result, status: data.result.error ? "error" : "ok" });
        onStatus({ state: "ready", isolated });
      }
    }
  }

  function run(code, { prelude = [], options = {}, onOutput = () => {} } = {}) {
    if (current) throw new Error("a program is already running");
    const id = nextId++;
    return new Promise((resolve) => {
      const entry = { id, onOutput, timers: [] };
      entry.finish = (result) => {
        entry.timers.forEach(clearTimeout);
        current = null;
        resolve(result.status === "error" && result.error.kind === "interrupted" ? { status: "stopped" } : result);
      };
      current = entry;
      if (timeLimitSeconds > 0) {
        entry.timers.push(setTimeout(() => stop({ status: "timeout", seconds: timeLimitSeconds }), timeLimitSeconds * 1000));
      }
      if (!isolated) entry.timers.push(setTimeout(() => (spare ??= spawn()), SPARE_AFTER_MS));
      onStatus({ state: "running", isolated });
      active.worker.postMessage({ type: msg.RUN, id, code, prelude, options });
    });
  }

  // Ends the current run; `result` is what the run resolves with.
  function stop(result = { status: "stopped" }) {
    if (!current) return;
    const run = current;
    const restart = () => {
      if (current !== run) return;
      active.worker.terminate();
      run.finish(result);
      active = spare ?? spawn();
      spare = null;
      announce(active, "restarting");
    };
    if (!active.interruptBuffer) return restart();
    // The interrupt arrives as KeyboardInterrupt; keep the reason (stop or time limit) for the result.
    const finish = run.finish;
    run.finish = (outcome) => finish(outcome.status === "error" && outcome.error.kind === "interrupted" ? result : outcome);
    active.interruptBuffer[0] = msg.SIGINT;
    run.timers.push(setTimeout(restart, INTERRUPT_GRACE_MS));
  }

  active = spawn();
  announce(active, "loading");
  return { run, stop, isolated };
}
