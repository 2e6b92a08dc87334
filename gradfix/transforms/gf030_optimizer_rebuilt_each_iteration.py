from __future__ import annotations

from bisect import bisect_right
from itertools import chain

from gradfix import syntax as ast

from gradfix.analysis.assignments import assigned_values, assignments
from gradfix.analysis.facts import direct_call
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.names import call_name, dotted, method_name, positional, receiver
from gradfix.libraries.torch_extras import SCHEDULE_FREE_OPTIMIZERS, ZERO_REDUNDANCY_OPTIMIZERS
from gradfix.patterns import lazily
from gradfix.source import FUNCTIONS, LOOPS, blocks_of
from gradfix.transforms._rebuilt import (
    of_the_instance,
    attributes_set_outside_init,
    held_in_a_handed_object,
    as_written,
    member_key,
    quotings,
    EVERY_TIME,
    call_parameters,
    rebound_declared,
    repeated_before,
    called_closure,
    called_function,
    called_method,
    expression_loop,
    expression_calls,
    called_class_method,
    staying_arms,
    chosen_arms,
    called_on_instance,
    calls_one_of,
    ends_early,
    every_iteration,
    its_test,
    lines_saying,
    loop_around,
    loops,
    messages,
    move_before,
    run_per_iteration,
    reads_what_the_loop_changes,
    same_on_every_call,
    stepped_in,
    with_partial_aliases,
)
from gradfix.transforms._factory import built_through_factories, factories, same_for_loop
from gradfix.transforms.apply import statement_lines
from gradfix.transforms.base import Finding, Fix, InsertStatements, RemoveStatement, Rule, Safety
from gradfix.walk import ast_walk

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator

# torch's optimizers that keep a state from step to step (moments, running averages, step sizes,
# a step count), which a new instance starts empty. `SGD` keeps one only with momentum; `LBFGS`
# is left out: a new one per outer step is a restart some code wants
_STATEFUL = frozenset({
    "Adam", "AdamW", "Adamax", "NAdam", "RAdam", "SparseAdam", "Adagrad", "Adadelta", "RMSprop", "Rprop",
    "ASGD", "Adafactor",
})  # fmt: skip
# timm's optimizer factory, and the names its `opt=` string takes (timm 1.0.31) for optimizers
# that keep moments, running averages or step sizes (each checked to build one that does)
_TIMM_FACTORIES = frozenset({"timm.optim.create_optimizer_v2", "timm.optim._optim_factory.create_optimizer_v2"})
_TIMM_STATEFUL = frozenset({
    "adam", "adamw", "adamax", "nadam", "radam", "adagrad", "adadelta", "rmsprop", "lamb", "lion",
    "adabelief", "adafactor",
})  # fmt: skip
# schedulers that may be built on the rebuilt optimizer in the same loop, and move with it
_SCHEDULER_MODULES = ("torch.optim.lr_scheduler",)


