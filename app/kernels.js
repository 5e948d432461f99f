// The browser's compute kernels (kernels/kernels.c, built by scripts/kernels.mjs): instantiated
// on Pyodide's own WebAssembly memory, so they read and write the Python heap in place, and
// registered as the Python module `_pyengine_kernels`, which pyengine/torch/_backend/kernels.py
// calls with the addresses of array.array buffers. Installed by app/boot-engine.js (the worker,
// tests/pyodide/run_python.mjs).
export const KERNELS_MODULE = "_pyengine_kernels";

// Instantiates the kernels on Pyodide's memory and copies their exports onto `target`, the object
// Python holds as the module (a runtime restored from a snapshot gets a new instance behind the
// same object). Returns false (and Python keeps its own loops) when this runtime cannot
// instantiate the module, e.g. without WebAssembly SIMD.
export function loadKernels(pyodide, wasmBytes, target) {
  let instance;
  try {
    instance = new WebAssembly.Instance(new WebAssembly.Module(wasmBytes), { env: { memory: pyodide._module.memory } });
  } catch (error) {
    console.warn(`compute kernels unavailable: ${error.message}`);
    return false;
  }
  Object.assign(target, instance.exports);
  return true;
}
