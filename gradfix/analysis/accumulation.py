"""Gradient accumulation, recognised from the loop model.

An accumulation loop backpropagates on every micro-batch but steps its optimizer only
under a periodic condition on a counter: `if (i + 1) % accum_steps == 0:`. This module
reads that condition (from the STEP event's outermost branch inside the loop), finds the
counter (the loop's `enumerate` index or a variable incremented in the loop), the window
length N, whether the condition also fires on the last batch, and where the backward,
the step and the clears sit relative to it. Loops whose accumulation a library handles
(`with accelerator.accumulate(model):`, DeepSpeed engines) are marked as such.

Read-only: no messages, no edits. When something is not understood the answer is None
(or "unknown") and rules stay silent.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import Branch, EventKind, GradEvent, Loop, TrainingLoop
from gradfix.analysis.names import code_of, dotted, key_of, method_name
from gradfix.analysis.walk import fast_visit

_CACHE = "_accumulations"


@dataclass(eq=False, repr=False)
class Periodic:
    """`A % N == C` (or `not A % N`), the part of a condition that fires every N counts."""

    comparison: cst.BaseExpression  # the Comparison / UnaryOperation node
    modulo: cst.BinaryOperation  # `A % N`
    counter_expr: cst.BaseExpression  # `A`
    counter: str  # key of the counter variable inside `A`
    addend: int  # `A` is `counter + addend`
    n: cst.BaseExpression
    n_key: str
    n_value: int | None  # N when it is a literal
    remainder: str  # "zero" (`== 0`) or "last" (`== N - 1`)
    tail: bool  # the condition also fires on the last batch (`or (i + 1) == len(loader)`)
    conjunct: bool  # the condition has an `and` part besides the periodic one
    holder: cst.CSTNode  # the statement holding the expression (the If, or an assignment)

    @property
    def offset(self) -> int:
        """The condition is `(counter + offset) % N == 0`."""
        return self.addend + (1 if self.remainder == "last" else 0)


@dataclass(eq=False, repr=False)
class Counter:
    kind: str  # "enumerate", "variable" or "unknown"
    first: int | None = None  # the counter's value at the test on the first iteration
    per_loop: bool = False  # starts afresh each time the accumulation loop starts
    increment: cst.BaseStatement | None = None  # `step += 1`
    before_test: bool | None = None  # the increment runs before the test


@dataclass(eq=False, repr=False)
class Accumulation:
    loop: TrainingLoop
    branch: Branch  # the periodic `if`
    node: cst.If
    periodic: Periodic
    counter: Counter
    steps: list[GradEvent]  # STEP events under the periodic `if`
    backwards: list[GradEvent]  # BACKWARD events every micro-batch runs
    clears: list[GradEvent]  # CLEAR events of the iteration
    targets: set[str] = field(default_factory=set)  # stepped optimizers

    @property
    def position(self) -> int:
        """Index of the periodic `if` (or the statement holding it) in the step's path."""
        return _path_index(self.steps[0], self.node)


# -- public entry points ------------------------------------------------------------------
def accumulations(model: ModuleModel) -> list[Accumulation]:
    cached = getattr(model, _CACHE, None)
    if cached is None:
        cached = [acc for loop in model.loops if (acc := _recognise(loop, model)) is not None]
        setattr(model, _CACHE, cached)
    return cached


def accumulation_of(loop: TrainingLoop, model: ModuleModel) -> Accumulation | None:
    for acc in accumulations(model):
        if acc.loop is loop:
            return acc
    return None


def library_accumulation(event: GradEvent) -> cst.With | None:
    """The `with <x>.accumulate(...)` block (Accelerate) around an event, if any."""
    for with_node in event.withs:
        for item in with_node.items:
            expr = item.item
            if isinstance(expr, cst.Call) and method_name(expr) == "accumulate":
                return with_node
    return None


def statement_text_mentions(node: cst.CSTNode, word: str) -> bool:
    return word in cst.Module(body=[]).code_for_node(node)


# -- recognition --------------------------------------------------------------------------
def _owned(loop: TrainingLoop, model: ModuleModel) -> list[GradEvent]:
    training = {id(lp.node) for lp in model.loops}
    return [e for e in loop.events if loop.owns(e, training)]