class OptimizerRebuiltEachIteration(Rule):
    """
    An optimizer built again on every iteration of the loop that steps it.

    ## What it does
    Finds one of torch's optimizers that keeps a state from step to step (`Adam`, `AdamW`,
    `RMSprop`, `Adagrad`, `Adadelta`, `Adamax`, `NAdam`, `RAdam`, `Rprop`, `ASGD`,
    `SparseAdam`, `Adafactor`, and `SGD` with a momentum written as a number other than 0;
    also schedule-free's `SGDScheduleFree`, `AdamWScheduleFree`, `RAdamScheduleFree`, whose `z`
    sequence and averaging weights start again; also torch's `ZeroRedundancyOptimizer` whose
    `optimizer_class=` is one of those, a new instance building a new local optimizer; also
    timm's factory `create_optimizer_v2(model, "adamw", ...)` whose `opt` is a literal naming one
    that keeps a state: `adam`, `adamw`, `adamax`, `nadam`, `radam`, `adagrad`, `adadelta`,
    `rmsprop`, `lamb`, `lion`, `adabelief`, `adafactor`, and its default `sgd` (also `momentum`,
    `nesterov`: momentum 0.9) unless `momentum=` is given as anything but a number other than 0;
    also `getattr(torch.optim, name)(...)` with `name` a literal, a name bound once to one, or a
    parameter of a module function every call of which in the module hands a literal, one of
    them naming such a class)
    built by a statement of a loop's body that runs on every iteration (not under an `if`;
    also in a `with` or `try` block), while the same loop's body steps it (`optimizer.step()`,
    without a closure, or `scaler.step(optimizer)` through a GradScaler named `...scaler`; not in a loop of
    its own): a `for` or a `while` loop, `optimizer` or `self.optimizer`. In a `while` loop run
    as a state machine (its body one `if phase == "begin": ... elif phase == "batch": ...` chain on
    one name), also a statement of an arm that changes the state only under an `if` of its own
    (the batch arm: it runs on every iteration spent in its state; no fix); not one of an arm that
    sets the next state in its own block (once per entry: a new optimizer per epoch). A method
    call on a name bound to an entry of a module dict of instances (`phase = PHASES[name]` ...
    `phase.batch(ctx, x, y)`, read as an `if phase is PHASES__0: PHASES__0.batch(...) elif ...`
    chain) is read arm by arm when the loop never binds the name: the chosen entry's method
    runs on every iteration.
    Also a function of the module (or the closure a factory of the module returns, bound
    outside any loop or branch) that a statement of a loop's body calls by its name on
    every iteration (`for x, y in loader: train_step(model, x, y)`; also a call the statement makes
    whenever it runs, `losses.append(train_step(model, x, y))`, `total += train_step(...)`, not
    in a later operand of `and`/`or` or an arm of `a if t else b`; also through `step =
    functools.partial(train_step, model, opt)`, a name bound once and only to that partial,
    called as `step(x, y)` (or to `torch.compile(train_step, ...)`, which calls it with the
    arguments it is given), or handed straight to a helper the module names only in that
    call, `fit(functools.partial(train_step, model, opt), loader)`, whose loop calls its
    parameter, or a closure a function of the module hands back as its last statement in a tuple, `model, step = main()`, called by a loop under the main guard, or in a dict or a `types.SimpleNamespace`, `steps["update"](x, y)` / `ns.step(x, y)`, when the loop's scope binds the holder once and only reads it by key), or a method of the loop's class called on `self`, or of the class
    of an object the loop calls it on (`learner.fit_batch(x, y)` after `learner =
    Learner(net)`, or the `__call__` that class defines itself, run as `step(x, y)` after `step =
    TrainStep(net)`, a class with no base but `object`, the name bound by plain assignments only; not a decorated method but a static one on `self`, which may also be the class's `__call__` run by `self(x)` or a static method by the class's name, `Trainer.step(...)`, or a `@classmethod` by the class's name, `Recipe.step(i, x, y)` (its `cls.` attributes read as the same from call to call unless the loop, the method or a function either calls by name binds them), or the method a `__call__` only forwards to, `return Trainer.train_step(self.model, x)`; none that a subclass of the file may
    override, but the one override, in a class of the file deriving from it, of a method the
    loop's class writes as a stub (`raise NotImplementedError`, `pass`) or lacks, when the
    module never builds the loop's class itself: `self.training_step(batch)` in a
    `BaseTrainer.fit()`), that builds such an optimizer into a name of its own (or an attribute
    of the instance, `self.optimizer`, or of an object the instance holds that the function does
    not bind, `self.state.optimizer`, or a parameter it rebinds before reading it, `opt =
    torch.optim.RMSprop(...)` as the function's first use of its `opt`, or a member of an object
    handed to every call by one name the loop never rebinds, `ctx.opt` or `env["opt"]`) on every
    call and steps it once per call, from what stays the same from call to call.
    Such a function may also be one epoch (reported without a fix, naming the epoch): it builds
    the optimizer in a statement of its body and steps it only in loops that are later statements
    of its body (`for`, or a `while` of any form; a member of an object handed in, `st.opt`, also
    through a plain function of the module each such loop hands that object to on every
    iteration, `run_batch(st, epoch, i, x, y)` stepping `st.opt`, which binds neither; the
    epoch's number handed on whole to such a call is a count, not data), each reading nothing a parameter handed per
    call changes, no attribute of `self` bound outside `__init__`, no global the calling loop
    binds and nothing the function draws itself per call (`task = sample_task()`, a name bound
    to a call of a function of the module), called by an epoch loop (over a `range`, or a
    `while`) that hands it no call's result (`fit(Net(), data)`, a new model) on an instance it
    does not build again: `for epoch in range(3): losses += trainer.train_epoch(lr)` restarts
    Adam's state every epoch. A loop handing it a new fold, task or model is a new run.
    A loop may also be written as an expression calling such a function on each item: a list,
    set or dict comprehension with one generator and no condition whose element is the call
    (`losses = [train_step(x, y) for x, y in loader]`), such a generator handed alone to a call
    that runs it to its end (`sum(train_step(b) for b in batches)`, also `list`, `tuple`, `set`,
    `sorted`, `min`, `max`), or `map(train_step, ...)` so handed (`list(map(train_step,
    itertools.count(), loader))`); not one in an arm of `a if t else b` or a later operand of
    `and`/`or`.
    Also a statement the loop runs on every iteration (as for a construction: not under an
    `if`; also in a `with` or `try` block) binding a name or an attribute the same loop's body
    steps to a call of a factory, a function of the module called by its name, a method of the
    loop's class called on `self` or a method of the class of an object the loop calls it on
    (`builder.create()` after `builder = Builder(net)`), whose whole body hands back a new such
    optimizer, `return torch.optim.Adam(model.parameters(), lr=lr)` or a local bound to it
    then returned (`opt = make_opt(model, lr)`, `self.opt = self.make_opt()`), from what stays
    the same from call to call (the call's arguments, the attributes of `self` only `__init__`
    binds, the module's names the loop does not change). Not a factory with any other
    statement (a cache, `if self._opt is None: ...`, branches, a side effect), a decorator, nor
    when the loop binds the name otherwise too.
    Also a construction that a statement of the loop's body itself makes on
    every iteration whose only argument that changes from iteration to iteration is the
    learning rate (`lr=`, or the second positional argument), computed from the loop's counter
    (`lr = cfg.lr * 0.5 ** (epoch // 10)` bound once in the body before it, `lr=lr_at(epoch)`:
    an arithmetic expression or a call reading the variable of `for epoch in range(...)`, the
    index of an `enumerate`, or a name or attribute the body adds to, `epoch += 1`), stepped by
    the loop's body or by the batch loop inside it: a learning-rate schedule written by hand,
    which throws the optimizer's state away at every epoch. Also a rate the loop only scales,
    `lr *= 0.98` (or `lr = lr * 0.98`) after the epoch (under an `if` too), bound nowhere else in it; a rate bound in
    steps before the construction, `lr = base` then `if epoch >= 10: lr *= 0.1` (plain
    assignments and scalings of the body or of its `if`s, reading nothing else the loop binds,
    the counter read by one of them or by the test of an `if` holding one; no fix); and an optimizer
    the loop's body hands, by a positional or keyword argument, to a function of the module called by its
    name, or to a method of the loop's own class called on `self`, that steps that parameter in a loop of its own and never binds it (`train(loader,
    model, optimizer, epoch)`, `self.train_one_epoch(optimizer)`: an epoch function). Not when the rate is the loop's
    variable or an item or attribute of one (`for lr in lrs`, `lrs[i]`, `stage.lr`: a search
    over settings, a list of stages), when any other argument reads what the loop changes (the
    parameters, `model.stage(i).parameters()`: a new stage; the weight decay, the betas), when
    the loop changes which parameters it collects or loads a state or initialises weights
    again, nor under an `if` (a restart at one epoch). The same through a factory (as above,
    called by a statement of the loop's body itself) that hands one of its parameters straight
    to the construction's rate and reads it nowhere else, the call handing that parameter such a
    rate (`optimizer = make_optimizer(model, cosine(epoch, epochs, base))`) and nothing else that
    changes (`make_optimizer(model.stage(i).parameters(), ...)`, a weight decay of the epoch too:
    not reported; through a factory, no fix).
    Also an optimizer built at each epoch's start (no scheduler or wrapper built on it there)
    whose batch loop steps it through a plain function of the module it hands the optimizer
    to on every batch (`train_step(model, criterion, opt, x, y)`, also by keyword), a function
    that steps that parameter in its own body outside any loop, never binds it and never
    returns it; and an optimizer a factory of the module hands back at each epoch's start
    (`opt = make_opt(model, lr)`) that the batch loop steps: both fixed by building it once,
    before the epoch loop. So is one the batch loop (or a comprehension of the epoch's) steps
    through a closure of the loop's own function that steps it as a free name (`update(x, y)`
    with `def update(x, y): ... opt.step()`); a coroutine function counts where the call is
    awaited (`await update(x, y)`, run by `asyncio.run`), the only place its body runs.

    ## Why is this bad?
    An optimizer's state is what makes it more than plain gradient descent: SGD's momentum
    buffers, Adam's running averages of the gradient and of its square and its step count,
    RMSprop's and Adagrad's averages of squared gradients. A new optimizer starts with all of
    it empty. Built before every step, momentum never builds up, and Adam's first step,
    bias-corrected at `t = 1`, moves each weight by about `lr * sign(grad)` on every
    iteration, whatever the gradient's size: training runs, slowly or noisily, and nothing
    warns.

    ## Example
    ```python
    for x, y in loader:
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
    ```

    ## Use instead
    ```python
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
    ```

    ## Fix safety
    The fix moves the statement that builds the optimizer (with the comments above it) to
    just before the loop; built in the batch loop of an epoch loop (a statement that loop
    runs on every iteration), it goes before the outermost such loop that changes nothing
    the construction reads (moved only before the batch loop it would still start over on
    every epoch). A scheduler built on it in the same loop's body, right after it
    (`scheduler = StepLR(optimizer, step_size=30)`, reading nothing else the loop changes),
    moves with it, in order, when the loop has no loop around it; with one, or with anything
    else built on the optimizer in the loop, the finding has no fix (which loop the schedule
    was meant to span is not ours to say). It is safe: every name the construction reads is
    bound before the loop and not changed in it, so it builds the same optimizer once, and
    the loop keeps its state. No fix when the loops sit in a function that a loop of the
    module runs on every iteration (`ns = one_pass(ns, batches)` per epoch, a method a loop of
    its class calls on `self`): moved there, the optimizer would still be built once per call.
    When the name is also bound before the loops by the same
    construction written the same way, as a statement of the block holding them, and nothing
    between the two names the optimizer or what the construction reads (but modules), the
    fix deletes the one in the loop: what moving it would write is already there. No fix
    when the construction sits in a `with` or `try` block,
    when the name is bound elsewhere in the function otherwise (or the attribute elsewhere in the
    class), when the loop reads it before the construction, or when the loop writes the
    parameter groups itself (`param_groups`, `add_param_group`: with one optimizer a
    relative change would compound). An optimizer built in a function the loop calls is
    reported without a fix: building it once means handing it in, a change of the function's
    signature and of its callers. A call of a factory (`opt = make_opt(model, lr)`) moves
    the same way as a construction, before the outermost loop that changes nothing the call
    or the factory reads; no fix when it sits in a `with` or `try` block.
    A construction rebuilt only for a new learning rate moves to just before its loop, its rate
    written as the first iteration's (the counter replaced by its first value: the start of the
    `range`, 0 for an `enumerate`, the value before the loop of a name the loop adds to after
    the construction; a rate the loop only scales read as bound before the loop), and where it
    stood the loop writes the rate into the one optimizer, `for group in
    optimizer.param_groups: group["lr"] = lr`. Whatever rate it is built with, that line sets
    the rate of every group before anything reads the optimizer in the iteration, so every step
    runs at the rate the rebuild gave it, with the other settings (the same on every iteration)
    and now the kept state: the hand fix. Unsafe when the first rate calls a function (but
    `min`, `max`, `abs`, `float`, `int`, `round`, `pow`, `math.`: it runs once more, before the
    loop) or divides by a counter whose first value is not a positive number (`0.01 / epoch`
    from 0). No fix for `Rprop` (it reads the rate only for its first step sizes), when the loop
    steps it on every iteration and has a loop around it (a warmup per batch of an epoch: which
    loop the state should span is not ours to say), when the rate reads anything else the loop
    binds, is bound in steps or spans lines, or on the conditions above (a function a loop calls per iteration, a
    scheduler built on it, `param_groups` written by the loop).

    Not reported when the optimizer is built once (before the loop, under an `if`: `if
    optimizer is None:`, the first iteration, `if epoch == unfreeze_at:` when parameters
    change), when the construction reads anything the loop changes (a new model built in the
    iteration, the loop's variable: `lr=lrs[i]`, a search over settings; but for a rate computed
    from the loop's counter, above), when the loop sets a
    part of a model whose parameters it collects (`model.fc = nn.Linear(...)`), when it keeps
    the parameters that require gradients and the loop says anything of freezing
    (`requires_grad`, `freeze`, `trainable`: the trainable set chosen as it goes), when the loop loads
    a state or initialises weights again (`load_state_dict`, `reset_parameters`: a new run; not
    a DQN's target network synced, `target.load_state_dict(qnet.state_dict())` beside
    `Adam(qnet.parameters())`, the trained network's weights copied into one it does not train),
    when the optimizer is stepped only in a loop
    of its own inside the loop (a new optimizer per task, fold or run whose inner loop takes
    many steps: continual learning, k-fold, meta-learning; but a loop over epochs, `for epoch
    in range(...)` or a `while` loop, is told apart: its body steps the optimizer only in batch
    loops that are statements of it, one loop deep (`for`, or a `while` whose test is read as
    the iterable: `while i < len(batches)`), each going over data the outer loop does
    not choose, its iterable (but a `range`'s start, where a resumed epoch begins) reading
    nothing the outer loop binds nor its counter (a progress bar the outer loop binds once
    before it over such data counts as that data, `bar = tqdm(loader, desc=f"epoch {epoch}")`:
    its keywords only label the bar; so does a name it binds before it to `iter`, `list`, `tuple`
    or `enumerate` of such data, `it = iter(loader)` for `next(it)` in `for i in
    itertools.count()`), its body nothing the outer loop binds but the
    counter, and that not as an index, `folds[k]`; a per-fold or per-task loop hands its inner
    loop new data, an epoch loop the same data every time: reported, with the fix above; not when anything else is built on it in the loop, a scheduler restarted with it), for `SGD` without momentum (it keeps no state:
    rebuilt, it steps the same) or with a momentum not written as a number, for `LBFGS`, nor
    in a loop whose body ends in a `break` or `return` of its own (one iteration). In a
    function the loop calls, not reported when the construction reads what the function
    binds (a new model per call), a parameter the call leaves to its default or hands
    something the loop changes, an attribute of `self` something but the class's `__init__`
    binds, nor when it reads a name some function of the module declares `global` or
    `nonlocal` and binds (a function declaring names is read; such a finding has no fix). A
    construction in the one arm of a `match` whose other arms only `continue` runs on every
    iteration that trains (reported without a fix). A function handed to Ignite's
    `Engine(...)` is called once per batch: an optimizer it builds into a local name from
    none of its parameters (the engine, the batch) and nothing it binds before is reported
    the same (no fix); so is one a LightningModule's `training_step` builds under manual
    optimization (`self.automatic_optimization = False`; Lightning calls it once per batch),
    reading `self` only as `self.parameters()`.
    """

    code = "GF030"
    name = "optimizer-rebuilt-each-iteration"
    message, called_message = messages(
        "steps it",
        "each new optimizer starts with an empty state (no momentum, no running averages, a step count of "
        "zero), so every step is a first step and what the optimizer learns of the gradients is thrown away",
    )
    epoch_message = (
        "`{target}` is built again on every call of `{function}`, which the loop at line {line} calls on every"
        " iteration, and steps it in its own batch loop over the same data on every call (one epoch per call):"
        " each new optimizer starts with an empty state (no momentum, no running averages, a step count of zero),"
        " so the state restarts at every epoch; build it once before the loop and hand it in"
    )

    framework_message = (
        "`{target}` is built again on every call of `{function}`, which the framework it is handed to (`{framework}`) "
        "calls once per batch: each new optimizer starts with an empty state (no momentum, no running averages, a "
        "step count of zero), so every step is a first step; build it once outside the function"
    )
    lightning_message = (
        "`{target}` is built again on every call of `training_step`, which Lightning calls once per batch under manual"
        " optimization: each new optimizer starts with an empty state (no momentum, no running averages, a step count"
        " of zero), so every step is a first step; return it from `configure_optimizers` and take it from"
        " `self.optimizers()`"
    )
    safety = Safety.SAFE

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        if b"return" in model.source.data and b".step(" in model.source.data:
            yield from self._through_factories(model)
        words = _constructor_words(model)
        if not words:
            return  # (the module builds none of torch's optimizers that keep a state)
        source = model.source
        lines = lines_saying(source.data, words)
        if not lines:
            return
        holding, built_in_functions = _places(source.tree.body, lines)
        builders, epoch_functions, epoch_loops = _builders(built_in_functions, model)
        called_words = tuple(word.decode() for word in words)
        reported: set[int] = set()
        if builders and ("Engine(" in source.text or ("training_step" in builders and "automatic_optimization" in source.text)):
            # `Engine(update)`: Ignite calls the process function once per batch; Lightning a
            # LightningModule's `training_step` under manual optimization
            for built, target, function in _rebuilt_per_framework_call(builders, model):
                reported.add(id(built))
                template = self.lightning_message if function == "training_step" else self.framework_message
                yield Finding(self.code, template.format(target=target, function=function, framework="Engine"), built)
        for loop, called in expression_calls(model, builders, called_words, named=True):
            # `losses = [train_step(x, y) for x, y in loader]`: what the call the expression makes per item runs
            for built, target, epoch in _rebuilt_per_call(called, loop, model):
                if id(built) not in reported:
                    reported.add(id(built))
                    yield Finding(self.code, (self.epoch_message if epoch else self.called_message).format(target=target, function=called[0].name, line=loop.lineno), built)  # type: ignore[index]
        # only the loops holding a construction are walked, unless a function of the module
        # builds one and steps it on every call (rare): then every loop, for its calls; and the
        # epoch loops whose text calls a function that is one epoch (`_builders`)
        walked = loops(source.tree.body) if builders else holding
        if epoch_loops and not builders:
            seen = {id(loop) for loop in holding}
            walked = [*holding, *(loop for loop in epoch_loops if id(loop) not in seen)]
        callers = builders | epoch_functions
        for loop in walked:
            held = [line for line in lines if loop.lineno <= line <= loop.end_lineno]  # type: ignore[attr-defined]
            if not callers and not held:
                continue  # (builds no optimizer and calls no function that does)
            if ends_early(loop):
                continue  # one iteration at most
            restores = None
            for stmt, direct in chain(its_test(loop, False), every_iteration(loop.body), *(every_iteration(arm, False) for arm in [*staying_arms(loop), *chosen_arms(loop, model)])):  # type: ignore[attr-defined]
                if callers and calls_one_of(stmt, callers):
                    called = called_function(stmt, model, called_words) or called_method(stmt, loop, model, called_words) or called_on_instance(stmt, model, called_words) or called_class_method(stmt, model, called_words)
                    if called is not None:
                        for built, target, epoch in _rebuilt_per_call(called, loop, model):
                            if id(built) not in reported:
                                reported.add(id(built))
                                message = (self.epoch_message if epoch else self.called_message).format(target=target, function=called[0].name, line=loop.lineno)  # type: ignore[attr-defined]
                                yield Finding(self.code, message, built)
                if not any(stmt.lineno <= line <= stmt.end_lineno for line in held):  # type: ignore[operator]
                    continue  # (says no optimizer's name)
                target = _built_optimizer(stmt, model)
                if target is None:
                    continue
                every_step = stepped_in(loop, target)
                changes = reads_what_the_loop_changes(stmt.value, loop, own=True)  # type: ignore[union-attr, arg-type]
                if not every_step and not changes and direct and _an_epoch_loop(loop, target, model) and _attached(stmt, target, loop, loop, model) == []:  # type: ignore[arg-type]
                    every_step = True  # (a new optimizer per epoch: the batch loop goes over the same data)
                if not every_step or changes:
                    # (stepped in a loop of its own: a new optimizer per task or fold; reading
                    # what the loop changes: a new model, a setting of the loop; but one whose
                    # only change is a rate computed from the loop's counter is a schedule)
                    if direct and _a_rate(stmt.value) is not None and (every_step or stepped_in(loop, target, 1) or _stepped_by_a_function_handed_it(loop, target, model)) and _only_the_rate_changes(stmt, target, loop, model):  # type: ignore[arg-type, union-attr]
                        reported.add(id(stmt.value))  # type: ignore[union-attr]
                        fix = _rate_fix(stmt, target, loop, model, every_step)  # type: ignore[arg-type]
                        yield Finding(self.code, self.rate_message.format(target=target), stmt.value, fix=fix)  # type: ignore[union-attr]
                    continue
                if _parameters_may_change(stmt.value, target, loop, model):  # type: ignore[union-attr, arg-type]
                    continue  # (a new part of the model whose parameters it collects: rebuilt on purpose)
                if restores is None:
                    restores = _restores(source.segment(loop))
                if restores and not _only_syncs_another(loop, stmt.value, source):  # type: ignore[union-attr, arg-type]
                    continue  # (a state loaded in the loop, weights initialised again: a new run)
                reported.add(id(stmt.value))  # type: ignore[union-attr]
                fix = _fix(stmt, target, loop, model) if direct else None  # type: ignore[arg-type]
                yield Finding(self.code, self.message.format(target=target), stmt.value, fix=fix)  # type: ignore[union-attr]

    rate_message = (
        "`{target}` is built again on every iteration of the loop that steps it only to give it a new learning"
        " rate (computed from the loop's counter, or decayed by the loop): each new optimizer starts with an empty state (no momentum, no"
        " running averages, a step count of zero), so the state restarts at every change of the rate; build it"
        " once before the loop and set the new rate in `{target}.param_groups` instead (`for group in"
        " {target}.param_groups: group[\"lr\"] = lr`)"
    )

    rate_factory_message = (
        "`{target}` is built again by `{function}` on every iteration of the loop that steps it only to give it a"
        " new learning rate, computed from the loop's counter: each new optimizer starts with an empty state (no"
        " momentum, no running averages, a step count of zero), so the state restarts at every change of the rate;"
        " build it once before the loop and set the new rate in `{target}.param_groups` instead"
    )

    factory_message = (
        "`{target}` is built again on every iteration of the loop that steps it, by `{function}`, which hands back a"
        " new optimizer on every call: each new optimizer starts with an empty state (no momentum, no running"
        " averages, a step count of zero), so every step is a first step; build it once before the loop"
    )

    def _through_factories(self, model: ModuleModel) -> Iterator[Finding]:
        """`opt = make_opt(model, lr)` on every iteration of the loop that steps `opt`, the
        factory handing back a new such optimizer on every call (`_factory`)."""
        made = factories(model, lambda call: _keeps_state(call, model))
        source = model.source
        # (stepped on every iteration, or an epoch loop whose batch loops step it, themselves or
        # through a function handed it: `opt = make_opt(model, lr)` at each epoch's start)
        used = lambda loop, target: stepped_in(loop, target) or _an_epoch_loop(loop, target, model)  # noqa: E731
        for loop, stmt, target, function, construction, direct in built_through_factories(model, made, used):
            if _parameters_may_change(stmt.value, target, loop, model) or _parameters_may_change(construction, target, loop, model):
                continue  # (the loop, or the factory, changes which parameters it collects)
            if not stepped_in(loop, target) and (not direct or _attached(stmt, target, loop, loop, model) != []):
                continue  # (a scheduler or a wrapper built on it in the epoch loop)
            if _restores(source.segment(loop)) or _restores(source.segment(function)):
                continue  # (a state loaded in the loop: a new run)
            fix = None
            if direct and same_for_loop(construction, function, stmt, _outermost_loop(stmt, target, loop, model), model):
                fix = _fix(stmt, target, loop, model)
            message = self.factory_message.format(target=target, function=function.name)
            yield Finding(self.code, message, stmt.value, fix=fix)
        for stmt, target, function in _rate_through_factories(model, made):
            yield Finding(self.code, self.rate_factory_message.format(target=target, function=function.name), stmt.value)


