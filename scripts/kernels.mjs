// Compiles the browser's compute kernels (kernels/kernels.c) to WebAssembly with clang and lld
// (Debian: apt-get install clang lld), in two builds of the one source:
// - "simd128": WebAssembly SIMD, which every current browser runs;
// - "relaxed": the same plus relaxed SIMD (-mrelaxed-simd: a fused multiply-add for matmul rule F),
//   which needs clang 16 or later for the instructions' final encoding (Debian: apt-get install
//   clang-16 lld-16) and an engine that has relaxed SIMD (Chromium 114+; Node 20 behind a V8 flag,
//   which tests/pyodide/run_python.mjs turns on).
// Results are cached in node_modules/.cache by the source's hash, so the build and
// tests/pyodide/run_python.mjs compile each once. kernelsWasm() returns the builds' bytes, the one
// to try first first (app/kernels.js instantiates the first the engine accepts), or null (with a
// warning) when no compiler is installed: the app then runs on the pure-Python backend alone.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE = join(root, "kernels", "kernels.c");
const CACHE = join(root, "node_modules", ".cache", "pyengine-kernels");
// wasm has no fused multiply-add outside relaxed SIMD, and -ffp-contract=off keeps clang from
// inventing one; -fno-builtin keeps it from calling memset/memcpy, which this module does not have.
const FLAGS = ["--target=wasm32", "-O3", "-msimd128", "-nostdlib", "-fno-builtin", "-ffp-contract=off", "-Wall", "-Werror"];
const BUILDS = { relaxed: ["-mrelaxed-simd"], simd128: [] };
const RELAXED_MIN_CLANG = 16;
const CLANGS = ["clang", "clang-21", "clang-20", "clang-19", "clang-18", "clang-17", "clang-16", "clang-15", "clang-14"];

function clangMajor(name) {
  try {
    const version = execFileSync(name, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    return Number(/clang version (\d+)/.exec(version)?.[1] ?? 0);
  } catch {
    return 0; // not installed
  }
}

// The first clang (in CLANGS' order, $CLANG first) of at least version `min`, or null.
function findClang(min) {
  for (const name of [process.env.CLANG, ...CLANGS]) {
    if (name && clangMajor(name) >= Math.max(min, 1)) return name;
  }
  return null;
}

// The module is instantiated on Pyodide's memory, so it must own none of it: no static data
// and no stack (clang's assembly names __stack_pointer when a function uses the stack).
function checkOwnsNoMemory(clang, flags) {
  // (the assembly passed the default 1 MB output buffer: room for the source to grow)
  const assembly = execFileSync(clang, [...flags, "-S", "-o", "-", SOURCE], { encoding: "utf8", maxBuffer: 64 << 20 });
  const offending = assembly.split("\n").filter((line) => /__stack_pointer|\.section\s+\.(data|bss|rodata)/.test(line));
  if (offending.length) {
    throw new Error(`kernels/kernels.c uses memory of its own (stack or static data):\n${offending.slice(0, 5).join("\n")}`);
  }
}

function compile(build, clang) {
  const flags = [...FLAGS, ...BUILDS[build]];
  const source = readFileSync(SOURCE);
  const hash = createHash("sha256").update(source).update(flags.join(" ")).digest("hex").slice(0, 16);
  const cached = join(CACHE, `kernels-${build}-${hash}.wasm`);
  if (existsSync(cached)) return new Uint8Array(readFileSync(cached));
  checkOwnsNoMemory(clang, flags);
  mkdirSync(CACHE, { recursive: true });
  const out = `${cached}.${process.pid}.tmp`; // concurrent test processes may compile at once
  // clang runs the wasm-ld of its own version (Debian's lld-N puts it beside clang-N).
  execFileSync(clang, [...flags, "-Wl,--no-entry", "-Wl,--import-memory", "-Wl,--gc-sections", "-Wl,--strip-all",
    "-o", out, SOURCE], { stdio: ["ignore", "inherit", "inherit"] });
  renameSync(out, cached);
  for (const name of readdirSync(CACHE)) {  // older builds of the kernels
    if (name.startsWith(`kernels-${build}-`) && name.endsWith(".wasm") && join(CACHE, name) !== cached) {
      rmSync(join(CACHE, name), { force: true });
    }
  }
  return new Uint8Array(readFileSync(cached));
}

// only: "simd128" for that build alone (tests of the fallback), else every build there is a clang for.
export function kernelsWasm({ only = null } = {}) {
  const clang = findClang(1);
  if (!clang) {
    console.warn("kernels: clang not found (Debian: apt-get install clang lld); building without the wasm kernels");
    return null;
  }
  const relaxedClang = only === "simd128" ? null : findClang(RELAXED_MIN_CLANG);
  if (!relaxedClang && only !== "simd128") {
    console.warn(`kernels: no clang ${RELAXED_MIN_CLANG}+ (Debian: apt-get install clang-${RELAXED_MIN_CLANG} lld-${RELAXED_MIN_CLANG}); `
      + "building without the relaxed-SIMD kernels (matmul is slower, same bits)");
  }
  return [...(relaxedClang ? [compile("relaxed", relaxedClang)] : []), compile("simd128", clang)];
}
