// Pyodide with our engine imported: booted normally (and then, on request, captured as a memory
// snapshot), or restored from such a snapshot, which skips the interpreter's start-up and the
// engine's import (Pyodide's snapshot options are experimental: the version is pinned in
// package.json, Pyodide refuses a snapshot of another build, and a snapshot that fails to load
// falls back to a normal boot). Used by the worker (app/worker.js) and by
// tests/pyodide/run_python.mjs, which runs the golden suite in a restored runtime.
//
// A snapshot holds the wasm memory only: files (Pyodide's file system lives in JS) are written
// again by `writeFiles` after a restore, and the compute kernels, a wasm instance on that memory,
// are instantiated again behind the same JS object. What a new process draws afresh at start-up
// is drawn again (RESEED); the hash seed of str stays the snapshot's (changing it would break every
// dict of the restored heap), so it is fresh per snapshot, i.e. per browser, not per boot.
import { KERNELS_MODULE, loadKernels } from "./kernels.js";

const KERNELS_KEY = { kernels: true }; // how the snapshot names the kernels' JS object
// random's seed, and torch's default generator, which PyTorch (and so the engine, at import)
// seeds nondeterministically in each new process.
const RESEED = `import sys
if "random" in sys.modules: sys.modules["random"].seed()
if "torch" in sys.modules: sys.modules["torch"].seed()`;

// loadPyodide: Pyodide's; options: its options; writeFiles(pyodide): puts the engine's files in
// place (may be async); importEngine: the Python that imports it; kernelsWasm: the kernels' bytes, or null;
// snapshot: bytes of an earlier makeSnapshot (or a Promise of them), or null; makeSnapshot: capture
// one after the import.
// Returns { pyodide, restored, snapshot (Uint8Array, when made), snapshotError (why a given
// snapshot was not used) }. Importing the engine may fail: the caller's own import reports why.
export async function bootEngine({ loadPyodide, options, writeFiles, importEngine, kernelsWasm = null, snapshot = null, makeSnapshot = false }) {
  const kernels = {}; // the kernels' exports, copied onto the one object Python holds
  let snapshotError;
  if (snapshot) {
    try {
      let holdsKernels = false;
      const bytes = await snapshot;
      const pyodide = await withMemoryFor(bytes, () =>
        loadPyodide({ ...options, _loadSnapshot: bytes, _snapshotDeserializer: () => ((holdsKernels = true), kernels) }));
      await writeFiles(pyodide);
      if (holdsKernels && !(kernelsWasm && loadKernels(pyodide, kernelsWasm, kernels))) throw new Error("the snapshot's compute kernels cannot be loaded");
      runIsolated(pyodide, RESEED);
      return { pyodide, restored: true };
    } catch (error) {
      snapshotError = String(error?.message ?? error);
    }
  }
  const pyodide = await loadPyodide({ ...options, _makeSnapshot: makeSnapshot });
  await writeFiles(pyodide);
  if (kernelsWasm && loadKernels(pyodide, kernelsWasm, kernels)) pyodide.registerJsModule(KERNELS_MODULE, kernels);
  let made;
  try {
    runIsolated(pyodide, importEngine);
    if (makeSnapshot) {
      made = pyodide.makeMemorySnapshot({
        serializer: (object) => {
          if (object === kernels) return KERNELS_KEY;
          throw new Error("the snapshot holds a JS object it cannot restore");
        },
      });
    }
  } catch (error) {
    // The engine does not import (the caller's import says why), or holds a JS object: no snapshot.
    if (makeSnapshot) console.warn(`no memory snapshot: ${error?.message ?? error}`);
  }
  return { pyodide, restored: false, snapshot: made, snapshotError };
}

// Pyodide sizes a restored runtime's memory with INITIAL_MEMORY, which its build ignores (the
// memory is declared inside pyodide.asm.wasm, 30 MiB), and copies the snapshot in without growing
// it (pyodide/pyodide#6254): the snapshot of a heap that grew past 30 MiB while the engine was
// imported fails with "offset is out of bounds". So while `load` instantiates Pyodide's module for
// a restore, the new instance's memory is first grown to hold the snapshot's heap.
async function withMemoryFor(snapshot, load) {
  const bytes = ArrayBuffer.isView(snapshot) ? snapshot : new Uint8Array(snapshot);
  const heapBytes = bytes.byteLength - new Uint32Array(bytes.buffer, bytes.byteOffset, 2)[1];
  const grow = (result) => {
    const memory = (result instanceof WebAssembly.Instance ? result : result.instance).exports.memory;
    const missingPages = memory instanceof WebAssembly.Memory ? Math.ceil((heapBytes - memory.buffer.byteLength) / 65536) : 0;
    if (missingPages > 0) memory.grow(missingPages);
    return result;
  };
  const { instantiate, instantiateStreaming } = WebAssembly;
  WebAssembly.instantiate = (...args) => Reflect.apply(instantiate, WebAssembly, args).then(grow);
  WebAssembly.instantiateStreaming = (...args) => Reflect.apply(instantiateStreaming, WebAssembly, args).then(grow);
  try {
    return await load();
  } finally {
    Object.assign(WebAssembly, { instantiate, instantiateStreaming });
  }
}

// Runs boot code in a namespace of its own, leaving __main__ as a new interpreter has it.
function runIsolated(pyodide, code) {
  const namespace = pyodide.toPy({});
  try {
    pyodide.runPython(code, { globals: namespace });
  } finally {
    namespace.destroy();
  }
}
