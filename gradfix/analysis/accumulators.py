"""Where a training iteration accumulates a loss *tensor* into something that outlives it.

`running_loss += loss`, `total = total + loss` (also `total = torch.add(total, loss)`,
`total.add_(loss)`) and `losses.append(loss)` keep a reference
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
  or backpropagated itself (it *is* the loss: it flows into a `backward()`, into
  `torch.autograd.grad`, or into a call of the iteration that backpropagates what it is
  given, such as a helper holding a backward pass) is not an accumulation across steps.
"""

from __future__ import annotations

from gradfix import syntax as ast
import re

from gradfix.analysis.model import EventKind, TrainingLoop
from gradfix.analysis.names import (
    call_name,
    dotted,
    method_name,
    receiver,
    root_name,
    walk_expression,
)
from gradfix.patterns import lazily
from gradfix.records import dataclass, field
from gradfix.source import (
    DEFINITIONS,
    FUNCTIONS,
    LOOPS,
    MATCH,
    SCOPES,
    TRIES,
    WITHS,
    Source,
    encloses,
)
from gradfix.walk import ast_walk, child_nodes, child_statements, own_nodes

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Callable, Iterator, Optional

# Methods that return a tensor still attached to the same graph.
GRAPH_KEEPING_METHODS = {
    "float", "double", "half", "bfloat16", "mean", "sum", "to", "cpu", "cuda", "clone", "view",
    "reshape", "squeeze", "unsqueeze", "abs", "sqrt", "exp", "pow", "mul", "add", "div", "sub",
    "type_as", "contiguous", "flatten", "neg",
}  # fmt: skip
# Calls whose value is a fresh loss tensor (the callee's last name).
# `ce = nn.CrossEntropyLoss(`, `self.seg = torch.nn.BCEWithLogitsLoss(`: the name, the class
_LOSS_BINDING = lazily(r"[ \t]*([A-Za-z_][\w.]*)[ \t]*=[ \t]*([A-Za-z_][\w.]*Loss)\($")
_LOSS_CALL = lazily(r"^(criterion|crit|loss|lossfn|loss_?fn|loss_?func(tion)?)$|^crit(erion)?_[a-z0-9]+$|_(criterion|loss|loss_?fn)$", re.I)
_LOSS_CALLED: dict[str, bool] = {}  # a called name -> `_LOSS_CALL` finds it (`_loss_called`)


def _loss_called(name: str) -> bool:
    """`_LOSS_CALL` finds the called name (`criterion`, `loss_fn`); once per name."""
    said = _LOSS_CALLED.get(name)
    if said is None:
        said = _LOSS_CALLED[name] = _LOSS_CALL.search(name) is not None
    return said


# ...unless the name says it evaluates or measures (`evaluate_loss(...)` returns a number)
_NOT_A_TRAINING_LOSS = lazily(r"eval|valid|val_|test|metric|log_|score|accuracy", re.I)
_FUNCTIONAL_LOSSES = {
    "cross_entropy", "binary_cross_entropy", "binary_cross_entropy_with_logits", "nll_loss",
    "mse_loss", "l1_loss", "smooth_l1_loss", "huber_loss", "kl_div", "cosine_embedding_loss",
    "margin_ranking_loss", "triplet_margin_loss", "ctc_loss", "poisson_nll_loss", "gaussian_nll_loss",
}  # fmt: skip
# torch functions of a tensor that keep its graph (`psnr = -10.0 * torch.log10(mse)`)
_TORCH_MATH = frozenset({"log", "log10", "log2", "log1p", "exp", "sqrt", "square", "abs", "neg", "clamp", "sigmoid", "tanh", "stack", "cat"})
_DETACHING = {"item", "detach", "tolist", "numpy", "data"}
# the receiver of a method: `self`, and `cls` of a class method (class attributes live as long)
_RECEIVERS = frozenset({"self", "cls"})
_NAME_ATTRIBUTE = lazily(r"[A-Za-z_]\w*\.[A-Za-z_]\w*\Z")
_NO_GRAD = {"no_grad", "inference_mode"}
_DETACHED_INPUT = lazily(r"\.detach\(\)|\.item\(\)|\.data\b|\.numpy\(\)")

if TYPE_CHECKING:
    Qualify = Callable[[Optional[str]], Optional[str]]
else:
    Qualify = "Callable[[Optional[str]], Optional[str]]"  # for annotations only, never evaluated


@dataclass(eq=False)
class Accumulation:
    """One statement that adds a graph-holding loss into an accumulator outliving the step."""

    loop: TrainingLoop
    statement: ast.stmt  # the statement to edit
    node: ast.stmt  # the AugAssign / Assign / Expr(append) itself
    accumulator: str  # key of the accumulator: running_loss, self.total, stats["loss"]
    refs: list[ast.expr] = field(default_factory=list)  # graph-holding parts of the value
    # the graph-holding parts of a conditional first value (`if smooth is None: smooth = loss`)
    # and the statement holding each: detached too, or the accumulator keeps that graph
    seeds: list[tuple[ast.expr, ast.stmt]] = field(default_factory=list)


@dataclass
class _Line:
    small: ast.stmt
    conditional: bool
    no_grad: bool


def _is_no_grad(item: ast.withitem, qualify: Qualify) -> bool:
    expr = item.context_expr
    if isinstance(expr, ast.Call):
        name = qualify(call_name(expr)) or ""
        last = name.rsplit(".", 1)[-1]
        if last in _NO_GRAD:
            return True
        if last == "set_grad_enabled" and expr.args and dotted(expr.args[0]) == "False":
            return True
        if last == "set_grad_enabled" and expr.args and isinstance(expr.args[0], ast.Constant) and expr.args[0].value is False:
            return True
    return False


class _Flattener:
    """The simple statements of one iteration, in program order, skipping nested training loops."""

    def __init__(self, skip: set[int], qualify: Qualify, source: Source) -> None:
        self.skip = skip
        self.qualify = qualify
        self.source = source
        self.lines: list[_Line] = []

    def block(self, suite: list[ast.stmt], conditional: bool, no_grad: bool) -> None:
        if self.source.inline_block(suite):
            return  # one-line bodies: too little to go on; nothing recorded
        for stmt in suite:
            self.statement(stmt, conditional, no_grad)

    def statement(self, stmt: ast.stmt, conditional: bool, no_grad: bool) -> None:
        if isinstance(stmt, LOOPS):
            if id(stmt) in self.skip:
                return
            self.block(stmt.body, True, no_grad)
            self.block(stmt.orelse, True, no_grad)
        elif isinstance(stmt, ast.If):
            self.block(stmt.body, True, no_grad)
            self.block(stmt.orelse, True, no_grad)
        elif isinstance(stmt, WITHS):
            inner = no_grad or any(_is_no_grad(item, self.qualify) for item in stmt.items)
            self.block(stmt.body, conditional, inner)
        elif isinstance(stmt, TRIES):
            self.block(stmt.body, conditional, no_grad)
            for handler in stmt.handlers:
                self.block(handler.body, True, no_grad)
            self.block(stmt.orelse, True, no_grad)
            self.block(stmt.finalbody, conditional, no_grad)
        elif isinstance(stmt, MATCH):
            for case in stmt.cases:
                self.block(case.body, True, no_grad)
        elif isinstance(stmt, DEFINITIONS):
            return  # definitions run nothing here
        else:
            self.lines.append(_Line(stmt, conditional, no_grad))


def _is_detaching(value: ast.expr) -> bool:
    """`x.item()`, `x.detach()`, `float(x)`, a number: a value with no graph."""
    if isinstance(value, (ast.Constant, ast.JoinedStr)):
        return True
    if isinstance(value, ast.Attribute) and value.attr in _DETACHING:
        return True
    if isinstance(value, ast.Call):
        method = method_name(value)
        if method in _DETACHING:
            return True
        name = call_name(value)
        if name in ("float", "int", "round", "str", "bool"):
            return True
        recv = receiver(value)
        if method is not None and recv is not None and isinstance(recv, (ast.Call, ast.Attribute)):
            return _is_detaching(recv)  # `x.detach().cpu()`, `x.detach().to("cpu").float()`
    if isinstance(value, ast.Subscript) and isinstance(value.value, (ast.Call, ast.Attribute)):
        return _is_detaching(value.value)  # `loss.detach()[0]`, `loss.data[0]`: a part of a detached tensor
    return False


def _mentions(node: ast.AST, names: set[str]) -> bool:
    return any(isinstance(n, ast.Name) and n.id in names for n in walk_expression(node))


def _single_expression_function(name: str, source: Source) -> tuple[str, ast.expr] | None:
    """The one parameter and the returned expression of `name`, bound once at the module's top
    level to a one-parameter `lambda`, or defined there once as a `def` whose body is one
    `return` (after an optional docstring)."""
    found: list[tuple[str, ast.expr]] = []
    for stmt in source.tree.body:
        if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in stmt.targets):
            value = stmt.value
            if not isinstance(value, ast.Lambda):
                return None
            params = value.args
            if len(params.args) != 1 or params.vararg or params.kwarg or params.kwonlyargs or params.posonlyargs:
                return None
            found.append((params.args[0].arg, value.body))
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name == name:
            params = stmt.args
            body = [s for s in stmt.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
            if len(params.args) != 1 or params.vararg or params.kwarg or params.kwonlyargs or stmt.decorator_list:
                return None
            if len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None:
                return None
            found.append((params.args[0].arg, body[0].value))
    return found[0] if len(found) == 1 else None


def _returns_numbers(name: str, source: Source) -> bool:
    """`name` is a function defined at the module's top level (once) whose every `return`
    gives a plain number: `float(...)`, `int(...)`, `round(...)`, `len(...)`, `x.item()`, a
    constant, or arithmetic of those -- never a tensor with a graph."""
    found = _top_level_functions(source).get(name, ())
    return len(found) == 1 and function_returns_numbers(found[0])


def _top_level_functions(source: Source) -> dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]]:
    """The functions defined at the module's top level, by name, in order: gathered once per
    tree, not once per name asked about (every call of a name in a loop's accumulations asks)."""
    kept = source.__dict__.get("_gradfix_top_level_functions")
    if kept is None or kept[0] is not source.tree:
        table: dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]] = {}
        for stmt in source.tree.body:
            if isinstance(stmt, FUNCTIONS):
                table.setdefault(stmt.name, []).append(stmt)
        kept = source.__dict__["_gradfix_top_level_functions"] = (source.tree, table)
    return kept[1]  # type: ignore[no-any-return]


