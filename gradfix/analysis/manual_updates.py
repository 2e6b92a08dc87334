"""Hand-written optimizer steps: `w -= lr * w.grad` (under `torch.no_grad()`), `w.data -= lr *
w.grad.data`, `w.data.sub_(lr * w.grad)`, on leaf tensors built with `requires_grad=True`.

Such a statement is the loop's step when the optimizer is written by hand (a course's SGD over
`w1, b1, w2, b2`; also `w.add_(w.grad, alpha=-lr)`, `w.data.add_(...)`). Only the plainest
shape is read: every `.grad` of the loop's code is read in one of these updates, of the tensor
it updates, or by a method that only reads it into a new value (`w.grad.norm()`, `.item()`,
`.clone()`: `PURE_READS`; or `w.grad is None`), and the loop does nothing else with gradients
(no optimizer step, no clear, no call gradfix could not look into).
The same update of each parameter of a module, `for p in model.parameters(): p -= lr * p.grad`
(a `for` of the loop's own body whose body is nothing but such updates of its variable), is
one too: `parameters()` yields the module's leaf tensors.
"""

from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.assignments import assigned_values
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import EventKind, TrainingLoop
from gradfix.source import COMPOUND
from gradfix.walk import ast_walk

_LEAF_WORDS = ("requires_grad=True", "requires_grad_()", "Parameter(")

# methods of a tensor that read it into a new tensor or a number and never write it (no view:
# `detach()`, `view()`, `cpu()` on the CPU and `numpy()` share its storage)
PURE_READS = frozenset((
    "norm", "item", "abs", "mean", "sum", "max", "min", "amax", "amin", "clone", "std", "var",
    "tolist", "pow", "square", "sign", "numel", "dim", "size", "isnan", "isfinite", "isinf",
))  # fmt: skip


class ManualUpdate:
    __slots__ = ("name", "statement", "over")

    def __init__(self, name: str, statement: ast.stmt, over: ast.For | None = None) -> None:
        self.name = name  # the tensor updated, a plain name
        self.statement = statement  # the update statement
        self.over = over  # the `for p in model.parameters():` it is written in, if any


def manual_updates(loop: TrainingLoop, model: ModuleModel) -> list[ManualUpdate] | None:
    """The hand-written updates every iteration of `loop` runs, when the loop's gradient work is
    exactly: unconditional backward passes and those updates (else None)."""
    source = model.source
    events = loop.events
    if loop.is_step_function or not events or any(e.kind not in (EventKind.BACKWARD, EventKind.GRAD_READ) for e in events):
        return None
    if not any(e.kind is EventKind.GRAD_READ for e in events):
        return None
    if ".grad" not in source.segment(loop.node) and not any(e.via for e in events):
        return None
    helper = _plain_step_helper(loop, events, model) if any(e.via for e in events) else None
    if any(e.via for e in events) and helper is None:
        return None  # in a helper: only the plain shape of `_plain_step_helper`
    if helper is not None:
        return _updates_in(helper, [loop.node, helper], model)
    over = {id(s): s for s in _statements(loop.node.body) if _parameter_loop(s)}
    pure = pure_grad_reads(loop.node)
    # a read of `.grad` into a new value (`norms.append(w.grad.norm().item())`) may sit under an
    # `if` or in a loop of its own: it neither clears nor updates
    events = [e for e in events if not (e.kind is EventKind.GRAD_READ and e.path and _only_pure(e.path[-1], pure))]
    if any(e.branches_within(loop.node) for e in events):
        return None  # under an `if`: not this plain shape
    if any(e.loops[-1:] != (loop.node,) and (len(e.loops) < 2 or e.loops[-2] is not loop.node or id(e.loops[-1]) not in over) for e in events):
        return None  # in an inner loop other than a parameter loop of the plain shape
    if not any(e.kind is EventKind.BACKWARD for e in events):
        return None
    return _updates_in(loop.node, [loop.node], model, over, pure)


