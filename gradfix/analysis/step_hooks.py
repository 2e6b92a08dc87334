"""Optimizer step hooks registered on the wrong side of the step.

`opt.register_step_pre_hook(hook)` runs `hook(opt, args, kwargs)` right before each
`opt.step()`, after the backward; `opt.register_step_post_hook(hook)` right after it. A hook
whose whole work belongs on the other side trains otherwise than the loop means to:

- a pre-hook that clears (`optimizer.zero_grad()`): every step finds no gradient (GF002);
- a post-hook that clips (`clip_grad_norm_` / `clip_grad_value_`): the step used the unclipped
  gradients, and the clip changes gradients the next backward adds onto or clears (GF010);
- a pre-hook that steps a learning-rate scheduler: each step runs at the next step's rate
  (GF012).

Only the plain shape is read: a registration statement of its own (`opt.register_...(hook)`
or `handle = opt.register_...(hook)`) on an optimizer the module steps in a training loop (a
clearing pre-hook not when the optimizer is stepped with a closure, `opt.step(closure)`: the
closure backpropagates inside the step, after the pre-hooks),
with a `lambda` or a `def` of the module (one definition of the name, registered once) whose
whole body is calls of that one kind. The fix registers the hook on the other side (the same
hook, `register_step_post_hook` for `register_step_pre_hook` and the reverse): the twin a user
writes by hand.
"""

from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.assignments import assigned_values
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import EventKind
from gradfix.analysis.names import call_name, dotted, method_name, receiver
from gradfix.patterns import lazily

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Iterator

PRE = "register_step_pre_hook"
POST = "register_step_post_hook"
_CLIPS = ("clip_grad_norm_", "clip_grad_value_", "clip_grads_with_norm_")
_SCHEDULER = lazily(r"lr_scheduler\.|\b\w*(LR|Scheduler)\s*\(")


class MisplacedHook:
    __slots__ = ("registration", "statement", "optimizer", "action", "whole")

    def __init__(self, registration: ast.Call, statement: ast.stmt, optimizer: str, action: ast.Call, whole: bool) -> None:
        self.registration = registration  # `opt.register_step_pre_hook(hook)`
        self.statement = statement  # the statement holding it
        self.optimizer = optimizer  # the key of `opt`
        self.action = action  # the clear, clip or scheduler step in the hook
        self.whole = whole  # the hook does nothing else: moving it moves only that action


def misplaced_hooks(model: ModuleModel, side: str, kind: str) -> Iterator[MisplacedHook]:
    """Hooks registered with `side` (PRE or POST) whose calls are of `kind` ("clear", "clip",
    "schedule"), on an optimizer a training loop of the module steps."""
    source = model.source
    if side.encode() not in source.data:
        return
    steps = [e for loop in model.loops for e in loop.events if e.kind is EventKind.STEP and e.target]
    stepped = {e.target for e in steps}
    if not stepped:
        return
    # `opt.step(closure)`: the closure clears and backpropagates inside the step, after the
    # pre-hooks (LBFGS): a clearing pre-hook then clears before the closure's backward
    closures = {
        e.target for e in steps
        if isinstance(e.node, ast.Call) and method_name(e.node) == "step" and (e.node.args or e.node.keywords)
        and receiver(e.node) is not None and source.key(receiver(e.node)) == e.target
    }  # fmt: skip
    for stmt in source.statements:
        value = stmt.value if isinstance(stmt, (ast.Expr, ast.Assign)) else None
        if not isinstance(value, ast.Call) or method_name(value) != side or len(value.args) != 1 or value.keywords:
            continue
        recv = receiver(value)
        if recv is None or dotted(recv) is None:
            continue
        optimizer = source.key(recv)
        if optimizer not in stepped or (kind == "clear" and optimizer in closures):
            continue
        calls = _hook_calls(value.args[0], model)
        if not calls:
            continue
        first_param, body = calls
        actions = [c for c in body if _is(kind, c, first_param, optimizer, model)]
        if actions:
            yield MisplacedHook(value, stmt, optimizer, actions[0], len(actions) == len(body))


def _hook_calls(hook: ast.expr, model: ModuleModel) -> tuple[str | None, list[ast.Call]] | None:
    """The hook's first parameter and the calls its whole body is (None when the body holds
    anything but call statements, or the hook cannot be read)."""
    source = model.source
    if isinstance(hook, ast.Lambda):
        params = hook.args.args
        body = hook.body
        if not isinstance(body, ast.Call):
            return None
        return (params[0].arg if params else None), [body]
    if not isinstance(hook, ast.Name):
        return None
    name = hook.id
    defs = [n for n in source.of_type(ast.FunctionDef) if n.name == name]  # type: ignore[attr-defined]
    if len(defs) != 1 or defs[0].decorator_list:  # type: ignore[attr-defined]
        return None
    registered = [n for n in source.nodes if isinstance(n, ast.Name) and n.id == name]
    if len(registered) != 1:
        return None  # the function is read elsewhere too (called, registered twice)
    definition = defs[0]
    params = definition.args.args  # type: ignore[attr-defined]
    calls: list[ast.Call] = []
    for stmt in definition.body:  # type: ignore[attr-defined]
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str):
            continue  # a docstring
        if not isinstance(stmt, ast.Expr) or not isinstance(stmt.value, ast.Call):
            return None
        calls.append(stmt.value)
    return (params[0].arg if params else None), calls


def _is(kind: str, call: ast.Call, first_param: str | None, optimizer: str, model: ModuleModel) -> bool:
    method = method_name(call)
    recv = receiver(call)
    if kind == "clear":
        if method != "zero_grad" or recv is None:
            return False
        key = model.source.key(recv)
        return key == optimizer or key == first_param
    if kind == "clip":
        name = call_name(call) or ""
        return name.rsplit(".", 1)[-1] in _CLIPS
    if kind == "schedule":
        if method != "step" or call.args or call.keywords or recv is None or dotted(recv) is None:
            return False
        key = model.source.key(recv)
        if key in (optimizer, first_param):
            return False
        values = assigned_values(model, key)
        return bool(values) and all(isinstance(v, ast.Call) and _SCHEDULER.search(model.source.segment(v.func)) for v in values)
    return False
