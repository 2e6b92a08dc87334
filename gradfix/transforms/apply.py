"""The one edit applier every rule's fix goes through.

Edits point at `ast` nodes of the source the model was built from; each becomes a plain text
operation (insert at an offset, replace a range) on that source's text, so whatever no edit
touches keeps its bytes. Statements are inserted with the indentation of the block they go
into and the file's own line ending; removed statements take their lines with them.

Where edits meet at one offset the order is the one a tree rewrite would give: what ends a
block comes before what follows the block, and what starts a block before its first
statement.
"""

from __future__ import annotations

from gradfix import syntax as ast

from gradfix.records import dataclass
from gradfix.source import FUNCTIONS, Source
from gradfix.transforms.base import (
    Edit,
    Fix,
    InsertStatements,
    Lines,
    RemoveStatement,
    ReplaceNode,
)
from gradfix.walk import ast_walk

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterable, Sequence


@dataclass(frozen=True)
class _Op:
    start: int
    end: int
    text: str
    order: tuple  # type: ignore[type-arg]


def select_compatible(fixes: Iterable[Fix]) -> list[Fix]:
    """Fixes that can be applied together in one pass; the rest wait for the next pass."""
    taken: set[int] = set()
    chosen: list[Fix] = []
    fixes = list(fixes)
    if any(fix.alone for fix in fixes):
        fixes = [fix for fix in fixes if fix.alone]
    if any(fix.copies for fix in fixes):
        edited: dict[int, list[Fix]] = {}  # statement -> the fixes that edit it or insert beside it
        for fix in fixes:
            anchors = {id(e.anchor) for e in fix.edits if isinstance(e, InsertStatements) and e.where in ("before", "after")}
            for key in fix.conflict_keys() | anchors:
                edited.setdefault(key, []).append(fix)
        # (a statement nested in a copied one counts: GF013's `unscale_` inserted beside a clip
        # under `if cfg.clip:` in the window that GF006's flush copies whole)
        fixes = [
            fix for fix in fixes
            if not any(other is not fix for stmt in fix.copies for node in ast_walk(stmt) for other in edited.get(id(node), ()))
        ]  # fmt: skip
    for fix in fixes:
        keys = fix.conflict_keys()
        if keys & taken:
            continue
        taken |= keys
        chosen.append(fix)
    return chosen


def apply_fixes(source: Source, fixes: Sequence[Fix], applied: list | None = None) -> str:  # type: ignore[type-arg]
    """The source text with every fix applied (a fix whose text ranges overlap an earlier
    one's waits for the next pass). `applied` receives the text operations, (start, end, text)."""
    accepted: list[_Op] = []
    sequence = 0
    for fix in fixes:
        ops = []
        for edit in fix.edits:
            for op in _ops(source, edit, sequence):
                ops.append(op)
                sequence += 1
        ops += _empty_blocks(source, fix.edits, ops, sequence)
        sequence += len(ops)
        if any(_overlap(op, other) for op in ops for other in accepted):
            continue
        accepted += ops
    if applied is not None:
        applied.extend((op.start, op.end, op.text) for op in accepted)
    return _render(source.text, accepted)


def own_edits(source: Source, fix: Fix) -> bool:
    """Every edit of `fix` points at nodes of `source`'s own tree: a node of another module
    (a helper's statement met through the project index) has offsets of that file, and an
    edit built from it would cut this file's text at the wrong place."""
    for edit in fix.edits:
        if isinstance(edit, ReplaceNode):
            if source.block_of(edit.statement) is None and edit.statement is not source.tree:  # type: ignore[arg-type]
                return False
            if edit.node is not edit.statement and not any(node is edit.node for node in ast_walk(edit.statement)):
                # (`statement` is the one two fixes conflict on, which need not hold the node:
                # a division in a step helper, keyed by the loop's call of it)
                if not any(node is edit.node for node in source.nodes):
                    return False
        elif isinstance(edit, RemoveStatement):
            if source.block_of(edit.statement) is None:
                return False
        elif isinstance(edit.anchor, list):
            if not edit.anchor or source.block_of(edit.anchor[0]) is not edit.anchor:
                return False
        elif source.block_of(edit.anchor) is None:
            return False
    return True


