"""Which statements of one iteration build the autograd graph a loss backpropagates through.

Read-only facts for the rules about retained graphs (GF004, GF014), built over
`IterationFlow` without changing it:

- `GraphFlow.slice(expr, statement)`: the statements of the iteration whose *tensors* flow
  into `expr` through operations autograd records. Unlike `IterationFlow.slice`, it does not
  follow what cannot carry a graph: `x.detach()`, `x.item()`, `x.data`, sizes and shapes,
  indices, comparisons, the arguments of tensor constructors (`torch.ones(n, device=d)`),
  `device=`/`dtype=` keywords, `torch.autograd.grad(...)` without `create_graph`, and
  statements under `torch.no_grad()`.
- `GraphFlow.builds_nodes(unit)`: whether a statement may record autograd nodes (it calls a
  model, or computes on a tensor that may require gradients); two losses whose slices share
  such a statement share a part of one graph.
- `optimizer_owners`: the modules some of whose parameters an optimizer was built over
  (`torch.optim.Adam(chain(g.parameters(), e.parameters()))` gives `g` and `e`).

Values are named by keys: a plain name (`fake`), or `self.<attr>` for state on `self`
(`self.d_out`); other attribute and item targets (`out.x = ...`, `d[k] = ...`) and method
calls made as statements (`losses.append(x)`, `x.add_(y)`) update their root name in place.
"""

from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.graphs import IterationFlow, Unit, is_forward_call, target_names
from gradfix.analysis.names import (
    dotted,
    is_false,
    method_name,
    receiver,
    walk_expression,
)
from gradfix.records import dataclass, field
from gradfix.source import (
    DEFINITIONS,
    FOR_LOOPS,
    FUNCTION_KINDS,
    FUNCTIONS,
    LOOPS,
    SCOPES,
    WITHS,
    Loop,
    Source,
)
from gradfix.walk import ast_walk, child_nodes, child_statements

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Callable, Optional

if TYPE_CHECKING:
    Qualify = Callable[[Optional[str]], Optional[str]]
else:
    Qualify = "Callable[[Optional[str]], Optional[str]]"  # for annotations only, never evaluated

# Methods whose result carries no graph (numbers, indices, booleans, detached copies).
_CUT_METHODS = {
    "detach", "detach_", "item", "tolist", "numpy", "size", "dim", "numel", "nelement", "data_ptr",
    "stride", "element_size", "get_device", "is_contiguous", "argmax", "argmin", "argsort", "eq",
    "ne", "gt", "lt", "ge", "le", "isnan", "isinf", "isfinite", "nonzero", "long", "int", "bool",
    "byte", "short", "__len__",
}  # fmt: skip
# Attributes that carry no graph.
_CUT_ATTRIBUTES = {
    "data", "shape", "device", "dtype", "requires_grad", "grad_fn", "is_cuda", "ndim", "grad",
    "is_leaf", "layout",
}  # fmt: skip
# Tensor methods whose arguments are sizes, dimensions, devices or types: only the receiver flows.
_SHAPE_METHODS = {
    "to", "cuda", "cpu", "type", "view", "reshape", "permute", "transpose", "expand", "repeat",
    "unsqueeze", "squeeze", "flatten", "view_as", "reshape_as", "expand_as", "type_as",
    "contiguous", "float", "double", "half", "bfloat16", "sum", "mean", "std", "var", "norm",
    "prod", "logsumexp", "softmax", "log_softmax", "cumsum", "chunk", "split", "narrow", "unbind",
    "flip", "roll", "amax", "amin", "movedim", "unflatten", "t",
}  # fmt: skip
# Calls that build a tensor without a graph from sizes, data or another tensor's shape.
_FACTORIES = {
    "ones", "zeros", "empty", "full", "rand", "randn", "randint", "randperm", "arange", "linspace",
    "logspace", "eye", "ones_like", "zeros_like", "empty_like", "full_like", "rand_like",
    "randn_like", "randint_like", "tensor", "from_numpy", "Tensor", "FloatTensor", "LongTensor",
    "DoubleTensor", "HalfTensor", "ByteTensor", "BoolTensor", "IntTensor", "BFloat16Tensor",
}  # fmt: skip
# Builtins that return Python values, never tensors with a graph.
_CUT_BUILTINS = {"len", "int", "float", "bool", "str", "range", "isinstance", "print", "round", "repr", "id", "type"}
# Libraries whose calls return numbers or arrays, never tensors with a graph.
_NUMERIC_ROOTS = {"np", "numpy", "math", "random"}
# Keyword arguments that never carry a graph.
_CUT_KEYWORDS = {
    "device", "dtype", "layout", "pin_memory", "non_blocking", "memory_format", "requires_grad",
    "generator", "out", "dim", "keepdim", "reduction", "copy",
}  # fmt: skip
# Calls made as statements that do not update their receiver's value.
_NOT_UPDATES = {
    "backward", "manual_backward", "step", "zero_grad", "train", "eval", "requires_grad_",
    "unscale_", "update", "log", "info", "debug", "warning", "print", "add_scalar", "set_postfix",
    "write", "save", "log_dict",
}  # fmt: skip
_NO_GRAD_CONTEXTS = ("no_grad", "inference_mode")
# Modules whose functions compute on their arguments and hold no parameters of their own.
_LIBRARIES = {"torch", "F", "functional", "einops", "torchvision"}


