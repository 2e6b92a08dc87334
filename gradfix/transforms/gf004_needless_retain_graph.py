from __future__ import annotations

from typing import Iterator

import libcst as cst

from gradfix.analysis.graphs import (
    BackwardCall,
    IterationFlow,
    ScopeFlow,
    describe_backward,
    graph_free_text,
    reads_of,
)
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import EventKind, GradEvent, TrainingLoop
from gradfix.analysis.names import call_name, method_name
from gradfix.analysis.walk import fast_visit
from gradfix.transforms._common import owned_events
from gradfix.transforms.base import Finding, Fix, ReplaceNode, Rule, Safety


class NeedlessRetainGraph(Rule):
    """
    `backward(retain_graph=True)` keeps a graph alive that nothing backpropagates again.

    ## What it does
    Finds `loss.backward(retain_graph=True)` (also the positional form
    `loss.backward(None, True)`, `scaler.scale(loss).backward(retain_graph=True)` and
    `accelerator.backward(loss, retain_graph=True)`) in a training iteration when nothing
    after it backpropagates through a graph again: no later `backward()` or
    `torch.autograd.grad` in the iteration, in the loops around it or after them in the same
    function, and the loss is computed afresh in every iteration.

    ## Why is this bad?
    `retain_graph=True` keeps every intermediate tensor of the forward pass in memory after
    the backward pass. Nothing uses them, so they wait until the loss is reassigned in the
    next iteration; memory use roughly doubles, and a loop that also keeps the loss tensor
    around (a running sum of tensors) grows until it runs out of memory. It is needed only
    when the same graph is backpropagated again.

    ## Example
    ```python
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward(retain_graph=True)
        optimizer.step()
    ```

    ## Use instead
    ```python
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
    ```

    ## Fix safety
    The fix removes the `retain_graph` argument and keeps the others and their formatting.
    It is safe when every tensor the loss depends on is computed in the iteration (from the
    batch, the model and constants). It is unsafe (applied only with `--unsafe-fixes`) when
    the loss reads a function parameter as data: the caller may pass a tensor whose graph it
    backpropagates again.

    The rule stays silent when the value is not the literal `True` (a variable, a flag),
    when `create_graph` is given, when a later backward, `torch.autograd.grad`, or another
    optimizer's backward (a GAN's generator after its discriminator) may reach the same
    graph, when the loss depends on a tensor carried over from an earlier iteration (an RNN
    hidden state that is not detached) or computed before the loop with a model, when the
    loss is returned from the function, and in helpers or loops that call code gradfix
    cannot see. The earlier calls of a split backward (GF003) are left alone: their
    `retain_graph=True` is needed until GF003 merges them, which leaves none.
    """

    code = "GF004"
    name = "needless-retain-graph"
    message = "`retain_graph=True` keeps the graph of `{loss}` alive, but nothing backpropagates through it again"
    safety = Safety.SAFE

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        seen: set[int] = set()
        by_node = {id(lp.node): lp for lp in model.loops}
        scopes: dict[int, ScopeFlow] = {}
        for loop in model.loops:
            if loop.is_unknown:
                continue
            for event in owned_events(loop, model):
                if event.kind is not EventKind.BACKWARD or not event.direct or id(event.node) in seen:
                    continue
                call = describe_backward(event)
                if call is None or not call.retains or call.create is not None:
                    continue
                seen.add(id(event.node))
                verdict = _judge(event, call, loop, model, by_node, scopes)
                if verdict == "silent":
                    continue
                fix = _fix(event, call, Safety.SAFE if verdict == "safe" else Safety.UNSAFE)
                yield Finding(
                    self.code,
                    self.message.format(loss=_EMPTY.code_for_node(call.loss).strip()),
                    call.retain.value if call.retain is not None else event.node,
                    fix=fix,
                    related=(loop.node, event.node),
                )


_EMPTY = cst.Module(body=[])