def fix_ranges(source: Source, fix: Fix) -> list[tuple[int, int, str]]:
    """The text operations `fix` makes on `source`: (start, end, new text), start == end for
    an insertion. For front ends that must keep some text untouched (notebook cells)."""
    ops = [op for edit in fix.edits for op in _ops(source, edit, 0)]
    ops += _empty_blocks(source, fix.edits, ops, 0)
    return [(op.start, op.end, op.text) for op in ops]


def _overlap(a: _Op, b: _Op) -> bool:
    """Two text operations that cannot both apply: ranges that intersect, or an insertion
    strictly inside a replaced range."""
    if a.start == a.end and b.start == b.end:
        return False
    if a.start == a.end:
        return b.start < a.start < b.end
    if b.start == b.end:
        return a.start < b.start < a.end
    return a.start < b.end and b.start < a.end


def _render(text: str, ops: list[_Op]) -> str:
    ops = sorted(ops, key=lambda op: (op.start, op.start != op.end, op.order))
    pieces: list[str] = []
    position = 0
    for op in ops:
        if op.start < position:
            continue  # swallowed by an earlier removal (an insertion point inside it)
        pieces.append(text[position : op.start])
        pieces.append(op.text)
        position = op.end
    pieces.append(text[position:])
    return "".join(pieces)


def _depth(source: Source, stmt: ast.stmt) -> int:
    depth = 0
    owner = source.owner_of(stmt)
    while isinstance(owner, ast.stmt):
        depth += 1
        owner = source.owner_of(owner)
    return depth


def _ops(source: Source, edit: Edit, sequence: int) -> list[_Op]:
    if isinstance(edit, ReplaceNode):
        start, end = edit.span if edit.span is not None else source.outer_span(edit.node)
        return [_Op(start, end, edit.new, (0, 0, sequence))]
    if isinstance(edit, RemoveStatement):
        return _removal(source, edit)
    assert isinstance(edit, InsertStatements)
    if edit.where in ("start", "end"):
        block = edit.anchor
        assert isinstance(block, list) and block
        stmt = block[0] if edit.where == "start" else block[-1]
        if edit.where == "start" and isinstance(stmt, (ast.Global, ast.Nonlocal)):
            # after the block's `global` / `nonlocal` declarations: a name they declare may not
            # be used before them (`global optimizer` heading a step function)
            stmt = next((s for s in block if not isinstance(s, (ast.Global, ast.Nonlocal))), stmt)
    else:
        stmt = edit.anchor  # type: ignore[assignment]
    indent = source.indentation(stmt)
    depth = _depth(source, stmt)
    if edit.where in ("start", "before"):
        offset = source.leading_start(stmt)
        if edit.where == "before" and offset != source.line_starts[stmt.lineno - 1]:
            offset = _after_a_definition(source, stmt, offset)
        order = (1, depth, sequence)
    else:
        offset = source.statement_end(stmt)
        order = (0, -depth, sequence)
    return [_Op(offset, offset, _text(source, edit.lines, indent, offset), order)]


def _after_a_definition(source: Source, stmt: ast.stmt, offset: int) -> int:
    """Statements inserted before `stmt` right after a function or class definition, with only
    blank lines between them: at `stmt`'s own line, so that the blank lines stay after the
    definition (`def on_batch(...): ...`, blank, the moved `opt = SGD(...)`, the loop)."""
    block = source.block_of(stmt)
    index = next((i for i, s in enumerate(block) if s is stmt), 0) if block else 0
    if not index or not isinstance(block[index - 1], (*FUNCTIONS, ast.ClassDef)) or stmt.__class__ in (*FUNCTIONS, ast.ClassDef):  # type: ignore[index]
        return offset
    top = stmt.lineno
    if any(not _blank(source, line) for line in range(source.leading_line(stmt), top)):
        return offset  # a comment above the statement belongs to it: insert above the comment
    return source.line_starts[top - 1]


def _text(source: Source, lines: Lines, indent: str, offset: int) -> str:
    newline = source.newline
    body = "".join((indent if shift else "") + text + newline for text, shift in lines)
    if offset == len(source.text) and source.text and not source.text.endswith(("\n", "\r")):
        return newline + body[: -len(newline)]  # the file ends without a newline: keep it so
    return body


