from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.accumulation import accumulation_of
from gradfix.analysis.assignments import assignment_statements
from gradfix.analysis.by_hand import model_keys, unseen_gradient_handling
from gradfix.analysis.handed_in import handed_in_calls, optimizer_params
from gradfix.analysis.bindings import LoopBindings, loop_bindings
from gradfix.analysis.graphs import IterationFlow
from gradfix.analysis.loops import ModuleModel, fills_zero, zeroed_gradient
from gradfix.analysis.model import ClearScope, EventKind, GradEvent, TrainingLoop
from gradfix.analysis.names import dotted
from gradfix.patterns import lazily
from gradfix.source import FOR_LOOPS
from gradfix.walk import ast_walk
from gradfix.transforms._common import (
    after_the_attack,
    backward_for_an_input_first,
    below,
    built_over,
    event_info,
    branch_prefix,
    indented_block,
    iteration_start,
    owned_events,
    same_branches,
    single_call_statement,
    step_hook_finding,
)
from gradfix.transforms._accumulation import later_steps
from gradfix.transforms._placement import skipped_by_jump
from gradfix.transforms.apply import statement_lines
from gradfix.analysis.step_hooks import POST, PRE, misplaced_hooks
from gradfix.transforms.base import (
    Finding,
    Fix,
    InsertStatements,
    LoopRule,
    RemoveStatement,
    Safety,
)

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator


