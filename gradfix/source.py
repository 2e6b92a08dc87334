"""A Python source file as gradfix reads it: bytes, text, a stdlib `ast` tree and offsets.

gradfix analyses the `ast` tree (about six times faster to build than a concrete syntax tree,
and no import cost) and edits the *text*: a fix is a list of replacements of character
ranges, so every byte a fix does not touch is written back as it was read (line endings, a
BOM, a coding line, tabs, comments, a missing final newline).

`ast` positions are 1-based lines and UTF-8 byte columns; `Source` turns them into offsets
into the decoded text, and answers the layout questions fixes ask: where a statement's
lines start and end, which comment lines belong to it, how its block is indented.
"""

from __future__ import annotations

from gradfix import syntax as ast
import bisect
import codecs
import itertools
import keyword
import sys
import warnings

from gradfix.patterns import lazily
from gradfix.walk import ast_nodes, ast_walk, child_statements

TYPE_CHECKING = False  # `typing` costs start-up time (a check of any file imports this module)
if TYPE_CHECKING:
    from typing import Union

_NEWLINE = lazily(r"\r\n|\r|\n")
_COOKIE = lazily(rb"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)")
_SPACE = lazily(r"\s+")
_BLANK_OR_COMMENT = lazily(r"[ \t\f]*(#.*)?$")
# `while phase != "done":`, the head of a state machine (gradfix.phase_loops); no `\b` before
# `while`: a pattern that starts with a literal is searched for that literal first, one that
# starts with `\b` is tried at every position (about 40 times slower on a file's text). A
# `somewhile x != "a"` passes the gate too; the reading itself checks the `while` statement
# (the state may be an attribute `self.phase` or a field `state["phase"]`); a machine written
# `while True:` needs a string compared or matched (`== "`, `case "`) as well
_STATE_LOOP = lazily(r"while[ \t(]+[\w.]+(?:\[[\"']\w+[\"']\])?[ \t]*(?:!=|is[ \t]+not)[ \t]*(?:[\"']|[A-Za-z_]\w*\.[A-Za-z_])")
_ENDLESS_LOOP = lazily(r"while[ \t(]+True[ \t)]*:")


def _state_machine(text: str) -> bool:
    """The text may hold a state machine over batches (gradfix.phase_loops)."""
    if "next(" not in text or "while " not in text:
        return False
    if _STATE_LOOP.search(text):
        return True
    return ('== "' in text or "== '" in text or 'case "' in text or "case '" in text or "Enum)" in text) and _ENDLESS_LOOP.search(text) is not None


# a `case` arm of an int literal or the wildcard (gradfix.match_arms), searched from its
# literal word (a pattern starting `(?m)^[ \t]+` is tried at every character of the text)
_LITERAL_CASE = lazily(r"case[ \t]+(?:-?[ \t]*\d|_[ \t]*:)")


def _literal_case(text: str) -> bool:
    """A line of the text starts (after its indentation) with `case 0`, `case -1` or `case _:`."""
    for found in _LITERAL_CASE.finditer(text):
        at = found.start()
        line = text.rfind("\n", 0, at) + 1
        if at > line and not text[line:at].strip(" \t"):
            return True
    return False
_KEYWORDS = frozenset(keyword.kwlist) | {"match", "case", "type"}


def _top_line(stmt: ast.stmt) -> int:
    """The statement's first line: a decorated function's or class's first decorator (its
    `lineno` is the `def` line), which the text before it must go above."""
    decorators = getattr(stmt, "decorator_list", None)
    return min(stmt.lineno, *(d.lineno for d in decorators)) if decorators else stmt.lineno


if TYPE_CHECKING:
    Loop = Union[ast.For, ast.AsyncFor, ast.While]
else:
    Loop = "Union[ast.For, ast.AsyncFor, ast.While]"  # for annotations only, which are never evaluated
LOOPS = (ast.For, ast.AsyncFor, ast.While)
FOR_LOOPS = (ast.For, ast.AsyncFor)
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
WITHS = (ast.With, ast.AsyncWith)
TRIES: tuple[type, ...] = (ast.Try, ast.TryStar) if hasattr(ast, "TryStar") else (ast.Try,)
# `match` statements exist from Python 3.10; before, a class no node is an instance of
MATCH: type = getattr(ast, "Match", type("NoMatchStatement", (), {}))
MATCH_CASE: type = getattr(ast, "match_case", type("NoMatchCase", (), {}))
COMPOUND = (*LOOPS, ast.If, *WITHS, *TRIES, *FUNCTIONS, ast.ClassDef, MATCH)
DEFINITIONS = (*FUNCTIONS, ast.ClassDef)  # for `isinstance`: built once, not at each test
SCOPES = (*FUNCTIONS, ast.Lambda, ast.ClassDef)
# The same classes as sets, for `node.__class__ in KINDS` in the hottest walks: it answers as
# `isinstance(node, KINDS)` (no node class of the parser is subclassed, by Python or by gradfix)
# and costs a set lookup, where an `isinstance` that fails on a node costs several hundred
# instructions per class of the tuple (CPython then looks `__class__` up on the instance)
LOOP_KINDS = frozenset(LOOPS)
FOR_LOOP_KINDS = frozenset(FOR_LOOPS)
FUNCTION_KINDS = frozenset(FUNCTIONS)
WITH_KINDS = frozenset(WITHS)
COMPOUND_KINDS = frozenset(COMPOUND)
DEFINITION_KINDS = frozenset(DEFINITIONS)


