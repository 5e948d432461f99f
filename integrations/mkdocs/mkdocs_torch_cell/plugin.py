"""The MkDocs plugin `torch-cell`: one line in mkdocs.yml (`plugins: [torch-cell]`, with its
options) turns on the `torch_cell` Markdown extension, points every page with cells at the course's
embed.js (a `base_url`, or the copy of `course_dir` it puts in the site as `torch-cell/`), and fills
in `check` cells' expected outputs, saying in the build log what ran them."""

import os

from mkdocs.config import base, config_options
from mkdocs.plugins import BasePlugin, get_plugin_logger
from mkdocs.utils import get_relative_url
from torch_cell_core import CheckError, checker_for, copy_course

log = get_plugin_logger("torch-cell")
SITE_FOLDER = "torch-cell"
PLACEHOLDER = "torch-cell-course-files"  # the base URL until a page's own relative one is known


class TorchCellConfig(base.Config):
    base_url = config_options.Type(str, default="")
    course_dir = config_options.Type(str, default="")
    check_with = config_options.Choice(("auto", "torch", "engine"), default="auto")


class TorchCellPlugin(BasePlugin[TorchCellConfig]):
    def on_config(self, config):
        course_dir = self.config.course_dir
        if course_dir:
            course_dir = os.path.join(os.path.dirname(config.config_file_path or "."), course_dir)
        if not self.config.base_url and not course_dir:
            log.warning("set base_url (where a build of the course is served) or course_dir (a build folder to copy into the site)")
        self.course_dir = course_dir
        self.pages_with_cells = 0
        try:
            checker = checker_for(self.config.check_with, course_dir or None)
            log.info(f"check cells run with {checker.describe()}")
        except CheckError:
            checker = None  # said on the first page with a check cell, if there is one
        if "torch_cell" not in config.markdown_extensions:
            config.markdown_extensions.append("torch_cell")
        config.mdx_configs["torch_cell"] = {
            "base_url": self.config.base_url or PLACEHOLDER,
            "course_dir": course_dir,
            "check_with": self.config.check_with,
            "checker": checker,
            "warn": log.warning,
        }
        return config

    def on_page_markdown(self, markdown, page, config, files):
        config.mdx_configs["torch_cell"]["page_name"] = page.file.src_uri
        return markdown

    def on_page_content(self, html, page, config, files):
        if f"{PLACEHOLDER}/embed.js" in html:
            self.pages_with_cells += 1
            html = html.replace(f"{PLACEHOLDER}/embed.js", get_relative_url(f"{SITE_FOLDER}/embed.js", page.url))
        return html

    def on_post_build(self, config):
        if self.course_dir and not self.config.base_url and self.pages_with_cells:
            copy_course(self.course_dir, os.path.join(config.site_dir, SITE_FOLDER))
            log.info(f"copied the course's files into the site ({SITE_FOLDER}/)")