class ZeroGradBetweenBackwardAndStep(LoopRule):
    """
    A gradient clear runs after the last `backward()` and before `step()`.

    ## What it does
    Finds `optimizer.zero_grad()` (or `model.zero_grad()` on the model that optimizer
    trains: built over `model.parameters()`, or over parameter groups all picked from it, the
    `no_decay` groups of `[p for n, p in model.named_parameters() if ...]`) placed between the iteration's last `backward()` and the optimizer's `step()`.
    In a LightningModule under manual optimization, `self.zero_grad()` clears what every
    optimizer of `self.optimizers()` steps, and so does `self.layer.zero_grad()` when `layer` is
    the one attribute the class binds to a call (and it registers nothing by hand): fixed by
    moving the clear to the top of `training_step`. A clear of one net of several
    (`self.discriminator.zero_grad()` before a shared optimizer's step) may freeze it on purpose
    and is not reported.

    Also a clear of the stepped optimizer (or of the model it was built over, as above) between
    two backward passes before its step (`d_opt.zero_grad(); loss_a.backward();
    d_opt.zero_grad(); loss_b.backward(); d_opt.step()`, one optimizer over two
    discriminators): it wipes the first backward's
    gradients before anything applied them. Only when the backward comes right before the
    clear, the two backward passes, the clear and the step are written in the iteration itself
    under the same branches and loops, no optimizer but this one steps after that first
    backward in the iteration, nothing reads or rewrites a gradient (`x.grad` of an FGSM
    attack, gradients saved and written back), calls code gradfix cannot see or computes
    `torch.autograd.grad` between it and the step, the first backward names no `inputs=` nor
    `retain_graph=` and backpropagates another loss than the later one, and the file registers
    no tensor or module hook (a hook may take that backward's gradients: Grad-CAM, per-sample
    norms). The fix removes the clear when the optimizer is already cleared earlier in the
    iteration (after its last step), and otherwise moves it where the clear below goes.

    ## Why is this bad?
    The clear wipes the gradients `backward()` just computed, so `step()` sees none
    (`None` or zeros) and the parameters never move, or move only by momentum and weight
    decay. The loss stays flat while the loop looks busy.

    ## Example
    ```python
    for x, y in loader:
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.zero_grad()
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

    A clear in an optimizer step pre-hook (`opt.register_step_pre_hook(hook)` with `def
    hook(optimizer, args, kwargs): optimizer.zero_grad()`, or a `lambda`) runs there too: torch
    calls the hook inside each `opt.step()`, after the backward, before the update (see
    gradfix/analysis/step_hooks.py for the shape read). The fix registers the hook with
    `register_step_post_hook` (a clear right after each step) when the hook does nothing but
    clear.

    ## Fix safety
    Safe. The clear statement moves, with the comment lines above it, to where a hand-fixed
    loop clears:

    - to the start of the iteration (in a step function, after its docstring); unsafe when an
      earlier backward of the iteration is followed by a gradient read before the backward
      the step applies (an FGSM attack's `x.grad`: the clear belongs after the attack, and
      goes right after the statement of the iteration's body holding the attack when the
      backward the step applies comes later in that body); when the iteration binds the
      optimizer itself before any gradient event (`opt = self.optimizers()` first in a
      Lightning manual `training_step`, `opt = self.opts[phase]`), right after that binding;
    - when another optimizer stepped earlier in the iteration, before the last backward, to
      right after that step (before this optimizer's forward and backward);
    - in a step function that a loop of the file or project calls inside
      `accelerator.accumulate()`, to right after its step (its start is inside that block,
      where a clear on a window's last micro-batch would wipe the window);
    - when the step is conditional (accumulation), to right after the step, in the same
      block; in a recognised accumulation loop (see GF005) a copy also goes after every
      tail-flush step of that optimizer later in the function that no clear of it follows
      (the flush relied on the clear that ran on every micro-batch); but when the step,
      the clear and every backward before them sit in one arm of an `if` whose other arm
      backpropagates and steps an optimizer of its own (tasks alternating per batch, `if
      step % 2 == 0:` ... `opt_a.step()` / `else:` ... `opt_b.step()`, not an accumulation
      window), to the start of that arm: after the step, the other arm's gradients on a
      trunk both optimizers share would leak into this optimizer's next step.

    A clear of the stepped optimizer under an `if` (or its `else`) that the step is not in
    (`loss.backward(); if task == "b": opt.zero_grad(); opt.step()`) wipes the batch's
    gradients on the iterations where it runs: reported without a fix (the condition may mean
    to skip the update), only when nothing comes between it and the step, no arm of that `if`
    leaves the iteration (`if not torch.isfinite(loss): opt.zero_grad(); continue` is a guard),
    and no test around it names a loss, a gradient, a norm, a scale or a non-finite check.

    A clear is reported when it (or a call of a helper of the project that clears:
    `reset(opt)`, reported at the call, without a fix; with helpers calling helpers, at the
    first call on the way that does not also hold the backward; a helper that backpropagates and
    then clears, `def backprop(loss): loss.backward(); opt.zero_grad()` called before the step,
    at that clear, or at the loop's call of it when it sits in another module, unless a
    statement of it after the backward hands the gradients, the parameters or the model to code
    gradfix did not look into) clears the
    optimizer that steps next (`opt.zero_grad()`, or `model.zero_grad()` when `opt` was built
    over exactly `model.parameters()`, or when both are handed in -- parameters of the function
    around the loop, or of a class's `__init__` bound once to `self.model` and `self.opt` -- and
    every call of that function or class in the project, at least one, passes an optimizer built
    over exactly the parameters of the module it passes: `Trainer(net, SGD(net.parameters()))`
    (a call that leaves out, or passes `None` for, an optimizer parameter defaulting to `None`
    that the function never binds again steps nothing and is not counted; a name bound several
    times where the call is, as GF008 reads it);
    the constructions of a subclass another module defines on the class count as the class's when
    it defines no `__init__`, is not derived again there and no other file imports it: `class
    LoggingLoop(Loop)` overriding a hook),
    runs after the iteration's last backward before that
    step and under the same branches as the step, and the backward's branches are a prefix of
    the step's. A closure handed to the step (`opt.step(closure)`, which LBFGS calls and whose
    gradients it then applies) is code between its backward and the step: a clear after the
    closure's last backward is reported, and moves to the start of the closure (after its
    docstring) -- or, when the closure clears that optimizer before its backward already, is
    removed. A clear by hand of every parameter of that `model` counts too: `for p in
    model.parameters(): p.grad = None` (or `p.grad = torch.zeros_like(p)`, `p.grad.zero_()`,
    `p.grad.data.zero_()`, a literal zero written in place: `p.grad.fill_(0)`,
    `p.grad.data.mul_(0.)`, `p.grad *= 0`, `p.grad[:] = 0`, `p.grad.data[...] = 0`; alone in
    the loop, under `if p.grad is not None:` or not), reported at
    the `for`, which moves like a clear call (in a helper of the project, `free_grads(model)`, at
    its call as above, without a fix); no fix for the in-place forms (moved before the
    iteration's first backward they would meet a `None` gradient). A loop over the parameters of
    another module than the one the optimizer was built over is not known to clear them.

    It is reported without a fix when the clear is not a call alone on its line (or a
    `for o in optimizers: o.zero_grad()` loop holding only that call), the loop body shares the
    header's line, the optimizer or model cleared is built inside the loop after a gradient event
    of the iteration (an earlier spot may not see the name yet), the conditional step sits in a helper, the statements after an
    accumulation loop cannot be placed, or the earlier optimizer's step runs in a helper or a
    branch.

    The rule is silent when the loop calls code gradfix cannot see into that may clear, step
    or backpropagate; the step goes through an engine that clears by itself (DeepSpeed: but the
    engine's own clear between its backward and its step, `engine.backward(loss);
    engine.zero_grad(); engine.step()`, is reported, and removed rather than moved, since the
    engine clears after each boundary step itself and a clear at the top would empty every
    micro-batch of a window; proven with DeepSpeed in tests/libraries/test_deepspeed.py; also
    under exactly `if engine.is_gradient_accumulation_boundary():`, where `step()` applies, even
    after a `.grad` norm read there, the `if` removed too when the clear is all it holds); and
    when the clear may be deliberate: between the last backward and the step, the iteration
    reads or writes `.grad` itself (`p.grad = ...`, `p.grad.zero_()` other than the clear of every
    parameter above, a gradient read -- not the gradient of a tensor the iteration makes, free
    adversarial training's `pert + eps * x_pert.grad.sign()` after `x_pert = (x +
    pert).requires_grad_(True)`, nor one
    that only measures it for a log, `sum(p.grad.norm() ** 2 for p in params).sqrt().item()`,
    also where a helper or a callback's hook writes it when the step is made by one), or a
    statement calls code gradfix did not look into and hands it the gradients, the parameters
    or the model (`flat = flatten_grads(model)`, `compressor.pack(model)`: gradients copied
    out before the clear and written back after it).

    Also a clear at the top level of Lightning's `on_after_backward` or
    `on_before_optimizer_step` of a LightningModule (also of a subclass of one of the file's
    LightningModule classes) or of a Lightning `Callback` (also of a subclass of a callback class
    of the file), in a file that never names `automatic_optimization`: Lightning calls both hooks between the backward and the step, so
    `self.zero_grad()`, `self.optimizers().zero_grad()`, the hook's `optimizer.zero_grad()` (a
    Callback's `pl_module...` and `trainer.optimizers[i]...` likewise) leave the step nothing to
    apply. Not a submodule's clear (a frozen teacher's is harmless). The fix removes the clear
    (Lightning clears before each window's first backward by itself). Likewise in a
    LightningModule that sets `self.automatic_optimization = False`: `self.manual_backward(loss)`
    runs `on_after_backward` and `opt.step()` runs `on_before_optimizer_step` before it updates;
    nothing clears for the user there, so the clear is removed only when the module's
    `training_step` clears by itself, and otherwise reported without a fix.

    Likewise a clear at the top level of a transformers `TrainerCallback`'s
    `on_pre_optimizer_step` (also of a subclass of one of the file's callbacks): the Trainer
    calls it after the window's backward passes, right before `optimizer.step()`, so
    `model.zero_grad()` or `optimizer.zero_grad()` of the model or optimizer the Trainer passes
    (the hook's `model` / `optimizer` parameter, `kwargs["model"]`, `kwargs.get("optimizer")`,
    or a name the hook binds once to one of them) leaves the step nothing to apply. The fix
    removes the clear (the Trainer clears its model after each step): safe for the model's
    clear, unsafe for the optimizer's (an optimizer handed to the Trainer may hold parameters
    outside its model, which the Trainer does not clear).

    Likewise in a `training_step(self, model, inputs, ...)` override of a transformers Trainer
    subclass (also of a subclass of one of the file's): a clear at its top level after a
    top-level statement calling `super().training_step(...)` (the Trainer's own forward and
    backward) -- `model.zero_grad()` of the hook's model, `self.model.zero_grad()`,
    `self.optimizer.zero_grad()` -- runs right before the Trainer's step and leaves it nothing
    to apply. The same fix and safety.
    """

    code = "GF002"
    name = "zero-grad-between-backward-and-step"
    message = "`{clear}` runs after the last backward and wipes the gradients `{opt}.step()` is about to apply"
    safety = Safety.SAFE
    own_backward = "`{clear}` clears the gradients after its own backward, and `{opt}.step()` applies none"

    conditional_message = (
        "`{clear}` when `{test}` runs after the last backward: on the iterations where it runs it wipes"
        " the gradients `{opt}.step()` is about to apply"
    )
    between_message = (
        "`{clear}` runs between two backward passes before `{opt}.step()`: it wipes the gradients of"
        " `{first}`, which never train"
    )

    engine_message = (
        "`{clear}` runs after the engine's backward and wipes the gradients `{step}` is about to apply"
        " (the engine clears after each step by itself)"
    )

    hook_message = (
        "`{clear}` runs in a step pre-hook of `{opt}`, after the backward and before each `{opt}.step()`:"
        " the step finds no gradient; register the hook with `register_step_post_hook`"
    )

    lightning_hook_message = (
        "`{clear}` runs in `{hook}`, which Lightning calls after the backward and before the optimizer step:"
        " it wipes the gradients the step is about to apply (Lightning clears by itself)"
    )

    lightning_manual_hook_message = (
        "`{clear}` runs in `{hook}`, which Lightning calls between `manual_backward` and the update of `opt.step()`"
        " under manual optimization too: it wipes the gradients the step is about to apply;"
        " clear at the top of `training_step` instead"
    )

    callback_hook_message = (
        "`{clear}` runs in the callback hook `{hook}`, which the trainer calls after the backward and right before"
        " the optimizer step: it wipes the gradients the step is about to apply (the trainer clears by itself)"
    )

    trainer_step_message = (
        "`{clear}` runs in `training_step` after `{base}`, which backpropagated: the Trainer steps right after"
        " this method returns, so the clear wipes the gradients the step is about to apply (the Trainer clears by itself)"
    )

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        yield from super().check(model)
        if model.facts.classes:
            yield from self._trainer_step_clears(model)
        data = model.source.data
        if b"register_step_pre_hook" in data:
            for hook in misplaced_hooks(model, PRE, "clear"):
                clear = model.source.code(hook.action)
                yield step_hook_finding(self.code, hook, self.hook_message.format(clear=clear, opt=hook.optimizer), POST, model)
        if (b"on_after_backward" in data or b"on_before_optimizer_step" in data) and b"zero_grad" in data:
            yield from self._lightning_hook_clears(model, b"automatic_optimization" in data)
        yield from self._callback_hook_clears(model)

    def _trainer_step_clears(self, model: ModuleModel) -> Iterator[Finding]:
        """A `training_step(self, model, inputs, ...)` override of a transformers Trainer subclass
        (also through base classes of the file) that calls `super().training_step(...)` in a
        top-level statement and clears in a later top-level one (`self.model.zero_grad()`, the
        hook's `model.zero_grad()`, `self.optimizer.zero_grad()`): the base method
        backpropagated, and the Trainer clips and steps right after the override returns (at a
        window's last micro-batch), so the clear leaves the step nothing
        (tests/libraries/test_transformers.py::test_clear_after_the_base_training_step_wipes_the_step).
        The fix removes the clear (the Trainer clears its model after each step): safe for the
        model's clear, unsafe for the optimizer's (it may hold parameters outside the model)."""
        from gradfix.analysis.frameworks import framework_through_file

        facts = model.facts
        source = model.source
        for name, methods in facts.methods.items():
            hook = methods.get("training_step")
            cls = facts.classes.get(name)
            if hook is None or cls is None or not isinstance(hook.node, ast.FunctionDef) or hook.node.decorator_list:
                continue
            entry = framework_through_file(cls, facts.classes, facts.imports.qualify)
            if entry is None or entry.qualname != "transformers.Trainer":
                continue
            node = hook.node
            params = [a.arg for a in node.args.posonlyargs + node.args.args]
            receivers = {"self.model": "model", "self.optimizer": "optimizer"}
            if len(params) > 1:
                receivers[params[1]] = "model"
            base = None
            for stmt in node.body:
                if base is None:
                    base = next(
                        (
                            n for n in ast_walk(stmt)
                            if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "training_step"
                            and isinstance(n.func.value, ast.Call) and isinstance(n.func.value.func, ast.Name)
                            and n.func.value.func.id == "super"
                        ),
                        None,
                    )  # fmt: skip
                    continue
                call = stmt.value if isinstance(stmt, ast.Expr) else None
                if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "zero_grad"):
                    continue
                what = receivers.get(source.code(call.func.value).replace(" ", ""))
                if what is None:
                    continue
                yield Finding(
                    self.code,
                    self.trainer_step_message.format(clear=source.code(call), base=source.code(base.func) + "(...)"),
                    call,
                    fix=Fix([RemoveStatement(stmt, keep_comments=False)], Safety.SAFE if what == "model" else Safety.UNSAFE),
                )

    def _callback_hook_clears(self, model: ModuleModel) -> Iterator[Finding]:
        """A clear at the top level of a hook that a callback table places between the backward
        and the optimizer step (role `"before-step"`: transformers'
        `TrainerCallback.on_pre_optimizer_step`), in a class whose base is that table's callback
        class (also through base classes of the file): `model.zero_grad()` /
        `optimizer.zero_grad()` of the model or optimizer the trainer passes every hook (a
        parameter of that name, `kwargs["model"]`, `kwargs.get("optimizer")`, or a name the
        hook binds to one of those at its top level). The step then finds no gradient
        (tests/libraries/test_transformers.py::test_clear_in_the_pre_optimizer_step_hook_wipes_the_step).
        The fix removes the clear: the trainer clears its model after each step by itself. Safe
        for the model's clear; unsafe for the optimizer's (an optimizer handed to the trainer may
        hold parameters outside its model, which the trainer's clear would then leave to add up)."""
        from gradfix.analysis.frameworks import callback_classes, callback_hooks

        for _, _, hooks, entry in callback_classes(model.facts, callback_hooks("before-step")):
            passed = dict(entry.arguments)
            for hook in hooks:
                node = hook.node
                if not isinstance(node, ast.FunctionDef) or node.decorator_list or entry.hooks.get(node.name) != "before-step":
                    continue
                receivers = _callback_receivers(node, passed)
                for stmt in node.body:
                    call = stmt.value if isinstance(stmt, ast.Expr) else None
                    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "zero_grad"):
                        continue
                    what = receivers.get(model.source.code(call.func.value).replace(" ", ""))
                    if what not in ("model", "optimizer"):
                        continue
                    yield Finding(
                        self.code,
                        self.callback_hook_message.format(clear=model.source.code(call), hook=node.name),
                        call,
                        fix=Fix([RemoveStatement(stmt, keep_comments=False)], Safety.SAFE if what == "model" else Safety.UNSAFE),
                    )

    def _lightning_hook_clears(self, model: ModuleModel, switch_named: bool) -> Iterator[Finding]:
        """A clear at the top level of `on_after_backward` or `on_before_optimizer_step` of a
        LightningModule (also of a subclass of one of the file's LightningModule classes) or of a
        Lightning `Callback`, in a file that never names `automatic_optimization`: under
        automatic optimization Lightning calls both hooks between the backward and the optimizer
        step (the first after every micro-batch's backward), and clears by itself before each
        window's first backward (tests/libraries/test_lightning.py::test_clear_in_the_backward_hooks_wipes_the_step).
        Read as clears: `self.zero_grad()`, `self.optimizers().zero_grad()` (also indexed),
        the hook's `optimizer.zero_grad()`, and a Callback's `pl_module.zero_grad()`,
        `pl_module.optimizers().zero_grad()`, `trainer.optimizers[i].zero_grad()`; not a
        submodule's (a frozen teacher's clear is harmless). The fix removes the clear.

        Where the file names `automatic_optimization`, only a LightningModule that switches it
        off (`self.automatic_optimization = False`): `self.manual_backward(loss)` runs
        `on_after_backward` and `opt.step()` runs `on_before_optimizer_step` before it updates,
        so a clear there wipes the step too
        (tests/libraries/test_lightning.py::test_manual_optimization_backward_hooks_run_between_manual_backward_and_the_step).
        Nothing clears for the user there: the clear is removed only when the class's
        `training_step` calls `zero_grad` itself; otherwise reported without a fix."""
        from gradfix.analysis.frameworks import framework_through_file, lightning_callback_through_file
        from gradfix.analysis.steps import _switched_off

        facts = model.facts
        source = model.source
        qualify = facts.imports.qualify
        for name, methods in facts.methods.items():
            cls = facts.classes.get(name)
            hooks = [methods[h] for h in ("on_after_backward", "on_before_optimizer_step") if h in methods]
            if cls is None or not hooks:
                continue
            callback = lightning_callback_through_file(cls, facts.classes, qualify)
            manual = False
            if callback and switch_named:
                continue  # which module it serves, and in which optimization, is not known
            if not callback:
                entry = framework_through_file(cls, facts.classes, qualify)
                if entry is None or entry.qualname != "pytorch_lightning.LightningModule":
                    continue
                if switch_named:
                    if entry.manual_switch is None or not _switched_off(cls, entry.manual_switch):
                        continue
                    manual = True
            removable = True
            if manual:
                step = methods.get("training_step")
                removable = step is not None and "zero_grad" in source.segment(step.node)
            for hook in hooks:
                node = hook.node
                if not isinstance(node, ast.FunctionDef) or node.decorator_list:
                    continue
                params = [a.arg for a in node.args.args]
                receivers = _lightning_clear_receivers(params, callback, node.name == "on_before_optimizer_step")
                for stmt in node.body:
                    call = stmt.value if isinstance(stmt, ast.Expr) else None
                    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "zero_grad"):
                        continue
                    shown = source.code(call.func.value).replace(" ", "")
                    if not any(shown == r or (r.endswith("[") and shown.startswith(r) and shown.endswith("]")) for r in receivers):
                        continue
                    message = self.lightning_manual_hook_message if manual else self.lightning_hook_message
                    yield Finding(
                        self.code,
                        message.format(clear=source.code(call), hook=node.name),
                        call,
                        fix=Fix([RemoveStatement(stmt, keep_comments=False)], Safety.SAFE) if removable else None,
                    )

    def check_loop(self, loop: TrainingLoop, model: ModuleModel) -> Iterator[Finding]:
        events = owned_events(loop, model)
        reported: set[int] = set()
        flow: IterationFlow | None = None
        for index, step in enumerate(events):
            if step.kind is EventKind.STEP and step.engine and step.target is not None and step.direct:
                found = self._engine_clear(events, index, loop, model)
                if found is not None:
                    yield found
                continue
            if step.kind is not EventKind.STEP or step.engine or step.target is None:
                continue
            last_backward = _last_index(events[:index], EventKind.BACKWARD)
            if last_backward is None:
                continue
            backward = events[last_backward]
            if last_backward > 1:
                wiped = self._clear_between_backwards(events, index, last_backward, loop, model, reported)
                if wiped is not None:
                    yield wiped
            between = events[last_backward + 1 : index]
            if any(e.kind in (EventKind.GRAD_READ, EventKind.CLEAR) and e.scope is not ClearScope.OPTIMIZER and e.target for e in between):
                # `delta = (delta + eps * d.grad.sign())` of an input the iteration makes (free
                # adversarial training): no parameter's gradient read or rewritten by hand
                made = loop_bindings(loop.node, model.source)  # type: ignore[arg-type]
                inputs = [e for e in between if e.kind in (EventKind.GRAD_READ, EventKind.CLEAR) and not e.via and e.target and made.made_here(e.target)]
                between = [e for e in between if not any(e is i for i in inputs)]
                input_statements = {id(e.path[-1]) for e in inputs if e.path}
            else:
                input_statements = set()
            by_hand: dict[int, ast.For] = {}  # id of a clear -> `for p in model.parameters():` holding it
            for e in between:
                if e.kind is EventKind.CLEAR and e.scope is ClearScope.PARAMETERS:
                    whole = _clears_every_parameter(e, step.target, loop, model)
                    if whole is not None:
                        by_hand[id(e)] = whole
            if any(e.kind is EventKind.CLEAR and e.scope is ClearScope.PARAMETERS and id(e) not in by_hand for e in between):
                continue  # gradients rewritten by hand: the clear may be deliberate
            if not any(e.kind is EventKind.CLEAR for e in between):
                continue  # no clear between them (most loops): nothing to report, no flow to build
            if flow is None:
                flow = IterationFlow(loop.node, model.source)
            holders = {id(whole) for whole in by_hand.values()}  # (their `if p.grad is not None:` reads nothing to keep)
            reads = [e for e in between if e.kind is EventKind.GRAD_READ and not any(id(n) in holders for n in e.loops_within(loop.node))]
            if reads and not _read_for_numbers_only(flow, backward, step, model, holders, reads):
                continue  # gradients saved (and maybe written back): the clear may be deliberate
            if _unseen_handling_between(flow, backward, step, loop, model, input_statements):
                continue  # ... or in a call gradfix cannot see into (`flat = flatten_grads(model)`)
            for at, clear in enumerate(events[last_backward + 1 : index], last_backward + 1):
                if clear.kind is EventKind.CLEAR and clear.direct and not clear.engine and id(clear.node) not in reported and not same_branches(clear, step, loop.node):
                    found = self._conditional_clear(events, at, index, backward, loop, model)
                    if found is not None:
                        reported.add(id(clear.node))
                        yield found
                        continue
                whole = by_hand.get(id(clear))
                if whole is not None:
                    # `for p in model.parameters(): p.grad = None`, `model` the module the stepped
                    # optimizer was built over: the same wipe as `optimizer.zero_grad()`
                    if id(whole) in reported or not branch_prefix(backward, step, loop.node) or not _same_branches_outside(clear, whole, step, loop):
                        continue
                    reported.add(id(whole))
                    if not clear.direct:
                        # `free_grads(model)` clearing by hand in a helper: reported at its call, no fix
                        found = self._in_helper(clear, backward, step, loop, model, reported, whole)
                        if found is not None:
                            yield found
                        continue
                    yield Finding(
                        self.code,
                        self.message.format(clear=_loop_code(whole, clear, model), opt=step.target),
                        whole,
                        fix=self._fix(loop, events[:last_backward], clear, step, model, by_hand=whole, events=events),
                        related=(loop.node,),
                    )
                    continue
                if (
                    clear.kind is not EventKind.CLEAR
                    or id(clear.node) in reported
                    or not (_clears_optimizer(clear, step.target, model, loop) or _lightning_module_clear(clear, step, loop, model))
                    or not same_branches(clear, step, loop.node)
                    or not branch_prefix(backward, step, loop.node)
                ):
                    continue
                reported.add(id(clear.node))
                if not clear.direct:
                    # `reset(opt)`: a helper of the project clears; reported at its call, no fix:
                    # the first call on the way to the clear that the backward is not inside too
                    call = _reported_call(clear, backward, model)
                    if call is clear.node and clear.via and clear.via[0] is step.node:
                        # `opt.step(closure)` whose closure clears after its own backward: the
                        # step calls the closure, then applies the gradients it just wiped
                        yield Finding(
                            self.code,
                            self.message.format(clear=model.source.code(clear.node), opt=step.target),
                            clear.node,
                            fix=_closure_fix(clear, backward, step.target, model),
                            related=(loop.node,),
                        )
                        continue
                    found = self._in_helper(clear, backward, step, loop, model, reported)
                    if found is not None:
                        yield found
                    continue
                yield Finding(
                    self.code,
                    self.message.format(clear=model.source.code(clear.node), opt=step.target),
                    clear.node,
                    fix=self._fix(loop, events[:last_backward], clear, step, model, events=events),
                    related=(loop.node,),
                )

    def _conditional_clear(
        self, events: list[GradEvent], at: int, index: int, backward: GradEvent, loop: TrainingLoop, model: ModuleModel
    ) -> Finding | None:
        """`loss.backward(); if task == "b": opt.zero_grad(); opt.step()`: a clear of the stepped
        optimizer under an `if` (or its `else`) the step is not in, written in the iteration
        between its last backward and the step, wipes the batch's gradients on the iterations
        where it runs. Reported without a fix (the condition may mean to skip the update), and
        only when the backward runs whenever the step does, the clear's own branches are `if`
        arms only, none of them leaves the iteration (`if not torch.isfinite(loss):
        opt.zero_grad(); continue` skips the step: a guard), no test names a loss, a gradient, a
        norm or a non-finite check (`if not torch.isfinite(loss): opt.zero_grad()` before the
        step: with `set_to_none=True` a step that skips the batch), and no gradient event comes
        between the clear and the step."""
        clear, step = events[at], events[index]
        if clear.scope is ClearScope.PARAMETERS or not branch_prefix(step, clear, loop.node) or not branch_prefix(backward, step, loop.node):
            return None
        extra = clear.branches_within(loop.node)[len(step.branches_within(loop.node)) :]
        if not extra or any(b.kind not in ("if", "else") or b.test is None for b in extra):
            return None
        for branch in extra:
            test = model.source.code(branch.test).lower()  # type: ignore[arg-type]
            if any(word in test for word in _GUARD_WORDS):
                return None
        if any(isinstance(n, (ast.Continue, ast.Break, ast.Return, ast.Raise)) for n in ast_walk(extra[0].node)):
            return None
        if events[at + 1 : index] or not _clears_optimizer(clear, step.target, model, loop):
            return None
        return Finding(
            self.code,
            self.conditional_message.format(
                clear=model.source.code(clear.node),
                test=("not " if extra[-1].kind == "else" else "") + model.source.code(extra[-1].test),  # type: ignore[arg-type]
                opt=step.target,
            ),
            clear.node,
            fix=None,
            related=(loop.node,),
        )

    def _clear_between_backwards(
        self, events: list[GradEvent], index: int, last_backward: int, loop: TrainingLoop, model: ModuleModel,
        reported: set[int],
    ) -> Finding | None:
        """`d_opt.zero_grad(); loss_a.backward(); d_opt.zero_grad(); loss_b.backward();
        d_opt.step()`: the second clear wipes what the first backward just wrote, before any
        step applied it, and nothing read it in between. Only when every event from that first
        backward to the step is written in the loop itself under the same branches as the step,
        adjacent (the backward right before the clear), no optimizer but this one steps after
        the first backward in the iteration, nothing reads or rewrites a gradient, calls code
        gradfix cannot see or backpropagates for an input first, the first backward names no
        `inputs=` nor `retain_graph=` and backpropagates another loss than the later one, and
        the file registers no tensor or module hook (a hook may take the gradients of that
        backward: Grad-CAM)."""
        step = events[index]
        if not step.direct:
            return None
        for position in range(last_backward - 1, 0, -1):
            clear = events[position]
            first = events[position - 1]
            if clear.kind is not EventKind.CLEAR or first.kind is not EventKind.BACKWARD:
                continue
            if id(clear.node) in reported or clear.scope is ClearScope.PARAMETERS or not _clears_optimizer(clear, step.target, model, loop):
                continue
            tail = events[position + 1 : index]
            if any(e.kind in (EventKind.STEP, EventKind.GRAD_READ, EventKind.UNKNOWN, EventKind.AUTOGRAD_GRAD) for e in tail):
                continue
            if any(e.kind is EventKind.STEP and e.target != step.target for e in events[index + 1 :]):
                continue  # (another optimizer steps later: the first backward may be its own)
            chain = (first, clear, events[last_backward], step)
            if not all(e.direct and not e.engine and same_branches(e, step, loop.node) for e in chain):
                continue
            if len({tuple(id(x) for x in e.loops_within(loop.node)) for e in chain}) != 1:
                continue
            if isinstance(first.node, ast.Call) and any(k.arg in ("inputs", "retain_graph") for k in first.node.keywords):
                continue  # (a graph kept for a second pass: a probe through hooks set up elsewhere)
            later = events[last_backward].loss
            if first.loss is not None and later is not None and model.source.code(first.loss) == model.source.code(later):
                continue  # the same loss twice: the first pass is for something else
            data = model.source.data
            if b"register_hook" in data or b"backward_hook" in data or backward_for_an_input_first(loop, step):
                continue
            reported.add(id(clear.node))
            return Finding(
                self.code,
                self.between_message.format(
                    clear=model.source.code(clear.node), first=model.source.code(first.node), opt=step.target
                ),
                clear.node,
                fix=self._between_fix(events, position, clear, step, loop, model),
                related=(loop.node,),
            )
        return None

    def _between_fix(
        self, events: list[GradEvent], position: int, clear: GradEvent, step: GradEvent, loop: TrainingLoop, model: ModuleModel
    ) -> Fix | None:
        """Removed when the same optimizer is cleared earlier in the iteration (after its last
        step, under branches the step's begin with): the first backward then trains with the
        later one, as when the two losses are summed; otherwise moved where GF002 moves a clear
        (the start of the iteration, or right after the step of another optimizer before it)."""
        for earlier in reversed(events[: position - 1]):
            if earlier.kind is EventKind.STEP and earlier.target == step.target:
                break
            if earlier.kind is EventKind.CLEAR and earlier.scope is not ClearScope.PARAMETERS and _clears_optimizer(earlier, step.target, model, loop) and branch_prefix(earlier, step, loop.node):
                statement = single_call_statement(clear, model.source)
                if statement is None or len(model.source.block_of(statement) or ()) < 2:
                    return None
                return Fix([RemoveStatement(statement, keep_comments=False)], Safety.SAFE)
        return self._fix(loop, events[: position - 1], clear, step, model, events=events)

    def _engine_clear(self, events: list[GradEvent], index: int, loop: TrainingLoop, model: ModuleModel) -> Finding | None:
        """`engine.backward(loss); engine.zero_grad(); engine.step()` (DeepSpeed): the engine's
        own clear between its backward and its step wipes what the step applies. The step clears
        after it applies at each accumulation boundary, so the clear is removed, not moved: at the
        top of the iteration it would clear every micro-batch of a window.

        Also the clear under exactly `if engine.is_gradient_accumulation_boundary():` (no other
        test between it and the step's branches; DeepSpeed 0.19.8's `step()` applies and then
        clears exactly when that is true, so the clear wipes every step that applies,
        tests/libraries/test_deepspeed.py::test_engine_clear_at_the_boundary_wipes_every_step),
        also after statements that read `.grad` (a norm logged), when the clear is the last
        gradient event before the step. The `if` goes too when the clear is all it holds."""
        step = events[index]
        last = _last_index(events[:index], EventKind.BACKWARD)
        if last is None or loop.unknown:
            return None
        backward = events[last]
        if not backward.engine or backward.target != step.target or not backward.direct:
            return None
        between = events[last + 1 : index]
        if any(e.kind is EventKind.UNKNOWN for e in between):
            return None
        reads = any(e.kind is EventKind.GRAD_READ for e in between)
        for clear in between:
            if clear.kind is not EventKind.CLEAR or clear.target != step.target or not clear.direct:
                continue
            if not branch_prefix(backward, step, loop.node):
                continue
            guard = None
            if not same_branches(clear, step, loop.node):
                guard = _boundary_guard(clear, step, loop, model)
                if guard is None:
                    continue
            if reads and (guard is None or any(e.node is not step.node for e in between[between.index(clear) + 1 :])):
                continue  # (gradients read and then cleared may be written back: only a measure before the last event)
            statement = single_call_statement(clear, model.source)
            fix = None
            if statement is not None and len(model.source.block_of(statement) or ()) > 1:
                fix = Fix([RemoveStatement(statement, keep_comments=False)], Safety.SAFE)
            elif statement is not None and guard is not None and guard.body == [statement] and not guard.orelse:
                fix = Fix([RemoveStatement(guard, keep_comments=False)], Safety.SAFE)  # (the test only asks)
            return Finding(
                self.code,
                self.engine_message.format(clear=model.source.code(clear.node), step=model.source.code(step.node)),
                clear.node,
                fix=fix,
                related=(loop.node,),
            )
        return None

    def _in_helper(
        self, clear: GradEvent, backward: GradEvent, step: GradEvent, loop: TrainingLoop, model: ModuleModel,
        reported: set[int], whole: ast.For | None = None,
    ) -> Finding | None:
        """The finding (without a fix) for a clear made in a helper of the project: at the first
        call on its way that does not also lead to the backward; at the clear itself when the
        helper that backpropagates clears after its own backward (`def backprop(loss):
        loss.backward(); opt.zero_grad()`), or at the loop's call of that helper when it sits
        in another file."""
        call = _reported_call(clear, backward, model)
        if call is None:
            return None
        shared = _shared_calls(clear, backward)
        if shared and (call is clear.node or call is clear.via[0]) and _shared_calls(clear, step) >= shared:
            if call is not clear.node or _judged_where_written(clear, shared, model):
                return None  # the step runs in that helper too: it is judged where it is written
            # ... unless that helper is no step function of its own (its backward runs in a loop
            # of its own: `for chunk in x.split(n): model(chunk).backward(...)`, GradCache's
            # shape): reported here, at the clear, without a fix
        if shared and _unseen_in_helper(clear, backward, loop, model):
            return None  # the helper may save the gradients before its clear
        if call is clear.node:  # (the helper holding the backward clears after it)
            text = model.source.code(call) if whole is None else _loop_code(whole, clear, model)
            call = call if whole is None else whole
            message = self.message.format(clear=text, opt=step.target)
        else:
            if id(call) in reported:
                return None
            template = self.own_backward if shared and call is clear.via[0] else self.message
            message = template.format(clear=model.source.code(call), opt=step.target)
        reported.add(id(call))
        return Finding(self.code, message, call, related=(loop.node,))

    def _fix(
        self, loop: TrainingLoop, earlier: list[GradEvent], clear: GradEvent, step: GradEvent, model: ModuleModel,
        by_hand: ast.For | None = None, events: list[GradEvent] | None = None,
    ) -> Fix | None:
        source = model.source
        moved = _movable(clear, loop, model) if by_hand is None else _movable_loop(by_hand, model)
        if moved is None or not indented_block(loop.node, source):
            return None
        bindings = loop_bindings(loop.node, source)
        cleared = clear.target if by_hand is None else _module_of(by_hand)  # (not the loop's own variable `p`)
        # (a module's clear, `self.zero_grad()`, names no optimizer: only its own name must be seen)
        named = (cleared,) if by_hand is None and clear.scope is ClearScope.MODEL and _lightning_module_clear(clear, step, loop, model) else (cleared, step.target)
        anchor: ast.stmt | None = None
        bound = [key for key in named if key is not None and bindings.binds(key)]
        if bound:
            # bound inside the loop: an earlier spot may not see the name yet, but right after
            # the statements binding it will, when they come before every gradient event of
            # the iteration (`opt = self.optimizers()` first in a Lightning `training_step`)
            anchor = _bound_first(loop, bindings, bound)
            if anchor is None:
                return None
        statement = statement_lines(source, moved)
        remove = RemoveStatement(moved, keep_comments=False)
        if step.conditional_within(loop.node) or skipped_by_jump(step, loop.node):
            # (a step after `if (i + 1) % accum: continue` is as conditional as one under the test)
            if not step.direct:
                return None
            accumulation = accumulation_of(loop, model)
            if by_hand is None and events is not None and (accumulation is None or step.target not in accumulation.targets):
                block = _alternating_arm(clear, step, earlier, events, loop)
                if block is not None:
                    # tasks alternating per batch (`if step % 2 == 0:` ... `opt_a.step()` / `else:`
                    # ... `opt_b.step()`): the other arm backpropagates into parameters this
                    # optimizer may share, so the clear goes first in this arm, where a hand-fixed
                    # loop clears (right after the step, the other arm's gradients would leak in)
                    return Fix([remove, InsertStatements(block, "start", statement)], Safety.SAFE)
            edits: list = [remove, InsertStatements(step.statement, "after", statement)]
            if accumulation is not None and step.target in accumulation.targets:
                # a tail flush after the loop relied on the clear that now follows the window's
                # step no more than it did before: it needs its own, or its gradients leak into
                # the next epoch's first window
                later = later_steps(accumulation, step.target, model)  # type: ignore[arg-type]
                if later is None:
                    return None
                edits += [InsertStatements(flush, "after", _bare(statement)) for flush, cleared in later if not cleared]
            return Fix(edits, Safety.SAFE)
        if step.gated and step.direct and isinstance(loop.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            # a step function its callers run inside `accelerator.accumulate()`: its top is inside
            # that block too, where a clear on the window's last micro-batch would wipe the
            # window; right after the step (like the step, it acts only at the window's end)
            return Fix([remove, InsertStatements(step.statement, "after", statement)], Safety.SAFE)
        previous = _last_index(earlier, EventKind.STEP)
        if previous is not None:
            prior = earlier[previous]
            if prior.direct and not prior.conditional_within(loop.node):
                return Fix([remove, InsertStatements(prior.statement, "after", statement)], Safety.SAFE)
            return None
        # (an FGSM attack's backward before the one the step applies: the top is unsafe)
        start = iteration_start(loop, statement) if anchor is None else InsertStatements(anchor, "after", statement)
        if backward_for_an_input_first(loop, step):
            return Fix([remove, after_the_attack(loop, step, statement) or start], Safety.UNSAFE)
        return Fix([remove, start], Safety.SAFE)


def _callback_receivers(node: ast.FunctionDef, passed: dict[str, str]) -> dict[str, str]:
    """What the expressions of a callback hook stand for, of the keywords its trainer passes
    every hook (`passed`: keyword -> "model" / "optimizer"): a parameter of that name (not
    positional-only: they come by keyword), `kwargs["model"]` and `kwargs.get("model")` of its
    `**kwargs`, and a name the hook binds once, at its top level, to one of those (written
    without spaces, as `source.code(...).replace(" ", "")` shows them)."""
    arguments = node.args
    found = {a.arg: passed[a.arg] for a in (*arguments.args, *arguments.kwonlyargs) if a.arg in passed}
    rest = arguments.kwarg.arg if arguments.kwarg is not None else None
    for keyword, what in passed.items() if rest is not None and rest not in found else ():
        found[f'{rest}["{keyword}"]'] = found[f"{rest}['{keyword}']"] = what
        found[f'{rest}.get("{keyword}")'] = found[f"{rest}.get('{keyword}')"] = what
    bound: dict[str, int] = {}
    for sub in ast_walk(node):
        if isinstance(sub, ast.Name) and not isinstance(sub.ctx, ast.Load):
            bound[sub.id] = bound.get(sub.id, 0) + 1
    for stmt in node.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            name = stmt.targets[0].id
            value = stmt.value
            shown = None
            if isinstance(value, ast.Subscript) and isinstance(value.value, ast.Name) and value.value.id == rest:
                key = value.slice
                shown = f'{rest}["{key.value}"]' if isinstance(key, ast.Constant) and isinstance(key.value, str) else None
            elif isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in ("get", "pop"):
                if dotted(value.func.value) == rest and value.args and isinstance(value.args[0], ast.Constant) and isinstance(value.args[0].value, str):
                    shown = f'{rest}["{value.args[0].value}"]'
            if shown is not None and shown in found and bound.get(name) == 1 and name not in found:
                found[name] = found[shown]
    # a parameter rebound in the hook is no longer what the trainer passed
    params = {a.arg for a in (*arguments.args, *arguments.kwonlyargs)}
    return {k: v for k, v in found.items() if not (k in params and k in bound)}


def _lightning_clear_receivers(params: list[str], callback: bool, before_step: bool) -> list[str]:
    """What a clear in a Lightning backward hook may be called on (a trailing `[` stands for any
    index): the module and its optimizers, the hook's optimizer, a Callback's trainer's optimizers."""
    if not params:
        return []
    if callback:
        if len(params) < 3:
            return []
        trainer, module = params[1], params[2]
        out = [module, f"{module}.optimizers()", f"{module}.optimizers()[", f"{trainer}.optimizers["]
        if before_step and len(params) > 3:
            out.append(params[3])
        return out
    this = params[0]
    out = [this, f"{this}.optimizers()", f"{this}.optimizers()["]
    if before_step and len(params) > 1:
        out.append(params[1])
    return out


def _bound_first(loop: TrainingLoop, bindings: LoopBindings, keys: list[str]) -> ast.stmt | None:
    """The last of the loop body's own statements binding `keys`, when every gradient event of
    the iteration sits in a later statement of the body; else None."""
    body = loop.body
    positions = {id(stmt): i for i, stmt in enumerate(body)}
    found = [positions.get(id(stmt)) for key in keys for stmt in bindings.binding_statements(key)]
    if not found or None in found:
        return None  # (the loop's own target, or a binding in a nested block)
    last = max(found)  # type: ignore[type-var]
    for event in loop.events:
        level = next((k + 1 for k, stmt in enumerate(event.path) if stmt is loop.node), 0)
        at = positions.get(id(event.path[level])) if level < len(event.path) else None
        if at is None or at <= last:
            return None
    return body[last]


def _alternating_arm(
    clear: GradEvent, step: GradEvent, earlier: list[GradEvent], events: list[GradEvent], loop: TrainingLoop
) -> list | None:  # type: ignore[type-arg]
    """The statement list of the arm of an `if` that holds the step, the clear and every
    backward before the step, when another arm of that `if` backpropagates and steps an
    optimizer of its own (one task per batch); else None."""
    arms = step.branches_within(loop.node)
    if not arms or arms[-1].kind not in ("if", "else"):
        return None
    block = step.blocks[-1]
    if clear.blocks[-1] is not block or not clear.direct:
        return None
    for e in earlier + [x for x in events if x.kind is EventKind.BACKWARD and x not in earlier]:
        if e.kind is not EventKind.BACKWARD:
            continue
        if e.blocks[-1] is block and e.direct:
            continue
        if not _exclusive(e, step, loop):
            return None
    # the arm on the other side: a backward and a step of its own
    other = [e for e in events if _exclusive(e, step, loop)]
    if not any(e.kind is EventKind.BACKWARD for e in other) or not any(e.kind is EventKind.STEP and e.target != step.target for e in other):
        return None
    return block


def _exclusive(a: GradEvent, b: GradEvent, loop: TrainingLoop) -> bool:
    """`a` and `b` sit in different arms of one `if` (never in the same iteration)."""
    return any(x.node is y.node and x.kind != y.kind for x in a.branches_within(loop.node) for y in b.branches_within(loop.node))


def _clears_every_parameter(clear: GradEvent, optimizer: str | None, loop: TrainingLoop, model: ModuleModel) -> ast.For | None:
    """The `for` that a by-hand clear sits in when it wipes the gradient of every parameter the
    optimizer steps: `for p in model.parameters(): p.grad = None` (or `p.grad.zero_()`,
    `p.grad.data.zero_()`, `p.grad = torch.zeros_like(p)`, a literal zero written in place:
    `p.grad.fill_(0)`, `p.grad.mul_(0)`, `p.grad *= 0`, `p.grad[:] = 0`, under `if p.grad is
    not None:` or not) as the loop's only statement, `optimizer` built over exactly
    `model.parameters()`."""
    if optimizer is None:
        return None
    inner = clear.loops_within(loop.node)
    if len(inner) != 1 or not isinstance(inner[0], ast.For) or inner[0].orelse:
        return None
    whole = inner[0]
    if not isinstance(whole.target, ast.Name) or len(whole.body) != 1:
        return None
    module = _module_of(whole)
    if module is not None and not clear.direct:
        module = _as_the_caller_names(module, clear)  # `def free_grads(net)` called as `free_grads(model)`
    if module is None or not _clears_optimizer_module(optimizer, module, loop, model):
        return None  # the parameters of another module (or a part of one): not known to be the optimizer's
    variable = whole.target.id
    body = whole.body[0]
    if isinstance(body, ast.If) and not body.orelse and len(body.body) == 1 and _none_test(body.test, variable):
        body = body.body[0]  # `if p.grad is not None: p.grad.zero_()`
    if clear.direct and body is not clear.statement:
        return None
    if not clear.direct and body is not clear.node and getattr(body, "value", None) is not clear.node:
        return None  # (in a helper, the path ends at its call: the clear is the statement itself)
    node = clear.node
    zeroed = zeroed_gradient(node)
    if zeroed is not None:
        # `p.grad *= 0`, `p.grad[:] = 0`, `p.grad.data[...] = 0`: in place, as `p.grad.zero_()`
        return whole if _grad_of(zeroed, variable) else None
    if isinstance(node, ast.Assign):
        if len(node.targets) != 1 or not _grad_of(node.targets[0], variable):
            return None
        value = node.value
        if isinstance(value, ast.Constant) and value.value is None:
            return whole
        if (
            isinstance(value, ast.Call) and (dotted(value.func) or "").rsplit(".", 1)[-1] == "zeros_like"
            and len(value.args) == 1 and isinstance(value.args[0], ast.Name) and value.args[0].id == variable
        ):  # fmt: skip
            return whole
        return None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and (
        (node.func.attr == "zero_" and not node.args and not node.keywords)
        or (node.func.attr in ("fill_", "mul_") and fills_zero(node))  # `p.grad.fill_(0)`, `p.grad.data.mul_(0.)`
    ):
        recv = node.func.value
        if isinstance(recv, ast.Attribute) and recv.attr == "data":
            recv = recv.value
        return whole if _grad_of(recv, variable) and isinstance(body, ast.Expr) else None
    return None


def _clears_optimizer_module(optimizer: str, module: str, loop: TrainingLoop, model: ModuleModel) -> bool:
    """A clear of every parameter of `module` clears what `optimizer` steps (as `module.zero_grad()` would)."""
    if built_over(optimizer, module, model):
        return True
    if optimizer in model.facts.objects or module in model.facts.objects:
        return False  # bound here to something else (or unknown): the callers do not say more
    return _handed_in_together(optimizer, module, loop, model)


def _as_the_caller_names(key: str, clear: GradEvent) -> str | None:
    """A key of the helper a clear sits in, as the analysed code names it: the helper's
    parameter replaced by the argument of each call on the way (`net` of `def free_grads(net)`
    called as `free_grads(model)`: `model`); None when a call does not pass it by a name."""
    for call, helper in reversed(tuple(zip(clear.via, clear.helpers))):
        params = [a.arg for a in (*helper.args.posonlyargs, *helper.args.args)]  # type: ignore[attr-defined]
        if isinstance(call.func, ast.Attribute) and params and params[0] in ("self", "cls"):
            params = params[1:]
        root = key.split(".", 1)[0]
        if root == "self" or root not in params:
            return None  # a global, or an attribute of the helper's object: not followed
        if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
            return None
        index = params.index(root)
        passed = call.args[index] if index < len(call.args) else next((k.value for k in call.keywords if k.arg == root), None)
        name = dotted(passed) if passed is not None else None
        if name is None:
            return None
        key = name + key[len(root) :]
    return key


def _module_of(node: ast.stmt) -> str | None:
    """`model` in `for p in model.parameters():`."""
    iterable = getattr(node, "iter", None)
    if isinstance(iterable, ast.Call) and not iterable.args and not iterable.keywords and isinstance(iterable.func, ast.Attribute):
        if iterable.func.attr == "parameters":
            return dotted(iterable.func.value)
    return None


def _grad_of(expr: ast.AST, variable: str) -> bool:
    return isinstance(expr, ast.Attribute) and expr.attr == "grad" and isinstance(expr.value, ast.Name) and expr.value.id == variable


def _none_test(test: ast.expr, variable: str) -> bool:
    """`p.grad is not None`."""
    return (
        isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.IsNot)
        and _grad_of(test.left, variable) and isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value is None
    )  # fmt: skip


