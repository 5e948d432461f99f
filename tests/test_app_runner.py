"""The worker's program runner (app/py/runner.py) in plain CPython: what a learner's run sees."""

import importlib.util
from pathlib import Path

# Loaded under its own name from its file: other test folders have modules called `runner` too.
_spec = importlib.util.spec_from_file_location("app_program_runner", Path(__file__).resolve().parents[1] / "app" / "py" / "runner.py")
runner = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(runner)


def run(code, prelude=()):
    chunks = []
    result = runner.run(code, list(prelude), lambda stream, text: chunks.append((stream, text)))
    return chunks, result["error"]


def test_each_run_starts_with_a_fresh_namespace():
    run("leftover = 1")
    chunks, error = run("print(leftover)")
    assert chunks == []
    assert error["type"] == "NameError" and error["line"] == 1


def test_earlier_examples_run_silently_in_the_same_namespace():
    chunks, error = run("print(y * 2)", prelude=["y = 21\nprint('hidden')"])
    assert error is None
    assert chunks == [("stdout", "42\n")]


def test_output_is_handed_over_line_by_line_and_streams_stay_apart():
    chunks, _ = run("import sys\nprint('a', end='')\nprint('b')\nprint('oops', file=sys.stderr)\nprint('c', end='')")
    assert chunks == [("stdout", "ab\n"), ("stderr", "oops\n"), ("stdout", "c")]


def test_an_error_in_an_earlier_example_names_that_example():
    chunks, error = run("print('never')", prelude=["1/0"])
    assert chunks == []
    assert 'File "example 1.py", line 1' in error["traceback"]
    assert error["line"] is None  # not a line of the learner's program


def test_exit_with_status_zero_is_a_normal_end():
    chunks, error = run("print('bye')\nraise SystemExit(0)\nprint('not reached')")
    assert error is None and chunks == [("stdout", "bye\n")]


def run_checked(code, checks, language=None):
    chunks = []
    result = runner.run(code, [], lambda stream, text: chunks.append((stream, text)), {"checks": checks, "language": language})
    return chunks, result


def test_checks_see_the_learners_names_output_and_source():
    checks = ("assert n == 42, 'n'\nassert output == '42\\n', 'output'\nassert calls('print') and uses('n') and not calls('sum'), 'syntax'\n"
              "assert not prints_literal(), 'literal'\nassert grad_fn_name(n) is None, 'grad_fn'")
    chunks, result = run_checked("n = 6 * 7\nprint(n)", checks)
    assert chunks == [("stdout", "42\n")]
    assert result["error"] is None and result["check"] == {"passed": True}


def test_the_first_failed_assertion_gives_the_message_and_check_output_is_not_shown():
    checks = "print('from the check')\nassert False, f'found {n}'\nassert False, 'never reached'"
    chunks, result = run_checked("n = 1", checks)
    assert chunks == []
    assert result["check"] == {"passed": False, "message": "found 1"}


def test_printing_a_literal_is_recognised_but_printing_a_computed_value_is_not():
    literal = "assert not prints_literal(), 'typed'"
    assert run_checked("print('tensor([1., 2.])')", literal)[1]["check"]["passed"] is False
    assert run_checked("print(-3.0, [1, 2])", literal)[1]["check"]["passed"] is False
    assert run_checked("x = 3.0\nprint(x)", literal)[1]["check"]["passed"] is True
    assert run_checked("x = 3.0\nprint(f'x = {x}')", literal)[1]["check"]["passed"] is True


def test_a_check_that_looks_for_a_missing_name_says_which_in_the_learners_language():
    assert run_checked("y = 1", "assert w.grad is None")[1]["check"]["message"] == "The check looked for `w`, which your program does not define."
    assert run_checked("y = 1", "assert w.grad is None", "tr")[1]["check"]["message"] == "Denetim `w` adını aradı; programınız onu tanımlamıyor."
    message = run_checked("def f(x):\n    return 1 / x", "assert f(0) == 0")[1]["check"]["message"]
    assert message == "A check could not run on your program: ZeroDivisionError: division by zero"


