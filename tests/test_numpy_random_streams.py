"""The browser's numpy draws numpy's streams for every sampler on every branch of its algorithm and
at the edges of its parameters: tests/numpy_parity/random_streams.py (random and edge parameters,
fresh generators, RandomState's and Generator's) prints in CPython, with browser_numpy/ on
sys.path, byte for byte what real numpy prints. CPython's libm is glibc, numpy's own, so this checks the algorithms themselves; inside
Pyodide the parity programs (tests/test_numpy_parity.py) check them with the engine's libm."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden"))
import suite  # noqa: E402

REPO = suite.REPO
STREAMS = os.path.join(REPO, "tests", "numpy_parity", "random_streams.py")


def _run(env):
    result = subprocess.run([sys.executable, STREAMS], env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout.splitlines()


def test_every_samplers_stream_is_numpys():
    expected = _run(suite.clean_env(NPY_DISABLE_CPU_FEATURES="X86_V4"))
    got = _run(suite.clean_env(PYENGINE_BACKEND="python", PYTHONPATH=os.pathsep.join(
        [os.path.join(REPO, "pyengine"), os.path.join(REPO, "browser_numpy")])))
    assert len(expected) == 1800 + 3996  # 30 random parameters of 30 kinds, then the edge values, for each generator
    assert [line for line in got if line not in expected] == []  # the first lines that differ, when any
    assert got == expected
