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

from gradfix import syntax as ast
import re

from gradfix.analysis.model import GradEvent, Loop
from gradfix.analysis.names import (
    dotted,
    is_false,
    is_true,
    method_name,
    positional,
    receiver,
    walk_expression,
)
from gradfix.patterns import lazily
from gradfix.records import dataclass, field
from gradfix.source import (
    DEFINITIONS,
    FOR_LOOPS,
    MATCH,
    TRIES,
    WITHS,
    Source,
)

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterable

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
_GRAPH_FREE_TEXT = lazily(r"\bdetach\b|\.item\(|\bno_grad\b|\.data\b|\.numpy\(|\.tolist\(")
_GRAD_HINT = lazily(r"grad", re.I)
_GRAD_WORDS = {"requires_grad", "requires_grad_", "no_grad", "enable_grad", "set_grad_enabled"}


# ----------------------------------------------------------------------------- backward calls
@dataclass(frozen=True, eq=False)
class Argument:
    """One argument of a call: its value, its keyword (None: positional) and its index in the
    call's arguments as written."""

    value: ast.expr
    keyword: str | None
    node: ast.AST  # the ast.keyword for a keyword argument, else the value


@dataclass(frozen=True, eq=False)
class BackwardCall:
    """One backward call, as far as the rules about graphs need it."""

    call: ast.Call
    form: str  # "tensor": X.backward(...); "scaler": S.scale(X).backward(...); "argument": A.backward(X, ...)
    loss: ast.expr  # X
    retain: Argument | None  # the argument passing retain_graph, if any
    retain_positional: bool  # retain_graph passed by position
    create: Argument | None
    inputs: Argument | None
    gradient: Argument | None  # `gradient=` / a first positional argument of Tensor.backward
    others: tuple[Argument, ...]  # any other argument (unknown keywords, *args, **kwargs)
    scaler: str | None = None  # the scaler's source text, scaler form only

    @property
    def retains(self) -> bool:
        return self.retain is not None and is_true(self.retain.value)

    @property
    def creates_graph(self) -> bool:
        return self.create is not None and not is_false(self.create.value)


def describe_backward(event: GradEvent, engine: bool = False, methods: bool = False) -> BackwardCall | None:
    """The backward call of a BACKWARD event, or None for a form the rules do not handle
    (torch.autograd.backward, DeepSpeed-style engines unless `engine` says the caller knows
    the engine's `backward(loss, retain_graph=...)`, `*args`). `methods`: a method's or a
    module function's result is described as the loss too (`F.cross_entropy(out, y).backward()`,
    `out.pow(2).mean().backward()`), for a caller that judges such a loss itself."""
    call = event.call
    if call is None or (event.engine and not engine) or method_name(call) not in ("backward", "manual_backward"):
        return None
    recv = receiver(call)
    if recv is None or any(isinstance(a, ast.Starred) for a in call.args) or _spread_keywords(call) is None:
        return None
    if (dotted(recv) or "").rsplit(".", 1)[-1] == "autograd":
        return None  # `torch.autograd.backward(tensors)`: not a tensor's method
    if method_name(call) == "manual_backward" or (event.target is not None and event.loss is not recv):
        # accelerator.backward(loss, **kw), self.manual_backward(loss, **kw): keywords only
        args = positional(call)
        if len(args) != 1 or event.loss is not args[0]:
            return None
        return _with_keywords(call, "argument", args[0])
    if isinstance(recv, ast.Call) and method_name(recv) != "scale" and not isinstance(recv.func, ast.Attribute):
        # `bce(scores, ones).backward()`: a loss computed where it is backpropagated (not a
        # method's result such as `model(x).sum()`, nor a scaler's)
        return _tensor_backward(call, recv)
    if isinstance(recv, ast.Call) and methods and method_name(recv) != "scale":
        return _tensor_backward(call, recv)
    if isinstance(recv, ast.Call):
        if method_name(recv) != "scale" or len(recv.args) != 1 or recv.keywords or isinstance(recv.args[0], ast.Starred):
            return None
        scaler = receiver(recv)
        if scaler is None or dotted(scaler) is None:
            return None
        described = _tensor_backward(call, recv.args[0])
        if described is None:
            return None
        return BackwardCall(**{**described.__dict__, "form": "scaler", "scaler": dotted(scaler)})
    return _tensor_backward(call, recv)