def _same_branches_outside(clear: GradEvent, whole: ast.For, step: GradEvent, loop: TrainingLoop) -> bool:
    """The clearing `for` runs under the same branches as the step (the guard inside it aside)."""
    inside = {id(node) for node in whole.body}
    outer = [(id(b.node), b.kind) for b in clear.branches_within(loop.node) if id(b.node) not in inside]
    return outer == [(id(b.node), b.kind) for b in step.branches_within(loop.node)]


def _movable_loop(whole: ast.For, model: ModuleModel) -> ast.For | None:
    """The clearing `for` as a statement to move: `p.grad = None` or `p.grad =
    torch.zeros_like(p)` alone in it (a `p.grad.zero_()` moved before the iteration's first
    backward would meet a `None` gradient), on lines of its own."""
    body = whole.body[0]
    if not isinstance(body, ast.Assign) or zeroed_gradient(body) is not None or not model.source.alone_on_lines(whole):
        return None
    block = model.source.block_of(whole)
    if block is None or model.source.inline_block(block) or model.source.inline_block(whole.body):
        return None
    return whole


def _loop_code(whole: ast.For, clear: GradEvent, model: ModuleModel) -> str:
    """`for p in model.parameters(): p.grad = None`, on one line."""
    return f"for {model.source.code(whole.target)} in {model.source.code(whole.iter)}: {model.source.code(clear.node)}"


