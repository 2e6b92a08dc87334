"""Jupyter notebooks: each code cell is checked and fixed as its own Python source.

Findings name the cell: `nb.ipynb:cell_3:4:5: GF001 ...` (cells counted from 1 over all cells,
markdown included, in the order of the file; line and column are within the cell).

Writing back never re-dumps the JSON: the `"source"` value of each changed cell is spliced into
the original text, so metadata, outputs, indentation, key order and the trailing newline stay
byte-for-byte. Cells with IPython magics (`%time`, `%%capture`, `!pip`, `ls?`) and cells that do
not parse are skipped with a note, never changed.
"""

from __future__ import annotations

import dataclasses
import json
import re
from json.decoder import scanstring  # type: ignore[attr-defined]
from typing import Any

from gradfix.runner import FileResult, Options, might_train, process_python

_WS = re.compile(r"[ \t\n\r]*")
_SCALAR = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?|true|false|null")


class _BadJson(Exception):
    pass


# a small JSON scanner that remembers where values are ------------------------------------------
def _ws(text: str, i: int) -> int:
    return _WS.match(text, i).end()  # type: ignore[union-attr]


def _value_end(text: str, i: int) -> int:
    """The end of the JSON value that starts at `i` (no leading whitespace)."""
    if i >= len(text):
        raise _BadJson("unexpected end")
    char = text[i]
    if char == '"':
        return scanstring(text, i + 1)[1]
    if char == "{":
        return _members(text, i)[1]
    if char == "[":
        return _elements(text, i)[1]
    match = _SCALAR.match(text, i)
    if not match:
        raise _BadJson(f"unexpected {char!r}")
    return match.end()


def _members(text: str, i: int) -> tuple[list[tuple[str, int, int]], int]:
    """An object at `i`: [(key, value start, value end)], and the end after `}`."""
    out: list[tuple[str, int, int]] = []
    i = _ws(text, i + 1)
    if text[i] == "}":
        return out, i + 1
    while True:
        if text[i] != '"':
            raise _BadJson("expected a key")
        key, i = scanstring(text, i + 1)
        i = _ws(text, i)
        if text[i] != ":":
            raise _BadJson("expected ':'")
        start = _ws(text, i + 1)
        end = _value_end(text, start)
        out.append((key, start, end))
        i = _ws(text, end)
        if text[i] == "}":
            return out, i + 1
        if text[i] != ",":
            raise _BadJson("expected ',' or '}'")
        i = _ws(text, i + 1)


def _elements(text: str, i: int) -> tuple[list[tuple[int, int]], int]:
    out: list[tuple[int, int]] = []
    i = _ws(text, i + 1)
    if text[i] == "]":
        return out, i + 1
    while True:
        end = _value_end(text, i)
        out.append((i, end))
        i = _ws(text, end)
        if text[i] == "]":
            return out, i + 1
        if text[i] != ",":
            raise _BadJson("expected ',' or ']'")
        i = _ws(text, i + 1)


def _source_spans(text: str) -> list[tuple[int, int] | None]:
    """For each cell, where its "source" value sits in the text (None: no source)."""
    start = _ws(text, 0)
    if not text.startswith("{", start):
        raise _BadJson("a notebook is a JSON object")
    members, _ = _members(text, start)
    cells = [(s, e) for key, s, e in members if key == "cells"]
    if not cells or not text.startswith("[", cells[-1][0]):
        raise _BadJson("no cells")
    spans: list[tuple[int, int] | None] = []
    for cell_start, _ in _elements(text, cells[-1][0])[0]:
        if not text.startswith("{", cell_start):
            raise _BadJson("a cell is a JSON object")
        found = [(s, e) for key, s, e in _members(text, cell_start)[0] if key == "source"]
        spans.append(found[-1] if found else None)
    return spans


# magics ------------------------------------------------------------------------------------------
_MAGIC = re.compile(r"^\s*(?:%|!)|^\s*[\w.]+\?\??\s*$")  # %time, %%capture, !pip, obj?


def _magic(source: str) -> bool:
    return any(_MAGIC.search(line) for line in source.split("\n"))


