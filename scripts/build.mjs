// Builds the self-contained static site in dist/: the app (one classic script, so it also runs from
// file://) and the worker bundle, Pyodide's runtime files, the whole pyengine/ tree with its
// bytecode (pyengine.zip, which the worker imports from on sys.path), lessons.json; for embedding in other pages,
// plot.js (the figure renderer, loaded when a program first shows a figure); embed.js (<torch-cell>), embed.html (the iframe embed), pyscript-torch.js (PyScript's markup on
// our runtime, with PyScript's editor in vendor/pyscript/), their shared chunks (embed-*.js), and
// the demo embed-demo.html; build-info.json (the version, and whether the wasm kernels are in);
// THIRD-PARTY-LICENSES.txt (every npm package the site ships, and every project the engine's and the
// kernels' code or data is derived from, with their license texts); source/ (the kernels' C source and
// build script, which the LGPL of their glibc-derived parts asks to ship beside the compiled code);
// then, for offline use, each file the app reads again as a classic script for file:// (offline/,
// see app/files.js), the service worker with Workbox's precache manifest of everything else the course uses, and
// .gz/.br copies for the server. Nothing in dist/ refers to another origin.
import { build } from "esbuild";
import { getManifest } from "workbox-build";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, extname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompress, constants, gzipSync } from "node:zlib";
import { promisify } from "node:util";
import { strToU8, unzipSync, zipSync } from "fflate";
import { DISK_FILES, DISK_FOLDER, PYODIDE_FILES } from "../app/files.js";
import { ENGINE_ZIP } from "../app/boot-engine.js";
import { kernelsWasm } from "./kernels.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const COURSE_VERSION = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
const TEXT = new Set([".html", ".js", ".mjs", ".css", ".json", ".md", ".svg", ".txt"]);
// Already compressed: no .gz/.br next to these (a zip may be stored uncompressed: compressAll tries it).
const COMPRESSED = new Set([".woff2", ".woff", ".png", ".jpg", ".gz", ".br"]);
// What the service worker does not precache: the file:// copies, compressed variants (the server
// picks them), a release zip (release.mjs) and the service worker itself; and KaTeX's .woff/.ttf
// fonts, fallbacks its CSS lists after .woff2, which every browser that runs the app uses.
const BUILD_INFO = "build-info.json";
const LICENSES = "THIRD-PARTY-LICENSES.txt";
const SOURCE = "source"; // the wasm kernels' source (writeKernelSource)
const NOT_PRECACHED = [BUILD_INFO, LICENSES, `${SOURCE}/**`, `${DISK_FOLDER}/**`, "**/*.gz", "**/*.br", "autograd-course-*.zip", "sw.js", "assets/*.woff", "assets/*.ttf"];
// What only pages that embed the course use (the cells, the iframe embed, PyScript's markup and
// editor): not precached, so that a first visit to the course does not download them; the service
// worker keeps each one when it is first fetched, for offline use after that (app/sw.js).
const EMBED_ONLY = ["embed.html", "embed-demo.html", "embed*.js", "frame.js", "pyscript-torch.js", "vendor/pyscript/**"];
const PAGES = ["index.html", "embed.html", "embed-demo.html"];

// Every npm package whose code a bundle holds, from esbuild's metafile: the licenses file names them.
const bundledPackages = new Set();
const bundle = async (dist, options) => {
  const { metafile } = await build({
    absWorkingDir: root,
    outdir: dist,
    bundle: true,
    target: "es2022",
    minify: true,
    legalComments: "none",
    logLevel: "warning",
    ...options,
    // The course's version, which a progress file carries (app/progress.js).
    define: { __COURSE_VERSION__: JSON.stringify(COURSE_VERSION), ...options.define },
    metafile: true,
  });
  for (const input of Object.keys(metafile.inputs)) {
    const match = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//);
    if (match) bundledPackages.add(match[1]);
  }
};

