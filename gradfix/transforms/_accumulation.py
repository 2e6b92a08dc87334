"""Edits shared by the accumulation rules (GF001 in accumulation loops, GF006, GF011)."""

from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.accumulation import Accumulation, accumulations
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.names import method_name, receiver
from gradfix.source import TRIES, WITHS
from gradfix.transforms.base import Finding, InsertStatements, Lines, Rule
from gradfix.walk import leaves

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator


def step_anchor(acc: Accumulation, target: str, model: ModuleModel) -> ast.stmt | None:
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
    if model.source.inline_block(body):
        return None
    position = next((i for i, s in enumerate(body) if s is anchor), None)
    if position is None:
        return None
    # `scaler.step(opt)` is followed by `scaler.update()`: the clear goes after both
    following = body[position + 1 : position + 2]
    if following and scaler_update(following[0], model):
        return following[0]
    return anchor


def scaler_update(stmt: ast.stmt, model: ModuleModel) -> bool:
    """`scaler.update()`, also written `scaler.update() if exists(scaler) else None`, or alone
    under its own `if scaler is not None:`."""
    if isinstance(stmt, ast.If):
        return all(scaler_update(s, model) for s in [*stmt.body, *stmt.orelse])
    if not isinstance(stmt, ast.Expr):
        return False
    value = stmt.value
    if isinstance(value, ast.IfExp):
        arms = [value.body, value.orelse]
        calls = [arm for arm in arms if not (isinstance(arm, ast.Constant) and arm.value is None)]
        return len(calls) == 1 and _updates_scaler(calls[0], model)
    return _updates_scaler(value, model)


def _updates_scaler(value: ast.expr, model: ModuleModel) -> bool:
    if not isinstance(value, ast.Call):
        return False
    recv = receiver(value)
    return method_name(value) == "update" and recv is not None and model.facts.is_scaler(model.source.key(recv))


def later_steps(acc: Accumulation, target: str, model: ModuleModel) -> list[tuple[ast.stmt, bool]] | None:
    """Steps of `target` written after the accumulation loop (tail flushes), in the loop's
    own function, outside other loops; each with whether a clear of `target` follows it in
    its block. None when the loop's position is not understood."""
    step = acc.steps[0]
    loop = acc.loop.node
    index = next((i for i, s in enumerate(step.path) if s is loop), None)
    if index is None:
        return None
    finder = _StepFinder(target, model)
    for level in range(index, -1, -1):
        block = step.blocks[level]
        position = next((i for i, s in enumerate(block) if s is step.path[level]), None)
        if position is None:
            return None
        finder.statements(block[position + 1 :])
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
    def __init__(self, target: str, model: ModuleModel) -> None:
        self.target = target
        self.source = model.source
        self.found: list[tuple[ast.stmt, bool]] = []
        self.model = model
        self._keys: tuple[str, ...] | None = None

    def statements(self, statements: list[ast.stmt]) -> None:
        for position, stmt in enumerate(statements):
            if isinstance(stmt, ast.If):
                self.statements(stmt.body)
                self.statements(stmt.orelse)
            elif isinstance(stmt, (*WITHS, *TRIES)):
                self.statements(stmt.body)
            elif self._steps(stmt):
                cleared = any(self._clears(later) for later in statements[position + 1 :])
                self.found.append((stmt, cleared))

    def _steps(self, stmt: ast.stmt) -> bool:
        if not isinstance(stmt, ast.Expr) or not self.source.alone_on_lines(stmt):
            return False
        call = stmt.value
        if not isinstance(call, ast.Call) or method_name(call) != "step":
            return False
        recv = receiver(call)
        if recv is not None and self.source.key(recv) == self.target:
            return True
        return bool(call.args) and self.source.key(call.args[0]) == self.target

    def _clears(self, stmt: ast.stmt) -> bool:
        text = self.source.segment(stmt).replace(" ", "")
        return any(f"{key}.zero_grad(" in text for key in self.keys)

    @property
    def keys(self) -> tuple[str, ...]:
        if self._keys is None:
            self._keys = clearing_keys(self.target, self.model)
        return self._keys


def clearing_keys(target: str, model: ModuleModel) -> tuple[str, ...]:
    """What a `.zero_grad()` is called on to clear the optimizer `target`: the optimizer, and
    the module it was built over (`SGD(net.parameters())`) or any module holding it
    (`SGD(net[1].parameters())`: `net[1]` and `net`)."""
    keys = [target]
    info = model.facts.info(target)
    if info is None or info.params is None:
        return tuple(keys)
    text = model.source.code(info.params)
    if not text.endswith(".parameters()"):
        return tuple(keys)
    module = text[: -len(".parameters()")]
    if "(" in module or " " in module:
        return tuple(keys)
    while module and module != "self":
        keys.append(module)
        cut = max(module.rfind("."), module.rfind("["))
        module = module[:cut] if cut > 0 else ""
    return tuple(keys)


def clear_edits(acc: Accumulation, target: str, clear: Lines, model: ModuleModel) -> list[InsertStatements] | None:
    """Insert `clear` right after the conditional step, and after any tail flush that lacks one."""
    anchor = step_anchor(acc, target, model)
    if anchor is None:
        return None
    later = later_steps(acc, target, model)
    if later is None:
        return None
    edits = [] if _cleared_after(acc, anchor, target, model) else [InsertStatements(anchor, "after", clear)]
    # a tail flush that relied on the per-micro-batch clear now needs its own
    bare = _without_comments(clear)
    for flush, cleared in later:
        if not cleared:
            edits.append(InsertStatements(flush, "after", bare))
    return edits


def _cleared_after(acc: Accumulation, anchor: ast.stmt, target: str, model: ModuleModel) -> bool:
    """The window's block already clears `target` after its step: a statement of the block
    itself, after `anchor`, that is `target.zero_grad(...)`, with nothing between that may
    leave the block (the clear moved there would be a second one)."""
    body = acc.node.body
    position = next((i for i, s in enumerate(body) if s is anchor), None)
    if position is None:
        return False
    source = model.source
    keys: tuple[str, ...] | None = None
    for stmt in body[position + 1 :]:
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and method_name(stmt.value) == "zero_grad":
            recv = receiver(stmt.value)
            if keys is None:
                keys = clearing_keys(target, model)
            if recv is not None and source.key(recv) in keys:
                return True
        if leaves(stmt):
            return False
    return False


def _without_comments(lines: Lines) -> Lines:
    """The statement alone, without the comment lines above it."""
    out = list(lines)
    while out and (not out[0][0].strip() or out[0][0].lstrip().startswith("#")):
        out.pop(0)
    return tuple(out)