@dataclass(frozen=True)
class UnitGraph:
    """What one statement of the iteration does to the graph."""

    binds: frozenset[str]  # keys it assigns
    flows: frozenset[str]  # keys whose tensors flow into what it assigns
    forwards: tuple[tuple[ast.Call, str | None], ...]  # calls that may run a model, with the callee's key
    partial: bool  # updates its keys in place (`x += y`, `d[k] = v`, `xs.append(v)`)
    leaf: bool  # creates a tensor that requires gradients (`requires_grad=True`)
    no_grad: bool  # runs under `torch.no_grad()`: records no graph
    reads: frozenset[str] = frozenset()  # `flows`, also under `no_grad` (a call there may still backpropagate)


@dataclass
class GraphSlice:
    units: list[Unit] = field(default_factory=list)  # statements whose tensors flow into the loss
    free: set[str] = field(default_factory=set)  # keys it reads that the iteration does not compute first
    carried: set[str] = field(default_factory=set)  # ... of them, keys the iteration assigns later


class GraphFlow:
    """The graph-carrying data flow of one iteration (a loop body, or a step function)."""

    def __init__(
        self,
        loop: Loop | ast.FunctionDef | ast.AsyncFunctionDef,
        source: Source,
        qualify: Qualify,
        modules: frozenset[str] = frozenset(),
        entries: bool = False,
    ) -> None:
        self.flow = IterationFlow(loop, source)  # type: ignore[arg-type]
        # names known to hold models (`D_b = Net()`), whose calls are forwards although a
        # capitalised name is read as building an object of a class (`is_forward_call`)
        self.modules = modules
        # a call of a dict's entry under a constant string (`nets["disc"](x)`) keyed by that
        # entry (`entry_key`) rather than unnamed: asked by GF032 only, when an optimizer is
        # built over such an entry
        self.entries = entries
        self.source = source
        self.qualify = qualify
        self._no_grad = _no_grad_statements(loop.body, qualify)
        self._graphs: dict[int, UnitGraph] = {}
        self._builds: dict[int, bool] | None = None
        self._defs: dict[str, list[ast.AST]] | None = None
        self._methods: set[int] = set()
        self._hidden: dict[tuple[str, bool], set[str]] = {}

    # one statement --------------------------------------------------------------
    def graph(self, unit: Unit) -> UnitGraph:
        found = self._graphs.get(id(unit))
        if found is None:
            found = self._graphs[id(unit)] = self._unit_graph(unit)
        return found

    def _unit_graph(self, unit: Unit) -> UnitGraph:
        node = unit.node
        binds: set[str] = set()
        values: list[ast.AST] = []
        partial = False
        if isinstance(node, ast.Assign):
            for target in node.targets:
                keys, whole = _target_keys(target)
                binds |= keys
                partial = partial or not whole
                if not whole:
                    values.append(target)
            values.append(node.value)
        elif isinstance(node, ast.AnnAssign):
            keys, whole = _target_keys(node.target)
            binds |= keys
            partial = not whole
            if node.value is not None:
                values.append(node.value)
        elif isinstance(node, ast.AugAssign):
            binds |= _target_keys(node.target)[0]
            partial = True
            values += [node.target, node.value]
        elif isinstance(node, FOR_LOOPS):
            binds |= target_names(node.target)
            values.append(node.iter)
        elif isinstance(node, WITHS):
            for item in node.items:
                if item.optional_vars is not None:
                    binds |= target_names(item.optional_vars)
                    values.append(item.context_expr)
        elif isinstance(node, DEFINITIONS):
            binds.add(node.name)
            if isinstance(node, FUNCTIONS):
                values.append(node)  # a function made in the iteration reads what its body reads
        elif isinstance(node, ast.Expr):
            values.append(node.value)
            call = node.value
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr not in _NOT_UPDATES:
                key = _key(call.func.value)
                if key is not None:  # `losses.append(loss)`, `x.add_(y)`: updates the receiver
                    binds.add(key)
                    partial = True
            for sub in walk_expression(node.value):
                if isinstance(sub, ast.NamedExpr):
                    binds |= target_names(sub.target)
                    partial = True
        flows: set[str] = set()
        forwards: list[tuple[ast.Call, str | None]] = []
        leaf = False
        for value in values:
            self._flows(value, flows, forwards)
            leaf = leaf or _requires_grad(value)
        no_grad = id(node) in self._no_grad
        reads = frozenset(flows)
        if no_grad and not all(_alias(v) for v in values):
            flows = set()
            forwards = []
        return UnitGraph(frozenset(binds), frozenset(flows), tuple(forwards), partial, leaf, no_grad, reads)

    def _flows(self, expr: ast.AST, flows: set[str], forwards: list[tuple[ast.Call, str | None]]) -> None:
        """Keys whose tensors flow into the value of `expr`, and the calls that may run a model."""
        stack: list[ast.AST] = [expr]
        while stack:
            node = stack.pop()
            kind = node.__class__  # (`is`/`in` on the class, not `isinstance`: `source.FUNCTION_KINDS`)
            if kind is ast.Constant or kind is ast.JoinedStr or kind is ast.Compare:
                continue
            if kind is ast.Lambda or kind in FUNCTION_KINDS:
                flows |= self._body_reads(node)  # a closure computes on what it reads when called
                continue
            if kind is ast.Name:
                flows.add(node.id)  # type: ignore[attr-defined]
            elif kind is ast.Attribute:
                if node.attr in _CUT_ATTRIBUTES:
                    continue
                key = _key(node)
                if key is not None:
                    flows.add(key)
                else:
                    stack.append(node.value)
            elif kind is ast.Subscript:
                stack.append(node.value)  # type: ignore[attr-defined]  # indices and slices carry no graph
            elif kind is ast.IfExp:
                stack += [node.body, node.orelse]  # type: ignore[attr-defined]
            elif kind is ast.Call:
                self._call(node, stack, forwards, flows)  # type: ignore[arg-type]
            elif kind is ast.keyword:
                if node.arg not in _CUT_KEYWORDS:  # type: ignore[attr-defined]
                    stack.append(node.value)
            else:
                stack.extend(child_nodes(node))

    def _call(
        self, call: ast.Call, stack: list[ast.AST], forwards: list[tuple[ast.Call, str | None]], flows: set[str]
    ) -> None:
        func = call.func
        name = dotted(func)
        qualified = self.qualify(name) or name or ""
        last = qualified.rsplit(".", 1)[-1]
        root = qualified.split(".", 1)[0]
        method = method_name(call)
        recv = receiver(call)
        if isinstance(func, ast.Attribute) and method in _CUT_METHODS:
            return
        if last in _FACTORIES or root in _NUMERIC_ROOTS or (isinstance(func, ast.Name) and func.id in _CUT_BUILTINS):
            return
        if qualified.endswith("autograd.grad"):
            create = next((kw.value for kw in call.keywords if kw.arg == "create_graph"), None)
            if create is None or is_false(create):
                return  # plain gradients: no graph of their own
        if last == "Variable":
            stack.extend(call.args[:1])  # `Variable(x, requires_grad=False)` is `x`
            return
        if root in _LIBRARIES or (name or "").split(".", 1)[0] in _LIBRARIES:
            # `torch.sum(x)`, `F.mse_loss(a, b)`: a function of its arguments
            stack.extend(call.args)
            stack.extend(call.keywords)
            return
        if isinstance(func, ast.Attribute) and method in _SHAPE_METHODS:
            stack.append(func.value)
            return
        if isinstance(func, ast.Name):
            # a closure or callable made in the iteration (`loss_fn = lambda: ...`), and what a
            # function of this file reads besides its arguments (globals, `self` state)
            flows.add(func.id)
            flows |= self._hidden_reads(func.id, method=False)
        elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self":
            flows |= self._hidden_reads(func.attr, method=True)
        if is_forward_call(call) or (func.__class__ is ast.Name and func.id in self.modules):  # type: ignore[attr-defined]
            key = name
            if key is not None and key.endswith((".forward", ".__call__")):
                key = key.rsplit(".", 1)[0]
            elif key is None and self.entries:
                key = entry_key(func)
            forwards.append((call, key))
        if method in ("forward", "__call__") and recv.__class__ is ast.Attribute and recv.value.__class__ is ast.Name and recv.value.id == "self":  # type: ignore[union-attr]
            # `self.critic.forward(s, a)` is `self.critic(s, a)`: the module is the callee, not data
            flows |= self._hidden_reads(recv.attr, method=True)  # type: ignore[union-attr]
        elif recv is not None:
            if not (isinstance(recv, ast.Name) and recv.id == "self"):
                stack.append(recv)  # a method's receiver flows (`out.mean()`, `model.encode(x)`)
        elif not isinstance(func, ast.Name):
            stack.append(func)  # `models[i](x)`, `f(x)(y)`
        stack.extend(call.args)
        stack.extend(call.keywords)

    def _hidden_reads(self, name: str, method: bool, depth: int = 0) -> set[str]:
        """Names and `self` state that the functions (or methods) of this file called `name`
        read besides their parameters, and what the functions of this file they call read."""
        cache_key = (name, method)
        found = self._hidden.get(cache_key)
        if found is not None:
            return found
        self._hidden[cache_key] = set()  # recursion guard
        found = set()
        for node in self._definitions().get(name, []):
            if method != self._is_method(node):
                continue
            found |= self._body_reads(node)
            if depth < 3:
                for sub in ast_walk(node):
                    if isinstance(sub, ast.Call):
                        if isinstance(sub.func, ast.Name) and sub.func.id != name:
                            found |= self._hidden_reads(sub.func.id, False, depth + 1)
                        elif isinstance(sub.func, ast.Attribute) and isinstance(sub.func.value, ast.Name) and sub.func.value.id == "self":
                            found |= self._hidden_reads(sub.func.attr, True, depth + 1)
        self._hidden[cache_key] = found
        return found

    def _body_reads(self, node: ast.AST) -> set[str]:
        """Keys whose tensors flow into what a function or lambda computes, that it neither
        gets as parameters nor binds itself: globals, closure variables, `self.<attr>` state."""
        found: set[str] = set()
        body = node.body if isinstance(node.body, list) else [node.body]  # type: ignore[attr-defined]
        for part in body:
            self._flows(part, found, [])
        local = _locals(node) - {"self"}
        return {key for key in found if key.split(".", 1)[0] not in local and key != "self"}

    def _definitions(self) -> dict[str, list[ast.AST]]:
        if self._defs is None:
            self._defs = {}
            self._methods = set()
            for node in self.source.statements:  # the tree's statements, walked once, shared with the rules
                kind = node.__class__  # (`is`/`in` on the class, not `isinstance`: `source.FUNCTION_KINDS`)
                if kind is ast.ClassDef:
                    self._methods |= {id(n) for n in node.body if isinstance(n, FUNCTIONS)}  # type: ignore[attr-defined]
                elif kind in FUNCTION_KINDS:
                    self._defs.setdefault(node.name, []).append(node)  # type: ignore[attr-defined]
        return self._defs

    def _is_method(self, node: ast.AST) -> bool:
        self._definitions()
        return id(node) in self._methods

    def flows_of(self, expr: ast.AST) -> set[str]:
        """Keys whose tensors flow into the value of `expr`."""
        found: set[str] = set()
        self._flows(expr, found, [])
        return found

    def forwards_of(self, expr: ast.AST) -> list[tuple[ast.Call, str | None]]:
        """The calls in `expr` that may run a model, with the callee's key."""
        forwards: list[tuple[ast.Call, str | None]] = []
        self._flows(expr, set(), forwards)
        return forwards

    def reads_any(self, unit: Unit, keys: set[str]) -> bool:
        """The statement hands on a tensor named by one of `keys` (`.detach()`, `.item()`,
        sizes... do not count; `torch.no_grad()` around it does not matter)."""
        return any(_related(key, other) for key in self.graph(unit).reads for other in keys)

    @staticmethod
    def reads_any_key(key: str, keys: set[str]) -> bool:
        """`key` names one of `keys` or a part of one (`self` and `self.h`)."""
        return any(_related(key, other) for other in keys)

    # the iteration ----------------------------------------------------------------
    def slice(self, expr: ast.AST, statement: ast.AST, units_only: bool = False) -> GraphSlice | None:
        """The statements before `statement` whose tensors flow into `expr` (evaluated there),
        or None when `statement` is not a statement of the iteration. `units_only`: the
        statements alone, `free` and `carried` left empty (GF014 reads no more; `carried` asks
        for the graph of every statement of the iteration, those after `statement` too)."""
        flow = self.flow
        end = flow.position(statement)
        if end is None:
            return None
        live: set[str] = set()
        self._flows(expr, live, [])
        result = GraphSlice()
        here = flow.units[end].ancestors
        for index in range(end - 1, -1, -1):
            unit = flow.units[index]
            graph = self.graph(unit)
            hit = {key for key in graph.binds if any(_related(key, name) for name in live)}
            if not hit:
                continue
            result.units.append(unit)
            if unit.ancestors == here[: len(unit.ancestors)] and not graph.partial:
                live -= hit  # found the value; `x = f(x)` reads an older x below
            live |= graph.flows
        result.units.reverse()
        if units_only:
            return result
        result.free = {key for key in live if key.split(".", 1)[0] not in flow.loop_targets}
        assigned = {key for unit in flow.units for key in self.graph(unit).binds}
        result.carried = {key for key in result.free if any(_related(key, other) for other in assigned)}
        return result

    def builds_nodes(self, unit: Unit) -> bool:
        """The statement may record autograd nodes: it calls a model, or computes on a value
        that may require gradients (a model's output, a leaf made with `requires_grad=True`,
        state on `self`, or anything the iteration does not compute itself)."""
        if self._builds is None:
            self._builds = self._all_builds()
        return self._builds.get(id(unit), True)

    def _all_builds(self) -> dict[int, bool]:
        units = self.flow.units
        graphs = [self.graph(u) for u in units]
        assigned = {key for g in graphs for key in g.binds}
        targets = self.flow.loop_targets
        # keys the iteration reads without computing them: parameters, state, what came before
        maybe = {
            key
            for g in graphs
            for key in g.flows
            if key.split(".", 1)[0] not in targets and not any(_related(key, a) for a in assigned)
        }
        requiring = set(maybe)
        builds = {id(u): False for u in units}
        # what a unit reads of the loop's own variable before anything of the iteration binds
        # it again, outside any inner loop, is the batch the loop hands (`x = x.clone().
        # requires_grad_(True)` reads the batch, not the leaf it makes): no gradient flows in
        fresh: dict[int, set[str]] = {}
        if targets:
            inner = {id(u.node) for u in units if isinstance(u.node, LOOPS)}
            rebound: set[str] = set()
            for unit, graph in zip(units, graphs):
                if not inner.intersection(unit.ancestors):
                    batch = {key for key in graph.flows if key.split(".", 1)[0] in targets - rebound}
                    if batch:
                        fresh[id(unit)] = batch
                rebound |= {key.split(".", 1)[0] for key in graph.binds}
        changed = True
        while changed:
            changed = False
            for unit, graph in zip(units, graphs):
                if graph.no_grad:
                    continue
                batch = fresh.get(id(unit), ())
                now = bool(graph.forwards) or any(_related(key, r) for key in graph.flows if key not in batch for r in requiring)
                if now and not builds[id(unit)]:
                    builds[id(unit)] = True
                    changed = True
                if (now or graph.leaf) and not graph.binds <= requiring:
                    requiring |= graph.binds
                    changed = True
        return builds


