// The browser's compute kernels (kernels/kernels.c, built by scripts/kernels.mjs): instantiated
// on Pyodide's own WebAssembly memory, so they read and write the Python heap in place, and
// registered as the Python module `_pyengine_kernels`, which pyengine/torch/_backend/kernels.py
// calls with the addresses of array.array buffers. Installed by app/boot-engine.js (the worker,
// tests/pyodide/run_python.mjs).
export const KERNELS_MODULE = "_pyengine_kernels";

// Instantiates the kernels on Pyodide's memory and copies their exports onto `target`, the object
// Python holds as the module (a runtime restored from a snapshot gets a new instance behind the
// same object). `builds`: the kernels' builds (scripts/kernels.mjs), the one to try first first:
// the relaxed-SIMD build where this engine validates it, else plain SIMD. Returns false (and Python
// keeps its own loops) when this runtime can instantiate none, e.g. without WebAssembly SIMD.
export function loadKernels(pyodide, builds, target) {
  let instance;
  for (const bytes of builds) {
    try {
      instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), { env: { memory: pyodide._module.memory } });
      break;
    } catch (error) {
      if (bytes === builds[builds.length - 1]) {
        console.warn(`compute kernels unavailable: ${error.message}`);
        return false;
      }
    }
  }
  Object.assign(target, instance.exports);
  return true;
}