def _recognise(loop: TrainingLoop, model: ModuleModel) -> Accumulation | None:
    if loop.is_unknown:
        return None
    events = _owned(loop, model)
    steps = [e for e in events if e.kind is EventKind.STEP]
    if not steps or any(s.engine or s.target is None for s in steps):
        return None
    if any(library_accumulation(e) is not None for e in events):
        return None  # Accelerate decides when to step
    first = steps[0]
    inner = first.branches_within(loop.node)
    if not inner or first.loops_within(loop.node) or inner[0].kind != "if":
        return None
    branch = inner[0]
    if not isinstance(branch.node, cst.If) or branch.test is None:
        return None
    # every step of the iteration sits under that same `if`
    for step in steps:
        within = step.branches_within(loop.node)
        if not within or within[0].node is not branch.node or within[0].kind != "if" or step.loops_within(loop.node):
            return None
    backwards = [e for e in events if e.kind is EventKind.BACKWARD]
    if not backwards or any(_under(b, branch.node) for b in backwards):
        return None  # a backward inside the `if` is another cadence (WGAN's generator), not accumulation
    if any(b.engine for b in backwards):
        return None
    periodic = _periodic(branch.test, branch.node, loop, first)
    if periodic is None or _not_really_accumulating(periodic, loop, model):
        return None
    counter = _counter(periodic, loop, first)
    clears = [e for e in events if e.kind is EventKind.CLEAR]
    return Accumulation(
        loop=loop,
        branch=branch,
        node=branch.node,
        periodic=periodic,
        counter=counter,
        steps=steps,
        backwards=backwards,
        clears=clears,
        targets={s.target for s in steps if s.target is not None},
    )


def _not_really_accumulating(periodic: Periodic, loop: TrainingLoop, model: ModuleModel) -> bool:
    """N is always 1, or it is read from a DeepSpeed config: then the engine accumulates
    (the prepared optimizer's `step()` is a no-op between boundaries) and the `if` never
    decides a window."""
    if periodic.n_value is not None:
        return periodic.n_value == 1
    if not isinstance(periodic.n, cst.Name):
        return False
    finder = _ValuesOf(periodic.n.value)
    fast_visit(loop.function if loop.function is not None else model.module, finder)
    if not finder.values:
        return False
    texts = [code_of(value) for value in finder.values]
    if any("deepspeed" in text.lower() for text in texts):
        return True
    return all(text == "1" for text in texts)


