// The Python worker: boots Pyodide, installs our `torch` engine, runs programs one at a time.
// Messages are described in protocol.js. Python never runs on the page's thread.
//
// Programs reach this worker's globals through Pyodide's `js` module, so the worker keeps what it
// needs out of their reach: it takes its channel to the page before any program runs, ignores
// messages it did not get from the page, signs its own with the page's per-boot secret, and after
// boot fences off the network, other scripts and workers, the origin's storage, and its own lifetime.
import * as msg from "./protocol.js";
import { ENGINE_ZIP, bootEngine } from "./boot-engine.js";
import { watchFiles } from "./file-watch.js";
import kernelsWasm from "virtual:kernels-wasm";
import runnerSource from "./py/runner.py";
import bootStateSource from "./py/boot_state.py";
import courseGraphSource from "./py/course_graph.py";
import { workerFiles } from "./worker-files.js";

/* global BOOT_IMAGE_ID */ // the build's id of what a snapshot holds (scripts/build.mjs)

const PYODIDE_DIR = "vendor/pyodide/";
const HOME = "/home/pyodide"; // holds ENGINE_ZIP and the runner
const WORK_DIR = `${HOME}/work`; // the programs' working directory
const SCRATCH_DIRS = [WORK_DIR, "/tmp"]; // emptied back to their boot contents before each run
// What a snapshot captures: the engine imported, the way runner.prepare() would import it.
const IMPORT_ENGINE = `import sys
sys.path[:0] = [${JSON.stringify(ENGINE_ZIP)}, ${JSON.stringify(HOME)}]
import torch, torch.nn, torch.optim, torch.utils.data`;
const RETIRE_HEAP_BYTES = 512 * 2 ** 20; // wasm memory never shrinks: a worker past this is replaced
const RAW_OUTPUT_LINES = 1000; // lines a run may write past sys.stdout (os.write(1, …)) before they are dropped
const FENCED = [
  "fetch", "XMLHttpRequest", "WebSocket", "WebSocketStream", "EventSource", "WebTransport",
  "importScripts", "Worker", "SharedWorker", "BroadcastChannel", "indexedDB", "caches", "close", "postMessage",
];
const toPage = self.postMessage.bind(self);
const { setTimeout: realSetTimeout, setInterval: realSetInterval, clearTimeout: realClearTimeout } = self;

let secret = null; // from INIT; the page drops every message that does not carry it
let currentRunId = null;
let endedRunId = null; // the last run, once DONE: what its callbacks write afterwards is LATE
let rawLines = 0;
let interruptBuffer = null;
let booted = null; // Promise of { pyodide, runProgram, bootState, fileWatch }
let receiveImage; // resolves the boot's Promise of the page's IMAGE
const image = new Promise((resolve) => (receiveImage = resolve));
const programTimers = new Set(); // timers set after boot: by programs (directly or through asyncio)

function post(message, transfer = []) {
  toPage({ ...message, secret }, transfer);
}

function rawOutput(stream, text) {
  if (rawLines++ >= RAW_OUTPUT_LINES) return;
  if (currentRunId !== null) post({ type: msg.OUTPUT, id: currentRunId, stream, text: text + "\n" });
  else late(text + "\n");
}

// Between runs sys.stdout and sys.stderr are the raw streams above; the runner's asyncio handler
// writes a callback's error there (runner.py).
function late(text) {
  if (endedRunId !== null) post({ type: msg.LATE, id: endedRunId, text });
}

