from __future__ import annotations

from gradfix import syntax as ast
from itertools import chain

from gradfix.analysis.assignments import assignments
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.names import call_name, dotted, positional
from gradfix.patterns import lazily
from gradfix.source import LOOPS
from gradfix.transforms._placement import statement_containing
from gradfix.transforms._rebuilt import (
    held_in_a_handed_object,
    as_written,
    member_key,
    move_item_before,
    reads_items_the_loop_stores,
    of_the_instance,
    call_parameters,
    rebound_declared,
    called_function,
    called_method,
    expression_calls,
    called_on_instance,
    called_class_method,
    staying_arms,
    chosen_arms,
    functions_holding,
    lines_saying,
    with_partial_aliases,
    ends_early,
    every_iteration,
    its_test,
    loop_around,
    loops,
    messages,
    move_before,
    run_per_iteration,
    reads_what_the_loop_changes,
    same_on_every_call,
    stepped_in,
)
from gradfix.transforms._factory import built_through_factories, factories, same_for_loop
from gradfix.transforms.apply import statement_lines
from gradfix.transforms.base import Finding, Fix, InsertStatements, RemoveStatement, Rule, Safety
from gradfix.walk import ast_walk, own_nodes

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator

# torch's schedulers whose schedule a new instance starts over, with the position of their
# `last_epoch` argument (a scheduler built with one resumes where it is told); None: it has none
_TORCH_SCHEDULERS: dict[str, int | None] = {
    "LambdaLR": 2, "StepLR": 3, "MultiStepLR": 3, "ConstantLR": 3, "LinearLR": 4, "CosineAnnealingLR": 3,
    "CosineAnnealingWarmRestarts": 4, "PolynomialLR": 3, "OneCycleLR": 13, "CyclicLR": 12, "ReduceLROnPlateau": None,
}  # fmt: skip
# transformers' schedules (a LambdaLR each), with the position of `last_epoch`
_TRANSFORMERS_SCHEDULES: dict[str, int] = {
    "get_linear_schedule_with_warmup": 3, "get_cosine_schedule_with_warmup": 4,
    "get_cosine_with_hard_restarts_schedule_with_warmup": 4, "get_polynomial_decay_schedule_with_warmup": 5,
    "get_constant_schedule_with_warmup": 2, "get_inverse_sqrt_schedule": 3,
}  # fmt: skip
# what the text of a module building such a scheduler says (`StepLR(`, `get_..._schedule_with_warmup(`,
# a factory of the module returning one, `return CosineAnnealingLR(`)
_BUILDS = (b"LR(", b"Restarts(", b"Plateau(", b"_schedule_with_warmup(", b"_sqrt_schedule(")
_BUILD_WORDS = tuple(word.decode() for word in _BUILDS)


