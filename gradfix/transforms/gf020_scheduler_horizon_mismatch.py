from __future__ import annotations

from gradfix import syntax as ast
from gradfix.analysis.horizons import HORIZONS, Mismatch, mismatched_schedulers
from gradfix.analysis.loops import ModuleModel, bound_call_binding
from gradfix.transforms._common import below, single_call_statement
from gradfix.transforms._placement import unit_holds_only
from gradfix.transforms.apply import statement_lines
from gradfix.transforms.base import (
    Finding,
    Fix,
    InsertStatements,
    RemoveStatement,
    ReplaceNode,
    Rule,
    Safety,
)
from gradfix.walk import ast_walk

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator


class SchedulerHorizonMismatch(Rule):
    """
    A scheduler's horizon is counted in batches but it steps once per epoch, or the reverse.

    ## What it does
    Finds learning-rate schedulers whose length is literally the number of batches
    (`CosineAnnealingLR(opt, T_max=len(loader))`, `OneCycleLR(..., total_steps=epochs *
    len(loader))` or `steps_per_epoch=len(loader)`, `get_*_schedule_with_warmup(...,
    num_training_steps=len(loader) * epochs)`, `MultiStepLR(..., milestones=[lr_steps // 2])` or
    `StepLR(..., step_size=...)` with `lr_steps = epochs * len(loader)`, also divided by a count of
    accumulated batches: `steps_per_epoch = len(loader) // ACCUM` or `math.ceil(len(loader) /
    accum)`, optimizer steps) but whose `step()` runs once per epoch, those whose horizon is
    such a batch count dividing by nothing (`num_training_steps=len(loader) * epochs`, through
    names bound once, `total = len(loader) * epochs`, also a local of the method that builds
    the scheduler when nothing binds that name where the loop runs: `t_total = epochs *
    len(self.loader)` in `__init__`, and never naming the window's count) but
    whose `step()` runs beside the optimizer's under an accumulation window's `if` (`if (i + 1)
    % accum == 0: optimizer.step(); scheduler.step()`, the window counted one micro-batch at a
    time): the horizon counts micro-batches, the schedule advances once per window and covers
    only a fraction of its curve (reported on the constructor, without a fix: divide the
    horizon by the window's micro-batches); the same for a batch loop over chunks of a list,
    `for i in range(0, len(batches), accum):`, whose body steps the optimizer and the scheduler
    once (also through a function or method it calls, `run_window(batches[i:i + accum])`, under
    no `if`), when the horizon reads `len(batches)` with no division and no mention of the
    chunk's size (`total_steps=epochs * len(batches)`); the reverse, a horizon in optimizer
    steps (divided by the window's count, `T_max=epochs * len(loader) // accum`, through names
    bound once, also where the scheduler is built) whose `step()` runs on every micro-batch of
    the batch loop, under no `if`, while the optimizer steps under the window's `if`: the
    schedule runs out after a fraction of the training (reported on the scheduler's step; the
    fix moves that step right after the optimizer's, under the window's `if`, when both are
    written in the loop itself, each alone on its lines), and
    those whose length is the number of epochs (`T_max=args.epochs`), or a part of it
    (`step_size=EPOCHS // 3`, `milestones=[epochs // 2, int(0.75 * epochs)]`, `T_max=epochs -
    warmup_epochs`; not a multiple, `T_max=EPOCHS * 6`, which may count six batches an epoch;
    or the epoch loop's bound: `range(rounds)`, or `while r < rounds:` whose body ends with
    `r += 1`, binds `r` nowhere else and holds no `continue` of its own), but whose `step()` runs on every batch. A `CyclicLR` with its default `step_size_up` (2000 iterations)
    stepped once per epoch is reported too, and so are a `LambdaLR` whose function (a lambda, a
    function of the module that returns one expression, a hand-written warm-up of the module
    that only branches, binds local names and returns, calling only `float`/`max`-like builtins
    and functions of imported modules, or such a function returned by a factory of the module
    called in place, `linear_warmup(100, epochs * len(loader))`, its parameters read as the
    call's arguments) is written over such a horizon (`lambda s: 1 - s / (epochs *
    len(loader))`; every part of it that reads neither the function's parameter nor its local
    names is read, and they must all count in one unit) and a
    `CosineAnnealingWarmRestarts` whose `T_0` is such a count; a scheduler class picked from a
    dict literal by a constant key (`SCHEDULERS["cos"](opt, T_max=...)`, the dict here or in the
    project module it is imported from, its classes written as names or through their module,
    `lr_scheduler.CosineAnnealingLR`) is read as that class, and a torch scheduler class picked so
    makes the name it is bound to a scheduler whatever it says (`cosine = SCHEDULERS["cos"](opt,
    T_max=epochs)`; `cosine.step()`). A horizon may be spread from a dict written out in the file
    and bound once, only ever spread (`**cfg["sched"]` with `cfg = {"sched": {"T_max": EPOCHS}}`)
    or read by constant keys down to an entry that is no container (`T_max=cfg["t_max"]` with
    `cfg = {"t_max": EPOCHS}`), and a `ChainedScheduler([...])` is read through the schedulers of its list (written there or
    bound once by name; `ConstantLR`, `ExponentialLR` and `MultiplicativeLR` say nothing): one
    whose horizon mismatches its stepping is reported, unless another counts in the stepping's unit;
    a `SequentialLR(opt, [...], milestones=[...])` is read so too, its milestones with its parts
    (the parts bound by name where it is built, also in a trainer's `__init__`). A warm-up class
    of the file subclassing torch's `LambdaLR` (`class WarmupLinearSchedule(LambdaLR)`, whose
    `__init__` stores its parameters as they are and hands `super().__init__` one of its methods
    as `lr_lambda`, a method that only branches, binds local names and returns, calling only
    builtins such as `float`/`max` and functions of imported modules) is read over the
    arguments its construction gives the parameters the method reads through `self`, and the
    module names it reads (`WarmupLinearSchedule(opt, warmup_steps=100, t_total=len(loader) *
    epochs)`): those that say a unit must all say the same, as for a lambda. The levels are read from the loops: the
    optimizer steps in the batch loop, the scheduler either beside it or in the epoch loop
    around it (also in a hook a base class's loop runs on an object of a subclass of the file,
    `self.on_epoch_end()` overridden to step `self.sched`, read where the subclass builds it:
    reported without a fix). A scheduler handed to a trainer class of the file and kept as `self.scheduler`
    (its `__init__` stores the parameter as it is, also in a tuple assignment, and every
    construction of the class passes one name bound once to the scheduler) is read where it
    is built, also when a method of an object of such a class (bound once) steps it
    (`callback.on_epoch_end()` once per epoch: reported without a fix), and so is one handed to the loop's function as a parameter (every call of the
    function in the file passes one name bound once to the scheduler: `fit(net, loader,
    optimizer, scheduler, epochs)` from `main()`). One an object's class builds itself
    (`self.plan = OneCycleLR(self.sgd, total_steps=ROUNDS * len(self.batches))` in `__init__`)
    and a method of the object steps (`fitter.finish_epoch()` once per epoch, `self.advance()`
    from a `__call__` run per batch) is read there: a `len(...)` of a name saying loader or
    batches counts batches also through `self.` or a parameter, and a parameter of `__init__`
    every construction of the class hands the same name, all in the loop's function
    (`Runner(net, epochs)`, `T_max=epochs`), reads what that name reads (reported without a
    fix). A factory of the file whose one statement
    returns a scheduler (`build_scheduler(opt, EPOCHS)` with `return CosineAnnealingLR(opt,
    T_max=epochs)`) is read as that scheduler over the arguments it is given, and a scheduler
    bound in several places (`if args.sched == "cos": ... else: ...`) is reported only when
    every binding's horizon mismatches the stepping the same way (a `None` placeholder bound
    before, `scheduler = None`, is no such binding).

    timm's schedulers counted in epochs (`CosineLRScheduler`, `TanhLRScheduler`,
    `PolyLRScheduler` imported from `timm`, `t_in_epochs` left true) step with the epoch,
    `sched.step(epoch + 1)` (or `step(epoch=ep)`: the epoch loop's variable or a name saying
    `epoch`, maybe plus a number): such a step after the batch loop with `t_initial` a batch count
    (`EPOCHS * len(loader)`, or a name bound to it) is reported without a fix (either the horizon
    or the stepping may be what is meant: count `t_initial` in epochs, or build the scheduler with
    `t_in_epochs=False` and call `step_update` after each optimizer step). A timm scheduler built
    with `t_in_epochs=False` (its `step(epoch)` does nothing), one stepped with a count of batches
    (`step((epoch + 1) * len(loader))`), and a torch scheduler's `step(epoch)` are not read. The
    finding sits on the scheduler's constructor (its `t_initial` is one of the two hand fixes).

    A timm scheduler built counting updates (`t_in_epochs=False`, or the first target of
    `sched, epochs = create_scheduler_v2(..., step_on_epochs=False)`) and only ever stepped with
    `step(...)`, in a file that never names `step_update` nor uses the name otherwise, is
    reported on its first `step` call without a fix: timm's `step(epoch)` does nothing then,
    and the learning rate never changes.

    The reverse is reported too, on the constructor and without a fix: such a timm scheduler built
    with `t_in_epochs=False` (no `cycle_limit`) whose `t_initial` is the epoch count (`EPOCHS`,
    `args.epochs`, the epoch loop's `range()` bound) and whose `step_update(n)` is written beside
    the optimizer's step in the batch loop, with `n` a count of updates (raised by `n += 1` there,
    or a sum with the batch loop's `enumerate` index): timm's schedule reaches its end after
    `t_initial` updates, inside the first epoch.

    An engine's torch scheduler wrapped in Ignite's `LRScheduler` (`ignite.handlers`) and attached
    with `trainer.add_event_handler(Events.EPOCH_COMPLETED, LRScheduler(sched))` (the wrapper or the
    scheduler written there or bound once by name) is reported without a fix when its horizon is a
    count of batches: `len(data)`, or a product with it, of the data the same engine's `run(data,
    ...)` runs or of a name saying loader (`T_max=EPOCHS * len(train_loader)`, `milestones=[len(data)
    * 30]`); one attached to `EPOCH_COMPLETED(every=N)` or counted in epochs is not. The reverse
    is reported the same way: such a wrapped scheduler attached to `ITERATION_COMPLETED` or
    `ITERATION_STARTED` (it steps every iteration) whose horizon is the epoch count (a name saying
    epoch, `T_max=max_epochs`, or what the engine's `run(data, max_epochs=...)` is given, or a part
    of it: `step_size=n // 3`); one counted in iterations (`EPOCHS * len(loader)`) is not. So is
    a scheduler a handler of those events steps by hand, when that handler's only `.step` is a
    statement `sched.step()` of its body (no argument, not in a loop of its own): a function
    decorated `@trainer.on(Events.EPOCH_COMPLETED)`, or added by its name or as a lambda,
    `trainer.add_event_handler(Events.ITERATION_COMPLETED, lambda engine: sched.step())`. (Such a file is read even when it calls no backward of its own:
    `create_supervised_trainer` backpropagates.)

    ## Why is this bad?
    A schedule reaches its end after `horizon` calls to `step()`. Counted in batches and
    stepped per epoch, a cosine or one-cycle schedule covers a tiny fraction of its curve:
    the learning rate hardly decays (or never leaves warmup). Counted in epochs and
    stepped per batch, it finishes within the first epoch and then stays at its minimum,
    or — for cosine annealing — swings back up and oscillates for the rest of training.

    ## Example
    ```python
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=epochs * len(loader))
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
        scheduler.step()
    ```

    ## Use instead
    ```python
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=epochs * len(loader))
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
            scheduler.step()
    ```

    ## Fix safety
    Unsafe: which of the two the author meant (the horizon or the stepping level) cannot be
    known. The fix moves `scheduler.step()` to the level the horizon counts: right after
    the statement holding `optimizer.step()` in the batch loop (as GF012 wants it; for a
    step under an accumulation window's `if` and a horizon counted in batches with no
    division, after that `if`: once per batch, as the horizon counts), or right after the
    batch loop in the epoch loop (in the arm that runs the batch loop, when it runs in an
    `if` or `match` arm: `for phase in ("train", "val"):` / `if phase == "train":`, a phase
    loop running the arm's statement once per phase). It is offered only when both steps are
    written in the loops themselves (not in helpers), not three loops deep with the inner loop
    over what the loop around it hands out (`for epoch ...: for i, batch in enumerate(loader):
    for task, (x, y) in batch.items():`, a multi-task loop: the loop read as the epoch loop is
    a batch loop; not a loop of phases whose arm tests its variable, `for split, batches in
    splits.items():` / `if split == "fit":`, which runs the arm once per phase), the scheduler step is a statement of
    its own, holds no other gradient event and runs under no condition of its own. A step
    through a name bound to the method (`tick = scheduler.step`, bound before the loops) is
    moved as written (`tick()`); bound inside the loops, it gets no fix. A scheduler
    stepped in a closure the loop calls (`model, step, end = main()` under the main guard,
    `main` defining `step`) is read where the closure sees it, when it is a free name of the
    closure that no function declares `nonlocal` or `global`. An iterator-protocol trainer
    (`for value in TrainLoop(model, loader):`, its `__iter__` returning `self`) whose
    `__next__` draws one batch with `next(...)`, loops over nothing itself and calls a method
    that steps the optimizer and then the scheduler (`self.sched`, read where the class builds
    it) under the same conditions steps it once per batch: reported without a fix. Not
    reported: schedulers stepped with an argument (`step(epoch)`), schedulers stepped in the
    batch loop under a condition the optimizer step does not share (`if i == len(loader) - 1:`
    may run once per epoch; a test of the scheduler's presence, `if scheduler is not None:`, is no such
    condition: reported, without a fix), schedulers built inside
    the epoch loop, horizons that are not literally `len(<loader>)` (or a name bound once
    to it) or an epoch count (or such a part of it), and loops where the optimizer steps at more than one level.
    A loop over the steps themselves, with no loop over the loader (`for step in
    range(max_steps):` drawing `x, y = next(it)`), is read when a statement of its body computes
    the position in the epoch (`epoch, i = divmod(step, steps_per_epoch)`, or `i = step %
    steps_per_epoch`; the size never rebound in the loop, the position bound once) and both
    steps are written in it, the optimizer's under no condition: a scheduler step under an `if`
    of the body's own testing only `i == steps_per_epoch - 1` or `i == 0` steps once per epoch,
    one under no condition every batch; the loop's own `range()` bound then counts steps, not
    epochs. Reported without a fix (there is no batch loop to move the step into or after).
    A `OneCycleLR` given no `total_steps` counts `epochs * steps_per_epoch` steps: a
    `steps_per_epoch` that is an integer literal above 1 (or a name bound once to one,
    `STEPS_PER_EPOCH = 8`) counts batches too (`steps_per_epoch=1` counts epochs).

    Lightning: a `LightningModule` under automatic optimization whose `configure_optimizers`
    returns a torch scheduler (built in the return, or bound once in the method) that Lightning
    steps once per epoch (`{"optimizer": opt, "lr_scheduler": sched}`, `[opt], [sched]`, or a
    config dict with `"interval": "epoch"`) over a horizon of optimizer steps
    (`self.trainer.estimated_stepping_batches`, `self.trainer.num_training_batches`, or that
    epoch count times `len(LOADER)`, a torch `DataLoader` bound once at the module's top level), or every
    optimizer step (`"interval": "step"`) over an epoch count (`self.trainer.max_epochs`, or a
    module constant every `Trainer(...)` of the file is given as `max_epochs=`, or such a count
    `- k` or `// k`), is reported too; a config with a `"frequency"` other than 1 is not. The
    (unsafe) fix writes the other `"interval"`, or returns a bare scheduler with a horizon of
    steps as `{"scheduler": sched, "interval": "step"}`. A module under manual optimization
    (Lightning steps no scheduler) whose only method naming `self.lr_schedulers()` is
    `on_train_epoch_end`, stepping it there at its top level, steps it once per epoch: a horizon
    of optimizer steps is reported there too, without a fix. So is an automatic module's one
    scheduler over an epoch count that Lightning steps once per epoch while its `on_train_batch_end` or
    `on_train_batch_start` (no decorator; the class overrides no `lr_scheduler_step`) steps it
    again at its top level, `self.lr_schedulers().step()` or through a name the hook binds once
    to `self.lr_schedulers()`: it advances once per batch plus once per epoch
    (tests/libraries/test_lightning.py::test_a_scheduler_stepped_in_the_batch_end_hook_is_stepped_again_each_epoch);
    reported at the hook's step, without a fix (whether the batches or the epochs were meant is
    not known). Likewise a scheduler over optimizer steps returned with `"interval": "step"`
    that such a hook steps again: it advances twice per batch and ends halfway (reported at
    the hook's step, without a fix). Of several schedulers returned in one list (`return [opt],
    [ramp, cosine]`), the hook's `self.lr_schedulers()[i].step()` steps the i-th
    (tests/libraries/test_lightning.py::test_the_ith_of_several_schedulers_stepped_in_the_batch_end_hook_is_stepped_again_each_epoch).
    So does `self.trainer.lr_scheduler_configs[i].scheduler.step()` there (`[0]` for the one
    scheduler; the Trainer's configs come in the same order). The same hook of a Lightning
    `Callback` of the file (also
    through a base of the file) built in a `callbacks=` argument (or in the list a name handed
    there is bound to once in the file, `cbs = [...]`, with what the file appends to it),
    stepping `pl_module.lr_schedulers()` (its third parameter) or
    `trainer.lr_scheduler_configs[i].scheduler` (its second) there, steps the scheduler of
    the LightningModule the file builds, when it builds one LightningModule class of the file
    (other module classes it defines and does not build aside)
    (tests/libraries/test_lightning.py::test_a_callback_stepping_the_modules_scheduler_per_batch_steps_it_again).

    A torch scheduler handed to transformers' `Trainer(..., optimizers=(opt, sched))` (or to a
    subclass of the file) is stepped by the Trainer after every optimizer step: one built in the
    tuple, or bound once to a name, whose horizon counts epochs (a module integer passed as
    `num_train_epochs=`, or `args.num_train_epochs`, alone, in `int(...)`, less or divided by a
    constant) is reported at its constructor, without a fix.
    """

    code = "GF020"
    name = "scheduler-horizon-mismatch"
    batches_message = (
        "`{sched}` counts its horizon in batches (`{argument}={horizon}`) but steps once per epoch: "
        "the schedule barely advances; step it after the optimizer step in the batch loop"
    )
    epochs_message = (
        "`{sched}` counts its horizon in epochs (`{argument}={horizon}`) but steps every batch: "
        "the schedule runs out in the first epoch; step it once per epoch, after the batch loop"
    )
    default_message = (
        "`{sched}` is a `CyclicLR` with the default `step_size_up` (2000 iterations) but steps once per epoch: "
        "step it after the optimizer step in the batch loop"
    )
    timm_message = (
        "`{sched}` is a timm scheduler counting its horizon in batches (`t_initial={horizon}`) but stepped "
        "once per epoch with `step(epoch)`: the schedule barely advances; count `t_initial` in epochs, or "
        "build it with `t_in_epochs=False` and call `step_update(num_updates)` after each optimizer step"
    )
    timm_inert_message = (
        "`{sched}` is a timm scheduler built to count updates (`{flag}=False`), whose `step(epoch)` does nothing, and"
        " it is never given `step_update`: the learning rate never changes; call `{sched}.step_update(num_updates)`"
        " after each optimizer step, or build it counting epochs"
    )
    timm_updates_message = (
        "`{sched}` is a timm scheduler counting its horizon in epochs (`t_initial={horizon}`) but built with "
        "`t_in_epochs=False` and stepped with `step_update` after every batch: the schedule runs out in the first "
        "epoch; count `t_initial` in updates (epochs times the batches per epoch), or leave `t_in_epochs` true "
        "and step it with `step(epoch)` once per epoch"
    )
    ignite_message = (
        "`{sched}` counts its horizon in batches (`{argument}={horizon}`) but {stepper} on "
        "`Events.EPOCH_COMPLETED`, once per epoch: the schedule barely advances; attach it to "
        "`Events.ITERATION_COMPLETED` (or count the horizon in epochs)"
    )
    ignite_epochs_message = (
        "`{sched}` counts its horizon in epochs (`{argument}={horizon}`) but {stepper} on "
        "`Events.{event}`, every iteration: the schedule runs out in the first epoch; attach it to "
        "`Events.EPOCH_COMPLETED` (or count the horizon in iterations)"
    )
    window_message = (
        "`{sched}` counts its horizon in micro-batches (`{argument}={horizon}`) but steps once per accumulation "
        "window, beside the optimizer: the schedule covers only a fraction of its curve; count the horizon in "
        "optimizer steps (divide it by the window's micro-batches)"
    )
    micro_batch_message = (
        "`{sched}` counts its horizon in optimizer steps (`{argument}={horizon}`) but steps on every "
        "micro-batch while `{step}` runs once per accumulation window: the schedule runs out early; step it "
        "beside the optimizer, under the window's `if`"
    )
    message = batches_message
    safety = Safety.UNSAFE

    lightning_batches_message = (
        "`{sched}` counts its horizon in optimizer steps (`{argument}={horizon}`) but `configure_optimizers` "
        "has Lightning step it once per epoch (`\"interval\": \"epoch\"`, the default): the schedule barely advances; "
        "return it with `\"interval\": \"step\"`"
    )
    lightning_hook_message = (
        "`{sched}` counts its horizon in epochs (`{argument}={horizon}`) and Lightning steps it once per epoch, but "
        "`{hook}` steps it again every batch: the schedule runs out in the first epoch; leave its stepping to "
        "Lightning, or count the horizon in optimizer steps with `\"interval\": \"step\"` and no step in the hook"
    )
    lightning_step_hook_message = (
        "`{sched}` counts its horizon in optimizer steps (`{argument}={horizon}`) and Lightning steps it every "
        "optimizer step (`\"interval\": \"step\"`), but `{hook}` steps it again every batch: the schedule runs "
        "twice as fast and ends halfway; leave its stepping to Lightning"
    )
    lightning_epochs_message = (
        "`{sched}` counts its horizon in epochs (`{argument}={horizon}`) but `configure_optimizers` has "
        "Lightning step it every optimizer step (`\"interval\": \"step\"`): the schedule runs out in the "
        "first epoch; return it with `\"interval\": \"epoch\"`"
    )

    lightning_manual_message = (
        "`{sched}` counts its horizon in optimizer steps (`{argument}={horizon}`) but this manual-optimization "
        "module steps it only in `on_train_epoch_end`, once per epoch: the schedule barely advances; step it "
        "after each optimizer step in `training_step`, or count the horizon in epochs"
    )

    trainer_epochs_message = (
        "`{sched}` counts its horizon in epochs (`{argument}={horizon}`) but the transformers `Trainer` it is "
        "handed to in `optimizers=` steps it after every optimizer step: the schedule runs out in the first "
        "epoch; count the horizon in optimizer steps"
    )

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        if b"optimizers=" in model.source.data and any(name.startswith("transformers") for name in model.facts.imports.aliases.values()):
            for call, sched, argument, horizon in _trainer_optimizers_mismatches(model):
                shown = model.source.code(horizon)
                if len(shown) > 40:
                    shown = shown[:37] + "..."
                yield Finding(self.code, self.trainer_epochs_message.format(sched=sched, argument=argument, horizon=shown), call)
        source = model.source
        placed: set[int] = set()
        for found in mismatched_schedulers(model):
            sched = found.scheduler.target or source.code(found.scheduler.node)
            if found.counted_in == "default":
                message = self.default_message.format(sched=sched)
            elif found.argument == "t_initial":
                assert found.horizon is not None
                horizon = source.code(found.horizon)
                if len(horizon) > 40:
                    horizon = horizon[:37] + "..."
                message = self.timm_message.format(sched=sched, horizon=horizon)
            elif found.stepped_per == "micro-batch":
                assert found.horizon is not None
                horizon = source.code(found.horizon)
                if len(horizon) > 40:
                    horizon = horizon[:37] + "..."
                message = self.micro_batch_message.format(sched=sched, argument=found.argument, horizon=horizon, step=source.code(found.step.node) if found.step.node is not None else "the optimizer step")
                yield Finding(self.code, message, found.scheduler.anchor, fix=_micro_batch_fix(found, model), related=(found.step.anchor, found.loop.node))
                continue
            elif found.stepped_per == "window":
                assert found.horizon is not None
                horizon = source.code(found.horizon)
                if len(horizon) > 40:
                    horizon = horizon[:37] + "..."
                message = self.window_message.format(sched=sched, argument=found.argument, horizon=horizon)
                yield Finding(self.code, message, found.constructor if _in_the_file(found.constructor, source) else found.scheduler.anchor, related=(found.scheduler.anchor, found.loop.node))
                continue
            else:
                template = self.batches_message if found.counted_in == "batches" else self.epochs_message
                assert found.horizon is not None
                horizon = source.code(found.horizon)
                if len(horizon) > 40:
                    horizon = horizon[:37] + "..."
                message = template.format(sched=sched, argument=found.argument, horizon=horizon)
            anchor = found.scheduler.anchor
            if found.argument == "t_initial" and _in_the_file(found.constructor, source):
                # report only, and the argument is one of the two hand fixes: on the constructor
                # (as Ignite's and Lightning's findings), the epoch step related
                if id(found.constructor) in placed:
                    continue
                placed.add(id(found.constructor))
                yield Finding(self.code, message, found.constructor, related=(found.scheduler.anchor, found.loop.node))
                continue
            yield Finding(self.code, message, anchor, fix=_fix(found, model), related=(found.loop.node,))
        if (
            any(q == "timm" or q.startswith("timm.") for q in model.facts.imports.aliases.values())
            and (b"step_on_epochs" in source.data or b"t_in_epochs" in source.data)
            and b"step_update" not in source.data
        ):
            for call, sched, flag in _timm_steps_that_do_nothing(model):
                yield Finding(self.code, self.timm_inert_message.format(sched=sched, flag=flag), call)
        if b"step_update" in source.data and b"t_in_epochs" in source.data:
            for constructor, sched, horizon in _timm_updates_over_epochs(model):
                if id(constructor) in placed:
                    continue
                placed.add(id(constructor))
                shown = source.code(horizon)
                if len(shown) > 40:
                    shown = shown[:37] + "..."
                yield Finding(self.code, self.timm_updates_message.format(sched=sched, horizon=shown), constructor)
        if (b"EPOCH_COMPLETED" in source.data or b"ITERATION_" in source.data) and (
            b"LRScheduler" in source.data or (b".step()" in source.data and b"ignite" in source.data)
        ):
            reported: set[int] = set()
            for call, sched, argument, horizon, event, by_hand in _ignite_epoch_mismatches(model):
                if id(call) in reported:
                    continue  # (attached twice)
                reported.add(id(call))
                shown = source.code(horizon)
                if len(shown) > 40:
                    shown = shown[:37] + "..."
                template = self.ignite_message if event == "EPOCH_COMPLETED" else self.ignite_epochs_message
                stepper = "a handler steps it by hand" if by_hand else "Ignite's `LRScheduler` steps it"
                yield Finding(self.code, template.format(sched=sched, argument=argument, horizon=shown, event=event, stepper=stepper), call)
        if b"configure_optimizers" in source.data and b"lr_scheduler" in source.data:
            for call, argument, horizon, counted_in, fix, hook in _lightning_mismatches(model):
                shown = source.code(horizon)
                if len(shown) > 40:
                    shown = shown[:37] + "..."
                if hook is not None and hook[1] is not None:
                    at = hook[1]
                    message = self.lightning_hook_message if counted_in == "epochs" else self.lightning_step_hook_message
                    text = message.format(sched=source.code(call.func), argument=argument, horizon=shown, hook=hook[0])
                    yield Finding(self.code, text, at)
                    continue
                template = self.lightning_batches_message if counted_in == "batches" else self.lightning_epochs_message
                if hook is not None:
                    template = self.lightning_manual_message
                name = source.code(call.func)
                yield Finding(self.code, template.format(sched=name, argument=argument, horizon=shown), call, fix=fix)