// `out`: the folder to (re)write; `lessons`: the course file to ship (a test builds a changed course).
export async function buildSite({ out: dist = join(root, "dist"), lessons = join(root, "lessons.json") } = {}) {
  // A folder this build wrote has index.html, or at least vendor/ when an earlier build failed midway.
  if (existsSync(dist) && readdirSync(dist).length && !["index.html", "vendor"].some((name) => existsSync(join(dist, name)))) {
    throw new Error(`build: ${dist} is not empty and holds no earlier build; not deleting it`);
  }
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(join(dist, "vendor", "pyodide"), { recursive: true });

  const styles = { loader: { ".woff2": "file", ".woff": "file", ".ttf": "file" }, assetNames: "assets/[name]-[hash]" };
  // A classic script has no import.meta: files.js then finds the app's folder from document.currentScript.
  await bundle(dist, { entryPoints: { app: "app/main.js" }, format: "iife", define: { "import.meta.url": "undefined" }, ...styles });
  // Modules on other sites' pages (embed.js, pyscript-torch.js) find our files from import.meta.url.
  // Split into shared chunks: a page with both cells and PyScript scripts has one runtime.js (one
  // worker), and only a <torch-cell graph> loads the graph panel's code. The chunks sit beside the
  // entries: files.js finds our files from its own chunk's import.meta.url.
  await bundle(dist, {
    entryPoints: {
      embed: "app/embed/embed.js",
      frame: "app/embed/frame.js",
      "pyscript-torch": "app/embed/pyscript-torch.js",
      "embed-demo": "app/embed/demo.js",
    },
    format: "esm",
    splitting: true,
    chunkNames: "embed-[name]-[hash]",
    ...styles,
  });
  // The figure renderer (Observable Plot), a classic script of its own that the app and the cells load
  // the first time a program shows a figure (app/figures/view.js), over http(s) and from file:// alike.
  await bundle(dist, { entryPoints: { plot: "app/figures/render.js" }, format: "iife" });
  const kernels = kernelsWasm();
  // The browser's numpy and matplotlib (browser_numpy/numpy, browser_matplotlib/matplotlib) sit beside
  // torch in the zip: importable as `numpy` and `matplotlib` only here.
  const { engine, stdlib } = await compilePython(Object.assign({}, ...["pyengine", "browser_numpy", "browser_matplotlib"].map((dir) => pythonTree(join(root, dir)))));
  writeFileSync(join(dist, "pyengine.zip"), engine);
  await bundle(dist, {
    entryPoints: { worker: "app/worker.js" },
    format: "esm",
    loader: { ".py": "text" },
    define: { BOOT_IMAGE_ID: JSON.stringify(bootImageId(engine, stdlib)) },
    plugins: [kernelsInline(kernels)],
  });
  // What the release (scripts/release.mjs) tells teachers: whether this build has the fast kernels.
  writeFileSync(join(dist, BUILD_INFO), `${JSON.stringify({ version: COURSE_VERSION, kernels: kernels !== null })}\n`);

  for (const page of PAGES) copyFileSync(join(root, page), join(dist, page));
  for (const file of PYODIDE_FILES) {
    if (file === "python_stdlib.zip") writeFileSync(join(dist, "vendor", "pyodide", file), stdlib);
    else copyFileSync(join(root, "node_modules", "pyodide", file), join(dist, "vendor", "pyodide", file));
  }
  vendorPyScript(join(dist, "vendor", "pyscript"));
  if (existsSync(lessons)) copyFileSync(lessons, join(dist, "lessons.json"));
  else console.warn("build: lessons.json is missing; the app will say so");

  writeDiskCopies(dist);
  await buildServiceWorker(dist);
  writeLicenses(dist, [...bundledPackages, "pyodide", "@pyscript/core"]);
  writeKernelSource(dist);
  await compressAll(dist, join(dist, DISK_FOLDER));
  return dist;
}