class SchedulerRebuiltEachIteration(Rule):
    """
    A learning-rate scheduler built again on every iteration of the loop that steps it.

    ## What it does
    Finds a scheduler of torch (`torch.optim.lr_scheduler.StepLR`, `MultiStepLR`,
    `CosineAnnealingLR`, `LambdaLR`, `OneCycleLR`, `ReduceLROnPlateau` ...; `torch.optim.swa_utils.SWALR`
    when it anneals over more than one step, `anneal_epochs` absent or a literal above 1) or of transformers
    (`get_linear_schedule_with_warmup(...)` and its kin), or by a function of the module every
    `return` of which builds one (`scheduler = build_scheduler(optimizer, cfg)`; also one
    imported from another module of the project and named like a scheduler builder, `from
    utils.optim import build_scheduler`, or called through its module, `optim_utils.build_scheduler(...)`), or through a
    `functools.partial` of one (`scheduler = make(optimizer)` with `make = partial(MultiStepLR,
    milestones=[30])`, the one binding of `make` the call sees), or through a registry whose
    entries are statically known (`SCHEDULERS[cfg["name"]](optimizer, 10)`, a dict literal of
    torch's schedulers bound once at the top of the module or of a module of the project it is
    imported from, never written to, every entry one that starts over: no `StepLR`, no
    `last_epoch`, nothing spread by `**`), that is built (into a name, an attribute, or a
    string-keyed item of a dict of components, `parts["sched"] = LambdaLR(parts["opt"], ...)`,
    reading no item the loop stores) by a statement of a loop's body, run on every iteration (not under an `if`; also in a
    `with` or `try` block; in a `while` loop run as a state machine, also in an arm that changes
    the state only under an `if` of its own, with no fix; in the method of an entry of a module
    dict of instances the loop calls through a name it never binds, `phase = PHASES[name]` ...
    `phase.batch(...)`, also with no fix), and stepped by the same loop's body
    (`scheduler.step()`, not in a loop of its own): each scheduler lives one iteration and is
    stepped once. So is a `SequentialLR` (or `ChainedScheduler`) stepped by the loop's body
    and built right after the statements of the body that build each of its parts
    (`warmup = LinearLR(...)`; `cosine = CosineAnnealingLR(...)`; `scheduler =
    SequentialLR(optimizer, schedulers=[warmup, cosine], milestones=[3])`), each part a
    scheduler that starts over, its name read in the loop only in that list; the fix moves
    the three statements before the loop, in order. Also a function of the module (or the
    closure a factory of the module returns, `train_batch, report = make_steps(net, lr)`, bound
    outside any loop or branch) that a statement of a loop's body calls by its
    name on every iteration (`for epoch in range(E): train_epoch(model, optimizer, loader)`; also a
    call the statement makes whenever it runs, `history.append(train_epoch(...))`)
    and that builds such a scheduler into a name of its own (or an attribute of the instance,
    `self.sched`, or of an object the instance holds that the function does not bind,
    `self.state.sched`, or a member of an object handed to every call, `ctx.sched` or
    `env["sched"]` of a namespace or a dict the loop hands by one name it never rebinds) on
    every call and steps it
    (`def train_epoch(...): scheduler = CosineAnnealingLR(optimizer, T_max=E)` ...
    `scheduler.step()`), from what stays the same from call to call (a member of the handed
    object that the construction reads, `env["opt"]`, stored by no statement of the module
    but those of a set-up function the loop's function calls before the loop, `prepare(env)`); so is a method of the
    loop's class called on `self` (`for epoch in range(self.epochs): self.train_epoch(loader)`,
    not a decorated method but a static one on `self`, which may also be the class's `__call__` run by `self(x)` or a static method by the class's name, `Trainer.step(...)`, or a `@classmethod` by the class's name, `Recipe.step(i, x, y)` (its `cls.` attributes read as the same from call to call unless the loop, the method or a function either calls by name binds them), or a closure a function of the module hands back in a dict or a `types.SimpleNamespace` (`steps["train"](x, y)`), or the method a `__call__` only forwards to, `return Trainer.train_step(self.model, x)`; none that a subclass of the file may override, but the one
    override, in a class of the file deriving from it, of a method the loop's class writes as a
    stub (`raise NotImplementedError`, `pass`) or lacks, when the module never builds the loop's
    class itself: `self.training_step(batch)` in a `BaseTrainer.fit()`), whose construction
    reads attributes of `self` only when nothing but the `__init__` of the class or of its bases
    of the file binds them (no other method, no `trainer.milestones = ...`, no `setattr` in the
    module); so is a method called on a name the module binds only to instances of one class of
    the file (`stepper = Stepper(net, opt)` ... `stepper.step(x, y)`), and the `__call__` that
    class defines itself, run by calling such a name (`step = TrainStep(net, opt)` ... `step(x,
    y)`; a class with no base but `object`, the name bound by plain assignments only). An
    attribute bound in the `__init__` of another class of the file (an `Evaluator`'s
    `self.model`) is not one of `self`'s.
    A loop may also be written as an expression calling such a function on each item: a list,
    set or dict comprehension with one generator and no condition whose element is the call
    (`losses = [train_step(x, y) for x, y in loader]`), such a generator handed alone to a call
    that runs it to its end (`sum(train_step(b) for b in batches)`, also `list`, `tuple`, `set`,
    `sorted`, `min`, `max`), or `map(train_step, ...)` so handed (`list(map(train_step,
    itertools.count(), loader))`); not one in an arm of `a if t else b` or a later operand of
    `and`/`or`.

    Also a statement the loop runs on every iteration (not under an `if`; also in a `with` or
    `try` block) binding a name or an attribute the same loop's body steps (with) to a call
    of a factory, a function of the module called by its name, a method of the loop's class
    called on `self` or a method of the class of an object the loop calls it on, whose whole
    body hands back a new scheduler that starts over (the kinds above), `return ...` or a local bound to it then returned, from what
    stays the same from call to call (the call's arguments, the attributes of `self` only
    `__init__` binds, the module's names the loop does not change). Not a factory with any
    other statement (a cache, `if self._x is None: ...`, branches, a side effect), a
    decorator, nor when the loop binds the name otherwise too.

    Also a timm scheduler (`sched, _ = create_scheduler_v2(opt, "cosine", ...)` with a literal
    kind other than `"plateau"`, or `CosineLRScheduler`, `TanhLRScheduler`, `StepLRScheduler`,
    `MultiStepLRScheduler`, `PolyLRScheduler`) built by a statement at the top level of a loop's
    body and stepped in the loop only after a later statement of the body backpropagates and
    steps the optimizer (also by calling a function of the module by its name, or a method of
    the loop's class on `self`, whose own body does both: `train_one_epoch(model, opt, loader)`,
    `self.train_epoch()`) (`sched.step(epoch + 1)`, timm's convention): timm's constructor writes
    its first rate into the optimizer (the warm-up's `warmup_lr_init`, or the optimizer's initial
    rate), so every iteration trains at that rate. Built and then stepped before the training
    (`sched.step(epoch)`), a new one sets the rate one built once would: not reported.

    ## Why is this bad?
    A new scheduler starts its schedule over: it counts its steps from zero and sets the
    learning rate back to where the schedule begins. Built on every epoch, a cosine or a
    warm-up schedule never gets past its first step, a `StepLR(step_size=30)` never decays, a
    `MultiStepLR` whose first milestone is 1 decays on every epoch, and a `ReduceLROnPlateau`
    forgets how long the loss has not improved and never reduces. Nothing warns; training runs
    at the wrong learning rate.

    ## Example
    ```python
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=epochs)
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
        scheduler.step()
    ```

    ## Use instead
    ```python
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=epochs)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
        scheduler.step()
    ```

    ## Fix safety
    The fix moves the statement that builds the scheduler (with the comments above it) to just
    before the loop; a schedule lasting the batches of several epochs (`num_training_steps=EPOCHS *
    len(loader)`, also `2 * len(loader)`), or one with no length (`LambdaLR`, a `StepLR` or
    `MultiStepLR` counting its steps to the next decay), built in the batch loop of an epoch loop
    goes before the epoch loop (built before the batch loop it would still start over each
    epoch), and gets no fix
    when it reads what the epoch loop changes. It is safe: every name the construction reads is
    bound before the loop and not changed in it, so it builds the same scheduler once, at the learning rate the first
    iteration built it at. No fix when the construction sits in a `with` or `try` block of the
    loop, when the loop's body writes learning rates into the parameter groups itself, or when
    the name is bound elsewhere in the function (a dict's item: stored elsewhere in the
    function, read by the loop before it is built, or the dict bound again in the loop) -- but for `sched = None` placeholders before
    that loop, outside it and in no loop that does not hold them too, when the loop reads the
    name nowhere before the construction (the moved construction then runs after them; a
    placeholder before the epoch loop of a per-batch rebuild says one scheduler across epochs,
    which a move before the batch loop would not give: no fix). No fix either when the loop sits
    in a function that a loop of the module runs on every iteration (`state = train_epoch(state)`
    per epoch, a template method's override its base class's loop calls on `self`): moved to the
    top of its loop there, the scheduler would still be built once per call. A scheduler built in a function the loop calls
    is reported without a fix: building it once means handing it in, a change of the function's
    signature and of its callers.
    A call of a factory (`sched = self.make_sched()`) moves the same way, before the loop,
    when no loop runs that loop on every iteration (whether the schedule was meant to span
    the epochs is not read through the factory: no fix in a batch loop of an epoch loop),
    nor when it sits in a `with` or `try` block.

    Not reported when the construction reads anything the loop changes (its variable, a counter,
    an attribute it assigns: `PolyLR(optimizer, cur_iter=i)` is rebuilt on purpose), when it
    resumes (`last_epoch=`), when the optimizer itself is built again in the loop (a new run per
    fold or task), when it is built under an `if` (once, at some epoch), nor when the scheduler
    is stepped in a loop of its own inside the loop (a restart per pass may be meant) unless
    it lasts the batches of several epochs and is stepped in the batch loop of the loop that
    builds it (`OneCycleLR(..., epochs=EPOCHS, steps_per_epoch=len(loader))`, `T_max=EPOCHS *
    len(loader)` built in the epoch loop: only the first epoch's part of it ever runs; also a
    horizon that is the count of passes of the `for _ in range(count)` loop building it times
    another count, `T_max=steps_per_epoch * epochs` in `for epoch in range(epochs)`). Not
    reported for `ExponentialLR`, `MultiplicativeLR` and `StepLR(step_size=1)` (or a `StepLR`
    whose step size is not written as a number), which multiply the current learning rate and
    so follow the same rates when rebuilt, nor for a scheduler class of the project, nor in a
    loop whose body ends in a `break` or `return` of its own (one iteration). In a function the
    loop calls, not reported when the construction reads what the function binds (the optimizer
    built again on every call: a new run each time), a parameter the call leaves to its default
    or hands something the loop changes (`T_max=epochs_left`), a name some function of the
    module declares `global` or `nonlocal` and binds (a function declaring names is read), nor
    in a function that may return early. A function handed to Ignite's `Engine(...)` is called
    once per batch: a scheduler it builds into a local name at its own top level and steps in
    the same call, from none of its parameters (the engine, the batch), nothing it binds before
    and no attribute of `self`, is reported the same (no fix); not in a function that loads a
    state. So is a LightningModule's `training_step` under manual optimization (the module says
    `automatic_optimization`; Lightning calls it once per batch) that builds a scheduler over the
    optimizer `self.optimizers()` hands it (`opt = self.optimizers()` ... `StepLR(opt.optimizer,
    ...)`, the same optimizer at every call) and steps it: take it from `self.lr_schedulers()`.
    """

    code = "GF025"
    name = "scheduler-rebuilt-each-iteration"
    message, called_message = messages(
        "steps it", "each new scheduler starts its schedule over, so the learning rate never follows it"
    )
    framework_message = (
        "`{target}` is built again on every call of `{function}`, which the framework it is handed to (`{framework}`) "
        "calls once per batch: each new scheduler starts its schedule over, so the learning rate never follows it; "
        "build it once outside the function"
    )
    factory_message = (
        "`{target}` is built again on every iteration of the loop that steps it, by `{function}`, which hands back a"
        " new scheduler on every call: each new scheduler starts its schedule over, so the learning rate never"
        " follows it; build it once before the loop"
    )
    lightning_message = (
        "`{target}` is built again on every call of `training_step`, which Lightning calls once per batch under manual"
        " optimization: each new scheduler starts its schedule over, so the learning rate never follows it; return it"
        " from `configure_optimizers` and take it from `self.lr_schedulers()`"
    )
    timm_message = (
        "`{target}` is built again on every iteration of the loop that steps it, after the training: a timm"
        " scheduler writes its first rate into the optimizer when built, so every iteration trains at that rate"
        " and the schedule never applies; build it once before the loop"
    )
    safety = Safety.SAFE

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        source = model.source
        data = source.data
        builds = any(word in data for word in _BUILDS)
        timm = b"timm" in data and (b"create_scheduler" in data or b"LRScheduler(" in data)
        if timm:
            yield from self._timm_rebuilt(model)
        if not builds and b"partial(" not in data and not (
            model.facts.project is not None and b"sched" in data and _PROJECT_BUILDER.search(data)
        ) and not ((b"](" in data or b".get(" in data) and _REGISTRY_CALL.search(data)) and not (
            b" as " in data and _renamed_scheduler(model)
        ):
            return  # (`partial(MultiStepLR, ...)` names the scheduler without `LR(`; a builder of
            # another module of the project, `build_scheduler(optimizer, cfg)`, neither, nor a
            # registry, `SCHEDULERS[name](optimizer)`)
        if builds and b"return" in data:
            yield from self._through_factories(model)
        reported: set[int] = set()
        lightning = b"automatic_optimization" in data and b"def training_step" in data
        if builds and (b"Engine(" in data or lightning):
            # `Engine(update)`: Ignite calls the process function once per batch; Lightning a
            # LightningModule's `training_step` under manual optimization
            for built, target, function in _rebuilt_per_framework_call(model, engine=b"Engine(" in data, lightning=lightning):
                reported.add(id(built))
                template = self.lightning_message if function == "training_step" else self.framework_message
                yield Finding(self.code, template.format(target=target, function=function, framework="Engine"), built)
        # (a loop written as an expression is a statement saying ` for `, or `map(`; a text
        # saying none of `_BUILDS` holds no line saying one, so no function that may build)
        expressions = expression_calls(model, with_partial_aliases(functions_holding(model, lines_saying(data, _BUILDS)), model), _BUILD_WORDS) if builds and (model.facts.says_for or b"map(" in data or model.facts.says_reduce_at) else ()
        for loop, called in expressions:
            # `losses = [train_step(x, y) for x, y in loader]`: what the call the expression makes per item runs
            for built, target in _rebuilt_per_call(called, loop, model):
                if id(built) not in reported:
                    reported.add(id(built))
                    yield Finding(self.code, self.called_message.format(target=target, function=called[0].name, line=loop.lineno), built)  # type: ignore[index]
        for loop in loops(source.tree.body):
            if ends_early(loop):
                continue  # one iteration at most
            for stmt, direct in chain(its_test(loop, False), every_iteration(loop.body), *(every_iteration(arm, False) for arm in [*staying_arms(loop), *chosen_arms(loop, model)])):  # type: ignore[attr-defined]
                called = (
                    called_function(stmt, model, _BUILD_WORDS) or called_method(stmt, loop, model, _BUILD_WORDS)
                    or called_on_instance(stmt, model, _BUILD_WORDS) or called_class_method(stmt, model, _BUILD_WORDS)
                )  # fmt: skip
                if called is not None:
                    for built, target in _rebuilt_per_call(called, loop, model):
                        if id(built) not in reported:
                            reported.add(id(built))
                            yield Finding(
                                self.code,
                                self.called_message.format(target=target, function=called[0].name, line=loop.lineno),  # type: ignore[attr-defined]
                                built,
                            )
                if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
                    target = dotted(stmt.targets[0])
                    if target is None and stmt.targets[0].__class__ is ast.Subscript:
                        target = member_key(stmt.targets[0])  # `parts["sched"]`, an item of a dict of components
                elif isinstance(stmt, ast.AnnAssign):
                    target = dotted(stmt.target)  # `scheduler: StepLR = StepLR(...)`
                else:
                    continue
                if not isinstance(stmt.value, ast.Call) or target is None:
                    continue
                if direct and isinstance(stmt, ast.Assign) and "[" not in target:
                    parts = _composite_rebuilt_with_its_parts(stmt, target, loop, model)
                    if parts is not None:
                        yield Finding(self.code, self.message.format(target=target), stmt.value, fix=_composite_fix(stmt, target, parts, loop, model))
                        continue
                if not _restarting_scheduler(stmt.value, model):
                    continue
                if not stepped_in(loop, target) and not (_spans_epochs(stmt.value, model, passes=_passes(loop)) and stepped_in(loop, target, 1)):
                    continue  # (stepped in a loop of its own: a restart per pass may be meant, unless it lasts several)
                if reads_what_the_loop_changes(stmt.value, loop) or ("[" in target and reads_items_the_loop_stores(stmt.value, loop)):
                    continue
                yield Finding(
                    self.code,
                    self.message.format(target=as_written(stmt.targets[0], target, source) if "[" in target else target),  # type: ignore[union-attr]
                    stmt.value,
                    fix=_fix(stmt, target, loop, model) if direct else None,
                )

    def _timm_rebuilt(self, model: ModuleModel) -> Iterator[Finding]:
        """A timm scheduler (`sched, _ = create_scheduler_v2(opt, ...)`, `CosineLRScheduler(opt,
        ...)`) built at the top level of a loop's body, stepped in the loop (`sched.step(epoch +
        1)`) only after the training of the iteration: its constructor writes its first rate
        (the warm-up's, or the optimizer's initial one) into the optimizer, so every iteration
        trains at that rate and the schedule never applies. Built and then stepped before the
        training (`sched.step(epoch)`), a new one sets the same rate as one built once: silent."""
        source = model.source
        for loop in loops(source.tree.body):
            if ends_early(loop):
                continue
            body = loop.body  # type: ignore[attr-defined]
            for position, stmt in enumerate(body):
                target = _timm_scheduler_target(stmt, model)
                if target is None or not stepped_in(loop, target) or reads_what_the_loop_changes(stmt.value, loop):  # type: ignore[attr-defined]
                    continue
                if not _trains_before_stepping(body[position + 1 :], target, source, loop, model):
                    continue
                yield Finding(
                    self.code,
                    self.timm_message.format(target=target),
                    stmt.value,  # type: ignore[attr-defined]
                    fix=_fix(stmt, target, loop, model),  # type: ignore[arg-type]
                )

    def _through_factories(self, model: ModuleModel) -> Iterator[Finding]:
        """`sched = self.make_sched()` on every iteration of the loop that steps `sched`, the
        factory (a method, or a function binding a local then returning it: those
        `_restarting_scheduler` does not read) handing back a new scheduler that starts over on
        every call (`_factory`). Fixed only in a loop with no loop around it (whether the
        schedule was meant to span the epochs is not read through the factory)."""
        made = factories(model, lambda call: _restarting_scheduler(call, model, factory=False))
        for loop, stmt, target, function, construction, direct in built_through_factories(model, made, stepped_in):
            if _restarting_scheduler(stmt.value, model):
                continue  # (a function of the module returning one: read by the rule's own walk)
            fix = None
            if direct and loop_around(loop, model) is None and same_for_loop(construction, function, stmt, loop, model):
                fix = _fix(stmt, target, loop, model)
            yield Finding(self.code, self.factory_message.format(target=target, function=function.name), stmt.value, fix=fix)


