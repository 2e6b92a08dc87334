from __future__ import annotations

from gradfix import syntax as ast
import os
import re

from gradfix.analysis.accumulation import Accumulation, _enumerate_start, accumulation_of, loop_invariant, mode_guards
from gradfix.analysis.bindings import LoopBindings, loop_bindings
from gradfix.analysis.state_entries import caller_function, lasting_entry, named_the_same, read_entry
from gradfix.analysis.by_hand import unseen_gradient_handling
from gradfix.analysis.graphs import IterationFlow
from gradfix.analysis.clear_signature import lacks_zero_grad
from gradfix.analysis.loops import ModuleModel, _assigned_callees, called_names, zipped_variables
from gradfix.analysis.manual_updates import manual_updates
from gradfix.analysis.model import ClearScope, EventKind, GradEvent, TrainingLoop
from gradfix.analysis.facts import FunctionInfo
from gradfix.analysis.frameworks import framework_of
from gradfix.analysis.steps import cleared_around, handed_out
from gradfix.analysis.assignments import assigned_values
from gradfix.analysis.names import call_name, dotted, method_name, positional, receiver, root_name
from gradfix.transforms._accumulation import clear_edits, scaler_update
from gradfix.transforms._placement import skipped_by_jump
from gradfix.transforms._common import (
    after_the_attack,
    backward_for_an_input_first,
    below,
    clear_call,
    indented_block,
    iteration_start,
    new_statement,
    owned_events,
    runs_once,
    single_call_statement,
)
from gradfix.transforms.base import Finding, Fix, InsertStatements, ReplaceNode, Rule, Safety
from gradfix.patterns import lazily
from gradfix.source import FUNCTIONS, LOOPS, TRIES, Source
from gradfix.walk import ast_walk, child_nodes

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator


