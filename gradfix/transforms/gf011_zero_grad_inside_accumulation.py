from __future__ import annotations

from gradfix import syntax as ast
import re

from gradfix.analysis.assignments import assigned_calls
from gradfix.analysis.accumulation import (
    Accumulation,
    accumulations,
    library_accumulation,
    told_cleared_accumulations,
)
from gradfix.analysis.by_hand import handled_by_hand_per_micro_batch
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import ClearScope, EventKind, GradEvent, TrainingLoop
from gradfix.analysis.names import dotted, method_name
from gradfix.source import FUNCTIONS
from gradfix.walk import ast_walk, child_nodes, leaves
from gradfix.transforms._accumulation import clear_edits
from gradfix.transforms._common import below, built_over, event_code, new_statement, owned_events, single_call_statement
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

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Callable, Iterator


class ZeroGradInsideAccumulation(Rule):
    """
    Gradients are cleared on every micro-batch of an accumulation loop.

    ## What it does
    Finds gradient-accumulation loops (the optimizer steps only under a periodic
    condition such as `if (i + 1) % accum_steps == 0:`) that clear the optimizer's
    gradients unconditionally, on every micro-batch (a recognised accumulation loop, see GF005:
    also a counter reset at the step or a countdown, `left -= 1` ... `if left == 0: ...; left =
    N`; under no `if` but the mode tests around the whole window, `if optimizer is not None:` or
    `if is_train:` of a function that runs both training and evaluation epochs, or
    `if torch.is_grad_enabled():` in a loop that never calls `set_grad_enabled`; or timm's loss
    scaler told when to step, `loss_scaler(loss, opt, need_update=(i + 1) % N == 0)`, see GF005,
    or a scaler of the project told through its own flag, MAE's `loss_scaler(loss, opt,
    parameters=..., update_grad=(i + 1) % N == 0)` (or `update_grad=flag`) into a `__call__` that
    backpropagates always and steps only under `if update_grad:`, its class in the file or
    imported from another module of the project (also an object held in an attribute of `self`,
    `self.scaler(loss, opt, update_grad=...)` in a method, `__init__` binding `self.scaler =
    GradNormScaler()` once, a class of the file with no base but `object`, and nothing else in
    the file binding an attribute of that name), with the optimizer cleared on every
    micro-batch before or after the call). Also finds `model.zero_grad()` inside
    `with accelerator.accumulate(model):`, and a clear of the Trainer's model or optimizer
    (`self.optimizer.zero_grad()`, `model.zero_grad()` of its `model` parameter,
    `self.model.zero_grad()`) in an HF `Trainer` subclass's `training_step` override, which the
    Trainer calls once per micro-batch while it steps and clears (`model.zero_grad()`) at each
    window's end by itself: reported when the class reads `gradient_accumulation_steps` (it means
    to accumulate) and the override steps nothing itself; fixed by removing the clear (with the
    comment lines right above it), which is right for any accumulation count. And a clear of
    the `model` a transformers `TrainerCallback` hook is passed, at the top level of
    `on_substep_end` (the Trainer calls it after each micro-batch's backward that ends no window),
    also of a subclass of one of the file's callbacks; fixed by removing it. The optimizer's clear
    there is not reported: the Trainer's optimizer is Accelerate's, whose `zero_grad` does nothing
    between a window's micro-batches.

    ## Why is this bad?
    Each clear throws away what the earlier micro-batches of the window accumulated, so
    `step()` applies the gradient of the last micro-batch only (divided by N if the loss is
    scaled): the loop trains on a quarter of its data with a quarter of the learning rate
    and costs the full time. Accelerate turns `optimizer.zero_grad()` into a no-op between
    sync steps, but not `model.zero_grad()`, which really clears every micro-batch.

    ## Example
    ```python
    for i, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        (criterion(model(x), y) / accum_steps).backward()
        if (i + 1) % accum_steps == 0:
            optimizer.step()
    ```

    ## Use instead
    ```python
    for i, (x, y) in enumerate(loader):
        (criterion(model(x), y) / accum_steps).backward()
        if (i + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
    ```

    ## Fix safety
    Safe.

    In a recognised accumulation loop (see GF005), a clear is reported when it runs on every
    micro-batch (under no branch and in no nested loop of the iteration) and clears an optimizer
    the window steps (`opt.zero_grad()`, or `model.zero_grad()` when the loop steps one optimizer,
    built over exactly `model.parameters()` or over a part of it, `SGD(model.head.parameters())`
    or `SGD(net[1].parameters())`: the module's clear wipes that part too; or, without a fix, `model.zero_grad()` when that one
    optimizer is built where gradfix cannot see, a parameter, and the iteration runs `model(...)`:
    the model's share of the window is wiped whatever else the optimizer holds). A window counted
    in samples or tokens (`tokens += x.numel()` ... `if tokens >= budget:`) is one too: the clear
    wipes it all the same, and the message names the window's test instead of N. The clear statement moves, with its comments, to
    right after that optimizer's last step in the window's `if` (after the `scaler.update()` that
    directly follows it) -- or is only deleted when a statement of that block after the step
    already clears the optimizer (`opt.step(); opt.zero_grad()`) --, and a copy goes after every tail-flush step of that optimizer later in
    the function that no clear of it follows (it would otherwise leave its gradients to the next
    epoch). No fix when the window is the `need_update=` keyword of a loss scaler's call (the
    clear would go after the call under the keyword's test: written by hand), when the clear is not a call alone on its line or sits in a helper, or the
    step sits in a helper, the `if` body shares the `if`'s line, the window can leave before its
    step (`if not torch.isfinite(norm): continue`: a clear moved after the step would not run
    there), or the statements after the loop cannot be placed. The rule is silent there when the iteration reads `.grad` or sets it
    (`p.grad = ...`, `p.grad.zero_()`) anywhere, or, on every micro-batch, hands the gradients,
    the parameters or the model to code gradfix did not look into: a clear on every micro-batch
    is then how each micro-batch's gradient is kept apart (per-micro-batch clipping into a
    buffer). A clear after an `if` that may end the iteration with `continue` (timm's `if not
    need_update: continue`) runs at window ends only and is not reported; a guard that only
    skips a bad batch before anything backpropagates (`if torch.isnan(x).any(): continue`,
    testing no name the window's test reads, nor one bound from such a name; the batch a loop
    walking a sequence by index picks, `x, y = batches[i]` under `while i < len(batches):` or
    `for i in range(len(batches)):`, is the iteration's item, as in `for x, y in batches`, not
    a name bound from the counter) does not count:
    every micro-batch that adds a gradient still runs the clear. When the only such
    handling is a plain clear by hand on every micro-batch, a
    `for p in model.parameters(): p.grad = None` (or `p.grad.zero_()`) over the module the one
    accumulating optimizer was built over, outside the window's `if`, that loop is reported,
    without a fix.

    Inside `with accelerator.accumulate(...)` (in loops where the only call gradfix cannot see
    into is `accumulate` itself), two clears are reported, when written in the loop itself and
    under no branch or nested loop of it:

    - `model.zero_grad()` in the block (Accelerate skips the prepared optimizer's clear between
      sync steps, not a module's), of the module the block accumulates (its argument, or one a
      prepared optimizer the block steps was built over; another module, a probe trained on
      every micro-batch, clears its own): it becomes `opt.zero_grad()` when the block steps
      exactly one optimizer, and that one prepared, else no fix. Before a backward of the block
      the optimizer's clear would still run on the window's last micro-batch and wipe the
      window: there the model clear is removed when the block clears the optimizer after its
      step (under the step's own branches: not `if i % 100 == 0: opt.zero_grad()`), else moves
      to right after the step as the optimizer's clear;
    - a prepared optimizer's clear followed, in the same block, by a backward and that
      optimizer's gated step (it acts on the window's last micro-batch, before its backward): it
      moves to right after the step when both are calls alone on their lines in the same block
      (it is only removed when the block already clears that optimizer after the step, under
      the step's own branches), else no fix. Not when a backward of the same block runs before
      the clear (objectives stepped one after another, `backward(l_rec); opt.step();
      opt.zero_grad(); backward(l_adv); opt.step()`, or a critic's clear after the generator's
      adversarial backward wrote into it): that clear keeps the earlier backward's gradients out
      of the next step, it is not at the window's start, and moving it would change every
      micro-batch's update. Not when the accelerator is built with a DeepSpeed plugin
      (`Accelerator(deepspeed_plugin=...)`): the prepared optimizer's `zero_grad()` and `step()`
      then do nothing, and the DeepSpeed engine accumulates and clears by itself.

    `optimizer.zero_grad()` on every micro-batch inside or around `accelerator.accumulate()` is
    correct and never reported -- for a prepared optimizer. An optimizer built in the file and
    never passed to `accelerator.prepare()` is not held back: its clear, with its step in the
    same block, is reported (without a fix: prepare it) when the accelerator was given an
    accumulation count other than 1. So is, without a fix, an Ignite handler of every iteration
    (`@trainer.on(Events.ITERATION_COMPLETED)`) that clears the optimizer of a
    `create_supervised_trainer(..., gradient_accumulation_steps=N)` trainer.

    nanoGPT's accumulation shape with the clear inside the micro-step loop (`for micro_step in
    range(N): opt.zero_grad(); ...; loss.backward()`, the loop doing nothing else to the
    gradients, then `opt.step()` after it in the same iteration) is reported and fixed by
    moving the clear to right before the micro-step loop. The same clear in a loop over the
    chunks of one batch (`while start < batch_size:`, `for xs, ys in zip(x.split(n),
    y.split(n)):`, a loop with no `break`, `return` or `raise`, whose target does not bind the
    cleared optimizer) is reported without a fix (how many passes it makes is not written, and
    its loss may be meant per chunk); so is, in either loop, a clear that follows another
    update (DARTS' search: the architecture's clear, backward and step in a helper, then
    `w_optim.zero_grad()` and the weights' backward), when only backwards written in the loop
    follow the clear and nothing before it steps or clears that optimizer: the clear also
    drops what that update wrote, so moving it would change training. A loop that reads the
    gradients after the clear (per-chunk clipping into a buffer) is left alone. Both loops are
    read in the body of a training loop, or at the top level of a function's body (a step
    helper called once per batch: `def update(self, xb, yb): for xs in xb.chunk(k):
    self.opt.zero_grad(); ...`, then `self.opt.step()` as a later statement of that body); a
    loop that clears several optimizers (`opt.zero_grad(); opt_head.zero_grad()`, each once)
    gets a finding for each one stepped after it, and in a micro-step loop each clear moves
    before it.

    Under Lightning's automatic optimization, with the calls of the file handed
    `accumulate_grad_batches=` values other than the literal 1 (a `Trainer(...)` or a factory of one), a
    clear at the top level of a LightningModule's `training_step` or `on_train_batch_start`
    (`self.zero_grad()`, `self.optimizers().zero_grad()`, or through a name bound once to
    `self.optimizers()`) runs on every micro-batch while Lightning clears by itself at each
    window's first: it is reported and removed (a `pass` in its place when it is the hook's only
    statement). Silent when the file names `automatic_optimization` or overrides
    `optimizer_zero_grad` or `optimizer_step` (the user's clear may be the only one).

    A clear of each optimizer of a list on every micro-batch (`for o in opts: o.zero_grad()`,
    the list the window steps the same way) is reported without a fix.

    A clear before a guard that ends the other micro-batches early (`optimizer.zero_grad()` first,
    then `if (i + 1) % N != 0: continue` before the step, or a step function's `return`) is
    reported without a fix; a clear after such a guard runs at window ends only. A guard that
    skips a bad batch before anything backpropagates (`if not torch.isfinite(loss): continue`,
    or `return` in a step function the loop runs on each micro-batch, whose window counts one
    of its parameters), holding no gradient call and testing nothing the window's test reads
    nor a name bound from it, is no such guard: a clear after it still runs on every
    micro-batch that adds gradients (reported; from a step function, without a fix).
    """

    code = "GF011"
    name = "zero-grad-inside-accumulation"
    message = "`{clear}` runs on every micro-batch while `{opt}.step()` runs every `{n}`: nothing accumulates"
    # the window's counter counts samples or tokens (`tokens += x.numel()`): no `N` micro-batches to name
    # timm's `loss_scaler(loss, opt, need_update=(i + 1) % N == 0)`: the scaler's call steps when told
    told_message = (
        "`{clear}` runs on every micro-batch while `{scaler}(...)` steps `{opt}` only when `{test}`: nothing"
        " accumulates; clear after the call, under the same test"
    )
    counted_message = "`{clear}` runs on every micro-batch while `{opt}.step()` runs only when `{test}`: nothing accumulates"
    accelerate_start_message = (
        "`{clear}` at the start of `accelerator.accumulate()` runs on the window's last micro-batch before its"
        " backward and wipes the window's gradients: clear after `{opt}.step()`"
    )
    chunk_message = (
        "`{clear}` runs on every pass of the micro-batch loop of line {line} while `{opt}.step()` runs once after it:"
        " the step applies the last pass's gradients only"
    )
    ignite_message = (
        "`{clear}` runs after every iteration of `{trainer}`, whose `gradient_accumulation_steps` windows it"
        " wipes: nothing accumulates (the trainer clears at each window's start by itself)"
    )
    unprepared_message = (
        "`{clear}` runs on every micro-batch inside `accelerator.accumulate()`: `{opt}` was never passed to"
        " `accelerator.prepare()`, so Accelerate does not hold back its step and clear; nothing accumulates"
    )
    accelerate_message = (
        "`{clear}` clears on every micro-batch inside `accelerator.accumulate()`: use the optimizer's `zero_grad()`,"
        " which Accelerate skips between sync steps"
    )
    safety = Safety.SAFE

    trainer_hook_message = (
        "`{clear}` in `{hook}` runs on every micro-batch, and `{framework}` clears by itself after each optimizer"
        " step: with gradient accumulation it wipes the window's gradients; remove it"
    )

    callback_hook_message = (
        "`{clear}` runs in the callback hook `{hook}`, which the trainer calls after each micro-batch's backward"
        " that ends no accumulation window: it wipes the window's earlier micro-batches (the trainer clears"
        " after each step by itself); remove it"
    )

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        if "zero_grad" in model.source.text and "gradient_accumulation_steps" in model.source.text:
            yield from self._check_trainer_hooks(model)
        if "accumulate_grad_batches" in model.source.text and "zero_grad" in model.source.text:
            yield from self._check_lightning_hooks(model)
        yield from self._check_callback_hooks(model)
        yield from self._check_ignite_handlers(model)
        yield from self._check_micro_step_loops(model)
        for acc in accumulations(model):
            yield from self._check_manual(acc, model)
        for acc in told_cleared_accumulations(model):
            yield from self._check_manual(acc, model)  # timm's `loss_scaler(..., need_update=...)`
        for loop in model.loops:
            # `accelerator.accumulate(model)` itself is an unseen call the model marks unknown
            if all(_is_accumulate(e.node) for e in loop.unknown):
                yield from self._check_accelerate(loop, model)

    # `for micro_step in range(N): opt.zero_grad(); loss.backward()`, then `opt.step()` ------
    def _check_micro_step_loops(self, model: ModuleModel) -> Iterator[Finding]:
        """nanoGPT's accumulation shape with the clear inside the micro-step loop: each
        micro-batch wipes the ones before it, and the step after the loop applies the last.
        The micro-step loop is a statement of a training loop's body, or of a function's body
        (a step helper called once per batch: `def update(self, xb, yb): for xs in
        xb.chunk(k): ...`, then `self.opt.step()` as a later statement of that body)."""
        inner_loops = {id(lp.node): lp for lp in model.loops}
        for loop in model.loops:
            body = loop.node.body
            for position, stmt in enumerate(body):
                inner = inner_loops.get(id(stmt))
                if inner is None or not isinstance(stmt, (ast.For, ast.While)) or stmt.orelse:
                    continue

                def stepped_after(target: str, loop: TrainingLoop = loop, body: list[ast.stmt] = body, position: int = position) -> bool:
                    return any(
                        e.kind is EventKind.STEP and e.target == target and e.direct and not e.loops_within(loop.node)
                        and any(later is (below(e, loop.node) or (None,))[0] for later in body[position + 1 :])
                        for e in loop.events
                    )

                yield from self._micro_step_loop(stmt, inner, stepped_after, loop.node, model)
        for inner in model.loops:
            stmt = inner.node
            function = inner.function
            if inner.enclosing_loops or function is None or not isinstance(stmt, (ast.For, ast.While)) or stmt.orelse:
                continue
            if not any(e.kind is EventKind.CLEAR for e in inner.events) or any(e.kind is EventKind.STEP for e in inner.events):
                continue
            position = next((k for k, item in enumerate(function.body) if item is stmt), None)  # type: ignore[attr-defined]
            if position is None:
                continue

            def stepped_in_function(target: str, later: list[ast.stmt] = function.body[position + 1 :]) -> bool:  # type: ignore[attr-defined]
                # `self.opt.step()` as a statement of the function's body after the loop
                return any(
                    isinstance(item, ast.Expr) and isinstance(item.value, ast.Call) and not item.value.args and not item.value.keywords
                    and isinstance(item.value.func, ast.Attribute) and item.value.func.attr == "step"
                    and model.source.key(item.value.func.value) == target
                    for item in later
                )

            yield from self._micro_step_loop(stmt, inner, stepped_in_function, function, model)

    def _micro_step_loop(
        self, stmt: ast.For | ast.While, inner: TrainingLoop, stepped_after: Callable[[str], bool], around: ast.AST, model: ModuleModel
    ) -> Iterator[Finding]:
        """One micro-step or chunk loop `stmt` (`inner`'s node), `stepped_after(target)` telling
        whether the optimizer is stepped after it (in the loop or function `around`). Several
        clears of distinct optimizers in the loop (`opt.zero_grad()`, `opt_head.zero_grad()`)
        are each judged, and each stepped one reported."""
        source = model.source
        count = stmt.iter if isinstance(stmt, ast.For) else None
        counted = isinstance(count, ast.Call) and isinstance(count.func, ast.Name) and count.func.id == "range" and len(count.args) == 1
        if not counted and inner.is_unknown:
            return
        events = inner.events
        clears = [e for e in events if e.kind is EventKind.CLEAR]
        targets = [c.target for c in clears]
        plain = not (
            not clears or len(set(targets)) != len(targets) or not any(e.kind is EventKind.BACKWARD for e in events)
            or any(e.kind not in (EventKind.CLEAR, EventKind.BACKWARD) or not e.direct for e in events)
        )
        if plain:
            chosen = clears
        else:
            # DARTS' search: another update first (the architecture's clear, backward and
            # step in a helper), then the weights' clear and their backward
            shared = None if inner.is_unknown else _clear_then_backward(events)
            if shared is None:
                return
            chosen = [shared]
        walked = False  # the chunk loop's walk for `break`/`return`/`raise`, once a finding is at hand
        for clear in chosen:
            if clear.scope is not ClearScope.OPTIMIZER or clear.target is None or clear.statement not in stmt.body:
                continue
            if not counted and isinstance(stmt, ast.For) and _binds_receiver(stmt.target, clear.target):
                continue  # `for opt in optimizers: opt.zero_grad(); ...`: a clear of each
            if not stepped_after(clear.target):
                continue
            if not counted and not walked:
                if not _chunk_loop(stmt):
                    return
                walked = True
            if not counted or not plain:
                # a chunk loop (`while start < batch_size:`, `for xs in x.split(n):`): how many
                # passes it makes is not written, and its loss may be meant per chunk; or the
                # clear also drops what an update before it wrote: no fix
                yield Finding(
                    self.code,
                    self.chunk_message.format(clear=event_code(clear, model), opt=clear.target, line=stmt.lineno),
                    clear.anchor,
                    related=(around,),
                )
                continue
            assert count is not None
            fix = None
            statement = single_call_statement(clear, source)
            if statement is not None and source.starts_line(stmt):
                fix = Fix([RemoveStatement(statement, keep_comments=False), InsertStatements(stmt, "before", statement_lines(source, statement))], Safety.SAFE)
            yield Finding(
                self.code,
                self.message.format(clear=event_code(clear, model), opt=clear.target, n=source.code(count.args[0])),
                clear.anchor,
                fix=fix,
                related=(around,),
            )

    # `if (i + 1) % N == 0: step` with a clear on every micro-batch ---------------------
    def _check_manual(self, acc: Accumulation, model: ModuleModel) -> Iterator[Finding]:
        loop = acc.loop.node
        if handled_by_hand_per_micro_batch(acc, model, anywhere=True):
            if not handled_by_hand_per_micro_batch(acc, model) and not any(e.kind is EventKind.GRAD_READ for e in acc.loop.events):
                # the only gradient handling is a plain clear by hand (`for p in model.parameters():
                # p.grad = None`): on every micro-batch it wipes the window like `zero_grad()`
                yield from self._check_by_hand(acc, model)
            return  # gradients read or written by hand (clipped per micro-batch into a buffer...)
        for clear in acc.clears:
            over_list = _over_the_optimizers(clear, loop)
            if not _within_the_mode_guards(clear, acc) or (clear.loops_within(loop) and not over_list):
                continue
            if _skipped_by_continue(clear, loop, acc):
                continue  # `if not need_update: continue` first (timm): it clears at window ends only
            target = _cleared_optimizer(clear, acc, model)
            fix: Fix | None = None
            if target is not None:
                # a told window has no `if` of its own to move the clear into: no fix
                fix = None if over_list or acc.told else self._fix(acc, clear, target, model)
            else:
                target = _trained_module_cleared(clear, acc, model)
                if target is None:
                    continue
            if over_list:
                target = event_code(clear, model).rsplit(".zero_grad", 1)[0]  # `o` of `for o in opts: o.zero_grad()`
            yield Finding(
                self.code,
                self._message(acc, event_code(clear, model), target, model),
                clear.anchor,
                fix=fix,
                related=(loop,),
            )

    def _message(self, acc: Accumulation, clear: str, target: str, model: ModuleModel) -> str:
        source = model.source
        if acc.told:
            step = acc.steps[0]
            call = source.code(step.via[0] if step.via else step.node).split("(", 1)[0]  # (MAE's scaler steps in its `__call__`)
            return self.told_message.format(clear=clear, scaler=call, opt=target, test=source.code(acc.periodic.comparison))
        if not acc.by_one:
            return self.counted_message.format(clear=clear, opt=target, test=source.code(acc.periodic.comparison))
        return self.message.format(clear=clear, opt=target, n=source.code(acc.periodic.n))

    def _check_by_hand(self, acc: Accumulation, model: ModuleModel) -> Iterator[Finding]:
        """`for p in model.parameters(): p.grad = None` outside the window's `if`, `model` the
        module the one accumulating optimizer was built over: reported at the `for`, no fix."""
        loop = acc.loop.node
        if len(acc.targets) != 1:
            return
        target = next(iter(acc.targets))
        seen: set[int] = set()
        for clear in acc.clears:
            if clear.scope is not ClearScope.PARAMETERS or not clear.direct or clear.branches_within(loop):
                continue
            inner = clear.loops_within(loop)
            if len(inner) != 1 or not isinstance(inner[0], ast.For) or id(inner[0]) in seen:
                continue
            iterable = inner[0].iter
            if not (isinstance(iterable, ast.Call) and method_name(iterable) == "parameters" and isinstance(iterable.func, ast.Attribute)):
                continue
            module = dotted(iterable.func.value)
            if module is None or not built_over(target, module, model):
                continue
            seen.add(id(inner[0]))
            yield Finding(
                self.code,
                self._message(acc, event_code(clear, model), target, model),
                inner[0],
                related=(loop,),
            )

    def _fix(self, acc: Accumulation, clear: GradEvent, target: str, model: ModuleModel) -> Fix | None:
        if acc.guarded:
            return None  # the window is what follows a `continue` guard: no block of its own to clear in
        statement = single_call_statement(clear, model.source)
        if statement is None or not clear.direct:
            return None
        if isinstance(acc.loop.node, FUNCTIONS) and _stepped_elsewhere(target, acc.loop.node, model):
            # a step function: another function of the file steps the optimizer too (an
            # epoch-end flush in a sibling method) and would need its own clear after it
            return None
        stepping = {id(s) for step in acc.steps for s in step.path}
        for stmt in getattr(acc.node, "body", []):
            if id(stmt) in stepping:
                break
            if leaves(stmt):
                # `if not torch.isfinite(norm): skipped += 1; continue` before the step: a clear
                # moved after the step would never run on that path, and the bad window's
                # gradients would stay for every window after it
                return None
        edits = clear_edits(acc, target, statement_lines(model.source, statement), model)
        if edits is None:
            return None
        return Fix([RemoveStatement(statement, keep_comments=False), *edits], Safety.SAFE)

    # `model.zero_grad()` inside `with accelerator.accumulate(model):` -------------------
    def _check_accelerate(self, loop: TrainingLoop, model: ModuleModel) -> Iterator[Finding]:
        events = owned_events(loop, model)
        yield from self._check_clear_before_backward(loop, events, model)
        yield from self._check_unprepared(loop, events, model)
        for clear in events:
            if clear.kind is not EventKind.CLEAR or clear.scope is not ClearScope.MODEL or not clear.direct:
                continue
            block = library_accumulation(clear)
            if block is None or clear.branches_within(loop.node) or clear.loops_within(loop.node):
                continue
            steps = {
                e.target
                for e in events
                if e.kind is EventKind.STEP and e.target is not None and library_accumulation(e) is block
            }
            prepared = {key for key in steps if not _plain_optimizer(key, model)}
            if not _accumulated_module(clear.target or "", block, prepared, model):
                continue  # another module (a probe updated by hand): its clear is its own business
            fix = None
            if len(steps) == 1 and steps == prepared:
                fix = self._model_clear_fix(clear, events, block, next(iter(steps)), model, loop.node)
            yield Finding(
                self.code,
                self.accelerate_message.format(clear=model.source.code(clear.node)),
                clear.node,
                fix=fix,
                related=(loop.node,),
            )


    def _check_trainer_hooks(self, model: ModuleModel) -> Iterator[Finding]:
        """An HF `Trainer` subclass's `training_step` override that clears the Trainer's model or
        optimizer: the Trainer calls it once per micro-batch and steps and clears at window ends
        itself, so the clear wipes what the window accumulated. Reported when the class reads
        the accumulation count (`self.args.gradient_accumulation_steps`): accumulation is meant."""
        from gradfix.analysis.frameworks import Effect, framework_of

        facts = model.facts
        source = model.source
        for class_name, node in facts.classes.items():
            entry = framework_of(node, facts.imports.qualify)
            if entry is None or entry.manual_switch is not None or not {Effect.CLEARS, Effect.STEPS} <= set(entry.framework_effects):
                continue  # (a framework that steps and clears around its hook by itself, always)
            if "gradient_accumulation_steps" not in source.segment(node):
                continue
            for hook, role in entry.hooks.items():
                info = facts.methods.get(class_name, {}).get(hook)
                if role != "training-step" or info is None:
                    continue
                function = info.node
                params = [a.arg for a in function.args.args]
                model_param = params[1] if len(params) > 1 else None
                cleared_names = {"self.optimizer", "self.model", "self.model_wrapped", model_param}
                calls = [n for n in ast_walk(function) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)]
                if any(c.func.attr == "step" for c in calls):  # type: ignore[attr-defined]
                    continue  # the override steps something itself: its clears may be its own
                if any(isinstance(n, (*FUNCTIONS, ast.Lambda)) and n is not function for n in ast_walk(function)):
                    continue
                for call in calls:
                    if call.func.attr != "zero_grad" or dotted(call.func.value) not in cleared_names:  # type: ignore[attr-defined]
                        continue
                    statement = next(
                        (st for st in ast_walk(function) if isinstance(st, ast.Expr) and st.value is call), None
                    )
                    fix = None
                    if statement is not None and source.alone_on_lines(statement) and len(source.block_of(statement) or ()) > 1:
                        fix = Fix([RemoveStatement(statement, keep_comments=False)], Safety.SAFE)
                    yield Finding(
                        self.code,
                        self.trainer_hook_message.format(
                            clear=source.code(call), hook=hook, framework=entry.qualname.rsplit(".", 1)[-1]
                        ),
                        call,
                        fix=fix,
                    )

    def _check_lightning_hooks(self, model: ModuleModel) -> Iterator[Finding]:
        """A clear at the top level of a LightningModule's `training_step` or
        `on_train_batch_start` under automatic optimization, while the file hands its calls
        `accumulate_grad_batches=` values other than the literal 1 (a `Trainer(...)`, or a factory of one):
        Lightning runs both hooks on every micro-batch and clears by itself at each window's
        first, so the clear wipes the window's earlier micro-batches and each step applies the
        last one's gradient alone
        (tests/libraries/test_lightning.py::test_clear_in_on_train_batch_start_wipes_the_accumulation_window).
        The clears read: `self.zero_grad()`, `self.optimizers().zero_grad()`, the same through a
        name the hook binds once to `self.optimizers()`. Silent when the file names
        `automatic_optimization`, or a class of it overrides `optimizer_zero_grad` or
        `optimizer_step` (the user's clear may then be the only one). The fix removes the clear
        (a `pass` in its place when it is the hook's only statement)."""
        from gradfix.analysis.frameworks import framework_through_file

        facts = model.facts
        source = model.source
        if "automatic_optimization" in source.text or any(
            "optimizer_zero_grad" in methods or "optimizer_step" in methods for methods in facts.methods.values()
        ):
            return
        if not _accumulates_lightning_batches(model):
            return
        for class_name, node in facts.classes.items():
            entry = framework_through_file(node, facts.classes, facts.imports.qualify)
            if entry is None or entry.manual_switch != "automatic_optimization":
                continue
            for hook, role in entry.hooks.items():
                info = facts.methods.get(class_name, {}).get(hook)
                if role not in ("training-step", "batch-start-hook") or info is None or info.node.decorator_list:
                    continue
                body = info.node.body
                fetched = {
                    t.id
                    for st in body
                    if isinstance(st, ast.Assign) and _fetches_optimizers(st.value)
                    for t in st.targets
                    if isinstance(t, ast.Name)
                }
                fetched = {n for n in fetched if sum(1 for sub in ast_walk(info.node) if isinstance(sub, ast.Name) and sub.id == n and not isinstance(sub.ctx, ast.Load)) == 1}
                for stmt in body:
                    call = stmt.value if isinstance(stmt, ast.Expr) else None
                    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "zero_grad"):
                        continue
                    receiver = call.func.value
                    if not (
                        (isinstance(receiver, ast.Name) and (receiver.id == "self" or receiver.id in fetched))
                        or _fetches_optimizers(receiver)
                    ):
                        continue
                    fix = None
                    if source.alone_on_lines(stmt):
                        fix = Fix([RemoveStatement(stmt, keep_comments=False) if len(body) > 1 else ReplaceNode(stmt, "pass", stmt)], Safety.SAFE)
                    yield Finding(
                        self.code,
                        self.trainer_hook_message.format(clear=source.code(call), hook=hook, framework=entry.qualname.rsplit(".", 1)[-1]),
                        call,
                        fix=fix,
                    )

    def _check_callback_hooks(self, model: ModuleModel) -> Iterator[Finding]:
        """A clear of the trainer's model at the top level of a hook that a callback table calls
        after each backward that ends no window (role `"micro-batch-end"`: transformers'
        `TrainerCallback.on_substep_end`, never called with `gradient_accumulation_steps=1`), in
        a class whose base is that table's callback class (also through base classes of the
        file): `model.zero_grad()` of the `model` the trainer passes (a parameter,
        `kwargs["model"]`, `kwargs.get("model")`, a name bound once to one of those). Each step
        then applies its window's last micro-batch only
        (tests/libraries/test_transformers.py::test_clear_in_the_substep_end_hook_wipes_the_windows_earlier_micro_batches).
        The optimizer's clear there is not read: the Trainer's optimizer is Accelerate's, whose
        `zero_grad` does nothing between a window's micro-batches (the same test). The fix removes
        the clear (the trainer clears its model after each step)."""
        from gradfix.analysis.frameworks import callback_classes, callback_hooks
        from gradfix.transforms.gf002_zero_grad_between_backward_and_step import _callback_receivers

        for _, _, hooks, entry in callback_classes(model.facts, callback_hooks("micro-batch-end")):
            passed = {k: v for k, v in entry.arguments if v == "model"}
            for hook in hooks:
                node = hook.node
                if not isinstance(node, ast.FunctionDef) or node.decorator_list or entry.hooks.get(node.name) != "micro-batch-end":
                    continue
                receivers = _callback_receivers(node, passed)
                for stmt in node.body:
                    call = stmt.value if isinstance(stmt, ast.Expr) else None
                    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "zero_grad"):
                        continue
                    if receivers.get(model.source.code(call.func.value).replace(" ", "")) != "model":
                        continue
                    yield Finding(
                        self.code,
                        self.callback_hook_message.format(clear=model.source.code(call), hook=node.name),
                        call,
                        fix=Fix([RemoveStatement(stmt, keep_comments=False)], Safety.SAFE),
                    )

    def _check_ignite_handlers(self, model: ModuleModel) -> Iterator[Finding]:
        """`@trainer.on(Events.ITERATION_COMPLETED)` with `opt.zero_grad()` on a trainer of
        `create_supervised_trainer(model, opt, loss, gradient_accumulation_steps=N)`: the handler
        clears after every iteration, and the trainer's windows never hold more than one."""
        source = model.source
        if "create_supervised_trainer" not in source.text or "ITERATION_" not in source.text:
            return
        trainers: dict[str, str] = {}  # trainer key -> the optimizer it steps
        for node in source.nodes:
            if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.value, ast.Call)):
                continue
            call = node.value
            if not (model.facts.imports.qualify(dotted(call.func)) or "").endswith("create_supervised_trainer"):
                continue
            info = model.facts.info(source.key(node.targets[0]))
            count = info.accumulation if info is not None else None
            if count is None or (isinstance(count, ast.Constant) and count.value == 1):
                continue
            given = call.args[1] if len(call.args) > 1 else next((k.value for k in call.keywords if k.arg == "optimizer"), None)
            if given is not None and dotted(given) is not None:
                trainers[source.key(node.targets[0])] = source.key(given)
        for node in source.nodes:
            if not isinstance(node, FUNCTIONS):
                continue
            for decorator in node.decorator_list:
                if not (isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Attribute) and decorator.func.attr == "on"):
                    continue
                trainer = dotted(decorator.func.value)
                event = dotted(decorator.args[0]) if decorator.args else None  # not `ITERATION_COMPLETED(every=N)`
                if trainer not in trainers or not event or event.rsplit(".", 1)[-1] not in ("ITERATION_COMPLETED", "ITERATION_STARTED"):
                    continue
                for call in ast_walk(node):
                    if isinstance(call, ast.Call) and method_name(call) == "zero_grad" and isinstance(call.func, ast.Attribute):
                        if dotted(call.func.value) == trainers[trainer]:
                            yield Finding(
                                self.code,
                                self.ignite_message.format(clear=source.code(call), trainer=trainer),
                                call,
                            )

    def _check_unprepared(self, loop: TrainingLoop, events: list[GradEvent], model: ModuleModel) -> Iterator[Finding]:
        """`opt.zero_grad()` and `opt.step()` inside `accelerator.accumulate()` with `opt` never
        passed to `accelerator.prepare()`: Accelerate holds back only prepared optimizers, so
        this one steps and clears on every micro-batch (and the backward still divides)."""
        for clear in events:
            if clear.kind is not EventKind.CLEAR or clear.scope is not ClearScope.OPTIMIZER or not clear.direct:
                continue
            block = library_accumulation(clear)
            if block is None or clear.branches_within(loop.node) or clear.loops_within(loop.node):
                continue
            target = clear.target or ""
            if not _plain_optimizer(target, model) or not _accumulates(block, model):
                continue
            if not any(e.kind is EventKind.STEP and e.target == target and library_accumulation(e) is block for e in events):
                continue
            yield Finding(
                self.code,
                self.unprepared_message.format(clear=model.source.code(clear.node), opt=target),
                clear.node,
                related=(loop.node,),
            )

    def _check_clear_before_backward(
        self, loop: TrainingLoop, events: list[GradEvent], model: ModuleModel
    ) -> Iterator[Finding]:
        """`optimizer.zero_grad()` at the start of an `accumulate` block: it acts on the window's
        last micro-batch, before that micro-batch's backward, and wipes the gradients the window's
        earlier micro-batches accumulated."""
        for index, clear in enumerate(events):
            if clear.kind is not EventKind.CLEAR or not clear.gated or not clear.direct:
                continue
            block = library_accumulation(clear)
            later = [e for e in events[index + 1 :] if library_accumulation(e) is block]
            backward = next((e for e in later if e.kind is EventKind.BACKWARD), None)
            step = next((e for e in later if e.kind is EventKind.STEP and e.target == clear.target), None)
            if backward is None or step is None or not step.gated:
                continue
            if clear.branches_within(loop.node) or clear.loops_within(loop.node):
                continue
            if any(e.kind is EventKind.BACKWARD and library_accumulation(e) is block for e in events[:index]):
                # a backward of the block runs before the clear (one objective after another, each
                # with its own step: `backward(l_cycle); opt.step(); opt.zero_grad(); backward(l_gan)`):
                # the clear keeps the earlier objective's gradients out of the next step, which
                # moving it would let in on every micro-batch; it is not at the window's start
                continue
            if _runs_deepspeed(block, model):
                continue  # the DeepSpeed engine accumulates and clears; the optimizer's `zero_grad()` is a no-op
            yield Finding(
                self.code,
                self.accelerate_start_message.format(clear=model.source.code(clear.node), opt=clear.target),
                clear.node,
                fix=self._move_after_step(clear, step, model, later, loop.node),
                related=(loop.node,),
            )

    def _model_clear_fix(
        self, clear: GradEvent, events: list[GradEvent], block: ast.AST, optimizer: str, model: ModuleModel, loop: ast.AST
    ) -> Fix | None:
        """`model.zero_grad()` becomes the optimizer's clear, which Accelerate skips between sync
        steps; but before a backward of the block it would still act on the window's last
        micro-batch and wipe the window: there the clear goes, when the block clears the optimizer
        after its step already, else no fix."""
        index = events.index(clear)
        later = [e for e in events[index + 1 :] if library_accumulation(e) is block]
        if not any(e.kind is EventKind.BACKWARD for e in later):
            return _replace_receiver(clear, optimizer)
        step = next((i for i, e in enumerate(later) if e.kind is EventKind.STEP and e.target == optimizer), None)
        source = model.source
        statement = single_call_statement(clear, source)
        if step is None or statement is None:
            return None
        if _cleared_after(later, later[step], optimizer, loop):
            return Fix([RemoveStatement(statement, keep_comments=False)], Safety.SAFE)  # cleared after the step already
        # no clear after the step: the optimizer's clear goes right after it
        anchor = single_call_statement(later[step], source) if later[step].direct else None
        call = clear.call
        if anchor is None or source.block_of(anchor) is not source.block_of(statement) or call is None:
            return None
        assert isinstance(call.func, ast.Attribute)
        text = source.segment(call)
        code = optimizer + text[len(source.segment(call.func.value)) :]
        return Fix([RemoveStatement(statement, keep_comments=False), InsertStatements(anchor, "after", new_statement(code))], Safety.SAFE)

    def _move_after_step(
        self, clear: GradEvent, step: GradEvent, model: ModuleModel, later: list[GradEvent], loop: ast.AST
    ) -> Fix | None:
        """The clear moves to right after the step; it is only removed when the block clears that
        optimizer after the step already, under the step's own branches (`optimizer.step();
        lr_scheduler.step(); optimizer.zero_grad(set_to_none=True)`)."""
        source = model.source
        statement = single_call_statement(clear, source)
        anchor = single_call_statement(step, source) if step.direct else None
        if statement is None or anchor is None or source.block_of(statement) is not source.block_of(anchor):
            return None
        if _cleared_after(later, step, clear.target, loop):
            return Fix([RemoveStatement(statement, keep_comments=False)], Safety.SAFE)  # cleared after the step already
        return Fix(
            [RemoveStatement(statement, keep_comments=False), InsertStatements(anchor, "after", statement_lines(source, statement))],
            Safety.SAFE,
        )


