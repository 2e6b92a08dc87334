"""What the language server does with a document's text, with no protocol types in sight.

Every finding and every fix comes from `gradfix.runner.process_source`, exactly as on the
command line; this module only turns editor text into the bytes gradfix reads, notebook
cells into a notebook, results back into per-document lists, and new text into line edits.
Positions here are 0-based lines and 0-based code-point columns; the server converts
columns to the client's position encoding.
"""

from __future__ import annotations

from gradfix import syntax as ast
import codecs
import difflib
import io
import json
import re
import tokenize
import warnings
from pathlib import Path
from typing import Any, Sequence

from gradfix.patterns import lazily
from gradfix.records import dataclass, field
from gradfix.runner import Diagnostic, FileResult, Options, process_source
from gradfix.walk import ast_walk

# the title of each rule's quick fix (the rules carry no fix title of their own yet)
FIX_TITLES = {
    "GF001": "clear the gradients at the start of each iteration",
    "GF002": "move the gradient clear before the forward pass",
    "GF003": "sum the losses and call backward() once",
    "GF004": "remove retain_graph=True",
    "GF005": "divide the loss by the accumulation steps",
    "GF006": "flush the leftover micro-batches after the loop",
    "GF007": "clear with zero_grad(set_to_none=True)",
    "GF008": "clear with the optimizer's zero_grad()",
    "GF009": "accumulate loss.detach()",
    "GF010": "move the clip before optimizer.step()",
    "GF011": "clear only after the accumulation step",
    "GF012": "move scheduler.step() after optimizer.step()",
    "GF013": "unscale the gradients before clipping",
    "GF015": "count micro-batches from 1 in the window test",
    "GF023": "step the optimizer through the scaler",
}


# settings -----------------------------------------------------------------------------------------
CLIENT_KEYS = {
    "select": "select",
    "extend-select": "extend_select",
    "extendSelect": "extend_select",
    "ignore": "ignore",
    "unsafe-fixes": "unsafe_fixes",
    "unsafeFixes": "unsafe_fixes",
}


@dataclass(frozen=True)
class ClientSettings:
    """The editor's settings (initialization options): they win over `[tool.gradfix]`,
    as command-line flags do."""

    select: tuple[str, ...] | None = None
    extend_select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] | None = None
    unsafe_fixes: bool | None = None


def client_settings(raw: Any) -> tuple[ClientSettings, list[str]]:
    """Settings from `initializationOptions` (or `workspace/didChangeConfiguration`), flat or
    under a "gradfix" key. Problems are returned, one line each, and the setting is dropped."""
    if raw is None:
        return ClientSettings(), []
    if isinstance(raw, dict) and isinstance(raw.get("gradfix"), dict):
        raw = raw["gradfix"]
    if not isinstance(raw, dict):
        return ClientSettings(), ["gradfix: the settings must be an object"]
    from gradfix.config import expand_codes

    values: dict[str, Any] = {}
    problems: list[str] = []
    for key, value in raw.items():
        name = CLIENT_KEYS.get(key)
        if name is None:
            problems.append(f"gradfix: unknown setting {key!r} (known: select, extend-select, ignore, unsafe-fixes)")
            continue
        if value is None:
            continue
        if name == "unsafe_fixes":
            if isinstance(value, bool):
                values[name] = value
            else:
                problems.append(f"gradfix: setting {key!r} must be true or false")
            continue
        items = value.split(",") if isinstance(value, str) else value
        if not isinstance(items, list) or not all(isinstance(item, str) for item in items):
            problems.append(f"gradfix: setting {key!r} must be a list of rule codes")
            continue
        codes = tuple(item.strip() for item in items if item.strip())
        try:
            expand_codes(codes)
        except ValueError as error:
            problems.append(f"gradfix: setting {key!r}: {error}")
            continue
        values[name] = codes or None  # an empty list means "not given", as on the command line
    return ClientSettings(**values), problems


@dataclass(frozen=True)
class Settings:
    """What one document is checked with."""

    options: Options  # check mode; fixes replace `fix` (and `only`)
    excluded: bool = False  # `exclude` of [tool.gradfix] names the document: no findings
    config_path: Path | None = None
    error: str | None = None  # a [tool.gradfix] that could not be used: the defaults apply


