from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.clear_signature import rejects_set_to_none
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import ClearScope, EventKind, GradEvent, TrainingLoop
from gradfix.analysis.names import dotted, is_true, keyword, method_name, positional, root_name
from gradfix.source import FUNCTIONS
from gradfix.transforms._common import new_statement, owned_events
from gradfix.transforms.base import Finding, Fix, InsertStatements, LoopRule, Safety
from gradfix.walk import ast_walk

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator

    from gradfix.analysis.model import Loop

# how the hand-over passes the local gradient on: the tensor itself (`lp.grad`, `lp.grad.data`,
# `lp.grad.detach()`), a copy (`lp.grad.clone()`, `sp.grad.copy_(lp.grad)`), or either,
# depending on the device (`lp.grad.to(device)`, `.cpu()`, `.cuda()`)
_ALIAS, _COPY, _EITHER = "alias", "copy", "either"
_THE_TENSOR = ("data", "detach")
_DEVICE_MOVES = ("to", "cpu", "cuda")


class LocalGradientsNeverCleared(LoopRule):
    """
    An A3C worker hands its local model's gradients to the shared model but never clears them.

    ## What it does
    Finds a training iteration (a loop, or a step function such as A3C's `push_and_pull`) that
    backpropagates into a local model, hands the local gradients over to a shared model,
    parameter by parameter (`shared_p._grad = local_p.grad` or `shared_p.grad = ...`, in a
    `for local_p, shared_p in zip(local.parameters(), shared.parameters())` of its own or of a
    helper it calls, in this module or another: `ensure_shared_grads(model, shared_model)`; a
    model of the module's top level that a helper of the module reads without binding it, `shared` in a
    worker's `sync` method, is the loop's own when the loop's function does not bind it either),
    steps the shared model's optimizer, and never clears the local model's gradients:
    - the hand-over passes the tensor itself (`local_p.grad`, `.data`, `.detach()`) and the
      iteration clears the shared gradients to `None` (`shared_opt.zero_grad()`, whose
      `set_to_none` is `True` since torch 2.0) or clears nothing of the shared model either
      (the shared parameters then hold the local tensors that every backward adds into), or
    - the hand-over copies the gradient (`local_p.grad.clone()`, `shared_p.grad.copy_(...)`),
      whatever the shared clear does, or
    - it moves it to a device (`local_p.grad.to(device)`: the tensor itself on the same device,
      a copy on another) and the shared clear sets to `None`.

    ## Why is this bad?
    `backward()` adds into the local parameters' `.grad`. Before torch 2.0 `zero_grad()` zeroed
    the shared gradients in place, and after the first hand-over those were the local
    tensors themselves: clearing the shared optimizer cleared the local model too. Since torch
    2.0 `zero_grad()` sets the shared `.grad` to `None`: the shared parameters let go of the
    tensors and the local parameters keep them. Every backward then adds the new gradient to
    all the earlier ones, and each update applies the sum of every gradient since the worker
    started (real torch: the local gradient norm grows update after update). Reloading the
    weights (`local.load_state_dict(shared.state_dict())`) copies parameters, not gradients.
    A hand-over that copies the gradient never clears the local model either, in any version.

    ## Example
    ```python
    for states, returns in rollouts:
        local.load_state_dict(shared.state_dict())
        loss = F.mse_loss(local(states), returns)
        shared_opt.zero_grad()
        loss.backward()
        for local_p, shared_p in zip(local.parameters(), shared.parameters()):
            shared_p._grad = local_p.grad
        shared_opt.step()
    ```

    ## Use instead
    ```python
    for states, returns in rollouts:
        local.load_state_dict(shared.state_dict())
        loss = F.mse_loss(local(states), returns)
        shared_opt.zero_grad()
        local.zero_grad()
        loss.backward()
        for local_p, shared_p in zip(local.parameters(), shared.parameters()):
            shared_p._grad = local_p.grad
        shared_opt.step()
    ```

    ## Fix safety
    The fix inserts `local.zero_grad()` right before the statement of the iteration's first
    backward pass (real torch: the worker then trains exactly like one that clears its local
    model before each backward, or right after the hand-over). It is safe. It is offered only
    when that backward runs in the iteration's own code (or in a helper called there), the
    hand-over comes after it in the same block (or below it), nothing reads a gradient before
    it, and the statement is alone on its lines; otherwise the finding comes without a fix.
    A class of the module that defines its own `zero_grad` makes it unsafe.

    A hand-over guarded as GF028 reads it (`if shared_p.grad is not None: return` before
    `shared_p._grad = local_p.grad`) in an iteration that clears neither model is reported
    too: the shared parameters keep the first local tensors, which every backward adds into.
    A clear of the local model alone would leave the shared gradients stale (GF028), so the
    fix clears both before the first backward (`local.zero_grad()`, then the shared
    optimizer's `zero_grad()`), under the same conditions; no fix when that optimizer's
    `zero_grad` takes no `set_to_none`.

    Not reported when anything in the iteration clears the local model (`local.zero_grad()`,
    `local_p.grad = None`, an optimizer built over the local parameters or over parameters
    gradfix cannot read (parameter groups count when each group's `"params"` are modules'
    `parameters()`, none of the local model's), any other clear of parameters' gradients), when the iteration binds the local model again (`local =
    copy.deepcopy(shared)`: a new model has no gradients), when the shared clear keeps the
    tensors (`zero_grad(set_to_none=False)`, a `set_to_none` gradfix cannot read, an optimizer
    whose `zero_grad` takes no `set_to_none`) and the hand-over passes the tensor itself, when
    the iteration clears nothing of the shared model and an `if`, `return`, `continue` or
    `break` in the loop over the pairs decides what is handed over (other than GF028's guard,
    below), when it
    steps more than one optimizer or steps
    nothing after the hand-over, when the hand-over is written otherwise (a `named_parameters()`
    pair, an index, a gradient computed from the local one), or when the loop calls code
    gradfix cannot see into.
    """

    code = "GF027"
    name = "local-gradients-never-cleared"
    message = (
        "`{handover}` hands `{local}`'s gradients to `{shared}`, but nothing clears `{local}`: {why}, so every"
        " backward adds into all the earlier local gradients and each update applies their sum; clear them: `{local}.zero_grad()`"
    )
    guarded_message = (
        "`{handover}` hands `{local}`'s gradients to `{shared}` only where `{shared}` holds none, and nothing clears"
        " either model: `{shared}` keeps the first local tensors, which every backward adds into, and each update"
        " applies their sum; clear both before the backward: `{local}.zero_grad()` and `{optimizer}.zero_grad()`"
    )
    safety = Safety.SAFE

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        if not may_hand_over(model):
            return  # no hand-over written here, nor in a helper of another module a loop calls
        yield from super().check(model)

    def check_loop(self, loop: TrainingLoop, model: ModuleModel) -> Iterator[Finding]:
        stepped = stepped_handover(loop, model)
        if stepped is None:
            return
        events, (event, local, shared, how, code, handing), first_backward, optimizer = stepped
        shared_clears: list[GradEvent] = []
        for other in events:
            if other.kind is not EventKind.CLEAR:
                continue
            if other.scope is ClearScope.PARAMETERS:
                if id(other.node) not in handing:
                    return  # `local_p.grad = None`, `p.grad.zero_()`: something clears by hand
                continue
            if _clears(other, local, model):
                return
            shared_clears.append(other)
        if how != _COPY and not shared_clears:
            # nothing clears either model: the shared parameters hold the local tensors, which
            # every backward adds into; when the hand-over is guarded (GF028's shape), a clear
            # of the local model alone would leave the shared gradients stale: clear both
            if not _handed_over_unguarded(event, loop):
                if how != _ALIAS or not _guarded(event, loop) or any(e.kind is EventKind.UNKNOWN for e in events):
                    return
                if optimizer == local or _clears_local_parameters(optimizer, local, model) or _binds_again(loop.node, local):
                    return
                yield Finding(
                    self.code,
                    self.guarded_message.format(handover=code, local=local, shared=shared, optimizer=optimizer),
                    event.path[-1],
                    fix=_fix(loop, events, first_backward, event, local, model, optimizer),
                    related=(loop.node,),
                )
                return
            why = "nothing clears the shared gradients either, and the local ones stay"
        elif how != _COPY:
            if not all(_to_none(clear, model) for clear in shared_clears):
                return  # the shared clear zeroes the tensors the local parameters hold, in place
            why = f"`{_call_code(shared_clears[0], model)}` sets the shared gradients to None (torch >= 2.0) and the local ones stay"
            if how == _EITHER:
                why = f"`{_call_code(shared_clears[0], model)}` sets the shared gradients to None (torch >= 2.0), or they are a copy,"
                why += " and the local ones stay"
        else:
            why = "the shared model gets a copy, and the local gradients stay"
        if _binds_again(loop.node, local):
            return  # a new local model each iteration holds no gradient
        fix = _fix(loop, events, first_backward, event, local, model)
        yield Finding(
            self.code,
            self.message.format(handover=code, local=local, shared=shared, why=why),
            event.path[-1],
            fix=fix,
            related=(loop.node,),
        )


