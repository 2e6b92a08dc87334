"""Helpers for rules that move a statement within one iteration (GF010, GF012, GF013).

A *unit* is the statement, in a given block, that holds an event: the event's own simple
statement when it sits in that block, else the compound statement (`if`, inner loop,
helper call...) around it. Moving a unit is only offered when it holds no other gradient
event and no name it reads or writes is touched by the statements it jumps over.
"""

from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.model import EventKind, GradEvent, Loop, TrainingLoop
from gradfix.records import dataclass
from gradfix.source import FOR_LOOPS, FUNCTIONS, LOOPS, Source, blocks_of
from gradfix.walk import ast_walk, child_nodes


@dataclass(frozen=True)
class Siblings:
    """Two events' units that sit in the same block, and that block."""

    block: list[ast.stmt]
    first: ast.stmt
    second: ast.stmt
    first_index: int
    second_index: int


def _below_with_blocks(event: GradEvent, loop: Loop) -> tuple[tuple[ast.stmt, ...], tuple[list[ast.stmt], ...]]:
    for index, stmt in enumerate(event.path):
        if stmt is loop:
            return event.path[index + 1 :], event.blocks[index + 1 :]
    return (), ()


def siblings(a: GradEvent, b: GradEvent, loop: Loop) -> Siblings | None:
    """The units of `a` and `b` in the deepest block holding both (distinct units only)."""
    path_a, blocks_a = _below_with_blocks(a, loop)
    path_b, blocks_b = _below_with_blocks(b, loop)
    for depth in range(min(len(path_a), len(path_b))):
        if blocks_a[depth] is not blocks_b[depth]:
            return None
        if path_a[depth] is not path_b[depth]:
            body = blocks_a[depth]
            try:
                first_index = next(i for i, s in enumerate(body) if s is path_a[depth])
                second_index = next(i for i, s in enumerate(body) if s is path_b[depth])
            except StopIteration:
                return None
            return Siblings(body, path_a[depth], path_b[depth], first_index, second_index)
    return None


def unit_holds_only(unit: ast.stmt, event: GradEvent, loop: TrainingLoop, source: Source, reads: bool = False) -> bool:
    """`unit` holds `event` and no other gradient event of the loop (with `reads`, but reads of
    `.grad`: a clip written by hand reads what it clips), sits alone on its lines, and cannot
    jump."""
    for other in loop.events:
        if other is event or (reads and other.kind is EventKind.GRAD_READ):
            continue
        if any(stmt is unit for stmt in other.path):
            return False
    block = source.block_of(unit)
    if block is None or source.inline_block(block) or not source.alone_on_lines(unit):
        return False
    return not _has_jump(unit)


def skipped_by_jump(event: GradEvent, loop: ast.AST) -> bool:
    """A statement before the event, in its blocks inside the loop, may leave the iteration
    first (`if not need_update: continue`, a step function's `if (i + 1) % n: return loss`):
    the event does not run on every iteration, whatever tests it sits under."""
    for level, stmt in enumerate(event.path):
        block = event.blocks[level] if level < len(event.blocks) else None
        if block is None:
            continue
        for earlier in block:
            if earlier is stmt:
                break
            if _has_jump(earlier):
                return True
    return False


def _has_jump(unit: ast.stmt) -> bool:
    """`break`/`continue`/`return` that would leave the unit (those of nested loops stay)."""
    stack: list[ast.AST] = [unit]
    while stack:
        node = stack.pop()
        if isinstance(node, FUNCTIONS):
            continue
        if isinstance(node, LOOPS):
            # break/continue inside a nested loop stay there; return and raise do not
            if _contains(node, (ast.Return, ast.Raise)):
                return True
            continue
        if isinstance(node, (ast.Break, ast.Continue, ast.Return)):
            return True
        stack.extend(child_nodes(node))
    return False


