from __future__ import annotations

from gradfix import syntax as ast
import re

from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import Branch, EventKind, GradEvent, TrainingLoop
from gradfix.analysis.assignments import assigned_calls, assigned_values, assignments, dict_of_names, init_parameter, reaching_top_level
from gradfix.analysis.names import call_name, dotted, keyword, last_name, method_name, parameter_default, positional, receiver
from gradfix.patterns import lazily
from gradfix.transforms._common import ignite_handlers, step_hook_finding, training_loop_ids
from gradfix.source import FOR_LOOPS, FUNCTIONS, Source, encloses
from gradfix.transforms._placement import (
    can_jump_over,
    siblings,
    statement_containing,
    statements_between,
    unit_holds_only,
)
from gradfix.transforms.apply import statement_lines
from gradfix.walk import ast_walk
from gradfix.analysis.step_hooks import POST, PRE, misplaced_hooks
from gradfix.transforms.base import (
    Finding,
    Fix,
    InsertStatements,
    LoopRule,
    RemoveStatement,
    ReplaceNode,
    Safety,
)

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator

    from gradfix.analysis.facts import FunctionInfo

# Schedulers whose step() takes a metric or is not a learning-rate schedule at all.
_NOT_LR_SCHEDULE = lazily(r"ReduceLROnPlateau|noise|diffusers|DDPM|DDIM|Euler|DPM|PNDM|LMS|Karras", re.I)
_LR_SCHEDULER_CONSTRUCTOR = lazily(r"lr_scheduler|get_\w*schedule|schedul|LR$|Lr$|warmup", re.I)


