from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.accumulation import accumulations
from gradfix.analysis.by_hand import handled_by_hand_per_micro_batch
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import EventKind
from gradfix.analysis.names import dotted, method_name, positional, receiver
from gradfix.source import FUNCTIONS
from gradfix.transforms._common import branch_prefix, owned_events
from gradfix.transforms.base import Finding, Rule, Safety
from gradfix.transforms.gf010_clip_after_step import ClipAfterStep, _measures_only
from gradfix.walk import ast_walk

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from gradfix.analysis.accumulation import Accumulation
    from gradfix.analysis.model import GradEvent, TrainingLoop
    from typing import Iterator

_CLIPS = ("clip_grad_norm_", "clip_grad_value_")


class ClipInsideAccumulationWindow(Rule):
    """
    Gradients are clipped on every micro-batch of an accumulation window, before the window's step.

    ## What it does
    Finds `torch.nn.utils.clip_grad_norm_(...)` or `clip_grad_value_(...)` (any name gradfix
    reads as torch's clip) run on every micro-batch of a gradient-accumulation loop, after its
    backward and outside the periodic `if` that steps the optimizer (`if (i + 1) % accum ==
    0:`), while the gradients add up over the window (the optimizer is cleared only at the
    window's end).

    ## Why is this bad?
    Between two steps `.grad` holds a partial sum: the gradients of the window's micro-batches
    so far. Clipping it on every micro-batch clips each partial sum, and what the step applies
    is neither the window's gradient nor that gradient clipped: with `clip_grad_norm_`, a large
    first micro-batch is scaled down and the ones after it are added unscaled, and the result
    depends on the order of the micro-batches; the norm the clip returns is a partial one. The
    window's gradient is meant to be clipped once, as a whole, right before the step (as
    Hugging Face's Trainer and Accelerate's `sync_gradients` test do).

    ## Example
    ```python
    for i, (x, y) in enumerate(loader):
        loss = criterion(model(x), y) / accum_steps
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        if (i + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
    ```

    ## Use instead
    ```python
    for i, (x, y) in enumerate(loader):
        loss = criterion(model(x), y) / accum_steps
        loss.backward()
        if (i + 1) % accum_steps == 0:
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            optimizer.zero_grad()
    ```

    ## Fix safety
    The fix moves the clip's statement (with the comments above it) into the window's `if`,
    right before the step, as GF010 moves a clip written before the backward. It is safe when
    it is the plain step of one optimizer (no `GradScaler`: with one, the clip belongs after
    `scaler.unscale_(optimizer)` in the window, GF013's business), the clip is a statement of
    its own whose value is not kept (a kept norm would change meaning and may be read on every
    micro-batch), nothing it moves over reads or writes what it uses, and no step after the
    loop flushes the last micro-batches (that flush would then apply them unclipped).
    Otherwise it is reported without a fix.

    Not reported when the optimizer (or the model) is cleared on every micro-batch (each
    micro-batch's gradient is clipped on its own, and added into a buffer by hand: DP-SGD),
    when the iteration reads or writes `.grad` itself or hands the gradients to code gradfix
    does not see, when the clip runs under a test the step does not share, for a clip before
    the backward or after the step (GF010), for a clip whose threshold is infinite (it only
    measures), inside `accelerator.accumulate()` (GF010 reports it), or for an engine's step.
    """

    code = "GF030"
    name = "clip-inside-accumulation-window"
    message = (
        "`{clip}` runs on every micro-batch, but `{opt}.step()` runs only when the accumulation window "
        "ends: it clips partial sums of the window's gradient; clip right before the step, in the window's `if`"
    )
    safety = Safety.SAFE

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        if "clip_grad" not in model.source.text or "%" not in model.source.text:
            return  # (no clip of torch's, or no periodic window to read)
        if not any(e.kind is EventKind.CLIP for loop in model.loops for e in loop.events):
            return  # (no loop clips: no window to read)
        seen: set[int] = set()
        for acc in accumulations(model):
            loop = acc.loop
            if loop.is_unknown or acc.split or acc.guarded or not acc.backwards or not acc.steps:
                continue
            if any(s.engine or s.gated for s in acc.steps):
                continue  # (DeepSpeed's engine; a prepared optimizer inside `accumulate()`: GF010)
            for clip in _partial_sum_clips(acc, model):
                if id(clip.node) in seen:
                    continue
                seen.add(id(clip.node))
                step = acc.steps[0]
                yield Finding(
                    self.code,
                    self.message.format(clip=model.source.code(clip.node), opt=step.target),
                    clip.anchor,
                    fix=_fix(acc, clip, step, model),
                    related=(loop.node,),
                )


