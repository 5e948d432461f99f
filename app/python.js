// The page's side of the Python worker: boot, run, stop, time limit, restart, recovery.
// Stop uses Pyodide's interrupt buffer when the page is cross-origin isolated (SharedArrayBuffer);
// otherwise, or when an interrupt is not honoured within a second, the worker is replaced.
// Without isolation a run that lasts a while gets a spare worker booting beside it, so that if it
// has to be stopped, Python is ready again at once instead of after a full boot.
// A worker that fails after boot, or asks to retire (protocol.js), is replaced the same way, and
// restart() replaces it on request. Only messages signed with a worker's own secret are heard.
// A worker that fails to boot, or whose boot stage makes no progress for `bootTimeoutSeconds`, leaves
// Python failed, saying why (with the file that failed, if one did); restart() is then the retry.
// The first worker also captures its Python, the engine imported, as a memory snapshot (SNAPSHOT,
// app/boot-engine.js), which every later worker boots from in a fraction of the time; with a
// `snapshotStore` (snapshot-store.js) it is kept for the next visit too. It also hands over
// Pyodide's compiled wasm (WASM_MODULE), which later workers instantiate without compiling it again.
// With `standbySpare` and no isolation (where every Stop replaces the worker), once a snapshot
// exists a spare worker boots from it in idle time and waits, so that Stop, a crash or Restart
// finds Python ready at once; each spare that takes over gets a successor the same way. On an
// isolated page the spare waits held, before its boot (standBy()).
import * as msg from "./protocol.js";
import { filesForWorker, fromDisk, startWorker } from "./files.js";

const INTERRUPT_GRACE_MS = 1000;
const SPARE_AFTER_MS = 1000;

