from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.accumulation import accumulation_of, loop_invariant
from gradfix.analysis.assignments import assigned_values
from gradfix.analysis.loops import ModuleModel, inherited_info
from gradfix.analysis.model import EventKind, GradEvent, TrainingLoop
from gradfix.analysis.names import call_name, dotted, method_name, positional, receiver
from gradfix.patterns import lazily
from gradfix.source import TRIES, WITHS
from gradfix.transforms._common import branch_prefix, built_over_clipped, same_branches, ignite_every, ignite_handlers, owned_events, step_hook_finding
from gradfix.transforms._placement import (
    can_jump_over,
    siblings,
    statements_between,
    unit_holds_only,
)
from gradfix.transforms.apply import indented, statement_lines
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
from gradfix.walk import ast_walk

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator

_BLOCKING = (EventKind.BACKWARD, EventKind.STEP)
_INFINITE_MODULES = ("math", "torch", "np", "numpy")


def _measures_only(clip: GradEvent, model: ModuleModel) -> bool:
    """`clip_grad_norm_(params, math.inf)`: a clip whose threshold is infinite changes no
    gradient; it only measures the norm (for logging), wherever it runs. A name the module
    binds only to infinity (`NO_CLIP = float("inf")`) is one too."""
    call = clip.call
    if call is None:
        return False
    threshold = call.args[1] if len(call.args) > 1 else None
    for kw in call.keywords:
        if kw.arg in ("max_norm", "clip_value"):
            threshold = kw.value
    if threshold is None:
        return False
    if isinstance(threshold, ast.Name):
        values = assigned_values(model, threshold.id)
        if values and all(_infinite(v) for v in values):
            return True
    return _infinite(threshold)


def _infinite(node: ast.expr) -> bool:
    """`inf`, `math.inf` (`torch.`, `np.`, `numpy.`), `float("inf")` (`"+inf"`, `"infinity"`),
    in any case."""
    if isinstance(node, ast.Name):
        return node.id.lower() == "inf"
    if isinstance(node, ast.Attribute):
        return node.attr.lower() == "inf" and isinstance(node.value, ast.Name) and node.value.id.lower() in _INFINITE_MODULES
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id.lower() == "float":
        if len(node.args) != 1 or node.keywords or not isinstance(node.args[0], ast.Constant):
            return False
        value = node.args[0].value
        return isinstance(value, str) and value.replace(" ", "").lower() in ("inf", "+inf", "infinity", "+infinity")
    return False


