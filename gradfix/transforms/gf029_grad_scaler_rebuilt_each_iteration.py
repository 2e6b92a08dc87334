from __future__ import annotations

from gradfix import syntax as ast
from itertools import chain

from gradfix.analysis.assignments import assignments
from gradfix.analysis.facts import direct_call
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import EventKind
from gradfix.analysis.names import call_name, dotted, method_name, only_grad_mode_decorators, positional, receiver
from gradfix.source import FUNCTIONS, LOOPS
from gradfix.transforms._rebuilt import (
    of_the_instance,
    held_in_a_handed_object,
    as_written,
    member_key,
    member_of,
    move_item_before,
    expression_calls,
    called_class_method,
    staying_arms,
    dispatched_arms,
    queued_arms,
    shown_name,
    called_on_instance,
    bound_by_a_partial,
    bound_names,
    call_parameters,
    called_function,
    called_method,
    calls_one_of,
    ends_early,
    every_iteration,
    working_arm,
    MATCH,
    functions_holding,
    its_test,
    lines_saying,
    loop_around,
    loops,
    messages,
    move_before,
    run_per_iteration,
    reads_what_the_loop_changes,
    repeated_before,
    same_on_every_call,
    with_partial_aliases,
)
from gradfix.transforms._factory import built_through_factories, factories, same_for_loop
from gradfix.transforms.base import Finding, Fix, RemoveStatement, Rule, Safety
from gradfix.walk import ast_walk, child_nodes, own_nodes

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator

# torch's gradient scalers (`torch.amp.GradScaler`, `torch.cuda.amp.GradScaler`, `torch.GradScaler`,
# FSDP's `ShardedGradScaler`): a new one starts at `init_scale` with its growth tracker at zero
_SCALERS = ("GradScaler", "ShardedGradScaler")
_WORDS = ("GradScaler(",)
# what a loop does with a scaler whose state it carries from step to step
_USES = ("scale", "step", "update", "unscale_")


