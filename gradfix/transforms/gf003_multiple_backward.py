from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.bindings import loop_bindings
from gradfix.analysis.by_hand import unseen_gradient_handling
from gradfix.analysis.graphs import (
    BackwardCall,
    IterationFlow,
    describe_autograd_backward,
    describe_backward,
    mentions_gradients,
    reads_of,
)
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import EventKind, GradEvent, TrainingLoop
from gradfix.analysis.names import is_true
from gradfix.analysis.steps import lightning_backward_overrides, trainer_step_overrides
from gradfix.patterns import lazily
from gradfix.source import Source
from gradfix.analysis.modules import imported_project_bytes
from gradfix.transforms._common import (
    owned_events,
    single_call_statement,
)
from gradfix.transforms.base import (
    Finding,
    Fix,
    RemoveStatement,
    ReplaceNode,
    Rule,
    Safety,
)

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator

# Terms that need no parentheses after `a + `: higher precedence than `+`/`-`.
_TIGHT_OPERATORS = (ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.MatMult, ast.Pow)
_COMMENT = lazily(r"#.*$")


class MultipleBackward(Rule):
    """
    One iteration calls `backward()` several times on losses of the same forward pass.

    ## What it does
    Finds consecutive `backward()` calls in one iteration, the earlier ones with
    `retain_graph=True` (`loss_a.backward(retain_graph=True); loss_b.backward()`), with no
    optimizer step, gradient clear or gradient read between them, written in the same
    block (same branch, same loop level). `scaler.scale(loss).backward(...)` and
    `accelerator.backward(loss, ...)` and a DeepSpeed engine's `backward(loss, ...)` count too,
    when every call of the group has the same form.

    ## Why is this bad?
    Every `backward()` but the last has to keep the whole graph alive (`retain_graph=True`),
    which costs memory, walks the shared part of the graph once per loss, and makes it easy
    to count a term twice. Gradients add up, so the gradient of the sum of the losses is the
    sum of their gradients: one backward of the total does the same work once.

    ## Example
    ```python
    for x, y in loader:
        optimizer.zero_grad()
        logits = model(x)
        ce_loss = F.cross_entropy(logits, y)
        reg_loss = (logits ** 2).mean()
        ce_loss.backward(retain_graph=True)
        (0.1 * reg_loss).backward()
        optimizer.step()
    ```

    ## Use instead
    ```python
    for x, y in loader:
        optimizer.zero_grad()
        logits = model(x)
        ce_loss = F.cross_entropy(logits, y)
        reg_loss = (logits ** 2).mean()
        total_loss = ce_loss + 0.1 * reg_loss
        total_loss.backward()
        optimizer.step()
    ```

    ## Fix safety
    The fix removes the earlier backward calls and replaces the last one with
    `total_loss = a + b` and `total_loss.backward(...)` (the last call's other arguments kept; the
    earlier calls' `retain_graph=True` goes away with them). Each term is written as it was
    backpropagated (`(0.5 * loss_c).backward()` contributes `0.5 * loss_c`); the name is
    `total_loss`, or `total_loss_1`, ... when that name is taken. The individual losses keep
    their names, so logging them still works; a trailing comment of a removed call moves above
    the merged one.

    A group is two or more backward calls of one iteration, written in the loop itself (not in
    helpers), in the same block (same branch, same loop level), one after the other with no
    other gradient event between them (no step, clear, clip, unscale, scheduler step or
    gradient read), every call but the last passing `retain_graph=True`, none passing
    `inputs=`, `gradient=`, `create_graph=` or any other argument, and all of the same form
    (`loss.backward()`, `scaler.scale(loss).backward()`, or the same `accelerator.backward` or
    DeepSpeed engine's `backward`, which divide and scale each loss by the same factor). A
    loss written inline is the term it backpropagates (`F.cross_entropy(out, y).backward(...)`,
    `out.pow(2).mean().backward()` give `F.cross_entropy(out, y)` and `out.pow(2).mean()`).
    A transformers Trainer's `training_step(self, model, inputs, ...)` override written whole
    (its own `self.accelerator.backward(...)`, no `super().training_step(...)`, no step or
    clear) is one iteration too: the Trainer calls it once per micro-batch and
    steps and clears after it returns (so is a LightningModule's manual-optimization
    `training_step` with its own `self.manual_backward(...)` and step). So is a LightningModule's
    `backward(self, loss, ...)` override under automatic optimization (a file naming neither
    `manual_backward` nor `automatic_optimization`): Lightning calls it once per batch with the
    loss `training_step` returned (`loss.backward(retain_graph=True)` then
    `self.aux.backward()` of a term `training_step` stored).

    It is safe when the losses come from the same forward pass (no model is called between
    the backward calls and no later loss calls one, or each loss depends on a statement
    calling a model that another loss depends on). The trained result is the same up to
    floating-point summation order.

    It is unsafe (applied only with `--unsafe-fixes`) when the losses may come from different
    forward passes, or when an earlier loss is an expression that calls a model and other
    statements run before the last backward (the fix evaluates it later).

    It is reported without a fix when a backward call is not a call alone on its line, when a
    name an earlier loss reads is reassigned before the last backward, and when the module
    registers a backward hook anywhere (`register_hook`, `register_full_backward_hook`,
    `register_post_accumulate_grad_hook`...; not forward, step or state-dict hooks): a hook runs
    once per backward pass, on what that pass backpropagates, so one backward of the sum is not
    the same (a clamp of each loss's gradient is not a clamp of their sum).

    The rule stays silent when the split is intentional or cannot be judged: anything between
    the backward calls, or in a later loss, that names gradients (`.grad`, `grad_norm(...)`,
    PCGrad-style projections) or hands over `.parameters()`; a call between them that gradfix
    did not look into and that is handed the model or gradients (`collector.add(model)`,
    `stash(model)`: it may copy or clear the first loss's gradients); `torch.autograd.grad`
    anywhere in the iteration after the last optimizer step before the first of those backward
    calls (higher-order gradients; a critic's gradient penalty stepped before the generator's
    losses is another phase; not a first-order gradient, without `create_graph`, of a tensor
    the iteration makes, a TRADES attack's `torch.autograd.grad(kl, x_adv)`); and backward
    calls in different
    branches, at different loop levels or inside helpers.

    A helper that is that backward alone (`def back(l): l.backward(retain_graph=True)`, or a
    name bound once to `lambda l: l.backward(retain_graph=True)`, also on `self` in
    `__init__`), called once per loss one after the other in one block of the loop
    (`back(ce); back(reg)`, each call a statement handing the loss alone), is the same split:
    reported without a fix when the losses come from one forward pass as above and nothing
    between the calls, or in a later loss, names gradients.

    No fix either when the file defines a custom autograd Function (`class
    ClipGrad(torch.autograd.Function)`, whose own `backward` may clip what each pass gives it) or
    imports a module of its project that registers gradient hooks or defines one.

    A loop of the iteration over loss terms is the same split: `for t in terms:
    t.backward(retain_graph=True)`, the loop's body that call alone (its target backpropagated,
    retaining the graph, no other argument), the terms built before it in the same block and
    each depending on a statement calling a model that another term depends on. When the terms
    are a tuple or list literal (`terms = (ce, 0.1 * reg)`, or written in the `for`) and the
    target is not read anywhere else, the fix replaces the loop with
    `sum(terms).backward(retain_graph=True)` (the call's arguments kept; GF004 then judges the
    `retain_graph`). A list filled by `append`, a dict (`for name, t in losses.items()`,
    `.values()`) or a target read after the loop is reported without a fix; so is the dict
    literal (or the tuple or list literal, for a loop over the result itself) that a helper
    returns as its last statement: a function of the module or a method the loop's class
    defines itself (`losses = compute_losses(out, x, y)`, `losses = self.loss_terms(batch)`,
    `for t in self.loss_terms(batch).values()`), its other statements plain assignments to
    names, nothing in it naming gradients or calling `backward`, `step` or `zero_grad`, its
    terms reading only its parameters and locals, each sharing with another term a forward
    pass: a local bound to a model call in the helper (`scores = self.network(x)`), or
    arguments that depend on one forward pass of the iteration. The loop's backward may be a
    call handing the term (`self.manual_backward(t, retain_graph=True)` in a Lightning
    `training_step` with manual optimization, whose only loop is the terms': the step's call
    is the iteration), reported without a fix.
    """

    code = "GF003"
    name = "multiple-backward"
    message = "{count} backward calls on one forward graph in one iteration: sum the losses and call `backward()` once"
    safety = Safety.SAFE

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        seen: set[int] = set()
        taken: set[str] | None = None  # every name in the module, read only when a fix needs one
        # (an HF Trainer's `training_step` written whole too: the Trainer calls it once per micro-batch)
        for loop in [*model.loops, *trainer_step_overrides(model), *lightning_backward_overrides(model)]:
            events = loop.events
            grads = [i for i, e in enumerate(events) if e.kind is EventKind.AUTOGRAD_GRAD]
            if grads:
                grads = [i for i in grads if not _input_gradient(events[i], loop, model)]
            flow: IterationFlow | None = None
            for group in _groups(loop, model):
                if id(group[0][0].node) in seen:
                    continue
                if grads and _grads_in_phase(group[0][0], grads, events):
                    continue  # higher-order gradients: the split is deliberate
                seen.add(id(group[0][0].node))
                if flow is None:
                    flow = IterationFlow(loop.node, model.source)
                verdict = _judge(group, flow, loop, model)
                if verdict == "silent":
                    continue
                fix = None
                if verdict in ("safe", "unsafe"):
                    if taken is None:
                        taken = {n.id for n in model.source.nodes if isinstance(n, ast.Name)}
                    fix = _fix(group, model, taken, Safety.SAFE if verdict == "safe" else Safety.UNSAFE)
                yield Finding(
                    self.code,
                    self.message.format(count=len(group)),
                    group[0][0].node,
                    fix=fix,
                    related=(loop.node,),
                )
            for run in _helper_groups(loop, model):
                first = run[0][0]
                if id(first.node) in seen or id(run[0][1]) in seen or (grads and _grads_in_phase(first, grads, events)):
                    continue
                seen.add(id(run[0][1]))
                if flow is None:
                    flow = IterationFlow(loop.node, model.source)
                if _judge_helper_group(run, flow, loop, model):
                    yield Finding(self.code, self.message.format(count=len(run)), run[0][1], related=(loop.node,))
            for event, call in _term_loops(loop, model):
                if id(event.node) in seen or (grads and _grads_in_phase(event, grads, events)):
                    continue
                seen.add(id(event.node))
                if event.path[-2] is loop.node:
                    # the only loop of a step function (a Lightning `training_step` looping over
                    # its terms): the function's call is the iteration
                    verdict, terms = _judge_term_loop(event, call, IterationFlow(loop.function, model.source), model, loop.function)  # type: ignore[arg-type]
                else:
                    if flow is None:
                        flow = IterationFlow(loop.node, model.source)
                    verdict, terms = _judge_term_loop(event, call, flow, model, loop.function)
                if verdict == "silent":
                    continue
                yield Finding(
                    self.code,
                    self.message.format(count=terms),
                    event.node,
                    fix=_fix_term_loop(event, call, model) if verdict == "safe" else None,
                    related=(loop.node,),
                )


