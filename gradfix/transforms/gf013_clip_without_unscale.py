from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.assignments import assigned_values
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import EventKind, GradEvent, TrainingLoop
from gradfix.analysis.names import call_name, dotted, method_name, positional, receiver
from gradfix.transforms._common import branch_prefix, built_over_clipped, new_statement, owned_events
from gradfix.transforms._placement import site_of, statement_containing
from gradfix.transforms.base import Finding, Fix, InsertStatements, LoopRule, Safety
from gradfix.source import FUNCTIONS
from gradfix.walk import ast_walk

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator


class ClipWithoutUnscale(LoopRule):
    """
    Gradients are clipped while a `GradScaler` still has them multiplied by the loss scale.

    ## What it does
    Finds `clip_grad_norm_`/`clip_grad_value_` calls that run after
    `scaler.scale(loss).backward()` (also `scaled = scaler.scale(loss)` ... `scaled.backward()`,
    the name bound once in the function, or the scaled loss handed to a library's backward,
    `fabric.backward(scaler.scale(loss))`, `self.manual_backward(scaled)`) and before
    `scaler.step(optimizer)` with no `scaler.unscale_(optimizer)` before them in the iteration.

    ## Why is this bad?
    `scaler.scale(loss).backward()` leaves every gradient multiplied by the loss scale
    (65536 at the start by default). A clip that runs before `unscale_` sees the true
    norm times that scale: it fires on nearly every step and shrinks the gradients by
    about the scale factor, so after `scaler.step()` unscales them the real update is
    tiny and the model barely trains. `clip_grad_value_` clips at a threshold that means
    nothing for the real gradients.

    ## Example
    ```python
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cuda"):
            loss = criterion(model(x), y)
        scaler.scale(loss).backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        scaler.step(optimizer)
        scaler.update()
    ```

    ## Use instead
    ```python
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cuda"):
            loss = criterion(model(x), y)
        scaler.scale(loss).backward()
        scaler.unscale_(optimizer)
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        scaler.step(optimizer)
        scaler.update()
    ```

    ## Fix safety
    Safe. `scaler.unscale_(optimizer)` is inserted right before the statement holding the clip
    (in a helper of the analysed file, before the clip's statement there; a clip in a `lambda`
    bound to a name, `clip = lambda: clip_grad_norm_(...)`, read as that helper, has no
    statement of its own and is reported without a fix), naming the scaler and
    the optimizer of the first `scaler.step(...)` after the clip; `scaler.step()` knows the
    gradients were unscaled and does not unscale them again. With several optimizers stepped
    through the scaler, each clip gets the `unscale_` of the optimizer built over the
    parameters it clips (the first clip of that optimizer only); when that cannot be told, the
    first clip gets an `unscale_` for every optimizer the scaler steps (unscaling early is
    harmless: no backward runs between it and the steps).

    A clip written once for both precisions, between `if use_amp: scaler.scale(loss).backward()`
    / `else: loss.backward()` and `if use_amp: scaler.step(opt); ...` / `else: opt.step()` (the
    same test at both, calling nothing: `use_amp`, `args.fp16`, `scaler is not None`; the step's
    also as the `else` of `if not use_amp:`), gets the `unscale_` under that test: `if use_amp:
    scaler.unscale_(opt)` (in the other mode nothing was scaled, and `unscale_` would raise),
    also inside a test of the clip's own (`if max_norm > 0:`), and when the clip and the
    step's arms sit under tests they share (an accumulation window's `if (i + 1) % N == 0:`).
    The scaled backward may sit under nested tests (`if use_amp:` then `if scaler is not None:`,
    another backward in each other arm) when the step's arm tests their conjunction, written
    in the same order (`if use_amp and scaler is not None: scaler.step(opt)`): the `unscale_`
    goes under that conjunction.

    A step of the optimizer a wrapper holds (`scaler.step(sched.optimizer)`, `sched =
    LRScheduler(optimizer, ...)` in the module) steps the optimizer the wrapper was built with:
    a clip of that optimizer's parameters is judged as a clip of the stepped ones (the
    `unscale_` names `sched.optimizer`).

    A clip is reported when it is `torch.nn.utils.clip_grad_norm_`/`clip_grad_value_` (or the
    same function imported by name), the iteration's last `scaler.scale(loss).backward()`
    before it runs whenever it runs (`scaler` a name gradfix takes for a `GradScaler`: built by
    one, or named like one), the optimizer it clips was not unscaled earlier in the iteration,
    no plain step comes between that backward and the clip (GF010's business), and a
    `scaler.step(...)` follows it.

    It is reported without a fix when the clip runs in a nested loop or on micro-batches where
    the step does not run (under fewer tests than the step: an accumulation window's; a second
    `unscale_` of the same optimizer before its update raises; also a clip written once for both
    precisions, `if use_amp: scaler.step(opt)` / `else: opt.step()` under a window's `%` test the
    clip is not under: tez's step clipping every micro-batch), when the clip and the step are not in the same function, when the
    iteration unscales later anyway, when the clip sits in a helper of another file, or when its
    statement shares its lines or its block is on one line.

    The rule is silent for `accelerator.clip_grad_norm_` and Lightning's `clip_gradients` (they
    unscale by themselves); when every `GradScaler` construction of that scaler in the module
    passes `enabled=False` (bf16: nothing is scaled; also a name the module binds once to
    `False`, or a comparison of dtypes it can read: `enabled=(amp_dtype == torch.float16)` with
    `amp_dtype = torch.bfloat16`); when the clip's threshold reads the scaler
    (`max_norm * scaler.get_scale()`: a clip meant for the scaled gradients); when the clipped
    parameters are those of an optimizer the scaler does not step, and of none it steps (an
    auxiliary head trained by a plain backward: `clip_grad_norm_(aux.parameters())` with
    `opt_aux = SGD(aux.parameters())`); when an `unscale_` before the clip names an optimizer
    it cannot place (`for o in (opt_a, opt_b): scaler.unscale_(o)`, each member counts; a
    helper's `self.o`) or a part of the optimizer the scaler steps (`scaler.unscale_(opt.optimizers[0])`
    before `scaler.step(opt)`: a wrapper's inner optimizers), or a function or method of the module called between the backward and
    the clip calls `unscale_` (a fix would unscale twice, which raises); when the clip runs in
    a helper call that unscales an optimizer before it and steps that same optimizer through the
    scaler right after it, in that same call (`apply_step(scaler, opt_a, ...)` then
    `apply_step(scaler, opt_b, ...)`, a function or a method called once per optimizer: the
    three lines each call runs are the inline form); and when the loop
    calls code gradfix cannot see into that may clear, step or backpropagate.

    Clips written through import aliases count (`clip_grad_norm_ as clip_norm`, `from torch.nn
    import utils as nn_utils`). A clip helper of the file named like a clip that calls
    `scaler.unscale_(...)` itself is looked into: it unscales first. A callable kept on `self`
    under a torch clip's name and called on a module's parameters
    (`self.clip_grad_norm(self.model.parameters())`, `self.clip_grad_norm = ...` bound in the
    file, built from a configuration, no method of the file) counts as a clip too, reported
    without a fix: what it runs is not read; fixed like torch's clip when every binding of it
    is an object of one class of the file (or `None`, also in a conditional expression) over
    `object` alone, that no class of the file derives from, whose `__call__(self, parameters)`
    is one statement running torch's `clip_grad_norm_` or `clip_grad_value_` on `parameters`.
    """

    code = "GF013"
    name = "clip-without-unscale"
    message = "`{clip}` clips gradients still multiplied by the loss scale: call `{scaler}.unscale_({opt})` first"
    safety = Safety.SAFE

    def check_loop(self, loop: TrainingLoop, model: ModuleModel) -> Iterator[Finding]:
        events = owned_events(loop, model)
        for index, clip in enumerate(events):
            if clip.kind is not EventKind.CLIP:
                continue
            named = not _is_torch_clip(clip, model)
            if named and not _named_clip(clip, model):
                continue
            if clip.via and model.in_step_function(clip):
                continue  # `tr.train_step(x, y)`: the step method is judged (and fixed) where it is defined
            earlier = events[:index]
            scaled = [i for i, e in enumerate(earlier) if e.kind is EventKind.BACKWARD and _scaler_of_backward(e, model)]
            if not scaled:
                continue
            guard = None  # `if use_amp:` around the scaled backward and the scaler's step, not the clip
            if not branch_prefix(earlier[scaled[-1]], clip, loop.node):
                guard = _amp_arm(earlier[scaled[-1]], clip, events[index + 1 :], loop, model)
                if guard is None:
                    continue
            scaler_key = _scaler_of_backward(earlier[scaled[-1]], model) or ""
            if _disabled(scaler_key, model):
                continue  # `GradScaler(enabled=False)`: nothing is scaled
            if _threshold_scaled(clip, scaler_key, model):
                continue  # `max_norm * scaler.get_scale()`: the clip is meant for scaled gradients
            unscales = [e for e in earlier if e.kind is EventKind.UNSCALE]
            # not an `unscale_` only on some iterations (`if i % LOG_EVERY == 0:`): the clip of
            # the others sees scaled gradients (`if use_amp:` around it is fine: without AMP
            # nothing was scaled)
            unscaled = {e.target for e in unscales if not _periodic_only(e, clip, loop)}
            if any(e.kind is EventKind.STEP and not _scaler_of_step(e, model) for e in earlier[scaled[-1] :]):
                continue  # a plain step between the backward and the clip: GF010's business
            scaler_steps = [
                e for e in events[index + 1 :] if e.kind is EventKind.STEP and _scaler_of_step(e, model) is not None
            ]
            if not scaler_steps:
                continue
            step = scaler_steps[0]
            call = step.call
            assert call is not None
            source = model.source
            scaler = (step.source or source).code(receiver(call))  # type: ignore[arg-type]
            stepped = [e for e in events[scaled[-1] :] if e.kind is EventKind.STEP and _scaler_of_step(e, model)]
            # each call read in its own file (a step in a helper of another module)
            optimizers = list(dict.fromkeys((s.source or source).code(_stepped_argument(s.call)) for s in stepped if s.call is not None))
            targets = {st.target for st in stepped}
            if len(targets) == 1 and None not in targets and targets <= unscaled:
                continue  # the one optimizer stepped was unscaled (named through a helper's `self.opt`)
            if clip.via and _unscaled_in_the_same_call(clip, unscales, scaler_steps):
                continue  # `apply_step(scaler, opt_a, ...)` then `apply_step(scaler, opt_b, ...)`
            # (a helper's step names its own parameter, `opt`; the loop's name, `opt_enc`, is the target)
            stepped_keys = list(dict.fromkeys([*optimizers, *(st.target for st in stepped if st.via and st.target)]))
            if _another_optimizers_parameters(clip, stepped_keys, model):
                continue  # `clip_grad_norm_(aux.parameters())` with `opt_aux` over them: never scaled
            unscaled = _members(unscaled)
            if any(not _an_optimizer(t, optimizers, model) for t in unscaled):
                continue  # `for o in opts: scaler.unscale_(o)`, a helper's `self.o`: which one is unclear
            if any(_part_of(t, o) or _part_of(o, t) for t in unscaled for o in optimizers if t and o):
                continue  # `scaler.unscale_(opt.optimizers[0])`, then `scaler.step(opt)`: a wrapper's parts
            if _helper_unscales_between(earlier[scaled[-1]], clip, loop, model):
                continue  # `helper.update_lr(n)` whose method calls `unscale_`: a second one would raise
            owner = _owner(clip, optimizers, model)
            if owner is None and len(optimizers) == 1 and optimizers[0] not in unscaled and unscaled:
                owner = optimizers[0]  # the only one stepped since the backward (a GAN's `opt_d` was unscaled before)
            if (owner is not None and owner in unscaled) or (owner is None and unscaled):
                continue  # unscaled already (or some optimizer was, and which one this clips is unclear)
            if owner is None and len(optimizers) == 1 and any(e.target == optimizers[0] for e in unscales):
                owner = optimizers[0]  # unscaled on some iterations only: reported without a fix
            if any(e.kind is EventKind.STEP and _scaler_of_step(e, model) for e in earlier[scaled[-1] :]) and owner is None:
                continue  # another optimizer stepped already: which gradients this clips is unclear
            earlier_clips = [e for e in events[:index] if e.kind is EventKind.CLIP and _is_torch_clip(e, model)]
            if owner is not None:
                unscale = [owner] if not any(_owner(e, optimizers, model) == owner for e in earlier_clips) else []
            else:
                # one `unscale_` per optimizer and update: only the first clip since the scaled
                # backward gets it (a second would raise)
                since = [e for e in earlier_clips if events.index(e) > scaled[-1]]
                unscale = optimizers if not since and (len(optimizers) == 1 or not earlier_clips) else []
            yield Finding(
                self.code,
                self.message.format(
                    clip=(clip.source or source).code(clip.node),
                    scaler=scaler,
                    opt=owner or (optimizers[0] if len(optimizers) == 1 else ", ".join(optimizers)),
                ),
                clip.anchor,
                fix=self._fix(loop, clip, scaler_steps, events, scaler, unscale, model, guard)
                if unscale and (not named or _clip_object_clips(clip, model))
                else None,
                related=(loop.node,),
            )

    def _fix(
        self,
        loop: TrainingLoop,
        clip: GradEvent,
        scaler_steps: list[GradEvent],
        events: list[GradEvent],
        scaler: str,
        unscale: list[str],
        model: ModuleModel,
        guard: ast.expr | None = None,
    ) -> Fix | None:
        step = scaler_steps[0]
        if clip.via != step.via:
            return None  # the step lives in another function
        if any(e.kind is EventKind.UNSCALE and e.target in unscale for e in events):
            return None  # unscaled later in the iteration anyway: a second unscale_ would raise
        if clip.loops_within(loop.node):
            return None
        own = {(id(b.node), b.kind) for b in clip.branches_within(loop.node)}
        if guard is not None and any((id(b.node), b.kind) not in own for b in step.branches_within(loop.node)[:-1]):
            return None  # the scaler's arm under a window's test the clip is not under: as below
        if guard is None and not branch_prefix(step, clip, loop.node):
            # the step runs under a test the clip does not (`if (i + 1) % N == 0:`): an `unscale_`
            # before the clip would run again, before the next update, on the next micro-batch
            return None
        source = model.source if clip.direct else _helper_source(clip, model)
        if source is None:
            return None
        site = site_of(source, clip.node, stop=loop.node if clip.direct else None)
        if site is None or site.in_loop:
            return None
        if not source.alone_on_lines(site.statement):
            return None
        block = source.block_of(site.statement)
        if block is None or source.inline_block(block):
            return None
        if guard is not None:
            # under the test that scales the backward and steps through the scaler: in the
            # other arm nothing was scaled, and `unscale_` would raise
            unit = source.unit_at(site.statement)
            calls = "".join(f"\n{unit}{scaler}.unscale_({opt})" for opt in unscale)
            lines = new_statement(f"if {model.source.code(guard)}:{calls}")
        else:
            lines = tuple(line for opt in unscale for line in new_statement(f"{scaler}.unscale_({opt})"))
        return Fix([InsertStatements(site.statement, "before", lines)], Safety.SAFE)