def class_call_gives_numbers(method: ast.FunctionDef | ast.AsyncFunctionDef, source: Source) -> bool:
    """A class's `__call__` (or `forward`) returns plain numbers, or turns what it is given into
    one (`float(loss_value)`, `.item()`: a meter for the log, whatever its name says)."""
    if function_returns_numbers(method):
        return True
    text = source.segment(method)
    return "float(" in text or ".item()" in text


def function_returns_numbers(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Every `return` of `function` gives a plain number (see `_returns_numbers`)."""
    returns = [node for node in ast_walk(function) if isinstance(node, ast.Return)]
    if not returns or any(r.value is None for r in returns):
        return False
    local = _local_values(function)
    return all(_number_expression(r.value, local) for r in returns)  # type: ignore[arg-type]


def _returns_without_graph(name: str, source: Source, qualify: Qualify) -> bool:
    """`name` is a function of the module (defined once at its top level) decorated with
    `torch.no_grad()`/`inference_mode()`, or whose every `return` sits in a `with
    torch.no_grad():` block: what it returns has no graph."""
    found = _top_level_functions(source).get(name, ())
    return len(found) == 1 and function_without_graph(found[0], qualify)


def function_without_graph(function: ast.FunctionDef | ast.AsyncFunctionDef, qualify: Qualify) -> bool:
    """`function` runs under `no_grad` (see `_returns_without_graph`); `qualify`: its module's."""
    if any(_decorator_no_grad(d, qualify) for d in function.decorator_list):
        return True
    returns = 0
    inside = 0
    stack: list[tuple[ast.AST, bool]] = [(s, False) for s in function.body]
    while stack:
        node, no_grad = stack.pop()
        if isinstance(node, (*FUNCTIONS, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, ast.Return):
            returns += 1
            inside += no_grad
        if isinstance(node, (ast.With, ast.AsyncWith)) and any(_is_no_grad(i, qualify) for i in node.items):
            no_grad = True
        stack.extend((child, no_grad) for child in child_nodes(node))
    return returns > 0 and inside == returns


def _local_values(function: ast.AST) -> dict[str, list[ast.expr] | None]:
    """What each name of a function is assigned (`s = 0.0`, `s += math.log(p)`); None for a
    name bound otherwise too (a loop's target, an unpacking, a parameter)."""
    args = function.args  # type: ignore[attr-defined]
    values: dict[str, list[ast.expr] | None] = {
        a.arg: None for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg) if a is not None
    }
    for node in ast_walk(function):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name, value = node.targets[0].id, node.value
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)) and isinstance(node.target, ast.Name):
            name, value = node.target.id, node.value  # type: ignore[assignment]
        else:
            for bound in _bound_names(node):
                values[bound] = None
            continue
        known = values.get(name, [])
        if known is not None and value is not None:
            values[name] = [*known, value]
        elif value is None:
            values[name] = None
    return values


def _bound_names(node: ast.AST) -> list[str]:
    """Names a statement (other than a one-name assignment) binds."""
    if isinstance(node, ast.Assign):
        targets: list[ast.AST] = list(node.targets)
    elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
        targets = [node.target]
    elif isinstance(node, (ast.With, ast.AsyncWith)):
        targets = [i.optional_vars for i in node.items if i.optional_vars is not None]
    elif isinstance(node, ast.NamedExpr):
        targets = [node.target]
    else:
        return []
    return [n.id for t in targets for n in ast_walk(t) if isinstance(n, ast.Name)]


def _number_expression(expr: ast.expr, local: dict[str, list[ast.expr] | None] | None = None, depth: int = 0) -> bool:
    if isinstance(expr, ast.Constant):
        return isinstance(expr.value, (int, float)) and not isinstance(expr.value, bool)
    if isinstance(expr, ast.BinOp):
        return _number_expression(expr.left, local, depth) and _number_expression(expr.right, local, depth)
    if isinstance(expr, ast.UnaryOp):
        return _number_expression(expr.operand, local, depth)
    if isinstance(expr, ast.Name) and local is not None and depth < 4:
        # a local the function only ever assigns numbers (`s = 0.0`; `s += math.log(p)`)
        values = local.get(expr.id)
        return bool(values) and all(_number_expression(v, local, depth + 1) for v in values)  # type: ignore[union-attr]
    if isinstance(expr, ast.Call):
        if isinstance(expr.func, ast.Name):
            if expr.func.id in ("max", "min", "abs") and expr.args and not expr.keywords:
                return all(_number_expression(a, local, depth) for a in expr.args)
            return expr.func.id in ("float", "int", "round", "len")
        if isinstance(expr.func, ast.Attribute) and isinstance(expr.func.value, ast.Name) and expr.func.value.id == "math":
            return True  # `math.log(p)`: a float
        # (`dist.get_world_size()`: the process count, an int)
        return method_name(expr) in ("item", "tolist", "get_world_size", "get_rank", "get_local_rank")
    return False