def test_a_program_cannot_fool_its_checks_by_rebinding_builtins():
    checks = "assert isinstance(value, float) and abs(value - 3.0) < 0.1, 'value is not 3'"
    _, result = run_checked("AssertionError = None\nvalue = 5.0", checks)  # its own name: no patch
    assert result["check"] == {"passed": False, "message": "value is not 3"}
    code = "import builtins\nbuiltins.abs = lambda value: 0\nbuiltins.isinstance = lambda *args: True\nvalue = 5.0"
    import builtins
    saved = builtins.abs, builtins.isinstance  # the worker puts them back before the next run; here the test does
    try:
        _, result = run_checked(code, checks)
    finally:
        builtins.abs, builtins.isinstance = saved
    assert result["check"]["passed"] is False
    assert result["check"]["message"].startswith("Your program changed `builtins.abs`, `builtins.isinstance`, which the checks rely on")


def test_checks_do_not_run_after_an_error_or_without_checks():
    assert "check" not in run_checked("1/0", "assert True")[1]
    assert "check" not in runner.run("x = 1", [], lambda stream, text: None)


# What a program leaves behind, and what the next program checks; each pair runs in a worker-like
# interpreter (a subprocess with the engine copied into its own home, prepared as the worker does).
CLEAN_RUN_PROGRAM = r'''
import json, shutil, sys
from pathlib import Path
home, app_py, repo_engine = map(Path, sys.argv[1:4])
shutil.copytree(repo_engine, home / "pyengine")
shutil.copy(app_py / "boot_state.py", home / "_course_boot_state.py")
shutil.copy(app_py / "runner.py", home / "_course_runner.py")
sys.path.insert(0, str(home))
pairs = json.loads(sys.stdin.read())  # before prepare() puts the course's stdin in place
import _course_runner as runner
assert runner.prepare(str(home / "pyengine"), str(home), [str(home / "work")]) is None

def main():  # locals: a run puts this module's globals back as they were at prepare()
    results = []
    boot_state, run = runner.boot_state, runner.run  # held, as the worker holds them
    for tamper, check in pairs:
        boot_state.restore()
        run(tamper, [], lambda stream, text: None)
        chunks = []
        boot_state.restore()
        result = run(check, [], lambda stream, text: chunks.append(text))
        results.append(["".join(chunks), result["error"] and result["error"]["message"]])
    return {"results": results, "damage": boot_state.damage()}

print(json.dumps(main()), file=sys.__stdout__)
'''