def _rebuilt_per_call(called: tuple[ast.FunctionDef, ast.Call], loop: ast.AST, model: ModuleModel) -> Iterator[tuple[ast.Call, str]]:
    """The schedulers a function called on every iteration of `loop` builds into a name of its
    own on every call and steps once per call (or, lasting several epochs, in its batch loop),
    from what stays the same from call to call: nothing the function itself binds before (the
    optimizer built again per call, a counter), no parameter the call hands something the loop
    changes (the epoch), no global the loop changes, no name a function of the module declares
    `global` or `nonlocal` and binds. A function that may end early (a `return` before the end)
    is not read."""
    function = called[0]
    parameters = call_parameters(called, declared=True)
    if parameters is None or any(isinstance(stmt, ast.Return) for stmt in function.body[:-1]):
        return
    instance, params, passed = parameters
    declared = rebound_declared(model)
    for stmt, _ in every_iteration(function.body):
        if not isinstance(stmt, ast.Assign) or len(stmt.targets) != 1:
            continue
        target = dotted(stmt.targets[0])  # a name, or an attribute of the instance (`self.sched`)
        if target is None and isinstance(stmt.targets[0], ast.Subscript):
            target = member_key(stmt.targets[0])  # `env["sched"]`, of a dict handed on every call
        if target is None:
            continue
        if ("." in target or "[" in target) and not of_the_instance(target, instance, function):
            if not held_in_a_handed_object(target, stmt.value, loop, model, params, passed):  # type: ignore[arg-type]
                continue  # (an attribute of something but the instance, or of one object handed on every call)
        if target in params or not isinstance(stmt.value, ast.Call) or not _restarting_scheduler(stmt.value, model):
            continue
        if not stepped_in(function, target) and not (_spans_epochs(stmt.value, model) and stepped_in(function, target, 1)):
            continue
        if declared and any(isinstance(node, ast.Name) and node.id in declared for node in ast_walk(stmt.value)):
            continue
        if same_on_every_call(stmt.value, function, loop, model, instance, params, passed):
            yield stmt.value, as_written(stmt.targets[0], target, model.source)


