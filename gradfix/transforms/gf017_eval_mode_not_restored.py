from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.assignments import assigned_values, assignments
from gradfix.analysis.facts import FunctionInfo
from gradfix.analysis.frameworks import LIGHTNING_CALLBACKS, framework_of
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import EventKind, TrainingLoop
from gradfix.analysis.modes import (
    ModeItem,
    ModeKind,
    UnrestoredEval,
    _exclusive,
    evaluated_before,
    forwards_before_backward,
    ignite_evaluated,
    listed_switches,
    manual_modes,
    mode_items,
    says_evaluator,
    trains_in_eval_mode,
    unrestored_evals,
)
from gradfix.analysis.modules import aliases, contains, normalize, related, trained_modules
from gradfix.analysis.names import dotted, method_name, receiver, root_name
from gradfix.analysis.steps import engine_handlers, engine_object_attributes, framework_iterations, is_framework_iteration, runs_between_steps, runs_several_epochs
from gradfix.patterns import lazily
from gradfix.source import COMPOUND, FUNCTIONS
from gradfix.transforms._common import new_statement, runs_once
from gradfix.transforms.base import Finding, Fix, InsertStatements, Rule, Safety
from gradfix.walk import ast_walk, leaves, own_nodes

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator

_SIMPLE = (ast.Expr, ast.Assign, ast.AnnAssign, ast.AugAssign)
# parameters frozen by hand: an optimizer over the whole module may train only a part of it
_FROZEN = lazily(r"requires_grad(_\(\s*(requires_grad\s*=\s*)?False|\s*=\s*False)")



# the roles of Lightning's hooks that run after a training step and before the next one
_END_HOOK_ROLES = ("batch-end-hook", "epoch-end-hook")
_ONE_EPOCH = lazily(r"\bmax_epochs\s*=\s*1\b")


def _one_epoch(text: str) -> bool:
    """A `Trainer(max_epochs=1)` in the file: an epoch-end hook runs after the last step."""
    return "max_epochs" in text and _ONE_EPOCH.search(text) is not None