class SettingsResolver:
    """`[tool.gradfix]` of a document's project (the nearest pyproject.toml that has one, as
    for the command line), re-read whenever that file's size or modification time changes."""

    def __init__(self) -> None:
        self._loaded: dict[Path, tuple[tuple[int, int], Any]] = {}

    def clear(self) -> None:
        self._loaded = {}

    def _load(self, path: Path):  # type: ignore[no-untyped-def]
        from gradfix.config import load_config

        try:
            stat = path.stat()
            stamp = (stat.st_mtime_ns, stat.st_size)
        except OSError:
            return load_config(str(path))
        cached = self._loaded.get(path)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        config = load_config(str(path))
        self._loaded[path] = (stamp, config)
        return config

    def resolve(self, path: Path | None, client: ClientSettings, root: Path | None = None) -> Settings:
        from gradfix.config import (
            Config,
            ConfigError,
            Excluder,
            find_config_file,
            resolve_codes,
        )
        from gradfix.project import given_roots

        error = None
        config_path = None
        try:
            if path is not None:
                found = find_config_file([str(path)])
            else:  # an unsaved buffer: the workspace's project
                found = find_config_file([], start=str(root) if root is not None else None)
            config_path = Path(found) if found is not None else None
            config = self._load(config_path) if config_path is not None else Config()
        except ConfigError as problem:
            config, error = Config(), str(problem)
        selected = resolve_codes(config, client.select, client.extend_select, client.ignore)
        unsafe = client.unsafe_fixes if client.unsafe_fixes is not None else bool(config.unsafe_fixes)
        excluded = False
        if path is not None and config.exclude:
            excluded = Excluder(list(config.exclude), config.root).excluded(str(path))
        # an unmarked workspace (no `.git`, no `pyproject.toml`) is one project, as `gradfix .` there
        roots = given_roots([str(root)]) if root is not None else ()
        options = Options(select=frozenset(selected), unsafe_fixes=unsafe, roots=roots)
        return Settings(options, excluded, config_path, error)


# text <-> the bytes gradfix reads ------------------------------------------------------------------
def source_bytes(text: str) -> tuple[bytes, str]:
    """The bytes of an editor's text as the file would hold them: UTF-8, unless a PEP 263
    coding line names another encoding (gradfix decodes by that line, as Python does)."""
    data = text.encode("utf-8", "surrogatepass")
    if b"coding" not in data[:1024]:
        return data, "utf-8"
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        if codecs.lookup(encoding).name in ("utf-8", "utf-8-sig"):
            return data, "utf-8"
        return text.encode(encoding), encoding
    except (SyntaxError, LookupError, UnicodeError):
        return data, "utf-8"


def check(name: str, text: str, options: Options) -> FileResult:
    """The findings for a Python document's text (`name` is only used in messages)."""
    data, _ = source_bytes(text)
    return process_source(name, data, options)


def fixed(name: str, text: str, options: Options) -> str | None:
    """The text `gradfix --write` would leave (with `options.only`: one finding's fix), or None."""
    data, encoding = source_bytes(text)
    result = process_source(name, data, options)
    if result.error is not None or result.fixed is None:
        return None
    try:
        return result.fixed.decode(encoding)
    except UnicodeDecodeError:
        return None


# notebooks -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Cell:
    uri: str
    code: bool  # a Python code cell (markdown and other languages: False)
    text: str


