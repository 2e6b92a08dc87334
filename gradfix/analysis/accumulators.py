"""Where a training iteration accumulates a loss *tensor* into something that outlives it.

`running_loss += loss`, `total = total + loss` and `losses.append(loss)` keep a reference
to each step's loss, and through its `grad_fn` to that step's whole autograd graph. When
the accumulator is bound outside the iteration (not reset in it), every step's graph stays
alive and memory grows with the step count.

This module reads the training-loop model (the loop node, its owned BACKWARD events) and
the statements of one iteration in program order. It only reports what it can see:

* a *loss tensor* is a name backpropagated in the iteration, or assigned from a loss call
  (`criterion(...)`, `F.cross_entropy(...)`, `loss_fn(...)`), or an arithmetic expression
  over those, at the point of the accumulation (a later `loss = loss.item()` is seen);
* `loss.item()`, `loss.detach()`, `float(loss)`, `loss.cpu().item()` and any call we do
  not know to keep the graph are not graph-holding;
* statements under `torch.no_grad()`/`torch.inference_mode()` hold no graph;
* an accumulator reset unconditionally in the iteration (`loss = 0` then `loss += term`)
  or backpropagated itself (it *is* the loss) is not an accumulation across steps.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterator

import libcst as cst

from gradfix.analysis.model import EventKind, TrainingLoop
from gradfix.analysis.names import (
    call_name,
    dotted,
    key_of,
    method_name,
    receiver,
    root_name,
)
from gradfix.analysis.walk import fast_visit

# Methods that return a tensor still attached to the same graph.
GRAPH_KEEPING_METHODS = {
    "float", "double", "half", "bfloat16", "mean", "sum", "to", "cpu", "cuda", "clone", "view",
    "reshape", "squeeze", "unsqueeze", "abs", "sqrt", "exp", "pow", "mul", "add", "div", "sub",
    "type_as", "contiguous", "flatten", "neg",
}  # fmt: skip
# Calls whose value is a fresh loss tensor (the callee's last name).
_LOSS_CALL = re.compile(r"^(criterion|crit|loss|lossfn|loss_?fn|loss_?func(tion)?)$|_(criterion|loss|loss_?fn)$", re.I)
# ...unless the name says it evaluates or measures (`evaluate_loss(...)` returns a number)
_NOT_A_TRAINING_LOSS = re.compile(r"eval|valid|val_|test|metric|log_|score|accuracy", re.I)
_FUNCTIONAL_LOSSES = {
    "cross_entropy", "binary_cross_entropy", "binary_cross_entropy_with_logits", "nll_loss",
    "mse_loss", "l1_loss", "smooth_l1_loss", "huber_loss", "kl_div", "cosine_embedding_loss",
    "margin_ranking_loss", "triplet_margin_loss", "ctc_loss", "poisson_nll_loss", "gaussian_nll_loss",
}  # fmt: skip
_DETACHING = {"item", "detach", "tolist", "numpy", "data"}
_NO_GRAD = {"no_grad", "inference_mode"}


@dataclass(eq=False)
class Accumulation:
    """One statement that adds a graph-holding loss into an accumulator outliving the step."""

    loop: TrainingLoop
    statement: cst.SimpleStatementLine  # the line to edit
    node: cst.BaseSmallStatement  # the AugAssign / Assign / Expr(append) itself
    accumulator: str  # key of the accumulator: running_loss, self.total, stats["loss"]
    refs: list[cst.BaseExpression] = field(default_factory=list)  # graph-holding parts of the value


@dataclass
class _Line:
    small: cst.BaseSmallStatement
    statement: cst.SimpleStatementLine
    conditional: bool
    no_grad: bool


def _is_no_grad(item: cst.WithItem, qualify) -> bool:  # type: ignore[no-untyped-def]
    expr = item.item
    if isinstance(expr, cst.Call):
        name = qualify(call_name(expr)) or ""
        last = name.rsplit(".", 1)[-1]
        if last in _NO_GRAD:
            return True
        if last == "set_grad_enabled" and expr.args and dotted(expr.args[0].value) == "False":
            return True
    return False


class _Flattener:
    """The simple statements of one iteration, in program order, skipping nested training loops."""

    def __init__(self, skip: set[int], qualify) -> None:  # type: ignore[no-untyped-def]
        self.skip = skip
        self.qualify = qualify
        self.lines: list[_Line] = []

    def block(self, suite: cst.BaseSuite, conditional: bool, no_grad: bool) -> None:
        if isinstance(suite, cst.SimpleStatementSuite):
            return  # one-line bodies: too little to go on; nothing recorded
        for stmt in suite.body:
            self.statement(stmt, conditional, no_grad)

    def statement(self, stmt: cst.BaseStatement, conditional: bool, no_grad: bool) -> None:
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                self.lines.append(_Line(small, stmt, conditional, no_grad))
        elif isinstance(stmt, (cst.For, cst.While)):
            if id(stmt) in self.skip:
                return
            self.block(stmt.body, True, no_grad)
            if stmt.orelse is not None:
                self.block(stmt.orelse.body, True, no_grad)
        elif isinstance(stmt, cst.If):
            self.block(stmt.body, True, no_grad)
            if isinstance(stmt.orelse, cst.If):
                self.statement(stmt.orelse, True, no_grad)
            elif isinstance(stmt.orelse, cst.Else):
                self.block(stmt.orelse.body, True, no_grad)
        elif isinstance(stmt, cst.With):
            inner = no_grad or any(_is_no_grad(item, self.qualify) for item in stmt.items)
            self.block(stmt.body, conditional, inner)
        elif isinstance(stmt, (cst.Try, cst.TryStar)):
            self.block(stmt.body, conditional, no_grad)
            for handler in stmt.handlers:
                self.block(handler.body, True, no_grad)
            if stmt.orelse is not None:
                self.block(stmt.orelse.body, True, no_grad)
            if stmt.finalbody is not None:
                self.block(stmt.finalbody.body, conditional, no_grad)
        elif isinstance(stmt, cst.Match):
            for case in stmt.cases:
                self.block(case.body, True, no_grad)
        # function and class definitions run nothing here


def _is_detaching(value: cst.BaseExpression) -> bool:
    """`x.item()`, `x.detach()`, `float(x)`, a number: a value with no graph."""
    if isinstance(value, (cst.Integer, cst.Float, cst.SimpleString, cst.FormattedString)):
        return True
    if isinstance(value, cst.Attribute) and value.attr.value in _DETACHING:
        return True
    if isinstance(value, cst.Call):
        method = method_name(value)
        if method in _DETACHING:
            return True
        name = call_name(value)
        if name in ("float", "int", "round", "str", "bool"):
            return True
    return False


def _mentions(node: cst.CSTNode, names: set[str]) -> bool:
    class _Find(cst.CSTVisitor):
        hit = False

        def visit_Name(self, n: cst.Name) -> None:
            if n.value in names:
                self.hit = True

    finder = _Find()
    fast_visit(node, finder)
    return finder.hit


class _State:
    def __init__(self, qualify, backpropagated: set[str]) -> None:  # type: ignore[no-untyped-def]
        self.qualify = qualify
        self.backpropagated = backpropagated
        self.graph: set[str] = set()

    def is_loss_call(self, expr: cst.BaseExpression) -> bool:
        if not isinstance(expr, cst.Call):
            return False
        name = call_name(expr)
        if name is None:
            return False
        last = name.rsplit(".", 1)[-1]
        qualified = self.qualify(name) or ""
        known = last in _FUNCTIONAL_LOSSES and ("functional" in qualified or qualified.startswith("F."))
        if not (known or _LOSS_CALL.search(last)):
            return False
        if not known and _NOT_A_TRAINING_LOSS.search(last):
            return False
        # a loss computed from detached inputs holds no graph
        return not any(_DETACHED_INPUT.search(cst.Module(body=[]).code_for_node(a.value)) for a in expr.args)

    def refs(self, expr: cst.BaseExpression) -> list[cst.BaseExpression]:
        """The parts of `expr` that carry a loss graph into its value."""
        if isinstance(expr, cst.Name):
            return [expr] if expr.value in self.graph else []
        if isinstance(expr, cst.BinaryOperation):
            return self.refs(expr.left) + self.refs(expr.right)
        if isinstance(expr, cst.UnaryOperation):
            return self.refs(expr.expression)
        if isinstance(expr, cst.Subscript):
            return self.refs(expr.value)
        if isinstance(expr, cst.Call):
            if self.is_loss_call(expr):
                return [expr]
            method = method_name(expr)
            recv = receiver(expr)
            if method in GRAPH_KEEPING_METHODS and recv is not None:
                return self.refs(recv)
        return []

    def assign(self, name: str, value: cst.BaseExpression | None, no_grad: bool) -> None:
        if value is None or no_grad or _is_detaching(value):
            self.graph.discard(name)
        elif self.refs(value) or (name in self.backpropagated and not isinstance(value, (cst.Integer, cst.Float))):
            self.graph.add(name)
        else:
            self.graph.discard(name)


def _code(node: cst.CSTNode) -> str:
    return re.sub(r"\s+", "", cst.Module(body=[]).code_for_node(node))


_DETACHED_INPUT = re.compile(r"\.detach\(\)|\.item\(\)|\.data\b")


def _targets(small: cst.BaseSmallStatement) -> list[cst.BaseExpression]:
    if isinstance(small, cst.Assign):
        return [t.target for t in small.targets]
    if isinstance(small, (cst.AnnAssign, cst.AugAssign)):
        return [small.target]
    return []


def _backward_names(loop: TrainingLoop, owned: set[int]) -> set[str]:
    names: set[str] = set()
    for event in loop.events:
        if event.kind is EventKind.BACKWARD and event.direct and id(event) in owned and event.loss is not None:
            collector = _NameCollector()
            fast_visit(event.loss, collector)
            names |= collector.names
    return names


class _NameCollector(cst.CSTVisitor):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_Name(self, node: cst.Name) -> None:
        self.names.add(node.value)


class _Scope(cst.CSTVisitor):
    """Names bound outside the loop, and what flows into any `.backward()` of the scope."""

    def __init__(self, loop: cst.CSTNode) -> None:
        self.loop = loop
        self.depth = 0
        self.bound_outside: set[str] = set()
        self.assignments: list[tuple[set[str], set[str], str]] = []  # (targets, names read, value text)
        self.backward_calls: list[tuple[set[str], str]] = []  # (names read, text)

    def on_visit(self, node: cst.CSTNode) -> bool:
        if node is self.loop:
            self.depth += 1
        if isinstance(node, (cst.Assign, cst.AnnAssign, cst.AugAssign)):
            targets = {root_name(key_of(t)) for t in _targets(node)}
            value = node.value
            read: set[str] = set()
            text = ""
            if value is not None:
                collector = _NameCollector()
                fast_visit(value, collector)
                read = collector.names
                text = _code(value)
            self.assignments.append((targets, read, text))
            if self.depth == 0 and not isinstance(node, cst.AugAssign):
                self.bound_outside |= {key_of(t) for t in _targets(node)} | targets
        if isinstance(node, cst.Call) and method_name(node) in ("backward", "manual_backward"):
            collector = _NameCollector()
            recv = receiver(node)
            if recv is not None:
                fast_visit(recv, collector)
            for arg in node.args:
                fast_visit(arg.value, collector)
            self.backward_calls.append((collector.names, _code(node)))
        return not isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)) or node is self.root

    def on_leave(self, original_node: cst.CSTNode) -> None:
        if original_node is self.loop:
            self.depth -= 1

    root: cst.CSTNode | None = None


def _parameters(function: cst.FunctionDef) -> set[str]:
    params = function.params
    names = {p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)}
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            names.add(star.name.value)
    return names


def _feeds_backward(accumulator: str, scope: _Scope) -> bool:
    """Whether the accumulator flows (through assignments) into a `.backward()` call."""
    feeding_names: set[str] = set()
    feeding_keys: set[str] = set()
    if "." in accumulator or "[" in accumulator:
        feeding_keys.add(accumulator)
    else:
        feeding_names.add(accumulator)

    def reads(names: set[str], text: str) -> bool:
        return bool(names & feeding_names) or any(key in text for key in feeding_keys)

    changed = True
    while changed:
        changed = False
        for targets, read, text in scope.assignments:
            if reads(read, text) and not targets <= feeding_names:
                feeding_names |= targets
                changed = True
    return any(reads(names, text) for names, text in scope.backward_calls)


def find_accumulations(
    loop: TrainingLoop, training_loops: set[int], qualify, module: cst.Module  # type: ignore[no-untyped-def]
) -> Iterator[Accumulation]:
    """Accumulations of loss tensors across iterations of `loop`."""
    function = loop.function
    if function is not None and any(_decorator_no_grad(d, qualify) for d in function.decorators):
        return
    skip = {lp for lp in training_loops if lp != id(loop.node)}
    flattener = _Flattener(skip, qualify)
    flattener.block(loop.node.body, False, False)
    owned = {id(e) for e in loop.events if loop.owns(e, training_loops)}
    backpropagated = _backward_names(loop, owned)
    scope = _Scope(loop.node)
    scope.root = function if function is not None else module
    fast_visit((function if function is not None else module), scope)
    if function is not None:
        scope.bound_outside |= _parameters(function)
    resets = _resets(flattener.lines)
    state = _State(qualify, backpropagated)
    for line in flattener.lines:
        small = line.small
        found = _accumulation(small, state)
        if found is not None and not line.no_grad:
            accumulator, refs = found
            if _outlives_iteration(accumulator, resets, scope, backpropagated):
                yield Accumulation(loop, line.statement, small, accumulator, refs)
        # update what each name holds after this statement
        if isinstance(small, cst.Assign):
            for target in small.targets:
                _bind(target.target, small.value, state, line.no_grad)
        elif isinstance(small, cst.AnnAssign):
            _bind(small.target, small.value, state, line.no_grad)
        elif isinstance(small, cst.AugAssign) and isinstance(small.target, cst.Name):
            name = small.target.value
            if not line.no_grad and (name in state.graph or state.refs(small.value)):
                state.graph.add(name)


def _bind(target: cst.BaseExpression, value: cst.BaseExpression | None, state: _State, no_grad: bool) -> None:
    if isinstance(target, cst.Name):
        state.assign(target.value, value, no_grad)
    elif isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            _bind(element.value, None, state, no_grad)


def _decorator_no_grad(decorator: cst.Decorator, qualify) -> bool:  # type: ignore[no-untyped-def]
    expr = decorator.decorator
    if isinstance(expr, cst.Call):
        expr = expr.func
    name = qualify(dotted(expr)) or ""
    return name.rsplit(".", 1)[-1] in _NO_GRAD


def _accumulation(small: cst.BaseSmallStatement, state: _State) -> tuple[str, list[cst.BaseExpression]] | None:
    if isinstance(small, cst.AugAssign) and isinstance(small.operator, (cst.AddAssign, cst.SubtractAssign)):
        refs = state.refs(small.value)
        if refs and isinstance(small.target, (cst.Name, cst.Attribute, cst.Subscript)):
            return key_of(small.target), refs
        return None
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        target = small.targets[0].target
        value = small.value
        if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, (cst.Add, cst.Subtract)):
            key = key_of(target)
            for own, other in ((value.left, value.right), (value.right, value.left)):
                if key_of(own) == key and isinstance(own, (cst.Name, cst.Attribute, cst.Subscript)):
                    refs = state.refs(other)
                    if refs:
                        return key, refs
        return None
    if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
        call = small.value
        recv = receiver(call)
        if method_name(call) == "append" and recv is not None and len(call.args) == 1 and dotted(recv) is not None:
            refs = state.refs(call.args[0].value)
            if refs:
                return key_of(recv), refs
    return None


def _resets(lines: list[_Line]) -> set[str]:
    """Keys (and root names) bound afresh, unconditionally, in every iteration."""
    reset: set[str] = set()
    for line in lines:
        if line.conditional:
            continue
        small = line.small
        targets: list[cst.BaseExpression] = []
        value: cst.BaseExpression | None = None
        if isinstance(small, cst.Assign):
            targets = [t.target for t in small.targets]
            value = small.value
        elif isinstance(small, cst.AnnAssign):
            targets = [small.target]
            value = small.value
        for target in targets:
            keys = _flat_keys(target)
            if value is not None and any(_mentions(value, {root_name(k)}) for k in keys):
                continue  # total = total + loss: not a reset
            reset |= set(keys)
    return reset


def _flat_keys(target: cst.BaseExpression) -> list[str]:
    if isinstance(target, (cst.Tuple, cst.List)):
        return [k for e in target.elements for k in _flat_keys(e.value)]
    return [key_of(target)]


def _outlives_iteration(accumulator: str, resets: set[str], scope: _Scope, backpropagated: set[str]) -> bool:
    root = root_name(accumulator)
    if accumulator in resets or root in resets:
        return False
    if root in backpropagated or _feeds_backward(accumulator, scope):
        return False  # the accumulator is (part of) the loss being backpropagated
    if root != "self" and root not in scope.bound_outside and accumulator not in scope.bound_outside:
        return False  # we cannot see where it lives
    return True
