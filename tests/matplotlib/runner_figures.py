# The browser's runner (app/py/runner.py) with the browser's matplotlib, inside Pyodide: what a run
# emits (text and figures, in order) for programs that show figures. Prints one JSON document
# {case: [[stream, text or figure], ...] + the run's error type}; tests/test_pyodide_matplotlib.py reads it.
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "app", "py"))
import runner  # noqa: E402

sys.modules["_course_runner"] = runner

CASES = {
    "order": "import matplotlib.pyplot as plt\nprint('before')\nplt.plot([1, 2])\nplt.show()\nprint('after')",
    "loop": "import matplotlib.pyplot as plt\nlosses = []\nfor step in range(200):\n    losses.append(1 / (step + 1))\n"
            "    plt.plot(losses)\n    plt.show()",
    "two_places": "import matplotlib.pyplot as plt\nplt.plot([1])\nplt.show()\nplt.plot([2])\nplt.show()",
    "savefig_then_end": "import matplotlib.pyplot as plt\nplt.plot([1, 2])\nplt.savefig('a.png')",
    "changed_after_savefig": "import matplotlib.pyplot as plt\nplt.plot([1, 2])\nplt.savefig('a.png')\nplt.title('later')",
    "never_shown": "import matplotlib.pyplot as plt\nfig, axs = plt.subplots(2, 2)\naxs[1, 0].hist([1, 2, 2])",
    "error_after_plot": "import matplotlib.pyplot as plt\nplt.plot([1, 2])\n1 / 0",
    "too_large": "import matplotlib.pyplot as plt\nplt.plot(list(range(600_000)))",
    "nan_gap": "import matplotlib.pyplot as plt\nplt.plot([1, float('nan'), 3])",
    "pause": "import matplotlib.pyplot as plt\nfor i in range(3):\n    plt.clf()\n    plt.plot([i])\n    plt.pause(0.001)",
}
results = {}
for name, code in CASES.items():
    emitted = []
    result = runner.run(code, [], lambda stream, text: emitted.append([stream, json.loads(text) if stream == "figure" else text]))
    results[name] = {"emitted": emitted, "error": result["error"] and f"{result['error']['type']}: {result['error']['message']}"}

# A session: the cell that plots uses the pyplot an earlier cell imported (a module no longer in sys.modules).
session = {"session": "s"}
first = "import matplotlib.pyplot as plt"
runner.run(first, [], lambda stream, text: None, session)
sys.modules.pop("matplotlib.pyplot", None)
sys.modules.pop("matplotlib", None)
emitted = []
runner.run("plt.bar([1, 2], [3, 4])", [first], lambda stream, text: emitted.append(stream), session)
results["session"] = {"emitted": emitted, "error": None}

unavailable = []
import matplotlib  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
for probe in ["plt.contour", "plt.gca().contour", "matplotlib.rcParams.__setitem__('font.family', 'serif')",
              "plt.style", "plt.plot([1], data={})", "plt.imshow([[1]], cmap='jet')", "plt.plot([1], dashes=[1, 2])"]:
    try:
        eval(probe)
        unavailable.append(f"{probe}: no error")
    except NotImplementedError as error:
        unavailable.append(str(error).split(";")[0])
results["unavailable"] = unavailable
plt.close("all")
print(json.dumps(results))
