from __future__ import annotations

import re

from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import EventKind, GradEvent, TrainingLoop
from gradfix.analysis.names import dotted, last_name
from gradfix.patterns import lazily
from gradfix.transforms._common import training_loop_ids
from gradfix.transforms._placement import (
    can_jump_over,
    siblings,
    statements_between,
    unit_holds_only,
)
from gradfix.transforms.apply import statement_lines
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
    `get_*_schedule*`, ...) or their name.

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

    ## Fix safety
    Safe. The `scheduler.step()` statement (or the compound statement around it in the block it
    shares with the step, such as an `if scheduler is not None:`) moves, with its comments, to
    right after the statement that holds the optimizer step in that block, so it keeps its
    frequency: a per-epoch step at the top of the epoch loop moves after that epoch's batch
    loop, never into it.

    A `scheduler.step()` written in the loop itself (not in a helper, not in a nested training
    loop) is reported when it takes no argument; the scheduler is recognised by its construction
    (`torch.optim.lr_scheduler.*`, `get_*_schedule*`, names with `schedul`, `warmup` or ending in
    `LR`) or, when gradfix sees no construction, by its name; it schedules an optimizer the loop
    steps (the one it was built over, or the loop's only optimizer); that optimizer has not
    stepped earlier in the iteration and neither has this scheduler; the next step of that
    optimizer (not an engine step) comes later in the iteration; and the scheduler step runs
    whenever the optimizer step runs (no condition of its own, except a test that names the
    scheduler, such as `if scheduler is not None`).

    It is reported without a fix when the scheduler step and the optimizer step share no block,
    a later step of the optimizer sits outside the statement the scheduler step would follow,
    the moved statement holds another gradient event, shares its lines or could jump out of its
    block, or a statement it would jump over reads or writes a name it uses.

    Not reported: `step(metric)` (`ReduceLROnPlateau`) and `step(epoch)` calls; diffusion noise
    schedulers (`noise_scheduler.step(noise_pred, t, latents)`, names or constructors with
    `noise`, `DDPM`, `DDIM`, `Euler`, `DPM`, `PNDM`, `LMS`, `Karras`); schedulers built over
    another optimizer; a scheduler built from a class of the project that does not derive from a
    PyTorch scheduler (a base class gradfix cannot read is taken for one): its `step()` sets the
    learning rate its own way, and a warmup that counts from 1 is stepped first on purpose; a
    `scheduler.step()` before the loop (resuming); schedulers stepped inside helpers; and loops
    that call code gradfix cannot see into that may clear, step or backpropagate. PyTorch's own
    schedulers (and classes derived from them) are judged by PyTorch's contract whatever the
    schedule: a `LambdaLR` whose lambda is written for a `step()` before the optimizer's is moved
    like any other.
    """

    code = "GF012"
    name = "scheduler-before-optimizer"
    message = "`{sched}` runs before `{opt}.step()` in the same iteration: the first learning rate is skipped"
    safety = Safety.SAFE

    def check_loop(self, loop: TrainingLoop, model: ModuleModel) -> Iterator[Finding]:
        training = training_loop_ids(model)
        events = loop.events
        stepped = {e.target for e in events if e.kind is EventKind.STEP and not e.engine and e.target}
        for index, sched in enumerate(events):
            if sched.kind is not EventKind.SCHEDULER_STEP or not sched.direct or not loop.owns(sched, training):
                continue
            if not _is_lr_scheduler_step(sched, model):
                continue
            optimizer = _scheduled_optimizer(sched, model, stepped)
            if optimizer is None:
                continue
            if any(e.kind is EventKind.STEP and e.target == optimizer for e in events[:index]):
                continue  # the optimizer already stepped in this iteration
            if any(e.kind is EventKind.SCHEDULER_STEP and e.target == sched.target for e in events[:index]):
                continue
            step = next((e for e in events[index + 1 :] if e.kind is EventKind.STEP and e.target == optimizer), None)
            if step is None or step.engine or not _unconditional_enough(sched, step, loop, model):
                continue
            yield Finding(
                self.code,
                self.message.format(sched=model.source.code(sched.node), opt=optimizer),
                sched.node,
                fix=self._fix(loop, sched, step, events[index + 1 :], model),
                related=(loop.node,),
            )

    def _fix(
        self, loop: TrainingLoop, sched: GradEvent, step: GradEvent, later: list[GradEvent], model: ModuleModel
    ) -> Fix | None:
        pair = siblings(sched, step, loop.node)
        if pair is None:
            return None
        unit, anchor = pair.first, pair.second
        if not unit_holds_only(unit, sched, loop, model.source):
            return None
        # every later step of that optimizer must sit in (or before) the anchor
        for event in later:
            if event.kind is EventKind.STEP and event.target == step.target and not any(s is anchor for s in event.path):
                return None
        jumped = [*statements_between(pair.block, pair.first_index, pair.second_index), anchor]
        if not can_jump_over(unit, jumped):
            return None
        return Fix(
            [
                RemoveStatement(unit, keep_comments=False),
                InsertStatements(anchor, "after", statement_lines(model.source, unit)),
            ],
            Safety.SAFE,
        )


def _is_lr_scheduler_step(event: GradEvent, model: ModuleModel) -> bool:
    call = event.call
    if call is None or call.args or call.keywords:
        return False  # step(metric), step(epoch), noise_scheduler.step(pred, t, x)
    key = event.target or ""
    if _NOT_LR_SCHEDULE.search(last_name(key)):
        return False
    info = model.facts.info(key)
    if info is not None and info.constructor is not None:
        constructor = info.constructor
        if _NOT_LR_SCHEDULE.search(constructor) and not constructor.startswith("diffusers.optimization."):
            return False  # diffusers' noise schedulers; `diffusers.optimization` holds its LR schedules
        if _own_schedule(constructor, model):
            return False  # a class of the project that sets the learning rate its own way
        return bool(_LR_SCHEDULER_CONSTRUCTOR.search(constructor))
    return info is None or info.kind == "scheduler"


# PyTorch's schedulers: a class derived from one keeps its `step()` contract (the first
# value is used before the first `step()`).
_TORCH_SCHEDULERS = {
    "_LRScheduler", "LRScheduler", "LambdaLR", "MultiplicativeLR", "StepLR", "MultiStepLR", "ConstantLR",
    "LinearLR", "ExponentialLR", "SequentialLR", "CosineAnnealingLR", "ChainedScheduler", "CyclicLR",
    "CosineAnnealingWarmRestarts", "OneCycleLR", "PolynomialLR",
}  # fmt: skip


def _own_schedule(constructor: str, model: ModuleModel) -> bool:
    """`constructor` is a class defined in this module (or another module of the project) that
    does not derive from a PyTorch scheduler: its `step()` does what its code says (a warmup
    that counts from 1 is stepped first on purpose), not what PyTorch's schedulers do."""
    facts = model.facts
    located: tuple[object, str] | None = None
    if constructor in facts.classes:
        located = (facts, constructor)
    elif facts.project is not None and "." in constructor.lstrip("."):
        found = facts.project.class_named(constructor, model.source.path or None)
        if found is not None:
            located = (found[0].facts, found[1])
    if located is None:
        return False
    return not _derives_from_torch_scheduler(located[0], located[1], 0)  # type: ignore[arg-type]


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


def _scheduled_optimizer(sched: GradEvent, model: ModuleModel, stepped: set[str]) -> str | None:
    """The optimizer the scheduler was built over, or the only optimizer the loop steps."""
    info = model.facts.info(sched.target or "")
    if info is not None and info.params is not None:
        key = model.source.key(info.params)
        if key in stepped:
            return key
        if model.facts.optimizer_evidence(key):
            return None  # built over another optimizer
        # `get_scheduler("linear", optimizer=...)`: the first argument is not the optimizer
    if len(stepped) == 1:
        return next(iter(stepped))
    return None


def _unconditional_enough(sched: GradEvent, step: GradEvent, loop: TrainingLoop, model: ModuleModel) -> bool:
    """Runs whenever the step runs: under no condition of its own, except a test of the
    scheduler's own presence (`if scheduler is not None`)."""
    name = last_name(sched.target or "")
    shared = {(id(b.node), b.kind) for b in step.branches_within(loop.node)}
    for branch in sched.branches_within(loop.node):
        if (id(branch.node), branch.kind) in shared:
            continue
        if branch.kind != "if" or branch.test is None or name not in model.source.code(branch.test):
            return False
    return True