def _fetches_optimizers(node: ast.AST) -> bool:
    """`self.optimizers()`, called with no argument."""
    return (
        isinstance(node, ast.Call) and not node.args and not node.keywords and isinstance(node.func, ast.Attribute)
        and node.func.attr == "optimizers" and isinstance(node.func.value, ast.Name) and node.func.value.id == "self"
    )


def _accumulates_lightning_batches(model: ModuleModel) -> bool:
    """Some call of the file is handed `accumulate_grad_batches=` a value other than the
    literal 1 (`pl.Trainer(accumulate_grad_batches=4)`, `make_trainer(accumulate_grad_batches=ACCUM)`),
    and none the literal 1 (a file fitting without accumulation too: which module each
    trainer fits is not followed)."""
    values = [
        kw.value
        for node in ast_walk(model.source.tree)
        if isinstance(node, ast.Call)
        for kw in node.keywords
        if kw.arg == "accumulate_grad_batches"
    ]
    return bool(values) and not any(isinstance(v, ast.Constant) and v.value == 1 for v in values)


def _cleared_after(later: list[GradEvent], step: GradEvent, optimizer: str | None, loop: ast.AST) -> bool:
    """The block clears `optimizer` after `step`, written in the loop, under the step's own
    branches and in no nested loop: whenever the step runs, so does that clear (not `if i % 100
    == 0: opt.zero_grad()`)."""
    branches = [(id(b.node), b.kind) for b in step.branches_within(loop)]
    return any(
        e.kind is EventKind.CLEAR
        and e.target == optimizer
        and e.direct
        and not e.loops_within(loop)
        and [(id(b.node), b.kind) for b in e.branches_within(loop)] == branches
        for e in later[later.index(step) + 1 :]
    )