def _rebuilt_per_framework_call(model: ModuleModel, engine: bool = True, lightning: bool = False) -> Iterator[tuple[ast.Call, str, str]]:
    """The schedulers a process function handed to Ignite's `Engine(...)` (a plain function of
    the module: `steps._framework_calls_per_batch`) builds into a local name on every call, at
    its own top level, and steps in the same call, reading no parameter (the engine, the
    batch), nothing the function binds before it (an optimizer built again per call: GF030's),
    no name a function of the module declares `global` and binds, and no attribute; none in a
    function that loads a state or may end early. With `lightning`, also a LightningModule's
    `training_step` (under manual optimization), where `self` may be read only as
    `self.optimizers()` and the names bound before only to it (`opt = self.optimizers()`,
    `opt_a, opt_b = self.optimizers()`): the same optimizers at every call."""
    from gradfix.analysis.steps import _framework_calls_per_batch

    facts = model.facts
    declared = rebound_declared(model)
    infos = [(name, info, False) for name, info in sorted(facts.module_functions.items()) if info.class_name is None] if engine else []
    if lightning:
        # a LightningModule's `training_step` under manual optimization (the only method read)
        infos += [("training_step", methods["training_step"], True) for _, methods in sorted(facts.methods.items()) if "training_step" in methods]
    for name, info, method in infos:
        if info.source is not None and info.source is not model.source:
            continue
        function = info.node
        text = model.source.segment(function)
        if any(isinstance(stmt, ast.Return) for stmt in function.body[:-1]) or "load_state_dict" in text or "reset_parameters" in text:
            continue
        if not _framework_calls_per_batch(model, info):
            continue
        params = {a.arg for a in ast_walk(function.args) if a.__class__ is ast.arg}
        handed: set[str] = set()  # names bound only to `self.optimizers()` (a training_step)
        bound: set[str] = set()
        for stmt in function.body:
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and isinstance(stmt.value, ast.Call):
                target = stmt.targets[0].id
                value = stmt.value
                read = {node.id for node in ast_walk(value) if isinstance(node, ast.Name)}
                if method:
                    read -= handed  # the optimizers Lightning hands, the same at every call
                    if _reads_self_only_for_optimizers(value):
                        read.discard("self")  # `StepLR(self.optimizers(), ...)`
                if (
                    _restarting_scheduler(value, model)
                    and target not in params
                    and stepped_in(function, target)
                    and not read & (params | declared | bound)
                    and not (not method and any(isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self" for node in ast_walk(value)))
                    and not (reads_what_the_loop_changes(value, function) and not (method and _changes_only_handed(value, function, handed)))
                ):
                    yield value, target, name
            if method and _optimizers_of_the_module(stmt):
                handed |= {node.id for node in ast_walk(stmt.targets[0]) if isinstance(node, ast.Name)}  # type: ignore[attr-defined]
            for node in ast_walk(stmt):
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                    bound.add(node.id)
                    if not (method and _optimizers_of_the_module(stmt)):
                        handed.discard(node.id)


def _changes_only_handed(value: ast.Call, function: ast.AST, handed: set[str]) -> bool:
    """What the construction reads that the function binds is only the names bound to
    `self.optimizers()` (`StepLR(opt.optimizer, ...)` after `opt = self.optimizers()`), no
    attribute of which the function sets."""
    stored: set[str] = set()
    for node in ast_walk(function):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            stored.add(node.id)
        elif isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
            key = dotted(node)
            if key is None or key.split(".", 1)[0] in handed:
                return False
    return all(node.id in handed for node in ast_walk(value) if isinstance(node, ast.Name) and node.id in stored)


def _self_optimizers_call(node: ast.AST) -> bool:
    """`self.optimizers()` (no argument): the optimizers Lightning hands a LightningModule."""
    return (
        isinstance(node, ast.Call) and not node.args and not node.keywords and isinstance(node.func, ast.Attribute)
        and node.func.attr == "optimizers" and isinstance(node.func.value, ast.Name) and node.func.value.id == "self"
    )  # fmt: skip


def _optimizers_of_the_module(stmt: ast.stmt) -> bool:
    """`opt = self.optimizers()` or `opt_a, opt_b = self.optimizers()` (names only)."""
    if not isinstance(stmt, ast.Assign) or len(stmt.targets) != 1 or not _self_optimizers_call(stmt.value):
        return False
    target = stmt.targets[0]
    return isinstance(target, ast.Name) or (isinstance(target, ast.Tuple) and all(isinstance(e, ast.Name) for e in target.elts))


def _reads_self_only_for_optimizers(value: ast.Call) -> bool:
    """Every `self` the construction reads is the receiver of `self.optimizers()`."""
    selves = [node for node in ast_walk(value) if isinstance(node, ast.Name) and node.id == "self"]
    return len(selves) == sum(1 for node in ast_walk(value) if _self_optimizers_call(node))


def _renamed_scheduler(model: ModuleModel) -> bool:
    """The module imports one of torch's or transformers' schedulers under another name
    (`from torch.optim.lr_scheduler import CosineAnnealingLR as Cosine`): its calls say no
    `LR(`."""
    for local, qualified in model.facts.imports.aliases.items():
        module, _, last = qualified.rpartition(".")
        if local != last and (
            (module == "torch.optim.lr_scheduler" and last in _TORCH_SCHEDULERS)
            or (module == "torch.optim.swa_utils" and last == "SWALR")
            or (module.split(".", 1)[0] == "transformers" and last in _TRANSFORMERS_SCHEDULES)
        ):
            return True
    return False


def _swalr_anneals(call: ast.Call) -> bool:
    """torch's `SWALR(optimizer, swa_lr, anneal_epochs=10, ...)` anneals over more than one
    step: a new one starts its annealing over from the current rate (with `anneal_epochs` of 0
    or 1 each new one sets `swa_lr` at its first step, as the one built once does); an
    `anneal_epochs` that is not a literal is not read."""
    arguments = positional(call)
    epochs = next((k.value for k in call.keywords if k.arg == "anneal_epochs"), arguments[2] if len(arguments) > 2 else None)
    if epochs is None:
        return True  # (torch's default: 10)
    return isinstance(epochs, ast.Constant) and type(epochs.value) is int and epochs.value > 1


def _restarting_scheduler(call: ast.Call, model: ModuleModel, factory: bool = True) -> bool:
    """A call building one of torch's or transformers' schedulers that starts over (not told
    where to resume, not one that follows the same rates when rebuilt), or (with `factory`) of
    a function of the module every `return` of which builds one."""
    call = _through_partial(call, model)
    if isinstance(call.func, (ast.Subscript, ast.Call)):
        return _restarting_registry(call, model)
    name = call_name(call)
    qualified = model.facts.imports.qualify(name) if name is not None else None
    if qualified is None:
        return False
    module, _, last = qualified.rpartition(".")
    if module == "torch.optim.lr_scheduler" and last in _TORCH_SCHEDULERS:
        resume_at = _TORCH_SCHEDULERS[last]
    elif module == "torch.optim.swa_utils" and last == "SWALR":
        if not _swalr_anneals(call):
            return False
        resume_at = 4
    elif module.split(".", 1)[0] == "transformers" and last in _TRANSFORMERS_SCHEDULES:
        resume_at = _TRANSFORMERS_SCHEDULES[last]
    else:
        return factory and (_factory_of_restarting(qualified, model) or _project_factory_of_restarting(call, model))
    arguments = positional(call)
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None or k.arg == "last_epoch" for k in call.keywords):
        return False
    if resume_at is not None and len(arguments) > resume_at:
        return False
    if last == "StepLR":
        size = next((k.value for k in call.keywords if k.arg == "step_size"), arguments[1] if len(arguments) > 1 else None)
        if not isinstance(size, ast.Constant) or size.value == 1:
            return False  # (a step size of one multiplies the current rate on every step)
    return True


# timm's schedulers whose constructor (timm.scheduler.scheduler.Scheduler.__init__, and the
# warm-up of each) writes a rate into the optimizer's groups; the factories return (scheduler, epochs)
_TIMM_SCHEDULER_CLASSES = ("CosineLRScheduler", "TanhLRScheduler", "StepLRScheduler", "MultiStepLRScheduler", "PolyLRScheduler")
_TIMM_FACTORIES = ("create_scheduler_v2",)


def _timm_scheduler_target(stmt: ast.stmt, model: ModuleModel) -> str | None:
    """`sched, _ = create_scheduler_v2(opt, "cosine", ...)` or `sched = CosineLRScheduler(opt,
    ...)` (timm's, qualified by the file's imports): the name the scheduler is bound to."""
    if not isinstance(stmt, ast.Assign) or len(stmt.targets) != 1 or not isinstance(stmt.value, ast.Call):
        return None
    call = stmt.value
    qualified = model.facts.imports.qualify(call_name(call)) or ""
    if not qualified.startswith("timm."):
        return None
    last = qualified.rsplit(".", 1)[-1]
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    target = stmt.targets[0]
    if last in _TIMM_FACTORIES:
        kind = call.args[1] if len(call.args) > 1 else next((k.value for k in call.keywords if k.arg == "sched"), None)
        if kind is not None and not (isinstance(kind, ast.Constant) and isinstance(kind.value, str) and kind.value != "plateau"):
            return None  # (the kind read from a setting, or the plateau scheduler: not read)
        if not (isinstance(target, ast.Tuple) and len(target.elts) == 2 and isinstance(target.elts[0], ast.Name)):
            return None
        return target.elts[0].id
    if last in _TIMM_SCHEDULER_CLASSES and isinstance(target, ast.Name):
        return target.id
    return None


def _trains_before_stepping(rest: list[ast.stmt], target: str, source, loop: ast.stmt, model: ModuleModel) -> bool:  # type: ignore[no-untyped-def]
    """In the statements after the build, one that backpropagates and steps an optimizer
    (`loss.backward()`, `opt.step()`: a whole inner loop of batches; or a call of a function of
    the module by its name, or of a method of the loop's class on `self`, whose own text does
    both: `train_one_epoch(model, opt, loader)`, `self.train_epoch()`) comes before any that
    names the scheduler; one naming both is not read (silent)."""
    trained = False
    for stmt in rest:
        text = source.segment(stmt)
        if _names(text, target):
            return trained
        if "backward(" in text and ".step(" in text:
            trained = True
        elif not trained and "(" in text:
            called = called_function(stmt, model, _TRAINS) or called_method(stmt, loop, model, _TRAINS)
            trained = called is not None and ".step(" in source.segment(called[0])
    return False


_TRAINS = ("backward(",)  # (what a helper that trains says; its `.step(` is asked after)


def _names(text: str, name: str) -> bool:
    """`name` written in `text` as a whole name (not inside another, nor as an attribute)."""
    at = text.find(name)
    while at != -1:
        before = text[at - 1] if at else " "
        after = text[at + len(name)] if at + len(name) < len(text) else " "
        if not (before.isalnum() or before in "_.") and not (after.isalnum() or after == "_"):
            return True
        at = text.find(name, at + 1)
    return False


def _restarting_registry(call: ast.Call, model: ModuleModel) -> bool:
    """`SCHEDULERS[cfg["name"]](optimizer, ...)` with a registry whose entries are statically
    known (`staleness.registry_classes`: a dict literal of torch's schedulers, never written
    to), every one of which starts over when built again: no `last_epoch` and nothing spread
    (`**cfg` may hold one), fewer positional arguments than any entry's `last_epoch`, and no
    `StepLR` (its step size of one multiplies the current rate) among them."""
    if b"](" not in model.source.data and b".get(" not in model.source.data:
        return False
    from gradfix.analysis.staleness import registry_classes

    classes = registry_classes(call, model, "scheduler")
    if not classes:
        return False
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None or k.arg == "last_epoch" for k in call.keywords):
        return False
    for qualified in classes:
        module, _, last = qualified.rpartition(".")
        if module != "torch.optim.lr_scheduler" or last not in _TORCH_SCHEDULERS or last == "StepLR":
            return False
        resume_at = _TORCH_SCHEDULERS[last]
        if resume_at is not None and len(call.args) > resume_at:
            return False
    return True