// PyScript's own files (its chunks load each other by relative URL), without the source maps.
function vendorPyScript(target) {
  const source = join(root, "node_modules", "@pyscript", "core", "dist");
  mkdirSync(target, { recursive: true });
  for (const name of readdirSync(source)) {
    if (!name.endsWith(".map")) copyFileSync(join(source, name), join(target, name));
  }
}

// offline/<path>.js for every file the app reads: `courseFile(path, encoding, contents)`.
function writeDiskCopies(dist) {
  for (const path of DISK_FILES) {
    const file = join(dist, path);
    if (!existsSync(file)) continue; // lessons.json may be missing; the app says so
    const text = TEXT.has(extname(path));
    const contents = text ? JSON.stringify(readFileSync(file, "utf8")) : `"${readFileSync(file).toString("base64")}"`;
    const target = join(dist, DISK_FOLDER, `${path}.js`);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, `courseFile(${JSON.stringify(path)}, "${text ? "text" : "base64"}", ${contents});\n`);
  }
}

// dist/sw.js: app/sw.js bundled with the manifest of every other file the build wrote.
async function buildServiceWorker(dist) {
  const { manifestEntries, warnings } = await getManifest({
    globDirectory: dist,
    globPatterns: ["**/*"],
    globIgnores: [...NOT_PRECACHED, ...EMBED_ONLY],
    maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
    manifestTransforms: [
      async (entries) => ({
        manifest: entries.map((entry) => ({
          ...entry,
          integrity: `sha384-${createHash("sha384").update(readFileSync(join(dist, entry.url))).digest("base64")}`,
        })),
      }),
    ],
  });
  warnings.forEach((warning) => console.warn(`build: ${warning}`));
  const embedOnly = (await getManifest({ globDirectory: dist, globPatterns: EMBED_ONLY, globIgnores: NOT_PRECACHED })).manifestEntries;
  await bundle(dist, {
    entryPoints: { sw: "app/sw.js" },
    format: "iife",
    define: {
      "self.__WB_MANIFEST": JSON.stringify(manifestEntries),
      EMBED_ONLY_FILES: JSON.stringify(embedOnly.map((entry) => entry.url)),
      "process.env.NODE_ENV": '"production"',
    },
  });
}

// THIRD-PARTY-LICENSES.txt: the license of every package the site ships (bundled or copied), with
// its notice text, as their licenses (MIT, ISC, BSD, Apache, MPL) ask of a redistribution; then
// licenses/*.txt, one notice per project whose code or data the engine (pyengine.zip, the browser's
// numpy) and the wasm kernels are derived from: what derives from it, its copyright and license.
function writeLicenses(dist, packages) {
  const packageSections = [...new Set(packages)].sort().map((name) => {
    const folder = join(root, "node_modules", name);
    const { version, license, homepage } = JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
    const file = readdirSync(folder).find((entry) => /^(licen[cs]e|copying)([.-]|$)/i.test(entry));
    // Pyodide's npm package carries no license text (its runtime holds CPython, under the PSF license).
    const text = file ? readFileSync(join(folder, file), "utf8").trim() : `The package ships no license text; its terms: ${license}, at ${homepage}.`;
    return `${name} ${version} (${license})\n\n${text}\n`;
  });
  const notices = join(root, "licenses");
  const derivedSections = readdirSync(notices).filter((name) => name.endsWith(".txt")).sort()
    .map((name) => readFileSync(join(notices, name), "utf8"));
  const header = "Third-party software in this site, with its licenses: first the npm packages the site ships\n"
    + "(bundled into its scripts or copied), then the projects whose code or data the Python engine\n"
    + "(pyengine.zip: torch and the browser's numpy) and the compute kernels (WebAssembly in worker.js,\n"
    + `built from ${SOURCE}/kernels.c) are derived from, each with the files that derive from it (paths\n`
    + "of the project's source tree: pyengine.zip holds pyengine/ and browser_numpy/).\n\n";
  writeFileSync(join(dist, LICENSES), header + [...packageSections, ...derivedSections].join(`\n${"=".repeat(72)}\n\n`));
}