class MissingZeroGrad(Rule):
    """
    An optimizer is stepped in a training loop whose iterations never clear its gradients.

    ## What it does
    Finds `for`/`while` loops that run `backward()` and `optimizer.step()` (or
    `scaler.step(optimizer)`) every iteration without ever calling `optimizer.zero_grad()`
    (or `model.zero_grad()`, or setting `p.grad = None`) inside the loop. Clearing once
    before the loop does not count. A `torch.optim.LBFGS` whose closure never clears is
    reported even when the loop clears before `step(closure)`: LBFGS evaluates the closure
    several times per step, each backward adding onto the last (the fix clears first in the
    closure; not when every construction passes `max_iter=1`: one evaluation per step, after
    the loop's clear), and so is a single `optimizer.step(closure)` of an LBFGS outside any loop (a
    one-shot fit, such as temperature scaling; not with `max_iter=1` or a `max_iter` gradfix
    cannot read; a parameter of the function, `max_iter=steps`, is read from what every call
    of it in the project passes, or its default when nothing passes it) whose closure, a `def` of the same function or of the module, calls `backward`
    and neither clears nor calls a function of the module that does. So is a step written with its backward in one arm of an `if` on a setting (`if
    plain_mode:`, a test that calls nothing and reads no name the loop binds) when every clear
    of the optimizer is in the other arm: a run that takes the first arm never clears (the fix
    clears first in that arm); also when each arm holds only a backward and the step follows
    the `if` (`if double: opt.zero_grad(); (2 * loss).backward()` / `else: loss.backward()`;
    `opt.step()`). So is a loop whose every clear of the optimizer is written under a test
    of its first pass (`if i == 0:`, `if not i:`, `i < 1` with `i` the loop's count from 0:
    `for i, batch in enumerate(loader)`, also in `tqdm(...)`, or `for i in range(n)`; `i` not
    rebound in the body) while its step is
    not: after the first iteration nothing clears (the fix clears at the start of each
    iteration); so is one whose every clear is written under a test of its last pass (`if i ==
    len(loader) - 1:`, `i + 1 == len(loader)`, with `loader` the plain name `enumerate(loader)`
    or `zip(itertools.count(), loader)` counts over) while its step is under no test: every
    step of a pass applies the gradients piled up since the pass before ended (the same fix).
    So is one whose every clear is written under a periodic test of the count (`if (i + 1) % 4
    == 0:`, `if not i % self.every:`) while its step and every backward run on every
    iteration: clearing every fourth batch does not make the batch larger, each step applies
    the gradients summed since the last clear (report only: a window stepping when it clears
    and a clear per step are both plausible intents).
    Both tests are also read in a `while True:` loop that counts a stream's batches by hand
    from 0 (`it = iter(loader)` and `i = -1` just before it, its body starting with `try: x, y =
    next(it)` / `except StopIteration: break`, then `i += 1`), and in a step function (a
    subclass's override of the hook its base's loop calls) whose every call, in a loop of the
    file, hands the tested parameter that loop's `enumerate` count (`self.train_step(i, x, y)`).
    A helper that both clears and steps, called straight in a loop's body with the loop's
    `enumerate` count, that clears only under `if p == 0:` of the parameter handed that count
    (`Recipe.step(i, x, y)`) is reported as a first-pass clear too, without a fix (the clear to
    move sits in the helper).
    So is a loop whose every clear of the optimizer is a statement of its body
    written after an `if` that tests a loss for `nan`/`inf` (`if not torch.isfinite(loss):`,
    `math.isnan(...)`) and ends the iteration by `continue`, itself written after the
    iteration's backward (every `continue` there such a test: a window's `if (i + 1) % n != 0:
    continue` keeps the skipped gradients on purpose): a skipped batch leaves its gradients to the
    next step (the fix clears first in the body). So is one whose `if` reads the loss of a
    backward before it instead (`if loss.item() > cap: continue`, also through a name bound from
    the loss after that backward, `value = loss.item()`), and a step function (an Ignite process
    function, a helper a loop calls per batch) whose `if` of either kind ends it by `return`
    (the fix clears first in the function, after its docstring); and one whose only clears sit in an `except` block that ends by `raise`
    or `continue` (an out-of-memory retry: `except RuntimeError: opt.zero_grad(); continue`):
    the iterations that train never clear. A loop that calls an object of a class of the file whose `__call__`
    backpropagates (`step = TrainStep(model, opt)` ... `step(x, y)`) runs that `__call__`,
    looked into like a method (the clear goes first in it); so does one that calls the function
    a factory of the file defines and returns (`train_step = make_train_step(model, opt)` ...
    `train_step(x, y)`, also one of a tuple of its functions it returns, unpacked where it is
    called: `step, end_epoch = make_steps(model, opt)`; at the module's top level also under the
    closure's own name, `one_batch = make(net)` with `def one_batch` in `make`), its free names read as the factory's arguments; a factory imported by
    name from another module of the project (`from engine import make_train_step`) is judged
    there, like a step function of that module (callers that clear around the call make it
    unknown: silent); so is the function such a factory returns to Ignite's engine in another
    module (`Engine(make_update(model, opt))` in train.py; unknown when a handler of an
    `ITERATION_*` event there may clear). An entry of a dict of step functions read by a constant key
    (`STEPS = {"sup": sup_step}` ... `STEPS["sup"](model, opt, batch)`, or `step =
    STEPS["sup"]` ... `step(...)`), the dict bound once (in the file, or at the top of the
    module of the project it is imported from) and written into by neither, runs that
    function (judged in its module); so does a dict literal of the file's functions indexed
    where it is called (`{"sup": sup_step, "probe": probe_step}[KIND](model, opt, x, y)`), and
    the key may be a module constant (`KIND = "sup"` at the top of the file, the file's one
    binding of that name: no parameter, no `global` rebinding it). A call of an event bus's dispatcher with a constant event
    (`emit("batch", ctx, i, x, y)`, `def emit(event, *args): for h in HANDLERS.get(event, []):
    h(*args)`) runs the handlers registered under that event, in the order the module registers
    them (`@on("batch")` of a decorator factory of the file appending the function, or
    `HANDLERS["batch"].append(fn)` / `register("batch", fn)` at the top of the file), when the
    dict is bound once and named nowhere else (no `clear`, `pop`, rebinding, registration
    under a name read at run time, nor an import of it or of its factory by another module of
    the project: then the call is not read). A `@staticmethod` or
    `@classmethod` of a class of the file called on the class (`Trainer.train_step(model, opt,
    x, y)`) is looked into like a function of the module (a `@classmethod`'s `cls.o` is the
    optimizer the class body binds to `o`). A step function imported under one name in several
    arms (`try: from .fast import train_step` / `except ImportError: from .slow import
    train_step`, or the arms of an `if`) is judged in each arm's module, with the loop's clears
    around the call: whichever arm runs, its step function is the loop's. A step function a
    package's `__init__.py` re-exports (`from .steps import train_step`) is judged with the loops
    of the files that import it from the package (`from core import train_step`). A subclass's override
    of the step method a base class of another module calls in its loop (`class
    MyTrainer(BaseTrainer): def train_step(self, batch): ...`, `BaseTrainer.fit` in trainer.py
    looping over `self.train_step(batch)`) is judged in the subclass's module, with the base
    loop's clears around the call, when something builds or imports the subclass and it does
    not override the loop's method too. A hook the loop calls on `self` that its class
    writes as a stub (`def before_batch(self): pass`) runs the override of the one subclass
    that writes one, of the module or of another module of the project (`class
    Trainer(Base): def before_batch(self): self.opt.zero_grad()` in trainer.py): its clear
    counts where the hook is called (before the backward: no finding; between the backward
    and the step: GF002); when several subclasses of other modules override it, one touching
    gradients, the loop is unknown and the rule is silent. A hook or helper inherited from a base
    class or mixin of another module whose bytes say no gradient word (`class Trainer(Base,
    CountingMixin)`, `before_batch` in mixins.py) is read like a method of the file, when each
    method of `self` it calls is its own class's there. A function of such a module that the
    iteration hands the optimizer to (`log_lr(opt)` of
    log_utils.py reading `opt.param_groups`) is read like one of the file, its calls judged as written. A method's parameter stepped in its loop (`def fit(self,
    o, batches)`) is an optimizer when the file's calls of the method (a name one class of the
    file alone defines: `Regressor(net).fit(opt, batches)`) pass it only a built optimizer.
    A parameter of the function around the loop, not annotated and not bound again there, whose
    method the loop calls (`def run(agent, env): ... agent.learn()`) is an object of the one
    class of the file that defines that method (not a name common objects have, such as
    `update`, `act` or `train`), its method judged as a step function: not when two classes
    define it, nor when a call of the function in the file passes for the parameter anything
    but an object built by that class (`run(PPO("MlpPolicy", env), env)`, `run(make(), env)`).
    An attribute bound once in the module, in `__init__`, to a method of the same class
    (`self.step_fn = self.train_step`) and called by the loop (`self.step_fn(batch)`) runs that
    method, judged as if the loop called it by name; an attribute bound anywhere else too is not
    followed. Optimizers stepped together through a collection (`for o in (enc_opt, head_opt): o.step()`,
    or over a name bound once to a list or tuple of them and never grown, `for o in self.opts:`)
    while the iteration clears only some of them are judged one by one: the one never cleared
    is reported and cleared as a named one would be (`for o in opts: o.zero_grad()` clears
    every element). So is a dict literal of optimizers bound once and never changed (`opts =
    {"enc": Adam(...), "dec": Adam(...)}`, each value built in it or a distinct name), stepped by
    `for o in opts.values():` (or `.items()`) or by `opts[name]` in `for name in ("enc",
    "dec"):`, its entries named as the literal writes its keys (`opts["dec"].zero_grad()` goes in
    beside the existing clear). Lightning's `opts = self.optimizers()` (manual optimization) holds what the
    module's `configure_optimizers` returns, in its order: when its one `return` gives a list
    or tuple literal of two or more (optimizers, `{"optimizer": ...}` dicts, or the first list
    of `[opt_a, opt_b], [sched]`), `opts[i]` is each of them (the clear of the one never cleared
    goes after the list's binding); of an unknown length, `opts[*]` is reported without a fix
    when some are cleared by index. A list comprehension written as a statement of its own, `[o.step() for o
    in opts]` (or `[o.zero_grad() for o in opts]`), is read as that `for` loop. A lambda that
    only steps (`update = lambda: opt.step()`, called `update()`; or each of a list or tuple of
    them, `hooks = [lambda: opt.step(), lambda: sched.step()]` run by `for h in hooks: h()`),
    the name bound once in the module, in the scope of the loop, and the list read nowhere else,
    steps where it is called (reported at the lambda's step, without a fix); a lambda that may
    clear or backpropagate stays code gradfix cannot see.

    A hand-written SGD step is a step too: a loop whose gradient work is only unconditional
    backward passes and updates of leaf tensors built with `requires_grad=True` (or
    `nn.Parameter`) from their own `.grad` (`w -= lr * w.grad` under `torch.no_grad()`, `w.data
    -= lr * w.grad.data`, `w.data.sub_(lr * w.grad)`, `w.add_(w.grad, alpha=-lr)`), every
    `.grad` of the loop read in those updates or only read into a new value (a log of
    `w.grad.norm().item()`, `.clone()`, `.abs()`; `w.grad is None`), nothing clearing them
    (`w.grad.zero_()` or `w.grad = None` in the loop, a `zero_grad()`, a helper call touching
    gradients or handed a `.grad`: silent), and the tensors never rebound in the loop (`w = (w
    - lr * w.grad).detach().requires_grad_()` makes new leaves). The fix sets each updated
    tensor's `.grad` to None after the updates; no fix when the loop reads a `.grad` after
    that point (the log would read None). The same update of each parameter
    of a module, `for p in model.parameters(): p -= lr * p.grad` (also `p.data.sub_(lr *
    p.grad)`, `p.data.add_(p.grad.data, alpha=-lr)`; a `for` of the loop's body, or of a `with` block in it, whose body is nothing
    but updates of its variable; `parameters()` yields leaf tensors), is such a step: the fix
    sets `p.grad = None` right after the update, inside that `for` (after it, `p` would be the
    last parameter only). So is such a step written in a function of the module that a
    statement of the loop's body calls (under no `if`), named nowhere else in the file, whose
    body is only simple statements (a last `return`), `with` blocks and such parameter loops,
    with its backward among them (`def descend(net, xb, yb): loss.backward(); with
    torch.no_grad(): for p in net.parameters(): p -= lr * p.grad`); the fix edits the helper.

    ## Why is this bad?
    `backward()` adds into `.grad`; it never overwrites. Without a clear, every step applies
    the sum of all gradients since the loop began: the effective learning rate grows step
    by step, the loss wobbles or diverges, and may turn NaN.

    ## Example
    ```python
    for x, y in loader:
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
    ```

    ## Use instead
    ```python
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
    ```

    ## Fix safety
    Safe. The fix inserts `opt.zero_grad(set_to_none=True)`, once per optimizer the iteration
    steps and never clears, where a hand-fixed loop clears (below). It inserts `opt.zero_grad()`
    instead when `opt` may be an instance of a class whose `zero_grad` takes no `set_to_none`
    (the argument would raise a TypeError): a class of the project that defines such a
    `zero_grad` or inherits one from a base of the project, wherever the project defines it
    (package re-exports followed), or a library optimizer known for it (Apex's fused optimizers,
    `FP16_Optimizer` and `LARC`, an optimizer Apex's `amp.initialize` hands back with master
    weights, DeepSpeed's `FusedAdam` and `FusedLion`), or a class of another library that gradfix
    does not read (DGL's `SparseAdam`: a bare clear is the call every optimizer takes). Which class `opt` is comes
    from the bindings of `opt` that the loop's code sees (its function's own, else the
    enclosing ones', else the module's; `self.opt` from the class's methods), followed through
    aliases, conditional expressions, `accelerator.prepare(...)` and factory functions of the
    project; a parameter may be anything the module binds to that name or passes for it (also a
    timm loss scaler built right in the call, `train_one_epoch(model, loader, opt,
    NativeScaler())`, or handed to a method, `runner.run_epoch(loader, scaler)`, or handed by
    every call of the project's other modules, `train_one_epoch(..., loss_scaler)` of MAE's
    engine.py called from main.py with `loss_scaler = NativeScaler()`: its call
    backpropagates and steps the optimizer it is given; the message then names that call). A
    loss scaler of a class of another module of the project (MAE's `loss_scaler =
    NativeScalerWithGradNormCount()` from `util/misc.py`) is read through that class's
    `__call__`; its step under `if update_grad:` is reported without a fix. A class
    gradfix cannot read keeps torch's contract. No clear is inserted (the finding has no fix) when
    `opt` may be an instance of a class of the project that, with its bases, defines no
    `zero_grad` at all (a wrapper that only steps the optimizer it holds). The places:

    - at the start of the iteration (in a step function, after its docstring);
    - when every backward runs in the closure handed to the step (`optimizer.step(closure)`,
      which LBFGS calls several times per step), first in that closure (after its docstring),
      as torch documents it (also a method of the class handed as the closure,
      `self.optimizer.step(self.loss_func)`, and a function of the module bound with
      `functools.partial`, `opt.step(functools.partial(closure_fn, opt, x, y))` or a name bound
      once to it, where the clear is written with the name of the parameter the partial gives
      the optimizer, and there is no fix when it gives it none); no fix when the closure is not a `def` of the loop's function
      (or module) named by the step;
    - when another optimizer steps earlier in the iteration and a backward runs between that
      step and this one (a GAN's generator section), right after that earlier step (after the
      `scaler.update()` that directly follows it), or, when it steps in a helper called alone
      on a line of the loop's body that backpropagates nothing after its step, right after
      that call;
    - for a prepared optimizer stepped inside `accelerator.accumulate()`, right after its step
      (also in a step function that a loop of the file or project calls inside that block: its
      top runs on a window's last micro-batch before the backward, where the clear would act);
    - for an optimizer built inside the loop over objects that outlive the iteration, right
      after the one top-level statement building it;
    - when the step and the backward it applies run under the same `if` (a WGAN's generator
      under `if i % n_critic == 0:`, `if torch.isfinite(loss):`), and every other backward of
      the iteration belongs to another optimizer's section, first in that `if`'s block;
    - in a recognised accumulation loop (see GF005), right after the optimizer's step in the
      periodic `if` (after the `scaler.update()` that directly follows it), and after every
      tail-flush step of that optimizer later in the function that no clear of it follows;
    - for a pipeline of stage functions run in turn over a state dict (`for stage in (forward,
      backward, update): state = stage(state)`, one stage backpropagating and another stepping),
      first in the batch loop around the stages' loop (never first in the stages' loop: that
      would clear before every stage, between the backward and the step), when the stages'
      loop is a plain statement of that body and the stage reads its optimizer out of the
      state (`opt = state["opt"]`) from an entry the caller writes once, before and outside its
      loops, from its own name `opt`; else reported without a fix. Such an entry is the
      caller's object at every call (the module writes that key nowhere else, no `**`, `pop`,
      `del` or `update` of it), so a clear of the caller's batch loop clears each pass.

    It reports without a fix when the loop body shares the header's line; the optimizer is an
    element of a collection (`for o in optimizers: o.step()`), or picked by a key a statement of
    the loop's body binds (`for name in keys: opts[name].step()`: no clear before the backward
    names it); the step sits in a helper that
    names the optimizer itself, which the loop cannot name; an Accelerate step is not a call
    alone on its line; the earlier optimizer's step runs in a helper, a branch or a nested loop
    (but for a nested loop that clears and steps that optimizer itself, a WGAN's `for _ in
    range(n_critic):` critic loop: then right after that loop, when no backward of the
    iteration's own comes before it),
    is not a call alone on its line, or comes before the statement building this optimizer; the
    optimizer is built inside the loop by more than one statement, or after the first backward;
    in an accumulation loop, the step sits in a helper, the `if` body shares the `if`'s line, or
    the statements after the loop cannot be placed; the step is a loss scaler's call that steps
    only when its `need_update=` keyword is true (timm's `loss_scaler(loss, opt,
    need_update=(i + 1) % accum == 0)`): a clear at the top of the iteration would wipe the
    window the keyword opens, and the window model reads windows from `if` statements only.

    The rule is silent when:

    - the stepped optimizer is a plain name nothing in the module binds, spelt almost like one
      it does bind (`scaler.step(optimzer)` beside `optimizer`: a typo; the code raises a
      NameError there, and a clear would repeat the typo);
    - the loop calls code gradfix cannot see into that may clear, step or backpropagate (also
      `cb.on_batch_end(step)` over a list of callbacks, when a class of the file defines a hook
      of that name that clears; not a scheduler's `scheduler.step_update(n)`, nor, in an
      iteration that clears by itself, a `..._step` method whose result it backpropagates:
      `pred, loss = model.training_step(batch)`), or its body ends in `break`, `return` or
      `raise` (it runs once);
    - any clear in the iteration is not an optimizer's own (`model.zero_grad()`,
      `p.grad = None`, `p.grad.zero_()`: GF008's business; not a clear by hand of a tensor
      the iteration makes, such as a PGD attack's `delta.grad.zero_()` after `delta =
      torch.zeros_like(x, requires_grad=True)`: no parameter), or clears an optimizer the
      iteration does not step (an alias);
    - the iteration calls a model whose `forward` (or `__call__`) clears its own gradients
      (`self.zero_grad()` in the `forward` of the class `tagger = Tagger(...)` or `self.net =
      nets.Scorer(...)` builds, of the module or of the module it is imported from, a `from
      model import *` included): each call clears before its backward;
    - every caller of a step function clears its optimizer around the call (a clear another
      helper of the iteration makes of the optimizer it steps itself, a GAN's `d_step(D, opt_d,
      ...)`, is that optimizer's alone: it counts neither for a step function stepping another
      optimizer nor for another optimizer the loop steps itself);
    - the optimizer clears itself after each step: a step post-hook that calls `zero_grad`
      (`opt.register_step_post_hook(...)`, torch's `register_optimizer_step_post_hook(...)`;
      a pre-hook, `opt.register_step_pre_hook(...)`, clears before each step: GF002's), or
      a class of the module whose own `step()` calls `zero_grad` or sets `p.grad = None`, or
      whose last call of another method of the class clears (SAM's `second_step()`: a
      `self.zero_grad()` in its own body, or under `if zero_grad:` when the call passes
      `zero_grad=True`);
    - nothing is cleared and, before the first backward and under no condition, a statement
      that is only a call hands the model (or its parameters or gradients) to code gradfix
      cannot see into (`begin_batch(model)` from a library): that call may clear;
    - the step runs in a step function the loop calls (judged there; a method a
      LightningModule's `training_step` calls once, at its own top level, under manual
      optimization, `self._update(loss)`, is one, unless `training_step` or a per-batch hook
      clears anything itself), steps through an engine
      that clears by itself (DeepSpeed), or belongs to Lightning's `self.optimizers()`;
    - the optimizer is built inside the loop over tensors or a model made there too, or over
      something gradfix cannot tell (an optimizer the loop's target draws from collections
      the loops around it keep, `for model, opt in zip(models, opts):`, `enumerate(zip(...))`,
      `opts.items()`, inside a batch loop, is the same optimizers again each batch, like
      `optimizers[m]` under `for m in range(len(models))`: reported, and cleared first in that
      inner loop);
    - a loop inside another loop hands out the optimizer it steps (`opts[m]`, `for model, opt
      in zip(models, opts)`, `for opt in opts`, also to a step function) and a loop around it
      clears outside it, or calls code gradfix cannot see there (`for o in opts:
      o.zero_grad()` at the top of the batch): that clear may be each optimizer's;
    - a loop with no loop around it hands out a different optimizer each iteration, picked by
      its counter (`for idx in range(2): ... optimizers[idx].step()`, `for k, net in
      enumerate(nets)`: `opts[k]`, `for name in ("g", "d")`: `opts[name]`, or a `while`
      loop's counter set right before it, compared with a bound and bumped once at the end of
      the body, `i = 0; while i < len(opts): ...; i += 1`) together with
      what it trains (`models[idx](x)`): one step per optimizer over its own model, as in a
      check that two implementations take the same first step; so is a step function whose
      only callers hand it such a pair (`run(models[idx], optimizers[idx])`, or both bound by
      the loop's target, `for model, opt in zip(models, opts)`; with other callers, those
      judge it). An optimizer handed out alone (`for k in range(2): run(net, opts[k])`: the
      second step also applies the first backward's gradients) or picked by an index read
      from the data (`for part, x, y in batches`: `opts[part]`, which may repeat) is still
      reported;
    - the step is conditional for any reason but a recognised accumulation window (steps in
      both branches of one `if`, as timm's `if loss_scaler is not None: loss_scaler(loss,
      optimizer)` / `else: ...; optimizer.step()`, are one step on every iteration; so are a
      step and every backward under the same test of the loop's mode, `if phase == "train":`
      in the tutorial's train/val loop: a test that calls nothing and reads no name the loop
      binds (when that test reads the optimizer, `if optimizer is not None:` in a function that
      also evaluates with `optimizer=None`, or a flag the function binds only from it,
      `learning = opt is not None`, or any such test when the optimizer is a parameter
      defaulting to `None`, the clear goes first in its block, not at the top of the
      iteration, where it would call `None.zero_grad()`); and so is a step under such tests alone, a setting like `if self.train_backbone:`:
      when it steps, it steps on every iteration -- fixed by a clear right after the step,
      under the same test, which is also right for a step helper told by its caller when to
      step, `if do_step: optimizer.step()`; and so is a step written with its backward in the
      block of any `if`, when no other backward of the iteration is left for this optimizer
      to accumulate: each guarded step applies the gradients piled up since the last one; and
      so is a step under tests that only compare with `<` or `<=` (no `%`) in a module that
      clears no gradient anywhere, `if iteration < opt.iterations:` in a 3D Gaussian-splatting
      trainer: fixed by a clear right after the step, under the same test).

    Not taken for a step: `obj.optimizer_step(opt, ...)` of an object of the project (a training
    strategy's method is looked into: OpenRLHF's steps and clears) or of one gradfix cannot see;
    torch_xla's `xm.optimizer_step(opt)` is a step. The fix at the top of the iteration is unsafe
    when a helper of the iteration backpropagates before the backward the step applies, or a
    gradient is read between an earlier backward and that one (an FGSM attack's
    `loss.backward()` for the input's gradient, written in a helper or inline, fills the
    parameters' gradients too: the clear belongs after it); the clear then goes right after
    the statement of the iteration's body that holds the attack (its last earlier backward or
    gradient read: `x_adv = fgsm(model, x, y)`, a PGD loop), where a hand-fixed loop clears,
    when the backward the step applies comes in a later statement of that body. When what is
    read there is not made by the iteration (SAM by hand: the ascent reads the parameters' own
    `.grad`, `[p.grad for p in params]`), a clear also goes first in the iteration: the last
    step's gradients would steer the ascent. An iteration that clears only before such an
    attack is reported too, when every gradient the attack reads is of an input the iteration
    makes (`delta = torch.zeros_like(x, requires_grad=True)`, `probe =
    x.clone().requires_grad_(True)`) and the loss the step applies reads that input (`net(x +
    delta.detach())`): the attack's backward passes add into the parameters' gradients after
    the clear. The unsafe fix clears again right after the attack. Not reported when the
    training loss does not read the perturbed input (FreeLB-like ascents whose parameter
    gradients are meant to add up), nor for an attack in a helper.

    Also the optimizer in backward: a hook registered with `p.register_post_accumulate_grad_hook(hook)`
    (on each parameter, in a `for` or a list comprehension) runs inside every `backward()` the
    loops after the registration run. A hook (a function of the same scope, defined before the
    registration) whose body is only steps of `D[p]` (`D` a dict comprehension of torch optimizers,
    one per parameter, or `D = {}` filled by the `for` right after it), per-parameter clips and
    schedules (after an opening `if p.grad is None: return`, never true there), and no clear (`D[p].zero_grad()`,
    `p.grad = None`, `p.grad.zero_()`), in a module whose loops after the registration clear
    nothing, step nothing themselves, read no `.grad` and call nothing gradfix cannot see into, is
    reported at the step: each step applies the sum of every gradient since the first iteration.
    The fix clears right after the step, `D[p].zero_grad()`, as torch's recipe does (not when
    the hook steps twice, or clips after the step: those would find no gradient). A hook
    removed (`handle.remove()`) before a loop does not run in it. A lambda of one parameter
    handed to the registration whose one expression is such a step
    (`p.register_post_accumulate_grad_hook(lambda q: D[q].step())`) is read as that hook and
    reported without a fix (a lambda takes no second statement).

    A LightningModule (or a subclass of one of the file) overriding `optimizer_zero_grad(self,
    epoch, batch_idx, optimizer)` with a body that does nothing (`pass`, `...`, a docstring)
    under automatic optimization is reported at the override: Lightning clears only through
    that hook, so every step applies the gradients of all batches since training began. Silent
    when the class, its bases or subclasses of the file, a class of the file that is no
    LightningModule (a callback's `on_before_zero_grad`) or a function of the file names
    `automatic_optimization` (manual optimization never calls the hook) or clears otherwise
    (`zero_grad`, a write to `.grad`, an `optimizer_step` override); another LightningModule of
    the file, and a gradient read for logging, do not silence it. The fix (unsafe: the
    override was written on purpose) makes the body Lightning's default, `optimizer.zero_grad()`,
    when it holds one `pass` or `...`. So is, at its `if`, an override whose body is one `if` (no
    `else`) clearing only when the epoch or the batch index is 0 (`if batch_idx == 0:
    optimizer.zero_grad()`, `if not epoch:`): every step after the first of each epoch (or of
    training) applies the gradients of all batches since; the fix (unsafe) keeps the clear and
    drops its `if`.
    """

    code = "GF001"
    name = "missing-zero-grad"
    message = "`{opt}.step()` applies gradients accumulated since the loop began: clear them each iteration"
    accumulation_message = (
        "`{opt}.step()` applies gradients accumulated since the loop began: clear them after each accumulation step"
    )
    call_message = "`{call}` steps `{opt}` with gradients accumulated since the loop began: clear them each iteration"
    skipped_message = (
        "`{opt}` is cleared only after a `continue` that skips a non-finite loss after its"
        " backward: the skipped batch's gradients reach the next step; clear them each iteration"
    )
    skipped_loss_message = (
        "`{opt}` is cleared only after a `{jump}` that skips a batch by its loss after its"
        " backward: the skipped batch's gradients reach the next step; clear them each iteration"
    )
    attack_message = (
        "`{opt}` is cleared before an attack whose backward passes add into its parameters' gradients too:"
        " `{opt}.step()` applies them with the training loss's; clear them after the attack"
    )
    first_pass_message = (
        "`{opt}` is cleared on the loop's first iteration only: every later `{opt}.step()` applies gradients "
        "accumulated since then; clear them each iteration"
    )
    last_pass_message = (
        "`{opt}` is cleared on the loop's last iteration only: every `{opt}.step()` before it applies gradients "
        "accumulated since the last clear; clear them each iteration"
    )
    periodic_message = (
        "`{opt}.step()` runs on every iteration but `{opt}` is cleared only every few: each step applies the "
        "gradients summed since the last clear; clear them after each step, or step only when you clear"
    )
    call_accumulation_message = (
        "`{call}` steps `{opt}` with gradients accumulated since the loop began: clear them after each accumulation step"
    )
    closure_message = (
        "`{opt}.step(closure)` evaluates the closure several times per step (LBFGS) and the closure never"
        " clears: each evaluation's gradients add onto the last; clear first in the closure"
    )
    arm_message = (
        "`{opt}.step()` runs in an arm of an `if` on a setting that never clears (only the other arm"
        " does): a run that takes this arm applies gradients accumulated since the loop began; clear them there too"
    )
    after_arm_message = (
        "`{opt}.step()` follows an `if` on a setting whose arm without a clear backpropagates (only the other"
        " arm clears): a run that takes that arm applies gradients accumulated since the loop began; clear them there too"
    )
    manual_message = (
        "`{update}` applies gradients accumulated since the loop began (nothing clears `{name}.grad`):"
        " clear them after each update"
    )
    grad_hook_message = (
        "`{opt}.step()` runs in the gradient hook `{hook}` on every `backward()`, and nothing clears the"
        " gradients: each step applies the sum of all gradients since the first iteration; clear after the step"
    )
    first_batch_override_message = (
        "`{hook}` clears only when `{test}`: under automatic optimization Lightning clears gradients only"
        " through this hook, so every later step applies the gradients of all batches since that clear;"
        " clear on every call"
    )
    idle_override_message = (
        "`{hook}` is overridden to do nothing: under automatic optimization Lightning clears gradients only"
        " through this hook, so every step applies the gradients of all batches since training began; clear"
        " them here (`{opt}.zero_grad()`, Lightning's default)"
    )
    safety = Safety.SAFE

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        if model.facts.classes:
            yield from self._idle_clear_overrides(model)
            if "optimizer_zero_grad" in model.source.text:
                yield from self._first_batch_clear_overrides(model)
        seen: set[int] = set()
        for loop in model.loops:
            if loop.is_unknown or (not loop.is_step_function and runs_once(loop.node)):
                continue
            for finding in self._check_loop(loop, model):
                seen.add(id(finding.node))
                yield finding
            finding = self._manual_update(loop, model)
            if finding is not None:
                yield finding
        if "LBFGS" in model.source.text:
            for finding in self._one_shot_lbfgs(model):
                if id(finding.node) not in seen:
                    yield finding
        if b"register_post_accumulate_grad_hook" in model.source.data:
            for finding in self._hook_steps(model):
                if id(finding.node) not in seen:
                    seen.add(id(finding.node))
                    yield finding

    def _first_batch_clear_overrides(self, model: ModuleModel) -> Iterator[Finding]:
        """Lightning's `optimizer_zero_grad` overridden to clear only when the epoch or the batch
        index is 0 (gradfix/analysis/frameworks.py `first_batch_clear_overrides`): reported at
        its `if`; the fix (unsafe, as for an idle override) clears on every call, the `if`
        replaced by its clear."""
        from gradfix.analysis.frameworks import first_batch_clear_overrides

        source = model.source
        for cls, hook, guard, clear in first_batch_clear_overrides(model.facts):
            if _a_callback_elsewhere_may_clear(model, cls.name):
                continue
            fix = None
            if source.alone_on_lines(guard) and source.alone_on_lines(clear) and len(guard.body) == 1:
                fix = Fix([ReplaceNode(guard, source.code(clear), guard)], Safety.UNSAFE)
            yield Finding(
                self.code,
                self.first_batch_override_message.format(hook=hook.name, test=source.code(guard.test)),
                guard,
                fix=fix,
            )

    def _idle_clear_overrides(self, model: ModuleModel) -> Iterator[Finding]:
        """Lightning's `optimizer_zero_grad` overridden to do nothing in automatic optimization
        (gradfix/analysis/frameworks.py `idle_clear_overrides`): reported at the override; the
        fix (unsafe) replaces its one `pass`/`...` by `optimizer.zero_grad()`, Lightning's
        default body (tests/behaviour/test_lightning_idle_zero_grad_override.py)."""
        from gradfix.analysis.frameworks import idle_clear_overrides

        for cls, hook, optimizer in idle_clear_overrides(model.facts):
            if _a_callback_elsewhere_may_clear(model, cls.name):
                continue
            body = [stmt for stmt in hook.body if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str))]
            fix = None
            if optimizer is not None and len(body) == 1 and not isinstance(body[0], ast.Return) and model.source.alone_on_lines(body[0]):
                fix = Fix([ReplaceNode(body[0], f"{optimizer}.zero_grad()", body[0])], Safety.UNSAFE)
            yield Finding(
                self.code,
                self.idle_override_message.format(hook=hook.name, opt=optimizer or "optimizer"),
                hook,
                fix=fix,
            )

    def _hook_steps(self, model: ModuleModel) -> Iterator[Finding]:
        """The optimizer in backward (gradfix/analysis/hooksteps.py): a hook registered with
        `p.register_post_accumulate_grad_hook(hook)` that steps `D[p]` and clears nothing, run by
        the `backward()` of a loop after the registration that clears nothing either (no step
        of its own, nothing gradfix cannot see into): each step applies the sum of every
        gradient since the first iteration. The fix clears right after the step,
        `D[p].zero_grad()`, as torch's recipe does
        (tests/behaviour/test_optimizer_in_backward.py); a lambda hook (`lambda q: D[q].step()`)
        is reported without a fix (a lambda takes no second statement)."""
        from gradfix.analysis.hooksteps import hook_steps

        for found in hook_steps(model):
            if found.of_kind("clear"):
                continue
            loops = [lp for lp in found.loops if not runs_once(lp.node)]
            if not loops or any(
                lp.is_unknown or any(e.kind in (EventKind.CLEAR, EventKind.STEP, EventKind.GRAD_READ) for e in lp.events)
                for lp in found.loops
            ):
                continue
            steps = found.of_kind("step")
            for action in steps:
                stmt = action.statement
                call = stmt.value  # type: ignore[attr-defined]
                written = model.source.code(call.func.value)
                fix = None
                later = found.actions[found.actions.index(action) + 1 :]
                if len(steps) == 1 and all(a.kind == "schedule" for a in later) and not found.lambda_:
                    # (a clear before another step or a clip would leave them no gradient)
                    fix = Fix([InsertStatements(stmt, "after", ((f"{written}.zero_grad()", True),))])
                yield Finding(
                    self.code,
                    self.grad_hook_message.format(opt=written, hook=found.name(model.source)),
                    call,
                    fix=fix,
                    related=tuple(lp.node for lp in loops[:1]),
                )

    def _manual_update(self, loop: TrainingLoop, model: ModuleModel) -> Finding | None:
        """A hand-written SGD step (`w -= lr * w.grad` under `no_grad`, on leaf tensors) every
        iteration, with nothing clearing those gradients: the fix sets each `.grad` to None after
        the last update (the next backward writes a fresh gradient, as after `w.grad.zero_()`)."""
        updates = manual_updates(loop, model)
        if not updates:
            return None
        source = model.source
        last = updates[-1].statement
        holder = next((s for s in loop.node.body if any(n is last for n in ast_walk(s))), None)
        fix = None
        loops = list(dict.fromkeys(u.over for u in updates if u.over is not None))
        if loops:
            # `for p in model.parameters(): p -= lr * p.grad`: each parameter's gradient is set
            # to None right after its update, in the parameter loop (after that loop, `p` would
            # be the last parameter only); tensors of the loop updated by name as below
            named = [u for u in updates if u.over is None]
            edits = [InsertStatements(over.body[-1], "after", new_statement(f"{over.target.id}.grad = None")) for over in loops]  # type: ignore[attr-defined]
            ok = all(source.alone_on_lines(over.body[-1]) for over in loops)
            if named:
                last_named = named[-1].statement
                holder = next((s for s in loop.node.body if any(n is last_named for n in ast_walk(s))), None)
                ok = ok and holder is not None and source.alone_on_lines(holder)
                if ok:
                    names = list(dict.fromkeys(u.name for u in named))
                    edits.append(InsertStatements(holder, "after", new_statement("\n".join(f"{n}.grad = None" for n in names))))
            if ok:
                fix = Fix(edits, Safety.SAFE)
        elif holder is not None and source.alone_on_lines(holder):
            names = list(dict.fromkeys(u.name for u in updates))
            fix = Fix([InsertStatements(holder, "after", new_statement("\n".join(f"{n}.grad = None" for n in names)))], Safety.SAFE)
        if fix is not None and _read_after_the_clear(loop, fix, updates):
            fix = None  # `print(w.grad.norm())` after the updates would read the None set there
        first = updates[0]
        update = source.code(first.statement)
        return Finding(
            self.code,
            self.manual_message.format(update=update if "\n" not in update else f"{first.name} -= ...", name=first.name),
            first.statement,
            fix=fix,
            related=(loop.node,),
        )

    def _one_shot_lbfgs(self, model: ModuleModel) -> Iterator[Finding]:
        """`optimizer.step(closure)` of a `torch.optim.LBFGS`, outside any loop of its function
        (a one-shot fit: temperature scaling), whose closure -- a `def` of the same function, or
        of the module -- backpropagates and never clears: LBFGS evaluates the closure up to
        `max_iter` times within that one step, each backward adding onto the last."""
        for scope in [model.module, *(n for n in model.source.nodes if isinstance(n, FUNCTIONS))]:
            for node in _calls_outside_loops(scope):
                if method_name(node) != "step" or len(node.args) + len(node.keywords) != 1:
                    continue
                closure = node.args[0] if node.args else (node.keywords[0].value if node.keywords[0].arg == "closure" else None)
                recv = receiver(node)
                if not isinstance(closure, ast.Name) or recv is None or dotted(recv) is None:
                    continue
                target = model.source.key(recv)
                if not _one_shot_lbfgs_optimizer(target, scope, model):
                    continue
                definition = _definition_in(closure.id, scope, model)
                if definition is None or not _backpropagates_without_clearing(definition, model):
                    continue
                first: ast.stmt | None = definition.body[0]
                if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                    first = definition.body[1] if len(definition.body) > 1 else None
                fix = None
                if first is not None and first.lineno > definition.lineno:
                    fix = Fix([InsertStatements(first, "before", new_statement(clear_call(target, model, definition)))], Safety.SAFE)
                yield Finding(self.code, self.closure_message.format(opt=target), node, fix=fix, related=(definition,))

    def _check_loop(self, loop: TrainingLoop, model: ModuleModel) -> Iterator[Finding]:
        clears = [e for e in loop.events if e.kind is EventKind.CLEAR]
        if clears and any(b.kind == "except" for c in clears for b in c.branches):
            # a clear in an `except` block that ends by raising (`except FloatingPointError:
            # opt.zero_grad(); raise`): no iteration that goes on to the next one ran it; nor
            # one that ends by `continue` (an out-of-memory retry, `except RuntimeError:
            # opt.zero_grad(); continue`): no iteration that trains runs it
            clears = [c for c in clears if not any(b.kind == "except" and _leaves_the_iteration(b.node) for b in c.branches_within(loop.node))]
        if any(c.scope is not ClearScope.OPTIMIZER for c in clears):
            # `delta.grad.zero_()` of an attack's perturbation made in the iteration clears no
            # parameter: not the optimizer's clear, nor GF008's business
            clears = [c for c in clears if not _clears_an_input(c, loop, model)]
            if any(c.scope is not ClearScope.OPTIMIZER for c in clears):
                return  # model.zero_grad() / p.grad = None: covered, or GF008's business
        steps: dict[str, GradEvent] = {}
        judged: set[str] = set()  # optimizers a step function the loop calls steps
        owned = owned_events(loop, model)
        for event in owned:
            if event.kind is EventKind.STEP and event.target is not None:
                if model.in_step_function(event):
                    judged.add(event.target)  # the step function is judged (and fixed) on its own
                    continue
                steps.setdefault(event.target, event)
        if judged:
            if not steps or judged & set(steps):
                # the step function is judged on its own, but not the pass its caller hands it:
                # `if i == 0: opt.zero_grad()` in it, `i` the loop's count from 0
                for target in sorted(t for t in judged if t not in steps):
                    stepped = [e for e in owned if e.kind is EventKind.STEP and e.target == target and model.in_step_function(e)]
                    if len(stepped) == 1 and _cleared_on_the_first_pass_only(loop, target, clears, stepped[0], model.source) == "first":
                        message = self.first_pass_message.format(opt=target)
                        yield Finding(self.code, message, stepped[0].anchor, fix=None, related=(loop.node,))
                return
            # a step function's clear of the optimizer it steps (a GAN's `d_step(D, opt_d, ...)`)
            # clears that optimizer only, not the others the loop steps itself
            clears = [c for c in clears if not (c.target in judged and model.in_step_function(c))]
        cleared = {c.target for c in clears} | loop.cleared_by_callers
        if model.pipeline_loops and id(loop.node) in model.pipeline_loops and loop.enclosing_loops:
            # `for stage in STAGES: ctx = stage(ctx)`: a clear in the batch loop around it, outside
            # the stages, clears before each batch's stages (where `_pipeline_fix` puts it)
            outer = next((t for t in model.loops if t.node is loop.enclosing_loops[-1]), None)
            if outer is not None:
                cleared |= {
                    e.target for e in outer.events
                    if e.kind is EventKind.CLEAR and e.target is not None and not any(lp is loop.node for lp in e.loops)
                }  # fmt: skip
        if cleared - set(steps) and any(k is not None and k.endswith("]") for k in (*steps, *cleared)):
            # `for o in (enc_opt, head_opt): o.step()` with only `enc_opt.zero_grad()`: judged
            # element by element when every collection's elements are known (a dict literal's
            # too: `for o in opts.values(): o.step()` with only `opts["enc"].zero_grad()`)
            by_element = _by_element(steps, cleared, model, [*steps.values(), *clears])
            if by_element is not None:
                steps, cleared = by_element
        # `if i == 0: opt.zero_grad()`: a clear on the loop's first pass only clears nothing after
        passes = {t: _cleared_on_the_first_pass_only(loop, t, clears, steps[t], model.source, model) for t in set(steps) & cleared - loop.cleared_by_callers}
        first_pass = {t for t, kind in passes.items() if kind}
        cleared -= first_pass
        # `loss.backward(); if not torch.isfinite(loss): continue` before the only clear, at the
        # end of the body: a skipped batch leaves its gradients to the next step
        skip_kinds = {t: _cleared_only_past_a_non_finite_skip(loop, t, clears) for t in set(steps) & cleared - loop.cleared_by_callers - first_pass}
        skipped = {t for t, kind in skip_kinds.items() if kind}
        cleared -= skipped
        # `opt.zero_grad()` first, then an attack whose backward fills the parameters' gradients
        # too before the training backward (a PGD loop reading `delta.grad`): the step applies both
        attacked: dict[str, InsertStatements] = {}
        if clears and len(clears) < len(loop.events):
            for t in set(steps) & cleared - loop.cleared_by_callers - first_pass - skipped:
                placed = _cleared_before_an_attack(loop, t, clears, steps[t], model)
                if placed is not None:
                    attacked[t] = placed
            cleared -= set(attacked)
        nested_own: set[str] = set()
        if cleared - set(steps) and any(e.kind is EventKind.BACKWARD for e in owned):
            # a nested training loop's own optimizer (a WGAN's critic cleared and stepped
            # `n_critic` times in its loop, the generator stepped after it) is no alias
            nested_own = _nested_loops_own(loop, owned, clears, set(steps))
            cleared -= nested_own
        if cleared - set(steps) and loop.cleared_by_callers:
            # a GAN trainer's `d_step` method, called beside a `g_step` that clears `self.opt_g`:
            # the callers' clear of another optimizer, each name bound only to a construction
            # of one, is no alias of the optimizer the step function steps
            cleared -= _other_constructed_optimizers(cleared - set(steps), set(steps), loop, model)
        if cleared - set(steps):
            return  # a clear of something we do not see stepped: maybe an alias, stay silent
        if not cleared and _prepared_by_unseen_call(loop, model):
            return  # `new_batch(model)` from a module gradfix cannot read: it may clear
        insertions: list[tuple[GradEvent, str]] = []
        accumulating: list[tuple[GradEvent, str, Accumulation]] = []
        bindings = None  # a walk of the whole body: only for a target that needs it
        for target, step in steps.items():
            if target in cleared and not step.engine and _lbfgs_closure_never_clears(loop, step, target, model):
                # `opt.zero_grad(); opt.step(closure)` with LBFGS: it evaluates the closure
                # several times per step, each backward adding onto the evaluation before
                closure = _closure_of(loop, step, model)
                fix = None
                if isinstance(closure, ast.FunctionDef):
                    first = closure.body[0]
                    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                        first = closure.body[1] if len(closure.body) > 1 else None  # type: ignore[assignment]
                    if first is not None:
                        fix = Fix([InsertStatements(first, "before", new_statement(clear_call(target, model, loop.node)))], Safety.SAFE)
                yield Finding(self.code, self.closure_message.format(opt=target), step.anchor, fix=fix, related=(loop.node,))
                continue
            if target in cleared and not step.engine and not loop.unknown and target not in loop.cleared_by_callers:
                arm = _arm_that_never_clears(loop, target, model)
                if arm is not None:
                    # `if use_plain: ...; opt.step()` / `else: ...; opt.step(); opt.zero_grad()`
                    # under a setting: a run that takes the first arm never clears
                    arm_step, block, in_arm = arm
                    fix = None
                    if model.source.starts_line(block[0]) and not model.source.inline_block(block):
                        fix = Fix([InsertStatements(block, "start", new_statement(clear_call(target, model, loop.node)))], Safety.SAFE)
                    message = self.arm_message if in_arm else self.after_arm_message
                    yield Finding(self.code, message.format(opt=target), arm_step.anchor, fix=fix, related=(loop.node,))
                    continue
            if target in cleared or step.engine or model.facts.kind(target) == "lightning":
                continue
            if target.isidentifier() and step.source is None and _misspelt(target, model):
                continue  # `scaler.step(optimier)`: a typo of a name the module binds, no optimizer to clear
            if _clears_itself(target, model):
                continue  # a step post-hook, or a class of the module whose `step()`, clears
            if not loop.enclosing_loops and _handed_out_step(loop, step, target, model):
                continue  # `for idx in range(2): ... optimizers[idx].step()`: one step for each optimizer
            if loop.enclosing_loops and _picked_by_the_loop(loop, target, model) and cleared_around(loop, model.loops):
                continue  # `for o in opts: o.zero_grad()` in the batch loop, then `for m, o in zip(models, opts):`
            if bindings is None:
                bindings = loop_bindings(loop.node, model.source)
            if (
                bindings.binds(target)
                and bindings.fresh_parameters(target, model) is not False
                and not _drawn_again_each_pass(loop, target, bindings, model)
            ):
                continue  # a new optimizer over new tensors each iteration (or unknown): nothing piles up
            if step.conditional_within(loop.node) and not (
                _steps_on_every_path(loop, target, model)
                or _mode_guarded(loop, target, model)
                or _flag_guarded(loop, step, model)
                or _guarded_with_its_backward(loop, step, target, cleared, model) is not None
                or _bounded_and_never_cleared(loop, step, model)
            ):
                # only a recognised accumulation loop: the clear goes right after its step
                accumulation = accumulation_of(loop, model)
                if accumulation is not None and target in accumulation.targets:
                    accumulating.append((step, target, accumulation))
                continue
            insertions.append((step, target))
        if (insertions or accumulating) and _called_model_clears_itself(loop, model):
            return  # `loss = tagger(words, tags)` whose `forward` starts with `self.zero_grad()`
        for step, target, accumulation in accumulating:
            statement = new_statement(clear_call(target, model, loop.node))
            edits = clear_edits(accumulation, target, statement, model)
            call = _stepping_call(step, model)
            yield Finding(
                self.code,
                self.accumulation_message.format(opt=target) if call is None else self.call_accumulation_message.format(call=call, opt=target),
                step.anchor,
                fix=Fix(list(edits), Safety.SAFE) if edits else None,
                related=(loop.node,),
            )
        for step, target in insertions:
            call = _stepping_call(step, model)
            if nested_own:
                # after the nested loop that steps the other optimizer (the critic's), as after
                # another optimizer's step: a clear at the top would keep what its backward
                # passes leave in this optimizer's parameters
                fix = _after_nested_training_loop(loop, step, owned, target, model)
            elif target in attacked:
                # right after the attack, where the hand-fixed loop clears (the clear first stays)
                fix = Fix([attacked[target]], Safety.UNSAFE)
            elif target in skipped:
                # first in the body, before the backward the skip follows (the clear at the end
                # stays); in a step function after its docstring
                block = loop.node.body  # type: ignore[attr-defined]
                fix = None
                if loop.is_step_function and len(block) > 1 and _docstring(block[0]):
                    if model.source.starts_line(block[1]):
                        fix = Fix([InsertStatements(block[1], "before", new_statement(clear_call(target, model, loop.node)))], Safety.SAFE)
                elif model.source.starts_line(block[0]) and not model.source.inline_block(block):
                    fix = Fix([InsertStatements(block, "start", new_statement(clear_call(target, model, loop.node)))], Safety.SAFE)
            else:
                fix = self._fix(loop, step, target, model, bindings)  # type: ignore[arg-type]  # set: a target needed it
            if target in first_pass and (not step.direct or passes.get(target) == "periodic"):
                # (the clear written for the first pass sits in the helper; a periodic clear: did the
                # author mean a window, stepping only when it clears, or a clear per step? report only)
                fix = None
            if target in first_pass:
                kind = passes.get(target)
                message = (
                    self.periodic_message if kind == "periodic" else self.last_pass_message if kind == "last" else self.first_pass_message
                ).format(opt=target)
            elif target in skipped:
                if skip_kinds[target] == "non-finite":
                    message = self.skipped_message.format(opt=target)
                else:
                    message = self.skipped_loss_message.format(opt=target, jump="return" if loop.is_step_function else "continue")
            elif target in attacked:
                message = self.attack_message.format(opt=target)
            else:
                message = self.message.format(opt=target) if call is None else self.call_message.format(call=call, opt=target)
            yield Finding(self.code, message, step.anchor, fix=fix, related=(loop.node,))

    def _fix(
        self, loop: TrainingLoop, step: GradEvent, target: str, model: ModuleModel, bindings: LoopBindings
    ) -> Fix | None:
        if target.endswith("[*]"):
            variable = _entry_variable(loop.node, target)
            if variable is None:
                return None
            target = variable  # the loop walks the optimizers: each iteration clears the one it draws
        if not indented_block(loop.node, model.source):
            return None
        if model.pipeline_loops and id(loop.node) in model.pipeline_loops:
            return _pipeline_fix(loop, step, target, model)
        if step.via and _local_to_helper(target, step):
            return None
        if _drawn_again_each_pass(loop, target, bindings, model):
            # `for model, opt in zip(models, opts):` inside the batch loop: `opt` is bound
            # before the body runs, and a clear first in the body clears the one it steps
            bindings = LoopBindings(bindings.loop, {k: v for k, v in bindings.statements.items() if k != target})
        if _reads_names_bound_in_body(target, bindings, loop):
            # `for name in ("g", "d"): opts[name].step()`: `opts[name]` names another optimizer
            # (or nothing yet) wherever a clear could go before the iteration's backward
            return None
        if lacks_zero_grad(target, loop.node, model):
            return None  # a wrapper of the project with no `zero_grad` (it only steps what it holds)
        if step.call is not None and _steps_when_told(step.call):
            # `loss_scaler(loss, opt, need_update=(i + 1) % accum == 0)` (timm): a window the
            # keyword opens; a clear at the top of the iteration would wipe it every micro-batch
            return None
        statement = new_statement(clear_call(target, model, loop.node))
        closure = _closure_of(loop, step, model)
        if closure is not False:
            # `optimizer.step(closure)` (LBFGS calls it many times per step): the clear goes first
            # in the closure, before each evaluation's backward, as torch documents it
            if closure is None:
                return None
            call = step.call
            argument = (call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "closure"), None)) if call is not None else None
            partial = _partial_closure(argument, loop, model) if argument is not None else None
            if partial is not None:
                # the closure's function names the optimizer by its own parameter
                name = _partial_parameter(target, partial, closure, model)
                if name is None:
                    return None
                statement = new_statement(name + clear_call(target, model, loop.node)[len(target) :])
            first = closure.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                if len(closure.body) < 2:
                    return None
                first = closure.body[1]  # after its docstring
            return Fix([InsertStatements(first, "before", statement)], Safety.SAFE)
        if step.gated and step.direct:
            # a prepared optimizer inside `accelerator.accumulate`: clear right after its step,
            # which (like the clear) acts only when the window ends
            if single_call_statement(step, model.source) is None:
                return None
            return Fix([InsertStatements(step.statement, "after", statement)], Safety.SAFE)
        block = None
        if step.conditional_within(loop.node) and not (
            _steps_on_every_path(loop, target, model)
            or _mode_guarded(loop, target, model)
            or _flag_guarded(loop, step, model)
        ):
            cleared = {e.target for e in loop.events if e.kind is EventKind.CLEAR and e.target is not None}
            # (not when another optimizer steps in that block first: then right after its step)
            block = _guarded_with_its_backward(loop, step, target, cleared | loop.cleared_by_callers, model, placing=True)
        if block is not None and not bindings.binds(target):
            # `if i % n_critic == 0:` (a WGAN's generator), `if torch.isfinite(loss):` holding
            # the backward and the step: clear first in that block, before its backward
            return Fix([InsertStatements(block, "start", statement)], Safety.SAFE)
        previous = _after_previous_step(loop, step, target, model)
        if previous is False:
            return None
        if previous is not None:
            # another optimizer stepped earlier in the iteration: clear right after that step,
            # so that backward passes of its section (a GAN generator's loss flowing through the
            # discriminator) do not reach this optimizer's step
            if bindings.binds(target) and not _bound_before(loop, bindings.binding_statements(target), previous):
                return None
            return Fix([InsertStatements(previous, "after", statement)], Safety.SAFE)
        if bindings.binds(target):
            # built inside the loop: clear right after the one top-level statement building it
            anchor = _binding_before_step(loop, step, bindings.binding_statements(target))
            return Fix([InsertStatements(anchor, "after", statement)], Safety.SAFE) if anchor else None
        if step.conditional_within(loop.node) and not (
            _steps_on_every_path(loop, target, model) or _mode_guarded(loop, target, model)
        ):
            # stepped under a setting or a flag the caller passes (`if self.train_backbone:`,
            # `if do_step:` in an accumulating step helper): clear right after the step, under
            # the same test -- at the top of the iteration it would wipe an accumulating window,
            # or clear an optimizer that exists only when the setting is on
            if not step.direct or single_call_statement(step, model.source) is None:
                return None
            return Fix([InsertStatements(step.statement, "after", statement)], Safety.SAFE)
        if skipped_by_jump(step, loop.node):
            # `if not need_update: continue` before the step (timm's accumulation), a step
            # function's early `return`: a clear at the top would wipe every micro-batch but
            # the last; right after the step, the next window starts clean
            if not step.direct or single_call_statement(step, model.source) is None:
                return None
            return Fix([InsertStatements(step.statement, "after", statement)], Safety.SAFE)
        guard = _guard_testing_the_optimizer(loop, step, target, model)
        if guard is not None:
            # `if optimizer is not None:` around the whole training pass of a function that also
            # evaluates (`run_epoch(model, loader, optimizer=None)`): a clear at the top of the
            # iteration would call `None.zero_grad()` in evaluation; first in the guard instead
            return Fix([InsertStatements(guard.body, "start", statement)], Safety.UNSAFE if backward_for_an_input_first(loop, step) else Safety.SAFE)
        if backward_for_an_input_first(loop, step):
            # an attack's backward fills the parameters' gradients first: after the attack
            # (where the hand-fixed loop clears), else at the top; unsafe either way
            placed = after_the_attack(loop, step, statement)
            if placed is not None and _reads_kept_gradients_first(loop, step, model):
                # SAM's ascent reads the parameters' own `.grad` after the first backward: the
                # gradients the last step applied must be gone before it too (a clear at the top)
                top = new_statement(clear_call(target, model, loop.node))
                return Fix([iteration_start(loop, top), placed], Safety.UNSAFE)
            return Fix([placed or iteration_start(loop, statement)], Safety.UNSAFE)
        return Fix([iteration_start(loop, statement)], Safety.SAFE)