def _groups(loop: TrainingLoop, model: ModuleModel) -> Iterator[list[tuple[GradEvent, BackwardCall]]]:
    """Runs of backward calls that are siblings in one block, nothing else in between,
    cut after each call that does not retain the graph."""
    owned = {id(e) for e in owned_events(loop, model)}
    run: list[GradEvent] = []
    for event in loop.events:
        if (
            event.kind is EventKind.BACKWARD
            and id(event) in owned
            and event.direct
            and (not run or _siblings(run[-1], event))
        ):
            run.append(event)
            continue
        yield from _split(run, model.source)
        run = [event] if event.kind is EventKind.BACKWARD and id(event) in owned and event.direct else []
    yield from _split(run, model.source)


class _Term:
    """A loss handed to a backward helper, as `_same_forward` reads a backward call's: the
    statement of the loop that hands it, and the argument."""

    def __init__(self, statement: ast.stmt, loss: ast.expr) -> None:
        self.statement = statement
        self.loss = loss


def _helper_groups(loop: TrainingLoop, model: ModuleModel) -> Iterator[list[tuple[GradEvent, ast.stmt, ast.expr]]]:
    """Runs of calls of one backward helper (`def back(l): l.backward(retain_graph=True)`, or a
    name bound once to `lambda l: l.backward(retain_graph=True)`) written one after the other in
    one block of the loop, nothing else with gradients between: `back(ce); back(reg)` is the split
    written in the loop. Each item: the event, the loop's statement (`back(ce)`), its argument."""
    run: list[tuple[GradEvent, ast.stmt, ast.expr]] = []
    owned: set[int] | None = None
    source = model.source
    for event in loop.events:
        item = None
        if event.kind is EventKind.BACKWARD and len(event.via) == 1 and event.argument is not None and not event.foreign:
            item = _helper_backward(event)
            if item is not None:
                if owned is None:
                    owned = {id(e) for e in owned_events(loop, model)}
                if id(event) not in owned:
                    item = None
        if item is not None and run and run[-1][0].helpers[0] is event.helpers[0]:
            block = source.block_of(run[-1][1])
            if block is not None and block is source.block_of(item[1]) and run[-1][0].loops == event.loops:
                run.append(item)
                continue
        if len(run) >= 2:
            yield run
        run = [item] if item is not None else []
    if len(run) >= 2:
        yield run


