from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.graphs import describe_autograd_backward, describe_backward
from gradfix.analysis.handed_in import handed_in_calls, optimizer_params
from gradfix.analysis.precision import module_constant
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import EventKind, GradEvent, TrainingLoop
from gradfix.analysis.names import dotted, is_true, method_name, positional, receiver
from gradfix.analysis.shared_graphs import GraphFlow, GraphSlice, optimizer_owners, owns
from gradfix.transforms._common import branch_prefix, owned_events
from gradfix.transforms._rebuilt import member_key
from gradfix.transforms.base import Finding, Rule, Safety

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator


class BackwardThroughSteppedGraph(Rule):
    """
    A graph kept with `retain_graph=True` is backpropagated after an optimizer step changed the weights it saved.

    ## What it does
    Finds, in one training iteration, `a.backward(retain_graph=True)` (or
    `torch.autograd.backward(a, retain_graph=True)`, `torch.autograd.grad(...,
    retain_graph=True)`, the flag also a module-level `RETAIN = True`), then `optimizer.step()`, then a later
    `b.backward()` or `torch.autograd.grad(b, ...)` where `b` is computed from a forward
    pass that ran before the step, that `a` backpropagated through too, and that calls a
    model whose parameters the stepped optimizer was built over (a GAN's
    `d_fake = discriminator(fake)` used by the discriminator's loss and, after
    `d_optimizer.step()`, by the generator's loss). A model and an optimizer handed in to a
    step function (`def train_step(net, optimizer, x, y)`, or bound in a trainer's `__init__`)
    are read at its calls, in the file or another module of the project: every call must pass
    an optimizer built over the model it passes. So is an optimizer on a state object handed in
    (`def train_step(model, criterion, st, i, x, y)` stepping `st.opt`): the caller binds the
    object once and its optimizer once (`st = State(); st.opt = SGD(model.parameters())`),
    binds no other `.opt` in its module, and hands the object to no function that binds one
    (the step function hands it to none). An optimizer kept in a string-keyed item of a dict of
    components (`parts["opt"] = SGD(parts["model"].parameters())`) owns that item's model
    (`parts["model"](x)`).

    Without `retain_graph=True` too: a later backward whose loss comes from a forward pass
    of a model that ran before the step of an optimizer over that model, when no earlier
    backward of the iteration walked that forward (an actor's loss scored by the critic,
    `actor_loss = -critic(obs, actor(obs)).mean()`, computed before `critic_opt.step()` and
    backpropagated after it; both halves of a batch forwarded before the first half steps).
    Only an optimizer built in the file is read for this case, not one handed in.

    ## Why is this bad?
    A forward pass saves tensors for its backward pass, among them the model's weights.
    `optimizer.step()` changes the weights in place, so the retained graph now holds
    weights that no longer exist: PyTorch (since 1.5, whose optimizers started to count
    their in-place updates; pytorch/pytorch#39141) raises `RuntimeError: one of the
    variables needed for gradient computation has been modified by an inplace operation`.
    Older PyTorch backpropagated silently through the new weights and the old activations,
    a gradient of neither model; code written then still reads as if it worked.

    ## Example
    ```python
    d_opt = torch.optim.Adam(discriminator.parameters())
    g_opt = torch.optim.Adam(generator.parameters())
    for real in loader:
        fake = generator(torch.randn(real.size(0), latent_dim))
        d_real, d_fake = discriminator(real), discriminator(fake)
        d_opt.zero_grad()
        d_loss = bce(d_real, ones) + bce(d_fake, zeros)
        d_loss.backward(retain_graph=True)
        d_opt.step()
        g_opt.zero_grad()
        g_loss = bce(d_fake, ones)  # d_fake's graph holds the old discriminator weights
        g_loss.backward()
        g_opt.step()
    ```

    ## Use instead
    ```python
    d_opt = torch.optim.Adam(discriminator.parameters())
    g_opt = torch.optim.Adam(generator.parameters())
    for real in loader:
        fake = generator(torch.randn(real.size(0), latent_dim))
        d_opt.zero_grad()
        d_loss = bce(discriminator(real), ones) + bce(discriminator(fake.detach()), zeros)
        d_loss.backward()
        d_opt.step()
        g_opt.zero_grad()
        g_loss = bce(discriminator(fake), ones)  # a forward through the updated discriminator
        g_loss.backward()
        g_opt.step()
    ```

    ## Fix safety
    There is no fix: the rule only reports. Which repair is right depends on the intent —
    run the forward pass again after the step (a new forward draws new dropout masks and
    updates batch-norm statistics once more), compute both losses before any step and
    step afterwards (the later loss then also adds gradients to the first model), or
    detach what the first loss should not update.

    The rule reports only what it can prove: every call written in the iteration itself
    (not in a helper), the step in the same block as the retaining backward or around it
    (not in another branch), the optimizer built in the same file over `m.parameters()` (or
    a chain, a list or parameter groups of them), and the forward pass a call of `m`
    itself (or of a part of it, `m.encoder(x)`) whose output reaches both losses through
    operations that keep the graph (`.detach()`, `.item()`, `torch.no_grad()` cut it). An
    optimizer passed in, or a model called through a helper, keeps it silent. A call of a
    method of the class that only clears gradients (`self.reset_grad()` whose body is
    `zero_grad()` calls), between the step and the later backward, changes no value the
    later loss reads through `self`. `self(x)` in a
    method of a class that defines its own `forward` (a LightningModule's `training_step`) runs
    the modules that `forward` calls (with the methods of the class it calls), not every
    module `self` holds: a discriminator's step does not stale a generator-only forward.
    """

    code = "GF014"
    name = "backward-through-stepped-graph"
    message = (
        "`{later}` backpropagates through `{forward}` (line {line}), computed before `{opt}.step()` "
        "changed its parameters in place; `retain_graph=True` kept that graph: run the forward again after the step"
    )
    # the later loss computed, not retained, before the step: a forward no backward walked yet
    unretained_message = (
        "`{later}` backpropagates through `{forward}` (line {line}), computed before `{opt}.step()` "
        "changed its parameters in place: run the forward again after the step"
    )
    safety = Safety.DISPLAY

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        reported: set[int] = set()
        owners_cache: dict[str, set[str]] = {}
        for loop in model.loops:
            events = [e for e in owned_events(loop, model) if e.direct and not e.foreign]
            retains = any(_retains(e, model) for e in events)
            pairs = _stepped_before(events, model, owners_cache)
            if not retains and not pairs:
                continue
            graphs = GraphFlow(loop.node, model.source, model.facts.imports.qualify)
            for index, first in enumerate(events):
                if not _retains(first, model):
                    continue
                for step in _steps_after(events, index, first):
                    owners = self._step_owners(step, loop, model, graphs, owners_cache)
                    if not owners:
                        continue
                    yield from self._later(events, first, step, owners, graphs, loop, model, reported)
            if pairs:
                yield from self._unretained(events, pairs, graphs, loop, model, reported, owners_cache)

    def _step_owners(
        self, step: GradEvent, loop: TrainingLoop, model: ModuleModel, graphs: GraphFlow, cache: dict[str, set[str]]
    ) -> set[str]:
        owners = _owners(step.target, model, cache)  # type: ignore[arg-type]
        if model.handed_self:
            owners = {model.as_written_name(o, loop) for o in owners}  # (the forwards' keys are the code's)
        # (a parameter's optimizer is read at the calls: the names there are the caller's)
        return owners | _handed_in_owners(step.target, loop, model, graphs)  # type: ignore[arg-type]

    def _unretained(
        self,
        events: list[GradEvent],
        pairs: dict[int, list[GradEvent]],
        graphs: GraphFlow,
        loop: TrainingLoop,
        model: ModuleModel,
        reported: set[int],
        owners_cache: dict[str, set[str]],
    ) -> Iterator[Finding]:
        """A later backward whose loss comes from a forward that ran before an optimizer step
        over that model and that no earlier backward of the iteration walked (the critic's
        scores for the actor's loss, computed before the critic's step): the forward saved the
        weights the step changed. (A forward an earlier backward walked is `_later`'s case
        when that backward retained its graph, and another error when it did not.)

        `pairs`: the later backwards (by index) and the steps before them (`_stepped_before`).
        Graphs are sliced lazily: the later backward's first, then, only when a forward of its
        graph is stale, those of the backwards before it, to leave out what they walked. A
        backward gradfix cannot read ends the search, as soon as its slice is needed: what it
        walked is unknown."""
        flow = graphs.flow
        slices: dict[int, GraphSlice | None] = {}

        def sliced(index: int) -> GraphSlice | None:
            if index not in slices:
                event = events[index]
                loss = _backpropagated(event)
                slices[index] = graphs.slice(loss, event.statement, units_only=True) if loss is not None else None
            return slices[index]

        for index, steps in pairs.items():
            later = events[index]
            graph = sliced(index)
            if graph is None:
                return
            if id(later.node) in reported:
                continue
            walked: set[int] | None = None  # statements in the graph of a backward before the later one
            for step in steps:
                step_at = flow.position(step.statement)
                if step_at is None:
                    continue
                owners = _owners(step.target, model, owners_cache)  # type: ignore[arg-type]
                if model.handed_self:
                    owners = {model.as_written_name(o, loop) for o in owners}
                if _stale_forward(graph, None, step_at, owners, graphs, later, set(), model) is None:
                    continue  # no stale forward at all, whatever the earlier backwards walked
                if walked is None:
                    walked = set()
                    for before, event in enumerate(events[:index]):
                        if event.kind in (EventKind.BACKWARD, EventKind.AUTOGRAD_GRAD):
                            earlier = sliced(before)
                            if earlier is None:
                                return
                            walked |= {id(u) for u in earlier.units}
                found = _stale_forward(graph, None, step_at, owners, graphs, later, walked, model)
                if found is None:
                    continue
                reported.add(id(later.node))
                yield self._finding(self.unretained_message, later, _backpropagated(later), found, step, model, (loop.node, step.statement, later.statement))
                break

    def _later(
        self,
        events: list[GradEvent],
        first: GradEvent,
        step: GradEvent,
        owners: set[str],
        graphs: GraphFlow,
        loop: TrainingLoop,
        model: ModuleModel,
        reported: set[int],
    ) -> Iterator[Finding]:
        flow = graphs.flow
        step_at = flow.position(step.statement)
        first_loss = _backpropagated(first)
        if step_at is None or first_loss is None:
            return
        kept = graphs.slice(first_loss, first.statement, units_only=True)
        if kept is None:
            return
        kept_ids = {id(u) for u in kept.units}
        for later in events[events.index(step) + 1 :]:
            if later.kind not in (EventKind.BACKWARD, EventKind.AUTOGRAD_GRAD) or id(later.node) in reported:
                continue
            if not _same_level(later, first) or not _compatible(later, step) or not _compatible(later, first):
                continue
            loss = _backpropagated(later)
            if loss is None:
                continue
            graph = graphs.slice(loss, later.statement, units_only=True)
            if graph is None:
                continue
            found = _stale_forward(graph, kept_ids, step_at, owners, graphs, later, None, model)
            if found is None:
                continue
            reported.add(id(later.node))
            yield self._finding(
                self.message, later, loss, found, step, model, (loop.node, first.statement, step.statement, later.statement)
            )

    def _finding(
        self, template: str, later: GradEvent, loss: ast.expr, found, step: GradEvent, model: ModuleModel, related: tuple  # type: ignore[no-untyped-def, type-arg]
    ) -> Finding:
        """The finding at the later backward: `found` is (the statement's unit, the forward call)
        of `_stale_forward`."""
        unit, call = found
        source = model.source
        message = template.format(
            later=_describe(later, loss, source),
            forward=source.outer_segment(call).strip(),
            line=unit.node.lineno,
            opt=step.target,
        )
        return Finding(self.code, message, later.node, related=related)