def _partial_sum_clips(acc: Accumulation, model: ModuleModel) -> Iterator[GradEvent]:
    """The clips of torch's, written in the loop itself, that run after a backward of every
    micro-batch and before the window's step, outside the window's `if`, whenever the step
    may run, while nothing but the window clears the gradients or handles them by hand."""
    loop: TrainingLoop = acc.loop
    node = loop.node
    events = owned_events(loop, model)
    clips = [
        e for e in events
        if e.kind is EventKind.CLIP and e.direct and isinstance(e.node, ast.Call)
        and (dotted(e.node.func) or "").rpartition(".")[2] in _CLIPS
    ]  # fmt: skip
    if not clips:
        return
    for clear in acc.clears:
        if not any(stmt is acc.node for stmt in clear.path):
            return  # cleared on every micro-batch: each one's gradient is clipped alone (GF011's, or meant)
    if any(e.kind in (EventKind.UNSCALE, EventKind.AUTOGRAD_GRAD, EventKind.UNKNOWN) for e in events):
        return
    if handled_by_hand_per_micro_batch(acc, model, anywhere=True):
        return
    order = {id(e): i for i, e in enumerate(events)}
    backwards = [order[id(b)] for b in acc.backwards if id(b) in order]
    steps = [order[id(s)] for s in acc.steps if id(s) in order]
    if not backwards or not steps:
        return
    for clip in clips:
        at = order[id(clip)]
        if any(stmt is acc.node for stmt in clip.path) or clip.loops_within(node):
            continue  # in the window (or in a loop of its own)
        if not (min(backwards) < at < min(steps)):
            continue  # before the backward or after the step: GF010's
        if _measures_only(clip, model):
            continue
        if not all(branch_prefix(clip, s, node) for s in acc.steps):
            continue  # under a test of its own the step does not share (`if not sync: clip`)
        yield clip


def _fix(acc: Accumulation, clip: GradEvent, step: GradEvent, model: ModuleModel):  # type: ignore[no-untyped-def]
    """The clip moved right before the step, in the window's `if`: GF010's move of a clip
    written before the backward. None (report only) with a scaler, several optimizers or
    steps, a kept norm, or a flush after the loop."""
    if len(acc.steps) != 1 or len(acc.targets) != 1 or not step.direct or step.call is None:
        return None
    if positional(step.call) or method_name(step.call) != "step":
        return None  # `scaler.step(optimizer)`: the clip belongs after `unscale_` (GF013)
    if not isinstance(clip.statement, ast.Expr):
        return None  # `norm = clip_grad_norm_(...)`: the norm is kept
    if _flushed_after(acc, step, model):
        return None
    return ClipAfterStep._fix(acc.loop, clip, step, list(acc.steps), model, moving_up=False)  # type: ignore[arg-type]


def _flushed_after(acc: Accumulation, step: GradEvent, model: ModuleModel) -> bool:
    """A statement after the loop, in the function (or module) holding it, steps the same
    optimizer (`if (i + 1) % N != 0: optimizer.step()`): the flush of the last micro-batches."""
    source = model.source
    node = acc.loop.node
    owner = source.owner_of(node)  # type: ignore[arg-type]
    while owner is not None and not isinstance(owner, (*FUNCTIONS, ast.Module)):
        owner = source.owner_of(owner)  # type: ignore[arg-type]
    scope = owner if owner is not None else source.tree
    target = dotted(receiver(step.call)) if step.call is not None else None  # type: ignore[arg-type]
    end = getattr(node, "end_lineno", 0)
    for found in ast_walk(scope):
        if isinstance(found, ast.Call) and method_name(found) == "step" and getattr(found, "lineno", 0) > end:
            if dotted(receiver(found)) == target:  # type: ignore[arg-type]
                return True
    return False