def _unseen_handling_between(
    flow: IterationFlow, backward: GradEvent, step: GradEvent, loop: TrainingLoop, model: ModuleModel,
    skipped: set[int] = frozenset(),  # type: ignore[assignment]
) -> bool:
    """A statement between the backward and the step calls code gradfix did not look into that
    is handed the gradients, the parameters or the model (it may copy the gradients out before
    the clear and write them back after it). `skipped`: statements that only read the gradient
    of an input the iteration makes (`delta + eps * d.grad.sign()`)."""
    start, end = flow.position(backward.statement), flow.position(step.statement)
    if start is None or end is None:
        return True  # in a helper, or not where the flow can place it: cannot tell
    units = [unit.node for unit in flow.units[start + 1 : end] if id(unit.node) not in skipped]
    return unseen_gradient_handling(units, loop, model) is not None


def _read_for_numbers_only(
    flow: IterationFlow, backward: GradEvent, step: GradEvent, model: ModuleModel, skipped: set[int] | None = None,
    reads: list[GradEvent] | None = None,
) -> bool:
    """Between the backward and the step, the iteration's own statements read `.grad` only to
    measure it (`gn = sum(p.grad.norm() ** 2 for p in params) ** 0.5; print(gn.item())`): each
    `.grad` is followed by a reduction to a number (`.norm(`, `.abs()`, `.sqrt()`, `.sum(`, `** 2`, `.item()`,
    `is None`) or handed only to `torch.norm(...)` / `torch.isfinite(...)`: no gradient is kept
    or written back."""
    if backward.via or step.via:
        # a step (or a backward) in a helper, a hook: each read between them, where it is
        # written, must measure (`sum(float(p.grad.norm()) for p in ...)` in a gradient-norm hook)
        return bool(reads) and all(_measures(read, model) for read in reads)
    start, end = flow.position(backward.statement), flow.position(step.statement)
    if start is None or end is None:
        return False
    for unit in flow.units[start + 1 : end]:
        if skipped and id(unit.node) in skipped:
            continue  # a by-hand clear of every parameter (`for p in model.parameters(): p.grad = None`)
        text = model.source.segment(unit.node)
        for match in _GRAD.finditer(text):
            after = text[match.end() :]
            if _MEASURED.match(after):
                continue
            before = text[: match.start()]
            if after.lstrip().startswith(")") and _MEASURING_CALL.search(before):
                continue
            return False
    return True