def _guarded(event: GradEvent, loop: TrainingLoop) -> bool:
    from gradfix.transforms.gf028_shared_gradients_never_refreshed import _guarded as guarded

    return guarded(event, loop)


def _clears_local_parameters(optimizer: str, local: str, model: ModuleModel) -> bool:
    from gradfix.transforms.gf028_shared_gradients_never_refreshed import _clears_local_parameters as clears

    return clears(optimizer, local, model)


def _handed_over_unguarded(event: GradEvent, loop: TrainingLoop) -> bool:
    """The loop over the parameter pairs holds only simple statements: no `if`, `return`,
    `continue` or `break` decides whether a pair is handed over."""
    within = event.loops_within(loop.node)
    pairs = within[-1] if within else None
    return isinstance(pairs, ast.For) and not pairs.orelse and all(isinstance(s, (ast.Assign, ast.Expr)) for s in pairs.body)


def may_hand_over(model: ModuleModel) -> bool:
    """The module writes a `.grad` (`_may_hand_over`), or a loop of it clears parameters'
    gradients in a helper of another module (asked once per module, by GF027 and GF028)."""
    found: bool | None = model.__dict__.get("_may_hand_over")
    if found is None:
        found = model.__dict__["_may_hand_over"] = _may_hand_over(model.source.text) or any(
            e.foreign and e.kind is EventKind.CLEAR and e.scope is ClearScope.PARAMETERS for loop in model.loops for e in loop.events
        )
    return found