_TIMM_T_INITIAL = frozenset({"CosineLRScheduler", "TanhLRScheduler", "PolyLRScheduler"})


_TIMM_INERT_CLASSES = frozenset({"CosineLRScheduler", "TanhLRScheduler", "PolyLRScheduler", "StepLRScheduler", "MultiStepLRScheduler"})


def _timm_steps_that_do_nothing(model: ModuleModel) -> Iterator[tuple[ast.Call, str, str]]:
    """(the first `.step(...)` call, the scheduler's name, the flag written) for a name (or
    `self.<attr>`) every binding of which in the file is a timm scheduler built with
    `t_in_epochs=False` (Cosine/Tanh/Poly/Step/MultiStepLRScheduler imported from `timm`) or the
    first target of `sched, epochs = create_scheduler_v2(..., step_on_epochs=False)` (timm's
    factory; its `sched` a literal other than "plateau", or left out), stepped with `.step(...)`
    in a file that never names `step_update` and never uses the name otherwise (no other
    attribute, no argument of a call, no other read): timm's `Scheduler.step(epoch)` proceeds
    only when `t_in_epochs` is true, so the learning rate stays at its first value
    (tests/libraries/test_timm.py::test_scheduler_counting_updates_ignores_step)."""
    from gradfix.analysis.names import call_name, dotted, keyword

    source = model.source
    qualify = model.facts.imports.qualify
    built: dict[str, list[str]] = {}
    others: set[str] = set()
    for node in source.nodes:
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            value = node.value
            for target in targets:
                first = target.elts[0] if isinstance(target, ast.Tuple) and target.elts else target
                text = dotted(first)
                if text is None:
                    continue
                flag = None
                if isinstance(value, ast.Call):
                    name = qualify(call_name(value)) or ""
                    tail = name.rsplit(".", 1)[-1]
                    if name.startswith("timm.") and tail == "create_scheduler_v2" and isinstance(target, ast.Tuple):
                        kind = keyword(value, "sched")
                        kind_value = kind.value if kind is not None else (value.args[1] if len(value.args) > 1 else None)
                        given = keyword(value, "step_on_epochs")
                        if (kind_value is None or (isinstance(kind_value, ast.Constant) and kind_value.value != "plateau")) and (
                            given is not None and isinstance(given.value, ast.Constant) and given.value.value is False
                        ):
                            flag = "step_on_epochs"
                    elif name.startswith("timm.") and tail in _TIMM_INERT_CLASSES and not isinstance(target, ast.Tuple):
                        given = keyword(value, "t_in_epochs")
                        if given is not None and isinstance(given.value, ast.Constant) and given.value.value is False:
                            flag = "t_in_epochs"
                built.setdefault(text, []).append(flag or "")
    if not built or not any(all(flags) for flags in built.values()):
        return
    steps: dict[str, ast.Call] = {}
    receivers: set[int] = set()
    for node in source.nodes:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "step":
            text = dotted(node.func.value)
            if text in built:
                steps.setdefault(text, node)
                receivers.add(id(node.func.value))
    for node in source.nodes:
        if isinstance(node, (ast.Name, ast.Attribute)) and isinstance(getattr(node, "ctx", None), ast.Load) and id(node) not in receivers:
            text = dotted(node)
            if text in built:
                others.add(text)
    for text, call in steps.items():
        if all(built[text]) and text not in others:
            yield call, text, built[text][0]


