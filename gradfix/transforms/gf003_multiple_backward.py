from __future__ import annotations

from typing import Iterator

import libcst as cst

from gradfix.analysis.graphs import (
    BackwardCall,
    IterationFlow,
    describe_backward,
    mentions_gradients,
    reads_of,
)
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import EventKind, GradEvent, TrainingLoop
from gradfix.analysis.names import code_of
from gradfix.analysis.walk import fast_visit
from gradfix.transforms._common import (
    new_statement,
    owned_events,
    single_call_statement,
)
from gradfix.transforms.base import (
    Finding,
    Fix,
    InsertStatements,
    RemoveStatement,
    ReplaceNode,
    Rule,
    Safety,
)

_EMPTY = cst.Module(body=[])
# Terms that need no parentheses after `a + `: higher precedence than `+`/`-`.
_TIGHT_OPERATORS = (cst.Multiply, cst.Divide, cst.FloorDivide, cst.Modulo, cst.MatrixMultiply, cst.Power)


class MultipleBackward(Rule):
    """
    One iteration calls `backward()` several times on losses of the same forward pass.

    ## What it does
    Finds consecutive `backward()` calls in one iteration, the earlier ones with
    `retain_graph=True` (`loss_a.backward(retain_graph=True); loss_b.backward()`), with no
    optimizer step, gradient clear or gradient read between them, written in the same
    block (same branch, same loop level). `scaler.scale(loss).backward(...)` and
    `accelerator.backward(loss, ...)` count too, when every call of the group has the same
    form.

    ## Why is this bad?
    Every `backward()` but the last has to keep the whole graph alive (`retain_graph=True`),
    which costs memory, walks the shared part of the graph once per loss, and makes it easy
    to count a term twice. Gradients add up, so the gradient of the sum of the losses is the
    sum of their gradients: one backward of the total does the same work once.

    ## Example
    ```python
    for x, y in loader:
        optimizer.zero_grad()
        logits = model(x)
        ce_loss = F.cross_entropy(logits, y)
        reg_loss = (logits ** 2).mean()
        ce_loss.backward(retain_graph=True)
        (0.1 * reg_loss).backward()
        optimizer.step()
    ```

    ## Use instead
    ```python
    for x, y in loader:
        optimizer.zero_grad()
        logits = model(x)
        ce_loss = F.cross_entropy(logits, y)
        reg_loss = (logits ** 2).mean()
        total_loss = ce_loss + 0.1 * reg_loss
        total_loss.backward()
        optimizer.step()
    ```

    ## Fix safety
    The fix removes the earlier backward calls and replaces the last one with
    `total_loss = a + b` and `total_loss.backward(...)` (the last call's other arguments
    kept; the earlier calls' `retain_graph=True` goes away with them). Each term is written
    as it was backpropagated (`(0.5 * loss_c).backward()` contributes `0.5 * loss_c`); the
    name is `total_loss`, or `total_loss_1`, ... when that name is taken. The individual
    losses keep their names, so logging them still works.

    It is safe when the losses come from the same forward pass: they depend on a common
    statement that calls a model, or no model is called between the backward calls. The
    trained result is the same up to floating-point summation order.

    It is unsafe (applied only with `--unsafe-fixes`) when the losses may come from
    different forward passes, or when an earlier loss is an expression that calls a model
    and other statements run before the last backward (the fix evaluates it later). There
    is no fix when a name an earlier loss reads is reassigned before the last backward, or
    when a backward call shares its line with other statements.

    The rule stays silent when the split is intentional or cannot be judged: a step or a
    clear between the calls (GAN discriminator/generator updates), anything that reads
    gradients between them (`.grad`, gradient norms, PCGrad-style projections, helpers
    given `model.parameters()`), `inputs=`, `gradient=` or `create_graph=` arguments,
    `torch.autograd.grad` in the iteration (higher-order gradients), calls in different
    branches or loop levels, and backward calls inside helpers.
    """

    code = "GF003"
    name = "multiple-backward"
    message = "{count} backward calls on one forward graph in one iteration: sum the losses and call `backward()` once"
    safety = Safety.SAFE

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        seen: set[int] = set()
        taken: set[str] | None = None  # every name in the module, read only when a fix needs one
        for loop in model.loops:
            if any(e.kind is EventKind.AUTOGRAD_GRAD for e in loop.events):
                continue  # higher-order gradients: the split is deliberate
            flow: IterationFlow | None = None
            for group in _groups(loop, model):
                if id(group[0][0].node) in seen:
                    continue
                seen.add(id(group[0][0].node))
                if flow is None:
                    flow = IterationFlow(loop.node)
                verdict = _judge(group, flow)
                if verdict == "silent":
                    continue
                fix = None
                if verdict in ("safe", "unsafe"):
                    if taken is None:
                        taken = _names_in(model.module)
                    fix = _fix(group, model, taken, Safety.SAFE if verdict == "safe" else Safety.UNSAFE)
                yield Finding(
                    self.code,
                    self.message.format(count=len(group)),
                    group[0][0].node,
                    fix=fix,
                    related=(loop.node,),
                )