// source/: the wasm kernels' C source and the script that compiles it. Their glibc-derived parts
// are LGPL-2.1+ (licenses/glibc.txt), which asks that the compiled code come with its source.
function writeKernelSource(dist) {
  mkdirSync(join(dist, SOURCE));
  copyFileSync(join(root, "kernels", "kernels.c"), join(dist, SOURCE, "kernels.c"));
  copyFileSync(join(root, "scripts", "kernels.mjs"), join(dist, SOURCE, "kernels.mjs"));
}

// file.gz and file.br beside every compressible file, for scripts/serve.mjs; the file:// copies are
// never served, so never compressed. Brotli quality 5 (~10% smaller than gzip at the same speed) for
// what changes with the code; Pyodide's files and the engine's zip, most of a first visit's bytes and
// the same from build to build, at quality 11 (16% smaller: 6.6 → 5.6 MB; 6 s for the engine's),
// compressed once and kept in node_modules/.cache.
async function compressAll(dist, skipped) {
  const pending = [];
  for (const path of filesUnder(dist, skipped)) {
    if (COMPRESSED.has(extname(path))) continue;
    const contents = readFileSync(path);
    const gzip = gzipSync(contents, { level: 9 });
    if (gzip.length > 0.9 * contents.length) continue; // compressed already
    writeFileSync(`${path}.gz`, gzip);
    const big = relative(dist, path).startsWith(join("vendor", "pyodide")) || relative(dist, path) === "pyengine.zip";
    pending.push((big ? brotliCached(contents) : brotli(contents, 5)).then((bytes) => writeFileSync(`${path}.br`, bytes)));
  }
  await Promise.all(pending);
}

function filesUnder(dir, skipped) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (!statSync(path).isDirectory()) return [path];
    return path === skipped ? [] : filesUnder(path, skipped);
  });
}

const BROTLI_CACHE = join(root, "node_modules", ".cache", "brotli");

async function brotliCached(contents) {
  const cached = join(BROTLI_CACHE, `${createHash("sha256").update(contents).digest("hex")}-q11.br`);
  if (existsSync(cached)) return readFileSync(cached);
  const bytes = await brotli(contents, 11);
  mkdirSync(BROTLI_CACHE, { recursive: true });
  const partial = `${cached}.${process.pid}.tmp`; // concurrent builds may compress at once
  writeFileSync(partial, bytes);
  renameSync(partial, cached);
  return bytes;
}

// On libuv's thread pool, so the big files compress side by side.
function brotli(contents, quality) {
  const params = { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: contents.length, [constants.BROTLI_PARAM_LGWIN]: 24 };
  return promisify(brotliCompress)(contents, { params });
}

// `import kernelsWasm from "virtual:kernels-wasm"` (app/worker.js): the compute kernels' builds
// (bytes, the one to try first first; scripts/kernels.mjs), inlined into the worker bundle so they
// need no request of their own; null without clang.
function kernelsInline(builds) {
  return {
    name: "kernels-wasm",
    setup(build) {
      build.onResolve({ filter: /^virtual:kernels-wasm/ }, ({ path }) => ({ path, namespace: "kernels" }));
      build.onLoad({ filter: /^virtual:kernels-wasm$/, namespace: "kernels" }, () => ({
        loader: "js",
        contents: builds
          ? `${builds.map((_, i) => `import build${i} from "virtual:kernels-wasm/${i}";`).join("\n")}\n`
            + `export default [${builds.map((_, i) => `build${i}`).join(", ")}];`
          : "export default null",
      }));
      build.onLoad({ filter: /^virtual:kernels-wasm\/\d+$/, namespace: "kernels" }, ({ path }) =>
        ({ contents: builds[Number(path.split("/").pop())], loader: "binary" }));
    },
  };
}