def _plain_step_helper(loop: TrainingLoop, events: list, model: ModuleModel) -> ast.FunctionDef | None:  # type: ignore[type-arg]
    """Every gradient event of the loop is in one function of this module that a statement of
    the loop's body (under no `if`) calls, the function's one call in the file, whose body is
    nothing but simple statements, `with` blocks and parameter loops of updates, its backward
    passes among those statements (`def sgd_step(model, x, y): loss.backward(); with
    torch.no_grad(): for p in model.parameters(): p -= lr * p.grad`): a hand step written in
    a helper, run once per iteration."""
    helpers = {id(e.helpers[0]) for e in events if len(e.via) == 1 and len(e.helpers) == 1 and e.source is None}
    calls = {id(e.via[0]) for e in events if len(e.via) == 1}
    if len(helpers) != 1 or len(calls) != 1 or any(len(e.via) != 1 for e in events):
        return None
    helper = events[0].helpers[0]
    if not isinstance(helper, ast.FunctionDef) or helper.decorator_list or any(e.branches_within(loop.node) for e in events):
        return None
    call = events[0].via[0]
    if not isinstance(call.func, ast.Name) or call.func.id != helper.name:
        return None
    if sum(1 for n in model.source.nodes if n.__class__ is ast.Name and n.id == helper.name) != 1:  # type: ignore[attr-defined]
        return None  # called (or named) elsewhere too: the fix would change that caller
    if not any(s is events[0].path[-1] for s in loop.node.body):
        return None  # the call: a statement of the loop's own body
    body = helper.body[1:] if helper.body and isinstance(helper.body[0], ast.Expr) and isinstance(helper.body[0].value, ast.Constant) else helper.body
    kept = _statements(body)
    for stmt in ast_walk(helper):
        if isinstance(stmt, ast.stmt) and stmt is not helper and isinstance(stmt, COMPOUND):
            if not isinstance(stmt, (ast.With, ast.AsyncWith)) and not (isinstance(stmt, ast.For) and any(stmt is k for k in kept)):
                return None  # a branch, a loop other than a parameter loop, a nested def
        if isinstance(stmt, (ast.Yield, ast.YieldFrom, ast.Global, ast.Nonlocal)) or (isinstance(stmt, ast.Return) and stmt is not helper.body[-1]):
            return None  # (a `return` last only: every call runs the whole body)
    backwards = [n for n in ast_walk(helper) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "backward"]
    if not backwards or not all(any(any(n is b for n in ast_walk(k)) for k in kept) for b in backwards):
        return None
    return helper


def _updates_in(
    root: ast.AST, walked: list[ast.AST], model: ModuleModel,
    over: dict[int, ast.stmt] | None = None, pure: set[int] | None = None,
) -> list[ManualUpdate] | None:  # fmt: skip
    """The updates among the statements of `root`'s body (a loop's, or a step helper's), when
    no `.grad` of `walked` is read otherwise (in a helper: not even into a new value, the fix's
    `p.grad = None` may come before it) and no updated tensor is bound again."""
    source = model.source
    if over is None:
        over = {id(s): s for s in _statements(root.body) if _parameter_loop(s)}  # type: ignore[attr-defined]
    if pure is None:
        pure = set()
    updates: list[ManualUpdate] = []
    used: set[int] = set()
    for stmt in _statements(root.body):  # type: ignore[attr-defined]
        if id(stmt) in over:
            assert isinstance(stmt, ast.For)
            for inner in stmt.body:
                updates.append(ManualUpdate(stmt.target.id, inner, stmt))  # type: ignore[attr-defined]
                used.update(id(n) for n in ast_walk(inner) if isinstance(n, ast.Attribute) and n.attr == "grad")
            continue
        found = _update(stmt)
        if found is not None:
            updates.append(ManualUpdate(found, stmt))
            used.update(id(n) for n in ast_walk(stmt) if isinstance(n, ast.Attribute) and n.attr == "grad")
    if not updates:
        return None
    if any(isinstance(n, ast.Attribute) and n.attr == "grad" and id(n) not in used and id(n) not in pure for w in walked for n in ast_walk(w)):
        return None  # `.grad` read or written elsewhere: a clear, a clip by hand, a call
    names = {u.name for u in updates if u.over is None}
    looped = {u.name for u in updates if u.over is not None}
    for stmt in (n for w in walked for n in ast_walk(w)):
        if id(stmt) in over or (isinstance(stmt, ast.For) and _over_parameters(stmt.iter) and isinstance(stmt.target, ast.Name) and stmt.target.id in looped):
            continue  # a parameter loop binds its own variable (another one may log `p.grad.norm()`)
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, (ast.AnnAssign, ast.For, ast.AsyncFor)) else []
        if any(isinstance(n, ast.Name) and n.id in names | looped for t in targets for n in ast_walk(t)):
            return None  # `w = (w - lr * w.grad).detach().requires_grad_()`: a new leaf each time
    for name in names:
        values = assigned_values(model, name)
        if not values or not all(any(word in source.segment(v).replace(" ", "") for word in _LEAF_WORDS) for v in values):
            return None
    return updates


