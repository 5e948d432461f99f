"""Copying a course build into a docs site, so that its cells need no other host (and work offline)."""

import shutil
from pathlib import Path

# What a page with cells never loads: the file:// copies of the course app, and the pre-compressed
# copies that only the course's own server (scripts/serve.mjs) sends.
SKIPPED = shutil.ignore_patterns("offline", "*.br", "*.gz")


def copy_course(course_dir, destination):
    """Copies the build in `course_dir` (it must hold embed.js) to `destination`; returns it."""
    source = Path(course_dir)
    if not (source / "embed.js").is_file():
        raise FileNotFoundError(f"{source} is not a build of the course (no embed.js in it); run `npm run build` and point at its dist/ folder")
    shutil.copytree(source, destination, ignore=SKIPPED, dirs_exist_ok=True)
    return Path(destination)
