"""The optimizer in backward: optimizers stepped in gradient hooks.

torch's recipe for fusing the optimizer step into the backward pass builds one optimizer per
parameter and steps it in a hook that autograd runs once the parameter's gradient is
accumulated:

    optimizers = {p: torch.optim.Adam([p]) for p in model.parameters()}

    def step_in_backward(p):
        optimizers[p].step()
        optimizers[p].zero_grad()

    for p in model.parameters():
        p.register_post_accumulate_grad_hook(step_in_backward)

    for x, y in loader:
        loss_fn(model(x), y).backward()   # every hook steps (and clears) here

The loop itself then holds no step and no clear: what the hook does happens inside every
`backward()` the loop runs after the registration. This module finds such hooks (a function of
the registration's own scope, defined before it, handed by name to
`register_post_accumulate_grad_hook` of each parameter) whose body is nothing but steps, clears,
scheduler steps and per-parameter clips of optimizers and schedulers kept in dicts keyed by the
hooked parameter (`D[p]`, the dict built by a dict comprehension of torch optimizers or
schedulers, or `D = {}` filled by the `for` right after it, also `for q, v in E.items()`), after an opening `if p.grad is
None: return` (never true in a post-accumulate hook), and the training loops that follow the
registration in the same block. Rules
GF001, GF010 and GF012 read them; anything else in the hook (a call gradfix cannot see into, a
branch) leaves the hook unread and the rules silent.
"""

from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.model import EventKind, TrainingLoop
from gradfix.analysis.names import call_name
from gradfix.records import dataclass, field
from gradfix.walk import ast_walk

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from gradfix.analysis.loops import ModuleModel

_REGISTER = "register_post_accumulate_grad_hook"
_CLIPS = ("clip_grad_norm_", "clip_grad_value_")


@dataclass(eq=False, repr=False)
class HookAction:
    kind: str  # "step", "clear", "schedule", "clip"
    statement: ast.stmt
    table: str | None = None  # the dict subscripted by the hook's parameter (`optimizers`)


@dataclass(eq=False, repr=False)
class HookStep:
    """A hook registered on parameters that steps their optimizers, read whole."""

    hook: ast.FunctionDef | ast.Lambda
    param: str
    registration: ast.Call
    actions: list[HookAction]
    loops: list[TrainingLoop] = field(default_factory=list)
    # table name -> ("optimizer" | "scheduler", the comprehension's value call)
    tables: dict[str, tuple[str, ast.Call]] = field(default_factory=dict)
    # what the registration's `for` (or list comprehension) iterates, its target the receiver
    # (`model.parameters()` of `for p in model.parameters(): p.register_...(hook)`); None alone
    over: ast.expr | None = None
    block: list[ast.stmt] = field(default_factory=list)  # the registration's block
    index: int = 0  # the registration's statement in it
    # the hook is a lambda (`register_post_accumulate_grad_hook(lambda q: D[q].step())`): its
    # one "statement" is made up, no fix may edit or insert beside it
    lambda_: bool = False

    def name(self, source) -> str:  # type: ignore[no-untyped-def]
        """How a message names the hook: its name, or a lambda's text when short."""
        if isinstance(self.hook, ast.FunctionDef):
            return self.hook.name
        text = source.code(self.hook)
        return text if "\n" not in text and len(text) <= 60 else "lambda"

    def of_kind(self, kind: str) -> list[HookAction]:
        return [a for a in self.actions if a.kind == kind]


def hook_steps(model: ModuleModel) -> list[HookStep]:
    """Every readable optimizer-stepping hook of the module, with the training loops that run
    after its registration (kept on the model: the three rules ask)."""
    cached = model.__dict__.get("_hook_steps")
    if cached is not None:
        return cached
    found: list[HookStep] = []
    if _REGISTER.encode() in model.source.data:
        tree = model.source.tree
        blocks: list[list[ast.stmt]] = [tree.body]
        blocks.extend(node.body for node in ast_walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)))
        for block in blocks:
            found.extend(_in_block(block, model))
    model.__dict__["_hook_steps"] = found
    return found