def _amp_arm(
    backward: GradEvent, clip: GradEvent, later: list[GradEvent], loop: TrainingLoop, model: ModuleModel
) -> ast.expr | None:
    """`if use_amp: scaler.scale(loss).backward()` / `else: loss.backward()`, a clip for both
    modes, then `if use_amp: scaler.step(opt); scaler.update()` / `else: opt.step()`: the test
    (written alike at the backward and the step, calling nothing) under which the clip sees
    scaled gradients."""
    if clip.source is not None or backward.source is not None:
        return None
    arms = backward.branches_within(loop.node)
    # the branches the clip shares with the backward (the clip may sit under a test of its
    # own as well: `if max_norm > 0:`)
    own = clip.branches_within(loop.node)
    shared = 0
    while shared < min(len(arms), len(own)) and (id(arms[shared].node), arms[shared].kind) == (id(own[shared].node), own[shared].kind):
        shared += 1
    # the scaled backward's own arms: one test, or nested ones (`if use_amp:` / `if scaler is
    # not None:`) that the step's arm writes as one conjunction (`if use_amp and scaler is
    # not None:`)
    around, tail = arms[:shared], arms[shared:]
    if not tail or any(b.node is t.node for b in own for t in tail):
        return None  # the clip runs in the scaled arm itself
    arm = tail[-1]
    if any(t.kind != "if" or t.test is None or any(isinstance(n, ast.Call) for n in ast_walk(t.test)) for t in tail):
        return None
    test = model.source.code(arm.test)
    step = next((e for e in later if e.kind is EventKind.STEP and _scaler_of_step(e, model) is not None), None)
    if step is None or step.source is not None:
        return None
    steps = step.branches_within(loop.node)
    # the step's tests but the last are the clip's first ones: those it shares with the
    # backward, and any the clip and the step share beyond them (an accumulation window's
    # `if (i + 1) % N == 0:` around the clip and the step's arms); or, past those, a window's
    # periodic test around the step's arms alone (tez: the clip on every micro-batch, the step
    # at the window's end; reported without a fix, see `_fix`)
    shared = 0
    while shared < min(len(steps) - 1, len(own)) and (id(steps[shared].node), steps[shared].kind) == (id(own[shared].node), own[shared].kind):
        shared += 1
    if (
        len(steps) < len(around) + 1
        or shared < len(around)
        or any(b.kind != "if" or not _window_test(b.test) for b in steps[shared:-1])
        or any(steps[-1].node is t.node for t in tail)
        or steps[-1].test is None
        or not (_same_arm(steps[-1], test, model) if len(tail) == 1 else _conjunction_of(steps[-1], tail, model))
    ):
        return None
    stepped = {(step.source or model.source).code(_stepped_argument(step.call))} if step.call is not None else set()
    if any(e.kind is EventKind.STEP and e.target not in stepped and _scaler_of_step(e, model) is None for e in later):
        return None  # another optimizer steps too (a float32 head's): the clip may be of its parameters
    return arm.test if len(tail) == 1 else steps[-1].test