class GradScalerRebuiltEachIteration(Rule):
    """
    A `GradScaler` built again on every iteration of the loop that steps with it.

    ## What it does
    Finds torch's gradient scaler (`torch.amp.GradScaler(...)`, `torch.cuda.amp.GradScaler(...)`,
    `torch.GradScaler(...)`, `GradScaler` imported from either, FSDP's `ShardedGradScaler`)
    built by a statement of a loop's body that runs on every iteration (into a name, an
    attribute, or a string-keyed item of a dict of components, `parts["scaler"] = GradScaler()`
    stepped as `parts["scaler"].step(parts["opt"])`; also in a `with` or
    `try` block; in a `while` loop run as a state machine, `if phase == "begin": ... elif phase ==
    "batch": ...`, also in an arm that changes the state only under an `if` of its own, the batch
    arm, with no fix), when the same loop's body steps an optimizer with it
    (`scaler.step(optimizer)`, usually after `scaler.scale(loss).backward()` and before
    `scaler.update()`): in the loop's body itself (a scaler per batch) or in a loop nested in
    it (a scaler per epoch, stepped by the batch loop), also through a function of the module,
    or imported from another module of the project, it hands the scaler to
    (`train_one_epoch(model, loader, optimizer, scaler)` stepping with that parameter), or
    that reads it as a free name (a closure of the loop's function, `def step(x, y): ...
    scaler.step(optimizer)`, or a function of the module for a loop at its top level, also
    under `@torch.enable_grad()`; an optimizer parameter it steps is the one the call hands
    it; also called through `step = functools.partial(train_step, model, opt)`, a name bound
    once and only to that partial, as `step(x, y)`, or a partial handed straight to a helper
    the module names only in that call (`fit(functools.partial(train_step, model, opt),
    loader)`, the helper calling its parameter, `step_fn(x, y, scaler)`); or a method, undecorated and not
    overridden by a subclass of the file, of the class of an object a loop at the module's top
    level calls it on, `trainer.train_batch(x, y)` after `trainer = Trainer(net, opt)`, stepping
    `self.opt`, or the `__call__` such a class defines itself, run by calling the object,
    `step(x, y)` after `step = AmpStep(net, opt)`: a class with no base but `object`, the name
    bound by plain assignments only); or, for a scaler kept in an attribute of `self`
    (`self.scaler = GradScaler()` at the top of each epoch of `fit`), a method of the loop's
    class the loop calls on `self`, directly (`self.train_batch(x, y)`) or through a table of
    the class's methods (`self.handlers[phase](x, y)`), undecorated and overridden by no
    subclass of the file, binding neither the scaler nor the optimizer it steps (an attribute
    of `self` the loop does not bind either) and loading no state. So is
    one built in an inner loop that
    scales each micro-batch's loss with it (`scaler.scale(loss).backward()`) and stepped with
    by the loop around it (a scaler per micro-batch of an accumulation window), and one built
    under an `if` whose test reads the same on every iteration (`if cfg.amp and cfg.dtype ==
    "float16":`: no call, nothing the loop changes), so built on every iteration or never.
    The scaler may be built through a function or method of the module
    every `return` of which builds one (`scaler = make_scaler(cfg)`), or builds one or gives
    `None` (`return GradScaler() if use_amp else None`). Also a function of the
    module that a statement of a loop's body calls by its name on
    every iteration (`for x, y in loader: train_step(model, optimizer, x, y)`, also a closure of
    the loop's function, defined once in it, also again at the top of each epoch, or the closure
    a factory of the module returns, `update = build_update(model, opt)` or unpacked from the
    tuple it returns, bound outside any loop or branch; also a call the
    statement makes whenever it runs, `print(f"{train_step(model, optimizer, x, y):.3f}")`,
    and through `step = functools.partial(train_step, model, optimizer)` called as `step(x, y)`), or a method
    of the loop's class called on `self` (not a decorated method but a static one on `self`, which may also be the class's `__call__` run by `self(x)` or a static method by the class's name, `Trainer.step(...)`, or a closure a function of the module hands back in a dict or a `types.SimpleNamespace` (`ns.step(x, y)`, the holder bound once and only read by key), or a `@classmethod` by the class's name, `Recipe.step(i, x, y)` (its `cls.` attributes read as the same from call to call unless the loop, the method or a function either calls by name binds them), or the method a `__call__` only forwards to, `return Trainer.train_step(self.model, x)`; none that a
    subclass of the file may override, but the one override, in a class of the file deriving
    from it, of a method the loop's class writes as a stub (`raise NotImplementedError`, `pass`)
    or lacks, when the module never builds the loop's class itself: `self.training_step(batch)`
    in a `BaseTrainer.fit()`), that builds such a scaler on every call (into a name
    of its own, or an attribute of `self`, or of an object `self` holds that the function does not
    bind, `self.state.scaler`) and steps with it; or that builds it into an
    attribute of `self` (an `on_epoch_start` hook) when one other method the loop also calls
    on `self` (the step hook) steps with it and binds it nowhere, and the hook neither loads a
    state nor builds the stepped optimizer again. The same with an object handed to every
    call by one name the loop never rebinds (a dict or a namespace, `env["scaler"]`,
    `ctx.scaler`): built in the called function and stepped there, or built by an epoch hook
    `epoch_begin(env, epoch)` when one other function of the module the loop also calls with
    that name (`train_step(env, x, y)`) steps with it, binds no member of that name, steps only
    optimizers of the same object, and the hook neither loads a state nor builds one of them.
    A loop may also be written as an expression calling such a function on each item: a list,
    set or dict comprehension with one generator and no condition whose element is the call
    (`losses = [train_step(x, y) for x, y in loader]`), such a generator handed alone to a call
    that runs it to its end (`sum(train_step(b) for b in batches)`, also `list`, `tuple`, `set`,
    `sorted`, `min`, `max`), or `map(train_step, ...)` so handed (`list(map(train_step,
    itertools.count(), loader))`); not one in an arm of `a if t else b` or a later operand of
    `and`/`or`.

    Two more event loops run an arm again and again, as a state machine's batch arm: a loop
    over the events of a generator of the module dispatched to a `functools.singledispatch`
    function (`for ev in events(loader): handle(ev, st)`, see call_forms.py), for the
    implementation of an event class the module builds only in `yield Batch(...)` statements of
    a loop of that generator (the loop's body with no `continue` or `break`); and a `while
    queue:` event queue whose body pops `t, seq, kind, item = heapq.heappop(queue)` and then
    branches in one `if kind == "begin": ... elif kind == "batch": ...` chain, for an arm whose
    kind every push onto that queue in the function makes inside a `for` loop within the queue's
    loop (`for j, b in enumerate(loader): heapq.heappush(queue, (t + j, next(seq), "batch", b))`),
    the arm leaving the loop by no `break` or `return`. The scaler built in such an arm (or in
    the implementation) and stepped with there is reported without a fix; the message names the
    implementation by its dispatcher and class (`handle` for `Batch`).

    Also a statement the loop runs on every iteration (not under an `if`; also in a `with` or
    `try` block) binding a name or an attribute the same loop's body steps (with) to a call
    of a factory, a function of the module called by its name, a method of the loop's class
    called on `self` or a method of the class of an object the loop calls it on, whose whole
    body hands back a new GradScaler (not built with `enabled=False`), `return ...` or a local bound to it then returned, from what
    stays the same from call to call (the call's arguments, the attributes of `self` only
    `__init__` binds, the module's names the loop does not change). Not a factory with any
    other statement (a cache, `if self._x is None: ...`, branches, a side effect), a
    decorator, nor when the loop binds the name otherwise too.

    ## Why is this bad?
    A `GradScaler` learns its loss scale as training goes: it starts at `init_scale` (65536
    by default), halves the scale and skips the step when the gradients overflow, and doubles
    it after `growth_interval` (2000) steps without one. A new scaler forgets all of it. Built
    on every batch, every step runs at the initial scale: where the gradients overflow at that
    scale the step is skipped, the halved scale is thrown away with the scaler, and the next
    batch overflows again, so an fp16 run can skip every step and never train, and the scale
    never grows or settles. Built on every epoch, each epoch starts again at the initial
    scale and skips its first steps until the scale comes down again (their batches are lost),
    and the scale never grows past a growth interval. Nothing warns; the scaler's state is
    meant to live as long as the run (it is saved with checkpoints).

    ## Example
    ```python
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in loader:
        scaler = torch.amp.GradScaler("cuda")
        optimizer.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            loss = criterion(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
    ```

    ## Use instead
    ```python
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = torch.amp.GradScaler("cuda")
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            loss = criterion(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
    ```

    ## Fix safety
    The fix moves the statement that builds the scaler (with the comments above it) to just
    before the loop; built in the batch loop of an epoch loop (a statement that loop runs on
    every iteration), it goes before the outermost such loop that changes nothing the
    construction reads and builds no new optimizer (before the epoch loop: moved only before
    the batch loop it would still start over on every epoch). It is safe: every name the
    construction reads is bound before the loop and not changed in it, so it builds the same
    scaler once, and the loop keeps the scale it learns. No fix when the loops sit in a
    function that a loop of the module runs on every iteration (`train_one_epoch(net, opt,
    batches)` per epoch, a method a loop of its class calls on `self`): moved there, the scaler
    would still be built once per call. No fix when the construction sits
    in a `with`, `try` or `if` block of the loop, or when the name is bound elsewhere in the
    function (or the attribute elsewhere in the class; for a dict's item: the item stored
    elsewhere in the function, read by the loops before it is built, or the dict bound again in
    them), unless the other binding is the same
    construction written the same way, a statement of the block holding the loops, with
    nothing between them naming the scaler or what the construction reads (but modules), and
    the loops read the scaler only after the construction: the one in the loop is then
    deleted (what moving it would write is already there). A scaler built in a function the loop
    calls is reported without a fix: building it once means handing it in, a change of the
    function's signature and of its callers.
    A call of a factory (`scaler = self.new_scaler()`) moves the same way, before the
    outermost loop that changes nothing the call or the factory reads; no fix when it sits
    in a `with` or `try` block.

    Not reported when the scaler is built once (before the loop, in a function called once,
    under an `if` whose test may change: `if scaler is None:`, `if epoch == amp_from:`, a test
    that calls something), when the loop only uses it after it ends, when the construction (or
    what a factory's returns read) reads anything the loop changes (its variable, a counter, an
    attribute it assigns: `GradScaler(enabled=epoch >= warmup)`, `init_scale=last_scale`), when
    it says `enabled=False`, when the loop loads a state (`scaler.load_state_dict(...)`; a model
    or an optimizer restored: a new run), when the optimizer it steps is built again in the loop
    (a new run per fold or task, whose fresh scaler is right; also an item `parts["opt"]` stored
    again, or the dict holding it bound again), nor in a loop whose body ends in
    a `break` or `return` of its own (one iteration). In a function the loop calls, not reported
    when the construction reads what the function binds, a parameter the call leaves to its
    default or hands something the loop changes, an attribute of `self` something but the
    class's `__init__` binds, when the optimizer it steps is bound in the function or is a
    parameter the call hands something the loop changes or builds in the call itself
    (`train_run(model, loader, SGD(...))`: a new run on every call), nor in a
    function that declares names `global` or `nonlocal`. A construction in the one arm of a
    `match` whose other arms only `continue` runs on every iteration that trains (reported
    without a fix).
    """

    code = "GF029"
    name = "grad-scaler-rebuilt-each-iteration"
    message, called_message = messages(
        "steps with it",
        "each new GradScaler starts again at its initial scale, so the scale it halves after an overflow is "
        "thrown away and the scale never settles",
        "each new GradScaler starts again at its initial scale and throws away the scale it learned",
    )
    pass_message = (
        "`{target}` is built again on every iteration of the loop at line {line}, whose inner loop steps with "
        "it: each new GradScaler throws away the loss scale it learned and starts again at its initial scale; "
        "build it once before the loop"
    )
    micro_message = (
        "`{target}` is built again on every micro-batch that scales a loss with it, inside the loop at line "
        "{line} that steps with it: each new GradScaler starts again at its initial scale, so the scale it "
        "halves after an overflow is thrown away and the scale never settles; build it once before the loop"
    )
    factory_message = (
        "`{target}` is built again on every iteration of the loop that steps with it, by `{function}`, which hands"
        " back a new GradScaler on every call: each new GradScaler starts again at its initial scale, so the scale"
        " it halves after an overflow is thrown away and the scale never settles; build it once before the loop"
    )
    safety = Safety.SAFE

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        source = model.source
        data = source.data
        if b"GradScaler(" not in data:
            return  # (the module builds no scaler: nothing to walk)
        if b"return" in data:
            yield from self._through_factories(model)
        lines = lines_saying(data, (b"GradScaler(",))
        builders = with_partial_aliases(functions_holding(model, lines), model)  # (and `step = partial(amp_step, ...)`)
        reported: set[int] = set()
        for loop, called in expression_calls(model, builders, _WORDS, named=True):
            # `losses = [amp_step(x, y) for x, y in loader]`: what the call the expression makes per item runs
            for built, target in _rebuilt_per_call(called, loop, model):
                if id(built) not in reported:
                    reported.add(id(built))
                    yield Finding(self.code, self.called_message.format(target=target, function=called[0].name, line=loop.lineno), built)  # type: ignore[index]
        for loop in loops(source.tree.body):
            if not builders and not any(loop.lineno <= line <= loop.end_lineno for line in lines):  # type: ignore[attr-defined]
                continue  # (builds no scaler and calls no function that does)
            if ends_early(loop):
                continue  # one iteration at most
            for stmt, direct, guarded in chain(its_test(loop, False, False), _each_iteration(loop.body, loop, model), *(_each_iteration(arm, loop, model, False) for arm in [*staying_arms(loop), *dispatched_arms(loop, model), *queued_arms(loop, model)])):  # type: ignore[attr-defined]
                called = None
                if not guarded and calls_one_of(stmt, builders):
                    called = called_function(stmt, model, _WORDS) or called_method(stmt, loop, model, _WORDS) or called_on_instance(stmt, model, _WORDS) or called_class_method(stmt, model, _WORDS)
                if called is not None:
                    for built, target in _rebuilt_per_call(called, loop, model):
                        if id(built) not in reported:
                            reported.add(id(built))
                            yield Finding(
                                self.code,
                                self.called_message.format(target=target, function=shown_name(called[0], model), line=loop.lineno),
                                built,
                            )
                # (also a string-keyed item of a dict of components, `parts["scaler"] = GradScaler()`)
                target = _built_scaler(stmt, model, builders, items=True)
                if target is None or id(stmt) in reported:
                    continue
                depth = _stepped_with(loop, target, model)
                if depth is None and target.startswith("self.") and "[" not in target:
                    # `self.scaler` stepped with by a method of the class the loop calls on
                    # `self`, directly or through a table of them (`self.handlers[phase](x)`)
                    depth = _stepped_by_own_methods(loop, target, model)
                stepper = loop
                if depth is None:
                    # built on every micro-batch of an inner loop that scales the loss with it,
                    # stepped with by the loop around it
                    stepper = _outer_stepping_loop(loop, target, model) if _scaled_in(loop, target) else None  # type: ignore[assignment]
                    if stepper is None:
                        continue
                if reads_what_the_loop_changes(stmt.value, stepper) or _factory_reads_what_the_loop_changes(stmt.value, stepper, model):  # type: ignore[union-attr, arg-type]
                    continue
                reported.add(id(stmt))
                shown = as_written(stmt.targets[0], target, source) if "[" in target else target  # type: ignore[union-attr]
                if stepper is not loop:
                    message = self.micro_message.format(target=shown, line=stepper.lineno)  # type: ignore[attr-defined]
                elif depth == 0:
                    message = self.message.format(target=shown)
                else:
                    message = self.pass_message.format(target=shown, line=loop.lineno)  # type: ignore[attr-defined]
                fix = _fix(stmt, target, loop, model) if direct and not guarded else None  # type: ignore[arg-type]
                yield Finding(self.code, message, stmt.value, fix=fix)  # type: ignore[union-attr]

    def _through_factories(self, model: ModuleModel) -> Iterator[Finding]:
        """`scaler = self.new_scaler()` on every iteration of the loop that steps with `scaler`,
        the factory (a method, or a function binding a local then returning it: those
        `_built_scaler` does not read) handing back a new scaler on every call (`_factory`)."""
        made = factories(model, lambda call: _is_torch_scaler(call, model))
        builders = with_partial_aliases(functions_holding(model, lines_saying(model.source.data, (b"GradScaler(",))), model) if made else set()
        used = lambda loop, target: _stepped_with(loop, target, model) == 0  # noqa: E731
        for loop, stmt, target, function, construction, direct in built_through_factories(model, made, used):
            if _built_scaler(stmt, model, builders) is not None:
                continue  # (read as a factory of the module by the rule's own walk)
            fix = None
            if direct and same_for_loop(construction, function, stmt, _outermost_loop(stmt, target, loop, model), model):
                fix = _fix(stmt, target, loop, model)
            yield Finding(self.code, self.factory_message.format(target=target, function=function.name), stmt.value, fix=fix)