def _retains(event: GradEvent, model: ModuleModel) -> bool:
    """A backward call (or `autograd.grad`) that keeps its graph: `retain_graph=True` (also a
    module-level `RETAIN = True`, and `torch.autograd.backward(loss, retain_graph=True)`), or
    `create_graph=True` without `retain_graph`."""
    if event.kind is EventKind.BACKWARD:
        call = describe_backward(event) or describe_autograd_backward(event)
        if call is None:
            inline = _inline_loss_backward(event)
            if inline is None:
                return False
            retain = next((kw.value for kw in inline.keywords if kw.arg == "retain_graph"), None)
            if retain is not None:
                return is_true(retain) or is_true(module_constant(retain, model))
            create = next((kw.value for kw in inline.keywords if kw.arg == "create_graph"), None)
            return create is not None and is_true(create)
        if call.retain is not None:
            return call.retains or is_true(module_constant(call.retain.value, model))
        return call.create is not None and is_true(call.create.value)
    if event.kind is EventKind.AUTOGRAD_GRAD and isinstance(event.node, ast.Call):
        retain = next((kw.value for kw in event.node.keywords if kw.arg == "retain_graph"), None)
        if retain is not None:
            return is_true(retain)
        create = next((kw.value for kw in event.node.keywords if kw.arg == "create_graph"), None)
        return create is not None and is_true(create)
    return False