class EvalModeNotRestored(Rule):
    """
    A module is switched to eval mode inside the training loop and never switched back.

    ## What it does
    Finds `model.eval()` (or `model.train(False)`, or `net.eval()` in `for net in (encoder,
    decoder):`, which switches each module listed, as do a loop over a name bound once to such
    a list or over a dict's `.values()`, and `[m.eval() for m in (...)]`) that runs inside a training loop —
    directly, or in a validation helper of the same file such as `validate(model, loader)` (its `if`
    arms decided by the call where it can tell: `phase="train"` given, or a parameter compared to `None`,
    `training = optimizer is not None`, left to its `None` default in `run_epoch(model, val_loader, crit)`),
    `self.evaluate()` (the override of the one subclass of the file, when the class has none, its own is a
    stub, or the file never builds the class and it has that one subclass; else the method a base class of
    the file defines, or else one a base class or mixin of another module of the project defines, `class
    Trainer(EvalMixin)` with `EvalMixin.validate` in mixins.py (imported by name or by `from mixins import *`), unless a base before it cannot be read or the
    method calls one of `self` that a class of either module defines), a static or class method called on its class (`Trainer.evaluate(model, loader)`) or, in a class method, on `cls` (`cls.score(batches)` switching `cls.net`, the class's own),
    a method of a callback object of a plain class of the file (`val_cb.on_epoch_end(model)`
    with `val_cb = ValidationCallback(...)`; also of a plain class imported from another module of the
    project whose method's text switches to eval mode, `from callbacks import ValidationCallback`; or one switching the module the object holds:
    `task.validation_epoch()` running `self.net.eval()`, with `task = Task(model)` built once beside the
    loop and `self.net = net` in `__init__` its one binding (also `self.net = net.to(device)`, or
    through a local bound once before it, `m = net.to(device)`; the optimizer built there over the parameter,
    `SGD(net.parameters())`, or the model built in the call, `Task(nn.Sequential(...))`), the class of the file or imported from
    another module of the project, whose method that backpropagates the loop walks too,
    `engine.update(x, y)` beside `engine.evaluate(...)` with `engine = Engine(model,
    torch.optim.SGD(model.parameters()))` and `self.optim = optim` in `__init__`; or an agent's own network: `agent.act(state)`
    running `self.net.eval()`, with `agent = Agent()` built once beside the loop and `agent.learn(...)`
    stepping the optimizer the class binds once over `self.net`), the `__call__` of a callable object of a plain class of the
    file or of another module of the project (`verify(step, model)` with `verify = Verifier(...)`; or
    `run_epoch(train, val)` with `run_epoch = EpochRunner(model)`, whose `__call__` trains and then
    validates `self.model`, the module the object was built over, as for a method), a
    helper of the file bound with `functools.partial` beside the loop (`run_val()` with `run_val =
    partial(validate, model, loader)`) or with a lambda without parameters whose body is the call
    (`validate = lambda: evaluate(model, loader)`), each function of the file in a list iterated by
    a `for` whose variable is called (`for cb in callbacks: cb(model)` with `callbacks =
    [evaluate]`, bound once and never changed, or written in the `for`; the fix restores the mode
    after the call, in that `for`), a function a factory of the file defines and returns, alone
    or in a tuple unpacked where it is called (`run_epoch, evaluate = make_trainer(model, opt,
    loader)` ... `evaluate()`, or `epoch_fn = build_epoch(model, opt)` ... `epoch_fn()`; also a
    method of one class of the file returning a tuple of its closures, unpacked in a method of that
    class, `run_epoch, evaluate = self.make_steps()`), its
    free names the factory's arguments (the fix switches the caller's module back after the call),
    each entry a table of phases reaches (`self.phases[name](loader)` in `for name in ("train",
    "val"):` over `self.phases = {"train": self.train_epoch, "val": self.evaluate}` bound once in
    `__init__`; a module's `HANDLERS = {...}` of its functions; a function's own `phases =
    {"train": train_fn, "val": eval_fn}` of the closures it defines; the key a string, the variable
    of a `for` over a literal tuple, or a parameter of the method calling the table, `def
    run(self, phase): self.handlers[phase](...)` called `self.run("val")` or `self.run(phase)`
    in `for phase in ("train", "val"):`; the entries a `for` reaches are read one after the
    other only when nothing else in its body, or in that method, may switch a mode),
    or `evaluate()` reading the module's `model` (or a closure's), or a function imported by name from another module of the project
    whose text switches modes (`from evaluation import validate`), or that calls such a function
    imported in turn (`validate` calling `run_eval` of metrics.py, two imports deep at most; a
    helper of the file calling one is looked into too) — when the loop's next `backward()` (later in the iteration, or in
    the next one) comes without a `model.train()` on that module in between (one under an `if` that
    holds on one pass of the loop at most, `for epoch in range(...)` with `if epoch == 0:`, `if epoch ==
    start_epoch:` or `if first:` with `first = False` in the loop, or a count the loop (a `for` or a
    `while`) only counts up, `if step == 0:` or `if not step:` with `step += 1`, does not switch the later passes back;
    a helper's
    `train()` in an `except` arm that re-raises restores nothing for the training; nor do
    `torch.jit.trace`, `torch.jit.script`, `torch.onnx.export` or `torch.export.export`, which
    leave the module's mode as it was, nor accelerate's `get_state_dict(model)`, nor a method of
    the module bound for later with `functools.partial(model.sample, n)` unless its name says it
    switches (`partial(model.train, True)`, whose later call may switch it back), while a module
    handed to a function gradfix cannot see may be switched back by it). Also an
    evaluation helper called before the loop (`print(evaluate(model, val_loader))` for an
    untrained baseline: the helper switches the module to eval and runs it) when nothing
    switches the module back before the loop's first `backward()` (a loop that calls
    `.train(` anywhere is taken to set the mode itself; a commented-out `# model.train()` is
    not a call; nor when a statement of its own `model.eval()` comes before the evaluation
    with nothing else naming the module between them, `model.eval(); acc = evaluate(model,
    loader)` ahead of a defence that fine-tunes in eval mode: the code chose eval mode
    itself). The module must
    be the one the loop trains: an optimizer stepped in the loop is built over its
    parameters (also by a builder of the file or of another module of the project, bound once
    in the loop's function, `optimizer = build_optimizer(model, lr)` whose every `return` is a
    torch optimizer over the parameters of the module it is handed; a trainer's
    `self.optimizer = optimizer` storing a local its method built over them, `optimizer =
    torch.optim.AdamW(model.parameters())`, also when accelerate's `prepare` rebinds it; also the optimizer an
    object of a class of the file or project holds, `stepper.opt` of `stepper = Stepper(net,
    opt)` whose `__init__` stores its parameter `opt`, when `opt` is built over `net`; in a
    function, `def run(net, opt): stepper = Stepper(net, opt)`, the optimizer every call of
    the function hands in, `run(net, opt)` after `opt = torch.optim.SGD(net.parameters())`).

    ## Why is this bad?
    `eval()` turns dropout off and makes batch norm use (and stop updating) its running
    statistics. A loop that validates after the first epoch and never calls `train()`
    again trains every later epoch in inference mode: no error, just a model that
    regularises less and generalises worse than the same code with `train()` restored.

    ## Example
    ```python
    model.train()
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
        model.eval()
        with torch.no_grad():
            val_loss = sum(criterion(model(x), y).item() for x, y in val_loader)
    ```

    ## Use instead
    ```python
    for epoch in range(epochs):
        model.train()
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
        model.eval()
        with torch.no_grad():
            val_loss = sum(criterion(model(x), y).item() for x, y in val_loader)
    ```

    ## Fix safety
    Safe when an optimizer stepped in the loop is built over the module's parameters
    (`model.parameters()`, also through `model.module`, DDP, `torch.compile` or `.to()`
    aliases; for a trainer's `self.optimizer` stored from its constructor, when every
    construction of the class in the file passes an optimizer built over the module it
    passes too: `Trainer(net, SGD(net.parameters()))`, or a name bound once to such an optimizer); unsafe when the optimizer cannot be read and only the module's forward in the
    loop says it is trained (also when the module and the optimizer are parameters of a `fit`
    function that only other files call, or that this one calls with an optimizer built in the
    call, or `self.model` and `self.optimizer` of a trainer class that stores both from its
    `__init__` parameters and that no code of the file builds; also a name bound to the module
    itself in a module's own `fit`, `model = self.train().to(device)`, the optimizer handed
    in). `model.train()` is inserted right after the helper call that
    switched to eval mode (`validate(model, loader)`, in the loop or before it); after the block that evaluates
    (`if epoch % 5 == 0: model.eval(); ...`); or, when `model.eval()` sits directly in the
    loop body, right before the statement that trains next (the batch loop, or the helper
    that runs it). No fix when the next backward is written in the same loop body as the
    eval (the forward before it cannot be told apart), when the statement that trains comes
    right after the `eval()` (a `train()` between them would undo the `eval()` itself), when the helper that switched to
    eval mode trains after it (a `train()` after the call would be undone by the next
    call), in inline blocks, when the module's name is not visible there, when the module runs
    again without gradients after the helper or block before the training (a test pass relying
    on eval mode), or when the file switches a submodule on its own outside the iteration (a
    frozen backbone in eval with its head in train: a whole-module `train()` would undo it). Not reported:
    an evaluation under a test that holds only on the loop's last pass (`for epoch in
    range(epochs)` with `if epoch == epochs - 1:` or `if epoch + 1 == epochs:`): no training follows;
    eval mode the training code chose itself -- an `eval()` written before the loop, a
    helper before it that only switches (no forward of the module), an `eval()` in the function that trains
    (or one that calls it, or the loop body) before the training, with no evaluation of the
    module in between (reading its `state_dict()` or `parameters()` is none), like a linear probe over a frozen backbone that calls
    `model.eval()` at the start of its `train_one_epoch`, or an `eval()` in one arm of an `if`
    (also a helper's, `set_mode(model, phase)`) whose other arm calls `train()` (`if task == 0: net.train()` / `else: net.eval()`, the head
    alone trained on frozen features; also with the module's forward inside each arm, `if freeze:
    enc.eval()` and `h = enc(x)` under `no_grad` / `else: enc.train(); h = enc(x)`, when on the eval
    arm's path the module runs with gradients nowhere before the backward) -- nor an earlier `eval()` (a
    validation's) that such a choice overrides before the training; a backward reached after
    the module ran only without gradients (a GAN's generator in eval mode making the
    discriminator's inputs under `torch.no_grad()`) while the modules run with gradients are
    others the file builds (not the module wrapped, `DDP(model)`): that backward trains them,
    and the module's own training comes later; a backward in a loop of its own whose
    optimizers, every one read, train only other modules (an augmenter network that a helper
    trained and left in eval, kept frozen while a classifier trains; a linear probe that the
    evaluation helper builds and trains on detached embeddings, also a helper of another
    module whose loop steps only optimizers it builds over modules it builds from no module
    handed in, or that the helper on the way before it built so and handed down:
    `_fit(head, feats, opt)`) is passed over to the training after it; an evaluation of an alias of the module that the training switches back
    (`model_without_ddp = model`, or `model.module` once `model` is wrapped, with `train(model)`
    calling `model.train()`), or a `train()` through an alias (`parallel_model = model` in the
    branch that does not wrap it); a module built anew in every arm of an `if` at the top of
    each iteration; `eval()` on another
    module (an EMA copy, a frozen teacher; also through a conditional a module constant decides,
    `eval_net = ema if USE_EMA else model` with `USE_EMA = True`, while with `USE_EMA = False` it is
    the trained model: reported, fixed with `model.train()`, the module the constant picks (`eval_net`
    may be bound only after the place the fix goes); with a flag no constant decides, a
    parameter or an attribute, `net = ema if use_ema else model` is reported when the optimizers
    train one arm and not the other, fixed by switching the trained one back: `model.train()`), loops that switch on the phase (`if phase ==
    "train": model.train() else: model.eval()`; a phase loop whose train phase never calls
    `train()` is reported, without a fix when the eval sits under its own `if phase == "val":`, and so is an arm that validates, `if epoch % 5 == 0: model.eval()` and a
    pass under `no_grad`, beside an `else: model.train()`: the training after it runs in eval mode), any `train(flag)` or unseen call
    receiving the module between the eval and the backward, and files that manage modes by
    hand (`model.apply(freeze_bn)`, a submodule's `eval()` after `train()`, `m.eval()` over
    `model.modules()`, `model.freeze_bn()`), and an `eval()` under a test of the layer's type
    (`if isinstance(layer, nn.BatchNorm2d): layer.eval()` in a helper walking `children()`,
    whatever its name or module): batch norm frozen on purpose for the training that follows.

    Two evaluations of the module back to back before the next training (`score(model,
    source)`, then `score(model, target)`) are one finding, at the later one; when the later
    one runs only sometimes (`if evaluate(model) > best: best = evaluate(model)`), both are
    reported, without a fix. Evaluations in the arms of one `if` (`if first: score(model,
    loader, full=True)` / `else: score(model, loader)`) are not back to back: one iteration runs
    one of them, so each is reported, and fixed in its own arm.

    A backward later in the eval's own iteration that the module's forward before the eval
    built (`logits = net(x)`, then a probe `confidence(net, x)` switching to eval, then
    `loss.backward()`) does not train in eval mode, when the module ran with gradients nowhere
    since the eval but in the helper that switched it (an input-gradient probe), or only in the
    loop's own statements whose results never reach the loss backpropagated (`if epoch % 100 ==
    0: net.eval(); acc = (net(x).argmax(1) == y).float().mean()`): the mode matters
    at the module's next forward, so the next iteration is read up to its backward (`net.train()`
    at the top of each iteration switches it back; without it the finding is reported, fixed as
    before).

    A backward in a loop whose optimizers step only tensors of their own (a temperature fitted
    with `Adam([temperature])`, `temperature = nn.Parameter(...)`) trains no module.

    A backward in an evaluation helper that switched to eval mode itself and steps nothing (a
    PGD attack's backward for the input's gradient, MART's `eval_adv_test_whitebox`) is not the
    training. Nor is an eval in a helper of the file that then runs the module with gradients
    and returns the loss the iteration backpropagates, running no backward and no
    `torch.autograd.grad` of its own (but one with `create_graph=True`, whose gradients are
    part of the loss), while the iteration runs the module with gradients
    nowhere else (`loss = entropy_loss(model, x)` in test-time adaptation, on frozen batch-norm
    statistics): the module trains in eval mode on purpose. An eval through a literal list
    (`for m in (enc, dec): m.eval()`, or a helper's loop over its `*modules` called as `evaluate(enc, dec)`) is reported only in a file that never calls `.train(`
    (one that does may switch them back in ways not read: `.items()`, `map`, a helper over
    `*modules`); a fix restores every module one call leaves in eval mode. `train()` on an object a class built from the module (`d_net = Distiller(t_net,
    s_net)`; `nn.ModuleList([s, t])` switched with `for m in module_list: m.train()`; a
    `DataParallel` wrapper) switches the module back; so does `train()` on the module a wrapper
    runs, or on the wrapper (`compiled = torch.compile(model)`, `nn.DataParallel(net).to(device)`:
    `model.train()` after `compiled.eval()`). A module put in eval mode before the loop,
    in the loop's own block, and never switched to train mode in it trains in eval mode on purpose
    (frozen batch norm): an evaluation inside the loop is not reported. A training helper
    imported from the project (`train_one_epoch` of engine.py) is looked into. No `train()` is
    appended to an evaluation block that may `continue` before its end.

    A `train()` on a submodule only (`model.backbone.train()`, `model[0].train()`) after the
    module's `eval()` leaves the rest of it in eval mode: reported, with an unsafe fix (the rest
    may be kept in eval on purpose), when an optimizer of the loop is built over the whole module,
    the module then runs with gradients outside that submodule before the backward, and the
    file freezes no parameters (`requires_grad = False`); not when the submodule is the only part
    the optimizers train, nor for `model.train(); model.backbone.eval()` (frozen batch norm).

    A `@property` of the class that only returns a module of `self` (`return
    self.accelerator.unwrap_model(self.model)`, `return self.net.module`) stands for that module:
    `self.unwrapped_model.eval()` switches `self.model`. So does a name every binding of which
    is `accelerator.unwrap_model(model)` (`unwrapped = accelerator.unwrap_model(model)` then
    `unwrapped.eval()`): the fix switches `model` back (bound before the loop; `unwrapped` may
    not be yet at its first pass).

    Iterations a framework runs: a LightningModule's `training_step` under automatic
    optimization is one iteration, its final `return loss` the backward (Lightning switches no
    mode between batches or training epochs), for a module of `self` when `configure_optimizers`
    builds its optimizers over `self.parameters()` alone, the module runs with gradients in the
    step (not an EMA copy under `no_grad`; also through `self(x)` when the class's own `forward`
    calls it, `self.encoder(x)`), the file freezes no parameters and no
    `on_*` hook of the file calls `train` in its code (`on_train_batch_start` switching back; a comment
    or a string saying `.train(` is none, nor is `.train(False)`); fixed like a loop's evaluation block. A LightningModule's `on_train_batch_end` (run after each such
    `training_step` and its optimizer step, before the next batch's) that calls `self.eval()`
    (or `self.net.eval()`, also under an `if`) on a module the step runs with gradients, under
    the same conditions (an `on_*` hook's `train` counting only as below: `self.head.train()` leaves
    an evaluated `self.backbone` reported) and when no code may switch that module back (read as
    code: a `.train()` on
    `self` or a module related to it in the class's methods, `self.trainer.model` being `self`, or on
    a Callback hook's `pl_module` likewise; any other `train` of the file, on another receiver, a
    helper's parameter, a Callback's `trainer`, `nn.Module.train(self)`, counts as one, since it
    cannot be told apart; and so does any but a `self.train()` of another LightningModule class in
    another file of the project that mentions Lightning and that the module's file imports, that
    imports it, or that a third file imports beside it: a Callback there switching `pl_module` back):
    reported, fixed with
    `self.train()` at the end of the hook (no fix when it may `return`). The same for the
    module's `on_train_epoch_end` (run after the epoch's last step and its validation loop; the
    next epoch's steps run in the mode it leaves), unless the file's `Trainer` says
    `max_epochs=1`; and such hooks of a subclass of the file that keeps the step
    (`class Watched(Net)` adding `on_train_epoch_end`). Likewise a Lightning
    `Callback` of the file built in a `Trainer(callbacks=[...])` list of the file (right in it, or
    first under a name bound once, `probe = Probe()`, `callbacks = [Probe()]`) whose
    `on_train_batch_end(self, trainer, pl_module, ...)` (or `on_train_epoch_end(self, trainer,
    pl_module)`) calls `pl_module.eval()` (or
    `pl_module.net.eval()`), when the file holds one LightningModule class: fixed with
    `pl_module.train()` at the end of that hook. An Ignite handler of
    the engine that runs the process function
    (`trainer = Engine(update)`, or `trainer = Engine(self.step)` in another method of the
    class whose method `step` is, or `trainer = Engine(stepper.step)` with `stepper =
    Stepper(net)` bound once, the handler's `net` the `self.model` that `__init__` stores it in; `@trainer.on(Events.EPOCH_COMPLETED)` or
    `trainer.add_event_handler(Events.ITERATION_COMPLETED(every=100), handler)`; also
    `EPOCH_STARTED`, `ITERATION_STARTED`) that calls `model.eval()` at its own top level, on a
    module the process function runs and trains and never switches to train mode itself, when no
    handler of the engine calls `.train(`: reported, fixed with `model.train()` at the end of the
    handler (no fix when it may `return`). Not for `EPOCH_*` events when a `trainer.run(...)` of
    the file runs one epoch (no `max_epochs`, Ignite's default of one, or `max_epochs=1`), nor
    `COMPLETED`, nor a handler registered on another engine (an evaluator's). Running Ignite's
    `create_supervised_evaluator(model, ...)` (`evaluator.run(val)`, the evaluator bound once, or
    `create_supervised_evaluator(model).run(val)`) is read as `model.eval()`: its step calls it at
    every batch and never switches back (in such a handler, or in a training loop; Ignite's
    `create_supervised_trainer` switches back itself at every batch).

    A frozen part put in eval mode before the loop (`model.encoder.requires_grad_(False)`, or
    `for p in model.encoder.parameters(): p.requires_grad = False`, then `model.encoder.eval()`,
    in the loop's own block) and switched back to train mode by the parent's `model.train()` in
    the loop, when the file sets the part's mode nowhere else, nothing else in the iteration
    sets the parent's, and `model` is built once by a class of the file over `nn.Module` that
    defines no `train`: reported at `model.train()`, with an unsafe fix calling
    `model.encoder.eval()` right after it (the part may run in train mode on purpose). A part
    frozen and put in eval mode in the iteration itself (`if epoch < freeze_epochs:` with the
    freezing and `model.encoder.eval()` in one block), then switched back by the parent's
    `train()` later in that iteration, directly or at the top of a function the loop calls
    (`train_one_epoch(model, ...)` starting with `model.train()`), before the part runs and the
    loss is backpropagated, with nothing setting the part's or the parent's mode in between:
    reported at that `train()` (or the loop's call of its function), without a fix. A module
    handed to torch's `nn.Sequential` (`nn.ModuleList`, `nn.ModuleDict`) keeps its mode: a
    helper training `nn.Sequential(encoder, head)` after the evaluation trains the encoder in
    eval mode, unless the helper switches the container (or hands it on).
    """

    code = "GF017"
    name = "eval-mode-not-restored"
    message = (
        "`{call}` leaves `{module}` in eval mode for the training that follows: call `{module}.train()` "
        "before the next training step (dropout and batch norm stay in inference mode)"
    )
    frozen_message = (
        "`{call}` also switches `{sub}`, frozen and put in eval mode before the loop, back to train mode: "
        "call `{sub}.eval()` after it (its dropout and batch norm run in training mode)"
    )
    undone_message = (
        "`{call}` switches `{sub}`, frozen and put in eval mode earlier in the iteration, back to train mode "
        "before the model trains: its dropout and batch norm run in training mode"
    )
    safety = Safety.SAFE

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        """One finding per call that switches to eval mode, at the nearest place it is reached
        from (a step helper that calls `evaluate()` is fixed there, not also at each call of the
        step helper)."""
        found = list(self._found(model))
        best: dict[int, tuple[bool, int]] = {}  # switching call -> (no fix, depth) of the finding kept
        for finding, eval_node, depth in found:
            if eval_node is not None:
                rank = (finding.fix is None, depth)
                best[eval_node] = min(rank, best.get(eval_node, rank))
        kept: set[int] = set()
        for finding, eval_node, depth in found:
            if eval_node is None:
                yield finding
            elif (finding.fix is None, depth) == best[eval_node] and eval_node not in kept:
                kept.add(eval_node)
                yield finding

    def _found(self, model: ModuleModel) -> Iterator[tuple[Finding, int | None, int]]:
        seen: set[int] = set()
        for loop in [*model.loops, *framework_iterations(model)]:
            hook = loop.is_step_function and is_framework_iteration(model, loop)
            if runs_once(loop.node) and not hook:
                continue
            problems = unrestored_evals(loop, model)
            if not problems:
                if not hook:
                    yield from ((f, None, 0) for f in self._before(loop, model, seen))
                continue
            manual = manual_modes(model)
            trained, complete = _hook_trained(loop, problems, model) if hook else trained_modules(loop, model)
            scope = loop.function if loop.function is not None else model.source.tree
            kept: list[tuple[UnrestoredEval, bool]] = []
            restore: dict[int, str] = {}  # id of a problem -> the module to switch back, when not the evaluated key
            for problem in problems:
                item = problem.eval_item
                module = item.key
                if not module or manual.manages(module) or trains_in_eval_mode(loop, module, problem.items, model):
                    continue
                names = aliases(module, scope, model)
                strong = any(contains(name, owner) for name in names for owner in trained)
                decided = _decided_arm_key(module, scope, model) or _unwrapped_key(module, scope, loop.node, model)
                if decided is not None:
                    # `eval_net = ema if USE_EMA else model` with `USE_EMA = False`, bound in the
                    # iteration after its first training step: switch back the module it names
                    restore[id(problem)] = decided
                if not strong and complete:
                    # `net = ema if use_ema else model` (a flag no constant decides): `net` is the
                    # trained module in one case; restoring that module is right in both
                    arm = _trained_arm(module, scope, trained, model)
                    if arm is None or manual.manages(arm) or trains_in_eval_mode(loop, arm, problem.items, model):
                        continue
                    restore[id(problem)], strong = arm, True
                if problem.partial and not (
                    complete and any(contains(owner, name) for name in names for owner in trained)
                    and not _FROZEN.search(model.source.text)
                ):
                    continue  # a submodule switched back: only an optimizer over the whole module says the rest trains
                if not strong:
                    if complete:
                        continue  # the optimizers train other modules: a copy, a teacher...
                    # (a name bound to the module it trains, `model = self.train().to(device)` in a
                    # module's own `fit`: the switch back the file writes is on that one, `self`)
                    weak = forwards_before_backward(problem.items, module) and (
                        any(normalize(name).rsplit(".", 1)[-1] in manual.trained_last_names for name in names)
                        or _handed_in_by_other_files(module, loop, model)
                    )
                    if not weak:
                        continue
                kept.append((problem, strong))
            # one finding per switching call; its fix restores every module the call leaves in
            # eval (`evaluate(enc, dec)`, `for m in (enc, dec): m.eval()`)
            by_call: dict[int, list[str]] = {}
            for problem, _ in kept:
                item = problem.eval_item
                node = item.via[0] if item.via else item.node
                restored = restore.get(id(problem), item.key)
                if restored not in by_call.setdefault(id(node), []):
                    by_call[id(node)].append(restored)
            for problem, strong in kept:
                item = problem.eval_item
                module = restore.get(id(problem), item.key)
                node = item.via[0] if item.via else item.node
                if id(node) in seen:
                    continue
                seen.add(id(node))
                safety = Safety.SAFE if strong and not problem.partial else Safety.UNSAFE  # (`model.backbone.train()`: its head in eval on purpose?)
                fix = _fix(problem, loop, model, safety, by_call[id(node)])
                finding = Finding(
                    self.code,
                    self.message.format(call=_short(model.source.code(node)), module=module),
                    node,
                    fix=fix,
                    related=(loop.node,),
                )
                # the same call chain's end (`evaluate()` inside `train_step`), reached from the
                # step helper's own loop and through each call of the helper
                yield finding, id(item.via[-1] if item.via else item.node), len(item.via)
            if not hook:
                yield from ((f, None, 0) for f in self._before(loop, model, seen))
        for loop in model.loops:
            if loop.is_step_function:
                yield from ((f, None, 0) for f in self._handlers(loop, model, seen))
        for loop in framework_iterations(model):  # (computed above: usually none)
            yield from ((f, None, 0) for f in self._batch_end_hook(loop, model, seen))
            yield from ((f, None, 0) for f in self._callback_batch_end(loop, model, seen))
        if ".eval()" in model.source.text and _FROZEN.search(model.source.text):
            for loop in model.loops:
                if not loop.is_step_function:
                    yield from ((f, None, 0) for f in self._frozen_switched_back(loop, model, seen))
                    yield from ((f, None, 0) for f in self._frozen_undone_in_the_iteration(loop, model, seen))

    def _frozen_switched_back(self, loop: TrainingLoop, model: ModuleModel, seen: set[int]) -> Iterator[Finding]:
        """`model.train()` in the loop undoing `model.encoder.eval()`, written once before the
        loop, beside the encoder's freezing (`for p in model.encoder.parameters(): p.requires_grad
        = False`, or `model.encoder.requires_grad_(False)`): the frozen part runs with dropout on
        and its batch norm statistics drift. Only when `model` is bound once to a class of the
        file that defines no `train` of its own over `nn.Module` alone, and nothing else in the
        file or the iteration sets the frozen part's mode."""
        source = model.source
        outer = loop.enclosing_loops[0] if loop.enclosing_loops else loop.node
        block = source.block_of(outer)  # type: ignore[arg-type]
        if block is None:
            return
        before = block[: next((i for i, stmt in enumerate(block) if stmt is outer), 0)]
        if not _frozen_then_evaluated(before, source):
            return  # (`_frozen_in_eval` finds no part for any module: the iteration is not walked)
        items = mode_items(loop, model)
        for item in items:
            call = item.node
            if item.kind is not ModeKind.TRAIN or item.via or id(call) in seen or not isinstance(call, ast.Call) or call.args or call.keywords:
                continue
            parent = item.key
            if not parent or not isinstance(call.func, ast.Attribute) or source.key(call.func.value) != parent:
                continue
            for sub in _frozen_in_eval(parent, before, model):
                last = sub.rsplit(".", 1)[-1]
                if source.text.count(f".{last}.eval(") != 1 or f".{last}.train(" in source.text:
                    continue  # the file sets the part's mode elsewhere too
                if any(
                    other is not item and other.kind in (ModeKind.TRAIN, ModeKind.EVAL, ModeKind.UNSURE)
                    and any(k and related(k, parent) for k in other.keys)
                    for other in items
                ):  # fmt: skip
                    continue  # another switch (or an unseen call) of the module or a part of it
                if not any(o.kind is ModeKind.FORWARD and not o.no_grad and any(k == parent for k in o.keys) for o in items):
                    continue  # the module does not run in the iteration
                seen.add(id(call))
                fix = None
                anchor = item.anchor
                if (
                    isinstance(anchor, ast.Expr) and anchor.value is call and source.alone_on_lines(anchor)
                    and item.blocks and not source.inline_block(item.blocks[-1])
                ):  # fmt: skip
                    # unsafe: the part may run in train mode on purpose after an evaluation before the loop
                    fix = Fix([InsertStatements(anchor, "after", new_statement(f"{sub}.eval()"))], Safety.UNSAFE)
                yield Finding(
                    self.code,
                    self.frozen_message.format(call=_short(source.code(call)), sub=sub),
                    call,
                    fix=fix,
                    related=(loop.node,),
                )
                break

    def _frozen_undone_in_the_iteration(self, loop: TrainingLoop, model: ModuleModel, seen: set[int]) -> Iterator[Finding]:
        """`model.encoder.eval()` written beside the encoder's freezing in the iteration (`for p
        in model.encoder.parameters(): p.requires_grad = False`, or `requires_grad_(False)`, in
        the same block: the first epochs of a fine-tuning), then `model.train()` later in the
        same iteration -- also at the top of a function the loop calls to train the epoch
        (`train_one_epoch(model, ...)`) -- before the model runs and backpropagates: the frozen
        part trains in train mode after all. Not when anything sets the part's mode (or calls
        something unseen with it) after that `train()`, nor when a statement that can run in
        the same iteration sets it between the two. Reported at the `train()` (or at the
        loop's call of the function that holds it), without a fix: where the part's mode
        belongs is the author's choice."""
        source = model.source
        if not _freezes_inside(loop.node, source):
            return  # (no statement the findings below need: the iteration is not walked for them)
        items = mode_items(loop, model)
        for index, item in enumerate(items):
            call = item.node
            if item.kind is not ModeKind.EVAL or item.via or not isinstance(call, ast.Call) or call.args or call.keywords:
                continue
            sub = item.key
            if "." not in sub or not item.blocks or not any(_freezes(stmt, sub, source) for stmt in item.blocks[-1]):
                continue
            for later in items[index + 1 :]:
                if _exclusive(item, later):
                    continue  # the other arm of an `if` (`else: model.encoder.train()`)
                touches = [k for k in later.keys if k and (k == sub or k.startswith(sub + "."))]
                if later.kind in (ModeKind.EVAL, ModeKind.UNSURE) and touches:
                    break
                if later.kind is ModeKind.TRAIN and touches:
                    break  # the part is set to train mode itself: meant
                if later.kind is not ModeKind.TRAIN or not sub.startswith(later.key + "."):
                    continue
                switch = later.node
                if not isinstance(switch, ast.Call) or switch.args or switch.keywords or id(switch) in seen:
                    break
                rest = items[items.index(later) + 1 :]
                backward = next((i for i, o in enumerate(rest) if o.kind is ModeKind.BACKWARD), None)
                if backward is None:
                    break
                rest = rest[:backward]  # up to the first backward after the switch
                if any(
                    o.kind in (ModeKind.TRAIN, ModeKind.EVAL, ModeKind.UNSURE)
                    and any(k and (related(k, sub) or k == later.key) for k in o.keys)
                    for o in rest
                ):  # fmt: skip
                    break  # the part's (or the module's) mode is set again before it trains
                if not any(o.kind is ModeKind.FORWARD and not o.no_grad and _runs(o, sub) for o in rest):
                    break  # the frozen part does not run (itself, or in its module) before the backward
                seen.add(id(switch))
                where = later.via[0] if later.via else switch
                yield Finding(
                    self.code,
                    self.undone_message.format(call=_short(source.code(switch)), sub=sub),
                    where,
                    related=(loop.node, call),
                )
                break

    def _handlers(self, loop: TrainingLoop, model: ModuleModel, seen: set[int]) -> Iterator[Finding]:
        """An Ignite handler of the engine that runs the step function (`@trainer.on(
        Events.EPOCH_COMPLETED)`) switching a module the step trains to eval mode, at its own
        top level: the next calls of the process function train in eval mode when neither the
        step nor any handler of the engine switches back."""
        registered = engine_handlers(model, loop)
        if not registered or not registered[1]:
            return
        engine, handlers = registered
        source = model.source
        if any(".train(" in source.segment(h) for _, h in handlers):
            return  # a handler (maybe of another event) switches back
        items = mode_items(loop, model)
        if any(i.kind is ModeKind.TRAIN for i in items):
            return  # the step sets the mode itself
        evaluator = says_evaluator(model)
        trained, complete = trained_modules(loop, model)
        manual = manual_modes(model)
        attributes: dict[str, str] | None = None
        for event, handler in handlers:
            if not runs_between_steps(event) or ("EPOCH_" in event and not runs_several_epochs(model, engine)):
                continue
            for stmt in handler.body:
                call = stmt.value if isinstance(stmt, ast.Expr) else None
                evaluated = None
                if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "run" and evaluator:
                    # `evaluator.run(val)`, `evaluator = create_supervised_evaluator(model, ...)`:
                    # Ignite's evaluation step calls `model.eval()` and never switches back
                    evaluated = ignite_evaluated(call.func.value, model)
                elif not (
                    isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "eval"
                    and not call.args and not call.keywords and dotted(call.func.value) is not None
                ):
                    continue
                if evaluated is None and call.func.attr == "run":  # type: ignore[union-attr]
                    continue
                module = source.key(evaluated if evaluated is not None else call.func.value)  # type: ignore[union-attr]
                if attributes is None:
                    attributes = engine_object_attributes(model, loop) if not any(contains(module, owner) for owner in trained) else {}
                # (`Engine(stepper.step)`, `stepper = Stepper(net)`: `net` is the step's `self.model`)
                inner = attributes.get(module, module)
                if id(call) in seen or manual.manages(module) or not forwards_before_backward(items, inner):
                    continue
                if any(i.kind is ModeKind.UNSURE and any(k and related(k, inner) for k in i.keys) for i in items):
                    continue  # the step may set the module's mode (`model.train(phase)`)
                if not complete or not any(contains(inner, owner) for owner in trained):
                    continue
                seen.add(id(call))
                fix = None
                if not source.inline_block(handler.body) and not any(isinstance(n, ast.Return) for n in ast_walk(handler)):
                    fix = Fix([InsertStatements(handler.body, "end", new_statement(f"{module}.train()"))], Safety.SAFE)
                yield Finding(
                    self.code,
                    self.message.format(call=_short(source.code(call)), module=module),
                    call,
                    fix=fix,
                    related=(loop.node,),
                )

    def _batch_end_hook(self, loop: TrainingLoop, model: ModuleModel, seen: set[int]) -> Iterator[Finding]:
        """A LightningModule's `on_train_batch_end` (Lightning runs it after each automatic
        `training_step` and its optimizer step, before the next batch's `training_step`, and
        switches no mode back in between), or its `on_train_epoch_end` (after the epoch's last
        step and validation loop, before the next epoch's steps; not when the file's `Trainer`
        says `max_epochs=1`: no step follows), calling `self.eval()` (or `self.net.eval()`), also
        under an `if`, on a module `training_step` runs with gradients, when `configure_optimizers`
        builds its optimizers over `self.parameters()` alone and nothing in the file calls
        `.train(`: every later batch trains in eval mode. Fixed with `self.train()` at the end of
        the hook (no fix when the hook may `return`)."""
        source = model.source
        if ".eval()" not in source.text:
            return
        function = loop.function
        class_name = next((c for c, methods in model.facts.methods.items() if any(m.node is function for m in methods.values())), None)
        node = model.facts.classes.get(class_name or "")
        entry = framework_of(node, model.facts.imports.qualify) if node is not None else None
        if entry is None:
            return
        methods = model.facts.methods.get(class_name or "", {})
        hooks = [methods[name] for name, role in entry.hooks.items() if role in _END_HOOK_ROLES and name in methods]
        steps = [name for name, role in entry.hooks.items() if role == "training-step"]
        for sub, sub_node in model.facts.classes.items():
            # a subclass of the file (`class Watched(Net)`) that keeps the step and adds a hook:
            # its instances run the hook around the inherited step
            sub_methods = model.facts.methods.get(sub, {})
            if sub == class_name or any(name in sub_methods for name in steps):
                continue
            if any(dotted(base) == class_name for base in sub_node.bases):
                hooks += [sub_methods[name] for name, role in entry.hooks.items() if role in _END_HOOK_ROLES and name in sub_methods]
        if _one_epoch(source.text):
            hooks = [hook for hook in hooks if entry.hooks[hook.node.name] != "epoch-end-hook"]
        if not hooks:
            return
        trained, _ = _hook_trained(loop, [], model, switches_read=True)
        if "self" not in trained:
            return
        items = mode_items(loop, model)
        manual = manual_modes(model)
        forward = methods.get("forward")
        forward_text = source.segment(forward.node) if forward is not None else ""
        for hook in hooks:
            inner = [n for n in ast_walk(hook.node) if n is not hook.node and isinstance(n, (*_DEFINITIONS, ast.Lambda))]
            nested = {id(sub) for n in inner for sub in ast_walk(n)}
            for call in ast_walk(hook.node):
                if id(call) in nested or not (
                    isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "eval"
                    and not call.args and not call.keywords
                ):
                    continue
                name = dotted(call.func.value)
                if name is None or not (name == "self" or name.startswith("self.")):
                    continue
                module = source.key(call.func.value)
                if id(call) in seen or manual.manages(module) or not _runs_in_step(module, items, forward_text):
                    continue
                if any(i.kind in (ModeKind.UNSURE, ModeKind.EVAL) and any(k and related(k, module) for k in i.keys) for i in items):
                    continue  # the step sets (or may set) the module's mode itself
                if _may_switch_back(module, class_name or "", model):
                    continue
                seen.add(id(call))
                fix = None
                if not source.inline_block(hook.node.body) and not any(isinstance(n, ast.Return) for n in ast_walk(hook.node)):
                    fix = Fix([InsertStatements(hook.node.body, "end", new_statement(f"{module}.train()"))], Safety.SAFE)
                yield Finding(
                    self.code,
                    self.message.format(call=_short(source.code(call)), module=module),
                    call,
                    fix=fix,
                    related=(loop.node,),
                )

    def _callback_batch_end(self, loop: TrainingLoop, model: ModuleModel, seen: set[int]) -> Iterator[Finding]:
        """A Lightning `Callback` of the file whose `on_train_batch_end(self, trainer, pl_module,
        ...)` (or `on_train_epoch_end(self, trainer, pl_module)`, as the module's own) calls `pl_module.eval()` (or `pl_module.net.eval()`), also under an `if`, and
        that a `Trainer(callbacks=[...])` of the file is built with (`Probe()` in the list): Lightning
        runs it after each automatic `training_step` and its optimizer step, before the next batch,
        and switches no mode back (tests/libraries/test_lightning.py). Only when the file holds
        one LightningModule class (the callback's `pl_module`), read like its own batch-end hook:
        the module the step runs with gradients, nothing in the file calls `.train(`. Fixed with
        `pl_module.train()` at the end of the hook (no fix when it may `return`)."""
        source = model.source
        if ".eval()" not in source.text or "callbacks" not in source.text:
            return
        qualify = model.facts.imports.qualify
        function = loop.function
        class_name = next((c for c, methods in model.facts.methods.items() if any(m.node is function for m in methods.values())), None)
        node = model.facts.classes.get(class_name or "")
        entry = framework_of(node, qualify) if node is not None else None
        if entry is None or not entry.qualname.startswith("pytorch_lightning."):
            return
        if sum(1 for c in model.facts.classes.values() if framework_of(c, qualify) is not None) != 1:
            return  # (which module the callback is handed is not read)
        callbacks = [
            (name, c) for name, c in model.facts.classes.items()
            if any(qualify(dotted(base)) in LIGHTNING_CALLBACKS for base in c.bases) and _registered(name, model)
        ]  # fmt: skip
        if not callbacks:
            return
        trained, _ = _hook_trained(loop, [], model, switches_read=True)
        if "self" not in trained:
            return
        items = mode_items(loop, model)
        manual = manual_modes(model)
        forward = model.facts.methods.get(class_name or "", {}).get("forward")
        forward_text = source.segment(forward.node) if forward is not None else ""
        hook_names = ("on_train_batch_end",) if _one_epoch(source.text) else ("on_train_batch_end", "on_train_epoch_end")
        for name, hook in ((n, model.facts.methods.get(n, {}).get(h)) for n, _ in callbacks for h in hook_names):
            args = hook.node.args.args if hook is not None and isinstance(hook.node, FUNCTIONS) else []
            if len(args) < 3 or hook.node.decorator_list:  # type: ignore[union-attr]
                continue
            handed = args[2].arg
            if any(isinstance(n, ast.Name) and n.id == handed and not isinstance(n.ctx, ast.Load) for n in ast_walk(hook.node)):  # type: ignore[union-attr]
                continue  # bound again in the hook
            inner = [n for n in ast_walk(hook.node) if n is not hook.node and isinstance(n, (*_DEFINITIONS, ast.Lambda))]  # type: ignore[union-attr]
            nested = {id(sub) for n in inner for sub in ast_walk(n)}
            for call in ast_walk(hook.node):  # type: ignore[union-attr]
                if id(call) in nested or not (
                    isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "eval"
                    and not call.args and not call.keywords
                ):  # fmt: skip
                    continue
                shown = dotted(call.func.value)
                if shown is None or not (shown == handed or shown.startswith(handed + ".")):
                    continue
                module = "self" + shown[len(handed) :]
                if id(call) in seen or manual.manages(module) or not _runs_in_step(module, items, forward_text):
                    continue
                if any(i.kind in (ModeKind.UNSURE, ModeKind.EVAL) and any(k and related(k, module) for k in i.keys) for i in items):
                    continue  # the step sets (or may set) the module's mode itself
                if _may_switch_back(module, class_name or "", model):
                    continue
                seen.add(id(call))
                fix = None
                if not source.inline_block(hook.node.body) and not any(isinstance(n, ast.Return) for n in ast_walk(hook.node)):  # type: ignore[union-attr]
                    fix = Fix([InsertStatements(hook.node.body, "end", new_statement(f"{shown}.train()"))], Safety.SAFE)  # type: ignore[union-attr]
                yield Finding(
                    self.code,
                    self.message.format(call=_short(source.code(call)), module=shown),
                    call,
                    fix=fix,
                    related=(loop.node,),
                )

    def _before(self, loop: TrainingLoop, model: ModuleModel, seen: set[int]) -> Iterator[Finding]:
        """An evaluation helper run before the loop (`evaluate(model)` for a baseline) that
        leaves the module in eval mode for the loop's first training step."""
        items = evaluated_before(loop, model)
        if not items:
            return
        manual = manual_modes(model)
        trained, _ = trained_modules(loop, model)
        scope = loop.function if loop.function is not None else model.source.tree
        source = model.source
        reported = [
            item for item in items
            if not manual.manages(item.key) and any(contains(n, owner) for n in aliases(item.key, scope, model) for owner in trained)
        ]
        for item in reported:
            module = item.key
            node = item.via[0]
            if id(node) in seen:
                continue
            seen.add(id(node))
            # `evaluate(enc, dec)` switching both: one fix restores every module the call leaves in eval
            modules = list(dict.fromkeys(other.key for other in reported if other.via[0] is node))
            fix = None
            anchor = item.anchor
            block = source.block_of(anchor)
            if (
                isinstance(anchor, _SIMPLE)
                and source.alone_on_lines(anchor)
                and block is not None
                and not source.inline_block(block)
                and all(_visible(m, node, loop, model) for m in modules)
            ):
                fix = Fix([InsertStatements(anchor, "after", new_statement("\n".join(f"{m}.train()" for m in modules)))], Safety.SAFE)
            yield Finding(
                self.code,
                self.message.format(call=_short(source.code(node)), module=module),
                node,
                fix=fix,
                related=(loop.node,),
            )