def _conjunction_of(branch, tail: list, model: ModuleModel) -> bool:  # type: ignore[no-untyped-def]
    """The branch runs when each nested test of `tail` holds: `if use_amp and scaler is not None:`
    for `if use_amp:` around `if scaler is not None:`, written in the same order."""
    test = branch.test
    if branch.kind != "if" or not isinstance(test, ast.BoolOp) or not isinstance(test.op, ast.And) or len(test.values) != len(tail):
        return False
    code = model.source.code
    return all(code(v) == code(t.test) for v, t in zip(test.values, tail))


def _window_test(test: ast.expr | None) -> bool:
    """A periodic test (`(i + 1) % N == 0`, `step % N == 0`): an accumulation window's end."""
    return test is not None and any(isinstance(n, ast.BinOp) and isinstance(n.op, ast.Mod) for n in ast_walk(test))


def _same_arm(branch, test: str, model: ModuleModel) -> bool:  # type: ignore[no-untyped-def]
    """The branch runs when `test` holds: `if use_amp:`, or the `else` of `if not use_amp:`."""
    if branch.kind == "if":
        return model.source.code(branch.test) == test
    if branch.kind == "else" and isinstance(branch.test, ast.UnaryOp) and isinstance(branch.test.op, ast.Not):
        return model.source.code(branch.test.operand) == test
    return False


