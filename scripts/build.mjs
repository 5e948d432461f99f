// Builds the self-contained static site in dist/: the app and worker bundles, Pyodide's runtime
// files, the whole pyengine/ tree (as one JSON file the worker writes into Pyodide's file system),
// and lessons.json. Nothing in dist/ refers to another origin.
import { build } from "esbuild";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { kernelsWasm } from "./kernels.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];

export async function buildSite() {
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(join(dist, "vendor", "pyodide"), { recursive: true });

  await build({
    absWorkingDir: root,
    entryPoints: { app: "app/main.js", worker: "app/worker.js" },
    outdir: dist,
    bundle: true,
    format: "esm",
    target: "es2022",
    minify: true,
    legalComments: "none",
    loader: { ".py": "text", ".woff2": "file", ".woff": "file", ".ttf": "file" },
    plugins: [kernelsInline(kernelsWasm())],
    assetNames: "assets/[name]-[hash]",
    logLevel: "warning",
  });

  copyFileSync(join(root, "index.html"), join(dist, "index.html"));
  for (const file of PYODIDE_FILES) {
    copyFileSync(join(root, "node_modules", "pyodide", file), join(dist, "vendor", "pyodide", file));
  }
  writeFileSync(join(dist, "pyengine.json"), JSON.stringify(pythonTree(join(root, "pyengine"))));
  const lessons = join(root, "lessons.json");
  if (existsSync(lessons)) copyFileSync(lessons, join(dist, "lessons.json"));
  else console.warn("build: lessons.json is missing; the app will say so");
  return dist;
}

// `import kernelsWasm from "virtual:kernels-wasm"` (app/worker.js): the compute kernels' bytes,
// inlined into the worker bundle so they need no request of their own; null without clang.
function kernelsInline(bytes) {
  return {
    name: "kernels-wasm",
    setup(build) {
      build.onResolve({ filter: /^virtual:kernels-wasm$/ }, () => ({ path: "kernels.wasm", namespace: "kernels" }));
      build.onLoad({ filter: /.*/, namespace: "kernels" }, () =>
        bytes ? { contents: bytes, loader: "binary" } : { contents: "export default null", loader: "js" });
    },
  };
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildSite();
  console.log(`built dist/ (${(sizeOf(dist) / 1e6).toFixed(1)} MB) in ${Date.now() - started} ms`);
}