def _helper_backward(event: GradEvent) -> tuple[GradEvent, ast.stmt, ast.expr] | None:
    """`back(loss)` alone on its statement, `back` a function whose one statement (a lambda's
    `return`) backpropagates its one parameter retaining the graph, nothing else passed."""
    helper = event.helpers[0]
    call = event.via[0]
    if not isinstance(helper, (ast.FunctionDef, ast.AsyncFunctionDef)) or helper.decorator_list:
        return None
    args = helper.args
    if len(args.args) != 1 or args.posonlyargs or args.kwonlyargs or args.vararg or args.kwarg or len(helper.body) != 1:
        return None
    body = helper.body[0]
    if not isinstance(body, (ast.Expr, ast.Return)) or body.value is not event.node:
        return None
    backward = event.node
    if not (
        isinstance(backward, ast.Call) and isinstance(backward.func, ast.Attribute) and backward.func.attr == "backward"
        and isinstance(backward.func.value, ast.Name) and backward.func.value.id == args.args[0].arg
        and not backward.args and len(backward.keywords) == 1 and backward.keywords[0].arg == "retain_graph"
        and is_true(backward.keywords[0].value)
    ):  # fmt: skip
        return None
    if len(call.args) != 1 or call.keywords or isinstance(call.args[0], ast.Starred) or call.args[0] is not event.argument:
        return None
    statement = next((s for s in event.path if isinstance(s, ast.Expr) and s.value is call), None)
    return (event, statement, call.args[0]) if statement is not None else None