def _periodic_only(unscale: GradEvent, clip: GradEvent, loop: TrainingLoop) -> bool:
    """The `unscale_` runs under a periodic test the clip is not under (`if i % LOG_EVERY == 0:`)."""
    if branch_prefix(unscale, clip, loop.node):
        return False
    clip_branches = {(id(b.node), b.kind) for b in clip.branches_within(loop.node)}
    # (the same test written twice, `if (i + 1) % N == 0: unscale_` then `if (i + 1) % N == 0:
    # clip`, runs both on the same iterations)
    clip_tests = {ast.dump(b.test) for b in clip.branches_within(loop.node) if b.test is not None and b.kind == "if"}
    return any(
        isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod)
        for branch in unscale.branches_within(loop.node)
        if (id(branch.node), branch.kind) not in clip_branches
        and branch.test is not None
        and not (branch.kind == "if" and ast.dump(branch.test) in clip_tests)
        for node in ast_walk(branch.test)
    )


def _another_optimizers_parameters(clip: GradEvent, optimizers: list[str], model: ModuleModel) -> bool:
    """The clipped parameters are exactly those of an optimizer the scaler does not step
    (`opt_aux = SGD(aux.parameters())`), and of none it steps."""
    if clip.target is None or any(built_over_clipped(opt, clip, model, optimizer=True) for opt in optimizers):
        return False
    others = [key for key in model.facts.objects if key not in optimizers and built_over_clipped(key, clip, model, optimizer=True)]
    return bool(others) and not set(others) <= _handed_to_holders(optimizers, model)