def _timm_updates_over_epochs(model: ModuleModel) -> Iterator[tuple[ast.Call, str, ast.expr]]:
    """(the constructor, the scheduler's name, `t_initial`) for `sched.step_update(n)` written in
    the block of the optimizer's step inside a batch loop of the epoch loop (so once per update),
    `n` a count of updates (a name or attribute raised by `+= 1` in that block, or a sum with the
    index of the `for i, ... in enumerate(...)` around it), every binding of `sched` a timm
    Cosine/Tanh/PolyLRScheduler over that optimizer built outside the epoch loop with
    `t_in_epochs=False` written, no `cycle_limit`, and `t_initial` the epoch count
    (`EPOCHS`, `args.epochs`, the epoch loop's `range()` bound, or a name bound once to it)."""
    from gradfix.analysis.assignments import assignments
    from gradfix.analysis.horizons import _argument, _counted_in
    from gradfix.analysis.model import EventKind
    from gradfix.analysis.names import call_name, dotted, keyword, positional
    from gradfix.walk import ast_nodes

    source = model.source
    for loop in model.loops:
        scope = loop.function if loop.function is not None else source.tree
        for step in loop.events:
            if step.kind is not EventKind.STEP or step.engine or step.via or step.target is None:
                continue
            inner = step.loops_within(loop.node)
            if len(inner) != 1:
                continue
            block = source.block_of(step.statement)
            if block is None or not any(each is step.statement for each in block):
                continue
            owner = source.owner_of(step.statement)
            for statement in block:
                if not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)):
                    continue
                call = statement.value
                func = call.func
                if not (isinstance(func, ast.Attribute) and func.attr == "step_update" and dotted(func.value) is not None):
                    continue
                arguments = list(call.args) + [kw.value for kw in call.keywords if kw.arg == "num_updates"]
                if len(arguments) != 1 or not _counts_updates(arguments[0], block, owner, source):
                    continue
                key = source.key(func.value)
                bindings = assignments(model).bindings(key, scope)
                if not bindings:
                    continue
                within = {id(node) for node in ast_nodes(loop.node)}
                horizons: list[tuple[ast.Call, ast.expr]] = []
                for binding in bindings:
                    value = binding.value
                    if not isinstance(value, ast.Call) or id(value) in within:
                        break
                    name = model.facts.imports.qualify(call_name(value)) or ""
                    if not name.startswith("timm.") or name.rsplit(".", 1)[-1] not in _TIMM_T_INITIAL:
                        break
                    flag = keyword(value, "t_in_epochs")
                    if flag is None or not (isinstance(flag.value, ast.Constant) and flag.value.value is False):
                        break
                    if keyword(value, "cycle_limit") is not None:
                        break  # (restarts asked for: a cycle of epochs may be meant)
                    given = keyword(value, "optimizer")
                    first = given.value if given is not None else (positional(value)[0] if positional(value) else None)
                    if first is None or dotted(first) is None or source.key(first) != step.target:
                        break
                    horizon = _argument(value, "t_initial", 1, model)
                    if horizon is None or _counted_in(horizon, inner[0], loop, scope, model) != "epochs":
                        break
                    horizons.append((value, horizon))
                else:
                    if horizons:
                        yield horizons[0][0], key, horizons[0][1]