class SchedulerBeforeOptimizer(LoopRule):
    """
    `scheduler.step()` runs before the `optimizer.step()` it schedules, in the same iteration.

    ## What it does
    Finds a learning-rate scheduler's `step()` that comes before its optimizer's
    `step()` within one iteration of a training loop: per batch
    (`scheduler.step(); optimizer.step()`) or per epoch (a `scheduler.step()` at the top
    of the epoch loop, before the batch loop that steps the optimizer). Schedulers are
    recognised from their construction (`torch.optim.lr_scheduler.*`,
    `get_*_schedule*`, ...) or their name. Also Ignite's `trainer = Engine(update)` (bound
    once, at the module's top level, to a function of it) whose `update` steps one optimizer
    unconditionally at its own top level, and a handler of the unfiltered
    `Events.ITERATION_STARTED` (`@trainer.on(...)` or `trainer.add_event_handler(...,
    handler)`, a function of the module's top level) stepping a scheduler of that optimizer
    (not one of another optimizer) at its own top level, and nothing that clears,
    backpropagates, clips or steps: Ignite runs it before `update`. Fixed by handing it to
    `Events.ITERATION_COMPLETED` when the handler does nothing else (reported without a fix
    otherwise); ignite's own `LRScheduler` handler objects are not read. Likewise a
    LightningModule under manual optimization whose `training_step` steps one optimizer on
    every call (at its top level) and whose `on_train_batch_start` steps `self.lr_schedulers()`
    (Lightning runs that hook before `training_step`): fixed by making the hook
    `on_train_batch_end(self, outputs, batch, batch_idx)` when it does nothing else, has the
    plain signature `(self, batch, batch_idx)` and the class no `on_train_batch_end` (reported
    without a fix otherwise); not under automatic optimization.

    Also a LightningModule's `optimizer_step(self, epoch, batch_idx, optimizer, optimizer_closure)`
    override (in a file that never names `automatic_optimization`) whose top level steps a
    scheduler (`self.lr_schedulers().step()`, or `self.<name>.step()` where every value the file
    binds to `self.<name>` is a torch lr_scheduler) before a later top-level statement calls the
    optimizer parameter's `.step(...)`: that call runs the closure and the update, so the first
    learning rate is skipped. Reported without a fix. Likewise `self.lr_schedulers().step()` (or a
    name bound to it) at the top level of such a module's `training_step`: Lightning runs it
    before the batch's update, and steps the returned scheduler itself as well. Reported without
    a fix.

    Also a `with` over a generator of the project decorated with `contextlib.contextmanager`
    whose one `yield` is a statement of its own body: its statements before the `yield` run at
    the `with`'s entry and those after at its exit (`@contextmanager def lr_tick(s): s.step();
    yield`, then `with lr_tick(sched): ...; opt.step()`). Reported without a fix: the fix would
    edit the generator, which other `with` statements may enter.

    A per-epoch step under `if epoch == 0:` followed by `continue` (the first iteration steps the
    scheduler and skips the rest, the optimizer's step included) is reported without a fix: the
    scheduler still steps before any optimizer step, and the schedule's first value never sets
    the rate of an optimizer step; the message says that iteration skips the optimizer's step.

    An iterator-protocol trainer (`for value in TrainLoop(model, loader):`, the class's
    `__iter__` returning `self`, its `__next__` running one update each call) is reported when
    its `__next__` steps the scheduler (in a method it calls, `self.begin()`) before it calls
    the method that steps the optimizer, already on the first call: the optimizer's step under
    no condition of `__next__`, the scheduler's only under `if self.<attr> is None:` (or `if not
    self.<attr>:`) tests of attributes `__init__` sets to None at its top level and no other
    method but `__next__` binds (the epoch's start). Reported without a fix (the step belongs where the epoch ends, by hand); a step in
    the `StopIteration` handler that ends an epoch, or one under `if self.epoch > 0:`, is not.

    timm's `sched.step_update(num_updates=n)` (a `timm.scheduler` class -- `CosineLRScheduler`,
    `TanhLRScheduler`, `PolyLRScheduler`, `StepLRScheduler`, `MultiStepLRScheduler`,
    `PlateauLRScheduler` -- built over the stepped optimizer with `t_in_epochs=False`, every binding
    seen) is reported when it is written before `opt.step()` in the same block and `n += 1` (a name
    or an attribute, `self.updates`) is an earlier statement of that block with no other binding
    of `n` between: timm sets the rate of update `n`, and the update about to run is update `n -
    1` of its count (the rate its construction set for the first one), so every update trains at
    the next one's rate, the warm-up and the decay shifted by one. The same holds, before the step
    in the same block, for `step_update(n + 1)` with `n` raised by `n += 1` only after the step
    (`n` counts the updates done), and for `step_update(epoch * len(loader) + i + 1)` with `i` the
    index of the `for i, batch in enumerate(loader)` around it (counted from 0): both name the
    update after the one about to run. A scheduler unpacked from timm's factory, `sched, epochs =
    create_scheduler_v2(opt, ..., step_on_epochs=False)` (which builds it with `t_in_epochs=False`),
    is read as one built by hand. `step_update(n)` before the
    count is raised (`n += 1` after the step), after the step, or of a scheduler stepped per epoch
    (`t_in_epochs` left true: its `step_update` does nothing) is not reported. The fix moves the
    call to right after the optimizer's step, where timm's own training loop calls it.

    ## Why is this bad?
    Since PyTorch 1.1 the scheduler must step after the optimizer. Stepping it first
    skips the first value of the schedule (PyTorch warns "Detected call of
    `lr_scheduler.step()` before `optimizer.step()`"), and the whole schedule runs one
    step (or one epoch) ahead: warmup starts above its first learning rate and decay
    arrives early.

    ## Example
    ```python
    for epoch in range(epochs):
        scheduler.step()
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
    ```

    ## Use instead
    ```python
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
        scheduler.step()
    ```

    A scheduler stepped in an optimizer step pre-hook (`opt.register_step_pre_hook(hook)`
    with `def hook(optimizer, args, kwargs): scheduler.step()`, or a `lambda`; the scheduler a
    name bound only to a `torch.optim.lr_scheduler` class or a `...LR(...)` / `...Scheduler(...)`
    call) runs before each `opt.step()` too (see gradfix/analysis/step_hooks.py): the fix
    registers the hook with `register_step_post_hook` when the hook does nothing but step
    schedulers; a hook that also clips is reported without a fix.

    ## Fix safety
    Safe. The `scheduler.step()` statement (or the compound statement around it in the block it
    shares with the step, such as an `if scheduler is not None:`) moves, with its comments, to
    right after the statement that holds the optimizer step in that block (in the helper's body
    when both are written in a helper), so it keeps its
    frequency: a per-epoch step at the top of the epoch loop moves after that epoch's batch
    loop, never into it. timm's `step_update(n)` moves the same way (safe when it is the statement
    right before the step, unsafe when other statements lie between).

    A `scheduler.step()` written in the loop itself (not in a nested training loop), or in a
    helper of the module the loop calls that also holds the optimizer's step (a trainer's
    `run_epoch()` that steps the scheduler, then runs the batch loop), is reported when it takes
    no argument; the scheduler is recognised by its construction
    (`torch.optim.lr_scheduler.*`, `get_*_schedule*`, names with `schedul`, `warmup` or ending in
    `LR`) or, when gradfix sees no construction, by its name; it schedules an optimizer the loop
    steps (the one it was built over, first or as `optimizer=`: `CosineAnnealingLR(optimizer=w_opt,
    T_max=n)` -- also when the module's calls of the loop's function pass
    that optimizer for the parameter stepped, `train(net, opt2, sch2)`, also for a function
    nested in another and called there, or when `__init__` builds
    `StepLR(opt)` over its parameter `opt` and binds `self.opt = opt` once --, or the loop's only
    optimizer, or, for a scheduler whose construction gradfix does not see, the first of several
    optimizers the loop steps when none of them has stepped before it -- the one named alike
    when there is one, `fusion_lr_scheduler` for `fusion_optimizer`, `criterion_optimizer_scheduler`
    for `criterion_optimizer`; without one, the fix is
    withheld when those optimizers step after different statements of the scheduler's block,
    a batch loop and a loop after it: the one it is over may step after the statement the
    move would follow); that optimizer has not
    stepped earlier in the iteration and neither has this scheduler; the next step of that
    optimizer (not an engine step, except the step of the DeepSpeed engine that
    `deepspeed.initialize` returned beside the optimizer a scheduler of the user's is built over,
    `engine, opt, _, _ = deepspeed.initialize(...)`, `OneCycleLR(opt, ...)`, when the call is
    handed no `lr_scheduler`: `engine.step()` steps that optimizer) comes later in the iteration; and the scheduler step runs
    whenever the optimizer step runs (no condition of its own, except a test that names the
    scheduler, such as `if scheduler is not None` -- whose other parts, if any, keep their
    values through the loop: not `if scheduler is not None and epoch:`, which skips the first
    epoch on purpose --, the same test as the optimizer step's, or the very test under which alone the
    scheduler is built: `if c.lr_decay: scheduler = ...` ... `if c.lr_decay: scheduler.step()`;
    a test of a setting that only holds the scheduler's name, `if args.scheduler == "clr":` or
    `if use_scheduler:`, does not name the scheduler; the `else` (or `elif`) arm of a test of
    such a setting, which keeps its answer through the loop, `if policy == "table": <rates set by
    hand> else: scheduler.step()`, counts as that setting's `if` arm: it runs in every iteration or
    in none -- reported without a fix, since moving the training up would also put it before the
    other arm's rates; not the `else` arm of a test of the loop's own variable, `if epoch == 0: ...
    else: scheduler.step()`, nor of the scheduler itself). Not an `if` arm whose test cannot hold
    before the optimizer's first step, in the loop or in a helper it calls: a count an
    `__init__` sets to 0 (`self.updates > 0`, `self.updates >= self.warmup` with a warm-up an
    `__init__` sets to a positive number, the count alone) that only `+= 1` after the optimizer's
    step changes, the step taken on every iteration: each scheduler step then follows an
    optimizer step, as torch asks, and the schedule is the one stepping after it would give. A
    count bumped before the test, starting above 0, set elsewhere (`trainer.updates = 40`) or
    bumped more often than the optimizer steps is still reported. A scheduler a callback's hook steps
    (`for cb in self.callbacks: cb.on_batch_start(self)`, the callbacks read as for GF001: one
    list of objects of the project's classes handed by every construction) before the loop's
    only optimizer steps (in a later hook, or in the loop) is reported at the hook's call,
    without a fix: the order is the callbacks' own.

    It is reported without a fix when the scheduler step and the optimizer step share no block,
    a later step of the optimizer sits outside the statement the scheduler step would follow,
    the moved statement holds another gradient event, shares its lines or could jump out of its
    block, a statement it would jump over reads or writes a name it uses, or one of them (or
    the statement holding the optimizer step, such as the batch loop an epoch's step would
    follow) reads the scheduler other than through `get_last_lr()` (`lr = scheduler.get_lr()[0]`
    computes the next value from the count of steps: after the move it would hold another
    number; DARTS hands it on as the virtual step size).

    Schedulers kept in a list bound once to their constructions (or to names bound to them;
    or in a dict, a comprehension of constructions `{k: StepLR(o) for k, o in opts.items()}` or
    a literal of them, stepped over its values, `for s in scheds.values():`)
    and stepped by `for s in schedulers: s.step()` (or by a comprehension written as a statement
    of its own, `[s.step() for s in schedulers]`) count, each over the optimizer it was built
    over; the whole `for` statement (or comprehension) moves. So do schedulers of a dict comprehension over a
    dict of optimizers stepped by key (`schedulers = {k: ExponentialLR(o) for k, o in
    opts.items()}`; `schedulers["d"].step()` before `opts["d"].step()`), reported without a fix.
    Schedulers stepped through a collection that the module does not bind to scheduler
    constructions (`[s.step() for s in lr_schedulers]` over a list handed in, or returned by a
    helper of another module) are not judged: they may be the project's own warm-ups.
    Steps run by lambdas of one list, in its order (`for fn in [lambda: sched.step(), lambda:
    opt.step()]: fn()`, also over a name bound once to such a list), are reported without a fix
    when the scheduler's lambda comes first.

    Not reported: a scheduler built anew earlier in the same iteration, on the way to its step
    (`scheduler = PolyLR(optimizer, max_iter, cur_iter=i)` then `scheduler.step()`: the
    construction set the iteration's rate from the counter, and no earlier value is skipped;
    Lightning's `sch = self.lr_schedulers()` in `training_step` builds nothing: it fetches the
    scheduler of `configure_optimizers`, and is reported);
    `step(metric)` (`ReduceLROnPlateau`) and `step(epoch)` calls; diffusion noise
    schedulers (`noise_scheduler.step(noise_pred, t, latents)`, names or constructors with
    `noise`, `DDPM`, `DDIM`, `Euler`, `DPM`, `PNDM`, `LMS`, `Karras`); schedulers built over
    another optimizer; a scheduler parameter every call of the loop's function (or method) passes a name bound only to
    `None`, or leaves at its `None` default (`optimizer, scheduler = prep_optimizer(model)` returning `scheduler = None`: the guarded
    `if scheduler is not None: scheduler.step()` never runs); a step under a test whose opposite
    guards a step of the same scheduler after the optimizer's (`if not new_api: sched.step()`
    before, `if new_api: sched.step()` after: one of the two runs); a scheduler of a class gradfix cannot read that is handed no optimizer
    (`BNMomentumScheduler(net, bn_lambda=f)` schedules batch-norm momentum, and is stepped at
    each epoch's start on purpose); a scheduler built from a class of the project that does not derive from a
    PyTorch scheduler (a base class gradfix cannot read is taken for one), or that overrides
    `step()` (a schedule read from the optimizer's own step count): its `step()` sets the
    learning rate its own way, and a warmup that counts from 1 is stepped first on purpose (a
    class named only by a `from module import *` of a module other than torch's is taken for
    one, unless the project shows it deriving from a PyTorch scheduler); a
    `scheduler.step()` before the loop (resuming); an optimizer the loop's function steps by
    itself before the loop, outside any loop (`optimizer.zero_grad(); optimizer.step()`: a step
    without gradients that silences PyTorch's warning, written where a warmup that starts at 0 is
    stepped first in each epoch on purpose); schedulers stepped inside a helper that does
    not itself step the optimizer (except a function of this module whose body is the
    scheduler step alone, `def advance_schedule(): scheduler.step()` -- also defined in the
    loop's function, or a name bound once to `lambda: scheduler.step()` --, or such a method
    of the loop's class called on `self`, `self.before_step()` -- also `before_step = lambda
    self: self.sched.step()` in its body or `self.before_step = lambda: self.sched.step()` in
    its `__init__`, bound once in the file --: its call is reported and moved like the step), or inside a helper of another file; and loops
    that call code gradfix cannot see into that may clear, step or backpropagate, unless all of
    that code runs after the scheduler step, inside the batch loops nested in the epoch loop,
    and is not handed the scheduler (DARTS' `architect.step(..., w_optim)` in the batch loop):
    every optimizer step of the epoch then still follows the scheduler's. PyTorch's own
    schedulers (and classes derived from them) are judged by PyTorch's contract whatever the
    schedule: a `LambdaLR` whose lambda is written for a `step()` before the optimizer's is moved
    like any other.

    A function (or method) whose body is one batch loop with a `scheduler.step()` statement
    before it, that this module never calls or names (EDSR's `Trainer.train()`, run once per
    epoch by `main.py`), is the epoch: its scheduler step is reported as in an epoch loop and
    moved after the batch loop (with the same exceptions; a function holding several training
    loops is not read as one epoch, while one that trains and then evaluates in a loop that
    backpropagates nothing is).

    The optimizer a trainer object stores from its constructor (`self.g_optimizer =
    g_optimizer`, a class of this module or of another module of the project) is the one built
    and scheduled here: `scheduler.step()` before `trainer.generator_trainstep(z)` is reported. A
    scheduler step under the same test as the step's that reads only the loop's own variable (`if
    phase == "train":` in a train/val phase loop) is reported; the fix moves only a statement that
    holds nothing but the scheduler step (and logging): `if phase == "train": scheduler.step();
    model.train()` is reported without one. A scheduler built by a helper of the project that
    returns a class with its own schedule (`get_scheduler(...)` returning `LRScheduler(object)`)
    is that class's. A scheduler step under a test that reads only the variables of the loops
    around the batch loop (`if epoch < warm:` at the top of the batch loop) is reported, the
    `if` moved after the step. No fix moves the step across a statement that may leave the iteration
    (`if not torch.isfinite(loss): continue`, a WGAN's `n_critic` gate): the scheduler would step
    less often.

    A scheduler stepped at the top of the batch loop under `if i == 0:` alone (the loop's own
    `enumerate` index or `range` variable, from 0), before an optimizer step that runs on every
    batch, is the epoch's step taken before the epoch's first update: reported without a fix
    (`if i == 0 and epoch > 0:` steps after each epoch but the last, and is not reported). So is
    one loop over all the steps that tests the start of each period itself, `if step %
    steps_per_epoch == 0:`, or `if i == 0:` with `epoch, i = divmod(step, steps_per_epoch)` (or `i =
    step % steps_per_epoch`) bound once, before the test, at the top level of the loop's body:
    the first period's step comes before any update.

    The project's own schedules are found where this module builds them: a class picked from a
    dict literal of classes (`SCHEDULERS["noam"](opt)`, the dict here or in a module of the
    project, also inside a builder function of the project, `build_scheduler("noam", opt)`
    returning `SCHEDULERS[name](opt)`), the argument this module's constructions of a trainer class pass for the
    `__init__` parameter it stores (`Runner(net, opt, NoamRate(opt))`), and what its calls of
    the loop's function pass. A trainer class that no code of this module builds is read at
    its constructions in the other files of the project: when every one of them passes a
    schedule of the project's own (`scheduler = SCHEDULES[name](opt)` in run.py, then
    `Trainer(model, opt, scheduler=scheduler)`, the dict holding the project's classes alone),
    the step is not reported. A scheduler stepped every batch whose construction gradfix
    cannot read (or one of torch's, handed by another file) is reported with an unsafe
    fix: a warm-up of the project's own that sets the coming update's rate (a Noam schedule
    counted from 1) is stepped first on purpose. A dict that holds both torch's classes and the
    project's own is read by its key: a constant key picks one entry (`SCHEDULERS["warm"](opt)`,
    the project's warm-up, is not reported); another key (`SCHEDULERS[name](opt)`) may pick
    either, and the finding's fix is unsafe.

    Also the optimizer in backward: in a hook registered with
    `p.register_post_accumulate_grad_hook(hook)` (run inside every `backward()` of the loops
    after the registration) whose body is only per-parameter steps, clears, clips and schedules,
    `S[p].step()` (a dict comprehension of torch schedulers built over `D[q]`, or over `o` of `for
    q, o in D.items()`, or `S = {}` filled by the `for` right after it, `S[q] = StepLR(D[q])`)
    before `D[p].step()` of that dict of optimizers is reported; the fix moves the schedule to
    right after the step.
    """

    code = "GF012"
    name = "scheduler-before-optimizer"
    message = "`{sched}` runs before `{opt}.step()` in the same iteration: the first learning rate is skipped"
    grad_hook_message = (
        "`{sched}` runs before `{opt}.step()` in the gradient hook `{hook}` (run on every `backward()`):"
        " the first learning rate is skipped"
    )
    hook_message = (
        "`{call}` runs a callback's `{sched}` before `{opt}.step()` in the same iteration: the first learning rate is skipped"
    )
    skipped_message = (
        "`{sched}` runs in the first iteration, which skips `{opt}.step()` (`continue`): the scheduler steps "
        "before any optimizer step and the first learning rate is never trained with"
    )
    started_message = (
        "`{sched}` runs in a handler of `{trainer}`'s ITERATION_STARTED, before its process function's "
        "`{opt}.step()`: the first learning rate is skipped"
    )
    step_override_message = (
        "`{sched}` runs in `optimizer_step` before `{step}`, which runs training_step, backward and the"
        " update: the first learning rate is skipped; step the scheduler after it"
    )
    batch_start_message = (
        "`{sched}` runs in `on_train_batch_start`, which Lightning calls before `training_step`'s "
        "`{opt}.step()`: the first learning rate is skipped"
    )
    automatic_step_message = (
        "`{sched}` runs in `training_step` under automatic optimization, before the optimizer step "
        "Lightning takes after it (the first learning rate is skipped), and Lightning steps the scheduler "
        "`configure_optimizers` returns on its own as well: leave the stepping to Lightning (its `\"interval\"`)"
    )
    safety = Safety.SAFE

    judges_unseen_calls = True  # `_unseen_code_after`

    pre_hook_message = (
        "`{sched}` runs in a step pre-hook of `{opt}`, before each `{opt}.step()`: the first learning rate"
        " is skipped; register the hook with `register_step_post_hook`"
    )

    timm_update_message = (
        "`{sched}.step_update({count})` runs before `{opt}.step()` with `{count}` already counting this update: "
        "every step trains at the next update's learning rate; call it after the optimizer step"
    )

    def _timm_updates_before_the_step(self, model: ModuleModel) -> Iterator[Finding]:
        """timm's `sched.step_update(num_updates=n)` (`t_in_epochs=False`) written before
        `opt.step()` in the same block, after `n += 1` there: the rate set is the one of the
        update after this one (`lr(n)` for the n-th update, whose rate is `lr(n - 1)`), a shift
        of one update as a torch scheduler's `step()` before the step. The fix moves it after
        the step, where timm's own loop calls it."""
        source = model.source
        for loop in model.loops:
            scope = loop.function if loop.function is not None else source.tree
            for step in loop.events:
                if step.kind is not EventKind.STEP or step.engine or step.via or step.target is None:
                    continue
                block = source.block_of(step.statement)
                if block is None or not any(s is step.statement for s in block):
                    continue
                at = next(i for i, s in enumerate(block) if s is step.statement)
                for index in range(at):
                    found = _timm_update_before(block, index, at, step.target, scope, model)
                    if found is None:
                        continue
                    sched, count = found
                    statement = block[index]
                    fix = None
                    if not source.inline_block(block) and source.alone_on_lines(statement) and source.alone_on_lines(step.statement):
                        between = block[index + 1 : at]
                        fix = Fix(
                            [RemoveStatement(statement, keep_comments=False), InsertStatements(step.statement, "after", statement_lines(source, statement))],
                            Safety.SAFE if not between else Safety.UNSAFE,
                        )
                    message = self.timm_update_message.format(sched=sched, count=count, opt=step.target)
                    yield Finding(self.code, message, statement, fix=fix, related=(loop.node,))

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        seen: set[int] = set()
        for finding in super().check(model):
            seen.add(id(finding.node))
            yield finding
        if b"register_step_pre_hook" in model.source.data:
            for hook in misplaced_hooks(model, PRE, "schedule"):
                sched = model.source.code(hook.action)
                finding = step_hook_finding(self.code, hook, self.pre_hook_message.format(sched=sched, opt=hook.optimizer), POST, model)
                if id(finding.node) not in seen:
                    seen.add(id(finding.node))
                    yield finding
        for finding in self._epoch_functions(model):
            if id(finding.node) not in seen:
                seen.add(id(finding.node))
                yield finding
        if b"ITERATION_STARTED" in model.source.data:
            for finding in self._started_handlers(model):
                if id(finding.node) not in seen:
                    seen.add(id(finding.node))
                    yield finding
        if b"step_update" in model.source.data:
            for finding in self._timm_updates_before_the_step(model):
                if id(finding.node) not in seen:
                    seen.add(id(finding.node))
                    yield finding
        if any("on_train_batch_start" in methods for methods in model.facts.methods.values()):
            for finding in self._batch_start_hooks(model):
                if id(finding.node) not in seen:
                    seen.add(id(finding.node))
                    yield finding
        if b"lr_schedulers" in model.source.data and b"automatic_optimization" not in model.source.data:
            for finding in self._automatic_training_steps(model):
                if id(finding.node) not in seen:
                    seen.add(id(finding.node))
                    yield finding
        if any("optimizer_step" in methods for methods in model.facts.methods.values()) and b"automatic_optimization" not in model.source.data:
            for finding in self._step_overrides(model):
                if id(finding.node) not in seen:
                    seen.add(id(finding.node))
                    yield finding
        if b"register_post_accumulate_grad_hook" in model.source.data:
            for finding in self._hook_steps(model):
                if id(finding.node) not in seen:
                    seen.add(id(finding.node))
                    yield finding

    def _hook_steps(self, model: ModuleModel) -> Iterator[Finding]:
        """The optimizer in backward (gradfix/analysis/hooksteps.py): a hook registered with
        `p.register_post_accumulate_grad_hook(hook)` that steps `S[p]`, a dict of torch
        schedulers each built over `D[q]` of the dict of optimizers the hook steps as `D[p]`,
        before that step, with no step of `D[p]` before the schedule; the loops after the
        registration run the hook on every backward. The fix moves the schedule to right after
        the step (tests/behaviour/test_optimizer_in_backward.py)."""
        from gradfix.analysis.hooksteps import hook_steps

        for found in hook_steps(model):
            if not any(not lp.is_unknown for lp in found.loops):
                continue
            for index, action in enumerate(found.actions):
                if action.kind != "schedule":
                    continue
                built = found.tables[action.table or ""][1]
                if _NOT_LR_SCHEDULE.search(call_name(built) or ""):
                    continue
                table = _scheduled_table(built, model)
                if table is None or any(a.kind == "step" and a.table == table for a in found.actions[:index]):
                    continue
                step = next((a for a in found.actions[index + 1 :] if a.kind == "step" and a.table == table), None)
                if step is None:
                    continue
                source = model.source
                stmt = action.statement
                between = found.actions[index + 1 : found.actions.index(step)]
                fix = None
                if not any(a.kind == "schedule" for a in between) and source.code(stmt).count("\n") == 0 and not found.lambda_:
                    fix = Fix(
                        [
                            RemoveStatement(stmt, keep_comments=False),
                            InsertStatements(step.statement, "after", statement_lines(source, stmt)),
                        ]
                    )
                yield Finding(
                    self.code,
                    self.grad_hook_message.format(sched=source.code(stmt.value), opt=source.code(step.statement.value.func.value), hook=found.name(source)),  # type: ignore[attr-defined]
                    stmt.value,  # type: ignore[attr-defined]
                    fix=fix,
                    related=(step.statement,),
                )

    def _step_overrides(self, model: ModuleModel) -> Iterator[Finding]:
        """A scheduler stepped at the top level of a LightningModule's `optimizer_step` override
        before a later top-level statement calls the optimizer parameter's `.step(...)` (the
        closure step: training_step, backward, the update), under automatic optimization
        (tests/libraries/test_lightning.py::test_scheduler_before_the_closure_step_in_the_optimizer_step_override_skips_the_first_rate).
        The scheduler: `self.lr_schedulers()`, or `self.<name>` bound in the file only to torch
        lr_scheduler constructors. Reported without a fix."""
        from gradfix.analysis.frameworks import step_overrides, stepping_call

        source = model.source
        for hook, optimizer in step_overrides(model.facts):
            schedules: list[ast.Call] = []
            for stmt in hook.body:
                step = stepping_call(stmt, optimizer)
                if step is not None:
                    for call in schedules:
                        yield Finding(
                            self.code,
                            self.step_override_message.format(sched=source.code(call), step=source.code(step)),
                            call,
                        )
                    break
                call = stmt.value if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) else None
                if call is None or not isinstance(call.func, ast.Attribute) or call.func.attr != "step" or call.args or call.keywords:
                    continue
                held = call.func.value
                if _lr_schedulers_call(held) or _torch_scheduler_attribute(held, model):
                    schedules.append(call)

    def _automatic_training_steps(self, model: ModuleModel) -> Iterator[Finding]:
        """A LightningModule of a file that never names `automatic_optimization` (so Lightning
        optimizes automatically), with no `optimizer_step` override of its own, whose
        `training_step` steps `self.lr_schedulers()` (directly, or through a name the method binds
        once to it) at its own top level: Lightning runs `training_step` inside the closure of
        its optimizer step, before the update, and steps the schedulers `configure_optimizers`
        returned itself afterwards (tests/libraries/test_lightning.py::test_hand_scheduler_step_in_an_automatic_training_step_runs_before_the_update).
        Reported without a fix (removing the step changes the schedule's speed)."""
        from gradfix.analysis.frameworks import framework_of

        source = model.source
        facts = model.facts
        for class_name, node in facts.classes.items():
            methods = facts.methods.get(class_name, {})
            if "training_step" not in methods:
                continue
            entry = framework_of(node, facts.imports.qualify)
            if entry is None or not entry.qualname.endswith("LightningModule") or entry.manual_switch is None:
                continue
            roles = {name: role for name, role in entry.hooks.items()}
            if roles.get("training_step") != "training-step" or any(
                role == "step-override" and name in methods for name, role in roles.items()
            ):  # fmt: skip
                continue
            step_fn = methods["training_step"].node
            bound = {
                stmt.targets[0].id for stmt in step_fn.body
                if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
                and _lr_schedulers_call(stmt.value) and _bound_once(stmt.targets[0].id, step_fn)
            }  # fmt: skip
            for stmt in step_fn.body:
                if isinstance(stmt, ast.Return):
                    break
                call = stmt.value if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) else None
                if call is None or not (isinstance(call.func, ast.Attribute) and call.func.attr == "step") or call.args or call.keywords:
                    continue
                held = call.func.value
                if _lr_schedulers_call(held) or (isinstance(held, ast.Name) and held.id in bound):
                    yield Finding(self.code, self.automatic_step_message.format(sched=source.code(call)), call, related=(step_fn,))

    def _batch_start_hooks(self, model: ModuleModel) -> Iterator[Finding]:
        """A LightningModule under manual optimization whose `training_step` steps one
        optimizer on every call (at its own top level, no `return` before it) and whose
        `on_train_batch_start` steps `self.lr_schedulers()` (directly, or through a name bound
        to it in the hook), and nothing that clears, backpropagates, clips or steps: Lightning
        runs the hook before `training_step`, so each batch schedules before it steps. Fixed
        by making the hook `on_train_batch_end(self, outputs, batch, batch_idx)` (run after
        `training_step`) when it does nothing else, its signature is `(self, batch,
        batch_idx)` and the class has no `on_train_batch_end` of its own; reported without a
        fix otherwise. Not under automatic optimization (the Trainer's
        `accumulate_grad_batches`, set elsewhere, decides when Lightning steps)."""
        from gradfix.analysis.frameworks import framework_of
        from gradfix.analysis.steps import _switched_off

        source = model.source
        facts = model.facts
        for class_name, node in facts.classes.items():
            entry = framework_of(node, facts.imports.qualify)
            if entry is None or entry.manual_switch is None or not _switched_off(node, entry.manual_switch):
                continue
            methods = facts.methods.get(class_name, {})
            starts = [methods[n] for n, role in entry.hooks.items() if role == "batch-start-hook" and n in methods]
            steps_fn = [methods[n] for n, role in entry.hooks.items() if role == "training-step" and n in methods]
            ends = [n for n, role in entry.hooks.items() if role == "batch-end-hook"]
            if len(starts) != 1 or len(steps_fn) != 1 or len(ends) != 1:
                continue
            hook, process = starts[0].node, steps_fn[0].node
            stepping = _one_step_each_call(model, process)
            if stepping is None:
                continue  # (several optimizers, or a step under a condition: left alone)
            loop, steps, optimizer = stepping
            first_step = min(source.start(e.path[-1]) for e in steps)
            if any(isinstance(n, ast.Return) and source.start(n) < first_step for n in ast_walk(process)):
                continue  # (a batch skipped before the step)
            if any(e.kind is EventKind.SCHEDULER_STEP for e in loop.events):
                continue  # (the step schedules too: its own order)
            body = [stmt for stmt in hook.body if not _is_docstring(stmt)]
            bound = {
                stmt.targets[0].id for stmt in body
                if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
                and _lr_schedulers_call(stmt.value)
            }  # fmt: skip
            schedules = []
            for stmt in body:
                call = stmt.value if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) else None
                if call is None or not (isinstance(call.func, ast.Attribute) and call.func.attr == "step") or call.args or call.keywords:
                    continue
                held = call.func.value
                if _lr_schedulers_call(held) or (isinstance(held, ast.Name) and held.id in bound and _bound_once(held.id, hook)):
                    schedules.append(call)
            if not schedules or _TOUCHES_GRADIENTS.search(source.segment(hook)) or any(isinstance(n, ast.Return) for n in ast_walk(hook)):
                continue
            fix = None
            others = [stmt for stmt in body if not (isinstance(stmt, ast.Expr) and stmt.value in schedules) and not (
                isinstance(stmt, ast.Assign) and _lr_schedulers_call(stmt.value))]
            header = _simple_header(source, hook)
            named_once = source.text.count(hook.name) == 1  # (no `self.on_train_batch_start(...)` of the user's)
            if not others and len(schedules) == 1 and header is not None and ends[0] not in methods and not hook.decorator_list and named_once:
                start, end, batch, index = header
                fix = Fix([ReplaceNode(hook, f"def {ends[0]}(self, outputs, {batch}, {index})", hook, span=(start, end))], Safety.SAFE)
            for call in schedules:
                yield Finding(
                    self.code,
                    self.batch_start_message.format(sched=source.code(call), opt=optimizer),
                    call,
                    fix=fix,
                    related=(process,),
                )

    def _started_handlers(self, model: ModuleModel) -> Iterator[Finding]:
        """`trainer = Engine(update)` whose `update` steps one optimizer on every call, and a
        handler of `Events.ITERATION_STARTED` (`@trainer.on(...)`, `trainer.add_event_handler(...)`)
        stepping a scheduler of that optimizer at its own top level: Ignite runs the handler
        before the process function, so each iteration schedules before it steps. Fixed by
        handing the handler to `ITERATION_COMPLETED` when it does nothing else."""
        source = model.source
        for trainer, process, handler, event, holder in ignite_handlers(model, "ITERATION_STARTED"):
            stepping = _one_step_each_call(model, process)
            if stepping is None:
                continue  # (several optimizers, or a step under a condition: left alone)
            loop, steps, optimizer = stepping
            body = [stmt for stmt in handler.body if not _is_docstring(stmt)]
            schedules = []
            for stmt in body:
                call = stmt.value if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) else None
                if call is None or not (isinstance(call.func, ast.Attribute) and call.func.attr == "step"):
                    continue
                if call.args or call.keywords or dotted(call.func.value) is None:
                    continue
                key = source.key(call.func.value)
                if not model.facts.is_scheduler(key):
                    continue
                sched = GradEvent(EventKind.SCHEDULER_STEP, call, path=(stmt,), blocks=(handler.body,), branches=(), loops=(), target=key)
                if not _is_lr_scheduler_step(sched, model, handler) or _scheduled_optimizer(sched, model, {optimizer}, handler) != optimizer:
                    continue
                if any(e.kind is EventKind.SCHEDULER_STEP and e.target == key for e in loop.events):
                    continue
                schedules.append((stmt, call))
            if not schedules or _TOUCHES_GRADIENTS.search(source.segment(handler)):
                continue  # (a handler that also clears, backpropagates or steps an optimizer: its own order)
            fix = None
            if len(schedules) == len(body) and len(body) == 1:
                text = source.code(event)
                fix = Fix(
                    [ReplaceNode(event, text[: -len("ITERATION_STARTED")] + "ITERATION_COMPLETED", holder)],
                    Safety.SAFE,
                )
            for stmt, call in schedules:
                yield Finding(
                    self.code,
                    self.started_message.format(sched=source.code(call), trainer=trainer, opt=optimizer),
                    call,
                    fix=fix,
                    related=(process,),
                )

    def _epoch_functions(self, model: ModuleModel) -> Iterator[Finding]:
        """`def train(self): self.scheduler.step(); ...; for batch in self.loader: ...;
        self.optimizer.step()` with no caller in this module (EDSR's trainer, called once per
        epoch from `main.py`): the function is the epoch, and its first statement steps the
        scheduler before any optimizer step of it."""
        training = training_loop_ids(model)
        for loop in model.loops:
            function = loop.function
            if (
                function is None or loop.is_step_function or loop.enclosing_loops or loop.is_unknown
                or not any(stmt is loop.node for stmt in function.body)
                or any(id(n) in training for n in ast_walk(loop.node) if n is not loop.node)
            ):  # fmt: skip
                continue
            position = next(i for i, stmt in enumerate(function.body) if stmt is loop.node)
            if any(
                stmt is not loop.node and isinstance(stmt, (*FOR_LOOPS, ast.While)) and any(id(n) in training for n in ast_walk(stmt))
                for stmt in function.body
            ):
                continue  # several training passes: which one is the epoch?
            stepped = {e.target for e in loop.events if e.kind is EventKind.STEP and not e.engine and e.target}
            for stmt in function.body[:position]:
                if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)):
                    continue
                call = stmt.value
                if not (isinstance(call.func, ast.Attribute) and call.func.attr == "step") or dotted(call.func.value) is None:
                    continue
                key = model.source.key(call.func.value)
                sched = GradEvent(
                    EventKind.SCHEDULER_STEP, call, path=(stmt,), blocks=(function.body,), branches=(), loops=(), target=key
                )
                if key in stepped or not model.facts.is_scheduler(key) or not _is_lr_scheduler_step(sched, model, function):
                    continue  # (`self.loss.step()`, `env.step()`: not a scheduler the loop model would see)
                optimizer = _scheduled_optimizer(sched, model, stepped, function)
                if optimizer is None or _stepped_before_the_loop(optimizer, loop, model):
                    continue
                if any(e.kind is EventKind.SCHEDULER_STEP and e.target == key for e in loop.events):
                    continue
                if _called_in_a_loop(function, model):
                    continue  # the callers' loops are judged with it
                jumped = function.body[function.body.index(stmt) + 1 : position + 1]
                fix = None
                if model.source.alone_on_lines(stmt) and can_jump_over(stmt, jumped) and not _read_between(sched, jumped):
                    fix = Fix(
                        [
                            RemoveStatement(stmt, keep_comments=False),
                            InsertStatements(loop.node, "after", statement_lines(model.source, stmt)),
                        ],
                        Safety.SAFE,
                    )
                yield Finding(
                    self.code,
                    self.message.format(sched=model.source.code(call), opt=optimizer),
                    call,
                    fix=fix,
                    related=(loop.node,),
                )

    def check_loop(self, loop: TrainingLoop, model: ModuleModel) -> Iterator[Finding]:
        training = training_loop_ids(model)
        events = loop.events
        stepped = {e.target for e in events if e.kind is EventKind.STEP and not e.engine and e.target}
        for index, sched in enumerate(events):
            if sched.kind is EventKind.SCHEDULER_STEP and not sched.direct and model.callback_hooks and _in_callback_hook(sched, model):
                # (a hook of this module whose object holds the scheduler, `LRHook(sched)`: its
                # `self.scheduler` read as `sched`, judged as a foreign hook's, else as before)
                found = self._hook_schedule(index, sched, events, stepped, loop, model, training)
                if found is not None:
                    yield found
                    continue
                if sched.foreign:
                    continue
            if sched.kind is not EventKind.SCHEDULER_STEP or sched.foreign or not loop.owns(sched, training):
                continue
            if not _is_lr_scheduler_step(sched, model, loop.function):
                continue
            if sched.direct and _always_none(sched.target or "", loop.function, model):
                continue  # `if scheduler is not None: scheduler.step()` with no scheduler ever built
            if sched.direct and _built_in_the_iteration(sched, loop, model):
                continue  # `scheduler = PolyLR(opt, max_iter, cur_iter=i)` each iteration: a schedule set anew
            optimizer = _scheduled_optimizer(sched, model, stepped, loop.function)
            guessed: list[GradEvent] = []  # the later steps of optimizers it may be built over
            if optimizer is None:
                optimizer = _every_optimizer_steps_later(sched, index, events, stepped, model)
                if optimizer is not None:
                    guessed = _first_later_steps(sched, index, events, stepped)
                    named = _named_alike(sched.target or "", [e.target or "" for e in guessed])
                    if named is not None:
                        optimizer, guessed = named, []  # `fusion_lr_scheduler` of `fusion_optimizer`
            if optimizer is None:
                optimizer = _deepspeed_optimizer_scheduled(sched, model)  # stepped by its engine (below)
            if optimizer is None:
                continue
            if any(e.kind is EventKind.STEP and e.target == optimizer for e in events[:index]):
                continue  # the optimizer already stepped in this iteration
            if any(e.kind is EventKind.SCHEDULER_STEP and e.target == sched.target for e in events[:index]):
                continue
            if _stepped_before_the_loop(optimizer, loop, model):
                continue  # `optimizer.zero_grad(); optimizer.step()` before the loop: scheduler first on purpose
            step = next((e for e in events[index + 1 :] if e.kind is EventKind.STEP and e.target == optimizer), None)
            if step is None:
                step = _engine_stepping(optimizer, sched, events[index + 1 :], model)
            elif step.engine:
                continue
            if step is None:
                continue
            first_batch = False
            if not _unconditional_enough(sched, step, loop, model):
                first_batch = _first_batch_only(sched, step, loop, model)
                if not first_batch:
                    continue
            if _other_order_otherwise(sched, step, events, loop, model):
                continue  # `if not new_api: sched.step()` before, `if new_api: sched.step()` after: one runs
            scheduling_helper = not sched.direct and _only_schedules(sched, model)
            listed = _listed_lambdas(sched, step)
            # `with scheduled(sched): ...; opt.step()` over a `@contextmanager` generator that
            # steps the scheduler before its `yield`: the fix would edit the generator, which
            # other `with`s may enter, so reported without one
            entered = len(sched.via) == 1 and id(sched.via[0]) in model.entered_generators
            first_call = False
            if not sched.direct and _node_in(step, sched) is None and not scheduling_helper and not listed and not entered:
                first_call = _first_call_of_next(sched, step, loop, model)
                if not first_call:
                    continue  # stepped in a helper: only a helper that also steps the optimizer is judged
            if loop.unknown and not _unseen_code_after(sched, events[:index], loop, model):
                continue
            later = events[index + 1 :]
            if first_batch or listed or first_call or entered or _in_settled_else(sched, step, loop, model):
                # `if i == 0: scheduler.step()`: an epoch's step, to move after the batch loop by
                # hand; `for fn in [lambda: sched.step(), lambda: opt.step()]`: the list's order, by hand
                fix = None
            elif sched.direct or scheduling_helper:
                fix = self._fix(loop, sched, step, later, model)  # (the helper's call moves, as a step would)
            else:
                fix = _helper_fix(sched, step, later, loop, model)
            if fix is not None and guessed and len({id(p.second) for p in (siblings(sched, e, loop.node) for e in guessed) if p}) != 1:
                # `tg_opt` steps in the batch loop, `fusion_opt` in a loop after it: the one the
                # scheduler is over may step after the statement the move would follow
                fix = None
            if fix is not None and _per_batch(sched, step) and _construction_unseen(sched, model, loop.function):
                # stepped every batch and built by code gradfix does not see (the caller's
                # file): a warm-up of the project's own may count from 1 and be stepped first
                # on purpose (a Noam schedule), as torch's may not
                fix = Fix(fix.edits, Safety.UNSAFE)
            elif fix is not None and sched.direct and _mixed_registry(sched.target or "", model, loop.function):
                # `SCHEDULERS[name](opt)` over torch's classes and the project's own: perhaps a
                # warm-up of its own that is stepped first on purpose
                fix = Fix(fix.edits, Safety.UNSAFE)
            message = self.skipped_message if first_batch and _continues_after(sched) else self.message
            yield Finding(
                self.code,
                message.format(sched=model.source.code(sched.node), opt=_as_written(step, optimizer)),
                sched.node,
                fix=fix,
                related=(loop.node,),
            )

    def _hook_schedule(
        self, index: int, sched: GradEvent, events: list[GradEvent], stepped: set[str], loop: TrainingLoop,
        model: ModuleModel, training: set[int],
    ) -> Finding | None:
        """A scheduler stepped in a callback's hook (`for cb in self.callbacks:
        cb.on_batch_start(self)`, the callbacks read as `callback_hooks` reads them) before the
        loop's only optimizer steps, in another hook or in the loop: reported at the hook's call,
        without a fix (the hook is the callback's, in its own module)."""
        if not loop.owns(sched, training) or not _is_lr_scheduler_step(sched, model, loop.function) or len(stepped) != 1:
            return None
        optimizer = next(iter(stepped))
        earlier = events[:index]
        if any(e.kind is EventKind.STEP and e.target == optimizer for e in earlier):
            return None
        if any(e.kind is EventKind.SCHEDULER_STEP and e.target == sched.target for e in earlier):
            return None
        if _stepped_before_the_loop(optimizer, loop, model):
            return None
        step = next((e for e in events[index + 1 :] if e.kind is EventKind.STEP and e.target == optimizer), None)
        if step is None or step.engine or not _unconditional_enough(sched, step, loop, model):
            return None
        if _other_order_otherwise(sched, step, events, loop, model):
            return None
        if loop.unknown and not _unseen_code_after(sched, earlier, loop, model):
            return None
        call = sched.via[0]
        return Finding(
            self.code,
            self.hook_message.format(
                call=model.source.code(call), sched=(sched.source or model.source).code(sched.node), opt=optimizer
            ),
            call,
            related=(loop.node,),
        )

    def _fix(
        self, loop: TrainingLoop, sched: GradEvent, step: GradEvent, later: list[GradEvent], model: ModuleModel
    ) -> Fix | None:
        pair = siblings(sched, step, loop.node)
        if pair is None:
            return None
        unit, anchor = pair.first, pair.second
        if not unit_holds_only(unit, sched, loop, model.source) or not _moves_only_the_schedule(unit, sched):
            return None
        # every later step of that optimizer must sit in (or before) the anchor
        for event in later:
            if event.kind is EventKind.STEP and event.target == step.target and not any(s is anchor for s in event.path):
                return None
        jumped = [*statements_between(pair.block, pair.first_index, pair.second_index), anchor]
        if not can_jump_over(unit, jumped) or _read_between(sched, jumped):
            return None
        return Fix(
            [
                RemoveStatement(unit, keep_comments=False),
                InsertStatements(anchor, "after", statement_lines(model.source, unit)),
            ],
            Safety.SAFE,
        )


