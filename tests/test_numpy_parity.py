"""The browser's numpy (browser_numpy/numpy) prints what real numpy 2.x prints: every program in
tests/numpy_parity/programs/ (creation and printing, arithmetic and promotion, reductions,
indexing, shape functions and products, every legacy random sampler, memory shared with tensors
(Tensor.numpy(), torch.from_numpy()), the "Learning PyTorch with Examples" numpy warm-up) must print, byte for byte, what tests/gen/gen_numpy.py recorded under
real numpy (tests/numpy_parity/expected.json):

* in CPython, with browser_numpy/ on sys.path as the browser has it (the engine on its pure-Python
  backend, which is what it runs on beside this numpy);
* inside Pyodide under Node (tests/pyodide/run_python.mjs), the browser's Python itself.
"""
import json
import os
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden"))
import suite  # noqa: E402

REPO = suite.REPO
PARITY = os.path.join(REPO, "tests", "numpy_parity")
RUN_ALL = os.path.join(PARITY, "run_all.py")
with open(os.path.join(PARITY, "expected.json")) as _file:
    EXPECTED = json.load(_file)["outputs"]
PYODIDE_UNAVAILABLE = suite.pyodide_unavailable_reason()


def _outputs(command, env):
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=1800)
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def cpython_outputs():
    env = suite.clean_env(PYENGINE_BACKEND="python",
                          PYTHONPATH=os.pathsep.join([os.path.join(REPO, "pyengine"), os.path.join(REPO, "browser_numpy")]))
    return _outputs([sys.executable, RUN_ALL], env)


@pytest.fixture(scope="module")
def pyodide_outputs():
    if PYODIDE_UNAVAILABLE:
        pytest.skip(f"Pyodide tests need Node and Pyodide: {PYODIDE_UNAVAILABLE}")
    return _outputs(["node", os.path.join(REPO, "tests", "pyodide", "run_python.mjs"), RUN_ALL], suite.clean_env())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_cpython_prints_what_numpy_prints(cpython_outputs, name):
    assert cpython_outputs[name] == EXPECTED[name]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_pyodide_prints_what_numpy_prints(pyodide_outputs, name):
    assert pyodide_outputs[name] == EXPECTED[name]


def test_the_module_is_the_browsers_subset_only_there():
    """In CPython `import numpy` is real numpy (browser_numpy/ is on no path of its own), and a name
    outside the subset says so instead of answering wrongly."""
    import numpy
    assert not getattr(numpy, "BROWSER", False)
    env = suite.clean_env(PYENGINE_BACKEND="python", PYTHONPATH=os.pathsep.join(
        [os.path.join(REPO, "pyengine"), os.path.join(REPO, "browser_numpy")]))
    probe = ("import numpy as np\n"
             "for name in ('np.fft', 'np.random.default_rng(0).multivariate_normal', 'np.ones(2).tobytes', 'np.random.RandomState(0).multivariate_normal',\n"
             "             'np.linalg.svd(np.eye(2))', 'np.linalg.eig', 'np.poly1d([1, 2]).roots', 'np.pad([1], 1, \"mean\")'):\n"
             "    try:\n        eval(name)\n    except NotImplementedError as e:\n        print(str(e).split(';')[0])")
    out = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, cwd=REPO).stdout
    assert out.splitlines() == ["numpy.fft is not available in the browser", "numpy.random.Generator.multivariate_normal is not "
                                "available in the browser", "numpy.ndarray.tobytes is not available in the browser",
                                "numpy.random.RandomState.multivariate_normal is not available in the browser",
                                "numpy.linalg.svd(compute_uv=True) is not available in the browser: the signs of the "
                                "singular vectors are LAPACK's choice. svd(a, compute_uv=False), svdvals, pinv, lstsq, "
                                "matrix_rank and cond are here",
                                "numpy.linalg.eig is not available in the browser: its vectors' signs are LAPACK's choice",
                                "numpy.poly1d.roots is not available in the browser (it needs the eigenvalues of a "
                                "general matrix)", "numpy.pad(mode='mean') is not available in the browser"]


def test_the_ziggurat_tables_are_what_numpy_draws_from():
    """browser_numpy/numpy/_ziggurat.py is what tests/gen/gen_ziggurat.py measures from real numpy now."""
    sys.path.insert(0, os.path.join(REPO, "tests", "gen"))
    import gen_ziggurat
    assert gen_ziggurat.main(["--check"]) == 0