def _counts_updates(argument: ast.expr, block: list[ast.stmt], owner, source) -> bool:  # type: ignore[no-untyped-def]
    """`n` (or `n + 1`) with `n += 1` a statement of the block, or a sum holding the index `i` of
    the `for i, ... in enumerate(...)` whose body is the block."""
    from gradfix.analysis.names import dotted

    parts: list[ast.expr] = []
    value = argument
    while isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add):
        parts.append(value.right)
        value = value.left
    parts.append(value)
    for part in parts:
        if dotted(part) is None:
            continue
        key = source.key(part)
        for statement in block:
            if (
                isinstance(statement, ast.AugAssign) and isinstance(statement.op, ast.Add) and dotted(statement.target) is not None
                and source.key(statement.target) == key and isinstance(statement.value, ast.Constant) and statement.value.value == 1
            ):
                return True
    if (
        isinstance(owner, ast.For) and owner.body is block and isinstance(owner.target, ast.Tuple) and owner.target.elts
        and isinstance(owner.target.elts[0], ast.Name) and isinstance(owner.iter, ast.Call)
        and isinstance(owner.iter.func, ast.Name) and owner.iter.func.id == "enumerate" and len(parts) > 1
    ):
        index = owner.target.elts[0].id
        return any(isinstance(part, ast.Name) and part.id == index for part in parts)
    return False


def _in_the_file(node: ast.AST, source) -> bool:  # type: ignore[no-untyped-def]
    """`node` is one of this file's own nodes (a constructor found through another module's
    factory is not)."""
    return any(each is node for each in ast_walk(source.tree))


_IGNITE_WRAPPERS = ("ignite.handlers.", "ignite.contrib.handlers.")
# horizons counted in scheduler steps (a per-batch scheduler's `steps_per_epoch`, a lambda's or a
# sequence's horizons are not read here)
_IGNITE_HORIZONS = frozenset({
    "CosineAnnealingLR", "OneCycleLR", "CyclicLR", "MultiStepLR", "StepLR", "LinearLR", "PolynomialLR", "CosineAnnealingWarmRestarts",
})


def _ignite_epoch_mismatches(model: ModuleModel) -> Iterator[tuple[ast.Call, str, str, ast.expr, str, bool]]:
    """(the scheduler's constructor, its name, the horizon's argument and value, the event) for
    `trainer.add_event_handler(Events.EPOCH_COMPLETED, LRScheduler(sched))` (or a name bound
    once to the `LRScheduler(...)`) with `sched` a torch scheduler whose horizon is a count of
    batches: `len(data)` (or a product with it) of the data some `trainer.run(data, ...)` of the
    same engine runs, or of a name saying loader, written or bound once to it; and the reverse:
    attached to `ITERATION_COMPLETED`/`ITERATION_STARTED` with a horizon counted in epochs (a name
    saying epoch, or what the engine's `run(..., max_epochs=...)` is given, or a part of it).
    Also a handler stepping the scheduler by hand on those events (`_ignite_handlers`); the
    last item says so."""
    from gradfix.analysis.assignments import assignments
    from gradfix.analysis.horizons import _LOADER_NAME, _argument, _product_of_len
    from gradfix.analysis.names import call_name, dotted, positional
    from gradfix.source import FUNCTIONS
    from gradfix.walk import own_nodes

    source = model.source
    qualify = model.facts.imports.qualify
    scopes: list[ast.AST] = [source.tree] + [node for node in ast_walk(source.tree) if isinstance(node, FUNCTIONS)]
    for scope in scopes:
        nodes = list(own_nodes(scope))
        calls = [node for node in nodes if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)]
        for engine, event, wrapped, shown, by_hand in _ignite_handlers(nodes, calls, scope, model):
            per_epoch = event.attr == "EPOCH_COMPLETED"
            if isinstance(wrapped, ast.Name):
                wrapped = assignments(model).single_value(wrapped.id, scope)  # type: ignore[arg-type]
            if not isinstance(wrapped, ast.Call):
                continue
            name = qualify(call_name(wrapped)) or ""
            last = name.rsplit(".", 1)[-1]
            if not name.startswith("torch.optim.lr_scheduler.") or last not in _IGNITE_HORIZONS:
                continue
            runs = [
                run for run in calls
                if run.func.attr == "run" and dotted(run.func.value) is not None and source.key(run.func.value) == engine  # type: ignore[attr-defined]
            ]
            data = {source.key(positional(run)[0]) for run in runs if positional(run) and dotted(positional(run)[0]) is not None}
            epochs = {
                source.code(given.value) for run in runs for given in run.keywords if given.arg == "max_epochs"
                and not isinstance(given.value, ast.Constant)
            }
            for argument, index in HORIZONS[last]:
                if argument == "steps_per_epoch":
                    continue
                value = _argument(wrapped, argument, index, model)
                if value is None:
                    continue
                written = value
                if isinstance(value, ast.Name):
                    value = assignments(model).single_value(value.id, scope) or value  # type: ignore[arg-type]
                parts = value.elts if isinstance(value, (ast.List, ast.Tuple)) else [value]
                if per_epoch and parts and all(_counts_batches(part, data, _LOADER_NAME, _product_of_len, source) for part in parts):
                    yield wrapped, shown or last, argument, written, event.attr, by_hand  # (on the constructor, as Lightning's)
                    break
                if not per_epoch and (
                    _counts_epochs(written, epochs, source)
                    or (parts and all(_counts_epochs(part, epochs, source) for part in parts))
                ):
                    yield wrapped, shown or last, argument, written, event.attr, by_hand
                    break