class _State:
    def __init__(self, qualify: Qualify, backpropagated: set[str], source: Source, loop: ast.AST | None = None) -> None:
        self.qualify = qualify
        self.backpropagated = backpropagated
        self.source = source
        self.loop = loop
        self._first_pass_names: set[str] | None = None
        self._containers: set[str] | None = None
        self._loss_objects: set[str] | None = None
        self._loop_bound: set[str] | None = None  # names the loop binds (read at a sum's first term scaled by a name)
        self.graph: set[str] = set()
        self.returning: set[int] = set()  # calls of the iteration's helpers that return a backpropagated loss
        self.returning_keys: dict[int, set[str]] = {}  # ... that return it in a dict, under these keys
        self.returning_places: dict[int, tuple[int, set[int]]] = {}  # ... in a tuple: (length, places)
        self.dict_losses: dict[str, set[str]] = {}  # names bound to such a dict -> the keys holding the loss
        self.losses: set[str] = set()  # names backpropagated themselves (`loss.backward()`, `(loss / n).backward()`)
        # names whose items the iteration backpropagates under constant keys (`out["loss"].backward()`)
        self.loss_keys: dict[str, set[str]] = {}
        self.bound: dict[str, ast.expr | None] = {}  # name -> what the iteration last bound it to (None: no graph)
        # name -> (call, place, length) of `ic, f = pde_terms(out, x)`, the name's last binding: a
        # loss tensor when it is a term of the backpropagated loss and the function returns a
        # computation at its place (read only then)
        self.unpacked: dict[str, tuple[ast.Call, int, int]] = {}
        # a called name that stands for a function of another module of the project returning
        # plain numbers, or computing them without gradients
        self.project_numbers: Callable[[str], bool] | None = None
        # a call of a method (`self.compute_loss(x, y)`, `trainer.step_loss(...)`) gradfix found and
        # that never returns a tensor (`return self.total_loss.item()`)
        self.numbers_method: Callable[[ast.Call], bool] | None = None
        # the definition a call of the iteration runs (a method of a class of the project, a
        # function of the module), to read the tuple it returns
        self.returns_of: Callable[[ast.Call], ast.AST | None] | None = None

    @property
    def first_pass_names(self) -> set[str]:
        """The names of the loop's `for` target (`i` of `for i, (x, y) in enumerate(...)`)."""
        if self._first_pass_names is None:
            loop = self.loop
            self._first_pass_names = (
                {n.id for n in ast_walk(loop.target) if isinstance(n, ast.Name)} if isinstance(loop, (ast.For, ast.AsyncFor)) else set()
            )
        return self._first_pass_names

    @property
    def loss_objects(self) -> set[str]:
        """Names bound to a loss module of torch (`ce = nn.CrossEntropyLoss()`,
        `self.seg = torch.nn.BCEWithLogitsLoss(...)`), found at the first call a name does not
        say is a loss."""
        if self._loss_objects is None:
            # read off the lines that build one (`Loss(` found by `str.find`, not a walk of the tree)
            found: set[str] = set()
            text = self.source.text
            at = text.find("Loss(")
            while at != -1:
                start = text.rfind("\n", 0, at) + 1
                line = _LOSS_BINDING.match(text, start, at + 5)
                if line is not None and (
                    (self.qualify(line.group(2)) or "").startswith("torch.nn.") or self._loss_class(line.group(2))
                ):
                    found.add(line.group(1))
                at = text.find("Loss(", at + 5)
            self._loss_objects = found
        return self._loss_objects

    def _loss_class(self, name: str) -> bool:
        """A class named as a loss (`LpLoss`, `DiceLoss`, `losses.FocalLoss`) that is no class of
        this module whose `__call__` or `forward` returns plain numbers."""
        last = name.rsplit(".", 1)[-1]
        if not last[:1].isupper():
            return False
        if self.project_numbers is not None and self.project_numbers(name):
            return False  # a class of another module of the project whose `__call__` returns numbers
        if "." not in name:
            for stmt in self.source.tree.body:
                if isinstance(stmt, ast.ClassDef) and stmt.name == last:
                    methods = [m for m in stmt.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.name in ("__call__", "forward")]
                    return bool(methods) and not any(class_call_gives_numbers(m, self.source) for m in methods)
        return True

    def _returned_computation(self, call: ast.Call, place: int, length: int) -> bool:
        """The function (of the module) or method (found as for `_loss_parts`) the call runs
        returns, in every `return`, a tuple of `length` whose element at `place` is a
        computation: a name the function binds only to computations (no parameter, number,
        count or detached value), or such an expression itself (`return ic.mean(), f`)."""
        function = self.returns_of(call) if self.returns_of is not None else None
        if function is None:
            return False
        returns = [n for n in own_nodes(function) if isinstance(n, ast.Return)]
        if not returns:
            return False
        for ret in returns:
            if not isinstance(ret.value, ast.Tuple) or len(ret.value.elts) != length:
                return False
            element = ret.value.elts[place]
            if isinstance(element, ast.Name):
                if not _bound_to_a_tensor(element.id, function) or _bound_to_numbers_in(element.id, function):
                    return False
            elif not isinstance(element, (ast.Call, ast.BinOp)) or _is_detaching(element) or _number_expression(element):
                return False
        return True

    def _unbound_in_loop(self, value: ast.expr) -> set[str]:
        """The names of `value` the loop never binds (its weights: `f_weight` of `loss_l2 +
        loss_f * f_weight`, bound before the loop); none without a loop to look in."""
        if self.loop is None:
            return set()
        # only a name that scales something (`loss_f * f_weight`) can be a weight: most sums
        # scale nothing by a name, and the loop is then never walked
        names = {
            side.id
            for n in walk_expression(value)
            if isinstance(n, ast.BinOp) and isinstance(n.op, (ast.Mult, ast.Div))
            for side in ((n.left, n.right) if isinstance(n.op, ast.Mult) else (n.right,))
            if isinstance(side, ast.Name)
        }
        if not names:
            return names
        if self._loop_bound is None:
            self._loop_bound = _statement_bound_names(self.loop, self.source)
        return names - self._loop_bound

    @property
    def containers(self) -> set[str]:
        """Names the iteration unpacks or indexes by a string key (found at the first
        accumulation of a loss: most iterations have none)."""
        if self._containers is None:
            self._containers = _containers(self.loop) if self.loop is not None else set()
        return self._containers

    def is_loss_call(self, expr: ast.expr) -> bool:
        if not isinstance(expr, ast.Call):
            return False
        name = call_name(expr)
        if name is None:
            return False
        last = name.rsplit(".", 1)[-1]
        qualified = self.qualify(name) or ""
        known = last in _FUNCTIONAL_LOSSES and ("functional" in qualified or qualified.startswith("F."))
        if not known and not _loss_called(last):
            if name not in self.loss_objects:
                return False
            known = True  # `ce = nn.CrossEntropyLoss()`, then `ce(out, y)`: a loss, whatever its name
        if not known and _NOT_A_TRAINING_LOSS.search(last):
            return False
        if not known and "." not in name and (
            _returns_numbers(name, self.source) or _returns_without_graph(name, self.source, self.qualify)
        ):
            return False  # `compute_loss(model, loader)` of the module: `float(total) / n`, or under `no_grad`
        if not known and self.project_numbers is not None and self.project_numbers(name):
            return False  # `gather_loss(loss, device)` of another module of the project: `loss.item() / n`
        if not known and "." in name and self.numbers_method is not None and self.numbers_method(expr):
            return False  # `self.compute_loss(x, y)` of the class, which updates and returns `loss.item()`
        # a loss computed from detached inputs holds no graph; nor one handed a NumPy array
        # (`calc_loss(V, U, S.cpu().numpy())`: `.numpy()` refuses a tensor that requires grad)
        values = [a for a in expr.args] + [k.value for k in expr.keywords]
        return not any(_DETACHED_INPUT.search(self.source.segment(a)) for a in values)

    def refs(self, expr: ast.expr) -> list[ast.expr]:
        """The parts of `expr` that carry a loss graph into its value."""
        if isinstance(expr, ast.Name):
            return [expr] if expr.id in self.graph else []
        if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id in self.graph:
            # `output.loss` of a model output whose loss is backpropagated (`output.loss.backward()`)
            return [expr] if "loss" in expr.attr.lower() else []
        if isinstance(expr, ast.BinOp):
            return self.refs(expr.left) + self.refs(expr.right)
        if isinstance(expr, ast.UnaryOp):
            return self.refs(expr.operand)
        if isinstance(expr, ast.IfExp):  # `running += loss if log_now else 0.0`
            if _converted_in_other_arm(expr):
                return []  # `x.item() if first_task else x`: the raw arm is taken when `x` is a number
            return self.refs(expr.body) + self.refs(expr.orelse)
        if isinstance(expr, (ast.List, ast.Tuple)):  # `history = history + [loss]`
            return [ref for element in expr.elts for ref in self.refs(element)]
        if isinstance(expr, ast.Subscript):
            if isinstance(expr.value, ast.Name) and expr.value.id in self.dict_losses:
                key = expr.slice
                keys = self.dict_losses[expr.value.id]
                if isinstance(key, ast.Constant) and (key.value in keys or _ANY_KEY in keys):
                    return [expr]  # `out["loss"]` of a step helper's `return {"loss": loss, ...}`
                return []
            return self.refs(expr.value)
        if isinstance(expr, ast.Call):
            if self.is_loss_call(expr) or id(expr) in self.returning:
                return [expr]
            if isinstance(expr.func, ast.Name) and expr.func.id == "sum" and len(expr.args) in (1, 2) and not expr.keywords:
                # `sum(loss_dict.values())`, `sum(l for l in losses.values())`: the sum of the losses
                return [expr] if self._iterated_refs(expr.args[0]) else []
            through = self._passed_through(expr)
            if through is not None:
                return [expr] if self.refs(through) else []
            method = method_name(expr)
            recv = receiver(expr)
            if (method in GRAPH_KEEPING_METHODS or method in _TORCH_MATH) and isinstance(recv, ast.Name) and self.qualify(recv.id) == "torch":
                # `torch.mean(per_sample(out, y))`, `torch.add(a, b)`: the function form of the method
                return [ref for arg in expr.args if not isinstance(arg, ast.Starred) for ref in self.refs(arg)]
            if method in GRAPH_KEEPING_METHODS and recv is not None:
                return self.refs(recv)
            if method in _COLLECTIVES and recv is not None and len(expr.args) == 1:  # (one look-up for the two kinds)
                if method in _GATHERING:
                    if not expr.keywords:
                        return self.refs(expr.args[0])  # `accelerator.gather_for_metrics(loss)`: on one process, the tensor itself
                elif not isinstance(expr.args[0], ast.Starred) and all(k.arg in _FABRIC_COLLECTIVE_KEYWORDS for k in expr.keywords):
                    return self.refs(expr.args[0])  # `fabric.all_reduce(loss, reduce_op="mean")`: on one device, the tensor itself
        return []

    def _iterated_refs(self, iterable: ast.expr) -> list[ast.expr]:
        """The parts of what `iterable` yields that carry a loss graph: the values of a dict of
        losses, the elements of a list written out, a generator passing each one on as it is."""
        if isinstance(iterable, ast.Call) and method_name(iterable) == "values" and not iterable.args:
            recv = receiver(iterable)
            return [iterable] if isinstance(recv, ast.Name) and recv.id in self.dict_losses else []
        if isinstance(iterable, (ast.List, ast.Tuple)):
            return [ref for element in iterable.elts if not isinstance(element, ast.Starred) for ref in self.refs(element)]
        if isinstance(iterable, (ast.GeneratorExp, ast.ListComp)) and len(iterable.generators) == 1:
            generator = iterable.generators[0]
            element = iterable.elt
            while isinstance(element, ast.Call) and method_name(element) in GRAPH_KEEPING_METHODS and not isinstance(element.func, ast.Name):
                element = receiver(element)  # `l.mean() for l in ...`
            if isinstance(generator.target, ast.Name) and isinstance(element, ast.Name) and element.id == generator.target.id:
                return self._iterated_refs(generator.iter)
            return []
        return self.refs(iterable)

    def _summed_dict(self, value: ast.expr) -> str | None:
        """`loss_dict` of `sum(loss_dict.values())` (or of a generator over them)."""
        if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "sum" and value.args):
            return None
        iterable = value.args[0]
        if isinstance(iterable, ast.GeneratorExp) and len(iterable.generators) == 1:
            generator = iterable.generators[0]
            if isinstance(iterable.elt, ast.Name) and isinstance(generator.target, ast.Name) and iterable.elt.id == generator.target.id:
                iterable = generator.iter
        if isinstance(iterable, ast.Call) and method_name(iterable) == "values" and not iterable.args:
            recv = receiver(iterable)
            if isinstance(recv, ast.Name):
                return recv.id
        return None

    def _passed_through(self, call: ast.Call) -> ast.expr | None:
        """`mse2psnr(img_loss)` with `mse2psnr = lambda x: -10.0 * torch.log10(x)` (or a `def`
        of the module returning one such expression of its one parameter): the argument, when
        the expression carries its parameter's graph into its value."""
        if not isinstance(call.func, ast.Name) or len(call.args) != 1 or call.keywords or isinstance(call.args[0], ast.Starred):
            return None
        name = call.func.id
        if name in self.graph:
            return None
        known = self.source.__dict__.setdefault("_one_line_functions", {})
        if name not in known:
            known[name] = _single_expression_function(name, self.source)
        body = known[name]
        if body is None:
            return None
        parameter, expression = body
        inner = _State(self.qualify, set(), self.source)
        inner.graph.add(parameter)
        return call.args[0] if inner.refs(expression) else None

    def _numbers_call(self, value: ast.expr) -> bool:
        """`metric(y, p)`: a call of a function of the module that returns a plain number, or
        computes what it returns without gradients (`compute_epoch_loss(model, loader)` under
        `torch.no_grad()`)."""
        if not isinstance(value, ast.Call):
            return False
        if not isinstance(value.func, ast.Name):
            name = call_name(value)
            if name is not None and self.numbers_method is not None and self.numbers_method(value):
                return True  # `self.update_loss(x, y)` of the class, returning `loss.item()`
            return name is not None and self.project_numbers is not None and self.project_numbers(name)
        return (
            _returns_numbers(value.func.id, self.source) or _returns_without_graph(value.func.id, self.source, self.qualify)
            or (self.project_numbers is not None and self.project_numbers(value.func.id))
        )

    def assign(self, name: str, value: ast.expr | None, no_grad: bool) -> None:
        self.dict_losses.pop(name, None)
        if self.unpacked:
            self.unpacked.pop(name, None)
        if value is not None and not no_grad and id(value) in self.returning_keys:
            self.dict_losses[name] = self.returning_keys[id(value)]
            self.graph.discard(name)
            return
        if self.loss_keys and name in self.loss_keys and isinstance(value, ast.Call) and not no_grad and not _is_detaching(value):
            # `out = model.compute_loss(x, y)` then `out["loss"].backward()`: that item is the loss
            self.dict_losses[name] = self.loss_keys[name]
            self.graph.discard(name)
            return
        if isinstance(value, ast.Dict) and not no_grad:
            # `losses = {"mse": mse, "l1": criterion(out, y)}`: the keys whose values hold a graph
            keys = {
                k.value for k, v in zip(value.keys, value.values)
                if isinstance(k, ast.Constant) and isinstance(k.value, str) and self.refs(v)
            }
            if keys:
                self.dict_losses[name] = keys
        if value is not None and not no_grad and name in self.losses:
            summed = self._summed_dict(value)
            if summed is not None:
                # `loss = sum(loss_dict.values())` then `loss.backward()`: the dict's values are losses
                self.dict_losses[summed] = {_ANY_KEY}
        self.bound[name] = None if value is None or no_grad or _is_detaching(value) else value
        if value is None or no_grad or _is_detaching(value) or isinstance(value, _CONTAINERS):
            # a list of losses (`losses = [l1, l2]; sum(losses).backward()`) has no `.detach()`
            self.graph.discard(name)
        elif self.refs(value) or (name in self.backpropagated and not _number(value) and not self._numbers_call(value)):
            self.graph.add(name)
            if name in self.backpropagated and isinstance(value, (ast.BinOp, ast.UnaryOp)):
                # `loss = rec + 0.5 * kl` (or `loss = -elbo`), then `loss.backward()`: each term
                # bound in the iteration to a value that is no plain number is a loss tensor too;
                # a term may be scaled by a name the loop never binds (`loss_f * f_weight`, the
                # weight read from the config before the loop)
                for term in _arithmetic_names(value, self._unbound_in_loop(value)):
                    bound = self.bound.get(term)
                    if term in self.unpacked:
                        # `loss_ic, loss_f = pde_terms(out, x)`: what the function returns there
                        if self._returned_computation(*self.unpacked[term]):
                            self.graph.add(term)
                        continue
                    if isinstance(bound, ast.Call) and isinstance(bound.func, ast.Name) and not self.is_loss_call(bound):
                        continue  # `reg = l2_value(model)`: a helper's value, perhaps detached (or a number)
                    if bound is not None and not _number(bound) and not self._numbers_call(bound):
                        self.graph.add(term)
        else:
            self.graph.discard(name)