// The worker's Python files, compiled by Pyodide's own CPython in Node. Bytecode is "unchecked"
// (PEP 552): the importer loads it without reading the source. Returns
// - engine: pyengine.zip, which the worker puts on sys.path as ENGINE_ZIP (the one runtime of the app,
//   the cells and PyScript pages): every source file, which stays for tracebacks, and its bytecode
//   beside it (<name>.pyc, where zipimport looks; compiled as if at ENGINE_ZIP, since zipimport keeps
//   the file names the bytecode holds). Importing the engine from bytecode takes a quarter of the time.
// - stdlib: Pyodide's python_stdlib.zip with the modules a worker's boot imports (Pyodide's own
//   start-up, the engine, the runner) as bytecode instead of source: Pyodide ships source only, so
//   each boot compiled some 150 modules, two thirds of a cold start (loadPyodide in Node 1.5 → 0.5 s).
//   Their source is left out (both would add 1 MB to a first visit, bytecode alone 0.5 MB): only a
//   traceback that prints the standard library's own lines, or inspect.getsource of it, misses them.
//   Cached in node_modules/.cache by the modules, the zip they come from and Pyodide's version.
async function compilePython(sources) {
  const { loadPyodide } = await import(pathToFileURL(join(root, "node_modules", "pyodide", "pyodide.mjs")).href);
  const pyodide = await loadPyodide();
  const dir = "/engine";
  for (const [path, source] of Object.entries(sources)) {
    pyodide.FS.mkdirTree(dirname(`${dir}/${path}`));
    pyodide.FS.writeFile(`${dir}/${path}`, source);
  }
  for (const [name, file] of [["_course_runner", "runner.py"], ["_course_boot_state", "boot_state.py"], ["course_graph", "course_graph.py"]]) {
    pyodide.FS.writeFile(`/home/pyodide/${name}.py`, readFileSync(join(root, "app", "py", file)));
  }
  // What a worker imports from the standard library: asked before anything of the build's own
  // (compileall) is imported, with the engine imported from source (no bytecode written yet).
  const bootModules = pyodide.runPython(`
import sys
sys.dont_write_bytecode = True
sys.path[:0] = [${JSON.stringify(dir)}, "/home/pyodide"]
import torch, torch.nn, torch.optim, torch.utils.data, _course_runner, _course_boot_state, course_graph
import zipimport
stdlib = next(entry for entry in sys.path if entry.endswith(".zip")) + "/"
sys.dont_write_bytecode = False
sorted({module.__file__[len(stdlib):] for module in list(sys.modules.values())  # not the frozen ones (os, codecs, ...)
        if isinstance(getattr(module, "__loader__", None), zipimport.zipimporter) and module.__file__.startswith(stdlib)})`).toJs();
  const compiled = pyodide.runPython(`
import compileall, os, py_compile
compileall.compile_dir(${JSON.stringify(dir)}, ddir=${JSON.stringify(ENGINE_ZIP)}, legacy=True, quiet=1, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
[os.path.relpath(os.path.join(folder, name), ${JSON.stringify(dir)})
 for folder, _, names in os.walk(${JSON.stringify(dir)}) for name in names if name.endswith(".pyc")]`).toJs();
  const files = Object.fromEntries(Object.entries(sources).map(([path, source]) => [path, strToU8(source)]));
  for (const path of compiled.sort()) files[path] = pyodide.FS.readFile(`${dir}/${path}`);
  return { engine: storedZip(files), stdlib: compiledStdlib(pyodide, bootModules) };
}