def _ignite_handlers(nodes: list[ast.AST], calls: list[ast.Call], scope: ast.AST, model: ModuleModel) -> Iterator[tuple[str, ast.Attribute, ast.expr | None, str, bool]]:
    """(the engine, the event, the torch scheduler stepped or where it is bound, how it is
    written, whether a handler steps it by hand) for each handler of a scope that steps one scheduler on an Ignite event:
    `engine.add_event_handler(Events.EPOCH_COMPLETED, LRScheduler(sched))` (or a name bound once
    to the wrapper); and by hand, a handler whose whole work is `sched.step()` as a statement of
    its own (no loop, no argument): `add_event_handler(Events.X, lambda engine: sched.step())`,
    `add_event_handler(Events.X, advance)` with `def advance(engine)` of the same scope, or a
    function of the scope decorated `@engine.on(Events.X)`."""
    from gradfix.analysis.assignments import assignments
    from gradfix.analysis.names import call_name, dotted, positional

    source = model.source
    qualify = model.facts.imports.qualify

    def ignite_event(event: ast.expr) -> bool:
        return isinstance(event, ast.Attribute) and event.attr in _IGNITE_EVENTS and (qualify(dotted(event.value) or "") or "").startswith("ignite.")

    defined = {node.name: node for node in getattr(scope, "body", ()) if isinstance(node, ast.FunctionDef)}  # (the scope's own)
    for call in calls:
        if call.func.attr != "add_event_handler" or len(call.args) < 2 or dotted(call.func.value) is None:  # type: ignore[attr-defined]
            continue
        event = call.args[0]
        if not ignite_event(event):
            continue
        engine = source.key(call.func.value)  # type: ignore[attr-defined]
        handler = call.args[1]
        if isinstance(handler, ast.Lambda):
            stepped = _stepped_by_hand([ast.Expr(handler.body)])
            if stepped is not None:
                yield engine, event, stepped, stepped.id, True  # type: ignore[misc]
            continue
        if isinstance(handler, ast.Name) and handler.id in defined:
            stepped = _stepped_by_hand(defined[handler.id].body)
            if stepped is not None:
                yield engine, event, stepped, stepped.id, True  # type: ignore[misc]
            continue
        wrapper = handler
        if isinstance(wrapper, ast.Name):
            wrapper = assignments(model).single_value(wrapper.id, scope)  # type: ignore[arg-type,assignment]
        if not (isinstance(wrapper, ast.Call) and (qualify(call_name(wrapper)) or "").startswith(_IGNITE_WRAPPERS)):
            continue
        if (qualify(call_name(wrapper)) or "").rsplit(".", 1)[-1] != "LRScheduler":
            continue
        wrapped = positional(wrapper)[0] if positional(wrapper) else None
        yield engine, event, wrapped, source.code(wrapped) if wrapped is not None else "", False
    for function in defined.values():
        for decorator in function.decorator_list:
            if not (
                isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Attribute) and decorator.func.attr == "on"
                and decorator.args and ignite_event(decorator.args[0]) and dotted(decorator.func.value) is not None
            ):  # fmt: skip
                continue
            stepped = _stepped_by_hand(function.body)
            if stepped is not None:
                yield source.key(decorator.func.value), decorator.args[0], stepped, stepped.id, True  # type: ignore[misc]


def _stepped_by_hand(body: list[ast.stmt]) -> ast.Name | None:
    """The scheduler a handler's body steps by hand when that is all it does with one: one
    statement `sched.step()` (no argument) at the top of the body, no other call of `.step`
    anywhere in it (a loop of steps, a second scheduler)."""
    steps = [
        node for stmt in body for node in ast_walk(stmt)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "step"
    ]  # fmt: skip
    if len(steps) != 1 or steps[0].args or steps[0].keywords or not isinstance(steps[0].func.value, ast.Name):  # type: ignore[attr-defined]
        return None
    if not any(isinstance(stmt, ast.Expr) and stmt.value is steps[0] for stmt in body):
        return None
    return steps[0].func.value  # type: ignore[attr-defined,no-any-return]


_IGNITE_EVENTS = frozenset({"EPOCH_COMPLETED", "ITERATION_COMPLETED", "ITERATION_STARTED"})


def _counts_epochs(value: ast.expr, epochs: set[str], source, depth: int = 0) -> bool:  # type: ignore[no-untyped-def]
    """The epoch count: a name (or attribute, or `cfg["epochs"]`) saying epoch and not step,
    iteration or batch, or what the engine's `run(..., max_epochs=...)` is given; or a part of
    it (`EPOCHS // 2`, `int(0.75 * EPOCHS)`, `EPOCHS - 1`)."""
    from gradfix.analysis.names import call_name, dotted, last_name

    if source.code(value) in epochs:
        return True
    if depth < 2 and isinstance(value, ast.BinOp) and isinstance(value.op, (ast.FloorDiv, ast.Div, ast.Sub, ast.Mult)):
        numbers = [side for side in (value.left, value.right) if isinstance(side, ast.Constant) and isinstance(side.value, (int, float))]
        if len(numbers) != 1:
            return False
        if isinstance(value.op, ast.Mult) and not (isinstance(numbers[0].value, float) and 0 < numbers[0].value < 1):
            return False  # (`EPOCHS * 6`: maybe batches written as a number)
        other = value.right if numbers[0] is value.left else value.left
        if isinstance(value.op, (ast.FloorDiv, ast.Div, ast.Sub)) and other is not value.left:
            return False
        return _counts_epochs(other, epochs, source, depth + 1)
    if depth < 2 and isinstance(value, ast.Call) and call_name(value) in ("int", "round") and len(value.args) == 1 and not value.keywords:
        return _counts_epochs(value.args[0], epochs, source, depth + 1)
    if isinstance(value, (ast.Name, ast.Attribute)) and dotted(value) is not None:
        name = last_name(source.key(value))
    elif isinstance(value, ast.Subscript) and isinstance(value.slice, ast.Constant) and isinstance(value.slice.value, str):
        name = value.slice.value
    else:
        return False
    lowered = name.lower()
    return "epoch" in lowered and not any(word in lowered for word in ("step", "iter", "batch", "update", "per"))


def _counts_batches(value: ast.expr, data: set[str], loader_name, product_of_len, source) -> bool:  # type: ignore[no-untyped-def]
    """`len(data)`, or a product with it (`EPOCHS * len(loader)`), of the data the engine runs
    (or of a name saying loader)."""
    from gradfix.analysis.names import call_name, dotted, last_name

    if not product_of_len(value):
        return False
    for node in ast_walk(value):
        if isinstance(node, ast.Call) and call_name(node) == "len" and len(node.args) == 1 and dotted(node.args[0]) is not None:
            key = source.key(node.args[0])
            if key in data or loader_name.search(last_name(key)):
                return True
    return False


def _micro_batch_fix(found: Mismatch, model: ModuleModel) -> Fix | None:
    """A horizon in optimizer steps stepped on every micro-batch: the scheduler's step moves
    right after the optimizer's, under the window's `if` (both written in the loop itself,
    each alone on its lines, the step's block no one-line block)."""
    source = model.source
    sched, step = found.scheduler, found.step
    if sched.via or step.via or sched.helpers or step.helpers:
        return None
    statement = single_call_statement(sched, source)
    anchor = step.statement
    if statement is None or anchor is None or not source.alone_on_lines(statement) or not source.alone_on_lines(anchor):
        return None
    if source.inline_block(source.block_of(anchor) or []):
        return None
    return Fix([RemoveStatement(statement, keep_comments=False), InsertStatements(anchor, "after", statement_lines(source, statement))], Safety.UNSAFE)


def _fix(found: Mismatch, model: ModuleModel) -> Fix | None:
    source = model.source
    sched, step, loop = found.scheduler, found.step, found.loop
    if found.argument == "t_initial":
        return None  # timm's `step(epoch)`: which of the horizon or the stepping is meant is not known
    if sched.via or step.via or found.batch_loop is loop.node:
        return None  # (a step-driven loop: no batch loop to move the step into or after)
    if (len(step.loops) > 2 or len(sched.loops) > 2 or len(loop.enclosing_loops) + len(step.loops) > 2) and _iterates_what_it_gives(found.batch_loop, loop.node):
        # three loops deep, the inner loop over what the loop around it hands out (`for epoch
        # ...: for i, batch in enumerate(loader): for task, (x, y) in batch.items():`, a
        # multi-task loop): the loop read as the epoch loop is a batch loop
        return None
    statement = single_call_statement(sched, source, bound=True)  # (`tick()`, `tick = sched.step`: moved as written)
    if statement is None or not unit_holds_only(statement, sched, loop, source):
        return None
    binding = bound_call_binding(sched.node) if sched.node is not None else None  # type: ignore[arg-type]
    if binding is not None and not (binding.lineno < loop.node.lineno or binding.lineno > loop.node.end_lineno):  # type: ignore[attr-defined]
        return None  # `tick = sched.step` bound in the loop: moved out, the name may be unbound there
    if sched.branches_within(loop.node) and found.stepped_per == "epoch":
        return None
    if found.stepped_per == "batch" and sched.branches_within(found.batch_loop):  # type: ignore[arg-type]
        own = [b for b in sched.branches_within(found.batch_loop) if not any(b.node is c.node for c in step.branches)]  # type: ignore[arg-type]
        if own:
            return None
    lines = statement_lines(source, statement)
    if found.stepped_per == "epoch":
        anchor = step.statement
        if step.branches_within(found.batch_loop) and found.counted_in == "batches" and "/" not in source.code(found.horizon or found.constructor):  # type: ignore[arg-type]
            # a window's step (`if (i + 1) % N == 0: opt.step()`) under a horizon counted in
            # batches (`len(loader) * EPOCHS`, no `// N`): after the statement of the batch
            # loop holding the step, once per batch as the horizon counts, not once per window
            units = below(step, found.batch_loop)  # type: ignore[arg-type]
            if not units:
                return None
            anchor = units[0]
        if source.inline_block(source.block_of(anchor) or []) or not source.alone_on_lines(anchor):
            return None
        return Fix([RemoveStatement(statement, keep_comments=False), InsertStatements(anchor, "after", lines)], Safety.UNSAFE)
    path = below(sched, loop.node)
    if not path:
        return None
    unit = path[0]
    for index, node in enumerate(path):
        if node is found.batch_loop:
            if any(outer.__class__.__name__ in ("If", "Match") for outer in path[:index]):
                # the batch loop runs in one arm (`for phase in ("train", "eval"):` / `if phase
                # == "train":` or `match phase: case "train":`): once after it, in that arm, not
                # after the arm's statement, which the loop around runs once per phase
                unit = node
            break
    if not any(node is found.batch_loop for node in ast_walk(unit)) or unit is statement:
        return None
    return Fix([RemoveStatement(statement, keep_comments=False), InsertStatements(unit, "after", lines)], Safety.UNSAFE)


