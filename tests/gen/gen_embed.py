"""Generates, with real PyTorch, what the embedding demo's programs print (issue 16).

Reads every <torch-cell> of embed-demo.html (its code and session), runs each session's cells in
page order in one fresh Python process (a cell without a session alone in one), and writes
  - tests/ui/embed_expected.json: each cell's code, session and output, and the PyScript program's;
  - the <template> (expected output) of each checked cell in embed-demo.html, HTML-escaped.
Run it after changing the demo's cells:  .venv/bin/python tests/gen/gen_embed.py
"""

import html
import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "embed-demo.html"
OUT = ROOT / "tests" / "ui" / "embed_expected.json"
PYSCRIPT_PROGRAM = "import torch\nprint(torch.ones(2))\n"

CELL = re.compile(r"<torch-cell(?P<attrs>[^>]*)>(?P<body>.*?)</torch-cell>", re.S)
TEMPLATE = re.compile(r"(?P<indent>[ \t]*)<template>.*?</template>", re.S)
SESSION = re.compile(r'\bsession="([^"]*)"')

# Runs the cells given as JSON on stdin in one namespace; prints the list of their outputs as JSON.
DRIVER = """
import contextlib, io, json, sys
namespace = {"__name__": "__main__"}
outputs = []
for code in json.load(sys.stdin):
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        exec(compile(code, "main.py", "exec"), namespace)
    outputs.append(buffer.getvalue())
print(json.dumps(outputs))
"""


def dedent(text):
    """The cell's text as <torch-cell> reads it (cell.js: dedent)."""
    return textwrap.dedent(html.unescape(text)).strip("\n")


def run_in_one_process(programs):
    done = subprocess.run([sys.executable, "-c", DRIVER], input=json.dumps(programs), capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main():
    import torch  # noqa: F401  (fail early without the oracle)

    page = DEMO.read_text()
    cells = []
    for match in CELL.finditer(page):
        session = SESSION.search(match["attrs"])
        code = dedent(TEMPLATE.sub("", match["body"]))
        cells.append({"session": session[1] if session else None, "code": code, "checked": "<template>" in match["body"]})
    groups = {}
    for index, cell in enumerate(cells):
        groups.setdefault(cell["session"] or f"cell {index}", []).append(cell)
    for group in groups.values():
        for cell, output in zip(group, run_in_one_process([cell["code"] for cell in group])):
            cell["output"] = output
    [pyscript_output] = run_in_one_process([PYSCRIPT_PROGRAM])

    outputs = iter([cell["output"] for cell in cells])

    def fill_templates(match):
        output = next(outputs)
        if "<template>" not in match["body"]:
            return match[0]

        def template(found):
            indent = found["indent"]
            lines = "".join(f"{indent}  {html.escape(line, quote=False)}\n" for line in output.rstrip("\n").split("\n"))
            return f"{indent}<template>\n{lines}{indent}</template>"

        return match[0].replace(match["body"], TEMPLATE.sub(template, match["body"]))

    DEMO.write_text(CELL.sub(fill_templates, page))
    OUT.write_text(json.dumps({"demo_cells": cells, "pyscript": {"code": PYSCRIPT_PROGRAM, "output": pyscript_output}}, indent=1) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)} ({len(cells)} cells) and the expected outputs in {DEMO.name}")


if __name__ == "__main__":
    main()
