"""What each op's grad_fn saves, against real PyTorch's (tests/golden/saved.json, written by
tests/gen/gen_saved.py): the ``_saved_*`` and ``_raw_saved_*`` names, each saved value, and the
tensors a ``saved_tensors_hooks`` pack hook is given, in PyTorch's order."""
import importlib.util
import json
import os

import pytest
import torch
import torch.nn.functional as F

TESTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
with open(os.path.join(TESTS, "golden", "saved.json")) as f:
    GOLDEN = json.load(f)
_spec = importlib.util.spec_from_file_location("gen_saved", os.path.join(TESTS, "gen", "gen_saved.py"))
gen_saved = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen_saved)

# Differences not made good yet (strict: a call that starts to match must leave the list): call -> why.
KNOWN = {}


def test_golden_is_current():
    assert GOLDEN["setup"] == gen_saved.SETUP, "tests/golden/saved.json is stale: run tests/gen/gen_saved.py"
    assert set(gen_saved.CASES) <= set(GOLDEN["cases"])


def test_known_differences_are_recorded_calls():
    assert set(KNOWN) <= set(GOLDEN["cases"])


@pytest.mark.parametrize("call", [pytest.param(call, marks=pytest.mark.xfail(reason=KNOWN[call], strict=True))
                                  if call in KNOWN else call for call in sorted(GOLDEN["cases"])])
def test_saved_values(call):
    assert gen_saved.record(torch, F, call) == GOLDEN["cases"][call]