def _judge(
    event: GradEvent,
    call: BackwardCall,
    loop: TrainingLoop,
    model: ModuleModel,
    by_node: dict[int, TrainingLoop],
    scopes: dict[int, ScopeFlow],
) -> str:
    """'silent', 'safe' or 'unsafe'."""
    innermost = event.home_loops[-1]
    home = by_node.get(id(innermost))
    if home is None or home.is_unknown:
        return "silent"
    earlier = _earlier_in_iteration(event, home)
    # 1. nothing else backpropagates: not later in the iteration, not around or after the loop
    for lp in event.home_loops:
        training = by_node.get(id(lp))
        if training is None:
            continue
        if training.is_unknown:
            return "silent"
        for other in training.events:
            if other is event or other.kind not in (EventKind.BACKWARD, EventKind.AUTOGRAD_GRAD):
                continue
            if id(other) not in earlier:
                return "silent"
    scope_node: cst.CSTNode = loop.function if loop.function is not None else model.module
    earlier_nodes = {id(e.node) for e in home.events if id(e) in earlier}
    for node in _backpropagating_calls(scope_node, model):
        if node is not event.node and id(node) not in earlier_nodes:
            return "silent"
    # 2. the loss is not handed out of the function
    flow = IterationFlow(innermost)
    if flow.position(event.statement) is None:
        return "silent"
    piece = flow.slice(call.loss, event.statement)
    loss_names = reads_of([call.loss]).names
    if loop.function is not None and _returned(loop.function, loss_names | {n for u in piece.units for n in u.binds}):
        return "silent"
    # 2b. no later call we cannot see into gets a tensor of the graph (`hvp(loss, params)`)
    graph_names = loss_names | {n for u in piece.units for n in u.binds}
    position = flow.position(event.statement)
    for unit in flow.units[position + 1 :]:  # type: ignore[operator]
        if unit.forward and unit.data & graph_names and not graph_free_text(unit.value_text):
            return "silent"
    # 3. every tensor of the graph is computed in this iteration
    scope = scopes.get(id(scope_node))
    if scope is None:
        scope = scopes[id(scope_node)] = ScopeFlow(scope_node, model.module)
    free_data = piece.free_data - {"self"}
    in_loop = {id(unit.node) for unit in flow.units}
    visited = set(free_data)
    for name in free_data:
        if _graph_from_elsewhere(name, scope, in_loop, visited):
            return "silent"  # carried over from an earlier iteration, or computed before the loop
    # `self.h = self.rnn(x, self.h)`: state kept on an object across iterations
    texts = [_EMPTY.code_for_node(call.loss).replace(" ", "")] + [u.value_text.replace(" ", "") for u in piece.units]
    for unit in flow.units:
        for key in unit.stores:
            if not graph_free_text(unit.value_text) and any(key in text for text in texts):
                return "silent"
    if loop.function is not None and free_data & _parameters(loop.function):
        return "unsafe"
    return "safe"


def _graph_from_elsewhere(name: str, scope: ScopeFlow, in_loop: set[int], visited: set[str]) -> bool:
    """`name` may hold a tensor with a graph built outside this iteration."""
    for unit in scope.binding(name):
        if graph_free_text(unit.value_text):
            continue
        if unit.forward or unit.augmented:
            return True
        if id(unit.node) in in_loop:  # `hidden = new_hidden`: follow what it carries
            for other in unit.data - visited:
                visited.add(other)
                if _graph_from_elsewhere(other, scope, in_loop, visited):
                    return True
    return False


def _earlier_in_iteration(event: GradEvent, home: TrainingLoop) -> set[int]:
    """Events before `event` in the same iteration, at the same loop level."""
    out: set[int] = set()
    for other in home.events:
        if other is event:
            break
        if other.loops == event.loops:
            out.add(id(other))
    return out


def _backpropagating_calls(scope: cst.CSTNode, model: ModuleModel) -> list[cst.Call]:
    finder = _Backprops(model)
    fast_visit(scope, finder)
    return finder.calls


class _Backprops(cst.CSTVisitor):
    def __init__(self, model: ModuleModel) -> None:
        self.model = model
        self.calls: list[cst.Call] = []

    def visit_Call(self, node: cst.Call) -> None:
        if method_name(node) in ("backward", "manual_backward"):
            self.calls.append(node)
            return
        name = self.model.facts.imports.qualify(call_name(node)) or ""
        if name.endswith(("autograd.grad", "autograd.backward")):
            self.calls.append(node)


def _returned(function: cst.FunctionDef, names: set[str]) -> bool:
    finder = _Returns()
    fast_visit(function.body, finder)
    return bool(finder.names & names)


class _Returns(cst.CSTVisitor):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_Return(self, node: cst.Return) -> None:
        if node.value is not None:
            self.names |= reads_of([node.value]).data

    def visit_Yield(self, node: cst.Yield) -> None:
        if isinstance(node.value, cst.BaseExpression):
            self.names |= reads_of([node.value]).data


def _parameters(function: cst.FunctionDef) -> set[str]:
    params = function.params
    return {p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)}


def _fix(event: GradEvent, call: BackwardCall, safety: Safety) -> Fix | None:
    assert call.retain is not None
    args = list(call.call.args)
    index = next(i for i, a in enumerate(args) if a is call.retain)
    if call.retain_positional and any(a.keyword is None for a in args[index + 1 :]):
        return None  # create_graph passed by position after it: dropping would shift it
    new_call = call.call.with_changes(args=_without(args, index), **_closing(call.call, args, index))
    return Fix([ReplaceNode(call.call, new_call, event.statement)], safety)


def _without(args: list[cst.Arg], index: int) -> list[cst.Arg]:
    removed = args[index]
    rest = args[:index] + args[index + 1 :]
    if index == len(args) - 1 and rest:
        previous = rest[-1]
        if isinstance(removed.comma, cst.Comma) and isinstance(previous.comma, cst.Comma):
            # `f(a, retain_graph=True,)`: the trailing comma and what follows it stay
            rest[-1] = previous.with_changes(
                comma=previous.comma.with_changes(whitespace_after=removed.comma.whitespace_after)
            )
        else:
            rest[-1] = previous.with_changes(
                comma=cst.MaybeSentinel.DEFAULT, whitespace_after_arg=removed.whitespace_after_arg
            )
    return rest


def _closing(call: cst.Call, args: list[cst.Arg], index: int) -> dict:
    if len(args) == 1:
        # `backward(\n    retain_graph=True,\n)` becomes `backward()`
        return {"whitespace_before_args": cst.SimpleWhitespace("")}
    return {}
