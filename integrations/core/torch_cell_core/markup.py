"""A `<torch-cell>` element as the integrations write it into a page."""

import html
from dataclasses import dataclass, field

# The element's boolean attributes and the ones with a value (app/embed/cell.js reads them).
FLAG_OPTIONS = ("graph", "readonly", "hide-code", "autorun", "preload", "author")
ATTRIBUTE_OPTIONS = ("session", "caption", "height")


@dataclass
class Cell:
    """One cell: its code, the element's attributes, whether its expected output is filled in at
    build time (`check`), and the expected output (given by the author or filled in)."""

    code: str
    session: str | None = None
    expected: str | None = None
    check: bool = False
    flags: set = field(default_factory=set)
    attributes: dict = field(default_factory=dict)
    source: str = ""  # where the cell is written ("page.rst:12"), for messages

    def __post_init__(self):
        unknown = set(self.flags) - set(FLAG_OPTIONS)
        if unknown:
            raise ValueError(f"unknown torch-cell flag(s): {', '.join(sorted(unknown))}; known: {', '.join(FLAG_OPTIONS)}")
        unknown = set(self.attributes) - set(ATTRIBUTE_OPTIONS)
        if unknown:
            raise ValueError(f"unknown torch-cell option(s): {', '.join(sorted(unknown))}; known: {', '.join(ATTRIBUTE_OPTIONS)}")
        if self.check and self.expected is not None:
            raise ValueError("a torch-cell takes either an expected output or `check` (which fills it in), not both")


def cell_html(cell):
    """The cell's markup. The code and the expected output are HTML text (`<`, `&` and `>`
    escaped), so any Python survives; the element strips their common indentation."""
    attributes = []
    if cell.session is not None:
        attributes.append(f'session="{html.escape(cell.session)}"')
    for name in ATTRIBUTE_OPTIONS:
        if name != "session" and cell.attributes.get(name) is not None:
            attributes.append(f'{name}="{html.escape(str(cell.attributes[name]))}"')
    attributes += sorted(cell.flags)
    opening = " ".join(["torch-cell", *attributes])
    expected = "" if cell.expected is None else f"<template>{html.escape(cell.expected, quote=False)}</template>"
    return f"<{opening}>{html.escape(cell.code, quote=False)}{expected}</torch-cell>"


def script_tag(embed_js_url):
    """The one script a page with cells loads (a module: nothing else runs until a reader presses Run)."""
    return f'<script type="module" src="{html.escape(embed_js_url)}"></script>'