def describe_autograd_backward(event: GradEvent) -> BackwardCall | None:
    """`torch.autograd.backward(loss, retain_graph=...)` on one tensor, its other arguments given
    by keyword (`torch.autograd.backward(tensors, grad_tensors, retain_graph, ...)` by position
    is not described)."""
    call = event.call
    if call is None or event.engine or event.target is not None or event.loss is None:
        return None
    if not (isinstance(call.func, ast.Name) or (dotted(call.func) or "").endswith("autograd.backward")):
        return None  # (a bare name: the function imported under that name)
    loss = event.loss
    if isinstance(loss, (ast.List, ast.Tuple)) and len(loss.elts) == 1:
        loss = loss.elts[0]  # `torch.autograd.backward([loss], ...)`: that one tensor
    if len(call.args) != 1 or call.args[0] is not event.loss or isinstance(loss, (ast.List, ast.Tuple, ast.Starred)):
        return None
    keywords = _spread_keywords(call)
    if keywords is None or any(name in ("grad_tensors", "grad_variables", "tensors") for name, _, _ in keywords):
        return None
    return _with_keywords(call, "argument", loss)


def _tensor_backward(call: ast.Call, loss: ast.expr) -> BackwardCall | None:
    # Tensor.backward(gradient=None, retain_graph=None, create_graph=False, inputs=None)
    names = ("gradient", "retain_graph", "create_graph", "inputs")
    found: dict[str, Argument] = {}
    others: list[Argument] = []
    retain_positional = False
    if len(call.args) > len(names):
        return None
    for position, arg in enumerate(call.args):
        found[names[position]] = Argument(arg, None, arg)
        retain_positional = retain_positional or position == 1
    for name, value, node in _spread_keywords(call) or ():
        if name in names:
            found[name] = Argument(value, name, node)
        else:
            others.append(Argument(value, name, node))
    gradient = found.get("gradient")
    if gradient is not None and isinstance(gradient.value, ast.Constant) and gradient.value.value is None:
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


def _spread_keywords(call: ast.Call) -> list[tuple[str, ast.expr, ast.AST]] | None:
    """The call's keyword arguments as (name, value, node), a `**{"retain_graph": True}` of a
    dict literal with string keys read as the keywords it spreads (the node of its one entry is
    the `**` argument itself; of an entry among several, the key, which no edit removes alone);
    None when a `**` argument is anything else (`**kwargs`) or a name is given twice."""
    spread: list[tuple[str, ast.expr, ast.AST]] = []
    for kw in call.keywords:
        if kw.arg is not None:
            spread.append((kw.arg, kw.value, kw))
            continue
        value = kw.value
        if not isinstance(value, ast.Dict) or not all(isinstance(k, ast.Constant) and isinstance(k.value, str) for k in value.keys):
            return None
        for key, item in zip(value.keys, value.values):
            spread.append((key.value, item, kw if len(value.keys) == 1 else key))  # type: ignore[union-attr]
    if len({name for name, _, _ in spread}) != len(spread):
        return None
    return spread


def _with_keywords(call: ast.Call, form: str, loss: ast.expr) -> BackwardCall:
    found = {name: Argument(value, name, node) for name, value, node in _spread_keywords(call) or ()}
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
        others=tuple(a for k, a in found.items() if k not in known),
    )


# ----------------------------------------------------------------------------- names
@dataclass
class Reads:
    """Root names an expression reads, and which of them it reads as data (not as callee)."""

    names: set[str] = field(default_factory=set)
    data: set[str] = field(default_factory=set)
    forward_calls: list[ast.Call] = field(default_factory=list)


def _root(expr: ast.AST) -> ast.Name | None:
    """`model` for `model`, `model.encoder`; None for calls and subscripts in between."""
    while isinstance(expr, ast.Attribute):
        expr = expr.value
    return expr if isinstance(expr, ast.Name) else None