def _frozen_in_eval(parent: str, before: list[ast.stmt], model: ModuleModel) -> list[str]:
    """The parts of `parent` (`model.encoder`) that statements `before` the loop (of the loop's
    own block) freeze and then switch to eval mode, when `parent` is bound once, to a class of
    the file over `nn.Module` alone that defines no `train`."""
    source = model.source
    values = assigned_values(model, parent)
    if len(values) != 1 or not isinstance(values[0], ast.Call) or not isinstance(values[0].func, ast.Name):
        return []
    class_name = values[0].func.id
    node = model.facts.classes.get(class_name)
    if node is None or "train" in model.facts.methods.get(class_name, {}) or not node.bases:
        return []
    if not all((dotted(base) or "").rsplit(".", 1)[-1] == "Module" for base in node.bases):
        return []
    frozen: set[str] = set()
    found: list[str] = []
    for stmt in before:
        if isinstance(stmt, ast.For) and isinstance(stmt.iter, ast.Call) and method_name(stmt.iter) == "parameters":
            walked = receiver(stmt.iter)
            target = stmt.target.id if isinstance(stmt.target, ast.Name) else None
            if walked is not None and dotted(walked) is not None and target and len(stmt.body) == 1 and not stmt.orelse:
                only = stmt.body[0]
                if (
                    isinstance(only, ast.Assign) and len(only.targets) == 1 and source.key(only.targets[0]) == f"{target}.requires_grad"
                    and isinstance(only.value, ast.Constant) and only.value.value is False
                ):  # fmt: skip
                    frozen.add(source.key(walked))
            continue
        call = stmt.value if isinstance(stmt, ast.Expr) else None
        if not isinstance(call, ast.Call) or dotted(receiver(call) or call) is None:
            continue
        key = source.key(receiver(call))  # type: ignore[arg-type]
        if method_name(call) == "requires_grad_" and len(call.args) == 1 and isinstance(call.args[0], ast.Constant) and call.args[0].value is False:
            frozen.add(key)
        elif method_name(call) == "eval" and not call.args and key in frozen and key.startswith(parent + ".") and key not in found:
            found.append(key)
    return found


