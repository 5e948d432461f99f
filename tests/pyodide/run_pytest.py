"""pytest inside Pyodide: the engine's in-process tests as the browser runs the engine.

    node tests/pyodide/run_python.mjs --mount SITE tests/pyodide/run_pytest.py SITE [PYTEST ARGS...]

SITE is a CPython site-packages folder with pytest (the .venv's: tests/test_pyodide_engine.py
passes it). pytest and its pure-Python dependencies are imported from there; SITE goes last
on sys.path, so the standard library and our `torch` (first) win. Plugins installed there are
not loaded (some need compiled code Pyodide cannot import). The exit status is pytest's.
"""
import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.chdir(REPO)  # test paths are relative to the repository, as on the host
sys.path.append(sys.argv[1])
os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"

import pytest  # noqa: E402

sys.exit(pytest.main(["-p", "no:cacheprovider", "--rootdir", REPO, *sys.argv[2:]]))