def reads_of(nodes: Iterable[ast.AST]) -> Reads:
    reads = Reads()
    callees: set[int] = set()
    for node in nodes:
        for sub in walk_expression(node):
            if isinstance(sub, ast.Call):
                root = _root(sub.func)
                tensor_method = isinstance(sub.func, ast.Attribute) and sub.func.attr in _TENSOR_METHODS
                if root is not None and not tensor_method:
                    callees.add(id(root))  # `model(x)`, `model.encoder(x)`: a module, not data
                if is_forward_call(sub):
                    reads.forward_calls.append(sub)
            elif isinstance(sub, ast.Name):
                reads.names.add(sub.id)
                if id(sub) not in callees:
                    reads.data.add(sub.id)
    return reads


def is_forward_call(call: ast.Call) -> bool:
    """A call that may run a model's forward: a module or function we do not know as
    plain tensor arithmetic (`criterion(out, y)` and `model(x)` are; `x.mean()`,
    `torch.cat(...)`, `F.mse_loss(...)`, `print(...)` are not)."""
    func = call.func
    if isinstance(func, ast.Name):
        name = func.id
        # a capitalised name builds an object of a class (`Net(...)`); one or two capitals are
        # models as GAN code names them (`G(z)`, `D(fake)`)
        return name not in _BUILTINS and (not name[:1].isupper() or (len(name) <= 2 and name.isupper()))
    if isinstance(func, ast.Attribute):
        root = _root(func)
        if root is not None and root.id in _LIBRARY_ROOTS:
            return False
        return func.attr not in _TENSOR_METHODS
    return True


def target_names(target: ast.AST) -> set[str]:
    if isinstance(target, (ast.Tuple, ast.List)):
        out: set[str] = set()
        for element in target.elts:
            out |= target_names(element)
        return out
    if isinstance(target, ast.Starred):
        return target_names(target.value)
    while isinstance(target, (ast.Attribute, ast.Subscript)):
        target = target.value
    return {target.id} if isinstance(target, ast.Name) else set()


# ----------------------------------------------------------------------------- the iteration
@dataclass(eq=False)
class Unit:
    """A simple statement, or the header of a compound one, in program order."""

    node: ast.AST
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