_TIMM_UPDATED = frozenset({
    "CosineLRScheduler", "TanhLRScheduler", "PolyLRScheduler", "StepLRScheduler", "MultiStepLRScheduler", "PlateauLRScheduler",
})


def _timm_update_before(block: list[ast.stmt], index: int, at: int, optimizer: str, scope, model: ModuleModel) -> tuple[str, str] | None:  # type: ignore[no-untyped-def]
    """(the scheduler, the count) when `block[index]` is `sched.step_update(n)` (or
    `num_updates=n`) of a timm scheduler built with `t_in_epochs=False` over `optimizer`, and
    the count already includes the update `block[at]` (the optimizer step) is about to run:
    `n += 1` is an earlier statement of the block (no other binding of `n` between); or the
    count is `n + 1` with `n` raised by `n += 1` only after the step (`n` counts the updates
    done); or it is `... + i + 1` with `i` the index of the `for i, ... in enumerate(loader)`
    whose body is the block (counted from 0)."""
    statement = block[index]
    if not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)):
        return None
    call = statement.value
    if not (isinstance(call.func, ast.Attribute) and call.func.attr == "step_update" and dotted(call.func.value) is not None):
        return None
    arguments = list(call.args) + [kw.value for kw in call.keywords if kw.arg == "num_updates"]
    if len(arguments) != 1 or len(call.args) + len(call.keywords) != 1:
        return None
    argument = arguments[0]
    if dotted(argument) is not None:
        count = model.source.key(argument)  # `n`, `self.updates`
        if not _raised_before(block[:index], count, model):
            return None
    elif _plus_one(argument) is not None:
        counted = _plus_one(argument)
        count = model.source.code(argument)
        if not (
            _counts_updates_done(block, index, at, counted, model) or _enumerate_index_from_zero(block, index, at, counted, model)
        ):
            return None
    else:
        return None
    key = model.source.key(call.func.value)
    bindings = assignments(model).bindings(key, scope)
    if not bindings:
        return None
    for binding in bindings:
        value = binding.value
        if value is None:
            value = _timm_factory_built(binding.statement, key, model)
            if value is None:
                return None
            flag = keyword(value, "step_on_epochs")  # (the factory's name for `t_in_epochs`)
        elif isinstance(value, ast.Call):
            name = model.facts.imports.qualify(call_name(value)) or ""
            if not name.startswith("timm.") or name.rsplit(".", 1)[-1] not in _TIMM_UPDATED:
                return None
            flag = keyword(value, "t_in_epochs")
        else:
            return None
        if flag is None or not (isinstance(flag.value, ast.Constant) and flag.value.value is False):
            return None  # (per epoch: its `step_update` does nothing)
        given = keyword(value, "optimizer")
        first = given.value if given is not None else (positional(value)[0] if positional(value) else None)
        if first is None or dotted(first) is None or model.source.key(first) != optimizer:
            return None
    return key, count