LEAKS = [
    ("import torch\ntorch.tensor = None", "import torch\nprint(torch.tensor([1.0]))", "tensor([1.])\n"),
    ("import builtins\nbuiltins.len = None", "print(len('abc'))", "3\n"),
    ("import _course_runner, _course_boot_state\n_course_runner.run = _course_runner.boot_state = None\n_course_boot_state.chain = None",
     "import _course_runner\nprint(_course_runner.boot_state is not None)", "True\n"),
    ("import sys\nsys.modules.clear()", "import torch, json\nprint(torch.ones(1), json.dumps(1))", "tensor([1.]) 1\n"),
    ("import torch\ntorch.Tensor.__add__ = lambda s, o: 'patched'\ndel torch.Tensor.__mul__\ntorch.Tensor.extra = 1",
     "import torch\nprint(torch.ones(1) + torch.ones(1), torch.ones(1) * 2, hasattr(torch.Tensor, 'extra'))", "tensor([2.]) tensor([2.]) False\n"),
    ("import json\njson.JSONEncoder.default = None", "import json\nprint(json.JSONEncoder.default is not None)", "True\n"),
    ("import warnings\nwarnings.simplefilter('error')", "import warnings\nwarnings.warn('w')\nprint('went on')",
     "main.py:2: UserWarning: w\n  warnings.warn('w')\nwent on\n"),
    ("import sys\nsys.setrecursionlimit(80)\nsys.path.clear()", "import sys\nprint(sys.getrecursionlimit() > 80, sys.path[0].endswith('pyengine'))", "True True\n"),
    ("import os\nos.environ['LEFT'] = '1'\nos.chdir('/')", "import os\nprint('LEFT' in os.environ, os.path.basename(os.getcwd()))", "False work\n"),
    ("open('notes.txt', 'w').close()", "import os\nprint(os.listdir('.'))", "[]\n"),
    ("import os, torch\nengine = os.path.dirname(torch.__file__)\nos.remove(os.path.join(engine, 'nn', 'functional.py'))\n"
     "open(os.path.join(engine, 'optim', 'sgd.py'), 'w').close()\nopen(os.path.join(os.path.dirname(engine), 'json.py'), 'w').close()",
     "import os, torch\nengine = os.path.dirname(torch.__file__)\n"
     "print(os.path.getsize(os.path.join(engine, 'nn', 'functional.py')) > 0, os.path.getsize(os.path.join(engine, 'optim', 'sgd.py')) > 0,"
     " os.path.exists(os.path.join(os.path.dirname(engine), 'json.py')))", "True True False\n"),
    # a write in place whose mtime is set back (its ctime shows it), a file and a folder made unreadable
    ("import os, torch\nengine = os.path.dirname(torch.__file__)\nsource = os.path.join(engine, 'optim', 'adam.py')\n"
     "st = os.stat(source)\nwith open(source, 'r+b') as f:\n    f.write(b'\\0')\nos.utime(source, ns=(st.st_atime_ns, st.st_mtime_ns))\n"
     "os.chmod(os.path.join(engine, 'nn', 'functional.py'), 0)\nos.chmod(os.path.join(engine, 'distributions'), 0)",
     "import os, torch\nengine = os.path.dirname(torch.__file__)\n"
     "print(open(os.path.join(engine, 'optim', 'adam.py'), 'rb').read(1) != b'\\0',"
     " os.stat(os.path.join(engine, 'nn', 'functional.py')).st_mode & 0o777 != 0, os.stat(os.path.join(engine, 'distributions')).st_mode & 0o777 != 0)",
     "True True True\n"),
    # the last name of a module renamed: the same values in the same order, under another key
    ("import json\nnamespace = vars(json)\nnamespace['renamed'] = namespace.pop(list(namespace)[-1])", "import json\nprint('renamed' in vars(json))", "False\n"),
]


def test_nothing_a_program_changes_reaches_the_next_run(tmp_path):
    import json
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    pairs = [[tamper, check] for tamper, check, _ in LEAKS]
    completed = subprocess.run(
        [sys.executable, "-c", CLEAN_RUN_PROGRAM, str(tmp_path), str(root / "app" / "py"), str(root / "pyengine")],
        input=json.dumps(pairs), capture_output=True, text=True, timeout=120, check=True,
    )
    report = json.loads(completed.stdout)
    assert [output for output, _ in report["results"]] == [expected for _, _, expected in LEAKS], report
    assert report["damage"] is None


def run_cell(code, prelude, session, *, restarted=False):
    chunks = []
    result = runner.run(code, list(prelude), lambda stream, text: chunks.append((stream, text)), {"session": session})
    assert result.get("session_restarted", False) == restarted
    return chunks, result["error"]


def test_cells_of_a_session_share_a_namespace_and_earlier_cells_run_once_first():
    cells = ["n = 1\nprint('first')", "n += 10\nprint(n)", "print(n * 2)"]
    # Running the second cell first runs the first silently; the third then runs on from there.
    assert run_cell(cells[1], cells[:1], "page-a") == ([("stdout", "11\n")], None)
    assert run_cell(cells[2], cells[:2], "page-a") == ([("stdout", "22\n")], None)
    # Another session, and a run without one, start from nothing.
    _, error = run_cell("print(n)", [], "page-b")
    assert error["type"] == "NameError"
    assert run("print(n)")[1]["type"] == "NameError"


