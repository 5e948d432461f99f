"""pyengine/API.md (the audit of real PyTorch's names in our engine) is current: regenerating it
from tools/torch_api.json and the engine as it is gives the committed file."""
import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))  # the tool imports its sibling generated_file
_spec = importlib.util.spec_from_file_location("api_audit", ROOT / "tools" / "api_audit.py")
api_audit = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(api_audit)


def test_api_table_is_current():
    committed = (ROOT / "pyengine" / "API.md").read_text(encoding="utf-8")
    assert committed == api_audit.current_table(), "pyengine/API.md is stale: run tools/api_audit.py"


def test_signature_keywords_are_read_from_pytorchs_docstring_signatures():
    assert api_audit.keywords("(input, other, *, alpha=1, out=None)") == ["input", "other", "alpha", "out"]
    assert api_audit.keywords("(input, dim, keepdim=False, *, dtype=None)") == ["input", "dim", "keepdim", "dtype"]
    assert api_audit.keywords("(*size, out=None, dtype=None)") == ["out", "dtype"]


def test_classification():
    assert api_audit.unsupported_reason("sparse_coo_tensor") == "sparse tensors"
    assert api_audit.unsupported_reason("C++ class") == "TorchScript and C++ internals"
    assert api_audit.unsupported_reason("cross") is None


def test_names_the_engine_refuses_by_name_are_unsupported_for_its_reason():
    reference = {"namespaces": {"torch.nn.functional": {"Optional": "", "relu": "(input, inplace=False)", "nope": ""}}}
    rows = api_audit.classify(reference, api_audit.engine_names(reference))["torch.nn.functional"]
    assert rows == [("Optional", "", "unsupported: PyTorch's typing and __torch_function__ dispatch helpers"),
                    ("nope", "", "missing"), ("relu", "(input, inplace=False)", "implemented")]
