"""Helpers for rules that move a statement within one iteration (GF010, GF012, GF013).

A *unit* is the statement, in a given block, that holds an event: the event's own simple
statement when it sits in that block, else the compound statement (`if`, inner loop,
helper call...) around it. Moving a unit is only offered when it holds no other gradient
event and no name it reads or writes is touched by the statements it jumps over.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from gradfix.analysis.model import GradEvent, Loop, TrainingLoop
from gradfix.analysis.walk import fast_visit


@dataclass(frozen=True)
class Siblings:
    """Two events' units that sit in the same block, and that block."""

    block: cst.BaseSuite
    first: cst.BaseStatement
    second: cst.BaseStatement
    first_index: int
    second_index: int


def _below_with_blocks(event: GradEvent, loop: Loop) -> tuple[tuple[cst.BaseStatement, ...], tuple[cst.BaseSuite, ...]]:
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
            block = blocks_a[depth]
            body = list(getattr(block, "body", ()))
            try:
                first_index = next(i for i, s in enumerate(body) if s is path_a[depth])
                second_index = next(i for i, s in enumerate(body) if s is path_b[depth])
            except StopIteration:
                return None
            return Siblings(block, path_a[depth], path_b[depth], first_index, second_index)
    return None


def unit_holds_only(unit: cst.BaseStatement, event: GradEvent, loop: TrainingLoop) -> bool:
    """`unit` holds `event` and no other gradient event of the loop, and cannot jump."""
    for other in loop.events:
        if other is event:
            continue
        if any(stmt is unit for stmt in other.path):
            return False
    return not _has_jump(unit)


class _Jumps(cst.CSTVisitor):
    def __init__(self) -> None:
        self.found = False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_For(self, node: cst.For) -> bool:
        # break/continue inside a nested loop stay there; return does not
        self.found = self.found or _contains(node, (cst.Return, cst.Raise))
        return False

    def visit_While(self, node: cst.While) -> bool:
        self.found = self.found or _contains(node, (cst.Return, cst.Raise))
        return False

    def visit_Break(self, node: cst.Break) -> None:
        self.found = True

    def visit_Continue(self, node: cst.Continue) -> None:
        self.found = True

    def visit_Return(self, node: cst.Return) -> None:
        self.found = True


def _contains(node: cst.CSTNode, kinds: tuple[type, ...]) -> bool:
    class _Find(cst.CSTVisitor):
        hit = False

        def on_visit(self, n: cst.CSTNode) -> bool:
            if isinstance(n, kinds):
                self.hit = True
            return not self.hit and not isinstance(n, (cst.FunctionDef, cst.Lambda))

    finder = _Find()
    fast_visit(node, finder)
    return finder.hit


def _has_jump(unit: cst.BaseStatement) -> bool:
    visitor = _Jumps()
    fast_visit(unit, visitor)
    return visitor.found


class _NameUse(cst.CSTVisitor):
    """Root names a statement reads and binds (assignment targets, for/with targets)."""

    def __init__(self) -> None:
        self.read: set[str] = set()
        self.written: set[str] = set()

    def visit_Name(self, node: cst.Name) -> None:
        self.read.add(node.value)

    def _targets(self, target: cst.BaseExpression) -> None:
        node: cst.CSTNode = target
        while isinstance(node, (cst.Attribute, cst.Subscript)):
            node = node.value
        if isinstance(node, cst.Name):
            self.written.add(node.value)
        elif isinstance(node, (cst.Tuple, cst.List)):
            for element in node.elements:
                self._targets(element.value)
        elif isinstance(node, cst.StarredElement):
            self._targets(node.value)

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._targets(target.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._targets(node.target)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._targets(node.target)

    def visit_For(self, node: cst.For) -> None:
        self._targets(node.target)

    def visit_AsName(self, node: cst.AsName) -> None:
        if isinstance(node.name, (cst.Name, cst.Tuple, cst.List)):
            self._targets(node.name)  # type: ignore[arg-type]

    def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
        self._targets(node.target)


def names_of(node: cst.CSTNode) -> tuple[set[str], set[str]]:
    visitor = _NameUse()
    fast_visit(node, visitor)
    return visitor.read, visitor.written


def can_jump_over(unit: cst.BaseStatement, others: list[cst.BaseStatement]) -> bool:
    """Moving `unit` across `others` keeps every value each of them sees."""
    read, written = names_of(unit)
    for other in others:
        other_read, other_written = names_of(other)
        if other_written & (read | written) or written & other_read:
            return False
    return True


def statements_between(block: cst.BaseSuite, start: int, stop: int) -> list[cst.BaseStatement]:
    body = list(getattr(block, "body", ()))
    return body[start + 1 : stop]


class _Parents(cst.CSTVisitor):
    def __init__(self) -> None:
        self.parent: dict[int, cst.CSTNode] = {}
        self.stack: list[cst.CSTNode] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        if self.stack:
            self.parent[id(node)] = self.stack[-1]
        self.stack.append(node)
        return True

    def on_leave(self, original_node: cst.CSTNode) -> None:
        self.stack.pop()


def parents(module: cst.Module, holder: object) -> dict[int, cst.CSTNode]:
    """Child id -> parent node for the whole module, computed once per model."""
    cached = getattr(holder, "_gradfix_parents", None)
    if cached is None:
        visitor = _Parents()
        fast_visit(module, visitor)
        cached = visitor.parent
        setattr(holder, "_gradfix_parents", cached)
    return cached


@dataclass(frozen=True)
class Site:
    """Where a call sits in its own function: its statement, and whether a loop or a
    comprehension of that function repeats it."""

    statement: cst.SimpleStatementLine
    in_loop: bool
    function: cst.FunctionDef | None


def site_of(module: cst.Module, holder: object, node: cst.CSTNode, stop: cst.CSTNode | None = None) -> Site | None:
    """The statement line holding `node`; `in_loop` counts loops up to `stop` (excluded)
    or up to the enclosing function."""
    table = parents(module, holder)
    statement: cst.SimpleStatementLine | None = None
    in_loop = False
    current: cst.CSTNode | None = node
    while current is not None:
        if current is stop:
            break
        if isinstance(current, cst.SimpleStatementLine) and statement is None:
            statement = current
        elif isinstance(current, (cst.For, cst.While)) and statement is not None:
            in_loop = True
        elif isinstance(current, (cst.FunctionDef, cst.Lambda)):
            if statement is None:
                return None
            return Site(statement, in_loop, current if isinstance(current, cst.FunctionDef) else None)
        current = table.get(id(current))
    if statement is None:
        return None
    return Site(statement, in_loop, None)