def _removal(source: Source, edit: RemoveStatement) -> list[_Op]:
    stmt = edit.statement
    start = source.line_starts[stmt.lineno - 1]
    end = source.statement_end(stmt)
    if end == len(source.text) and not source.text.endswith(("\n", "\r")) and start > 0:
        # the last line of a file without a final newline: take the newline before it
        start = start - len(source.newline) if source.text[start - 2 : start] == "\r\n" else start - 1
    ops = [_Op(start, end, "", (2, 0, 0))]
    first = stmt.lineno
    if not edit.keep_comments:
        for line in source.attached_comment_lines(stmt):
            ops.append(_Op(source.line_starts[line - 1], source.line_end(line), "", (2, 0, 0)))
            first = min(first, line)
    blank = _blank_line_left(source, stmt, first)
    if blank is not None:
        ops.append(_Op(source.line_starts[blank - 1], source.line_end(blank), "", (2, 0, 0)))
    return ops


def _blank(source: Source, line: int) -> bool:
    return 1 <= line <= len(source.line_starts) and not source.line_text(line).strip(" \t\f")


def _blank_line_left(source: Source, stmt: ast.stmt, first: int) -> int | None:
    """The blank line after a removed statement (its lines from `first`) that would be left
    beside another blank line, or open its block: it goes with the statement."""
    after = source.last_line(stmt) + 1
    if not _blank(source, after) or not source.text.endswith(("\n", "\r")):
        return None
    if _blank(source, first - 1):
        return after  # a blank line above stays: one between the statements left
    block = source.block_of(stmt)
    if block is None or block is source.tree.body or len(block) < 2 or block[0] is not stmt:
        return None
    above = source.line_text(first - 1).strip(" \t\f") if first > 1 else ""
    return None if above.startswith("#") else after  # right under the block's header


def _empty_blocks(source: Source, edits: Sequence[Edit], ops: list[_Op], sequence: int) -> list[_Op]:
    """A block whose every statement is removed and that receives nothing gets a `pass`."""
    removed = {id(e.statement) for e in edits if isinstance(e, RemoveStatement)}
    if not removed:
        return []
    out: list[_Op] = []
    seen: set[int] = set()
    for edit in edits:
        if not isinstance(edit, RemoveStatement):
            continue
        block = source.block_of(edit.statement)
        if block is None or id(block) in seen:
            continue
        seen.add(id(block))
        if block is source.tree.body or not all(id(s) in removed for s in block):
            continue
        if any(_inserts_into(e, block) for e in edits):
            continue
        first = block[0]
        offset = source.line_starts[first.lineno - 1]
        out.append(_Op(offset, offset, source.indentation(first) + "pass" + source.newline, (1, 0, sequence)))
    return out


def _inserts_into(edit: Edit, block: list) -> bool:  # type: ignore[type-arg]
    if not isinstance(edit, InsertStatements):
        return False
    if isinstance(edit.anchor, list):
        return edit.anchor is block
    return any(s is edit.anchor for s in block)


def statement_lines(source: Source, stmt: ast.stmt, comments: bool = True) -> Lines:
    """A statement's lines (and, with `comments`, the comment lines right above it, up to the
    first blank line), relative to its own indentation: what a moved or copied statement looks
    like in its new block."""
    indent = source.indentation(stmt)
    first = stmt.lineno
    if comments:
        above = source.attached_comment_lines(stmt)
        if above:
            first = above[0]
    verbatim = _string_lines(stmt)
    out: list[tuple[str, bool]] = []
    for line in range(first, source.last_line(stmt) + 1):
        text = source.line_text(line)
        if line in verbatim or not text.startswith(indent):
            out.append((text, False))
        else:
            out.append((text[len(indent) :], True))
    return tuple(out)


def _string_lines(stmt: ast.stmt) -> set[int]:
    """Lines that start inside a multi-line string literal of the statement."""
    lines: set[int] = set()
    for node in ast_walk(stmt):
        if isinstance(node, (ast.Constant, ast.JoinedStr)) and node.end_lineno != node.lineno:  # type: ignore[attr-defined]
            if isinstance(node, ast.JoinedStr) or isinstance(node.value, (str, bytes)):
                lines.update(range(node.lineno + 1, node.end_lineno + 1))  # type: ignore[operator]
    return lines


def indented(lines: Lines, unit: str) -> Lines:
    """The same lines one block deeper."""
    return tuple(((unit + text) if shift and text else text, shift) for text, shift in lines)