def _key(expr: ast.AST) -> str | None:
    """`x` for `x`, `x.a.b`; `self.a` for `self.a.b`; None for calls and subscripts."""
    name = dotted(expr)
    if name is None:
        return None
    parts = name.split(".")
    return ".".join(parts[:2]) if parts[0] == "self" and len(parts) > 1 else parts[0]


def _target_keys(target: ast.AST) -> tuple[set[str], bool]:
    """Keys an assignment target binds, and whether it replaces them whole."""
    if isinstance(target, (ast.Tuple, ast.List)):
        keys: set[str] = set()
        whole = True
        for element in target.elts:
            more, complete = _target_keys(element)
            keys |= more
            whole = whole and complete
        return keys, whole
    if isinstance(target, ast.Starred):
        return _target_keys(target.value)
    if isinstance(target, ast.Name):
        return {target.id}, True
    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
        return {f"self.{target.attr}"}, True
    # `out.x = v`, `d[k] = v`, `self.buf[i] = v`: a part of `out`, `d`, `self.buf` changes
    inner: ast.AST = target
    while True:
        key = _key(inner)
        if key is not None:
            return {key}, False
        if not isinstance(inner, (ast.Attribute, ast.Subscript)):
            return set(), False
        inner = inner.value


def _related(a: str, b: str) -> bool:
    """One key names the other or a part of it (`self` and `self.h`)."""
    return a == b or a.startswith(b + ".") or b.startswith(a + ".")