// `provided`: the files' contents when the page runs from disk (files.js), else undefined (fetched).
// `compiled`: Pyodide's wasm compiled by an earlier worker of the page (WebAssembly.Module), or null:
// it is compiled here as it downloads, while the rest loads, and posted to the page (WASM_MODULE).
// The page's IMAGE: { id, bytes: Blob } of a memory snapshot an earlier worker of this browser posted
// (SNAPSHOT), used when it was made by this build (BOOT_IMAGE_ID, written by the build); with
// `snapshots` and no usable image, this worker makes one and posts it.
async function boot(provided, compiled, snapshots) {
  post({ type: msg.STATUS, stage: "runtime" });
  const files = workerFiles(provided, import.meta.url);
  const runtime = files.compile(`${PYODIDE_DIR}pyodide.asm.wasm`, compiled);
  const engineZip = files.bytes("pyengine.zip");
  engineZip.catch(() => {}); // awaited below, once the runtime has loaded
  // Pyodide's runtime module is imported here (it cannot be from disk), while its wasm downloads.
  const runtimeModule = files.importModule(`${PYODIDE_DIR}pyodide.asm.mjs`);
  runtimeModule.catch(() => {}); // awaited by loadPyodide, through during()
  const { loadPyodide } = await files.importModule(`${PYODIDE_DIR}pyodide.mjs`);
  const stored = await image;
  const usable = stored?.id === BOOT_IMAGE_ID && stored.bytes instanceof Blob ? stored.bytes.arrayBuffer() : null; // read here, not on the page's thread
  const { pyodide, restored, snapshot, snapshotError } = await bootEngine({
    loadPyodide: (options) => files.during(() => loadPyodide(options)),
    options: {
      indexURL: files.url(PYODIDE_DIR),
      createPyodideModule: async (settings) => (await runtimeModule).default(settings),
      // Learner output goes through runner.Output; these only catch what bypasses sys.stdout.
      stdout: (text) => rawOutput("stdout", text),
      stderr: (text) => rawOutput("stderr", text),
    },
    writeFiles: async (pyodide) => {
      post({ type: msg.STATUS, stage: "engine" });
      writeFile(pyodide, ENGINE_ZIP, new Uint8Array(await engineZip));
      writeFile(pyodide, `${HOME}/_course_runner.py`, runnerSource);
      writeFile(pyodide, `${HOME}/_course_boot_state.py`, bootStateSource);
      writeFile(pyodide, `${HOME}/course_graph.py`, courseGraphSource);
    },
    importEngine: IMPORT_ENGINE,
    kernelsWasm,
    snapshot: usable,
    makeSnapshot: snapshots,
    runtime,
  });
  if (interruptBuffer) pyodide.setInterruptBuffer(interruptBuffer);
  const runner = pyodide.pyimport("_course_runner");
  const scratchDirs = pyodide.toPy(SCRATCH_DIRS);
  const engineError = runner.prepare(ENGINE_ZIP, HOME, scratchDirs, interruptBuffer) ?? undefined;
  scratchDirs.destroy();
  const fileWatch = watchFiles(pyodide.FS, { owned: [HOME], scratch: SCRATCH_DIRS }); // as prepare() captured them
  fence();
  post({ type: msg.STATUS, stage: "ready", engineError, fromSnapshot: restored, snapshotError });
  if (snapshot) post({ type: msg.SNAPSHOT, id: BOOT_IMAGE_ID, bytes: snapshot }, [snapshot.buffer]);
  if (!compiled) {
    try {
      post({ type: msg.WASM_MODULE, module: await runtime });
    } catch {
      // not serializable to this page: each of its workers compiles its own
    }
  }
  // Held from here on, so a program that rebinds the runner's names cannot skip the restore or stand
  // in for the runner.
  return { pyodide, runProgram: runner.run, bootState: runner.boot_state, fileWatch };
}

function writeFile(pyodide, path, contents) {
  pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
  pyodide.FS.writeFile(path, contents);
}

function fence() {
  for (const name of FENCED) {
    if (!(name in self)) continue;
    const blocked = () => {
      throw new Error(`${name} is not available to programs in this course`);
    };
    Object.defineProperty(self, name, { value: blocked, writable: false, configurable: false });
  }
  self.setTimeout = (...args) => remember(realSetTimeout(...args));
  self.setInterval = (...args) => remember(realSetInterval(...args));
  // An error thrown by a program's callback (a timer, a promise) after its run is the program's, not
  // the worker's: it must not reach the page as a worker failure, but it is the run's late output.
  self.addEventListener("error", (event) => {
    event.preventDefault();
    late(lastLine(event.error?.message ?? event.message));
  });
  self.addEventListener("unhandledrejection", (event) => {
    event.preventDefault();
    late(lastLine(event.reason?.message ?? String(event.reason)));
  });
}

