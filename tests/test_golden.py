"""Golden programs: our engine must print exactly what real PyTorch printed for each program.

Real PyTorch's outputs are recorded in tests/golden/expected.json (tests/gen/gen_golden.py).
Each backend runs all selected programs in one subprocess with pyengine/ first on sys.path;
every program is one test item. Programs listed in tests/golden/known_failures.txt are strict
xfails: when one starts to pass, remove it from the list.
"""
import functools
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden"))
import suite  # noqa: E402

BACKENDS = ("numpy", "python")
GOLDEN_TESTS = ("test_golden_program", "test_pyodide_program", "test_snapshot_program")  # parametrized by (backend, name)


def golden_params(backends, known_as=None):
    """One param per (backend, program); `known_as`: the backend whose known failures apply."""
    if not os.path.exists(suite.GOLDEN.expected_path):
        return []
    known = suite.GOLDEN.read_known_failures()
    params = []
    for backend in backends:
        for name in suite.GOLDEN.program_names():
            marks = []
            if not suite.GOLDEN.runs_on(name, backend):
                marks.append(pytest.mark.skip(reason=f"needs numpy, {backend} backend has none"))
            elif (known_as or backend) in known.get(name, ()):
                marks.append(pytest.mark.xfail(
                    strict=True, reason="listed in tests/golden/known_failures.txt (remove it once it passes)"))
            params.append(pytest.param(backend, name, id=f"{backend}:{name}", marks=marks))
    return params


@functools.lru_cache(maxsize=1)
def selected_programs(session):
    """{backend: names} of the golden items this pytest session will run."""
    wanted = {}
    for item in session.items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        if getattr(item, "originalname", None) in GOLDEN_TESTS:
            wanted.setdefault(params["backend"], []).append(params["name"])
    return wanted


def check_program(request, backend, name):
    expected = suite.GOLDEN.load_expected()
    if name not in expected:
        pytest.fail(f"{name} has no recorded output: run tests/gen/gen_golden.py {name}")
    result = suite.engine_result(suite.GOLDEN, backend, selected_programs(request.session))
    assert suite.engine_is_ours(result), f"programs imported torch from {result['torch_path']}, not pyengine/"
    actual = result["programs"][name]["output"]
    tolerance = suite.GOLDEN.headers(name).get("tolerance")
    if not suite.outputs_match(expected[name], actual, tolerance):
        pytest.fail(suite.failure_report(name, expected[name], actual), pytrace=False)


@pytest.mark.parametrize("backend, name", golden_params(BACKENDS))
def test_golden_program(request, backend, name):
    check_program(request, backend, name)


def test_every_program_has_expected_output():
    if not os.path.exists(suite.GOLDEN.expected_path):
        pytest.skip("tests/golden/expected.json not generated yet")
    names, expected = set(suite.GOLDEN.program_names()), set(suite.GOLDEN.load_expected())
    assert names - expected == set(), "run tests/gen/gen_golden.py for the new programs"
    assert expected - names == set(), "expected.json has outputs of deleted programs"
    unknown = set(suite.GOLDEN.read_known_failures()) - names
    assert unknown == set(), "known_failures.txt names programs that do not exist"


def test_tolerance_comparison():
    assert suite.outputs_match("99 1.23456\n", "99 1.23457\n", "5sig")
    assert not suite.outputs_match("99 1.23456\n", "99 1.23476\n", "5sig")
    assert not suite.outputs_match("99 1.23456\n", "98 1.23456\n", "5sig")
    assert not suite.outputs_match("loss 1.0\n", "Loss 1.0\n", "5sig")
    assert not suite.outputs_match("1.23456\n", "1.23457\n")
