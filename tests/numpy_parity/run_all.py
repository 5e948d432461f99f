"""Run every program in programs/ and print {name: output} as JSON: under real numpy
(tests/gen/gen_numpy.py records it as expected.json) or under the browser's numpy (CPython with
browser_numpy/ on sys.path, or Pyodide under Node: tests/test_numpy_parity.py).

    python run_all.py [NAME ...]

Each program starts from numpy's default print options; an exception ends its output with
"<ExceptionType>: <message>"."""
import contextlib
import io
import json
import os
import runpy
import sys
import traceback

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULTS = dict(precision=8, threshold=1000, edgeitems=3, linewidth=75, suppress=False, nanstr="nan", infstr="inf",
                sign="-", floatmode="maxprec")


def run(name):
    np.set_printoptions(**DEFAULTS)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            runpy.run_path(os.path.join(HERE, "programs", f"{name}.py"), run_name="__main__")
        except Exception as error:  # the message is part of what a learner sees
            print(f"{type(error).__name__}: {error}")
            traceback.print_exc(file=sys.stderr)
    return out.getvalue()


def main(names):
    names = names or sorted(f[:-3] for f in os.listdir(os.path.join(HERE, "programs")) if f.endswith(".py"))
    print(json.dumps({name: run(name) for name in names}, indent=1, sort_keys=True))


if __name__ == "__main__":
    main(sys.argv[1:])