def _runs_deepspeed(block: ast.AST, model: ModuleModel) -> bool:
    """The accelerator of `with accelerator.accumulate(...)` is built with a DeepSpeed plugin
    (`Accelerator(deepspeed_plugin=...)`): the prepared optimizer is Accelerate's DeepSpeed
    wrapper, whose `zero_grad()` and `step()` do nothing (the engine accumulates over its own
    `gradient_accumulation_steps` and clears by itself)."""
    if "deepspeed_plugin" not in model.source.text:
        return False
    for item in block.items:  # type: ignore[attr-defined]
        expr = item.context_expr
        if isinstance(expr, ast.Call) and method_name(expr) == "accumulate" and isinstance(expr.func, ast.Attribute):
            key = dotted(expr.func.value)
            return key is not None and any(
                kw.arg in ("deepspeed_plugin", "deepspeed_plugins") and not (isinstance(kw.value, ast.Constant) and kw.value.value is None)
                for call in assigned_calls(model, key) for kw in call.keywords
            )
    return False


def _accumulates(block: ast.AST, model: ModuleModel) -> bool:
    """The accelerator of `with accelerator.accumulate(...)` was given an accumulation count
    that is not the literal 1 (without one, `accumulate` syncs every step)."""
    for item in block.items:  # type: ignore[attr-defined]
        expr = item.context_expr
        if isinstance(expr, ast.Call) and method_name(expr) == "accumulate" and isinstance(expr.func, ast.Attribute):
            key = dotted(expr.func.value)
            info = model.facts.info(key) if key is not None else None
            count = info.accumulation if info is not None else None
            return count is not None and not (isinstance(count, ast.Constant) and count.value == 1)
    return False