def _measures(read: GradEvent, model: ModuleModel) -> bool:
    """The `.grad` a read event names is reduced to a number right where it is written."""
    source = read.source or model.source
    node = read.node
    if not (isinstance(node, ast.Attribute) and node.attr == "grad"):
        return False
    start, end = source.start(node), source.end(node)
    after = source.text[end : end + 80]
    if _MEASURED.match(after):
        return True
    return after.lstrip().startswith(")") and _MEASURING_CALL.search(source.text[max(0, start - 80) : start]) is not None


_GRAD = lazily(r"\.grad\b(?!_)")
_MEASURED = lazily(r"\s*(\.(norm|abs|sqrt|pow|sum|mean|max|min|item|isfinite|isnan|isinf|numel|shape|size)\b|\*\*|is\s+(not\s+)?None\b)")
_MEASURING_CALL = lazily(r"\b(norm|isfinite|isnan|isinf|vector_norm)\(\s*[\w.\[\]]*$")


def _bare(lines):  # type: ignore[no-untyped-def]
    """The statement without the comment lines above it."""
    out = list(lines)
    while out and (not out[0][0].strip() or out[0][0].lstrip().startswith("#")):
        out.pop(0)
    return tuple(out)


_GUARD_WORDS = ("loss", "grad", "norm", "finite", "nan", "inf", "overflow", "skip", "valid", "found", "bad", "scale")