def _backpropagated(event: GradEvent) -> ast.expr | None:
    """The tensor whose graph the event walks: the loss of a backward call, the outputs of
    `torch.autograd.grad`."""
    if event.kind is EventKind.BACKWARD:
        call = describe_backward(event) or describe_autograd_backward(event)
        if call is None:
            inline = _inline_loss_backward(event)
            return receiver(inline) if inline is not None else None
        return call.loss
    if isinstance(event.node, ast.Call):
        args = positional(event.node)
        if args:
            return args[0]
        return next((kw.value for kw in event.node.keywords if kw.arg == "outputs"), None)
    return None


def _inline_loss_backward(event: GradEvent) -> ast.Call | None:
    """`F.mse_loss(dec(z), y).backward(retain_graph=True)`: a backward called, with keywords
    only, on a loss computed right there by a call (not a scaler's `scale(...)`)."""
    call = event.call
    if call is None or event.engine or event.target is not None or method_name(call) != "backward" or call.args:
        return None
    recv = receiver(call)
    if not isinstance(recv, ast.Call) or method_name(recv) == "scale" or any(kw.arg is None for kw in call.keywords):
        return None
    return call


def _steps_after(events: list[GradEvent], index: int, first: GradEvent) -> Iterator[GradEvent]:
    for event in events[index + 1 :]:
        if event.kind is not EventKind.STEP or event.target is None or event.engine or event.gated:
            continue
        if _same_level(event, first) and _compatible(event, first):
            yield event