def _each_iteration(body: list[ast.stmt], loop: ast.AST, model: ModuleModel, direct: bool = True, guarded: bool = False) -> Iterator[tuple[ast.stmt, bool, bool]]:
    """The statements a loop's body runs on every iteration (through `with` and `try` blocks),
    or on every iteration or never (under an `if` whose test is the same on every iteration:
    `if args.amp:`, no call, nothing the loop changes, not the scaler's own name); whether
    each is a statement of the body itself, and whether an `if` guards it."""
    for stmt in body:
        yield stmt, direct, guarded
        if isinstance(stmt, (ast.With, ast.AsyncWith, ast.Try)):
            yield from _each_iteration(stmt.body, loop, model, False, guarded)
            if isinstance(stmt, ast.Try):
                yield from _each_iteration(stmt.finalbody, loop, model, False, guarded)
        elif stmt.__class__ is MATCH and working_arm(stmt) is not None:
            yield from _each_iteration(working_arm(stmt), loop, model, False, guarded)  # type: ignore[arg-type]
        elif isinstance(stmt, ast.If) and "GradScaler" in model.source.segment(stmt) and _same_every_iteration(stmt.test, loop):
            yield from _each_iteration(stmt.body, loop, model, False, True)
            yield from _each_iteration(stmt.orelse, loop, model, False, True)


