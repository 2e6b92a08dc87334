from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.clear_signature import rejects_set_to_none
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import ClearScope, EventKind, GradEvent, TrainingLoop
from gradfix.analysis.names import dotted, method_name
from gradfix.transforms._common import new_statement
from gradfix.transforms.base import Finding, Fix, InsertStatements, LoopRule, Safety
from gradfix.transforms.gf027_local_gradients_never_cleared import (
    _ALIAS,
    _COPY,
    _body_statements,
    _call_code,
    _clears,
    _handover_shape,
    may_hand_over,
    _to_none,
    stepped_handover,
)
from gradfix.walk import ast_walk

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator


class SharedGradientsNeverRefreshed(LoopRule):
    """
    An A3C worker's guarded hand-over leaves the shared model stepping on its first gradients.

    ## What it does
    Finds a training iteration (a loop, or a step function) that backpropagates into a local
    model, hands the local gradients to a shared model only where the shared model holds none
    (`if shared_p.grad is not None: return` before `shared_p._grad = local_p.grad`, in a
    `for local_p, shared_p in zip(local.parameters(), shared.parameters())` of its own or of a
    helper it calls: `ensure_shared_grads(model, shared_model)`, or a worker's method reading the
    module's shared model as a global, as GF027 reads it), steps the shared model's
    optimizer, clears the local model's gradients to `None` (`local.zero_grad()`, whose
    `set_to_none` is `True` since torch 2.0) and never clears the shared model's.

    ## Why is this bad?
    The first hand-over makes each shared parameter hold the local gradient tensor itself.
    Before torch 2.0 `local.zero_grad()` zeroed that tensor in place and the next backward
    filled it again: the shared model saw every new gradient through it. Since torch 2.0
    `zero_grad()` sets the local `.grad` to `None`, the next backward makes a new tensor, and
    the shared parameter keeps the old one: it is never `None` again, so the guard skips every
    later hand-over. The shared optimizer steps on the first gradient of the worker's first
    iteration for the rest of training (real torch: the same shared gradient norm at every
    update), whatever the worker's losses say.

    ## Example
    ```python
    def ensure_shared_grads(model, shared_model):
        for param, shared_param in zip(model.parameters(), shared_model.parameters()):
            if shared_param.grad is not None:
                return
            shared_param._grad = param.grad

    for states, returns in rollouts:
        model.load_state_dict(shared_model.state_dict())
        loss = F.mse_loss(model(states), returns)
        model.zero_grad()
        loss.backward()
        ensure_shared_grads(model, shared_model)
        optimizer.step()
    ```

    ## Use instead
    ```python
    for states, returns in rollouts:
        model.load_state_dict(shared_model.state_dict())
        loss = F.mse_loss(model(states), returns)
        model.zero_grad()
        optimizer.zero_grad()
        loss.backward()
        ensure_shared_grads(model, shared_model)
        optimizer.step()
    ```

    ## Fix safety
    The fix inserts a clear of the shared optimizer (`optimizer.zero_grad()`) right after the
    iteration's clear of the local model: the shared gradients are `None` again before each
    hand-over, which hands over the new local tensors (real torch: the worker then trains
    exactly like one whose local clear keeps the tensors, `zero_grad(set_to_none=False)`, as
    torch before 2.0 did). It is safe. It is offered only when that clear is a statement of
    the iteration's own code, alone on its lines, and runs before the backward or after the step
    (between the hand-over and the step, a shared clear would take the gradients the step
    needs); otherwise the finding comes without a fix. A
    class of the module that defines its own `zero_grad` makes it unsafe, and an optimizer
    whose `zero_grad` takes no `set_to_none` gets no fix.

    A guarded *copy* (`shared_p._grad = local_p.grad.clone()`) is stale in every torch version:
    the first copy stays the shared gradient whatever the local clear does. It is reported
    whenever nothing of the iteration clears the shared model or its optimizer (the local
    clear may keep the tensors, or be missing), and fixed beside the iteration's own local clear
    (before the backward or after the step) with `optimizer.zero_grad(set_to_none=True)`, so
    that torch before 2.0 clears to None too; without such a local clear, no fix.

    Not reported when the hand-over is not guarded (it hands the new tensors over at every
    iteration), moves the gradient to a device (`.to(device)`, `.cpu()`: a copy or the tensor
    itself, depending on the device), when the iteration clears the
    shared model or its optimizer, clears the local model keeping the tensors
    (`zero_grad(set_to_none=False)`, a `set_to_none` gradfix cannot read) or not at all, clears
    parameters' gradients by hand, steps more than one optimizer or nothing after the
    hand-over, or when the loop calls code gradfix cannot see into.
    """

    code = "GF028"
    name = "shared-gradients-never-refreshed"
    message = (
        "`{handover}` hands `{local}`'s gradients to `{shared}` only where `{shared}` holds none, and nothing clears"
        " `{shared}`'s: `{clear}` sets the local gradients to None (torch >= 2.0), the next backward makes new tensors,"
        " and `{optimizer}` steps on the first ones forever; clear the shared gradients too: `{optimizer}.zero_grad()`"
    )
    copy_message = (
        "`{handover}` copies `{local}`'s gradients to `{shared}` only where `{shared}` holds none, and nothing clears"
        " `{shared}`'s: after the first copy the guard skips every hand-over and `{optimizer}` steps on the first"
        " gradients forever; clear the shared gradients each iteration: `{optimizer}.zero_grad(set_to_none=True)`"
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
        copy = how == _COPY  # `shared_p._grad = p.grad.clone()`: stale in every torch version
        if how not in (_ALIAS, _COPY) or not _guarded(event, loop) or any(e.kind is EventKind.UNKNOWN for e in events):
            return
        local_clears: list[GradEvent] = []
        for other in events:
            if other.kind is not EventKind.CLEAR:
                continue
            if other.scope is ClearScope.PARAMETERS:
                if id(other.node) not in handing:
                    return  # `p.grad = None`, `p.grad.zero_()`: something clears by hand
                continue
            if other.scope is ClearScope.OPTIMIZER and other.target == optimizer:
                return  # the shared optimizer is cleared: the hand-over runs again
            if not (other.target and _clears(other, local, model) and (copy or _to_none(other, model))):
                return  # the shared model, a clear keeping the tensors, or one gradfix cannot place
            local_clears.append(other)
        if optimizer == local or _clears_local_parameters(optimizer, local, model):
            return
        if copy:
            yield from self._copied(loop, model, events, event, local, shared, code, first_backward, optimizer, local_clears)
            return
        if not local_clears:
            return
        clear = local_clears[0]
        at = events.index(clear)
        last_step = max(i for i, e in enumerate(events) if e.kind is EventKind.STEP)
        # the shared clear goes beside the local one: before the backward, or after the step;
        # between the hand-over and the step it would take the gradients the step needs
        placed = at < first_backward or at > last_step
        yield Finding(
            self.code,
            self.message.format(handover=code, local=local, shared=shared, clear=_call_code(clear, model), optimizer=optimizer),
            event.path[-1],
            fix=_fix(clear, optimizer, model) if placed else None,
            related=(loop.node,),
        )


    def _copied(
        self, loop: TrainingLoop, model: ModuleModel, events: list[GradEvent], event: GradEvent, local: str, shared: str,
        code: str, first_backward: int, optimizer: str, local_clears: list[GradEvent],
    ) -> Iterator[Finding]:
        """A guarded copy (`shared_p._grad = p.grad.clone()`): the first copy is the shared
        gradient for good, whatever the local clear does; fixed beside a local clear of the
        iteration's own code (before the backward or after the step) with a clear to None in
        every torch version."""
        fix = None
        if local_clears:
            clear = local_clears[0]
            at = events.index(clear)
            last_step = max(i for i, e in enumerate(events) if e.kind is EventKind.STEP)
            if at < first_backward or at > last_step:
                fix = _fix(clear, optimizer, model, "set_to_none=True")
        yield Finding(
            self.code,
            self.copy_message.format(handover=code, local=local, shared=shared, optimizer=optimizer),
            event.path[-1],
            fix=fix,
            related=(loop.node,),
        )


def _guarded(event: GradEvent, loop: TrainingLoop) -> bool:
    """The hand-over's loop over parameter pairs (`_handover` found the event in it) runs its
    assignment only where the shared gradient is None: after `if shared_p.grad is not None:
    return` (`break`, `continue`; the test may add `and` clauses, the assignment may be in the
    `elif`/`else` arm), or under `if shared_p.grad is None:`."""
    within = event.loops_within(loop.node)
    pairs = within[-1] if within else None
    if not isinstance(pairs, ast.For) or not isinstance(pairs.target, ast.Tuple):
        return False
    names = tuple(t.id for t in pairs.target.elts if isinstance(t, ast.Name))
    if len(names) != 2:
        return False
    handed, shape = next(((stmt, shape) for stmt in _body_statements(pairs) if (shape := _handover_shape(stmt, names)) is not None), (None, None))  # type: ignore[arg-type]
    if handed is None or shape is None:
        return False
    names = (names[1 - shape[0]],)  # the shared parameter's: a test of the local one skips parameters without gradients
    for stmt in pairs.body:
        holds = _holds(handed, stmt)
        if isinstance(stmt, ast.If):
            exits = bool(stmt.body) and isinstance(stmt.body[-1], (ast.Return, ast.Break, ast.Continue))
            if exits and _says_grad(stmt.test, names, ast.IsNot) and not _holds(handed, *stmt.body):
                return True  # what follows it (or its `elif`/`else` arms) runs only while the gradient is None
            if holds and _says_grad(stmt.test, names, ast.Is) and _holds(handed, *stmt.body):
                return True
        if holds:
            return False  # the hand-over comes before any guard
    return False


def _holds(node: ast.AST, *statements: ast.stmt) -> bool:
    return any(sub is node for stmt in statements for sub in ast_walk(stmt))


def _says_grad(test: ast.expr, names: tuple[str, ...], op: type) -> bool:
    """`p.grad is not None` (op `IsNot`) or `p.grad is None` (`Is`) for a name of the pair,
    alone or as a clause of an `and`."""
    clauses = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
    for clause in clauses:
        if not (isinstance(clause, ast.Compare) and len(clause.ops) == 1 and isinstance(clause.ops[0], op)):
            continue
        right = clause.comparators[0]
        if not (isinstance(right, ast.Constant) and right.value is None):
            continue
        left = clause.left
        while isinstance(left, ast.Attribute) and left.attr == "data":
            left = left.value
        if isinstance(left, ast.Attribute) and left.attr in ("grad", "_grad") and dotted(left.value) in names:
            return True
    return False


def _clears_local_parameters(optimizer: str, local: str, model: ModuleModel) -> bool:
    """The stepped optimizer is built over the local model's parameters (then the hand-over is
    not what it steps on)."""
    info = model.facts.info(optimizer)
    params = info.params if info is not None else None
    return isinstance(params, ast.Call) and method_name(params) == "parameters" and isinstance(params.func, ast.Attribute) and (
        dotted(params.func.value) == local
    )


def _fix(clear: GradEvent, optimizer: str, model: ModuleModel, arguments: str = "") -> Fix | None:
    if clear.foreign or clear.via or not clear.path:
        return None  # the local clear sits in a helper: the iteration's own code is edited only
    statement = clear.path[-1]
    if not (isinstance(statement, ast.Expr) and statement.value is clear.node) or not model.source.alone_on_lines(statement):
        return None
    if rejects_set_to_none(optimizer, statement, model):
        return None  # its `zero_grad` may zero the tensors in place: the guard would still skip
    defines_zero_grad = any("zero_grad" in methods for methods in model.facts.methods.values())
    safety = Safety.UNSAFE if defines_zero_grad else Safety.SAFE
    return Fix([InsertStatements(statement, "after", new_statement(f"{optimizer}.zero_grad({arguments})", model))], safety)