def _judge_helper_group(run: list[tuple[GradEvent, ast.stmt, ast.expr]], flow: IterationFlow, loop: TrainingLoop, model: ModuleModel) -> bool:
    """Reported (no fix: the helper's own `backward` would have to go) when the losses come
    from one forward pass and nothing between the calls, or in a later loss, names gradients."""
    statements = [stmt for _, stmt, _ in run]
    first, last = statements[0], statements[-1]
    if flow.position(first) is None or flow.position(last) is None:
        return False
    between = flow.between(first, last)
    own = {id(s) for s in statements}
    others = [unit.node for unit in between if id(unit.node) not in own]
    if mentions_gradients([*others, *(loss for _, _, loss in run[1:])]) or unseen_gradient_handling(others, loop, model):
        return False
    return _same_forward([(_Term(stmt, loss), _Term(stmt, loss)) for _, stmt, loss in run], flow, between)  # type: ignore[misc]


def _siblings(a: GradEvent, b: GradEvent) -> bool:
    return (
        len(a.path) == len(b.path)
        and a.blocks[-1] is b.blocks[-1]
        and a.statement is not b.statement
        and a.loops == b.loops
    )


def _split(run: list[GradEvent], source: Source) -> Iterator[list[tuple[GradEvent, BackwardCall]]]:
    if len(run) < 2:
        return
    calls = [describe_backward(e, engine=True, methods=True) or describe_autograd_backward(e) for e in run]
    if any(c is None or c.inputs is not None or c.creates_graph or c.create is not None for c in calls):
        return
    if any(c.gradient is not None or c.others for c in calls):  # type: ignore[union-attr]
        return
    group: list[tuple[GradEvent, BackwardCall]] = []
    for event, call in zip(run, calls):
        assert call is not None
        if group and not _same_form(group[0][1], call, source):
            group = []
        group.append((event, call))
        if not call.retains:
            if len(group) >= 2:
                yield group
            group = []
    if len(group) >= 2:
        yield group


def _same_form(a: BackwardCall, b: BackwardCall, source: Source) -> bool:
    if a.form != b.form or a.scaler != b.scaler:
        return False
    if a.form == "argument":
        return source.code(a.call.func) == source.code(b.call.func)
    return True


def _input_gradient(event: GradEvent, loop: TrainingLoop, model: ModuleModel) -> bool:
    """`torch.autograd.grad(kl, x_adv)` without `create_graph`, of a tensor the iteration
    makes (an attack's input, see LoopBindings.made_here): a first-order gradient of an input,
    no higher-order term of the losses and no parameter's gradient."""
    call = event.node
    if event.via or not isinstance(call, ast.Call) or len(call.args) < 2 or not isinstance(call.args[1], ast.Name):
        return False
    if any(k.arg in (None, "create_graph") for k in call.keywords):
        return False
    return loop_bindings(loop.node, model.source).made_here(call.args[1].id)  # type: ignore[arg-type]


def _grads_in_phase(first: GradEvent, grads: list[int], events: list[GradEvent]) -> bool:
    """`torch.autograd.grad` runs in the group's phase of the iteration: after the last
    optimizer step before its first backward (a critic's gradient penalty, stepped before the
    generator's losses, is another phase)."""
    start = next((i for i, e in enumerate(events) if e is first), 0)
    phase = max((i for i in range(start) if events[i].kind is EventKind.STEP), default=-1)
    return any(i > phase for i in grads)


def _judge(group: list[tuple[GradEvent, BackwardCall]], flow: IterationFlow, loop: TrainingLoop, model: ModuleModel) -> str:
    """'silent', 'safe', 'unsafe' or 'report' (no fix)."""
    source = model.source
    statements = [event.statement for event, _ in group]
    first, last = statements[0], statements[-1]
    if flow.position(first) is None or flow.position(last) is None:
        return "silent"
    between = flow.between(first, last)
    own = {id(s) for s in statements}
    later_terms = [call.loss for _, call in group[1:]]
    if mentions_gradients([*(unit.node for unit in between if id(unit.node) not in own), *later_terms]):
        return "silent"  # gradient norms, projections, hooks...: the split may be deliberate
    if unseen_gradient_handling([unit.node for unit in between if id(unit.node) not in own], loop, model):
        return "silent"  # `collector.add(model)`: code gradfix cannot see may copy or clear them
    if any(single_call_statement(event, source) is None for event, _ in group):
        return "report"
    for event, call in group[:-1]:
        names = reads_of([call.loss]).names
        if flow.bound_between(names, event.statement, last):
            return "report"  # the term would mean something else at the last backward
    if _registers_gradient_hooks(model):
        return "report"  # a gradient hook acts on each backward pass: a merged one is not the same
    moved_late = any(
        reads_of([call.loss]).forward_calls and flow.between(event.statement, last)
        for event, call in group[:-1]
    )
    if moved_late:
        return "unsafe"
    return "safe" if _same_forward(group, flow, between) else "unsafe"