function compiledStdlib(pyodide, modules) {
  const zip = readFileSync(join(root, "node_modules", "pyodide", "python_stdlib.zip"));
  const key = createHash("sha256").update(zip).update(pyodide.version).update(modules.join("\n")).digest("hex");
  const cached = join(root, "node_modules", ".cache", "stdlib", `${key}.zip`);
  if (existsSync(cached)) return readFileSync(cached);
  pyodide.globals.set("modules", pyodide.toPy(modules));
  const bytecode = pyodide.runPython(`
import py_compile, sys, zipfile
stdlib = next(entry for entry in sys.path if entry.endswith(".zip"))
bytecode = {}
with zipfile.ZipFile(stdlib) as archive:
    for name in modules:
        with open("/tmp/module.py", "wb") as file:
            file.write(archive.read(name))
        py_compile.compile("/tmp/module.py", "/tmp/module.pyc", f"{stdlib}/{name}", doraise=True, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        with open("/tmp/module.pyc", "rb") as file:
            bytecode[name] = file.read()
bytecode`).toJs({ dict_converter: Object.fromEntries });
  // zipimport looks for <name>.pyc beside where <name>.py would be.
  const files = Object.fromEntries(Object.entries(unzipSync(zip)).map(([name, contents]) =>
    name in bytecode ? [`${name.slice(0, -3)}.pyc`, bytecode[name]] : [name, contents]));
  const result = storedZip(files);
  mkdirSync(dirname(cached), { recursive: true });
  writeFileSync(`${cached}.${process.pid}.tmp`, result);
  renameSync(`${cached}.${process.pid}.tmp`, cached);
  return result;
}

// A zip of `files` ({ path: bytes }), stored, not deflated: the server's .br/.gz of the whole zip
// are smaller than a zip of deflated files (the files share much of their text: pyengine.zip 25%
// smaller; Pyodide's standard library, which comes deflated file by file, 2.5 MB → 1.9/2.2 MB).
// A fixed date: the same files, the same zip.
function storedZip(files) {
  return zipSync(files, { level: 0, mtime: "2000-01-01" });
}

// What a worker's memory snapshot holds (app/boot-engine.js), named by the files that make it: the
// engine, the Python the worker boots with, and that boot's code. Pyodide checks its own build.
function bootImageId(engine, stdlib) {
  const hash = createHash("sha256").update(engine).update(stdlib);
  for (const file of ["app/worker.js", "app/boot-engine.js", "app/py/runner.py", "app/py/boot_state.py", "app/py/course_graph.py"]) {
    hash.update(readFileSync(join(root, file)));
  }
  return hash.digest("hex").slice(0, 32);
}

// { "torch/__init__.py": "<source>", ... } for every .py file under `dir`.
function pythonTree(dir, files = {}, base = dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (name === "__pycache__" || name.startsWith(".")) continue;
    if (statSync(path).isDirectory()) pythonTree(path, files, base);
    else if (name.endsWith(".py")) files[relative(base, path).split("\\").join("/")] = readFileSync(path, "utf8");
  }
  return files;
}

function sizeOf(path) {
  return statSync(path).isDirectory() ? readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0) : statSync(path).size;
}

const megabytes = (bytes) => (bytes < 1e6 ? `${Math.round(bytes / 1e3)} kB` : `${(bytes / 1e6).toFixed(1)} MB`);

// The one line `npm run build` and `npm start` print: what was built, how big, how long it took.
export function buildSummary(dist, startedMs) {
  const lessons = existsSync(join(dist, "lessons.json")) ? JSON.parse(readFileSync(join(dist, "lessons.json"), "utf8")).lessons.length : 0;
  const parts = [["app", join(dist, "app.js")], ["worker", join(dist, "worker.js")], ["pyengine", join(dist, "pyengine.zip")], ["Pyodide", join(dist, "vendor", "pyodide")]];
  const sizes = parts.map(([name, path]) => `${name} ${megabytes(sizeOf(path))}`).join(", ");
  return `Built ${relative(process.cwd(), dist) || "."}/ in ${((Date.now() - startedMs) / 1000).toFixed(1)} s: ${megabytes(sizeOf(dist))} (${sizes}), ${lessons} lessons`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const args = process.argv.slice(2);
  const option = (name) => (args.includes(name) ? resolve(args[args.indexOf(name) + 1]) : undefined);
  const dist = await buildSite({ out: option("--out"), lessons: option("--lessons") });
  console.log(buildSummary(dist, started));
}