def _timm_factory_built(statement: ast.stmt, key: str, model: ModuleModel) -> ast.Call | None:
    """The `create_scheduler_v2(...)` call of `sched, epochs = timm.scheduler.create_scheduler_v2(opt,
    ...)` when `key` is the first name it unpacks to (the factory returns the scheduler and the
    epoch count)."""
    if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.value, ast.Call)):
        return None
    target = statement.targets[0]
    if not (isinstance(target, ast.Tuple) and len(target.elts) == 2 and dotted(target.elts[0]) is not None):
        return None
    if model.source.key(target.elts[0]) != key:
        return None
    name = model.facts.imports.qualify(call_name(statement.value)) or ""
    if not name.startswith("timm.") or name.rsplit(".", 1)[-1] != "create_scheduler_v2":
        return None
    return statement.value


def _bound_in(statement: ast.stmt, model: ModuleModel) -> set[str]:
    return {
        model.source.key(node) for node in ast_walk(statement)
        if isinstance(node, (ast.Name, ast.Attribute)) and isinstance(node.ctx, ast.Store) and dotted(node) is not None
    }


def _raised_by_one(statement: ast.stmt, count: str, model: ModuleModel) -> bool:
    return (
        isinstance(statement, ast.AugAssign) and isinstance(statement.op, ast.Add) and dotted(statement.target) is not None
        and model.source.key(statement.target) == count and isinstance(statement.value, ast.Constant)
        and statement.value.value == 1
    )


def _raised_before(earlier: list[ast.stmt], count: str, model: ModuleModel) -> bool:
    """`count += 1` among `earlier` with no other binding of `count` after it."""
    counted = False
    for statement in earlier:
        if _raised_by_one(statement, count, model):
            counted = True
        elif count in _bound_in(statement, model):
            counted = False
    return counted


def _plus_one(argument: ast.expr) -> ast.expr | None:
    """`X + 1`: X (an expression)."""
    if (
        isinstance(argument, ast.BinOp) and isinstance(argument.op, ast.Add) and isinstance(argument.right, ast.Constant)
        and type(argument.right.value) is int and argument.right.value == 1
    ):
        return argument.left
    return None


def _counts_updates_done(block: list[ast.stmt], index: int, at: int, counted: ast.expr, model: ModuleModel) -> bool:
    """`n + 1` with `n` (a name or an attribute) bound in the block only by one `n += 1`
    after the optimizer step `block[at]`: `n` counts the updates done, `n + 1` the next one."""
    if dotted(counted) is None:
        return False
    count = model.source.key(counted)
    raised = [statement for statement in block[at + 1 :] if _raised_by_one(statement, count, model)]
    if len(raised) != 1:
        return False
    return not any(
        statement is not raised[0] and count in _bound_in(statement, model) for statement in block
    )


def _enumerate_index_from_zero(block: list[ast.stmt], index: int, at: int, counted: ast.expr, model: ModuleModel) -> bool:
    """`... + i + 1` (`i` one addend of the sum) with `i` the index of the `for i, ... in
    enumerate(loader)` (no start) whose body is the block, not bound in the block."""
    addends: list[ast.expr] = []
    value = counted
    while isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add):
        addends.append(value.right)
        value = value.left
    addends.append(value)
    owner = model.source.owner_of(block[index])
    if not (isinstance(owner, ast.For) and owner.body is block):
        return False
    target, iterated = owner.target, owner.iter
    if not (isinstance(target, ast.Tuple) and len(target.elts) == 2 and isinstance(target.elts[0], ast.Name)):
        return False
    if not (
        isinstance(iterated, ast.Call) and isinstance(iterated.func, ast.Name) and iterated.func.id == "enumerate"
        and len(iterated.args) == 1 and not iterated.keywords
    ):
        return False
    name = target.elts[0].id
    if not any(isinstance(addend, ast.Name) and addend.id == name for addend in addends):
        return False
    return not any(name in _bound_in(statement, model) for statement in block)


def _in_callback_hook(sched: GradEvent, model: ModuleModel) -> bool:
    """The event runs in a callback's hook the loop calls on each object of its callbacks list
    (`ModuleModel.callback_hooks`), the first helper on its way."""
    if not sched.via or not sched.helpers:
        return False
    hook = sched.helpers[0]
    return any(info.node is hook for hooks in model.callback_hooks.values() for info in hooks)


def _deepspeed_optimizer_scheduled(sched: GradEvent, model: ModuleModel) -> str | None:
    """`StepLR(optimizer, ...)` over the optimizer `deepspeed.initialize` returned: that key."""
    info = model.facts.info(sched.target or "")
    if info is None or info.params is None:
        return None
    key = model.source.key(info.params)
    built = model.facts.info(key)
    return key if built is not None and built.library == "deepspeed-optimizer" else None


def _engine_stepping(optimizer: str, sched: GradEvent, later: list[GradEvent], model: ModuleModel) -> GradEvent | None:
    """The later `model_engine.step()` of the DeepSpeed engine that `deepspeed.initialize`
    returned beside `optimizer` (`model_engine, optimizer, _, _ = deepspeed.initialize(...)`,
    both names bound only there): it steps that optimizer (at each accumulation boundary).
    Not when the call hands the engine a scheduler (`lr_scheduler=`): the engine steps that
    one itself."""
    info = model.facts.info(optimizer)
    if info is None or info.library != "deepspeed-optimizer" or not sched.direct:
        return None
    for event in later:
        if event.kind is not EventKind.STEP or not event.engine or not event.target or "." in event.target:
            continue
        engine = model.facts.info(event.target)
        if engine is None or engine.library != "deepspeed-engine":
            continue
        bindings = [
            n for n in model.source.of_type(ast.Assign)
            if any(isinstance(e, ast.Name) and e.id in (optimizer, event.target) for t in n.targets for e in ast_walk(t))  # type: ignore[attr-defined]
        ]  # fmt: skip
        if len(bindings) != 1:
            return None
        binding = bindings[0]
        call = binding.value  # type: ignore[attr-defined]
        names = {e.id for t in binding.targets for e in ast_walk(t) if isinstance(e, ast.Name)}  # type: ignore[attr-defined]
        if (
            not isinstance(call, ast.Call) or {optimizer, event.target} - names
            or model.facts.imports.qualify(dotted(call.func) or "") != "deepspeed.initialize"
            or any(k.arg in ("lr_scheduler", None) for k in call.keywords)
        ):
            return None
        return event
    return None


def _called_in_a_loop(function: ast.AST, model: ModuleModel) -> bool:
    """The module calls the function (`train(...)`, `self.train()`, `t.train()`) from a loop,
    or names it otherwise (handed to something that may call it)."""
    name = function.name  # type: ignore[attr-defined]
    owner = next((c for c, methods in model.facts.methods.items() if any(m.node is function for m in methods.values())), None)
    instances = {"self"}
    if owner is not None:  # `t = Trainer(...)` ... `t.train()`
        instances |= set(re.findall(rf"(?m)^[ \t]*(\w+)[ \t]*=[ \t]*{re.escape(owner)}\(", model.source.text))
    for node in model.source.nodes:
        if owner is None and isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load):
            return True
        if (
            owner is not None and isinstance(node, ast.Attribute) and node.attr == name
            and isinstance(node.value, ast.Name) and node.value.id in instances
        ):  # fmt: skip
            return True
    return False


def _moves_only_the_schedule(unit: ast.stmt, sched: GradEvent) -> bool:
    """The statement to move holds nothing but the scheduler step (and logging): not the
    mode switches of a phase loop's `if phase == "train": scheduler.step(); model.train()`,
    which must stay before the batch loop."""
    own = sched.path[-1] if sched.path else None
    for node in ast_walk(unit):
        if not isinstance(node, ast.stmt) or isinstance(node, (ast.If, ast.For, ast.Pass)) or node is own:
            continue
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            called = (dotted(node.value.func) or "").rsplit(".", 1)[-1]
            if called == "print" or called.startswith(("log", "info", "debug")):
                continue
        if own is not None and any(inner is node for inner in ast_walk(own)):
            continue
        return False
    return True


def _stepped_before_the_loop(optimizer: str, loop: TrainingLoop, model: ModuleModel) -> bool:
    """The function holding the loop (or the module, for a loop at its top level) steps the
    optimizer by itself before the loop, outside any loop: a step with no gradients that only
    tells PyTorch the optimizer has stepped, so that a warmup scheduler stepped first in each
    epoch does not warn (the usage of GradualWarmupScheduler, whose first value is 0 when
    `multiplier=1`). The author steps the scheduler first on purpose."""
    scope = loop.function if loop.function is not None else model.source.tree
    start = model.source.start(loop.node)
    todo: list[ast.stmt] = list(scope.body)  # type: ignore[attr-defined]
    while todo:
        stmt = todo.pop()
        if model.source.start(stmt) >= start or isinstance(stmt, (*FUNCTIONS, ast.ClassDef, ast.For, ast.AsyncFor, ast.While)):
            continue
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            call = stmt.value
            if (
                isinstance(call.func, ast.Attribute)
                and call.func.attr == "step"
                and not call.args
                and not call.keywords
                and dotted(call.func.value) == optimizer
            ):
                return True
            continue
        for name in ("body", "orelse", "finalbody"):
            todo.extend(getattr(stmt, name, ()))
        for handler in getattr(stmt, "handlers", ()):
            todo.extend(handler.body)
    return False


def _unseen_code_after(sched: GradEvent, earlier: list[GradEvent], loop: TrainingLoop, model: ModuleModel) -> bool:
    """Calls gradfix cannot see into (`architect.unrolled_backward(..., w_optim)` in DARTS' batch
    loop) run only after the scheduler step, inside training loops nested in this one, and are
    not handed the scheduler: whatever they do to the optimizer, every one of its steps in the
    epoch still comes after the scheduler's."""
    if any(e.kind is EventKind.UNKNOWN for e in earlier):
        return False
    training = training_loop_ids(model)
    name = last_name(sched.target or "")
    for event in loop.unknown:
        if loop.owns(event, training):
            return False  # in the epoch's own iteration: it may step the scheduler or the optimizer first
        if not name or name in model.source.code(event.via[0] if event.via else event.node):
            return False
    return True


def _read_between(sched: GradEvent, statements: list[ast.stmt]) -> bool:
    """A statement the step would move past reads the scheduler other than through
    `get_last_lr()`: `lr = scheduler.get_lr()[0]` computes the next value from the count of
    steps (outside `step()` it is neither the old value nor the optimizer's), `last_epoch`
    changes, and code handed the scheduler sees another state. (`get_last_lr()` and the
    optimizer's `param_groups` read, after the move, the rate the epoch trains with.)"""
    call = sched.call
    key = dotted(call.func.value) if call is not None and isinstance(call.func, ast.Attribute) else None
    if key is None:
        return True
    for statement in statements:
        uses = [n for n in ast_walk(statement) if isinstance(n, (ast.Name, ast.Attribute)) and dotted(n) == key]
        if not uses:
            continue
        last_lr = [
            n for n in ast_walk(statement) if isinstance(n, ast.Attribute) and n.attr == "get_last_lr" and dotted(n.value) == key
        ]
        if len(uses) > len(last_lr):
            return True
    return False


def _listed_lambdas(sched: GradEvent, step: GradEvent) -> bool:
    """The scheduler and the optimizer are stepped by lambdas of one list run in order by one
    call (`for fn in [lambda: sched.step(), lambda: opt.step()]: fn()`, or over a name bound once
    to that list): the scheduler's listed first."""
    return (
        len(sched.via) == 1 and sched.via == step.via and len(sched.helpers) == 1 and len(step.helpers) == 1
        and isinstance(sched.helpers[0], ast.Lambda) and isinstance(step.helpers[0], ast.Lambda)
        and sched.helpers[0] is not step.helpers[0] and not step.foreign
    )  # fmt: skip


def _node_in(event: GradEvent, sched: GradEvent) -> ast.AST | None:
    """Where `event` runs in the helper of this module that `sched` is written in: the event
    itself, or the call (in that helper) of the helper it runs in; None when it runs elsewhere."""
    depth = len(sched.via)
    if event.foreign or event.via[:depth] != sched.via or event.helpers[:depth] != sched.helpers:
        return None
    return event.node if len(event.via) == depth else event.via[depth]


def _helper_fix(
    sched: GradEvent, step: GradEvent, later: list[GradEvent], loop: TrainingLoop, model: ModuleModel
) -> Fix | None:
    """`_fix` for a scheduler step written in a helper of this module (`def run_epoch(self):
    self.scheduler.step()`, then the batch loop) that also holds the optimizer's step: the
    statement moves after the one holding the step, in the helper's body."""
    source = model.source
    function = sched.helpers[-1]
    first, second = _path_in(source, sched.node, function), _path_in(source, _node_in(step, sched), function)  # type: ignore[arg-type]
    if not first or not second:
        return None
    for unit, anchor in zip(first, second):
        block = source.block_of(unit)
        if block is not source.block_of(anchor):
            return None
        if unit is not anchor:
            break
    else:
        return None
    if unit is not first[-1] or block is None or source.inline_block(block) or not source.alone_on_lines(unit):
        return None  # the scheduler step is not a statement of its own next to the step's
    position = {id(stmt): at for at, stmt in enumerate(block)}
    if position[id(unit)] > position[id(anchor)]:
        return None
    for event in loop.events:
        if event is not sched and any(encloses(unit, node) for node in (event.node, *event.via)):
            return None  # the moved statement holds another event
    for event in later:
        if event.kind is EventKind.STEP and event.target == step.target:
            where = _node_in(event, sched)
            if where is None or not encloses(anchor, where):
                return None  # a later step of the optimizer outside the statement it would follow
    jumped = [*statements_between(block, position[id(unit)], position[id(anchor)]), anchor]
    if not can_jump_over(unit, jumped) or _read_between(sched, jumped):
        return None
    return Fix(
        [RemoveStatement(unit, keep_comments=False), InsertStatements(anchor, "after", statement_lines(source, unit))],
        Safety.SAFE,
    )


def _path_in(source: Source, node: ast.AST, function: ast.AST) -> list[ast.stmt] | None:
    """The statements from `function`'s body down to the one holding `node`."""
    statement = statement_containing(source, node)
    path: list[ast.stmt] = []
    current: ast.AST | None = statement
    while current is not function:
        if not isinstance(current, ast.stmt) or isinstance(current, FUNCTIONS):
            return None
        path.append(current)
        current = source.owner_of(current)
    return path[::-1]


def _as_written(step: GradEvent, optimizer: str) -> str:
    """The stepped optimizer as the step's code writes it: `self.optimizer` for a method
    `train_epoch` whose `self.optimizer.step()` the caller's loop runs as
    `model.optimizer.step()` (`model = Trainer(...)`), the name the other rules quote for an
    event in a method. Only a `<receiver>.step()` whose receiver, a dotted name, ends with the
    optimizer key's last part; anything else (an engine's step, `scaler.step(opt)`, a
    parameter named otherwise) keeps the caller's key."""
    call = step.node
    if step.kind is not EventKind.STEP or step.target != optimizer or call.__class__ is not ast.Call:
        return optimizer
    func = call.func  # type: ignore[attr-defined]
    if func.__class__ is not ast.Attribute or func.attr != "step":
        return optimizer
    written = dotted(func.value)
    if written is None or written == optimizer or written.rsplit(".", 1)[-1] != optimizer.rsplit(".", 1)[-1]:
        return optimizer
    return written


