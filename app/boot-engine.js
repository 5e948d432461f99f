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

// Where the worker puts pyengine.zip in Pyodide's file system, on sys.path: the engine is imported
// from the zip (zipimport), one file to write and to check instead of hundreds. Its bytecode names
// its sources under this path (scripts/build.mjs compiles it so), as tracebacks show them.
export const ENGINE_ZIP = "/home/pyodide/pyengine.zip";
const KERNELS_KEY = { kernels: true }; // how the snapshot names the kernels' JS object
// random's seed, and torch's default generator, which PyTorch (and so the engine, at import)
// seeds nondeterministically in each new process.
const RESEED = `import sys
if "random" in sys.modules: sys.modules["random"].seed()
if "torch" in sys.modules: sys.modules["torch"].seed()`;

// loadPyodide: Pyodide's; options: its options; writeFiles(pyodide): puts the engine's files in
// place (may be async); importEngine: the Python that imports it; kernelsWasm: the kernels' builds (app/kernels.js), or null;
// snapshot: bytes of an earlier makeSnapshot (or a Promise of them), or null; makeSnapshot: capture
// one after the import; runtime: Pyodide's pyodide.asm.wasm compiled (a WebAssembly.Module, or a
// Promise of one), instantiated instead of the wasm Pyodide would download and compile, or null.
// Returns { pyodide, restored, snapshot (Uint8Array, when made), snapshotError (why a given
// snapshot was not used) }. Importing the engine may fail: the caller's own import reports why.
export async function bootEngine({ loadPyodide, options, writeFiles, importEngine, kernelsWasm = null, snapshot = null, makeSnapshot = false, runtime = null }) {
  const kernels = {}; // the kernels' exports, copied onto the one object Python holds
  let snapshotError;
  if (snapshot) {
    try {
      let holdsKernels = false;
      const bytes = await snapshot;
      const pyodide = await instantiating({ runtime, snapshot: bytes }, () =>
        loadPyodide({ ...options, _loadSnapshot: bytes, _snapshotDeserializer: () => ((holdsKernels = true), kernels) }));
      await writeFiles(pyodide);
      if (holdsKernels && !(kernelsWasm && loadKernels(pyodide, kernelsWasm, kernels))) throw new Error("the snapshot's compute kernels cannot be loaded");
      runIsolated(pyodide, RESEED);
      return { pyodide, restored: true };
    } catch (error) {
      snapshotError = String(error?.message ?? error);
    }
  }
  const pyodide = await instantiating({ runtime }, () => loadPyodide({ ...options, _makeSnapshot: makeSnapshot }));
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

// While `load` instantiates Pyodide's module (WebAssembly.instantiateStreaming in a browser,
// instantiate in Node):
// - with `runtime`, it gets an instance of that compiled module, whatever source Pyodide passes;
// - for a restore (`snapshot`, its bytes), the new instance's memory is first grown to hold the
//   snapshot's heap. Pyodide sizes a restored runtime's memory with INITIAL_MEMORY, which its build
//   ignores (the memory is declared inside pyodide.asm.wasm, 30 MiB), and copies the snapshot in
//   without growing it (pyodide/pyodide#6254): the snapshot of a heap that grew past 30 MiB while the
//   engine was imported fails with "offset is out of bounds".
// Pyodide's own small module (a Module passed to instantiate) is instantiated as it asks.
async function instantiating({ runtime = null, snapshot = null }, load) {
  const bytes = !snapshot || ArrayBuffer.isView(snapshot) ? snapshot : new Uint8Array(snapshot);
  const heapBytes = bytes ? bytes.byteLength - new Uint32Array(bytes.buffer, bytes.byteOffset, 2)[1] : 0;
  const grow = (instance) => {
    const memory = instance.exports.memory;
    const missingPages = memory instanceof WebAssembly.Memory ? Math.ceil((heapBytes - memory.buffer.byteLength) / 65536) : 0;
    if (missingPages > 0) memory.grow(missingPages);
  };
  const { instantiate, instantiateStreaming } = WebAssembly;
  const instantiated = async (source, imports, compile) => {
    if (source instanceof WebAssembly.Module) return Reflect.apply(instantiate, WebAssembly, [source, imports]);
    const result = runtime
      ? { module: await runtime, instance: await Reflect.apply(instantiate, WebAssembly, [await runtime, imports]) }
      : await Reflect.apply(compile, WebAssembly, [source, imports]);
    grow(result.instance);
    return result;
  };
  WebAssembly.instantiate = (source, imports) => instantiated(source, imports, instantiate);
  WebAssembly.instantiateStreaming = (source, imports) => instantiated(source, imports, instantiateStreaming);
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