def stepped_handover(loop: TrainingLoop, model: ModuleModel) -> tuple[list[GradEvent], tuple[GradEvent, str, str, str, str, set[int]], int, str] | None:
    """The iteration's hand-over (`_handover`), when the iteration itself is where it is judged
    (not a loop calling the step function that holds it), a backward comes before it, a step
    after it, and one optimizer is all it steps and clears: (its events, the hand-over, the index
    of the first backward, that optimizer's key)."""
    events = owned_events(loop, model)
    found = _handover(loop, events, model)
    if found is None:
        return None
    event = found[0]
    if not loop.is_step_function and model.in_step_function(event):
        return None  # a step function holds it: judged there
    index = events.index(event)
    backwards = [i for i, e in enumerate(events) if e.kind is EventKind.BACKWARD]
    if not backwards or backwards[0] > index:
        return None
    if not any(e.kind is EventKind.STEP for e in events[index + 1 :]):
        return None
    optimizers = {e.target for e in events if e.kind is EventKind.STEP or (e.kind is EventKind.CLEAR and e.scope is ClearScope.OPTIMIZER)}
    if len(optimizers) != 1 or None in optimizers:
        return None
    return events, found, backwards[0], next(iter(optimizers))  # type: ignore[return-value]


def _may_hand_over(text: str) -> bool:
    """The text writes a `.grad` (`p._grad = g`, `p.grad = g`, `p.grad.copy_(g)`)."""
    if "._grad" in text:
        return True
    return ".grad" in text and (".grad =" in text or ".grad=" in text or ".grad.copy_(" in text or ".grad.data.copy_(" in text)