def _handed_to_holders(optimizers: list[str], model: ModuleModel) -> set[str]:
    """What the objects holding the stepped optimizers were built with: `scaler.step(
    sched.optimizer)` with `sched = LRScheduler(optimizer, ...)` steps `optimizer` itself."""
    key_of = model.source.key
    handed: set[str] = set()
    for opt in optimizers:
        holder, dot, _ = opt.rpartition(".")
        if not dot:
            continue
        for value in assigned_values(model, holder):
            if value.__class__ is ast.Call:
                handed.update(key_of(a) for a in (*value.args, *(k.value for k in value.keywords)))  # type: ignore[attr-defined]
    return handed


def _owner(clip: GradEvent, optimizers: list[str], model: ModuleModel) -> str | None:
    """The optimizer whose parameters the clip clips: built over the same `x.parameters()`."""
    if clip.target is None or len(optimizers) < 2:
        return None
    owners = [opt for opt in optimizers if built_over_clipped(opt, clip, model)]
    return owners[0] if len(owners) == 1 else None


def _disabled(scaler: str, model: ModuleModel) -> bool:
    """Every construction of `scaler` in the module passes `enabled=False`."""
    source = model.source
    built = [
        node.value
        for node in model.source.nodes
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and any(source.key(t) == scaler for t in node.targets)
    ]
    if not built:
        return False
    for call in built:
        enabled = next((kw.value for kw in call.keywords if kw.arg == "enabled"), None)
        if enabled is None or _known_value(enabled, model) is not False:
            return False
    return True