def _same_every_iteration(test: ast.expr, loop: ast.AST) -> bool:
    """An `if` test that reads the same on every iteration: no call, no `:=`, nothing the loop
    binds or sets an attribute of (`if scaler is None:`, `if epoch == amp_from:` change)."""
    if any(isinstance(node, (ast.Call, ast.NamedExpr, ast.Await)) for node in ast_walk(test)):
        return False
    return not reads_what_the_loop_changes(test, loop)  # type: ignore[arg-type]


def _scaled_in(loop: ast.AST, target: str) -> bool:
    """`target.scale(loss)` somewhere in the loop's body."""
    return any(
        isinstance(node, ast.Call) and method_name(node) == "scale" and dotted(receiver(node)) == target  # type: ignore[arg-type]
        for node in ast_walk(loop)
    )


def _outer_stepping_loop(loop: ast.AST, target: str, model: ModuleModel) -> ast.AST | None:
    """The loop whose body runs `loop` on every iteration (through `with` and `try` blocks) and
    steps with the scaler `target` (a window of micro-batches, then the step): that loop."""
    outer = loop_around(loop, model)
    if outer is None or ends_early(outer) or _stepped_with(outer, target, model) is None:
        return None
    return outer


def _is_torch_scaler(call: ast.Call, model: ModuleModel) -> bool:
    """`torch.amp.GradScaler(...)`, `torch.cuda.amp.GradScaler(...)`, `torch.GradScaler(...)`,
    `GradScaler(...)` imported from torch, FSDP's `ShardedGradScaler(...)`; not one built with
    `enabled=False` (it scales nothing) nor with `**options`."""
    name = call_name(call)
    qualified = model.facts.imports.qualify(name) if name is not None else None
    if not qualified or not qualified.startswith("torch.") or qualified.rpartition(".")[2] not in _SCALERS:
        return False
    for kw in call.keywords:
        if kw.arg is None or (kw.arg == "enabled" and isinstance(kw.value, ast.Constant) and kw.value.value is False):
            return False
    return not any(isinstance(a, ast.Starred) for a in call.args)


def _built_scaler(stmt: ast.stmt, model: ModuleModel, builders: set[str] = frozenset(), items: bool = False) -> str | None:  # type: ignore[assignment]
    """`scaler` for `scaler = torch.amp.GradScaler("cuda")` (also `self.scaler = ...`, an
    annotated assignment; with `items`, a string-keyed item `env["scaler"] = ...`), or for `scaler = make_scaler(cfg)`, a call of one of `builders` (a
    function or method of the module) every `return` of which builds torch's scaler, not
    always with `enabled=False`."""
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        target = member_key(stmt.targets[0]) if items else dotted(stmt.targets[0])
    elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
        target = dotted(stmt.target)
    else:
        return None
    if target is None or not isinstance(stmt.value, ast.Call):
        return None
    if _is_torch_scaler(stmt.value, model):
        return target
    if builders and calls_one_of(stmt, builders):
        from gradfix.transforms.gf023_scaled_loss_stepped_without_scaler import _returned_scalers

        states = _returned_scalers(stmt.value, model.facts, model, 0)
        if states is None:
            states = _scalers_or_none(stmt.value, model)
        if states and not all(state is False for state in states):
            return target
    return None


def _scalers_or_none(call: ast.Call, model: ModuleModel) -> list[bool | None] | None:
    """A factory of the module that returns torch's scaler or `None` (`return GradScaler() if
    use_amp else None`, or `if not use_amp: return None` before `return GradScaler()`): whether
    each scaler it builds is enabled. None when a `return` gives anything else, or no `return`
    builds a scaler."""
    from gradfix.transforms.gf023_scaled_loss_stepped_without_scaler import _called_function as _factory, _enabled

    function = _factory(call, model.facts)
    if function is None or function.facts is None:
        return None
    values: list[ast.expr] = []
    for node in own_nodes(function.node):
        if not isinstance(node, ast.Return):
            continue
        value = node.value
        if isinstance(value, ast.IfExp):
            values += [value.body, value.orelse]
        else:
            values.append(value)  # type: ignore[arg-type]
    states: list[bool | None] = []
    for value in values:
        if value is None or (isinstance(value, ast.Constant) and value.value is None):
            continue  # (a bare `return` gives None too)
        if not isinstance(value, ast.Call) or not _is_torch_scaler(value, _Read(function.facts)):  # type: ignore[arg-type]
            return None
        states.append(_enabled(value, function, call, model))
    return states or None


class _Read:
    """What `_is_torch_scaler` reads of a module: its facts."""

    def __init__(self, facts) -> None:  # type: ignore[no-untyped-def]
        self.facts = facts