def _nested_loops_own(loop: TrainingLoop, owned: list[GradEvent], clears: list[GradEvent], stepped: set[str]) -> set[str]:
    """Optimizers that only nested training loops of the iteration clear and step (not the
    iteration's own events), and that the iteration itself does not step."""
    own = {id(e) for e in owned}
    inner_steps = {e.target for e in loop.events if e.kind is EventKind.STEP and id(e) not in own}
    inner_clears = {c.target for c in clears if id(c) not in own}
    outer_clears = {c.target for c in clears if id(c) in own}
    return {t for t in inner_clears & inner_steps if t is not None and t not in stepped and t not in outer_clears}


def _after_nested_training_loop(
    loop: TrainingLoop, step: GradEvent, owned: list[GradEvent], target: str, model: ModuleModel
) -> Fix | None:
    """A clear right after the statement of the step's block holding the nested training loop
    that steps last before `step`, when every backward of the iteration's own comes after it
    and `step` is a direct call of the body; otherwise no fix."""
    if not step.direct or step.conditional_within(loop.node) or not indented_block(loop.node, model.source):
        return None
    own = {id(e) for e in owned}
    line = step.anchor.lineno  # type: ignore[attr-defined]
    inner = [e for e in loop.events if e.kind is EventKind.STEP and id(e) not in own and e.anchor.lineno < line]  # type: ignore[attr-defined]
    if not inner:
        return None
    last = inner[-1].anchor.lineno  # type: ignore[attr-defined]
    # the block holding the step (the loop's body, or a `with` block of it: `with timer():`)
    block = model.source.block_of(step.statement) or []
    holder = next((s for s in block if s.lineno <= last <= s.end_lineno), None)  # type: ignore[attr-defined]
    if not isinstance(holder, LOOPS) or holder.end_lineno >= line:  # type: ignore[attr-defined]
        return None
    if any(e.kind is EventKind.BACKWARD and e.anchor.lineno < holder.end_lineno for e in owned):  # type: ignore[attr-defined]
        return None
    statement = new_statement(clear_call(target, model, loop.node))
    return Fix([InsertStatements(holder, "after", statement)], Safety.SAFE)