_DTYPE = {"torch.half": "torch.float16", "torch.float": "torch.float32", "torch.double": "torch.float64"}


def _known_value(expr: ast.expr, model: ModuleModel) -> object:
    """What `enabled=` surely is: a literal, a name the module binds once at its top level to
    one, or a comparison of such dtypes (`amp_dtype == torch.float16` with `amp_dtype =
    torch.bfloat16`). None when gradfix cannot tell."""
    from gradfix.analysis.precision import module_constant

    if isinstance(expr, ast.Compare) and len(expr.ops) == 1 and isinstance(expr.ops[0], (ast.Eq, ast.NotEq)):
        sides = [module_constant(side, model) for side in (expr.left, expr.comparators[0])]
        names = [dotted(side) if isinstance(side, ast.Attribute) else None for side in sides]
        if any(name is None or not name.startswith("torch.") for name in names):
            return None
        same = _DTYPE.get(names[0], names[0]) == _DTYPE.get(names[1], names[1])  # type: ignore[arg-type]
        return same if isinstance(expr.ops[0], ast.Eq) else not same
    value = module_constant(expr, model)
    if isinstance(value, ast.Constant) and isinstance(value.value, bool):
        return value.value
    return None


def _threshold_scaled(clip: GradEvent, scaler: str, model: ModuleModel) -> bool:
    """The clip's arguments read the scaler (`max_norm * scaler.get_scale()`)."""
    call = clip.call
    if call is None:
        return False
    source = clip.source or model.source
    values = [*call.args[1:], *[kw.value for kw in call.keywords]]
    for value in values:
        for node in ast_walk(value):
            if isinstance(node, ast.Attribute) and node.attr == "get_scale":
                return True
            if scaler and isinstance(node, (ast.Name, ast.Attribute)) and dotted(node) is not None and source.key(node) == scaler:
                return True
    return False


def _helper_source(clip: GradEvent, model: ModuleModel):  # type: ignore[no-untyped-def]
    """The file of the helper a clip sits in: only helpers of the analysed file are edited."""
    return None if clip.foreign else model.source


def _is_torch_clip(clip: GradEvent, model: ModuleModel) -> bool:
    call = clip.call
    if call is None:
        return False
    name = method_name(call)
    if name is None:
        return True  # clip_grad_norm_(...) imported by name
    if name not in ("clip_grad_norm_", "clip_grad_value_", "clip_grad_norm", "clip_grad_value"):
        return False
    # torch.nn.utils.clip_grad_norm_, nn.utils..., utils...; not accelerator.clip_grad_norm_
    recv = receiver(call)
    key = dotted(recv) or "" if recv is not None else ""
    if key.split(".")[-1] in ("utils", "clip_grad") or key in ("torch", "nn"):
        return True
    return (model.facts.imports.qualify(key) or "").startswith("torch.nn.utils")  # `from torch.nn import utils as nn_utils`


def _named_clip(clip: GradEvent, model: ModuleModel) -> bool:
    """`self.clip_grad_norm(self.model.parameters())`: a callable the trainer keeps on `self`
    under a torch clip's name (`self.clip_grad_norm = instantiate_from_config(...)`, a small
    class whose `__call__` runs `clip_grad_norm_`), bound by `self.name = ...` in this file
    (not perhaps a method of a base class of another module), called on a module's
    `.parameters()`, and no method of a class of the file (a method gradfix reads is looked
    into where it is called). What it runs is not read: reported without a fix."""
    call = clip.call
    if call is None or not clip.direct or method_name(call) not in ("clip_grad_norm_", "clip_grad_value_", "clip_grad_norm", "clip_grad_value"):
        return False
    recv = receiver(call)
    if not isinstance(recv, ast.Name) or recv.id != "self":
        return False
    name = call.func.attr  # type: ignore[attr-defined]
    if any(name in methods for methods in model.facts.methods.values()):
        return False
    text = model.source.text
    if f"self.{name} =" not in text and f"self.{name}=" not in text:
        return False  # not bound in this file: perhaps a method of a base class of another module
    first = positional(call)[:1]
    return bool(first) and isinstance(first[0], ast.Call) and method_name(first[0]) == "parameters"