# Accelerate's collectives: on a single process they hand back the tensor they are given
# (`gather`, `gather_for_metrics`) or a copy still in its graph (`reduce`)
_GATHERING = frozenset({"gather", "gather_for_metrics", "reduce"})
# Lightning's (Fabric's and a LightningModule's) `all_reduce` / `all_gather` (lightning 2.6.6): on one
# device they hand back the tensor they are given, graph and all (`torch.distributed.all_reduce(t)`
# returns None: nothing to add up)
_FABRIC_COLLECTIVES = frozenset({"all_reduce", "all_gather"})
_FABRIC_COLLECTIVE_KEYWORDS = frozenset({"group", "reduce_op", "sync_grads"})
_COLLECTIVES = _GATHERING | _FABRIC_COLLECTIVES


_ANY_KEY = "\x00any"  # a dict of losses under every key (`loss_dict` of `sum(loss_dict.values()).backward()`)


def _number(value: ast.expr) -> bool:
    return isinstance(value, ast.Constant) and type(value.value) in (int, float)


def _targets(small: ast.AST) -> list[ast.expr]:
    if isinstance(small, ast.Assign):
        return list(small.targets)
    if isinstance(small, (ast.AnnAssign, ast.AugAssign)):
        return [small.target]
    return []


def _names(node: ast.AST) -> set[str]:
    return {n.id for n in walk_expression(node) if isinstance(n, ast.Name)}


def _loss_returning_calls(
    loop: TrainingLoop, owned: set[int]
) -> tuple[set[int], dict[int, set[str]], dict[int, tuple[int, set[int]]]]:
    """The calls, written in the iteration, of helpers that backpropagate a loss and return that
    very tensor (`def train_step(x, y): ... loss.backward(); opt.step(); return loss`): what
    they return holds its graph; those that return it in a dict (`return {"loss": loss,
    "acc": acc}`), with the keys that hold it; and those that return it in a tuple (`return
    loss, x.size(0)`), with the tuple's length and the places that hold it."""
    found: set[int] = set()
    in_dicts: dict[int, set[str]] = {}
    in_tuples: dict[int, tuple[int, set[int]]] = {}
    for event in loop.events:
        if event.kind is not EventKind.BACKWARD or len(event.via) != 1 or id(event) not in owned:
            continue
        loss = event.loss
        helper = event.helpers[0] if event.helpers else None
        if not isinstance(loss, ast.Name) or not isinstance(helper, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        returns = [n for n in own_nodes(helper) if isinstance(n, ast.Return)]
        if not returns or _rebound_after(loss.id, helper, event.node):
            continue  # (`loss = loss.item()` after the backward: it returns a number)
        if all(isinstance(r.value, ast.Name) and r.value.id == loss.id for r in returns):
            found.add(id(event.via[0]))
        elif all(isinstance(r.value, ast.Dict) for r in returns):
            keys = {
                k.value
                for r in returns
                for k, v in zip(r.value.keys, r.value.values)  # type: ignore[union-attr]
                if isinstance(k, ast.Constant) and isinstance(k.value, str) and isinstance(v, ast.Name) and v.id == loss.id
            }
            if keys:
                in_dicts[id(event.via[0])] = keys
        elif all(isinstance(r.value, ast.Tuple) for r in returns):
            lengths = {len(r.value.elts) for r in returns}  # type: ignore[union-attr]
            places = [
                {i for i, e in enumerate(r.value.elts) if isinstance(e, ast.Name) and e.id == loss.id}  # type: ignore[union-attr]
                for r in returns
            ]
            if len(lengths) == 1 and places[0] and all(p == places[0] for p in places):
                in_tuples[id(event.via[0])] = (lengths.pop(), places[0])
    return found, in_dicts, in_tuples


def _rebound_after(name: str, function: ast.AST, node: ast.AST) -> bool:
    """The function binds `name` again after `node` (its own statements, not nested ones')."""
    line = getattr(node, "end_lineno", None) or 0
    for stmt in own_nodes(function):
        if getattr(stmt, "lineno", 0) <= line:
            continue
        if isinstance(stmt, ast.Assign):
            targets = [t for target in stmt.targets for t in ast_walk(target)]
        elif isinstance(stmt, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor)):
            targets = list(ast_walk(stmt.target))
        elif isinstance(stmt, ast.NamedExpr):
            targets = [stmt.target]
        else:
            continue
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            return True
    return False


def _backward_names(loop: TrainingLoop, owned: set[int]) -> set[str]:
    names: set[str] = set()
    for event in loop.events:
        if event.kind is EventKind.BACKWARD and event.direct and id(event) in owned and event.loss is not None:
            names |= _names(event.loss)
        elif event.kind is EventKind.BACKWARD and event.argument is not None and id(event) in owned:
            names |= _names(event.argument)  # `grad_acc.backward(loss)`: a helper backpropagates it as given
    return names


def _loss_keys(loop: TrainingLoop, owned: set[int]) -> dict[str, set[str]]:
    """Names whose items the iteration backpropagates itself under a constant key
    (`out["loss"].backward()`), with those keys; none for a name whose items the loop's body
    stores into (`out["loss"] = out["loss"].item()`): the item may not hold the tensor then."""
    keys: dict[str, set[str]] = {}
    for event in loop.events:
        loss = event.loss
        if (
            event.kind is EventKind.BACKWARD and event.direct and id(event) in owned
            and isinstance(loss, ast.Subscript) and isinstance(loss.value, ast.Name)
            and isinstance(loss.slice, ast.Constant) and isinstance(loss.slice.value, str)
        ):
            keys.setdefault(loss.value.id, set()).add(loss.slice.value)
    if keys:
        for node in ast_walk(loop.node):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else ()
            for target in targets:
                if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name):
                    keys.pop(target.value.id, None)
    return keys