def encloses(outer: ast.AST, inner: ast.AST) -> bool:
    """`inner`'s text lies within `outer`'s (by position: both nodes of one tree)."""
    return (outer.lineno, outer.col_offset) <= (inner.lineno, inner.col_offset) and (  # type: ignore[attr-defined]
        inner.end_lineno, inner.end_col_offset) <= (outer.end_lineno, outer.end_col_offset)  # type: ignore[attr-defined]


class SourceError(Exception):
    """The bytes are not Python gradfix can read; the message says why, in one line."""

    def __init__(self, message: str, line: int = 1, column: int = 1) -> None:
        super().__init__(message)
        self.line = line
        self.column = column


def detect_encoding(data: bytes) -> str:
    """PEP 263: a BOM, or a coding comment on one of the first two lines; else UTF-8."""
    if data.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    for line in data.split(b"\n", 2)[:2]:
        match = _COOKIE.match(line)
        if match:
            name = match.group(1).decode("ascii", "replace")
            try:
                codec = codecs.lookup(name).name
            except LookupError:
                raise SourceError(f"cannot decode: unknown encoding {name!r}") from None
            return "utf-8-sig" if codec == "utf-8" and data.startswith(codecs.BOM_UTF8) else name
        if line.strip() and not line.lstrip().startswith(b"#"):
            break
    return "utf-8"


def decode(data: bytes) -> tuple[str, str]:
    encoding = detect_encoding(data)
    try:
        return data.decode(encoding), encoding
    except (UnicodeDecodeError, LookupError) as error:
        raise SourceError(f"cannot decode: {error}") from None


def _line_starts(text: str) -> list[int]:
    """The offset where each line starts (after `\r\n`, `\r` or `\n`)."""
    if "\r" in text:
        return [0, *[match.end() for match in _NEWLINE.finditer(text)]]
    # `\n` only (nearly every file): each line's length plus its newline, summed in C
    starts = [0]
    starts += itertools.accumulate(len(line) + 1 for line in text.split("\n"))
    starts.pop()  # the end of the text, not the start of a line
    return starts


