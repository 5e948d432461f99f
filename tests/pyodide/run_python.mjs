// Run a Python file inside Pyodide under Node, with our engine importable as `torch`.
//
//   node tests/pyodide/run_python.mjs [--snapshot] [--mount DIR]... [SCRIPT.py | -] [ARGS...]
//
// * The repository root and the script's folder are mounted into Pyodide's file system at
//   the same absolute paths as on the host (--mount adds more), so paths mean the same inside.
// * <repo>/pyengine, <repo>/browser_numpy and <repo>/browser_matplotlib are first on sys.path, so
//   `import torch` imports our engine, `import numpy` the browser's numpy and `import matplotlib` the
//   browser's matplotlib, as in the browser's worker (all in pyengine.zip).
// * Figures: each figure the program shows (plt.show(), savefig(), …, and those left open at its
//   end, as in the page: browser_matplotlib/matplotlib/_display.py) is appended as one line of JSON
//   to the file named by PYENGINE_FIGURES, when set (its folder is mounted); docs/testing.md, "Figures".
// * SCRIPT.py runs as __main__ with sys.argv = [SCRIPT.py, ...ARGS]; "-" or no script reads
//   the program from stdin.
// * stdout/stderr are forwarded byte for byte; the exit status is the script's (0, the code
//   of SystemExit, or 1 after an uncaught exception, whose traceback goes to stderr).
// * Environment variables named PYENGINE_* are passed through to Python's os.environ.
// * The compute kernels are installed as in the browser's worker (app/kernels.js; compiled by
//   scripts/kernels.mjs, which warns when clang is missing), unless PYENGINE_KERNELS=0.
// * With --snapshot, the script runs in a Pyodide restored from a memory snapshot taken with the
//   engine imported, as the browser's later workers boot (app/boot-engine.js); exit status 4 with
//   a message when the snapshot could not be made or restored.
// * Pyodide comes from the folder in $PYODIDE_DIR, else the browser's copy in <repo>/dist/vendor/pyodide
//   when the site is built (its standard library partly precompiled, scripts/build.mjs), else
//   <repo>/node_modules/pyodide.
//   Exit status 3 with a message on stderr when it cannot be found.
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bootEngine } from "../../app/boot-engine.js";
import { kernelsWasm } from "../../scripts/kernels.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

function parseArgs(argv) {
  const mounts = [];
  const snapshot = argv[0] === "--snapshot";
  let i = snapshot ? 1 : 0;
  while (argv[i] === "--mount") {
    mounts.push(resolve(argv[i + 1]));
    i += 2;
  }
  const script = argv[i] === undefined || argv[i] === "-" ? null : resolve(argv[i]);
  return { snapshot, mounts, script, scriptArgs: argv.slice(i + 1) };
}

function findPyodide() {
  const candidates = [process.env.PYODIDE_DIR, resolve(repoRoot, "dist", "vendor", "pyodide"), resolve(repoRoot, "node_modules", "pyodide")];
  return candidates.find((dir) => dir && existsSync(resolve(dir, "pyodide.mjs")));
}

function forward(stream) {
  // Pyodide reuses the buffer it hands over, so copy before the asynchronous write.
  return { write: (buffer) => { stream.write(Buffer.from(buffer)); return buffer.length; } };
}

const RUN_MAIN = `
import runpy, sys, traceback

def run_main(path, args, engine_dirs):
    sys.path[:0] = [dir for dir in engine_dirs if dir not in sys.path]
    sys.argv = [path, *args]
    try:
        status = run_program(path)
        return status if end_figures() else 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()


def run_program(path):
    try:
        runpy.run_path(path, run_name="__main__")
    except SystemExit as exit:
        if exit.code is None or isinstance(exit.code, int):
            return exit.code or 0
        print(exit.code, file=sys.stderr)
        return 1
    except BaseException:
        traceback.print_exc()
        return 1
    return 0


def end_figures():
    """As the page's runner does after a program: its open figures are shown (matplotlib's _display)."""
    display = sys.modules.get("matplotlib._display")
    if display is None:
        return True
    try:
        display.end_of_run()
    except BaseException:
        traceback.print_exc()
        return False
    return True

run_main
`;

async function main() {
  const { snapshot, mounts, script, scriptArgs } = parseArgs(process.argv.slice(2));
  const pyodideDir = findPyodide();
  if (!pyodideDir) {
    process.stderr.write(`pyodide not found: run npm install in ${repoRoot} or set PYODIDE_DIR\n`);
    return 3;
  }
  const source = script ? null : readFileSync(0, "utf8");
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => key.startsWith("PYENGINE_")));

  const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
  const engineDirs = ["pyengine", "browser_numpy", "browser_matplotlib"].map((dir) => resolve(repoRoot, dir));
  const figures = env.PYENGINE_FIGURES ? [dirname(resolve(env.PYENGINE_FIGURES))] : [];
  const boot = {
    loadPyodide,
    options: { indexURL: pyodideDir + "/", env },
    // Mounted again after a restore: the file system is not part of the snapshot.
    writeFiles: (pyodide) => {
      const mounted = [];
      for (const dir of [repoRoot, ...mounts, ...figures, ...(script ? [dirname(script)] : [])].sort((a, b) => a.length - b.length)) {
        if (!mounted.some((outer) => dir === outer || dir.startsWith(outer + "/"))) {
          pyodide.mountNodeFS(dir, dir);
          mounted.push(dir);
        }
      }
    },
    importEngine: snapshot ? `import sys; sys.path[:0] = ${JSON.stringify(engineDirs)}; import torch, torch.nn, torch.optim, torch.utils.data` : "",
    kernelsWasm: env.PYENGINE_KERNELS === "0" ? null : kernelsWasm(),
  };
  let { pyodide, snapshot: made } = await bootEngine({ ...boot, makeSnapshot: snapshot });
  if (snapshot) {
    if (!made) {
      process.stderr.write("run_python.mjs --snapshot: no memory snapshot was made\n");
      return 4;
    }
    const restored = await bootEngine({ ...boot, snapshot: made });
    if (!restored.restored) {
      process.stderr.write(`run_python.mjs --snapshot: the snapshot did not restore: ${restored.snapshotError}\n`);
      return 4;
    }
    pyodide = restored.pyodide;
  }
  pyodide.setStdout(forward(process.stdout));
  pyodide.setStderr(forward(process.stderr));
  let path = script;
  if (!script) {
    path = "/tmp/stdin_program.py";
    pyodide.FS.writeFile(path, source);
  }
  const runMain = pyodide.runPython(RUN_MAIN);
  return runMain(path, pyodide.toPy(scriptArgs), pyodide.toPy(engineDirs));
}

process.exitCode = await main();