def _contains(node: ast.AST, kinds: tuple[type, ...]) -> bool:
    stack = list(child_nodes(node))
    while stack:
        current = stack.pop()
        if isinstance(current, kinds):
            return True
        if isinstance(current, (*FUNCTIONS, ast.Lambda)):
            continue
        stack.extend(child_nodes(current))
    return False


def names_of(node: ast.AST) -> tuple[set[str], set[str]]:
    """Root names a statement reads and binds (assignment targets, for/with targets)."""
    read: set[str] = set()
    written: set[str] = set()

    def targets(target: ast.AST) -> None:
        node_ = target
        while isinstance(node_, (ast.Attribute, ast.Subscript)):
            node_ = node_.value
        if isinstance(node_, ast.Name):
            written.add(node_.id)
        elif isinstance(node_, (ast.Tuple, ast.List)):
            for element in node_.elts:
                targets(element)
        elif isinstance(node_, ast.Starred):
            targets(node_.value)

    for sub in ast_walk(node):
        if isinstance(sub, ast.Name):
            read.add(sub.id)
        elif isinstance(sub, ast.Assign):
            for target in sub.targets:
                targets(target)
        elif isinstance(sub, (ast.AugAssign, ast.AnnAssign)):
            targets(sub.target)
        elif isinstance(sub, FOR_LOOPS):
            targets(sub.target)
        elif isinstance(sub, ast.withitem) and sub.optional_vars is not None:
            targets(sub.optional_vars)
        elif isinstance(sub, ast.NamedExpr):
            targets(sub.target)
        elif isinstance(sub, ast.ExceptHandler) and sub.name:
            written.add(sub.name)
    return read, written


def can_jump_over(unit: ast.stmt, others: list[ast.stmt]) -> bool:
    """Moving `unit` across `others` keeps every value each of them sees, and how often it
    runs: none of them may leave the iteration (`if not torch.isfinite(loss): continue`, a
    WGAN's `if i % n_critic: continue`)."""
    read, written = names_of(unit)
    for other in others:
        if _has_jump(other):
            return False
        other_read, other_written = names_of(other)
        if other_written & (read | written) or written & other_read:
            return False
    return True


def statements_between(block: list[ast.stmt], start: int, stop: int) -> list[ast.stmt]:
    return block[start + 1 : stop]


@dataclass(frozen=True)
class Site:
    """Where a call sits in its own function: its statement, and whether a loop of that
    function repeats it."""

    statement: ast.stmt
    in_loop: bool
    function: ast.AST | None


def site_of(source: Source, node: ast.AST, stop: ast.AST | None = None) -> Site | None:
    """The statement holding `node`; `in_loop` counts loops up to `stop` (excluded) or up to
    the enclosing function."""
    statement = statement_containing(source, node)
    if statement is None:
        return None
    in_loop = False
    current = source.owner_of(statement)
    while current is not None and current is not stop:
        if isinstance(current, FUNCTIONS):
            return Site(statement, in_loop, current)
        if isinstance(current, LOOPS):
            in_loop = True
        if not isinstance(current, ast.stmt):
            break
        current = source.owner_of(current)
    return Site(statement, in_loop, None)


def statement_containing(source: Source, node: ast.AST) -> ast.stmt | None:
    """The innermost simple statement (or compound header) whose text holds `node`."""
    where = (node.lineno, node.col_offset)  # type: ignore[attr-defined]
    until = (node.end_lineno, node.end_col_offset)  # type: ignore[attr-defined]
    block: list[ast.stmt] = source.tree.body
    found: ast.stmt | None = None
    while True:
        inner = None
        for stmt in block:
            if (stmt.lineno, stmt.col_offset) <= where and until <= (stmt.end_lineno, stmt.end_col_offset):  # type: ignore[operator]
                inner = stmt
                break
        if inner is None:
            return found
        found = inner
        nested = [b for b in blocks_of(inner)]
        block = [s for b in nested for s in b]
        if not block:
            return found