def _same_level(a: GradEvent, b: GradEvent) -> bool:
    return len(a.loops) == len(b.loops) and all(x is y for x, y in zip(a.loops, b.loops))


def _compatible(a: GradEvent, b: GradEvent) -> bool:
    """Neither runs only where the other cannot: one's branches are a prefix of the other's."""
    inner = a.loops[-1]
    return branch_prefix(a, b, inner) or branch_prefix(b, a, inner)


def _owners(target: str, model: ModuleModel, cache: dict[str, set[str]]) -> set[str]:
    found = cache.get(target)
    if found is None:
        info = model.facts.info(target)
        found = set()
        if info is not None and info.kind == "optimizer" and info.strong and info.params is not None:
            found = optimizer_owners(info.params, model.source) or _item_owners(info.params)
        cache[target] = found
    return found


def _item_owners(params: ast.expr) -> set[str]:
    """`parts["model"].parameters()`: the string-keyed items of a dict of components (see
    `member_key`) whose parameters an optimizer built over nothing but that call holds."""
    if not isinstance(params, ast.Call) or method_name(params) not in ("parameters", "named_parameters") or params.args:
        return set()
    recv = receiver(params)
    key = member_key(recv) if recv is not None and recv.__class__ is ast.Subscript else None
    return {key} if key is not None else set()


def _forward_key(call: ast.Call, key: str | None) -> str | None:
    """The callee's key of a forward, or for a call of a string-keyed item (`parts["model"](x)`)
    the item's `member_key`."""
    if key is None and call.func.__class__ is ast.Subscript:
        return member_key(call.func)
    return key


def _handed_in_owners(optimizer: str, loop: TrainingLoop, model: ModuleModel, graphs: GraphFlow) -> set[str]:
    """The modules the loop's forwards call that come in with the optimizer as arguments of
    its function (`def train_step(net, optimizer, x, y)`) or of its class's `__init__` (see
    `handed_in_calls`) and that every call of it, at least one, in this module or another of
    the project, passes with an optimizer built over their parameters (`train_step(model, SGD(model.parameters()), x, y)`)."""
    if not _handed_in_shape(optimizer) and not _held_shape(optimizer):
        return set()
    keys = {key for unit in graphs.flow.units for _, key in graphs.graph(unit).forwards if key is not None and _handed_in_shape(key)}
    return handed_in_modules(optimizer, keys, loop, model)


