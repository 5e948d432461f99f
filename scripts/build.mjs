// Builds the self-contained static site in dist/: the app and worker bundles, Pyodide's runtime
// files, the whole pyengine/ tree (as one JSON file the worker writes into Pyodide's file system),
// and lessons.json; for embedding in other pages, embed.js (<torch-cell>), embed.html (the iframe
// embed), pyscript-torch.js with PyScript in vendor/pyscript/ and pyengine.zip (the engine for
// PyScript pages), and the demo embed-demo.html. Nothing in dist/ refers to another origin.
import { build } from "esbuild";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { strToU8, zipSync } from "fflate";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];
const PAGES = ["index.html", "embed.html", "embed-demo.html"];

export async function buildSite() {
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(join(dist, "vendor", "pyodide"), { recursive: true });

  await build({
    absWorkingDir: root,
    entryPoints: {
      app: "app/main.js",
      worker: "app/worker.js",
      embed: "app/embed/embed.js",
      frame: "app/embed/frame.js",
      "pyscript-torch": "app/embed/pyscript-torch.js",
    },
    outdir: dist,
    bundle: true,
    format: "esm",
    target: "es2022",
    minify: true,
    legalComments: "none",
    loader: { ".py": "text", ".woff2": "file", ".woff": "file", ".ttf": "file" },
    assetNames: "assets/[name]-[hash]",
    logLevel: "warning",
  });

  for (const page of PAGES) copyFileSync(join(root, page), join(dist, page));
  for (const file of PYODIDE_FILES) {
    copyFileSync(join(root, "node_modules", "pyodide", file), join(dist, "vendor", "pyodide", file));
  }
  vendorPyScript(join(dist, "vendor", "pyscript"));
  const engine = pythonTree(join(root, "pyengine"));
  writeFileSync(join(dist, "pyengine.json"), JSON.stringify(engine));
  writeFileSync(join(dist, "pyengine.zip"), zipSync(Object.fromEntries(Object.entries(engine).map(([path, source]) => [path, strToU8(source)]))));
  const lessons = join(root, "lessons.json");
  if (existsSync(lessons)) copyFileSync(lessons, join(dist, "lessons.json"));
  else console.warn("build: lessons.json is missing; the app will say so");
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