class ClipAfterStep(LoopRule):
    """
    Gradients are clipped after `optimizer.step()` (or before `backward()`), where the
    clip cannot affect the update.

    ## What it does
    Finds `clip_grad_norm_`/`clip_grad_value_` calls that run after the iteration's
    last `optimizer.step()` with no `backward()` in between, or before the iteration's
    first `backward()` with no `step()` in between. In an iteration split by a setting that
    holds, or not, for the whole loop (`if cfg["model"] in BERT_MODELS: ... else: ...`, a test
    that calls nothing and reads no name the loop binds), the other arm's events are left out:
    they never run in a loop where the clip runs. With several optimizers, a clip right after
    one optimizer's step is judged after that step when only the others step later in the
    iteration and the clip is of what that optimizer steps: the parameters it was built over,
    or, for Fabric's `fabric.clip_gradients(module, optimizer, ...)` and a LightningModule's
    `self.clip_gradients(optimizer, ...)` (which clip the parameters of the optimizer they are
    handed; a class of the file defining its own `clip_gradients` is not read so), the
    optimizer it names.

    ## Why is this bad?
    Clipping only changes the update if it runs between the last `backward()` and
    `step()`. After `step()` it clips gradients that are about to be cleared, while the
    step already used the unclipped ones; before `backward()` it clips the gradients
    the clear just emptied (or the previous step's). Either way the model trains
    without clipping: large early gradients blow up the update, and the norm the clip
    returns (often logged) is not the one the step used.

    ## Example
    ```python
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    ```

    ## Use instead
    ```python
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
    ```
    With a `GradScaler`, the clip goes after `scaler.unscale_(optimizer)` (GF013 adds
    it when missing).

    A clip in an optimizer step post-hook (`opt.register_step_post_hook(hook)` with `def
    hook(optimizer, args, kwargs): torch.nn.utils.clip_grad_norm_(...)`, or a `lambda`) runs
    after each `opt.step()` too (see gradfix/analysis/step_hooks.py for the shape read): the
    fix registers the hook with `register_step_pre_hook`, which torch runs inside the step,
    before the update, when the hook does nothing but clip.

    ## Fix safety
    Safe. The clip statement (or the compound statement around it, such as its `if`) moves, with
    its comments, to right before the statement that holds the step, in the block both share.
    A clip written before the backward of a loop whose step sits deeper, under an `if` (the
    window test of an accumulation loop, `if (i + 1) % N == 0:`), moves into that `if`, right
    before the step: it clips the window's gradient once, as the step applies it, not each
    micro-batch's partial sum. For the same reason a clip moved next to the step of a prepared
    optimizer inside `with accelerator.accumulate(model):` (which steps only when the window
    ends, while the clip would run on every micro-batch) goes under `if
    accelerator.sync_gradients:`, as Accelerate documents it.

    A clip written between the backward and the step of a prepared optimizer inside `with
    accelerator.accumulate(model):` (Accelerate's or torch's clip function) is reported too when
    no `if` testing `sync_gradients` holds it (nor one before it leaves the iteration, `if not
    accelerator.sync_gradients: continue`): the step acts once per window, the clip on every
    micro-batch, where it clips partial sums (and, with a GradScaler, unscales them). The fix
    puts the clip's statement under `if accelerator.sync_gradients:`; a clip whose norm is kept
    (`norm = accelerator.clip_grad_norm_(...)`) is reported without a fix, the name being unbound
    off the window's end. A trainer's `self.accelerator` and `self.optimizer` its class never binds
    are read from the trainer base (of another module of the project, up to three bases up) that
    builds the `Accelerator` and prepares the optimizer.

    The same holds for a plain accumulation loop: a clip written between a backward that every
    micro-batch runs and the step under the window's test (`loss.backward();
    clip_grad_norm_(model.parameters(), 1.0); if (step + 1) % N == 0: optimizer.step()`, the old
    pytorch-transformers fine-tuning loops) clips the partial sum on every micro-batch, and the
    window's gradient the step applies is not the clipped one. It is reported when one optimizer
    steps under the window, the clip and that backward sit outside it, under no test but ones
    that hold for the whole loop (`if args.fp16:`, `if max_norm > 0:`; each arm's clip of an
    `if fp16: ... else: ...` is reported), no clear runs outside the window (a loop clearing
    every micro-batch clips each one's own gradient; a skip of a bad batch before its backward,
    `if not torch.isfinite(loss): optimizer.zero_grad(); continue`, is no such clear: the
    batches it does not skip still add up) and the loop touches no `.grad` by hand
    (DP-SGD's per-micro-batch clip summed into a buffer). The fix moves the clip's statement
    under the window's test, right before the step; it is reported without a fix when the clip
    shares its arm with the backward (the `fp16` and `else` arms), when the step is a
    `scaler.step(optimizer)` (the clip belongs after `scaler.unscale_(optimizer)`: GF013), when
    the clip's norm is kept (`norm = clip_grad_norm_(...)`), when the window steps more than
    once, or when a step of the same optimizer after the loop flushes the last micro-batches
    with no clip written before it (they would then be applied unclipped). A clip with an infinite threshold only measures the
    norm and is not reported.

    So does nanoGPT's shape (see GF005): a clip inside `for micro_step in range(N):` after
    the micro-batch's backward, the loop doing nothing else to gradients, and one optimizer
    stepped once after it (a plain `opt.step()`, under no test; `.grad` nowhere in the
    iteration). The fix moves the clip's statement to right before the step (no fix when it
    is not a call alone on its lines).

    A clip written in the loop itself, or in a helper it calls (`apply_update()` that steps,
    then clips: reported at the clip, or at the call of a helper of another file, without a
    fix, unless the helper's whole body is the clip, `def clip(model): return
    clip_grad_norm_(model.parameters(), 1.0)`, whose call the fix moves as it would the clip),
    is reported when the iteration steps a
    non-engine optimizer and either the clip runs after the iteration's last step with no
    backward between them, under every branch that step runs under (a step that may not have
    run, as in accumulation, leaves the clip to the next one), or after the step of the
    optimizer built over exactly the clipped parameters when only other optimizers step later
    (a GAN's discriminator clip before the generator's update); or it runs before the iteration's
    first backward, that backward is the next backward or step after it, a step follows, that
    backward runs whenever the first step after it runs, and the clip runs whenever they run or
    under a test of its own around them (`if max_norm is not None:`, `if
    accelerator.sync_gradients:`); or, when several optimizers step, it runs after the clear of
    the optimizer built over exactly the clipped parameters (no backward between them, the
    clear running whenever the clip runs) and before that optimizer's next backward and step
    (`opt_g.zero_grad(); clip_grad_norm_(G.parameters(), 1.0); g_loss.backward();
    opt_g.step()` after the discriminator's update): it clips what the clear just emptied. An
    optimizer built in `__init__` over the constructor's parameter (`RMSprop(actor.parameters())`
    after `self.actor = actor`, the only binding of `self.actor` in the class and from outside, and
    `actor` never rebound there) is built over exactly what `self.actor.parameters()` names. A call through a name the module binds once, outside any
    loop, to torch's clip function (`clip = nn.utils.clip_grad_norm_`, at module level or in the
    function) is a clip too, and so is a clip written by hand in the loop itself: `for p in
    params: p.grad.data.clamp_(-c, c)` (or `p.grad.clamp_(min=..., max=...)`, `clip_`), the
    clamp the only statement of the `for`, under `if p.grad is not None:` or not; the `for`
    moves like a clip call's statement. (`p.data.clamp_(...)` clamps weights, not gradients.)
    torch's two-part clip counts as its second part, `clip_grads_with_norm_(params, max_norm,
    total)` (the norm measured by `get_total_norm` beforehand). Accelerate's
    `accelerator.clip_grad_norm_(D.parameters(), ...)` and `clip_grad_value_` name the
    parameters they clip, like torch's (positionally or as `parameters=`).

    A clip after the step whose statement a `try` holds (`try: ...; optimizer.step()
    finally: seen += 1`, no `except` or `else`) moves into the `try`, right before the step,
    jumping over what follows the step there and the `finally`.

    It is reported without a fix when the iteration steps more than one optimizer (or one
    optimizer more than once), unless the clip follows the step of the optimizer built over
    exactly the clipped parameters, which steps once in the iteration, and no other gradient
    event lies between that step and the clip (a GAN's critic clipped after its step, before
    the generator's clear: the clip moves right before the critic's step), or precedes the
    backward of that optimizer and only backward passes lie between the clip and its step
    (each model of a GAN clipped after its clear, before its backward: each clip moves right
    before its own optimizer's step), a scaler's `unscale_` runs between the step and the clip (moved
    alone, the clip would clip scaled gradients), the clip and the step have no block in common, the moved
    statement holds another gradient event, shares its lines, or could jump out of its block
    (`break`, `continue`, `return`), a statement it would jump over reads or writes a name
    it uses (the returned norm, for instance), or one call both backpropagates and steps
    (timm's `loss_scaler(loss, optimizer)`, a helper running `loss.backward()` and
    `optimizer.step()`): there is no place between them, and the clip belongs in the call
    (`loss_scaler(loss, optimizer, clip_grad=max_norm, parameters=model.parameters())`).

    Also Ignite's `trainer = Engine(update)` (bound once, at the module's top level, to a
    function of it) whose `update` steps one optimizer unconditionally at its own top level, and
    a handler of the unfiltered `Events.ITERATION_COMPLETED` (`@trainer.on(...)` or
    `trainer.add_event_handler(..., handler)`) that clips, at its own top level, what that
    optimizer was built over (`clip_grad_norm_(model.parameters(), 1.0)` beside
    `SGD(model.parameters())`) and neither backpropagates nor steps: Ignite runs it after
    `update`. Reported without a fix (the clip belongs in `update`, before its step). The same
    for a handler of the filtered `Events.ITERATION_COMPLETED(every=N)` (or an `event_filter=`
    testing `count % N == 0`), also when `update` steps only under its top-level `if
    engine.state.iteration % N == 0:` (the same N as written): Ignite fires the filtered event
    right after exactly those updates, after their step.

    Also a clip (`torch.nn.utils.clip_grad_norm_` / `clip_grad_value_`) at the top level of the
    `on_before_zero_grad` hook of a LightningModule or a Lightning `Callback` of the file (also
    of a subclass of a callback class of the file):
    Lightning calls that hook after `training_step` and the previous optimizer step, right
    before it zeroes the gradients (under manual optimization not at all), so the clip changes
    no step. The fix renames the hook `on_before_optimizer_step` (the same parameters; Lightning
    calls it between backward and the step) when the hook holds nothing but clips (and a
    docstring), has no decorator, the class defines no `on_before_optimizer_step` and no base
    nor subclass of it in the file defines that hook, `on_before_zero_grad` or
    `on_train_batch_end` (a renamed hook would hide theirs, or theirs it); otherwise reported
    without a fix.

    Likewise a clip at the top level of `on_train_batch_end` of a LightningModule (also of a
    subclass of one of the file's LightningModule classes) or of a Lightning `Callback` (also of
    a subclass of a callback class of the file), in a file that never names
    `automatic_optimization`: Lightning calls it after the batch's
    optimizer step, so the clip reaches no step (with `accumulate_grad_batches`, it clips a
    window's partial sums). The fix makes the hook `on_before_optimizer_step(self, optimizer)`
    (a Callback's `(self, trainer, pl_module, optimizer)`) when it holds nothing but clips, its
    parameters are plain names and the body uses none of those it drops (nor `optimizer`), it has
    no decorator and neither the class nor its lineage in the file defines a hook the rename
    could clash with (as above); otherwise reported without a fix. Likewise in a LightningModule that sets `self.automatic_optimization = False` and
    whose `training_step` clears and steps by itself: the hook runs after that step; the same
    rewrite is the fix when `training_step` steps one optimizer (`opt.step()` runs
    `on_before_optimizer_step` before it updates).

    Likewise a clip at the top level of `on_before_backward` (a LightningModule's `(self,
    loss)`, a Callback's `(self, trainer, pl_module, loss)`), read and rewritten the same way:
    Lightning calls it after its clear and right before the batch's backward (also inside
    `self.manual_backward`), so the clip reaches none of the gradients the step applies (with
    `accumulate_grad_batches`, a window's partial sums); not rewritten when the hook reads its
    `loss` or the class also defines `on_before_zero_grad` or `on_train_batch_end`.

    Likewise a clip at the top level of `training_step` of a LightningModule (also of a
    subclass of one of the file's LightningModule classes) that defines no `optimizer_step`,
    in a file that never names `automatic_optimization`: Lightning runs `training_step`
    before the clear and the backward of its batch, so the clip acts on the previous batch's
    gradients, already applied and about to be cleared (with `accumulate_grad_batches`, on a
    window's partial sums). The fix (unsafe: with `accumulate_grad_batches` the clip did
    change training) moves the clip into a new `on_before_optimizer_step(self, optimizer)`
    written right after `training_step` (Lightning calls it between the backward and each
    step) when it is `training_step`'s one clip, an expression statement that reads no name
    `training_step` binds or is handed but `self`, and neither the class nor its lineage in the
    file defines that hook, `on_before_zero_grad` or `on_train_batch_end`; otherwise reported
    without a fix (pass `gradient_clip_val=` to the `Trainer`, or clip in that hook).

    Also a clip (`torch.nn.utils.clip_grad_norm_` / `clip_grad_value_`) at the top level of a
    LightningModule's `optimizer_step(self, epoch, batch_idx, optimizer, optimizer_closure)`
    override after a top-level `optimizer.step(...)` of its optimizer parameter, in a file that
    never names `automatic_optimization`: that step runs the closure (training_step, the clear,
    backward) and updates, so the clip reaches no step (the next closure clears first). Reported
    without a fix (the clip belongs in `configure_gradient_clipping` or `on_before_optimizer_step`).

    Likewise a clip at the top level of a transformers `TrainerCallback`'s `on_optimizer_step`
    (or `on_step_end`), also of a subclass of one of the file's callbacks: the Trainer calls it
    right after `optimizer.step()` (after its `model.zero_grad()`), so the clip changes no step.
    The fix renames the hook `on_pre_optimizer_step` (every hook gets the same arguments; the
    Trainer calls it after the window's backward passes and its own clip, right before the step)
    when the hook holds nothing but clips (and a docstring), has no decorator, no other hook of
    the class would be renamed too, and neither the class nor a base of the file defines
    `on_pre_optimizer_step`; otherwise reported without a fix. A clip in `on_substep_end`, which
    the Trainer calls after each micro-batch's backward that ends no accumulation window, clips
    the window's partial sums (the last micro-batch is added unclipped): the same rename, as an
    unsafe fix (the clip did change training, and the renamed one clips the whole window).

    Also the optimizer in backward: hooks registered with
    `p.register_post_accumulate_grad_hook(hook)` whose body is only per-parameter steps of `D[p]`
    (a dict comprehension of torch optimizers), clears, clips and schedules run inside every
    `backward()` of the loops after the registration; a clip in such a loop (which steps nothing
    itself) after its backward clips gradients the hooks already applied (and, when they clear,
    removed: torch's foreach clip then raises). The hook may open with `if p.grad is None:
    return` (never true there) and the dict may be filled by a `for` right after `D = {}`
    (`for q in X: D[q] = torch.optim.Y([q])`). The clip belongs in the hook, before the step,
    over the one parameter: for a value clip, `clip_grad_value_(X, v)` over exactly the
    parameters the hooks were registered on (`for p in X: p.register_...(hook)`), that is the
    same clip (an element-wise clamp), and the fix moves it there as `clip_grad_value_([p], v)`
    before the hook's one step, when `v` is a number (or a name the module binds once, at its
    top level, to one), the clip a statement of its own, its callee imported at the module's top
    level or in the hook's block, the hook clipping nothing yet, and every backward after the
    registration in this loop, with no call to a function of the module outside it (the hook
    clips wherever it runs). A norm clip is reported without a fix (a norm per parameter is not
    the norm over all of them); so are a clip over other parameters and two loops clipping,
    and a clip after a lambda hook (`p.register_post_accumulate_grad_hook(lambda q:
    D[q].step())`, read as a hook whose body is that step: no clip can go before it).

    The rule is silent for clips with an infinite threshold (`clip_grad_norm_(params,
    math.inf)`, `float("inf")`, `torch.inf`, `np.inf`, or a name the module binds only to one of
    them: `NO_CLIP = float("inf")`): they change no gradient and only measure
    the norm, wherever they run; for engine steps (DeepSpeed), but for a torch clip of the
    engine's own parameters right after the iteration's one `engine.step()` (same branches, no
    backward between): the step applies and clears at each boundary, so that clip never reaches
    an update (it finds no gradient, or clips the partial sums between boundaries): reported
    without a fix (DeepSpeed clips by its config's `gradient_clipping`); and
    when the loop calls code gradfix cannot see into that may clear, step or backpropagate.
    """

    code = "GF010"
    name = "clip-after-step"
    message_after = "`{clip}` runs after `{opt}.step()`: the step used unclipped gradients; clip between backward and step"
    message_before = "`{clip}` runs before `backward()`: it clips stale gradients; clip between backward and step"
    message_before_one_call = (
        "`{clip}` runs before `{call}`, which backpropagates and steps in one call: it clips stale gradients;"
        " let that call clip (timm's `loss_scaler(..., clip_grad=..., parameters=...)`)"
    )
    message_unsynced = (
        "`{clip}` runs on every micro-batch inside `{accelerator}.accumulate()`, where `{opt}.step()` acts only"
        " when the window ends: it clips partial sums; clip under `if {accelerator}.sync_gradients:`"
    )
    message_partial = (
        "`{clip}` runs on every micro-batch, where `{opt}.step()` runs only when the accumulation window ends:"
        " it clips partial sums; clip right before the step, under the window's test"
    )
    message_micro = (
        "`{clip}` runs after every micro-batch's backward, where `{opt}.step()` runs once after the micro-batch"
        " loop: it clips partial sums; clip once, right before the step"
    )
    message_handler = (
        "`{clip}` runs in a handler of `{trainer}`'s ITERATION_COMPLETED, after its process function's `{opt}.step()`:"
        " the clip cannot affect the update; clip in the process function, before the step"
    )
    message_zero_grad_hook = (
        "`{clip}` runs in `on_before_zero_grad`, which Lightning calls after the optimizer step, right before it"
        " zeroes the gradients: the clip never reaches a step; clip in `on_before_optimizer_step`"
    )
    message_step_override = (
        "`{clip}` runs in `optimizer_step` after `{step}`, which ran training_step, backward and the update:"
        " the step used unclipped gradients; clip in `configure_gradient_clipping` or `on_before_optimizer_step`"
    )
    message_batch_end_hook = (
        "`{clip}` runs in `on_train_batch_end`, which Lightning calls after the batch's optimizer step:"
        " the step used unclipped gradients; clip in `on_before_optimizer_step`"
    )
    message_before_backward_hook = (
        "`{clip}` runs in `on_before_backward`, which Lightning calls after it clears the gradients and before the"
        " batch's backward: the clip reaches no gradient of the step (with accumulation, only the window's partial"
        " sums); clip in `on_before_optimizer_step`"
    )
    message_training_step = (
        "`{clip}` runs in `training_step`, before Lightning's backward of the batch: it clips the previous"
        " batch's gradients, already applied; pass `gradient_clip_val=` to the Trainer or clip in"
        " `on_before_optimizer_step`"
    )
    message_callback_hook = (
        "`{clip}` runs in the callback hook `{hook}`, which the trainer calls {when}: the step used unclipped"
        " gradients; clip in `{before}`"
    )
    message_engine = (
        "`{clip}` runs after `{step}`, which applies and clears the gradients at each accumulation boundary: the clip"
        " never reaches an update (between boundaries it clips partial sums); set the DeepSpeed config's"
        " `gradient_clipping` instead"
    )
    message_callback_partial = (
        "`{clip}` runs in the callback hook `{hook}`, which the trainer calls {when}: it clips partial sums,"
        " and the window's last micro-batch is added unclipped; clip in `{before}`"
    )
    message_hook = (
        "`{clip}` runs after `backward()`, whose gradient hook `{hook}` already stepped the optimizers:"
        " the clip cannot affect the update; clip in the hook, before the step"
    )
    message_post_hook = (
        "`{clip}` runs in a step post-hook of `{opt}`, after each `{opt}.step()`: the step used unclipped"
        " gradients; register the hook with `register_step_pre_hook`"
    )
    message = message_after
    safety = Safety.SAFE

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        yield from super().check(model)
        data = model.source.data
        if b"register_step_post_hook" in data:
            for hook in misplaced_hooks(model, POST, "clip"):
                clip = model.source.code(hook.action)
                yield step_hook_finding(self.code, hook, self.message_post_hook.format(clip=clip, opt=hook.optimizer), PRE, model)
        if b"ITERATION_COMPLETED" in data and b"clip_grad_" in data:
            yield from self._completed_handlers(model)
        if b"on_before_zero_grad" in data and b"clip_grad" in data:
            yield from self._zero_grad_hooks(model)
        if b"on_train_batch_end" in data and b"clip_grad" in data:
            yield from self._batch_end_hooks(model, b"automatic_optimization" in data)
        if any("on_before_backward" in methods for methods in model.facts.methods.values()) and b"clip_grad" in data:
            yield from self._batch_end_hooks(model, b"automatic_optimization" in data, "on_before_backward")
        if b"training_step" in data and b"clip_grad" in data and b"automatic_optimization" not in data:
            yield from self._training_step_clips(model)
        if (
            any("optimizer_step" in methods for methods in model.facts.methods.values())
            and b"clip_grad" in data
            and b"automatic_optimization" not in data
        ):
            yield from self._step_overrides(model)
        if b"register_post_accumulate_grad_hook" in data:
            yield from self._hook_steps(model)
        yield from self._callback_hooks(model)

    def _hook_steps(self, model: ModuleModel) -> Iterator[Finding]:
        """The optimizer in backward (gradfix/analysis/hooksteps.py): hooks registered with
        `p.register_post_accumulate_grad_hook(hook)` step `D[p]` inside every `backward()` of
        the loops after the registration. A clip in such a loop (one that steps no optimizer of
        its own and calls nothing gradfix cannot see into) after the iteration's backward clips
        gradients the hooks already applied (and, when the hooks clear, that are gone: torch's
        foreach clip then raises on parameters without gradients). The clip belongs in the hook,
        before the step, over the hooked parameter alone: for a value clip the same clip, moved
        there (`_clip_into_the_hook`); for a norm clip not the same clip (a norm per parameter,
        not over all of them), reported without a fix; so is any clip after a lambda hook
        (`lambda q: D[q].step()`: no statement can go before its step)."""
        from gradfix.analysis.hooksteps import hook_steps
        from gradfix.transforms._common import training_loop_ids

        training = training_loop_ids(model)
        seen: set[int] = set()
        for found in hook_steps(model):
            clips: list[tuple[GradEvent, TrainingLoop]] = []
            for loop in found.loops:
                if loop.is_unknown or any(e.kind is EventKind.STEP for e in loop.events):
                    continue
                backward = False
                for event in loop.events:
                    if event.kind is EventKind.BACKWARD and loop.owns(event, training):
                        backward = True
                    if event.kind is not EventKind.CLIP or not backward or not event.direct or id(event.node) in seen:
                        continue
                    if not loop.owns(event, training) or _measures_only(event, model):
                        continue
                    seen.add(id(event.node))
                    clips.append((event, loop))
            for event, loop in clips:
                clip = event.call
                name = model.source.code(clip.func) if clip is not None else "clip"
                fix = _clip_into_the_hook(found, event, loop, model) if len(clips) == 1 and not found.lambda_ else None
                yield Finding(
                    self.code,
                    self.message_hook.format(clip=name, hook=found.name(model.source)),
                    event.node,
                    fix=fix,
                    related=(found.hook,),
                )

    def _step_overrides(self, model: ModuleModel) -> Iterator[Finding]:
        """A finite torch clip at the top level of a LightningModule's `optimizer_step` override
        (the table's "step-override" hook; also of a subclass of a LightningModule class of the
        file) after a top-level statement calling `.step(` on the hook's optimizer parameter
        (`optimizer.step(closure=optimizer_closure)`): under automatic optimization that call
        runs the closure (training_step, the clear, backward) and then updates, and the next
        batch's closure clears before its backward, so the clip changes no step
        (tests/libraries/test_lightning.py::test_clip_after_the_step_in_the_optimizer_step_override_changes_no_step).
        Reported without a fix."""
        from gradfix.analysis.frameworks import step_overrides, stepping_call

        source = model.source
        for hook, optimizer in step_overrides(model.facts):
            step = None
            for stmt in hook.body:
                if step is None:
                    step = stepping_call(stmt, optimizer)
                    continue
                if self._finite_torch_clip(stmt, model):
                    value = stmt.value  # type: ignore[attr-defined]
                    yield Finding(
                        self.code,
                        self.message_step_override.format(clip=source.code(value.func), step=source.code(step)),
                        value,
                    )

    def _zero_grad_hooks(self, model: ModuleModel) -> Iterator[Finding]:
        """A clip (`torch.nn.utils.clip_grad_norm_` / `clip_grad_value_`, a finite threshold) at
        the top level of the `on_before_zero_grad` hook of a LightningModule or a Lightning
        `Callback` of the file. Lightning calls that hook after `training_step` and the previous
        optimizer step, right before zeroing the gradients (under manual optimization not at
        all): the clip changes gradients no step uses
        (tests/libraries/test_lightning.py::test_clip_in_the_before_zero_grad_hook_changes_no_step).
        The fix renames the hook `on_before_optimizer_step` (the same parameters, called between
        backward and the step) when it holds only clips and the class has no such hook."""
        from gradfix.analysis.frameworks import framework_of, lightning_callback_through_file

        facts = model.facts
        source = model.source
        for name, methods in facts.methods.items():
            hook = methods.get("on_before_zero_grad")
            cls = facts.classes.get(name)
            if hook is None or cls is None:
                continue
            entry = framework_of(cls, facts.imports.qualify)
            callback = lightning_callback_through_file(cls, facts.classes, facts.imports.qualify)
            if not callback and (entry is None or "on_before_zero_grad" not in entry.hooks):
                continue
            node = hook.node
            clips = [stmt for stmt in node.body if self._finite_torch_clip(stmt, model)]
            if not clips:
                continue
            body = node.body[1:] if isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant) else node.body
            fix = None
            if len(body) == len(clips) and not _defines(cls, "on_before_optimizer_step", facts) and not node.decorator_list:
                at = source.text.find("on_before_zero_grad", source.start(node))
                if at != -1:
                    fix = Fix([ReplaceNode(node, "on_before_optimizer_step", node, span=(at, at + len("on_before_zero_grad")))])
            for stmt in clips:
                value = stmt.value  # type: ignore[attr-defined]
                yield Finding(self.code, self.message_zero_grad_hook.format(clip=source.code(value.func)), value, fix=fix)
                fix = None  # (one rename for the hook)

    def _batch_end_hooks(self, model: ModuleModel, switch_named: bool, hook_name: str = "on_train_batch_end") -> Iterator[Finding]:
        """A clip (`torch.nn.utils.clip_grad_norm_` / `clip_grad_value_`, a finite threshold) at
        the top level of the `on_train_batch_end` hook of a LightningModule (also of a subclass
        of a LightningModule class of the file) or of a Lightning `Callback` of the file, in a
        file that never names `automatic_optimization` (manual optimization steps in
        `training_step` by itself). Under automatic optimization Lightning calls the hook after
        the batch's optimizer step: the clip reaches no step, or (with `accumulate_grad_batches`)
        only clips partial sums of the next window
        (tests/libraries/test_lightning.py::test_clip_in_the_batch_end_hook_changes_no_step). The
        fix makes the hook `on_before_optimizer_step(self, optimizer)` (a Callback's `(self,
        trainer, pl_module, optimizer)`; Lightning calls it between backward and each step) when
        the hook holds only clips, its parameters are plain names the body does not use beyond
        `self` (a Callback's `trainer`, `pl_module`), nor `optimizer`, it has no decorator, and
        the class defines no `on_before_optimizer_step`.

        Where the file names `automatic_optimization`: only a LightningModule that switches it
        off and whose `training_step` clears (`zero_grad`) and steps (`.step(`) by itself: the
        hook runs after that step and before the next clear
        (tests/libraries/test_lightning.py::test_manual_optimization_clip_in_the_batch_end_hook_changes_no_step);
        `opt.step()` runs `on_before_optimizer_step` before it updates, so the same rename is the
        fix when `training_step` holds one `.step(` (one optimizer stepped per batch), else
        reported without a fix.

        `hook_name="on_before_backward"` reads that hook the same way (a LightningModule's
        `(self, loss)`, a Callback's `(self, trainer, pl_module, loss)`): Lightning calls it
        after its clear (automatic optimization) and right before the backward (also inside
        `self.manual_backward(loss)`), so a clip there reaches none of the gradients the step
        applies, or (with `accumulate_grad_batches`) clips the window's partial sums
        (tests/libraries/test_lightning.py::test_clip_in_the_before_backward_hook_changes_no_step)."""
        from gradfix.analysis.frameworks import framework_through_file, lightning_callback_through_file
        from gradfix.analysis.steps import _switched_off

        facts = model.facts
        source = model.source
        qualify = facts.imports.qualify
        for name, methods in facts.methods.items():
            hook = methods.get(hook_name)
            cls = facts.classes.get(name)
            if hook is None or cls is None or not isinstance(hook.node, ast.FunctionDef):
                continue
            callback = lightning_callback_through_file(cls, facts.classes, qualify)
            one_step = True
            if callback and switch_named:
                continue  # which module it serves, and in which optimization, is not known
            if not callback:
                entry = framework_through_file(cls, facts.classes, qualify)
                if entry is None or entry.hooks.get(hook_name) != ("batch-end-hook" if hook_name == "on_train_batch_end" else "hook"):
                    continue
                if switch_named:
                    step = methods.get("training_step")
                    if entry.manual_switch is None or not _switched_off(cls, entry.manual_switch) or step is None:
                        continue
                    text = source.segment(step.node)
                    if "zero_grad" not in text or ".step(" not in text:
                        continue
                    one_step = text.count(".step(") == 1
            node = hook.node
            clips = [stmt for stmt in node.body if self._finite_torch_clip(stmt, model)]
            if not clips:
                continue
            has_target = _defines(cls, "on_before_optimizer_step", facts) or (
                hook_name == "on_before_backward" and any(h in methods for h in ("on_before_zero_grad", "on_train_batch_end"))
            )  # (two hooks renamed to one name would clash)
            fix = self._batch_end_rename(node, clips, callback, has_target, source, hook_name) if one_step else None
            message = self.message_batch_end_hook if hook_name == "on_train_batch_end" else self.message_before_backward_hook
            for stmt in clips:
                value = stmt.value  # type: ignore[attr-defined]
                yield Finding(self.code, message.format(clip=source.code(value.func)), value, fix=fix)
                fix = None  # (one rewrite for the hook)

    def _training_step_clips(self, model: ModuleModel) -> Iterator[Finding]:
        """A finite torch clip at the top level of `training_step` of a LightningModule (or a
        subclass of one of the file's) defining no `optimizer_step`, in a file that never names
        `automatic_optimization`: under automatic optimization Lightning runs `training_step`
        before the batch's clear and backward, so the clip changes no step
        (tests/libraries/test_lightning.py::test_clip_in_an_automatic_training_step_changes_no_step).
        The fix (unsafe: with `accumulate_grad_batches` the clip did change training, on a
        window's partial sums) moves the clip into a new `on_before_optimizer_step(self,
        optimizer)` written right after `training_step`, which Lightning calls between the
        backward and each step, when it is `training_step`'s one clip, an expression statement
        reading no name `training_step` binds or is handed but `self`, and neither the class nor
        its lineage in the file defines that hook, `on_before_zero_grad` or `on_train_batch_end`
        (a hook this rule renames to it)."""
        from gradfix.analysis.frameworks import framework_through_file

        facts = model.facts
        source = model.source
        for name, methods in facts.methods.items():
            hook = methods.get("training_step")
            cls = facts.classes.get(name)
            if hook is None or cls is None or "optimizer_step" in methods or not isinstance(hook.node, ast.FunctionDef):
                continue
            entry = framework_through_file(cls, facts.classes, facts.imports.qualify)
            if entry is None or entry.manual_switch is None or entry.hooks.get("training_step") != "training-step":
                continue
            clips = [stmt for stmt in hook.node.body if self._finite_torch_clip(stmt, model)]
            fix = self._clip_moved_to_the_step_hook(hook.node, clips, cls, facts, source) if len(clips) == 1 else None
            for stmt in clips:
                value = stmt.value  # type: ignore[attr-defined]
                yield Finding(self.code, self.message_training_step.format(clip=source.code(value.func)), value, fix=fix)

    @staticmethod
    def _clip_moved_to_the_step_hook(node: ast.FunctionDef, clips: list[ast.stmt], cls: ast.ClassDef, facts, source) -> Fix | None:  # type: ignore[no-untyped-def]
        """The clip of an automatic `training_step` moved into a new `on_before_optimizer_step`
        written after it, or None when it could read what only `training_step` holds or the
        new hook could clash with one of the class's lineage."""
        clip = clips[0]
        arguments = node.args
        names = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
        if not isinstance(clip, ast.Expr) or not names or names[0] != "self":
            return None
        own = set(names) | {a.arg for a in arguments.kwonlyargs} | {a.arg for a in (arguments.vararg, arguments.kwarg) if a is not None}
        for n in ast_walk(node):
            if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
                own.add(n.id)
            elif isinstance(n, (ast.Global, ast.Nonlocal, ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)) and n is not node:
                return None
        read = {n.id for n in ast_walk(clip) if isinstance(n, ast.Name)}
        if (read & own) - {"self"} or "optimizer" in read:
            return None
        hooks = ("on_before_optimizer_step", "on_before_zero_grad", "on_train_batch_end", "on_before_backward")
        if any(h in facts.methods.get(cls.name, ()) for h in hooks) or _defines(cls, "on_before_optimizer_step", facts):
            return None
        unit = source.indentation(clip)[len(source.indentation(node)) :]
        if not unit.strip() == "" or not unit:
            return None
        lines = (("", False), ("def on_before_optimizer_step(self, optimizer):", True), *indented(statement_lines(source, clip, comments=False), unit))
        return Fix([RemoveStatement(clip, keep_comments=True), InsertStatements(node, "after", lines)], Safety.UNSAFE)

    _CALLBACK_WHEN = {
        "after-step": "right after the optimizer step",
        "after-clear": "after the step and its clear",
        "micro-batch-end": "after each micro-batch's backward that ends no accumulation window",
    }

    def _callback_hooks(self, model: ModuleModel) -> Iterator[Finding]:
        """A clip (`torch.nn.utils.clip_grad_norm_` / `clip_grad_value_`, a finite threshold) at
        the top level of a hook that a callback table places after the optimizer step (roles
        `"after-step"`, `"after-clear"`: transformers' `TrainerCallback.on_optimizer_step`,
        `on_step_end`), in a class whose base is that table's callback class (also through base
        classes of the file). The trainer steps before it and clears right after (or before) it:
        the clip changes no step
        (tests/libraries/test_transformers.py::test_clip_in_the_optimizer_step_hook_changes_no_step).
        The fix renames the hook to its table's `"before-step"` hook (`on_pre_optimizer_step`:
        the same arguments, called between the window's backward passes and the step) when the
        hook holds only clips (and a docstring), has no decorator, and neither the class nor a base
        of the file defines such a hook.

        Also a clip in a `"micro-batch-end"` hook (`on_substep_end`), which the trainer calls after
        each backward that ends no window (never with `gradient_accumulation_steps=1`): it clips
        the window's partial sums, and the last micro-batch's gradient is added unclipped
        (tests/libraries/test_transformers.py::test_clip_in_the_substep_end_hook_clips_partial_sums).
        The same rename is then unsafe: the clip did change training, and the renamed hook clips
        the window's whole gradient instead."""
        from gradfix.analysis.frameworks import callback_classes, callback_hooks, hook_of_role

        facts = model.facts
        names = {hook: role for role in self._CALLBACK_WHEN for hook in callback_hooks(role)}
        for cls, methods, hooks, entry in callback_classes(facts, names):
            before = hook_of_role(entry, "before-step")
            if before is None:
                continue
            source = model.source
            # the hooks a base of the file defines: a renamed hook must not hide one of them
            inherited: set[str] = set()
            chain = [cls]
            while len(chain) < 4:
                parent = next((facts.classes.get(dotted(b) or "") for b in chain[-1].bases if (dotted(b) or "") in facts.classes), None)
                if parent is None or parent in chain:
                    break
                inherited |= set(facts.methods.get(parent.name, ()))
                chain.append(parent)
            found: list[tuple[ast.FunctionDef, list[ast.stmt], Fix | None]] = []
            for hook in hooks:
                node = hook.node
                if not isinstance(node, ast.FunctionDef) or entry.hooks.get(node.name) != names[node.name]:
                    continue
                clips = [stmt for stmt in node.body if self._finite_torch_clip(stmt, model)]
                if not clips:
                    continue
                body = node.body[1:] if isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant) else node.body
                fix = None
                if len(body) == len(clips) and before not in methods and before not in inherited and not node.decorator_list:
                    at = source.text.find(node.name, source.start(node))
                    if at != -1:
                        partial = names[node.name] == "micro-batch-end"
                        fix = Fix([ReplaceNode(node, before, node, span=(at, at + len(node.name)))], Safety.UNSAFE if partial else Safety.SAFE)
                found.append((node, clips, fix))
            renames = sum(1 for *_, fix in found if fix is not None)
            for node, clips, fix in found:
                fix = fix if renames == 1 else None  # (two hooks cannot both become the one hook)
                when = self._CALLBACK_WHEN[names[node.name]]
                for stmt in clips:
                    value = stmt.value  # type: ignore[attr-defined]
                    shown = self.message_callback_partial if names[node.name] == "micro-batch-end" else self.message_callback_hook
                    message = shown.format(clip=source.code(value.func), hook=node.name, when=when, before=before)
                    yield Finding(self.code, message, value, fix=fix)
                    fix = None  # (one rename for the hook)

    @staticmethod
    def _batch_end_rename(  # type: ignore[no-untyped-def]
        node: ast.FunctionDef, clips: list[ast.stmt], callback: bool, has_target: bool, source, hook_name: str = "on_train_batch_end"
    ) -> Fix | None:
        """`def on_train_batch_end(self, outputs, batch, batch_idx):` (or `hook_name`'s, `def
        on_before_backward(self, loss):`) rewritten as `def on_before_optimizer_step(self,
        optimizer):` (a Callback keeps `trainer, pl_module`), or None when the rewrite could
        change what the hook does."""
        body = node.body[1:] if isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant) else node.body
        arguments = node.args
        if has_target or node.decorator_list or len(body) != len(clips):
            return None
        if arguments.posonlyargs or arguments.vararg or arguments.kwonlyargs or arguments.kwarg or arguments.defaults:
            return None
        names = [a.arg for a in arguments.args]
        kept = 3 if callback else 1
        if len(names) < kept or any(a.annotation is not None for a in arguments.args):
            return None
        used = {n.id for stmt in node.body for n in ast_walk(stmt) if isinstance(n, ast.Name)}
        if used & (set(names[kept:]) | {"optimizer"}):
            return None
        at = source.text.find(hook_name, source.start(node))
        close = source.text.find(")", at)
        if at == -1 or close == -1:
            return None
        inside = source.text[at + len(hook_name) : close].strip()
        if not inside.startswith("(") or "#" in inside or [p.strip() for p in inside[1:].split(",") if p.strip()] != names:
            return None
        new = "on_before_optimizer_step(" + ", ".join([*names[:kept], "optimizer"]) + ")"
        return Fix([ReplaceNode(node, new, node, span=(at, close + 1))])

    @staticmethod
    def _finite_torch_clip(stmt: ast.stmt, model: ModuleModel) -> bool:
        """`torch.nn.utils.clip_grad_norm_(params, 1.0)` (or `clip_grad_value_`) as an
        expression statement or the value of an assignment, its threshold finite."""
        value = stmt.value if isinstance(stmt, (ast.Expr, ast.Assign)) else None
        if not isinstance(value, ast.Call) or not value.args:
            return False
        name = model.facts.imports.qualify(call_name(value)) or ""
        if not name.startswith("torch.nn.utils.") or name.rsplit(".", 1)[-1] not in ("clip_grad_norm_", "clip_grad_value_"):
            return False
        threshold = value.args[1] if len(value.args) > 1 else next((k.value for k in value.keywords if k.arg in ("max_norm", "clip_value")), None)
        return threshold is not None and "inf" not in model.source.code(threshold)

    def _completed_handlers(self, model: ModuleModel) -> Iterator[Finding]:
        """`trainer = Engine(update)` whose `update` steps one optimizer unconditionally at its own
        top level, and a handler of the unfiltered `Events.ITERATION_COMPLETED` clipping, at its own
        top level, the parameters that optimizer was built over: Ignite runs the handler after
        `update`, so the clip comes after the step. Reported without a fix (the clip belongs in
        `update`, between its backward and its step)."""
        source = model.source
        handlers = [*ignite_handlers(model, "ITERATION_COMPLETED"), *ignite_handlers(model, "ITERATION_COMPLETED", every=True)]
        for trainer, process, handler, event, _holder in handlers:
            loop = next((lp for lp in model.loops if lp.is_step_function and lp.node is process), None)
            if loop is None:
                continue
            steps = [e for e in loop.events if e.kind is EventKind.STEP]
            stepped = {e.target for e in steps if e.target}
            every = ignite_every(event, source) if isinstance(event, ast.Call) else None
            if isinstance(event, ast.Call) and every is None:
                continue
            window = _iteration_window(process, every, source) if every is not None else None
            body = window.body if window is not None else process.body
            if len(stepped) != 1 or any(
                e.engine or e.via or not any(e.path[-1] is stmt for stmt in body)
                or (window is None and (e.gated or e.branches))
                for e in steps
            ):
                continue
            optimizer = next(iter(stepped))
            info = model.facts.info(optimizer)
            if info is None or info.kind != "optimizer" or info.params is None:
                continue
            if _HANDLER_TOUCHES.search(source.segment(handler)):
                continue  # (a handler that backpropagates or steps: an iteration of its own)
            built = source.key(info.params)
            for stmt in handler.body:
                value = stmt.value if isinstance(stmt, (ast.Expr, ast.Assign)) else None
                if not isinstance(value, ast.Call) or not value.args:
                    continue
                name = model.facts.imports.qualify(call_name(value)) or ""
                if not name.startswith("torch.nn.utils.") or name.rsplit(".", 1)[-1] not in ("clip_grad_norm_", "clip_grad_value_"):
                    continue
                threshold = value.args[1] if len(value.args) > 1 else next((k.value for k in value.keywords if k.arg in ("max_norm", "clip_value")), None)
                if threshold is None or "inf" in source.code(threshold):
                    continue  # (an infinite threshold only measures)
                if source.key(value.args[0]) != built:
                    continue
                yield Finding(
                    self.code,
                    self.message_handler.format(clip=source.code(value.func), trainer=trainer, opt=optimizer),
                    value,
                    related=(process,),
                )

    def check_loop(self, loop: TrainingLoop, model: ModuleModel) -> Iterator[Finding]:
        every = owned_events(loop, model)
        every_step = [e for e in every if e.kind is EventKind.STEP and not e.engine]
        if not every_step:
            yield from self._after_engine_step(loop, every, model)
            return
        for clip in every:
            if clip.kind is not EventKind.CLIP or _measures_only(clip, model):
                continue
            if not clip.direct and (id(clip.node) in _direct_clips(model) or (clip.foreign and model.in_step_function(clip))):
                continue  # a step function holds it (of this file or another): judged there, where it can be fixed
            found = list(self._judge(loop, model, clip, every, every_step))
            if not found:
                forks = _other_arms_forks(clip, every, loop)
                if forks:
                    # the arms of a setting (`if cfg["model"] in BERT_MODELS:`) judged alone, the
                    # setting's invariance asked last (it walks the loop), only of a finding
                    found = list(self._judge(loop, model, clip, *_without_other_arms(clip, every, every_step, loop, set(forks))))
                    kept = {key for key, fork in forks.items() if found and loop_invariant(fork.test, loop, model.source)}
                    if found and kept != set(forks):
                        found = list(self._judge(loop, model, clip, *_without_other_arms(clip, every, every_step, loop, kept))) if kept else []
            yield from found
        # a clip inside a micro-batch loop of nanoGPT's shape: that loop is a training loop of
        # its own (its events are not the iteration's), read here with the iteration's events
        owned = {id(e) for e in every}
        for clip in loop.events:
            if clip.kind is EventKind.CLIP and id(clip) not in owned and clip.direct and clip.loops_within(loop.node) and not _measures_only(clip, model):
                yield from self._micro_batch_clip(loop, clip, loop.events, model)

    def _after_engine_step(self, loop: TrainingLoop, every: list[GradEvent], model: ModuleModel) -> Iterator[Finding]:
        """A torch clip of the engine's own parameters (`engine.parameters()`,
        `engine.module.parameters()`) written right after the iteration's one `engine.step()`
        (DeepSpeed), under the same branches, no backward between them. The step applies and
        clears at each accumulation boundary, so the clip never reaches an update: with a count of
        1 it finds no gradient and changes nothing, between boundaries it clips the partial sums
        the next boundary applies
        (tests/libraries/test_deepspeed.py::test_hand_clip_after_engine_step_reaches_no_update).
        Reported without a fix: DeepSpeed clips by its config's `gradient_clipping`."""
        steps = [e for e in every if e.kind is EventKind.STEP]
        if len(steps) != 1 or not steps[0].engine or steps[0].foreign or loop.unknown:
            return
        step = steps[0]
        step_call = step.node if isinstance(step.node, ast.Call) else None
        if step_call is None or not isinstance(step_call.func, ast.Attribute):
            return
        engine = model.source.code(step_call.func.value)
        after = every[every.index(step) + 1 :]
        for clip in after:
            if clip.kind is EventKind.BACKWARD:
                return
            if clip.kind is not EventKind.CLIP or clip.node is step.node or _measures_only(clip, model):
                continue
            if clip.foreign or len(clip.via) != len(step.via) or any(a is not b for a, b in zip(clip.via, step.via)):
                continue  # (written in the loop with the step, or in the one helper of this file that steps)
            if not same_branches(clip, step, loop.node) or not isinstance(clip.node, ast.Call):
                continue
            if not self._finite_torch_clip(ast.Expr(value=clip.node), model):  # (the call, wherever its statement is)
                continue
            params = clip.node.args[0] if isinstance(clip.node, ast.Call) and clip.node.args else None
            owner = params.func.value if isinstance(params, ast.Call) and isinstance(params.func, ast.Attribute) and params.func.attr == "parameters" else None
            if owner is None or model.source.code(owner) not in (engine, engine + ".module"):
                continue
            message = self.message_engine.format(clip=model.source.code(clip.node.func), step=model.source.code(step.node))  # type: ignore[attr-defined]
            yield Finding(self.code, message, clip.node, related=(loop.node,))

    def _micro_batch_clip(self, loop: TrainingLoop, clip: GradEvent, events: list[GradEvent], model: ModuleModel) -> Iterator[Finding]:
        """nanoGPT's accumulation shape (`for micro_step in range(GRAD_ACCUM):` holding the
        backward, one step after that loop, see GF005) with the clip in the micro-batch loop,
        after its backward: it clips each partial sum, and the step applies a window's gradient
        that was never clipped as a whole. Reported when the micro-batch loop does nothing else
        to gradients (no clear, step or read: `.grad` nowhere in the iteration, DP-SGD's
        per-micro-batch clip into a buffer) and one optimizer steps once after it, under no
        test; fixed by moving the clip's statement to right before the step."""
        from gradfix.transforms.gf005_unscaled_accumulation import _micro_batch_count

        inner = clip.loops_within(loop.node)
        body = loop.body
        if len(inner) != 1 or not isinstance(inner[0], ast.For) or not any(stmt is inner[0] for stmt in body):
            return
        micro = inner[0]
        if clip.branches_within(micro) or _micro_batch_count(micro, model) is None:  # type: ignore[arg-type]
            return
        inside = [e for e in events if any(lp is micro for lp in e.loops_within(loop.node))]
        backwards = [e for e in inside if e.kind is EventKind.BACKWARD]
        if any(e.kind not in (EventKind.BACKWARD, EventKind.CLIP) for e in inside) or len(backwards) != 1 or len(inside) != 2:
            return
        if inside[0] is not backwards[0] or backwards[0].branches_within(micro) or backwards[0].engine or backwards[0].gated:
            return
        later = [e for e in events if not any(e is i for i in inside) and events.index(e) > events.index(clip)]
        steps = [e for e in events if e.kind is EventKind.STEP]
        if len(steps) != 1 or not later or later[0] is not steps[0]:
            return  # (a clip of the window after the loop: judged as written)
        step = steps[0]
        call = step.call
        if not step.direct or step.engine or step.gated or step.branches_within(loop.node) or call is None:
            return
        if not any(stmt is step.statement for stmt in body) or method_name(call) != "step" or positional(call) or call.keywords:
            return  # (`scaler.step(optimizer)`: the clip belongs after its `unscale_`, GF013)
        if any(isinstance(node, ast.Attribute) and node.attr == "grad" for node in ast_walk(loop.node)):
            return
        statement = clip.statement
        fix = None
        if isinstance(statement, ast.Expr) and statement.value is clip.node and unit_holds_only(statement, clip, loop, model.source):
            fix = Fix([RemoveStatement(statement), InsertStatements(step.statement, "before", statement_lines(model.source, statement))], Safety.SAFE)
        yield Finding(
            self.code,
            self.message_micro.format(clip=model.source.code(clip.node), opt=dotted(receiver(call)) or step.target),  # type: ignore[arg-type]
            clip.anchor,
            fix=fix,
            related=(loop.node,),
        )

    def _judge(
        self, loop: TrainingLoop, model: ModuleModel, clip: GradEvent, events: list[GradEvent], steps: list[GradEvent]
    ) -> Iterator[Finding]:
        index = next(i for i, e in enumerate(events) if e is clip)
        before = [e for e in events[:index] if e.kind in _BLOCKING]
        after = [e for e in events[index + 1 :] if e.kind in _BLOCKING]
        if before and before[-1].kind is EventKind.STEP and (
            not any(e.kind is EventKind.STEP for e in after) or _only_others_step_later(clip, before[-1], after, model)
        ):
            step = before[-1]
            if not branch_prefix(step, clip, loop.node):
                return  # the step may not have run (accumulation): the clip may feed the next one
            yield Finding(
                self.code,
                self.message_after.format(clip=(clip.source or model.source).code(clip.node), opt=step.target),
                clip.anchor,
                fix=self._fix(loop, clip, step, steps, model, moving_up=True) if clip.direct or _clips_only(clip) else None,
                related=(loop.node,),
            )
        elif (
            (not any(e.kind is EventKind.BACKWARD for e in events[:index]) or _owner_cleared_since_backward(clip, events[:index], after, loop, model))
            and after
            and after[0].kind is EventKind.BACKWARD
            and any(e.kind is EventKind.STEP for e in after)
            and (branch_prefix(clip, after[0], loop.node) or branch_prefix(after[0], clip, loop.node))
        ):
            # (the clip may sit under a test of its own: `if accelerator.sync_gradients:`)
            step = next(e for e in after if e.kind is EventKind.STEP)
            if not branch_prefix(after[0], step, loop.node):
                return
            if not (branch_prefix(clip, step, loop.node) or branch_prefix(step, clip, loop.node)):
                return
            source = clip.source or model.source
            template = self.message_before
            if after[0].node is step.node:
                template = self.message_before_one_call  # timm's `loss_scaler(loss, optimizer)`
            yield Finding(
                self.code,
                template.format(clip=source.code(clip.node), call=_short((step.source or model.source).code(step.node))),
                clip.anchor,
                fix=self._fix(loop, clip, step, steps, model, moving_up=False) if clip.direct else None,
                related=(loop.node,),
            )
        elif before and before[-1].kind is EventKind.BACKWARD and after and after[0].kind is EventKind.STEP and after[0].gated:
            # between backward and the step of a prepared optimizer inside `accelerator.accumulate()`:
            # the step acts once per window, the clip on every micro-batch (partial sums)
            step = after[0]
            accelerator = _accumulating_accelerator(step, model)
            if accelerator is None or not clip.direct or not branch_prefix(clip, step, loop.node) and not branch_prefix(step, clip, loop.node):
                return
            if _under_sync_test(clip, loop):
                return
            yield Finding(
                self.code,
                self.message_unsynced.format(clip=model.source.code(clip.node), opt=step.target, accelerator=accelerator),
                clip.anchor,
                fix=_sync_guard(clip, loop, model, accelerator),
                related=(loop.node,),
            )
        elif before and before[-1].kind is EventKind.BACKWARD and clip.direct and (step := _next_on_its_path(clip, after, loop)) is not None:
            # between a backward every micro-batch runs and the step of a window test (`if (i +
            # 1) % N == 0:`): the clip runs on every micro-batch, where it clips partial sums
            if step.kind is not EventKind.STEP or not _clips_partial_sums(clip, before[-1], step, loop, model):
                return
            if _measures_only(clip, model):
                return  # an infinite threshold: the norm measured, nothing clipped
            withheld = _partial_move_withheld(clip, step, steps, loop, model)
            yield Finding(
                self.code,
                self.message_partial.format(clip=model.source.code(clip.node), opt=step.target),
                clip.anchor,
                fix=None if withheld else self._fix(loop, clip, step, steps, model, moving_up=False),
                related=(loop.node,),
            )

    @staticmethod
    def _fix(
        loop: TrainingLoop,
        clip: GradEvent,
        step: GradEvent,
        steps: list[GradEvent],
        model: ModuleModel,
        moving_up: bool,
    ) -> Fix | None:
        several = len({s.target for s in steps}) != 1 or len(steps) != 1
        if several and not _owner_steps_once(clip, step, steps, model):
            return None
        if moving_up:
            order = [id(e) for e in loop.events]
            if id(step) in order and id(clip) in order and any(
                e.kind is EventKind.UNSCALE for e in loop.events[order.index(id(step)) + 1 : order.index(id(clip))]
            ):
                # `scaler.step(opt); scaler.update(); scaler.unscale_(opt); clip`: the clip moved
                # alone would clip scaled gradients; the unscale belongs before it (author's call)
                return None
        pair = siblings(step, clip, loop.node) if moving_up else siblings(clip, step, loop.node)
        if pair is None:
            return None
        unit = pair.second if moving_up else pair.first
        anchor = pair.first if moving_up else pair.second
        if not unit_holds_only(unit, clip, loop, model.source, reads=_by_hand(clip)):
            return None
        after_step: list[ast.stmt] = []
        if moving_up and anchor is not step.statement:
            # the step sits in a `try` whose `finally` follows it (`try: ...; opt.step()
            # finally: seen += 1`): the clip goes right before the step, jumping over what
            # runs after it in the `try` and the `finally`
            inner = _after_step_in_tries(step, anchor)
            if inner is None or not step.direct or not model.source.alone_on_lines(step.statement):
                return None
            after_step, anchor = inner, step.statement
        if any(e.kind is EventKind.BACKWARD and anchor in e.path for e in loop.events):
            # one call backpropagates and steps (timm's `loss_scaler(loss, opt)`, a helper): no
            # place between them to move the clip to; it belongs in the call (`clip_grad=`)
            return None
        if moving_up:
            jumped = [anchor, *after_step, *statements_between(pair.block, pair.first_index, pair.second_index)]
            if several and _touches_gradients(jumped, clip, step, loop):
                return None  # another optimizer's clear or backward in between: not certain
        else:
            jumped = statements_between(pair.block, pair.first_index, pair.second_index)
            if several and _touches_gradients(jumped, clip, step, loop, but=EventKind.BACKWARD):
                return None  # another optimizer's clear or step in between: not certain
            if anchor is not step.statement:
                # the step sits deeper, under the window's `if` (`if (i + 1) % N == 0:`): the
                # clip goes right before it, where it clips what the step applies, once
                inner = _inner_statements(step, anchor)
                if inner is None or not step.direct or not model.source.alone_on_lines(step.statement):
                    return None
                jumped += [anchor.test] if isinstance(anchor, ast.If) else []  # type: ignore[list-item]
                jumped += inner
                anchor = step.statement
        if not can_jump_over(unit, jumped):
            return None
        lines = statement_lines(model.source, unit)
        accelerator = _accumulating_accelerator(step, model)
        if (step.gated or accelerator) and not (isinstance(unit, ast.If) and "sync_gradients" in model.source.code(unit.test)):
            # a prepared optimizer inside `accelerator.accumulate()` steps only when the window
            # ends, but the clip runs on every micro-batch: it goes under the same condition
            if accelerator is None:
                return None
            lines = ((f"if {accelerator}.sync_gradients:", True), *indented(lines, model.source.unit_at(anchor)))
        return Fix(
            [
                RemoveStatement(unit, keep_comments=False),
                InsertStatements(anchor, "before", lines),
            ],
            Safety.SAFE,
        )


