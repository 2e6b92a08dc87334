"""What a backward call backpropagates, and where the tensors of its graph come from.

Read-only facts for the rules about backward calls (GF003, GF004), built over the loop
model without changing it:

- `describe_backward`: the form of a backward call (`loss.backward(...)`,
  `scaler.scale(loss).backward(...)`, `accelerator.backward(loss, ...)`...), the loss
  expression it backpropagates and its `retain_graph`/`create_graph`/`inputs` arguments.
- `IterationFlow`: the assignments of one loop iteration in program order, each with the
  names it binds and reads and the compound statements it runs under. It answers "which
  statements computed this loss" (a backward slice through the assignments), "which names
  does the loss read that the iteration does not compute" (free names), and "is a name
  rebound between two statements".

Names are tracked by their root (`out` for `out.logits`, `self` for `self.x`); assigning
`out.x` or `out[k]` counts as rebinding `out`. That is coarse and errs on the side of
"related" / "rebound", which makes rules stay silent or withhold a fix.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Sequence

import libcst as cst

from gradfix.analysis.model import GradEvent, Loop
from gradfix.analysis.names import (
    dotted,
    is_false,
    is_true,
    method_name,
    positional,
    receiver,
)
from gradfix.analysis.walk import fast_visit

# Calls that compute on tensors or handle values, never run a model's forward.
_BUILTINS = {
    "print", "len", "range", "float", "int", "bool", "str", "sum", "abs", "min", "max", "list",
    "dict", "tuple", "set", "zip", "enumerate", "isinstance", "next", "iter", "round", "repr",
    "format", "sorted", "reversed", "any", "all", "getattr", "hasattr", "type", "id", "map",
}  # fmt: skip
_TENSOR_METHODS = {
    "mean", "sum", "pow", "sqrt", "abs", "exp", "log", "norm", "item", "detach", "clone", "to",
    "cuda", "cpu", "float", "double", "half", "long", "int", "bool", "view", "reshape", "flatten",
    "squeeze", "unsqueeze", "permute", "transpose", "contiguous", "size", "numel", "dim", "max",
    "min", "argmax", "argmin", "softmax", "log_softmax", "sigmoid", "tanh", "relu", "clamp",
    "masked_fill", "gather", "expand", "repeat", "mul", "add", "sub", "div", "matmul", "t",
    "type_as", "new_zeros", "new_ones", "zero_", "fill_", "append", "extend", "update", "get",
    "items", "keys", "values", "format", "join", "split", "chunk", "narrow", "index_select",
    "square", "neg", "reciprocal", "prod", "var", "std", "logsumexp", "cumsum", "bmm", "mm",
    "eq", "ne", "gt", "lt", "ge", "le", "all", "any", "float_", "numpy", "tolist", "requires_grad_",
    "info", "debug", "warning", "log_dict", "add_scalar", "set_postfix", "write",
}  # fmt: skip
_LIBRARY_ROOTS = {"torch", "F", "nn", "np", "numpy", "math", "functional", "random", "time", "os", "logging", "wandb"}
_GRAPH_FREE_TEXT = re.compile(r"\bdetach\b|\.item\(|\bno_grad\b|\.data\b|\.numpy\(|\.tolist\(")
_GRAD_HINT = re.compile(r"grad", re.I)
_GRAD_WORDS = {"requires_grad", "requires_grad_", "no_grad", "enable_grad", "set_grad_enabled"}


# ----------------------------------------------------------------------------- backward calls
@dataclass(frozen=True, eq=False)
class BackwardCall:
    """One backward call, as far as the rules about graphs need it."""

    call: cst.Call
    form: str  # "tensor": X.backward(...); "scaler": S.scale(X).backward(...); "argument": A.backward(X, ...)
    loss: cst.BaseExpression  # X
    retain: cst.Arg | None  # the argument passing retain_graph, if any
    retain_positional: bool  # retain_graph passed by position
    create: cst.Arg | None
    inputs: cst.Arg | None
    gradient: cst.Arg | None  # `gradient=` / a first positional argument of Tensor.backward
    others: tuple[cst.Arg, ...]  # any other argument (unknown keywords, *args, **kwargs)
    scaler: str | None = None  # the scaler's source text, scaler form only

    @property
    def retains(self) -> bool:
        return self.retain is not None and is_true(self.retain.value)

    @property
    def creates_graph(self) -> bool:
        return self.create is not None and not is_false(self.create.value)


def describe_backward(event: GradEvent) -> BackwardCall | None:
    """The backward call of a BACKWARD event, or None for a form the rules do not handle
    (torch.autograd.backward, DeepSpeed-style engines, `*args`)."""
    call = event.call
    if call is None or event.engine or method_name(call) not in ("backward", "manual_backward"):
        return None
    recv = receiver(call)
    if recv is None or any(arg.star for arg in call.args):
        return None
    if method_name(call) == "manual_backward" or (event.target is not None and event.loss is not recv):
        # accelerator.backward(loss, **kw), self.manual_backward(loss, **kw): keywords only
        args = positional(call)
        if len(args) != 1 or event.loss is not args[0].value:
            return None
        return _with_keywords(call, "argument", args[0].value, [a for a in call.args if a.keyword is not None])
    if isinstance(recv, cst.Call):
        if method_name(recv) != "scale" or len(recv.args) != 1 or recv.args[0].keyword is not None:
            return None
        scaler = receiver(recv)
        if scaler is None or dotted(scaler) is None:
            return None
        described = _tensor_backward(call, recv.args[0].value)
        if described is None:
            return None
        return BackwardCall(**{**described.__dict__, "form": "scaler", "scaler": dotted(scaler)})
    return _tensor_backward(call, recv)


def _tensor_backward(call: cst.Call, loss: cst.BaseExpression) -> BackwardCall | None:
    # Tensor.backward(gradient=None, retain_graph=None, create_graph=False, inputs=None)
    names = ("gradient", "retain_graph", "create_graph", "inputs")
    found: dict[str, cst.Arg] = {}
    others: list[cst.Arg] = []
    position = 0
    retain_positional = False
    for arg in call.args:
        if arg.keyword is None:
            if position >= len(names):
                return None
            found[names[position]] = arg
            retain_positional = retain_positional or position == 1
            position += 1
        elif arg.keyword.value in names:
            found[arg.keyword.value] = arg
        else:
            others.append(arg)
    gradient = found.get("gradient")
    if gradient is not None and isinstance(gradient.value, cst.Name) and gradient.value.value == "None":
        gradient = None
    return BackwardCall(
        call=call,
        form="tensor",
        loss=loss,
        retain=found.get("retain_graph"),
        retain_positional=retain_positional,
        create=found.get("create_graph"),
        inputs=found.get("inputs"),
        gradient=gradient,
        others=tuple(others),
    )


def _with_keywords(call: cst.Call, form: str, loss: cst.BaseExpression, keywords: Sequence[cst.Arg]) -> BackwardCall:
    found = {a.keyword.value: a for a in keywords if a.keyword is not None}
    known = ("retain_graph", "create_graph", "inputs", "gradient")
    return BackwardCall(
        call=call,
        form=form,
        loss=loss,
        retain=found.get("retain_graph"),
        retain_positional=False,
        create=found.get("create_graph"),
        inputs=found.get("inputs"),
        gradient=found.get("gradient"),
        others=tuple(a for a in keywords if a.keyword is not None and a.keyword.value not in known),
    )


# ----------------------------------------------------------------------------- names
class _Reads(cst.CSTVisitor):
    """Root names an expression reads, and which of them it reads as data (not as callee)."""

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.callees: set[int] = set()
        self.data: set[str] = set()
        self.forward_calls: list[cst.Call] = []

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_Call(self, node: cst.Call) -> None:
        root = _root(node.func)
        tensor_method = isinstance(node.func, cst.Attribute) and node.func.attr.value in _TENSOR_METHODS
        if root is not None and not tensor_method:
            self.callees.add(id(root))  # `model(x)`, `model.encoder(x)`: a module, not data
        if is_forward_call(node):
            self.forward_calls.append(node)

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        # `a.b.c`: only the root is a name we track; a method's receiver is data
        fast_visit(node.value, self)
        return False

    def visit_Arg(self, node: cst.Arg) -> bool:
        fast_visit(node.value, self)
        return False

    def visit_Name(self, node: cst.Name) -> None:
        self.names.add(node.value)
        if id(node) not in self.callees:
            self.data.add(node.value)


def _root(expr: cst.BaseExpression) -> cst.Name | None:
    """`model` for `model`, `model.encoder`; None for calls and subscripts in between."""
    while isinstance(expr, cst.Attribute):
        expr = expr.value
    return expr if isinstance(expr, cst.Name) else None


def reads_of(nodes: Iterable[cst.CSTNode]) -> _Reads:
    reads = _Reads()
    for node in nodes:
        fast_visit(node, reads)
    return reads


def is_forward_call(call: cst.Call) -> bool:
    """A call that may run a model's forward: a module or function we do not know as
    plain tensor arithmetic (`criterion(out, y)` and `model(x)` are; `x.mean()`,
    `torch.cat(...)`, `F.mse_loss(...)`, `print(...)` are not)."""
    func = call.func
    if isinstance(func, cst.Name):
        name = func.value
        return name not in _BUILTINS and not name[:1].isupper()
    if isinstance(func, cst.Attribute):
        root = _root(func)
        if root is not None and root.value in _LIBRARY_ROOTS:
            return False
        return func.attr.value not in _TENSOR_METHODS
    return True


def target_names(target: cst.BaseExpression) -> set[str]:
    if isinstance(target, (cst.Tuple, cst.List)):
        out: set[str] = set()
        for element in target.elements:
            out |= target_names(element.value)
        return out
    if isinstance(target, cst.StarredElement):
        return target_names(target.value)
    while isinstance(target, (cst.Attribute, cst.Subscript)):
        target = target.value
    return {target.value} if isinstance(target, cst.Name) else set()


# ----------------------------------------------------------------------------- the iteration
@dataclass(eq=False)
class Unit:
    """A simple statement, or the header of a compound one, in program order."""

    node: cst.CSTNode
    binds: set[str]
    reads: set[str]
    data: set[str]
    forward: bool  # holds a call that may run a forward
    augmented: bool  # `x += ...` only
    ancestors: tuple[int, ...]  # ids of the compound statements (inside the loop) around it
    value_text: str = ""
    stores: set[str] = field(default_factory=set)  # `self.h`, `state["x"]`: attribute/item targets


@dataclass
class Slice:
    units: list[Unit] = field(default_factory=list)  # statements the expression depends on
    free: set[str] = field(default_factory=set)  # names it reads that the iteration does not compute first
    free_data: set[str] = field(default_factory=set)  # ... read as data, not as a callee


_EMPTY = cst.Module(body=[])


class IterationFlow:
    """The assignments of one loop body, for slices and rebinding questions."""

    def __init__(self, loop: Loop) -> None:
        self.loop = loop
        self.units: list[Unit] = []
        self.index: dict[int, int] = {}  # id(statement) -> index of its unit
        self.loop_targets: set[str] = target_names(loop.target) if isinstance(loop, cst.For) else set()
        self._walk(loop.body, ())

    # building -------------------------------------------------------------------
    def _walk(self, suite: cst.BaseSuite, ancestors: tuple[int, ...]) -> None:
        if isinstance(suite, cst.SimpleStatementSuite):
            self._simple(suite, suite.body, ancestors)
            return
        for stmt in suite.body:  # type: ignore[attr-defined]
            self._statement(stmt, ancestors)

    def _statement(self, stmt: cst.BaseStatement, ancestors: tuple[int, ...]) -> None:
        inner = ancestors + (id(stmt),)
        if isinstance(stmt, cst.SimpleStatementLine):
            self._simple(stmt, stmt.body, ancestors)
        elif isinstance(stmt, cst.If):
            self._header(stmt, [stmt.test], set(), ancestors)
            self._walk(stmt.body, inner)
            orelse = stmt.orelse
            if isinstance(orelse, cst.If):
                self._statement(orelse, inner)
            elif isinstance(orelse, cst.Else):
                self._walk(orelse.body, inner)
        elif isinstance(stmt, cst.For):
            # the batches a loop hands out are data, whatever produces them
            self._add(stmt, target_names(stmt.target), [stmt.iter], ancestors, augmented=False, forward=False)
            self._walk(stmt.body, inner)
            if stmt.orelse is not None:
                self._walk(stmt.orelse.body, inner)
        elif isinstance(stmt, cst.While):
            self._header(stmt, [stmt.test], set(), ancestors)
            self._walk(stmt.body, inner)
            if stmt.orelse is not None:
                self._walk(stmt.orelse.body, inner)
        elif isinstance(stmt, cst.With):
            binds: set[str] = set()
            for item in stmt.items:
                if item.asname is not None:
                    binds |= target_names(item.asname.name)
            # a `with` block runs whenever the statement runs: same ancestors
            self._header(stmt, [item.item for item in stmt.items], binds, ancestors)
            self._walk(stmt.body, ancestors)
        elif isinstance(stmt, (cst.Try, cst.TryStar)):
            self._walk(stmt.body, inner)
            for handler in stmt.handlers:
                binds = {handler.name.name.value} if handler.name is not None and isinstance(handler.name.name, cst.Name) else set()
                self._header(handler, [], binds, inner)
                self._walk(handler.body, inner)
            if stmt.orelse is not None:
                self._walk(stmt.orelse.body, inner)
            if stmt.finalbody is not None:
                self._walk(stmt.finalbody.body, inner)
        elif isinstance(stmt, cst.Match):
            self._header(stmt, [stmt.subject], set(), ancestors)
            for case in stmt.cases:
                self._walk(case.body, inner)
        elif isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
            self._add(stmt, {stmt.name.value}, [], ancestors, augmented=False)

    def _header(self, stmt: cst.CSTNode, exprs: list[cst.CSTNode], binds: set[str], ancestors: tuple[int, ...]) -> None:
        self._add(stmt, binds, exprs, ancestors, augmented=False)

    def _simple(self, stmt: cst.CSTNode, body: Sequence[cst.BaseSmallStatement], ancestors: tuple[int, ...]) -> None:
        binds: set[str] = set()
        stores: set[str] = set()
        exprs: list[cst.CSTNode] = []
        augmented = True
        for small in body:
            if isinstance(small, cst.Assign):
                for target in small.targets:
                    binds |= target_names(target.target)
                    stores |= _stored_keys(target.target)
                    exprs.extend(_target_reads(target.target))
                if not _is_next_batch(small.value):  # `x, y = next(it)`: a batch, like a loop target
                    exprs.append(small.value)
                augmented = False
            elif isinstance(small, cst.AnnAssign):
                binds |= target_names(small.target)
                if small.value is not None:
                    exprs.append(small.value)
                augmented = False
            elif isinstance(small, cst.AugAssign):
                binds |= target_names(small.target)
                stores |= _stored_keys(small.target)
                exprs.extend([small.target, small.value])
            else:
                exprs.append(small)
                augmented = False
                walrus = _Walrus()
                fast_visit(small, walrus)
                binds |= walrus.names
        self._add(stmt, binds, exprs, ancestors, augmented=augmented and bool(binds))
        self.units[-1].stores = stores

    def _add(
        self,
        stmt: cst.CSTNode,
        binds: set[str],
        exprs: list[cst.CSTNode],
        ancestors: tuple[int, ...],
        augmented: bool,
        forward: bool | None = None,
    ) -> None:
        reads = reads_of(exprs)
        text = " ".join(_EMPTY.code_for_node(e) for e in exprs) if exprs else ""
        self.index[id(stmt)] = len(self.units)
        self.units.append(
            Unit(
                stmt,
                binds,
                reads.names,
                reads.data,
                bool(reads.forward_calls) if forward is None else forward,
                augmented,
                ancestors,
                text,
            )
        )

    # questions ------------------------------------------------------------------
    def position(self, statement: cst.CSTNode) -> int | None:
        return self.index.get(id(statement))

    def slice(self, expr: cst.BaseExpression, statement: cst.CSTNode) -> Slice:
        """The assignments before `statement` that `expr` (evaluated there) depends on.

        A name is resolved only by an assignment that runs whenever `statement` runs (its
        compound statements enclose `statement` too); one in another branch or an inner
        loop is followed, but the name stays free: it may hold a value of an earlier
        iteration.
        """
        end = self.position(statement)
        result = Slice()
        if end is None:
            return result
        reads = reads_of([expr])
        live = set(reads.names)  # names whose value at this point the expression needs
        data = set(reads.data)
        here = self.units[end].ancestors
        for index in range(end - 1, -1, -1):
            unit = self.units[index]
            hit = unit.binds & live
            if not hit:
                continue
            result.units.append(unit)
            if unit.ancestors == here[: len(unit.ancestors)] and not unit.augmented:
                live -= hit  # found the value; `x = f(x)` reads an older x again below
            live |= unit.reads
            data |= unit.data
        result.free = live - self.loop_targets
        result.free_data = result.free & data
        result.units.reverse()
        return result

    def bound_between(self, names: set[str], start: cst.CSTNode, end: cst.CSTNode) -> set[str]:
        """Names among `names` that statements strictly between `start` and `end` bind."""
        first, last = self.position(start), self.position(end)
        if first is None or last is None:
            return set(names)
        out: set[str] = set()
        for unit in self.units[first + 1 : last]:
            out |= unit.binds & names
        return out

    def between(self, start: cst.CSTNode, end: cst.CSTNode) -> list[Unit]:
        first, last = self.position(start), self.position(end)
        if first is None or last is None:
            return []
        return self.units[first + 1 : last]

    def bound_in_iteration(self, name: str) -> list[Unit]:
        return [u for u in self.units if name in u.binds]


class ScopeFlow(IterationFlow):
    """Every assignment of a function body (or a module), and of the module around it."""

    def __init__(self, scope: cst.CSTNode, module: cst.Module) -> None:  # noqa: D107
        self.units = []
        self.index = {}
        self.loop_targets = set()
        body = scope.body if isinstance(scope, cst.FunctionDef) else scope
        self._walk(body, ())  # type: ignore[arg-type]
        if scope is not module:
            self._walk(module, ())  # type: ignore[arg-type]
        self.bindings: dict[str, list[Unit]] = {}
        for unit in self.units:
            for name in unit.binds:
                self.bindings.setdefault(name, []).append(unit)

    def binding(self, name: str) -> list[Unit]:
        return self.bindings.get(name, [])


def _stored_keys(target: cst.BaseExpression) -> set[str]:
    if isinstance(target, (cst.Tuple, cst.List)):
        return {k for element in target.elements for k in _stored_keys(element.value)}
    if isinstance(target, cst.StarredElement):
        return _stored_keys(target.value)
    if isinstance(target, (cst.Attribute, cst.Subscript)):
        return {_EMPTY.code_for_node(target).replace(" ", "")}
    return set()


def _target_reads(target: cst.BaseExpression) -> list[cst.BaseExpression]:
    """`out[k] = v` and `out.x = v` read `out` (and `k`); `a, b = v` reads nothing."""
    if isinstance(target, (cst.Tuple, cst.List)):
        return [r for element in target.elements for r in _target_reads(element.value)]
    if isinstance(target, cst.StarredElement):
        return _target_reads(target.value)
    if isinstance(target, (cst.Attribute, cst.Subscript)):
        return [target]
    return []


def _is_next_batch(value: cst.BaseExpression) -> bool:
    return isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value == "next"


class _Walrus(cst.CSTVisitor):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
        self.names |= target_names(node.target)


def graph_free_text(text: str) -> bool:
    """The value is detached, a Python number, or computed without autograd."""
    return bool(_GRAPH_FREE_TEXT.search(text))


def mentions_gradients(nodes: Iterable[cst.CSTNode]) -> bool:
    """A name or attribute that says `grad` (`.grad`, `grad_norm(...)`, `get_grads()`) or a
    call handing over parameters: something may read the gradients accumulated so far."""
    finder = _GradMentions()
    for node in nodes:
        fast_visit(node, finder)
    return finder.found


class _GradMentions(cst.CSTVisitor):
    def __init__(self) -> None:
        self.found = False

    def visit_Arg(self, node: cst.Arg) -> bool:
        fast_visit(node.value, self)  # keyword names (`retain_graph=`, `requires_grad=`) say nothing
        return False

    def visit_Name(self, node: cst.Name) -> None:
        if _GRAD_HINT.search(node.value) and node.value not in _GRAD_WORDS:
            self.found = True

    def visit_Call(self, node: cst.Call) -> None:
        if method_name(node) in ("parameters", "named_parameters"):
            self.found = True