def _locals(node: ast.AST) -> set[str]:
    """Names a function or lambda binds itself (parameters, assignments, nested definitions),
    less those it declares `global` or `nonlocal`."""
    local: set[str] = set()
    declared: set[str] = set()
    for sub in ast_walk(node):
        if isinstance(sub, ast.Name) and not isinstance(sub.ctx, ast.Load):
            local.add(sub.id)
        elif isinstance(sub, ast.arg):
            local.add(sub.arg)
        elif isinstance(sub, (ast.Global, ast.Nonlocal)):
            declared |= set(sub.names)
        elif isinstance(sub, DEFINITIONS) and sub is not node:
            local.add(sub.name)
    return local - declared


def _alias(expr: ast.AST) -> bool:
    """`y = x`, `a, b = outs`, `y = outs[0]`: the same tensors, even under `no_grad`."""
    if isinstance(expr, (ast.Tuple, ast.List)):
        return all(_alias(e) for e in expr.elts)
    while isinstance(expr, (ast.Attribute, ast.Subscript)):
        expr = expr.value
    return isinstance(expr, ast.Name)


def _requires_grad(expr: ast.AST) -> bool:
    for sub in walk_expression(expr):
        if isinstance(sub, ast.keyword) and sub.arg == "requires_grad" and not is_false(sub.value):
            return True
        if isinstance(sub, ast.Call) and method_name(sub) == "requires_grad_":
            args = sub.args
            if not args or not is_false(args[0]):
                return True
    return False