def _frozen_then_evaluated(before: list[ast.stmt], source) -> bool:  # type: ignore[no-untyped-def]
    """Some part is frozen, then switched to eval mode (`<part>.eval()` of a dotted key) by the
    statements `before` the loop: what `_frozen_in_eval` asks of them for every module, without
    the module (a cheap test, asked before the iteration's modes are walked for it)."""
    frozen: set[str] = set()
    for stmt in before:
        if isinstance(stmt, ast.For):
            walked = receiver(stmt.iter) if isinstance(stmt.iter, ast.Call) and method_name(stmt.iter) == "parameters" else None
            if walked is not None and _freezes(stmt, source.key(walked), source):
                frozen.add(source.key(walked))  # (`_freezes` asks less than `_frozen_in_eval`: never a part fewer)
            continue
        call = stmt.value if isinstance(stmt, ast.Expr) else None
        if not isinstance(call, ast.Call) or dotted(receiver(call) or call) is None:
            continue
        key = source.key(receiver(call))  # type: ignore[arg-type]
        if method_name(call) == "requires_grad_" and len(call.args) == 1 and isinstance(call.args[0], ast.Constant) and call.args[0].value is False:
            frozen.add(key)
        elif method_name(call) == "eval" and not call.args and key in frozen and "." in key:
            return True
    return False