def _handover(loop: TrainingLoop, events: list[GradEvent], model: ModuleModel) -> tuple[GradEvent, str, str, str, str, set[int]] | None:
    """The iteration's hand-over of local gradients to a shared model: (an event inside it,
    the local model's key and the shared model's, as the iteration's code names them, how it
    passes the gradient on, its text, the ids of the loop's statements that write the shared
    parameters' gradients)."""
    seen: set[int] = set()
    for event in events:
        if event.kind not in (EventKind.CLEAR, EventKind.GRAD_READ):
            continue
        within = event.loops_within(loop.node)
        pairs = within[-1] if within else None
        if not isinstance(pairs, ast.For) or id(pairs) in seen:
            continue
        seen.add(id(pairs))
        zipped = _zipped_models(pairs)
        if zipped is None:
            continue
        names, models = zipped
        statements = list(_body_statements(pairs))
        for stmt in statements:
            shape = _handover_shape(stmt, names)
            if shape is None:
                continue
            local_index, how = shape
            local = _in_loop_scope(models[local_index], event, loop, model)
            shared = _in_loop_scope(models[1 - local_index], event, loop, model)
            if local is None or shared is None or local == shared or not all(part.isidentifier() for part in local.split(".")):
                return None
            source = event.source or model.source
            shared_name = names[1 - local_index]
            handing = {id(s) for s in statements if isinstance(s, ast.Assign) and _writes_grad_of(s, shared_name)}
            return event, local, shared, how, source.code(stmt), handing
    return None


def _zipped_models(stmt: ast.For) -> tuple[tuple[str, str], tuple[str, str]] | None:
    """`for a, b in zip(m1.parameters(), m2.parameters())`: ((a, b), (m1, m2))."""
    target, source = stmt.target, stmt.iter
    if not (isinstance(target, ast.Tuple) and len(target.elts) == 2 and all(isinstance(t, ast.Name) for t in target.elts)):
        return None
    if not (isinstance(source, ast.Call) and isinstance(source.func, ast.Name) and source.func.id == "zip"):
        return None
    if len(source.args) != 2 or source.keywords:
        return None
    models = []
    for arg in source.args:
        if not (isinstance(arg, ast.Call) and method_name(arg) == "parameters" and not arg.args and not arg.keywords):
            return None
        key = dotted(arg.func.value)  # type: ignore[attr-defined]
        if key is None:
            return None
        models.append(key)
    return (target.elts[0].id, target.elts[1].id), (models[0], models[1])  # type: ignore[attr-defined]


def _body_statements(stmt: ast.For) -> Iterator[ast.stmt]:
    """The simple statements of the loop's body, under its `if`s too."""
    todo = list(stmt.body)
    while todo:
        node = todo.pop(0)
        if isinstance(node, ast.If):
            todo[:0] = [*node.body, *node.orelse]
        elif isinstance(node, (ast.Assign, ast.Expr)):
            yield node


def _handover_shape(stmt: ast.stmt, names: tuple[str, str]) -> tuple[int, str] | None:
    """(the index of the local variable in the pair, how the gradient is passed) for
    `shared_p._grad = <local_p's gradient>` or `shared_p.grad.copy_(local_p.grad)`."""
    if isinstance(stmt, ast.Assign):
        if len(stmt.targets) != 1:
            return None
        target = stmt.targets[0]
        if not (isinstance(target, ast.Attribute) and target.attr in ("grad", "_grad") and isinstance(target.value, ast.Name)):
            return None
        shared = target.value.id
        value = stmt.value
    elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and method_name(stmt.value) == "copy_":
        call = stmt.value
        grad = call.func.value  # type: ignore[attr-defined]
        while isinstance(grad, ast.Attribute) and grad.attr == "data":
            grad = grad.value
        if not (isinstance(grad, ast.Attribute) and grad.attr in ("grad", "_grad") and isinstance(grad.value, ast.Name)):
            return None
        if len(call.args) != 1 or call.keywords:
            return None
        shared = grad.value.id
        value = call.args[0]
    else:
        return None
    if shared not in names:
        return None
    local = names[1 - names.index(shared)]
    how = _ALIAS if isinstance(stmt, ast.Assign) else _COPY
    while True:
        if isinstance(value, ast.Attribute) and value.attr == "data":
            value = value.value
        elif isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
            method = value.func.attr
            if method == "clone" and not value.args:
                how = _COPY
            elif method in _DEVICE_MOVES:
                how = _COPY if how == _COPY else _EITHER
            elif method not in _THE_TENSOR or value.args or value.keywords:
                return None
            value = value.func.value
        else:
            break
    if isinstance(value, ast.Attribute) and value.attr in ("grad", "_grad") and isinstance(value.value, ast.Name) and value.value.id == local:
        return names.index(local), how
    return None