def test_a_cell_run_again_starts_its_session_over_so_it_sees_what_its_earlier_cells_leave():
    cells = ["import torch\nx = torch.tensor(2.0, requires_grad=True)\ny = x ** 3", "y.backward()\nprint(x.grad)", "print(x.grad * 2)"]
    assert run_cell(cells[1], cells[:1], "page-e") == ([("stdout", "tensor(12.)\n")], None)
    # Again: not "backward through the graph a second time", and not a gradient accumulated twice.
    assert run_cell(cells[1], cells[:1], "page-e", restarted=True) == ([("stdout", "tensor(12.)\n")], None)
    assert run_cell(cells[2], cells[:2], "page-e") == ([("stdout", "tensor(24.)\n")], None)
    # A cell above one that has run: the session starts over from the top.
    assert run_cell(cells[1], cells[:1], "page-e", restarted=True) == ([("stdout", "tensor(12.)\n")], None)
    # An earlier cell edited since it ran: the session starts over with the cell as it reads now.
    edited = cells[0].replace("2.0", "1.0")
    assert run_cell(cells[2], [edited, cells[1]], "page-e", restarted=True) == ([("stdout", "tensor(6.)\n")], None)


def test_an_earlier_cell_that_fails_is_named_and_runs_again_next_time():
    chunks, error = run_cell("print('never')\nprint(x)", ["x = 1 / 0"], "page-c")
    assert chunks == [] and error["earlier_cell"] == 1 and error["type"] == "ZeroDivisionError"
    assert 'File "cell 1.py"' in error["traceback"]
    assert run_cell("print(x)", ["x = 5"], "page-c") == ([("stdout", "5\n")], None)


def test_a_traceback_through_an_earlier_cell_quotes_that_cells_line():
    check = "def check(v):\n    assert v > 0, 'v must be positive'\n"
    run_cell(check, [], "page-d")
    _, error = run_cell("x = 1\ncheck(-x)", [check], "page-d")
    assert 'File "cell 2.py", line 2' in error["traceback"] and "check(-x)" in error["traceback"]
    assert 'File "cell 1.py", line 2, in check' in error["traceback"]
    assert "assert v > 0, 'v must be positive'" in error["traceback"]
    assert error["line"] == 2  # in the cell that ran


# The runner outside the browser (app/py/host.py), as the golden tests and tools/course.py use it.
HOST_PROGRAM = r'''
import json, sys
sys.path.insert(0, sys.argv[1])
from host import Host, text_of
programs = json.loads(sys.stdin.read())  # before the host puts the course's stdin in place

def main(host):  # locals: each run puts this module's globals back as they were when the host was made
    results = []
    for code, options in programs:
        chunks, result = host.run(code, options=options)
        results.append(text_of(chunks) if options is None else result.get("check"))
    return results

print(json.dumps(main(Host())), file=sys.__stdout__)
'''


def run_on_a_host(programs, backend="python", options=None):
    """Each program's output; with `options` (such as {"checks": …}), each program's check result."""
    import json
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root / "pyengine"), "PYENGINE_BACKEND": backend}
    completed = subprocess.run([sys.executable, "-c", HOST_PROGRAM, str(root / "app" / "py")],
                               input=json.dumps([[code, options] for code in programs]),
                               env=env, capture_output=True, text=True, timeout=120, check=True)
    return json.loads(completed.stdout)


def test_a_host_runs_each_program_from_a_clean_start():
    tamper = "import torch\ntorch.set_printoptions(precision=1)\ntorch.zeros = None\nopen('left.txt', 'w').close()"
    check = "import os, torch\nprint(torch.tensor([1 / 3]), torch.zeros(1), os.listdir('.'))"
    assert run_on_a_host([check, tamper, check]) == ["tensor([0.3333]) tensor([0.]) []\n", "", "tensor([0.3333]) tensor([0.]) []\n"]


