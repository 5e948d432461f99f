"""The `torch-cell` directive: a runnable, checked PyTorch cell (docs/embedding.md, "Sphinx").

    .. torch-cell::
       :session: intro
       :check:

       import torch
       print(torch.ones(2) * 3)

Options: `:session:`, `:expected:` (the output to check against), `:check:` (the expected output
made at build time by running the page's cells), `:graph:`, `:readonly:`, `:hide-code:` (with
`:caption:`), `:autorun:`, `:preload:`, `:author:`, `:height:`. Config values:
`torch_cell_base_url` (where a build of the course is served), `torch_cell_course_dir` (a build
folder: copied into the site's `_static/torch-cell/` when no base URL is set, and the engine `check`
cells run with when the docs build has no torch), `torch_cell_check_with` ("auto", "torch" or
"engine"). HTML builders write the cell; other builders write its code as a Python block.
"""

import os

from docutils import nodes
from docutils.parsers.rst import Directive, directives
from sphinx.util import logging
from torch_cell_core import ATTRIBUTE_OPTIONS, FLAG_OPTIONS, Cell, CheckError, cell_html, checker_for, copy_course, fill_expected

__version__ = "0.1.0"
logger = logging.getLogger(__name__)
STATIC_FOLDER = "torch-cell"  # under the site's _static/, when the course's files are copied


class torch_cell(nodes.General, nodes.Element):
    """A cell in the doctree; `node["cell"]` is its torch_cell_core.Cell."""


class TorchCellDirective(Directive):
    has_content = True
    option_spec = {
        "session": directives.unchanged_required,
        "expected": directives.unchanged,
        "check": directives.flag,
        "caption": directives.unchanged,
        "height": directives.unchanged_required,
        **{name: directives.flag for name in FLAG_OPTIONS},
    }

    def run(self):
        if not self.content:
            raise self.error("a torch-cell needs code")
        source, line = self.state_machine.get_source_and_line(self.lineno)
        try:
            cell = Cell(
                code="\n".join(self.content),
                session=self.options.get("session"),
                expected=self.options.get("expected"),
                check="check" in self.options,
                flags={name for name in FLAG_OPTIONS if name in self.options},
                attributes={name: self.options[name] for name in ATTRIBUTE_OPTIONS if name != "session" and name in self.options},
                source=f"{source}:{line}",
            )
        except ValueError as error:
            raise self.error(str(error)) from None
        node = torch_cell()
        node["cell"] = cell
        self.state.document.settings.env.torch_cell_pages.add(self.state.document.settings.env.docname)
        return [node]


def fill_checked_cells(app, doctree):
    """After a page is read: its `check` cells' expected outputs, from one run of their sessions."""
    cells = [node["cell"] for node in doctree.findall(torch_cell)]
    if not any(cell.check for cell in cells):
        return
    checker = getattr(app, "torch_cell_checker", None)  # one per build, said once in its log
    if checker is None:
        try:
            checker = app.torch_cell_checker = checker_for(app.config.torch_cell_check_with, course_dir(app))
        except CheckError as error:
            logger.warning(f"torch-cell: {error}", type="torch-cell", location=cells[0].source)
            return
        logger.info(f"torch-cell: filling in the expected outputs of check cells with {checker.describe()}")
    for problem in fill_expected(cells, checker):
        logger.warning(f"torch-cell: {problem}", type="torch-cell")


def write_cells(app, doctree, docname):
    """HTML builders get the element; the others the code, as a Python block."""
    html_output = app.builder.format == "html"
    for node in list(doctree.findall(torch_cell)):
        cell = node["cell"]
        if html_output:
            node.replace_self(nodes.raw("", f'<div class="torch-cells">{cell_html(cell)}</div>', format="html"))
        else:
            node.replace_self(nodes.literal_block(cell.code, cell.code, language="python"))


def add_script(app, pagename, templatename, context, doctree):
    """Only pages with cells load embed.js."""
    if pagename not in app.env.torch_cell_pages:
        return
    base = app.config.torch_cell_base_url
    url = f"{base.rstrip('/')}/embed.js" if base else f"{STATIC_FOLDER}/embed.js"
    app.add_js_file(url, type="module")


def course_dir(app):
    """torch_cell_course_dir, relative to the folder of conf.py."""
    folder = app.config.torch_cell_course_dir
    return None if not folder else os.path.join(app.confdir, folder)


def check_config(app, config):
    if not config.torch_cell_base_url and not config.torch_cell_course_dir:
        logger.warning(
            "torch-cell: set torch_cell_base_url (where a build of the course is served) or torch_cell_course_dir "
            "(a build folder, copied into _static/torch-cell/); cells will not run without one",
            type="torch-cell",
        )


def copy_files(app, exception):
    if exception is not None or app.builder.format != "html" or app.config.torch_cell_base_url or not app.config.torch_cell_course_dir:
        return
    if not app.env.torch_cell_pages:
        return
    destination = copy_course(course_dir(app), f"{app.outdir}/_static/{STATIC_FOLDER}")
    logger.info(f"torch-cell: copied the course's files to {destination}")


def init_env(app, env, docnames):
    if not hasattr(env, "torch_cell_pages"):
        env.torch_cell_pages = set()
    env.torch_cell_pages.difference_update(docnames)


def purge(app, env, docname):
    env.torch_cell_pages.discard(docname)


def merge(app, env, docnames, other):
    env.torch_cell_pages |= other.torch_cell_pages & set(docnames)


def setup(app):
    app.add_config_value("torch_cell_base_url", None, "html", types=[str, type(None)])
    app.add_config_value("torch_cell_course_dir", None, "env", types=[str, type(None)])
    app.add_config_value("torch_cell_check_with", "auto", "env", types=[str])
    app.add_node(torch_cell)
    app.add_directive("torch-cell", TorchCellDirective)
    app.connect("config-inited", check_config)
    app.connect("env-before-read-docs", init_env)
    app.connect("env-purge-doc", purge)
    app.connect("env-merge-info", merge)
    app.connect("doctree-read", fill_checked_cells)
    app.connect("doctree-resolved", write_cells)
    app.connect("html-page-context", add_script)
    app.connect("build-finished", copy_files)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}