def _other_arms_forks(clip: GradEvent, every: list[GradEvent], loop: TrainingLoop) -> dict[int, ast.If]:
    """The `if` statements with an `else` holding the clip inside the loop whose other arm
    holds a backward or a step, by id: usually none."""
    mine = clip.branches_within(loop.node)
    if not any(b.kind in ("if", "else") for b in mine):
        return {}
    forks: dict[int, ast.If] = {}
    for event in every:
        if event.kind not in _BLOCKING:
            continue
        for theirs, own in zip(event.branches_within(loop.node), mine):
            if theirs.node is not own.node:
                break
            if theirs.kind != own.kind:
                if isinstance(own.node, ast.If) and {theirs.kind, own.kind} == {"if", "else"}:
                    forks[id(own.node)] = own.node
                break
    return forks


def _without_other_arms(
    clip: GradEvent, every: list[GradEvent], every_step: list[GradEvent], loop: TrainingLoop, forks: set[int]
) -> tuple[list[GradEvent], list[GradEvent]]:
    """The events and steps left when the other arms of `forks` (`if` statements holding the
    clip whose test holds, or not, for the whole loop) are left out: they never run in a loop
    where the clip runs."""
    events = [e for e in every if e is clip or not _in_another_arm(e, clip, loop, forks)]
    return events, [s for s in every_step if any(s is e for e in events)]


