"""Unified diffs that `git apply` and `patch` accept, colored only on a terminal."""

from __future__ import annotations

import difflib
from typing import TextIO

NO_NEWLINE = "\\ No newline at end of file\n"


def unified_diff(path: str, old: str, new: str) -> str:
    old_lines = _lines(old)
    new_lines = _lines(new)
    name = path[2:] if path.startswith("./") else path
    out: list[str] = []
    # a/ b/ prefixes for `git apply` (-p1); an absolute path is given as is (`patch -p0`)
    before, after = (name, name) if name.startswith("/") else (f"a/{name}", f"b/{name}")
    for line in difflib.unified_diff(old_lines, new_lines, before, after):
        if line.endswith("\n"):
            out.append(line)
        else:  # difflib forgets the marker for a last line without a newline
            out.append(line + "\n")
            out.append(NO_NEWLINE)
    return "".join(out)


def _lines(text: str) -> list[str]:
    """Lines ending in "\n" only (str.splitlines also splits on form feeds and friends)."""
    parts = text.split("\n")
    lines = [part + "\n" for part in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines


def write_diff(text: str, stream: TextIO, color: bool) -> None:
    if not color:
        stream.write(text)
        return
    from rich.console import Console
    from rich.text import Text

    console = Console(file=stream, highlight=False, soft_wrap=True, force_terminal=True)
    styles = {"+": "green", "-": "red", "@": "cyan"}
    for line in text.splitlines():
        style = styles.get(line[:1], "")
        if line.startswith(("+++", "---")):
            style = "bold"
        console.print(Text(line, style=style), markup=False)