def _loss_names(loop: TrainingLoop, owned: set[int]) -> set[str]:
    """Names that are themselves what a backward of the iteration backpropagates (`loss`,
    `loss / n`, `w * loss`), not every name its expression reads (`compute_td_loss([s], [a],
    [r]).backward()` does not make the reward `r` a loss)."""
    names: set[str] = set()
    for event in loop.events:
        if event.kind is not EventKind.BACKWARD or id(event) not in owned:
            continue
        expr = event.loss if event.direct else event.argument
        pending = [expr] if expr is not None else []
        while pending:
            current = pending.pop()
            if isinstance(current, ast.Name):
                names.add(current.id)
            elif isinstance(current, ast.BinOp):
                pending += [current.left, current.right]
            elif isinstance(current, ast.UnaryOp):
                pending.append(current.operand)
    return names


def _summed_names(value: ast.expr) -> set[str]:
    """Names a sum is made of (`rec + 0.5 * kl`: `rec`, `kl`): added, subtracted, negated, or
    scaled by a literal number."""
    return _arithmetic_names(value, set())


class _Scope:
    """Names bound outside the loop, and what flows into any `.backward()` of the scope."""

    def __init__(self, loop: ast.AST, root: ast.AST, source: Source, feeding: set[int] = frozenset()) -> None:  # type: ignore[assignment]
        self.loop = loop
        self.source = source
        self.feeding = feeding  # calls that backpropagate what they are given (helpers, autograd)
        self.bound_outside: set[str] = set()
        self.assignments: list[tuple[set[str], set[str], str]] = []  # (targets, names read, value text)
        self.backward_calls: list[tuple[set[str], str]] = []  # (names read, text)
        self.root = root
        self._free: set[str] | None = None
        self._visit(root, root, 0)

    def free(self, name: str) -> bool:
        """`name` is not the function's own (bound in it, or its parameter): it lives in an
        enclosing scope (`nonlocal`/`global` names too), and outlives the loop."""
        if not isinstance(self.root, FUNCTIONS):
            return False
        if self._free is None:
            self._free = _free_names(self.root)
        return name in self._free

    def _code(self, node: ast.AST) -> str:
        return re.sub(r"\s+", "", self.source.segment(node))

    def _visit(self, node: ast.AST, root: ast.AST, depth: int) -> None:
        if node is self.loop:
            depth += 1
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            keys = {k for t in _targets(node) for k in _flat_keys(t, self.source)}  # `n, total = 0, 0.0`: both
            # `self.total = ...` binds that attribute, not `self` (which every forward reads);
            # `parts["run"] = ...` that item, not the dict (whose other items a forward may read:
            # `parts["model"](x)`; a read of the dict as a whole still reads it, `_feeds_backward`)
            # `st.run = st.run + loss` likewise binds that attribute of a plain name (a namespace
            # whose other attributes the forward reads, `st.model(x)`)
            targets = {k if (root_name(k) in _RECEIVERS and k not in _RECEIVERS) or _string_item(k) or _name_attribute(k) else root_name(k) for k in keys}
            value = node.value
            read: set[str] = set()
            text = ""
            if value is not None and value.__class__ is not ast.Yield:
                # (`message = yield reply` binds what the generator is sent, not `reply`)
                read = _names(value)
                text = self._code(value)
            self.assignments.append((targets, read, text))
            if depth == 0 and not isinstance(node, ast.AugAssign):
                self.bound_outside |= keys | targets
        if isinstance(node, ast.Call) and (
            method_name(node) in ("backward", "manual_backward")
            or id(node) in self.feeding
            or (call_name(node) or "").endswith(("autograd.grad", "autograd.backward"))
        ):
            names: set[str] = set()
            recv = receiver(node)
            if recv is not None:
                names |= _names(recv)
            for arg in [*node.args, *[k.value for k in node.keywords]]:
                names |= _names(arg)
            self.backward_calls.append((names, self._code(node)))
        if isinstance(node, SCOPES) and node is not root:
            return
        for child in child_nodes(node):
            self._visit(child, root, depth)