def _in_another_arm(event: GradEvent, clip: GradEvent, loop: TrainingLoop, forks: set[int]) -> bool:
    """The event sits in the other arm of one of `forks`, an `if` holding the clip (`if
    cfg["model"] in BERT_MODELS: ... else: clip; backward; step`): it never runs in a loop where
    the clip runs."""
    for theirs, mine in zip(event.branches_within(loop.node), clip.branches_within(loop.node)):
        if theirs.node is not mine.node:
            return False
        if theirs.kind != mine.kind:
            return {theirs.kind, mine.kind} == {"if", "else"} and id(mine.node) in forks
    return False


def _clips_only(clip: GradEvent) -> bool:
    """The clip is the whole body of a function the loop calls itself (`def clip(model,
    max_norm=1.0): return clip_grad_norm_(model.parameters(), max_norm)`, of this file or
    another): moving the call's statement moves the clip and nothing else."""
    if len(clip.via) != 1 or len(clip.helpers) != 1 or clip.call is None:
        return False
    helper = clip.helpers[0]
    if not isinstance(helper, (ast.FunctionDef, ast.AsyncFunctionDef)) or helper.decorator_list:
        return False
    body = list(helper.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
        body = body[1:]  # (a docstring)
    return len(body) == 1 and isinstance(body[0], (ast.Expr, ast.Return)) and body[0].value is clip.call


def _by_hand(clip: GradEvent) -> bool:
    """`for p in params: p.grad.data.clamp_(-c, c)`: the `for` holds the reads of the
    gradients it clips, and nothing else."""
    call = clip.call
    return call is not None and isinstance(call.func, ast.Attribute) and call.func.attr in ("clamp_", "clip_")


def _accumulating_accelerator(step: GradEvent, model: ModuleModel) -> str | None:
    """`accelerator` of the `with accelerator.accumulate(model):` block around the step (an
    `Accelerator` of the module, or of the function holding the loop)."""
    if step.source is not None:
        return None
    for block in reversed(step.withs):
        for item in block.items:
            expr = item.context_expr
            if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr == "accumulate":
                name = dotted(expr.func.value)
                if name is None:
                    return None
                facts = model.facts
                infos = [facts.info(name), *(objects.get(name) for objects in facts.local_objects.values())]
                if all(info is None for info in infos) and name.startswith("self.") and name.count(".") == 1:
                    # `self.accelerator` built by a trainer base of another module of the project
                    owner = _class_holding(step.node, model)
                    infos = [inherited_info(facts, owner, name)] if owner is not None else []
                return name if any(info is not None and info.library == "accelerator" for info in infos) else None
    return None


def _class_holding(node: ast.AST, model: ModuleModel) -> str | None:
    """The name of the module's (outermost) class whose lines hold the node."""
    line = getattr(node, "lineno", None)
    for name, class_node in model.facts.classes.items():
        if line is not None and class_node.lineno <= line <= (class_node.end_lineno or class_node.lineno):
            return name
    return None


def _under_sync_test(clip: GradEvent, loop: TrainingLoop) -> bool:
    """An `if` of the loop testing `sync_gradients` holds the clip, or one before it leaves
    the iteration (`if not accelerator.sync_gradients: continue`)."""
    holders = {id(stmt) for stmt in clip.path}
    for node in ast.walk(loop.node):
        if not isinstance(node, ast.If) or not any(
            isinstance(n, ast.Attribute) and n.attr == "sync_gradients" for n in ast.walk(node.test)
        ):
            continue
        if id(node) in holders:
            return True
        if node.lineno < clip.node.lineno and any(isinstance(n, (ast.Continue, ast.Break, ast.Return)) for n in ast.walk(node)):
            return True
    return False


def _next_on_its_path(clip: GradEvent, after: list[GradEvent], loop: TrainingLoop) -> GradEvent | None:
    """The first of `after` that can run in the same iteration as the clip: not in another arm
    of an `if` the clip sits in (`if fp16: scaled.backward(); clip(...) else: loss.backward();
    clip(...)`: the `else` arm's backward does not follow the first clip)."""
    arms = {id(branch.node): branch.kind for branch in clip.branches_within(loop.node)}
    for event in after:
        if not any(arms.get(id(branch.node), branch.kind) != branch.kind for branch in event.branches_within(loop.node)):
            return event
    return None


def _clips_partial_sums(clip: GradEvent, backward: GradEvent, step: GradEvent, loop: TrainingLoop, model: ModuleModel) -> bool:
    """The step is the window's step of an accumulation loop (one optimizer, stepped under
    `if (i + 1) % N == 0:`), the clip and the backward before it run on every micro-batch:
    outside the window's `if`, under no test but ones that hold for the whole loop (`if
    args.fp16:`, `if max_norm > 0:`)."""
    if step.gated or backward.gated:
        return False  # Accelerate's prepared optimizer: its own message
    acc = accumulation_of(loop, model)
    if acc is None or acc.split or acc.guarded or acc.periodic.n_value == 1:
        return False
    if not any(s is step for s in acc.steps) or len({s.target for s in acc.steps}) != 1:
        return False
    if any(stmt is acc.node for stmt in (*clip.path, *backward.path)):
        return False
    if clip.loops_within(loop.node) or backward.loops_within(loop.node):
        return False  # a clip per chunk of the micro-batch: not read
    if any(
        e.kind is EventKind.CLEAR and not any(stmt is acc.node for stmt in e.path) and not _skip_clear(e, backward, loop)
        for e in loop.events
    ):
        return False  # cleared on every micro-batch: each clip sees one micro-batch's gradient
    if any(isinstance(node, ast.Attribute) and node.attr == "grad" for node in ast.walk(loop.node)):
        return False  # gradients kept or summed by hand (DP-SGD's per-micro-batch clip into a buffer)
    return all(
        branch.kind in ("if", "else") and branch.test is not None and loop_invariant(branch.test, loop, model.source)
        for branch in (*clip.branches_within(loop.node), *backward.branches_within(loop.node))
    )


def _skip_clear(clear: GradEvent, backward: GradEvent, loop: TrainingLoop) -> bool:
    """`if not torch.isfinite(loss): optimizer.zero_grad(); continue` before the micro-batch's
    backward: the clear runs only on a batch the iteration skips (the window starts afresh);
    the micro-batches it does not skip add up as before, and each clip still sees a partial
    sum. A direct clear in the body of an `if` written in the loop's own body (no other loop
    or branch around it) that ends in `continue`, before the backward's statement."""
    branches = clear.branches_within(loop.node)
    if not clear.direct or len(branches) != 1 or branches[0].kind != "if" or clear.loops_within(loop.node):
        return False
    test = branches[0].node
    if not isinstance(test, ast.If) or not test.body or not isinstance(test.body[-1], ast.Continue):
        return False
    if len(clear.path) < 2 or clear.path[-2] is not test or clear.blocks[-1] is not test.body:
        return False
    body = loop.node.body  # type: ignore[attr-defined]
    at = {id(stmt): i for i, stmt in enumerate(body)}
    first = next((at[id(s)] for s in backward.path if id(s) in at), None)
    return id(test) in at and first is not None and at[id(test)] < first


def _partial_move_withheld(clip: GradEvent, step: GradEvent, steps: list[GradEvent], loop: TrainingLoop, model: ModuleModel) -> bool:
    """The clip of every micro-batch is reported without a fix when moving it before the
    window's step is not the plain edit: several steps, a `scaler.step(optimizer)` (the clip
    belongs after `scaler.unscale_(optimizer)` there: GF013), a kept norm (`norm =
    clip_grad_norm_(...)`, maybe read on every micro-batch), or a step of the same optimizer
    after the loop with no clip written before it (the flush of the last micro-batches would
    then apply them unclipped)."""
    call = step.call
    if len([s for s in steps if s.kind is EventKind.STEP]) != 1 or not step.direct or call is None:
        return True
    if positional(call) or method_name(call) != "step":
        return True
    if not isinstance(clip.statement, ast.Expr):
        return True
    source = model.source
    scope = loop.function if loop.function is not None else source.tree
    target = dotted(receiver(call))  # type: ignore[arg-type]
    end = source.end(loop.node)
    return any(
        isinstance(found, ast.Call) and method_name(found) == "step" and source.start(found) > end
        and dotted(receiver(found)) == target  # type: ignore[arg-type]
        and "clip_grad" not in source.text[end : source.start(found)]  # (a flush that clips on its own is kept as it is)
        for found in ast_walk(scope)
    )


def _sync_guard(clip: GradEvent, loop: TrainingLoop, model: ModuleModel, accelerator: str) -> Fix | None:
    """The clip's own statement (a bare call, alone on its lines) put under `if
    accelerator.sync_gradients:`, as Accelerate documents it. A clip whose norm is kept
    (`norm = accelerator.clip_grad_norm_(...)`) is left to its author: the name would be unbound
    off the window's end."""
    statement = clip.statement
    if not isinstance(statement, ast.Expr) or statement.value is not clip.node:
        return None
    if not unit_holds_only(statement, clip, loop, model.source):
        return None
    lines = ((f"if {accelerator}.sync_gradients:", True), *indented(statement_lines(model.source, statement, comments=False), model.source.unit_at(statement)))
    return Fix([RemoveStatement(statement), InsertStatements(statement, "after", lines)], Safety.SAFE)


def _owner_steps_once(clip: GradEvent, step: GradEvent, steps: list[GradEvent], model: ModuleModel) -> bool:
    """Several optimizers step, but the one before the clip was built over exactly the clipped
    parameters (`c_opt = RMSprop(critic.parameters())`, `clip_grad_norm_(critic.parameters(),
    ...)`) and steps once in the iteration: the clip belongs right before that step."""
    if step.target is None or not _clips_for(step.target, clip, model):
        return False
    return sum(1 for s in steps if s.target == step.target) == 1


def _clips_for(key: str, clip: GradEvent, model: ModuleModel) -> bool:
    """The clip clips what the optimizer `key` steps: it was built over exactly the clipped
    parameters, or the clip is Fabric's `fabric.clip_gradients(module, optimizer, ...)`
    naming it (Fabric's strategy clips the parameters of the optimizer it is handed)."""
    if built_over_clipped(key, clip, model, optimizer=True):
        return True
    call = clip.node
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Attribute) or call.func.attr != "clip_gradients":
        return False
    if _lightning_clip_names(call, key, model):
        return True
    fabric = model.facts.info(model.source.key(call.func.value))
    optimizer = model.facts.info(key)
    if fabric is None or fabric.library != "fabric" or optimizer is None or optimizer.kind != "optimizer":
        return False
    named = next((k.value for k in call.keywords if k.arg == "optimizer"), None)
    if named is None:
        args = positional(call)
        named = args[1] if len(args) > 1 else None
    return named is not None and model.source.key(named) == key