def handed_in_modules(optimizer: str, keys: set[str], loop: TrainingLoop, model: ModuleModel) -> set[str]:
    """Of `keys` (modules, named as the loop's function names them), those that come in with
    the optimizer as arguments and that every call, at least one, passes with an optimizer
    built over the module it passes (see `_handed_in_owners`)."""
    found: set[str] = set()
    for key in sorted(keys):
        calls = handed_in_calls(optimizer, key, loop, model)
        if not calls:
            continue
        for passed, module_passed, caller in calls:
            params = optimizer_params(passed, caller)
            passed_key = dotted(module_passed)
            if params is None or passed_key is None or not any(owns(o, passed_key) for o in optimizer_owners(params, caller[1])):
                break
        else:
            found.add(key)
    return found


def _handed_in_shape(key: str) -> bool:
    """A name (a parameter) or `self.name` (bound from one in `__init__`): what `handed_in_calls` reads."""
    return "." not in key or (key.startswith("self.") and key.count(".") == 1)


def _held_shape(key: str) -> bool:
    """`st.opt`: an optimizer on a state object handed in (read by `handed_in_calls` too)."""
    return key.count(".") == 1 and not key.startswith("self.") and "[" not in key and "(" not in key


def _stepped_before(events: list[GradEvent], model: ModuleModel, cache: dict[str, set[str]]) -> dict[int, list[GradEvent]]:
    """The backwards (or `autograd.grad`s) of the iteration that follow an optimizer step, by
    index, with the steps before them that `_unretained` asks about: at the same level, not
    exclusive with the backward, of an optimizer built in the file over some model (reading the
    callers of a step function for every pair of a step and a later backward costs too much,
    sweep40a). Read without the iteration's flow: the cheap gate of `_unretained` (a loop with
    one backward then its step has none)."""
    pairs: dict[int, list[GradEvent]] = {}
    steps: list[GradEvent] = []
    for index, event in enumerate(events):
        if event.kind is EventKind.STEP:
            if event.target is not None and not event.engine and not event.gated:
                steps.append(event)
        elif steps and event.kind in (EventKind.BACKWARD, EventKind.AUTOGRAD_GRAD):
            before = [
                step for step in steps
                if _same_level(step, event) and _compatible(step, event) and _owners(step.target, model, cache)  # type: ignore[arg-type]
            ]  # fmt: skip
            if before:
                pairs[index] = before
    return pairs


def _stale_forward(
    graph: GraphSlice,
    kept_ids: set[int] | None,
    step_at: int,
    owners: set[str],
    graphs: GraphFlow,
    later: GradEvent,
    walked: set[int] | None = None,
    model: ModuleModel | None = None,
):  # type: ignore[no-untyped-def]
    """A statement before the step, in both graphs (with `kept_ids` None: in no graph an
    earlier backward walked, `walked`), that calls a model the optimizer owns parameters of,
    and is not assigned again between the step and the later backward. `self(x)` in a method
    of a class whose own `forward` gradfix reads runs the modules that `forward` calls
    (`_self_forward_keys`), not every module of `self`."""
    flow = graphs.flow
    later_at = flow.position(later.statement)
    if later_at is None:
        return None
    rebound: set[str] = set()
    for unit in flow.units[step_at + 1 : later_at]:
        binds = graphs.graph(unit).binds
        if "self" in binds and model is not None and _clears_only(unit.node, model):
            # `self.reset_grad()` after the step, a method that only calls `zero_grad()`:
            # it rebinds nothing a loss reads through `self`
            binds = binds - {"self"}
        rebound |= binds
    before = [u for u in graph.units if (flow.position(u.node) or 0) < step_at]
    if any(graphs.graph(u).binds & rebound for u in before):
        return None  # assigned again after the step, perhaps only in some branch: unclear
    for unit in before:
        if kept_ids is not None and id(unit) not in kept_ids:
            continue
        if kept_ids is None and (walked is None or id(unit) in walked):
            continue
        for call, key in graphs.graph(unit).forwards:
            key = _forward_key(call, key)
            if key is None:
                continue
            keys = _self_forward_keys(call, model) if key == "self" and model is not None else None
            if any(owns(owner, k) for owner in owners for k in (keys if keys is not None else (key,))):
                return unit, call
    return None