class Source:
    """One file's text and tree, with the offset arithmetic fixes need."""

    def __init__(
        self, text: str, tree: ast.Module, encoding: str = "utf-8", data: bytes | None = None, path: str | None = None
    ) -> None:
        self.text = text
        self.path = path  # where it was read from, when it is a file
        self.tree = tree
        if "dataclass" in text:
            from gradfix.dataclass_inits import add_dataclass_inits  # (imported only for a file saying it)

            add_dataclass_inits(tree)
        if tree.body:
            from gradfix.call_forms import plain_call_forms  # (a partial's `**`, a module's namespace dict)

            plain_call_forms(tree, text)
            if _literal_case(text):
                from gradfix.match_arms import plain_matches

                plain_matches(tree)
            if _state_machine(text):
                from gradfix.phase_loops import plain_phase_loops  # (a state machine over batches)

                plain_phase_loops(tree)
        self.encoding = encoding
        self._data = data
        self.line_starts = _line_starts(text)
        first = _NEWLINE.search(text)
        self.newline = first.group(0) if first else "\n"
        self._ascii = text.isascii()
        self._parents: dict[int, tuple[ast.AST, list[ast.stmt]]] | None = None
        self._indent_unit: str | None = None
        self._starts: tuple[ast.AST, frozenset[int]] | None = None
        self._nodes: tuple[ast.Module, list[ast.AST]] | None = None
        self._by_type: dict[int, dict[type, list[ast.AST]]] = {}
        self._statements: tuple[ast.AST, list[ast.stmt], dict[type, list[ast.AST]]] | None = None
        # a big file is analysed as a reduced program: the lines of top-level statements that
        # cannot matter (no training word, no name a statement that does matter uses) are left
        # out of `tree`; their (first, last) line ranges, 1-based and inclusive
        self.left_out: list[tuple[int, int]] | None = None

    # building -----------------------------------------------------------------------------
    @classmethod
    def from_bytes(cls, data: bytes, path: str | None = None) -> Source:
        text, encoding = decode(data)
        if len(text) > BIG_FILE:
            return cls.reduced(text, encoding, data, path)
        return cls(text, parse(text), encoding, data, path)

    @classmethod
    def reduced(
        cls, text: str, encoding: str = "utf-8", data: bytes | None = None, path: str | None = None,
        left_out: list[tuple[int, int]] | None = None,
    ) -> Source:
        """A big file: parsed once whole (to know it is Python, and where its top-level
        statements are), then analysed on the statements that can matter. The tree keeps the
        file's line numbers and columns: what is left out is blanked line for line."""
        source = cls(text, ast.Module(body=[], type_ignores=[]), encoding, data, path)
        if left_out is None:
            # first analysis: the kept statements are the whole tree's own (same nodes, same
            # positions as a parse of the blanked text would give), without a second parse
            whole = parse_in_pieces(text)
            left_out = _left_out(source, whole)
            firsts = [first for first, _ in left_out]

            def left(statement: ast.stmt) -> bool:
                line = _first_line(statement)
                at = bisect.bisect_right(firsts, line) - 1
                return at >= 0 and line <= left_out[at][1]  # type: ignore[index]

            source.tree = ast.Module(body=[s for s in whole.body if not left(s)], type_ignores=whole.type_ignores)
        elif left_out:
            # after a fix: only the text that may matter is parsed again
            lines = text.splitlines(keepends=True)
            for first, last in left_out:
                for number in range(first, last + 1):
                    line = lines[number - 1]
                    lines[number - 1] = line[len(line.rstrip("\r\n")) :]
            source.tree = parse_in_pieces("".join(lines))
        else:
            source.tree = parse_in_pieces(text)
        if "dataclass" in text:
            from gradfix.dataclass_inits import add_dataclass_inits

            add_dataclass_inits(source.tree)
        if source.tree.body:
            from gradfix.call_forms import plain_call_forms

            plain_call_forms(source.tree, text)
            if _literal_case(text):
                from gradfix.match_arms import plain_matches

                plain_matches(source.tree)
            if _state_machine(text):
                from gradfix.phase_loops import plain_phase_loops

                plain_phase_loops(source.tree)
        source.left_out = left_out
        return source

    @classmethod
    def from_text(cls, text: str) -> Source:
        return cls(text, parse(text))

    @property
    def data(self) -> bytes:
        if self._data is None:
            self._data = self.text.encode(self.encoding)
        return self._data

    def read_from(self, data: bytes) -> bool:
        """Whether this source was decoded from exactly these bytes."""
        return self._data is not None and (self._data is data or self._data == data)

    def encode(self, text: str) -> bytes:
        return text.encode(self.encoding)

    # positions -------------------------------------------------------------------------------
    def line_count(self) -> int:
        return len(self.line_starts)

    def line_text(self, lineno: int) -> str:
        """Line `lineno` (1-based) without its line ending."""
        start = self.line_starts[lineno - 1]
        end = self.line_starts[lineno] if lineno < len(self.line_starts) else len(self.text)
        return self.text[start:end].rstrip("\r\n")

    def line_end(self, lineno: int) -> int:
        """Offset just past line `lineno`'s line ending (or the end of the text)."""
        return self.line_starts[lineno] if lineno < len(self.line_starts) else len(self.text)

    def offset(self, lineno: int, col: int) -> int:
        """Text offset of an `ast` position (1-based line, UTF-8 byte column)."""
        start = self.line_starts[lineno - 1]
        if self._ascii or col == 0:
            return start + col
        line = self.text[start : start + col * 4 + 4]
        encoded = line.encode("utf-8", "surrogatepass")[:col]
        return start + len(encoded.decode("utf-8", "surrogatepass"))

    def start(self, node: ast.AST) -> int:
        if self._ascii:  # a byte column is a character column
            return self.line_starts[node.lineno - 1] + node.col_offset  # type: ignore[attr-defined,no-any-return]
        return self.offset(node.lineno, node.col_offset)  # type: ignore[attr-defined]

    def end(self, node: ast.AST) -> int:
        if self._ascii:
            return self.line_starts[node.end_lineno - 1] + node.end_col_offset  # type: ignore[attr-defined,no-any-return]
        return self.offset(node.end_lineno, node.end_col_offset)  # type: ignore[attr-defined]

    def position(self, offset: int) -> tuple[int, int]:
        """1-based line and character column of a text offset."""
        low, high = 0, len(self.line_starts) - 1
        while low < high:
            mid = (low + high + 1) // 2
            if self.line_starts[mid] <= offset:
                low = mid
            else:
                high = mid - 1
        return low + 1, offset - self.line_starts[low] + 1

    def span(self, node: ast.AST) -> tuple[tuple[int, int], tuple[int, int]]:
        return self.position(self.start(node)), self.position(self.end(node))

    # text of nodes ---------------------------------------------------------------------------
    def segment(self, node: ast.AST) -> str:
        if self._ascii:  # `start` and `end` written out: the analysis asks for many segments
            starts = self.line_starts
            return self.text[
                starts[node.lineno - 1] + node.col_offset : starts[node.end_lineno - 1] + node.end_col_offset  # type: ignore[attr-defined]
            ]
        return self.text[self.start(node) : self.end(node)]

    def code(self, node: ast.AST) -> str:
        """Source text of a node with whitespace squeezed: for messages and comparisons."""
        return _SPACE.sub(" ", self.outer_segment(node)).strip()

    def key(self, expr: ast.AST) -> str:
        """A key naming the object an expression denotes: `optimizer`, `self.opt`, `opts["g"]`."""
        name = dotted(expr)
        if name is not None:
            return name
        return _SPACE.sub("", self.outer_segment(expr))

    def outer_span(self, node: ast.AST) -> tuple[int, int]:
        """The node's span including the parentheses that belong to it (`(loss / 4)`), not
        those of a call around it (`f(loss)`)."""
        start, end = self.start(node), self.end(node)
        while True:
            before = self._previous_char(start)
            after = self._next_char(end)
            if before is None or after is None or self.text[before] != "(" or self.text[after] != ")":
                return start, end
            if self._call_paren(before):
                return start, end
            start, end = before, after + 1

    def outer_segment(self, node: ast.AST) -> str:
        start, end = self.outer_span(node)
        return self.text[start:end]

    def parenthesized(self, node: ast.AST) -> bool:
        return self.outer_span(node)[0] != self.start(node)

    def _previous_char(self, offset: int) -> int | None:
        index = offset - 1
        text = self.text
        while index >= 0 and text[index] in " \t\f\r\n\\":
            index -= 1
        return index if index >= 0 else None

    def _next_char(self, offset: int) -> int | None:
        index = offset
        text = self.text
        size = len(text)
        while index < size:
            char = text[index]
            if char in " \t\f\r\n\\":
                index += 1
            elif char == "#":
                while index < size and text[index] not in "\r\n":
                    index += 1
            else:
                return index
        return None

    def _call_paren(self, offset: int) -> bool:
        """The `(` at `offset` opens a call's (or a class's) argument list, not a group."""
        before = offset - 1
        while before >= 0 and self.text[before] in " \t\f":
            before -= 1
        if before < 0:
            return False
        char = self.text[before]
        if char in ")]\"'":
            return True
        if not (char.isalnum() or char == "_"):
            return False
        word_start = before
        while word_start > 0 and (self.text[word_start - 1].isalnum() or self.text[word_start - 1] == "_"):
            word_start -= 1
        return self.text[word_start : before + 1] not in _KEYWORDS

    # statements and blocks ------------------------------------------------------------------
    def _index(self) -> dict[int, tuple[ast.AST, list[ast.stmt]]]:
        if self._parents is None:
            table: dict[int, tuple[ast.AST, list[ast.stmt]]] = {}
            stack: list[ast.AST] = [self.tree]
            while stack:
                owner = stack.pop()
                for block in blocks_of(owner):
                    for stmt in block:
                        table[id(stmt)] = (owner, block)
                        if stmt.__class__ in COMPOUND_KINDS:  # (as isinstance, without its cost)
                            stack.append(stmt)
            self._parents = table
        return self._parents

    def _place(self, stmt: ast.stmt) -> tuple[ast.AST, list[ast.stmt]] | None:
        """The statement's owner (the module or a compound statement) and the block holding
        it. A big file's are found by position, descending from the module (a fix asks for a
        few; the table of every statement's owner took 0.2 s on a 5 MB file)."""
        if self._parents is None and self.left_out is not None:
            return _placed(self.tree, stmt)
        return self._index().get(id(stmt))

    def block_of(self, stmt: ast.stmt) -> list[ast.stmt] | None:
        found = self._place(stmt)
        return found[1] if found else None

    def owner_of(self, stmt: ast.stmt) -> ast.AST | None:
        found = self._place(stmt)
        return found[0] if found else None

    def indentation(self, stmt: ast.stmt) -> str:
        """The whitespace that starts the statement's first line."""
        line = self.line_text(stmt.lineno)
        return line[: len(line) - len(line.lstrip(" \t\f"))]

    @property
    def nodes(self) -> list[ast.AST]:
        """Every node of the tree but the expression contexts and operators (`walk.ast_nodes`),
        in `ast.walk` order; walked once, then shared by the rules."""
        if self._nodes is None or self._nodes[0] is not self.tree:
            self._nodes = (self.tree, ast_nodes(self.tree))
        return self._nodes[1]

    def _statement_index(self) -> tuple[ast.AST, list[ast.stmt], dict[type, list[ast.AST]]]:
        if self._statements is None or self._statements[0] is not self.tree:
            walked = [self.tree]
            for node in walked:  # (the list grows as it is read: breadth first, as `ast.walk`)
                walked += child_statements(node)
            statements = [node for node in walked if isinstance(node, ast.stmt)]  # (not the module, the arms)
            by_type: dict[type, list[ast.AST]] = {}
            for node in statements:
                by_type.setdefault(node.__class__, []).append(node)
            self._statements = (self.tree, statements, by_type)
        return self._statements

    @property
    def statements(self) -> list[ast.stmt]:
        """Every statement of the tree, in `ast.walk` order: `[n for n in self.nodes if
        isinstance(n, ast.stmt)]`, found by walking only the statements and their `except`
        and `case` arms (`walk.child_statements`), not every node. The order is the same: no
        expression holds a statement, so leaving the expressions out of a breadth-first walk
        leaves the statements' depths and their order at each depth as they were."""
        return self._statement_index()[1]

    def of_type(self, kind: type) -> list[ast.AST]:
        """The tree's nodes of exactly this type, in `ast.walk` order. A statement class is
        answered from `statements` (the same nodes in the same order): most modules that ask
        for one never need the index of every node."""
        if issubclass(kind, ast.stmt):
            return self._statement_index()[2].get(kind, [])
        nodes = self.nodes
        assert self._nodes is not None
        by_type = self._by_type.get(id(self._nodes[0]))
        if by_type is None:
            by_type = {}
            for node in nodes:
                by_type.setdefault(node.__class__, []).append(node)
            self._by_type = {id(self._nodes[0]): by_type}
        return by_type.get(kind, [])

    def indent_unit(self) -> str:
        """One level of indentation as the file writes it (LibCST's rule: the first indented
        block's indentation), four spaces when the file has none."""
        if self._indent_unit is None:
            unit = "    "
            for node in self.nodes:
                if node.__class__ in COMPOUND_KINDS:  # (as isinstance, without its cost)
                    for block in blocks_of(node):
                        if block and self.starts_line(block[0]):
                            outer = self.indentation(node)  # type: ignore[arg-type]
                            inner = self.indentation(block[0])
                            if inner.startswith(outer) and len(inner) > len(outer):
                                unit = inner[len(outer) :]
                                break
                    else:
                        continue
                    break
            self._indent_unit = unit
        return self._indent_unit

    def block_unit(self, compound: ast.stmt) -> str:
        """One level of indentation as the block of `compound` writes it (its body's first
        statement's indentation past its own): a file whose first indented block is written
        with two spaces (`if not isdir(d):\n  makedirs(d)`) and its loops with four gets four
        under a loop; the file's unit when the body does not start a line of its own."""
        body = getattr(compound, "body", None)
        if body and isinstance(body, list) and self.starts_line(body[0]):
            outer, inner = self.indentation(compound), self.indentation(body[0])
            if inner.startswith(outer) and len(inner) > len(outer):
                return inner[len(outer) :]
        return self.indent_unit()

    def unit_at(self, stmt: ast.stmt) -> str:
        """One level of indentation for a block opened where `stmt` stands (`if <guard>:` put
        before or after it): how far the block holding `stmt` is indented past the header line
        that opens it, found in the text (a state machine's arms are read as other blocks, and
        a file's first block can be written with another step than its loops: a 2-space helper
        at the top, a 3-space class, tabs). At the module level, a compound statement's own
        block's step, else the file's."""
        inner = self.indentation(stmt)
        if not inner or not self.starts_line(stmt):
            return self.block_unit(stmt) if stmt.__class__ in COMPOUND_KINDS else self.indent_unit()
        line = stmt.lineno - 1
        while line >= 1:
            text = self.line_text(line)
            code = text.lstrip(" \t\f")
            if code and not code.startswith("#"):
                outer = text[: len(text) - len(code)]
                if len(outer) < len(inner):
                    # the header (or the first line of a header written over several lines);
                    # a string's line at the margin is not one (a docstring's text)
                    if inner.startswith(outer) and (code.rstrip().endswith(":") or line in self._statement_lines()):
                        return inner[len(outer) :]
                    break
            line -= 1
        return self.indent_unit()

    def _statement_lines(self) -> frozenset[int]:
        if self._starts is None or self._starts[0] is not self.tree:
            self._starts = (self.tree, frozenset(s.lineno for s in self.statements))
        return self._starts[1]

    def starts_line(self, stmt: ast.stmt) -> bool:
        """Nothing but whitespace before the statement on its first line: the text from the
        line's start to the statement's (the whole line is not cut out first; the walks ask
        this of the first statement of every block)."""
        return not self.text[self.line_starts[stmt.lineno - 1] : self.start(stmt)].strip(" \t\f")

    def inline_block(self, block: list[ast.stmt]) -> bool:
        """`for x in y: a(); b()`: the block sits on its header's line."""
        return bool(block) and not self.starts_line(block[0])

    def alone_on_lines(self, stmt: ast.stmt) -> bool:
        """The statement is the only one on its lines (no `a; b`), a comment may follow."""
        if not self.starts_line(stmt):
            return False
        rest = self.text[self.end(stmt) : self.line_end(stmt.end_lineno)]  # type: ignore[arg-type]
        return bool(_BLANK_OR_COMMENT.match(rest.rstrip("\r\n")))

    def last_line(self, stmt: ast.stmt) -> int:
        """The statement's last line, trailing comment lines its blocks own included."""
        end = stmt.end_lineno  # type: ignore[attr-defined]
        if stmt.__class__ not in COMPOUND_KINDS:
            return end
        own = len(self.indentation(stmt).expandtabs())
        last = end
        line = end + 1
        while line <= len(self.line_starts):
            text = self.line_text(line)
            stripped = text.strip(" \t\f")
            if not stripped:
                line += 1
                continue
            if stripped.startswith("#") and len(text[: len(text) - len(text.lstrip(" \t\f"))].expandtabs()) > own:
                last = line
                line += 1
                continue
            break
        return last

    def statement_end(self, stmt: ast.stmt) -> int:
        """Offset just past the statement's last line (with the comment lines its blocks own)."""
        return self.line_end(self.last_line(stmt))

    def leading_start(self, stmt: ast.stmt) -> int:
        """Offset of the first comment or blank line above the statement that belongs to it
        (LibCST's `leading_lines`): everything after the previous statement (and the comment
        lines its blocks own) or after the block's header. At the top of a module those lines
        are the module's header, not the statement's."""
        return self.line_starts[self.leading_line(stmt) - 1]

    def leading_line(self, stmt: ast.stmt) -> int:
        top = _top_line(stmt)
        block = self.block_of(stmt)
        if block is None:
            return top
        index = next(i for i, s in enumerate(block) if s is stmt)
        if index > 0:
            floor = self.last_line(block[index - 1]) + 1
        elif block is self.tree.body:
            return top
        else:
            floor = self._header_end_line(stmt) + 1
        # comment and blank lines only (in a reduced big file, code of statements left out of the
        # tree may sit between the previous statement and this one)
        line = top
        while line - 1 >= floor and _BLANK_OR_COMMENT.match(self.line_text(line - 1)):
            line -= 1
        return min(line, top)

    def _header_end_line(self, stmt: ast.stmt) -> int:
        """The line holding the `:` that opens the block whose first statement is `stmt`."""
        line = _top_line(stmt) - 1
        while line >= 1:
            text = self.line_text(line).strip(" \t\f")
            if text and not text.startswith("#"):
                return line
            line -= 1
        return 0

    def comment_lines_above(self, stmt: ast.stmt) -> list[int]:
        """Line numbers of the statement's leading lines (comments and blank lines above it)."""
        return list(range(self.leading_line(stmt), _top_line(stmt)))

    def attached_comment_lines(self, stmt: ast.stmt) -> list[int]:
        """The comment lines right above the statement, up to the first blank line: the ones that
        go with it when it is moved or removed. A comment a blank line away is about what stands
        above it (often code commented out) and stays where it is. So does a comment that says
        nothing of the statement when another statement follows it in its block: it was written
        for the code below, and the statement slipped in under it (`# Predict the noise
        residual` over `optimizer.zero_grad()` and the loss)."""
        above = self.comment_lines_above(stmt)
        first = len(above)
        while first > 0 and self.line_text(above[first - 1]).strip(" \t\f"):
            first -= 1
        attached = above[first:]
        if not attached or self._speaks_of(attached, stmt):
            return attached
        block = self.block_of(stmt)
        return attached if block is None or block[-1] is stmt else []

    def _speaks_of(self, comments: list[int], stmt: ast.stmt) -> bool:
        """Whether the comment lines name a word of the statement (`optimizer`, `zero`, `grad`
        of `optimizer.zero_grad()`) or of gradient handling."""
        said = " ".join(self.line_text(line) for line in comments).lower()
        if any(word in said for word in _GRADIENT_TALK):
            return True
        code = " ".join(self.line_text(line) for line in range(stmt.lineno, self.last_line(stmt) + 1)).lower()
        return any(len(word) > 2 and word in said for word in _WORD.findall(code))