// A Python error's message is its whole traceback, through Pyodide's frames: its last line says what happened.
function lastLine(message) {
  return `${String(message).trimEnd().split("\n").at(-1)}\n`;
}

function remember(timer) {
  programTimers.add(timer);
  return timer;
}

async function run({ id, code, prelude, options }) {
  const { pyodide, runProgram, bootState, fileWatch } = await booted;
  programTimers.forEach(realClearTimeout); // an earlier program's callbacks must not run into this one
  programTimers.clear();
  currentRunId = id;
  endedRunId = null;
  rawLines = 0;
  if (interruptBuffer) interruptBuffer[0] = 0;
  const emit = (stream, text) => currentRunId === id && post({ type: msg.OUTPUT, id, stream, text });
  const preludeList = pyodide.toPy(prelude ?? []);
  const optionsDict = pyodide.toPy(options ?? {});
  let result;
  try {
    const started = performance.now();
    const filesUnchanged = !fileWatch.changed();
    bootState.restore(filesUnchanged);
    if (!filesUnchanged) fileWatch.look(); // as the restore left them
    const restored = performance.now();
    const pyResult = runProgram(code, preludeList, emit, optionsDict);
    result = pyResult.toJs({ dict_converter: Object.fromEntries });
    pyResult.destroy();
    result.timings = { restoreMs: restored - started, runMs: performance.now() - restored };
  } catch (jsError) {
    // Only a failure of the worker itself lands here (learner errors come back inside `result`):
    // the page replaces this worker.
    post({ type: msg.FATAL, message: String(jsError?.message ?? jsError) });
    return;
  } finally {
    currentRunId = null;
    preludeList.destroy();
    optionsDict.destroy();
  }
  post({ type: msg.DONE, id, result });
  endedRunId = id;
  const reason = bootState.damage() ?? (pyodide._module.HEAP8.buffer.byteLength > RETIRE_HEAP_BYTES ? "memory" : null);
  if (reason) post({ type: msg.RETIRE, reason });
}

// A question about the last recorded run's graph (the graph panel asks on demand). The panel's
// module is imported by the first recorded run, not at boot (nothing to pay while the panel is
// closed); restoring the boot state before the next run drops it with that run's graph.
async function answerGraph({ id, request }) {
  const { pyodide } = await booted;
  let answer;
  const requestDict = pyodide.toPy(request);
  try {
    answer = JSON.parse(pyodide.pyimport("course_graph").answer_json(requestDict));
  } catch (jsError) {
    answer = { error: String(jsError) };
  } finally {
    requestDict.destroy();
  }
  post({ type: msg.GRAPH_ANSWER, id, answer });
}

// Exported for the file:// bootstrap (files.js), which imports this module on INIT and hands it that event.
export function receive(event) {
  if (!event.isTrusted) return; // dispatched by a program inside this worker, not sent by the page
  const { data } = event;
  if (data.type === msg.INIT && booted === null) {
    interruptBuffer = data.interruptBuffer ?? null;
    secret = data.secret;
    booted = boot(data.files, data.runtime ?? null, data.snapshots);
    booted.catch((error) => post({ type: msg.FATAL, message: String(error?.message ?? error), file: error?.file, reason: error?.reason, status: error?.status }));
  } else if (data.type === msg.IMAGE) {
    receiveImage(data.image);
  } else if (data.type === msg.RUN) {
    run(data);
  } else if (data.type === msg.GRAPH) {
    answerGraph(data);
  }
}
self.addEventListener("message", receive);
// A failed download also rejects Pyodide's own fetch promises, which nothing awaits; the boot reports
// the failure itself (FATAL, raced by files.during()), so those rejections are not errors of their own.
self.addEventListener("unhandledrejection", (event) => {
  if (event.reason?.name === "FileError") event.preventDefault();
});