def _steps_on_every_path(loop: TrainingLoop, target: str, model: ModuleModel) -> bool:
    """Both branches of one `if` step the optimizer (`if loss_scaler is not None:
    loss_scaler(loss, optimizer)` / `else: loss.backward(); optimizer.step()`, timm's
    `train_one_epoch`), and that `if` sits under no other branch of the loop: a step runs on
    every iteration, as if it were written once."""
    branches = {"if": set(), "else": set()}  # type: dict[str, set[int]]
    for event in owned_events(loop, model):
        if event.kind is not EventKind.STEP or event.target != target:
            continue
        within = event.branches_within(loop.node)
        if not within:
            return True
        if within[0].kind not in branches or not isinstance(within[0].node, ast.If):
            return False
        branches[within[0].kind].add(id(within[0].node))
    return bool(branches["if"] & branches["else"])


def _read_after_the_clear(loop: TrainingLoop, fix: Fix, updates: list) -> bool:  # type: ignore[type-arg]
    """A read of `.grad` in the loop's body, other than by the updates, after the first
    statement a hand-written step's fix inserts `w.grad = None` after (a log of the gradient's
    norm at the end of the iteration would read None)."""
    anchors = [e.anchor for e in fix.edits if isinstance(e, InsertStatements) and isinstance(e.anchor, ast.stmt)]
    if not anchors:
        return False
    first_end = min(a.end_lineno or a.lineno for a in anchors)
    own = {id(n) for u in updates for n in ast_walk(u.statement)}
    return any(
        isinstance(n, ast.Attribute) and n.attr == "grad" and n.lineno > first_end and id(n) not in own
        for stmt in loop.node.body for n in ast_walk(stmt)
    )  # fmt: skip


def _handed_out_step(loop: TrainingLoop, step: GradEvent, target: str, model: ModuleModel) -> bool:
    """The loop, with no loop around it, steps an entry of a collection picked by its counter
    (`for idx in range(2): optimizers[idx].step()`, `scaler.step(opts[k])`), and its body
    picks something else by the same counter (`models[idx](x)`): each iteration trains its
    own model with its own optimizer, once."""
    call = step.node
    if step.via or not isinstance(call, ast.Call) or not isinstance(call.func, ast.Attribute):
        return False
    picked = next(
        (e for e in (call.func.value, *call.args[:1]) if isinstance(e, ast.Subscript) and model.source.key(e) == target),
        None,
    )
    if picked is None or not handed_out(loop.node, picked, model.source):
        return False
    optimizers = dotted(picked.value)
    return any(
        isinstance(node, ast.Subscript) and node is not picked and dotted(node.value) != optimizers and handed_out(loop.node, node, model.source)
        for stmt in loop.body
        for node in ast_walk(stmt)
    )


def _steps_when_told(call: ast.Call) -> bool:
    """The stepping call steps only when its `need_update=` keyword is true (timm's loss
    scalers: `need_update=False` only backpropagates), and the call passes anything but `True`."""
    return any(
        k.arg == "need_update" and not (isinstance(k.value, ast.Constant) and k.value.value is True) for k in call.keywords
    )


def _drawn_again_each_pass(loop: TrainingLoop, target: str, bindings: LoopBindings, model: ModuleModel) -> bool:
    """The optimizer is a name only the loop's target binds, drawn from collections that live
    across the loops around it (`for model, opt in zip(models, opts):`, `for opt in opts:`,
    `enumerate(zip(...))`, `opts.items()`, `opts.values()`), and the loop sits inside another
    loop (a batch loop): each pass of the outer loop steps the same optimizers again, like
    `optimizers[m]` under `for m in range(len(models))`."""
    node = loop.node
    if not loop.enclosing_loops or not isinstance(node, (ast.For, ast.AsyncFor)) or not target.isidentifier():
        return False
    if bindings.binding_statements(target) != [node] or bindings.values.get(target) != [None]:
        return False
    collections = _lasting_collections(node.iter)
    if not collections:
        return False
    if any(bindings.binds(c) for c in collections):
        return False
    return not any(loop_bindings(outer, model.source).binds(c) for outer in loop.enclosing_loops for c in collections)


def _picked_by_the_loop(loop: TrainingLoop, target: str, model: ModuleModel) -> bool:
    """The loop hands the optimizer out afresh each iteration: a name its target binds, an
    entry picked by its counter (`opts[m]` under `for m in range(...)`), or an element of the
    collection it iterates (`opts[*]` under `for opt in opts`)."""
    node = loop.node
    if target.endswith("[*]"):
        return isinstance(node, (ast.For, ast.AsyncFor)) and target[:-3] in (_lasting_collections(node.iter) or [])
    try:
        expr = ast.parse(target, mode="eval").body
    except SyntaxError:
        return False
    return handed_out(node, expr, model.source)


def _entry_variable(node: ast.AST, target: str) -> str | None:
    """The name a loop over a collection of optimizers binds each one to, when `target` is
    that collection's `[*]`: `opt` of `for opt in opts:`, `for opt in opts.values():` or
    `for name, opt in opts.items():`."""
    if not isinstance(node, (ast.For, ast.AsyncFor)):
        return None
    if isinstance(node.target, ast.Tuple) and (
        named := [v.id for v, c in zipped_variables(node) if _lasting_collection(c) == target[:-3]]
    ):
        return named[0] if len(named) == 1 else None  # `for m, o in zip(nets, opts)`: `o`
    if _lasting_collections(node.iter) != [target[:-3]]:
        return None
    variable = node.target
    if isinstance(node.iter, ast.Call) and isinstance(node.iter.func, ast.Attribute) and node.iter.func.attr == "items":
        if not (isinstance(variable, ast.Tuple) and len(variable.elts) == 2):
            return None
        variable = variable.elts[1]
    return variable.id if isinstance(variable, ast.Name) else None


def _lasting_collections(iterable: ast.expr) -> list[str] | None:
    """The collections a loop draws its items from, when it iterates them as they are:
    `opts`, `self.opts`, `opts.values()`/`.items()`, `zip(...)` of those, `enumerate(...)` of
    one of those; None for anything else (a call building them, a literal, a slice)."""
    if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name) and iterable.func.id == "enumerate":
        if len(iterable.args) != 1 or any(k.arg != "start" for k in iterable.keywords):
            return None
        iterable = iterable.args[0]
    if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name) and iterable.func.id == "zip":
        if iterable.keywords or not iterable.args:
            return None
        found = [_lasting_collection(a) for a in iterable.args]
        return None if None in found else found  # type: ignore[return-value]
    one = _lasting_collection(iterable)
    return [one] if one is not None else None


def _lasting_collection(expr: ast.expr) -> str | None:
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr in ("values", "items"):
        if expr.args or expr.keywords:
            return None
        expr = expr.func.value
    return dotted(expr) if isinstance(expr, (ast.Name, ast.Attribute)) else None


def _guard_testing_the_optimizer(loop: TrainingLoop, step: GradEvent, target: str, model: ModuleModel) -> ast.If | None:
    """The outermost mode test around the iteration's steps of `target` and its backwards, when
    it reads the optimizer's name (`if optimizer is not None:`, `if self.opt:`)."""
    within = step.branches_within(loop.node)
    if not within or within[0].kind != "if" or not isinstance(within[0].node, ast.If):
        return None
    guard = within[0].node
    root = target.split("[", 1)[0]
    read = {dotted(n) for n in ast.walk(guard.test) if isinstance(n, (ast.Name, ast.Attribute))}
    if root not in read and not _may_be_none(root, read, loop.function):
        return None
    return guard if _mode_guarded(loop, target, model) else None


def _may_be_none(root: str, read: set[str | None], function: ast.FunctionDef | ast.AsyncFunctionDef | None) -> bool:
    """The function's optimizer `root` may be absent on a pass that does not train: it is a
    parameter defaulting to `None` (`def run_epoch(model, loader, opt=None)`), or the test reads
    a flag the function binds only from the optimizer (`train = opt is not None`)."""
    if function is None or "." in root:
        return False
    arguments = function.args
    positional = [*arguments.posonlyargs, *arguments.args]
    defaults = dict(zip([a.arg for a in positional[len(positional) - len(arguments.defaults):]], arguments.defaults))
    defaults.update((a.arg, d) for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults) if d is not None)
    default = defaults.get(root)
    if isinstance(default, ast.Constant) and default.value is None:
        return True
    flags = {name for name in read if name is not None and "." not in name and name not in defaults}
    values: dict[str, list[ast.expr]] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            if node.targets[0].id in flags:
                values.setdefault(node.targets[0].id, []).append(node.value)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor, ast.With, ast.AsyncWith, ast.NamedExpr)):
            bound = [getattr(node, "target", None), *(getattr(i, "optional_vars", None) for i in getattr(node, "items", ()))]
            for target in bound:
                for name in (n.id for n in ast.walk(target) if isinstance(n, ast.Name)) if target is not None else ():
                    values.setdefault(name, []).append(ast.Constant(value=None))  # bound otherwise: not only from the optimizer
    return any(
        vals and all(any(isinstance(n, ast.Name) and n.id == root for n in ast.walk(v)) for v in vals)
        for vals in (values.get(name, []) for name in flags)
    )


def _mode_guarded(loop: TrainingLoop, target: str, model: ModuleModel) -> bool:
    """Every step of `target` and every backward sit under the same `if`s, and those are only
    tests of the loop's mode (`if phase == "train":`, a test that calls nothing and reads no
    name the loop binds): in a training pass each iteration steps, as if the `if` were not
    there."""
    events = [
        e for e in owned_events(loop, model)
        if e.kind is EventKind.BACKWARD or (e.kind is EventKind.STEP and e.target == target)
    ]  # fmt: skip
    if not any(e.kind is EventKind.BACKWARD for e in events):
        return False
    guards = mode_guards(events, loop, model.source)
    return guards > 0 and all(
        len(e.branches_within(loop.node)) == guards for e in events if e.kind is EventKind.STEP
    )


