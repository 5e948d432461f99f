"""The generated files' common end: write the text, or with --check exit 1 when the committed copy
is not what the generator makes now (the currency tests call the generators' functions directly)."""
import sys


def write_or_check(path, text, argv, tool):
    if "--check" in argv:
        with open(path, encoding="utf-8") as f:
            if f.read() != text:
                print(f"{path} is not current: run {tool}", file=sys.stderr)
                return 1
        return 0
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {path}")
    return 0