def _plain_optimizer(key: str, model: ModuleModel) -> bool:
    """Built by an optimizer constructor and never handed to `accelerator.prepare()`: its
    clears and steps run on every micro-batch, Accelerate does not gate them."""
    info = model.facts.info(key)
    if info is None or info.kind != "optimizer" or info.library is not None or not info.strong:
        return False
    # bound from `accelerator.prepare(...)` somewhere too (`model, opt = accelerator.prepare(model,
    # SGD(...))`, the optimizer built inline), while another function binds the name to a plain
    # one: which binding the loop sees is not read here
    for stmt in model.source.of_type(ast.Assign):
        value = stmt.value  # type: ignore[attr-defined]
        if isinstance(value, ast.Call) and method_name(value) == "prepare":
            for target in stmt.targets:  # type: ignore[attr-defined]
                names = target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target]
                if any(dotted(n) is not None and model.source.key(n) == key for n in names):
                    return False
    return True


def _accumulated_module(key: str, block: ast.AST, steps: set[str], model: ModuleModel) -> bool:
    """The module cleared is what the `accumulate(...)` block accumulates: the block's own
    argument (`accelerator.accumulate(model)`), or a module whose parameters a prepared
    optimizer the block steps (only on sync steps) was built over."""
    source = model.source
    for item in getattr(block, "items", ()):
        call = item.context_expr
        if isinstance(call, ast.Call) and _is_accumulate(call):
            for arg in [*call.args, *(kw.value for kw in call.keywords)]:
                if dotted(arg) is not None and source.key(arg) == key:
                    return True
    return any(built_over(step, key, model) for step in steps)