def _registers_gradient_hooks(model: ModuleModel) -> bool:
    """The module registers a tensor or module backward hook anywhere (in the loop, before it,
    in a model class): it runs once per backward pass, on what that pass backpropagates."""
    cached = getattr(model, "_gradient_hooks", None)
    if cached is None:
        cached = False
        if "register_" in model.source.text:
            for node in model.source.nodes:
                if isinstance(node, ast.Call):
                    func = node.func
                    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
                    if name.startswith("register_") and "hook" in name and not any(
                        word in name for word in ("state_dict", "forward", "step")
                    ):
                        cached = True
                        break
        cached = cached or _NONLINEAR_BACKWARD.search(model.source.text) is not None or _imports_gradient_hooks(model)
        model._gradient_hooks = cached  # type: ignore[attr-defined]
    return cached


# a custom autograd Function: its own `backward` may clamp or normalise what it is given, and a
# merged backward hands it the sum of what separate passes would each have given it
_NONLINEAR_BACKWARD = lazily(r"\bclass\s+\w+\s*\([^)]*\bFunction\s*\)")
_HOOK_BYTES = lazily(rb"register_\w*hook|\(\s*(?:torch\.)?(?:autograd\.)?Function\s*\)")


def _imports_gradient_hooks(model: ModuleModel) -> bool:
    """A module of the project that this one imports (its model classes) registers a gradient
    hook or defines an autograd Function."""
    return any(_HOOK_BYTES.search(data) is not None for data in imported_project_bytes(model))


def _same_forward(group: list[tuple[GradEvent, BackwardCall]], flow: IterationFlow, between: list) -> bool:
    # no model called between the backward calls: every loss was computed by then
    later_terms_call = any(reads_of([call.loss]).forward_calls for _, call in group[1:])
    if not later_terms_call and not any(unit.forward for unit in between):
        return True
    # or each loss depends on a statement (calling a model) that another one depends on
    forwards = [
        {id(unit.node) for unit in flow.slice(call.loss, event.statement).units if unit.forward}
        for event, call in group
    ]
    for index, mine in enumerate(forwards):
        others = set().union(*(f for j, f in enumerate(forwards) if j != index))
        if not mine & others:
            return False
    return True


def _fix(group: list[tuple[GradEvent, BackwardCall]], model: ModuleModel, taken: set[str], safety: Safety) -> Fix | None:
    source = model.source
    last_event, last_call = group[-1]
    last_statement = single_call_statement(last_event, source)
    if last_statement is None:
        return None
    name = _fresh_name("total_loss", taken)
    terms = [_term(call.loss, index == 0, source) for index, (_, call) in enumerate(group)]
    indent = source.indentation(last_statement)
    newline = source.newline
    # a trailing comment of a removed call survives above the merged backward
    kept = [comment for event, _ in group[:-1] if (comment := _trailing_comment(event.statement, source))]
    lines = [indent + comment for comment in kept]
    lines.append(indent + f"{name} = {' + '.join(terms)}")
    # the backward call itself, with the loss swapped for the total (and its own comment kept)
    start, end = source.start(last_statement), source.end(last_statement)
    loss_start, loss_end = source.outer_span(last_call.loss)
    backward = source.text[start:loss_start] + name + source.text[loss_end:end]
    lines.append(indent + backward)
    line_start = source.line_starts[last_statement.lineno - 1]
    replacement = newline.join(lines)
    edits: list = [RemoveStatement(event.statement) for event, _ in group[:-1]]
    edits.append(ReplaceNode(last_statement, replacement, last_statement, span=(line_start, end)))
    taken.add(name)
    return Fix(edits, safety)


def _trailing_comment(stmt: ast.stmt, source: Source) -> str | None:
    rest = source.text[source.end(stmt) : source.line_end(stmt.end_lineno)]  # type: ignore[arg-type]
    match = _COMMENT.search(rest.rstrip("\r\n"))
    return match.group(0) if match else None


