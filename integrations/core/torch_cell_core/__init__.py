"""What the Sphinx and MkDocs integrations share (docs/embedding.md, "Sphinx" and "MkDocs").

- `Cell` and `cell_html`: one `<torch-cell>` as a docs page carries it (code and expected output
  escaped as HTML text, attributes as HTML attributes);
- `fill_expected`: the `check` cells' expected outputs, made at build time by running the page's
  cells (sessions in page order) in a fresh Python process per session, with real PyTorch when the
  docs build has it and with the course's own engine (a course build's `pyengine.zip`) otherwise;
- `copy_course`: the files a page with cells needs, copied from a course build into a site.
"""

from .check import CheckError, checker_for, fill_expected
from .markup import ATTRIBUTE_OPTIONS, FLAG_OPTIONS, Cell, cell_html, script_tag
from .site import copy_course

__all__ = [
    "ATTRIBUTE_OPTIONS",
    "FLAG_OPTIONS",
    "Cell",
    "CheckError",
    "cell_html",
    "checker_for",
    "copy_course",
    "fill_expected",
    "script_tag",
]
