// The browser's compute kernels (kernels/kernels.c, built by scripts/kernels.mjs): instantiated
// on Pyodide's own WebAssembly memory, so they read and write the Python heap in place, and
// registered as the Python module `_pyengine_kernels`, which pyengine/torch/_backend/kernels.py
// calls with the addresses of array.array buffers. Used by the worker and by
// tests/pyodide/run_python.mjs. Returns false (and Python keeps its own loops) when this
// runtime cannot instantiate the module, e.g. without WebAssembly SIMD.
export const KERNELS_MODULE = "_pyengine_kernels";

export function installKernels(pyodide, wasmBytes) {
  let instance;
  try {
    instance = new WebAssembly.Instance(new WebAssembly.Module(wasmBytes), { env: { memory: pyodide._module.memory } });
  } catch (error) {
    console.warn(`compute kernels unavailable: ${error.message}`);
    return false;
  }
  pyodide.registerJsModule(KERNELS_MODULE, instance.exports);
  return true;
}