def _term(expr: ast.expr, first: bool, source: Source) -> str:
    text = source.segment(expr)
    tight = isinstance(expr, (ast.Name, ast.Attribute, ast.Call, ast.Subscript, ast.Constant, ast.UnaryOp)) or (
        isinstance(expr, ast.BinOp) and isinstance(expr.op, _TIGHT_OPERATORS)
    )
    if first and isinstance(expr, ast.BinOp) and isinstance(expr.op, (ast.Add, ast.Sub)):
        tight = True  # `a - b + c` is `(a - b) + c`
    if "\n" in text or "\r" in text or not tight:
        return f"({text})"
    return text


def _fresh_name(base: str, taken: set[str]) -> str:
    if base not in taken:
        return base
    index = 1
    while f"{base}_{index}" in taken:
        index += 1
    return f"{base}_{index}"


def _term_loops(loop: TrainingLoop, model: ModuleModel) -> Iterator[tuple[GradEvent, BackwardCall]]:
    """`for t in terms: t.backward(retain_graph=True)`: a loop of the iteration whose body is
    one backward call of its own target (`for name, t in losses.items()` too), retaining the
    graph, with no other argument."""
    owned: set[int] | None = None
    for event in loop.events:
        if event.kind is not EventKind.BACKWARD or not event.direct or len(event.path) < 2:
            continue
        inner = event.path[-2]
        if inner is loop.node and (loop.enclosing_loops or loop.function is None):
            continue  # (the terms' loop read as a loop of its own: judged from the iteration around it)
        if not isinstance(inner, ast.For) or inner.orelse or len(inner.body) != 1 or inner.body[0] is not event.statement:
            continue
        if owned is None:
            owned = {id(e) for e in owned_events(loop, model)}
        if id(event) not in owned:
            continue
        call = describe_backward(event, methods=True)
        if call is None or call.form not in ("tensor", "argument") or not call.retains or call.retain_positional:
            continue
        if call.inputs is not None or call.create is not None or call.gradient is not None or call.others:
            continue
        target = inner.target
        if isinstance(target, ast.Tuple) and len(target.elts) == 2:
            target = target.elts[1]  # `for name, t in losses.items()`
        if isinstance(target, ast.Name) and isinstance(call.loss, ast.Name) and call.loss.id == target.id:
            yield event, call


def _loop_terms(
    inner: ast.For, block: list[ast.stmt], model: ModuleModel | None = None, scope: ast.AST | None = None
) -> tuple[list[ast.expr], bool, _Helper | None] | None:
    """The terms the loop walks, when the iteration builds them before it in the same block:
    a tuple or list literal (inline or bound to a name), a dict literal's values, or a list
    or dict filled by `append` / item assignment; or the values of the dict (or the items of
    the tuple) a helper of the module or a method of the loop's class returns (`losses =
    compute_losses(out, y)`, `losses = self.compute_losses(batch)`: the helper's expressions,
    see `_helper_terms`). The flag: a literal the fix can sum."""
    iterable = inner.iter
    if isinstance(iterable, (ast.Tuple, ast.List)):
        return (list(iterable.elts), isinstance(inner.target, ast.Name), None) if len(iterable.elts) >= 2 else None
    method = None
    if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Attribute) and not iterable.args:
        method = iterable.func.attr
        iterable = iterable.func.value
    if method not in (None, "values", "items"):
        return None
    if method == "items" and not isinstance(inner.target, ast.Tuple):
        return None
    if method != "items" and not isinstance(inner.target, ast.Name):
        return None
    if isinstance(iterable, ast.Call) and model is not None:
        # `for t in self.loss_terms(batch).values()`: the helper called in the `for` itself
        helper = _helper_terms(iterable, method is not None, model, scope)
        return (helper.terms, False, helper) if helper is not None else None
    if not isinstance(iterable, ast.Name):
        return None
    name = iterable.id
    before = block[: next((i for i, s in enumerate(block) if s is inner), 0)]
    start = next(
        (
            i
            for i in range(len(before) - 1, -1, -1)
            if isinstance(before[i], ast.Assign)
            and len(before[i].targets) == 1  # type: ignore[attr-defined]
            and isinstance(before[i].targets[0], ast.Name)  # type: ignore[attr-defined]
            and before[i].targets[0].id == name  # type: ignore[attr-defined]
        ),
        None,
    )
    if start is None:
        return None
    value = before[start].value  # type: ignore[attr-defined]
    terms: list[ast.expr] = []
    literal = False
    if isinstance(value, (ast.Tuple, ast.List)) and method is None:
        terms, literal = list(value.elts), True
    elif isinstance(value, ast.Dict) and method is not None and None not in value.keys:
        terms = list(value.values)
    elif isinstance(value, ast.Call) and model is not None:
        helper = _helper_terms(value, method is not None, model, scope)
        if helper is None or any(any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(s)) for s in before[start + 1 :]):
            return None  # (changed after the call: not only the helper's terms)
        return (helper.terms, False, helper) if len(helper.terms) >= 2 else None
    elif not (isinstance(value, (ast.List, ast.Dict)) and not getattr(value, "elts", getattr(value, "keys", None))):
        return None
    for stmt in before[start + 1 :]:
        if not any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(stmt)):
            continue
        literal = False
        if (
            isinstance(stmt, ast.Expr)
            and isinstance(stmt.value, ast.Call)
            and isinstance(stmt.value.func, ast.Attribute)
            and stmt.value.func.attr == "append"
            and isinstance(stmt.value.func.value, ast.Name)
            and stmt.value.func.value.id == name
            and len(stmt.value.args) == 1
            and not stmt.value.keywords
        ):
            terms.append(stmt.value.args[0])
        elif (
            isinstance(stmt, ast.Assign)
            and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Subscript)
            and isinstance(stmt.targets[0].value, ast.Name)
            and stmt.targets[0].value.id == name
            and method is not None
        ):
            terms.append(stmt.value)
        else:
            return None  # read or changed otherwise: the terms cannot be told
    if len(terms) < 2 or any(any(isinstance(n, ast.Starred) for n in ast.walk(t)) for t in terms):
        return None
    return terms, literal, None


