"""Hand-written optimizer steps: `w -= lr * w.grad` (under `torch.no_grad()`), `w.data -= lr *
w.grad.data`, `w.data.sub_(lr * w.grad)`, on leaf tensors built with `requires_grad=True`.

Such a statement is the loop's step when the optimizer is written by hand (a course's SGD over
`w1, b1, w2, b2`). Only the plainest shape is read: every `.grad` of the loop's code is read in
one of these updates, of the tensor it updates, and the loop does nothing else with gradients
(no optimizer step, no clear, no call gradfix could not look into).
"""

from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.assignments import assigned_values
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import EventKind, TrainingLoop
from gradfix.source import COMPOUND
from gradfix.walk import ast_walk

_LEAF_WORDS = ("requires_grad=True", "requires_grad_()", "Parameter(")


class ManualUpdate:
    __slots__ = ("name", "statement")

    def __init__(self, name: str, statement: ast.stmt) -> None:
        self.name = name  # the tensor updated, a plain name
        self.statement = statement  # the update statement


def manual_updates(loop: TrainingLoop, model: ModuleModel) -> list[ManualUpdate] | None:
    """The hand-written updates every iteration of `loop` runs, when the loop's gradient work is
    exactly: unconditional backward passes and those updates (else None)."""
    source = model.source
    events = loop.events
    if loop.is_step_function or not events or any(e.kind not in (EventKind.BACKWARD, EventKind.GRAD_READ) for e in events):
        return None
    if not any(e.kind is EventKind.GRAD_READ for e in events) or ".grad" not in source.segment(loop.node):
        return None
    if any(e.via or e.loops[-1:] != (loop.node,) or e.branches_within(loop.node) for e in events):
        return None  # in a helper, an inner loop or under an `if`: not this plain shape
    if not any(e.kind is EventKind.BACKWARD for e in events):
        return None
    updates: list[ManualUpdate] = []
    used: set[int] = set()
    for stmt in _statements(loop.node.body):
        found = _update(stmt)
        if found is not None:
            updates.append(ManualUpdate(found, stmt))
            used.update(id(n) for n in ast_walk(stmt) if isinstance(n, ast.Attribute) and n.attr == "grad")
    if not updates:
        return None
    if any(isinstance(n, ast.Attribute) and n.attr == "grad" and id(n) not in used for n in ast_walk(loop.node)):
        return None  # `.grad` read or written elsewhere: a clear, a log, a clip by hand
    names = {u.name for u in updates}
    for stmt in ast_walk(loop.node):
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, (ast.AnnAssign, ast.For, ast.AsyncFor)) else []
        if any(isinstance(n, ast.Name) and n.id in names for t in targets for n in ast_walk(t)):
            return None  # `w = (w - lr * w.grad).detach().requires_grad_()`: a new leaf each time
    for name in names:
        values = assigned_values(model, name)
        if not values or not all(any(word in source.segment(v).replace(" ", "") for word in _LEAF_WORDS) for v in values):
            return None
    return updates


def _statements(body: list[ast.stmt]) -> list[ast.stmt]:
    """The simple statements of the loop body, also inside `with` blocks (not under an `if`)."""
    out: list[ast.stmt] = []
    for stmt in body:
        if isinstance(stmt, (ast.With, ast.AsyncWith)):
            out += _statements(stmt.body)
        elif not isinstance(stmt, COMPOUND):
            out.append(stmt)
    return out


def _update(stmt: ast.stmt) -> str | None:
    """`w` of `w -= <reads w.grad>`, `w.data -= ...`, `w.sub_(...)`, `w.data.sub_(...)`."""
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.op, ast.Sub):
        target, value = stmt.target, stmt.value
    elif (
        isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and isinstance(stmt.value.func, ast.Attribute)
        and stmt.value.func.attr == "sub_" and len(stmt.value.args) == 1 and not stmt.value.keywords
    ):  # fmt: skip
        target, value = stmt.value.func.value, stmt.value.args[0]
    else:
        return None
    if isinstance(target, ast.Attribute) and target.attr == "data":
        target = target.value
    if not isinstance(target, ast.Name):
        return None
    reads = [n for n in ast_walk(value) if isinstance(n, ast.Attribute) and n.attr == "grad"]
    if not reads or not all(isinstance(n.value, ast.Name) and n.value.id == target.id for n in reads):
        return None
    return target.id