BIG_FILE = 400_000  # characters: above this, a file is analysed as a reduced program
# a top-level statement whose text holds one of these (in any case) may matter to a rule
TRAINING_WORDS = (
    "backward", "grad", "step", "optim", "sched", "scal", "clip", "accum", "zero", "closure", "accelerat",
    "fabric", "deepspeed", "engine", "trainer", "lightning", "warmup", "lr", "loss", "train", "eval",
    "sampler", "softmax", "sigmoid", "autocast", "parameters", "import",
)  # fmt: skip
_IDENTIFIER = lazily(r"[A-Za-z_][A-Za-z0-9_]*")
_WORD = lazily(r"[a-z]+")  # the words of lower-cased code (`zero_grad`: `zero`, `grad`)
# a comment saying one of these is about gradient handling: it goes with a moved clear or step
_GRADIENT_TALK = (
    "grad", "zero", "clear", "reset", "clean", "flush", "step", "optim", "backward", "backprop", "accumul", "updat",
    "clip", "norm", "bound", "explod", "learning", "decay", "sched", "warmup", "anneal", "scal",
)  # fmt: skip


def _placed(tree: ast.Module, stmt: ast.stmt) -> tuple[ast.AST, list[ast.stmt]] | None:
    """`Source._index()`'s entry for `stmt`, found by its position: in each block, the last
    statement that starts at or before it either is it or holds it."""
    where = (stmt.lineno, stmt.col_offset)
    owner: ast.AST = tree
    for _ in range(1000):
        inside = None
        for block in blocks_of(owner):
            low, high = 0, len(block)
            while low < high:  # the first statement starting after `stmt`
                mid = (low + high) // 2
                if (block[mid].lineno, block[mid].col_offset) <= where:
                    low = mid + 1
                else:
                    high = mid
            if low == 0:
                continue
            found = block[low - 1]
            if found is stmt:
                return owner, block
            if (found.end_lineno, found.end_col_offset) >= (stmt.end_lineno, stmt.end_col_offset) and found.__class__ in COMPOUND_KINDS:  # type: ignore[attr-defined]
                inside = found
            elif low > 1 and block[low - 2].lineno == found.lineno and block[low - 2].col_offset == found.col_offset:
                # statements sharing a start: a `@dataclass`'s generated `__init__` (see
                # dataclass_inits.py), all of whose statements start where the class ends
                for earlier in block[: low - 1]:
                    if earlier is stmt:
                        return owner, block
        if inside is None:
            inside = _holding(owner, stmt)
            if inside is stmt:
                return owner, _block_holding(owner, stmt)  # type: ignore[return-value]
            if inside is None:
                return None
        owner = inside
    return None