def _iterates_what_it_gives(inner: ast.AST, outer: ast.AST) -> bool:
    """The `for` loop `inner` iterates what the `for` loop `outer` hands out (its variables, or
    a name its body binds from them first: `tasks = {"cls": batch}`)."""
    if not isinstance(inner, (ast.For, ast.AsyncFor)) or not isinstance(outer, (ast.For, ast.AsyncFor)):
        return False
    given = {node.id for node in ast_walk(outer.target) if isinstance(node, ast.Name)}
    if _in_a_phase_arm(inner, outer.body, given):
        return False  # `for phase, batches in splits.items():` / `if phase == "train":`: a phase loop
    for stmt in outer.body:
        if isinstance(stmt, ast.Assign) and any(isinstance(node, ast.Name) and node.id in given for node in ast_walk(stmt.value)):
            given |= {node.id for target in stmt.targets for node in ast_walk(target) if isinstance(node, ast.Name)}
    return any(isinstance(node, ast.Name) and node.id in given for node in ast_walk(inner.iter))


def _in_a_phase_arm(inner: ast.AST, block: list[ast.stmt], names: set[str]) -> bool:
    """`inner` sits, in `block`, in an arm that tests one of `names` against a literal (`if
    phase == "train":`, `case "fit":` of `match split:`): the loop around runs it once per
    phase, not once per batch."""
    for stmt in block:
        if not any(node is inner for node in ast_walk(stmt)):
            continue
        if isinstance(stmt, ast.If):
            test = stmt.test
            if (
                isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)
                and any(isinstance(side, ast.Name) and side.id in names for side in (test.left, test.comparators[0]))
                and any(isinstance(side, ast.Constant) for side in (test.left, test.comparators[0]))
            ):  # fmt: skip
                return True
            return _in_a_phase_arm(inner, stmt.body, names) or _in_a_phase_arm(inner, stmt.orelse, names)
        if stmt.__class__.__name__ == "Match" and isinstance(stmt.subject, ast.Name) and stmt.subject.id in names:  # type: ignore[attr-defined]
            return True
        return False
    return False


# Lightning's automatic optimization steps the schedulers `configure_optimizers` returns: once
# per epoch by default, once per optimizer step with `"interval": "step"`
_LIGHTNING_BATCHES = frozenset({"self.trainer.estimated_stepping_batches", "self.trainer.num_training_batches"})
_LIGHTNING_EPOCHS = frozenset({"self.trainer.max_epochs"})
_LIGHTNING_HORIZONS = frozenset({"CosineAnnealingLR", "OneCycleLR", "StepLR", "MultiStepLR", "LinearLR", "PolynomialLR", "CosineAnnealingWarmRestarts"})


def _lightning_mismatches(model: ModuleModel) -> Iterator[tuple[ast.Call, str, ast.expr, str, Fix | None, tuple[str, ast.Call | None] | None]]:
    """The schedulers a `LightningModule`'s `configure_optimizers` returns (automatic
    optimization) in a config Lightning steps at one level -- `{"optimizer": opt,
    "lr_scheduler": sched}` or `[opt], [sched]` (once per epoch), `{"scheduler": sched,
    "interval": "step"}` (every optimizer step), no `"frequency"` other than 1 -- whose torch
    constructor (written there, or bound once in the method) counts its horizon in the other
    unit: optimizer steps (`self.trainer.estimated_stepping_batches`, `num_training_batches`)
    against epochs (`self.trainer.max_epochs`, or the module constant every `Trainer(...)` of the
    file is given as `max_epochs=`, or a part of either: `- k`, `// k`). With (the hook's name,
    its step) last: the method's one scheduler over epochs, stepped once per epoch by Lightning
    and again by a batch hook of the class (`_batch_hook_step`)."""
    from gradfix.analysis import frameworks
    from gradfix.analysis.names import call_name, dotted

    facts = model.facts
    source = model.source
    for class_name, node in facts.classes.items():
        entry = frameworks.framework_of(node, facts.imports.qualify)
        if entry is None or not entry.qualname.endswith("LightningModule"):
            continue
        manual = None
        if entry.manual_switch is not None and _manual(node, entry.manual_switch):
            # manual optimization: Lightning steps no scheduler; one stepped by hand only in
            # `on_train_epoch_end` steps once per epoch
            manual = _stepped_only_at_epoch_end(facts.methods.get(class_name, {}))
            if manual is None:
                continue
        info = facts.methods.get(class_name, {}).get("configure_optimizers")
        if info is None:
            continue
        method = info.node
        # names the method binds exactly once, by a plain `name = value` (nothing else stores them)
        stores: dict[str, int] = {}
        values: dict[str, ast.expr] = {}
        for n in ast_walk(method):
            if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
                stores[n.id] = stores.get(n.id, 0) + 1
            elif isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name):
                values[n.targets[0].id] = n.value

        def once(expr: ast.expr) -> ast.expr:
            if isinstance(expr, ast.Name) and stores.get(expr.id) == 1 and expr.id in values:
                return values[expr.id]
            return expr

        returned = [
            (ret, config, holder)
            for ret in ast_walk(method)
            if isinstance(ret, ast.Return) and ret.value is not None
            for config, holder in _lightning_configs(ret.value)
        ]
        for ret, config, holder in returned:
            if True:
                interval: ast.expr | None = None
                scheduler = config
                if isinstance(config, ast.Dict):
                    keys = {k.value: v for k, v in zip(config.keys, config.values) if isinstance(k, ast.Constant) and isinstance(k.value, str)}
                    if len(keys) != len(config.keys) or "scheduler" not in keys:
                        continue
                    frequency = keys.get("frequency")
                    if frequency is not None and not (isinstance(frequency, ast.Constant) and frequency.value == 1):
                        continue
                    interval = keys.get("interval")
                    if interval is not None and not (isinstance(interval, ast.Constant) and interval.value in ("step", "epoch")):
                        continue
                    scheduler = keys["scheduler"]
                stepped_per = "batch" if interval is not None and interval.value == "step" else "epoch"  # type: ignore[attr-defined]
                if manual is not None:
                    stepped_per = "epoch"
                call = once(scheduler)
                if not isinstance(call, ast.Call):
                    continue
                name = call_name(call)
                qualified = facts.imports.qualify(name) if name else None
                last = qualified.rpartition(".")[2] if qualified else ""
                if not qualified or not qualified.startswith("torch.optim.lr_scheduler.") or last not in _LIGHTNING_HORIZONS:
                    continue
                if any(k.arg is None for k in call.keywords) or any(isinstance(a, ast.Starred) for a in call.args):
                    continue
                for argument, index in HORIZONS[last]:
                    value = next((k.value for k in call.keywords if k.arg == argument), call.args[index] if len(call.args) > index else None)
                    if value is None:
                        continue
                    counted_in = _lightning_unit(once(value), once, model)
                    if counted_in is None:
                        continue
                    if (counted_in == "batches") == (stepped_per == "batch"):
                        # which of `self.lr_schedulers()` it is: the one scheduler, or the i-th of
                        # one `return [opt], [s0, s1, ...]` (configure_optimizers' order)
                        position = None if len(returned) == 1 else _position(returned, config)
                        if manual is None and (len(returned) == 1 or position is not None):
                            # (epochs: stepped per epoch and per batch; optimizer steps with
                            # `"interval": "step"`: stepped twice per batch)
                            again = _batch_hook_step(facts.methods.get(class_name, {}), position) or _callback_batch_hook_step(
                                class_name, model, position
                            )
                            if again is not None:
                                yield call, argument, value, counted_in, None, again
                                break
                        continue
                    if manual is not None:
                        yield call, argument, value, counted_in, None, (manual, None)
                    else:
                        yield call, argument, value, counted_in, _lightning_fix(config, scheduler, interval, holder, counted_in, ret, source), None
                    break


