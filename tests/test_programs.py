"""The corpus of real programs (tests/programs/): PyTorch's tutorials, d2l, micrograd, makemore,
as a learner would paste them. Each must print what real PyTorch printed (tests/programs/
expected.json, written by `tests/gen/gen_golden.py --programs`) on both array backends, and
inside Pyodide under Node (the browser's Python; skipped when Node or Pyodide is missing):

* to 6 significant digits, always (where float32 bits cannot match, arith-parity.md §5), of
  the number or of the largest fractional number on its line, whichever is larger (a residue
  such as 1e-10 where the program converges to 0 carries no digits);
* byte for byte after masking addresses, unless listed in tests/programs/known_failures.txt
  (strict xfails: the list only shrinks).
"""
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden"))
import suite  # noqa: E402

CORPUS = suite.PROGRAMS
CLOSE = "6sig-line"
PYODIDE_UNAVAILABLE = suite.pyodide_unavailable_reason()


def params(exact):
    if not os.path.exists(CORPUS.expected_path):
        return []
    known = CORPUS.read_known_failures()
    out = []
    for backend in CORPUS.backends:
        for name in CORPUS.program_names():
            marks = []
            if backend == "pyodide" and PYODIDE_UNAVAILABLE:
                marks.append(pytest.mark.skip(reason=f"Pyodide tests need Node and Pyodide: {PYODIDE_UNAVAILABLE}"))
            elif not CORPUS.runs_on(name, backend):
                marks.append(pytest.mark.skip(reason=f"its header (requires=, not-on=) keeps it off {backend}"))
            elif exact and backend in known.get(name, ()):
                marks.append(pytest.mark.xfail(
                    strict=True, reason="listed in tests/programs/known_failures.txt (remove it once it passes)"))
            out.append(pytest.param(backend, name, id=f"{backend}:{name}", marks=marks))
    return out


def engine_output(request, backend, name):
    expected = CORPUS.load_expected()
    if name not in expected:
        pytest.fail(f"{name} has no recorded output: run tests/gen/gen_golden.py --programs {name}")
    wanted = {}
    for item in request.session.items:
        callspec = getattr(item, "callspec", None)
        if callspec and item.module.__name__ == __name__:
            wanted.setdefault(callspec.params["backend"], []).append(callspec.params["name"])
    result = suite.engine_result(CORPUS, backend, wanted)
    assert suite.engine_is_ours(result), f"programs imported torch from {result['torch_path']}, not pyengine/"
    return expected[name], result["programs"][name]["output"]


@pytest.mark.parametrize("backend, name", params(exact=False))
def test_program_agrees_to_6_digits(request, backend, name):
    expected, actual = engine_output(request, backend, name)
    if not suite.outputs_match(expected, actual, CLOSE):
        pytest.fail(suite.failure_report(name, expected, actual), pytrace=False)


@pytest.mark.parametrize("backend, name", params(exact=True))
def test_program_is_identical(request, backend, name):
    expected, actual = engine_output(request, backend, name)
    if expected != actual:
        pytest.fail(suite.failure_report(name, expected, actual), pytrace=False)


def test_every_program_has_expected_output_and_a_source():
    names, expected = set(CORPUS.program_names()), set(CORPUS.load_expected())
    assert names - expected == set(), "run tests/gen/gen_golden.py --programs for the new programs"
    assert expected - names == set(), "expected.json has outputs of deleted programs"
    assert set(CORPUS.read_known_failures()) - names == set(), "known_failures.txt names programs that do not exist"
    for name in names:
        with open(os.path.join(CORPUS.programs_dir, name + ".py"), encoding="utf-8") as f:
            head = f.read(2000)
        assert "Source:" in head and "Licence:" in head, f"{name}: the header must name its source and licence"


def test_six_digits_of_the_line():
    assert suite.outputs_match("y = -1.08e-10 + 1.1148437 x\n", "y = -1.65e-10 + 1.1148438 x\n", CLOSE)
    assert not suite.outputs_match("y = -1.08e-10 + 1.1148437 x\n", "y = -1.65e-10 + 1.1148537 x\n", CLOSE)
    assert not suite.outputs_match("0.5 1e-10\n2.0\n", "0.5 1e-10\n2.1\n", CLOSE)


def test_masking_of_printed_ids():
    from runner import mask_addresses
    assert mask_addresses("id(Z): 140234 <Foo at 0x7f3a>\n") == "id(Z): ID <Foo at 0xADDR>\n"
    assert mask_addresses("id(X) == before: False\n") == "id(X) == before: False\n"