def _is_accumulate(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and method_name(node) == "accumulate"


def _replace_receiver(clear: GradEvent, optimizer: str) -> Fix | None:
    call = clear.call
    if call is None or not isinstance(call.func, ast.Attribute):
        return None
    return Fix([ReplaceNode(call.func.value, optimizer, clear.statement)], Safety.SAFE)


def _skipped_by_continue(clear: GradEvent, loop: ast.AST, acc: Accumulation | None = None) -> bool:
    """A statement of the loop body before the clear's may end the iteration early (an `if`
    holding a `continue` of this loop), or one of the step function it runs in returns early
    (`if (i + 1) % N != 0: return`): the clear does not run on every micro-batch. Not a guard
    that skips a bad batch before anything backpropagates (`if torch.isnan(x).any(): continue`)
    and tests nothing the window's test reads: the micro-batches it skips add no gradient, and
    every one that does runs the clear."""
    if clear.helpers and not clear.foreign and _returns_before(clear, clear.helpers[-1], acc):
        return True
    body = getattr(loop, "body", [])
    top = next((stmt for stmt in clear.path if any(stmt is s for s in body)), None)
    if top is None:
        return False
    for index, stmt in enumerate(body):
        if stmt is top:
            return False
        if isinstance(stmt, ast.If) and (leaves(stmt) if isinstance(loop, FUNCTIONS) else _continues(stmt)):
            if acc is not None and not isinstance(loop, FUNCTIONS) and _skips_a_bad_batch(stmt, index, body, acc):
                continue
            return True  # (a step function walked as an iteration ends one by returning)
    return False


def _skips_a_bad_batch(guard: ast.If, index: int, body: list[ast.stmt], acc: Accumulation, function: ast.AST | None = None) -> bool:
    """`guard` (the `index`-th statement of the loop body, or of the body of `function`, a
    step function the loop runs on each micro-batch) ends the iteration before its first
    backward, holds no gradient event, is no window guard, and its test reads no name the
    window's test reads nor one the body binds from such a name before it."""
    if acc.guarded or acc.split or not acc.backwards:
        return False
    if function is not None:
        # (an event's path ends at the loop's call of the function: its place in the function
        # is its line, in the function's own lines)
        def within(event: object, stmt: ast.stmt) -> bool:
            line = getattr(getattr(event, "node", None), "lineno", None)
            return line is not None and any(helper is function for helper in getattr(event, "helpers", ())) and stmt.lineno <= line <= (stmt.end_lineno or stmt.lineno)
    else:
        def within(event: object, stmt: ast.stmt) -> bool:
            return any(s is stmt for s in event.path)  # type: ignore[attr-defined]
    for event in acc.loop.events:
        if within(event, guard):
            return False  # a backward, step or clear in the guard itself
    for event in acc.backwards:
        top = next((i for i, stmt in enumerate(body) if within(event, stmt)), None)
        if top is None or top <= index:
            return False
    window = {n.id for n in ast.walk(acc.node.test) if isinstance(n, ast.Name)}
    if not window:
        return False
    # a name the loop never binds (the window's size, `ACCUM`) says nothing about the counter:
    # a name bound from it (`loss = criterion(out, y) / ACCUM`) is not bound from the counter
    stored = {n.id for n in ast.walk(acc.loop.node if function is None else function) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
    if function is not None:
        if not any(n is acc.node for n in ast.walk(function)):
            return False  # (the window is the loop's: what the function's names count is not read)
        arguments = function.args  # type: ignore[attr-defined]
        stored |= {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}
    counting = window & stored
    indexed = _indexed_sequence(acc.loop.node) if function is None else None
    for stmt in body[:index]:
        if isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and stmt.value is not None:
            if indexed is not None and _item_of(stmt.value, indexed):
                continue  # `x, y = batches[i]` under `while i < len(batches)`: the iteration's item, as `for x, y in batches`
            if any(isinstance(n, ast.Name) and n.id in counting for n in ast.walk(stmt.value)):
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                counting |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    window |= counting
    return not any(isinstance(n, ast.Name) and n.id in window for n in ast.walk(guard.test))


def _indexed_sequence(loop: ast.AST) -> tuple[str, str] | None:
    """(counter, sequence) of a loop that walks a sequence by index: `while i < len(batches):`
    or `for i in range(len(batches)):`."""
    if isinstance(loop, ast.While):
        test = loop.test
        if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Lt)):
            return None
        counter, bound = test.left, test.comparators[0]
    elif isinstance(loop, ast.For) and isinstance(loop.iter, ast.Call) and isinstance(loop.iter.func, ast.Name):
        if loop.iter.func.id != "range" or len(loop.iter.args) != 1 or loop.iter.keywords:
            return None
        counter, bound = loop.target, loop.iter.args[0]
    else:
        return None
    if not (isinstance(counter, ast.Name) and isinstance(bound, ast.Call) and isinstance(bound.func, ast.Name)):
        return None
    if bound.func.id != "len" or len(bound.args) != 1 or bound.keywords or not isinstance(bound.args[0], ast.Name):
        return None
    return counter.id, bound.args[0].id