def _last_index(events: list[GradEvent], kind: EventKind) -> int | None:
    for index in range(len(events) - 1, -1, -1):
        if events[index].kind is kind:
            return index
    return None


def _clears_optimizer(clear: GradEvent, optimizer: str, model: ModuleModel, loop: TrainingLoop) -> bool:
    if clear.scope is ClearScope.OPTIMIZER:
        return clear.target == optimizer
    if clear.scope is ClearScope.MODEL and clear.target is not None:
        if built_over(optimizer, clear.target, model):
            return True
        if clear.target.startswith("self.") and optimizer.startswith("self."):
            # `self.net = net` and `self.opt = Adam(net.parameters())` (in `__init__`): the clear of
            # `self.net` clears the parameters the optimizer was built over
            if any(
                isinstance(value, ast.Name) and built_over(optimizer, value.id, model) and key == clear.target
                for key, value in _attribute_pairs(model)
            ):
                return True
        # `def fit(model, opt)` / `Trainer(model, opt)`, the optimizer handed in: every call
        # passes one built over exactly the module passed with it
        return _clears_optimizer_module(optimizer, clear.target, loop, model)
    return False


def _lightning_module_clear(clear: GradEvent, step: GradEvent, loop: TrainingLoop, model: ModuleModel) -> bool:
    """In a LightningModule's method, `self.zero_grad()` (every parameter of the module, which
    holds what `self.optimizers()` steps) or `self.layer.zero_grad()` when `layer` is the one
    attribute the class binds to a call (the module's parameters are all its own), before the
    step of an optimizer from `self.optimizers()`."""
    from gradfix.analysis.frameworks import framework_of

    if clear.scope is not ClearScope.MODEL or not clear.direct or clear.target is None or loop.function is None:
        return False
    info = event_info(step, model)
    if info is None or info.library != "lightning-optimizer":
        return False
    owner = model.source.owner_of(loop.function)
    if not isinstance(owner, ast.ClassDef):
        return False
    entry = framework_of(owner, model.facts.imports.qualify)
    if entry is None or entry.manual_switch is None:
        return False  # not a LightningModule
    if clear.target == "self":
        return True
    parts = clear.target.split(".")
    if len(parts) != 2 or parts[0] != "self" or len(owner.bases) != 1:
        return False
    if any(word in model.source.segment(owner) for word in ("register_parameter", "add_module", "register_module", "setattr")):
        return False
    bound = {
        target.attr
        for node in ast_walk(owner)
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Call)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self"
    }
    return bound == {parts[1]}