def _holding(owner: ast.AST, stmt: ast.stmt) -> ast.AST | None:
    """`stmt` itself, or the compound statement of `owner`'s blocks whose span holds it, read
    statement by statement: a block a state machine's reading made (`phase_loops`) may hold
    a statement after its batch loop that starts inside the loop's span (the `break` of
    `except StopIteration:`), where the search by position stops short."""
    for block in blocks_of(owner):
        for candidate in block:
            if candidate is stmt:
                return stmt
    for block in blocks_of(owner):
        for candidate in block:
            if (
                candidate.__class__ in COMPOUND_KINDS
                and (candidate.lineno, candidate.col_offset) <= (stmt.lineno, stmt.col_offset)
                and (candidate.end_lineno, candidate.end_col_offset) >= (stmt.end_lineno, stmt.end_col_offset)  # type: ignore[attr-defined]
            ):  # fmt: skip
                return candidate
    return None


def _block_holding(owner: ast.AST, stmt: ast.stmt) -> list[ast.stmt] | None:
    """The block of `owner` that holds `stmt` itself."""
    return next((block for block in blocks_of(owner) if any(s is stmt for s in block)), None)


def _first_line(statement: ast.stmt) -> int:
    """Where a statement starts, its decorators included."""
    decorators = getattr(statement, "decorator_list", None)
    return min(d.lineno for d in decorators) if decorators else statement.lineno