def _in_block(block: list[ast.stmt], model: ModuleModel) -> list[HookStep]:
    found: list[HookStep] = []
    for index, stmt in enumerate(block):
        for call, over in _registrations(stmt):
            if len(call.args) != 1 or call.keywords:
                continue
            if isinstance(call.args[0], ast.Lambda):
                read = _read_lambda(call.args[0], block, index, model)
            elif isinstance(call.args[0], ast.Name):
                hook = _defined_before(block, index, call.args[0].id)
                if hook is None:
                    continue
                read = _read_hook(hook, block, index, model)
            else:
                continue
            if read is None:
                continue
            read.registration = call
            read.over, read.block, read.index = over, block, index
            for position in range(index + 1, len(block)):
                if _removes(block[position]):
                    break  # `handle.remove()`: the loops after it no longer run the hook
                inside = {id(node) for node in ast_walk(block[position])}
                read.loops.extend(
                    lp for lp in model.loops if not lp.is_step_function and id(lp.node) in inside and lp.has_backward()
                )
            if read.loops:
                found.append(read)
    return found


def _registrations(stmt: ast.stmt) -> list[tuple[ast.Call, ast.expr | None]]:
    """`p.register_post_accumulate_grad_hook(hook)` in the statement: alone, in a `for` over
    parameters, or in a list comprehension keeping the handles; with what that `for` or
    comprehension iterates when its one target is the call's receiver."""
    over: ast.expr | None = None
    target: ast.expr | None = None
    if isinstance(stmt, ast.For) and not stmt.orelse and len(stmt.body) == 1:
        over, target = stmt.iter, stmt.target
        stmt = stmt.body[0]
    value = stmt.value if isinstance(stmt, (ast.Expr, ast.Assign)) else None
    if isinstance(value, ast.ListComp):
        if over is None and len(value.generators) == 1 and not value.generators[0].ifs:
            over, target = value.generators[0].iter, value.generators[0].target
        value = value.elt
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == _REGISTER:
        receiver = value.func.value
        if not (isinstance(target, ast.Name) and isinstance(receiver, ast.Name) and receiver.id == target.id):
            over = None
        return [(value, over)]
    return []


def _removes(stmt: ast.stmt) -> bool:
    return any(
        isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "remove" and not node.args
        for node in ast_walk(stmt)
    )


def _defined_before(block: list[ast.stmt], index: int, name: str) -> ast.FunctionDef | None:
    """The function of that name defined in the block before the registration, and not bound
    otherwise there."""
    found = None
    for stmt in block:
        binds = isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and stmt.name == name
        binds = binds or any(isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store) for n in ast_walk(stmt))
        if not binds:
            continue
        if found is not None or not isinstance(stmt, ast.FunctionDef) or block.index(stmt) > index:
            return None
        found = stmt
    if found is None or found.decorator_list:
        return None
    return found


def _read_hook(hook: ast.FunctionDef, block: list[ast.stmt], index: int, model: ModuleModel) -> HookStep | None:
    args = hook.args
    if len(args.args) != 1 or args.vararg or args.kwarg or args.kwonlyargs:
        return None
    param = args.args[0].arg
    body = hook.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
        body = body[1:]
    if body and _none_guard(body[0], param):
        body = body[1:]  # `if p.grad is None: return`: never true in this hook
    return _read_body(hook, body, param, block, model)


