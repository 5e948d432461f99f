// The one Python of a page with embedded cells and PyScript scripts: a lazy createPython (python.js)
// shared by every <torch-cell> and every script pyscript-torch.js takes, started by the first Run
// (or preload()), running one job at a time in the order they were asked for. Cells of a session
// share a namespace in page order (runner.py's sessions).
import { createPython } from "../python.js";
import { config } from "../config.js";
import { strings } from "../strings.js";

let python = null;
let status = { state: "idle" }; // before the first boot; then python.js's statuses
const listeners = new Set();
const waiting = []; // jobs (see run()) not started yet
let current = null;
let lastRun = null; // the job whose run the worker holds now (its graph, when it recorded one)

function runtime() {
  python ??= createPython({
    lazy: true,
    timeLimitSeconds: config.timeLimitSeconds,
    outputLimitChars: config.outputLimitChars,
    workerFailedMessage: strings.python.workerFailed,
    onStatus: (change) => {
      status = { ...status, ...change };
      if (status.state === "failed") abandon();
      listeners.forEach((listener) => listener(status));
    },
  });
  return python;
}

// Calls `listener(status)` now and on every change; returns the function that unsubscribes.
export function watchStatus(listener) {
  listeners.add(listener);
  listener(status);
  return () => listeners.delete(listener);
}

export const preload = () => runtime().boot();

// The shared python.js runtime (for its askGraph), and whether `job`'s run is still the worker's last.
export const sharedPython = runtime;
export const isLastRun = (job) => lastRun === job;

// Queues `job` = { code, prelude, options, onOutput(stream, text), onLate(text), onStart(), onOvertime(seconds), afterRun(result) };
// resolves with python.js's end of the run ({ status, ... }). The next job starts once
// afterRun's promise settles: until then the worker still holds this run (a graph to ask about).
export function run(job) {
  return new Promise((resolve) => {
    job.resolve = resolve;
    waiting.push(job);
    next();
  });
}

// Stops `job` if it runs, or takes it out of the queue (or of the wait for Python) if it has not started.
export function stop(job) {
  const index = waiting.indexOf(job);
  if (index >= 0) waiting.splice(index, 1)[0].resolve({ status: "stopped" });
  else if (current === job && !job.started) {
    current = null;
    job.resolve({ status: "stopped" });
    next();
  } else if (current === job) python.stop();
}

async function next() {
  if (current || !waiting.length || status.state === "failed") return;
  current = waiting.shift();
  const job = current;
  await ready(); // the time limit counts the program's time, not Python's boot
  if (current !== job) return; // stopped, or Python failed, while it booted
  job.started = true;
  job.onStart?.();
  const result = await runtime().run(job.code, job);
  if (current !== job) return; // abandoned when Python failed
  lastRun = result.status === "ok" || result.status === "error" ? job : null; // else the worker was replaced
  job.resolve(result);
  await job.afterRun?.(result);
  current = null;
  next();
}

// Gives `job`, running past the time limit, another time limit's worth (python.js keepGoing).
export function keepGoing(job) {
  if (current === job) python.keepGoing();
}

// Boots Python if needed; resolves once it is ready (never, if it fails: abandon() ends the jobs).
function ready() {
  runtime().boot();
  if (status.state === "ready") return Promise.resolve();
  return new Promise((resolve) => {
    const unwatch = watchStatus((now) => now.state === "ready" && (unwatch(), resolve()));
  });
}

// Python could not start: every queued or running cell ends as stopped; the status says why.
function abandon() {
  for (const job of [current, ...waiting.splice(0)]) job?.resolve({ status: "stopped" });
  current = null;
}
