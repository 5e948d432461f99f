"""Engine tests import our ``torch`` in-process (pyengine/ first on sys.path).

``npm test`` runs this folder once per array backend (PYENGINE_BACKEND=python, numpy)."""
import os
import sys

ENGINE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                      "pyengine")
if ENGINE not in sys.path:
    sys.path.insert(0, ENGINE)

import torch  # noqa: E402

assert torch.__file__.startswith(ENGINE), f"expected pyengine's torch, got {torch.__file__}"


def pytest_report_header(config):
    return f"pyengine backend: {torch._backend.NAME}"