def _guarded_with_its_backward(
    loop: TrainingLoop, step: GradEvent, target: str, cleared: set[str], model: ModuleModel, placing: bool = False
) -> list[ast.stmt] | None:
    """The only step of `target` runs under `if`s (`if i % n_critic == 0:`, `if
    torch.isfinite(loss):`) together with a backward before it, written in the innermost of
    them; every other backward of the iteration belongs to another optimizer's section (a
    step of an optimizer the loop clears follows it before this step, or comes after this
    step): no micro-batch is backpropagated for `target` without being stepped, so nothing is
    meant to accumulate across iterations. The innermost block, where a clear belongs."""
    events = owned_events(loop, model)
    if [e for e in events if e.kind is EventKind.STEP and e.target == target] != [step]:
        return None
    branches = step.branches_within(loop.node)
    if not branches or not step.direct:
        return None
    innermost = branches[-1]
    if innermost.kind == "if" and isinstance(innermost.node, ast.If):
        block = innermost.node.body
    elif innermost.kind == "else" and isinstance(innermost.node, ast.If):
        block = innermost.node.orelse
    elif innermost.kind in ("except", "case") and isinstance(getattr(innermost.node, "body", None), list):
        block = innermost.node.body  # type: ignore[attr-defined]
    else:
        return None
    position = events.index(step)
    own = 0
    for index, event in enumerate(events):
        if event.kind is EventKind.UNKNOWN:
            return None
        if (
            event.kind is EventKind.STEP and event.target != target and index < position and placing
            and any(statement in block for statement in event.path)
        ):  # fmt: skip
            return None  # a GAN's discriminator stepped in the same block first: clear after its step
        if event.kind is not EventKind.BACKWARD:
            continue
        within = event.branches_within(loop.node)
        if index < position and len(within) == len(branches) and all(
            a.node is b.node and a.kind == b.kind for a, b in zip(within, branches)
        ):
            if not event.direct or event.statement not in block:
                return None  # a backward in a helper or a nested block: where to clear is unsure
            own += 1
            continue
        later = [
            e for e in events[index + 1 :]
            if e.kind is EventKind.STEP and e.target not in (None, target) and e.target in cleared
        ]  # fmt: skip
        if not later or (index < position and events.index(later[0]) > position):
            return None  # a backward no other optimizer's step takes before this one: accumulating?
    return block if own else None


_NON_FINITE = ("isfinite", "isnan", "isinf")


def _cleared_only_past_a_non_finite_skip(loop: TrainingLoop, target: str, clears: list[GradEvent]) -> str:
    """Every clear of `target` is a statement of the loop's body (a `for` or `while` loop; or of
    one `try` of that body holding them and the backward) written after an `if` that tests a
    loss for `nan`/`inf` (`if not torch.isfinite(loss):`, `if math.isnan(loss.item()):`) or
    reads the loss of a backward before it (`if loss.item() > limit:`, also through a name the
    block binds from it after that backward) and ends the iteration by `continue`, itself written
    after every backward of the iteration (each a statement of that block too): a batch so
    skipped leaves its gradients to the next step. The same in a step function (the
    iteration of a loop elsewhere, or of a framework: an Ignite process function) whose `if`
    ends it by `return`. Returns "" (no), "non-finite" (every skip tests for nan/inf by
    `continue`) or "loss"."""
    node = loop.node
    function = node.__class__ in (ast.FunctionDef, ast.AsyncFunctionDef)
    if node.__class__ not in (ast.For, ast.While) and not function:
        return ""
    body = node.body  # type: ignore[attr-defined]
    blocks = [body] + [stmt.body for stmt in body if stmt.__class__ in TRIES]  # type: ignore[attr-defined]
    if not any(_skips_by_continue(stmt, function) for block in blocks for stmt in block):
        return ""  # (a look at the top-level statements first: most loops skip nothing)
    mine = [c for c in clears if c.target == target]
    backwards = [e for e in loop.events if e.kind is EventKind.BACKWARD]
    events = (*mine, *backwards)
    if not mine or not backwards or any(not e.direct for e in events):
        return ""
    losses = {e.loss.id for e in backwards if e.loss.__class__ is ast.Name}  # type: ignore[union-attr]
    for block in blocks:
        index = {id(stmt): k for k, stmt in enumerate(block)}
        places = [next((index[id(s)] for s in e.path if id(s) in index), None) for e in events]
        if None in places:
            continue
        first_clear = min(places[: len(mine)])  # type: ignore[type-var]
        last_backward = max(places[len(mine) :])  # type: ignore[type-var]
        if first_clear <= last_backward:  # type: ignore[operator]
            continue  # (all in one `try`: read in its body, the next block)
        between = block[last_backward + 1 : first_clear]  # type: ignore[operator]
        guards = [stmt for stmt in between if _skips_by_continue(stmt, function)]
        if not guards:
            return ""
        # every skip there tests for `nan`/`inf` or reads the loss: another (`if (i + 1) % n !=
        # 0: continue`, an accumulation window) makes the skipped batches' gradients part of a
        # window on purpose
        if not function and all(_tests_non_finite(stmt.test) for stmt in guards):  # type: ignore[attr-defined]
            return "non-finite"
        read = set(losses)
        for stmt in between:
            if stmt.__class__ is ast.Assign and any(n.__class__ is ast.Name and n.id in read for n in ast_walk(stmt.value)):  # type: ignore[attr-defined]
                read |= {t.id for t in stmt.targets if t.__class__ is ast.Name}  # type: ignore[attr-defined]
        if all(
            _tests_non_finite(stmt.test) or any(n.__class__ is ast.Name and n.id in read for n in ast_walk(stmt.test))  # type: ignore[attr-defined]
            for stmt in guards
        ):
            return "loss"
        return ""
    return ""


def _docstring(stmt: ast.stmt) -> bool:
    return stmt.__class__ is ast.Expr and stmt.value.__class__ is ast.Constant and isinstance(stmt.value.value, str)  # type: ignore[attr-defined]


def _tests_non_finite(test: ast.expr) -> bool:
    return any(
        n.__class__ is ast.Attribute and n.attr in _NON_FINITE or n.__class__ is ast.Name and n.id in _NON_FINITE  # type: ignore[attr-defined]
        for n in ast_walk(test)
    )


def _skips_by_continue(stmt: ast.stmt, function: bool = False) -> bool:
    """`if ...: continue` (in a step function: `if ...: return ...`)."""
    jump = ast.Return if function else ast.Continue
    return stmt.__class__ is ast.If and any(s.__class__ is jump for s in stmt.body)  # type: ignore[attr-defined]


def _cleared_on_the_first_pass_only(
    loop: TrainingLoop, target: str, clears: list[GradEvent], step: GradEvent, source: Source, model: ModuleModel | None = None
) -> str:
    """Every clear of `target` is written in the loop under `if i == 0:` (`not i`, `i < 1`),
    with `i` the loop's own count from 0 (`for i, batch in enumerate(loader)`, `for i in
    range(n)`: `_enumerate_start`), which nothing in the body rebinds, while its step is not
    under such a test: the clear runs on the first iteration only, and every later step
    applies the sum of all the gradients since. Also under a test of its last pass (`if i ==
    len(loader) - 1:`, `loader` the name `enumerate` counts over) while the step is under no
    test: every step of the pass applies the gradients piled up since the pass before ended.
    "first" or "last"; "" otherwise."""
    node = loop.node
    mine = [c for c in clears if c.target == target]
    if not mine:
        return ""
    if not step.direct:
        # (the loop the helper is called in: the analysed loop or one nested in it)
        node = step.path[-2] if len(step.path) > 1 else node
        if node.__class__ is not ast.For:
            return ""
        counter = _first_pass_in_the_helper(node, mine, step)
        if counter is None or _enumerate_start(node, counter, source) != 0:  # type: ignore[arg-type]
            return ""
        if any(
            isinstance(n, ast.Name) and n.id == counter and not isinstance(n.ctx, ast.Load)
            for stmt in node.body for n in ast_walk(stmt)  # type: ignore[attr-defined]
        ):  # fmt: skip
            return ""
        return "first"
    stream = _counted_stream(node, source) if node.__class__ is ast.While else None
    handed = _callers_count(node, source, model) if isinstance(node, FUNCTIONS) and model is not None else None
    if node.__class__ is not ast.For and stream is None and handed is None:
        return ""
    if handed is not None:
        stream = handed
    data = stream[1] if stream is not None else _counted_data(node)  # type: ignore[arg-type]
    counters = set()
    last = set()
    periodic = set()
    for clear in mine:
        branches = clear.branches_within(node)
        if not clear.direct or not branches or branches[0].kind != "if" or not isinstance(branches[0].node, ast.If):
            return ""
        counter = _first_pass_name(branches[0].node.test)
        if counter is None:
            counter = _last_pass_name(branches[0].node.test, data)
            last.add(counter)
            if counter is None and len(branches) == 1 and handed is None:
                counter = _periodic_pass_name(branches[0].node.test)
                periodic.add(counter)
        counters.add(counter)
    if len(counters) != 1 or None in counters:
        return ""
    counter = counters.pop()
    if periodic:
        # `if i % 6 == 5: opt.zero_grad()` in the loop's own body while the step, and every
        # backward, run on every iteration: each step applies the sum since the last clear
        if len(periodic) != len(mine) or not step.direct or step.branches_within(node) or step.gated or step.engine:
            return ""
        call = step.node
        if not (call.__class__ is ast.Call and call.func.__class__ is ast.Attribute and call.func.attr == "step"):  # type: ignore[attr-defined]
            return ""  # `loss_scaler(loss, opt, need_update=(i + 1) % k == 0)`: the call steps when told
        if any(e.kind is EventKind.BACKWARD and (not e.direct or e.branches_within(node)) for e in loop.events):
            return ""
        if stream is not None and counter != stream[0]:
            return ""
        if stream is None and _enumerate_start(node, counter, source) is None:  # type: ignore[arg-type]
            return ""
    elif stream is not None:
        if counter != stream[0]:
            return ""
    elif _enumerate_start(node, counter, source) != 0:  # type: ignore[arg-type]
        return ""
    if last and step.branches_within(node):
        return ""  # (a clear on the last pass only: the step runs on every iteration)
    if any(isinstance(b.node, ast.If) and _first_pass_name(b.node.test) == counter for b in step.branches_within(node)):
        return ""
    counting = node.body[1] if stream is not None and handed is None else None  # (`i += 1`: the count itself)
    if any(
        isinstance(n, ast.Name) and n.id == counter and not isinstance(n.ctx, ast.Load)
        for stmt in node.body if stmt is not counting for n in ast_walk(stmt)  # type: ignore[attr-defined]
    ):  # fmt: skip
        return ""
    return "periodic" if periodic else "last" if last else "first"


def _periodic_pass_name(test: ast.expr) -> str | None:
    """The name `n` of a test true on every k-th value of a count only: `n % k == r`, `(n + c) %
    k == r`, `r == n % k`, `not n % k`, with `k` an integer above 1 or a name, `r` and `c`
    integers."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        modulo = test.operand
    elif isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq):
        left, right = test.left, test.comparators[0]
        if isinstance(left, ast.Constant):
            left, right = right, left
        if not (isinstance(right, ast.Constant) and isinstance(right.value, int) and not isinstance(right.value, bool)):
            return None
        modulo = left
    else:
        return None
    if not (isinstance(modulo, ast.BinOp) and isinstance(modulo.op, ast.Mod)):
        return None
    period = modulo.right
    if isinstance(period, ast.Constant):
        if isinstance(period.value, bool) or not isinstance(period.value, int) or period.value < 2:
            return None
    elif not isinstance(period, (ast.Name, ast.Attribute)):
        return None
    count = modulo.left
    if isinstance(count, ast.BinOp) and isinstance(count.op, ast.Add) and isinstance(count.right, ast.Constant):
        count = count.left
    return count.id if isinstance(count, ast.Name) else None


def _first_pass_in_the_helper(node: ast.For, clears: list[GradEvent], step: GradEvent) -> str | None:
    """The loop's name `i` when the loop `node` calls one step helper, straight in its body, that both
    clears and steps the optimizer (`Recipe.step(i, x, y)`, `def step(cls, i, x, y): if i ==
    0: cls.opt.zero_grad()` ... `cls.opt.step()`), every clear under `if <p> == 0:` (a test of
    `_first_pass_name`, no `else`) written in the helper's own body, the step a plain
    statement of that body, `p` a parameter the helper never rebinds and the call hands `i`
    (by position, after `self`/`cls` of a method called on an object or class, or by
    keyword): the clear runs on the loop's first pass only. None otherwise."""
    if len(step.via) != 1 or len(step.helpers) != 1 or step.foreign or not any(s is step.path[-1] for s in node.body):
        return None
    call, helper = step.via[0], step.helpers[0]
    if helper.__class__ is not ast.FunctionDef or call.__class__ is not ast.Call:
        return None
    if any(len(c.via) != 1 or c.via[0] is not call or c.foreign for c in clears):
        return None

    def owner(event_node: ast.AST) -> ast.stmt | None:
        # (by the lines the statement spans, then a walk of that one statement)
        line = getattr(event_node, "lineno", None)
        for stmt in helper.body:  # type: ignore[attr-defined]
            if line is not None and stmt.lineno <= line <= stmt.end_lineno:  # type: ignore[operator]
                return stmt if any(n is event_node for n in ast_walk(stmt)) else None  # type: ignore[no-any-return]
        return None

    holder = owner(step.node)
    if holder is None or holder.__class__ not in (ast.Expr, ast.Assign, ast.AugAssign, ast.Return):
        return None
    parameters = set()
    for clear in clears:
        test = owner(clear.node)
        if test is None or test.__class__ is not ast.If or test.orelse:  # type: ignore[attr-defined]
            return None
        if not any(n is clear.node for s in test.body for n in ast_walk(s)):  # type: ignore[attr-defined]
            return None
        parameters.add(_first_pass_name(test.test))  # type: ignore[attr-defined]
    if len(parameters) != 1 or None in parameters:
        return None
    parameter = parameters.pop()
    arguments = helper.args  # type: ignore[attr-defined]
    names = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
    if parameter not in names and parameter not in [a.arg for a in arguments.kwonlyargs]:
        return None
    if any(isinstance(n, ast.Name) and n.id == parameter and not isinstance(n.ctx, ast.Load) for n in ast_walk(helper)):
        return None
    static = any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in helper.decorator_list)  # type: ignore[attr-defined]
    if call.func.__class__ is ast.Attribute and not static and names and names[0] in ("self", "cls"):
        names = names[1:]
    given = None
    for keyword in call.keywords:
        if keyword.arg == parameter:
            given = keyword.value
    if given is None and parameter in names:
        index = names.index(parameter)
        if any(a.__class__ is ast.Starred for a in call.args[: index + 1]) or index >= len(call.args):
            return None
        given = call.args[index]
    if given is None or given.__class__ is not ast.Name:
        return None
    return given.id  # type: ignore[attr-defined,no-any-return]


def _callers_count(function: ast.AST, source: Source, model: ModuleModel) -> tuple[str, ast.Name] | None:
    """A step function (`def train_step(self, i, x, y)`, a subclass's override of the hook its
    base's loop calls) whose every call, each in the body of a loop of this module, hands one
    parameter the loop's own count from 0 of the same plain name (`for i, (x, y) in
    enumerate(loader): self.train_step(i, x, y)`), the count not bound again in the loop, nor
    the parameter in the function, nor the name in the function or around the loop (both read
    the module's): `(parameter, data)`, so that a test of the parameter is one of the loop's
    first or last pass."""
    sites = model.step_call_sites.get(id(function))
    if not sites:
        return None
    args = function.args  # type: ignore[attr-defined]
    positional = [a.arg for a in (*args.posonlyargs, *args.args)]
    found: set[tuple[str, str]] | None = None
    for call, loop in sites:
        if not isinstance(loop, ast.For) or any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
            return None
        names = positional[1:] if isinstance(call.func, ast.Attribute) and positional[:1] == ["self"] else positional
        counted = _counted_data(loop)
        if counted is None:
            return None
        here: set[tuple[str, str]] = set()
        passed = [*((names[i], a) for i, a in enumerate(call.args) if i < len(names)), *((k.arg, k.value) for k in call.keywords)]
        for parameter, value in passed:
            if isinstance(value, ast.Name) and _enumerate_start(loop, value.id, source) == 0:
                if any(isinstance(n, ast.Name) and n.id == value.id and not isinstance(n.ctx, ast.Load) for stmt in loop.body for n in ast_walk(stmt)):
                    return None  # the count bound again in the loop
                here.add((parameter, counted.id))  # type: ignore[arg-type]
        around = _function_holding(loop, source)
        if len(here) != 1 or (found is not None and here != found) or (around is not None and _binds(around, counted.id)):
            return None
        found = here
    if not found:
        return None
    parameter, name = found.pop()
    if parameter not in (*positional, *(a.arg for a in args.kwonlyargs)) or _binds(function, name):
        return None
    return parameter, ast.Name(id=name, ctx=ast.Load())


def _function_holding(node: ast.AST, source: Source) -> ast.AST | None:
    from gradfix.analysis.shared_graphs import _enclosing_function

    return _enclosing_function(node, source)


def _binds(scope: ast.AST, name: str) -> bool:
    """`name` is a parameter of the function `scope`, or bound (or declared global) in it."""
    args = getattr(scope, "args", None)
    if args is not None and name in {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg) if a}:
        return True
    return any(
        (isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load))
        or (isinstance(n, (ast.Global, ast.Nonlocal)) and name in n.names)
        for n in ast_walk(scope)
    )  # fmt: skip


def _counted_data(node: ast.For) -> ast.Name | None:
    """`data` of `for i, b in enumerate(data)` or `zip(itertools.count(), data)`, a plain name."""
    iterable = node.iter
    if not isinstance(iterable, ast.Call) or not iterable.args or iterable.keywords:
        return None
    func = dotted(iterable.func)
    if func in ("enumerate", "builtins.enumerate") and len(iterable.args) == 1:
        data = iterable.args[0]
    elif func in ("zip", "builtins.zip") and len(iterable.args) == 2:
        data = iterable.args[1]
    else:
        return None
    return data if isinstance(data, ast.Name) else None


