from __future__ import annotations

from typing import Iterator

import libcst as cst

from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import ClearScope, EventKind, GradEvent, TrainingLoop
from gradfix.analysis.names import root_name
from gradfix.transforms._common import new_statement, owned_events, runs_once
from gradfix.transforms.base import Finding, Fix, InsertStatements, Rule, Safety


class MissingZeroGrad(Rule):
    """
    An optimizer is stepped in a training loop whose iterations never clear its gradients.

    ## What it does
    Finds `for`/`while` loops that run `backward()` and `optimizer.step()` (or
    `scaler.step(optimizer)`) every iteration without ever calling `optimizer.zero_grad()`
    (or `model.zero_grad()`, or setting `p.grad = None`) inside the loop. Clearing once
    before the loop does not count.

    ## Why is this bad?
    `backward()` adds into `.grad`; it never overwrites. Without a clear, every step applies
    the sum of all gradients since the loop began: the effective learning rate grows step
    by step, the loss wobbles or diverges, and may turn NaN.

    ## Example
    ```python
    for x, y in loader:
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
    ```

    ## Use instead
    ```python
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
    ```

    ## Fix safety
    Safe. The clear is inserted as the first statement of the iteration, one per stepped
    optimizer, which is what a hand-fixed loop does. The rule stays silent when the loop
    clears anywhere (start, end, in a helper it can read, in an LBFGS closure), when the step
    is conditional (gradient accumulation, see GF011/GF005), for Lightning's
    `self.optimizers()`, for DeepSpeed-style engines that clear on `step()`, and when a call
    it cannot see into may clear gradients.
    """

    code = "GF001"
    name = "missing-zero-grad"
    message = "`{opt}.step()` applies gradients accumulated since the loop began: clear them each iteration"
    safety = Safety.SAFE

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        for loop in model.loops:
            if loop.is_unknown or runs_once(loop.node):
                continue
            yield from self._check_loop(loop, model)

    def _check_loop(self, loop: TrainingLoop, model: ModuleModel) -> Iterator[Finding]:
        clears = [e for e in loop.events if e.kind is EventKind.CLEAR]
        if any(c.scope is not ClearScope.OPTIMIZER for c in clears):
            return  # model.zero_grad() / p.grad = None: covered, or GF008's business
        steps: dict[str, GradEvent] = {}
        for event in owned_events(loop, model):
            if event.kind is EventKind.STEP and event.target is not None:
                steps.setdefault(event.target, event)
        cleared = {c.target for c in clears}
        if cleared - set(steps):
            return  # a clear of something we do not see stepped: maybe an alias, stay silent
        insertions: list[tuple[GradEvent, str]] = []
        for target, step in steps.items():
            if target in cleared or step.engine or model.facts.kind(target) == "lightning":
                continue
            if step.conditional_within(loop.node):
                continue  # accumulation: the accumulation rules handle it
            insertions.append((step, target))
        for step, target in insertions:
            yield Finding(
                self.code,
                self.message.format(opt=target),
                step.node,
                fix=self._fix(loop, step, target, model),
                related=(loop.node,),
            )

    def _fix(self, loop: TrainingLoop, step: GradEvent, target: str, model: ModuleModel) -> Fix | None:
        if not isinstance(loop.body, cst.IndentedBlock) or target.endswith("[*]"):
            return None
        if step.via and _local_to_helper(target, step):
            return None
        statement = new_statement(f"{target}.zero_grad(set_to_none=True)\n", model)
        return Fix([InsertStatements(loop.body, "start", (statement,))], Safety.SAFE)


def _local_to_helper(target: str, step: GradEvent) -> bool:
    """The optimizer is a name the helper binds itself: the loop cannot name it."""
    root = root_name(target)
    helper = step.via[-1]
    return root not in ("self",) and not any(
        isinstance(arg.value, cst.Name) and arg.value.value == root for arg in helper.args
    ) and root not in _names_in_loop_scope(step)


def _names_in_loop_scope(step: GradEvent) -> set[str]:
    names: set[str] = set()
    for stmt in step.path:
        for node in _walk_names(stmt):
            names.add(node)
    return names


def _walk_names(stmt: cst.CSTNode) -> set[str]:
    collector = _Names()
    stmt.visit(collector)
    return collector.names


class _Names(cst.CSTVisitor):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_Name(self, node: cst.Name) -> None:
        self.names.add(node.value)