def pure_grad_reads(node: ast.AST) -> set[int]:
    """The ids of the `X.grad` nodes under `node` that are only read into a new value:
    `X.grad.norm()` (a method of `PURE_READS` called on it) or `X.grad is None`."""
    pure: set[int] = set()
    for n in ast_walk(node):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in PURE_READS:
            inner = n.func.value
            if isinstance(inner, ast.Attribute) and inner.attr == "grad":
                pure.add(id(inner))
        elif isinstance(n, ast.Compare) and len(n.ops) == 1 and isinstance(n.ops[0], (ast.Is, ast.IsNot)):
            left, right = n.left, n.comparators[0]
            if isinstance(left, ast.Attribute) and left.attr == "grad" and isinstance(right, ast.Constant) and right.value is None:
                pure.add(id(left))
    return pure


def _only_pure(stmt: ast.AST, pure: set[int]) -> bool:
    """Every `.grad` of `stmt` is a pure read (and it has one)."""
    grads = [id(n) for n in ast_walk(stmt) if isinstance(n, ast.Attribute) and n.attr == "grad"]
    return bool(grads) and all(g in pure for g in grads)


def _statements(body: list[ast.stmt]) -> list[ast.stmt]:
    """The simple statements of the loop body, also inside `with` blocks (not under an `if`), and
    its parameter loops (`_parameter_loop`)."""
    out: list[ast.stmt] = []
    for stmt in body:
        if isinstance(stmt, (ast.With, ast.AsyncWith)):
            out += _statements(stmt.body)
        elif not isinstance(stmt, COMPOUND) or _parameter_loop(stmt):
            out.append(stmt)
    return out


def _parameter_loop(stmt: ast.stmt) -> bool:
    """`for p in model.parameters():` (a dotted module, no argument, no `else`) whose body is only
    updates of `p` (`p -= lr * p.grad`)."""
    if not isinstance(stmt, ast.For) or stmt.orelse or not isinstance(stmt.target, ast.Name):
        return False
    if not _over_parameters(stmt.iter):
        return False
    return all(_update(inner) == stmt.target.id for inner in stmt.body)


def _over_parameters(it: ast.expr) -> bool:
    """`model.parameters()` of a dotted module, no argument."""
    if not (isinstance(it, ast.Call) and isinstance(it.func, ast.Attribute) and it.func.attr == "parameters" and not it.args and not it.keywords):
        return False
    module = it.func.value
    while isinstance(module, ast.Attribute):
        module = module.value
    return isinstance(module, ast.Name)


def _update(stmt: ast.stmt) -> str | None:
    """`w` of `w -= <reads w.grad>`, `w.data -= ...`, `w.sub_(...)`, `w.data.sub_(...)`, also
    `w.add_(<reads w.grad>, alpha=-lr)` and `w.data.add_(...)` (an `alpha` keyword at most)."""
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.op, ast.Sub):
        target, value = stmt.target, stmt.value
    elif (
        isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and isinstance(stmt.value.func, ast.Attribute)
        and stmt.value.func.attr in ("sub_", "add_") and len(stmt.value.args) == 1
        and all(k.arg == "alpha" for k in stmt.value.keywords)
    ):  # fmt: skip
        target, value = stmt.value.func.value, stmt.value.args[0]
    else:
        return None
    if isinstance(target, ast.Attribute) and target.attr == "data":
        target = target.value
    if not isinstance(target, ast.Name):
        return None
    reads = [n for n in ast_walk(value) if isinstance(n, ast.Attribute) and n.attr == "grad"]
    if not reads or not all(isinstance(n.value, ast.Name) and n.value.id == target.id for n in reads):
        return None
    return target.id