def _through_partial(call: ast.Call, model: ModuleModel) -> ast.Call:
    """`make_sched(opt)` with `make_sched = functools.partial(MultiStepLR, milestones=[2])`, the
    one binding of `make_sched` the call sees: the call it makes, `MultiStepLR(opt,
    milestones=[2])`. Any other call as it is."""
    func = call.func
    if not isinstance(func, ast.Name) or "partial(" not in model.source.text:
        return call
    statement = statement_containing(model.source, call)
    if statement is None:
        return call
    index = assignments(model)
    bindings = index.bindings(func.id, index.scope_of(statement))
    value = bindings[0].value if len(bindings) == 1 else None
    if not (isinstance(value, ast.Call) and value.args and model.facts.imports.qualify(call_name(value) or "") == "functools.partial"):
        return call
    if any(isinstance(a, ast.Starred) for a in (*value.args, *call.args)) or any(k.arg is None for k in (*value.keywords, *call.keywords)):
        return call
    whole = ast.Call(func=value.args[0], args=[*value.args[1:], *call.args], keywords=[*value.keywords, *call.keywords])
    return ast.copy_location(whole, call)


def _factory_of_restarting(name: str, model: ModuleModel) -> bool:
    """`name` is a function of the module (`build_scheduler(optimizer, cfg)`) whose every
    `return` builds a scheduler that starts over (`return CosineAnnealingLR(optimizer, ...)`)."""
    info = model.facts.module_functions.get(name)
    if info is None:
        return False
    text = model.source.segment(info.node)
    if "return" not in text or not any(word in text for word in _BUILD_WORDS):
        return False  # (most functions a loop calls build no scheduler: their nodes are not walked)
    returns = [node for node in own_nodes(info.node) if isinstance(node, ast.Return)]
    return bool(returns) and all(
        isinstance(r.value, ast.Call) and _restarting_scheduler(r.value, model, factory=False) for r in returns
    )