def _counted_stream(node: ast.While, source: Source) -> tuple[str, ast.Name] | None:
    """A `while True:` loop counting the batches of a stream by hand, from 0: the two statements
    before it (either order) are `it = iter(data)` and `i = -1`, and its body starts with `try:
    b = next(it)` / `except StopIteration: break` (nothing else in the `try`), then `i += 1`;
    `it` and `data` plain names the body never binds, no `else:`. `(i, data)`: `i` is the pass's
    index in `data`, and `i == len(data) - 1` holds on its last batch only."""
    if not (isinstance(node.test, ast.Constant) and node.test.value is True) or node.orelse or len(node.body) < 3:
        return None
    head, count = node.body[0], node.body[1]
    if not (isinstance(head, ast.Try) and len(head.body) == 1 and len(head.handlers) == 1 and not head.orelse and not head.finalbody):
        return None
    fetch, handler = head.body[0], head.handlers[0]
    if not (
        isinstance(fetch, ast.Assign) and isinstance(fetch.value, ast.Call) and isinstance(fetch.value.func, ast.Name)
        and fetch.value.func.id == "next" and len(fetch.value.args) == 1 and not fetch.value.keywords
        and isinstance(fetch.value.args[0], ast.Name)
        and isinstance(handler.type, ast.Name) and handler.type.id == "StopIteration"
        and len(handler.body) == 1 and isinstance(handler.body[0], ast.Break)
    ):  # fmt: skip
        return None
    if not (
        isinstance(count, ast.AugAssign) and isinstance(count.op, ast.Add) and isinstance(count.target, ast.Name)
        and isinstance(count.value, ast.Constant) and count.value.value == 1 and not isinstance(count.value.value, bool)
    ):  # fmt: skip
        return None
    stream, counter = fetch.value.args[0].id, count.target.id
    block = source.block_of(node)
    if block is None:
        return None
    at = next((i for i, stmt in enumerate(block) if stmt is node), None)
    if at is None or at < 2:
        return None
    data: ast.Name | None = None
    start = False
    for stmt in block[at - 2 : at]:
        if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)):
            return None
        name, value = stmt.targets[0].id, stmt.value
        if name == counter and isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.USub):
            start = isinstance(value.operand, ast.Constant) and value.operand.value == 1 and not isinstance(value.operand.value, bool)
        elif (
            name == stream and isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "iter"
            and len(value.args) == 1 and not value.keywords and isinstance(value.args[0], ast.Name)
        ):  # fmt: skip
            data = value.args[0]
    if not start or data is None or counter in (stream, data.id):
        return None
    if any(
        isinstance(n, ast.Name) and n.id in (stream, data.id) and not isinstance(n.ctx, ast.Load)
        for stmt in node.body for n in ast_walk(stmt)
    ):  # fmt: skip
        return None
    return counter, data


def _last_pass_name(test: ast.expr, data: ast.Name | None) -> str | None:
    """The name `i` of a test true on the last pass only of `for i, b in enumerate(data)` (or
    `zip(itertools.count(), data)`, or a `while True:` loop counting `next(iter(data))` by hand:
    `_counted_stream`), `data` a plain name: `i == len(data) - 1`, `len(data) - 1 == i`, `i + 1
    == len(data)`, `len(data) == i + 1`."""
    if not isinstance(test, ast.Compare) or len(test.ops) != 1 or not isinstance(test.ops[0], ast.Eq):
        return None
    if data is None:
        return None

    def length(expr: ast.expr) -> bool:
        return (
            isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id == "len"
            and len(expr.args) == 1 and not expr.keywords and isinstance(expr.args[0], ast.Name) and expr.args[0].id == data.id
        )  # fmt: skip

    def offset(expr: ast.expr, inner) -> ast.expr | None:  # type: ignore[no-untyped-def]
        if isinstance(expr, ast.BinOp) and isinstance(expr.right, ast.Constant) and expr.right.value == 1 and inner(expr):
            return expr.left
        return None

    for left, right in ((test.left, test.comparators[0]), (test.comparators[0], test.left)):
        # `i == len(data) - 1`
        if isinstance(left, ast.Name) and isinstance(right, ast.BinOp) and isinstance(right.op, ast.Sub):
            if offset(right, lambda e: length(e.left)) is not None:
                return left.id
        # `i + 1 == len(data)`
        if isinstance(left, ast.BinOp) and isinstance(left.op, ast.Add) and length(right):
            counter = offset(left, lambda e: isinstance(e.left, ast.Name))
            if counter is not None:
                return counter.id  # type: ignore[attr-defined]
    return None


def _first_pass_name(test: ast.expr) -> str | None:
    """The name `n` of a test true on a count's first value only: `n == 0`, `0 == n`, `n < 1`,
    `n <= 0`, `not n`."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return test.operand.id if isinstance(test.operand, ast.Name) else None
    if not isinstance(test, ast.Compare) or len(test.ops) != 1:
        return None
    left, op, right = test.left, test.ops[0], test.comparators[0]
    if isinstance(right, ast.Name) and isinstance(op, ast.Eq):
        left, right = right, left
    if not (isinstance(left, ast.Name) and isinstance(right, ast.Constant)):
        return None
    value = right.value
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    if (isinstance(op, ast.Eq) and value == 0) or (isinstance(op, ast.Lt) and value == 1) or (isinstance(op, ast.LtE) and value == 0):
        return left.id
    return None


def _arm_that_never_clears(loop: TrainingLoop, target: str, model: ModuleModel) -> tuple[GradEvent, list[ast.stmt], bool] | None:
    """A step of `target` written in one arm of an `if` whose test holds for the whole loop (a
    setting: `if plain_mode:`), after a backward of the same arm, while every clear of `target`
    is written in the other arm: a run that takes the first arm never clears. The step and the
    arm's block."""
    events = owned_events(loop, model)
    clears = [e for e in events if e.kind is EventKind.CLEAR and e.target == target]
    if not clears or any(not c.direct for c in clears):
        return None
    for step in events:
        if step.kind is not EventKind.STEP or step.target != target or not step.direct:
            continue
        branches = step.branches_within(loop.node)
        if not branches or not all(
            b.kind in ("if", "else") and isinstance(b.node, ast.If) and loop_invariant(b.node.test, loop, model.source)
            for b in branches
        ):
            continue
        arm = branches[-1]
        block = arm.node.body if arm.kind == "if" else arm.node.orelse  # type: ignore[attr-defined]
        if not block:
            continue
        if not all(
            any(b.node is arm.node and b.kind != arm.kind for b in c.branches_within(loop.node)) for c in clears
        ):
            continue  # a clear this arm runs too (or one outside the `if`)
        position = events.index(step)
        if any(
            e.kind is EventKind.BACKWARD and e.direct and e.statement in block and events.index(e) < position
            and [(b.node, b.kind) for b in e.branches_within(loop.node)] == [(b.node, b.kind) for b in branches]
            for e in events
        ):
            return step, block, True
    # `if USE_ACC: opt.zero_grad(); (loss * 2).backward()` / `else: loss.backward()`, then
    # `opt.step()` after the `if`: the arm without the clear backpropagates onto what is left
    steps = [e for e in events if e.kind is EventKind.STEP and e.target == target and e.direct]
    if len(steps) != 1 or steps[0].branches_within(loop.node):
        return None
    step = steps[0]
    first = clears[0].branches_within(loop.node)
    if not first or first[0].kind not in ("if", "else") or not isinstance(first[0].node, ast.If):
        return None
    fork = first[0].node
    if not loop_invariant(fork.test, loop, model.source):
        return None
    for clear in clears:
        within = clear.branches_within(loop.node)
        if not within or within[0].node is not fork or within[0].kind != first[0].kind:
            return None
    other_kind = "else" if first[0].kind == "if" else "if"
    block = fork.body if other_kind == "if" else fork.orelse
    backwards = [
        e for e in events
        if e.kind is EventKind.BACKWARD and e.direct and events.index(e) < events.index(step)
        and [(b.node, b.kind) for b in e.branches_within(loop.node)] == [(fork, other_kind)]
    ]
    if block and backwards and all(e.statement in block for e in backwards):
        return step, block, False
    return None


def _flag_guarded(loop: TrainingLoop, step: GradEvent, model: ModuleModel) -> bool:
    """The step sits only under `if`s whose tests hold for the whole loop (`if
    self.train_backbone:`, a setting: they call nothing and read no name the loop binds):
    when it steps, it steps on every iteration."""
    branches = step.branches_within(loop.node)
    return bool(branches) and all(
        b.kind == "if" and b.test is not None and loop_invariant(b.test, loop, model.source) for b in branches
    )


def _misspelt(name: str, model: ModuleModel) -> bool:
    """Nothing in the module binds `name` (an assignment or loop target, a parameter, an
    import, a `with`/`except ... as`, a `global`, a definition), while it binds a name spelt
    almost alike (`optimier` beside `optimizer`): a typo. (A name bound nowhere and like no
    other is a fragment's: a snippet that uses `optimizer` without building it.)"""
    text = model.source.text
    escaped = re.escape(name)
    if re.search(
        rf"(?<![\w.]){escaped}\s*=(?!=)|\b(?:as|for|def|class|global|nonlocal|import)\s+{escaped}\b"
        rf"|\bdef\s+\w+\s*\([^)]*(?<![\w.]){escaped}\b",
        text,
    ):
        return False  # written where a name is bound (`optimizer = ...`, a parameter, `as optimizer`): the usual case, no walk
    known = model.source.__dict__.get("_bound_names")
    if known is not None:
        return known is not False and name not in known and bool(_close(name, known))
    bound: set[str] = set()
    model.source.__dict__["_bound_names"] = False  # a star import: anything may be bound
    for node in model.source.nodes:
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            bound.add(node.id)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            if any(alias.name == "*" for alias in node.names):
                return False
            bound.update(alias.asname or alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            bound.update(node.names)
        elif isinstance(node, (ast.ExceptHandler, *_DEFINITIONS)) or type(node).__name__ == "MatchAs":
            if getattr(node, "name", None):
                bound.add(node.name)  # type: ignore[attr-defined]
    model.source.__dict__["_bound_names"] = bound
    return name not in bound and bool(_close(name, bound))


def _close(name: str, bound: set[str]) -> list[str]:
    import difflib

    return difflib.get_close_matches(name, sorted(bound), n=1, cutoff=0.8)


_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_CLEAR_WORDS = ("zero_grad", "grad = None", "grad=None", "zero_(", "set_to_none", "fill_(", "mul_(0", "grad *= 0", "grad.data")


def _bounded_and_never_cleared(loop: TrainingLoop, step: GradEvent, model: ModuleModel) -> bool:
    """The step sits only under `if`s that compare with `<` or `<=` and hold no `%` (`if
    iteration < opt.iterations:`, a 3D Gaussian-splatting trainer's guard: it steps from the
    first iteration on), and the module clears no gradient anywhere: each step applies every
    gradient since the loop began. (Not `>`, `>=` or `==`: `if i >= n - 1:` may step once,
    after a whole pass of full-batch descent.)"""
    branches = step.branches_within(loop.node)
    if not branches:
        return False
    clears = model.source.__dict__.get("_says_a_clear")
    if clears is None:
        clears = model.source.__dict__["_says_a_clear"] = any(word in model.source.text for word in _CLEAR_WORDS)
    if clears:
        return False
    for branch in branches:
        test = branch.test
        if branch.kind != "if" or not isinstance(test, ast.Compare) or len(test.ops) != 1:
            return False
        if not isinstance(test.ops[0], (ast.Lt, ast.LtE)):
            return False
        if any(isinstance(n, ast.BinOp) and isinstance(n.op, ast.Mod) for n in ast_walk(test)):
            return False
    return True


def _calls_outside_loops(scope: ast.AST) -> Iterator[ast.Call]:
    """The calls of a function's (or the module's) own code that no loop of it holds."""
    stack = list(child_nodes(scope))
    while stack:
        node = stack.pop()
        if isinstance(node, (*FUNCTIONS, ast.ClassDef, ast.Lambda, ast.For, ast.AsyncFor, ast.While, ast.comprehension)):
            continue
        if isinstance(node, ast.Call):
            yield node
        stack.extend(child_nodes(node))


def _definition_in(name: str, scope: ast.AST, model: ModuleModel) -> ast.FunctionDef | None:
    """The one `def name` of `scope`'s own code (not of a function nested in it)."""
    found = []
    for node in ast_walk(scope):
        if isinstance(node, ast.FunctionDef) and node.name == name and node is not scope:
            owner = model.source.owner_of(node)
            while owner is not None and not isinstance(owner, (*FUNCTIONS, ast.ClassDef, ast.Module)):
                owner = model.source.owner_of(owner)  # type: ignore[arg-type]
            if owner is scope:
                found.append(node)
    return found[0] if len(found) == 1 else None


def _one_shot_lbfgs_optimizer(target: str, scope: ast.AST, model: ModuleModel) -> bool:
    """`target` is built as torch's LBFGS (in `scope`, or at the module's level), never with
    `max_iter=1` (one evaluation per step)."""
    info = model.facts.info_in(target, (scope,)) if isinstance(scope, FUNCTIONS) else model.facts.info(target)
    constructor = (info.constructor or "") if info is not None else ""
    if constructor.rsplit(".", 1)[-1] != "LBFGS" or not constructor.startswith("torch."):
        return False
    for value in assigned_values(model, target):
        if isinstance(value, ast.Call):
            given = next((k.value for k in value.keywords if k.arg == "max_iter"), None)
            if given is None and len(value.args) > 2:
                given = value.args[2]
            if given is not None and not (isinstance(given, ast.Constant) and type(given.value) is int and given.value > 1):
                if not (isinstance(given, ast.Name) and _parameter_above_one(given.id, scope, model)):
                    return False  # `max_iter=1`, or a number gradfix cannot read
    return True


def _parameter_above_one(name: str, scope: ast.AST, model: ModuleModel) -> bool:
    """`name` is a parameter of `scope`, a function of the module (`def fit_temperature(...,
    max_iter=50)`), that it never rebinds, and every call of that function in the project
    (none at all: its default) leaves it at an integer default above 1 or passes an integer
    literal above 1 (`fit_temperature(p, y, max_iter=50)`)."""
    from gradfix.analysis.handed_in import _argument, _calls_of

    if not isinstance(scope, FUNCTIONS):
        return False
    info = model.facts.module_functions.get(scope.name)
    if info is None or info.node is not scope or model.source.owner_of(scope) is not model.source.tree:
        return False
    if name not in info.params or _rebinds(scope, name):
        return False
    arguments = scope.args
    positional_params = [*arguments.posonlyargs, *arguments.args]
    defaults: dict[str, ast.expr | None] = {a.arg: None for a in (*positional_params, *arguments.kwonlyargs)}
    for param, default in zip(positional_params[len(positional_params) - len(arguments.defaults):], arguments.defaults):
        defaults[param.arg] = default
    for param, default in zip(arguments.kwonlyargs, arguments.kw_defaults):
        defaults[param.arg] = default
    default = defaults.get(name)
    calls = [call for call, _ in _calls_of(scope.name, info, model)]
    if not calls:
        return _int_above_one(default)
    for call in calls:
        if isinstance(call.func, ast.Name) and call.func.id == "?":
            return False  # a caller gradfix cannot read
        if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
            return False  # `*args`, `**kwargs`: unknown
        passed = _argument(call, info.params, name)
        if not _int_above_one(passed if passed is not None else default):
            return False
    return True


def _int_above_one(expr: ast.expr | None) -> bool:
    return isinstance(expr, ast.Constant) and type(expr.value) is int and expr.value > 1


def _rebinds(function: ast.AST, name: str) -> bool:
    """The function's body assigns `name` (or deletes it, or binds it in a loop or `with`)."""
    for node in ast_walk(function):
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, (ast.Store, ast.Del)):
            return True
    return False


def _backpropagates_without_clearing(closure: ast.FunctionDef, model: ModuleModel) -> bool:
    """The closure calls `backward` and nothing in it (nor in a function of the module it
    calls) clears gradients; a call of anything else that is handed the optimizer or
    parameters may clear: not judged."""
    text = model.source.segment(closure)
    if ".backward(" not in text or any(word in text for word in _CLEAR_WORDS):
        return False
    for node in ast_walk(closure):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        helper = model.facts.module_functions.get(node.func.id)
        if helper is not None and any(word in model.source.segment(helper.node) for word in _CLEAR_WORDS):
            return False
    return True


def _lbfgs_closure_never_clears(loop: TrainingLoop, step: GradEvent, target: str, model: ModuleModel) -> bool:
    """`target` is built as `torch.optim.LBFGS`, every backward of the iteration runs in the
    closure handed to its step, and nothing in that closure clears."""
    # (what the loop's own function binds the name to: `optimizer = SGD(...)` here, `optimizer =
    # LBFGS(...)` in another function)
    info = model.facts.info_in(target, (loop.function,)) if loop.function is not None else model.facts.info(target)
    if info is None or (info.constructor or "").rsplit(".", 1)[-1] != "LBFGS" or not (info.constructor or "").startswith("torch."):
        return False
    call = step.call
    if call is None:
        return False
    if _single_evaluation_lbfgs(target, model):
        return False  # `max_iter=1`: one evaluation of the closure per step, after the loop's clear
    inside = [e for e in loop.events if e.via and e.via[0] is call]
    return any(e.kind is EventKind.BACKWARD for e in inside) and not any(e.kind in (EventKind.CLEAR, EventKind.UNKNOWN) for e in inside)


def _reads_kept_gradients_first(loop: TrainingLoop, step: GradEvent, model: ModuleModel) -> bool:
    """Between the iteration's first backward and the one the step applies, a gradient read
    in the iteration's own code of a tensor the iteration does not make (a parameter's `.grad`,
    `[p.grad for p in params]` before SAM's ascent; not an FGSM attack's `x_adv.grad` of an
    input made in the iteration): a gradient left over from the last step would be read too."""
    from gradfix.analysis.bindings import loop_bindings

    events: list[GradEvent] = []
    for event in loop.events:
        if event is step:
            break
        events.append(event)
    backwards = [i for i, e in enumerate(events) if e.kind is EventKind.BACKWARD]
    if len(backwards) < 2:
        return False
    made = loop_bindings(loop.node, model.source)  # type: ignore[arg-type]
    for event in events[backwards[0] + 1 : backwards[-1]]:
        if event.kind is EventKind.GRAD_READ and not event.via and event.target and not made.made_here(event.target):
            return True
    return False


def _single_evaluation_lbfgs(target: str, model: ModuleModel) -> bool:
    """Every construction of `target` passes `max_iter=1` (by keyword, or third by position):
    LBFGS then evaluates its closure once per step, so a clear before `step(closure)` clears
    before the closure's one backward."""
    values = [v for v in assigned_values(model, target) if isinstance(v, ast.Call)]
    if not values:
        return False
    for value in values:
        given = next((k.value for k in value.keywords if k.arg == "max_iter"), None)
        if given is None and len(value.args) > 2:
            given = value.args[2]
        if not (isinstance(given, ast.Constant) and type(given.value) is int and given.value == 1):
            return False
    return True