def _clears_only(statement: ast.AST, model: ModuleModel) -> bool:
    """`self.reset_grad()` alone in a statement, where every method of the module by that name
    (one, undecorated, taking only `self`) does nothing but `x.zero_grad(...)` calls (a
    docstring aside): a call that changes no value a forward or a loss reads."""
    if statement.__class__ is not ast.Expr:
        return False
    call = statement.value  # type: ignore[attr-defined]
    if call.__class__ is not ast.Call or call.args or call.keywords:
        return False
    func = call.func
    if func.__class__ is not ast.Attribute or func.value.__class__ is not ast.Name or func.value.id != "self":
        return False
    defs = [
        node
        for cls in model.source.tree.body
        if cls.__class__ is ast.ClassDef
        for node in cls.body
        if node.__class__ in (ast.FunctionDef, ast.AsyncFunctionDef) and node.name == func.attr
    ]
    if len(defs) != 1:
        return False
    method = defs[0]
    params = method.args
    if method.decorator_list or params.posonlyargs or params.vararg or params.kwonlyargs or params.kwarg or len(params.args) != 1:
        return False
    body = method.body
    if body and body[0].__class__ is ast.Expr and body[0].value.__class__ is ast.Constant and isinstance(body[0].value.value, str):
        body = body[1:]
    return bool(body) and all(
        stmt.__class__ is ast.Expr and stmt.value.__class__ is ast.Call and method_name(stmt.value) == "zero_grad"
        for stmt in body
    )


def _self_forward_keys(call: ast.Call, model: ModuleModel) -> set[str] | None:
    """The `self.name` attributes that the `forward` of the class whose method holds `call`
    (`y_hat = self(x)` in a LightningModule's `training_step`) reads, with those of the methods
    of the class it calls (`self.encode(x)`), three deep: the modules a call of `self` runs
    (`{"self.generator"}`, not the discriminator the class also holds). None when unknown: no
    method of a class of this file holds the call, the class does not define `forward` itself
    (inherited), or `forward` calls `self` or `super()` again or hands `self` on bare."""
    line = call.lineno
    best = None
    for class_name, methods in model.facts.methods.items():
        for info in methods.values():
            node = info.node
            if node.lineno <= line <= (node.end_lineno or node.lineno) and (best is None or node.lineno > best[1]):
                best = (class_name, node.lineno)
    if best is None:
        return None
    methods = model.facts.methods.get(best[0], {})
    forward = methods.get("forward")
    if forward is None:
        return None
    keys: set[str] = set()
    seen: set[str] = set()
    pending = [(forward.node, 0)]
    while pending:
        function, depth = pending.pop()
        names = attributes = 0  # `self` read bare (`getattr(self, name)(x)`, `run(self, x)`): unclear
        for node in ast.walk(function):
            if isinstance(node, ast.Name) and node.id == "self":
                names += 1
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
                attributes += 1
            if isinstance(node, ast.Call):
                func = node.func
                if isinstance(func, ast.Name) and func.id in ("self", "super"):
                    return None  # `self(...)` again, `super().forward(x)`: what runs is unclear
            if not isinstance(node, ast.Attribute) or not isinstance(node.value, ast.Name) or node.value.id != "self":
                continue
            if node.attr == "forward":
                return None
            method = methods.get(node.attr)
            if method is None:
                keys.add(f"self.{node.attr}")
            elif node.attr not in seen:
                if depth >= 3:
                    return None
                seen.add(node.attr)
                pending.append((method.node, depth + 1))
        if names > attributes:
            return None
    return keys


def _describe(event: GradEvent, loss: ast.expr, source) -> str:  # type: ignore[no-untyped-def]
    """The later backward as the message quotes it: `loss.backward()`, or, for a call of a
    backward forwarder read as the backward it runs (`push(g_loss)`, see `call_forms`), the
    call as written in the file."""
    node = event.node
    if node.__class__ is ast.Call and getattr(node.func, "forwarded", False):  # type: ignore[attr-defined]
        return source.code(node)
    if event.kind is EventKind.AUTOGRAD_GRAD:
        return f"torch.autograd.grad({source.outer_segment(loss).strip()}, ...)"
    return f"{source.outer_segment(loss).strip()}.backward()"