def _project_factory_of_restarting(call: ast.Call, model: ModuleModel) -> bool:
    """`build_scheduler(optimizer, cfg)` imported from another module of the project (or
    `optim_utils.build_scheduler(...)`), named like a scheduler builder, whose every `return`
    builds a scheduler that starts over, read with that module's imports. Only a call so named
    is looked up: the lookup reads (and may parse) another module."""
    if model.facts.project is None or not _BUILDER_NAME.search((call_name(call) or "").rsplit(".", 1)[-1]):
        return False
    from gradfix.analysis.staleness import _builder

    info = _builder(call, model)
    if info is None or info.facts is None or info.source is None or info.source is model.source:
        return False
    text = info.source.segment(info.node)
    if "return" not in text or not any(word in text for word in _BUILD_WORDS) or "partial(" in info.source.text:
        return False
    returns = [node for node in own_nodes(info.node) if isinstance(node, ast.Return)]
    home = _Home(info.facts, info.source)
    return bool(returns) and all(
        isinstance(r.value, ast.Call) and _restarting_scheduler(r.value, home, factory=False) for r in returns  # type: ignore[arg-type]
    )


class _Home:
    """What `_restarting_scheduler` reads of a module (its imports, its text), for a builder of
    another module of the project."""

    def __init__(self, facts, source) -> None:  # type: ignore[no-untyped-def]
        self.facts = facts
        self.source = source


