// Where the page gets the app's files: one boot, two transports.
//   Served over http(s): fetch(), next to index.html.
//   Opened from disk (file://, a double-clicked index.html): browsers refuse fetch() and module
//   scripts there, so the build also writes every file the app reads at run time as a classic
//   script, offline/<path>.js, that hands its contents to `courseFile(...)`; reading a file means
//   adding that <script>. The Python worker then starts from a data: URL (the only kind of module
//   worker file:// allows) and gets its files from the page with INIT (see worker-files.js).

// Every file the app reads at run time, relative to index.html (the build writes each one for disk).
export const PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];
const WORKER_FILES = ["worker.js", "pyengine.zip", ...PYODIDE_FILES.map((name) => `vendor/pyodide/${name}`)];
export const DISK_FILES = ["lessons.json", ...WORKER_FILES];
export const DISK_FOLDER = "offline";

export const fromDisk = globalThis.location?.protocol === "file:";

// A file that could not be had. `reason`: "offline" (no connection, or the server is unreachable),
// "http" (the server answered with `status`), "missing" (not in the course folder, on disk).
export class FileError extends Error {
  constructor(file, reason, status) {
    super(`${file}: ${reason === "http" ? `HTTP ${status}` : reason}`);
    Object.assign(this, { name: "FileError", file, reason, status });
  }
}

// Resolved against the script that holds this module (app.js, a classic script; or a module such as
// embed.js on another site's page), so the app works under any sub-path and from any page.
const appBase = globalThis.document?.currentScript?.src ?? import.meta.url ?? globalThis.location?.href;
export const appUrl = (path) => new URL(path, appBase).href;

export async function readText(path) {
  if (fromDisk) return readFromDisk(path);
  let response;
  try {
    response = await fetch(appUrl(path), { cache: "no-cache" });
  } catch {
    throw new FileError(path, "offline");
  }
  if (!response.ok) throw new FileError(path, "http", response.status);
  return response.text();
}

// The Python worker: worker.js over http(s); from disk, a data: URL bootstrap that imports
// worker.js from the source the page posts with INIT, then hands it that (trusted) INIT event.
// A module that cannot be imported is rethrown outside the promise, to reach the page as the
// worker's error event (python.js reports it).
const DISK_WORKER_BOOTSTRAP = `self.onmessage = (event) => {
  self.onmessage = null;
  const source = new Blob([event.data.files["worker.js"]], { type: "text/javascript" });
  import(URL.createObjectURL(source)).then(
    (worker) => worker.receive(event),
    (error) => setTimeout(() => { throw error; }),
  );
};`;

// A page on another origin than our files (a docs site embedding the cells) may not start a worker
// from our URL; a same-origin blob: module that imports it (a CORS request) may.
export function startWorker() {
  if (fromDisk) return new Worker(`data:text/javascript,${encodeURIComponent(DISK_WORKER_BOOTSTRAP)}`, { type: "module" });
  const url = new URL(appUrl("worker.js"));
  if (url.origin === globalThis.location?.origin) return new Worker(url, { type: "module" });
  return new Worker(URL.createObjectURL(new Blob([`import ${JSON.stringify(url.href)};`], { type: "text/javascript" })), { type: "module" });
}

// What INIT carries for the worker's files from disk (over http(s), nothing: the worker fetches
// them): { path: string | Uint8Array } for every WORKER_FILES entry, read once per page.
let diskWorkerFiles = null;
export function filesForWorker() {
  diskWorkerFiles ??= Promise.all(WORKER_FILES.map(readFromDisk)).then((contents) =>
    Object.fromEntries(WORKER_FILES.map((path, i) => [path, contents[i]])),
  );
  diskWorkerFiles.catch(() => (diskWorkerFiles = null)); // a retry reads again
  return diskWorkerFiles;
}

// ---- file:// -----------------------------------------------------------------------------------

const pendingReads = new Map(); // path → resolve
globalThis.courseFile = (path, encoding, data) => pendingReads.get(path)?.(encoding === "base64" ? fromBase64(data) : data);

function readFromDisk(path) {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    pendingReads.set(path, resolve);
    const done = () => {
      pendingReads.delete(path);
      script.remove();
    };
    script.onload = done; // the script has called courseFile() (and so resolved) while it ran
    script.onerror = () => {
      done();
      reject(new FileError(`${DISK_FOLDER}/${path}.js`, "missing"));
    };
    script.src = appUrl(`${DISK_FOLDER}/${path}.js`);
    document.head.append(script);
  });
}

function fromBase64(text) {
  if (Uint8Array.fromBase64) return Uint8Array.fromBase64(text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