def _read_body(hook: ast.FunctionDef | ast.Lambda, body: list[ast.stmt], param: str, block: list[ast.stmt], model: ModuleModel) -> HookStep | None:
    actions: list[HookAction] = []
    tables: dict[str, tuple[str, ast.Call]] = {}
    for stmt in body:
        action = _action(stmt, param, model)
        if action is None:
            return None
        if action.table is not None and action.table not in tables:
            table = _table(action.table, hook, block, model)
            if table is None:
                return None
            tables[action.table] = table
        if action.kind == "step?":
            action.kind = "step" if tables[action.table or ""][0] == "optimizer" else "schedule"
        if action.kind in ("step", "clear") and action.table is not None and tables[action.table][0] != "optimizer":
            return None
        if action.kind == "schedule" and tables[action.table or ""][0] != "scheduler":
            return None
        actions.append(action)
    if not any(a.kind == "step" for a in actions):
        return None
    return HookStep(hook=hook, param=param, registration=None, actions=actions, tables=tables)  # type: ignore[arg-type]


def _read_lambda(hook: ast.Lambda, block: list[ast.stmt], index: int, model: ModuleModel) -> HookStep | None:
    """`p.register_post_accumulate_grad_hook(lambda q: D[q].step())`: a lambda of one parameter
    whose one expression is one of the hook's statements (a step of the table's optimizer, as a
    rule the only one a lambda holds). Read as a hook whose body is that statement; the rules
    report it without a fix (a lambda takes no second statement: a clear or a clip)."""
    args = hook.args
    if len(args.args) != 1 or args.vararg or args.kwarg or args.kwonlyargs or args.posonlyargs or args.defaults:
        return None
    stmt = ast.copy_location(ast.Expr(value=hook.body), hook.body)
    stmt.end_lineno, stmt.end_col_offset = hook.body.end_lineno, hook.body.end_col_offset
    read = _read_body(hook, [stmt], args.args[0].arg, block, model)
    if read is not None:
        read.lambda_ = True
    return read


def _none_guard(stmt: ast.stmt, param: str) -> bool:
    """`if p.grad is None: return` (a bare `return`, no `else`): autograd runs a post-accumulate
    hook only once it has accumulated the parameter's gradient, which is then never None."""
    if not isinstance(stmt, ast.If) or stmt.orelse or len(stmt.body) != 1:
        return False
    body, test = stmt.body[0], stmt.test
    if not (isinstance(body, ast.Return) and body.value is None):
        return False
    return (
        isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Is)
        and isinstance(test.left, ast.Attribute) and test.left.attr == "grad"
        and isinstance(test.left.value, ast.Name) and test.left.value.id == param
        and isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value is None
    )


def _action(stmt: ast.stmt, param: str, model: ModuleModel) -> HookAction | None:
    """One statement of the hook: `D[p].step()`, `D[p].zero_grad(...)`, `p.grad = None`,
    `S[p].step()`, `torch.nn.utils.clip_grad_*_([p], ...)`; None for anything else."""
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        target = stmt.targets[0]
        if (
            isinstance(target, ast.Attribute)
            and target.attr == "grad"
            and isinstance(target.value, ast.Name)
            and target.value.id == param
            and isinstance(stmt.value, ast.Constant)
            and stmt.value.value is None
        ):
            return HookAction("clear", stmt)
        return None
    if not isinstance(stmt, ast.Expr) or not isinstance(stmt.value, ast.Call):
        return None
    call = stmt.value
    func = call.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Subscript):
        sub = func.value
        if not (isinstance(sub.value, ast.Name) and isinstance(sub.slice, ast.Name) and sub.slice.id == param):
            return None
        if func.attr == "step" and not call.args and not call.keywords:
            return HookAction("step?", stmt, sub.value.id)
        if func.attr == "zero_grad" and not call.args:
            return HookAction("clear", stmt, sub.value.id)
        return None
    if isinstance(func, ast.Attribute) and func.attr == "zero_" and not call.args:
        grad = func.value
        if isinstance(grad, ast.Attribute) and grad.attr == "grad" and isinstance(grad.value, ast.Name) and grad.value.id == param:
            return HookAction("clear", stmt)
        return None
    name = model.facts.imports.qualify(call_name(call) or "") or ""
    if name.startswith("torch.nn.utils.") and name.rsplit(".", 1)[-1] in _CLIPS and call.args:
        first = call.args[0]
        if isinstance(first, ast.List) and len(first.elts) == 1 and isinstance(first.elts[0], ast.Name) and first.elts[0].id == param:
            return HookAction("clip", stmt)
    return None