# writing a cell's source back --------------------------------------------------------------------
def _source_lines(source: str) -> list[str]:
    parts = source.split("\n")
    lines = [part + "\n" for part in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines


def _render_source(text: str, start: int, end: int, source: str, newline: str, ascii_only: bool) -> str:
    """The new JSON text of one "source" value, laid out like the one it replaces."""
    old = text[start:end]
    if old.startswith('"'):
        return json.dumps(source, ensure_ascii=ascii_only)
    lines = _source_lines(source)
    items = [json.dumps(line, ensure_ascii=ascii_only) for line in lines]
    if not items:
        return "[]"
    inner = re.match(r"\[(\r?\n)([ \t]*)", old)
    if inner:
        item_indent = inner.group(2)
        closing = re.search(r"(\r?\n)([ \t]*)\]$", old)
        close_indent = closing.group(2) if closing else ""
    else:  # "[]" or a one-line list: indent one level past the "source" key
        line_start = text.rfind("\n", 0, start) + 1
        key_indent = re.match(r"[ \t]*", text[line_start:]).group(0)  # type: ignore[union-attr]
        unit = _indent_unit(text)
        if unit is None:
            return "[" + ", ".join(items) + "]"
        item_indent, close_indent = key_indent + unit, key_indent
    separator = "," + newline + item_indent
    return "[" + newline + item_indent + separator.join(items) + newline + close_indent + "]"


def _indent_unit(text: str) -> str | None:
    match = re.search(r"\{\r?\n([ \t]+)\"", text)
    return match.group(1) if match else None


def _ascii_only(text: str) -> bool:
    if any(ord(char) > 127 for char in text):
        return False
    return re.search(r"\\u00[89a-fA-F][0-9a-fA-F]|\\u0[1-9a-fA-F][0-9a-fA-F]{2}|\\u[1-9a-fA-F]", text) is not None


# the pipeline ------------------------------------------------------------------------------------
def process_notebook(path: str, data: bytes, options: Options) -> FileResult:
    result = FileResult(path, original=data)
    if not might_train(data):
        return result
    try:
        text = data.decode("utf-8")
        notebook: Any = json.loads(text)
        spans = _source_spans(text)
    except (UnicodeDecodeError, ValueError, _BadJson, IndexError) as error:
        result.error = f"{path}:1:1: error: cannot read notebook: {error}; file left unchanged"
        return result
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    if not isinstance(cells, list) or len(cells) != len(spans):
        result.error = f"{path}:1:1: error: cannot read notebook: no list of cells; file left unchanged"
        return result
    replacements: list[tuple[int, int, str]] = []
    for index, cell in enumerate(cells):
        number = index + 1
        if not isinstance(cell, dict) or cell.get("cell_type") != "code" or spans[index] is None:
            continue
        raw = cell.get("source", "")
        source = "".join(raw) if isinstance(raw, list) else raw
        if not isinstance(source, str) or not might_train(source.encode("utf-8", "surrogatepass")):
            continue
        if options.only is not None and options.only[3] != number:
            continue  # a quick fix for one finding of another cell
        where = f"{path}:cell_{number}"
        if _magic(source):
            result.notes.append(f"{where}: note: cell skipped: it uses IPython magics or shell commands")
            continue
        cell_result = process_python(where, source.encode("utf-8"), options)
        if cell_result.error is not None:
            note = cell_result.error.replace(": error: ", ": note: cell skipped: ", 1)
            result.notes.append(note.replace("; file left unchanged", ""))
            continue
        result.diagnostics += [dataclasses.replace(d, path=path, cell=number) for d in cell_result.diagnostics]
        result.remaining += [dataclasses.replace(d, path=path, cell=number) for d in cell_result.remaining]
        result.fixed_codes.update(cell_result.fixed_codes)
        if cell_result.changed:
            start, end = spans[index]  # type: ignore[misc]
            new_source = cell_result.fixed.decode("utf-8")  # type: ignore[union-attr]
            replacements.append((start, end, new_source))
    if replacements:
        newline = "\r\n" if "\r\n" in text else "\n"
        ascii_only = _ascii_only(text)
        pieces: list[str] = []
        position = 0
        for start, end, new_source in replacements:
            pieces.append(text[position:start])
            pieces.append(_render_source(text, start, end, new_source, newline, ascii_only))
            position = end
        pieces.append(text[position:])
        new_text = "".join(pieces)
        if not _only_sources_changed(notebook, new_text, {start: s for start, _, s in replacements}, spans):
            result.error = f"{path}:1:1: error: internal error: notebook rewrite check failed; file left unchanged"
            return result
        result.fixed = new_text.encode("utf-8")
    return result


def _only_sources_changed(old: Any, new_text: str, new_sources: dict[int, str], spans: list) -> bool:  # type: ignore[type-arg]
    """The rewritten JSON equals the old one with exactly the new cell sources."""
    try:
        new = json.loads(new_text)
    except ValueError:
        return False
    expected = json.loads(json.dumps(old))
    for index, span in enumerate(spans):
        if span is not None and span[0] in new_sources:
            value = new_sources[span[0]]
            raw = old["cells"][index]["source"]
            expected["cells"][index]["source"] = value if isinstance(raw, str) else _source_lines(value)
    return bool(new == expected)