def _is_lr_scheduler_step(event: GradEvent, model: ModuleModel, function: ast.AST | None = None) -> bool:
    call = event.call
    if call is None or call.args or call.keywords:
        return False  # step(metric), step(epoch), noise_scheduler.step(pred, t, x)
    key = event.target or ""
    if _NOT_LR_SCHEDULE.search(last_name(key)):
        return False
    info = model.facts.info(key)
    if info is not None and info.constructor is not None:
        constructor = _reaching_constructor(key, event, model) or info.constructor
        if _NOT_LR_SCHEDULE.search(constructor) and not constructor.startswith("diffusers.optimization."):
            return False  # diffusers' noise schedulers; `diffusers.optimization` holds its LR schedules
        if _own_schedule(constructor, model):
            return False  # a class of the project that sets the learning rate its own way
        if _from_star_import(constructor, model):
            return False  # `from lrsched import *`: a class gradfix cannot tell from torch's
        if not constructor.startswith("torch.") and _built_over_no_optimizer(key, model):
            return False  # `BNMomentumScheduler(net, bn_lambda=...)`: schedules something else than a learning rate
        return bool(_LR_SCHEDULER_CONSTRUCTOR.search(constructor))
    if info is None and _built_by_own_classes(key, model, function):
        return False  # `SCHEDULERS[name](opt)`, `Trainer(model, opt, Noam(opt))`: the project's own schedules
    if info is None and _handed_own_schedules(key, model, function):
        return False  # `Trainer(..., scheduler=scheduler)` in run.py, over `SCHEDULERS[name](opt)` of the project's own
    if info is None and key.endswith("[*]") and not _collection_of_lr_schedulers(key[:-3], model):
        return False  # `[s.step() for s in schedulers]` over a list handed in: whose classes is unknown
    return info is None or info.kind == "scheduler"


def _collection_of_lr_schedulers(collection: str, model: ModuleModel) -> bool:
    """The collection (`schedulers`, of `for s in schedulers: s.step()`) is bound once in the
    module to a list or tuple written out, or a comprehension (a dict's too, or a dict literal:
    its values, `for s in scheds.values(): s.step()`), each of whose elements is built
    by a learning-rate scheduler's constructor that is not the project's own schedule (or is a
    name bound to one). A collection handed in (a parameter, a helper's result) may hold the
    project's own schedules (a warm-up stepped first on purpose): not judged."""
    if "." in collection or "[" in collection:
        return False
    values = assigned_values(model, collection)
    if len(values) != 1:
        return False
    value = values[0]
    if isinstance(value, (ast.ListComp, ast.GeneratorExp)):
        elements = [value.elt]
    elif isinstance(value, (ast.List, ast.Tuple)):
        elements = value.elts
    elif isinstance(value, ast.DictComp):
        elements = [value.value]  # `{k: StepLR(o, ...) for k, o in opts.items()}`, stepped over its values
    elif isinstance(value, ast.Dict) and all(k is not None for k in value.keys):
        elements = value.values  # `{"enc": StepLR(...), "dec": StepLR(...)}`
    else:
        elements = []
    if not elements:
        return False
    for element in elements:
        if isinstance(element, ast.Name):
            info = model.facts.info(element.id)
            constructor = info.constructor if info is not None else None
        elif isinstance(element, ast.Call):
            constructor = model.facts.imports.qualify(call_name(element))
        else:
            return False
        if not constructor or _NOT_LR_SCHEDULE.search(constructor) or _own_schedule(constructor, model):
            return False
        if not _LR_SCHEDULER_CONSTRUCTOR.search(constructor):
            return False
    return True


def _always_none(key: str, function: ast.AST | None, model: ModuleModel) -> bool:
    """`key` is a parameter of the loop's function that every call of it in the module passes
    a name bound only to `None` (directly, or unpacked from what a function of the module
    returns at that place: `optimizer, scheduler = prep_optimizer(model)` where
    `prep_optimizer` binds `scheduler = None` and returns it): the scheduler never exists."""
    if not key.isidentifier() or not isinstance(function, FUNCTIONS):
        return False
    from gradfix.analysis.samplers import instance_class  # (GF019's module: imported when a method is asked about)

    info = model.facts.module_functions.get(function.name)
    if info is not None and info.node is function:
        if key not in info.params:
            return False  # (before the calls are read: that reads every node)
        calls = [n for n in model.source.of_type(ast.Call) if isinstance(n.func, ast.Name) and n.func.id == function.name]  # type: ignore[attr-defined]
        params = list(info.params)
    else:
        # a method: its calls on instances of its class built in the module (`Trainer(...).loop(...)`)
        owner = next((c for c, methods in model.facts.methods.items() if function.name in methods and methods[function.name].node is function), None)
        text = model.source.text
        if owner is None or function.name.startswith("__") or f".{function.name}(" not in text:
            return False  # (no call of it written here: nothing to read, and no walk of every node)
        if f"self.{function.name}(" in text or f"super().{function.name}(" in text:
            return False  # `self._epoch(loader, self.sched)`, `super().fit(loader, sched)`: calls that may pass one
        if key not in model.facts.methods[owner][function.name].params:
            return False
        named = [n for n in model.source.of_type(ast.Call) if isinstance(n.func, ast.Attribute) and n.func.attr == function.name]  # type: ignore[attr-defined]
        if any(isinstance(n.func.value, ast.Call) and call_name(n.func.value) == "super" or dotted(n.func.value) == "self" for n in named):  # type: ignore[attr-defined]
            return False  # `self._epoch(loader, self.sched)`, `super().fit(loader, sched)`: calls that may pass one
        calls = [n for n in named if instance_class(n.func.value, model) == owner]  # type: ignore[attr-defined]
        params = [p for p in model.facts.methods[owner][function.name].params if p not in ("self", "cls")]
    if not calls or key not in params:
        return False
    position = params.index(key)
    default = parameter_default(function, key)
    index = assignments(model)
    for call in calls:
        named = keyword(call, key)
        if named is not None:
            passed: ast.expr | None = named.value
        elif position < len(call.args) and not any(isinstance(a, ast.Starred) for a in call.args[: position + 1]):
            passed = call.args[position]
        elif (
            position >= len(call.args) and not any(isinstance(a, ast.Starred) for a in call.args)
            and not any(k.arg is None for k in call.keywords) and isinstance(default, ast.Constant) and default.value is None
        ):
            continue  # left at its `None` default
        else:
            return False
        if not _none_valued(passed, model, index, 0):
            return False
    return True


def _other_order_otherwise(sched: GradEvent, step: GradEvent, events: list[GradEvent], loop: TrainingLoop, model: ModuleModel) -> bool:
    """The scheduler also steps after the optimizer, under the opposite test (`if not X:` before,
    `if X:` after, or the other arm of the same `if`): each iteration runs one of the two."""
    mine = sched.branches_within(loop.node)
    if not mine:
        return False
    code = model.source.code
    test = getattr(mine[-1].node, "test", None)
    if test is None:
        return False
    later = events[events.index(step) + 1 :] if step in events else []
    for other in later:
        if other.kind is not EventKind.SCHEDULER_STEP or other.target != sched.target:
            continue
        theirs = other.branches_within(loop.node)
        if not theirs or not _home_branch(other, theirs[-1]):
            continue  # none, or one in a helper of another file (its test is not this file's text)
        branch = theirs[-1]
        if branch.node is mine[-1].node and branch.kind != mine[-1].kind:
            return True
        other_test = getattr(branch.node, "test", None)
        if other_test is None or branch.kind != mine[-1].kind:
            continue
        for a, b in ((test, other_test), (other_test, test)):
            if isinstance(a, ast.UnaryOp) and isinstance(a.op, ast.Not) and code(a.operand) == code(b):
                return True
    return False


def _none_valued(value: ast.expr | None, model: ModuleModel, index, depth: int) -> bool:  # type: ignore[no-untyped-def]
    """`None`, or a name every binding of which (in the module) is `None` or the element at
    its place of the tuple a function of the module returns, itself `None`-valued."""
    if isinstance(value, ast.Constant):
        return value.value is None
    if not isinstance(value, ast.Name) or depth > 2:
        return False
    bindings = index.by_key.get(value.id, [])
    if not bindings:
        return False
    for binding in bindings:
        statement = binding.statement
        if isinstance(statement, ast.Assign) and binding.value is statement.value:
            if not _none_valued(statement.value, model, index, depth + 1):
                return False
            continue
        # `optimizer, scheduler = prep_optimizer(...)`: the element of each return at that place
        if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Tuple)):
            return False
        names = [dotted(e) for e in statement.targets[0].elts]
        if value.id not in names or not isinstance(statement.value, ast.Call) or not isinstance(statement.value.func, ast.Name):
            return False
        helper = model.facts.module_functions.get(statement.value.func.id)
        if helper is None:
            return False
        place = names.index(value.id)
        returns = [n for n in ast_walk(helper.node) if isinstance(n, ast.Return)]
        if not returns:
            return False
        for ret in returns:
            if not (isinstance(ret.value, ast.Tuple) and len(ret.value.elts) == len(names)):
                return False
            element = ret.value.elts[place]
            if isinstance(element, ast.Constant):
                if element.value is not None:
                    return False
                continue
            if not isinstance(element, ast.Name):
                return False
            local = [b for b in index.by_key.get(element.id, []) if b.scope is helper.node]
            if not local or not all(
                isinstance(b.statement, ast.Assign) and b.value is b.statement.value and isinstance(b.value, ast.Constant) and b.value.value is None
                for b in local
            ):
                return False
    return True


def _built_over_no_optimizer(key: str, model: ModuleModel) -> bool:
    """Every construction of `key` (a class gradfix cannot read) is handed no optimizer: its
    first argument, and every other name or attribute it is given, is nothing the module
    steps or calls an optimizer (`BNMomentumScheduler(net, bn_lambda=f, last_epoch=-1)`
    schedules the batch-norm momentum of `net`)."""
    calls = assigned_calls(model, key)
    if not calls:
        return False
    facts = model.facts
    for call in calls:
        given = [*call.args, *(k.value for k in call.keywords)]
        if not given or any(isinstance(arg, ast.Starred) for arg in call.args) or any(k.arg is None for k in call.keywords):
            return False
        for value in given:
            name = dotted(value)
            if name is None:
                continue
            if (
                name in facts.stepped or name in facts.cleared or facts.optimizer_evidence(name) or "optim" in name.lower()
                or f"step({name})" in model.source.text
            ):
                return False  # an optimizer (`scaler.step(o)`, `o.zero_grad()`): a learning-rate schedule
        if dotted(given[0]) is None:
            return False  # `Schedule(opt_for(model))`: the first argument may be one
    return True


# PyTorch's schedulers: a class derived from one keeps its `step()` contract (the first
# value is used before the first `step()`).
_TORCH_SCHEDULERS = {
    "_LRScheduler", "LRScheduler", "LambdaLR", "MultiplicativeLR", "StepLR", "MultiStepLR", "ConstantLR",
    "LinearLR", "ExponentialLR", "SequentialLR", "CosineAnnealingLR", "ChainedScheduler", "CyclicLR",
    "CosineAnnealingWarmRestarts", "OneCycleLR", "PolynomialLR",
}  # fmt: skip


def _own_schedule(constructor: str, model: ModuleModel, depth: int = 0) -> bool:
    """`constructor` is a class defined in this module (or another module of the project) that
    does not derive from a PyTorch scheduler, or that overrides `step()`: its `step()` does what
    its code says (a warmup that counts from 1 is stepped first on purpose, a schedule read from
    the optimizer's own step count), not what PyTorch's schedulers do."""
    facts = model.facts
    if depth < 3 and _built_by_own_class(constructor, model, depth):
        return True
    located: tuple[object, str] | None = None
    if constructor in facts.classes:
        located = (facts, constructor)
    elif facts.project is not None and "." in constructor.lstrip("."):
        found = facts.project.class_named(constructor, model.source.path or None)
        if found is not None:
            located = (found[0].facts, found[1])
    if located is None:
        return False
    facts, name = located
    if "step" in facts.methods.get(name, {}):  # type: ignore[attr-defined]
        return True  # its own `step()` (NVIDIA's PolyWarmUpScheduler reads the optimizer's step count)
    return not _derives_from_torch_scheduler(facts, name, 0)  # type: ignore[arg-type]


def scheduler_constructions(key: str, model: ModuleModel, function: ast.AST | None) -> list[ast.Call] | None:
    """The calls that build the scheduler `key` when the module's objects do not say what it
    is: the calls a name is bound to (`sched = SCHEDULERS[name](opt)`), the argument every
    construction of this module's class passes for the `__init__` parameter stored in
    `self.key`, or what the module's calls of the loop's function pass for a parameter (a name
    bound to calls). None when one of them is not a call read here (no construction in this
    file: the caller builds it elsewhere)."""
    root, _, attr = key.partition(".")
    if root == "self" and attr and "." not in attr:
        values = _init_arguments(attr, model, function)
    elif "." not in key and _passed_for(key, function, model):
        values = []
        for passed in _passed_for(key, function, model):
            if "(" in passed or "." in passed:
                return None
            values.extend(assigned_values(model, passed) or [None])  # type: ignore[list-item]
    else:
        values = assigned_values(model, key)
    if not values or not all(isinstance(v, ast.Call) for v in values):
        return None
    return values  # type: ignore[return-value]


def _first_call_of_next(sched: GradEvent, step: GradEvent, loop: TrainingLoop, model: ModuleModel) -> bool:
    """`for value in TrainLoop(model, loader):` whose `__next__` (a method of this file the
    loop model runs each iteration) steps the scheduler in one helper (`self.begin()` at an
    epoch's start) and then the optimizer in another (`self.run(i, x, y)`), on the very first
    call already: the optimizer's step under no condition of `__next__`, the scheduler's only
    under `if self.<attr> is None:` (or `if not self.<attr>:`) tests of attributes the class's
    `__init__` sets to None at its own top level. A step at an epoch's end (in the handler of
    the drawn batches' `StopIteration`) runs after the optimizer's first step: not this."""
    frame = loop.node.iter if isinstance(loop.node, FOR_LOOPS) else None
    if frame is None or sched.foreign or step.foreign or not sched.via or not step.via:
        return False
    if sched.via[0] is not frame or step.via[0] is not frame or sched.helpers[0] is not step.helpers[0]:
        return False
    stepper = sched.helpers[0]
    if not isinstance(stepper, FUNCTIONS) or stepper.name != "__next__":
        return False
    if step.branches_within(loop.node):
        return False
    owner = next(
        (node for node in ast_walk(model.source.tree) if isinstance(node, ast.ClassDef) and any(s is stepper for s in node.body)),
        None,
    )
    init = next((s for s in owner.body if isinstance(s, FUNCTIONS) and s.name == "__init__"), None) if owner else None
    if init is None:
        return False
    unset = set()
    for stmt in init.body:
        if (
            isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.value, ast.Constant)
            and stmt.value.value is None and isinstance(stmt.targets[0], ast.Attribute)
            and isinstance(stmt.targets[0].value, ast.Name) and stmt.targets[0].value.id == "self"
        ):  # fmt: skip
            unset.add(stmt.targets[0].attr)
    for branch in sched.branches_within(loop.node):
        test = branch.test
        if branch.kind != "if" or test is None:
            return False
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            tested = test.operand
        elif (
            isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Is)
            and isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value is None
        ):  # fmt: skip
            tested = test.left
        else:
            return False
        if not (isinstance(tested, ast.Attribute) and isinstance(tested.value, ast.Name) and tested.value.id == "self"):
            return False
        if tested.attr not in unset or _set_elsewhere(owner, tested.attr, (init, stepper)):
            return False
    return True


def _set_elsewhere(owner: ast.ClassDef, attribute: str, methods: tuple[ast.AST, ...]) -> bool:
    """A method of the class other than `methods` (`__iter__` drawing the first batches) binds
    `self.<attribute>`, or code outside its methods might (a `setattr`)."""
    for method in owner.body:
        if any(method is m for m in methods):
            continue
        for node in ast_walk(method):
            if isinstance(node, ast.Attribute) and node.attr == attribute and not isinstance(node.ctx, ast.Load):
                return True
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr":
                return True
    return False


def _only_schedules(sched: GradEvent, model: ModuleModel) -> bool:
    """The scheduler is stepped by a function of this module, called right in the loop, whose
    body is that step alone (`def adjust_lr(): scheduler.step()`, `def lr_step(s): s.step()`):
    its call is the scheduler step."""
    if len(sched.via) != 1 or sched.foreign or not sched.helpers:
        return False
    helper = sched.helpers[0]
    if not isinstance(helper, FUNCTIONS):
        return False
    # `advance = lambda self: self.sched.step()` in a class body, `self.advance = lambda:
    # self.sched.step()` in `__init__`: bound once in the file (the facts' `bound_in_class`)
    bound = model.facts.bound_in_class
    info = next((b[helper.name] for b in bound.values() if b.get(helper.name) is not None and b[helper.name].node is helper), None) if bound else None
    if info is not None and info.lambda_:
        call = sched.via[0]
        if not (isinstance(call, ast.Call) and not call.args and not call.keywords and dotted(call.func) == f"self.{helper.name}"):
            return False
    elif _method_called_on_self(helper, sched.via[0]):
        if model.source.text.count(f"def {helper.name}(") != 1:
            return False  # (a subclass of this file may write its own `before_step`)
    else:
        info = model.facts.module_functions.get(helper.name)
        if info is None or info.node is not helper:
            # `def advance(): sched.step()` in the loop's function, or `advance = lambda:
            # sched.step()` there (the facts' `_lambda`): a local function of the file
            info = next((local[helper.name] for local in model.facts.local_functions.values() if local.get(helper.name) is not None and local[helper.name].node is helper), None)
            if info is None:
                return False
    if info is not None and info.lambda_:
        # (the `def` a lambda stands for: one `return` of the lambda's body)
        return len(helper.body) == 1 and isinstance(helper.body[0], ast.Return) and helper.body[0].value is sched.call
    body = [stmt for stmt in helper.body if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant))]
    return len(body) == 1 and isinstance(body[0], ast.Expr) and body[0].value is sched.call