def _clip_object_clips(clip: GradEvent, model: ModuleModel) -> bool:
    """`self.clip_grad_norm(...)` of `_named_clip` whose every binding in the file (`self.name =
    ...`) is `Clip(...)` (or `None`, also in the arms of `... if ... else ...`), `Clip` one class of the file over `object` alone that no
    class of the file derives from, whose `__call__(self, parameters)` is one statement running
    torch's `clip_grad_norm_` (or `clip_grad_value_`) on `parameters`: the call is that clip."""
    facts = model.facts
    name = clip.call.func.attr  # type: ignore[union-attr]
    classes: set[str] = set()
    values = list(assigned_values(model, f"self.{name}"))
    for value in values:
        if isinstance(value, ast.IfExp):
            values += [value.body, value.orelse]  # `Clip(cfg.clip) if cfg.clip else None`
            continue
        if isinstance(value, ast.Constant) and value.value is None:
            continue
        if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in facts.classes):
            return False
        classes.add(value.func.id)
    if len(classes) != 1:
        return False
    (class_name,) = classes
    node = facts.classes[class_name]
    if node.keywords or node.decorator_list or any(dotted(b) != "object" for b in node.bases):
        return False
    if any(class_name in {dotted(b) for b in other.bases} for other in facts.classes.values()):
        return False
    method = facts.methods.get(class_name, {}).get("__call__")
    if method is None:
        return False
    args = method.node.args  # type: ignore[attr-defined]
    if len(args.args) != 2 or args.vararg or args.kwarg or args.kwonlyargs or args.defaults:
        return False
    body = [stmt for stmt in method.node.body if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant))]  # type: ignore[attr-defined]
    if len(body) != 1 or not isinstance(body[0], (ast.Expr, ast.Return)):
        return False
    inner = body[0].value
    qualified = (model.facts.imports.qualify(call_name(inner)) or "") if isinstance(inner, ast.Call) else ""
    if not qualified.startswith("torch.nn.utils.") or qualified.rsplit(".", 1)[-1] not in ("clip_grad_norm_", "clip_grad_value_"):
        return False
    first = positional(inner)[:1]
    return bool(first) and isinstance(first[0], ast.Name) and first[0].id == args.args[1].arg


def _scale_call(event: GradEvent, model: ModuleModel) -> ast.Call | None:
    """`scaler.scale(loss)` of `scaler.scale(loss).backward()`, or of a library's backward handed
    the scaled loss (`fabric.backward(scaler.scale(loss))`, `self.manual_backward(scaled)`);
    `scaled` a name bound once to it in the function."""
    call = event.call
    if call is None or method_name(call) != "backward" and method_name(call) != "manual_backward":
        return None
    inner = receiver(call) if method_name(call) == "backward" else None
    if isinstance(inner, ast.Name):
        inner = _scaled_into(inner.id, event, model)
    if not (isinstance(inner, ast.Call) and method_name(inner) == "scale") and call.args:
        inner = call.args[0]  # `fabric.backward(scaler.scale(loss))`: the library backpropagates the scaled loss
        if isinstance(inner, ast.Name):
            inner = _scaled_into(inner.id, event, model)
    if not isinstance(inner, ast.Call) or method_name(inner) != "scale":
        return None
    return inner


def _scaler_of_backward(event: GradEvent, model: ModuleModel) -> str | None:
    """`scaler` for `scaler.scale(loss).backward()` (or `fabric.backward(scaler.scale(loss))`)."""
    inner = _scale_call(event, model)
    if inner is None:
        return None
    recv = receiver(inner)
    if recv is None:
        return None
    key = model.source.key(recv)
    return key if model.facts.is_scaler(key) else None