def _lightning_clip_names(call: ast.Call, key: str, model: ModuleModel) -> bool:
    """`self.clip_gradients(opt_d, gradient_clip_val=..., ...)` in a LightningModule (the loop
    model took it for a clip, and no class of the module defines a `clip_gradients` of its own):
    Lightning's precision plugin clips the parameters of the optimizer it is handed (first
    argument or `optimizer=`), so the clip is of what `key` steps when it names `key`."""
    if not isinstance(call.func, ast.Attribute) or not isinstance(call.func.value, ast.Name) or call.func.value.id != "self":
        return False
    if any("clip_gradients" in methods for methods in model.facts.methods.values()):
        return False
    named = next((k.value for k in call.keywords if k.arg == "optimizer"), None)
    if named is None:
        args = positional(call)
        named = args[0] if args else None
    return named is not None and model.source.key(named) == key


def _touches_gradients(
    jumped: list[ast.stmt], clip: GradEvent, step: GradEvent, loop: TrainingLoop, but: EventKind | None = None
) -> bool:
    """A gradient event other than the step and the clip (and events of kind `but`: the
    backward a clip moved down jumps over) sits in the statements the clip jumps."""
    held = {id(stmt) for stmt in jumped}
    return any(
        e is not clip and e is not step and e.kind is not but and any(id(stmt) in held for stmt in e.path) for e in loop.events
    )