def _method_called_on_self(helper: ast.AST, call: ast.AST) -> bool:
    """`self.before_step()` calling the method `def before_step(self)` of the loop's class
    (the helper the loop model entered for that call), handed nothing else."""
    if not isinstance(call, ast.Call) or call.args or call.keywords:
        return False
    func = call.func
    if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self"):
        return False
    params = helper.args  # type: ignore[attr-defined]
    return (
        func.attr == helper.name  # type: ignore[attr-defined]
        and len(params.args) == 1 and params.args[0].arg == "self"
        and not params.vararg and not params.kwarg and not params.kwonlyargs and not helper.decorator_list  # type: ignore[attr-defined]
    )


def _per_batch(sched: GradEvent, step: GradEvent) -> bool:
    """The scheduler steps in the loop around the optimizer's step itself (every batch)."""
    return bool(sched.loops) and bool(step.loops) and sched.loops[-1] is step.loops[-1]


def _built_in_the_iteration(sched: GradEvent, loop: TrainingLoop, model: ModuleModel) -> bool:
    """The scheduler is built anew earlier in the same iteration, on the way to its step (in
    a block of the step's path, before it): `scheduler = PolyLR(opt, max_iter, cur_iter=i)`
    then `scheduler.step()`. Its construction already set the iteration's rate from the
    counter it was given; no step of an earlier schedule is skipped."""
    key = sched.target or ""
    if f"{key} =" not in model.source.segment(loop.node) and f"{key}=" not in model.source.segment(loop.node):
        return False  # (no walk of the index for the loops that build none)
    scope = loop.function if loop.function is not None else model.source.tree
    for binding in assignments(model).bindings(key, scope):
        if not isinstance(binding.value, ast.Call):
            continue
        if isinstance(binding.value.func, ast.Attribute) and binding.value.func.attr == "lr_schedulers" and dotted(binding.value.func.value) == "self":
            continue  # Lightning's `sch = self.lr_schedulers()` hands back the one built in configure_optimizers
        for block, stmt in zip(sched.blocks, sched.path):
            if any(s is binding.statement for s in block[: next(i for i, s in enumerate(block) if s is stmt)]):
                return True
    return False


def _construction_unseen(sched: GradEvent, model: ModuleModel, function: ast.AST | None) -> bool:
    """Nothing in this module says what the scheduler is: no construction of its own, none
    handed in by a call read here (`scheduler_constructions`)."""
    key = sched.target or ""
    return model.facts.info(key) is None and sched.direct and scheduler_constructions(key, model, function) is None


def _init_arguments(attr: str, model: ModuleModel, function: ast.AST | None) -> list[ast.expr]:
    """What the constructions of the class of method `function` in this module pass for the
    `__init__` parameter stored as it is in `self.attr` (empty when not read)."""
    facts = model.facts
    class_name = next((c for c, methods in facts.methods.items() if any(m.node is function for m in methods.values())), None)
    init = facts.methods.get(class_name or "", {}).get("__init__")
    if function is None or class_name is None or init is None:
        return []
    parameter = _stored_parameter(init, attr)
    if parameter is None:
        return []
    found: list[ast.expr] = []
    for node in model.source.of_type(ast.Call):
        if dotted(node.func) != class_name:  # type: ignore[attr-defined]
            continue
        passed = _argument_for(node, init, parameter)  # type: ignore[arg-type]
        if passed is None:
            return []
        found.append(passed)
    values: list[ast.expr] = []
    for value in found:
        if isinstance(value, ast.Name):
            bound = assigned_values(model, value.id)
            if not bound:
                return []
            values.extend(bound)
        else:
            values.append(value)
    return values


def _built_by_own_classes(key: str, model: ModuleModel, function: ast.AST | None) -> bool:
    """Every construction of the scheduler `key` that this module shows (`scheduler_constructions`)
    builds an object of a class of the project with a schedule of its own (`_own_schedule`),
    also when the class is picked from a dict literal of such classes (`SCHEDULERS["noam"](opt)`,
    the dict here or in a module of the project)."""
    calls = scheduler_constructions(key, model, function)
    if not calls:
        return False
    for call in calls:
        classes = _classes_called(call, model)
        if not classes or not all(_own_schedule(name, model) for name in classes):
            return False
    return True


def _handed_own_schedules(key: str, model: ModuleModel, function: ast.AST | None) -> bool:
    """`self.attr` of a trainer class of this module that no call here builds (its `__init__`
    stores its parameter there once), while every construction of the class in the other files of
    the project -- at least one -- passes for that parameter a construction of a class of the
    project with a schedule of its own (`_own_schedule`), written there or bound to a name the
    calling function (or module) binds once and does not take as a parameter (OpenTransformer's
    run.py: `scheduler = BuildScheduler[name](optimizer, ...)`, then `Trainer(...,
    scheduler=scheduler)`). A construction gradfix cannot read keeps the step judged."""
    root, _, attr = key.partition(".")
    facts = model.facts
    project, path = facts.project, model.source.path
    if root != "self" or not attr or "." in attr or function is None or project is None or not path:
        return False
    class_name = next((c for c, methods in facts.methods.items() if any(m.node is function for m in methods.values())), None)
    init = facts.methods.get(class_name or "", {}).get("__init__")
    if class_name is None or init is None or class_name not in facts.classes:
        return False
    parameter = _stored_parameter(init, attr)
    if parameter is None:
        return False
    from gradfix.analysis.handed_in import _argument, _calls_of
    from gradfix.analysis.loops import build_model

    params = init.params[1:]
    found = False
    for call, (_, caller_source) in _calls_of(class_name, init, model):
        if caller_source is model.source or not caller_source.path:
            return False  # built here (read by `_init_arguments`), or a caller gradfix cannot read
        if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
            return False
        passed = _argument(call, params, parameter)
        module = project.module(caller_source.path, any_bytes=True)
        if passed is None or module is None:
            return False
        caller = project.caller_model(caller_source.path, lambda module=module: build_model(module.source, project, step_functions=False))
        if isinstance(passed, ast.Name):
            passed = _bound_once_where(passed, call, caller)
        if not isinstance(passed, ast.Call):
            return False
        classes = _classes_called(passed, caller)
        if not classes or not all(_own_schedule(name, caller) for name in classes):
            return False
        found = True
    return found


def _bound_once_where(name: ast.Name, call: ast.Call, caller: ModuleModel) -> ast.expr | None:
    """What `name`, passed at `call`, is bound to when the function holding the call (or the
    module, at its top level) binds it by one `=` statement of its own and does not take it as a
    parameter; None otherwise."""
    source = caller.source
    scope: ast.AST = source.tree
    for node in source.nodes:
        if isinstance(node, FUNCTIONS) and encloses(node, call) and (scope is source.tree or encloses(scope, node)):
            scope = node
    if isinstance(scope, FUNCTIONS):
        arguments = scope.args
        taken = {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs, arguments.vararg, arguments.kwarg) if a}
        if name.id in taken:
            return None
    bindings = assignments(caller).bindings(name.id, scope)
    if len(bindings) != 1 or not isinstance(bindings[0].statement, ast.Assign) or bindings[0].scope is not scope:
        return None
    return bindings[0].value


def _classes_called(call: ast.Call, model: ModuleModel) -> list[str]:
    """The qualified classes (or builders) a construction calls: its callee's name, or every
    value of the dict literal it subscripts (`SCHEDULERS[name](...)`, with `SCHEDULERS = {"noam":
    Noam, ...}` bound once at the top of this module or of the project module it is imported
    from). Empty when not read."""
    func = call.func
    facts = model.facts
    if not isinstance(func, ast.Subscript):
        name = dotted(func)
        return [facts.imports.qualify(name) or name] if name is not None else []
    table = dotted(func.value)
    found = dict_of_names(table, model) if table is not None and "." not in table else None
    if found is None:
        return []
    entries, where = found
    picked = func.slice
    if isinstance(picked, ast.Constant) and isinstance(picked.value, str):
        # `SCHEDULERS["warm"](opt)`: the class of that entry alone
        entries = [(k, name) for k, name in entries if k == picked.value]
        if not entries:
            return []
    if where is facts:
        return [facts.imports.qualify(name) or name for _, name in entries]
    qualified = facts.imports.qualify(table) or table
    return [qualified.rsplit(".", 1)[0] + "." + name for _, name in entries]


def _mixed_registry(key: str, model: ModuleModel, function: ast.AST | None) -> bool:
    """A construction of the scheduler picks its class from a dict literal by a key that is not
    written out (`SCHEDULERS[name](opt)`) while the dict holds both classes of the project with
    a schedule of their own and others (`{"cos": CosineAnnealingLR, "warm": MyWarmup}`): which
    one runs is not known here."""
    for call in scheduler_constructions(key, model, function) or ():
        func = call.func
        if not isinstance(func, ast.Subscript) or isinstance(func.slice, ast.Constant):
            continue
        own = {_own_schedule(name, model) for name in _classes_called(call, model)}
        if own == {True, False}:
            return True
    return False


def _reaching_constructor(key: str, event: GradEvent, model: ModuleModel) -> str | None:
    """A scheduler name rebound statement after statement at the module's top level (a notebook's
    cells: `scheduler = StepLR(...)`, later `scheduler = ReduceLROnPlateau(...)`): the class of
    the binding the event's loop sees, the last one before it."""
    if "." in key or event.via or not event.path:
        return None
    top = event.path[0]
    if not any(stmt is top for stmt in model.source.tree.body):
        return None
    reaching = reaching_top_level(assignments(model).bindings(key, model.source.tree), model.source, top.lineno)
    if reaching is None or not isinstance(reaching.value, ast.Call):
        return None
    name = call_name(reaching.value)
    return model.facts.imports.qualify(name) if name else None


def _from_star_import(constructor: str, model: ModuleModel) -> bool:
    """`constructor` is a bare name the module neither defines nor imports by name, while it
    imports everything of a module other than torch's (`from LrScheduler import *`): it may be
    a class of that module with a schedule of its own (read through the project when it can)."""
    facts = model.facts
    stars = [m for m in facts.imports.stars if not m.startswith("torch")]
    if not stars or "." in constructor or constructor in facts.classes or constructor in facts.module_functions:
        return False
    if constructor in facts.imports.aliases or constructor in _TORCH_SCHEDULERS:
        return False
    for star in stars:
        if _own_schedule(f"{star}.{constructor}", model):
            return True
        project = facts.project
        found = project.class_named(f"{star}.{constructor}", model.source.path or None) if project is not None else None
        if found is not None:
            return False  # read: a class deriving from torch's scheduler keeps its contract
    return True


def _built_by_own_class(constructor: str, model: ModuleModel, depth: int) -> bool:
    """`constructor` is a builder function of the project (`get_scheduler(optimizer, ...)` of
    lr_helper.py) that returns an object of a class of its own module with its own schedule
    (U2PL's `LRScheduler(object)`)."""
    facts = model.facts
    if constructor in facts.classes:
        return False
    function = facts.module_functions.get(constructor)
    prefix = ""
    if function is None and facts.project is not None and "." in constructor.lstrip("."):
        function = facts.project.function(constructor, model.source.path or None)
        prefix = constructor.rsplit(".", 1)[0] + "."
    if function is None:
        return False
    for node in ast_walk(function.node):
        if isinstance(node, ast.Return) and isinstance(node.value, ast.Call):
            name = dotted(node.value.func)
            if name is not None and "." not in name and name != constructor.rsplit(".", 1)[-1]:
                if _own_schedule(prefix + name, model, depth + 1):
                    return True
            func = node.value.func
            if isinstance(func, ast.Subscript) and isinstance(func.value, ast.Name):
                # `return SCHEDULERS[name](opt)` with `SCHEDULERS = {"warmup": WarmupRate}` beside it
                builder = ModuleModel(function.source or model.source, function.facts or facts)
                found = dict_of_names(func.value.id, builder)
                if found and all(_own_schedule(prefix + n, model, depth + 1) for _, n in found[0]):
                    return True
    return False


def _derives_from_torch_scheduler(facts, name: str, depth: int) -> bool:  # type: ignore[no-untyped-def]
    node = facts.classes.get(name)
    if node is None or depth > 3:
        return True  # cannot tell: keep PyTorch's contract
    for base in node.bases:
        base_name = dotted(base)
        if base_name is None:
            return True
        qualified = facts.imports.qualify(base_name) or base_name
        if base_name.rsplit(".", 1)[-1] in _TORCH_SCHEDULERS or "lr_scheduler" in qualified:
            return True
        if base_name in facts.classes and base_name != name and _derives_from_torch_scheduler(facts, base_name, depth + 1):
            return True
        if base_name not in facts.classes and base_name not in ("object", "ABC"):
            return True  # a base we cannot read may be one
    return False


def _every_optimizer_steps_later(sched: GradEvent, index: int, events: list[GradEvent], stepped: set[str], model: ModuleModel) -> str | None:
    """A scheduler built out of sight (a parameter: `def do_train(..., optimizer, optimizer_center,
    scheduler)`) in a loop that steps several optimizers, none of them before it in the
    iteration: whichever it was built over steps after it. The first of them stands for all."""
    if len(stepped) < 2 or not sched.direct or model.facts.info(sched.target or "") is not None:
        return None
    if any(e.kind is EventKind.STEP and e.target in stepped for e in events[:index]):
        return None
    return next((e.target for e in events[index + 1 :] if e.kind is EventKind.STEP and e.target in stepped), None)


def _first_later_steps(sched: GradEvent, index: int, events: list[GradEvent], stepped: set[str]) -> list[GradEvent]:
    """The first step after the scheduler's of each optimizer the loop steps."""
    found: dict[str, GradEvent] = {}
    for event in events[index + 1 :]:
        if event.kind is EventKind.STEP and event.target in stepped and event.target not in found:
            found[event.target] = event  # type: ignore[index]
    return list(found.values())


_SCHEDULER_WORDS = lazily(r"_?(lr_)?(scheduler|sched|schedule|lr)$", re.I)
_OPTIMIZER_WORDS = lazily(r"_?(optimizer|optim|opt)$", re.I)


def _named_alike(scheduler: str, optimizers: list[str]) -> str | None:
    """The one optimizer whose name, less its optimizer word, is the scheduler's less its
    scheduler word (`fusion_lr_scheduler`, `fusion_optimizer`; `g_sched`, `g_opt`), or whose
    whole name is the scheduler's less its scheduler word when that ends in an optimizer word
    (`criterion_optimizer_scheduler`, `criterion_optimizer`; `head_opt_sched`, `head_opt`); or
    the entry under the same constant key of a container named for optimizers
    (`schedulers["module"]`, `optimizers["module"]`)."""
    if scheduler.endswith("]") and "[" in scheduler:
        # `schedulers["module"]` of `optimizers["module"]`: two containers named for what they
        # hold, entries under the same constant key
        cut = scheduler.rindex("[")
        if not _SCHEDULER_WORDS.search(scheduler[:cut].rsplit(".", 1)[-1].rstrip("s")):
            return None
        keyed = [
            o for o in optimizers
            if o.endswith(scheduler[cut:]) and _OPTIMIZER_WORDS.search(o[: len(o) - len(scheduler) + cut].rsplit(".", 1)[-1].rstrip("s"))
        ]  # fmt: skip
        return keyed[0] if len(keyed) == 1 else None
    stem = _SCHEDULER_WORDS.sub("", scheduler.rsplit(".", 1)[-1])
    if not stem or stem == scheduler.rsplit(".", 1)[-1]:
        return None
    names_optimizer = _OPTIMIZER_WORDS.search(stem) is not None

    def alike(optimizer: str) -> bool:
        name = optimizer.rsplit(".", 1)[-1]
        if name == stem:
            return names_optimizer
        return _OPTIMIZER_WORDS.sub("", name) == stem

    found = [o for o in optimizers if alike(o)]
    return found[0] if len(found) == 1 else None