def _attribute_pairs(model: ModuleModel) -> Iterator[tuple[str, ast.expr]]:
    """(key, value) of each plain assignment of the module, tuples pair by pair (`self.model,
    self.opt = model, opt`)."""
    source = model.source
    for stmt in assignment_statements(model):
        if stmt.__class__ is not ast.Assign:
            continue
        value = stmt.value  # type: ignore[attr-defined]
        for target in stmt.targets:  # type: ignore[attr-defined]
            if isinstance(target, (ast.Tuple, ast.List)):
                if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(target.elts):
                    if not any(isinstance(e, ast.Starred) for e in (*target.elts, *value.elts)):
                        for element, item in zip(target.elts, value.elts):
                            yield source.key(element), item
            else:
                yield source.key(target), value


def _handed_in_together(optimizer: str, module: str, loop: TrainingLoop, model: ModuleModel) -> bool:
    """The optimizer and the module are handed in together (`handed_in_calls`), and every call
    passes for the optimizer one built over exactly the parameters of the module it passes
    (`train(net, SGD(net.parameters()))`, `opt = Adam(net.parameters()); Trainer(net, opt)`)."""
    calls = handed_in_calls(optimizer, module, loop, model)
    if not calls:
        return False
    for passed, module_passed, caller in calls:
        key = dotted(module_passed)
        params = optimizer_params(passed, caller)
        if key is None or params is None or caller[1].code(params) != f"{key}.parameters()":
            return False
    return True