def _table(name: str, hook: ast.FunctionDef, block: list[ast.stmt], model: ModuleModel) -> tuple[str, ast.Call] | None:
    """`name = {p: torch.optim.X(...) for p in ...}` (or an lr_scheduler), bound once in the
    hook's block or at the module's top level, never rebound or written into elsewhere."""
    bindings = []
    for scope in (block, model.source.tree.body):
        for stmt in scope:
            if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in stmt.targets):
                bindings.append(stmt)
        if bindings:
            break
    if len(bindings) != 1:
        return None
    value = bindings[0].value
    if len(bindings[0].targets) != 1:
        return None
    if isinstance(value, ast.Dict) and not value.keys:
        built = _filled_by_a_for(name, bindings[0], scope, model)
    elif isinstance(value, ast.DictComp) and isinstance(value.value, ast.Call):
        built = value.value
    else:
        return None
    if built is None:
        return None
    qualified = model.facts.imports.qualify(call_name(built) or "") or ""
    if qualified.startswith("torch.optim.lr_scheduler."):
        return ("scheduler", built)
    if qualified.startswith("torch.optim.") and qualified.count(".") == 2 and qualified.rsplit(".", 1)[-1][:1].isupper():
        return ("optimizer", built)
    return None


def _filled_by_a_for(name: str, binding: ast.Assign, scope: list[ast.stmt], model: ModuleModel) -> ast.Call | None:
    """`D = {}` followed right away by `for q in X: D[q] = torch.optim.Y(...)` (one statement,
    no `else`), the only write into `D` in the module: the call each parameter's entry holds."""
    position = next(i for i, stmt in enumerate(scope) if stmt is binding)
    loop = scope[position + 1] if position + 1 < len(scope) else None
    if not (isinstance(loop, ast.For) and not loop.orelse and len(loop.body) == 1):
        return None
    key = _key_of(loop)
    if key is None:
        return None
    fill = loop.body[0]
    if not (isinstance(fill, ast.Assign) and len(fill.targets) == 1 and isinstance(fill.value, ast.Call)):
        return None
    target = fill.targets[0]
    if not (
        isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name) and target.value.id == name
        and isinstance(target.slice, ast.Name) and target.slice.id == key
    ):
        return None
    writes = 0
    for node in ast_walk(model.source.tree):
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == name and not isinstance(node.ctx, ast.Load):
            writes += 1
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == name and node.attr in ("update", "setdefault", "pop", "clear"):
            return None
    return fill.value if writes == 1 else None


def _key_of(loop: ast.For) -> str | None:
    """The name a filling `for` keys its entries by: its one target (`for q in X`), or the
    first of `for q, v in D.items()`."""
    target = loop.target
    if isinstance(target, ast.Name):
        return target.id
    if (
        isinstance(target, ast.Tuple) and len(target.elts) == 2 and all(isinstance(e, ast.Name) for e in target.elts)
        and isinstance(loop.iter, ast.Call) and isinstance(loop.iter.func, ast.Attribute) and loop.iter.func.attr == "items"
        and not loop.iter.args and not loop.iter.keywords
    ):
        return target.elts[0].id  # type: ignore[attr-defined]
    return None


def filling_for(built: ast.Call, model: ModuleModel) -> ast.For | None:
    """The `for` filling a table (`_filled_by_a_for`) whose one statement assigns `built`."""
    for node in ast_walk(model.source.tree):
        if isinstance(node, ast.For) and len(node.body) == 1 and isinstance(node.body[0], ast.Assign) and node.body[0].value is built:
            return node
    return None


def comprehension_of(built: ast.Call, model: ModuleModel) -> ast.DictComp | None:
    """The dict comprehension (of a table `_table` read) whose value is `built`."""
    for node in ast_walk(model.source.tree):
        if isinstance(node, ast.DictComp) and node.value is built:
            return node
    return None
