"""Unified diffs that `git apply` and `patch` accept, colored only on a terminal."""

from __future__ import annotations

import difflib

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator, TextIO

NO_NEWLINE = "\\ No newline at end of file\n"


def unified_diff(path: str, old: str, new: str) -> str:
    old_lines = _lines(old)
    new_lines = _lines(new)
    name = path[2:] if path.startswith("./") else path
    out: list[str] = []
    # a/ b/ prefixes for `git apply` (-p1); an absolute path is given as is (`patch -p0`)
    before, after = (name, name) if name.startswith("/") else (f"a/{name}", f"b/{name}")
    if " " in name:
        # a tab ends a name holding spaces, as git writes it: GNU patch cuts the name at the
        # first space otherwise (and skips the file)
        before, after = before + "\t", after + "\t"
    if len(old_lines) + len(new_lines) < _BIG:
        lines = difflib.unified_diff(old_lines, new_lines, before, after)
    else:
        lines = _unified(old_lines, new_lines, before, after)
    for line in lines:
        if line.endswith("\n"):
            out.append(line)
        else:  # difflib forgets the marker for a last line without a newline
            out.append(line + "\n")
            out.append(NO_NEWLINE)
    return "".join(out)


# Above this many lines (old and new together), the diff is built from the stretches where the
# two texts differ, each matched on its own: difflib matches the whole texts, which takes
# seconds on a 200,000-line file with three edits. Below it, difflib's output as it always was.
_BIG = 20_000
_RESYNC = 2_000  # lines looked ahead for where the texts agree again
_RUN = 4  # lines that must agree for the texts to count as agreeing again


def _unified(old: list[str], new: list[str], before: str, after: str, context: int = 3) -> Iterator[str]:
    """`difflib.unified_diff(old, new, before, after)` for long texts with local edits: the
    same format (hunks `git apply` accepts), from opcodes found stretch by stretch."""
    matcher = difflib.SequenceMatcher(None, [], [])
    matcher.a, matcher.b = old, new  # type: ignore[assignment]
    matcher.opcodes = _opcodes(old, new)  # type: ignore[attr-defined]
    started = False
    for group in matcher.get_grouped_opcodes(context):
        if not started:
            started = True
            yield f"--- {before}\n"
            yield f"+++ {after}\n"
        first, last = group[0], group[-1]
        old_range = _range(first[1], last[2])
        new_range = _range(first[3], last[4])
        yield f"@@ -{old_range} +{new_range} @@\n"
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                for line in old[i1:i2]:
                    yield " " + line
                continue
            if tag in ("replace", "delete"):
                for line in old[i1:i2]:
                    yield "-" + line
            if tag in ("replace", "insert"):
                for line in new[j1:j2]:
                    yield "+" + line


def _range(start: int, stop: int) -> str:
    """A hunk's line range as difflib writes it."""
    beginning = start + 1
    length = stop - start
    if length == 1:
        return str(beginning)
    if not length:
        beginning -= 1
    return f"{beginning},{length}"


def _opcodes(old: list[str], new: list[str]) -> list[tuple[str, int, int, int, int]]:
    """Opcodes (as `SequenceMatcher.get_opcodes` gives them) for `old` -> `new`: equal runs are
    walked line by line; where the texts differ, the nearest point where they agree again for
    `_RUN` lines (or both end) closes the stretch, which difflib then matches on its own. A
    stretch with no such point within `_RESYNC` lines runs to the end of both texts."""
    ops: list[tuple[str, int, int, int, int]] = []
    i = j = 0
    n, m = len(old), len(new)

    def equal(i1: int, i2: int, j1: int) -> None:
        if i2 > i1:
            if ops and ops[-1][0] == "equal":
                tag, a1, _, b1, _ = ops.pop()
                i1, j1 = a1, b1
            ops.append(("equal", i1, i2, j1, j1 + i2 - i1))

    while i < n or j < m:
        start_i, start_j = i, j
        while i < n and j < m and old[i] == new[j]:
            i += 1
            j += 1
        equal(start_i, i, start_j)
        if i >= n and j >= m:
            break
        end_i, end_j = _resync(old, new, i, j)
        sub = difflib.SequenceMatcher(None, old[i:end_i], new[j:end_j], autojunk=False)
        for tag, a1, a2, b1, b2 in sub.get_opcodes():
            if tag == "equal":
                equal(i + a1, i + a2, j + b1)
            else:
                ops.append((tag, i + a1, i + a2, j + b1, j + b2))
        i, j = end_i, end_j
    return ops or [("equal", 0, 0, 0, 0)]


def _resync(old: list[str], new: list[str], i: int, j: int) -> tuple[int, int]:
    """The nearest (i + a, j + b), smallest a + b > 0, from which `_RUN` lines agree (or both
    texts end); the ends of both texts when there is none within `_RESYNC` lines."""
    n, m = len(old), len(new)
    window: dict[str, list[int]] = {}
    for b in range(min(_RESYNC, m - j) + 1):
        if j + b < m:
            window.setdefault(new[j + b], []).append(b)
    best: tuple[int, int] | None = (n - i, m - j) if n - i + m - j <= _RESYNC else None
    for a in range(min(_RESYNC, n - i) + 1):
        if best is not None and a >= sum(best):
            break
        if i + a >= n:
            break
        for b in window.get(old[i + a], ()):
            if a + b == 0 or (best is not None and a + b >= sum(best)):
                continue
            run = min(_RUN, n - i - a, m - j - b)
            if old[i + a : i + a + run] == new[j + b : j + b + run] and (run == _RUN or (i + a + run == n and j + b + run == m)):
                best = (a, b)
                break
    if best is None:
        return n, m
    return i + best[0], j + best[1]


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
