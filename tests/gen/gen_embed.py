"""Generates, with real PyTorch, what the embedding demo's programs print (issue 16).

Reads every <torch-cell> of embed-demo.html (its code and session), runs each session's cells in
page order in one fresh Python process (a cell without a session alone in one), and writes
  - tests/ui/embed_expected.json: each cell's code, session and output (for a `graph` cell also the
    tensor its graph panel shows first and the grad_fn names of that graph), and the PyScript
    test page's programs' outputs;
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
# The PyScript test page's `py` scripts (one namespace, as PyScript's) and its py-editor's program.
PYSCRIPT_PROGRAM = "import torch\nprint(torch.ones(2))\n"
PYSCRIPT_AFTER_LOOP = "import torch\nprint(torch.ones(2) * 3)\n"
PYSCRIPT_SETUP = "import torch\nx = torch.tensor([1.0, 2.0], requires_grad=True)\n"  # the editor's env's setup script
PYSCRIPT_EDITOR = "print((x * x).sum())\n"

CELL = re.compile(r"<torch-cell(?P<attrs>[^>]*)>(?P<body>.*?)</torch-cell>", re.S)
TEMPLATE = re.compile(r"(?P<indent>[ \t]*)<template>.*?</template>", re.S)
SESSION = re.compile(r'\bsession="([^"]*)"')
GRAPH = re.compile(r"\sgraph(?=[\s=]|$)")

# Runs the cells given as JSON on stdin in one namespace; prints, as JSON, each one's output and the
# graph the panel shows first: the last scalar tensor with a grad_fn that the namespace names
# (graph/actions.js picks so), with the names of the grad_fn nodes behind it.
DRIVER = """
import contextlib, io, json, sys
import torch

def node_names(tensor):
    nodes, todo = set(), [tensor.grad_fn]
    while todo:
        node = todo.pop()
        if node is not None and type(node).__name__ not in nodes:
            nodes.add(type(node).__name__)
            todo.extend(next_node for next_node, _ in node.next_functions)
    return sorted(nodes)

def graph_of(namespace):
    named = [(name, value) for name, value in namespace.items() if isinstance(value, torch.Tensor) and not name.startswith("_")]
    picked = [name for name, value in named if value.grad_fn is not None and value.numel() == 1]
    if not picked:
        return None
    by_tensor = {name: node_names(value) for name, value in named if value.grad_fn is not None}
    return {"tensor": picked[-1], "nodes": by_tensor[picked[-1]], "by_tensor": by_tensor}

namespace = {"__name__": "__main__"}
results = []
for code in json.load(sys.stdin):
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        exec(compile(code, "main.py", "exec"), namespace)
    results.append({"output": buffer.getvalue(), "graph": graph_of(namespace)})
print(json.dumps(results))
"""


def dedent(text):
    """The cell's text as <torch-cell> reads it (app/embed/dedent.js)."""
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
        cells.append({"session": session[1] if session else None, "code": code, "checked": "<template>" in match["body"], "graph": bool(GRAPH.search(match["attrs"]))})
    groups = {}
    for index, cell in enumerate(cells):
        groups.setdefault(cell["session"] or f"cell {index}", []).append(cell)
    for group in groups.values():
        for cell, result in zip(group, run_in_one_process([cell["code"] for cell in group])):
            cell["output"] = result["output"]
            cell["graph"] = result["graph"] if cell["graph"] else None
    first, after_loop = run_in_one_process([PYSCRIPT_PROGRAM, PYSCRIPT_AFTER_LOOP])
    _, editor = run_in_one_process([PYSCRIPT_SETUP, PYSCRIPT_EDITOR])
    pyscript = {
        "code": PYSCRIPT_PROGRAM, "output": first["output"],
        "after_loop_code": PYSCRIPT_AFTER_LOOP, "after_loop_output": after_loop["output"],
        "setup_code": PYSCRIPT_SETUP, "editor_code": PYSCRIPT_EDITOR, "editor_output": editor["output"],
    }

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
    OUT.write_text(json.dumps({"demo_cells": cells, "pyscript": pyscript}, indent=1) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)} ({len(cells)} cells) and the expected outputs in {DEMO.name}")


if __name__ == "__main__":
    main()