def _writes_grad_of(stmt: ast.Assign, name: str) -> bool:
    """`name.grad = ...` (`name._grad`): the statement writes the gradient of that variable."""
    return len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Attribute) and stmt.targets[0].attr in ("grad", "_grad") and (
        isinstance(stmt.targets[0].value, ast.Name) and stmt.targets[0].value.id == name
    )


def _in_loop_scope(key: str, event: GradEvent, loop: TrainingLoop | None = None, model: ModuleModel | None = None) -> str | None:
    """The key a name of the helper the event sits in stands for in the iteration's own code:
    each helper's parameters mapped to its caller's arguments (None: not a parameter, or an
    argument that is no plain name). A name of the module's top level that the helpers read
    without binding it (`shared` in `def sync_grads(self): for lp, sp in zip(self.local.parameters(),
    shared.parameters())`) stands for itself when the loop's function does not bind it either."""
    for call, helper in zip(reversed(event.via), reversed(event.helpers)):
        if not isinstance(helper, FUNCTIONS):
            return None
        args = helper.args
        params = [a.arg for a in (*args.posonlyargs, *args.args)]
        root = root_name(key)
        if root not in params and root != "self" and _module_global(root, helper, event, loop, model):
            continue
        method = isinstance(call.func, ast.Attribute) and params and params[0] in ("self", "cls")
        if method:
            if root == "self":
                owner = dotted(call.func.value)  # type: ignore[attr-defined]
                if owner is None:
                    return None
                key = owner + key[len(root) :]
                continue
            params = params[1:]
        given: dict[str, ast.expr] = {}
        for param, arg in zip(params, call.args):
            if isinstance(arg, ast.Starred):
                break
            given[param] = arg
        given.update({kw.arg: kw.value for kw in call.keywords if kw.arg is not None})
        if root not in given:
            return None
        passed = dotted(given[root])
        if passed is None:
            return None
        key = passed + key[len(root) :]
    return model.as_events_name(key, loop) if model is not None and loop is not None else key


def _module_global(name: str, helper: ast.AST, event: GradEvent, loop: TrainingLoop | None, model: ModuleModel | None) -> bool:
    """`name` is bound at the module's top level (an assignment there), the helper of this
    module neither takes nor binds it, and the function around the loop does not bind it: the
    helper and the loop read the same object."""
    if model is None or loop is None or event.source is not None:
        return False
    tree = model.source.tree
    if not any(
        isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in stmt.targets) for stmt in tree.body
    ):
        return False
    args = helper.args  # type: ignore[attr-defined]
    if name in {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}:
        return False
    scopes = [helper, loop.function] if loop.function is not None else [helper]
    for scope in scopes:
        if any(isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load) for n in ast_walk(scope)):
            return False
        if isinstance(scope, FUNCTIONS) and name in {a.arg for a in (*scope.args.posonlyargs, *scope.args.args, *scope.args.kwonlyargs)}:
            return False
    return True


def _clears(event: GradEvent, local: str, model: ModuleModel) -> bool:
    """The clear may clear the local model: the model itself or a module holding it (or one
    gradfix cannot name), or an optimizer built over its parameters (or over parameters
    gradfix cannot read)."""
    target = event.target or ""
    if event.scope is ClearScope.MODEL:
        return not target or target == local or local.startswith(target + ".") or target.startswith(local + ".")
    info = model.facts.info(target)
    if info is None or info.params is None:
        return False  # handed in: the optimizer stepped on the handed-over gradients, the shared one
    params = info.params
    if isinstance(params, ast.Call) and method_name(params) == "parameters" and isinstance(params.func, ast.Attribute):
        return dotted(params.func.value) == local
    owners = _group_owners(params)
    if owners is not None:  # `[{"params": shared.body.parameters()}, {"params": ..., "lr": ...}]`
        return any(owner == local or owner.startswith(local + ".") or local.startswith(owner + ".") for owner in owners)
    return True


def _group_owners(params: ast.AST) -> list[str] | None:
    """The modules of parameter groups written as a list of dict literals, each `"params"` the
    parameters of modules (`m.parameters()`, `list(m.parameters())`, sums of those): their keys.
    None for anything else (a group holding tensors or names gradfix cannot read)."""
    if not isinstance(params, (ast.List, ast.Tuple)) or not params.elts:
        return None
    owners: list[str] = []
    for group in params.elts:
        if not isinstance(group, ast.Dict) or any(key is None for key in group.keys):
            return None  # (`**defaults` spread into a group)
        value = next((v for k, v in zip(group.keys, group.values) if isinstance(k, ast.Constant) and k.value == "params"), None)
        found = _parameters_of_modules(value) if value is not None else None
        if found is None:
            return None
        owners += found
    return owners