def function_parameters(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """Every parameter name of `function`, `*args` and `**kwargs` included."""
    args = function.args
    names = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
    for star in (args.vararg, args.kwarg):
        if star is not None:
            names.add(star.arg)
    return names


_STRING_ITEM = lazily(r"""^[A-Za-z_]\w*\[(?:"[^"\\]*"|'[^'\\]*')\]$""")


def _string_item(key: str) -> bool:
    """`parts["run"]`: a string-keyed item of a plain name (as `Source.key` writes it)."""
    return "[" in key and _STRING_ITEM.match(key) is not None


def _name_attribute(key: str) -> bool:
    """`st.run`: an attribute of a plain name, not `self` (as `Source.key` writes it)."""
    return _NAME_ATTRIBUTE.match(key) is not None and root_name(key) not in _RECEIVERS


def _whole_dict_read(key: str, names: set[str], text: str) -> bool:
    """For a string-keyed item `parts["run"]`: the code `text` (reading `names`) reads the dict
    `parts` otherwise than through a string key (`sum(parts.values())`, `parts[k]`,
    `f(parts)`): it may read that item. For an attribute of a plain name `st.run`: the code
    reads `st` otherwise than through an attribute (`f(st)`, `vars(st)`, `model(x)` for
    `model.run`: the module's forward may read it)."""
    if _name_attribute(key):
        root = key.partition(".")[0]
        return root in names and re.search(r"(?<![\w.])" + re.escape(root) + r"(?![\w.])", text) is not None
    if not _string_item(key):
        return False
    root = key.partition("[")[0]
    if root not in names:
        return False
    return re.search(r"(?<![\w.])" + re.escape(root) + r"""(?!\w|\[["'])""", text) is not None


def _feeds_backward(accumulator: str, scope: _Scope) -> bool:
    """Whether the accumulator flows (through assignments) into a `.backward()` call."""
    feeding_names: set[str] = set()
    feeding_keys: set[str] = set()
    if "." in accumulator or "[" in accumulator:
        feeding_keys.add(accumulator)
    else:
        feeding_names.add(accumulator)

    def reads(names: set[str], text: str) -> bool:
        return bool(names & feeding_names) or any(key in text or _whole_dict_read(key, names, text) for key in feeding_keys)

    changed = True
    while changed:
        changed = False
        for targets, read, text in scope.assignments:
            if reads(read, text) and not targets <= feeding_names | feeding_keys:
                for target in targets:
                    (feeding_keys if "." in target or "[" in target else feeding_names).add(target)
                changed = True
    return any(reads(names, text) for names, text in scope.backward_calls)


def find_accumulations(
    loop: TrainingLoop,
    training_loops: set[int],
    qualify: Qualify,
    source: Source,
    meters: Callable[[str, str], bool] | None = None,
    project_numbers: Callable[[str], bool] | None = None,
    numbers_method: Callable[[ast.Call], bool] | None = None,
    returns_of: Callable[[ast.Call], ast.AST | None] | None = None,
    handed: frozenset[str] = frozenset(),
) -> Iterator[Accumulation]:
    """Accumulations of loss tensors across iterations of `loop`. `meters(key, method)`:
    whether the object `key` names keeps what its `method(value)` is given (an
    `AverageMeter` of the project summing it, a history appending it), so that
    `losses.update(loss, n)` accumulates too. `numbers_method(call)`: the method a call of the
    iteration runs (`self.compute_loss(x, y)`) is found and never returns a tensor. `handed`:
    names a step function binds to what its callers hand it, the same object at every call
    (`epoch_losses = state["epoch_losses"]`, `state_entries.lasting_entry`)."""
    function = loop.function
    if function is not None and any(_decorator_no_grad(d, qualify) for d in function.decorator_list):
        return
    skip = {lp for lp in training_loops if lp != id(loop.node)}
    flattener = _Flattener(skip, qualify, source)
    flattener.block(loop.node.body, False, False)
    owned = {id(e) for e in loop.events if loop.owns(e, training_loops)}
    steps = any(e.kind is EventKind.STEP for e in loop.events if id(e) in owned)
    backpropagated = _backward_names(loop, owned)
    scope: _Scope | None = None  # built only when a candidate shows up: it reads the whole scope
    resets: set[str] = set()  # ... and with it the keys bound afresh in every iteration (`_resets`)
    state = _State(qualify, backpropagated, source, loop.node)
    state.project_numbers = project_numbers
    state.numbers_method = numbers_method
    state.returns_of = returns_of
    state.losses = _loss_names(loop, owned)
    state.loss_keys = _loss_keys(loop, owned)
    state.returning, state.returning_keys, state.returning_places = _loss_returning_calls(loop, owned)
    walrus = ":=" in source.segment(loop.node)
    seeds: dict[str, list[tuple[ast.expr, ast.stmt]]] = {}  # name -> the loss parts a conditional `name = loss` binds
    for line in flattener.lines:
        small = line.small
        found = _accumulation(small, state, source, meters)
        if (
            found is None and line.conditional and not line.no_grad and isinstance(small, ast.Assign)
            and len(small.targets) == 1 and isinstance(small.targets[0], ast.Name)
        ):
            seeded = state.refs(small.value)
            if seeded:
                seeds[small.targets[0].id] = [(ref, small) for ref in seeded]
        if found is not None and not line.no_grad:
            # `out = loss_fn(model, batch)` then `loss, size = out` or `out["loss"]`: what the
            # loss function returned holds the loss; it is not a tensor (no `.detach()`)
            refs = [ref for ref in found[1] if not (isinstance(ref, ast.Name) and ref.id in state.containers)]
            found = (found[0], refs) if refs else None
        if found is not None and not line.no_grad:
            accumulator, refs = found
            if scope is None:
                scope = _Scope(loop.node, function if function is not None else source.tree, source, _feeding_calls(loop))
                if function is not None:
                    scope.bound_outside |= function_parameters(function)
                scope.bound_outside |= handed
                resets = _resets(flattener.lines, source) - handed  # (bound at every call to the one object)
            started = first_pass_start(small, state.first_pass_names) and accumulator not in resets and accumulator not in backpropagated
            outlives = started or _outlives_iteration(accumulator, resets, scope, backpropagated)
            if (
                not outlives and accumulator not in resets and accumulator not in backpropagated
                and accumulator not in scope.bound_outside and _reset_only_under_ifs(accumulator, loop.node, small)
                and not _feeds_backward(accumulator, scope)
            ):
                outlives = True  # (`if i == 0: total = 0.0` then `total += loss`: kept across the other passes)
            if outlives and not (
                (not steps and _lives_one_step(accumulator, loop, function, source))
                or (steps and _over_optimizers(loop) and _reset_right_around(accumulator, loop, source))
            ):
                yield Accumulation(loop, small, small, accumulator, refs, seeds.get(accumulator, []))
        # update what each name holds after this statement
        if walrus:  # `(loss := criterion(out, y)).backward()`
            for node in walk_expression(small):
                if isinstance(node, ast.NamedExpr):
                    _bind(node.target, node.value, state, line.no_grad)
        if isinstance(small, ast.Assign):
            for target in small.targets:
                _bind(target, small.value, state, line.no_grad)
        elif isinstance(small, ast.AnnAssign):
            _bind(small.target, small.value, state, line.no_grad)
        elif isinstance(small, ast.AugAssign) and isinstance(small.target, ast.Name):
            name = small.target.id
            if not line.no_grad and (
                name in state.graph or state.refs(small.value)
                # `loss = 0.0`, then `loss += head(x).pow(2).mean()` per head, then `loss.backward()`
                or (name in state.backpropagated and not _number(small.value) and not state._numbers_call(small.value))
            ):
                state.graph.add(name)


def _over_optimizers(loop: TrainingLoop) -> bool:
    """The loop hands out the optimizers it steps (`for head, opt in zip(heads, optimizers)`):
    a loop over models of one batch, not over batches."""
    target = getattr(loop.node, "target", None)
    if target is None:
        return False
    names = {n.id for n in ast_walk(target) if isinstance(n, ast.Name)}
    stepped = {root_name(e.target) for e in loop.events if e.kind is EventKind.STEP and e.target}
    return bool(stepped) and stepped <= names


def _first_pass_test(test: ast.expr, names: set[str]) -> bool:
    """`i == 0` (or `0 == i`, `not i`) on a variable of the loop's `for` target: true on its
    first pass only."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return isinstance(test.operand, ast.Name) and test.operand.id in names
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)):
        return False
    left, right = test.left, test.comparators[0]
    for name, zero in ((left, right), (right, left)):
        if isinstance(name, ast.Name) and name.id in names and isinstance(zero, ast.Constant) and zero.value == 0 and zero.value is not False:
            return True
    return False


def first_pass_start(small: ast.stmt, names: set[str]) -> bool:
    """`acc = v if i == 0 else acc + ...` (either arm order): the accumulator is bound on the
    loop's first pass and grown on the others, so it outlives each iteration though nothing
    binds it before the loop."""
    if not (isinstance(small, ast.Assign) and len(small.targets) == 1 and isinstance(small.targets[0], ast.Name)):
        return False
    value = small.value
    return isinstance(value, ast.IfExp) and bool(names) and _first_pass_test(value.test, names)


def _converted_in_other_arm(expr: ast.IfExp) -> bool:
    """One arm reads a name's value (`x.item()`, `float(x)`), the other the name itself: the
    author keeps the tensor's value, and the raw arm serves when `x` is already a number."""
    def value_of(arm: ast.expr) -> str | None:
        if isinstance(arm, ast.Call) and not arm.args and isinstance(arm.func, ast.Attribute) and arm.func.attr == "item":
            return dotted(arm.func.value)
        if isinstance(arm, ast.Call) and isinstance(arm.func, ast.Name) and arm.func.id == "float" and len(arm.args) == 1:
            return dotted(arm.args[0])
        return None

    for converted, raw in ((expr.body, expr.orelse), (expr.orelse, expr.body)):
        name = value_of(converted)
        if name is not None and dotted(raw) == name:
            return True
    return False


def _reset_right_around(accumulator: str, loop: TrainingLoop, source: Source) -> bool:
    """The accumulator is bound afresh by a statement of the body of the loop right around this
    one (`losses = []` in the batch loop, around the loop over heads and their optimizers)."""
    if not loop.enclosing_loops:
        return False
    outer = loop.enclosing_loops[-1]
    root = root_name(accumulator)
    return root not in _RECEIVERS and any(
        isinstance(stmt, (ast.Assign, ast.AnnAssign)) and root in {root_name(source.key(t)) for t in _targets(stmt)}
        for stmt in getattr(outer, "body", [])
    )


def _lives_one_step(accumulator: str, loop: TrainingLoop, function: ast.AST | None, source: Source) -> bool:
    """For a loop that steps no optimizer itself (one backward per loss term or micro-batch,
    the step around it): the accumulator is rebound in the body of a loop around this one
    (`step_total = 0` before the loop over terms, in the loop that steps), or the function
    returns it (its caller may backpropagate the sum), or, on `self`, another method of the
    class backpropagates it. Its graphs then live for one step, or are the ones a backward
    still needs: `.detach()` would break that backward."""
    root = root_name(accumulator)
    scope = function if function is not None else source.tree
    if function is not None and root not in _RECEIVERS:
        for node in ast.walk(function):
            if isinstance(node, ast.Return) and node.value is not None and root in _names(node.value):
                return True
    for outer in ast.walk(scope):
        if outer is loop.node or not isinstance(outer, LOOPS) or not encloses(outer, loop.node):
            continue
        for node in ast.walk(outer):
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and not encloses(loop.node, node):
                if root in {root_name(source.key(t)) for t in _targets(node)} and root not in _RECEIVERS:
                    return True
    if root in _RECEIVERS and function is not None:
        owner = source.owner_of(function)  # type: ignore[arg-type]
        if isinstance(owner, ast.ClassDef):
            text = re.sub(r"\s+", "", source.segment(owner))
            return f"{accumulator}.backward(" in text or f"backward({accumulator}" in text
    return False


def _containers(node: ast.AST) -> set[str]:
    """Names the loop unpacks (`loss, size = out`) or indexes by a string
    (`out["loss"]`): a tuple, a list or a dict, not a tensor."""
    found: set[str] = set()
    for child in ast_walk(node):
        if isinstance(child, ast.Assign) and isinstance(child.value, ast.Name):
            if any(isinstance(t, (ast.Tuple, ast.List)) for t in child.targets):
                found.add(child.value.id)
        elif isinstance(child, ast.Subscript) and isinstance(child.value, ast.Name):
            if isinstance(child.slice, ast.Constant) and isinstance(child.slice.value, str):
                found.add(child.value.id)
    return found


def _feeding_calls(loop: TrainingLoop) -> set[int]:
    """Calls of the iteration that may backpropagate their arguments: a helper holding a
    backward pass or `torch.autograd.grad` (`update(optimizer, window_loss)`), and calls gradfix
    cannot see into that may backpropagate."""
    feeding: set[int] = set()
    for event in loop.events:
        if event.kind in (EventKind.BACKWARD, EventKind.AUTOGRAD_GRAD) and event.via:
            feeding.add(id(event.via[0]))
        elif event.kind is EventKind.UNKNOWN:
            feeding.add(id(event.node))
    return feeding


_CONTAINERS = (ast.List, ast.Tuple, ast.ListComp, ast.Dict, ast.DictComp, ast.Set, ast.SetComp, ast.GeneratorExp)


def _container_key(recv: ast.expr) -> bool:
    """`history`, `self.history`, or an entry of one under a constant key (`history["loss"]`,
    `self.log[0]`): where `.append(...)` keeps what it is given."""
    if isinstance(recv, ast.Subscript) and isinstance(recv.slice, ast.Constant):
        recv = recv.value
    return dotted(recv) is not None


def _bind(target: ast.expr, value: ast.expr | None, state: _State, no_grad: bool) -> None:
    if isinstance(target, ast.Name):
        state.assign(target.id, value, no_grad)
    elif isinstance(target, (ast.Tuple, ast.List)):
        if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(target.elts):
            for element, part in zip(target.elts, value.elts):  # `loss, n = criterion(out, y), len(y)`
                _bind(element, part, state, no_grad)
            return
        places = state.returning_places.get(id(value)) if value is not None else None
        if places is not None and places[0] == len(target.elts) and not no_grad:
            # `loss, n = train_step(model, batch)` of a step helper returning `loss, x.size(0)`
            for index, element in enumerate(target.elts):
                if index in places[1] and isinstance(element, ast.Name):
                    state.graph.add(element.id)
                else:
                    _bind(element, None, state, no_grad)
            return
        parts = _loss_parts(target, value, state) if not no_grad else set()
        unpacked = value.__class__ is ast.Call and not no_grad
        for index, element in enumerate(target.elts):
            if index in parts and isinstance(element, ast.Name):
                # `loss, mf, reg = model.bpr_loss(...)` of `return mf + reg, mf, reg`: the terms
                # of the backpropagated loss, graph and all
                state.graph.add(element.id)
            elif (
                isinstance(element, ast.Name)
                and element.id in state.losses
                and isinstance(value, ast.Call)
                and not no_grad
                and not _is_detaching(value)
            ):
                # `loss, parts = criterion(out, y)` then `loss.backward()`: the element is the loss
                state.graph.add(element.id)
            else:
                _bind(element, None, state, no_grad)
                if unpacked and isinstance(element, ast.Name) and not _is_detaching(value):  # type: ignore[arg-type]
                    state.unpacked[element.id] = (value, index, len(target.elts))  # type: ignore[arg-type]


def _loss_parts(target: ast.Tuple | ast.List, value: ast.expr | None, state: _State) -> set[int]:
    """The places of `loss, mf, reg = model.bpr_loss(...)` (the iteration backpropagating
    `loss`) whose names receive terms of the loss: the function or method the call runs
    returns, in every `return`, a tuple of that length whose element at the loss's place adds
    up (`_summed_names`) names returned whole at those places (`return mf + reg, mf, reg`)."""
    if not isinstance(value, ast.Call) or state.returns_of is None:
        return set()
    names = [e.id if isinstance(e, ast.Name) else None for e in target.elts]
    at = [i for i, name in enumerate(names) if name is not None and name in state.losses]
    if len(at) != 1:
        return set()
    function = state.returns_of(value)
    if function is None:
        return set()
    returns = [n for n in own_nodes(function) if isinstance(n, ast.Return)]
    found: set[int] | None = None
    for ret in returns:
        if not isinstance(ret.value, ast.Tuple) or len(ret.value.elts) != len(names):
            return set()
        elements = ret.value.elts
        loss = elements[at[0]]
        if isinstance(loss, ast.Name):
            # `total = mf + reg` then `return total, mf, reg`: the one binding of the name
            loss = _sum_bound_once(loss.id, function) or loss
        args = function.args  # type: ignore[attr-defined]
        weights = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
        terms = _arithmetic_names(loss, weights, self_weights=True) if isinstance(loss, ast.BinOp) else set()
        pending = list(terms)
        while pending:
            # `cor_term = self.decay * cor` then `return mf + cor_term, mf, cor`: a term's
            # own terms are the loss's too
            bound = _sum_bound_once(pending.pop(), function)
            for name in _arithmetic_names(bound, weights, self_weights=True) - terms if bound is not None else ():
                terms.add(name)
                pending.append(name)
        here = {
            i for i, e in enumerate(elements)
            if i != at[0] and isinstance(e, ast.Name) and e.id in terms and _bound_to_a_tensor(e.id, function)
        }  # fmt: skip
        found = here if found is None else found & here
    return found or set()


def _sum_bound_once(name: str, function: ast.AST) -> ast.BinOp | None:
    """The arithmetic `name` is bound to, when the function binds it once (not augmented)."""
    bound = [
        n.value for n in own_nodes(function)
        if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in n.targets)
        or isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name) and n.target.id == name
    ]  # fmt: skip
    return bound[0] if len(bound) == 1 and isinstance(bound[0], ast.BinOp) else None


