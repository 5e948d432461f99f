"""UI text catalogs (issue 21): the Turkish catalog has every key of the English one (app/strings.js),
each of the same kind, so no text of the interface falls back to English and no key is left over."""
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHAPE = """
const shape = (catalog) => Object.fromEntries(Object.entries(catalog).map(([key, value]) =>
  [key, typeof value === "function" ? `function of ${value.length}` : typeof value === "object" ? shape(value) : typeof value]));
"""


def catalog_shapes():
    script = (
        f"import {{ en }} from {json.dumps((ROOT / 'app' / 'strings.js').as_uri())};"
        f"import {{ tr }} from {json.dumps((ROOT / 'app' / 'i18n' / 'tr.js').as_uri())};"
        + SHAPE + "console.log(JSON.stringify({ en: shape(en), tr: shape(tr) }));"
    )
    result = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


def differences(english, turkish, path=""):
    for key in sorted(set(english) | set(turkish)):
        where = f"{path}{key}"
        if key not in turkish:
            yield f"{where}: not translated"
        elif key not in english:
            yield f"{where}: not in the English catalog"
        elif isinstance(english[key], dict) and isinstance(turkish[key], dict):
            yield from differences(english[key], turkish[key], f"{where}.")
        elif english[key] != turkish[key]:
            yield f"{where}: English is {english[key]}, Turkish {turkish[key]}"


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_turkish_catalog_has_every_english_key_of_the_same_kind():
    shapes = catalog_shapes()
    assert list(differences(shapes["en"], shapes["tr"])) == []


def catalog_text(key):
    """{language: text} of one top-level key of every catalog."""
    script = (
        f"import {{ en }} from {json.dumps((ROOT / 'app' / 'strings.js').as_uri())};"
        f"import {{ tr }} from {json.dumps((ROOT / 'app' / 'i18n' / 'tr.js').as_uri())};"
        f"console.log(JSON.stringify({{ en: en[{json.dumps(key)}], tr: tr[{json.dumps(key)}] }}));"
    )
    result = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
@pytest.mark.parametrize("page", ["index.html", "embed.html"])
def test_the_pages_say_loading_in_every_language_before_the_app_knows_which(page):
    """Before app.js runs the learner's language is unknown: the static text is in all of them,
    each marked with its lang, and says what the catalogs say once the app runs."""
    markup = (ROOT / page).read_text()
    loading = re.search(r'<p class="loading">(.*?)</p>', markup).group(1)
    assert dict(re.findall(r'<span lang="(\w+)">(.*?)</span>', loading)) == catalog_text("loadingCourse")
    noscript = re.search(r"<noscript>(.*?)</noscript>", markup, re.S).group(1)
    assert sorted(re.findall(r'<p lang="(\w+)">', noscript)) == ["en", "tr"]