def _stepped_only_at_epoch_end(methods) -> str | None:  # type: ignore[no-untyped-def]
    """`on_train_epoch_end` when it is the only method of the class naming `self.lr_schedulers()`
    and steps it at its own top level (`self.lr_schedulers().step()`, or through a name it binds
    once to it): a manual-optimization module stepping its one scheduler once per epoch."""
    from gradfix.analysis.names import dotted

    def fetches(n: ast.AST) -> bool:
        return (
            isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "lr_schedulers"
            and dotted(n.func.value) == "self"
        )  # fmt: skip

    naming = [name for name, info in methods.items() if any(fetches(n) for n in ast_walk(info.node))]
    if naming != ["on_train_epoch_end"]:
        return None
    hook = methods["on_train_epoch_end"].node
    bound = {
        stmt.targets[0].id for stmt in hook.body
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and fetches(stmt.value)
    }  # fmt: skip
    stores = [n.id for n in ast_walk(hook) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)]
    for stmt in hook.body:
        call = stmt.value if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) else None
        if call is None or not isinstance(call.func, ast.Attribute) or call.func.attr != "step" or call.args or call.keywords:
            continue
        held = call.func.value
        if fetches(held) or (isinstance(held, ast.Name) and held.id in bound and stores.count(held.id) == 1):
            return "on_train_epoch_end"
    return None


def _position(returned: list[tuple[ast.Return, ast.expr, ast.AST]], config: ast.expr) -> int | None:
    """The index of `config` among the schedulers `configure_optimizers` returns, when they all
    come from its one `return` of `[opts], [s0, s1, ...]` (one list that holds them all)."""
    if len({id(ret) for ret, _, _ in returned}) != 1 or len({id(holder) for _, _, holder in returned}) != 1:
        return None
    holder = returned[0][2]
    if not isinstance(holder, (ast.List, ast.Tuple)) or any(isinstance(e, ast.Starred) for e in holder.elts):
        return None
    return next((i for i, (_, c, _) in enumerate(returned) if c is config), None)


def _batch_hook_step(methods, position: int | None = None) -> tuple[str, ast.Call] | None:  # type: ignore[no-untyped-def]
    """(the hook, the call) of `self.lr_schedulers().step()` (or `name.step()` of a name the hook
    binds once, at its top level, to `self.lr_schedulers()`) at the top level of the class's
    `on_train_batch_end` or `on_train_batch_start`, which Lightning calls once per batch; none
    when the class overrides `lr_scheduler_step` (Lightning's own stepping is then its)."""
    if "lr_scheduler_step" in methods:
        return None

    for name in ("on_train_batch_end", "on_train_batch_start"):
        info = methods.get(name)
        node = info.node if info is not None else None
        if not isinstance(node, ast.FunctionDef) or node.decorator_list:
            continue
        call = _lr_schedulers_step(node, "self", position=position)
        if call is not None:
            return name, call
    return None


def _lr_schedulers_step(
    fn: ast.FunctionDef, holder: str, holder_kept: bool = False, position: int | None = None, trainer: str | None = None
) -> ast.Call | None:
    """The first statement of `fn`'s body that steps `<holder>.lr_schedulers()` (`holder` a
    plain name: `self`, or a Callback hook's module parameter), directly or through a name
    `fn` binds once, to that call; with `holder_kept`, none when `fn` binds `holder` (or
    `trainer`) again. With `position`: the list's entry at that index
    (`<holder>.lr_schedulers()[1]`). The Trainer's config of it too, in the same order:
    `<trainer>.lr_scheduler_configs[i].scheduler` (`trainer` a Callback hook's Trainer
    parameter; `self.trainer` for `self`), `[0]` for the one scheduler."""

    def configured(expr: ast.expr) -> bool:
        if not (isinstance(expr, ast.Attribute) and expr.attr == "scheduler" and isinstance(expr.value, ast.Subscript)):
            return False
        index = expr.value.slice
        if not (isinstance(index, ast.Constant) and type(index.value) is int and index.value == (position or 0)):
            return False
        configs = expr.value.value
        if not (isinstance(configs, ast.Attribute) and configs.attr == "lr_scheduler_configs"):
            return False
        owner = configs.value
        if trainer is not None:
            return isinstance(owner, ast.Name) and owner.id == trainer
        return (
            holder == "self" and isinstance(owner, ast.Attribute) and owner.attr == "trainer"
            and isinstance(owner.value, ast.Name) and owner.value.id == "self"
        )  # fmt: skip

    def fetched(expr: ast.expr) -> bool:
        if configured(expr):
            return True
        if position is not None:
            if not (isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Constant) and expr.slice.value == position):
                return False
            if isinstance(expr.slice.value, bool):
                return False
            expr = expr.value
        return (
            isinstance(expr, ast.Call) and not expr.args and not expr.keywords and isinstance(expr.func, ast.Attribute)
            and expr.func.attr == "lr_schedulers" and isinstance(expr.func.value, ast.Name) and expr.func.value.id == holder
        )  # fmt: skip

    stores: dict[str, int] = {}
    for n in ast_walk(fn):
        if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
            stores[n.id] = stores.get(n.id, 0) + 1
    if holder_kept and (stores.get(holder) or (trainer is not None and stores.get(trainer))):
        return None
    names = {
        stmt.targets[0].id
        for stmt in fn.body
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
        and stores.get(stmt.targets[0].id) == 1 and fetched(stmt.value)
    }  # fmt: skip
    for stmt in fn.body:
        call = stmt.value if isinstance(stmt, ast.Expr) else None
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "step"):
            continue
        target = call.func.value
        if fetched(target) or (isinstance(target, ast.Name) and target.id in names):
            return call
    return None


def _callback_batch_hook_step(module: str, model: ModuleModel, position: int | None = None) -> tuple[str, ast.Call] | None:
    """(`Class.hook`, the call) of `pl_module.lr_schedulers().step()` (the hook's third
    parameter, or a name the hook binds once to its `lr_schedulers()`) at the top level of the
    `on_train_batch_end`/`on_train_batch_start` of a Lightning `Callback` of the file (also
    through a base of the file) that the file builds in a `callbacks=` argument, when `module`
    is the file's one LightningModule class, built in the file (`Classifier(...)` outside its
    own body), and overrides no `lr_scheduler_step`. Lightning calls the hook of every callback
    handed to the Trainer once per batch, with the module it fits."""
    from gradfix.analysis.frameworks import framework_of, lightning_callback_through_file

    facts = model.facts
    text = model.source.text
    if "callbacks=" not in text or (".lr_schedulers()" not in text and ".lr_scheduler_configs[" not in text):
        return None
    modules = [
        name for name, node in facts.classes.items()
        if (entry := framework_of(node, facts.imports.qualify)) is not None and entry.qualname.endswith("LightningModule")
    ]  # fmt: skip
    if module not in modules or "lr_scheduler_step" in facts.methods.get(module, {}):
        return None
    calls = model.source.of_type(ast.Call)

    def built(name: str) -> bool:
        own = facts.classes[name]
        return any(
            isinstance(n.func, ast.Name) and n.func.id == name and not own.lineno <= n.lineno <= (own.end_lineno or 0)
            for n in calls
        )

    # the module the callbacks are handed with: the file's one LightningModule class it builds
    # (`Classifier(...)` outside its own body), other module classes of the file built nowhere in it
    if not built(module) or any(built(other) for other in modules if other != module):
        return None
    handed: list[ast.expr] = []
    for call in calls:
        for k in call.keywords:
            if k.arg != "callbacks":
                continue
            handed.append(k.value)
            if isinstance(k.value, ast.Name):
                # `callbacks=cbs`: the list a name bound once in the file holds, with what the
                # file appends to it (`cbs = [Warmup()]`, `cbs.append(Warmup())`)
                handed.extend(_bound_once_with_appends(k.value.id, model))
    callbacks = {
        n.func.id for value in handed for n in ast_walk(value) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
    }  # fmt: skip
    for name in sorted(callbacks):
        node = facts.classes.get(name)
        if node is None or not lightning_callback_through_file(node, facts.classes, facts.imports.qualify):
            continue
        methods = facts.methods.get(name, {})
        for hook in ("on_train_batch_end", "on_train_batch_start"):
            info = methods.get(hook)
            fn = info.node if info is not None else None
            if not isinstance(fn, ast.FunctionDef) or fn.decorator_list or len(fn.args.args) < 3:
                continue
            call = _lr_schedulers_step(fn, fn.args.args[2].arg, holder_kept=True, position=position, trainer=fn.args.args[1].arg)
            if call is not None:
                return f"{name}.{hook}", call
    return None


def _bound_once_with_appends(name: str, model: ModuleModel) -> list[ast.expr]:
    """The value of the file's one binding of `name` (`cbs = [...]`, a plain assignment) and the
    arguments of `name.append(...)` calls; nothing when the file binds the name otherwise."""
    source = model.source
    bindings = [n for n in source.of_type(ast.Name) if n.id == name and not isinstance(n.ctx, ast.Load)]
    if len(bindings) != 1:
        return []
    found: list[ast.expr] = [
        stmt.value for stmt in source.of_type(ast.Assign)
        if len(stmt.targets) == 1 and stmt.targets[0] is bindings[0]
    ]  # fmt: skip
    if not found:
        return []
    for call in source.of_type(ast.Call):
        func = call.func
        if (
            isinstance(func, ast.Attribute) and func.attr == "append" and isinstance(func.value, ast.Name)
            and func.value.id == name and len(call.args) == 1
        ):  # fmt: skip
            found.append(call.args[0])
    return found