def _groups(loop: TrainingLoop, model: ModuleModel) -> Iterator[list[tuple[GradEvent, BackwardCall]]]:
    """Runs of backward calls that are siblings in one block, nothing else in between,
    cut after each call that does not retain the graph."""
    owned = {id(e) for e in owned_events(loop, model)}
    run: list[GradEvent] = []
    for event in loop.events:
        if (
            event.kind is EventKind.BACKWARD
            and id(event) in owned
            and event.direct
            and (not run or _siblings(run[-1], event))
        ):
            run.append(event)
            continue
        yield from _split(run)
        run = [event] if event.kind is EventKind.BACKWARD and id(event) in owned and event.direct else []
    yield from _split(run)


def _siblings(a: GradEvent, b: GradEvent) -> bool:
    return (
        len(a.path) == len(b.path)
        and a.blocks[-1] is b.blocks[-1]
        and a.statement is not b.statement
        and a.loops == b.loops
    )


def _split(run: list[GradEvent]) -> Iterator[list[tuple[GradEvent, BackwardCall]]]:
    if len(run) < 2:
        return
    calls = [describe_backward(e) for e in run]
    if any(c is None or c.inputs is not None or c.creates_graph or c.create is not None for c in calls):
        return
    if any(c.gradient is not None or c.others for c in calls):  # type: ignore[union-attr]
        return
    group: list[tuple[GradEvent, BackwardCall]] = []
    for event, call in zip(run, calls):
        assert call is not None
        if group and not _same_form(group[0][1], call):
            group = []
        group.append((event, call))
        if not call.retains:
            if len(group) >= 2:
                yield group
            group = []
    if len(group) >= 2:
        yield group


def _same_form(a: BackwardCall, b: BackwardCall) -> bool:
    if a.form != b.form or a.scaler != b.scaler:
        return False
    if a.form == "argument":
        return code_of(a.call.func) == code_of(b.call.func)
    return True


def _judge(group: list[tuple[GradEvent, BackwardCall]], flow: IterationFlow) -> str:
    """'silent', 'safe', 'unsafe' or 'report' (no fix)."""
    statements = [event.statement for event, _ in group]
    first, last = statements[0], statements[-1]
    if flow.position(first) is None or flow.position(last) is None:
        return "silent"
    between = flow.between(first, last)
    own = {id(s) for s in statements}
    later_terms = [call.loss for _, call in group[1:]]
    if mentions_gradients([*(unit.node for unit in between if id(unit.node) not in own), *later_terms]):
        return "silent"  # gradient norms, projections, hooks...: the split may be deliberate
    if any(single_call_statement(event) is None for event, _ in group):
        return "report"
    for event, call in group[:-1]:
        names = reads_of([call.loss]).names
        if flow.bound_between(names, event.statement, last):
            return "report"  # the term would mean something else at the last backward
    if _registers_hooks(flow.loop):
        return "unsafe"  # a gradient hook may act per backward call (clamping, counting)
    moved_late = any(
        reads_of([call.loss]).forward_calls and flow.between(event.statement, last)
        for event, call in group[:-1]
    )
    if moved_late:
        return "unsafe"
    return "safe" if _same_forward(group, flow, between) else "unsafe"


