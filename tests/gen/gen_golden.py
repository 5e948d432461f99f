"""Generate tests/golden/expected.json by running every golden program under REAL PyTorch.

    .venv/bin/python tests/gen/gen_golden.py                      # all programs
    .venv/bin/python tests/gen/gen_golden.py tensors/view_basic   # only these (merged in)
    .venv/bin/python tests/gen/gen_golden.py --update-known-failures

With --programs, the same for the corpus of real tutorial programs: tests/programs/expected.json
and tests/programs/known_failures.txt (where the list is of programs not matching byte for byte;
every corpus program must match to 6 significant digits, see tests/test_programs.py).

Each program runs in a forked child of a process that has imported real torch (a pristine
interpreter per program). As a check, the programs also run once more in a single process,
the way tests/test_golden.py runs our engine; a program whose output differs between the two
is either nondeterministic (e.g. unseeded randomness) or leaks state into the next program,
so it cannot be a golden program, and nothing is written.

--update-known-failures instead runs the programs under our engine (numpy and python
backends, and Pyodide when available) and rewrites tests/golden/known_failures.txt; entries
of a backend that could not run are kept.
"""
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "golden"))
import suite  # noqa: E402


def real_torch_version():
    probe = subprocess.run([sys.executable, "-c", "import torch; print(torch.__version__, torch.__file__)"],
                           env=suite.clean_env(), capture_output=True, text=True)
    if probe.returncode != 0:
        sys.exit(f"real PyTorch is not importable by {sys.executable}:\n{probe.stderr}")
    version, path = probe.stdout.split()
    if path.startswith(suite.ENGINE_DIR):
        sys.exit(f"{sys.executable} imports our engine, not real PyTorch")
    return version


def generate(corpus, names):
    version = real_torch_version()
    started = time.perf_counter()
    command, env = corpus.real_torch_command()
    forked = suite.start_runner(command, env, names)
    in_process = suite.start_runner([c for c in command if c != "--fork"], env, names)
    reference = suite.finish_runner(forked)["programs"]
    check = suite.finish_runner(in_process)["programs"]
    unstable = [n for n in names if reference[n]["output"] != check[n]["output"]]
    if unstable:
        for name in unstable:
            print(f"--- {name}: forked vs single-process output differ\n"
                  f"{reference[name]['output']}\n--- vs ---\n{check[name]['output']}")
        sys.exit(f"{len(unstable)} program(s) are not reproducible; expected.json was not written")

    programs = {}
    if os.path.exists(corpus.expected_path) and set(names) != set(corpus.program_names()):
        programs = corpus.load_expected()
    programs.update({name: reference[name]["output"] for name in names})
    programs = {name: programs[name] for name in sorted(programs) if name in set(corpus.program_names())}
    with open(corpus.expected_path, "w", encoding="utf-8") as f:
        json.dump({"torch": version, "programs": programs}, f, indent=1, sort_keys=True, ensure_ascii=False)
        f.write("\n")
    slowest = sorted(names, key=lambda n: -reference[n]["seconds"])[:3]
    print(f"wrote {len(programs)} programs ({len(names)} regenerated) with torch {version} "
          f"in {time.perf_counter() - started:.1f} s; slowest: "
          + ", ".join(f"{n} {reference[n]['seconds']:.2f} s" for n in slowest))


def update_known_failures(corpus):
    expected = corpus.load_expected()
    names = [n for n in corpus.program_names() if n in expected]
    backends = [b for b in ("numpy", "python") if b in corpus.backends]
    if "pyodide" in corpus.backends:
        reason = suite.pyodide_unavailable_reason()
        if reason:
            print(f"pyodide skipped: {reason}; its entries are kept")
        else:
            backends.append("pyodide")
    results = corpus.run_engine(backends, names)
    failures = corpus.read_known_failures()
    for backend in backends:
        if not suite.engine_is_ours(results[backend]):
            sys.exit(f"{backend}: programs imported torch from {results[backend]['torch_path']}, not pyengine")
        failing = corpus.failing_programs(expected, results[backend])
        for name in set(failures) | failing:
            failures.setdefault(name, set()).discard(backend)
            if name in failing:
                failures[name].add(backend)
        seconds = sum(r["seconds"] for r in results[backend]["programs"].values())
        print(f"{backend}: {len(results[backend]['programs']) - len(failing)} pass, {len(failing)} fail, "
              f"{seconds:.1f} s in programs")
    corpus.write_known_failures({name: b for name, b in failures.items() if b and name in expected})
    print(f"wrote {corpus.known_failures_path}")


def main(argv):
    corpus = suite.PROGRAMS if "--programs" in argv else suite.GOLDEN
    argv = [a for a in argv if a != "--programs"]
    if "--update-known-failures" in argv:
        update_known_failures(corpus)
        return
    unknown = [n for n in argv if n not in set(corpus.program_names())]
    if unknown:
        sys.exit(f"unknown program(s): {', '.join(unknown)}")
    generate(corpus, argv or corpus.program_names())


if __name__ == "__main__":
    main(sys.argv[1:])