// The one Python runtime of the course, the embedded cells and the iframe embed (docs/embedding.md).
// createPython({ onStatus, timeLimitSeconds, outputLimitChars, bootTimeoutSeconds,
// workerFailedMessage, lazy, snapshotStore, standbySpare })
// returns
//   run(code, { prelude, options, onOutput(stream, text), onLate(text), onOvertime(seconds) }) → Promise
//     of the run's end (below); prelude = programs run silently first; options go to runner.py
//     (options.session: keep a named namespace between runs, for cells of one page); onLate gets
//     what the program's timers or tasks write after the run ended, until the next run starts; with
//     onOvertime, a run past the time limit is not stopped: onOvertime is called and the run goes
//     on until it ends, stop() is called, or keepGoing() gives it another time limit's worth (after
//     which onOvertime is called again); without it, the run is stopped at the limit ("timeout"),
//   stop(), keepGoing(), restart() (a fresh interpreter), boot() (start the worker now; run() does it too), isolated.
// onStatus({ state: "loading" | "ready" | "running" | "restarting" | "failed", stage?, engineError?,
// failure?, isolated, fromSnapshot? }) reports every change. With `lazy`, nothing loads before boot() or run().
// A run ends with one of:
//   { status: "ok", ...RunResult } | { status: "error", error: PythonError, ...RunResult } (protocol.js)
//   | { status: "stopped" } | { status: "timeout", seconds } | { status: "crashed", message }
export function createPython({ onStatus, timeLimitSeconds, outputLimitChars, bootTimeoutSeconds, workerFailedMessage, lazy = false, snapshotStore = null, standbySpare = false }) {
  const isolated = globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer === "function";
  let active = null; // the worker that runs programs: { worker, secret, interruptBuffer, stage, engineError, retiring }
  let spare = null; // a worker booting (or ready) to replace `active` if the current run is stopped
  let current = null; // the run in progress: { id, onOutput, onLate, finish, timers }
  let ended = null; // the last run that ended in the active worker, whose late output still counts
  let nextId = 1;
  const graphQuestions = new Map(); // id -> resolve, for GRAPH requests awaiting their answer
  let image = null; // Promise of the memory snapshot the next worker boots from ({ id, bytes: Blob }) or null
  let unkept = null; // a snapshot just received ({ id, bytes: Uint8Array }), kept once the page is idle
  let snapshotKnown = false; // a worker booted from a snapshot, or one was kept: a spare boots quickly
  let compiledRuntime = null; // Pyodide's wasm as the first worker compiled it (WASM_MODULE), for the next ones

  // A new worker; a `held` one loads its runtime but boots no Python until release().
  function spawn({ held = false } = {}) {
    const interruptBuffer = isolated ? new Uint8Array(new SharedArrayBuffer(1)) : null;
    const secret = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
    const handle = { worker: startWorker(), secret, interruptBuffer, stage: "runtime", watchdog: null, held };
    handle.worker.onmessage = ({ data }) => data?.secret === secret && receive(handle, data);
    handle.worker.onerror = (event) => {
      event.preventDefault(); // handled here: the page shows the failure, it is not the page's own error
      fail(handle, { message: event.message || workerFailedMessage });
    };
    const init = (files) => handle.worker.postMessage({ type: msg.INIT, interruptBuffer, secret, files, snapshots: true, runtime: compiledRuntime });
    // Over http(s) at once (the worker fetches its files), not after the task that made the worker.
    if (!fromDisk) init(undefined);
    else filesForWorker().then(init, (error) => fail(handle, { message: error.message, file: error.file, reason: error.reason }));
    const started = new Promise((resolve) => (handle.started = resolve));
    // The worker loads its runtime until it needs the snapshot, looked up meanwhile in a task of its
    // own, after whatever made (or released) this worker (a Stop) has shown its outcome.
    handle.release = () => {
      handle.held = false;
      watch(handle);
      const snapshot = new Promise((resolve) => setTimeout(resolve)).then(() => {
        keepSnapshot();
        return (image ??= snapshotStore ? snapshotStore.load().catch(() => null) : Promise.resolve(null));
      });
      Promise.all([started, snapshot]).then(([, stored]) => handle.worker.postMessage({ type: msg.IMAGE, image: stored }));
    };
    if (!held) handle.release();
    return handle;
  }

  function announce(handle, state) {
    onStatus({ state: handle.stage === "ready" ? "ready" : state, stage: handle.stage, engineError: handle.engineError, failure: null, isolated, fromSnapshot: handle.fromSnapshot });
  }

  // A worker that booted once is replaced when it fails (its run ends with the message); one that
  // cannot boot leaves Python failed with `failure`. A spare that fails is dropped.
  // failure: { message, file?, reason?, status? } (a FileError's fields, files.js) or { hung: stage, seconds }
  function fail(handle, failure) {
    clearTimeout(handle.watchdog);
    if (handle === spare) {
      spare.worker.terminate();
      spare = null;
    } else if (handle === active) {
      if (handle.stage === "ready") replace({ status: "crashed", message: failure.message });
      else onStatus({ state: "failed", failure, isolated });
    }
  }

  // A boot stage that makes no progress for bootTimeoutSeconds fails (a late message still counts).
  function watch(handle) {
    clearTimeout(handle.watchdog);
    if (handle.stage === "ready" || handle.held || !(bootTimeoutSeconds > 0)) return;
    handle.watchdog = setTimeout(() => fail(handle, { hung: handle.stage, seconds: bootTimeoutSeconds }), bootTimeoutSeconds * 1000);
  }

  // Puts the spare (or a new worker) in place of the active one; a run in progress ends with `result`.
  function replace(result = { status: "stopped" }) {
    const run = current;
    active.worker.terminate();
    graphQuestions.forEach((resolve) => resolve({ error: "Python was restarted" })); // its last run's graph is gone
    graphQuestions.clear();
    active = spare ?? spawn();
    spare = null;
    if (active.held) active.release();
    announce(active, "restarting");
    run?.finish(result);
    standBy();
  }

  function receive(handle, data) {
    if (data.type === msg.STATUS) {
      handle.started();
      Object.assign(handle, { stage: data.stage, engineError: data.engineError, fromSnapshot: data.fromSnapshot });
      watch(handle);
      snapshotKnown ||= data.fromSnapshot === true;
      if (handle === active) announce(handle, undefined);
      standBy();
    } else if (data.type === msg.FATAL) {
      fail(handle, { message: data.message, file: data.file, reason: data.reason, status: data.status });
    } else if (data.type === msg.WASM_MODULE) {
      compiledRuntime ??= data.module;
    } else if (data.type === msg.SNAPSHOT) {
      unkept = { id: data.id, bytes: data.bytes };
      whenIdle(keepSnapshot);
    } else if (handle !== active) {
      return;
    } else if (data.type === msg.GRAPH_ANSWER) {
      graphQuestions.get(data.id)?.(data.answer);
      graphQuestions.delete(data.id);
    } else if (data.type === msg.RETIRE) {
      handle.retiring = true;
      if (!current) replace();
    } else if (data.type === msg.LATE) {
      if (!current && data.id === ended?.id) ended.onLate(data.text);
    } else if (current && data.id === current.id) {
      if (data.type === msg.OUTPUT) current.onOutput(data.stream, data.text);
      if (data.type === msg.DONE) {
        ended = current;
        current.finish({ ...data.result, status: data.result.error ? "error" : "ok" });
        if (handle.retiring) replace();
        else onStatus({ state: "ready", isolated });
      }
    }
  }

  // Turns the snapshot into a Blob (a copy of 30 MB or more, handed to the browser) for the next
  // workers and the store: when the page is idle and no program runs, or at once when a worker needs it.
  function keepSnapshot() {
    if (!unkept) return;
    const kept = { id: unkept.id, bytes: new Blob([unkept.bytes]) };
    unkept = null;
    image = Promise.resolve(kept);
    snapshotKnown = true;
    snapshotStore?.save(kept);
    standBy();
  }

  // Starts the standing spare (standbySpare) when the page is idle and the active worker is ready.
  // On an isolated page, where only Restart and a crash replace the worker (Stop interrupts), the
  // spare is held: its runtime loaded and compiled, no Python yet, which costs a fraction of the
  // memory of a booted one; released, it boots from the snapshot.
  function standBy() {
    if (!standbySpare || !snapshotKnown || spare || active?.stage !== "ready") return;
    whenIdle(() => {
      if (!spare && active?.stage === "ready") spare = spawn({ held: isolated });
    });
  }

  function whenIdle(task) {
    const later = globalThis.requestIdleCallback ?? ((callback) => setTimeout(callback, 1000));
    later(() => (current ? setTimeout(() => whenIdle(task), 1000) : task()));
  }

  function boot() {
    if (active) return;
    active = spawn();
    announce(active, "loading");
  }

  function run(code, { prelude = [], options = {}, onOutput = () => {}, onLate = () => {}, onOvertime = null } = {}) {
    if (current) throw new Error("a program is already running");
    boot();
    const id = nextId++;
    ended = null;
    return new Promise((resolve) => {
      const entry = { id, onOutput, onLate, timers: [] };
      entry.finish = (result) => {
        entry.timers.forEach(clearTimeout);
        current = null;
        resolve(result.status === "error" && result.error.kind === "interrupted" ? { status: "stopped" } : result);
      };
      current = entry;
      entry.atLimit = onOvertime ? () => onOvertime(timeLimitSeconds) : () => stop({ status: "timeout", seconds: timeLimitSeconds });
      armTimeLimit(entry);
      if (!isolated) entry.timers.push(setTimeout(() => (spare ??= spawn()), SPARE_AFTER_MS));
      onStatus({ state: "running", isolated });
      active.worker.postMessage({ type: msg.RUN, id, code, prelude, options: { output_limit: outputLimitChars, ...options } });
    });
  }

  function armTimeLimit(entry) {
    if (timeLimitSeconds > 0) entry.timers.push(setTimeout(() => current === entry && entry.atLimit(), timeLimitSeconds * 1000));
  }

  // A run past its time limit (onOvertime) gets another time limit's worth before it is asked again.
  function keepGoing() {
    if (current) armTimeLimit(current);
  }

  // Asks about the last run recorded with options.graph (app/py/course_graph.py answers).
  function askGraph(request) {
    if (current || !active) return Promise.resolve({ error: current ? "a program is running" : "Python is not started" });
    const id = nextId++;
    return new Promise((resolve) => {
      graphQuestions.set(id, resolve);
      active.worker.postMessage({ type: msg.GRAPH, id, request });
      // A question can run the learner's code (a custom Function's backward in gradcheck): one that
      // never ends gets the worker replaced, as a run past its time limit would.
      if (timeLimitSeconds > 0) {
        setTimeout(() => {
          if (!graphQuestions.has(id) || current) return;
          graphQuestions.get(id)({ error: `the graph question took more than ${timeLimitSeconds} s` });
          graphQuestions.delete(id);
          replace();
        }, timeLimitSeconds * 1000);
      }
    });
  }

  // Ends the current run; `result` is what the run resolves with.
  function stop(result = { status: "stopped" }) {
    if (!current) return;
    const run = current;
    const restart = () => current === run && replace(result);
    if (!active.interruptBuffer) return restart();
    // The interrupt arrives as KeyboardInterrupt; keep the reason (stop or time limit) for the result.
    const finish = run.finish;
    run.finish = (outcome) => finish(outcome.status === "error" && outcome.error.kind === "interrupted" ? result : outcome);
    active.interruptBuffer[0] = msg.SIGINT;
    run.timers.push(setTimeout(restart, INTERRUPT_GRACE_MS));
  }

  // The Restart Python control: a fresh interpreter, whatever state the current one is in.
  const restart = () => (active ? replace() : boot());

  if (!lazy) boot();
  return { run, stop, keepGoing, restart, boot, askGraph, isolated };
}
