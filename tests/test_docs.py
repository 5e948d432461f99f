"""The documents a newcomer reads hold together: every relative link in README.md, docs/ and the
folders' READMEs points at a file that exists (and at a heading it has), and the README stays a
page for users (at most 150 lines)."""
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", ROOT / "TEACHERS.md", *sorted((ROOT / "docs").glob("*.md")),
             *sorted(path for path in ROOT.glob("*/README.md"))]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def prose(path):
    """A Markdown file's text without its fenced code blocks."""
    return re.sub(r"^(```|~~~).*?^\1", "", path.read_text(encoding="utf-8"), flags=re.S | re.M)


def anchor(heading):
    """GitHub's anchor for a Markdown heading: lower case, punctuation but - and _ dropped, - for spaces."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(path):
    return {anchor(line.lstrip("#")) for line in prose(path).splitlines() if line.startswith("#")}


def links(path):
    return [target for target in LINK.findall(prose(path)) if not re.match(r"[a-z]+:", target)]


def broken_links(document):
    """The relative links of a document whose file, or heading, does not exist."""
    broken = []
    for target in links(document):
        file, _, fragment = target.partition("#")
        path = (document.parent / file).resolve() if file else document
        if not path.exists() or (fragment and path.suffix == ".md" and fragment not in anchors(path)):
            broken.append(target)
    return broken


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_relative_link_resolves(document):
    assert broken_links(document) == []


def test_a_missing_file_or_heading_is_a_broken_link(tmp_path):
    (tmp_path / "other.md").write_text("## The app's layers\n## `no_grad` and `detach`\n```\n# code\n```\n")
    page = tmp_path / "page.md"
    page.write_text("# Title\n[a](#title) [b](other.md#the-apps-layers) [c](other.md#no_grad-and-detach) "
                    "[d](https://x.org/y) [e](missing.md) [f](#nowhere) [g](other.md#code)\n"
                    "```\n[h](in-code.md)\n```\n")
    assert broken_links(page) == ["missing.md", "#nowhere", "other.md#code"]


def test_the_readme_is_a_page_for_users():
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 150