def _item_of(value: ast.expr, indexed: tuple[str, str]) -> bool:
    """`value` is `sequence[counter]`, the item the loop is at."""
    return (
        isinstance(value, ast.Subscript)
        and isinstance(value.value, ast.Name) and value.value.id == indexed[1]
        and isinstance(value.slice, ast.Name) and value.slice.id == indexed[0]
    )  # fmt: skip


def _stepped_elsewhere(target: str, function: ast.AST, model: ModuleModel) -> bool:
    """`target.step(` (or a scaler's step of it) is written outside `function` in the file."""
    source = model.source
    text = source.text
    start, end = source.start(function), source.end(function)
    last = target.rsplit(".", 1)[-1]
    for pattern in (f"{last}.step(", f".step({last})", f".step({target})"):
        at = text.find(pattern)
        while at >= 0:
            if not start <= at < end:
                line_end = text.find("\n", at)
                following = text[line_end + 1 : text.find("\n", line_end + 1)] if line_end >= 0 else ""
                if f"{last}.zero_grad(" not in following:
                    return True  # (a flush that clears right after its step needs nothing more)
            at = text.find(pattern, at + 1)
    return False


def _returns_before(event: GradEvent, function: ast.AST, acc: Accumulation | None = None) -> bool:
    """An `if` of the function's own body before the statement holding the event returns; but
    not one that skips a bad batch as `_skips_a_bad_batch` reads it (`if not
    torch.isfinite(loss): return` in a step function whose window counts a parameter, `i`)."""
    line = getattr(event.node, "lineno", 0)
    body = getattr(function, "body", [])
    for index, stmt in enumerate(body):
        if stmt.lineno <= line <= (stmt.end_lineno or stmt.lineno):
            return False
        if isinstance(stmt, ast.If) and leaves(stmt):
            if acc is not None and _skips_a_bad_batch(stmt, index, body, acc, function):
                continue
            return True
    return False


