// The Python worker: boots Pyodide, installs our `torch` engine, runs programs one at a time.
// Messages are described in protocol.js. Python never runs on the page's thread.
import * as msg from "./protocol.js";
import { installKernels } from "./kernels.js";
import kernelsWasm from "virtual:kernels-wasm";
import runnerSource from "./py/runner.py";

const HOME = "/home/pyodide";
const ENGINE_DIR = `${HOME}/pyengine`;
const here = (path) => new URL(path, import.meta.url).href;

let currentRunId = null;
let interruptBuffer = null;
let booted = null; // Promise of the Python `runner` module

function post(message) {
  self.postMessage(message);
}

async function boot() {
  post({ type: msg.STATUS, stage: "runtime" });
  const engineFiles = fetch(here("./pyengine.json")).then((response) => response.json());
  const { loadPyodide } = await import(here("./vendor/pyodide/pyodide.mjs"));
  const pyodide = await loadPyodide({
    indexURL: here("./vendor/pyodide/"),
    // Learner output goes through runner.Stream; these only catch what bypasses sys.stdout.
    stdout: (text) => post({ type: msg.OUTPUT, id: currentRunId, stream: "stdout", text: text + "\n" }),
    stderr: (text) => post({ type: msg.OUTPUT, id: currentRunId, stream: "stderr", text: text + "\n" }),
    stdin: () => {
      throw new Error("input() is not available here");
    },
  });
  if (interruptBuffer) pyodide.setInterruptBuffer(interruptBuffer);
  if (kernelsWasm) installKernels(pyodide, kernelsWasm);

  post({ type: msg.STATUS, stage: "engine" });
  for (const [path, source] of Object.entries(await engineFiles)) {
    const target = `${ENGINE_DIR}/${path}`;
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    pyodide.FS.writeFile(target, source);
  }
  pyodide.FS.writeFile(`${HOME}/_course_runner.py`, runnerSource);
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(HOME)})`);
  const runner = pyodide.pyimport("_course_runner");
  const engineError = runner.prepare(ENGINE_DIR) ?? undefined;
  post({ type: msg.STATUS, stage: "ready", engineError });
  return { pyodide, runner };
}

function emit(stream, text) {
  post({ type: msg.OUTPUT, id: currentRunId, stream, text });
}

async function run({ id, code, prelude, options }) {
  const { pyodide, runner } = await booted;
  currentRunId = id;
  if (interruptBuffer) interruptBuffer[0] = 0;
  let result;
  const preludeList = pyodide.toPy(prelude ?? []);
  const optionsDict = pyodide.toPy(options ?? {});
  try {
    const pyResult = runner.run(code, preludeList, emit, optionsDict);
    result = pyResult.toJs({ dict_converter: Object.fromEntries });
    pyResult.destroy();
  } catch (jsError) {
    // Only a failure of the worker itself lands here; learner errors come back inside `result`.
    result = { error: { kind: "exception", type: "InternalError", message: String(jsError), traceback: String(jsError) } };
  } finally {
    preludeList.destroy();
    optionsDict.destroy();
  }
  post({ type: msg.DONE, id, result });
  currentRunId = null;
}

self.onmessage = ({ data }) => {
  if (data.type === msg.INIT) {
    interruptBuffer = data.interruptBuffer ?? null;
    booted = boot();
    booted.catch((error) => post({ type: msg.FATAL, message: String(error?.message ?? error) }));
  } else if (data.type === msg.RUN) {
    run(data);
  }
};