def _parameters_of_modules(expr: ast.expr) -> list[str] | None:
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
        left, right = _parameters_of_modules(expr.left), _parameters_of_modules(expr.right)
        return None if left is None or right is None else left + right
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id == "list" and len(expr.args) == 1 and not expr.keywords:
        expr = expr.args[0]
    if isinstance(expr, ast.Call) and method_name(expr) == "parameters" and isinstance(expr.func, ast.Attribute) and not expr.args and not expr.keywords:
        key = dotted(expr.func.value)
        return [key] if key is not None else None
    return None


def _to_none(clear: GradEvent, model: ModuleModel) -> bool:
    """The clear sets the gradients to None: `zero_grad()` (torch >= 2.0) or
    `zero_grad(set_to_none=True)`, of an optimizer whose `zero_grad` takes the argument."""
    call = clear.node
    if not isinstance(call, ast.Call) or method_name(call) != "zero_grad":
        return False
    given = keyword(call, "set_to_none")
    args = positional(call)
    if call.args and not args or len(args) > 1 or (args and given is not None):
        return False
    value = given.value if given is not None else args[0] if args else None
    if value is not None and not is_true(value):
        return False
    if clear.scope is ClearScope.OPTIMIZER and clear.target and rejects_set_to_none(clear.target, clear.path[-1], model):
        return False  # a `zero_grad` of its own: what it does to the tensors is its business
    return True


def _call_code(event: GradEvent, model: ModuleModel) -> str:
    return (event.source or model.source).code(event.node)


def _binds_again(node: Loop | ast.AST, local: str) -> bool:
    """The iteration's own code binds the local model (or the name it hangs on) again."""
    root = root_name(local)
    for child in ast_walk(node):
        targets: list[ast.AST] = []
        if isinstance(child, ast.Assign):
            targets = list(child.targets)
        elif isinstance(child, (ast.AnnAssign, ast.AugAssign, ast.NamedExpr)):
            targets = [child.target]
        elif isinstance(child, (ast.For, ast.AsyncFor, ast.With, ast.AsyncWith)):
            targets = [child.target] if isinstance(child, (ast.For, ast.AsyncFor)) else [i.optional_vars for i in child.items if i.optional_vars]
        for target in targets:
            for name in ast_walk(target):
                key = dotted(name) if isinstance(name, (ast.Name, ast.Attribute)) else None
                if key is not None and not isinstance(getattr(name, "ctx", None), ast.Load) and (key == local or key == root):
                    return True
    return False


def _fix(
    loop: TrainingLoop, events: list[GradEvent], at: int, handover: GradEvent, local: str, model: ModuleModel, shared_optimizer: str | None = None
) -> Fix | None:
    """`local.zero_grad()` before the first backward; with `shared_optimizer` (a guarded
    hand-over), that optimizer's `zero_grad()` too, so that the guard hands the new tensors over."""
    backward = events[at]
    if any(e.kind in (EventKind.GRAD_READ, EventKind.AUTOGRAD_GRAD, EventKind.UNKNOWN) for e in events[:at]):
        return None  # something reads the gradients before the backward: they would be None
    statement = backward.path[-1]
    if not backward.path or not any(block is backward.blocks[-1] for block in handover.blocks):
        return None  # the hand-over may run where this backward did not
    if not model.source.alone_on_lines(statement):
        return None
    defines_zero_grad = any("zero_grad" in methods for methods in model.facts.methods.values())
    safety = Safety.UNSAFE if defines_zero_grad else Safety.SAFE
    lines = new_statement(f"{local}.zero_grad()", model)
    if shared_optimizer is not None:
        if rejects_set_to_none(shared_optimizer, statement, model):
            return None  # its `zero_grad` may zero the tensors in place: the guard would still skip
        lines = (*lines, *new_statement(f"{shared_optimizer}.zero_grad()", model))
    return Fix([InsertStatements(statement, "before", lines)], safety)