def _freezes_inside(loop: ast.AST, source) -> bool:  # type: ignore[no-untyped-def]
    """A statement of a block inside the loop (any depth) freezes a part (`_freezes`, of the
    key it names): the items `_frozen_undone_in_the_iteration` reads are in blocks of the
    iteration, each inside the loop. The loop's text says `requires_grad` first."""
    from gradfix.source import blocks_of  # (here: the imports above are left as they are)

    if "requires_grad" not in source.segment(loop):
        return False
    todo = [loop]
    while todo:
        for block in blocks_of(todo.pop()):
            for stmt in block:
                if isinstance(stmt, ast.For) and isinstance(stmt.iter, ast.Call) and method_name(stmt.iter) == "parameters":
                    walked = receiver(stmt.iter)
                elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and method_name(stmt.value) == "requires_grad_":
                    walked = receiver(stmt.value)
                else:
                    walked = None
                if walked is not None and _freezes(stmt, source.key(walked), source):
                    return True
                todo.append(stmt)
    return False


def _freezes(stmt: ast.stmt, key: str, source) -> bool:  # type: ignore[no-untyped-def]
    """`for p in <key>.parameters(): p.requires_grad = False` or `<key>.requires_grad_(False)`."""
    if isinstance(stmt, ast.For) and isinstance(stmt.iter, ast.Call) and method_name(stmt.iter) == "parameters":
        walked = receiver(stmt.iter)
        if walked is None or source.key(walked) != key or not isinstance(stmt.target, ast.Name) or len(stmt.body) != 1:
            return False
        only = stmt.body[0]
        return (
            isinstance(only, ast.Assign) and len(only.targets) == 1
            and source.key(only.targets[0]) == f"{stmt.target.id}.requires_grad"
            and isinstance(only.value, ast.Constant) and only.value.value is False
        )  # fmt: skip
    call = stmt.value if isinstance(stmt, ast.Expr) else None
    if not isinstance(call, ast.Call) or method_name(call) != "requires_grad_" or len(call.args) != 1:
        return False
    target = receiver(call)
    return target is not None and source.key(target) == key and isinstance(call.args[0], ast.Constant) and call.args[0].value is False