def _arithmetic_names(value: ast.expr, weights: set[str], self_weights: bool = False) -> set[str]:
    """The terms a loss expression adds up (`rec + beta * kld`: `rec`, `kld`): names added,
    subtracted or negated, or scaled by a literal number or by one of `weights` (the function's
    parameters; with `self_weights`, an attribute of `self` too: `self.decay * cor`); not the
    weights themselves, nor a name scaled by another computed value."""
    names: set[str] = set()
    pending: list[ast.expr] = [value]
    while pending:
        current = pending.pop()
        if isinstance(current, ast.Name):
            names.add(current.id)
        elif isinstance(current, ast.BinOp) and isinstance(current.op, (ast.Add, ast.Sub)):
            pending += [current.left, current.right]
        elif isinstance(current, ast.BinOp) and isinstance(current.op, (ast.Mult, ast.Div)):
            sides = [current.left, current.right] if isinstance(current.op, ast.Mult) else [current.left]
            for side, other in zip(sides, [current.right, current.left]):
                if (
                    _number(other)
                    or isinstance(other, ast.Name) and other.id in weights
                    or self_weights and isinstance(other, ast.Attribute) and isinstance(other.value, ast.Name) and other.value.id == "self"
                ):  # fmt: skip
                    pending.append(side)
        elif isinstance(current, ast.UnaryOp) and isinstance(current.op, (ast.USub, ast.UAdd)):
            pending.append(current.operand)
    return names


def _statement_bound_names(loop: ast.AST, source: Source) -> set[str]:
    """The names the statements of `loop` bind (assignment, `for` and `with` targets, `except
    ... as`, definitions), read down the statements, not into every expression; with a walrus
    in the loop, every name stored anywhere in it."""
    if ":=" in source.segment(loop):
        return {n.id for n in ast_walk(loop) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
    found: set[str] = set()
    pending: list[ast.AST] = [loop]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Assign):
            targets: list[ast.AST] = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor)):
            targets = [node.target]
        elif isinstance(node, (ast.With, ast.AsyncWith)):
            targets = [i.optional_vars for i in node.items if i.optional_vars is not None]
        else:
            targets = []
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                found.add(node.name)
                continue
            if isinstance(node, ast.ExceptHandler) and node.name:
                found.add(node.name)
        for target in targets:
            found.update(n.id for n in ast_walk(target) if isinstance(n, ast.Name))
        pending += child_statements(node)
    return found


def _bound_to_numbers_in(name: str, function: ast.AST) -> bool:
    """Some binding of `name` in the function is a plain number (`n = len(x)`, `acc = c.item()`)."""
    return any(
        _number_expression(n.value)
        for n in own_nodes(function)
        if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in n.targets)
    )


def _bound_to_a_tensor(name: str, function: ast.AST) -> bool:
    """`name` is no parameter of the function (a weight handed in, `beta=1.0`), and every
    binding of it there is a computation: neither a number literal nor detached."""
    args = getattr(function, "args", None)
    if args is not None and name in {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}:
        return False
    values = [
        n.value for n in own_nodes(function)
        if isinstance(n, (ast.Assign, ast.AnnAssign)) and any(isinstance(t, ast.Name) and t.id == name for t in (n.targets if isinstance(n, ast.Assign) else [n.target]))
    ]  # fmt: skip
    return bool(values) and all(v is not None and not _number(v) and not _is_detaching(v) for v in values)


def _decorator_no_grad(decorator: ast.expr, qualify: Qualify) -> bool:
    expr = decorator.func if isinstance(decorator, ast.Call) else decorator
    name = qualify(dotted(expr)) or ""
    return name.rsplit(".", 1)[-1] in _NO_GRAD


def _accumulation(
    small: ast.stmt, state: _State, source: Source, meters: Callable[[str, str], bool] | None = None
) -> tuple[str, list[ast.expr]] | None:
    if isinstance(small, ast.AugAssign) and isinstance(small.op, (ast.Add, ast.Sub)):
        refs = state.refs(small.value)
        if refs and isinstance(small.target, (ast.Name, ast.Attribute, ast.Subscript)):
            return source.key(small.target), refs
        return None
    if small.__class__ is ast.Return and small.value.__class__ is ast.Call and small.value.keywords and isinstance(state.loop, FUNCTIONS):  # type: ignore[union-attr]
        # `return dataclasses.replace(state, total=state.total + loss)` ending a step function
        # (`state._replace(...)`): the copy its caller keeps for the next step holds the old
        # sum's graph too
        returned: ast.Call = small.value  # type: ignore[assignment]
        func = returned.func
        held = returned.args[0] if returned.args else func.value if isinstance(func, ast.Attribute) else None
        if isinstance(held, ast.Name) and _replaces(returned, held.id):
            return _replaced_sum(returned, held.id, state)
        return None
    if isinstance(small, ast.Assign) and len(small.targets) == 1:
        target = small.targets[0]
        value = small.value
        if (
            isinstance(value, ast.Call) and (call_name(value) or "") in ("torch.cat", "torch.stack", "cat", "stack")
            and len(value.args) == 1 and not value.keywords and isinstance(value.args[0], (ast.List, ast.Tuple))
        ):
            # `history = torch.cat([history, loss.reshape(1)])`: the history chains every step's graph
            key = source.key(target)
            parts = value.args[0].elts
            if any(source.key(part) == key for part in parts if isinstance(part, (ast.Name, ast.Attribute))):
                refs = [ref for part in parts if source.key(part) != key for ref in state.refs(part)]
                if refs:
                    return key, refs
            return None
        if (
            isinstance(value, ast.Call) and call_name(value) == "torch.add" and len(value.args) == 2
            and all(k.arg == "alpha" for k in value.keywords)
        ):
            # `total = torch.add(total, loss)`: the sum written as a call keeps the chain too
            key = source.key(target)
            for own, other in ((value.args[0], value.args[1]), (value.args[1], value.args[0])):
                if isinstance(own, (ast.Name, ast.Attribute, ast.Subscript)) and source.key(own) == key:
                    refs = state.refs(other)
                    if refs:
                        return key, refs
            return None
        if isinstance(value, ast.Call) and value.keywords and isinstance(target, ast.Name) and _replaces(value, target.id):
            return _replaced_sum(value, target.id, state)
        first: list[ast.expr] = []
        if isinstance(value, ast.IfExp) and isinstance(target, (ast.Name, ast.Attribute)):
            # `total = loss if total is None else total + loss`: the sum once the first is kept
            key = source.key(target)
            tested = [n for n in ast_walk(value.test) if isinstance(n, (ast.Name, ast.Attribute)) and source.key(n) == key]
            if not tested and state.first_pass_names and _first_pass_test(value.test, state.first_pass_names):
                # `smooth = loss if i == 0 else 0.9 * smooth + 0.1 * loss`: started on the loop's
                # first pass, grown on every other
                tested = [value.test]
            for start, grown in ((value.body, value.orelse), (value.orelse, value.body)):
                if tested and isinstance(grown, ast.BinOp) and isinstance(grown.op, (ast.Add, ast.Sub)):
                    first, value = state.refs(start), grown
                    break
        if isinstance(value, ast.BinOp) and isinstance(value.op, (ast.Add, ast.Sub)):
            key = source.key(target)
            for own, other in ((value.left, value.right), (value.right, value.left)):
                if isinstance(own, ast.BinOp) and isinstance(own.op, (ast.Mult, ast.Div)):
                    # `smooth = 0.9 * smooth + 0.1 * loss`: a moving average keeps the chain too
                    factor = own.right if isinstance(own.op, ast.Div) else (own.left if source.key(own.right) == key else own.right)
                    kept = own.left if isinstance(own.op, ast.Div) or factor is own.right else own.right
                    if not isinstance(factor, ast.Constant):
                        continue
                    own = kept
                if (source.key(own) == key and isinstance(own, (ast.Name, ast.Attribute, ast.Subscript))) or _item_got(own, target):
                    refs = state.refs(other)
                    if refs:
                        return key, [*first, *refs]
        return None
    if isinstance(small, ast.Expr) and isinstance(small.value, ast.Call):
        call = small.value
        recv = receiver(call)
        if (
            method_name(call) in ("append", "extend")
            and recv is not None
            and len(call.args) == 1
            and not call.keywords
            and _container_key(recv)
            # `extend([loss])`; not `extend(losses)`: a list has no `.detach()`
            and (method_name(call) == "append" or isinstance(call.args[0], (ast.List, ast.Tuple)))
        ):
            refs = state.refs(call.args[0])
            if refs:
                return source.key(recv), refs
        method = method_name(call)
        if (
            method in ("add_", "sub_") and recv is not None and len(call.args) == 1
            and all(k.arg == "alpha" for k in call.keywords) and _container_key(recv)
        ):
            # `total.add_(loss)`: an in-place sum into a tensor that outlives the iteration
            # records the loss's graph on it (the tensor now requires gradients)
            refs = state.refs(call.args[0])
            if refs:
                return source.key(recv), refs
        if method is not None and meters is not None and recv is not None and call.args and dotted(recv) is not None:
            refs = state.refs(call.args[0])  # `losses.update(loss, x.size(0))`, `history.on_batch_end(loss)`
            if refs and meters(source.key(recv), method):
                return source.key(recv), refs
    return None