def _places(body: list[ast.stmt], lines: list[int]) -> tuple[list[ast.stmt], list[tuple[ast.AST, ast.stmt]]]:
    """Where the lines are, found by going down the statements holding each line (not a walk
    of the module): the loops holding one, and the statements holding one that a function runs
    on every call (in its body, or its `with` and `try` blocks), with that function."""
    loops_found: dict[int, ast.stmt] = {}
    in_functions: list[tuple[ast.AST, ast.stmt]] = []
    for line in lines:
        block: list[ast.stmt] | None = body
        function: ast.AST | None = None
        every_call = False
        while block:
            stmt = _holding(block, line)
            if stmt is None:
                break
            block = next((b for b in blocks_of(stmt) if b and b[0].lineno <= line <= b[-1].end_lineno), None)  # type: ignore[operator]
            if block is None:
                if function is not None and every_call:
                    in_functions.append((function, stmt))  # (the statement saying the name)
            elif isinstance(stmt, FUNCTIONS):
                function, every_call = stmt, True
            elif isinstance(stmt, LOOPS):
                loops_found.setdefault(id(stmt), stmt)
                every_call = False
            elif not isinstance(stmt, EVERY_TIME):
                every_call = False
    return list(loops_found.values()), in_functions


def _holding(block: list[ast.stmt], line: int) -> ast.stmt | None:
    """The statement of `block` holding `line` (a search by halves: blocks are in order)."""
    low, high = 0, len(block)
    while low < high:
        middle = (low + high) // 2
        if block[middle].lineno <= line:
            low = middle + 1
        else:
            high = middle
    found = block[low - 1] if low else None
    return found if found is not None and line <= found.end_lineno else None  # type: ignore[operator]


def _builders(built: list[tuple[ast.AST, ast.stmt]], model: ModuleModel) -> tuple[set[str], set[str], list[ast.stmt]]:
    """The names of the module's functions and methods that build such an optimizer by a
    statement they run on every call and step it outside their loops: the only calls of a
    loop that may build one on every call. Most functions that build one (`main`, `train`)
    step it in their own loop, and are not. Also the functions that are one epoch
    (`_an_epoch_function`) whose name the module's text calls in an epoch loop, with those
    loops: found from the text's calls of the name, never a walk of the module's loops."""
    names: set[str] = set()
    epoch_functions: set[str] = set()
    epoch_loops: dict[int, ast.stmt] = {}
    for function, stmt in built:
        name = function.name  # type: ignore[attr-defined]
        if name in names:
            continue
        target = _built_optimizer(stmt, model, items=True)
        if target is None:
            continue
        if _steps_outside_loops(function, target, model) and stepped_in(function, target):
            names.add(name)
            continue
        if stmt not in function.body:  # type: ignore[attr-defined]
            continue  # (built under an `if`, a `with`: not one epoch of a plain shape)
        found = _epoch_loops_calling(name, model)
        if found and _an_epoch_function(function, stmt, target, model):
            epoch_functions.add(name)  # (one epoch per call: `_one_epoch_per_call` judges the loop calling it)
            for loop in found:
                epoch_loops.setdefault(id(loop), loop)
    return with_partial_aliases(names, model), epoch_functions, list(epoch_loops.values())  # (`step = partial(train_step, model, opt)`, called as `step(x, y)`)


def _epoch_loops_calling(name: str, model: ModuleModel) -> list[ast.stmt]:
    """The epoch loops (over a `range`, or a `while`) whose own statements' text calls `name`
    (`name(` or `.name(`, not the end of a longer name), each the innermost loop holding such a
    call outside any function or class of its own: found by going down the statements holding
    each call's line, not a walk of the module."""
    source = model.source
    text = source.text
    needle = name + "("
    found: dict[int, ast.stmt] = {}
    at = text.find(needle)
    while at != -1:
        before = text[at - 1] if at else " "
        if not (before.isalnum() or before == "_"):
            line = bisect_right(source.line_starts, at)
            block: list[ast.stmt] | None = source.tree.body
            loop: ast.stmt | None = None
            while block:
                stmt = _holding(block, line)
                if stmt is None:
                    break
                if isinstance(stmt, (*FUNCTIONS, ast.ClassDef)):
                    loop = None  # (a call in a function of its own is not the loop's)
                elif isinstance(stmt, LOOPS):
                    loop = stmt
                block = next((b for b in blocks_of(stmt) if b and b[0].lineno <= line <= b[-1].end_lineno), None)  # type: ignore[operator]
            if loop is not None and _over_epochs(loop):
                found.setdefault(id(loop), loop)
        at = text.find(needle, at + 1)
    return list(found.values())


def _over_epochs(loop: ast.AST) -> bool:
    """A `while` loop, or a `for` loop over `range(...)`: what an epoch loop is written as."""
    if loop.__class__ is ast.While:
        return True
    iterable = getattr(loop, "iter", None)
    return iterable.__class__ is ast.Call and iterable.func.__class__ is ast.Name and iterable.func.id == "range"  # type: ignore[union-attr]


def _an_epoch_function(function: ast.AST, stmt: ast.stmt, target: str, model: ModuleModel) -> bool:
    """The function builds the optimizer in a statement of its body and steps it only in loops
    that are later statements of its body, on each of their iterations: one epoch per call.
    Also a member of an object (`st.opt`) the function's text never steps, when such a loop
    hands the object to a function of the module that steps it (`_holder_stepped_by_a_call`)."""
    body: list[ast.stmt] = function.body  # type: ignore[attr-defined]
    at = next((i for i, s in enumerate(body) if s is stmt), None)
    if at is None:
        return False
    if not stepped_in(function, target, 1):
        if "." not in target or stepped_in(function, target) or stepped_in(function, target, 2):
            return False
        return any(isinstance(s, LOOPS) and _holder_stepped_by_a_call(s, target, model) for s in body[at + 1 :])
    if stepped_in(function, target) or stepped_in(function, target, 2):
        return False
    return any(isinstance(s, LOOPS) and stepped_in(s, target) for s in body[at + 1 :])


def _holder_stepped_by_a_call(loop: ast.AST, target: str, model: ModuleModel) -> bool:
    """`run_batch(st, epoch, i, x, y)`, a plain statement of the loop's body (not under an `if`
    or a loop of its own), hands the object holding the optimizer (`st` of `st.opt`) to a plain
    function of the module whose parameter for it steps that member in its own body outside any
    loop (`st.opt.step()`) and never binds the parameter or the member: stepped once per
    iteration, as if in the loop."""
    holder, _, member = target.partition(".")
    if not member or "." in member or not holder.isidentifier():
        return False
    functions = model.facts.module_functions
    for stmt in loop.body:  # type: ignore[attr-defined]
        if stmt.__class__ not in _PLAIN:
            continue
        for call in ast_walk(stmt):
            if call.__class__ is not ast.Call or call.func.__class__ is not ast.Name:  # type: ignore[attr-defined]
                continue
            info = functions.get(call.func.id)  # type: ignore[attr-defined]
            if info is None or info.class_name is not None or info.node.__class__ is not ast.FunctionDef or info.node.decorator_list:
                continue
            function = info.node
            if any(a.__class__ is ast.Starred for a in call.args):  # type: ignore[attr-defined]
                continue
            params = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
            names = [params[k] for k, arg in enumerate(call.args) if k < len(params) and arg.__class__ is ast.Name and arg.id == holder]  # type: ignore[attr-defined]
            names += [k.arg for k in call.keywords if k.arg in params and k.value.__class__ is ast.Name and k.value.id == holder]  # type: ignore[attr-defined]
            for name in names:
                inner = name + "." + member
                if any(
                    n.ctx.__class__ is not ast.Load and ((n.__class__ is ast.Name and n.id == name) or (n.__class__ is ast.Attribute and dotted(n) == inner))
                    for n in ast_walk(function) if n.__class__ is ast.Name or n.__class__ is ast.Attribute
                ):  # fmt: skip
                    continue  # (binds it: not the one it was handed)
                if stepped_in(function, inner):
                    return True
    return False


_PLAIN = frozenset({ast.Expr, ast.Assign, ast.AnnAssign, ast.AugAssign})


def _steps_outside_loops(function: ast.AST, target: str, model: ModuleModel) -> bool:
    """The function's text says `target.step(` on a line that no loop of the function holds
    (found by going down the statements holding each such line, not a walk of the function:
    `main()` builds its optimizer and steps it in its loop)."""
    source = model.source
    starts = source.line_starts
    end = starts[function.end_lineno] if function.end_lineno < len(starts) else len(source.text)  # type: ignore[attr-defined]
    for written in quotings(target):  # (`env['opt']` as well as `env["opt"]`)
        for needle in (written + ".step(", "scaler.step(" + written + ")"):  # (also through a GradScaler)
            if _stepped_outside_loops_at(function, needle, end, source):
                return True
    return False


def _stepped_outside_loops_at(function: ast.AST, needle: str, end: int, source) -> bool:  # type: ignore[no-untyped-def]
    starts = source.line_starts
    at = source.text.find(needle, starts[function.lineno - 1], end)  # type: ignore[attr-defined]
    while at != -1:
        line = bisect_right(starts, at)
        block: list[ast.stmt] | None = function.body  # type: ignore[attr-defined]
        while block:
            stmt = _holding(block, line)
            if stmt is None or isinstance(stmt, (*LOOPS, *FUNCTIONS, ast.ClassDef)):
                break
            block = next((b for b in blocks_of(stmt) if b and b[0].lineno <= line <= b[-1].end_lineno), None)  # type: ignore[operator]
        else:
            return True  # (went down to the statement without passing a loop)
        at = source.text.find(needle, at + 1, end)
    return False


_SCALER_STEP = lazily(rb"scaler\.step\([ \t]*([A-Za-z_][\w.]*)[ \t]*\)")


def _constructor_words(model: ModuleModel) -> tuple[bytes, ...]:
    """`Adam(`, `SGD(`: what the module's text says where it builds one of torch's optimizers
    that may keep a state and steps it (`optimizer.step()`), read from the objects and the
    steps the module's facts already hold."""
    facts = model.facts
    constructors: set[str] = set()
    stepped = facts.stepped
    data = model.source.data
    if b"scaler.step(" in data:  # (`scaler.step(optimizer)`: stepped through a GradScaler)
        stepped = stepped | {m.group(1).decode() for m in _SCALER_STEP.finditer(data)}
    # (what the module steps: a few names, not all its objects; and an optimizer the module
    # hands on as an argument, `run_epoch(model, opt=optimizer)`, which the callee may step)
    handed = stepped and {
        key
        for objects in (facts.objects, *facts.local_objects.values())
        for key, info in objects.items()
        if info.kind == "optimizer" and key not in stepped and key.isidentifier()
        and (f"={key})".encode() in data or f", {key})".encode() in data or f"({key})".encode() in data)
    }
    for key in stepped | handed if handed else stepped:
        for objects in (facts.objects, *facts.local_objects.values()):
            info = objects.get(key)
            constructor = info.constructor if info is not None and info.kind == "optimizer" else None
            if constructor in SCHEDULE_FREE_OPTIMIZERS or constructor in ZERO_REDUNDANCY_OPTIMIZERS:
                constructors.add(constructor)  # (`schedulefree.AdamWScheduleFree`: keeps a state; ZeRO: its local optimizer may)
            elif constructor and constructor.startswith("torch.optim."):
                last = constructor.rpartition(".")[2]
                if last in _STATEFUL or last == "SGD":
                    constructors.add(constructor)
                elif last == "Optimizer" and b"getattr(" in data:
                    constructors.add("getattr")  # `getattr(torch.optim, "AdamW")(...)`: its class by name
    if b"create_optimizer_v2" in data:  # timm's factory (`_timm_keeps_state`), under its own name or an alias
        if any(q == "timm" or q.startswith("timm.") for q in facts.imports.aliases.values()):
            constructors.add("timm.optim.create_optimizer_v2")  # (`timm.optim.create_optimizer_v2(` too)
    if not constructors:
        return ()
    names = {constructor.rpartition(".")[2] for constructor in constructors}
    names.update(alias for alias, qualified in facts.imports.aliases.items() if qualified in constructors)  # `AdamW as Opt`
    return tuple(f"{name}(".encode() for name in sorted(names))