def _movable(clear: GradEvent, loop: TrainingLoop, model: ModuleModel) -> ast.stmt | None:
    """The whole statement that performs the clear and nothing else, if there is one."""
    path = below(clear, loop.node)
    line = single_call_statement(clear, model.source)
    if line is None or not path:
        return None
    inner_loops = clear.loops_within(loop.node)
    if not inner_loops:
        return line
    # `for o in opts: o.zero_grad()`: move the little loop when it only clears
    nested = inner_loops[-1]
    if len(inner_loops) == 1 and isinstance(nested, FOR_LOOPS) and not nested.orelse and nested in path:
        if len(nested.body) == 1 and model.source.alone_on_lines(nested):
            return nested
    return None


def _closure_fix(clear: GradEvent, backward: GradEvent, optimizer: str, model: ModuleModel) -> Fix | None:
    """The clear of a closure handed to the step (`def closure(): ...; loss.backward();
    opt.zero_grad(); return loss`), a statement of the closure's own body alone on its line,
    moves to the start of the closure (after its docstring), where torch's documentation
    clears; it is only removed when the closure already clears that optimizer before its
    first backward."""
    if len(clear.via) != 1 or clear.foreign or not clear.helpers or len(backward.via) != 1:
        return None
    closure = clear.helpers[0]
    if not isinstance(closure, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    source = model.source
    moved = next((s for s in closure.body if isinstance(s, ast.Expr) and s.value is clear.node), None)
    if moved is None or not source.alone_on_lines(moved) or source.inline_block(closure.body):
        return None
    remove = RemoveStatement(moved, keep_comments=False)
    for stmt in closure.body:
        if any(node is backward.node for node in ast_walk(stmt)):
            break
        if (
            isinstance(stmt, ast.Expr)
            and isinstance(stmt.value, ast.Call)
            and isinstance(stmt.value.func, ast.Attribute)
            and stmt.value.func.attr == "zero_grad"
            and source.code(stmt.value.func.value) == source.code(clear.node.func.value)  # type: ignore[attr-defined]
        ):
            return Fix([remove], Safety.SAFE)  # `opt.zero_grad()` first in the closure already
    lines = statement_lines(source, moved)
    head = closure.body[0]
    if isinstance(head, ast.Expr) and isinstance(head.value, ast.Constant) and isinstance(head.value.value, str):
        return Fix([remove, InsertStatements(head, "after", lines)], Safety.SAFE)
    return Fix([remove, InsertStatements(closure.body, "start", lines)], Safety.SAFE)


def _shared_calls(clear: GradEvent, backward: GradEvent) -> int:
    """How many helper calls, from the loop's, lead to both the clear and the backward."""
    shared = 0
    while shared < min(len(clear.via), len(backward.via)) and clear.via[shared] is backward.via[shared]:
        shared += 1
    return shared


def _reported_call(clear: GradEvent, backward: GradEvent, model: ModuleModel) -> ast.AST | None:
    """Where a clear made in a helper is reported: the first call on its way (`optimize()` in
    `train_step`) that does not also lead to the backward (`train_step(x, y)` holds both: its
    call is not the clear). When that call (or the clear) sits in another file, the loop's
    call of the helper that leads to both (None when that is the step, `opt.step(closure)`)."""
    shared = _shared_calls(clear, backward)
    if shared == 0:
        return clear.via[0]
    node = clear.via[shared] if shared < len(clear.via) else clear.node
    holder = clear.helpers[shared - 1]
    if any(n is holder for n in model.source.nodes):
        return node
    return None if clear.via[0] is not backward.via[0] or _steps(clear.via[0]) else clear.via[0]


def _judged_where_written(clear: GradEvent, shared: int, model: ModuleModel) -> bool:
    """The helper holding the clear, the backward and the step is a step function of this
    module (its own events are checked as an iteration), or is written in another file."""
    holder = clear.helpers[shared - 1]
    return id(holder) in model.step_functions or not any(n is holder for n in model.source.nodes)


def _steps(call: ast.Call) -> bool:
    return isinstance(call.func, ast.Attribute) and call.func.attr == "step"


def _unseen_in_helper(clear: GradEvent, backward: GradEvent, loop: TrainingLoop, model: ModuleModel) -> bool:
    """In the helper that leads to both the backward and the clear after it, a statement after
    the backward calls code gradfix did not look into that is handed the gradients, the
    parameters, the model or an argument of the helpers on the way (`flat =
    flatten_grads(net)` before `opt.zero_grad()`, `restore(net, flat)` after it: gradients
    copied out and written back)."""
    shared = _shared_calls(clear, backward)
    if shared == 0:
        return False
    holder = clear.helpers[shared - 1]
    first = backward.via[shared] if shared < len(backward.via) else backward.node
    start = (first.end_lineno, first.end_col_offset)  # type: ignore[attr-defined]
    units = [s for s in ast_walk(holder) if isinstance(s, ast.stmt) and s is not holder and start <= (s.lineno, s.col_offset)]
    if not units:
        return False
    keys = set(model_keys(loop, model))
    for helper in clear.helpers[:shared]:
        arguments = getattr(helper, "args", None)
        if arguments is not None:
            keys.update(a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs))
    return unseen_gradient_handling(units, loop, model, keys) is not None


def _boundary_guard(clear: GradEvent, step: GradEvent, loop: TrainingLoop, model: ModuleModel) -> ast.If | None:
    """The `if` holding `clear` when its branches are the step's plus that one `if` body, whose
    test is exactly `E.is_gradient_accumulation_boundary()` of the step's engine `E`."""
    inner_clear = clear.branches_within(loop.node)
    inner_step = step.branches_within(loop.node)
    if len(inner_clear) != len(inner_step) + 1 or not branch_prefix(step, clear, loop.node):
        return None
    branch = inner_clear[-1]
    test = branch.test
    if branch.kind != "if" or not isinstance(branch.node, ast.If) or not isinstance(test, ast.Call):
        return None
    func = test.func
    step_func = step.node.func if isinstance(step.node, ast.Call) else None
    if not (isinstance(func, ast.Attribute) and func.attr == "is_gradient_accumulation_boundary") or test.args or test.keywords:
        return None
    if not isinstance(step_func, ast.Attribute) or model.source.code(func.value) != model.source.code(step_func.value):
        return None
    return branch.node