def _left_out(source: Source, tree: ast.Module) -> list[tuple[int, int]]:
    """Line ranges of top-level statements that cannot matter to any rule: no training word in
    them, and they bind no name that a statement that matters uses (to a fixed point)."""
    body = tree.body
    firsts = [_first_line(s) for s in body]
    lasts = [s.end_lineno for s in body]  # type: ignore[attr-defined]
    imports = (ast.Import, ast.ImportFrom)
    keep = [type(s) in imports for s in body]
    lower = source.text.lower()
    for index in range(len(body)):
        if not keep[index]:
            segment = lower[source.line_starts[firsts[index] - 1] : source.line_end(lasts[index])]
            keep[index] = any(word in segment for word in TRAINING_WORDS)
    used: set[str] = set()
    # a statement that binds no name is kept only for its own words: with none that binds a
    # name left out, the names the kept statements use need not be read (a 5 MB file whose
    # statements all hold a training word: 0.2-0.4 s)
    binds = {i: names for i, s in enumerate(body) if not keep[i] and (names := _binds(s))}
    pending = [i for i, k in enumerate(keep) if k] if binds else []
    while pending:
        for index in pending:
            start = source.line_starts[firsts[index] - 1]
            used.update(_IDENTIFIER.findall(source.text, start, source.line_end(lasts[index])))
        pending = [i for i, names in binds.items() if not keep[i] and not names.isdisjoint(used)]
        for index in pending:
            keep[index] = True
    # a line holding a statement that matters is kept whole (`a = 1; opt.step()`)
    kept_lines = {line for i, k in enumerate(keep) if k for line in (firsts[i], lasts[i])}
    ranges: list[tuple[int, int]] = []
    for index, statement in enumerate(body):
        if keep[index] or firsts[index] in kept_lines or lasts[index] in kept_lines:
            continue
        if ranges and ranges[-1][1] + 1 >= firsts[index]:
            ranges[-1] = (ranges[-1][0], lasts[index])
        else:
            ranges.append((firsts[index], lasts[index]))
    return ranges