def _continues(node: ast.AST) -> bool:
    stack = list(child_nodes(node))
    while stack:
        current = stack.pop()
        if isinstance(current, ast.Continue):
            return True
        if isinstance(current, (ast.For, ast.AsyncFor, ast.While, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue  # its `continue` is its own
        stack.extend(child_nodes(current))
    return False


def _trained_module_cleared(clear: GradEvent, acc: Accumulation, model: ModuleModel) -> str | None:
    """`model.zero_grad()` on every micro-batch, the one accumulating optimizer built where
    gradfix cannot see (a parameter: `run_epoch(model, loader, optimizer)`), and `model` run in
    the iteration's forward: whatever else the optimizer holds, the model's share of the window
    is wiped. (No fix: which clear the optimizer needs is not known.)"""
    if clear.scope is not ClearScope.MODEL or not clear.direct or clear.target is None or len(acc.targets) != 1:
        return None
    target = next(iter(acc.targets))
    info = model.facts.info(target)
    if info is not None and info.params is not None:
        return None  # built over something gradfix sees: `_cleared_optimizer` said it is not this module
    text = model.source.segment(acc.loop.node)
    if not re.search(r"(?<![\w.])" + re.escape(clear.target) + r"\s*\(", text):
        return None
    return target


def _over_the_optimizers(clear: GradEvent, loop: ast.AST) -> bool:
    """`for o in opts: o.zero_grad()` in the iteration itself: one `for` over a list of
    optimizers that does nothing but clear each (reported without a fix)."""
    inner = clear.loops_within(loop)
    if len(inner) != 1 or not isinstance(inner[0], ast.For) or clear.target is None or not clear.target.endswith("[*]"):
        return False
    body = inner[0].body
    return len(body) == 1 and body[0] is clear.statement and not inner[0].orelse and clear.direct


def _within_the_mode_guards(clear: GradEvent, acc: Accumulation) -> bool:
    """The clear runs on every micro-batch the window counts: under no `if` of the iteration,
    or only under the mode tests around the whole window (`if optimizer is not None:` / `if
    train:` of a function that runs both training and evaluation epochs)."""
    within = clear.branches_within(acc.loop.node)
    if len(within) != acc.guards:
        return False
    if not within:
        return True
    around = acc.steps[0].branches_within(acc.loop.node)
    return len(around) >= acc.guards and all(
        within[k].node is around[k].node and within[k].kind == around[k].kind for k in range(acc.guards)
    )


def _cleared_optimizer(clear: GradEvent, acc: Accumulation, model: ModuleModel) -> str | None:
    """The accumulating optimizer whose gradients the clear wipes, if we are sure of it."""
    if clear.scope is ClearScope.OPTIMIZER:
        return clear.target if clear.target in acc.targets else None
    if clear.scope is ClearScope.MODEL and clear.target is not None and len(acc.targets) == 1:
        target = next(iter(acc.targets))
        if built_over(target, clear.target, model) or _built_over_a_part(target, clear.target, model):
            return target
    return None


def _built_over_a_part(optimizer: str, module: str, model: ModuleModel) -> bool:
    """The optimizer was built over a part of the module (`SGD(net[1].parameters())`,
    `Adam(model.head.parameters())`): `net.zero_grad()` clears every parameter it steps."""
    info = model.facts.info(optimizer)
    if info is None or info.params is None:
        return False
    text = model.source.code(info.params)
    return text.startswith((module + ".", module + "[")) and text.endswith(".parameters()") and "(" not in text[len(module) : -len(".parameters()")]


def _chunk_loop(loop: ast.For | ast.While) -> bool:
    """A loop over the chunks of one batch (`while start < batch_size:`, `for xs, ys in
    zip(x.split(n), y.split(n)):`) that runs every pass: nothing in it leaves early (a `break`
    ends a retry loop, `while True: opt.zero_grad(); ...; if ok: break`, whose clear drops
    the failed tries on purpose)."""
    return not any(isinstance(node, (ast.Break, ast.Return, ast.Raise)) for node in ast_walk(loop))


def _binds_receiver(target: ast.expr, key: str) -> bool:
    """The `for` target binds the cleared optimizer (`for opt in optimizers:`)."""
    head = key.split(".", 1)[0].split("[", 1)[0]
    return any(isinstance(node, ast.Name) and node.id == head for node in ast_walk(target))


def _clear_then_backward(events: list[GradEvent]) -> GradEvent | None:
    """The one optimizer clear written in the loop itself, followed only by backwards of the loop
    itself (no gradient read after it: a clear before a per-chunk read keeps each chunk's
    gradient apart), with nothing before it stepping or clearing that optimizer."""
    own = [e for e in events if e.kind is EventKind.CLEAR and e.direct]
    if len(own) != 1:
        return None
    clear = own[0]
    index = events.index(clear)
    after = events[index + 1 :]
    if not after or any(e.kind is not EventKind.BACKWARD or not e.direct for e in after):
        return None
    if any(e.kind in (EventKind.STEP, EventKind.CLEAR) and e.target == clear.target for e in events[:index]):
        return None
    return clear