def _owner_cleared_since_backward(
    clip: GradEvent, earlier: list[GradEvent], after: list[GradEvent], loop: TrainingLoop, model: ModuleModel
) -> bool:
    """Several optimizers in the iteration, and the clip sits between the clear of the
    optimizer built over exactly the clipped parameters and that optimizer's next backward
    and step (`opt_g.zero_grad(); clip_grad_norm_(G.parameters(), 1.0); g_loss.backward();
    opt_g.step()`, after the discriminator's update): the clip sees the gradients that clear
    just emptied, like a clip before the iteration's first backward. The clear runs whenever
    the clip runs, and no backward lies between them."""
    step = next((e for e in after if e.kind is EventKind.STEP), None)
    if step is None or step.engine or step.target is None or not built_over_clipped(step.target, clip, model, optimizer=True):
        return False
    since = len(earlier)
    while since and earlier[since - 1].kind is not EventKind.BACKWARD:
        since -= 1
    return any(
        e.kind is EventKind.CLEAR and e.target == step.target and branch_prefix(e, clip, loop.node) for e in earlier[since:]
    )


def _after_step_in_tries(step: GradEvent, outer: ast.stmt) -> list[ast.stmt] | None:
    """The statements that run after the step inside `outer`, the statement holding it, when
    only `try` statements without handlers or `else` lead down to it, each holding it in its
    body: those after it in each body, then each `finally`. None otherwise."""
    index = next((i for i, s in enumerate(step.path) if s is outer), None)
    if index is None:
        return None
    after: list[ast.stmt] = []
    for level in range(len(step.path) - 1, index, -1):
        holder = step.path[level - 1]
        if not isinstance(holder, TRIES) or holder.handlers or holder.orelse:
            return None
        block = step.blocks[level]
        if block is not holder.body:
            return None
        position = next((i for i, s in enumerate(block) if s is step.path[level]), None)
        if position is None:
            return None
        after += block[position + 1 :]
        after += holder.finalbody
    return after