_NOT_A_FORWARD = {
    "parameters", "named_parameters", "zero_grad", "requires_grad_", "to", "cuda", "cpu", "state_dict",
    "load_state_dict", "modules", "named_modules", "children", "named_children", "buffers", "apply",
}


def _runs(item, part: str) -> bool:  # type: ignore[no-untyped-def]
    """A forward item that runs `part`: a call of it, of a part of it, or of a module holding
    it (`net.module.backbone(x)`, `model(x)`), not a method that leaves the mode as it is
    (`parameters()`, `zero_grad()`)."""
    call = item.node
    if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr in _NOT_A_FORWARD:
        return False
    return any(k and (k == part or k.startswith(part + ".") or part.startswith(k + ".")) for k in item.keys)


def _exclusive(one, other) -> bool:  # type: ignore[no-untyped-def]
    """Two mode items in different arms of one `if` (only one runs in an iteration)."""
    arms = dict(one.arms)
    return any(node in arms and arms[node] != arm for node, arm in other.arms)


def _hook_trained(loop: TrainingLoop, problems: list[UnrestoredEval], model: ModuleModel, switches_read: bool = False) -> tuple[set[str], bool]:
    """The modules a LightningModule's automatic `training_step` trains: every submodule of
    `self` (the evaluated ones among them) when `configure_optimizers` builds its optimizers
    over `self.parameters()` alone, the file freezes no parameters by hand and no hook of the
    file (`on_train_batch_start`, of the module or of a callback) switches a module back to
    train mode; otherwise nothing known (no finding)."""
    function = loop.function
    class_name = next((c for c, methods in model.facts.methods.items() if any(m.node is function for m in methods.values())), None)
    configure = model.facts.methods.get(class_name or "", {}).get("configure_optimizers")
    if configure is None or _FROZEN.search(model.source.text):
        return set(), True
    if not switches_read and any(  # (the hook readings ask `_may_switch_back` instead, module by module)
        name.startswith("on_") and ".train(" in model.source.segment(info.node) and _calls_train(info.node)
        for methods in model.facts.methods.values() for name, info in methods.items()
    ):
        return set(), True  # `on_train_batch_start` (of the module or a callback) switching back
    text = model.source.segment(configure.node)
    if "self.parameters()" not in text or text.count(".parameters(") != 1 or "param_groups" in text:
        return set(), True
    # a module of `self` run with gradients before the backward (not an EMA copy run under no_grad)
    forward = model.facts.methods.get(class_name or "", {}).get("forward")
    forward_text = model.source.segment(forward.node) if forward is not None else ""

    def runs(problem: UnrestoredEval, key: str) -> bool:
        if forwards_before_backward(problem.items, key):
            return True
        # `self(x)` runs the class's own `forward`, which calls the submodule (`self.net(x)`)
        return key.startswith("self.") and f"{key}(" in forward_text and forwards_before_backward(problem.items, "self")

    keys = {normalize(p.eval_item.key) for p in problems if p.eval_item.key and runs(p, p.eval_item.key)}
    return {"self", *(k for k in keys if k.startswith("self."))}, True


_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)




_OTHER_FILE_HOOK_WORDS = (b"lightning", b"pl_module", b"on_train", b"Callback")


def _train_references(source, facts) -> Iterator[tuple[ast.Call | None, str | None, str | None, FunctionInfo | None]]:  # type: ignore[no-untyped-def]
    """Each `train` named on something in the file's code (a comment or a string saying `.train(`
    is none), other than a `.train(False)` (eval mode): its call (None: `partial(self.train)`),
    the receiver as written (None when not a dotted name), and the class and method around it
    (None outside a method)."""
    if ".train" not in source.text:
        return
    placed: dict[int, tuple[str, FunctionInfo]] = {}  # id(attribute) -> its class and method
    for name, methods in facts.methods.items():
        for info in methods.values():
            for node in ast_walk(info.node):
                if isinstance(node, ast.Attribute) and node.attr == "train":
                    placed.setdefault(id(node), (name, info))
    calls = {id(n.func): n for n in ast_walk(source.tree) if isinstance(n, ast.Call)}
    for node in ast_walk(source.tree):
        if not (isinstance(node, ast.Attribute) and node.attr == "train"):
            continue
        call = calls.get(id(node))
        if call is not None and not call.keywords and len(call.args) == 1:
            if isinstance(call.args[0], ast.Constant) and call.args[0].value is False:
                continue  # `.train(False)`: eval mode
        owner, info = placed.get(id(node), (None, None))
        yield call, dotted(node.value), owner, info


def _may_switch_back(module: str, class_name: str, model: ModuleModel) -> bool:
    """Code that may switch `module` (`self` or `self.net`, of the LightningModule `class_name`)
    back to train mode, read as code (a comment or string saying `.train(` is none): a `.train()`
    (or `.train(flag)`, not `.train(False)`) on `self` or a module related to it in that class's
    methods (`self.trainer.model` is `self`), or on a Callback hook's `pl_module` (its third
    parameter) likewise. Any other `train` of the file (another receiver, a helper's parameter,
    `nn.Module.train(self)`, `partial(self.train)`, a Callback's `trainer`) cannot be told apart:
    it counts too. So does one of another file of the project mentioning Lightning or its hooks
    (a Callback of another file switching `pl_module` back, tests/libraries/test_lightning.py),
    unless it is `self`'s of another LightningModule class (not a base of this one)."""
    source = model.source
    facts = model.facts
    qualify = facts.imports.qualify
    for call, shown, owner, info in _train_references(source, facts):
        if call is None or shown is None or owner is None or info is None:
            return True
        root, _, rest = shown.partition(".")
        args = info.node.args.args
        if owner == class_name and root == "self" and args and args[0].arg == "self":
            key = "self" if rest == "trainer" or rest.startswith("trainer.") else shown
        else:
            node_class = facts.classes.get(owner)
            callback = node_class is not None and any(qualify(dotted(base)) in LIGHTNING_CALLBACKS for base in node_class.bases)
            if not (callback and info.node.name.startswith("on_") and len(args) >= 3 and root == args[2].arg):
                return True
            key = "self" + shown[len(root) :]
        if related(key, module):
            return True
    project = facts.project
    if project is not None and source.path:
        node = facts.classes.get(class_name)
        bases = {(dotted(base) or "").rsplit(".", 1)[-1] for base in node.bases} if node is not None else set()
        own = _module_word(source.path)
        for path in project.saying(b".train("):
            data = project.read_quietly(path) or b""
            if path == source.path or not any(word in data for word in _OTHER_FILE_HOOK_WORDS):
                continue
            word = _module_word(path)
            if not (word in source.data or own in data or set(project.saying(own)) & set(project.saying(word))):
                continue  # no file imports both (the Trainer's file names the module's and the callback's)
            other = project.module(path, any_bytes=True)
            if other is None or _switches_in_other_file(other.source, other.facts, bases):
                return True
    return False