def _no_grad_statements(body: list[ast.stmt], qualify: Qualify) -> set[int]:
    """Ids of the statements (at any depth) that run under `torch.no_grad()` or
    `torch.inference_mode()`."""
    found: set[int] = set()

    def visit(suite: list[ast.stmt], inside: bool) -> None:
        for stmt in suite:
            if inside:
                found.add(id(stmt))
            if isinstance(stmt, DEFINITIONS):
                continue
            here = inside
            if isinstance(stmt, WITHS) and any(_no_grad_context(item.context_expr, qualify) for item in stmt.items):
                here = True
            for name in ("body", "orelse", "finalbody"):
                block = getattr(stmt, name, None)
                if isinstance(block, list):
                    visit(block, here)
            for handler in getattr(stmt, "handlers", ()):
                visit(handler.body, here)
            for case in getattr(stmt, "cases", ()):
                visit(case.body, here)

    visit(body, False)
    return found


def _no_grad_context(expr: ast.AST, qualify: Qualify) -> bool:
    if not isinstance(expr, ast.Call):
        return False
    name = qualify(dotted(expr.func)) or dotted(expr.func) or ""
    last = name.rsplit(".", 1)[-1]
    if last in _NO_GRAD_CONTEXTS:
        return not (last == "inference_mode" and expr.args and is_false(expr.args[0]))
    if last == "set_grad_enabled":
        return bool(expr.args) and is_false(expr.args[0])
    return False