def _factory_reads_what_the_loop_changes(call: ast.Call, loop: ast.AST, model: ModuleModel) -> bool:
    """`make_scaler(cfg)`, a factory of the module, whose returns read something the loop
    changes (`GradScaler(enabled=self.use_amp)` with `self.use_amp = ...` in the loop), or
    that gradfix cannot find. False for torch's own constructor."""
    if _is_torch_scaler(call, model):
        return False
    from gradfix.transforms.gf023_scaled_loss_stepped_without_scaler import _called_function as _factory

    info = _factory(call, model.facts)
    if info is None:
        return True
    return any(
        isinstance(node, ast.Return) and node.value is not None and reads_what_the_loop_changes(node.value, loop)  # type: ignore[arg-type]
        for node in own_nodes(info.node)
    )


def _stepped_with(root: ast.AST, target: str, model: ModuleModel | None) -> int | None:
    """How many loops of its own deep (0: in `root`'s body itself) `root` steps an optimizer
    with the scaler `target` (`target.step(optimizer)`, or, with `model`, a function of the
    module it hands the scaler to that does: `train_one_epoch(model, loader, optimizer,
    scaler)`), not in a function of its own; None when it does not, when it loads a state
    into anything (`target.load_state_dict(...)`, a model or an optimizer restored: a new
    run), or when the optimizer it steps is bound in `root` (built again: a new run)."""
    found = _steps_with(root, target, model)
    return found[0] if found is not None else None


def _steps_with(root: ast.AST, target: str, model: ModuleModel | None) -> tuple[int, list[str]] | None:
    """`_stepped_with`'s depth, and the optimizers stepped with the scaler (`optimizer`,
    `self.optimizer`)."""
    found: int | None = None
    stepped: list[str | None] = []
    todo: list[tuple[ast.AST, int]] = [(stmt, 0) for stmt in root.body]  # type: ignore[attr-defined]
    while todo:
        node, inside = todo.pop()
        if isinstance(node, (*FUNCTIONS, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, ast.Call):
            method = method_name(node)
            if method == "load_state_dict":
                return None
            if method == "step":
                recv = receiver(node)
                if recv is not None and member_key(recv) == target:
                    arguments = positional(node)
                    if arguments:
                        found = inside if found is None else min(found, inside)
                        stepped.append(member_key(arguments[0]))
            elif model is not None and (
                isinstance(node.func, ast.Name)
                or (isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name) and node.func.value.id in model.facts.imports.aliases)
            ):
                # (`step(x, y)` of `step = partial(train_step, model, opt)`: the call it makes)
                call = direct_call(node, model.facts) if isinstance(node.func, ast.Name) else None
                call = node if call is None else call
                handed = _handed_to_a_stepper(call, target, model)
                if handed is None and isinstance(node.func, ast.Name) and target.isidentifier():
                    handed = _steps_with_it_freely(call, target, root, model)
                if handed is not None:
                    depth = inside + handed[0]
                    found = depth if found is None else min(found, depth)
                    stepped.extend(handed[1])
            if (
                model is not None and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name)
                and node.func.value.id not in ("self", target) and node.func.value.id not in model.facts.imports.aliases
                and target.isidentifier() and any(node.func.attr in defined for defined in model.facts.methods.values())
            ):  # fmt: skip
                # `stepper.step(x, y)`: a method of the instance's class that steps with the scaler
                handed = _method_steps_with_it_freely(node, target, root, model)
                if handed is not None:
                    depth = inside + handed[0]
                    found = depth if found is None else min(found, depth)
                    stepped.extend(handed[1])
        deeper = inside + 1 if isinstance(node, LOOPS) else inside
        todo.extend((child, deeper) for child in child_nodes(node))
    if found is None or any(key is None for key in stepped):
        return None
    bound = bound_names(root)
    if any("[" in key for key in stepped):  # type: ignore[operator]
        # `parts["opt"]`: the item stored again in the loop, or the dict holding it bound again
        bound |= {key for node in ast_walk(root) if node.__class__ is ast.Subscript and not isinstance(node.ctx, ast.Load) and (key := member_key(node)) is not None}
    if any(key in bound or key.split(".", 1)[0] in bound or key.partition("[")[0] in bound for key in stepped):  # type: ignore[union-attr]
        return None  # (the optimizer is built again in the loop: a new run, whose own scaler is right)
    return found, stepped  # type: ignore[return-value]


def _stepped_by_own_methods(loop: ast.AST, target: str, model: ModuleModel) -> int | None:
    """How many loops deep `loop` reaches a step with the scaler `target` (`self.scaler`) that
    the loop model found in methods of the loop's own class run on `self` (every call of the
    chain on `self`: `self.train_batch(i, x, y)`, or an entry of a table of its methods
    `self.handlers[phase](i, x, y)`, none overridden by a subclass of the file), none of
    which binds the scaler, the optimizer it steps or loads a state; the optimizer (an
    attribute of `self`) is not bound in the loop. None otherwise."""
    found = next((t for t in model.loops if t.node is loop), None)
    owner = model.source.owner_of(loop)
    while owner is not None and not isinstance(owner, FUNCTIONS):
        owner = model.source.owner_of(owner)  # type: ignore[arg-type]
    class_node = model.source.owner_of(owner) if owner is not None else None
    if found is None or not isinstance(class_node, ast.ClassDef):
        return None
    overridden = {
        stmt.name
        for node in model.source.of_type(ast.ClassDef)  # type: ignore[attr-defined]
        if node is not class_node and any(dotted(base) == class_node.name for base in node.bases)
        for stmt in node.body
        if isinstance(stmt, FUNCTIONS)
    }
    depth: int | None = None
    for event in found.events:
        if event.kind is not EventKind.STEP or not event.via or not isinstance(event.node, ast.Call):
            continue
        recv = receiver(event.node)
        arguments = positional(event.node)
        if method_name(event.node) != "step" or recv is None or member_key(recv) != target or not arguments:
            continue
        stepped = member_key(arguments[0])
        if stepped is None or not stepped.startswith("self.") or "[" in stepped:
            return None
        for call, helper in zip(event.via, event.helpers):
            root = call.func.value if isinstance(call.func, ast.Subscript) else call.func
            if not (isinstance(root, ast.Attribute) and isinstance(root.value, ast.Name) and root.value.id == "self"):
                return None
            if not isinstance(helper, FUNCTIONS) or model.source.owner_of(helper) is not class_node or helper.name in overridden:
                return None
            if helper.decorator_list or _binds_or_loads(helper, (target, stepped)):
                return None
        if _binds_or_loads(loop, (stepped,)) or _a_method_rebinds(loop, class_node, (target, stepped)):
            return None
        inside = sum(1 for node in _path_to(loop, event.via[0]) if isinstance(node, LOOPS))
        depth = inside if depth is None else min(depth, inside)
    return depth


