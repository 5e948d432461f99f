"""The browser's numpy draws numpy's streams for every sampler on every branch of its algorithm and
at the edges of its parameters: tests/numpy_parity/random_streams.py (random and edge parameters,
fresh generators, RandomState's and Generator's) prints in CPython, with browser_numpy/ on
sys.path, byte for byte what real numpy prints. CPython's libm is glibc, numpy's own, so this checks the algorithms themselves; inside
Pyodide (musl's libm, not glibc's) it prints the same with the engine's glibc ports (torch._libm:
log, log1p, exp, expm1, pow, cos, acos)."""
import os
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden"))
import suite  # noqa: E402

REPO = suite.REPO
STREAMS = os.path.join(REPO, "tests", "numpy_parity", "random_streams.py")


def _run(command, env):
    result = subprocess.run(command + [STREAMS], env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout.splitlines()


@pytest.fixture(scope="module")
def numpys_streams():
    expected = _run([sys.executable], suite.clean_env(NPY_DISABLE_CPU_FEATURES="X86_V4"))
    assert len(expected) == 1800 + 3996  # 30 random parameters of 30 kinds, then the edge values, for each generator
    return expected


def _same_streams(got, expected):
    assert [line for line in got if line not in expected] == []  # the first lines that differ, when any
    assert got == expected


def test_every_samplers_stream_is_numpys(numpys_streams):
    _same_streams(_run([sys.executable], suite.clean_env(PYENGINE_BACKEND="python", PYTHONPATH=os.pathsep.join(
        [os.path.join(REPO, "pyengine"), os.path.join(REPO, "browser_numpy")]))), numpys_streams)


@pytest.mark.skipif(bool(suite.pyodide_unavailable_reason()), reason="needs Node and Pyodide")
def test_every_samplers_stream_is_numpys_inside_pyodide(numpys_streams):
    """All 5,796 streams, inside the browser's runtime (~6 s)."""
    _same_streams(_run(["node", suite.PYODIDE_RUNNER], suite.clean_env()), numpys_streams)