def _binds(statement: ast.stmt) -> set[str]:
    kind = type(statement)
    if kind is ast.Assign and len(statement.targets) == 1 and type(statement.targets[0]) is ast.Name:  # type: ignore[attr-defined]
        return {statement.targets[0].id}  # type: ignore[attr-defined]
    if kind is ast.Expr:
        return set()
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {statement.name}
    targets: list[ast.AST] = []
    if isinstance(statement, ast.Assign):
        targets = list(statement.targets)
    elif isinstance(statement, (ast.AugAssign, ast.AnnAssign)):
        targets = [statement.target]
    elif isinstance(statement, (ast.For, ast.AsyncFor)):
        targets = [statement.target]
    elif isinstance(statement, (ast.With, ast.AsyncWith)):
        targets = [item.optional_vars for item in statement.items if item.optional_vars is not None]
    elif not isinstance(statement, ast.Expr):
        return {name.id for name in ast_walk(statement) if isinstance(name, ast.Name)}  # if/try/...: whatever it names
    names: set[str] = set()
    for target in targets:
        for node in ast_walk(target):
            if isinstance(node, ast.Name):
                names.add(node.id)
    return names


def shifted(left_out: list[tuple[int, int]], old: Source, ops: list[tuple[int, int, str]]) -> list[tuple[int, int]]:
    """The left-out line ranges after text edits (none of which touches them)."""
    changes = sorted(
        (old.position(start)[0], text.count("\n") + text.count("\r") - text.count("\r\n")
         - old.text.count("\n", start, end) - old.text.count("\r", start, end) + old.text.count("\r\n", start, end))
        for start, end, text in ops
    )  # fmt: skip
    out = []
    for first, last in left_out:
        delta = sum(d for line, d in changes if line <= first)
        out.append((first + delta, last + delta))
    return out


def dotted(expr: ast.AST) -> str | None:
    """`torch.optim.Adam` for a Name/Attribute chain, else None."""
    kind = expr.__class__  # (the analysis asks this of about every node: no `isinstance` call)
    if kind is _NAME:
        return expr.id  # type: ignore[attr-defined]  # most of the calls: no list to join
    if kind is not _ATTRIBUTE:
        return None
    value = expr.value  # type: ignore[attr-defined]
    if value.__class__ is _NAME:
        return value.id + "." + expr.attr  # type: ignore[attr-defined]  # `self.opt`, `opt.step`: no list to join
    parts: list[str] = []
    while kind is _ATTRIBUTE:
        parts.append(expr.attr)  # type: ignore[attr-defined]
        expr = expr.value  # type: ignore[attr-defined]
        kind = expr.__class__
    if kind is _NAME:
        parts.append(expr.id)  # type: ignore[attr-defined]
        return ".".join(reversed(parts))
    return None


_NAME, _ATTRIBUTE = ast.Name, ast.Attribute


_BODY_ONLY = (ast.Module, *FUNCTIONS, ast.ClassDef, *WITHS)
_BODY_AND_ELSE = (*LOOPS, ast.If)


def blocks_of(node: ast.AST) -> list[list[ast.stmt]] | tuple[()]:
    """The statement lists a module or compound statement holds, in source order (none for a
    simple statement). A list, not a generator, and the node's shape looked up by its class
    once: the analysis asks this of about every statement it walks, most of them simple."""
    shape = _SHAPES.get(node.__class__)
    if shape is None:
        shape = _shape(node.__class__)
    if shape == _SIMPLE:
        return ()
    if shape == _BODY:
        return [node.body]  # type: ignore[attr-defined]
    if shape == _ELSE:
        return [node.body, node.orelse] if node.orelse else [node.body]  # type: ignore[attr-defined]
    if shape == _TRY:
        blocks = [node.body]  # type: ignore[attr-defined]
        blocks += [handler.body for handler in node.handlers]  # type: ignore[attr-defined]
        if node.orelse:  # type: ignore[attr-defined]
            blocks.append(node.orelse)  # type: ignore[attr-defined]
        if node.finalbody:  # type: ignore[attr-defined]
            blocks.append(node.finalbody)  # type: ignore[attr-defined]
        return blocks
    return [case.body for case in node.cases]  # type: ignore[attr-defined]


_SIMPLE, _BODY, _ELSE, _TRY, _CASES = range(5)
_SHAPES: dict[type, int] = {}  # a node class -> which blocks its nodes hold