def _a_method_rebinds(loop: ast.AST, class_node: ast.ClassDef, keys: tuple[str, ...]) -> bool:
    """The loop calls on `self` a method of the class that binds one of `keys` or loads a
    state (`self.reset_optimizer()` each epoch: a new run, whose own scaler is right)."""
    methods = {stmt.name: stmt for stmt in class_node.body if isinstance(stmt, FUNCTIONS)}
    for node in ast_walk(loop):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name) and node.func.value.id == "self":
            method = methods.get(node.func.attr)
            if method is not None and _binds_or_loads(method, keys[1:]):
                return True
    return False


def _binds_or_loads(root: ast.AST, keys: tuple[str, ...]) -> bool:
    """`root` binds one of `keys` (`self.scaler = ...`) or loads a state into anything."""
    for node in ast_walk(root):
        if isinstance(node, ast.Call) and method_name(node) == "load_state_dict":
            return True
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                if any(member_key(part) in keys for part in ast_walk(target) if isinstance(part, (ast.Attribute, ast.Name))):
                    return True
    return False


def _path_to(root: ast.AST, node: ast.AST) -> list[ast.AST]:
    """The nodes strictly between `root` and `node`."""
    path: list[ast.AST] = []
    todo: list[tuple[ast.AST, list[ast.AST]]] = [(child, []) for child in child_nodes(root)]
    while todo:
        current, above = todo.pop()
        if current is node:
            return above
        todo.extend((child, [*above, current]) for child in child_nodes(current))
    return path


def _steps_with_it_freely(call: ast.Call, target: str, root: ast.AST, model: ModuleModel) -> tuple[int, list[str | None]] | None:
    """`train_step(x, y)` of a function that reads the scaler `target` as a free name, one
    `def` of the function holding the loop `root` (a closure) or, for a loop at the module's
    top level, of the module, and steps with it (`scaler.step(optimizer)`); it binds neither
    the scaler nor the optimizers it steps (names of the loop's scope, as the loop reads
    them, or parameters, as the call fills them). None otherwise."""
    scope = _scope_of(root, model)
    if scope is None:
        return None
    name = call.func.id  # type: ignore[attr-defined]
    body = scope.body if isinstance(scope, (*FUNCTIONS, ast.Module)) else []
    defs = [s for s in body if isinstance(s, FUNCTIONS) and s.name == name]
    if len(defs) != 1 or not only_grad_mode_decorators(defs[0], model.facts.imports.qualify):
        return None
    function = defs[0]
    own = bound_names(function) | {a.arg for a in ast_walk(function.args) if isinstance(a, ast.arg)}
    if target in own or any(isinstance(n, (ast.Global, ast.Nonlocal)) for n in ast_walk(function)):
        return None
    inner = _steps_with(function, target, None)
    if inner is None:
        return None
    params = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    if any(isinstance(a, ast.Starred) for a in call.args):
        return None
    passed = _passed(params, call)
    keys: list[str | None] = []
    for key in inner[1]:
        head, _, rest = key.partition(".")
        if head in passed:
            # an optimizer parameter: the one the call hands it (`train_epoch(model, opt, ...)`)
            keys.append(_handed_key(passed[head], rest))
        elif head in own:
            return None  # (bound in the function, or a parameter left to its default)
        else:
            keys.append(key)
    return inner[0], keys


def _method_steps_with_it_freely(call: ast.Call, target: str, root: ast.AST, model: ModuleModel) -> tuple[int, list[str | None]] | None:
    """`stepper.step(x, y)` from a loop at the module's top level, on a name the module binds
    only to instances of one class of the file (`stepper = Stepper(net, opt)`), of a method
    that class defines itself (undecorated, no subclass of the file overriding it) that reads
    the scaler `target` as a free name (the module's) and steps with it, binding neither the
    scaler nor the optimizers it steps (`self.opt`, as the call's receiver names them:
    `stepper.opt`). None otherwise."""
    if _scope_of(root, model) is not model.source.tree:
        return None
    from gradfix.transforms._rebuilt import called_on_instance

    called = called_on_instance(ast.Expr(call), model, (target,))
    if called is None:
        return None
    method = called[0]
    params = [a.arg for a in (*method.args.posonlyargs, *method.args.args)]
    own = bound_names(method) | {a.arg for a in ast_walk(method.args) if isinstance(a, ast.arg)}
    if not params or target in own or any(isinstance(n, (ast.Global, ast.Nonlocal)) for n in ast_walk(method)):
        return None
    inner = _steps_with(method, target, None)
    if inner is None:
        return None
    receiver_name = call.func.value.id  # type: ignore[attr-defined]
    keys: list[str | None] = []
    for key in inner[1]:
        head, _, rest = key.partition(".")
        if head == params[0] and rest and "." not in rest:
            keys.append(receiver_name + "." + rest)  # (`self.opt`: the instance's optimizer)
        elif head in own:
            return None  # (bound in the method, or a parameter)
        else:
            keys.append(key)
    return inner[0], keys


def _scope_of(node: ast.AST, model: ModuleModel) -> ast.AST | None:
    """The function (or the module) whose own code holds the statement."""
    source = model.source
    current: ast.AST | None = node
    for _ in range(64):
        current = source.owner_of(current)  # type: ignore[arg-type]
        if current is None or isinstance(current, (*FUNCTIONS, ast.Module)):
            return current
        if isinstance(current, ast.ClassDef):
            return None
    return None


