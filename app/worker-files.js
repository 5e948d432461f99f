// The files the Python worker boots from, in one place: fetched next to worker.js over http(s), or,
// when the course runs from disk (file://, where a worker can fetch nothing), the contents the page
// posted with INIT (files.js). Pyodide fetches its runtime itself, so while it loads, `fetch` is
// this module's: it serves the posted contents, and it turns any failed download into a FileError
// naming the file (Pyodide would only log a failed wasm or stdlib download and wait forever).
import { FileError } from "./files.js";

const DISK_BASE = "file:///course/"; // a name for the posted files' folder; nothing is fetched from it
const TYPES = { wasm: "application/wasm", zip: "application/zip", json: "application/json", mjs: "text/javascript", js: "text/javascript" };

export function workerFiles(provided, workerUrl) {
  const base = provided ? DISK_BASE : new URL("./", workerUrl).href;
  const networkFetch = globalThis.fetch;
  let reportFailure;
  const failure = new Promise((_, reject) => (reportFailure = reject));
  failure.catch(() => {}); // observed through during()
  const fail = (error) => (reportFailure(error), error);
  const pathOf = (url) => (url.startsWith(base) ? url.slice(base.length).split(/[?#]/)[0] : url);
  const compiledPaths = new Set();

  async function fetchFile(input, init) {
    const path = pathOf(String(input instanceof Request ? input.url : input));
    if (compiledPaths.has(path)) return new Response(null); // its instantiation gets the compiled module
    if (provided) {
      if (!(path in provided)) throw fail(new FileError(path, "missing"));
      return new Response(provided[path], { headers: { "Content-Type": TYPES[path.split(".").pop()] ?? "application/octet-stream" } });
    }
    let response;
    try {
      response = await networkFetch(input, init);
    } catch {
      throw fail(new FileError(path, "offline"));
    }
    if (!response.ok) throw fail(new FileError(path, "http", response.status));
    return response;
  }

  return {
    url: (path) => base + path,
    bytes: async (path) => (await fetchFile(base + path)).arrayBuffer(),

    // import() of a module file; a failed download is told apart from a broken module by fetching it.
    async importModule(path) {
      const url = provided ? URL.createObjectURL(new Blob([provided[path] ?? ""], { type: "text/javascript" })) : base + path;
      try {
        return await import(url);
      } catch (error) {
        if (provided && !(path in provided)) throw fail(new FileError(path, "missing"));
        if (!provided) await fetchFile(url); // throws the FileError when the download is the problem
        throw error;
      }
    },

    // A wasm file compiled once, as it downloads (or `module`, compiled by an earlier worker): a
    // Promise of its WebAssembly.Module. Pyodide's own request for the file is then answered empty,
    // since its instantiation gets this module (app/boot-engine.js); a failure fails during().
    compile(path, module = null) {
      const compiled = module instanceof WebAssembly.Module ? Promise.resolve(module) : WebAssembly.compileStreaming(fetchFile(base + path));
      compiled.catch(fail);
      compiledPaths.add(path);
      return compiled;
    },

    // Runs `load` with this module's fetch as the global one; rejects as soon as a file fails.
    async during(load) {
      globalThis.fetch = fetchFile;
      try {
        return await Promise.race([load(), failure]);
      } finally {
        globalThis.fetch = networkFetch;
      }
    },
  };
}
