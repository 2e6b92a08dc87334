"""Jupyter notebooks: the code cells, in order, are analysed as one program.

A kernel runs a notebook's cells one after the other in one namespace, so gradfix reads them
as one Python source: an optimizer built in cell 3 is known in cell 7, a helper defined in
cell 2 is looked into from the loop in cell 5. Findings name the cell: `nb.ipynb:cell_7:4:5:
GF001 ...` (cells counted from 1 over all cells, markdown included, in file order; line and
column within the cell).

The program. Each code cell's text is preceded by a line `pass  # gradfix-cell <n>` (a
statement, so that no comment or blank line of one cell is taken for part of a statement of
another, and a fix's insertion point always falls inside one cell's lines), and ends with a
newline. A table is not needed to map positions back: these separator lines and the markers
on masked lines are found again in the text after every fix pass.

IPython syntax is masked, never rewritten: a line of a line magic (`%time ...`, `%pip ...`),
a shell escape (`!nvidia-smi`, `files = !ls`), a help request (`model?`) or a `from
__future__` import becomes a stand-in of the same indentation, one line for one line, with a
marker comment (`# gradfix-cell mask <k> <shift>`) so the cell still parses and every line
keeps its number:

- `%time <statement>` runs the statement once: the stand-in is the statement itself (its
  columns shifted by `<shift>`), so `%time loss.backward()` is a backward pass;
- shell escapes, help requests, magics that only set the session up (`%matplotlib`,
  `%load_ext`, `%pip`, `%cd` ...) and a `%time` without code become `pass`;
- any other line magic (`%timeit`, `%run`, `%prun`, `%store -r` ...) may run code gradfix
  cannot see: it becomes a call the loop model treats as unknown (a call named
  `gradfix_masked_magic_may_backward`), so the rules stay silent on a loop around it.

A cell magic on the first line: `%%time` and `%%capture` run their body as Python, so only
that line is masked; the body of any other (`%%bash`, `%%writefile`, `%%timeit` ...) is not
Python run in the notebook's namespace and the whole cell is left out of the program. The
masking is tried only on a cell that does not parse as it is, which keeps `%` and `?` inside
strings and brackets of plain Python cells alone.

A cell that does not parse (after masking) is left out of the program, with a note when it
mentions gradient code. That is what the kernel does: it compiles a cell before running it,
and a cell with a syntax error runs nothing and defines nothing, so the program of the other
cells is the notebook as it runs. (Falling back to analysing every cell on its own would lose
what the one-program view exists for, for every cell of the notebook, because of one.) A cell
that parses alone but not after the cells before it (a rare construct such as an indented
first line) is left out the same way.

Fixes are made on the program and split back into cells, and a fix is applied only when all
its edits fall inside one code cell and none touches a masked line (an insertion next to a
masked line is fine; a masked line is written back exactly as it was); otherwise its
finding is reported without a fix. Cells that do not change keep their exact JSON bytes.

Writing back never re-dumps the JSON: the `"source"` value of each changed cell is spliced
into the original text, so metadata, outputs, indentation, key order and the trailing newline
stay byte-for-byte, and the rewritten JSON is checked to differ from the original only in
those sources.
"""

from __future__ import annotations

from gradfix import syntax as ast
import json
import re
from json.decoder import scanstring  # type: ignore[attr-defined]

from gradfix import records
from gradfix.files import STDIN
from gradfix.patterns import lazily
from gradfix.pipeline import Diagnostic, FileResult, Options, check_source, left_unchanged, open_project, prefilter
from gradfix.source import Source, SourceError, parse

TYPE_CHECKING = False  # `typing` costs start-up time (12 M instructions in a run that meets a notebook)
if TYPE_CHECKING:
    from typing import Any