# ----------------------------------------------------------------------------- optimizers
_PARAMETER_METHODS = ("parameters", "named_parameters")


def entry_key(expr: ast.AST) -> str | None:
    """`nets["disc"]` for a dict's entry under a constant string, the dict a name or a field
    (`self.nets['disc']` gives `self.nets["disc"]`: one key however the string is quoted), else
    None (`nets[k]`, `nets[0]`: which entry is not known, or a list's)."""
    if expr.__class__ is not ast.Subscript:
        return None
    index = expr.slice  # type: ignore[attr-defined]
    if index.__class__ is not ast.Constant or index.value.__class__ is not str:
        return None
    holder = dotted(expr.value)  # type: ignore[attr-defined]
    if holder is None:
        return None
    return holder + '["' + index.value + '"]' if '"' not in index.value and "\\" not in index.value else None


def optimizer_owners(
    params: ast.expr, source: Source, depth: int = 0, done: dict[tuple[int, int], set[str]] | None = None
) -> set[str]:
    """Modules some of whose parameters `params` (an optimizer constructor's first argument)
    holds: `g.parameters()`, `chain(g.parameters(), e.parameters())`, parameter groups,
    `[model.embed.weight]`, a name assigned one of these in the same function. Empty when
    none can be named. Not necessarily all of them: an unknown part is left out. (`done`:
    what the values already read gave, at each depth: `model = wrap(model)` ten times reads
    each value again from each of the others.)"""
    owners: set[str] = set()
    if depth > 3:
        return owners
    if done is None:
        done = {}
    found = done.get((id(params), depth))
    if found is not None:
        return found
    function = _enclosing_function(params, source)
    scope: ast.AST = function if function is not None else source.tree
    receivers: set[int] = set()
    for sub in walk_expression(params):
        if isinstance(sub, ast.Call) and method_name(sub) in _PARAMETER_METHODS:
            recv = receiver(sub)
            key = dotted(recv) if recv is not None else None
            if key is not None:
                owners.add(key)
                receivers |= {id(n) for n in ast_walk(recv)}  # type: ignore[arg-type]
        elif isinstance(sub, ast.Attribute) and sub.attr in ("weight", "bias"):
            key = dotted(sub.value)
            if key is not None:
                owners.add(key)
                receivers |= {id(n) for n in ast_walk(sub)}
        elif isinstance(sub, ast.Name) and id(sub) not in receivers:
            for value in _assigned(sub.id, scope, source):
                owners |= optimizer_owners(value, source, depth + 1, done)
    if depth == 0 and owners:
        aliases = _module_aliases(source)
        for owner in list(owners):
            owners |= aliases.get(owner, set())
    done[(id(params), depth)] = owners
    return owners


