"""The notices of the projects whose code or data the engine and the kernels derive from
(licenses/*.txt, which scripts/build.mjs appends to dist/THIRD-PARTY-LICENSES.txt) and the source
name each other: a source file that says it derives from a project (its first lines refer to
licenses/<project>.txt) is listed in that notice, every file a notice lists exists and says so, and
each notice carries its project's license. Removing a notice, or porting code into a file without
naming its origin in both places, fails here."""
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTICES = ROOT / "licenses"
SHIPPED = ("pyengine", "browser_numpy", "browser_matplotlib", "kernels")  # what the site holds as code
REFERENCE = re.compile(r"licenses/([\w-]+)\.txt")


def notice(path):
    """(license, [listed paths], text after the header) of a licenses/*.txt file."""
    header, _, text = path.read_text(encoding="utf-8").partition("\n\n")
    license = re.search(r"^License: (.+)$", header, re.M)
    files = re.search(r"^Files:\n((?:  .+\n?)+)", header, re.M)
    assert license and files, f"{path.name}: its header needs License: and Files:"
    return license.group(1), files.group(1).split(), text


def source_files():
    return sorted(path for top in SHIPPED for path in (ROOT / top).rglob("*")
                  if path.suffix in (".py", ".c") and "__pycache__" not in path.parts)


def opening_comment(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    return "\n".join(line for line in lines[:next((i for i, line in enumerate(lines) if not line.startswith(("#", "//"))), len(lines))])


def provenance(path):
    """The notices a source file's opening comment refers to."""
    return set(REFERENCE.findall(opening_comment(path)))


@pytest.mark.parametrize("path", sorted(NOTICES.glob("*.txt")), ids=lambda path: path.stem)
def test_a_notice_lists_existing_files_that_name_it_and_carries_a_license_text(path):
    license, files, text = notice(path)
    for listed in files:
        assert (ROOT / listed).exists(), f"{path.name} lists {listed}, which does not exist"
        if (ROOT / listed).is_file():
            assert path.stem in provenance(ROOT / listed), f"{listed} does not name licenses/{path.name} in its first lines"
    assert re.search(r"copyright|permission", text, re.I), f"{path.name} carries no copyright or license text"
    if license.startswith("LGPL"):  # the whole of each derived file is under the LGPL: it must say so
        assert all("LGPL-2.1+" in opening_comment(ROOT / listed) for listed in files if (ROOT / listed).is_file())


def test_every_source_file_that_names_an_origin_is_listed_in_its_notice():
    unlisted = []
    for path in source_files():
        relative = path.relative_to(ROOT).as_posix()
        for name in sorted(provenance(path)):
            assert (NOTICES / f"{name}.txt").exists(), f"{relative} refers to licenses/{name}.txt, which is missing"
            _, files, _ = notice(NOTICES / f"{name}.txt")
            if not any(relative == listed or relative.startswith(listed.rstrip("/") + "/") for listed in files):
                unlisted.append(f"{relative} (licenses/{name}.txt)")
    assert not unlisted, unlisted


def test_the_ported_libm_and_kernels_name_their_origins():
    """The files the project's own docs call ports (glibc's, SLEEF's, Cephes', MT19937) say so."""
    expected = {"pyengine/torch/_libm.py": {"glibc", "fdlibm", "musl"}, "pyengine/torch/_libm_data.py": {"glibc", "musl"},
                "pyengine/torch/_aten/_libm32.py": {"glibc", "sleef", "cephes", "onednn"},
                "pyengine/torch/_random.py": {"mt19937", "cephes"}, "kernels/kernels.c": {"glibc", "sleef", "mt19937", "pytorch"},
                "browser_numpy/numpy/random.py": {"mt19937"}}
    for path, names in expected.items():
        assert names <= provenance(ROOT / path), path