# a call named like a scheduler builder (`build_scheduler`, `make_lr_scheduler`, `get_sched`)
_BUILDER_NAME = lazily(r"sched")
_PROJECT_BUILDER = lazily(rb"sched\w*\(")
# `SCHEDULERS[cfg["name"]](optimizer, ...)`, `SCHEDULERS.get(name)(optimizer)`: a registry of schedulers
_REGISTRY_CALL = lazily(rb"(?i:sched)\w*(?:\[[^\n]*?\]|\.get\([^\n]*?\))\(")


# where a schedule says how many steps it lasts (keyword, position)
_HORIZONS = {
    "CosineAnnealingLR": ("T_max", 1), "LinearLR": ("total_iters", 3), "ConstantLR": ("total_iters", 2),
    "PolynomialLR": ("total_iters", 1), "OneCycleLR": ("total_steps", 2),
}  # fmt: skip


def _spans_epochs(call: ast.Call, model: ModuleModel, literal: bool = False, passes: str | None = None) -> bool:
    """The schedule lasts the batches of several epochs: `OneCycleLR(..., epochs=EPOCHS,
    steps_per_epoch=len(loader))`, `T_max=EPOCHS * len(loader)`, `num_training_steps=len(loader)
    * args.epochs` (a count of batches times another count; with `literal`, also times a number
    other than 1: `2 * len(loader)`); with `passes`, the count of passes of the loop that builds
    it (`for epoch in range(epochs)`), also a horizon that is that count times anything but a
    number (`T_max=steps_per_epoch * epochs`: as long as all the epochs' batches)."""
    call = _through_partial(call, model)
    last = (model.facts.imports.qualify(call_name(call)) or "").rpartition(".")[2]
    arguments = positional(call)

    def argument(keyword: str, position: int) -> ast.expr | None:
        found = next((k.value for k in call.keywords if k.arg == keyword), None)
        return found if found is not None else arguments[position] if len(arguments) > position else None

    if last == "OneCycleLR":
        epochs = argument("epochs", 3)
        if epochs is not None and not (isinstance(epochs, ast.Constant) and epochs.value == 1):
            return True
    if last in _HORIZONS:
        horizon = argument(*_HORIZONS[last])
    elif last in _TRANSFORMERS_SCHEDULES:
        horizon = argument("num_training_steps", 2)
    else:
        return False
    return horizon is not None and any(
        isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult)
        and any(_counts_batches(side) or (passes is not None and dotted(side) == passes) for side in (node.left, node.right))
        and not any(isinstance(side, ast.Constant) and not (literal and side.value != 1) for side in (node.left, node.right))
        for node in ast_walk(horizon)
    )  # fmt: skip


def _passes(loop: ast.AST) -> str | None:
    """The count of passes a `for _ in range(count)` loop makes, as written (`epochs`,
    `args.epochs`); None for any other loop."""
    it = getattr(loop, "iter", None)
    if (
        isinstance(loop, ast.For) and isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range"
        and len(it.args) == 1 and not it.keywords
    ):  # fmt: skip
        return dotted(it.args[0])
    return None


# torch's schedule with no length that starts over when rebuilt, whose learning rate goes on
# changing for as long as it is stepped (`LambdaLR(opt, lambda s: 0.9 ** s)`): nothing in it
# says it lasts one epoch (a rebuilt `ExponentialLR` or `MultiplicativeLR` goes on from the
# group's learning rate: not reported); so `StepLR` and `MultiStepLR`, whose step count (every
# `step_size` steps, at the `milestones`) starts again at 0 when rebuilt and whose decays then
# fall at other steps in every epoch after the first
_LENGTHLESS = frozenset(("LambdaLR", "StepLR", "MultiStepLR"))


def _lengthless(call: ast.Call, model: ModuleModel) -> bool:
    """A schedule with no length: rebuilt in a batch loop, moved only before that loop it would
    still start over on every pass of the epoch loop around it, as nothing in it says it should
    (the hand fix builds it once, before the epoch loop, beside its optimizer)."""
    call = _through_partial(call, model)
    return (model.facts.imports.qualify(call_name(call)) or "").rpartition(".")[2] in _LENGTHLESS


def _counts_batches(expr: ast.expr) -> bool:
    return any(isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len" for node in ast_walk(expr))


# torch's schedulers made of others, with where they take their list of parts (keyword,
# position) and the position of their `last_epoch` (None: they have none)
_COMPOSITES = {"SequentialLR": (("schedulers", 1), 3), "ChainedScheduler": (("schedulers", 0), None)}


def _composite_rebuilt_with_its_parts(
    stmt: ast.Assign, target: str, loop: ast.AST, model: ModuleModel
) -> list[ast.Assign] | None:
    """`scheduler = SequentialLR(optimizer, schedulers=[warmup, cosine], milestones=[3])` (or a
    `ChainedScheduler([...])`) stepped by the loop's body, right after the statements of the
    body that build each of its parts (`warmup = LinearLR(...)`, `cosine =
    CosineAnnealingLR(...)`: schedulers that start over, reading nothing the loop changes, each
    part's name bound once in the loop and read there only in that list): those statements, in
    order. None when it is no such composite."""
    call = stmt.value
    qualified = model.facts.imports.qualify(call_name(call) or "") or ""  # type: ignore[arg-type]
    module, _, last = qualified.rpartition(".")
    if module != "torch.optim.lr_scheduler" or last not in _COMPOSITES:
        return None
    (keyword_name, position), resume_at = _COMPOSITES[last]
    arguments = positional(call)  # type: ignore[arg-type]
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None or k.arg == "last_epoch" for k in call.keywords):  # type: ignore[attr-defined]
        return None
    if resume_at is not None and len(arguments) > resume_at:
        return None
    listed = next((k.value for k in call.keywords if k.arg == keyword_name), None)  # type: ignore[attr-defined]
    if listed is None and len(arguments) > position:
        listed = arguments[position]
    if not isinstance(listed, (ast.List, ast.Tuple)) or not listed.elts or not all(isinstance(e, ast.Name) for e in listed.elts):
        return None
    names = [e.id for e in listed.elts]  # type: ignore[attr-defined]
    if len(set(names)) != len(names) or target in names or not stepped_in(loop, target):
        return None
    body: list[ast.stmt] = loop.body  # type: ignore[attr-defined]
    at = next(i for i, s in enumerate(body) if s is stmt)
    if at < len(names):
        return None
    parts = body[at - len(names) : at]  # the statements right before it build its parts
    built: dict[str, ast.Assign] = {}
    for part in parts:
        if not (isinstance(part, ast.Assign) and len(part.targets) == 1 and isinstance(part.targets[0], ast.Name)):
            return None
        if not isinstance(part.value, ast.Call) or not _restarting_scheduler(part.value, model, factory=False):
            return None
        built[part.targets[0].id] = part
    if set(built) != set(names):
        return None
    listed_names = {id(e) for e in listed.elts}
    for node in ast_walk(loop):
        if isinstance(node, ast.Name) and node.id in built and id(node) not in listed_names:
            if not (isinstance(node.ctx, ast.Store) and any(node is p.targets[0] for p in parts)):
                return None  # (a part stepped, read or bound elsewhere in the loop)
    # the construction reads nothing the loop changes but its parts
    for part in parts:
        if reads_what_the_loop_changes(part.value, loop):  # type: ignore[arg-type]
            return None
    others = [a for a in (*call.args, *(k.value for k in call.keywords)) if a is not listed]  # type: ignore[attr-defined]
    if any(reads_what_the_loop_changes(other, loop) for other in others):  # type: ignore[arg-type]
        return None
    return parts  # type: ignore[return-value]