_WRAPPERS = {"DataParallel", "DistributedDataParallel", "DDP", "compile", "FullyShardedDataParallel", "FSDP"}


def _module_aliases(source: Source) -> dict[str, set[str]]:
    """`self.gen = gen`, `self.gen, self.disc = gen, disc`, `model = DataParallel(net)`: keys
    that name the same module, anywhere in the file (both ways)."""
    cached = getattr(source, "_gradfix_module_aliases", None)
    if cached is not None:
        return cached
    aliases: dict[str, set[str]] = {}

    def pair(target: ast.AST, value: ast.AST) -> None:
        if isinstance(target, (ast.Tuple, ast.List)) and isinstance(value, (ast.Tuple, ast.List)):
            if len(target.elts) == len(value.elts):
                for t, v in zip(target.elts, value.elts):
                    pair(t, v)
            return
        if isinstance(value, ast.Call) and value.args and (dotted(value.func) or "").rsplit(".", 1)[-1] in _WRAPPERS:
            value = value.args[0]
        left, right = dotted(target), dotted(value)
        if left is not None and right is not None and left != right:
            aliases.setdefault(left, set()).add(right)
            aliases.setdefault(right, set()).add(left)

    for node in source.of_type(ast.Assign):  # (the by-type lists the rules share)
        for target in node.targets:  # type: ignore[attr-defined]
            pair(target, node.value)  # type: ignore[attr-defined]
    try:
        source._gradfix_module_aliases = aliases  # type: ignore[attr-defined]
    except AttributeError:
        pass
    return aliases


