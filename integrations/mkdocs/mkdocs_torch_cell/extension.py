"""The Python-Markdown extension `torch_cell`: a fenced `torch` block is a `<torch-cell>`.

    ```torch {session=intro check}
    import torch
    print(torch.ones(2) * 3)
    ```

Attributes in braces: `session=NAME`, `caption="…"`, `height=…`, and the flags `check` (expected
output made at build time), `graph`, `readonly`, `hide-code`, `autorun`, `preload`, `author`. A
hand-written expected output is a `torch-expected` fence right after the cell. Fences at the top
level of a page only (not inside lists or admonitions). Options: `base_url` (where a build of the
course is served; the page loads its embed.js), `course_dir` (a build folder: the engine `check`
cells run with when this Python has no torch) and `check_with` ("auto", "torch", "engine").
"""

import re
import shlex

from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor
from torch_cell_core import ATTRIBUTE_OPTIONS, FLAG_OPTIONS, Cell, CheckError, cell_html, checker_for, fill_expected, script_tag

FENCE = re.compile(
    r"^(?P<fence>`{3,}|~{3,})[ \t]*torch[ \t]*(?:\{(?P<attributes>[^}\n]*)\})?[ \t]*\n(?P<code>.*?\n)?(?P=fence)[ \t]*$"
    r"(?:\n(?P<efence>`{3,}|~{3,})[ \t]*torch-expected[ \t]*\n(?P<expected>.*?\n)?(?P=efence)[ \t]*$)?",
    re.M | re.S,
)


def parse_attributes(text):
    """`session=intro check caption="A b"` → (session, flags, attributes, check)."""
    session, flags, attributes, check = None, set(), {}, False
    for token in shlex.split(text or ""):
        name, has_value, value = token.partition("=")
        if name == "session" and has_value:
            session = value
        elif name in ATTRIBUTE_OPTIONS and has_value:
            attributes[name] = value
        elif name == "check" and not has_value:
            check = True
        elif name in FLAG_OPTIONS and not has_value:
            flags.add(name)
        else:
            known = ", ".join(["session=…", "caption=…", "height=…", "check", *FLAG_OPTIONS])
            raise ValueError(f"unknown torch block attribute {token!r}; known: {known}")
    return session, flags, attributes, check


class TorchCellPreprocessor(Preprocessor):
    def __init__(self, md, extension):
        super().__init__(md)
        self.extension = extension

    def run(self, lines):
        text = "\n".join(lines)
        matches = list(FENCE.finditer(text))
        if not matches:
            return lines
        page = self.extension.getConfig("page_name")
        cells = []
        for match in matches:
            line = text.count("\n", 0, match.start()) + 1
            session, flags, attributes, check = parse_attributes(match["attributes"])
            cells.append(
                Cell(
                    code=(match["code"] or "").removesuffix("\n"),
                    session=session,
                    expected=None if match["expected"] is None else match["expected"].removesuffix("\n"),
                    check=check,
                    flags=flags,
                    attributes=attributes,
                    source=f"{page}:{line}",
                )
            )
        if any(cell.check for cell in cells):
            try:
                checker = self.extension.checker()
            except CheckError as error:
                self.extension.warn(f"{page}: {error}")
            else:
                for problem in fill_expected(cells, checker):
                    self.extension.warn(problem)
        pieces, end = [], 0
        for index, (match, cell) in enumerate(zip(matches, cells)):
            markup = f'<div class="torch-cells">{cell_html(cell)}</div>'
            if index == 0:
                markup = script_tag(self.extension.getConfig("base_url").rstrip("/") + "/embed.js") + "\n" + markup
            pieces += [text[end : match.start()], "\n\n", self.md.htmlStash.store(markup), "\n\n"]
            end = match.end()
        pieces.append(text[end:])
        return "".join(pieces).split("\n")


class TorchCellExtension(Extension):
    def __init__(self, **kwargs):
        self.config = {
            "base_url": [".", "where a build of the course is served (its embed.js is loaded from there)"],
            "course_dir": ["", "a build of the course: the engine check cells run with when this Python has no torch"],
            "check_with": ["auto", "what runs check cells: auto, torch or engine"],
            "page_name": ["page", "the page's name in messages"],
            "warn": [print, "called with each problem found while filling in check cells"],
            "checker": ["", "a torch_cell_core checker to use instead of making one (the MkDocs plugin's)"],  # not None: Markdown would make it a bool
        }
        super().__init__(**kwargs)
        self._checker = None

    def checker(self):
        if self._checker is None:
            self._checker = self.getConfig("checker") or checker_for(self.getConfig("check_with"), self.getConfig("course_dir") or None)
        return self._checker

    def warn(self, message):
        self.getConfig("warn")(f"torch-cell: {message}")

    def extendMarkdown(self, md):
        # Before fenced_code (25) and raw HTML (20), so a torch fence is never read as either.
        md.preprocessors.register(TorchCellPreprocessor(md, self), "torch_cell", 29)


def makeExtension(**kwargs):
    return TorchCellExtension(**kwargs)