def _shape(kind: type) -> int:
    if issubclass(kind, _BODY_ONLY):
        shape = _BODY
    elif issubclass(kind, _BODY_AND_ELSE):
        shape = _ELSE
    elif issubclass(kind, TRIES):
        shape = _TRY
    elif issubclass(kind, MATCH):
        shape = _CASES
    else:
        shape = _SIMPLE
    _SHAPES[kind] = shape
    return shape


# A big text is parsed in pieces of about this many characters (see `parse_in_pieces`).
# 128 KB: a fix of the 5 MB worst case takes 192,000 page faults (345,000 parsed whole); from
# 256 KB up the parser's buffers outgrow what the allocator reuses (302,000; 512 KB: 373,000);
# smaller pieces pay more for the padding that puts them on their lines (128 KB: +9% of the
# parse's instructions, 512 KB: +3.7%)
PIECE = 128 * 1024
# Lines a piece never starts at: they continue the statement above them.
_CONTINUATIONS = ("else", "elif", "except", "finally")


def parse_in_pieces(text: str) -> ast.Module:
    """`parse(text)` for a big text: the same tree (the same nodes, positions and errors),
    parsed in pieces of about `PIECE` characters, each cut just before a line that starts at
    column 0 with a name. Python's parser keeps every token of the text it parses and all of
    its own nodes until it converts them: for a 5 MB file, about 390 MB beside the tree, and
    0.8 s of system time (page faults) in a parse of 2.5-3.5 s; in pieces, that memory is
    reused.

    Each piece is parsed after padding (one string spanning the lines above it, dropped
    again) that gives its nodes their line numbers in the whole text. Why the pieces make the
    same tree: a piece that parses on its own ends outside any string, bracket or
    continuation line (else it would not parse), so the next piece starts at a top-level
    statement of the whole text as well -- unless that line continues the one above
    (`else:`, `except:`: never a cut, and they do not parse on their own either) or follows a
    decorator (never a cut). Python's tokens and grammar then read the pieces as they read the
    whole. A piece that does not parse (a cut inside a string or brackets after all, or a
    syntax error) ends the pieces: the rest of the text is parsed at once, and if that fails
    too, the whole text, whose tree or error is then the answer."""
    if len(text) < 2 * PIECE or "\r" in text or "barry_as_FLUFL" in text:  # (a future import that changes the grammar)
        return parse(text)
    body: list[ast.stmt] = []
    start, line = 0, 1  # the next piece: its offset and first line
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        while start < len(text):
            cut = _cut(text, start + PIECE)
            if cut >= len(text) or len(text) - cut < PIECE // 2:
                cut = len(text)  # the rest, as one piece
            try:
                tree = ast.parse(_padding(line) + text[start:cut])
            except Exception:  # noqa: BLE001 -- any failure: the rest at once, then the whole
                if start == 0 or cut == len(text):
                    return parse(text)
                cut = len(text)
                try:
                    tree = ast.parse(_padding(line) + text[start:])
                except Exception:  # noqa: BLE001
                    return parse(text)
            body += tree.body[1:] if line > 2 else tree.body
            line += text.count("\n", start, cut)
            start = cut
    return ast.Module(body=body, type_ignores=[])


def _padding(line: int) -> str:
    """Text that puts what follows it on line `line`: one string over the lines above it
    (its statement is dropped after the parse), which Python's tokenizer reads twice as fast
    as blank lines."""
    if line <= 2:
        return "\n" * (line - 1)
    return '"""' + "\n" * (line - 2) + '"""\n'


def _cut(text: str, offset: int) -> int:
    """The start of the first line at or after `offset` where a piece may start (see
    `parse_in_pieces`), or the end of the text."""
    at = text.find("\n", offset - 1) + 1 if offset > 0 else 0
    for _ in range(10_000):
        if at <= 0 or at >= len(text):
            return len(text)
        first = text[at]
        if (first.isalpha() and first.isascii() or first == "_") and not text.startswith(_CONTINUATIONS, at):
            previous = _line_above(text, at)
            if not previous.startswith("@") and not previous.endswith("\\"):
                return at
        at = text.find("\n", at) + 1
    return len(text)


def _line_above(text: str, at: int) -> str:
    """The nearest line above the line starting at `at` that is not blank or a comment (a
    decorator may stand over comments), or "" when there is none."""
    end = at - 1  # the newline that ends the line above
    for _ in range(100):
        if end < 0:
            return ""
        start = text.rfind("\n", 0, end) + 1
        line = text[start:end]
        if not _BLANK_OR_COMMENT.match(line):  # the same blank and comment lines as `Source`'s
            return line
        end = start - 1
    return "@"  # a hundred blank or comment lines: as if a decorator were above


def parse(text: str) -> ast.Module:
    """`ast.parse`, with SyntaxError and friends turned into one-line `SourceError`s."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return ast.parse(text)
        except SyntaxError as error:
            message = " ".join(str(error.msg or "syntax error").split())
            if any(word in message for word in ("too many nested", "too many levels", "too complex")):
                raise SourceError("too deeply nested for gradfix to read", error.lineno or 1, error.offset or 1) from None
            if "f-string" in message and sys.version_info < (3, 12):
                # an f-string that reuses its quotes or spans lines is valid from Python 3.12 on
                message += f" (read as Python {sys.version_info[0]}.{sys.version_info[1]}; this f-string may need 3.12)"
            raise SourceError(f"cannot parse: {message}", error.lineno or 1, error.offset or 1) from None
        except (RecursionError, MemoryError):
            raise SourceError("too deeply nested for gradfix to read") from None
        except ValueError as error:  # null bytes
            raise SourceError(f"cannot parse: {error}") from None