def _scheduled_optimizer(sched: GradEvent, model: ModuleModel, stepped: set[str], function: ast.AST | None = None) -> str | None:
    """The optimizer the scheduler was built over, or the only optimizer the loop steps."""
    info = model.facts.info(sched.target or "")
    if info is None and sched.target and sched.direct:
        listed = _listed_optimizers(sched, model)
        if listed and all(key in stepped for key in listed):
            return listed[0]  # `for s in schedulers: s.step()` over schedulers of stepped optimizers
        keyed = _keyed_optimizer(sched, model)
        if keyed is not None and keyed in stepped:
            return keyed  # `schedulers["d"].step()` of `{k: ExponentialLR(o) for k, o in opts.items()}`
    if info is not None and info.params is not None:
        key = model.source.key(info.params)
        if key in stepped:
            return key
        for target in sorted(stepped):  # (a set of names: the first to answer must not follow the hash seed)
            if _constructor_argument(target, model) == key:
                return target  # `trainer.optimizer`, from `Trainer(model, optimizer)` storing it
            if _passed_for(target, function, model) == {key}:
                return target  # `train_model(..., optimizer_ft, exp_lr_scheduler)` into `optimizer, scheduler`
            if init_parameter(model, target, info.params) == key:
                return target  # `self.opt = opt` in the `__init__` that builds `StepLR(opt)`
        if not sched.direct and sched.target and "." not in sched.target and function is not None:
            for target in sorted(stepped):
                if _own_constructions_argument(target, function, model) == key:
                    return target  # `LRHook(sched)` stepping `sched`, over the `opt` of `Trainer(model, opt, [LRHook(sched)])`
        if model.facts.optimizer_evidence(key):
            return None  # built over another optimizer
        # `get_scheduler("linear", optimizer=...)`: the first argument is not the optimizer
    if info is None and sched.target and "." not in sched.target and function is not None:
        nested = _nested_scheduled_optimizer(sched.target, stepped, function, model)
        if nested is not None:
            return nested  # `def train(g_opt, d_opt, g_sched)` inside `main()`, called there
    if len(stepped) == 1:
        return next(iter(stepped))
    return None


def _nested_scheduled_optimizer(target: str, stepped: set[str], function: ast.AST, model: ModuleModel) -> str | None:
    """A function nested in another (`def train(g_opt, d_opt, g_sched)` inside `main()`) whose
    every call there hands its scheduler parameter `target` a scheduler that function builds
    over one optimizer, and hands that same optimizer to one stepped parameter: that parameter."""
    from gradfix.analysis.facts import enclosing_function, nested_call_arguments

    facts = model.facts
    found = enclosing_function(facts, function)
    if found is None:
        return None
    outer = found[0]
    passed = nested_call_arguments(facts, function, target)
    if not passed or any(not isinstance(p, ast.Name) for p in passed):
        return None
    keys = set()
    for argument in passed:
        info = facts.info_in(argument.id, (outer,))  # type: ignore[union-attr]
        if info is None or info.kind != "scheduler" or info.params is None:
            return None
        keys.add(model.source.key(info.params))
    if len(keys) != 1:
        return None
    key = keys.pop()
    matches = []
    for parameter in sorted(stepped):
        given = nested_call_arguments(facts, function, parameter) if "." not in parameter else None
        if given and all(isinstance(a, ast.Name) and a.id == key for a in given):
            matches.append(parameter)
    return matches[0] if len(matches) == 1 else None


def _keyed_optimizer(sched: GradEvent, model: ModuleModel) -> str | None:
    """`schedulers["d"].step()` with `schedulers` bound once to `{k: Scheduler(o, ...) for k, o
    in opts.items()}`: `opts["d"]`, the optimizer under the same key."""
    call = sched.call
    recv = call.func.value if call is not None and isinstance(call.func, ast.Attribute) else None
    if not (isinstance(recv, ast.Subscript) and isinstance(recv.value, ast.Name) and isinstance(recv.slice, ast.Constant)):
        return None
    values = assigned_values(model, recv.value.id)
    if len(values) != 1 or not isinstance(values[0], ast.DictComp) or len(values[0].generators) != 1:
        return None
    comp, generator = values[0], values[0].generators[0]
    target, iterable = generator.target, generator.iter
    if generator.ifs or not (isinstance(target, ast.Tuple) and len(target.elts) == 2 and all(isinstance(e, ast.Name) for e in target.elts)):
        return None
    key_name, value_name = target.elts[0].id, target.elts[1].id  # type: ignore[attr-defined]
    if not (isinstance(comp.key, ast.Name) and comp.key.id == key_name and isinstance(comp.value, ast.Call)):
        return None
    argument = keyword(comp.value, "optimizer")
    first = argument.value if argument is not None else (positional(comp.value) or [None])[0]
    if not (isinstance(first, ast.Name) and first.id == value_name):
        return None
    if not (isinstance(iterable, ast.Call) and method_name(iterable) == "items" and isinstance(receiver(iterable), ast.Name)):
        return None
    return f"{receiver(iterable).id}[{model.source.code(recv.slice)}]"  # type: ignore[union-attr]


def _listed_optimizers(sched: GradEvent, model: ModuleModel) -> list[str]:
    """`for scheduler in schedulers: scheduler.step()` (or over a literal tuple of them), the
    list bound once to scheduler constructions or to names bound to them: the optimizer each
    was built over, in order (empty when one is not known)."""
    call = sched.call
    recv = call.func.value if call is not None and isinstance(call.func, ast.Attribute) else None
    loop = _comprehension_over(call, sched) or next((lp for lp in reversed(sched.loops) if isinstance(lp, FOR_LOOPS)), None)
    if loop is None or not isinstance(loop.target, ast.Name) or not isinstance(recv, ast.Name) or loop.target.id != recv.id:
        return []
    iterable = loop.iter
    if isinstance(iterable, ast.Name):
        values = assigned_values(model, iterable.id)
        if len(values) != 1:
            return []
        iterable = values[0]
    if not isinstance(iterable, (ast.List, ast.Tuple)) or not iterable.elts:
        return []
    found = []
    for element in iterable.elts:
        if isinstance(element, ast.Call):
            argument = (positional(element) or [None])[0]
            kw = keyword(element, "optimizer")
            argument = kw.value if kw is not None else argument
            params = argument if argument is not None and dotted(argument) is not None else None
        elif isinstance(element, ast.Name):
            info = model.facts.info(element.id)
            params = info.params if info is not None else None
        else:
            params = None
        if params is None:
            return []
        found.append(model.source.key(params))
    return found


def _comprehension_over(call: ast.Call | None, sched: GradEvent) -> ast.comprehension | None:
    """`[s.step() for s in schedulers]` written as a statement of its own: its one generator
    (no `if`), which `_listed_optimizers` reads like `for s in schedulers: s.step()`."""
    statement = sched.path[-1] if sched.path else None
    value = statement.value if isinstance(statement, ast.Expr) else None
    if isinstance(value, (ast.ListComp, ast.GeneratorExp, ast.SetComp)) and value.elt is call and len(value.generators) == 1:
        generator = value.generators[0]
        return None if generator.ifs or generator.is_async else generator
    return None


def _passed_for(parameter: str, function: ast.AST | None, model: ModuleModel) -> set[str]:
    """What the module's calls of `function` pass for its parameter `parameter`."""
    if not isinstance(function, FUNCTIONS) or "." in parameter:
        return set()
    info = model.facts.module_functions.get(function.name)
    if info is None and model.facts.local_functions:
        # a function nested in another (`def train(opt, sched)` inside `main()`): its calls there
        from gradfix.analysis.facts import nested_call_arguments

        given = nested_call_arguments(model.facts, function, parameter)
        keys = {dotted(a) if a is not None else None for a in given or ()}
        return set() if not keys or None in keys else keys  # type: ignore[return-value]
    if info is None or info.node is not function or parameter not in info.params:
        return set()
    sites = model.facts.call_site_args.get(function.name, {})
    return sites.get(str(info.params.index(parameter)), set()) | sites.get(parameter, set())


def _constructor_argument(key: str, model: ModuleModel) -> str | None:
    """What `obj.attr` holds when `obj` is only ever bound to objects of one class of this
    module whose `__init__` stores a parameter as it is (`self.optimizer = optimizer`): the
    argument every construction passes for it (`Trainer(model, optimizer)` -> `optimizer`)."""
    owner, _, attr = key.rpartition(".")
    if not owner or "." in owner:
        return None
    values = assigned_values(model, owner)
    found: set[str] = set()
    for value in values:
        if not isinstance(value, ast.Call) or dotted(value.func) is None:
            return None
        init = _init_of(dotted(value.func), model)  # type: ignore[arg-type]
        if init is None:
            return None
        parameter = _stored_parameter(init, attr)
        passed = _argument_for(value, init, parameter) if parameter is not None else None
        if passed is None or dotted(passed) is None:
            return None
        found.add(model.source.key(passed))
    return found.pop() if len(found) == 1 else None


def _own_constructions_argument(key: str, function: ast.AST, model: ModuleModel) -> str | None:
    """`self.optimizer` in a method of a class of this module that no class of the module
    derives from: the argument every construction of the class in the module hands for the
    `__init__` parameter stored in it (`self.model, self.optimizer = model, optimizer`), when
    there is one and they all hand the same name (`Trainer(model, opt, ...)` -> `opt`)."""
    owner, _, attr = key.partition(".")
    if owner != "self" or not attr.isidentifier():
        return None
    facts = model.facts
    class_name = next((name for name, methods in facts.methods.items() if any(info.node is function for info in methods.values())), None)
    init = facts.methods.get(class_name or "", {}).get("__init__")
    if class_name is None or init is None or init.node.args.vararg or init.node.args.kwarg:
        return None
    if any(class_name in {dotted(base) for base in node.bases} for node in facts.classes.values()):
        return None  # a subclass may store another
    parameter = _stored_parameter(init, attr)
    if parameter is None:
        return None
    found: set[str] = set()
    for call in model.source.of_type(ast.Call):
        if isinstance(call.func, ast.Name) and call.func.id == class_name:
            passed = _argument_for(call, init, parameter)
            if passed is None or dotted(passed) is None:
                return None
            found.add(model.source.key(passed))
    return found.pop() if len(found) == 1 else None


def _stored_parameter(init: FunctionInfo, attr: str) -> str | None:
    """The `__init__` parameter stored as it is in `self.attr` (`self.optimizer = optimizer`),
    by one statement of its body."""
    stored = [
        stmt.value.id for stmt in init.node.body
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.value, ast.Name)
        and dotted(stmt.targets[0]) == f"self.{attr}"
    ]
    for stmt in init.node.body:
        # `self.model, self.optimizer = model, optimizer`
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Tuple) and isinstance(stmt.value, ast.Tuple):
            names, values = stmt.targets[0].elts, stmt.value.elts
            if len(names) == len(values) and not any(isinstance(e, ast.Starred) for e in (*names, *values)):
                stored += [v.id for n, v in zip(names, values) if dotted(n) == f"self.{attr}" and isinstance(v, ast.Name)]
    return stored[0] if len(stored) == 1 and stored[0] in init.params[1:] else None


def _argument_for(call: ast.Call, init: FunctionInfo, parameter: str) -> ast.expr | None:
    """What a construction of the class passes for a parameter of its `__init__`."""
    named = keyword(call, parameter)
    if named is not None:
        return named.value
    index = init.params.index(parameter) - 1
    if index < len(call.args) and not any(isinstance(a, ast.Starred) for a in call.args[: index + 1]):
        return call.args[index]
    return None


def _init_of(name: str, model: ModuleModel) -> FunctionInfo | None:
    """The `__init__` of the class `name` names: one of this module, or one a module of the
    project defines (`from gan_training.train import Trainer`)."""
    facts = model.facts
    if name in facts.classes:
        return facts.methods.get(name, {}).get("__init__")
    qualified = facts.imports.qualify(name)
    project = facts.project
    if project is None or qualified is None or qualified == name and "." not in name:
        return None
    found = project.class_named(qualified, model.source.path or None)
    if found is None:
        return None
    module, class_name = found
    return module.facts.methods.get(class_name, {}).get("__init__")


def _unconditional_enough(sched: GradEvent, step: GradEvent, loop: TrainingLoop, model: ModuleModel) -> bool:
    """Runs whenever the step runs: under no condition of its own, except a test of the
    scheduler's own presence (`if scheduler is not None`)."""
    name = last_name(sched.target or "")
    step_branches = step.branches_within(loop.node)
    shared = {(id(b.node), b.kind) for b in step_branches}
    step_tests = {
        model.source.code(b.test) for b in step_branches if b.kind == "if" and b.test is not None and _home_branch(step, b)
    }
    for branch in sched.branches_within(loop.node):
        if (id(branch.node), branch.kind) in shared:
            continue
        if _settled_else(branch, sched, loop, model):
            continue
        if branch.kind != "if" or branch.test is None:
            return False
        if not sched.foreign and _false_before_the_first_step(branch.test, step, loop, model):
            return False  # `if self.steps > 0:`, the count bumped only after the step: it follows a step
        test = model.source.code(branch.test)
        if test in step_tests and _settled(branch.test, loop, model, within=True):
            continue  # the same test as the optimizer step's (`if partition == "train":` twice)
        # `args.scheduler == "clr"` or `use_scheduler` test a setting, not the scheduler itself
        names = name in test and _names_the_scheduler(branch.test, sched.target or name, model)
        if not names and _settled(branch.test, loop, model, enclosing=True):
            continue  # `if epoch < warm_epochs:` in the batch loop: the same answer all through it
        if not names and not _built_under(sched.target or "", branch.test, model):
            return False
        if names and not _presence_test(branch.test, sched.target or name, loop, model):
            return False  # `if scheduler is not None and epoch:` also skips an iteration
    return True


def _false_before_the_first_step(test: ast.expr, step: GradEvent, loop: TrainingLoop, model: ModuleModel) -> bool:
    """The test cannot hold until the optimizer has stepped: it asks a count (`self.steps > 0`,
    `state.updates >= self.warmup`, `self.steps` alone, or such a part of an `and`) that an
    `__init__` of the module sets to 0, and that only `+= <a positive number>` statements
    change, each after the optimizer's step in the function (or loop) holding it, the step
    taken on every iteration; a bound `warmup` is likewise an `__init__`'s one positive number.
    Then the scheduler steps only after an optimizer's step, as torch asks: no finding (the
    schedule of `if self.steps >= self.warmup: scheduler.step()` before the step is the same
    as after it). A count set elsewhere (`trainer.steps = 100`, `setattr`) may hold at once."""
    parts = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
    for part in parts:
        counted = _count_and_least(part, model)
        if counted is not None and counted[1] > 0 and _counts_after_the_step(counted[0], step, loop, model):
            return True
    return False


def _count_and_least(test: ast.expr, model: ModuleModel) -> tuple[str, int] | None:
    """For `R.count > k`, `R.count >= k`, `R.count != 0`, `k < R.count`, `k <= R.count` or
    `R.count` alone: the attribute's name and the least count for which the test holds (k
    an int, or an attribute an `__init__` sets once to one)."""
    if isinstance(test, ast.Attribute) and isinstance(test.value, ast.Name):
        return test.attr, 1
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return None
    left, op, right = test.left, test.ops[0], test.comparators[0]
    if isinstance(right, ast.Attribute) and isinstance(right.value, ast.Name) and not (isinstance(left, ast.Attribute) and isinstance(left.value, ast.Name)):
        left, right = right, left  # (`k < R.count`: the count on the left)
        op = {ast.Lt: ast.Gt(), ast.LtE: ast.GtE()}.get(op.__class__, op)
    if not (isinstance(left, ast.Attribute) and isinstance(left.value, ast.Name)):
        return None
    bound = _int_of(right, model)
    if bound is None:
        return None
    if isinstance(op, ast.Gt):
        return left.attr, bound + 1
    if isinstance(op, ast.GtE):
        return left.attr, bound
    if isinstance(op, ast.NotEq) and bound == 0:
        return left.attr, 1
    return None


def _int_of(node: ast.expr, model: ModuleModel) -> int | None:
    """An int written there, or an attribute an `__init__` of the module sets once (and nothing
    else sets) to one."""
    if isinstance(node, ast.Constant):
        return node.value if type(node.value) is int else None
    if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)):
        return None
    stores = _attribute_stores(node.attr, model)
    if stores is None or len(stores) != 1:
        return None
    stmt, function = stores[0]
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and getattr(function, "name", None) == "__init__"):
        return None
    value = stmt.value
    return value.value if isinstance(value, ast.Constant) and type(value.value) is int else None


def _attribute_stores(name: str, model: ModuleModel) -> list[tuple[ast.stmt, ast.AST | None]] | None:
    """The statements of the module setting an attribute so named (on any object) as the
    whole target of an assignment, each with the function holding it; None when the module
    sets one otherwise (a tuple target, a `for` or `with` target) or by name (`setattr`)."""
    source = model.source
    if "setattr(" in source.text:
        return None
    stored = sum(1 for node in source.of_type(ast.Attribute) if node.attr == name and not isinstance(node.ctx, ast.Load))  # type: ignore[attr-defined]
    found: list[tuple[ast.stmt, ast.AST | None]] = []
    for kind in (ast.Assign, ast.AugAssign, ast.AnnAssign):
        for stmt in source.of_type(kind):
            targets = stmt.targets if kind is ast.Assign else [stmt.target]  # type: ignore[attr-defined]
            for target in targets:
                if isinstance(target, ast.Attribute) and target.attr == name:
                    found.append((stmt, _function_at(stmt.lineno, model)))  # type: ignore[arg-type]
    return found if len(found) == stored else None