def _inner_statements(step: GradEvent, outer: ast.stmt) -> list[ast.stmt] | None:
    """The statements that run before the step inside `outer`, the statement holding it: those
    before it in each `if` body (or `with` block) down to it. None when something else lies on
    the way (a loop, a `try`)."""
    index = next((i for i, s in enumerate(step.path) if s is outer), None)
    if index is None:
        return None
    before: list[ast.stmt] = []
    for level in range(index + 1, len(step.path)):
        holder = step.path[level - 1]
        if not isinstance(holder, (ast.If, *WITHS)):
            return None
        block = step.blocks[level]
        position = next((i for i, s in enumerate(block) if s is step.path[level]), None)
        if position is None:
            return None
        before += block[:position]
    return before


def _only_others_step_later(clip: GradEvent, step: GradEvent, after: list[GradEvent], model: ModuleModel) -> bool:
    """The clip follows the step of the optimizer built over exactly the clipped parameters
    (`d_opt = SGD(D.parameters())`; `d_opt.step(); clip_grad_norm_(D.parameters(), ...)`) and
    only other optimizers step later in the iteration (a GAN's generator update): the
    clipped gradients reach no step of theirs."""
    if step.target is None or not _clips_for(step.target, clip, model):
        return False
    return all(e.target != step.target for e in after if e.kind is EventKind.STEP)