def _restores(text: str) -> bool:
    """The loop (or the called function) loads a state or initialises weights again
    (`load_state_dict`, `reset_parameters`): each iteration is a new run."""
    return "load_state_dict" in text or "reset_parameters" in text


def _only_syncs_another(loop: ast.AST, construction: ast.Call, source) -> bool:  # type: ignore[no-untyped-def]
    """Every state the loop loads is the weights of a module the optimizer collects copied into
    one it does not (a DQN's `target.load_state_dict(qnet.state_dict())` beside `Adam(qnet.parameters())`,
    a target network synced): the trained model goes on, no new run. (Read only when the loop's
    text says `load_state_dict` and not `reset_parameters`.)"""
    if "reset_parameters" in source.segment(loop):
        return False
    built = source.segment(construction)
    words = set(built.replace(".", " ").replace("(", " ").replace(")", " ").replace(",", " ").split())
    found = False
    for node in ast_walk(loop):
        if not (isinstance(node, ast.Call) and method_name(node) == "load_state_dict"):
            continue
        into = receiver(node)
        arg = node.args[0] if len(node.args) == 1 and not node.keywords else None
        if into is None or not isinstance(into, ast.Name) or not isinstance(arg, ast.Call) or method_name(arg) != "state_dict" or arg.args or arg.keywords:
            return False
        source_module = receiver(arg)
        if not isinstance(source_module, ast.Name) or into.id in words or f"{source_module.id}.parameters()" not in built:
            return False
        found = True
    return found


def _an_epoch_loop(loop: ast.AST, target: str, model: ModuleModel | None = None) -> bool:
    """The loop is one over epochs, not over folds, tasks or runs: `for epoch in range(...)`
    or a `while` loop, whose body steps the optimizer only in batch loops that are statements of
    it, each going over data the outer loop does not choose: its iterable (but a `range`'s
    start, where a resumed epoch begins) and its body read nothing the outer loop binds outside
    it but its counters. A per-fold or per-task loop hands each inner loop new data (`for x, y
    in folds[k]`, a loader built in the iteration, the task of the loop's variable); an epoch
    loop the same data every time, so a new optimizer there restarts the same training. A batch
    loop may also step it through a function of the module it hands the optimizer to on every
    pass (`train_step(model, criterion, opt, x, y)`, `_handed_to_a_step`)."""
    if isinstance(loop, ast.For):
        if not (isinstance(loop.iter, ast.Call) and isinstance(loop.iter.func, ast.Name) and loop.iter.func.id == "range"):
            return False
    elif not isinstance(loop, ast.While):
        return False
    body: list[ast.stmt] = loop.body  # type: ignore[attr-defined]
    if any(getattr(s, "synthetic", False) for s in body):
        return False  # (a `while` state machine read as nested loops: its cycle is not ours to judge)
    inner = [s for s in body if isinstance(s, (ast.For, ast.While)) and (stepped_in(s, target) or (model is not None and _handed_to_a_step(s, target, model)))]
    if not inner and model is not None and "." not in target:
        # `seen = [on_batch(i, x, y) for i, (x, y) in enumerate(loader)]`: the loop the
        # expression stands for, its call a closure stepping the optimizer as a free name
        inner = _expression_batches(body, target, model)
    if not inner:
        return False
    counters = _counters(loop)
    for stmt in body:
        if isinstance(stmt, LOOPS) and not any(stmt is s for s in inner) and stepped_in(stmt, target, 1):
            return False  # (stepped deeper too)
    for batch in inner:
        own = _bound_in(batch)
        outer = set()
        for stmt in body:
            if stmt is not batch:
                outer |= _bound_in(stmt)
        if isinstance(loop, ast.For):
            outer |= _bound_in(loop.target)
        outer -= own | {target}
        outer -= _progress_bars(body, batch, outer | counters)
        outer -= _fresh_iterators(body, batch, outer | counters)
        iterable = batch.iter if isinstance(batch, ast.For) else batch.test
        reads: list[ast.AST] = [iterable]
        if isinstance(batch, ast.For) and isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name) and iterable.func.id == "range" and len(iterable.args) > 1:
            reads = iterable.args[1:]  # type: ignore[assignment]
        for node in (n for read in reads for n in ast_walk(read)):
            if isinstance(node, (ast.Name, ast.Attribute)) and isinstance(node.ctx, ast.Load) and (dotted(node) in outer or dotted(node) in counters):
                return False  # (`for x, y in folds[k]`: data the outer loop chooses)
        indexes = {id(n) for sub in ast_walk(batch) if isinstance(sub, ast.Subscript) for n in ast_walk(sub.slice)}
        for node in (n for stmt in batch.body for n in ast_walk(stmt)):
            if isinstance(node, (ast.Name, ast.Attribute)) and isinstance(node.ctx, ast.Load):
                key = dotted(node)
                if key in outer and (key not in counters or id(node) in indexes):
                    return False  # (the batch reads what the outer loop chose: `tasks[t][i]`, a task)
    return True


def _handed_to_a_step(batch: ast.For, target: str, model: ModuleModel) -> bool:
    """A plain statement of the batch loop's body (no nested loop or `if`) calls a function of the
    module by its name, handing it the optimizer (`train_step(model, criterion, opt, x, y)`,
    also by keyword), that steps it (`_steps_what_it_is_handed`): stepped once per batch, as if
    in the loop itself; also one in a `with` or `try` block of that body (`try: train_batch(it,
    opt) except EpochDone: break`)."""
    todo = list(batch.body)
    while todo:
        stmt = todo.pop()
        if isinstance(stmt, EVERY_TIME):
            todo.extend(stmt.body)
        elif isinstance(stmt, (ast.Expr, ast.Assign, ast.AnnAssign, ast.AugAssign)):
            if any(isinstance(call, ast.Call) and (_steps_what_it_is_handed(call, target, model) or _closure_steps_it(call, stmt, target, model)) for call in ast_walk(stmt)):
                return True
    return False


def _expression_batches(body: list[ast.stmt], target: str, model: ModuleModel) -> list[ast.stmt]:
    """The loops the epoch loop's plain statements write as expressions (`expression_loop`:
    a consumed comprehension, `list(map(f, ...))`, `functools.reduce(f, loader, 0)`) whose call
    per item is a closure stepping the optimizer `target` as a free name (`_closure_steps_it`),
    each made for it."""
    found: list[ast.stmt] = []
    for stmt in body:
        if isinstance(stmt, (ast.Expr, ast.Assign, ast.AnnAssign, ast.AugAssign)) and stmt.value is not None:
            for node in ast_walk(stmt.value):
                made = expression_loop(node, model.facts)
                if made is not None and _closure_steps_it(made[1], stmt, target, model):
                    found.append(made[0])
    return found


def _closure_steps_it(call: ast.Call, stmt: ast.stmt, target: str, model: ModuleModel) -> bool:
    """`on_batch(epoch, i, x, y)` of a function the loop's own function defines (its only
    binding of the name, `called_closure`) that steps the optimizer `target` (a plain name)
    as a free name, outside any loop of its own: no parameter of that name, no binding of it
    (no `nonlocal` or `global`), never handed back -- the one the loop binds, stepped once per
    call."""
    if call.func.__class__ is not ast.Name or "." in target or not model.facts.local_functions:
        return False
    found = called_closure(stmt, call, model, (target + ".step(",))
    if found is None:
        return False
    function = found[0]
    arguments = function.args
    if target in {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)} or target in (arguments.vararg.arg if arguments.vararg else "", arguments.kwarg.arg if arguments.kwarg else ""):
        return False
    for node in ast_walk(function):
        if isinstance(node, ast.Name) and node.id == target and not isinstance(node.ctx, ast.Load):
            return False
        if isinstance(node, (ast.Nonlocal, ast.Global)) and target in node.names:
            return False
        if isinstance(node, (ast.Return, ast.Yield)) and node.value is not None and any(isinstance(n, ast.Name) and n.id == target for n in ast_walk(node.value)):
            return False
    return stepped_in(function, target)


def _steps_what_it_is_handed(call: ast.Call, target: str, model: ModuleModel) -> bool:
    """`call` calls a plain function of the module by its name, handing it the optimizer `target`,
    whose parameter for it the function steps in its own body, outside any loop of its own,
    never binds, and never returns (it keeps no hold of the optimizer); also through a name bound
    once to a partial or a `torch.compile` of such a function (`step_fn(model, opt, x, y)` of
    `step_fn = torch.compile(train_step)`: `direct_call`)."""
    functions = model.facts.module_functions
    if isinstance(call.func, ast.Name) and call.func.id not in functions:
        call = direct_call(call, model.facts) or call
    if not (isinstance(call.func, ast.Name) and call.func.id in functions):
        return False
    info = functions[call.func.id]
    function = info.node
    if function.__class__ is not ast.FunctionDef or info.class_name is not None or function.decorator_list:  # type: ignore[attr-defined]
        return False
    params = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]  # type: ignore[attr-defined]
    handed: list[tuple[str | None, ast.expr]] = []
    for index, arg in enumerate(call.args):
        if isinstance(arg, ast.Starred):
            return False
        handed.append((params[index] if index < len(params) else None, arg))
    handed.extend((k.arg, k.value) for k in call.keywords)
    keyword_only = {a.arg for a in function.args.kwonlyargs}  # type: ignore[attr-defined]
    for name, arg in handed:
        if name is None or dotted(arg) != target or (name not in params and name not in keyword_only):
            continue
        if any(isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load) for n in ast_walk(function)):
            continue  # (the function binds it: not the one it was handed)
        if any(isinstance(r, (ast.Return, ast.Yield)) and r.value is not None and any(isinstance(n, ast.Name) and n.id == name for n in ast_walk(r.value)) for r in ast_walk(function)):
            continue  # (hands it back)
        if stepped_in(function, name):
            return True
    return False


_PROGRESS_BARS = frozenset({"tqdm", "trange", "track"})


_FRESH_ITERATORS = frozenset({"iter", "list", "tuple", "enumerate"})


def _fresh_iterators(body: list[ast.stmt], batch: ast.AST, outer: set[str]) -> set[str]:
    """Names the epoch loop's body binds, before the batch loop, only to a fresh iterator or
    list over data it does not choose (`it = iter(loader)`, then `next(it)` in a `for i in
    itertools.count()` batch loop): the same data every epoch."""
    fresh: set[str] = set()
    spoilt: set[str] = set()
    for stmt in body:
        if stmt is batch:
            break
        if (
            isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
            and isinstance(stmt.value, ast.Call) and isinstance(stmt.value.func, ast.Name) and stmt.value.func.id in _FRESH_ITERATORS
            and len(stmt.value.args) == 1 and not stmt.value.keywords
            and not any(isinstance(n, (ast.Name, ast.Attribute)) and dotted(n) in outer for n in ast_walk(stmt.value.args[0]))
        ):  # fmt: skip
            fresh.add(stmt.targets[0].id)
        else:
            spoilt |= _bound_in(stmt)
    return fresh - spoilt


def _progress_bars(body: list[ast.stmt], batch: ast.AST, outer: set[str]) -> set[str]:
    """Names the epoch loop's body binds, before the batch loop, to a progress bar over data it
    does not choose (`pbar = tqdm(loader, total=len(loader), desc=f"epoch {epoch}")`: the
    first argument reads nothing the loop binds nor its counter; its keywords only label the
    bar), bound once in the body: the batch loop over `pbar` goes over the same data every
    epoch."""
    found: dict[str, int] = {}
    for stmt in body:
        if stmt is batch:
            break
        if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)):
            continue
        value = stmt.value
        if not (isinstance(value, ast.Call) and value.args and not isinstance(value.args[0], ast.Starred)):
            continue
        name = dotted(value.func)
        if name is None or name.rsplit(".", 1)[-1] not in _PROGRESS_BARS:
            continue
        if any(isinstance(n, (ast.Name, ast.Attribute)) and dotted(n) in outer for n in ast_walk(value.args[0])):
            continue
        found[stmt.targets[0].id] = found.get(stmt.targets[0].id, 0) + 1
    bound: dict[str, int] = {}
    for stmt in body:
        for name in _bound_in(stmt):
            bound[name] = bound.get(name, 0) + 1
    return {name for name, count in found.items() if count == 1 and bound.get(name) == 1}