def _closure_of(loop: TrainingLoop, step: GradEvent, model: ModuleModel) -> ast.FunctionDef | None | bool:
    """False when the iteration's backward passes do not run in a closure handed to the step.
    Else the closure's definition when it is a `def` of the iteration's function (or of the
    loop) with an indented body, that the step names (`optimizer.step(closure)`); None when the
    clear cannot be placed there."""
    call = step.call
    if call is None:
        return False
    closure = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "closure"), None)
    backwards = [e for e in loop.events if e.kind is EventKind.BACKWARD]
    if closure is None or not backwards or not all(e.via and e.via[0] is call for e in backwards):
        return False
    if not step.direct:
        return None
    if isinstance(closure, ast.Attribute) and isinstance(closure.value, ast.Name) and closure.value.id == "self":
        # `self.optimizer.step(self.loss_func)`: the method the backward passes were found in
        helper = backwards[0].helpers[0] if backwards[0].helpers else None
        if (
            isinstance(helper, ast.FunctionDef) and helper.name == closure.attr and not backwards[0].foreign
            and all(e.helpers[:1] == (helper,) for e in backwards) and helper.body and helper.body[0].lineno > helper.lineno
        ):
            return helper
        return None
    partial = _partial_closure(closure, loop, model)
    if partial is not None:
        # `opt.step(functools.partial(closure_fn, opt, x, y))`: the function the backward ran in
        helper = backwards[0].helpers[0] if backwards[0].helpers else None
        if (
            isinstance(helper, ast.FunctionDef) and isinstance(partial.args[0], ast.Name) and helper.name == partial.args[0].id
            and not backwards[0].foreign and all(e.helpers[:1] == (helper,) for e in backwards)
            and helper.body and helper.body[0].lineno > helper.lineno
        ):
            return helper
        return None
    if not isinstance(closure, ast.Name):
        return None
    holders = [loop.node, loop.function if loop.function is not None else model.module]
    for holder in holders:
        for node in ast.walk(holder):
            if isinstance(node, ast.FunctionDef) and node.name == closure.id:
                body = node.body
                if body and body[0].lineno > node.lineno:
                    return node
                return None
    return None


def _partial_closure(closure: ast.expr, loop: TrainingLoop, model: ModuleModel) -> ast.Call | None:
    """The `functools.partial(f, ...)` call a step's closure is: written in the step, or the one
    value the loop (or its function) binds the name to."""
    def partial(value: ast.AST) -> bool:
        return (
            isinstance(value, ast.Call) and bool(value.args) and isinstance(value.args[0], ast.Name)
            and model.facts.imports.qualify(dotted(value.func) or "") == "functools.partial"
        )

    if isinstance(closure, ast.Call):
        return closure if partial(closure) else None
    if not isinstance(closure, ast.Name):
        return None
    scope = loop.function if loop.function is not None else model.module
    values = [
        node.value for node in ast.walk(scope)
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == closure.id for t in node.targets)
    ]
    return values[0] if len(values) == 1 and partial(values[0]) else None  # type: ignore[return-value]


def _partial_parameter(target: str, partial: ast.Call, helper: ast.FunctionDef, model: ModuleModel) -> str | None:
    """The parameter of the partial's function that it binds to the optimizer `target`
    (`functools.partial(closure_fn, opt, net, x, y)` with `def closure_fn(optimizer, ...)`:
    `optimizer`), None when it binds none."""
    params = [a.arg for a in [*helper.args.posonlyargs, *helper.args.args]]
    source = model.source
    for index, arg in enumerate(partial.args[1:]):
        if isinstance(arg, ast.Starred):
            return None
        if index < len(params) and source.key(arg) == target:
            return params[index]
    for keyword in partial.keywords:
        if keyword.arg is not None and source.key(keyword.value) == target:
            return keyword.arg
    return None


# a class statement's name, at the start of a line (`_a_callback_elsewhere_may_clear`)
_CLASS_LINE = lazily(rb"(?m)^class[ \t]+(\w+)")


def _a_callback_elsewhere_may_clear(model: ModuleModel, class_name: str) -> bool:
    """Another module of the project defines a Lightning callback clearing in
    `on_before_zero_grad` (its file says `ightning`, `Callback`, and `zero_grad(` beyond the
    hook's own name), and a file that says `callbacks` names that callback's class (the last `class` line
    before the hook) and is the module's own or names the module's file and `class_name` (the
    module's class): both handed to a `Trainer(callbacks=[...])` there: Lightning runs the callbacks'
    `on_before_zero_grad(trainer, pl_module, optimizer)` whatever the module's
    `optimizer_zero_grad` does
    (tests/libraries/test_lightning.py::test_a_callback_clearing_in_on_before_zero_grad_clears_for_an_idle_override),
    and which Trainer a callback is handed to is not followed further: the idle override is then
    left unreported. Asked only when one is about to be reported."""
    project = model.facts.project
    if project is None:
        return False
    from gradfix.project import absolute

    own = absolute(model.source.path) if model.source.path else None
    hook = b"def on_before_zero_grad"
    callbacks: set[bytes] = set()
    for path in project.saying(hook):
        if path == own:
            continue
        data = project.read_quietly(path) or b""
        if not (b"Callback" in data and b"ightning" in data):
            continue
        at = data.find(hook)
        while at != -1:
            # (the hook's text up to the next `def`, and the class around it: the last `class
            # Name` line before it)
            after = data.find(b"def ", at + len(hook))
            names = _CLASS_LINE.findall(data, 0, at)
            if names and b"zero_grad(" in data[at + len(hook) : after if after != -1 else len(data)]:
                callbacks.add(names[-1])
            at = data.find(hook, at + 1)
    if not callbacks:
        return False
    # (the file that hands them to a Trainer: the module's own, or one naming its module's
    # file and the class)
    stem = os.path.splitext(os.path.basename(own or ""))[0].encode()
    texts = [model.source.data]
    if stem:
        handing = set(project.saying(b"callbacks"))
        texts.extend(
            data for path in project.saying(class_name.encode()) if path in handing and path != own
            for data in [project.read_quietly(path) or b""] if stem in data
        )  # fmt: skip
    return any(b"callbacks" in data and any(name in data for name in callbacks) for data in texts)


def _called_model_clears_itself(loop: TrainingLoop, model: ModuleModel) -> bool:
    """The iteration calls a model whose `forward` clears its own gradients (`self.zero_grad()`
    in the `forward` of a class of the module, or of another module of the project, a star
    import included): `model = Tagger(...)` or `self.net = Tagger(...)`, then `loss =
    model(x, y)` clears before its backward, whichever optimizer steps. Asked only when a
    finding is about to be reported; a byte gate (`self.zero_grad(` said somewhere) first."""
    word = "self.zero_grad("
    facts = model.facts
    project = facts.project
    here = word in model.source.text
    elsewhere = [p for p in project.saying(word.encode()) if p != model.source.path] if project is not None else []
    if not here and not elsewhere:
        return False
    text = model.source.segment(loop.node)
    keys = called_names(text) | {f"self.{m}" for m in _SELF_CALL.findall(text)}
    callees = {callee for key in keys for callee in _assigned_callees(facts, key)}
    stars = _STAR_IMPORT.findall(model.source.text) if elsewhere else []
    for callee in callees:
        name = callee.rsplit(".", 1)[-1]
        if here and callee in facts.classes and _forward_clears(facts.methods.get(callee, {}), model.source):
            return True
        if not elsewhere:
            continue
        # the module the class comes from: `from net import Tagger`, `import net` ... `net.Tagger`,
        # or a `from net import *` holding a `class Tagger`
        qualified = facts.imports.qualify(callee)
        origins = [qualified.rpartition(".")[0]] if qualified and "." in qualified else []
        if "." not in callee:
            origins += stars
        for origin in origins:
            path = project.module_file(origin, model.source.path or None) if origin else None  # type: ignore[union-attr]
            if path is None or path not in elsewhere:
                continue
            data = project.read_quietly(path)  # type: ignore[union-attr]
            if not data or re.search(rb"^class[ \t]+" + re.escape(name.encode()) + rb"\b", data, re.M) is None:
                continue
            other = project.module(path, any_bytes=True)  # type: ignore[union-attr]
            if other is not None and _forward_clears(other.facts.methods.get(name, {}), other.source):
                return True
    return False


def _forward_clears(methods: dict, source) -> bool:  # type: ignore[no-untyped-def,type-arg]
    """A class's `forward` (or `__call__`) says `self.zero_grad(`."""
    return any(
        m in methods and "self.zero_grad(" in source.segment(methods[m].node) for m in ("forward", "__call__")
    )


# `from net import *` (a relative one too) at the start of a line
_STAR_IMPORT = lazily(r"^from[ \t]+([\w.]+)[ \t]+import[ \t]+\*", re.M)
# `self.net(` in an iteration's text: a model stored on `self`
_SELF_CALL = lazily(r"\bself\.(\w+)[ \t]*\(")


def _clears_an_input(clear: GradEvent, loop: TrainingLoop, model: ModuleModel) -> bool:
    """A clear by hand of a tensor the iteration itself makes (`delta =
    torch.zeros_like(x, requires_grad=True)` ... `delta.grad.zero_()`, or `x_adv.grad = None`
    after `x_adv = x.clone().requires_grad_(True)`): an attack's input, every binding of it in
    the iteration a call (no `Parameter`), so no optimizer built outside the iteration trains
    it."""
    if clear.scope is not ClearScope.PARAMETERS or clear.via or clear.source is not None:
        return False
    name = clear.target
    node = clear.node
    if name is None and isinstance(node, ast.Assign) and len(node.targets) == 1:
        grad = node.targets[0]
        if isinstance(grad, ast.Attribute) and grad.attr == "grad" and isinstance(grad.value, ast.Name):
            name = grad.value.id
    return name is not None and loop_bindings(loop.node, model.source).made_here(name)  # type: ignore[arg-type]


def _cleared_before_an_attack(
    loop: TrainingLoop, target: str, clears: list[GradEvent], step: GradEvent, model: ModuleModel
) -> InsertStatements | None:
    """Every clear of `target` in the iteration comes before its first backward; then an attack
    backpropagates for an input the iteration makes (`delta = torch.zeros_like(x,
    requires_grad=True)`, a PGD loop reading `delta.grad` and clearing it by hand), each
    gradient read before the step one of such an input's; then, in a later statement of the
    body, the backward the step applies, of a loss that reads that input (the model is trained
    on the adversarial example: `net(x + delta.detach())`). The attack's backward passes added
    into the parameters' gradients after the clear, and the step applies them too. Where the
    hand-fixed loop clears (`after_the_attack`), else None (an attack in a helper, a read of
    the parameters' own `.grad` as SAM's ascent, a training loss that never reads the attack's
    input: FreeLB-like ascents whose parameter gradients are meant to add up)."""
    if not backward_for_an_input_first(loop, step):
        return None
    own = [c for c in clears if c.target == target]
    first_backward = None
    reads: set[str] = set()
    for event in loop.events:
        if event is step:
            break
        if event.kind is EventKind.BACKWARD and first_backward is None:
            first_backward = event
        elif event.kind is EventKind.CLEAR and event.target == target and first_backward is not None:
            return None  # cleared again after an earlier backward: not this shape
        elif event.kind is EventKind.GRAD_READ and first_backward is not None:
            if event.via or event.target is None:
                return None
            reads.add(event.target)
    if not own or first_backward is None or not reads or any(c.via for c in own):
        return None
    if any(loop.events.index(c) > loop.events.index(first_backward) for c in own):
        return None
    bindings = loop_bindings(loop.node, model.source)
    if not all(bindings.made_here(name) for name in reads):
        return None
    placed = after_the_attack(loop, step, new_statement(clear_call(target, model, loop.node)))
    if placed is None:
        return None
    body = loop.body
    start = next((i for i, s in enumerate(body) if s is placed.anchor), None)
    last = [e for e in loop.events[: loop.events.index(step)] if e.kind is EventKind.BACKWARD][-1]
    final = next((i for i, s in enumerate(body) if any(s is p for p in last.path)), None)
    if start is None or final is None or final <= start:
        return None
    if not any(isinstance(n, ast.Name) and n.id in reads for stmt in body[start + 1 : final + 1] for n in ast_walk(stmt)):
        return None  # the training loss does not read the attack's input
    return placed


def _prepared_by_unseen_call(loop: TrainingLoop, model: ModuleModel) -> bool:
    """Before the iteration's first backward, unconditionally, a call statement whose result is
    not used hands the model (or its parameters or gradients) to code gradfix cannot see into:
    a helper run for its effect on the model, which may clear its gradients."""
    flow = IterationFlow(loop.node, model.source)  # type: ignore[arg-type]
    first = next((e for e in loop.events if e.kind is EventKind.BACKWARD), None)
    end = flow.position(first.statement) if first is not None else None
    if end is None:
        return False
    calls = [
        unit.node
        for unit in flow.units[:end]
        if not unit.ancestors and isinstance(unit.node, ast.Expr) and isinstance(unit.node.value, ast.Call)
    ]
    return unseen_gradient_handling(calls, loop, model) is not None


def _after_previous_step(loop: TrainingLoop, step: GradEvent, target: str, model: ModuleModel) -> ast.stmt | bool | None:
    """The statement after which the clear goes when another optimizer steps earlier in the
    iteration and this optimizer's own backward passes come after that step; None: no such
    step (clear at the start); False: there is one, but not a statement to anchor on."""
    events = owned_events(loop, model)
    index = next(i for i, e in enumerate(events) if e is step)
    prior = [i for i in range(index) if events[i].kind is EventKind.STEP and events[i].target != target]
    if not prior:
        return None
    last = prior[-1]
    if not any(events[i].kind is EventKind.BACKWARD for i in range(last + 1, index)):
        return None  # every backward of this step runs before the other optimizer's step
    previous = events[last]
    if previous.conditional_within(loop.node) or previous.loops_within(loop.node):
        return False
    if not previous.direct:
        # stepped in a helper (a GAN's `d_step(D, opt_d, x, fake)`): right after the statement
        # calling it, when that statement is the call alone, written in the loop's own body,
        # and the helper backpropagates nothing after its step
        call = previous.via[0]
        path = below(previous, loop.node)  # type: ignore[arg-type]
        statement = path[0] if len(path) == 1 else None
        if (
            not isinstance(statement, ast.Expr) or statement.value is not call
            or not model.source.alone_on_lines(statement)
            or any(e.kind is EventKind.BACKWARD and e.via[:1] == (call,) for e in events[last + 1 : index])
        ):  # fmt: skip
            return False
        block = model.source.block_of(statement)
        if block is None or model.source.inline_block(block):
            return False
        return statement
    anchor = single_call_statement(previous, model.source)
    if anchor is None:
        return False
    block = model.source.block_of(anchor) or []
    position = next(i for i, s in enumerate(block) if s is anchor)
    following = block[position + 1 : position + 2]
    if following and scaler_update(following[0], model):
        return following[0]  # `scaler.step(opt); scaler.update()`: after both
    return anchor


def _reads_names_bound_in_body(target: str, bindings: LoopBindings, loop: TrainingLoop) -> bool:
    """The optimizer's expression reads, beside its root, a name a statement of the loop's body
    binds (`opts[name]` under `for name in ...:`, `opts[k]` after `k = ...`): the key that
    expression picks changes within the iteration. (The loop's own target is bound before
    the body runs: `opts[i % 2]` under `for i, batch in ...` is the same all along.)"""
    if "[" not in target and "(" not in target:
        return False
    try:
        expr = ast.parse(target, mode="eval").body
    except SyntaxError:
        return True
    root = root_name(target)
    for node in ast.walk(expr):
        if isinstance(node, ast.Name) and node.id != root and bindings.binds(node.id):
            if any(s is not loop.node for s in bindings.binding_statements(node.id)):
                return True
    return False


def _bound_before(loop: TrainingLoop, statements: list[ast.AST], anchor: ast.stmt) -> bool:
    body = list(loop.body)
    top = {id(s): i for i, s in enumerate(body)}
    bound = [top.get(id(s)) for s in statements]
    where = next((i for i, s in enumerate(body) if s is anchor or any(n is anchor for n in ast_walk(s))), None)
    return where is not None and all(b is not None and b < where for b in bound)


def _binding_before_step(loop: TrainingLoop, step: GradEvent, statements: list[ast.AST]) -> ast.stmt | None:
    body = list(loop.body)
    path = below(step, loop.node)
    if len(statements) != 1 or not path:
        return None
    index = {id(stmt): i for i, stmt in enumerate(body)}
    binding = index.get(id(statements[0]))
    # the clear must run before this iteration's first backward, not only before the step
    firsts = [below(e, loop.node) for e in loop.events if e.kind is EventKind.BACKWARD] + [path]
    positions = [index.get(id(p[0])) if p else None for p in firsts]
    if binding is None or any(p is None or binding >= p for p in positions):
        return None
    return body[binding]


def _pipeline_fix(loop: TrainingLoop, step: GradEvent, target: str, model: ModuleModel) -> Fix | None:
    """`for stage in STAGES: ctx = stage(ctx)` in the batch loop, the backward in one stage and
    `optimizer = ctx["optimizer"]; optimizer.step()` in another: a pass of the stages' loop runs
    one stage, so the clear goes first in the batch loop around it, when the stages' loop is a
    plain statement of that body and the stage's optimizer is the caller's of the same name (the
    entry written once from that name, which the caller never binds again)."""
    outer = loop.enclosing_loops[-1] if loop.enclosing_loops else None
    if outer is None or not any(s is loop.node for s in outer.body) or len(step.via) != 1 or len(step.helpers) != 1:  # type: ignore[attr-defined]
        return None
    helper, call = step.helpers[0], step.via[0]
    if helper.__class__ is not ast.FunctionDef or not isinstance(call, ast.Call) or not target.isidentifier():
        return None
    binding = next(
        (s for s in helper.body if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name) and s.targets[0].id == target),  # type: ignore[attr-defined]
        None,
    )
    entry = read_entry(binding.value) if binding is not None else None
    if entry is None or sum(1 for n in ast_walk(helper) if isinstance(n, ast.Name) and n.id == target and not isinstance(n.ctx, ast.Load)) != 1:
        return None
    written = lasting_entry(helper, entry[0], entry[1], model, per_pass=True, sites=[call])
    caller = caller_function(call, model.source)
    if not isinstance(written, ast.Name) or written.id != target or caller is None or not named_the_same(target, caller, outer):
        return None
    block = outer.body  # type: ignore[attr-defined]
    if not model.source.starts_line(block[0]) or model.source.inline_block(block):
        return None
    return Fix([InsertStatements(block, "start", new_statement(clear_call(target, model, outer)))], Safety.SAFE)