def _scaled_into(name: str, event: GradEvent, model: ModuleModel) -> ast.expr | None:
    """The value of `scaled = scaler.scale(loss)` for `scaled.backward()`: the one binding of
    `name` in the function of this file that holds the backward (no other store of the name
    there, no parameter of that name), or in the whole file for a backward of the module's top
    level (a script's loop)."""
    if event.source is not None or event.call is None:
        return None
    source = model.source
    says = model.__dict__.get("_says_scale_call")
    if says is None:
        says = model.__dict__["_says_scale_call"] = ".scale(" in source.text
    if not says:
        return None  # (no `x.scale(...)` in the file: the usual `loss.backward()`, from the text)
    function = statement_containing(source, event.call)
    while function is not None and not isinstance(function, (*FUNCTIONS, ast.Module)):
        function = source.owner_of(function)
    if function is None:
        return None
    if isinstance(function, FUNCTIONS) and any(a.arg == name for a in ast_walk(function.args) if isinstance(a, ast.arg)):
        return None
    # (a loop of the module's top level: the one binding in the whole file, functions included)
    stores, found = 0, None
    # (the whole file from the source's node index at the top level: no second walk of it)
    nodes = [*source.of_type(ast.Name), *source.of_type(ast.Assign)] if isinstance(function, ast.Module) else ast_walk(function)
    for node in nodes:
        if isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load):
            stores += 1
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and node.targets[0].id == name:
            found = node.value
    if stores != 1 or not isinstance(found, ast.Call) or method_name(found) != "scale":
        return None
    return found


def _stepped_argument(call: ast.Call) -> ast.expr:
    """`opt` of `scaler.step(opt)` or `scaler.step(optimizer=opt)`."""
    return call.args[0] if call.args else next(k.value for k in call.keywords if k.arg == "optimizer")


def _scaler_of_step(event: GradEvent, model: ModuleModel) -> str | None:
    """`scaler` for `scaler.step(optimizer)` (or `scaler.step(optimizer=optimizer)`)."""
    call = event.call
    if call is None or method_name(call) != "step":
        return None
    if not (call.args or any(k.arg == "optimizer" for k in call.keywords)) or (call.args and isinstance(call.args[0], ast.Starred)):
        return None
    recv = receiver(call)
    if recv is None:
        return None
    key = model.source.key(recv)
    return key if model.facts.is_scaler(key) else None


def _part_of(inner: str, outer: str) -> bool:
    """`inner` is reached from `outer` (`opt.optimizers[0]` from `opt`)."""
    return inner.startswith((outer + ".", outer + "["))


def _members(targets: set[str | None]) -> set[str | None]:
    """`[opt_g,opt_d][*]` (`for o in (opt_g, opt_d): scaler.unscale_(o)`) -> each optimizer."""
    out: set[str | None] = set()
    for target in targets:
        if target and target.startswith("[") and target.endswith("][*]"):
            out.update(target[1:-4].split(","))
        else:
            out.add(target)
    return out


def _an_optimizer(target: str | None, optimizers: list[str], model: ModuleModel) -> bool:
    """The target of an `unscale_` names an optimizer gradfix knows: one the scaler steps, or
    one the module builds or steps (`opt_d` of a GAN's critic)."""
    if not target or target.endswith("[*]"):
        return False
    facts = model.facts
    return target in optimizers or facts.kind(target) == "optimizer" or facts.optimizer_evidence(target)


def _unscaled_in_the_same_call(clip: GradEvent, unscales: list[GradEvent], scaler_steps: list[GradEvent]) -> bool:
    """The clip runs in a helper call that, in that same call, unscales an optimizer before the
    clip and steps that optimizer through the scaler right after it (`scaler.unscale_(opt);
    clip_grad_norm_(params, 1.0); scaler.step(opt)` in `apply_step(scaler, opt, params)`,
    called once per optimizer): read as the same three lines written in the loop, whatever
    other optimizer another call of the helper unscales and steps."""
    same = lambda event: len(event.via) == len(clip.via) and all(a is b for a, b in zip(event.via, clip.via))  # noqa: E731
    after = [e for e in scaler_steps if same(e)]
    return bool(after) and after[0].target is not None and any(same(e) and e.target == after[0].target for e in unscales)


def _helper_unscales_between(backward: GradEvent, clip: GradEvent, loop: TrainingLoop, model: ModuleModel) -> bool:
    """A call of the iteration between the scaled backward and the clip, to a function or a
    method of the module whose body calls `unscale_` (a helper the loop model does not follow)."""
    source = model.source
    if "unscale_" not in source.text or backward.source is not None or clip.source is not None:
        return False
    first, last = backward.node.lineno, clip.node.lineno  # type: ignore[attr-defined]
    facts = model.facts
    for node in ast_walk(loop.node):
        if not isinstance(node, ast.Call) or not first <= node.lineno <= last:
            continue
        name = method_name(node) or (call_name(node) or "").rsplit(".", 1)[-1]
        if not name or name == "unscale_":
            continue
        helpers = [facts.module_functions.get(name), *(methods.get(name) for methods in facts.methods.values())]
        if any(h is not None and "unscale_(" in (h.source or source).segment(h.node) for h in helpers):
            return True
    return False