class IterationFlow:
    """The assignments of one loop body, for slices and rebinding questions."""

    def __init__(self, loop: Loop, source: Source) -> None:
        self.loop = loop
        self.source = source
        self.units: list[Unit] = []
        self.index: dict[int, int] = {}  # id(statement) -> index of its unit
        self.loop_targets: set[str] = target_names(loop.target) if isinstance(loop, FOR_LOOPS) else set()
        self._walk(loop.body, ())

    # building -------------------------------------------------------------------
    def _walk(self, suite: list[ast.stmt], ancestors: tuple[int, ...]) -> None:
        for stmt in suite:
            self._statement(stmt, ancestors)

    def _statement(self, stmt: ast.stmt, ancestors: tuple[int, ...]) -> None:
        inner = ancestors + (id(stmt),)
        if isinstance(stmt, ast.If):
            self._add(stmt, set(), [stmt.test], ancestors, augmented=False)
            self._walk(stmt.body, inner)
            self._walk(stmt.orelse, inner)
        elif isinstance(stmt, FOR_LOOPS):
            # the batches a loop hands out are data, whatever produces them
            self._add(stmt, target_names(stmt.target), [stmt.iter], ancestors, augmented=False, forward=False)
            self._walk(stmt.body, inner)
            self._walk(stmt.orelse, inner)
        elif isinstance(stmt, ast.While):
            self._add(stmt, set(), [stmt.test], ancestors, augmented=False)
            self._walk(stmt.body, inner)
            self._walk(stmt.orelse, inner)
        elif isinstance(stmt, WITHS):
            binds: set[str] = set()
            for item in stmt.items:
                if item.optional_vars is not None:
                    binds |= target_names(item.optional_vars)
            # a `with` block runs whenever the statement runs: same ancestors
            self._add(stmt, binds, [item.context_expr for item in stmt.items], ancestors, augmented=False)
            self._walk(stmt.body, ancestors)
        elif isinstance(stmt, TRIES):
            self._walk(stmt.body, inner)
            for handler in stmt.handlers:
                binds = {handler.name} if handler.name else set()
                self._add(handler, binds, [], inner, augmented=False)
                self._walk(handler.body, inner)
            self._walk(stmt.orelse, inner)
            self._walk(stmt.finalbody, inner)
        elif isinstance(stmt, MATCH):
            self._add(stmt, set(), [stmt.subject], ancestors, augmented=False)
            for case in stmt.cases:
                self._walk(case.body, inner)
        elif isinstance(stmt, DEFINITIONS):
            self._add(stmt, {stmt.name}, [], ancestors, augmented=False)
        else:
            self._simple(stmt, ancestors)

    def _simple(self, small: ast.stmt, ancestors: tuple[int, ...]) -> None:
        binds: set[str] = set()
        stores: set[str] = set()
        exprs: list[ast.AST] = []
        augmented = False
        if isinstance(small, ast.Assign):
            for target in small.targets:
                binds |= target_names(target)
                stores |= self._stored_keys(target)
                exprs.extend(_target_reads(target))
            if not _is_next_batch(small.value):  # `x, y = next(it)`: a batch, like a loop target
                exprs.append(small.value)
        elif isinstance(small, ast.AnnAssign):
            binds |= target_names(small.target)
            if small.value is not None:
                exprs.append(small.value)
        elif isinstance(small, ast.AugAssign):
            binds |= target_names(small.target)
            stores |= self._stored_keys(small.target)
            exprs.extend([small.target, small.value])
            augmented = True
        else:
            exprs.append(small)
            for node in walk_expression(small):
                if isinstance(node, ast.NamedExpr):
                    binds |= target_names(node.target)
        self._add(small, binds, exprs, ancestors, augmented=augmented and bool(binds))
        self.units[-1].stores = stores

    def _stored_keys(self, target: ast.AST) -> set[str]:
        if isinstance(target, (ast.Tuple, ast.List)):
            return {k for element in target.elts for k in self._stored_keys(element)}
        if isinstance(target, ast.Starred):
            return self._stored_keys(target.value)
        if isinstance(target, (ast.Attribute, ast.Subscript)):
            return {self.source.segment(target).replace(" ", "")}
        return set()

    def _add(
        self,
        stmt: ast.AST,
        binds: set[str],
        exprs: list[ast.AST],
        ancestors: tuple[int, ...],
        augmented: bool,
        forward: bool | None = None,
    ) -> None:
        reads = reads_of(exprs)
        text = " ".join(self.source.segment(e) for e in exprs) if exprs else ""
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
    def position(self, statement: ast.AST) -> int | None:
        return self.index.get(id(statement))

    def slice(self, expr: ast.AST, statement: ast.AST) -> Slice:
        """The assignments before `statement` that `expr` (evaluated there) depends on.

        A name is resolved only by an assignment that runs whenever `statement` runs (its
        compound statements enclose `statement` too), or by every arm of an `if` before it
        (`if a: loss = f(x)` / `else: loss = g(x)`; an arm that ends in `continue`, `break`,
        `return` or `raise` never reaches `statement`); one in another branch or an inner
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
        # where each live name is read (the compound statements around each reader): a name
        # read inside an inner loop and bound earlier in that loop's body, on every path to
        # the read (`pred = model(x)`, then `cost = cost + f(pred)`), is found there too
        readers: dict[str, set[tuple[int, ...]]] = {name: {here} for name in live}
        for index in range(end - 1, -1, -1):
            unit = self.units[index]
            hit = unit.binds & live
            if not hit:
                if isinstance(unit.node, ast.If) and live and unit.ancestors == here[: len(unit.ancestors)] and id(unit.node) not in here:
                    live -= definitely_bound([unit.node]) or set()  # bound in every arm, read there
                continue
            result.units.append(unit)
            if not unit.augmented:
                prefix = unit.ancestors
                # found the value; `x = f(x)` reads an older x again below
                live -= {n for n in hit if all(r[: len(prefix)] == prefix for r in readers.get(n, {here}))}
            for name in unit.reads:
                readers.setdefault(name, set()).add(unit.ancestors)
            live |= unit.reads
            data |= unit.data
        result.free = live - self.loop_targets
        result.free_data = result.free & data
        result.units.reverse()
        return result

    def bound_between(self, names: set[str], start: ast.AST, end: ast.AST) -> set[str]:
        """Names among `names` that statements strictly between `start` and `end` bind."""
        first, last = self.position(start), self.position(end)
        if first is None or last is None:
            return set(names)
        out: set[str] = set()
        for unit in self.units[first + 1 : last]:
            out |= unit.binds & names
        return out

    def between(self, start: ast.AST, end: ast.AST) -> list[Unit]:
        first, last = self.position(start), self.position(end)
        if first is None or last is None:
            return []
        return self.units[first + 1 : last]

    def bound_in_iteration(self, name: str) -> list[Unit]:
        return [u for u in self.units if name in u.binds]


_ABRUPT = (ast.Continue, ast.Break, ast.Return, ast.Raise)


def definitely_bound(suite: list[ast.stmt]) -> set[str] | None:
    """The names every path through `suite` binds by a plain assignment before it ends (the
    arms of an `if` that has an `else`, the body of a `with`); None when no path runs past
    its end (it always ends in `continue`, `break`, `return` or `raise`)."""
    bound: set[str] = set()
    for stmt in suite:
        if isinstance(stmt, _ABRUPT):
            return None
        if isinstance(stmt, ast.Assign):
            for target in stmt.targets:
                bound |= target_names(target)
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            bound |= target_names(stmt.target)
        elif isinstance(stmt, ast.If):
            body = definitely_bound(stmt.body)
            orelse = definitely_bound(stmt.orelse) if stmt.orelse else set()
            if body is None and orelse is None:
                return None
            bound |= orelse if body is None else body if orelse is None else body & orelse
        elif isinstance(stmt, WITHS):
            inner = definitely_bound(stmt.body)
            if inner is None:
                return None
            bound |= inner
    return bound


class ScopeFlow(IterationFlow):
    """Every assignment of a function body (or a module), and of the module around it."""

    def __init__(self, scope: ast.AST, source: Source) -> None:  # noqa: D107
        self.source = source
        self.scope = scope
        self.units = []
        self.index = {}
        self.loop_targets = set()
        body = scope.body  # type: ignore[attr-defined]
        self._walk(body, ())
        own = len(self.units)
        if scope is not source.tree:
            self._walk(source.tree.body, ())
        # a parameter is the function's own name: a module binding of the same name
        # (`epoch = load(...)` at the top level, `def run(epoch): n = epoch + 1`) never reaches it
        arguments = getattr(scope, "args", None)
        parameters = (
            {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs, arguments.vararg, arguments.kwarg) if a is not None}
            if isinstance(arguments, ast.arguments) else set()
        )
        self.bindings: dict[str, list[Unit]] = {}
        for at, unit in enumerate(self.units):
            for name in unit.binds:
                if at >= own and name in parameters:
                    continue
                self.bindings.setdefault(name, []).append(unit)

    def binding(self, name: str) -> list[Unit]:
        return self.bindings.get(name, [])


def _target_reads(target: ast.AST) -> list[ast.AST]:
    """`out[k] = v` and `out.x = v` read `out` (and `k`); `a, b = v` reads nothing."""
    if isinstance(target, (ast.Tuple, ast.List)):
        return [r for element in target.elts for r in _target_reads(element)]
    if isinstance(target, ast.Starred):
        return _target_reads(target.value)
    if isinstance(target, (ast.Attribute, ast.Subscript)):
        return [target]
    return []


def _is_next_batch(value: ast.AST) -> bool:
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "next"


def graph_free_text(text: str) -> bool:
    """The value is detached, a Python number, or computed without autograd."""
    return bool(_GRAPH_FREE_TEXT.search(text))


def mentions_gradients(nodes: Iterable[ast.AST]) -> bool:
    """A name or attribute that says `grad` (`.grad`, `grad_norm(...)`, `get_grads()`) or a
    call handing over parameters: something may read the gradients accumulated so far."""
    for node in nodes:
        for sub in walk_expression(node):
            if isinstance(sub, ast.keyword):
                continue  # keyword names (`retain_graph=`, `requires_grad=`) say nothing
            if isinstance(sub, ast.Name):
                if _GRAD_HINT.search(sub.id) and sub.id not in _GRAD_WORDS:
                    return True
            elif isinstance(sub, ast.Attribute):
                if _GRAD_HINT.search(sub.attr) and sub.attr not in _GRAD_WORDS:
                    return True
            elif isinstance(sub, ast.Call) and method_name(sub) in ("parameters", "named_parameters"):
                return True
    return False