def _composite_fix(stmt: ast.Assign, target: str, parts: list[ast.Assign], loop: ast.AST, model: ModuleModel) -> Fix | None:
    """The parts' statements and the composite's, moved together before the loop, in order."""
    source = model.source
    moved = [*parts, stmt]
    if not all(source.alone_on_lines(s) for s in moved) or "param_groups" in source.segment(loop):
        return None
    if any(_spans_epochs(p.value, model, literal=True) for p in parts):  # type: ignore[arg-type]
        return None  # (a schedule over several epochs' batches: before which loop is not settled here)
    index = assignments(model)
    for s, name in ((stmt, target), *((p, p.targets[0].id) for p in parts)):  # type: ignore[attr-defined]
        if any(binding.statement is not s for binding in index.bindings(name, index.scope_of(s))):
            return None  # built elsewhere too
    lines = tuple(line for s in moved for line in statement_lines(source, s))
    edits: list[object] = [RemoveStatement(s, keep_comments=False) for s in moved]
    edits.append(InsertStatements(loop, "before", lines))  # type: ignore[arg-type]
    return Fix(edits, Safety.SAFE)  # type: ignore[arg-type]


def _fix(stmt: ast.Assign | ast.AnnAssign, target: str, loop: ast.AST, model: ModuleModel) -> Fix | None:
    source = model.source
    if not source.alone_on_lines(stmt) or "param_groups" in source.segment(loop):
        return None  # (a statement sharing its line; a loop writing learning rates itself)
    if "[" in target:
        # `parts["sched"] = ...`: an item of a dict of components
        before = _epoch_loop_around(stmt, loop, model)
        if before is None or run_per_iteration(stmt, model):
            return None
        return move_item_before(stmt, target, before, model)
    index = assignments(model)
    others = [binding.statement for binding in index.bindings(target, index.scope_of(stmt)) if binding.statement is not stmt]
    if any(not _placeholder(other, target) for other in others):
        return None  # built elsewhere too: which one the loop should keep is not ours to say
    before = _epoch_loop_around(stmt, loop, model)
    if before is None or run_per_iteration(stmt, model):
        return None  # (in a function a loop calls per iteration: moved, still built per call)
    if others and not (_placeholders_before(others, before, stmt, target, loop) and _no_loop_between(others, before, source)):
        return None
    return move_before(stmt, before, model)


def _placeholder(stmt: ast.AST, target: str) -> bool:
    """`sched = None`: the name held before a scheduler is built (`if args.cosine: sched = ...`)."""
    return (
        isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and dotted(stmt.targets[0]) == target
        and isinstance(stmt.value, ast.Constant) and stmt.value.value is None
    )


def _placeholders_before(others: list, before: ast.AST, stmt: ast.AST, target: str, loop: ast.AST) -> bool:  # type: ignore[type-arg]
    """Every `sched = None` placeholder comes before the loop the construction moves ahead of
    (so it still runs first), outside it, and the loop reads the name nowhere before the
    construction (`if sched is not None: sched.step()` on the first pass reads the placeholder)."""
    inside = {id(n) for n in ast_walk(before)}
    start = (before.lineno, before.col_offset)  # type: ignore[attr-defined]
    if any(id(o) in inside or (o.lineno, o.col_offset) >= start for o in others):
        return False
    built = (stmt.lineno, stmt.col_offset)  # type: ignore[attr-defined]
    return not any(
        isinstance(n, (ast.Name, ast.Attribute)) and isinstance(n.ctx, ast.Load) and dotted(n) == target
        and (n.lineno, n.col_offset) < built
        for n in ast_walk(before)
    )


def _no_loop_between(others: list, before: ast.AST, source) -> bool:  # type: ignore[no-untyped-def, type-arg]
    """No loop holds the place the construction moves to without holding the placeholders too:
    `sched = None` before the epoch loop, the construction in the batch loop of a per-batch
    rebuild moved only before that batch loop would still start over each epoch, where the
    placeholder says one scheduler lives across them (no fix)."""
    wanted = {id(o) for o in others}
    owner = source.owner_of(before)
    while owner is not None and not isinstance(owner, ast.Module):
        if wanted <= {id(n) for n in ast_walk(owner)}:
            return True
        if isinstance(owner, LOOPS):
            return False
        owner = source.owner_of(owner)
    return True


def _epoch_loop_around(stmt: ast.Assign | ast.AnnAssign, loop: ast.AST, model: ModuleModel) -> ast.AST | None:
    """Where the construction goes: before `loop`, or, when `loop` is the batch loop of an
    epoch loop (a statement that loop runs on every iteration) and the schedule lasts the
    batches of several epochs (`num_training_steps=EPOCHS * len(loader)`, also `2 *
    len(loader)`) or has no length (`LambdaLR`), before the epoch loop: built before the batch loop it would still start over
    each epoch and only its first epoch's part would run. None (no fix) when such a schedule
    reads what the epoch loop changes, or the epoch loop may end early or writes learning rates."""
    if not _spans_epochs(stmt.value, model, literal=True) and not _lengthless(stmt.value, model):  # type: ignore[arg-type]
        return loop
    outer = loop_around(loop, model)
    if outer is None:
        return loop  # (no epoch loop around it: a loop of its own)
    if ends_early(outer) or "param_groups" in model.source.segment(outer):
        return None
    if reads_what_the_loop_changes(stmt.value, outer):  # type: ignore[arg-type]
        return None
    return outer