def _direct_clips(model: ModuleModel) -> set[int]:
    """The clips some iteration of the module (a loop, or a step function) holds itself."""
    found = getattr(model, "_gf010_direct_clips", None)
    if found is None:
        found = {id(e.node) for lp in model.loops for e in lp.events if e.kind is EventKind.CLIP and e.direct}
        model._gf010_direct_clips = found  # type: ignore[attr-defined]
    return found


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


# what an ITERATION_COMPLETED handler must not do for its clip to be judged after the update's step
_HANDLER_TOUCHES = lazily(r"backward|\.step\(|zero_grad|unscale_")


def _clip_into_the_hook(found, event: GradEvent, loop: TrainingLoop, model: ModuleModel) -> Fix | None:  # type: ignore[no-untyped-def]
    """The optimizer in backward's loop clip, moved into the hook before its step, where it is
    the same clip: `clip_grad_value_(X, v)` (an element-wise clamp) over exactly the parameters
    the hooks were registered on (`for p in X: p.register_post_accumulate_grad_hook(hook)`)
    becomes `clip_grad_value_([p], v)` right before the hook's one step, and the loop's clip
    (which clipped gradients already applied) goes. Only when the clip is a statement of its
    own, `v` a number or a name the module binds once, at its top level, to one (and no
    function takes a parameter of that name), the clip's callee is imported at the module's
    top level or in the hook's block, the hook steps once and clips nothing yet, and every
    backward after the registration is in this loop (the hook would clip there too), with no
    call to a function or class of the module outside it. A norm clip has no such fix: a
    norm per parameter is not the norm over all of them."""
    from gradfix.analysis.names import is_number

    clip = event.call
    if clip is None or found.over is None or len(found.of_kind("step")) != 1 or found.of_kind("clip"):
        return None
    qualified = model.facts.imports.qualify(call_name(clip) or "") or ""
    if qualified != "torch.nn.utils.clip_grad_value_" or not clip.args or len(clip.args) > 2:
        return None
    source = model.source
    if source.code(clip.args[0]) != source.code(found.over):
        return None
    keywords = {kw.arg: kw.value for kw in clip.keywords}
    if None in keywords or set(keywords) - {"clip_value", "foreach"}:
        return None
    value = clip.args[1] if len(clip.args) == 2 else keywords.get("clip_value")
    if value is None or ("clip_value" in keywords and len(clip.args) == 2):
        return None
    tree = source.tree
    if isinstance(value, ast.Name):
        values = assigned_values(model, value.id)
        top = [s for s in tree.body if isinstance(s, ast.Assign) and any(isinstance(t, ast.Name) and t.id == value.id for t in s.targets)]
        if len(values) != 1 or not is_number(values[0]) or len(top) != 1:
            return None
        for node in ast_walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) and any(
                a.arg == value.id for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)
            ):
                return None
    elif not is_number(value):
        return None
    root = source.code(clip.func).split(".", 1)[0]
    imported = False
    for stmt in (*tree.body, *found.block):
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            imported = imported or any((alias.asname or alias.name.split(".", 1)[0]) == root for alias in stmt.names)
    if not imported:
        return None
    statement = None
    inside: set[int] = set()
    for node in ast_walk(loop.node):
        inside.add(id(node))
        if isinstance(node, ast.Expr) and node.value is clip:
            statement = node
    if statement is None:
        return None
    local = set(model.facts.module_functions) | {c.name for c in tree.body if isinstance(c, ast.ClassDef)}
    for later in found.block[found.index + 1 :]:
        for node in ast_walk(later):
            if not isinstance(node, ast.Call) or id(node) in inside:
                continue
            func = node.func
            if (isinstance(func, ast.Attribute) and func.attr in ("backward", "grad")) or (isinstance(func, ast.Name) and func.id in local):
                return None
    step = found.of_kind("step")[0].statement
    line = f"{source.code(clip.func)}([{found.param}], {source.code(value)})"
    return Fix([InsertStatements(step, "before", ((line, True),)), RemoveStatement(statement)], Safety.SAFE)


def _iteration_window(process: ast.AST, every: ast.expr, source) -> ast.If | None:  # type: ignore[no-untyped-def]
    """The top-level `if engine.state.iteration % N == 0:` (no `else`) of an Ignite process
    function `update(engine, batch)`, N written as the `every=N` of a handler's filtered
    `Events.ITERATION_COMPLETED(every=N)`: Ignite counts `state.iteration` from 1 across epochs,
    raises it before calling `update` and fires that filtered event right after `update` when
    the iteration is a multiple of N, so the handler runs after exactly the iterations whose
    step that `if` takes (ignite 0.5.5 engine/engine.py `_run_once_on_dataset_as_gen`, events.py
    `every_event_filter`). Else None."""
    params = process.args.posonlyargs + process.args.args  # type: ignore[attr-defined]
    if not params:
        return None
    wanted = f"{params[0].arg}.state.iteration"
    for stmt in process.body:  # type: ignore[attr-defined]
        if not isinstance(stmt, ast.If) or stmt.orelse:
            continue
        test = stmt.test
        if (
            isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)
            and isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value == 0
            and isinstance(test.left, ast.BinOp) and isinstance(test.left.op, ast.Mod)
            and dotted(test.left.left) == wanted and source.code(test.left.right) == source.code(every)
        ):  # fmt: skip
            return stmt
    return None


def _defines(cls: ast.ClassDef, hook: str, facts) -> bool:  # type: ignore[no-untyped-def]
    """Whether renaming a hook of the class to `hook` could clash: the class defines `hook`, or a
    class of its lineage in the file (a base, or a class deriving from it) defines `hook` or
    another hook this rule renames to it (the renamed hook would hide theirs, or theirs it)."""
    from gradfix.analysis.frameworks import file_ancestors

    if hook in facts.methods.get(cls.name, ()):
        return True
    names = (hook, "on_before_zero_grad", "on_train_batch_end", "on_before_backward")
    lineage = [*file_ancestors(cls, facts.classes)]
    lineage += [c for c in facts.classes.values() if c is not cls and cls in file_ancestors(c, facts.classes)]
    return any(name in facts.methods.get(c.name, ()) for c in lineage for name in names)