class _Hooks(cst.CSTVisitor):
    def __init__(self) -> None:
        self.found = False

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        name = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else ""
        if name.startswith("register_") and "hook" in name:
            self.found = True


def _registers_hooks(loop: cst.CSTNode) -> bool:
    finder = _Hooks()
    fast_visit(loop, finder)
    return finder.found


def _same_forward(group: list[tuple[GradEvent, BackwardCall]], flow: IterationFlow, between: list) -> bool:
    # no model called between the backward calls: every loss was computed by then
    later_terms_call = any(reads_of([call.loss]).forward_calls for _, call in group[1:])
    if not later_terms_call and not any(unit.forward for unit in between):
        return True
    # or each loss depends on a statement (calling a model) that another one depends on
    forwards = [
        {id(unit.node) for unit in flow.slice(call.loss, event.statement).units if unit.forward}
        for event, call in group
    ]
    for index, mine in enumerate(forwards):
        others = set().union(*(f for j, f in enumerate(forwards) if j != index))
        if not mine & others:
            return False
    return True


def _fix(group: list[tuple[GradEvent, BackwardCall]], model: ModuleModel, taken: set[str], safety: Safety) -> Fix | None:
    last_event, last_call = group[-1]
    last_statement = single_call_statement(last_event)
    if last_statement is None:
        return None
    name = _fresh_name("total_loss", taken)
    terms = [_term(call.loss, index == 0) for index, (_, call) in enumerate(group)]
    assignment = new_statement(f"{name} = {' + '.join(terms)}\n", model)
    # a trailing comment of a removed call survives above the merged backward
    kept = [
        cst.EmptyLine(comment=event.statement.trailing_whitespace.comment)
        for event, _ in group[:-1]
        if isinstance(event.statement, cst.SimpleStatementLine) and event.statement.trailing_whitespace.comment
    ]
    assignment = assignment.with_changes(leading_lines=[*last_statement.leading_lines, *kept])
    backward = last_statement.visit(_Swap(last_call.loss, cst.Name(name)))
    assert isinstance(backward, cst.SimpleStatementLine)
    backward = backward.with_changes(leading_lines=())
    edits: list = [RemoveStatement(event.statement) for event, _ in group[:-1]]
    edits.append(ReplaceNode(last_statement, assignment, last_statement))
    edits.append(InsertStatements(last_statement, "after", (backward,)))
    taken.add(name)
    return Fix(edits, safety)


def _term(expr: cst.BaseExpression, first: bool) -> str:
    bare = expr.with_changes(lpar=[], rpar=[]) if getattr(expr, "lpar", None) else expr
    text = _EMPTY.code_for_node(bare)
    tight = isinstance(
        bare,
        (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Integer, cst.Float, cst.UnaryOperation),
    ) or (isinstance(bare, cst.BinaryOperation) and isinstance(bare.operator, _TIGHT_OPERATORS))
    if first and isinstance(bare, cst.BinaryOperation) and isinstance(bare.operator, (cst.Add, cst.Subtract)):
        tight = True  # `a - b + c` is `(a - b) + c`
    if "\n" in text or not tight:
        return f"({text})"
    return text


def _fresh_name(base: str, taken: set[str]) -> str:
    if base not in taken:
        return base
    index = 1
    while f"{base}_{index}" in taken:
        index += 1
    return f"{base}_{index}"


class _AllNames(cst.CSTVisitor):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_Name(self, node: cst.Name) -> None:
        self.names.add(node.value)


def _names_in(module: cst.Module) -> set[str]:
    collector = _AllNames()
    fast_visit(module, collector)
    return collector.names


class _Swap(cst.CSTTransformer):
    """Replace one node (by identity) inside a statement."""

    def __init__(self, old: cst.CSTNode, new: cst.CSTNode) -> None:
        super().__init__()
        self.old = old
        self.new = new

    def on_leave(self, original_node: cst.CSTNode, updated_node: cst.CSTNode):  # type: ignore[override]
        if original_node is self.old:
            return self.new
        return updated_node