def _memo(source: Source, name: str) -> dict:  # type: ignore[type-arg]
    """A dict kept on the source under `name`, for answers about its tree."""
    memo = getattr(source, name, None)
    if memo is None:
        memo = {}
        try:
            setattr(source, name, memo)
        except AttributeError:
            pass
    return memo


def _assigned(name: str, scope: ast.AST, source: Source) -> list[ast.expr]:
    """Values assigned to `name` in `scope` (not in functions nested in it), or at module
    level when the scope assigns none. Each scope is walked once per source for all its
    names: `optimizer_owners` asks about every name a value reads (`itertools` of
    `itertools.chain(...)`, and `model` again for each `model = wrap(model)`)."""
    memo: dict[int, dict[str, list[ast.expr]]] = _memo(source, "_gradfix_assigned")
    values = None
    for where in (scope, source.tree) if scope is not source.tree else (scope,):
        assigned = memo.get(id(where))
        if assigned is None:
            assigned = memo[id(where)] = _assignments_in(where)
        values = assigned.get(name)
        if values:
            break
    return values or []


def _assignments_in(scope: ast.AST) -> dict[str, list[ast.expr]]:
    """The values `scope` assigns (`=`, `+=`) to each plain name, outside nested scopes."""
    found: dict[str, list[ast.expr]] = {}
    stack = child_statements(scope)  # (an expression holds no assignment: not walked)
    while stack:
        node = stack.pop()
        if isinstance(node, SCOPES):
            continue
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    values = found.setdefault(target.id, [])
                    if not values or values[-1] is not node.value:  # (`a = a = x` once, as before)
                        values.append(node.value)
        elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            found.setdefault(node.target.id, []).append(node.value)
        stack += child_statements(node)
    return found


def _enclosing_function(node: ast.AST, source: Source) -> ast.AST | None:
    """The innermost function definition whose lines hold `node`."""
    line = getattr(node, "lineno", None)
    if line is None:
        return None
    cache: dict[int, ast.AST | None] = _memo(source, "_gradfix_enclosing")
    if line not in cache:
        cache[line] = _function_at(line, source)
    return cache[line]


def _function_at(line: int, source: Source) -> ast.AST | None:
    best: ast.AST | None = None
    stack: list[ast.AST] = [source.tree]
    while stack:
        current = stack.pop()
        for child in child_nodes(current):
            if not isinstance(child, ast.stmt):
                continue
            end = getattr(child, "end_lineno", child.lineno)
            if child.lineno <= line <= end:
                if isinstance(child, FUNCTIONS):
                    best = child
                stack.append(child)
    return best


def owns(owner: str, module: str) -> bool:
    """A call of `module` runs parameters of `owner`: the same module, one inside the other
    (`model` and `model.encoder`), or through a wrapper's `.module`."""
    a, b = _unwrap(owner), _unwrap(module)
    return _related(a, b)


def _unwrap(key: str) -> str:
    key = key.replace(".module.", ".")
    return key[: -len(".module")] if key.endswith(".module") else key