def notebook_bytes(cells: Sequence[Cell]) -> bytes:
    """An in-memory .ipynb of the synced cells, in order, so cell numbers match the file's."""
    rendered = []
    for cell in cells:
        if cell.code:
            rendered.append(
                {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": cell.text}
            )
        else:
            rendered.append({"cell_type": "markdown", "metadata": {}, "source": cell.text})
    notebook = {"cells": rendered, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    return json.dumps(notebook, indent=1, ensure_ascii=False).encode("utf-8")


def check_notebook(name: str, cells: Sequence[Cell], options: Options) -> tuple[dict[str, list[Diagnostic]], FileResult]:
    """Findings per cell document (every cell has an entry, empty when clean)."""
    result = process_source(name, notebook_bytes(cells), options)
    found: dict[str, list[Diagnostic]] = {cell.uri: [] for cell in cells}
    for diagnostic in result.diagnostics:
        if diagnostic.cell is not None and 1 <= diagnostic.cell <= len(cells):
            found[cells[diagnostic.cell - 1].uri].append(diagnostic)
    return found, result


def fixed_notebook(name: str, cells: Sequence[Cell], options: Options) -> dict[str, str]:
    """The new text of each cell the fixes change, by cell document."""
    result = process_source(name, notebook_bytes(cells), options)
    if result.error is not None or result.fixed is None:
        return {}
    try:
        new_cells = json.loads(result.fixed.decode("utf-8"))["cells"]
    except (ValueError, KeyError, TypeError):
        return {}
    changed = {}
    for cell, new in zip(cells, new_cells):
        source = new.get("source", "")
        text = "".join(source) if isinstance(source, list) else source
        if text != cell.text:
            changed[cell.uri] = text
    return changed


# edits ---------------------------------------------------------------------------------------------
_LINE = lazily(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


def split_lines(text: str) -> list[str]:
    """Lines with their endings, split where LSP splits (\\n, \\r\\n, \\r) and nowhere else."""
    return _LINE.findall(text)


@dataclass(frozen=True)
class Edit:
    start: tuple[int, int]  # 0-based line, 0-based code-point column
    end: tuple[int, int]
    text: str


def _line_start(lines: list[str], index: int) -> tuple[int, int]:
    if index < len(lines) or not lines or lines[-1].endswith(("\n", "\r")):
        return (index, 0)
    return (len(lines) - 1, len(lines[-1]))  # the end of a last line without a newline


def line_edits(old: str, new: str) -> list[Edit]:
    """Edits that turn `old` into `new`, one per run of changed lines (the cursor and folds
    elsewhere stay put, unlike a whole-document replacement)."""
    a, b = split_lines(old), split_lines(new)
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    edits = [
        Edit(_line_start(a, i1), _line_start(a, i2), "".join(b[j1:j2]))
        for tag, i1, i2, j1, j2 in matcher.get_opcodes()
        if tag != "equal"
    ]
    if apply_edits(old, edits) != new:  # never expected; a whole replacement is always right
        return [Edit((0, 0), _line_start(a, len(a)), new)]
    return edits


def apply_edits(text: str, edits: Sequence[Edit]) -> str:
    lines = split_lines(text)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(position: tuple[int, int]) -> int:
        line, column = position
        if line >= len(lines):
            return len(text)
        return starts[line] + min(column, len(lines[line]))

    out = text
    for edit in sorted(edits, key=lambda e: e.start, reverse=True):
        out = out[: offset(edit.start)] + edit.text + out[offset(edit.end) :]
    return out


# suppressions and hovers ----------------------------------------------------------------------------
_GRADFIX_LIST = lazily(r"(#\s*gradfix:\s*ignore\[)([^\]]*)(\])", re.I)
# the codes inside a directive, for hovers; gradfix.suppressions decides what a line suppresses
_DIRECTIVE_CODES = lazily(r"#\s*(?:gradfix:\s*ignore\[(?P<gf>[^\]]*)\]|noqa:\s*(?P<noqa>[A-Za-z0-9_, ]+))", re.I)
_CODE = lazily(r"[A-Za-z]+[0-9]+")


def _suppresses(line: str, code: str) -> bool:
    from gradfix.suppressions import directives

    table = directives(line)
    if 1 not in table:
        return False
    codes = table[1]
    return codes is None or code in codes


def suppress_line(line: str, code: str) -> str | None:
    """`line` (without its ending) with `# gradfix: ignore[code]`: added to the line's
    gradfix directive if it has one, else appended. None: nothing to add."""
    if _suppresses(line, code):
        return None
    match = _GRADFIX_LIST.search(line)
    if match:
        listed = match.group(2).rstrip()
        joined = f"{listed}, {code}" if listed.strip() else code
        new = line[: match.start(2)] + joined + line[match.end(2) :]
    else:
        new = f"{line.rstrip()}  # gradfix: ignore[{code}]"
    return new if _suppresses(new, code) else None


def _parses(text: str) -> bool:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            ast.parse(text)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return False
    return True


def suppress_edit(text: str, line_number: int, code: str) -> Edit | None:
    """The edit that suppresses `code` on 1-based line `line_number`; None when the line
    cannot carry a comment (a backslash continuation) or already suppresses it."""
    lines = split_lines(text)
    if not 1 <= line_number <= len(lines):
        return None
    index = line_number - 1
    raw = lines[index]
    content = raw.rstrip("\r\n")
    new = suppress_line(content, code)
    if new is None:
        return None
    new_text = "".join(lines[:index]) + new + raw[len(content) :] + "".join(lines[index + 1 :])
    if _parses(text) and not _parses(new_text):
        return None
    return Edit((index, 0), (index, len(content)), new)


def code_at(line: str, column: int) -> tuple[str, int, int] | None:
    """The rule code under 0-based `column` of a suppression directive on `line`, with its
    start and end columns; only codes of gradfix rules that the directive really suppresses."""
    from gradfix.transforms import RULES_BY_CODE

    for match in _DIRECTIVE_CODES.finditer(line):
        group = "gf" if match.group("gf") is not None else "noqa"
        offset = match.start(group)
        for token in _CODE.finditer(match.group(group)):
            start, end = offset + token.start(), offset + token.end()
            code = token.group().upper()
            if start <= column <= end and code in RULES_BY_CODE and _suppresses(line, code):
                return code, start, end
    return None


def rule_doc_path(code: str) -> Path | None:
    """The rule's page shipped inside the package (generated by scripts/rule_table.py)."""
    path = Path(__file__).resolve().parent.parent / "docs" / "rules" / f"{code}.md"
    return path if path.is_file() else None


def rule_hover(code: str, markdown: bool = True) -> str:
    from gradfix.report.rules import summary
    from gradfix.transforms import RULES_BY_CODE

    rule = RULES_BY_CODE[code]
    default = "" if rule.default_enabled else " Not enabled by default."
    page = rule_doc_path(code)
    if not markdown:
        text = f"{code} ({rule.name}): {summary(rule)}\n\nFix safety: {rule.safety.value}.{default}"
        return text + (f"\n\n{page}" if page else "")
    text = f"**{code}** `{rule.name}`: {summary(rule)}\n\nFix safety: {rule.safety.value}.{default}"
    return text + (f"\n\n[Documentation]({page.as_uri()})" if page else "")


# the loop a finding is about -------------------------------------------------------------------------
@dataclass
class Loops:
    """The for/while loops of a text: (header line, start column, end line), 1-based lines,
    columns in code points. Used to point at the loop a finding sits in."""

    lines: list[str] = field(default_factory=list)
    spans: list[tuple[int, int, int]] = field(default_factory=list)

    @classmethod
    def of(cls, text: str) -> Loops:
        lines = split_lines(text)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                tree = ast.parse(text)
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                return cls(lines)
        spans = []
        for node in ast_walk(tree):
            if isinstance(node, (ast.For, ast.AsyncFor, ast.While)) and node.end_lineno is not None:
                line = lines[node.lineno - 1] if node.lineno <= len(lines) else ""
                column = len(line.encode("utf-8")[: node.col_offset].decode("utf-8", "ignore"))
                spans.append((node.lineno, column, node.end_lineno))
        return cls(lines, spans)

    def around(self, line: int) -> tuple[int, int, int] | None:
        """The innermost loop whose body holds 1-based `line`: (line, start column, end column)
        of its header's first line."""
        inside = [span for span in self.spans if span[0] < line <= span[2]]
        if not inside:
            return None
        header, column, _ = max(inside, key=lambda span: span[0])
        text = self.lines[header - 1].rstrip("\r\n").rstrip() if header <= len(self.lines) else ""
        return header, column, max(column, len(text))