def _replaced_sum(value: ast.Call, name: str, state: _State) -> tuple[str, list[ast.expr]] | None:
    """`dataclasses.replace(state, total=state.total + loss)` (a frozen dataclass; a named
    tuple's `state._replace(...)`): the new object's field holds the old one's sum."""
    for keyword in value.keywords:
        summed = keyword.value
        if keyword.arg is None or not (isinstance(summed, ast.BinOp) and isinstance(summed.op, (ast.Add, ast.Sub))):
            continue
        for own, other in ((summed.left, summed.right), (summed.right, summed.left)):
            if isinstance(own, ast.Attribute) and own.attr == keyword.arg and isinstance(own.value, ast.Name) and own.value.id == name:
                refs = state.refs(other)
                if refs:
                    return f"{name}.{keyword.arg}", refs
    return None


def _replaces(call: ast.Call, name: str) -> bool:
    """`dataclasses.replace(name, ...)` (also `replace(name, ...)` imported, `copy.replace`) or
    `name._replace(...)`: a copy of the object `name` with the fields the keywords give."""
    if isinstance(call.func, ast.Attribute) and call.func.attr == "_replace":
        return isinstance(call.func.value, ast.Name) and call.func.value.id == name and not call.args
    return (
        (call_name(call) or "") in ("dataclasses.replace", "copy.replace", "replace")
        and len(call.args) == 1 and isinstance(call.args[0], ast.Name) and call.args[0].id == name
    )


def _item_got(own: ast.expr, target: ast.expr) -> bool:
    """`hist.get("train", 0.0)` read for the target `hist["train"]`: the item's own value (its
    default until the first sum), `hist["train"] = hist.get("train", 0.0) + loss`."""
    if not (
        isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name)
        and isinstance(target.slice, ast.Constant) and isinstance(target.slice.value, str)
    ):  # fmt: skip
        return False
    if not (isinstance(own, ast.Call) and isinstance(own.func, ast.Attribute) and own.func.attr == "get"):
        return False
    recv = own.func.value
    return (
        isinstance(recv, ast.Name) and recv.id == target.value.id and not own.keywords and 1 <= len(own.args) <= 2
        and isinstance(own.args[0], ast.Constant) and own.args[0].value == target.slice.value
    )  # fmt: skip


def _resets(lines: list[_Line], source: Source) -> set[str]:
    """Keys (and root names) bound afresh, unconditionally, in every iteration."""
    reset: set[str] = set()
    for line in lines:
        if line.conditional:
            continue
        small = line.small
        targets: list[ast.expr] = []
        value: ast.expr | None = None
        if isinstance(small, ast.Assign):
            targets = list(small.targets)
            value = small.value
        elif isinstance(small, ast.AnnAssign):
            targets = [small.target]
            value = small.value
        for target in targets:
            keys = _flat_keys(target, source)
            if value is not None and any(_mentions(value, {root_name(k)}) for k in keys):
                continue  # total = total + loss: not a reset
            reset |= set(keys)
    return reset


def _reset_only_under_ifs(name: str, loop: ast.AST, accumulation: ast.stmt) -> bool:
    """`name` is a plain name the loop binds afresh only by `name = <number>` directly in the
    block of an `if` with no `else` (`if i == 0: total = 0.0`), or in arms of an `if`/`elif`
    chain not every one of which resets it (a `send`-driven generator's `if kind == "start":
    total = 0` ... `elif kind == "batch": ...; total = total + loss`), never elsewhere but by
    the accumulation itself (`name += ...`, `name = name + ...`), and the accumulation is in
    no block holding such a reset: the passes on which the test fails grow the value the
    earlier ones left (a reset once per epoch in a loop over every step keeps every step's
    graph of the epoch)."""
    resets = 0
    todo: list[tuple[ast.AST, list[ast.stmt] | None]] = [(stmt, None) for stmt in loop.body]  # type: ignore[attr-defined]
    while todo:
        node, block = todo.pop()
        if isinstance(node, (*FUNCTIONS, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, ast.If):
            arms, tests, closed = _chain_arms(node)
            if closed and all(any(isinstance(s, ast.Assign) and _resets_name(s, name) for s in arm) for arm in arms):
                # (an `else` every arm of which resets: reset on every pass)
                todo.extend((child, None) for child in child_nodes(node))
                continue
            todo.extend((test, None) for test in tests)
            for arm in arms:
                todo.extend((stmt, arm) for stmt in arm)
            continue
        if node is accumulation:
            if block is not None and any(isinstance(s, ast.Assign) and _resets_name(s, name) for s in block):
                return False  # (reset and grown in the same block)
            continue
        if isinstance(node, ast.Assign) and _resets_name(node, name):
            if block is None or not _number(node.value):
                return False
            resets += 1
            continue
        if isinstance(node, (ast.Name,)) and node.id == name and not isinstance(node.ctx, ast.Load):
            return False  # (any other binding: a `for` target, an unpacking, a walrus)
        if isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            return False
        todo.extend((child, None) for child in child_nodes(node))
    return resets > 0


def _chain_arms(node: ast.If) -> tuple[list[list[ast.stmt]], list[ast.expr], bool]:
    """The blocks of an `if`/`elif` chain, its tests, and whether it ends in an `else` (then
    one of its blocks runs on every pass)."""
    arms: list[list[ast.stmt]] = []
    tests: list[ast.expr] = []
    current = node
    while True:
        tests.append(current.test)
        arms.append(current.body)
        if len(current.orelse) == 1 and isinstance(current.orelse[0], ast.If):
            current = current.orelse[0]
            continue
        if current.orelse:
            arms.append(current.orelse)
        return arms, tests, bool(current.orelse)


def _resets_name(stmt: ast.Assign, name: str) -> bool:
    return len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and stmt.targets[0].id == name and not _mentions(stmt.value, {name})


def _flat_keys(target: ast.expr, source: Source) -> list[str]:
    if isinstance(target, (ast.Tuple, ast.List)):
        return [k for e in target.elts for k in _flat_keys(e, source)]
    return [source.key(target)]


def _outlives_iteration(accumulator: str, resets: set[str], scope: _Scope, backpropagated: set[str]) -> bool:
    root = root_name(accumulator)
    if accumulator in resets or root in resets:
        return False
    if root in backpropagated or _feeds_backward(accumulator, scope):
        return False  # the accumulator is (part of) the loss being backpropagated
    if root not in _RECEIVERS and root not in scope.bound_outside and accumulator not in scope.bound_outside:
        return scope.free(root)  # else we cannot see where it lives
    return True


def _free_names(function: ast.AST) -> set[str]:
    """Names a function reads but does not bind (or declares `nonlocal`/`global`): they live
    in an enclosing function or the module."""
    bound: set[str] = set()
    declared: set[str] = set()
    read: set[str] = set()
    args = function.args  # type: ignore[attr-defined]
    bound |= {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg) if a is not None}
    stack = list(child_nodes(function))
    while stack:
        node = stack.pop()
        if isinstance(node, (*FUNCTIONS, ast.ClassDef)):
            bound.add(node.name)
            continue
        if isinstance(node, ast.Lambda):
            continue
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            declared |= set(node.names)
        elif isinstance(node, ast.Name):
            (read if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, ast.alias):
            bound.add((node.asname or node.name).split(".", 1)[0])
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
        stack.extend(child_nodes(node))
    return (read - bound) | declared