def _module_word(path: str) -> bytes:
    """The name another file imports `path` by (`callbacks` for callbacks.py, the package's for an
    `__init__.py`), as bytes to look for."""
    parts = path.replace("\\", "/").rstrip("/").split("/")
    stem = parts[-1].rsplit(".", 1)[0]
    if stem == "__init__" and len(parts) > 1:
        stem = parts[-2]
    return stem.encode()


def _switches_in_other_file(source, facts, bases: set[str]) -> bool:  # type: ignore[no-untyped-def]
    """A `train` of another file that may switch the module back: any but a `self.train()` (or
    `self.net.train()`) in a method of a LightningModule class that is not a base of the module's."""
    for call, shown, owner, info in _train_references(source, facts):
        if call is None or shown is None or owner is None or info is None or owner in bases:
            return True
        node = facts.classes.get(owner)
        root, _, rest = shown.partition(".")
        args = info.node.args.args
        if node is None or framework_of(node, facts.imports.qualify) is None or root != "self" or not args or args[0].arg != "self":
            return True
        if rest == "trainer" or rest.startswith("trainer."):
            return True
    return False


def _calls_train(function: ast.AST) -> bool:
    """The function's code names `train` on something (`model.train()`, `partial(self.train)`), other
    than a `.train(False)` (eval mode); a comment or a string saying it does not count."""
    calls = {id(n.func): n for n in ast_walk(function) if isinstance(n, ast.Call)}
    for node in ast_walk(function):
        if isinstance(node, ast.Attribute) and node.attr == "train":
            call = calls.get(id(node))
            if call is None or call.keywords or len(call.args) != 1 or not (isinstance(call.args[0], ast.Constant) and call.args[0].value is False):
                return True
    return False


def _registered(name: str, model: ModuleModel) -> bool:
    """`Trainer(..., callbacks=[..., Probe(...), ...])` in the file (a call named `Trainer`, the
    class built right in its `callbacks=` list or tuple), or built first under a name bound once in
    the scope that builds the Trainer: `probe = Probe(); Trainer(callbacks=[probe])`, `callbacks =
    [Probe()]; Trainer(callbacks=callbacks)`."""
    index = assignments(model)
    scopes = [model.source.tree, *(n for n in ast_walk(model.source.tree) if isinstance(n, FUNCTIONS))]

    def built(item: ast.expr, scope: ast.AST) -> bool:
        if isinstance(item, ast.Name):
            values = index.values(item.id, scope)  # type: ignore[arg-type]
            if len(values) != 1 or len(index.bindings(item.id, scope)) != 1:  # type: ignore[arg-type]
                return False
            item = values[0]
        return isinstance(item, ast.Call) and isinstance(item.func, ast.Name) and item.func.id == name

    for scope in scopes:
        for call in ast_walk(scope):
            if not (isinstance(call, ast.Call) and (dotted(call.func) or "").rsplit(".", 1)[-1] == "Trainer"):
                continue
            for keyword in call.keywords:
                if keyword.arg != "callbacks":
                    continue
                listed = keyword.value
                if isinstance(listed, ast.Name):
                    values = index.values(listed.id, scope)  # type: ignore[arg-type]
                    listed = values[0] if len(values) == 1 and len(index.bindings(listed.id, scope)) == 1 else listed  # type: ignore[arg-type]
                if isinstance(listed, (ast.List, ast.Tuple)) and any(built(item, scope) for item in listed.elts):
                    return True
    return False


def _runs_in_step(module: str, items: list[ModeItem], forward_text: str) -> bool:
    """`module` (`self`, or a module of `self`) runs with gradients before the backward of the
    step: itself or a part of it (`self.net(x)` runs `self`), or `self(x)` when the class's own
    `forward` calls it."""
    key = normalize(module)
    parts = {normalize(k) for i in items if i.kind is ModeKind.FORWARD for k in i.keys if k}
    if any((p == key or p.startswith(key + ".")) and forwards_before_backward(items, p) for p in parts):
        return True
    return key.startswith("self.") and f"{key}(" in forward_text and forwards_before_backward(items, "self")


def _decided_arm_key(module: str, scope: ast.AST, model: ModuleModel) -> str | None:
    """The module `net = ema if USE_EMA else model` names when a module constant decides the
    test (`USE_EMA = False`: `model`), `net` bound once in the loop's scope; else None."""
    from gradfix.analysis.modules import decided_arm

    bindings = assignments(model).bindings(module, scope)
    value = bindings[0].value if len(bindings) == 1 else None
    if not isinstance(value, ast.IfExp):
        return None
    arm = decided_arm(value, model)
    if arm is value or arm is None or dotted(arm) is None:
        return None
    return model.source.key(arm)


def _unwrapped_key(module: str, scope: ast.AST, loop: ast.AST, model: ModuleModel) -> str | None:
    """`model` for `unwrapped` when every binding of that name in the loop's scope (its
    function, or the module's top level; not a parameter) is `unwrapped =
    accelerator.unwrap_model(model)` (or `net = model` inside the loop), of one module: switch back the module
    the training runs, bound before the loop, not the name the evaluation binds (maybe not yet
    at the loop's first pass: `net.train()` at its top would raise a NameError)."""
    if not module.isidentifier():
        return None
    args = getattr(scope, "args", None)
    if args is not None and module in {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg) if a is not None}:
        return None
    stores = assigned = 0
    keys: set[str | None] = set()
    for node in own_nodes(scope):
        if isinstance(node, ast.Name) and node.id == module and not isinstance(node.ctx, ast.Load):
            stores += 1  # (a loop or `with` variable, an unpacking, a walrus: counted, not assigned)
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and node.targets[0].id == module:
            assigned += 1
            value = node.value
            if (
                isinstance(value, ast.Call) and method_name(value) == "unwrap_model" and receiver(value) is not None
                and len(value.args) == 1 and not value.keywords
            ):  # fmt: skip
                value = value.args[0]
            elif not (loop.lineno <= node.lineno <= loop.end_lineno):  # type: ignore[attr-defined,operator]
                keys.add(None)  # (`net = model` before the loop: `net` is bound at its first pass)
            keys.add(model.source.key(value) if isinstance(value, (ast.Name, ast.Attribute)) and dotted(value) is not None else None)
    if not assigned or stores != assigned or len(keys) != 1 or None in keys:
        return None
    return keys.pop()


def _trained_arm(module: str, scope: ast.AST, trained: set[str], model: ModuleModel) -> str | None:
    """The arm of `net = ema if use_ema else model` (the one binding of the evaluated name in
    the loop's scope, a flag no constant decides) that the loop's optimizers train, when the
    other arm is a module they do not train: the module `net` is when it is trained."""
    bindings = assignments(model).bindings(module, scope)
    value = bindings[0].value if len(bindings) == 1 else None
    if not isinstance(value, ast.IfExp):
        return None
    arms = [model.source.key(arm) if dotted(arm) is not None else None for arm in (value.body, value.orelse)]
    if None in arms or arms[0] == arms[1]:
        return None
    trains = [any(contains(name, owner) for name in aliases(arm, scope, model) for owner in trained) for arm in arms]  # type: ignore[arg-type]
    if trains.count(True) != 1:
        return None
    chosen, other = (arms[0], arms[1]) if trains[0] else (arms[1], arms[0])
    if any(related(name, owner) for name in aliases(other, scope, model) for owner in trained):  # type: ignore[arg-type]
        return None  # the other arm holds a part of the trained module, or wraps it
    return chosen


def _handed_in_by_other_files(module: str, loop: TrainingLoop, model: ModuleModel) -> bool:
    """`def fit(model, optimizer, ...)` that no code of this file calls, or that it calls only
    with optimizers built in the call: the module and every optimizer stepped are the
    function's parameters, handed in by the caller (`fit(net, SGD(net.parameters()), ...)`, in
    main.py or here), and the module's forward feeds the backward."""
    function = loop.function
    if function is None:
        return False
    if module.split(".", 1)[0] == "self":
        return _kept_from_init_parameters(module, loop, model)
    ordered = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    params = {*ordered, *(a.arg for a in function.args.kwonlyargs)}
    steps = {e.target for e in loop.events if e.kind is EventKind.STEP and e.target and not e.engine}
    if module.split(".", 1)[0] not in params or not steps or not all(t.split(".", 1)[0] in params for t in steps):
        return False
    sites = model.facts.call_site_args.get(function.name)
    if not sites:
        return True
    # called in this file too: only with the optimizers built in the call (`fit(net,
    # SGD(net.parameters()), ...)`), which the promotion from call sites does not read
    for target in steps:
        root = target.split(".", 1)[0]
        passed = sites.get(root, set()) | (sites.get(str(ordered.index(root)), set()) if root in ordered else set())
        if not passed or not all("(" in key for key in passed):
            return False
    return True