def _function_at(line: int, model: ModuleModel) -> ast.AST | None:
    """The innermost function of the module holding the line, None at the module's level."""
    found = None
    for kind in FUNCTIONS:
        for function in model.source.of_type(kind):
            if function.lineno <= line <= function.end_lineno and (found is None or function.lineno > found.lineno):  # type: ignore[attr-defined]
                found = function
    return found


def _counts_after_the_step(name: str, step: GradEvent, loop: TrainingLoop, model: ModuleModel) -> bool:
    """The attribute `name` starts at 0 (one `R.name = 0` in an `__init__`) and only `R.name +=
    <a positive int>` statements change it, each after the optimizer's step (a later line of
    the function holding the step, or of the module when the step is in no function), the step
    taken on every iteration (under no condition within the loop) in this file."""
    if step.foreign or step.branches_within(loop.node) or not isinstance(step.node, ast.Call):
        return False
    stores = _attribute_stores(name, model)
    if not stores:
        return False
    where = _function_at(step.node.lineno, model)
    starts = 0
    for stmt, function in stores:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and getattr(function, "name", None) == "__init__":
            value = stmt.value
            if not (isinstance(value, ast.Constant) and type(value.value) is int and value.value == 0):
                return False
            starts += 1
        elif isinstance(stmt, ast.AugAssign) and isinstance(stmt.op, ast.Add):
            value = stmt.value
            if not (isinstance(value, ast.Constant) and type(value.value) is int and value.value > 0):
                return False
            if function is not where or stmt.lineno <= step.node.end_lineno:  # type: ignore[operator]
                return False  # (bumped before the step, or by another function: may hold at the first one)
        else:
            return False
    return starts == 1


def _settled_else(branch: Branch, sched: GradEvent, loop: TrainingLoop, model: ModuleModel) -> bool:
    """The `else` arm of an `if` (or `elif`) testing a setting that keeps its answer all through
    the loop (`if policy == "log": <rates by hand> else: scheduler.step()`): the arm runs in every
    iteration or in none, as the `if` arm of such a test does; when it runs, nothing in the other
    arm ran. A test of the scheduler itself (`if scheduler is None: ... else: ...`) or of what the
    loop binds (`if epoch == 0: ... else: scheduler.step()`) is not such a setting."""
    if branch.kind != "else" or branch.test is None or not isinstance(branch.node, ast.If) or not sched.direct:
        return False  # (in a helper the loop calls, the test may read what the helper binds anew at each call)
    if _names_the_scheduler(branch.test, sched.target or last_name(sched.target or ""), model):
        return False
    return _settled(branch.test, loop, model, enclosing=True)


def _in_settled_else(sched: GradEvent, step: GradEvent, loop: TrainingLoop, model: ModuleModel) -> bool:
    """The scheduler steps in such an `else` arm the optimizer's step is not in: moving the
    code after it up (the fix's way) would also put it before the other arm (a rate set by hand)."""
    shared = {(id(b.node), b.kind) for b in step.branches_within(loop.node)}
    return any(
        (id(b.node), b.kind) not in shared and _settled_else(b, sched, loop, model) for b in sched.branches_within(loop.node)
    )


def _home_branch(event: GradEvent, branch: Branch) -> bool:
    """The branch is written in the analysed file: an event of this file, or one in a helper of
    another file whose branch is an `if` on the path down to the helper's call (the helper's own
    branches are that file's nodes, not this one's: this file's text cannot be read at them)."""
    return not event.foreign or any(branch.node is stmt for stmt in event.path)


def _names_the_scheduler(test: ast.expr, key: str, model: ModuleModel) -> bool:
    """The test reads the scheduler itself (`scheduler is not None`, `if self.scheduler:`), not
    only a name that contains its name (`args.scheduler == "clr"`, `use_scheduler`)."""
    return any(isinstance(n, (ast.Name, ast.Attribute)) and model.source.key(n) == key for n in ast_walk(test))


def _continues_after(sched: GradEvent) -> bool:
    """`if epoch == 0: scheduler.step(); continue`: the block holding the scheduler's step goes
    on, at its own level, to a `continue`: that iteration never reaches the optimizer's step."""
    if not sched.path or not sched.direct:
        return False
    block, stmt = sched.blocks[-1], sched.path[-1]
    index = next((i for i, s in enumerate(block) if s is stmt), None)
    return index is not None and any(isinstance(s, ast.Continue) for s in block[index + 1 :])


def _first_batch_only(sched: GradEvent, step: GradEvent, loop: TrainingLoop, model: ModuleModel) -> bool:
    """`for i, batch in enumerate(loader): if i == 0: scheduler.step()` before an optimizer step
    that runs on every batch: the scheduler's step of each epoch, taken before the epoch's first
    optimizer step (as at the top of the epoch loop). Only the loop's own `enumerate` index (or
    `range` variable) from 0, bound nowhere else in the loop, tested alone for `== 0`."""
    node = loop.node
    if step.branches_within(node) or not isinstance(node, (ast.For, ast.AsyncFor)):
        return False
    branches = sched.branches_within(node)
    if len(branches) != 1 or branches[0].kind != "if" or branches[0].test is None:
        return False
    test = branches[0].test
    if not (
        isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value == 0 and type(test.comparators[0].value) is int
    ):
        return False
    left = test.left
    if isinstance(left, ast.BinOp) and isinstance(left.op, ast.Mod) and isinstance(left.left, ast.Name):
        name = left.left.id  # `if step % steps_per_epoch == 0:`: each period's first step, the loop's first among them
    elif isinstance(left, ast.Name):
        name = _remainder_of_the_counter(node, left.id, branches[0].node) or left.id
    else:
        return False
    iterable, target = node.iter, node.target
    counted = (
        isinstance(iterable, ast.Call) and dotted(iterable.func) == "enumerate" and len(iterable.args) == 1
        and not iterable.keywords and isinstance(target, ast.Tuple) and bool(target.elts)
        and isinstance(target.elts[0], ast.Name) and target.elts[0].id == name
    ) or (
        # `for i in range(n)` / `range(0, n)`
        isinstance(iterable, ast.Call) and dotted(iterable.func) == "range" and not iterable.keywords
        and (len(iterable.args) == 1 or len(iterable.args) == 2 and isinstance(iterable.args[0], ast.Constant) and iterable.args[0].value == 0)
        and isinstance(target, ast.Name) and target.id == name
    )
    if not counted:
        return False
    return not any(
        isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store) for stmt in node.body for n in ast_walk(stmt)
    )


def _remainder_of_the_counter(loop: ast.For | ast.AsyncFor, name: str, holder: ast.AST) -> str | None:
    """`epoch, i = divmod(step, steps_per_epoch)` (or `i = step % steps_per_epoch`), a statement
    of the loop body's top level before the `if` testing `i == 0`, the only binding of `i` in
    the loop: the name of the counter it divides (`step`), whose iterations with `i == 0` are
    each period's first, the loop's first among them; None otherwise."""
    counter = None
    for stmt in loop.body:
        if stmt is holder:
            break
        if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1):
            continue
        target, value = stmt.targets[0], stmt.value
        if (
            isinstance(target, ast.Tuple) and len(target.elts) == 2 and isinstance(target.elts[1], ast.Name)
            and target.elts[1].id == name and isinstance(value, ast.Call) and dotted(value.func) == "divmod"
            and len(value.args) == 2 and not value.keywords and isinstance(value.args[0], ast.Name)
        ):  # fmt: skip
            counter = value.args[0].id
        elif (
            isinstance(target, ast.Name) and target.id == name and isinstance(value, ast.BinOp)
            and isinstance(value.op, ast.Mod) and isinstance(value.left, ast.Name)
        ):  # fmt: skip
            counter = value.left.id
    else:
        return None
    stores = sum(1 for stmt in loop.body for n in ast_walk(stmt) if isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load))
    return counter if counter is not None and stores == 1 else None


def _presence_test(test: ast.expr, key: str, loop: TrainingLoop, model: ModuleModel) -> bool:
    """A test of the scheduler's presence (`if scheduler is not None`, `if self.scheduler:`),
    possibly with other parts that keep their values through the loop (`and args.decay`); not
    one whose other part varies with the iteration (`and epoch`: it skips the first)."""
    name = last_name(key)
    parts = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
    for part in parts:
        if name in model.source.code(part):
            if any(isinstance(n, ast.Name) and n.id not in key.split(".") and n.id != "None" for n in ast_walk(part)):
                return False  # `scheduler is not None and epoch > 0` written as one comparison
        elif not _settled(part, loop, model):
            return False
    return True


def _settled(test: ast.expr, loop: TrainingLoop, model: ModuleModel, within: bool = False, enclosing: bool = False) -> bool:
    """The names a test reads keep their values through the loop: none of them is bound
    inside the loop, nor in the function holding the test (but as its parameter). `within`:
    through one iteration only, where the loop's own variable counts as kept. `enclosing`:
    the variables of the loops around the loop count as kept (`epoch` through a batch loop)."""
    names = {n.id for n in ast_walk(test) if isinstance(n, ast.Name)}
    if not names:
        return False
    function = model.source.owner_of(test)
    while function is not None and not isinstance(function, FUNCTIONS):
        function = model.source.owner_of(function)
    scopes = [loop.node] + ([function] if function is not None else [])
    # the loop's own variable keeps its value through an iteration (`for phase in ...`)
    header = {id(n) for n in ast_walk(loop.node.target)} if within and isinstance(loop.node, FOR_LOOPS) else set()
    if enclosing:
        outer = model.source.owner_of(loop.node)  # type: ignore[arg-type]
        while isinstance(outer, ast.stmt) and outer is not function:
            if isinstance(outer, FOR_LOOPS):
                header |= {id(n) for n in ast_walk(outer.target)}
            outer = model.source.owner_of(outer)
    for scope in scopes:
        for node in ast_walk(scope):
            if isinstance(node, ast.Name) and node.id in names and not isinstance(node.ctx, ast.Load) and id(node) not in header:
                return False
    return True


_SELF_ATTRIBUTE = lazily(r"\bself\.(\w+)\.")


def _unaliased(text: str, model: ModuleModel) -> str:
    """`args.lr_decay` for `self.args.lr_decay` when the class stores `self.args = args`."""
    if "self." not in text:
        return text

    def plain(match: re.Match[str]) -> str:
        name = match.group(1)
        stored = f"self.{name} = {name}"
        return f"{name}." if stored in model.source.text else match.group(0)

    return _SELF_ATTRIBUTE.sub(plain, text)


def _built_under(key: str, test: ast.expr, model: ModuleModel) -> bool:
    """The scheduler is built only under this very test (`if cfg.lr_decay: scheduler = ...`):
    stepping it under the test is stepping it whenever it exists."""
    text = _unaliased(model.source.code(test), model)
    built = False
    for node in model.source.nodes:
        if isinstance(node, ast.Assign) and any(model.source.key(t) == key for t in node.targets):
            owner = model.source.owner_of(node)
            if not (
                isinstance(owner, ast.If)
                and any(s is node for s in owner.body)
                and _unaliased(model.source.code(owner.test), model) == text
            ):
                if not (isinstance(node.value, ast.Constant) and node.value.value is None):
                    return False  # built elsewhere too (`scheduler = None` in the `else` is no scheduler)
            else:
                built = True
    return built


# what a handler must not do besides stepping the scheduler (its place then matters otherwise)
_TOUCHES_GRADIENTS = lazily(r"zero_grad|\.grad\b|backward|clip_grad|(?<!\w)optimizer\b|\.step\(\w")


def _one_step_each_call(model: ModuleModel, process: ast.AST) -> tuple[TrainingLoop, list[GradEvent], str] | None:
    """The step-function reading of `process` (a framework's `training_step`, an Ignite process
    function) when it steps one optimizer, each step a statement of its own top level (no
    engine, branch or helper between): (loop, its step events, the optimizer's key)."""
    loop = next((lp for lp in model.loops if lp.is_step_function and lp.node is process), None)
    if loop is None:
        return None
    steps = [e for e in loop.events if e.kind is EventKind.STEP]
    stepped = {e.target for e in steps if e.target}
    if len(stepped) != 1 or any(e.engine or e.branches or e.via or not any(e.path[-1] is stmt for stmt in process.body) for e in steps):  # type: ignore[attr-defined]
        return None
    return loop, steps, next(iter(stepped))


def _is_docstring(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)


def _torch_scheduler_attribute(node: ast.expr, model: ModuleModel) -> bool:
    """`self.decay` where every value the file binds to `self.decay` is a torch lr_scheduler
    constructor (`torch.optim.lr_scheduler.ExponentialLR(opt, 0.9)`)."""
    key = dotted(node)
    if key is None or not key.startswith("self.") or key.count(".") != 1:
        return False
    values = assigned_values(model, key)
    qualify = model.facts.imports.qualify
    return bool(values) and all(
        isinstance(v, ast.Call) and (qualify(call_name(v)) or "").startswith("torch.optim.lr_scheduler.") for v in values
    )


def _lr_schedulers_call(node: ast.AST | None) -> bool:
    """`self.lr_schedulers()`: a LightningModule's one scheduler (a list when there are several,
    which has no `step`)."""
    return (
        isinstance(node, ast.Call) and not node.args and not node.keywords
        and isinstance(node.func, ast.Attribute) and node.func.attr == "lr_schedulers" and dotted(node.func.value) == "self"
    )


def _bound_once(name: str, function: ast.AST) -> bool:
    return sum(
        1 for n in ast_walk(function)
        if isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load)
    ) == 1  # fmt: skip


_HOOK_HEADER = lazily(r"def on_train_batch_start\(\s*self\s*,\s*(\w+)\s*,\s*(\w+)\s*,?\s*\)")


def _simple_header(source: Source, hook: ast.AST) -> tuple[int, int, str, str] | None:
    """`def on_train_batch_start(self, batch, batch_idx)` with plain parameters (no default,
    annotation or more): its text span and the two parameter names."""
    args = hook.args  # type: ignore[attr-defined]
    if args.vararg or args.kwarg or args.kwonlyargs or args.defaults or getattr(args, "posonlyargs", None) or hook.returns:  # type: ignore[attr-defined]
        return None
    if len(args.args) != 3 or any(a.annotation for a in args.args) or "outputs" in (a.arg for a in args.args):
        return None
    start = source.start(hook)
    match = _HOOK_HEADER.match(source.text, start)
    if match is None:
        return None
    return match.start(), match.end(), match.group(1), match.group(2)


def _scheduled_table(built: ast.Call, model: ModuleModel) -> str | None:
    """The dict of optimizers a dict of schedulers builds each one over: `{p: StepLR(optimizers[p],
    ...) for p in ...}` -> `optimizers` (the comprehension's key and the subscript one name, the
    optimizer its first argument or `optimizer=`); `{p: StepLR(o, ...) for p, o in
    optimizers.items()}` (the key the items' key, the optimizer their value); and the same two
    written as the `for` filling `S = {}` right after it (`for p in ...: S[p] = StepLR(optimizers[p])`,
    `for p, o in optimizers.items(): S[p] = StepLR(o)`, read by hooksteps' `_filled_by_a_for`)."""
    from gradfix.analysis.hooksteps import comprehension_of, filling_for

    comp = comprehension_of(built, model)
    if comp is not None:
        if len(comp.generators) != 1:
            return None
        target, over, key = comp.generators[0].target, comp.generators[0].iter, comp.key
    else:
        loop = filling_for(built, model)
        if loop is None:
            return None
        target, over, key = loop.target, loop.iter, loop.body[0].targets[0].slice  # type: ignore[attr-defined]
    first = built.args[0] if built.args else next((k.value for k in built.keywords if k.arg == "optimizer"), None)
    if isinstance(target, ast.Name):
        if not isinstance(key, ast.Name) or key.id != target.id:
            return None
        if isinstance(first, ast.Subscript) and isinstance(first.value, ast.Name) and isinstance(first.slice, ast.Name) and first.slice.id == target.id:
            return first.value.id
        return None
    # `for p, o in optimizers.items()`: the key the items' key, the scheduler built over their value
    if not (
        isinstance(target, ast.Tuple) and len(target.elts) == 2 and all(isinstance(e, ast.Name) for e in target.elts)
        and isinstance(over, ast.Call) and not over.args and not over.keywords
        and isinstance(over.func, ast.Attribute) and over.func.attr == "items" and isinstance(over.func.value, ast.Name)
    ):
        return None
    name, value = target.elts[0].id, target.elts[1].id  # type: ignore[attr-defined]
    if name == value or not isinstance(key, ast.Name) or key.id != name:
        return None
    if isinstance(first, ast.Name) and first.id == value:
        return over.func.value.id
    return None