def _only_the_rate_changes(stmt: ast.Assign | ast.AnnAssign, target: str, loop: ast.AST, model: ModuleModel) -> bool:
    """The construction differs from iteration to iteration only in its learning rate (`lr=`,
    or the second positional argument), computed from the loop's counter (`lr = base * 0.5 **
    (epoch // 10)`, `lr_at(step)`; the loop's variable over a `range` or the index of an
    `enumerate`, or a name or attribute the loop adds to): a schedule written by hand. Not a
    rate that is the loop's variable or an item or attribute of it (a search over settings,
    a list of stages), nor when anything else the construction reads changes (the parameters,
    the weight decay, the betas), nor when the loop changes which parameters it collects or
    loads a state (a new run)."""
    call = stmt.value
    assert isinstance(call, ast.Call)
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return False
    rate = _a_rate(call)
    if rate is None:
        return False
    others = [a for i, a in enumerate(call.args) if i != 1 or rate is not a] + [k.value for k in call.keywords if k.value is not rate]
    if any(reads_what_the_loop_changes(other, loop, own=True) for other in others):  # type: ignore[arg-type]
        return False  # (the parameters, the weight decay or the betas change too: a restart)
    if not _a_schedule(rate, stmt, loop) or _parameters_may_change(call, target, loop, model):
        return False
    return not _restores(model.source.segment(loop))


def _a_rate(call: ast.Call) -> ast.expr | None:
    """The construction's rate, `lr=` or its second positional argument, when it may be a
    schedule's: a name, an arithmetic expression or a call."""
    rate = next((k.value for k in call.keywords if k.arg == "lr"), call.args[1] if len(call.args) > 1 else None)
    return rate if isinstance(rate, (ast.Name, ast.BinOp, ast.Call)) else None


def _a_schedule(rate: ast.expr, stmt: ast.stmt, loop: ast.AST) -> bool:
    """The rate is computed from the loop's counter: an arithmetic expression or a call reading
    it (`_counters`), written in the construction or bound once before it (`_bound_once_before`);
    not the loop's variable or an item or attribute of one (a setting of the loop)."""
    value = rate
    if isinstance(rate, ast.Name):
        if _decayed_in_place(rate.id, loop):
            return True  # (`lr *= 0.98` after the epoch, perhaps under an `if`: a decay carried on)
        value = _bound_once_before(rate.id, stmt, loop)  # type: ignore[assignment]
        if value is None:
            return _bound_by_steps_before(rate.id, stmt, loop)
    if not isinstance(value, (ast.BinOp, ast.Call)):
        return False
    counters = _counters(loop)
    return bool(counters) and any(dotted(node) in counters for node in ast_walk(value) if isinstance(node, (ast.Name, ast.Attribute)))


def _rate_through_factories(model: ModuleModel, made: dict[int, ast.Call]) -> Iterator[tuple[ast.Assign, str, ast.FunctionDef]]:
    """`optimizer = make_optimizer(model, cosine(epoch, epochs, base))`, a statement of a loop's
    body that steps the optimizer (or of its batch loop), the factory (`_factory`) handing its
    parameter straight to the construction's rate and nothing else of it changing from call to
    call: `_only_the_rate_changes` through a factory."""
    rated = {key for key, construction in made.items() if isinstance(_a_rate(construction), ast.Name)}
    if not rated:
        return  # (no factory hands a parameter to its construction's rate)
    names = {info.node.name for info in model.facts.module_functions.values() if id(info.node) in rated}
    names.update(info.node.name for methods in model.facts.methods.values() for info in methods.values() if id(info.node) in rated)
    words = ("return",)
    for loop in loops(model.source.tree.body):
        if ends_early(loop):
            continue
        for stmt in loop.body:  # type: ignore[attr-defined]
            if stmt.__class__ is not ast.Assign or len(stmt.targets) != 1 or stmt.value.__class__ is not ast.Call or not calls_one_of(stmt, names):  # type: ignore[attr-defined]
                continue
            target = dotted(stmt.targets[0])  # type: ignore[attr-defined]
            if target is None or not (stepped_in(loop, target) or stepped_in(loop, target, 1)):
                continue
            called = called_function(stmt, model, words) or called_method(stmt, loop, model, words) or called_on_instance(stmt, model, words)
            if called is None or called[1] is not stmt.value or id(called[0]) not in made:  # type: ignore[attr-defined]
                continue
            function, construction = called[0], made[id(called[0])]
            parameters = call_parameters(called)
            if parameters is None or any(k.arg is None for k in construction.keywords) or any(isinstance(a, ast.Starred) for a in construction.args):
                continue
            instance, params, passed = parameters
            rate = next((k.value for k in construction.keywords if k.arg == "lr"), construction.args[1] if len(construction.args) > 1 else None)
            if not isinstance(rate, ast.Name) or rate.id not in params or rate.id not in passed:
                continue
            if any(node.id == rate.id for node in ast_walk(construction) if isinstance(node, ast.Name) and node is not rate):
                continue  # (the rate's parameter read by another argument too)
            if any(reads_what_the_loop_changes(value, loop, own=True) for name, value in passed.items() if name != rate.id):  # type: ignore[arg-type]
                continue  # (another argument changes: a new model, a new stage)
            steady = {**passed, rate.id: ast.Constant(value=0.0)}  # (the rate aside, the same on every call?)
            if not same_on_every_call(construction, function, loop, model, instance, params, steady):  # type: ignore[arg-type]
                continue
            if not _a_schedule(passed[rate.id], stmt, loop):
                continue
            if _parameters_may_change(stmt.value, target, loop, model) or _parameters_may_change(construction, target, loop, model):  # type: ignore[arg-type]
                continue
            if _restores(model.source.segment(loop)) or _restores(model.source.segment(function)):
                continue
            yield stmt, target, function  # type: ignore[misc]


def _decayed_in_place(name: str, loop: ast.AST) -> bool:
    """The loop binds `name` only by scaling it, `lr *= 0.98` or `lr /= 2`, also written `lr =
    lr * 0.5` (in its body, or under an `if` of it): a rate carried from iteration to iteration
    and decayed."""
    scaled = False
    for node in ast_walk(loop):
        if isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load):
            scaled = True
    if not scaled:
        return False
    binding = 0
    scaling = {id(node.target) for node in ast_walk(loop) if isinstance(node, ast.AugAssign)}
    for node in ast_walk(loop):
        if _scaled_by_a_number(node, name):
            scaling.add(id(node.targets[0]))  # type: ignore[attr-defined]
            binding += 1
    for node in ast_walk(loop):
        if isinstance(node, (*FUNCTIONS, ast.Lambda, ast.ClassDef, *LOOPS)) and node is not loop:
            if any(isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load) for n in ast_walk(node)):
                return False  # (bound in a loop of its own, or a function)
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) and node.target.id == name:
            if not isinstance(node.op, (ast.Mult, ast.Div)):
                return False
            binding += 1
        elif isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load) and id(node) not in scaling:
            return False  # (assigned otherwise: a new setting)
    return binding > 0


def _scaled_by_a_number(node: ast.AST, name: str) -> bool:
    """`lr = lr * 0.5`, `lr = 0.5 * lr`, `lr = lr / 2`: the name scaled by a number written there."""
    if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)):
        return False
    value = node.value
    if node.targets[0].id != name or not isinstance(value, ast.BinOp) or not isinstance(value.op, (ast.Mult, ast.Div)):
        return False
    operands = (value.left, value.right) if isinstance(value.op, ast.Mult) else (value.left,)
    other = value.right if isinstance(value.left, ast.Name) and value.left.id == name else value.left
    return (
        any(isinstance(o, ast.Name) and o.id == name for o in operands)
        and isinstance(other, ast.Constant) and isinstance(other.value, (int, float)) and not isinstance(other.value, bool)
    )


def _stepped_by_a_function_handed_it(loop: ast.AST, target: str, model: ModuleModel) -> bool:
    """A statement of the loop's body hands the optimizer, by a positional argument, to a
    function of the module called by its name (`train(loader, model, optimizer, epoch)`, also
    `opt=optimizer`) that
    steps that parameter in a loop of its own and never binds it: an epoch function."""
    functions = model.facts.module_functions
    methods = None  # the methods of the class whose method holds the loop, read for `self.run_epoch(...)`
    for stmt in loop.body:  # type: ignore[attr-defined]
        for call in ast_walk(stmt):
            if not isinstance(call, ast.Call):
                continue
            func = call.func
            if isinstance(func, ast.Name) and func.id in functions:
                function = functions[func.id].node
                skip = 0
            elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self":
                if methods is None:
                    methods = _methods_around(loop, model)
                function = methods.get(func.attr)
                skip = 1  # (`self`)
                if function is None or function.decorator_list:
                    continue
            else:
                continue
            if function.__class__ is not ast.FunctionDef:
                continue
            params = [a.arg for a in (*function.args.posonlyargs, *function.args.args)][skip:]  # type: ignore[attr-defined]
            handed = [(params[index] if index < len(params) else None, arg) for index, arg in enumerate(call.args)]
            handed.extend((k.arg, k.value) for k in call.keywords)  # (`train(loader, model, optimizer=optimizer)`)
            for name, arg in handed:
                if isinstance(arg, ast.Starred):
                    break
                if dotted(arg) != target or name is None or name not in params:
                    continue
                if any(isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load) for n in ast_walk(function)):
                    continue  # (the function binds it: not the one it was handed)
                if any(stepped_in(inner, name) for inner in ast_walk(function) if isinstance(inner, LOOPS)):
                    return True
    return False


def _methods_around(loop: ast.AST, model: ModuleModel) -> dict[str, ast.AST]:
    """The methods (by name) of the module-level class one of whose methods holds the loop."""
    for node in model.source.tree.body:
        if isinstance(node, ast.ClassDef) and node.lineno <= loop.lineno <= node.end_lineno:  # type: ignore[attr-defined, operator]
            methods = {item.name: item for item in node.body if isinstance(item, FUNCTIONS)}
            holder = next((m for m in methods.values() if m.lineno <= loop.lineno <= m.end_lineno), None)  # type: ignore[attr-defined, operator]
            if holder is None or holder.decorator_list:
                return {}  # (a static or class method: no `self`)
            return methods
    return {}


def _bound_once_before(name: str, stmt: ast.stmt, loop: ast.AST) -> ast.expr | None:
    """The value of the one binding of `name` in the loop, `name = value`, a statement of the
    loop's body before `stmt` (run on every iteration, before the construction)."""
    bindings = [node for node in ast_walk(loop) if isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load)]
    if len(bindings) != 1:
        return None
    for before in loop.body:  # type: ignore[attr-defined]
        if before is stmt:
            return None
        if isinstance(before, ast.Assign) and len(before.targets) == 1 and before.targets[0] is bindings[0]:
            return before.value
    return None


def _bound_by_steps_before(name: str, stmt: ast.stmt, loop: ast.AST) -> bool:
    """The rate bound in steps before the construction (`lr = base` then `if epoch >= 10: lr
    *= 0.1`): every binding of `name` in the loop is `name = ...` or `name *= ...` (also `/=`,
    `=` under an `if`), a statement of the body before the construction or of an `if` there
    (not in a loop or a function of its own), the first one a plain assignment of the body
    itself, each value reading nothing the loop binds but its counters and the name; and the
    counter read by a value or by the test of an `if` holding one: a schedule in steps."""
    body: list[ast.stmt] = loop.body  # type: ignore[attr-defined]
    at = next((i for i, s in enumerate(body) if s is stmt), None)
    if at is None:
        return False
    counters = _counters(loop)
    if not counters:
        return False
    found: list[ast.stmt] = []
    read_counter = False

    def steps(block: list[ast.stmt]) -> bool:
        nonlocal read_counter
        for node in block:
            if isinstance(node, ast.If):
                test = any(dotted(n) in counters for n in ast_walk(node.test) if isinstance(n, (ast.Name, ast.Attribute)))
                before = len(found)
                if not steps(node.body) or not steps(node.orelse):
                    return False
                read_counter = read_counter or (test and len(found) > before)
            elif _binds(node, name):
                if not _a_step(node, name):
                    return False  # (bound in a loop, a `with`, a function of its own: not ours to read)
                found.append(node)
        return True

    if not steps(body[:at]):
        return False
    bindings = sum(1 for n in ast_walk(loop) if isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load))
    if len(found) < 2 or bindings != len(found):
        return False
    first = min(found, key=lambda s: (s.lineno, s.col_offset))
    if not any(first is s for s in body[:at]) or not isinstance(first, ast.Assign):
        return False
    stored = _bound_in(loop) - counters - {name}
    for step in found:
        value = step.value  # type: ignore[attr-defined]
        keys = {dotted(n) for n in ast_walk(value) if isinstance(n, (ast.Name, ast.Attribute))}
        if keys & stored:
            return False
        read_counter = read_counter or bool(keys & counters)
    return read_counter


def _binds(node: ast.stmt, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load) for n in ast_walk(node))