def _kept_from_init_parameters(module: str, loop: TrainingLoop, model: ModuleModel) -> bool:
    """`self.model` and every optimizer the loop steps (`self.optimizer`) are stored as they
    are from parameters of the class's `__init__` (`self.model = model`), and no code of this
    file builds the class: a trainer class whose module and optimizer the caller hands in
    (`Trainer(net, SGD(net.parameters()), loader)` in train.py)."""
    function = loop.function
    class_name = next((c for c, methods in model.facts.methods.items() if any(m.node is function for m in methods.values())), None)
    if class_name is None:
        return False
    init = model.facts.methods[class_name].get("__init__")
    if init is None:
        return False
    params = set(init.params) - {"self"}
    stored: dict[str, str] = {}  # `self.x` -> the parameter stored there
    for stmt in ast_walk(init.node):
        if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1):
            continue
        pairs = [(stmt.targets[0], stmt.value)]
        if isinstance(stmt.targets[0], ast.Tuple) and isinstance(stmt.value, ast.Tuple) and len(stmt.targets[0].elts) == len(stmt.value.elts):
            pairs = list(zip(stmt.targets[0].elts, stmt.value.elts))  # `self.model, self.opt = model, opt`
        for target_node, value in pairs:
            if isinstance(value, ast.Name) and value.id in params:
                target = dotted(target_node)
                if target is not None and target.startswith("self."):
                    stored[target] = value.id
    steps = {e.target for e in loop.events if e.kind is EventKind.STEP and e.target and not e.engine}
    if normalize(module) not in stored or not steps or not all(t in stored for t in steps):
        return False
    # the one module handed in that the loop runs: with two (a frozen backbone and its probe, a
    # teacher and its student), which one the optimizer trains cannot be told
    segment = model.source.segment(loop.node)
    run = [key for key in stored if key not in steps and f"{key}(" in segment]
    if run != [normalize(module)]:
        return False
    text = model.source.text
    return f"{class_name}(" not in text.replace(f"class {class_name}(", "")


def _short(text: str) -> str:
    if len(text) <= 60:
        return text
    head = text.split("(", 1)[0]
    return f"{head}(...)" if len(head) < 50 else text[:57] + "..."


def _fix(problem: UnrestoredEval, loop: TrainingLoop, model: ModuleModel, safety: Safety, modules: list[str] | None = None) -> Fix | None:
    item = problem.eval_item
    source = model.source
    if problem.shadowed:
        return None  # another eval of the module reaches the same training on paths this one does not
    if problem.other_pass:
        return None  # `if phase == "val": model.eval()` and the training under `phase == "train"`
    if item.via and not _visible(item.key, item.via[0], loop, model):
        return None
    if _runs_again_after(problem) or _submodule_modes(item.key, problem.items, model) or _runs_after_loop(item.key, loop, model):
        # the module still runs after the eval before the next training (a test pass that
        # relies on eval mode), or the code sets modes per submodule (a frozen backbone in eval,
        # its head in train): a whole-module `train()` there would change more than it restores
        return None
    modules = modules or [item.key]
    if item.via and not all(_visible(m, item.via[0], loop, model) for m in modules):
        return None
    lines = new_statement("\n".join(f"{m}.train()" for m in modules))
    if item.path and item.path[0] is loop.node:
        # evaluated in the `while` condition: each iteration starts in eval mode; train first
        body = loop.node.body
        if source.inline_block(body) or not source.starts_line(body[0]):
            return None
        return Fix([InsertStatements(body, "start", lines)], safety)
    anchor = item.anchor
    block = item.blocks[-1]
    if source.inline_block(block) or source.inline_block(loop.node.body):
        return None
    if item.via:
        # right after the helper call that switched to eval mode returns
        if not isinstance(anchor, _SIMPLE) or not source.alone_on_lines(anchor):
            return None
        backward = problem.backward
        if not problem.wrapped and backward.path and backward.anchor is anchor:
            # the helper trains after its own eval: a `train()` after the call comes too late
            # (it would be undone on the next call, and the fixes would never settle)
            return None
        return Fix([InsertStatements(anchor, "after", lines)], safety)
    listed = listed_switches(anchor, model)  # `for m in [enc, dec]: m.eval()`: the `for` is the switch
    if listed is not None and any(call is item.node for call, _ in listed[0]):
        # every module the `for` switches, in one fix (one finding per switching call)
        lines = new_statement("\n".join(f"{source.key(module)}.train()" for module in listed[1]))
    elif not isinstance(anchor, ast.Expr) or anchor.value is not item.node:
        return None
    if not source.alone_on_lines(anchor):
        return None
    if block is loop.node.body:
        # `model.eval()` in the loop body: before the statement that trains next
        unit = problem.backward.path[0] if problem.backward.path else None
        if unit is None or unit is anchor:
            return None
        if not isinstance(unit, COMPOUND) and not problem.backward.via:
            return None  # the backward is written right here: its forward is somewhere above
        if not source.starts_line(unit):
            return None
        position = next((i for i, stmt in enumerate(block) if stmt is anchor), None)
        if position is not None and position + 1 < len(block) and block[position + 1] is unit:
            return None  # the training comes right after the eval: a `train()` between would undo the eval itself
        return Fix([InsertStatements(unit, "before", lines)], safety)
    # `model.eval()` inside a block that evaluates (`if epoch % k == 0:`): at its end
    if _inside_loop(item) or any(b is block for b in problem.backward.blocks):
        return None
    last = block[-1]
    if isinstance(last, (ast.Break, ast.Return, ast.Raise)):
        return None
    position = next((i for i, stmt in enumerate(block) if stmt is anchor), None)
    if position is None or any(leaves(stmt, raises=True) for stmt in block[position + 1 : -1]):
        return None  # an earlier `continue` (`if v < best: continue`) would skip a train() at the end
    if isinstance(last, ast.Continue):
        return Fix([InsertStatements(last, "before", lines)], safety)
    return Fix([InsertStatements(block, "end", lines)], safety)


def _runs_again_after(problem: UnrestoredEval) -> bool:
    """After the eval (and after the helper or block holding it) the module runs forward again
    without gradients before the backward found: an evaluation of its own (a test pass) that a
    `train()` placed right after the eval would switch to train mode."""
    items = problem.items
    start = next((i for i, it in enumerate(items) if it is problem.eval_item), None)
    end = next((i for i, it in enumerate(items) if it is problem.backward), None)
    if start is None or end is None:
        return False
    following = items[start + 1 :] if problem.wrapped or end < start else items[start + 1 : end]
    item = problem.eval_item
    if item.via:
        def inside(other: ModeItem) -> bool:
            return other.via[:1] == item.via[:1]  # the helper's own run
    elif len(item.path) >= 2:
        holder = item.path[0]  # the statement of the loop body holding the evaluation block

        def inside(other: ModeItem) -> bool:
            return bool(other.path) and other.path[0] is holder
    else:
        return False  # `model.eval()` in the loop body: the fix goes before the training statement
    for other in following:
        if other.kind is ModeKind.TRAIN and any(k and related(k, item.key) for k in other.keys):
            return False
        if other.kind is ModeKind.FORWARD and other.no_grad and any(k and related(k, item.key) for k in other.keys) and not inside(other):
            if _exclusive(other, item):
                continue  # (`else: evaluate(model, y)`: the other arm's evaluation, not on this path)
            return True  # (a forward with gradients is the training's own)
    return False


def _runs_after_loop(module: str, loop: TrainingLoop, model: ModuleModel) -> bool:
    """The module runs forward in the loop's function after the loop (a final test pass that
    relies on the last evaluation's eval mode): a `train()` after each evaluation would switch
    that pass to train mode too."""
    scope = loop.function if loop.function is not None else model.source.tree
    end = getattr(loop.node, "end_lineno", None) or 0
    for outer in loop.enclosing_loops:
        end = max(end, getattr(outer, "end_lineno", 0) or 0)
    for node in ast_walk(scope):
        if isinstance(node, ast.Call) and getattr(node, "lineno", 0) > end and dotted(node.func) is not None:
            if normalize(model.source.key(node.func)) == normalize(module):  # `model(x)`, not `model.parameters()`
                return True
    return False


def _submodule_modes(module: str, items: list[ModeItem], model: ModuleModel) -> bool:
    """The file switches a submodule of the module on its own (`model.head.train()`), and the
    iteration does not do it again each time (a `model.backbone.eval()` at the start of each
    epoch's training puts back what a whole-module `train()` changed)."""
    own = normalize(module)
    for item in items:
        if item.kind in (ModeKind.TRAIN, ModeKind.EVAL) and any(k and contains(module, k) and normalize(k) != own for k in item.keys):
            return False
    text = model.source.text
    start = 0
    probe = module + "."
    while True:
        at = text.find(probe, start)
        if at < 0:
            return False
        end = text.find("(", at)
        line_end = text.find("\n", at)
        call = text[at:end] if end > 0 and (line_end < 0 or end < line_end) else ""
        rest = call[len(probe) :]
        parts = [part for part in rest.split(".") if part != "module"]  # (`model.module.eval()`: the module itself)
        if call.endswith((".train", ".eval")) and " " not in call and len(parts) >= 2 and (at == 0 or not (text[at - 1].isalnum() or text[at - 1] in "_.")):
            return True
        start = at + len(probe)


def _inside_loop(item: ModeItem) -> bool:
    """A loop of the analysed code sits between the training loop and the eval."""
    return any(isinstance(stmt, (ast.For, ast.AsyncFor, ast.While)) for stmt in item.path[:-1])


def _visible(key: str, call: ast.Call, loop: TrainingLoop, model: ModuleModel) -> bool:
    """A key found in a helper names something at the loop: it was passed in the call, or
    its root is `self` in a method, a parameter, or a name bound in the function or at
    module level."""
    root = root_name(key)
    if any(isinstance(n, ast.Name) and n.id == root for arg in [*call.args, *[k.value for k in call.keywords]] for n in ast_walk(arg)):
        return True
    function = loop.function
    if function is not None:
        args = function.args
        names = [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)]
        if root in names:
            return True
    if root == "self":
        return False
    scope = function if function is not None else model.source.tree
    return bool(assignments(model).bindings(root, scope))