class _Helper:
    """What a helper called before a loop over its result returns: its terms (expressions
    of the helper's body) and, for each, what it depends on (`_helper_terms`)."""

    def __init__(self, call: ast.Call, node: ast.FunctionDef, params: list[str], terms: list[ast.expr], sources: list[set[object]]) -> None:
        self.call = call
        self.node = node
        self.params = params  # positional parameters the call's arguments fill (`self` dropped)
        self.terms = terms
        self.sources = sources  # per term: parameter names read, and the helper's forward locals


def _helper_terms(call: ast.Call, values: bool, model: ModuleModel, scope: ast.AST | None) -> _Helper | None:
    """The terms a helper returns when its last statement returns a dict literal (`values`:
    the loop walks `.values()`/`.items()`) or a tuple or list literal (the loop walks the result)
    of two entries or more: a function of this module (`compute_losses(out, x, y)`) or a method
    the loop's class defines itself (`self.compute_losses(batch)`). Any statements before the
    `return` are plain assignments to names, each name bound once (`x, y = batch`, `logits =
    self.net(x)`); nothing in the helper names gradients or calls `backward`, `step` or
    `zero_grad`. Each term reads only the helper's parameters, its locals and what it calls
    (`F.cross_entropy`, a criterion); its sources are the parameters it reads (through the
    locals too) and the locals bound to a model call (`self.net(x)`, `self(x)`, `model(x)`
    with `model` a parameter), which the terms reading them share."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    func = call.func
    if isinstance(func, ast.Name):
        info = model.facts.module_functions.get(func.id)
        method = False
    elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self" and scope is not None:
        from gradfix.analysis.facts import _own_method

        info = _own_method(model.facts, scope, func.attr)
        method = True
    else:
        return None
    node = info.node if info is not None else None
    if not isinstance(node, ast.FunctionDef) or node.decorator_list or node.args.vararg or node.args.kwarg:
        return None
    body = [s for s in node.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    if not body or not isinstance(body[-1], ast.Return):
        return None
    returned = body[-1].value
    if values:
        if not isinstance(returned, ast.Dict) or len(returned.keys) < 2 or None in returned.keys:
            return None
        terms = list(returned.values)
    else:
        if not isinstance(returned, (ast.Tuple, ast.List)) or len(returned.elts) < 2:
            return None
        terms = list(returned.elts)
    positional_params = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
    params = {a.arg for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)}
    if method:
        if not positional_params or positional_params[0] != "self":
            return None
        positional_params = positional_params[1:]
        params.discard("self")
    bound: dict[str, ast.expr] = {}
    for stmt in body[:-1]:
        if not isinstance(stmt, ast.Assign) or len(stmt.targets) != 1:
            return None
        target = stmt.targets[0]
        names = target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target]
        for n in names:
            if not isinstance(n, ast.Name) or n.id in bound or n.id in params or n.id == "self":
                return None  # (a name bound twice, a parameter rebound, an attribute set)
            bound[n.id] = stmt.value
    if mentions_gradients(node.body):
        return None
    for n in ast.walk(node):
        if isinstance(n, (ast.Lambda, ast.comprehension, ast.NamedExpr, ast.Yield, ast.YieldFrom, ast.Await)):
            return None
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in _UPDATE_METHODS:
            return None

    def model_call(expr: ast.expr) -> bool:
        for n in ast.walk(expr):
            if isinstance(n, ast.Call):
                root = n.func
                while isinstance(root, ast.Attribute):
                    root = root.value
                if isinstance(root, ast.Name) and (
                    (root.id == "self" and method) or (root is n.func and root.id in params)
                ):
                    return True
        return False

    def reads(expr: ast.expr) -> set[str] | None:
        """The names `expr` reads, called functions' names aside; None for a name of the
        module's (a model run in the helper, a global tensor)."""
        called: set[int] = set()
        for n in ast.walk(expr):
            f = n.func if isinstance(n, ast.Call) else None
            while f is not None:  # `F.cross_entropy(...)`, `self.net(...)`
                called.add(id(f))
                f = f.value if isinstance(f, ast.Attribute) else None
        found: set[str] = set()
        for n in ast.walk(expr):
            if isinstance(n, ast.Name):
                if n.id in params or n.id in bound:
                    found.add(n.id)  # (`logits.pow(2)` reads `logits`)
                elif id(n) not in called and not (method and n.id == "self"):
                    return None
        return found

    sources: list[set[object]] = []
    for term in terms:
        mine: set[object] = set()
        todo = reads(term)
        if todo is None:
            return None
        seen: set[str] = set()
        while todo:
            name = todo.pop()
            if name in seen:
                continue
            seen.add(name)
            if name in params:
                mine.add(name)
                continue
            value = bound[name]
            if model_call(value):
                mine.add(("local", name))
            more = reads(value)
            if more is None:
                return None
            todo |= more
        sources.append(mine)
    return _Helper(call, node, positional_params, terms, sources)


