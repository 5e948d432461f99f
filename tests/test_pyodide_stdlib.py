"""The browser's Python files (written by scripts/build.mjs): the modules a worker's boot imports from
the standard library (dist/vendor/pyodide/python_stdlib.zip: Pyodide's start-up, the engine's and
the runner's imports) and the engine (dist/pyengine.zip, on sys.path) come as bytecode, since
compiling the standard library from source was two thirds of a cold start. Booted as the worker
boots, nothing is compiled from source, and the standard library behaves as before, a learner's
error raised inside it included."""
import json
import os
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden"))
import suite  # noqa: E402

UNAVAILABLE = suite.pyodide_unavailable_reason()
if UNAVAILABLE:
    pytest.skip(f"Pyodide tests need Node and Pyodide: {UNAVAILABLE}", allow_module_level=True)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIST = os.path.join(ROOT, "dist")

# The worker's boot (app/worker.js, app/boot-engine.js) in Node: Pyodide from dist/, pyengine.zip
# and the runner's files where the worker puts them; then `python`.
BOOT = """
import { loadPyodide } from "%(dist)s/vendor/pyodide/pyodide.mjs";
import { readFileSync } from "node:fs";
const pyodide = await loadPyodide({ indexURL: "%(dist)s/vendor/pyodide/" });
const write = (path, contents) => {
  pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
  pyodide.FS.writeFile(path, contents);
};
write("/home/pyodide/pyengine.zip", readFileSync("%(dist)s/pyengine.zip"));
for (const [name, file] of [["_course_runner", "runner.py"], ["_course_boot_state", "boot_state.py"]]) write(`/home/pyodide/${name}.py`, readFileSync(`%(root)s/app/py/${file}`));
pyodide.setStdout({ batched: (text) => console.log(text) });
pyodide.runPython(process.argv.at(-1));
"""

PREPARE = """
import sys
sys.path[:0] = ["/home/pyodide/pyengine.zip", "/home/pyodide"]
import _course_runner as runner
runner.prepare("/home/pyodide/pyengine.zip", "/home/pyodide", ["/home/pyodide/work"])
stdlib = next(entry for entry in sys.path if entry.endswith(".zip")) + "/"
"""


@pytest.fixture(scope="module")
def built():
    if not os.path.exists(os.path.join(DIST, "pyengine.zip")):
        subprocess.run(["node", "scripts/build.mjs"], cwd=ROOT, check=True)
    return DIST


def boot_and_run(python):
    done = subprocess.run(["node", "--input-type=module", "-e", BOOT % {"dist": DIST, "root": ROOT}, PREPARE + python],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.strip().splitlines()[-1]


def test_a_worker_boot_compiles_no_python_source(built):
    loaded = json.loads(boot_and_run("""
import json, zipimport
files = [module.__file__ for module in list(sys.modules.values()) if isinstance(getattr(module, "__loader__", None), zipimport.zipimporter)]  # not the frozen ones
print(json.dumps({"stdlib": sum(f.startswith(stdlib) for f in files), "engine": sum(f.startswith("/home/pyodide/pyengine.zip/") for f in files),
                  "source": sorted(f for f in files if not f.endswith(".pyc"))}))
"""))
    assert loaded["source"] == []
    assert loaded["stdlib"] > 100 and loaded["engine"] > 100


def test_the_standard_library_works_as_before_and_a_learners_error_inside_it_reads_the_same(built):
    result = json.loads(boot_and_run(r"""
import json
program = 'import json, fractions, email.message\nprint(fractions.Fraction(3, 6), email.message.Message().get_content_type())\njson.loads("{")\n'
out = []
result = runner.run(program, [], lambda stream, text: out.append(text))
error = result["error"]
print(json.dumps({"out": "".join(out), "type": error["type"], "message": error["message"], "line": error["line"], "traceback": error["traceback"]}))
"""))
    assert result["out"] == "1/2 text/plain\n"
    assert (result["type"], result["line"]) == ("JSONDecodeError", 3)
    assert result["message"] == "Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"
    assert 'json.loads("{")' in result["traceback"]