def _local_to_helper(target: str, step: GradEvent) -> bool:
    """The optimizer is a name the helper binds itself: the loop cannot name it."""
    root = root_name(target)
    helper = step.via[-1]
    return (
        root not in ("self",)
        and not any(isinstance(arg, ast.Name) and arg.id == root for arg in [*helper.args, *[k.value for k in helper.keywords]])
        and root not in _names_in_loop_scope(step)
    )


def _names_in_loop_scope(step: GradEvent) -> set[str]:
    names: set[str] = set()
    for stmt in step.path:
        names |= {n.id for n in ast_walk(stmt) if isinstance(n, ast.Name)}
    return names


def _clears_itself(target: str, model: ModuleModel) -> bool:
    """The optimizer clears its gradients after each step by itself: a step post-hook that
    clears (`opt.register_step_post_hook(lambda o, a, k: o.zero_grad())`, or torch's global
    `register_optimizer_step_post_hook`; a pre-hook that clears, `register_step_pre_hook`, clears
    too, before each step: GF002 reports it), or it is an instance of a class of this module whose
    own `step()` clears, itself or in the last method of the class it calls (SAM's
    `second_step()`)."""
    source = model.source
    if "register_" in source.text and ("step_post_hook" in source.text or "register_step_pre_hook" in source.text):
        for node in source.nodes:
            if not isinstance(node, ast.Call) or not node.args:
                continue
            method = method_name(node) or call_name(node) or ""
            if method.rsplit(".", 1)[-1] == "register_optimizer_step_post_hook":
                hooked = True
            elif method in ("register_step_post_hook", "register_step_pre_hook"):
                recv = receiver(node)
                hooked = recv is not None and source.key(recv) == target
            else:
                continue
            if hooked and "zero_grad" in _callable_text(node.args[0], model):
                return True
    facts = model.facts

    def text(method) -> str:  # type: ignore[no-untyped-def]
        return (method.source or source).segment(method.node)

    def step_clears(methods) -> bool:  # type: ignore[no-untyped-def]
        step = text(methods["step"])
        if ".zero_grad(" in step.replace("zero_grad=", "") or ".grad = None" in step:
            return True  # (`self.first_step(zero_grad=True)` is a keyword, not a clear)
        # SAM's `step()`: `self.first_step(); closure(); self.second_step()`, the last of the
        # class's methods it calls clearing unconditionally (`self.zero_grad()` in its own body,
        # not under `if zero_grad:`; or `p.grad = None` for each parameter)
        called = [(step.rfind(f"self.{name}("), name) for name in methods if name != "step"]
        last = max(((at, name) for at, name in called if at >= 0), default=None)
        if last is None:
            return False
        helper = methods[last[1]]
        if _clears_unconditionally(helper.node) or ".grad = None" in text(helper):
            return True
        # `self.second_step(zero_grad=True)` with `def second_step(self, zero_grad=False): ...
        # if zero_grad: self.zero_grad()`
        end = step.find(")", last[0])
        given = step[last[0] : end].replace(" ", "")
        return "zero_grad=True" in given and "zero_grad" in helper.params and "self.zero_grad(" in text(helper)

    clearing = {name for name, methods in facts.methods.items() if "step" in methods and step_clears(methods)}
    if not clearing:
        return False  # no class of the module clears in its `step()`: no need to read the bindings
    return any(isinstance(value, ast.Call) and call_name(value) in clearing for value in assigned_values(model, target))


def _clears_unconditionally(function: ast.AST) -> bool:
    """The function's own body (no branch, no loop) calls `self.zero_grad(...)`."""
    for stmt in getattr(function, "body", []):
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            func = stmt.value.func
            if isinstance(func, ast.Attribute) and func.attr == "zero_grad" and isinstance(func.value, ast.Name) and func.value.id == "self":
                return True
    return False


def _callable_text(expr: ast.expr, model: ModuleModel) -> str:
    """The code a hook runs: a lambda's, or the module function it names."""
    if isinstance(expr, ast.Lambda):
        return model.source.segment(expr)
    name = dotted(expr)
    info = model.facts.module_functions.get(name or "")
    return (info.source or model.source).segment(info.node) if info is not None else ""


def _by_element(
    steps: dict[str, GradEvent], cleared: set[str | None], model: ModuleModel, events: list[GradEvent] = ()  # type: ignore[assignment]
) -> tuple[dict[str, GradEvent], set[str | None]] | None:
    """The steps and clears with every collection of optimizers (`[enc_opt,head_opt][*]`, the
    key of `for o in (enc_opt, head_opt):`, or `opts[*]` for a name bound once to such a list or
    tuple and never grown) replaced by its elements, each element stepped by the collection's
    step; None when the elements of one of them are unknown. A dict literal of optimizers bound
    once (`opts = {"enc": Adam(...), "dec": Adam(...)}`, `_dict_elements`) is read so too, its
    entries named as written (`opts["enc"]`, however the clear quotes the key), and
    `opts[name]` inside `for name in ("enc", "dec"):` (`events`: where each key is met) as the
    entries it names."""
    out: dict[str, GradEvent] = {}
    several: set[str] = set()  # collections known to hold two optimizers or more, unknown which
    keyed = _keyed_entries(steps, cleared, model, events)
    if keyed is None:
        return None
    for key, step in steps.items():
        elements = keyed[key] if key in keyed else _collection_elements(key, model) if key.endswith("[*]") else [key]
        if elements is None:
            collection = key[: -len("[*]")]
            count = _lightning_optimizer_list(collection, model)
            if not count:
                return None
            if count > 1:
                # `return [SGD(...), Adam(...)]` in configure_optimizers: `self.optimizers()`
                # holds those, in that order
                elements = [f"{collection}[{i}]" for i in range(count)]
            else:
                several.add(collection)
                elements = [key]
        for element in elements:
            out.setdefault(element, step)
    clears: set[str | None] = set()
    for key in cleared:
        if several and key is not None and key.endswith("]") and key[: key.rfind("[")] in several and key[key.rfind("[") + 1 : -1].isdigit():
            # `opts[0].zero_grad()` of `opts = self.optimizers()`, stepped whole: one of the two
            # or more clears, the others' gradients are never cleared (`opts[*]` stays stepped)
            continue
        elements = keyed[key] if key in keyed else _collection_elements(key, model) if key is not None and key.endswith("[*]") else [key]
        if elements is None:
            return None
        clears.update(elements)
    return out, clears


def _keyed_entries(
    steps: dict[str, GradEvent], cleared: set[str | None], model: ModuleModel, events: list[GradEvent]
) -> dict[str | None, list[str] | None] | None:
    """The entries each key of a dict literal of optimizers stands for: `opts[*]` (its
    `.values()`) all of them, `opts['enc']` the one it names, `opts[name]` the ones of the
    literal tuple or list of keys `for name in (...)` around every event of that key runs
    through. None when a key names an entry the literal lacks; keys of other things are left
    out."""
    out: dict[str | None, list[str] | None] = {}
    for key in (*steps, *cleared):
        if key is None or not key.endswith("]") or "[" not in key:
            continue
        at = key.rfind("[")
        collection, inner = key[:at], key[at + 1 : -1]
        entries = _dict_elements(collection, model)
        if entries is None:
            continue
        if inner == "*":
            out[key] = list(entries.values())
        elif len(inner) >= 2 and inner[0] in "'\"" and inner[-1] == inner[0] and inner[0] not in inner[1:-1] and "\\" not in inner:
            if inner[1:-1] not in entries:
                return None  # `opts["gen"]` of a dict without that entry: an alias, or changed
            out[key] = [entries[inner[1:-1]]]
        elif inner.isidentifier():
            named = [_looped_keys(e, inner) for e in events if e.target == key]
            if not named or any(n is None or n != named[0] for n in named):
                continue  # not every event of the key in one such loop: left as written
            if any(k not in entries for k in named[0]):  # type: ignore[union-attr]
                return None
            out[key] = [entries[k] for k in named[0]]  # type: ignore[union-attr]
    return out


def _looped_keys(event: GradEvent, variable: str) -> list[str] | None:
    """The string keys of `for <variable> in ("enc", "dec"):`, the innermost loop around
    `event` binding that variable; None when it is not such a loop."""
    for node in reversed(event.loops):
        if isinstance(node, ast.For) and isinstance(node.target, ast.Name) and node.target.id == variable:
            items = node.iter
            if not isinstance(items, (ast.Tuple, ast.List)) or not items.elts:
                return None
            if not all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in items.elts):
                return None
            return [e.value for e in items.elts]  # type: ignore[attr-defined]
    return None


_DICT_CHANGED = ("update", "setdefault", "pop", "popitem", "clear", "__setitem__", "__delitem__")


def _dict_elements(collection: str, model: ModuleModel) -> dict[str, str] | None:
    """`opts = {"enc": Adam(...), "dec": SGD(...)}`, the one binding of `collection`, two
    entries or more under distinct string keys, each value an optimizer built in the literal
    (an entry named as written, `opts["enc"]`) or each a distinct name (`{"enc": enc_opt}`, an
    entry named by it), never changed (no `opts[k] = ...`, `del opts[k]`, `opts.update(...)`):
    each key's entry; None otherwise."""
    if not collection or not all(part.isidentifier() for part in collection.split(".")):
        return None
    values = assigned_values(model, collection)
    if len(values) != 1 or not isinstance(values[0], ast.Dict):
        return None
    literal = values[0]
    keys = literal.keys
    if len(keys) < 2 or not all(isinstance(k, ast.Constant) and isinstance(k.value, str) for k in keys):
        return None
    if len({k.value for k in keys}) != len(keys):  # type: ignore[union-attr]
        return None
    source = model.source
    if all(isinstance(v, ast.Call) for v in literal.values):
        if not all(_optimizer_built(v, model) for v in literal.values):
            return None
        entries = {k.value: f"{collection}[{source.segment(k)}]" for k in keys}  # type: ignore[union-attr]
    elif all(isinstance(v, (ast.Name, ast.Attribute)) and dotted(v) is not None for v in literal.values):
        names = [dotted(v) for v in literal.values]
        if len(set(names)) != len(names):
            return None
        entries = {k.value: n for k, n in zip(keys, names)}  # type: ignore[union-attr,misc]
    else:
        return None
    for node in source.of_type(ast.Attribute):
        if node.attr in _DICT_CHANGED and source.key(node.value) == collection:
            return None
    for node in source.of_type(ast.Subscript):
        if not isinstance(node.ctx, ast.Load) and source.key(node.value) == collection:
            return None
    return entries  # type: ignore[return-value]


def _optimizer_built(call: ast.Call, model: ModuleModel) -> bool:
    """`torch.optim.Adam(...)` (any `torch.optim` class, or a name of the module's optimizer
    evidence): a new optimizer of its own."""
    name = call_name(call) or ""
    qualified = model.facts.imports.qualify(dotted(call.func) or "") or ""
    return qualified.startswith("torch.optim.") or model.facts.optimizer_evidence(name)


_GROWN = ("append", "extend", "insert", "__setitem__")


def _lightning_optimizer_list(collection: str, model: ModuleModel) -> int:
    """`opts = self.optimizers()`, the one binding of `opts`, in a method of a LightningModule
    subclass of the module: a list only when configure_optimizers returns two optimizers or more
    (with one, even in a list, it is that optimizer's LightningOptimizer: libraries/lightning.py
    `optimizers`), so indexed or iterated it holds two or more. The number of optimizers when
    the class's `configure_optimizers` says it (`_configured_optimizers`), else 1 (two or more,
    unknown how many); 0 when `collection` is no such list."""
    if not collection.isidentifier():
        return 0
    values = assigned_values(model, collection)
    if len(values) != 1:
        return 0
    value = values[0]
    if not (
        isinstance(value, ast.Call) and not value.args and all(k.arg == "use_pl_optimizer" for k in value.keywords)
        and isinstance(value.func, ast.Attribute) and value.func.attr == "optimizers"
        and isinstance(value.func.value, ast.Name) and value.func.value.id == "self"
    ):  # fmt: skip
        return 0
    facts = model.facts
    for name, node in facts.classes.items():
        if node.lineno <= value.lineno <= (node.end_lineno or 0):
            entry = framework_of(node, facts.imports.qualify)
            if entry is not None and entry.qualname == "pytorch_lightning.LightningModule":
                return _configured_optimizers(facts.methods.get(name, {}).get("configure_optimizers")) or 1
    return 0


def _configured_optimizers(info: FunctionInfo | None) -> int | None:
    """How many optimizers a LightningModule's own `configure_optimizers` returns, when its one
    `return` (its last statement, undecorated, no `yield`) gives a list or tuple literal of two or
    more entries, none starred: `[SGD(...), Adam(...)]`, `(opt_a, opt_b)`, a list of
    `{"optimizer": ...}` dicts, or the first list of `[opt_a, opt_b], [sched]`. Lightning 2.6's
    `_configure_optimizers` reads these forms so, in this order (`self.optimizers()` returns
    them in it)."""
    node = info.node if info is not None else None
    if not isinstance(node, ast.FunctionDef) or node.decorator_list or not node.body:
        return None
    returns = [n for n in ast_walk(node) if isinstance(n, (ast.Return, ast.Yield, ast.YieldFrom))]
    if len(returns) != 1 or returns[0] is not node.body[-1] or not isinstance(returns[0], ast.Return):
        return None
    value = returns[0].value
    if not isinstance(value, (ast.List, ast.Tuple)) or not value.elts:
        return None
    if isinstance(value.elts[0], (ast.List, ast.Tuple)):
        if len(value.elts) != 2:
            return None
        value = value.elts[0]  # `[opt_a, opt_b], [sched_a]`
    elements = value.elts
    if len(elements) < 2 or not all(isinstance(e, (ast.Call, ast.Name, ast.Attribute, ast.Dict)) for e in elements):
        return None
    return len(elements)


def _collection_elements(key: str, model: ModuleModel) -> list[str] | None:
    collection = key[: -len("[*]")]
    if collection.startswith("[") and collection.endswith("]"):
        elements = collection[1:-1].split(",")
        return elements if all(e and all(part.isidentifier() for part in e.split(".")) for e in elements) else None
    if not all(part.isidentifier() for part in collection.split(".")):
        return None
    values = assigned_values(model, collection)
    if len(values) != 1 or not isinstance(values[0], (ast.List, ast.Tuple)):
        return None
    elements = [model.source.key(e) for e in values[0].elts]
    if len(elements) >= 2 and not any(isinstance(e, (ast.Name, ast.Attribute, ast.Starred, ast.Subscript)) for e in values[0].elts):
        # `opts = [SGD(enc...), Adam(head...)]`: built in the list, named only by position
        elements = [f"{collection}[{i}]" for i in range(len(elements))]
    elif not elements or not all(isinstance(e, (ast.Name, ast.Attribute)) and dotted(e) is not None for e in values[0].elts):
        return None
    for node in model.source.of_type(ast.Attribute):  # `opts.append(extra_opt)`: not only these
        if node.attr in _GROWN and model.source.key(node.value) == collection:
            return None
    for node in model.source.of_type(ast.AugAssign):  # `opts += [extra_opt]`
        if model.source.key(node.target) == collection:
            return None
    for node in model.source.of_type(ast.Subscript):  # `opts[0] = other`
        if isinstance(node.ctx, ast.Store) and model.source.key(node.value) == collection:
            return None
    return elements


def _stepping_call(step: GradEvent, model: ModuleModel) -> str | None:
    """The call written in the loop when it is not `<opt>.step()` itself: timm's loss scaler
    (`loss_scaler(loss, optimizer)`, `self.amp_scaler(loss, self.optimizer, ...)`) or a
    `GradScaler`'s `scaler.step(opt)`, which step the optimizer they are handed. Shortened to
    its first 60 characters."""
    call = step.node
    scalers = getattr(model, "_scaler_calls", None)
    if scalers and len(step.via) == 1 and step.helpers and id(step.helpers[0]) in scalers:
        # a loss scaler of another module, `loss_scaler(loss, optimizer)`: the call in the loop
        text = " ".join(model.source.code(step.via[0]).split())
        return text if len(text) <= 60 else text[:57] + "..."
    if not step.direct or not isinstance(call, ast.Call):
        return None
    if isinstance(call.func, ast.Attribute) and call.func.attr == "step":
        # `opt.step()` itself: None; a scaler's `scaler.step(opt)`, handed the optimizer: the call
        args = positional(call)
        given = args[0] if args else next((k.value for k in call.keywords if k.arg == "optimizer"), None)
        if given is None or dotted(given) != step.target or dotted(call.func.value) == step.target:
            return None
    text = " ".join((step.source or model.source).code(call).split())
    return text if len(text) <= 60 else text[:57] + "..."


def _leaves_the_iteration(handler: ast.AST) -> bool:
    """An `except` block whose last statement is a `raise` or a `continue`, written in the block
    itself."""
    body = getattr(handler, "body", None)
    return bool(body) and body[-1].__class__ in (ast.Raise, ast.Continue)  # type: ignore[index]


def _other_constructed_optimizers(unseen: set[str], stepped: set[str], loop: TrainingLoop, model: ModuleModel) -> set[str]:
    """The clears among `unseen` that come from the step function's callers and name an
    optimizer as surely as every optimizer the function steps: each name bound only to an
    optimizer's construction, so none is another name of the other."""

    def constructed(key: str) -> bool:
        info = model.facts.objects.get(key)
        return info is not None and info.kind == "optimizer" and info.strong and info.constructor is not None

    if not stepped or not all(constructed(t) for t in stepped):
        return set()
    return {t for t in unseen & loop.cleared_by_callers if constructed(t)}