# what a helper must not call to have its terms read as one forward's (it would be a phase)
_UPDATE_METHODS = frozenset({"backward", "manual_backward", "step", "zero_grad"})


def _helper_forwards(helper: _Helper, flow: IterationFlow, inner: ast.For) -> list[set[object]]:
    """For each term of a helper's result, the forward statements of the iteration that the
    arguments of the parameters it reads depend on, and the helper's own forward locals."""
    given = {helper.params[i]: arg for i, arg in enumerate(helper.call.args) if i < len(helper.params)}
    given.update((k.arg, k.value) for k in helper.call.keywords if k.arg is not None)
    forwards: dict[str, set[int]] = {}
    for param, arg in given.items():
        forwards[param] = {id(unit.node) for unit in flow.slice(arg, inner).units if unit.forward}
    out: list[set[object]] = []
    for mine in helper.sources:
        found: set[object] = set()
        for source in mine:
            if isinstance(source, str):
                found |= forwards.get(source, set())
            else:
                found.add(source)
        out.append(found)
    return out


def _judge_term_loop(event: GradEvent, call: BackwardCall, flow: IterationFlow, model: ModuleModel, scope: ast.AST | None) -> tuple[str, int]:
    """'silent', 'safe' or 'report', and the number of terms."""
    inner = event.path[-2]
    found = _loop_terms(inner, event.blocks[-2], model, scope)  # type: ignore[arg-type]
    if found is None or flow.position(inner) is None:
        return "silent", 0
    terms, literal, helper = found
    if mentions_gradients(terms):
        return "silent", 0
    # one forward graph: every term depends on a statement calling a model that another
    # term depends on (the terms are all evaluated before the loop, so the sum is exact)
    forwards: list[set[object]]
    if helper is not None:
        forwards = _helper_forwards(helper, flow, inner)  # type: ignore[arg-type]
    else:
        forwards = [{id(unit.node) for unit in flow.slice(term, inner).units if unit.forward} for term in terms]
    for index, mine in enumerate(forwards):
        others = set().union(*(f for j, f in enumerate(forwards) if j != index))
        if not mine & others:
            return "silent", 0
    if not literal or call.form != "tensor" or _registers_gradient_hooks(model) or single_call_statement(event, model.source) is None:
        return "report", len(terms)
    if _SUM_SHADOWED.search(model.source.text) is not None:
        return "report", len(terms)
    # the loop's target is not read after it
    target = inner.target.id  # type: ignore[attr-defined]
    if sum(1 for n in model.source.nodes if isinstance(n, ast.Name) and n.id == target) != 2:
        return "report", len(terms)
    return "safe", len(terms)


# a module that binds `sum` itself: the fix's `sum(terms)` would call it
_SUM_SHADOWED = lazily(r"\bsum\s*=(?!=)|\bdef\s+sum\b|\bimport\s+sum\b|\bas\s+sum\b|\bfor\s+sum\b")


def _fix_term_loop(event: GradEvent, call: BackwardCall, model: ModuleModel) -> Fix:
    """The loop becomes one backward of the sum of the terms, the call's arguments kept
    (`for t in terms: t.backward(retain_graph=True)` -> `sum(terms).backward(retain_graph=True)`)."""
    source = model.source
    inner = event.path[-2]
    iterable = source.segment(inner.iter)  # type: ignore[attr-defined]
    if isinstance(inner.iter, ast.Tuple) and not source.text[source.start(inner.iter)] == "(":  # type: ignore[attr-defined]
        iterable = f"({iterable})"
    end = source.end(event.statement)
    loss_end = source.outer_span(call.loss)[1]
    backward = f"sum({iterable})" + source.text[loss_end:end]
    return Fix([ReplaceNode(inner, backward, inner)], Safety.SAFE)