def _a_step(node: ast.stmt, name: str) -> bool:
    """`name = value` or `name *= value` / `name /= value`, binding nothing else."""
    if isinstance(node, ast.Assign):
        return len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and node.targets[0].id == name
    if isinstance(node, ast.AugAssign):
        return isinstance(node.target, ast.Name) and node.target.id == name and isinstance(node.op, (ast.Mult, ast.Div))
    return False


def _counters(loop: ast.AST) -> set[str]:
    """What counts the loop's iterations: the variable of `for epoch in range(...)`, the index
    of `for i, batch in enumerate(...)`, a name or attribute the loop's body adds to (`step += 1`)."""
    counters: set[str] = set()
    if isinstance(loop, ast.For) and isinstance(loop.iter, ast.Call) and isinstance(loop.iter.func, ast.Name):
        if loop.iter.func.id == "range" and isinstance(loop.target, ast.Name):
            counters.add(loop.target.id)
        elif loop.iter.func.id == "enumerate" and isinstance(loop.target, ast.Tuple) and loop.target.elts and isinstance(loop.target.elts[0], ast.Name):
            counters.add(loop.target.elts[0].id)
    for node in loop.body:  # type: ignore[attr-defined]
        if isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Add):
            key = dotted(node.target)
            if key is not None:
                counters.add(key)
    return counters


def _parameters_may_change(call: ast.Call, target: str, loop: ast.AST, model: ModuleModel) -> bool:
    """The loop may change which parameters the construction collects: it sets an attribute of
    an object whose parameters it reads (`model.fc = nn.Linear(...)` before `Adam(model.parameters())`),
    or the construction keeps the parameters that require gradients (`filter(lambda p:
    p.requires_grad, ...)`) and the loop says anything of freezing (`requires_grad`, `freeze`,
    `trainable`: a part unfrozen as it goes)."""
    owners = {
        key for node in ast_walk(call)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
        for key in (dotted(node.func.value),) if key is not None
    }  # fmt: skip
    for node in ast_walk(loop):
        if isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
            key = dotted(node)
            if key is not None and key != target and not key.startswith(target + ".") and any(key.startswith(o + ".") for o in owners):
                return True
    source = model.source
    built = source.segment(call)
    if "requires_grad" not in built:
        return False
    rest = source.segment(loop).replace(built, "", 1)
    return any(word in rest for word in ("requires_grad", "freeze", "trainable"))


def _built_optimizer(stmt: ast.stmt, model: ModuleModel, items: bool = False) -> str | None:
    """`optimizer` for `optimizer = torch.optim.Adam(model.parameters())` (also `self.optimizer
    = ...`, an annotated assignment; with `items`, a string-keyed item `env["opt"] = ...`): one
    of torch's optimizers that keeps a state."""
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        target = member_key(stmt.targets[0]) if items else dotted(stmt.targets[0])
    elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
        target = dotted(stmt.target)
    else:
        return None
    if target is None or not isinstance(stmt.value, ast.Call):
        return None
    return target if _keeps_state(stmt.value, model) else None


def _keeps_state(call: ast.Call, model: ModuleModel) -> bool:
    """A call building one of torch's optimizers that keeps a state: `SGD` only with a momentum
    written as a number other than 0 (`momentum=args.momentum` may be 0: not known)."""
    name = call_name(call)
    qualified = model.facts.imports.qualify(name) if name is not None else None
    if qualified is None and call.func.__class__ is ast.Call:
        qualified = _looked_up_class(call.func, model)  # type: ignore[arg-type]
    if qualified in SCHEDULE_FREE_OPTIMIZERS:
        return True  # its `z` sequence, the average's weight sum (and Adam's moments) start empty
    if qualified in ZERO_REDUNDANCY_OPTIMIZERS:
        return _zero_keeps_state(call, model)
    if qualified in _TIMM_FACTORIES:
        return _timm_keeps_state(call)
    if not qualified or not qualified.startswith("torch.optim.") or ".lr_scheduler" in qualified:
        return False
    last = qualified.rpartition(".")[2]
    if last in _STATEFUL:
        return True
    if last != "SGD" or any(k.arg is None for k in call.keywords) or any(isinstance(a, ast.Starred) for a in call.args):
        return False
    arguments = positional(call)
    momentum = next((k.value for k in call.keywords if k.arg == "momentum"), arguments[2] if len(arguments) > 2 else None)
    return (
        isinstance(momentum, ast.Constant) and isinstance(momentum.value, (int, float))
        and not isinstance(momentum.value, bool) and momentum.value != 0
    )  # fmt: skip


def _timm_keeps_state(call: ast.Call) -> bool:
    """`create_optimizer_v2(model, "adamw", lr=...)`: timm's factory (1.0) building an optimizer
    named by a literal that keeps a state. Its `"sgd"` (the default), `"nesterov"` and
    `"momentum"` are torch's SGD with `momentum=0.9` unless the call gives another: not with a
    `momentum=` that is not a number other than 0."""
    if any(k.arg is None for k in call.keywords) or any(isinstance(a, ast.Starred) for a in call.args):
        return False
    named = next((k.value for k in call.keywords if k.arg == "opt"), call.args[1] if len(call.args) > 1 else None)
    if named is None:
        name = "sgd"
    elif isinstance(named, ast.Constant) and isinstance(named.value, str):
        name = named.value.lower()
    else:
        return False
    if name in _TIMM_STATEFUL:
        return True
    if name not in ("sgd", "nesterov", "momentum"):
        return False
    momentum = next((k.value for k in call.keywords if k.arg == "momentum"), None)
    return momentum is None or (
        isinstance(momentum, ast.Constant) and isinstance(momentum.value, (int, float))
        and not isinstance(momentum.value, bool) and momentum.value != 0
    )  # fmt: skip


def _zero_keeps_state(call: ast.Call, model: ModuleModel) -> bool:
    """`ZeroRedundancyOptimizer(params, optimizer_class=torch.optim.Adam, lr=...)`: a new
    instance builds a new local optimizer, whose state starts empty when that class keeps one
    (`SGD` only with a momentum written in the call as a number other than 0)."""
    if any(k.arg is None for k in call.keywords) or any(isinstance(a, ast.Starred) for a in call.args):
        return False
    arguments = positional(call)
    named = next((k.value for k in call.keywords if k.arg == "optimizer_class"), arguments[1] if len(arguments) > 1 else None)
    name = dotted(named) if named is not None else None
    qualified = model.facts.imports.qualify(name) if name else None
    if not qualified or not qualified.startswith("torch.optim.") or ".lr_scheduler" in qualified:
        return False
    last = qualified.rpartition(".")[2]
    if last in _STATEFUL:
        return True
    momentum = next((k.value for k in call.keywords if k.arg == "momentum"), None)
    return (
        last == "SGD" and isinstance(momentum, ast.Constant) and isinstance(momentum.value, (int, float))
        and not isinstance(momentum.value, bool) and momentum.value != 0
    )  # fmt: skip


def _looked_up_class(lookup: ast.Call, model: ModuleModel) -> str | None:
    """`torch.optim.AdamW` for `getattr(torch.optim, "AdamW")` (the class named by a literal, or by
    a name the module binds once, and only to that literal: `OPTIMIZER = "AdamW"`)."""
    if call_name(lookup) != "getattr" or len(lookup.args) != 2 or lookup.keywords:
        return None
    module, attribute = lookup.args
    if attribute.__class__ is ast.Name:
        name = attribute.id  # type: ignore[attr-defined]
        attribute = _literal_of_a_name_bound_once(name, model)  # `OPTIMIZER = "AdamW"`
        if attribute is None:
            attribute = _literal_handed_by_callers(name, lookup, model)  # `def train(..., kind)`
    if not (isinstance(attribute, ast.Constant) and isinstance(attribute.value, str) and attribute.value.isidentifier()):
        return None
    root = dotted(module)
    if root is None or model.facts.imports.qualify(root) != "torch.optim":
        return None
    return "torch.optim." + attribute.value


def _literal_handed_by_callers(name: str, lookup: ast.Call, model: ModuleModel) -> ast.expr | None:
    """The string literal the callers of the module function holding `lookup` hand its parameter
    `name` (`train(net, loader, "Adam")`, `train(..., kind="SGD")`, or the parameter's literal
    default where a call leaves it out), when the function never rebinds it, the module names
    the function only in such calls (at least one), and every call passes a literal: the one
    naming a class that keeps a state if any does (that call's training is the one rebuilt
    with an empty state), else the first. A caller in another module may pass another class; the
    one read is passed here. None otherwise."""
    source = model.source
    at = source.start(lookup)
    holders = [f for f in source.of_type(ast.FunctionDef) if source.start(f) <= at <= source.end(f)]
    if not holders:
        return None
    function = max(holders, key=source.start)
    if model.facts.module_functions.get(function.name) is None or model.facts.module_functions[function.name].node is not function:
        return None  # (a module function only: a method's callers go through their instances)
    args = function.args
    positional_params = [a.arg for a in (*args.posonlyargs, *args.args)]
    if name not in positional_params and name not in [a.arg for a in args.kwonlyargs]:
        return None
    if any(isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load) for n in ast_walk(function)):
        return None  # (rebound in the function)
    default = None
    if name in positional_params:
        index = positional_params.index(name)
        first_default = len(positional_params) - len(args.defaults)
        if index >= first_default:
            default = args.defaults[index - first_default]
    else:
        index = None
        default = args.kw_defaults[[a.arg for a in args.kwonlyargs].index(name)]
    literals: list[ast.expr] = []
    uses = 0
    for node in source.of_type(ast.Name):
        if node.id == function.name and isinstance(node.ctx, ast.Load):  # type: ignore[attr-defined]
            uses += 1
    calls = [c for c in source.of_type(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == function.name]  # type: ignore[attr-defined]
    if not calls or uses != len(calls):
        return None  # (also handed on as a value, `executor.submit(train, ...)`: not read)
    for call in calls:  # type: ignore[assignment]
        if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):  # type: ignore[attr-defined]
            return None
        given = next((k.value for k in call.keywords if k.arg == name), None)  # type: ignore[attr-defined]
        if given is None and index is not None and index < len(call.args):  # type: ignore[attr-defined]
            given = call.args[index]  # type: ignore[attr-defined]
        if given is None:
            given = default
        if not (isinstance(given, ast.Constant) and isinstance(given.value, str)):
            return None
        literals.append(given)
    return next((g for g in literals if g.value in _STATEFUL), literals[0])  # type: ignore[attr-defined]


def _literal_of_a_name_bound_once(name: str, model: ModuleModel) -> ast.expr | None:
    """The string literal a name is bound to when the module binds the name once, and only to
    it (`OPTIMIZER = "AdamW"`, or `kind = "Adam"` in a method): no parameter, loop variable,
    import or second assignment of that name anywhere in the module. None otherwise."""
    values = assigned_values(model, name)
    if len(values) != 1 or not (isinstance(values[0], ast.Constant) and isinstance(values[0].value, str)):
        return None
    source = model.source
    stores = sum(1 for node in source.of_type(ast.Name) if node.id == name and node.ctx.__class__ is not ast.Load)  # type: ignore[attr-defined]
    if stores != 1 or name in model.facts.imports.aliases or any(a.arg == name for a in source.of_type(ast.arg)):  # type: ignore[attr-defined]
        return None
    return values[0]


def _rebuilt_per_call(called: tuple[ast.FunctionDef, ast.Call], loop: ast.AST, model: ModuleModel) -> Iterator[tuple[ast.Call, str, bool]]:
    """The optimizers a function called on every iteration of `loop` builds into a name of its
    own on every call and steps once per call (not in a loop of its own: a new optimizer per
    task whose inner loop steps many times), from what stays the same from call to call; none
    in a function that loads a state or may end early (a `return` before the end)."""
    function = called[0]
    parameters = call_parameters(called, declared=True)
    if parameters is None or any(isinstance(stmt, ast.Return) for stmt in function.body[:-1]):
        return
    instance, params, passed = parameters
    # a step function declaring names `global` (`global step, optimizer`): reported (never
    # fixed: this message has no fix) when the construction reads no name a function of the
    # module declares `global` or `nonlocal` and binds (rebinding it between calls)
    declared = rebound_declared(model)
    for stmt, direct in every_iteration(function.body):
        target = _built_optimizer(stmt, model, items=True)
        if target is None:
            continue
        epoch = not stepped_in(function, target)
        if epoch and not (direct and _one_epoch_per_call(called, stmt, target, loop, model, instance, params, passed)):
            continue  # (or one epoch per call: stepped in its own batch loops, an epoch loop calling it)
        if ("." in target or "[" in target) and not of_the_instance(target, instance, function):
            if not held_in_a_handed_object(target, stmt.value, loop, model, params, passed):  # type: ignore[attr-defined]
                continue  # (only an attribute of the instance, `self.opt`, or of one object handed on every call, rebuilt)
        if target in params and _read_before_in(function, target, stmt):
            continue  # (a parameter used before: the construction may be a fallback)
        if _restores(model.source.segment(function)):
            return
        value: ast.Call = stmt.value  # type: ignore[attr-defined, assignment]
        if _parameters_may_change(value, target, function, model):
            continue
        if declared and any(isinstance(node, ast.Name) and node.id in declared for node in ast_walk(value)):
            continue
        if same_on_every_call(value, function, loop, model, instance, params, passed):
            yield value, as_written(stmt.targets[0], target, model.source), epoch  # type: ignore[attr-defined]


