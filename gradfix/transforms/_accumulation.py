"""Edits shared by the accumulation rules (GF001 in accumulation loops, GF006, GF011)."""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from gradfix.analysis.accumulation import Accumulation, accumulations
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.names import key_of, method_name, receiver
from gradfix.transforms.base import Finding, InsertStatements, Rule

_EMPTY = cst.Module(body=[])


def step_anchor(acc: Accumulation, target: str, model: ModuleModel) -> cst.BaseStatement | None:
    """The statement of the periodic `if` body holding the last step of `target`."""
    steps = [s for s in acc.steps if s.target == target]
    if not steps or any(not s.direct for s in steps):
        return None
    last = steps[-1]
    index = acc.position
    if index < 0 or index + 1 >= len(last.path):
        return None
    anchor = last.path[index + 1]
    body = acc.node.body
    if not isinstance(body, cst.IndentedBlock):
        return None
    position = next((i for i, s in enumerate(body.body) if s is anchor), None)
    if position is None:
        return None
    # `scaler.step(opt)` is followed by `scaler.update()`: the clear goes after both
    following = body.body[position + 1 : position + 2]
    if following and scaler_update(following[0], model):
        return following[0]
    return anchor


def scaler_update(stmt: cst.BaseStatement, model: ModuleModel) -> bool:
    if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1:
        return False
    small = stmt.body[0]
    if not isinstance(small, cst.Expr) or not isinstance(small.value, cst.Call):
        return False
    call = small.value
    recv = receiver(call)
    return method_name(call) == "update" and recv is not None and model.facts.is_scaler(key_of(recv))


def later_steps(acc: Accumulation, target: str) -> list[tuple[cst.SimpleStatementLine, bool]] | None:
    """Steps of `target` written after the accumulation loop (tail flushes), in the loop's
    own function, outside other loops; each with whether a clear of `target` follows it in
    its block. None when the loop's position is not understood."""
    step = acc.steps[0]
    loop = acc.loop.node
    index = next((i for i, s in enumerate(step.path) if s is loop), None)
    if index is None:
        return None
    finder = _StepFinder(target)
    for level in range(index, -1, -1):
        block = step.blocks[level]
        statements = list(block.body) if isinstance(block, (cst.IndentedBlock, cst.Module)) else []
        position = next((i for i, s in enumerate(statements) if s is step.path[level]), None)
        if position is None:
            return None
        finder.statements(statements[position + 1 :])
    return finder.found


class AccumulationRule(Rule):
    """A rule judged on each recognised accumulation loop, at most one finding each."""

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        for acc in accumulations(model):
            finding = self.check_accumulation(acc, model)
            if finding is not None:
                yield finding

    def check_accumulation(self, acc: Accumulation, model: ModuleModel) -> Finding | None:
        raise NotImplementedError


class _StepFinder:
    def __init__(self, target: str) -> None:
        self.target = target
        self.found: list[tuple[cst.SimpleStatementLine, bool]] = []

    def statements(self, statements: list[cst.BaseStatement]) -> None:
        for position, stmt in enumerate(statements):
            if isinstance(stmt, cst.SimpleStatementLine):
                if self._steps(stmt):
                    cleared = any(self._clears(later) for later in statements[position + 1 :])
                    self.found.append((stmt, cleared))
            elif isinstance(stmt, cst.If):
                self.statements(list(stmt.body.body) if isinstance(stmt.body, cst.IndentedBlock) else [])
                orelse = stmt.orelse
                while orelse is not None:
                    if isinstance(orelse, cst.If):
                        self.statements(list(orelse.body.body) if isinstance(orelse.body, cst.IndentedBlock) else [])
                        orelse = orelse.orelse
                    else:
                        body = orelse.body
                        self.statements(list(body.body) if isinstance(body, cst.IndentedBlock) else [])
                        orelse = None
            elif isinstance(stmt, (cst.With, cst.Try)):
                body = stmt.body
                self.statements(list(body.body) if isinstance(body, cst.IndentedBlock) else [])

    def _steps(self, stmt: cst.SimpleStatementLine) -> bool:
        if len(stmt.body) != 1 or not isinstance(stmt.body[0], cst.Expr):
            return False
        call = stmt.body[0].value
        if not isinstance(call, cst.Call) or method_name(call) != "step":
            return False
        recv = receiver(call)
        if recv is not None and key_of(recv) == self.target:
            return True
        return bool(call.args) and key_of(call.args[0].value) == self.target

    def _clears(self, stmt: cst.BaseStatement) -> bool:
        return f"{self.target}.zero_grad(" in _EMPTY.code_for_node(stmt).replace(" ", "")


def clear_edits(
    acc: Accumulation, target: str, clear: cst.BaseStatement, model: ModuleModel
) -> list[InsertStatements] | None:
    """Insert `clear` right after the conditional step, and after any tail flush that lacks one."""
    anchor = step_anchor(acc, target, model)
    if anchor is None:
        return None
    later = later_steps(acc, target)
    if later is None:
        return None
    edits = [InsertStatements(anchor, "after", (clear,))]
    # a tail flush that relied on the per-micro-batch clear now needs its own
    bare = clear.with_changes(leading_lines=[])  # type: ignore[call-arg]
    for flush, cleared in later:
        if not cleared:
            edits.append(InsertStatements(flush, "after", (bare,)))
    return edits