def _handed_to_a_stepper(call: ast.Call, target: str, model: ModuleModel) -> tuple[int, list[str | None]] | None:
    """`train_one_epoch(model, loader, optimizer, scaler)`, the scaler `target` handed to a
    function of the module whose body steps with that parameter (`scaler.step(optimizer)`):
    how many loops of the function deep it does, and the optimizers it steps, as the call
    names them (a parameter's argument; None: not known). None when the call hands the
    scaler to no such function, or the function loads a state or steps an optimizer it
    builds itself (a new run on every call)."""
    at = next((i for i, a in enumerate(call.args) if dotted(a) == target), None)
    keyword = next((k.arg for k in call.keywords if k.arg is not None and dotted(k.value) == target), None)
    if at is None and keyword is None:
        return None
    info = model.facts.module_functions.get(call.func.id) if isinstance(call.func, ast.Name) else None  # type: ignore[attr-defined]
    if info is None and model.facts.project is not None:
        # `train_one_epoch(...)` imported from another module of the project (or
        # `engine.train_one_epoch(...)` through its module)
        from gradfix.transforms.gf023_scaled_loss_stepped_without_scaler import _called_function as _factory

        info = _factory(call, model.facts)
    if info is None or info.class_name is not None or not isinstance(info.node, FUNCTIONS):
        return None
    function = info.node
    arguments = function.args
    params = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
    if at is not None:
        if any(isinstance(a, ast.Starred) for a in call.args[: at + 1]) or at >= len(params):
            return None
        param = params[at]
    else:
        param = keyword  # type: ignore[assignment]
        if param not in params and param not in {a.arg for a in arguments.kwonlyargs}:
            return None
    if param in bound_names(function):
        return None  # (the parameter rebound: another scaler)
    inner = _steps_with(function, param, None)
    if inner is None:
        return None  # (no step with it, a state loaded, or an optimizer the function builds: a new run)
    passed = _passed(params, call)
    keys: list[str | None] = []
    for key in inner[1]:
        head, _, rest = key.partition(".")
        if head in passed:
            keys.append(_handed_key(passed[head], rest))
        elif head in params:
            keys.append(None)  # (a parameter left to its default)
        else:
            keys.append(key)
    return inner[0], keys


def _rebuilt_per_call(called: tuple[ast.FunctionDef, ast.Call], loop: ast.AST, model: ModuleModel) -> Iterator[tuple[ast.Call, str]]:
    """The scalers a function called on every iteration of `loop` builds on every call (into
    a name of its own, or an attribute of `self` in a method) and steps with, from what stays
    the same from call to call: nothing the function itself binds before, no parameter the
    call leaves to its default or hands something the loop changes, no attribute of `self`
    that anything but `__init__` binds, no global the loop changes. A function that declares
    names `global` or `nonlocal` is not read."""
    function = called[0]
    parameters = call_parameters(called)
    if parameters is None:
        return
    instance, params, passed = parameters
    for stmt, _ in every_iteration(function.body):
        target = _built_scaler(stmt, model, items=True)
        if target is None or target in params:
            continue
        if ("." in target or "[" in target) and not of_the_instance(target, instance, function):
            if not held_in_a_handed_object(target, stmt.value, loop, model, params, passed):  # type: ignore[attr-defined]
                continue  # (an attribute of something but the instance, or of one object handed on every call)
        steps = _steps_with(function, target, None)
        if steps is None and instance is not None and target.startswith(instance + "."):
            steps = _stepped_by_another_method(called, target, instance, loop, model)
        if steps is None and instance is None and target.partition(".")[0].partition("[")[0] in params:
            steps = _stepped_by_another_function(called, target, passed, loop, model)
            if steps is not None:
                steps = (steps[0], [])  # (the optimizers of the object handed to both, checked there)
        if steps is None:
            continue  # (not stepped with here, a state loaded, or a new optimizer per call)
        stepped = {key.split(".", 1)[0].split("[", 1)[0] for key in steps[1]}
        if any(
            name in params and (
                name not in passed or reads_what_the_loop_changes(passed[name], loop)
                or (isinstance(passed[name], ast.Call) and not bound_by_a_partial(passed[name], loop, model))
            )
            for name in stepped
        ):  # fmt: skip
            continue  # (the optimizer handed in changes from call to call, or is built by the call: a new run
            # each time; not one built once in the arguments of the partial the loop calls)
        value: ast.Call = stmt.value  # type: ignore[attr-defined, assignment]
        if same_on_every_call(value, function, loop, model, instance, params, passed):
            yield value, as_written(stmt.targets[0], target, model.source)  # type: ignore[attr-defined]


def _stepped_by_another_function(
    called: tuple[ast.FunctionDef, ast.Call], target: str, passed: dict[str, ast.expr], loop: ast.AST, model: ModuleModel
) -> tuple[int, list[str]] | None:
    """The handed-object twin of `_stepped_by_another_method`: an epoch hook `epoch_begin(env,
    epoch)` that builds `env["scaler"]` (or `env.scaler`), and one other function of the module
    the loop also calls with the same name (`train_step(env, i, x, y)`, in the loop or a loop
    inside it) that steps with that member of its parameter and binds no member of that name
    (so do the optimizers it steps: members of the same object the hook does not build).
    None when no such function, when two do, or when the hook loads a state."""
    function, call = called
    member = member_of(target)
    if member is None or call.func.__class__ is not ast.Name:
        return None
    root, name = member
    handed = passed.get(root)
    if not isinstance(handed, ast.Name):
        return None
    if any(n.__class__ is ast.Call and method_name(n) == "load_state_dict" for n in own_nodes(function)):  # type: ignore[arg-type]
        return None
    rebuilt = {
        m for n in ast_walk(function) if n.__class__ in (ast.Attribute, ast.Subscript) and not isinstance(n.ctx, ast.Load)  # type: ignore[attr-defined]
        and (m := member_key(n)) is not None
    }  # fmt: skip
    found: list[tuple[int, list[str]]] = []
    for node in own_nodes(loop):
        if node.__class__ is not ast.Call or node is call or node.func.__class__ is not ast.Name:  # type: ignore[attr-defined]
            continue
        info = model.facts.module_functions.get(node.func.id)  # type: ignore[attr-defined]
        if info is None or info.class_name is not None or not isinstance(info.node, ast.FunctionDef) or info.node is function:
            continue
        other = info.node
        arguments = other.args
        if arguments.vararg is not None or arguments.kwarg is not None or any(a.__class__ is ast.Starred for a in node.args):  # type: ignore[attr-defined]
            continue
        positional_params = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
        given = dict(zip(positional_params, node.args))  # type: ignore[attr-defined]
        given.update({k.arg: k.value for k in node.keywords if k.arg is not None})  # type: ignore[attr-defined]
        holders = [p for p, v in given.items() if isinstance(v, ast.Name) and v.id == handed.id]
        if len(holders) != 1:
            continue
        param = holders[0]
        own = target.replace(root, param, 1)  # (`env["scaler"]` as the other function names it)
        if any(
            n.__class__ in (ast.Attribute, ast.Subscript) and not isinstance(n.ctx, ast.Load) and _member_of_name(n, param) == name  # type: ignore[attr-defined]
            for n in ast_walk(other)
        ):  # fmt: skip
            return None  # (it binds the scaler too)
        steps = _steps_with(other, own, None)
        if steps is None:
            continue
        if any(key is None or member_of(key) is None or member_of(key)[0] != param for key in steps[1]):  # type: ignore[index]
            return None  # (an optimizer not of the handed object: not read)
        if any(key.replace(param, root, 1) in rebuilt for key in steps[1]):
            return None  # (the hook builds the optimizer again too: a new run, whose own scaler is right)
        found.append(steps)
    return found[0] if len(found) == 1 else None