def _one_epoch_per_call(
    called: tuple[ast.FunctionDef, ast.Call], stmt: ast.stmt, target: str, loop: ast.AST, model: ModuleModel,
    instance: str | None, params: set[str], passed: dict[str, ast.expr],
) -> bool:  # fmt: skip
    """The function is one epoch: it builds the optimizer in a statement of its body, then
    steps it only in batch loops that are statements of its body (`for`, or `while` of any
    form), each going over what stays the same from call to call (no parameter handed
    something the loop changes or left to its default, no attribute of `self` bound outside
    `__init__`, no global the loop changes), and the loop calling it is an epoch loop (over a
    `range`, or a `while`) calling it on an instance it does not build again: `for epoch in
    range(3): losses += trainer.train_epoch(lr)`. A loop handing new data or a new model per
    call (a fold, a task) is a new run."""
    function, call = called
    if not _over_epochs(loop):
        return False
    if not _an_epoch_function(function, stmt, target, model):
        return False
    inner = [s for s in function.body if isinstance(s, LOOPS) and stepped_in(s, target)]
    handing: list[ast.stmt] = []
    if not inner:
        # (`for i, (x, y) in enumerate(st.loader): run_batch(st, epoch, i, x, y)`)
        inner = handing = [s for s in function.body if isinstance(s, LOOPS) and _holder_stepped_by_a_call(s, target, model)]
    counter = loop.target.id if loop.__class__ is ast.For and loop.target.__class__ is ast.Name else None  # type: ignore[attr-defined]
    if any(isinstance(s, LOOPS) and not any(s is i for i in inner) and stepped_in(s, target, 1) for s in function.body):
        return False  # (stepped deeper too)
    if any(isinstance(node, (ast.Call, ast.Lambda)) for arg in passed.values() for node in ast_walk(arg)):
        return False  # (`fit(Net(), data)`: a new model, or whatever a call hands back, per call)
    if isinstance(call.func, ast.Attribute) and reads_what_the_loop_changes(call.func, loop):  # type: ignore[arg-type]
        return False  # (`trainer = Trainer(); trainer.fit()` per iteration: a new run)
    changing = attributes_set_outside_init(function, model) if instance is not None else set()
    if changing is None:
        return False
    for batch in inner:
        # (the epoch's number handed on to the batch's function, `run_batch(st, epoch, i, x,
        # y)`: a count, not data; read anywhere else it may choose the data)
        counted = _counter_handed_on(batch, passed, counter) if handing else set()
        for node in ast_walk(batch):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in params:
                if id(node) in counted:
                    continue
                if node.id not in passed or reads_what_the_loop_changes(passed[node.id], loop):  # type: ignore[arg-type]
                    return False  # (data handed per call: a fold, a task)
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == instance and node.attr in changing:
                return False  # (`self.loader`, set again between calls)
        if handing:
            # (names of the function, its parameters among them, are not the calling loop's)
            if _reads_what_the_loop_binds(batch, loop, params | _bound_in(function)):
                return False
        elif reads_what_the_loop_changes(batch, loop):  # type: ignore[arg-type]
            return False  # (a global the loop binds: `data = folds[k]`)
        if _new_data_per_call(function, batch, target, model):
            return False
    return True


def _reads_what_the_loop_binds(batch: ast.AST, loop: ast.AST, own: set[str]) -> bool:
    """The batch loop reads a name, not one of `own`, that the calling loop binds (a global it
    changes: `data = folds[k]`)."""
    stored = {n.id for n in ast_walk(loop) if n.__class__ is ast.Name and n.ctx.__class__ is not ast.Load}  # type: ignore[attr-defined]
    stored -= own
    return any(n.__class__ is ast.Name and n.id in stored for n in ast_walk(batch))  # type: ignore[attr-defined]


def _counter_handed_on(batch: ast.AST, passed: dict[str, ast.expr], counter: str | None) -> set[int]:
    """The names in the batch loop's plain statements that are whole arguments of a call and
    stand for the parameter handed the epoch loop's counter (`run_epoch(st, epoch)` in `for
    epoch in range(...)`): their ids."""
    if counter is None:
        return set()
    counts = {name for name, value in passed.items() if value.__class__ is ast.Name and value.id == counter}  # type: ignore[attr-defined]
    found: set[int] = set()
    if counts:
        for stmt in batch.body:  # type: ignore[attr-defined]
            if stmt.__class__ in _PLAIN:
                for call in ast_walk(stmt):
                    if call.__class__ is ast.Call:
                        for arg in (*call.args, *(k.value for k in call.keywords)):  # type: ignore[attr-defined]
                            if arg.__class__ is ast.Name and arg.id in counts:
                                found.add(id(arg))
    return found


def _new_data_per_call(function: ast.AST, batch: ast.AST, target: str, model: ModuleModel) -> bool:
    """The function chooses what its batch loop goes over on each call: the loop's iterable (a
    `range`'s stop, a `while` test) reads a name the function binds outside the loop (but a
    fresh iterator or a progress bar over data it does not bind: `it = iter(self.loader)`,
    `bar = tqdm(loader)`) or calls a function or method of the module (`for x, y in
    sample_task(8)`), or the loop reads a name the function binds to a call of a function of
    the module (`task = sample_task()`, `tick = counter()`: a new task, or a sampler whose
    items are not read here)."""
    body: list[ast.stmt] = function.body  # type: ignore[attr-defined]
    outer: set[str] = set()
    made: set[str] = set()
    functions = model.facts.module_functions
    for stmt in body:
        if stmt is batch:
            continue
        outer |= _bound_in(stmt)
        value = getattr(stmt, "value", None)
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and any(
            isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in functions for node in ast_walk(value)  # type: ignore[arg-type]
        ):  # fmt: skip
            made |= _bound_in(stmt)
    outer -= _bound_in(batch) | {target}
    made -= _bound_in(batch) | {target}
    outer -= _progress_bars(body, batch, outer)
    outer -= _fresh_iterators(body, batch, outer)
    iterable = batch.iter if isinstance(batch, ast.For) else batch.test  # type: ignore[attr-defined]
    reads: list[ast.AST] = [iterable]
    if isinstance(batch, ast.For) and isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name) and iterable.func.id == "range" and len(iterable.args) > 1:
        reads = iterable.args[1:]  # type: ignore[assignment]
    methods = model.facts.methods
    for node in (n for read in reads for n in ast_walk(read)):
        if isinstance(node, (ast.Name, ast.Attribute)) and isinstance(node.ctx, ast.Load) and dotted(node) in outer:
            return True  # (`for x, y in task`, `task` chosen by the call)
        if isinstance(node, ast.Call) and (
            (isinstance(node.func, ast.Name) and node.func.id in functions)
            or (isinstance(node.func, ast.Attribute) and any(node.func.attr in own for own in methods.values()))
        ):  # fmt: skip
            return True  # (`for x, y in sample_task(8)`: drawn by the project's own code on each call)
    if made:
        for node in ast_walk(batch):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in made:
                return True  # (`i = tick()`, `x, y = next(stream)`: read through the project's own maker)
    return False


def _rebuilt_per_framework_call(builders: set[str], model: ModuleModel) -> Iterator[tuple[ast.Call, str, str]]:
    """The optimizers a process function handed to Ignite's `Engine(...)` (a plain function
    of the module: `steps._framework_calls_per_batch`) builds into a local name on every call
    and steps once per call, reading no parameter (the engine, the batch), nothing the
    function binds before, no name a function of the module declares `global` and binds, and
    no attribute; none in a function that loads a state or may end early."""
    from gradfix.analysis.steps import _framework_calls_per_batch

    facts = model.facts
    declared = rebound_declared(model)
    infos = [facts.module_functions.get(name) for name in sorted(builders)]
    if "training_step" in builders:
        # a LightningModule's `training_step` under manual optimization (the only method read)
        infos += [methods["training_step"] for _, methods in sorted(facts.methods.items()) if "training_step" in methods]
    for info in infos:
        if info is None or (info.source is not None and info.source is not model.source):
            continue
        function = info.node
        name = function.name
        if info.class_name is not None and name != "training_step":
            continue  # (of the methods, a LightningModule's `training_step` only)
        if any(isinstance(stmt, ast.Return) for stmt in function.body[:-1]) or _restores(model.source.segment(function)):
            continue
        if not _framework_calls_per_batch(model, info):
            continue
        params = {a.arg for a in ast_walk(function.args) if a.__class__ is ast.arg}
        for stmt, _ in every_iteration(function.body):
            target = _built_optimizer(stmt, model)
            if target is None or "." in target or not stepped_in(function, target) or target in params:
                continue
            value: ast.Call = stmt.value  # type: ignore[attr-defined, assignment]
            read = {node.id for node in ast_walk(value) if isinstance(node, ast.Name)}
            if info.class_name is not None and "self" in read and _reads_only_own_parameters(value):
                read.discard("self")  # `Adam(self.parameters(), ...)`: the module's own, the same at every call
            if read & (params | declared) or reads_what_the_loop_changes(value, function):
                continue
            if _parameters_may_change(value, target, function, model):
                continue
            yield value, target, name


def _reads_only_own_parameters(value: ast.Call) -> bool:
    """Every `self` the construction reads is the receiver of `self.parameters()` (no argument)."""
    calls = [
        node for node in ast_walk(value)
        if isinstance(node, ast.Call) and not node.args and not node.keywords and isinstance(node.func, ast.Attribute)
        and node.func.attr == "parameters" and isinstance(node.func.value, ast.Name) and node.func.value.id == "self"
    ]  # fmt: skip
    selves = [node for node in ast_walk(value) if isinstance(node, ast.Name) and node.id == "self"]
    return len(calls) == len(selves)


def _read_before_in(function: ast.FunctionDef, target: str, stmt: ast.stmt) -> bool:
    """The parameter `target` read, or the construction `stmt` not a statement of the
    function's own body (under an `if`, a `with`, a `try`): what the call hands may be kept."""
    if stmt not in function.body:
        return True
    for node in function.body[: function.body.index(stmt) + 1]:
        for sub in ast_walk(node):
            if isinstance(sub, ast.Name) and sub.id == target and isinstance(sub.ctx, ast.Load):
                return True
    return False


def _fix(stmt: ast.Assign | ast.AnnAssign, target: str, loop: ast.AST, model: ModuleModel) -> Fix | None:
    source = model.source
    text = source.segment(loop)
    if not source.alone_on_lines(stmt) or "param_groups" in text or "add_param_group" in text:
        return None  # (a statement sharing its line; a loop writing the parameter groups itself)
    if not _sole_binding(stmt, target, model):
        return _drop_repeated(stmt, target, loop, model)
    if _read_before(loop, target, stmt) or run_per_iteration(stmt, model):
        return None  # (in a function a loop calls per iteration: moved, still built per call)
    before = _outermost_loop(stmt, target, loop, model)
    attached = _attached(stmt, target, before, loop, model)
    if attached is None:
        return None  # (something else built on the optimizer in the loops it leaves)
    if attached:
        if loop_around(loop, model) is not None:
            return None  # (a schedule over the batches of an epoch, or of the run: not ours to say)
        moved = [stmt, *attached]
        lines = tuple(line for s in moved for line in statement_lines(source, s))
        edits: list[object] = [RemoveStatement(s, keep_comments=False) for s in moved]
        edits.append(InsertStatements(loop, "before", lines))  # type: ignore[arg-type]
        return Fix(edits, Safety.SAFE)  # type: ignore[arg-type]
    return move_before(stmt, before, model)


# calls a rate may make and that the fix may evaluate once more before the loop (pure: no
# side effect, nothing that a value the loop gives would not)
_PURE_CALLS = frozenset({"min", "max", "abs", "float", "int", "round", "pow"})
# optimizers that read the rate only to start their state (Rprop's step sizes): a rate set in
# `param_groups` later does not do what a new one built with it does
_RATE_ONLY_AT_START = frozenset({"Rprop", "ZeroRedundancyOptimizer"})