def test_a_package_with_compiled_modules_imported_by_a_program_stays_imported():
    # numpy cannot be imported twice in one process; the engine's pure-Python backend does not import it.
    program = "import numpy\nprint(numpy.arange(3).sum())"
    assert run_on_a_host([program, program]) == ["3\n", "3\n"]


def test_a_submodule_a_program_imports_from_a_package_loaded_at_boot_stays_reachable():
    # The numpy backend imports numpy at boot; numpy.random comes with the program and must stay
    # bound on numpy across later programs' restores (numpy's lazy __getattr__ would recurse).
    draw = "import numpy as np\nnp.random.seed(0)\nprint(np.random.randint(10))"
    assert run_on_a_host([draw, "import torch", draw], backend="numpy") == ["5\n", "", "5\n"]


def test_a_host_seeds_torchs_generator_afresh_for_every_program():
    seeded = "import torch\ntorch.manual_seed(0)\nprint(torch.rand(3))"
    draw = "import torch\nprint(torch.rand(3), torch.initial_seed())"
    outputs = run_on_a_host([seeded, draw, draw])
    assert outputs[0] == "tensor([0.4963, 0.7682, 0.0885])\n"
    assert "0.7682" not in outputs[1] and "0.4963" not in outputs[1] and outputs[1] != outputs[2]


# Programs that patch what the checks run on instead of doing the task (the task: make `w` 3).
PATCHES = {
    "import sys\nsys.modules['_course_runner'].check_program = lambda *args, **kwargs: {'passed': True}\nw = 0":
        "`_course_runner.check_program`",
    "import sys\nframe = sys._getframe()\nwhile 'check_program' not in frame.f_globals:\n    frame = frame.f_back\n"
    "frame.f_globals['_run_checks'] = lambda *args: {'passed': True}\nw = 0": "`_course_runner._run_checks`",
    "import sys\nsys.modules['_course_runner']._run_checks.__code__ = (lambda *args: {'passed': True}).__code__\nw = 0":
        "`_run_checks`",
    "import sys\nsys.modules['_course_boot_state'].BootState.replaced = lambda *args: []\nw = 0": "`BootState.replaced`",
    "import builtins\nbuiltins.abs = lambda value: 0\nw = 0": "`builtins.abs`",
    "import builtins\nbuiltins.print = lambda *args, **kwargs: None\nw = 0": "`builtins.print`",
    "import ast\nast.walk = lambda tree: []\nw = 0": "`ast.walk`",
    "import torch\ntorch.Tensor.item = lambda self: 3.0\nw = torch.tensor(0.0)": "`Tensor.item`",
}


def test_a_program_that_patches_the_checker_python_or_torch_fails_its_checks_and_says_what_it_patched():
    checks = "assert abs(float(w) - 3.0) < 1e-6 and torch.tensor(float(w)).item() == 3.0, 'w is not 3'"
    programs = list(PATCHES) + ["import torch\nw = torch.tensor(1.0) * 3", "w = 2"]  # then honest ones, from a clean start
    results = run_on_a_host(programs, options={"checks": checks})
    for (program, patched), result in zip(PATCHES.items(), results):
        assert result["passed"] is False, program
        assert result["message"].startswith(f"Your program changed {patched}"), (program, result["message"])
        assert "without patching Python, torch or the course's checker" in result["message"]
    assert results[-2:] == [{"passed": True}, {"passed": False, "message": "w is not 3"}]
    turkish = run_on_a_host(programs[:1], options={"checks": checks, "language": "tr"})[0]["message"]
    assert turkish.startswith("Programınız denetimlerin dayandığı `_course_runner.check_program` öğesini değiştirdi")