def _member_of_name(node: ast.AST, root: str) -> str | None:
    """`root.member` or `root["member"]`: the member."""
    key = member_key(node)
    parts = member_of(key) if key is not None else None
    return parts[1] if parts is not None and parts[0] == root else None


def _stepped_by_another_method(
    called: tuple[ast.FunctionDef, ast.Call], target: str, instance: str, loop: ast.AST, model: ModuleModel
) -> tuple[int, list[str]] | None:
    """A hook that builds `self.scaler` (`on_epoch_start`), called on every iteration of a
    method's loop, and another method of the object the loop also calls (in the loop or a loop
    inside it, `self.training_step(x, y)`: read as `called_method` reads it, the one override of
    a stub too) that steps with `self.scaler` and binds it nowhere: the optimizers it steps (as
    `_steps_with` gives them). None when no such method, when two do, when the hook loads a
    state into anything (`self.scaler.load_state_dict(...)`: a run resumed), or when it builds
    one of those optimizers again (a new run)."""
    function, call = called
    if call.func.__class__ is not ast.Attribute or call.func.value.__class__ is not ast.Name:  # type: ignore[attr-defined]
        return None  # (`self(x, y)` running the class's `__call__`: its other calls are not read)
    if any(n.__class__ is ast.Call and method_name(n) == "load_state_dict" for n in own_nodes(function)):  # type: ignore[arg-type]
        return None
    found: list[tuple[int, list[str]]] = []
    for node in own_nodes(loop):
        if node.__class__ is not ast.Call or node is call or not isinstance(node.func, ast.Attribute):  # type: ignore[attr-defined]
            continue
        if not (isinstance(node.func.value, ast.Name) and node.func.value.id == call.func.value.id):  # type: ignore[attr-defined]
            continue
        other = called_method(ast.Expr(node), loop, model, (target.split(".", 1)[1],))  # type: ignore[arg-type]
        if other is None or not other[0].args.args or other[0].args.args[0].arg != instance:
            continue
        if any(isinstance(n, ast.Attribute) and not isinstance(n.ctx, ast.Load) and dotted(n) == target for n in ast_walk(other[0])):
            return None  # (it binds the scaler too)
        steps = _steps_with(other[0], target, None)
        if steps is not None:
            found.append(steps)
    if len(found) != 1:
        return None
    rebuilt = {dotted(n) for n in ast_walk(function) if isinstance(n, ast.Attribute) and not isinstance(n.ctx, ast.Load)}
    if any(key in rebuilt for key in found[0][1]):
        return None  # (the hook builds the optimizer again too: a new run, whose own scaler is right)
    return found[0]


def _fix(stmt: ast.Assign | ast.AnnAssign, target: str, loop: ast.AST, model: ModuleModel) -> Fix | None:
    source = model.source
    if not source.alone_on_lines(stmt) or run_per_iteration(stmt, model):
        return None  # (in a function a loop calls per iteration: moved, still built per call)
    before = _outermost_loop(stmt, target, loop, model)
    if "[" in target:
        return move_item_before(stmt, target, before, model)
    index = assignments(model)
    if any(binding.statement is not stmt for binding in index.bindings(target, index.scope_of(stmt))):
        if repeated_before(stmt, target, before, model) and not _read_before(before, target, stmt):
            # the same construction, written the same, already before the loops
            return Fix([RemoveStatement(stmt, keep_comments=False)], Safety.SAFE)  # type: ignore[arg-type]
        return None  # built elsewhere too: which one the loop should keep is not ours to say
    return move_before(stmt, before, model)


def _read_before(loop: ast.AST, target: str, stmt: ast.stmt) -> bool:
    """The loop reads `target` before the statement that builds it."""
    built = (stmt.lineno, stmt.col_offset)
    return any(
        isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id == target and (node.lineno, node.col_offset) < built
        for node in ast_walk(loop)
    )  # fmt: skip


def _outermost_loop(stmt: ast.Assign | ast.AnnAssign, target: str, loop: ast.AST, model: ModuleModel) -> ast.AST:
    """Where the construction goes: before `loop`, or before the loops around it that run it on
    every iteration (through `with` and `try` blocks), read nothing the construction reads as
    changed, build no new optimizer for the scaler, and may run more than once: moved only
    before the batch loop, the scaler would still start over on every epoch."""
    where = loop
    while True:
        outer = loop_around(where, model)
        if outer is None or ends_early(outer):
            return where
        if reads_what_the_loop_changes(stmt.value, outer) or _stepped_with(outer, target, model) is None:  # type: ignore[arg-type]
            return where
        where = outer


def _handed_key(value: ast.expr, rest: str) -> str | None:
    """The caller's key for `param.rest` in a function, `value` what the call hands `param`
    (`self.opt` for `opt` given `self.opt`); None when the argument is no plain name."""
    base = dotted(value)
    return None if base is None else base + ("." + rest if rest else "")


def _passed(params: list[str], call: ast.Call) -> dict[str, ast.expr]:
    """What the call hands each parameter: by position, then by keyword."""
    passed: dict[str, ast.expr] = dict(zip(params, call.args))
    passed.update({k.arg: k.value for k in call.keywords if k.arg is not None})
    return passed