_WS = lazily(r"[ \t\n\r]*")
_SCALAR = lazily(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?|true|false|null")


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


# IPython syntax ----------------------------------------------------------------------------------
_NEWLINES = lazily(r"\r\n|\r|\n")
_CELL_MAGIC = lazily(r"[ \t]*%%(\w*)")
_LINE_MAGIC = lazily(r"([ \t]*)%%?(\w+)[ \t]*")
_SHELL = lazily(r"([ \t]*)!")
_HELP = lazily(r"([ \t]*)(?:\?\??[\w.*]+|[\w.*]+\?\??)[ \t]*$")
_ASSIGNED = lazily(r"([ \t]*)[A-Za-z_][\w.]*(?:[ \t]*,[ \t]*[A-Za-z_][\w.]*)*[ \t]*=[ \t]*([!%])")
# cell magics whose body IPython runs as Python code in the notebook's namespace, once
_PYTHON_CELL_MAGICS = frozenset({"time", "capture"})
# line magics that set the session up and run none of the notebook's code
_QUIET_MAGICS = frozenset({
    "matplotlib", "load_ext", "reload_ext", "unload_ext", "autoreload", "aimport", "config", "env",
    "pip", "conda", "mamba", "cd", "pwd", "ls", "bookmark", "pushd", "popd", "dhist", "dirs", "who",
    "whos", "who_ls", "history", "hist", "lsmagic", "magic", "quickref", "precision", "xmode",
    "pdb", "colors", "pinfo", "pinfo2", "psearch", "pprint", "page", "sx", "system", "alias",
    "unalias", "autoawait", "automagic", "autocall", "doctest_mode", "notebook", "connect_info",
    "clear", "tensorboard",
})  # fmt: skip
# what other line magics are masked with: a call the loop model cannot see into and takes for
# one that may step or backpropagate (an unknown event: rules stay silent on a loop around it)
OPAQUE = "gradfix_masked_magic_may_backward()"


@records.dataclass
class _Cell:
    """A code cell: its text as in the file, and how it enters the program."""

    number: int  # 1-based over all cells of the notebook
    text: str
    rows: list[tuple[str, str]]  # its lines: (content, line ending; "" for a last line without)
    masks: dict[int, tuple[str, int]] = records.field(default_factory=dict)  # row -> (stand-in, shift)
    left_out: bool = False  # not part of the program (does not parse, or not Python)


def _rows(text: str) -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    position = 0
    for match in _NEWLINES.finditer(text):
        rows.append((text[position : match.start()], match.group()))
        position = match.end()
    if position < len(text):
        rows.append((text[position:], ""))
    return rows


def _masked_text(cell: _Cell) -> str:
    return "\n".join(cell.masks[i][0] if i in cell.masks else content for i, (content, _) in enumerate(cell.rows))


def _stand_in(line: str) -> tuple[str, int] | None:
    """What a line of IPython syntax is analysed as: (stand-in, column shift), or None for a
    line that is not IPython syntax."""
    magic = _LINE_MAGIC.match(line)
    if magic:
        indent, name = magic.group(1), magic.group(2)
        code = line[magic.end() :]
        if name == "time" and code.strip():
            if _one_line_statement(code):
                return indent + code, magic.end() - len(indent)
            return indent + OPAQUE, 0
        if name in _QUIET_MAGICS or name == "time":
            return indent + "pass", 0
        return indent + OPAQUE, 0
    shell = _SHELL.match(line) or _HELP.match(line)
    if shell:
        return shell.group(1) + "pass", 0
    assigned = _ASSIGNED.match(line)
    if assigned:
        return assigned.group(1) + ("pass" if assigned.group(2) == "!" else OPAQUE), 0
    return None


def _one_line_statement(code: str) -> bool:
    try:
        tree = parse(code)
    except SourceError:
        return False
    return len(tree.body) == 1 and tree.body[0].end_lineno == 1 and not code.rstrip().endswith("\\")


def _prepare_cell(number: int, text: str) -> tuple[_Cell, str | None]:
    """The cell with its IPython syntax masked, and why it is left out of the program (None
    when it is in: a note is due only when the reason is given and the cell mentions
    gradient code)."""
    cell = _Cell(number, text, _rows(text))
    contents = [content for content, _ in cell.rows]
    first = next((i for i, content in enumerate(contents) if content.strip()), None)
    if first is not None:
        magic = _CELL_MAGIC.match(contents[first])
        if magic:
            if magic.group(1) not in _PYTHON_CELL_MAGICS:
                cell.left_out = True
                return cell, f"cell skipped: `%%{magic.group(1)}` does not run the cell as Python in the notebook"
            cell.masks[first] = (contents[first][: len(contents[first]) - len(contents[first].lstrip())] + "pass", 0)
    try:
        tree = parse(_masked_text(cell))
    except SourceError:
        _mask_lines(cell, contents)
        try:
            tree = parse(_masked_text(cell))
        except SourceError as error:
            cell.left_out = True
            return cell, f"{error.line}:{error.column}: note: cell skipped: {error}"
    for node in tree.body:  # legal only at the top of a module: the program's top is elsewhere
        if isinstance(node, ast.ImportFrom) and node.module == "__future__":
            for row in range(node.lineno - 1, node.end_lineno or node.lineno):
                cell.masks[row] = ("pass", 0)
    return cell, None


def _mask_lines(cell: _Cell, contents: list[str]) -> None:
    row = 0
    while row < len(contents):
        if row in cell.masks:
            row += 1
            continue
        stand_in = _stand_in(contents[row])
        if stand_in is None:
            row += 1
            continue
        cell.masks[row] = stand_in
        indent = stand_in[0][: len(stand_in[0]) - len(stand_in[0].lstrip())]
        # IPython joins a magic's or shell command's lines that end in a backslash
        while contents[row].endswith("\\") and row + 1 < len(contents):
            row += 1
            cell.masks[row] = (indent + "pass", 0)
        row += 1


# the program -------------------------------------------------------------------------------------
@records.dataclass
class _Region:
    number: int  # the cell
    first_line: int  # 1-based lines of the program; last_line < first_line: no lines
    last_line: int
    start: int  # text offsets: the cell's lines are text[start:end]
    end: int


@records.dataclass
class _Layout:
    """Where the cells and the masked lines are in one version of the program's text."""

    regions: list[_Region]
    masked: dict[int, tuple[int, int, int, int]]  # line -> (mask index, shift, start, end with newline)

    def region_of_line(self, line: int) -> _Region | None:
        for region in self.regions:
            if region.first_line <= line <= region.last_line:
                return region
        return None

    def region_of_range(self, start: int, end: int) -> _Region | None:
        for region in self.regions:
            if region.start <= start and end <= region.end:
                return region
        return None


class _Program:
    """The code cells in order as one Python source (see the module docstring)."""

    def __init__(self, cells: list[_Cell]) -> None:
        self.cells = cells
        token = "gradfix-cell"
        while any(token in cell.text for cell in cells):
            token += "-"
        self.token = token
        self._separator = f"pass  # {token} cell "
        self._mask = re.compile(rf"  # {re.escape(token)} mask ([0-9]+) ([0-9]+)$")
        self.originals: list[str] = []  # masked line k's text in its cell
        pieces: list[str] = []
        for cell in cells:
            pieces.append(f"{self._separator}{cell.number}\n")
            if cell.left_out:
                continue
            for row, (content, ending) in enumerate(cell.rows):
                if row in cell.masks:
                    stand_in, shift = cell.masks[row]
                    pieces.append(f"{stand_in}  # {token} mask {len(self.originals)} {shift}")
                    self.originals.append(content)
                else:
                    pieces.append(content)
                pieces.append(ending or "\n")
        self.text = "".join(pieces)
        self._layouts: dict[str, _Layout] = {}

    def layout(self, text: str) -> _Layout:
        """Cells and masked lines in `text` (this program's text after any number of fix
        passes); raises SourceError when the markers are not all there, in order."""
        found = self._layouts.get(text)
        if found is not None:
            return found
        regions: list[_Region] = []
        masked: dict[int, tuple[int, int, int, int]] = {}
        starts = [0] + [match.end() for match in _NEWLINES.finditer(text)]
        if starts[-1] == len(text):
            starts.pop()
        for index, start in enumerate(starts):
            line = index + 1
            end = starts[index + 1] if index + 1 < len(starts) else len(text)
            content = text[start:end].rstrip("\r\n")
            if content.startswith(self._separator):
                if regions:
                    regions[-1].last_line, regions[-1].end = line - 1, start
                regions.append(_Region(int(content[len(self._separator) :]), line + 1, len(starts), end, len(text)))
                continue
            mask = self._mask.search(content)
            if mask:
                masked[line] = (int(mask.group(1)), int(mask.group(2)), start, end)
        numbers = [region.number for region in regions]
        indices = [entry[0] for _, entry in sorted(masked.items())]
        if numbers != [cell.number for cell in self.cells] or indices != list(range(len(self.originals))):
            raise SourceError("internal error: a fix moved the boundaries of notebook cells")
        layout = self._layouts[text] = _Layout(regions, masked)
        return layout

    def accepts(self, source: Source, fix: object) -> bool:
        """A fix whose every edit falls inside one code cell and leaves masked lines alone."""
        from gradfix.transforms.apply import fix_ranges

        layout = self.layout(source.text)
        home: _Region | None = None
        for start, end, new in fix_ranges(source, fix):  # type: ignore[arg-type]
            if self.token in new:
                return False  # it would copy a masked line or a cell boundary
            region = layout.region_of_range(start, end)
            if region is None or region.start == region.end or (home is not None and region is not home):
                return False  # across a boundary, into a cell left out, or into two cells
            home = region
            for _, _, line_start, line_end in layout.masked.values():
                if start == end and line_start < start < line_end:
                    return False
                if start < end and start < line_end and line_start < end:
                    return False
        return True

    def cell_texts(self, text: str) -> dict[int, str]:
        """Each cell's text in a version of the program: masked lines as they were written."""
        layout = self.layout(text)
        out: dict[int, str] = {}
        for cell, region in zip(self.cells, layout.regions):
            if cell.left_out:
                out[cell.number] = cell.text
                continue
            rows = _rows(text[region.start : region.end])
            pieces = []
            for offset, (content, ending) in enumerate(rows):
                entry = layout.masked.get(region.first_line + offset)
                pieces.append((self.originals[entry[0]] if entry is not None else content) + ending)
            new = "".join(pieces)
            if cell.text and cell.rows[-1][1] == "":  # the cell ended without a newline: so does the new text
                if not new.endswith("\n"):
                    raise SourceError("internal error: a notebook cell lost its last line ending")
                new = new[:-2] if new.endswith("\r\n") else new[:-1]
            out[cell.number] = new
        return out

    def to_cell(self, layout: _Layout, diagnostic: Diagnostic, path: str) -> Diagnostic:
        """A diagnostic of the program, positioned in its cell."""
        region = layout.region_of_line(diagnostic.line)
        if region is None:  # cannot happen: findings point at statements, all inside cells
            return records.replace(diagnostic, path=path)
        end_line = diagnostic.end_line
        line = diagnostic.line - region.first_line + 1
        column = diagnostic.column + layout.masked.get(diagnostic.line, (0, 0))[1]
        end_column = diagnostic.end_column + layout.masked.get(end_line, (0, 0))[1]
        return records.replace(
            diagnostic,
            path=path,
            cell=region.number,
            line=line,
            column=column,
            end_line=end_line - region.first_line + 1,
            end_column=end_column,
        )

    def from_cell(self, layout: _Layout, cell: int, line: int, column: int) -> tuple[int, int] | None:
        """A position in a cell as a position in the program."""
        for region in layout.regions:
            if region.number == cell and 1 <= line <= region.last_line - region.first_line + 1:
                program_line = region.first_line + line - 1
                return program_line, column - layout.masked.get(program_line, (0, 0))[1]
        return None


# the pipeline ------------------------------------------------------------------------------------
def prefilter_notebook(data: bytes, path: str | None) -> tuple[bool, dict[str, str]]:
    """`gradfix.pipeline.prefilter` for a notebook: its bytes, or its code cells (the import
    lines a project look-up reads are not lines of the JSON)."""
    if prefilter(data, None)[0]:
        return True, {}
    if not (b".step(" in data or b"zero_grad" in data):
        return False, {}
    try:
        notebook = json.loads(data)
    except ValueError:
        return False, {}
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    if not isinstance(cells, list):
        return False, {}
    code = "\n".join(_cell_source(cell) or "" for cell in cells if isinstance(cell, dict) and cell.get("cell_type") == "code")
    return prefilter(code.encode("utf-8", "surrogatepass"), path)


def _cell_source(cell: dict) -> str | None:  # type: ignore[type-arg]
    raw = cell.get("source", "")
    if isinstance(raw, list) and all(isinstance(part, str) for part in raw):
        return "".join(raw)
    return raw if isinstance(raw, str) else None


def process_notebook(path: str, data: bytes, options: Options, prefiltered: bool = False) -> FileResult:
    result = FileResult(path, original=data)
    if not prefiltered:  # (see `process_python`)
        train, depends = prefilter_notebook(data, path)
        if not train:
            result.depends_on = depends
            return result
    try:
        text = data.decode("utf-8")
        notebook: Any = json.loads(text)
        spans = _source_spans(text)
    except (UnicodeDecodeError, ValueError, _BadJson, IndexError) as error:
        result.error = f"{path}:1:1: error: cannot read notebook: {error}; file left unchanged"
        return result
    raw_cells = notebook.get("cells") if isinstance(notebook, dict) else None
    if not isinstance(raw_cells, list) or len(raw_cells) != len(spans):
        result.error = f"{path}:1:1: error: cannot read notebook: no list of cells; file left unchanged"
        return result
    cells: list[_Cell] = []
    notes: dict[int, str] = {}
    for index, raw in enumerate(raw_cells):
        if not isinstance(raw, dict) or raw.get("cell_type") != "code" or spans[index] is None:
            continue
        source = _cell_source(raw)
        if source is None:
            continue
        cell, why = _prepare_cell(index + 1, source)
        cells.append(cell)
        if why is not None:
            notes[cell.number] = why
    try:
        program, tree = _parsed_program(cells, notes)
        _analyse(path, program, tree, cells, options, result, spans, text, notebook)
    except (RecursionError, MemoryError):
        result.error = f"{path}:1:1: error: too deeply nested for gradfix to read; file left unchanged"
    except SourceError as failure:
        result.error = f"{path}:1:1: error: {failure}; file left unchanged"
    for cell in cells:
        note = notes.get(cell.number)
        if note is not None and prefilter(cell.text.encode("utf-8", "surrogatepass"), None)[0]:
            separator = ":" if note[0].isdigit() else ": note: "
            result.notes.append(f"{path}:cell_{cell.number}{separator}{note}")
    if result.error is not None:
        left_unchanged(result, options)
    return result


def _parsed_program(cells: list[_Cell], notes: dict[int, str]) -> tuple[_Program, ast.Module]:
    """The program and its tree; a cell that parses alone but not after the cells before it
    is left out (each such cell at most once, so this ends)."""
    while True:
        program = _Program(cells)
        try:
            return program, parse(program.text)
        except SourceError as error:
            region = program.layout(program.text).region_of_line(error.line)
            if region is None:
                raise
            cell = next(c for c in cells if c.number == region.number)
            cell.left_out = True
            line = error.line - region.first_line + 1
            notes[cell.number] = f"{line}:{error.column}: note: cell skipped: it does not parse after the cells before it: {error}"


def _analyse(
    path: str,
    program: _Program,
    tree: ast.Module,
    cells: list[_Cell],
    options: Options,
    result: FileResult,
    spans: list[tuple[int, int] | None],
    text: str,
    notebook: Any,
) -> None:
    before = program.layout(program.text)
    if options.only is not None:
        code, line, column, cell_number = options.only
        where = program.from_cell(before, cell_number, line, column) if cell_number is not None else None
        # no such position in the program: a position no finding has, so nothing is applied
        options = records.replace(options, only=(code, *(where or (0, 0)), None))
    source = Source(program.text, tree, "utf-8", path=None if path == STDIN else path)
    found = FileResult(path)
    directives = any(word in cell.text.lower() for cell in cells for word in ("noqa", "gradfix:"))
    try:
        final = check_source(
            path, source, options, found, project=open_project(path), directives=directives, accept=program.accepts
        )
    finally:  # the findings of the notebook as it is, even when its fixes fail
        result.diagnostics = [program.to_cell(before, d, path) for d in found.diagnostics]
    result.depends_on = found.depends_on
    result.fixed_codes = found.fixed_codes
    if not options.fix:
        return
    after = program.layout(final.text)
    result.remaining = [program.to_cell(after, d, path) for d in found.remaining]
    if final is source:
        return
    new_texts = program.cell_texts(final.text)
    replacements: list[tuple[int, int, str]] = []
    for cell in cells:
        if new_texts[cell.number] != cell.text:
            start, end = spans[cell.number - 1]  # type: ignore[misc]
            replacements.append((start, end, new_texts[cell.number]))
    if not replacements:
        return
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
        raise SourceError("internal error: notebook rewrite check failed")
    result.fixed = new_text.encode("utf-8")


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
        if unit is None:  # a notebook on one line: join the items as the old list (or the file) did
            between = re.search(r'"(,[ \t]*)"', old)
            joiner = between.group(1) if between else ("," if '","' in text and '", "' not in text else ", ")
            return "[" + joiner.join(items) + "]"
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