class _ValuesOf(cst.CSTVisitor):
    """Every value assigned to a plain name."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.values: list[cst.BaseExpression] = []

    def visit_Assign(self, node: cst.Assign) -> None:
        if any(isinstance(t.target, cst.Name) and t.target.value == self.name for t in node.targets):
            self.values.append(node.value)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if isinstance(node.target, cst.Name) and node.target.value == self.name and node.value is not None:
            self.values.append(node.value)


def _under(event: GradEvent, node: cst.CSTNode) -> bool:
    return any(b.node is node and b.kind == "if" for b in event.branches)


def _path_index(event: GradEvent, node: cst.CSTNode) -> int:
    for index, stmt in enumerate(event.path):
        if stmt is node:
            return index
    return -1


# -- the condition --------------------------------------------------------------------------
def _periodic(test: cst.BaseExpression, if_node: cst.If, loop: TrainingLoop, step: GradEvent) -> Periodic | None:
    holder: cst.CSTNode = if_node
    if isinstance(test, cst.Name):
        # `need_update = last_batch or (i + 1) % N == 0` ... `if need_update:`
        assigned = _single_assignment(test.value, loop.body)
        if assigned is None:
            return None
        holder, test = assigned
    parts, conjunct = _disjuncts(test)
    found: list[Periodic] = []
    others = 0
    for part in parts:
        periodic = _parse_part(part, holder)
        if periodic is None:
            others += 1
        else:
            found.append(periodic)
    if len(found) != 1:
        return None
    result = found[0]
    result.tail = others > 0
    result.conjunct = conjunct
    return result


def _disjuncts(test: cst.BaseExpression) -> tuple[list[cst.BaseExpression], bool]:
    """The `or` parts of a test; `and` parts count as a conjunct (we keep only the periodic one)."""
    if isinstance(test, cst.BooleanOperation):
        if isinstance(test.operator, cst.Or):
            left, lc = _disjuncts(test.left)
            right, rc = _disjuncts(test.right)
            return left + right, lc or rc
        if isinstance(test.operator, cst.And):
            left, _ = _disjuncts(test.left)
            right, _ = _disjuncts(test.right)
            parts = [p for p in left + right if _modulo_of(p) is not None]
            if len(parts) == 1 and len(left) == 1 and len(right) == 1:
                return parts, True
            return [test], True
    return [test], False


def _modulo_of(expr: cst.BaseExpression) -> cst.BinaryOperation | None:
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Not):
        expr = expr.expression
        return expr if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Modulo) else None
    if isinstance(expr, cst.Comparison) and len(expr.comparisons) == 1:
        target = expr.comparisons[0]
        if not isinstance(target.operator, cst.Equal):
            return None
        for side in (expr.left, target.comparator):
            if isinstance(side, cst.BinaryOperation) and isinstance(side.operator, cst.Modulo):
                return side
    return None


def _int(expr: cst.BaseExpression) -> int | None:
    if isinstance(expr, cst.Integer):
        try:
            return int(expr.value.replace("_", ""), 0)
        except ValueError:
            return None
    return None


def _parse_part(part: cst.BaseExpression, holder: cst.CSTNode) -> Periodic | None:
    modulo = _modulo_of(part)
    if modulo is None:
        return None
    n = modulo.right
    n_key = key_of(n)
    if dotted(n) is None and _int(n) is None:
        return None
    n_value = _int(n)
    if n_value is not None and n_value < 2:
        return None
    if isinstance(part, cst.UnaryOperation):
        remainder = "zero"
    else:
        assert isinstance(part, cst.Comparison)
        other = part.comparisons[0].comparator if part.left is modulo else part.left
        remainder = _remainder(other, n, n_value)
        if remainder is None:
            return None
    counted = _counter_expression(modulo.left)
    if counted is None:
        return None
    counter, addend = counted
    return Periodic(
        comparison=part,
        modulo=modulo,
        counter_expr=modulo.left,
        counter=counter,
        addend=addend,
        n=n,
        n_key=n_key,
        n_value=n_value,
        remainder=remainder,
        tail=False,
        conjunct=False,
        holder=holder,
    )


def _remainder(other: cst.BaseExpression, n: cst.BaseExpression, n_value: int | None) -> str | None:
    value = _int(other)
    if value == 0:
        return "zero"
    if n_value is not None and value == n_value - 1:
        return "last"
    if (
        isinstance(other, cst.BinaryOperation)
        and isinstance(other.operator, cst.Subtract)
        and _int(other.right) == 1
        and code_of(other.left) == code_of(n)
    ):
        return "last"
    return None


def _counter_expression(expr: cst.BaseExpression) -> tuple[str, int] | None:
    """`i` -> (i, 0); `i + 1` -> (i, 1); `i - 1` -> (i, -1); `self.step` -> (self.step, 0)."""
    name = dotted(expr)
    if name is not None:
        return name, 0
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, (cst.Add, cst.Subtract)):
        left, right = expr.left, expr.right
        sign = 1 if isinstance(expr.operator, cst.Add) else -1
        if dotted(left) is not None and _int(right) is not None:
            return dotted(left), sign * _int(right)  # type: ignore[return-value,operator]
        if sign == 1 and dotted(right) is not None and _int(left) is not None:
            return dotted(right), _int(left)  # type: ignore[return-value]
    return None


def _single_assignment(name: str, body: cst.BaseSuite) -> tuple[cst.CSTNode, cst.BaseExpression] | None:
    """The one statement of the loop body (top level) assigning `name`, and its value."""
    if not isinstance(body, cst.IndentedBlock):
        return None
    found: list[tuple[cst.CSTNode, cst.BaseExpression]] = []
    for stmt in body.body:
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, cst.Assign) and any(key_of(t.target) == name for t in small.targets):
                    found.append((stmt, small.value))
                elif isinstance(small, (cst.AugAssign, cst.AnnAssign)) and key_of(small.target) == name:
                    return None
        elif _assigns(stmt, name):
            return None
    return found[0] if len(found) == 1 else None


# -- the counter ------------------------------------------------------------------------------
def _counter(periodic: Periodic, loop: TrainingLoop, step: GradEvent) -> Counter:
    node = loop.node
    name = periodic.counter
    if isinstance(node, cst.For):
        start = _enumerate_start(node, name)
        if start is not None:
            if _assigns(node.body, name):
                return Counter("unknown")
            return Counter("enumerate", first=start, per_loop=True)
    body = node.body
    if not isinstance(body, cst.IndentedBlock):
        return Counter("unknown")
    # `step += 1` once, at the top level of the body, and no other assignment
    increments: list[tuple[int, cst.BaseStatement]] = []
    for index, stmt in enumerate(body.body):
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, cst.AugAssign) and key_of(small.target) == name:
                    if isinstance(small.operator, cst.AddAssign) and _int(small.value) == 1:
                        increments.append((index, stmt))
                    else:
                        return Counter("unknown")
                elif isinstance(small, (cst.Assign, cst.AnnAssign)) and _assigns(stmt, name):
                    return Counter("unknown")
        elif _assigns(stmt, name):
            return Counter("unknown")
    if len(increments) != 1:
        return Counter("unknown")
    inc_index, increment = increments[0]
    holder = periodic.holder
    holder_index = next((i for i, s in enumerate(body.body) if s is holder), None)
    if holder_index is None or holder_index == inc_index:
        return Counter("unknown")
    before = inc_index < holder_index
    initial, per_loop = _initial_value(name, step, node)
    if initial is None:
        return Counter("variable", per_loop=False, increment=increment, before_test=before)
    return Counter(
        "variable",
        first=initial + (1 if before else 0),
        per_loop=per_loop,
        increment=increment,
        before_test=before,
    )


def _enumerate_start(node: cst.For, name: str) -> int | None:
    """The start of `for <name>, x in enumerate(it[, start])`, when `name` is that index."""
    target = node.target
    iterable = node.iter
    if not (isinstance(iterable, cst.Call) and dotted(iterable.func) in ("enumerate", "builtins.enumerate")):
        return None
    if not isinstance(target, (cst.Tuple, cst.List)) or not target.elements:
        return None
    first = target.elements[0].value
    if not (isinstance(first, cst.Name) and first.value == name):
        return None
    start: cst.BaseExpression | None = None
    positional = [a for a in iterable.args if a.keyword is None]
    if len(positional) > 1:
        start = positional[1].value
    for arg in iterable.args:
        if arg.keyword is not None and arg.keyword.value == "start":
            start = arg.value
    if start is None:
        return 0
    return _int(start)


def _initial_value(name: str, step: GradEvent, loop: Loop) -> tuple[int | None, bool]:
    """The literal the counter holds when the loop starts, and whether it is set afresh for it."""
    index = _path_index(step, loop)
    if index < 0:
        return None, False
    per_loop = True
    for level in range(index, -1, -1):
        block = step.blocks[level]
        stmt = step.path[level]
        if level < index and isinstance(stmt, (cst.For, cst.While)):
            per_loop = False
        statements = block.body if isinstance(block, (cst.IndentedBlock, cst.Module)) else []
        position = next((i for i, s in enumerate(statements) if s is stmt), None)
        if position is None:
            return None, False
        for earlier in reversed(statements[:position]):
            if _assigns(earlier, name):
                value = _literal_assignment(earlier, name)
                return value, per_loop
    return None, False


def _literal_assignment(stmt: cst.BaseStatement, name: str) -> int | None:
    if not isinstance(stmt, cst.SimpleStatementLine):
        return None
    for small in stmt.body:
        if isinstance(small, cst.Assign) and any(key_of(t.target) == name for t in small.targets):
            return _int(small.value)
        if isinstance(small, cst.AnnAssign) and key_of(small.target) == name and small.value is not None:
            return _int(small.value)
    return None


class _AssignFinder(cst.CSTVisitor):
    def __init__(self, name: str) -> None:
        self.name = name
        self.found = False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def _check(self, target: cst.BaseExpression) -> None:
        if isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self._check(element.value)
        elif key_of(target) == self.name:
            self.found = True

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._check(target.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._check(node.target)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._check(node.target)

    def visit_For(self, node: cst.For) -> None:
        self._check(node.target)

    def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
        self._check(node.target)

    def visit_WithItem(self, node: cst.WithItem) -> None:
        if node.asname is not None:
            self._check(node.asname.name)


def _assigns(node: cst.CSTNode, name: str) -> bool:
    finder = _AssignFinder(name)
    fast_visit(node, finder)
    return finder.found


def assigns(node: cst.CSTNode, name: str) -> bool:
    """`node` (a statement or block) binds `name` somewhere."""
    return _assigns(node, name)


def first_window(acc: Accumulation) -> int | None:
    """How many micro-batches the first window holds, when the counter is understood."""
    n = acc.periodic.n_value
    first = acc.counter.first
    if first is None:
        return None
    offset = acc.periodic.offset
    if n is not None:
        for size in range(1, n + 1):
            if (first + size - 1 + offset) % n == 0:
                return size
        return None
    # N is a name: the window is one micro-batch when (first + offset) is 0, N when it is 1
    value = first + offset
    if value == 0:
        return 1
    if value == 1:
        return -1  # "N": a full window
    return None


def window_is_full(acc: Accumulation) -> bool | None:
    size = first_window(acc)
    if size is None:
        return None
    return size == -1 or size == acc.periodic.n_value