def _trainer_optimizers_mismatches(model: ModuleModel) -> Iterator[tuple[ast.Call, str, str, ast.expr]]:
    """A torch scheduler handed to a transformers `Trainer(..., optimizers=(opt, sched))` (the
    class itself, or a subclass of it of the file), built in the tuple or bound to a name the
    file stores once, by `name = <constructor>(...)`, whose horizon counts epochs: a name of the
    file bound once to an integer literal that some call of the file passes as
    `num_train_epochs=name` (`TrainingArguments(num_train_epochs=EPOCHS)`, or a helper's keyword),
    or an attribute `.num_train_epochs` (`args.num_train_epochs`), alone, in `int(...)`, or less
    or divided by a constant. The Trainer keeps it as `lr_scheduler` and steps it after every
    optimizer step (transformers 5.24.0 trainer.py `_inner_training_loop`;
    tests/libraries/test_transformers.py::test_scheduler_handed_in_optimizers_steps_after_every_optimizer_step)."""
    from gradfix.analysis import frameworks
    from gradfix.analysis.names import call_name, dotted

    facts = model.facts
    source = model.source
    # (statements only: `trainer = Trainer(...)`, `Trainer(...).train()`; the index of every
    # node is built only for a file that hands a Trainer its optimizers)
    trainers = []
    for stmt in [*source.of_type(ast.Assign), *source.of_type(ast.Expr)]:
        value = stmt.value  # type: ignore[attr-defined]
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and isinstance(value.func.value, ast.Call):
            value = value.func.value
        if (
            isinstance(value, ast.Call) and any(k.arg == "optimizers" for k in value.keywords)
            and _hf_trainer(value.func, facts)
        ):  # fmt: skip
            trainers.append(value)
    if not trainers:
        return
    calls = source.of_type(ast.Call)
    stores: dict[str, int] = {}
    for n in source.of_type(ast.Name):
        if not isinstance(n.ctx, ast.Load):  # type: ignore[attr-defined]
            stores[n.id] = stores.get(n.id, 0) + 1  # type: ignore[attr-defined]
    bound: dict[str, ast.expr] = {}
    for stmt in source.of_type(ast.Assign):
        if len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and stores.get(stmt.targets[0].id) == 1:  # type: ignore[attr-defined]
            bound[stmt.targets[0].id] = stmt.value  # type: ignore[attr-defined]
    parameters = {a.arg for a in source.of_type(ast.arg)}  # type: ignore[attr-defined]
    epoch_names = {
        k.value.id for call in calls for k in call.keywords  # type: ignore[attr-defined]
        if k.arg == "num_train_epochs" and isinstance(k.value, ast.Name) and k.value.id not in parameters
        and isinstance(bound.get(k.value.id), ast.Constant) and type(bound[k.value.id].value) is int  # type: ignore[attr-defined]
    }  # fmt: skip

    def epochs(value: ast.expr) -> bool:
        core = value
        while isinstance(core, ast.BinOp) and isinstance(core.op, (ast.Sub, ast.FloorDiv)) and isinstance(core.right, ast.Constant):
            core = core.left
        if isinstance(core, ast.Call) and isinstance(core.func, ast.Name) and core.func.id == "int" and len(core.args) == 1 and not core.keywords:
            core = core.args[0]
        if isinstance(core, ast.Attribute):
            return core.attr == "num_train_epochs"
        return isinstance(core, ast.Name) and core.id in epoch_names

    for trainer in trainers:
        given = next(k.value for k in trainer.keywords if k.arg == "optimizers")  # type: ignore[attr-defined]
        if not isinstance(given, ast.Tuple) or len(given.elts) != 2:
            continue
        handed = given.elts[1]
        call = bound.get(handed.id) if isinstance(handed, ast.Name) else handed
        if not isinstance(call, ast.Call):
            continue
        qualified = facts.imports.qualify(call_name(call) or "") or ""
        last = qualified.rpartition(".")[2]
        if not qualified.startswith("torch.optim.lr_scheduler.") or last not in _LIGHTNING_HORIZONS:
            continue
        if any(k.arg is None for k in call.keywords) or any(isinstance(a, ast.Starred) for a in call.args):
            continue
        for argument, index in HORIZONS[last]:
            value = next((k.value for k in call.keywords if k.arg == argument), call.args[index] if len(call.args) > index else None)
            if value is not None and epochs(value):
                yield call, source.code(handed) if isinstance(handed, ast.Name) else source.code(call.func), argument, value
                break


def _hf_trainer(func: ast.expr, facts) -> bool:  # type: ignore[no-untyped-def]
    """`Trainer` (transformers' framework class, by any import of it) or a class of the file
    deriving from it (`framework_through_file`)."""
    from gradfix.analysis import frameworks
    from gradfix.analysis.names import dotted

    name = dotted(func)
    if name is None:
        return False
    entry = frameworks.framework_class(facts.imports.qualify(name))
    cls = facts.classes.get(name)
    if entry is None and cls is not None:
        entry = frameworks.framework_through_file(cls, facts.classes, facts.imports.qualify)
    return entry is not None and entry.qualname == "transformers.Trainer"


def _manual(node: ast.ClassDef, attribute: str) -> bool:
    from gradfix.analysis.steps import _switched_off

    return _switched_off(node, attribute)


def _lightning_configs(value: ast.expr) -> list[tuple[ast.expr, ast.AST]]:
    """The scheduler configs of what `configure_optimizers` returns, each with the node that
    holds it (the dict whose `"lr_scheduler"` it is, or the list it is an element of)."""
    found: list[tuple[ast.expr, ast.AST]] = []
    if isinstance(value, ast.Dict):
        for k, v in zip(value.keys, value.values):
            if isinstance(k, ast.Constant) and k.value == "lr_scheduler" and v is not None:
                found.append((v, value))
    elif isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == 2 and all(isinstance(e, (ast.List, ast.Tuple)) for e in value.elts):
        schedulers = value.elts[1]
        found.extend((e, schedulers) for e in schedulers.elts)  # type: ignore[attr-defined]
    return found


def _lightning_unit(value: ast.expr, once, model: ModuleModel) -> str | None:  # type: ignore[no-untyped-def]
    """`batches` for a horizon that reads a count of optimizer steps (also times or divided by
    anything), `epochs` for an epoch count alone or a part of it (`EPOCHS - 1`, `epochs // 3`)."""
    source = model.source
    texts = {source.code(n) for n in ast_walk(value) if isinstance(n, ast.Attribute)}
    if texts & _LIGHTNING_BATCHES:
        return "batches"
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mult):
        # `EPOCHS * len(LOADER)`: the epoch count times the batches of a DataLoader of the module
        for count, length in ((value.left, value.right), (value.right, value.left)):
            if _lightning_epochs(count, model) and _len_of_a_module_loader(length, model):
                return "batches"
    core = value
    while isinstance(core, ast.BinOp) and isinstance(core.op, (ast.Sub, ast.FloorDiv)) and isinstance(core.right, ast.Constant):
        core = core.left
    core = once(core)
    if isinstance(core, ast.Attribute) and source.code(core) in _LIGHTNING_EPOCHS:
        return "epochs"
    if isinstance(core, ast.Name) and _every_trainer_max_epochs(core.id, model):
        return "epochs"
    return None


def _lightning_epochs(value: ast.expr, model: ModuleModel) -> bool:
    """`self.trainer.max_epochs`, or the module constant every `Trainer(...)` is given as `max_epochs=`."""
    if isinstance(value, ast.Attribute):
        return model.source.code(value) in _LIGHTNING_EPOCHS
    return isinstance(value, ast.Name) and _every_trainer_max_epochs(value.id, model)


def _len_of_a_module_loader(value: ast.expr, model: ModuleModel) -> bool:
    """`len(name)`, `name` bound once, at the module's top level, to a torch `DataLoader(...)`
    (its length is its number of batches) and never a parameter."""
    from gradfix.analysis.names import dotted

    if not (
        isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "len"
        and len(value.args) == 1 and not value.keywords and isinstance(value.args[0], ast.Name)
    ):  # fmt: skip
        return False
    name = value.args[0].id
    source = model.source
    top = [
        stmt.value for stmt in model.module.body
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and stmt.targets[0].id == name
    ]  # fmt: skip
    if len(top) != 1 or not isinstance(top[0], ast.Call):
        return False
    qualified = model.facts.imports.qualify(dotted(top[0].func) or "") or ""
    if qualified not in ("torch.utils.data.DataLoader", "torch.utils.data.dataloader.DataLoader"):
        return False
    if sum(1 for n in source.of_type(ast.Name) if n.id == name and not isinstance(n.ctx, ast.Load)) != 1:  # type: ignore[attr-defined]
        return False
    return not any(a.arg == name for a in source.of_type(ast.arg))  # type: ignore[attr-defined]


def _every_trainer_max_epochs(name: str, model: ModuleModel) -> bool:
    """Every Lightning `Trainer(...)` of the file (at least one) is given `max_epochs=name`, a
    name the module binds once, at its top level, to an integer literal."""
    from gradfix.analysis import frameworks
    from gradfix.analysis.names import dotted

    source = model.source
    top = [
        stmt.value for stmt in model.module.body
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and stmt.targets[0].id == name
    ]  # fmt: skip
    stores = sum(1 for n in source.of_type(ast.Name) if n.id == name and not isinstance(n.ctx, ast.Load))  # type: ignore[attr-defined]
    if len(top) != 1 or stores != 1 or not (isinstance(top[0], ast.Constant) and type(top[0].value) is int):
        return False
    if any(a.arg == name for a in source.of_type(ast.arg)):  # type: ignore[attr-defined]
        return False
    found = False
    for call in source.of_type(ast.Call):
        entry = frameworks.constructor_entry(model.facts.imports.qualify(dotted(call.func) or "") or "")  # type: ignore[attr-defined]
        if entry is None or entry.kind != "lightning-trainer":
            continue
        given = next((k.value for k in call.keywords if k.arg == "max_epochs"), None)  # type: ignore[attr-defined]
        if not (isinstance(given, ast.Name) and given.id == name):
            return False  # a Trainer built otherwise may fit the module
        found = True
    return found


def _lightning_fix(
    config: ast.expr, scheduler: ast.expr, interval: ast.expr | None, holder: ast.AST, counted_in: str, ret: ast.Return, source
) -> Fix | None:  # type: ignore[no-untyped-def]
    """`"interval": "step"` <-> `"epoch"` written in the config; a scheduler returned bare
    (`"lr_scheduler": sched`, `[opt], [sched]`) with a horizon in steps is wrapped as
    `{"scheduler": sched, "interval": "step"}`."""
    if interval is not None:
        return Fix([ReplaceNode(interval, '"step"' if counted_in == "batches" else '"epoch"', ret)], Safety.UNSAFE)
    if config is scheduler and counted_in == "batches" and "\n" not in source.code(scheduler):
        return Fix([ReplaceNode(scheduler, '{"scheduler": ' + source.code(scheduler) + ', "interval": "step"}', ret)], Safety.UNSAFE)
    return None
