// Compiles the browser's compute kernels (kernels/kernels.c) to WebAssembly with clang and lld
// (Debian: apt-get install clang lld). The result is cached in node_modules/.cache by the
// source's hash, so the build and tests/pyodide/run_python.mjs compile it once.
// kernelsWasm() returns the module's bytes, or null (with a warning) when no compiler is
// installed: the app then runs on the pure-Python backend alone, as before the kernels.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE = join(root, "kernels", "kernels.c");
const CACHE = join(root, "node_modules", ".cache", "pyengine-kernels");
// wasm has no fused multiply-add, and -ffp-contract=off keeps clang from inventing one;
// -fno-builtin keeps it from calling memset/memcpy, which this module does not have.
const FLAGS = ["--target=wasm32", "-O3", "-msimd128", "-nostdlib", "-fno-builtin", "-ffp-contract=off", "-Wall", "-Werror"];

function findClang() {
  for (const name of [process.env.CLANG, "clang", "clang-19", "clang-18", "clang-17", "clang-16", "clang-15", "clang-14"]) {
    if (!name) continue;
    try {
      execFileSync(name, ["--version"], { stdio: "ignore" });
      return name;
    } catch {
      // not this one
    }
  }
  return null;
}

// The module is instantiated on Pyodide's memory, so it must own none of it: no static data
// and no stack (clang's assembly names __stack_pointer when a function uses the stack).
function checkOwnsNoMemory(clang) {
  const assembly = execFileSync(clang, [...FLAGS, "-S", "-o", "-", SOURCE], { encoding: "utf8" });
  const offending = assembly.split("\n").filter((line) => /__stack_pointer|\.section\s+\.(data|bss|rodata)/.test(line));
  if (offending.length) {
    throw new Error(`kernels/kernels.c uses memory of its own (stack or static data):\n${offending.slice(0, 5).join("\n")}`);
  }
}

export function kernelsWasm() {
  const source = readFileSync(SOURCE);
  const hash = createHash("sha256").update(source).update(FLAGS.join(" ")).digest("hex").slice(0, 16);
  const cached = join(CACHE, `kernels-${hash}.wasm`);
  if (existsSync(cached)) return new Uint8Array(readFileSync(cached));
  const clang = findClang();
  if (!clang) {
    console.warn("kernels: clang not found (Debian: apt-get install clang lld); building without the wasm kernels");
    return null;
  }
  checkOwnsNoMemory(clang);
  mkdirSync(CACHE, { recursive: true });
  const out = `${cached}.${process.pid}.tmp`; // concurrent test processes may compile at once
  execFileSync(clang, [...FLAGS, "-Wl,--no-entry", "-Wl,--import-memory", "-Wl,--gc-sections", "-Wl,--strip-all",
    "-o", out, SOURCE], { stdio: ["ignore", "inherit", "inherit"] });
  renameSync(out, cached);
  for (const name of readdirSync(CACHE)) {  // older builds of the kernels
    if (/^kernels-\w+\.wasm$/.test(name) && join(CACHE, name) !== cached) rmSync(join(CACHE, name), { force: true });
  }
  return new Uint8Array(readFileSync(cached));
}