def _rate_fix(stmt: ast.Assign | ast.AnnAssign, target: str, loop: ast.AST, model: ModuleModel, every_step: bool) -> Fix | None:
    """The hand fix of a schedule written as a rebuild (`_only_the_rate_changes`): the
    construction moves to just before the loop, its rate written as the first iteration's (the
    counter replaced by its first value: the start of the `range`, 0 for an `enumerate`, the
    value before the loop of a name the loop adds to after the construction; a rate the loop
    only scales read as bound before the loop), and where it stood the loop sets the rate of the
    one optimizer, `for group in optimizer.param_groups: group["lr"] = lr`. Exact whatever the
    rate it is built with: the loop writes the rate into every group at the place of the
    construction, before anything reads the optimizer, so every step runs at the rate the
    rebuild gave it; the other settings are the same on every iteration
    (`_only_the_rate_changes`) and the optimizer's state is now kept, as in the hand fix. Unsafe
    when the first rate calls a function (but `min`, `max`, `math.`...): it runs once more,
    before the loop. None when the loop sits in a loop that runs it per iteration and steps the
    optimizer itself on every iteration (a warmup per batch of an epoch: which loop the state
    should span is not ours to say), in a function a loop runs per iteration, when anything
    else is built on the optimizer in the loop, or when the rate's text spans lines."""
    source = model.source
    call = stmt.value
    assert isinstance(call, ast.Call)
    text = source.segment(loop)
    if not source.alone_on_lines(stmt) or "param_groups" in text or "add_param_group" in text:
        return None
    if not _sole_binding(stmt, target, model) or _read_before(loop, target, stmt) or run_per_iteration(stmt, model):
        return None
    if every_step and loop_around(loop, model) is not None:
        return None
    if _attached(stmt, target, loop, loop, model) != []:
        return None
    qualified = model.facts.imports.qualify(call_name(call) or "") or ""
    if qualified.rpartition(".")[2] in _RATE_ONLY_AT_START or not qualified.startswith("torch.optim."):
        return None  # (Rprop reads its rate only for its first step sizes; schedule-free's and ZeRO's not ours)
    rate = _a_rate(call)
    if rate is None or rate.lineno != rate.end_lineno:  # type: ignore[attr-defined]
        return None
    first = _first_rate(rate, stmt, loop, model)
    if first is None:
        return None
    first_text, pure = first
    group = _free_name(stmt, model, ("group", "param_group", "pg"))
    if group is None:
        return None
    lines = list(statement_lines(source, stmt))
    indent = source.indentation(stmt)
    at = len(lines) - 1 - (source.last_line(stmt) - rate.lineno)  # type: ignore[attr-defined]
    line, shifted = lines[at]
    column = source.start(rate) - source.line_starts[rate.lineno - 1] - (len(indent) if shifted else 0)  # type: ignore[attr-defined]
    length = source.end(rate) - source.start(rate)
    if line[column : column + length] != source.segment(rate):
        return None
    lines[at] = (line[:column] + first_text + line[column + length :], shifted)
    rate_text = source.segment(rate)
    setting = (f"for {group} in {target}.param_groups:", True), (f"{source.unit_at(stmt)}{group}[\"lr\"] = {rate_text}", True)
    edits: list[object] = [
        InsertStatements(loop, "before", tuple(lines)),  # type: ignore[arg-type]
        InsertStatements(stmt, "before", setting),
        RemoveStatement(stmt, keep_comments=False),
    ]
    return Fix(edits, Safety.SAFE if pure else Safety.UNSAFE)  # type: ignore[arg-type]


def _first_rate(rate: ast.expr, stmt: ast.stmt, loop: ast.AST, model: ModuleModel) -> tuple[str, bool] | None:
    """The text of the rate the first iteration computes (`_rate_fix`), and whether it calls
    nothing but pure functions; None when it cannot be written before the loop (it reads
    something else the loop binds, a counter whose first value is not plain, a value on more
    than one line)."""
    source = model.source
    if isinstance(rate, ast.Name):
        if _decayed_in_place(rate.id, loop):
            return rate.id, True  # (the value bound before the loop: what the first iteration reads)
        value = _bound_once_before(rate.id, stmt, loop)
        if value is None:
            return None
    else:
        value = rate
    if value.lineno != value.end_lineno:  # type: ignore[attr-defined]
        return None
    firsts = _first_values(loop, stmt, model)
    stored = _bound_in(loop)
    replaced: list[tuple[int, int, str]] = []
    skip: set[int] = set()
    divisors = [n.right for n in ast_walk(value) if isinstance(n, ast.BinOp) and isinstance(n.op, (ast.Div, ast.FloorDiv, ast.Mod))]
    pure = True
    for node in ast_walk(value):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Call):
            name = call_name(node) or ""
            qualified = model.facts.imports.qualify(name) or name
            if name not in _PURE_CALLS and not qualified.startswith("math."):
                pure = False
        if isinstance(node, (ast.Name, ast.Attribute)):
            key = dotted(node)
            if key is None:
                continue
            if key in firsts:
                if firsts[key] is None:
                    return None
                replaced.append((source.start(node), source.end(node), firsts[key]))  # type: ignore[arg-type]
                if any(node is n for d in divisors for n in ast_walk(d)) and not (firsts[key].isdigit() and int(firsts[key]) > 0):  # type: ignore[union-attr]
                    pure = False  # (`0.01 / epoch`: a first value of 0 divides by zero when the loop never runs)
                skip.update(id(n) for n in ast_walk(node))
            elif key in stored:
                return None  # (another name the loop binds: not known before it)
    start = source.start(value)
    out = source.segment(value)
    for begin, end, first in sorted(replaced, reverse=True):
        out = out[: begin - start] + first + out[end - start :]
    return out, pure


def _first_values(loop: ast.AST, stmt: ast.stmt, model: ModuleModel) -> dict[str, str | None]:
    """The counters of the loop (`_counters`) and the text of their value on the first
    iteration, at the construction: the start of a `range` (0 without one), an `enumerate`'s
    start (0 without one), the name itself for one the loop adds to after the construction (its
    value before the loop); None when not plain (a start reading what the loop binds, an
    addition before the construction)."""
    firsts: dict[str, str | None] = {}
    source = model.source
    if isinstance(loop, ast.For) and isinstance(loop.iter, ast.Call) and isinstance(loop.iter.func, ast.Name):
        iterated = loop.iter
        start: ast.expr | None = None
        key = None
        if iterated.func.id == "range" and isinstance(loop.target, ast.Name):
            key = loop.target.id
            start = iterated.args[0] if len(iterated.args) > 1 else None
        elif iterated.func.id == "enumerate" and isinstance(loop.target, ast.Tuple) and loop.target.elts and isinstance(loop.target.elts[0], ast.Name):
            key = loop.target.elts[0].id
            start = next((k.value for k in iterated.keywords if k.arg == "start"), iterated.args[1] if len(iterated.args) > 1 else None)
        if key is not None:
            if start is None:
                firsts[key] = "0"
            elif (isinstance(start, ast.Constant) and isinstance(start.value, int) and start.value >= 0) or (
                isinstance(start, (ast.Name, ast.Attribute)) and dotted(start) not in _bound_in(loop)
            ):
                firsts[key] = source.segment(start)
            else:
                firsts[key] = None
    body: list[ast.stmt] = loop.body  # type: ignore[attr-defined]
    at = next((i for i, s in enumerate(body) if s is stmt), None)
    for index, node in enumerate(body):
        if isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Add):
            key = dotted(node.target)
            if key is not None and key not in firsts:
                firsts[key] = key if at is not None and index > at and _bumped_once(key, loop) else None
    return firsts


def _bumped_once(key: str, loop: ast.AST) -> bool:
    """The loop binds `key` only by the one addition of its body."""
    count = 0
    for node in ast_walk(loop):
        if isinstance(node, (ast.Name, ast.Attribute)) and not isinstance(node.ctx, ast.Load) and dotted(node) == key:
            count += 1
    return count == 1


def _bound_in(loop: ast.AST) -> set[str]:
    """The names and attributes the loop binds (its variables too)."""
    return {
        key for node in ast_walk(loop)
        if isinstance(node, (ast.Name, ast.Attribute)) and not isinstance(node.ctx, ast.Load)
        for key in (dotted(node),) if key is not None
    }  # fmt: skip


def _free_name(stmt: ast.stmt, model: ModuleModel, candidates: tuple[str, ...]) -> str | None:
    """The first of `candidates` that the function holding `stmt` (or the module, at its top
    level) never names: the variable of the loop the fix writes."""
    source = model.source
    holder = source.owner_of(stmt)
    while holder is not None and not isinstance(holder, FUNCTIONS):
        holder = source.owner_of(holder)  # type: ignore[arg-type]
    scope = holder if holder is not None else source.tree
    named = {node.id for node in ast_walk(scope) if isinstance(node, ast.Name)}
    named.update(a.arg for node in ast_walk(scope) if isinstance(node, FUNCTIONS) for a in ast_walk(node.args) if isinstance(a, ast.arg))
    return next((name for name in candidates if name not in named), None)


def _drop_repeated(stmt: ast.Assign | ast.AnnAssign, target: str, loop: ast.AST, model: ModuleModel) -> Fix | None:
    """The name also bound before the loops by the same construction (`repeated_before`):
    the one in the loop goes, when nothing else is built on the optimizer in the loops."""
    before = _outermost_loop(stmt, target, loop, model)
    if _read_before(before, target, stmt) or _attached(stmt, target, before, loop, model) != []:
        return None
    if not repeated_before(stmt, target, before, model):
        return None
    return Fix([RemoveStatement(stmt, keep_comments=False)], Safety.SAFE)  # type: ignore[arg-type]


def _sole_binding(stmt: ast.stmt, target: str, model: ModuleModel) -> bool:
    """No other statement of the scope binds `target` (the class, for an attribute of `self`)."""
    index = assignments(model)
    return all(binding.statement is stmt for binding in index.bindings(target, index.scope_of(stmt)))


def _read_before(loop: ast.AST, target: str, stmt: ast.stmt) -> bool:
    """The loop reads `target` before the statement that builds it (the first iteration would
    read the binding before the loop)."""
    built = (stmt.lineno, stmt.col_offset)
    return any(
        isinstance(node, (ast.Name, ast.Attribute)) and isinstance(node.ctx, ast.Load) and dotted(node) == target
        and (node.lineno, node.col_offset) < built
        for node in ast_walk(loop)
    )  # fmt: skip


def _attached(stmt: ast.stmt, target: str, before: ast.AST, loop: ast.AST, model: ModuleModel) -> list[ast.stmt] | None:
    """What the loops the construction leaves (`before` and the loops in it) build on the
    optimizer (a call handed it, bound to a name): [] when nothing; the statements of
    schedulers built on it that move with it (each a statement of `loop`'s body after the
    optimizer's, alone on its lines, bound nowhere else, reading nothing else the loop
    changes, no statement between reading the optimizer); None when anything else is built
    on it, or a scheduler that cannot move."""
    body: list[ast.stmt] = loop.body  # type: ignore[attr-defined]
    found: list[ast.stmt] = []
    for node in ast_walk(before):
        if node is stmt or not isinstance(node, (ast.Assign, ast.AnnAssign)) or not isinstance(node.value, ast.Call):
            continue
        call = node.value
        handed = [a for a in (*call.args, *(k.value for k in call.keywords)) if dotted(a) == target]
        if handed and _steps_what_it_is_handed(call, target, model):
            continue  # `value = train_step(model, opt, x, y)`: steps it, keeps no hold of it
        if not handed:
            if any(isinstance(n, (ast.Name, ast.Attribute)) and dotted(n) == target for n in ast_walk(call)):
                return None  # (built on it in another way: `Lookahead(base=opt)` in a lambda, a wrapper)
            continue
        if not _scheduler_moving_with(node, call, target, loop, body, stmt, model):
            return None
        found.append(node)
    return sorted(found, key=lambda s: s.lineno)


def _scheduler_moving_with(
    node: ast.Assign | ast.AnnAssign, call: ast.Call, target: str, loop: ast.AST, body: list[ast.stmt], stmt: ast.stmt, model: ModuleModel
) -> bool:
    """`scheduler = StepLR(optimizer, step_size=30)` right after the optimizer in the loop's body
    (no statement between reads the optimizer), alone on its lines, bound nowhere else, read
    nowhere before it, reading nothing else the loop changes."""
    qualified = model.facts.imports.qualify(call_name(call) or "") or ""
    if not qualified.startswith(_SCHEDULER_MODULES):
        return False
    name = dotted(node.targets[0]) if isinstance(node, ast.Assign) and len(node.targets) == 1 else dotted(node.target) if isinstance(node, ast.AnnAssign) else None
    if name is None or not any(s is node for s in body) or not any(s is stmt for s in body):
        return False
    at, start = next(i for i, s in enumerate(body) if s is node), next(i for i, s in enumerate(body) if s is stmt)
    if at < start or any(
        isinstance(n, (ast.Name, ast.Attribute)) and dotted(n) == target for s in body[start + 1 : at] for n in ast_walk(s)
    ):
        return False
    if not model.source.alone_on_lines(node) or not _sole_binding(node, name, model) or _read_before(loop, name, node):
        return False
    others = [a for a in (call.func, *call.args, *(k.value for k in call.keywords)) if dotted(a) != target]
    return not any(reads_what_the_loop_changes(other, loop) for other in others)  # type: ignore[arg-type]


def _outermost_loop(stmt: ast.Assign | ast.AnnAssign, target: str, loop: ast.AST, model: ModuleModel) -> ast.AST:
    """Where the construction goes: before `loop`, or before the loops around it that run it on
    every iteration (through `with` and `try` blocks), change nothing the construction reads,
    read the optimizer nowhere before it, and load no state: moved only before the batch loop,
    the optimizer would still start over on every epoch."""
    where = loop
    while True:
        outer = loop_around(where, model)
        if outer is None or ends_early(outer) or reads_what_the_loop_changes(stmt.value, outer, own=True):  # type: ignore[arg-type]
            return where
        if _read_before(outer, target, stmt):
            return where
        text = model.source.segment(outer)
        if "load_state_dict" in text or "param_groups" in text or "add_param_group" in text:
            return where
        where = outer
