"""Small helpers shared by rules: building statements, locating what to move."""

from __future__ import annotations

import libcst as cst

from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import EventKind, GradEvent, Loop, TrainingLoop
from gradfix.analysis.names import code_of


def new_statement(code: str, model: ModuleModel) -> cst.BaseStatement:
    """Parse `code` as a statement in the file's own style (indentation, newlines)."""
    return cst.parse_statement(code, config=model.module.config_for_parsing)


def owned_events(loop: TrainingLoop, model: ModuleModel) -> list[GradEvent]:
    """Events of this iteration that no nested training loop owns, in program order."""
    training = training_loop_ids(model)
    return [e for e in loop.events if loop.owns(e, training)]


def training_loop_ids(model: ModuleModel) -> set[int]:
    cached = getattr(model, "_training_ids", None)
    if cached is None:
        cached = {id(lp.node) for lp in model.loops}
        model._training_ids = cached  # type: ignore[attr-defined]
    return cached


def runs_once(loop: Loop) -> bool:
    """A loop whose body always ends in `break`/`return` is not an iteration."""
    body = loop.body
    if not isinstance(body, cst.IndentedBlock) or not body.body:
        return False
    last = body.body[-1]
    return isinstance(last, cst.SimpleStatementLine) and any(
        isinstance(s, (cst.Break, cst.Return, cst.Raise)) for s in last.body
    )


def single_call_statement(event: GradEvent) -> cst.SimpleStatementLine | None:
    """The event's statement when it holds nothing but that one call."""
    stmt = event.statement
    if (
        isinstance(stmt, cst.SimpleStatementLine)
        and len(stmt.body) == 1
        and isinstance(stmt.body[0], cst.Expr)
        and stmt.body[0].value is event.node
    ):
        return stmt
    return None


def below(event: GradEvent, loop: Loop) -> tuple[cst.BaseStatement, ...]:
    """The event's statement path below `loop`."""
    for index, stmt in enumerate(event.path):
        if stmt is loop:
            return event.path[index + 1 :]
    return ()


def same_branches(a: GradEvent, b: GradEvent, loop: Loop) -> bool:
    return [id(x.node) for x in a.branches_within(loop)] == [id(x.node) for x in b.branches_within(loop)] and [
        x.kind for x in a.branches_within(loop)
    ] == [x.kind for x in b.branches_within(loop)]


def branch_prefix(a: GradEvent, b: GradEvent, loop: Loop) -> bool:
    """`a` runs whenever `b` runs (its branches are a prefix of b's)."""
    inner_a = [(id(x.node), x.kind) for x in a.branches_within(loop)]
    inner_b = [(id(x.node), x.kind) for x in b.branches_within(loop)]
    return inner_b[: len(inner_a)] == inner_a


def call_text(event: GradEvent) -> str:
    return code_of(event.node)


def is_kind(event: GradEvent, *kinds: EventKind) -> bool:
    return event.kind in kinds
