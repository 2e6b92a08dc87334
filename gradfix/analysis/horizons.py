"""Schedulers whose horizon is counted in one unit and stepped in the other (GF020).

A learning-rate schedule built over a number of steps reaches its end after that many
`scheduler.step()` calls. When the number is literally the batch count (`T_max=len(loader)`,
`total_steps=epochs * len(loader)`, `steps_per_epoch=len(loader)`) and `step()` runs once per
epoch, the schedule barely moves; when it is the epoch count (`T_max=args.epochs`) and
`step()` runs every batch, it ends (or restarts) inside the first epoch.

`mismatched_schedulers(model)` reads, for each scheduler stepped in a training loop, the
constructor's horizon arguments and the level its `step()` runs at relative to the optimizer
step: in the epoch loop (outside the batch loop that steps the optimizer) or in the batch
loop itself. Only literal forms count: `len(...)` of the loader the batch loop iterates (or
a name bound once to such an expression), and a name whose last part says `epoch` (or the
epoch loop's own `range()` bound).
"""

from __future__ import annotations

from gradfix import syntax as ast
import re

from gradfix.analysis.assignments import Scope, assigned_values, assignments, dict_of_names, held_attribute, literal_kwargs
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import EventKind, GradEvent, TrainingLoop
from gradfix.analysis.modules import prepared_again
from gradfix.analysis.names import call_name, dotted, int_value, keyword, last_name, only_returned_call, positional
from gradfix.patterns import lazily
from gradfix.records import dataclass
from gradfix.source import FOR_LOOPS, FUNCTIONS
from gradfix.walk import ast_nodes, ast_walk, child_nodes, own_nodes

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator

# constructor -> horizon arguments (keyword, positional index)
HORIZONS: dict[str, tuple[tuple[str, int], ...]] = {
    "CosineAnnealingLR": (("T_max", 1),),
    "OneCycleLR": (("total_steps", 2), ("steps_per_epoch", 4)),
    "CyclicLR": (("step_size_up", 3),),
    "MultiStepLR": (("milestones", 1),),
    "StepLR": (("step_size", 1),),
    "LinearLR": (("total_iters", 3),),
    "PolynomialLR": (("total_iters", 1),),
    "CosineAnnealingWarmRestarts": (("T_0", 1),),
    "LambdaLR": (("lr_lambda", 1),),
    "get_linear_schedule_with_warmup": (("num_training_steps", 2),),
    "get_cosine_schedule_with_warmup": (("num_training_steps", 2),),
    "get_cosine_with_hard_restarts_schedule_with_warmup": (("num_training_steps", 2),),
    "get_polynomial_decay_schedule_with_warmup": (("num_training_steps", 2),),
    "get_scheduler": (("num_training_steps", 3),),
    # (its parts are read too: `_chained`)
    "SequentialLR": (("milestones", 2),),
    # timm's schedulers (`timm.scheduler`): stepped with `step(epoch)` once per epoch when
    # `t_in_epochs` is left true (`step_update` is then a no-op); read only in that form
    "CosineLRScheduler": (("t_initial", 1),),
    "TanhLRScheduler": (("t_initial", 1),),
    "PolyLRScheduler": (("t_initial", 1),),
}
# the timm schedulers among them: their `step()` takes the epoch (`sched.step(epoch + 1)`)
TIMM_EPOCH_STEPPED = frozenset({"CosineLRScheduler", "TanhLRScheduler", "PolyLRScheduler"})
# `any(name in text for name in HORIZONS)`, with one search for what ten of the names have in
# common and one for the other five (most candidate files name no scheduler: two searches of
# their text, not fifteen)
_HORIZONS_LR = tuple(name for name in HORIZONS if "LR" in name)
_HORIZONS_SCHEDULE = tuple(name for name in HORIZONS if "LR" not in name)


def _names_a_horizon(text: str) -> bool:
    return ("LR" in text and any(name in text for name in _HORIZONS_LR)) or (
        "chedul" in text and any(name in text for name in _HORIZONS_SCHEDULE)
    )


# Schedulers meant to step every batch whatever their arguments.
PER_BATCH = {"OneCycleLR", "CyclicLR"}
_EPOCH_NAME = lazily(r"epoch", re.I)
_LOADER_NAME = lazily(r"loader|batches|dataloader|train_iter|data_iter", re.I)


@dataclass(eq=False)
class Mismatch:
    loop: TrainingLoop  # the epoch loop
    scheduler: GradEvent  # the SCHEDULER_STEP event
    step: GradEvent  # the optimizer step it schedules
    batch_loop: ast.AST  # the loop between the epoch loop and the optimizer step
    constructor: ast.Call
    horizon: ast.expr | None  # the argument that says the horizon (None: CyclicLR's default)
    argument: str  # its keyword name
    counted_in: str  # "batches" | "epochs" | "default"
    stepped_per: str  # "epoch" | "batch" | "window" (beside the optimizer, once per accumulation window)
    # | "micro-batch" (every micro-batch while the optimizer steps once per window)


def mismatched_schedulers(model: ModuleModel) -> list[Mismatch]:
    text = model.source.text
    if (
        not _names_a_horizon(text) and '"](' not in text and "'](" not in text
        and (
            model.facts.project is None
            or not any("sched" in part.lower() for pair in model.facts.imports.aliases.items() for part in pair)
        )
    ):
        # (`SCHEDULERS["cos"](...)`: a class of a registry, maybe in another module; `from
        # lib.optim import make_scheduler`: a factory of another module, read there)
        return []
    out: list[Mismatch] = []
    seen: set[int] = set()
    for loop in model.loops:
        for event in loop.events:
            if event.kind is not EventKind.SCHEDULER_STEP or id(event.node) in seen or event.target is None:
                continue
            call = event.call
            if call is None:
                continue
            if call.args or call.keywords:
                # step(epoch), step(metric): a torch scheduler's `epoch` is deprecated and
                # `step(metric)` is a plateau's; timm's `step(epoch)` is its only form
                if "LRScheduler" not in text or not _steps_with_the_epoch(call, loop, model):
                    continue
            found = _mismatch(loop, event, model)
            if found is not None:
                seen.add(id(event.node))
                out.append(found)
    return out


def _mismatch(loop: TrainingLoop, sched: GradEvent, model: ModuleModel) -> Mismatch | None:
    scope: Scope = loop.function if loop.function is not None else model.source.tree
    if sched.helpers and (sched.target or "").startswith("self.") and _under_iterated_next(loop, sched):
        scope = sched.helpers[-1]  # `for value in TrainLoop(...)`: `self` is the iterated object
    elif sched.helpers and (sched.target or "").startswith("self."):
        scope = _override_scope(sched, scope, model)
    elif sched.helpers and (sched.target or "").startswith("cls."):
        scope = sched.helpers[-1]  # `cls.sched` of a class method the loop calls: read in that class
    built = _constructors(sched.target or "", scope, model)
    if not built and sched.helpers:
        closure = _free_in_a_closure(sched, model)
        if closure is not None:
            scope, built = closure, _constructors(sched.target or "", closure, model)
    if not built:
        return None
    # a scheduler bound in several places (`if args.sched == "cos": ... else: ...`): each one's
    # horizon must mismatch the stepping the same way
    given = sched.call is not None and bool(sched.call.args or sched.call.keywords)
    if any((kind in TIMM_EPOCH_STEPPED) != given for _, kind, _ in built):
        return None  # `step(epoch)` only of timm's (a torch scheduler's `step(epoch)` is deprecated: left)
    if given and any(not _timm_per_epoch(constructor, model) for constructor, _, _ in built):
        return None  # `t_in_epochs=False`: its `step(epoch)` does nothing, `step_update` steps it
    found = [_built_mismatch(loop, sched, constructor, kind, origin, scope, model) for constructor, kind, origin in built]
    if any(each is None for each in found) or len({each.counted_in for each in found}) != 1:  # type: ignore[union-attr]
        return None
    if given and found[0].stepped_per != "epoch":  # type: ignore[union-attr]
        return None  # timm's `step(epoch)` in the batch loop: it sets the epoch's rate, whatever the level
    return found[0]


def _without_the_dispatch(inside: tuple[ast.AST, ...], sched: GradEvent, model: ModuleModel) -> tuple[ast.AST, ...]:
    """`inside` without its last loop when that loop only dispatches the hook the step runs in:
    `for hook in self.hooks: hook.after_batch(self)`, the list read as `callback_hooks` reads
    it (each hook runs once per iteration of the loops around the dispatch)."""
    last, call = inside[-1], sched.via[0]
    if not (isinstance(last, ast.For) and isinstance(last.target, ast.Name) and not last.orelse and sched.helpers):
        return inside
    listed = dotted(last.iter)
    func = call.func
    if not (listed and listed.startswith("self.") and isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == last.target.id):
        return inside
    hook = sched.helpers[0]
    if any(key[1] == listed[5:] and key[2] == func.attr and any(info.node is hook for info in hooks) for key, hooks in model.callback_hooks.items()):
        return inside[:-1]
    return inside


def _steps_with_the_epoch(call: ast.Call, loop: TrainingLoop, model: ModuleModel) -> bool:
    """`sched.step(epoch)`, `sched.step(epoch + 1)` or `sched.step(epoch=epoch + 1)`: the one
    argument is the epoch loop's variable (or a name saying `epoch`), maybe plus a number."""
    if call.keywords and not (len(call.keywords) == 1 and call.keywords[0].arg == "epoch" and not call.args):
        return False
    if len(call.args) + len(call.keywords) != 1:
        return False
    value = call.args[0] if call.args else call.keywords[0].value
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add):
        if isinstance(value.right, ast.Constant) and isinstance(value.right.value, int):
            value = value.left
        elif isinstance(value.left, ast.Constant) and isinstance(value.left.value, int):
            value = value.right
    if not isinstance(value, ast.Name):
        return False
    node = loop.node
    if isinstance(node, FOR_LOOPS):
        target = node.target
        if isinstance(target, ast.Tuple) and target.elts:
            target = target.elts[0]  # `for epoch, _ in enumerate(...)`
        if isinstance(target, ast.Name) and target.id == value.id:
            return True
    return bool(_EPOCH_NAME.search(value.id)) and not re.search(r"step|iter|batch|update", value.id, re.I)


def _timm_per_epoch(constructor: ast.Call, model: ModuleModel) -> bool:
    """A timm scheduler whose `t_in_epochs` is left true (not given, or `True` written)."""
    given = _argument(constructor, "t_in_epochs", 99, model)
    return given is None or (isinstance(given, ast.Constant) and given.value is True)


def _free_in_a_closure(sched: GradEvent, model: ModuleModel) -> Scope | None:
    """The closure the loop calls that steps the scheduler (`step`, defined in `main()` and
    handed back to a loop under the main guard: `model, begin, step, end = main()`) when the
    scheduler is a free name of it: bound only in the functions around it, none of which
    declares it `nonlocal` or `global`. The closure is where its construction is read."""
    helper = sched.helpers[-1]
    target = sched.target or ""
    index = assignments(model)
    outer = index.parent_scope.get(id(helper))
    if not target.isidentifier() or not isinstance(outer, FUNCTIONS) or not isinstance(helper, FUNCTIONS):
        return None
    if any(isinstance(node, (ast.Global, ast.Nonlocal)) and target in node.names for node in ast_walk(outer)):
        return None
    if any(isinstance(node, ast.arg) and node.arg == target for node in ast_walk(helper.args)):
        return None
    found = index.bindings(target, helper)
    if not found or any(binding.scope is helper for binding in found):
        return None
    return helper


def _override_scope(sched: GradEvent, scope: Scope, model: ModuleModel) -> Scope:
    """Where `self.<attr>` of a scheduler stepped in a hook is read: the hook's own method when
    the loop of a base class runs it on an object of a subclass of the file (`BaseTrainer.fit()`
    calling `self.on_epoch_end()`, which `Trainer` overrides to step `self.sched`, bound in
    `Trainer.__init__`); else the loop's function."""
    hook = sched.helpers[-1]
    index = assignments(model)
    below = index.class_of_scope.get(id(hook))
    above = index.class_of_scope.get(id(scope))
    if below is None or above is None or below == above or sched.foreign:
        return scope
    return hook if index.derives_from(below, above) else scope


def _built_mismatch(
    loop: TrainingLoop, sched: GradEvent, constructor: ast.Call, kind: str, origin: ast.Call, scope: Scope, model: ModuleModel,
) -> Mismatch | None:
    within = _Within(loop.node)
    if origin in within:
        return None  # a new schedule each epoch
    if kind in ("ChainedScheduler", "SequentialLR"):
        # its parts are read where it is built (`self.scheduler = SequentialLR(...)` in `__init__`)
        built_in = next((b.scope for b in assignments(model).by_key.get(sched.target or "", []) if b.value is origin), scope)
    if kind == "ChainedScheduler":
        parts = _chained(constructor, built_in, model)
    elif kind == "SequentialLR":
        # the schedulers it runs one after the other, and the milestones where it switches
        parts = _chained(constructor, built_in, model, 1)
        parts = parts + [(constructor, kind)] if parts else []
    else:
        parts = [(constructor, kind)]
    if not parts or any(part in within for part, _ in parts):
        return None
    optimizer = _optimizer(sched, parts[0][0], loop, model)
    steps = [e for e in loop.events if e.kind is EventKind.STEP and e.target == optimizer and not e.engine]
    if not steps:
        return None
    inside = sched.loops_within(loop.node)
    if inside and model.callback_hooks and sched.via:
        inside = _without_the_dispatch(inside, sched, model)
    step_loops = {tuple(id(lp) for lp in s.loops_within(loop.node)) for s in steps}
    if len(step_loops) != 1:
        return None
    step = steps[0]
    step_inner = step.loops_within(loop.node)
    if not inside and step_inner:
        stepped_per = "epoch"
        batch_loop = step_inner[0]
        if len(step_inner) != 1:
            return None
    elif inside and step_inner and inside == step_inner and len(inside) == 1:
        stepped_per = "batch"
        batch_loop = inside[0]
        shared = {id(b.node) for b in step.branches}
        if any(id(b.node) not in shared and not _present(b, sched.target) for b in sched.branches_within(batch_loop)):
            return None  # a condition of its own (`if i == len(loader) - 1:`): maybe once per epoch
    elif not inside and not step_inner and _next_draws_one_batch(loop, sched, step):
        stepped_per, batch_loop = "batch", loop.node
    elif not inside and not step_inner:
        driven = _step_driven(loop, sched, step, model)
        if driven is None:
            return None
        stepped_per, batch_loop = driven, loop.node
    else:
        return None
    found: Mismatch | None = None
    # where the scheduler is built (`self.scheduler = ...` in `__init__`): its horizon's names are read there
    built = next((b.scope for b in assignments(model).by_key.get(sched.target or "", ()) if b.value is origin), None)
    for part, part_kind in parts:
        judged = _judge(part, part_kind, loop, sched, step, batch_loop, stepped_per, scope, model, built)
        if judged == "consistent":
            return None  # (a chained scheduler one part of which counts the stepping's unit: which is meant is unclear)
        if found is None and isinstance(judged, Mismatch):
            found = judged
    return found


class _Within:
    """`node in _Within(loop)`: the node is one of the loop's own nodes. A node whose lines lie
    outside the loop's is not one (a node's lines are within its parent's): answered without a
    walk (the constructor is most often built before the loop); else the loop's nodes are
    walked once, for every question."""

    __slots__ = ("loop", "ids")

    def __init__(self, loop: ast.AST) -> None:
        self.loop = loop
        self.ids: set[int] | None = None

    def __contains__(self, node: ast.AST) -> bool:
        line, last = getattr(node, "lineno", None), getattr(node, "end_lineno", None)
        first, end = getattr(self.loop, "lineno", None), getattr(self.loop, "end_lineno", None)
        if line is not None and last is not None and first is not None and end is not None and (line > end or last < first):
            return False
        if self.ids is None:
            self.ids = {id(each) for each in ast_nodes(self.loop)}
        return id(node) in self.ids


def _chained(constructor: ast.Call, scope: Scope, model: ModuleModel, place: int = 0) -> list[tuple[ast.Call, str]]:
    """The schedulers a `ChainedScheduler([...])` steps together (or a `SequentialLR(opt,
    [...], milestones)` one after the other: their list is its argument `place` 1), each
    written in its list (or a name bound once to it), that have a horizon to read; [] when one
    is not known."""
    given = keyword(constructor, "schedulers")
    args = positional(constructor)
    listed = given.value if given is not None else (args[place] if len(args) > place else None)
    if not isinstance(listed, (ast.List, ast.Tuple)) or not listed.elts:
        return []
    parts: list[tuple[ast.Call, str]] = []
    for element in listed.elts:
        call = element
        if isinstance(element, ast.Name):
            call = assignments(model).single_value(element.id, scope)  # type: ignore[assignment]
        if not isinstance(call, ast.Call):
            return []
        if isinstance(call.func, ast.Name) and call.func.id in model.facts.classes and call.func.id not in model.facts.module_functions:
            # a warm-up class of the file subclassing `LambdaLR` (`WarmupLinear(opt, warmup, t_total)`)
            if _lambda_subclass_horizons(call, model) is None:
                return []
            parts.append((call, LAMBDA_SUBCLASS))
            continue
        name = model.facts.imports.qualify(call_name(call)) or ""
        last = name.rsplit(".", 1)[-1]
        if last in HORIZONS and last != "SequentialLR" and _library_scheduler(name, last, model):
            parts.append((call, last))
        elif last not in _NO_HORIZON or not _library_scheduler(name, last, model):
            return []  # a scheduler of unknown horizon
    return parts


# torch schedulers in a `ChainedScheduler` that say nothing of the unit the other parts count in
# (`ConstantLR`'s `total_iters` is a warmup of either unit)
_NO_HORIZON = {"ConstantLR", "ExponentialLR", "MultiplicativeLR"}


def _judge(
    constructor: ast.Call, kind: str, loop: TrainingLoop, sched: GradEvent, step: GradEvent,
    batch_loop: ast.AST, stepped_per: str, scope: Scope, model: ModuleModel, built: Scope | None = None,
) -> Mismatch | str | None:
    """The mismatch of one scheduler's horizon with the level it steps at; "consistent" when
    its horizon counts that level's unit; None when it says nothing."""
    if stepped_per == "batch" and kind != "LambdaLR" and isinstance(batch_loop, FOR_LOOPS) and batch_loop.iter.__class__ is ast.Call:  # type: ignore[attr-defined]
        chunked = _chunk_mismatch(constructor, kind, loop, sched, step, batch_loop, model)
        if chunked is not None:
            return chunked
    outer = _iterated_keys(loop.node, model)
    if kind == LAMBDA_SUBCLASS:
        given = _lambda_subclass_horizons(constructor, model) or []
        if outer and any(_counts(part, outer, model) for _, part in given):
            return "consistent"
        first: dict[str, tuple[str, ast.expr]] = {}
        for param, part in given:
            unit = _counted_in(part, batch_loop, loop, scope, model, built)
            if unit is not None:
                first.setdefault(unit, (param, part))
        if len(first) != 1:
            return None  # (nothing said, or both units: which is meant is unclear)
        counted, (param, part) = first.popitem()
        if (counted == "batches") == (stepped_per == "batch"):
            return "consistent"
        return Mismatch(loop, sched, step, batch_loop, constructor, part, param, counted, stepped_per)
    for argument, index in HORIZONS[kind]:
        value = _argument(constructor, argument, index, model)
        if value is None:
            continue
        parts = _lambda_horizons(value, model) if kind == "LambdaLR" else [value]
        if outer and any(_counts(part, outer, model) for part in parts):
            return "consistent"  # `len(loader)` of the loader this loop iterates: its iterations are the batches (time steps inside)
        units = {_counted_in(part, batch_loop, loop, scope, model, built) for part in parts} - {None}
        counted = units.pop() if len(units) == 1 else None  # a lambda mixing both units says nothing
        if counted is None and argument == "steps_per_epoch" and _argument(constructor, "total_steps", 2, model) is None:
            # `OneCycleLR(opt, max_lr, epochs=EPOCHS, steps_per_epoch=8)`: its horizon is `epochs *
            # steps_per_epoch` steps, whatever spells the count; more than one a epoch counts batches
            count = _literal_count(value, scope, model)
            counted = "batches" if count is not None and count > 1 else None
        if counted is None:
            continue
        if counted == "batches" and stepped_per == "batch" and kind != "LambdaLR" and _window_of_micro_batches(value, step, sched, scope, model, built):
            # `num_training_steps=len(loader) * epochs` stepped beside the optimizer under an
            # accumulation window: the horizon counts micro-batches, the schedule one per window
            return Mismatch(loop, sched, step, batch_loop, constructor, value, argument, counted, "window")
        if counted == "batches" and stepped_per == "batch" and kind != "LambdaLR" and _micro_batches_over_windows(value, batch_loop, step, sched, scope, model, built):
            # `T_max=EPOCHS * len(loader) // ACCUM` (optimizer steps) stepped on every micro-batch
            # beside a window's `if (i + 1) % ACCUM == 0: opt.step()`: the reverse of a window's
            # scheduler over micro-batches, the schedule runs out after 1/ACCUM of the training
            return Mismatch(loop, sched, step, batch_loop, constructor, value, argument, counted, "micro-batch")
        if (counted == "batches") == (stepped_per == "batch"):
            return "consistent"
        if argument == "steps_per_epoch" and stepped_per == "batch":
            continue
        return Mismatch(loop, sched, step, batch_loop, constructor, value, argument, counted, stepped_per)
    if kind == "CyclicLR" and stepped_per == "epoch" and _argument(constructor, "step_size_up", 3, model) is None:
        return Mismatch(loop, sched, step, batch_loop, constructor, None, "step_size_up", "default", stepped_per)
    return None


def _chunk_mismatch(
    constructor: ast.Call, kind: str, loop: TrainingLoop, sched: GradEvent, step: GradEvent, batch_loop: ast.AST, model: ModuleModel
) -> Mismatch | None:
    """The batch loop runs over chunks of a list, `for i in range(0, len(batches), accum):`
    (a step that is no literal 1), the optimizer and the scheduler stepping once per chunk
    (`run_window(batches[i:i + accum])`), while the horizon counts `len(batches)` undivided (no
    division anywhere in it, nor the chunk's size): the schedule advances once per chunk and
    reaches only a fraction of its curve, as for an accumulation window."""
    call = batch_loop.iter  # type: ignore[attr-defined]
    if call_name(call) != "range" or len(call.args) != 3 or call.keywords:
        return None
    bound, stride = call.args[1], call.args[2]
    if not (bound.__class__ is ast.Call and call_name(bound) == "len" and len(bound.args) == 1 and dotted(bound.args[0]) is not None):
        return None
    if int_value(stride) is not None and int_value(stride) <= 1 or dotted(stride) is None and int_value(stride) is None:
        return None
    if any(e.kind is EventKind.STEP and not _inside(e, batch_loop) for e in (step,)) or not _inside(sched, batch_loop):
        return None
    listed = model.source.key(bound.args[0])
    size = dotted(stride)
    for argument, index in HORIZONS[kind]:
        value = _argument(constructor, argument, index, model)
        if value is None or not _counts(value, {listed}, model):
            continue
        if any(
            isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Div, ast.FloorDiv, ast.Mod, ast.RShift))
            or size is not None and isinstance(node, (ast.Name, ast.Attribute)) and dotted(node) == size
            for node in ast_walk(value)
        ):
            return None
        return Mismatch(loop, sched, step, batch_loop, constructor, value, argument, "batches", "window")
    return None


def _inside(event: GradEvent, batch_loop: ast.AST) -> bool:
    """The event runs once per iteration of `batch_loop` (in its body, or a helper its body calls,
    under no loop of its own inside it nor any `if`)."""
    loops = [lp for lp in event.loops]
    return bool(loops) and loops[-1] is batch_loop and not event.branches


def _counted_window(step: GradEvent, model: ModuleModel):  # type: ignore[no-untyped-def]
    """The accumulation window whose steps hold `step`, when it is counted one micro-batch at a
    time, told by no library, neither split nor guarded, and holds more than one micro-batch
    (a literal count of 2 or more, or a name); else None."""
    from gradfix.analysis.accumulation import accumulations

    window = next((acc for acc in accumulations(model) if any(s.node is step.node for s in acc.steps)), None)
    if window is None or window.told or window.split or window.guarded or not window.by_one:
        return None
    if window.periodic.n_value is not None and window.periodic.n_value < 2:
        return None
    return window


def _window_of_micro_batches(
    value: ast.expr, step: GradEvent, sched: GradEvent, scope: Scope, model: ModuleModel, built: Scope | None = None,
) -> bool:
    """The optimizer steps once per accumulation window of micro-batches (`if (i + 1) % accum
    == 0: opt.step(); sched.step()`, the window counted one micro-batch at a time, more than one
    in it), the scheduler steps under the same window's `if`, and the batch-counted horizon
    divides by nothing, nor names the window's count, down to its names' one bindings
    (`total = len(loader) * epochs`): it counts micro-batches, the schedule advances once per
    window, and reaches only a fraction of its curve (a linear decay never gets near zero)."""
    if not model.loops or step.via or sched.via:
        return False
    window = _counted_window(step, model)
    if window is None:
        return False
    periodic = window.periodic
    if not any(branch.node is window.node for branch in sched.branches):
        return False
    count = last_name(periodic.n_key)
    for node in _down_one_bindings(value, scope, model, built):
        if node is None:
            return False  # more bindings than the walk reads
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Div, ast.FloorDiv, ast.Mod, ast.RShift)):
            return False
        if isinstance(node, (ast.Name, ast.Attribute)) and isinstance(node.ctx, ast.Load):
            key = dotted(node)
            if key is not None and (key == periodic.n_key or last_name(key) == count):
                return False
    return True


def _micro_batches_over_windows(
    value: ast.expr, batch_loop: ast.AST, step: GradEvent, sched: GradEvent, scope: Scope, model: ModuleModel,
    built: Scope | None = None,
) -> bool:
    """The optimizer steps once per accumulation window of micro-batches (`if (i + 1) % accum
    == 0: opt.step()`, counted one micro-batch at a time, more than one in it), the scheduler
    steps on every micro-batch of the same batch loop (under no `if`), and the horizon divides
    by the window's count (`len(loader) * epochs // accum`, down to its names' one bindings,
    also where the scheduler is built, `built`):
    it counts optimizer steps, the schedule advances once per micro-batch and runs out after
    a fraction of the training (a cosine climbs back, a linear decay sits at zero)."""
    if not model.loops or step.via or sched.via or not _inside(sched, batch_loop):
        return False
    if not step.loops or step.loops[-1] is not batch_loop:
        return False
    window = _counted_window(step, model)
    if window is None:
        return False
    periodic = window.periodic
    count = last_name(periodic.n_key)
    for node in _down_one_bindings(value, scope, model, built):
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Div, ast.FloorDiv)):
            key = dotted(node.right)
            if key is not None and (key == periodic.n_key or last_name(key) == count):
                return True
    return False


def _down_one_bindings(value: ast.expr, scope: Scope, model: ModuleModel, built: Scope | None) -> Iterator[ast.AST | None]:
    """The nodes of `value`, then of the one value each name read there is bound to, and so on
    (a name not bound in `scope` is looked up in `built`, where the scheduler is built: a local
    of the method building it), up to eight values; then None when the bound left values unread.
    A caller deciding on a node stops the walk there (the bindings it has not reached are never
    looked up)."""
    todo, seen = [value], 0
    while todo and seen < 8:
        part = todo.pop()
        seen += 1
        for node in ast_walk(part):
            yield node
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                index = assignments(model)
                where = built if built is not None and not index.bindings(node.id, scope) else scope
                bound = index.single_value(node.id, where)
                if bound is not None:
                    todo.append(bound)
    if todo:
        yield None


def _under_iterated_next(loop: TrainingLoop, event: GradEvent) -> bool:
    """The event runs in the `__next__` of the object the loop iterates (written in this file),
    which the loop model runs each iteration (`for value in TrainLoop(model, loader):`)."""
    if not isinstance(loop.node, FOR_LOOPS) or event.foreign or not event.via or event.via[0] is not loop.node.iter:
        return False
    return isinstance(event.helpers[0], FUNCTIONS) and event.helpers[0].name == "__next__"  # type: ignore[attr-defined]


def _next_draws_one_batch(loop: TrainingLoop, sched: GradEvent, step: GradEvent) -> bool:
    """`for value in TrainLoop(model, loader):` whose `__next__` (of this file, run by the loop
    model each iteration) draws one batch with `next(...)`, loops over nothing itself, and runs
    a helper (`self.run(i, x, y)`) that steps the optimizer and then the scheduler under the
    same conditions: the scheduler steps once per batch."""
    if not _under_iterated_next(loop, sched) or step.foreign or sched.via != step.via:
        return False
    stepper = sched.helpers[0]
    if len(sched.via) < 2 or sched.helpers[-1] is not step.helpers[-1]:
        return False  # (the scheduler's step written in `__next__` itself: read as it stands)
    if {(id(b.node), b.kind) for b in sched.branches_within(loop.node)} != {(id(b.node), b.kind) for b in step.branches_within(loop.node)}:
        return False
    nodes = list(own_nodes(stepper))
    if any(isinstance(node, (ast.For, ast.AsyncFor, ast.While)) for node in nodes):
        return False
    return any(isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "next" for node in nodes)


def _step_driven(loop: TrainingLoop, sched: GradEvent, step: GradEvent, model: ModuleModel) -> str | None:
    """A loop over the steps themselves, no loop over the loader (`for step in range(max_steps):`
    drawing `next(it)`), that computes the position in the epoch as a statement of its own body
    (`epoch, i = divmod(step, steps_per_epoch)`, or `i = step % steps_per_epoch`), both steps
    written in it: "epoch" when the scheduler steps under one `if` of the body's own, testing
    that position against the epoch's last or first step and nothing else (`if i ==
    steps_per_epoch - 1:`, `if i == 0:`), the optimizer's step under no condition; "batch" when
    both step under no condition; else None."""
    node = loop.node
    if not (
        isinstance(node, ast.For) and isinstance(node.target, ast.Name) and isinstance(node.iter, ast.Call)
        and call_name(node.iter) == "range" and len(node.iter.args) == 1 and not node.iter.keywords
    ):  # fmt: skip
        return None
    if not sched.direct or not step.direct or step.branches_within(node) or sched.foreign:
        return None
    counter = node.target.id
    position = None
    for stmt in node.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            target, value = stmt.targets[0], stmt.value
            if (
                isinstance(target, ast.Tuple) and len(target.elts) == 2 and all(isinstance(e, ast.Name) for e in target.elts)
                and isinstance(value, ast.Call) and call_name(value) == "divmod" and len(value.args) == 2
                and isinstance(value.args[0], ast.Name) and value.args[0].id == counter and isinstance(value.args[1], ast.Name)
            ):  # fmt: skip
                position = (target.elts[1].id, value.args[1].id)  # type: ignore[attr-defined]
                break
            if (
                isinstance(target, ast.Name) and isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mod)
                and isinstance(value.left, ast.Name) and value.left.id == counter and isinstance(value.right, ast.Name)
            ):  # fmt: skip
                position = (target.id, value.right.id)
                break
    if position is None:
        return None
    index, size = position
    stored = {n.id for n in ast_walk(node) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
    if size in stored or sum(1 for n in ast_walk(node) if isinstance(n, ast.Name) and n.id == index and not isinstance(n.ctx, ast.Load)) != 1:
        return None  # (the epoch's size changes in the loop, or the position is bound again)
    branches = sched.branches_within(node)
    if not branches:
        return "batch"
    if len(branches) != 1 or branches[0].kind != "if" or not any(branches[0].node is s for s in node.body):
        return None
    test = branches[0].test
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)):
        return None
    sides = [test.left, test.comparators[0]]
    if not any(isinstance(side, ast.Name) and side.id == index for side in sides):
        return None
    other = sides[1] if isinstance(sides[0], ast.Name) and sides[0].id == index else sides[0]
    last = (
        isinstance(other, ast.BinOp) and isinstance(other.op, ast.Sub) and isinstance(other.left, ast.Name)
        and other.left.id == size and isinstance(other.right, ast.Constant) and other.right.value == 1
    )  # fmt: skip
    first = isinstance(other, ast.Constant) and other.value == 0 and type(other.value) is int
    return "epoch" if last or first else None


def _literal_count(value: ast.expr, scope: Scope, model: ModuleModel) -> int | None:
    """An integer literal, or the one a name seen from `scope` is bound to by its only binding
    (`STEPS_PER_EPOCH = 8`)."""
    if isinstance(value, ast.Name):
        bindings = assignments(model).bindings(value.id, scope)
        if len(bindings) != 1:
            return None
        value = bindings[0].value  # type: ignore[assignment]
    elif isinstance(value, ast.Subscript):
        value = _entry(value, model)  # type: ignore[assignment]
    if isinstance(value, ast.Constant) and type(value.value) is int:
        return value.value
    return None


def _present(branch, target: str | None) -> bool:  # type: ignore[no-untyped-def]
    """The branch runs whenever the scheduler exists: `if scheduler is not None:` (or `if
    scheduler:`) around its own step, after a `scheduler = None` placeholder."""
    test = branch.test
    if branch.kind != "if" or test is None or target is None:
        return False
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.IsNot):
        right = test.comparators[0]
        return isinstance(right, ast.Constant) and right.value is None and dotted(test.left) == target
    return dotted(test) == target


def _constructors(key: str, scope: Scope, model: ModuleModel) -> list[tuple[ast.Call, str, ast.Call]]:
    """The torch schedulers `key` is built by where the loop sees it: (the constructor, its
    class, the call written where it is bound); one per binding (the arms of an `if`), [] when
    one is not known. A factory of the module (`build_scheduler(opt, EPOCHS)`) that returns a
    constructor is read as that constructor with its parameters replaced by the arguments."""
    bindings = assignments(model).bindings(key, scope)
    placeholders = [b for b in bindings if isinstance(b.value, ast.Constant) and b.value.value is None]
    if placeholders and len(placeholders) < len(bindings):
        # `scheduler = None` before `scheduler = OneCycleLR(...)` (built under a setting): the
        # placeholder says nothing about a horizon, and `None.step()` never runs
        bindings = [b for b in bindings if b not in placeholders]
    if len(bindings) > 1 and any(b.value is None for b in bindings):
        # `net, opt, sched = accelerator.prepare(net, opt, sched)` (or Fabric's `setup`) hands
        # the scheduler back at its own position: the horizon is the constructor's
        kept = [b for b in bindings if not (b.value is None and prepared_again(b, key, model))]
        if kept:
            bindings = kept
    if not bindings and key.count(".") == 1 and not key.startswith("self."):
        values = [_held_constructor(key, scope, model)]  # `callback.on_epoch_end()` stepping `self.scheduler`
    elif not bindings:
        values = [_passed_constructor(key, scope, model)]  # `train(net, loader, optimizer, scheduler)`
    elif len(bindings) == 1 and not isinstance(bindings[0].value, ast.Call):
        values = [_stored_constructor(bindings[0], model)]  # `Trainer(model, optimizer, scheduler)`
    else:
        values = [binding.value for binding in bindings]  # type: ignore[misc]
    found: list[tuple[ast.Call, str, ast.Call]] = []
    for value in values:
        if not isinstance(value, ast.Call):
            return []
        constructor = value
        if isinstance(value.func, ast.Name) and value.func.id in model.facts.classes and value.func.id not in model.facts.module_functions:
            # `WarmupLinearSchedule(opt, warmup_steps=100, t_total=len(loader) * epochs)`, a class
            # of the file subclassing `LambdaLR`: read through its `lr_lambda` method
            if _lambda_subclass_horizons(value, model) is None:
                return []
            found.append((value, LAMBDA_SUBCLASS, value))
            continue
        name = model.facts.imports.qualify(call_name(value)) or _registry_entry(value.func, model) or ""
        if isinstance(value.func, ast.Name) and value.func.id in model.facts.module_functions:
            constructor = _factory_built(value, model.facts.module_functions[value.func.id].node)  # type: ignore[assignment]
            if constructor is None:
                return []
            name = model.facts.imports.qualify(call_name(constructor)) or ""
        elif name and name.rsplit(".", 1)[-1] not in HORIZONS and "." in name and model.facts.project is not None:
            # `make_scheduler(optimizer, t_max=EPOCHS * len(loader))` imported from a module of
            # the project (`from lib.optim import make_scheduler`): read there, as a factory of the file
            defined = model.facts.project.definition(name, model.source.path or None)
            factory = defined[0].facts.module_functions.get(defined[1]) if defined is not None else None
            if factory is not None:
                built = _factory_built(value, factory.node)
                if built is not None:
                    constructor = built
                    name = defined[0].facts.imports.qualify(call_name(built)) or ""  # type: ignore[index]
        last = name.rsplit(".", 1)[-1]
        if (last not in HORIZONS and last != "ChainedScheduler") or not _library_scheduler(name, last, model):
            return []
        found.append((constructor, last, value))
    return found


def _factory_built(call: ast.Call, factory: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.Call | None:
    """`build_scheduler(opt, EPOCHS)` with `def build_scheduler(opt, epochs): return
    CosineAnnealingLR(opt, T_max=epochs)` (one statement, a `return` of a call, parameters never
    rebound): that call with each parameter replaced by what `call` passes for it (or its
    default); None otherwise."""
    returned = only_returned_call(factory)
    if returned is None:
        return None
    args = factory.args
    if args.vararg or args.kwarg or args.posonlyargs or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    if any(k.arg is None for k in call.keywords):
        return None
    names = [a.arg for a in args.args]
    defaults = dict(zip(names[len(names) - len(args.defaults) :], args.defaults))
    defaults.update((a.arg, d) for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None)
    passed: dict[str, ast.expr] = dict(zip(names, call.args))
    if len(call.args) > len(names):
        return None
    for k in call.keywords:
        passed[k.arg] = k.value  # type: ignore[index]
    values = {name: passed.get(name, defaults.get(name)) for name in (*names, *(a.arg for a in args.kwonlyargs))}
    if any(value is None for value in values.values()):
        return None

    class _Passed(ast.node_transformer()):
        def visit_Name(self, node: ast.Name) -> ast.expr:
            if node.id in values:
                if not isinstance(node.ctx, ast.Load):
                    raise ValueError(node.id)
                return values[node.id]  # type: ignore[return-value]
            return node

        def visit_Lambda(self, node: ast.Lambda) -> ast.expr:
            raise ValueError("lambda")

    import copy

    try:
        return _Passed().visit(copy.deepcopy(returned))  # type: ignore[no-any-return]
    except ValueError:
        return None


def _registry_entry(func: ast.expr, model: ModuleModel) -> str | None:
    """`SCHEDULERS["cos"]` with `SCHEDULERS = {"cos": CosineAnnealingLR, ...}` (a dict literal of
    this module, or of the project module it is imported from): the class of that entry,
    qualified where the dict is written."""
    if not (
        isinstance(func, ast.Subscript) and isinstance(func.value, ast.Name)
        and isinstance(func.slice, ast.Constant) and isinstance(func.slice.value, str)
    ):
        return None
    found = dict_of_names(func.value.id, model)
    if found is None:
        return None
    entries, where = found
    name = next((n for k, n in entries if k == func.slice.value), None)
    return (where.imports.qualify(name) or name) if name is not None else None  # type: ignore[attr-defined]


def _passed_constructor(key: str, scope: Scope, model: ModuleModel) -> ast.Call | None:
    """What a parameter of the loop's function holds when every call of the function in the
    module passes one name for it, bound once in the module to a call: that call."""
    if not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)) or "." in key:
        return None
    args = scope.args
    ordered = [a.arg for a in (*args.posonlyargs, *args.args)]
    if key not in ordered and key not in [a.arg for a in args.kwonlyargs]:
        return None
    sites = model.facts.call_site_args.get(scope.name)
    if not sites:
        return None
    passed = sites.get(key, set()) | (sites.get(str(ordered.index(key)), set()) if key in ordered else set())
    if len(passed) != 1:
        return None
    values = assigned_values(model, next(iter(passed)))
    return values[0] if len(values) == 1 and isinstance(values[0], ast.Call) else None


def _stored_constructor(binding, model: ModuleModel) -> ast.Call | None:  # type: ignore[no-untyped-def]
    """What `self.scheduler` holds when the class's `__init__` stores its parameter as it is
    (`self.scheduler = scheduler`, also in a tuple assignment) and every construction of the
    class in the module passes one name, bound once in the module to a call: that call."""
    from gradfix.analysis.samplers import assigned_pairs, call_sites

    stmt, owner = binding.statement, binding.class_name
    init = model.facts.methods.get(owner or "", {}).get("__init__")
    if init is None or binding.scope is not init.node:
        return None
    given = next((v for t, v in assigned_pairs(stmt) if dotted(t) == binding.key), None)
    params = [p for p in init.params if p not in ("self", "cls")]
    if not isinstance(given, ast.Name) or given.id not in params:
        return None
    attribute = binding.key.split(".", 1)[1]
    if any(
        isinstance(t, ast.Attribute) and t.attr == attribute and not (isinstance(t.value, ast.Name) and t.value.id == "self")
        for node in model.source.of_type(ast.Assign) for t in node.targets  # type: ignore[attr-defined]
    ):
        return None  # `trainer.scheduler = OneCycleLR(...)` after the construction: another scheduler
    sites = call_sites(owner, model)  # type: ignore[arg-type]
    passed = sites.get(str(params.index(given.id)), set()) | sites.get(given.id, set())
    if len(passed) != 1:
        return None
    values = assigned_values(model, next(iter(passed)))
    return values[0] if len(values) == 1 and isinstance(values[0], ast.Call) else None


def _held_constructor(key: str, scope: Scope, model: ModuleModel) -> ast.Call | None:
    """What `callback.scheduler` holds when `callback` is an object of a class of the module
    whose `__init__` stores the scheduler it is given (`held_attribute`, `_stored_constructor`):
    the scheduler a method of the object steps (`callback.on_epoch_end()`)."""
    stored = held_attribute(key, scope, model)
    if stored is None:
        return None
    if isinstance(stored.value, ast.Call):
        return _built_in_method(stored, scope, model)  # `self.sched = OneCycleLR(self.opt, ...)` in `__enter__`
    return _stored_constructor(stored, model)


def _built_in_method(binding, scope: Scope, model: ModuleModel) -> ast.Call | None:  # type: ignore[no-untyped-def]
    """The constructor a method of the object's class binds to `self.<attr>` (its one binding in
    the class), when its horizon reads the same names in the loop's scope as in the method: its
    arguments past the optimizer read no `self.` attribute and no name the method or the loop's
    function binds (module-level names: `EPOCHS * len(loader)`), and no code outside the class
    assigns the attribute of an object (`trainer.sched = ...`)."""
    call = binding.value
    attribute = binding.key.split(".", 1)[1]
    if any(
        isinstance(t, ast.Attribute) and t.attr == attribute and not (isinstance(t.value, ast.Name) and t.value.id == "self")
        for node in model.source.of_type(ast.Assign) for t in node.targets  # type: ignore[attr-defined]
    ):
        return None
    index = assignments(model)
    method = binding.scope
    rest = [*call.args[1:], *(k.value for k in call.keywords if k.arg != "optimizer")]
    if any(isinstance(arg, ast.Starred) for arg in call.args) or any(k.arg is None for k in call.keywords):
        return None
    params = {a.arg for a in ast_walk(method.args) if isinstance(a, ast.arg)} if isinstance(method, FUNCTIONS) else set()
    # `len(self.loader)` or `len(loader)` (a parameter): a count of batches wherever it is read
    # (`_batch_count` reads only the loader's name), so its names need not mean the same in the loop
    counted = {
        id(n) for arg in rest for node in ast_walk(arg)
        if isinstance(node, ast.Call) and call_name(node) == "len" and len(node.args) == 1 and not node.keywords
        and dotted(node.args[0]) is not None and _LOADER_NAME.search(last_name(dotted(node.args[0])))  # type: ignore[arg-type]
        for n in ast_walk(node.args[0])
    }
    for node in (n for arg in rest for n in ast_walk(arg)):
        if id(node) in counted:
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            if node.id == "self":
                return None
            if node.id in params:
                if not _passed_as_itself(node.id, binding, scope, model):
                    return None
                wheres: tuple[Scope, ...] = (method,)  # (the loop's function binds the name it hands on)
            else:
                wheres = (method, scope)
            for where in wheres:
                if where is not model.source.tree and any(b.scope is where for b in index.by_key.get(node.id, ())):
                    return None  # a local of the method, or one of the loop's function that hides the module's
        elif isinstance(node, (ast.Lambda, *FUNCTIONS)):
            return None
    return call


def _passed_as_itself(name: str, binding, scope: Scope, model: ModuleModel) -> bool:  # type: ignore[no-untyped-def]
    """`T_max=epochs` in `__init__(self, net, epochs)` when every construction of the class is
    written in the loop's function and hands it the same name (`Runner(net, epochs)`): the
    parameter reads what that name reads where the loop runs."""
    from gradfix.analysis.samplers import call_sites

    owner = binding.class_name
    init = model.facts.methods.get(owner or "", {}).get("__init__")
    if owner is None or init is None or binding.scope is not init.node or not isinstance(scope, FUNCTIONS):
        return False
    params = [p for p in init.params if p not in ("self", "cls")]
    if name not in params:
        return False
    sites = call_sites(owner, model)
    if (sites.get(str(params.index(name)), set()) | sites.get(name, set())) != {name}:
        return False
    first, last = scope.lineno, scope.end_lineno or scope.lineno
    calls = [c for c in model.source.of_type(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == owner]  # type: ignore[attr-defined]
    return bool(calls) and all(first <= c.lineno <= last for c in calls)


def _lambda_horizons(value: ast.expr, model: ModuleModel) -> list[ast.expr]:
    """The horizons a `LambdaLR`'s function is written over: the largest parts of its
    returned expression that do not read its parameter (`epochs * len(loader)` in `lambda s:
    1 - s / (epochs * len(loader))`), for a lambda or a function of the module. A function of
    more statements (a hand-written warm-up: `if step < warmup_steps: return step /
    warmup_steps`, `progress = ...`, `return 0.5 * (1 + math.cos(math.pi * progress))`) is read
    when it only branches, binds local names and returns, calling nothing but `float`/`max`-like
    builtins and functions of imported modules: the parts of its tests, values and returned
    expressions that read neither its parameter nor its local names. So is the function a
    function of the module returns when it is called in place (`lr_lambda=linear_warmup(100,
    epochs * len(loader))`, whose body is that `def` and `return` of it), each of the outer
    function's parameters read as what the call gives it. Numbers are left out; anything else
    (a closure of something else, a call of the parameter) gives nothing to read."""
    given: dict[str, ast.expr] = {}
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in model.facts.module_functions:
        outer = model.facts.module_functions[value.func.id].node
        function = _returned_function(outer)
        passed = _passed_arguments(value, outer) if function is not None else None
        if function is None or passed is None:
            return []
        given = passed
        expressions = _schedule_expressions(function, model)
    elif isinstance(value, ast.Name) and value.id in model.facts.module_functions:
        function = model.facts.module_functions[value.id].node
        expressions = _schedule_expressions(function, model)
    elif isinstance(value, ast.Lambda):
        function = value
        expressions = _schedule_expressions(value, model)
    else:
        return []
    params = {a.arg for a in (*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs)}
    if len(params) != 1 or expressions is None:
        return []
    bodies, local = expressions
    local |= params
    parts: list[ast.expr] = []

    def reads_parameter(node: ast.AST) -> bool:
        return any(isinstance(n, ast.Name) and n.id in local for n in ast_walk(node))

    def collect(node: ast.expr) -> bool:
        if not reads_parameter(node):
            if not isinstance(node, ast.Constant):
                parts.append(node)
            return True
        if isinstance(node, ast.Call) and reads_parameter(node.func):
            return False  # `s.item()`, the parameter called: nothing to read
        return all(collect(child) for child in child_nodes(node) if isinstance(child, ast.expr))

    if not all(body is not None and collect(body) for body in bodies):
        return []
    if given:
        parts = [_with_arguments(part, given) for part in parts]
        parts = [part for part in parts if part is not None and not isinstance(part, ast.Constant)]
    return parts


def _schedule_statements(block: list[ast.stmt], expressions: list[ast.expr], local: set[str]) -> bool:
    """Whether a schedule function's block only branches, binds local names and returns: its
    tests, bound values and returned values go to `expressions`, the names it binds to
    `local`. A docstring is fine; a loop, a call for its effect, a global ... is not read."""
    for statement in block:
        if isinstance(statement, ast.Return) and statement.value is not None:
            expressions.append(statement.value)
        elif isinstance(statement, ast.If):
            expressions.append(statement.test)
            if not _schedule_statements(statement.body, expressions, local) or not _schedule_statements(statement.orelse, expressions, local):
                return False
        elif isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name):
            local.add(statement.targets[0].id)
            expressions.append(statement.value)
        elif not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)):
            return False
    return True


def _schedule_expressions(
    function: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda, model: ModuleModel
) -> tuple[list[ast.expr], set[str]] | None:
    """The expressions a schedule function of one parameter computes with (its tests, bound
    values and returned values) and the local names it binds, when it only branches, binds
    local names and returns, and calls nothing but `float`/`max`-like builtins and functions
    of imported modules (`math.cos`); None otherwise."""
    if isinstance(function, ast.Lambda):
        return [function.body], set()
    if len(function.body) == 1 and isinstance(function.body[0], ast.Return):
        return [function.body[0].value], set()  # (one returned expression: read as a lambda's)
    if isinstance(function, ast.AsyncFunctionDef) or function.decorator_list:
        return None
    args = function.args
    if args.vararg or args.kwarg or args.kwonlyargs or args.posonlyargs or len(args.args) != 1:
        return None
    expressions: list[ast.expr] = []
    local: set[str] = set()

    if not _schedule_statements(function.body, expressions, local) or not expressions:
        return None
    modules = model.facts.imports.aliases
    for expression in expressions:
        for n in ast_walk(expression):
            if isinstance(n, (ast.Lambda, ast.NamedExpr, ast.Await, ast.Yield, ast.YieldFrom, ast.comprehension)):
                return None
            if isinstance(n, ast.Call):
                callee = dotted(n.func)
                if callee is None or not (callee in _PURE_BUILTINS or (callee.count(".") >= 1 and callee.split(".", 1)[0] in modules)):
                    return None
    return expressions, local


def _returned_function(outer: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.FunctionDef | None:
    """The function `outer` defines and returns, when that is all its body does (a docstring
    aside): `def linear_warmup(warmup, total): def factor(step): ...; return factor`."""
    body = [s for s in outer.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    if isinstance(outer, ast.AsyncFunctionDef) or outer.decorator_list or len(body) != 2:
        return None
    inner, returned = body
    if not (isinstance(inner, ast.FunctionDef) and isinstance(returned, ast.Return) and isinstance(returned.value, ast.Name)):
        return None
    return inner if returned.value.id == inner.name else None


def _passed_arguments(call: ast.Call, function: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, ast.expr] | None:
    """What `call` gives each parameter of `function` (or its default); None when a parameter
    gets nothing gradfix can read (`*args`, `**kwargs`, a missing argument)."""
    args = function.args
    if args.vararg or args.kwarg or args.posonlyargs or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    if any(k.arg is None for k in call.keywords):
        return None
    names = [a.arg for a in args.args]
    if len(call.args) > len(names):
        return None
    defaults = dict(zip(names[len(names) - len(args.defaults) :], args.defaults))
    defaults.update((a.arg, d) for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None)
    passed: dict[str, ast.expr] = dict(zip(names, call.args))
    passed.update((k.arg, k.value) for k in call.keywords if k.arg is not None)
    values = {name: passed.get(name, defaults.get(name)) for name in (*names, *(a.arg for a in args.kwonlyargs))}
    if any(value is None for value in values.values()):
        return None
    return values  # type: ignore[return-value]


def _with_arguments(part: ast.expr, given: dict[str, ast.expr]) -> ast.expr | None:
    """`part` with each name of `given` replaced by what it stands for (a copy); None when it
    binds one of them."""

    class _Passed(ast.node_transformer()):
        def visit_Name(self, node: ast.Name) -> ast.expr:
            if node.id in given:
                if not isinstance(node.ctx, ast.Load):
                    raise ValueError(node.id)
                return given[node.id]
            return node

    import copy

    try:
        return _Passed().visit(copy.deepcopy(part))  # type: ignore[no-any-return]
    except ValueError:
        return None


# the kind of a scheduler built by a class of the file subclassing torch's `LambdaLR`
LAMBDA_SUBCLASS = "LambdaLR subclass"
_PURE_BUILTINS = frozenset({"float", "int", "max", "min", "abs", "round", "pow"})


def _lambda_subclass_horizons(call: ast.Call, model: ModuleModel) -> list[tuple[str, ast.expr]] | None:
    """`WarmupLinearSchedule(opt, warmup_steps=100, t_total=len(loader) * epochs)` with `class
    WarmupLinearSchedule(LambdaLR)` of the file (torch's `LambdaLR` its one base), whose
    `__init__` stores its parameters as they are (`self.t_total = t_total`) and hands
    `super().__init__` (or `LambdaLR.__init__`) one of its own methods as `lr_lambda`, a method of
    one step parameter that only branches, binds local names and returns, calling nothing but
    `float`/`max`/`min`-like builtins and functions of imported modules (`math.cos`): the
    horizons it reads, each (parameter, the argument the call gives it or its default); the
    module names it reads (`EPOCHS`) are horizons too. None when the class is not such a
    subclass or gradfix cannot read its method."""
    node = model.facts.classes.get(call.func.id)  # type: ignore[attr-defined]
    if node is None or len(node.bases) != 1 or node.keywords or node.decorator_list:
        return None
    base = dotted(node.bases[0])
    qualified = model.facts.imports.qualify(base) if base is not None else None
    if not qualified or not qualified.startswith("torch.") or not qualified.endswith(".LambdaLR"):
        return None
    methods = {m.name: m for m in node.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))}
    init = methods.get("__init__")
    if init is None or init.args.vararg or init.args.kwarg or init.args.posonlyargs:
        return None
    params = [a.arg for a in init.args.args][1:]
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords) or len(call.args) > len(params):
        return None
    # attributes the class stores from a parameter as it is (and writes nowhere else)
    stored: dict[str, str] = {}
    lr_lambda: ast.AST | None = None
    for statement in init.body:
        if (
            isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Attribute)
            and dotted(statement.targets[0].value) == "self" and isinstance(statement.value, ast.Name) and statement.value.id in params
        ):
            stored[statement.targets[0].attr] = statement.value.id
        elif isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
            init_call = statement.value
            callee = dotted(init_call.func) or ""
            if callee == "super().__init__" or (isinstance(init_call.func, ast.Attribute) and init_call.func.attr == "__init__"
                                                 and isinstance(init_call.func.value, ast.Call) and call_name(init_call.func.value) == "super"):
                given = keyword(init_call, "lr_lambda")
                args = positional(init_call)
                lr_lambda = given.value if given is not None else (args[1] if len(args) > 1 else None)
            elif callee == f"{base}.__init__":
                given = keyword(init_call, "lr_lambda")
                args = positional(init_call)
                lr_lambda = given.value if given is not None else (args[2] if len(args) > 2 else None)
    if not (isinstance(lr_lambda, ast.Attribute) and dotted(lr_lambda.value) == "self" and lr_lambda.attr in methods):
        return None
    method = methods[lr_lambda.attr]
    for other in methods.values():
        for n in ast_walk(other):
            targets = n.targets if isinstance(n, ast.Assign) else [n.target] if isinstance(n, (ast.AugAssign, ast.AnnAssign)) else []
            if other is not init and any(isinstance(t, ast.Attribute) and dotted(t.value) == "self" and t.attr in stored for t in targets):
                return None  # (the attribute changes after construction)
    margs = method.args
    if margs.vararg or margs.kwarg or margs.kwonlyargs or margs.posonlyargs or len(margs.args) != 2 or method.decorator_list:
        return None
    expressions: list[ast.expr] = []
    local: set[str] = {margs.args[1].arg}

    if not _schedule_statements(method.body, expressions, local):
        return None
    modules = model.facts.imports.aliases
    defaults = dict(zip(params[len(params) - len(init.args.defaults):], init.args.defaults))
    defaults.update((a.arg, d) for a, d in zip(init.args.kwonlyargs, init.args.kw_defaults) if d is not None)
    passed: dict[str, ast.expr] = dict(zip(params, call.args))
    passed.update((k.arg, k.value) for k in call.keywords if k.arg is not None)
    found: list[tuple[str, ast.expr]] = []
    for expression in expressions:
        for n in ast_walk(expression):
            if isinstance(n, (ast.Lambda, ast.NamedExpr, ast.Await, ast.Yield, ast.YieldFrom)) or isinstance(n, (ast.comprehension,)):
                return None
            if isinstance(n, ast.Call):
                callee = dotted(n.func)
                if callee is None or not (callee in _PURE_BUILTINS or (callee.count(".") >= 1 and callee.split(".", 1)[0] in modules)):
                    return None
            elif isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self":
                param = stored.get(n.attr)
                if param is None:
                    return None  # (an attribute gradfix does not know the value of)
                value = passed.get(param, defaults.get(param))
                if value is None:
                    return None
                found.append((param, value))
            elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id != "self" and n.id not in local:
                if n.id in modules or n.id in _PURE_BUILTINS:
                    continue
                if n.id in model.facts.module_functions or n.id in model.facts.classes:
                    return None
                found.append(("lr_lambda", n))  # a module name (`EPOCHS`) the method reads
    return found


def _library_scheduler(name: str, last: str, model: ModuleModel) -> bool:
    """torch's (or transformers'/diffusers') scheduler, not a function of the same name
    with other parameters (`get_scheduler(name, optimizer, num_epochs)` of a project)."""
    if name.startswith(("torch.", "transformers.", "diffusers.")):
        return last not in TIMM_EPOCH_STEPPED
    if last in TIMM_EPOCH_STEPPED:
        return name.startswith("timm.")
    if name != last or last in model.facts.module_functions or last in model.facts.classes:
        return False
    return not last.startswith("get_")  # a bare `CosineAnnealingLR(...)` in a snippet


def _optimizer(sched: GradEvent, constructor: ast.Call, loop: TrainingLoop, model: ModuleModel) -> str | None:
    stepped = {e.target for e in loop.events if e.kind is EventKind.STEP and e.target and not e.engine}
    args = positional(constructor)
    given = keyword(constructor, "optimizer")
    first = given.value if given is not None else (args[0] if args and not _is_text(args[0]) else None)
    if first is None and len(args) > 1 and _is_text(args[0]):  # get_scheduler("linear", optimizer, ...)
        first = args[1]
    if first is not None and dotted(first) is not None:
        key = model.source.key(first)
        if key in stepped:
            return key
    if len(stepped) == 1:
        return next(iter(stepped))
    return None


def _is_text(expr: ast.expr) -> bool:
    return isinstance(expr, ast.Constant) and isinstance(expr.value, str)


def _argument(call: ast.Call, name: str, index: int, model: ModuleModel) -> ast.expr | None:
    """The argument as written, or in a dict written out in the file that the call spreads
    (`**cfg["sched"]` with `cfg = {"sched": {"T_max": EPOCHS}}`)."""
    given = keyword(call, name)
    if given is not None:
        return given.value
    args = positional(call)
    if index < len(args):
        return args[index]
    for kw in call.keywords:
        if kw.arg is None:
            spelled = literal_kwargs(kw.value, model)
            if spelled is not None and name in spelled:
                return spelled[name]
    return None


def _counted_in(
    value: ast.expr, batch_loop: ast.AST, loop: TrainingLoop, scope: Scope, model: ModuleModel, built: Scope | None = None,
) -> str | None:
    """"batches" when the horizon is literally a batch count, "epochs" when it is literally
    the epoch count, else None. A name is read through its one binding, an entry of a dict
    written out in the file through its value (`cfg["t_max"]` with `cfg = {"t_max": EPOCHS}`).
    A name nothing binds where the loop runs is read where the scheduler is built (`built`:
    `t_total = epochs * len(self.loader)` in the `__init__` building `self.scheduler`)."""
    for _ in range(3):
        if _batch_count(value, batch_loop, model):
            return "batches"
        if _epoch_count(value, loop, model, bounded=batch_loop is not loop.node):
            return "epochs"
        if isinstance(value, ast.Name):
            index = assignments(model)
            where = scope
            if built is not None and built is not scope and not index.bindings(value.id, scope):
                where = built  # (a local of the method building the scheduler)
            single = index.single_value(value.id, where)
        else:
            single = _entry(value, model)
        if single is None:
            return None
        value = single
    return None


def _entry(value: ast.expr, model: ModuleModel) -> ast.expr | None:
    """What `cfg["t_max"]` reads when `cfg` is a dict written out in the file, bound once and
    never written into (`literal_kwargs`)."""
    if not (isinstance(value, ast.Subscript) and isinstance(value.slice, ast.Constant) and isinstance(value.slice.value, str)):
        return None
    spelled = literal_kwargs(value.value, model)
    return spelled.get(value.slice.value) if spelled is not None else None


def _batch_count(value: ast.expr, batch_loop: ast.AST, model: ModuleModel, depth: int = 0) -> bool:
    iterated = _iterated_keys(batch_loop, model)
    for node in ast_walk(value):
        if isinstance(node, ast.Call) and call_name(node) == "len" and len(node.args) == 1:
            arg = node.args[0]
            if dotted(arg) is None:
                continue
            key = model.source.key(arg)
            if key in iterated or _LOADER_NAME.search(last_name(key)):
                return True
        elif depth == 0 and isinstance(node, ast.Name) and node is not value and isinstance(node.ctx, ast.Load):
            # `EPOCHS * steps_per_epoch` with `steps_per_epoch = len(loader)`
            bound = assigned_values(model, node.id)
            if bound and all(v is not None and _product_of_len(v) and _batch_count(v, batch_loop, model, 1) for v in bound):
                return True  # (also `lr_steps = epochs * len(loader)`, read by `milestones=[lr_steps // 2]`)
    return False


def _product_of_len(value: ast.expr) -> bool:
    """`len(loader)`, or a product with it (`epochs * len(loader)`), also divided by a count
    (`len(loader) // ACCUM`: the optimizer steps of an epoch of accumulated batches, rounded by
    `int`/`math.ceil` or not): a count of batches."""
    if isinstance(value, ast.Call):
        name = call_name(value)
        if name in ("int", "round", "math.ceil", "math.floor", "ceil", "floor") and len(value.args) == 1 and not value.keywords:
            return _product_of_len(value.args[0])
        return name == "len"
    if isinstance(value, ast.BinOp) and isinstance(value.op, (ast.FloorDiv, ast.Div)):
        divisor = value.right
        return _product_of_len(value.left) and (
            isinstance(divisor, ast.Name) or (isinstance(divisor, ast.Constant) and isinstance(divisor.value, int) and divisor.value > 0)
        )
    return isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mult) and (_product_of_len(value.left) or _product_of_len(value.right))


def _counts(value: ast.expr, keys: set[str], model: ModuleModel) -> bool:
    """The horizon reads `len(<one of keys>)`."""
    return any(
        isinstance(node, ast.Call) and call_name(node) == "len" and len(node.args) == 1
        and dotted(node.args[0]) is not None and model.source.key(node.args[0]) in keys
        for node in ast_walk(value)
    )  # fmt: skip


def _iterated_keys(batch_loop: ast.AST, model: ModuleModel) -> set[str]:
    if not isinstance(batch_loop, FOR_LOOPS):
        return set()
    keys = set()
    for node in ast_walk(batch_loop.iter):
        if isinstance(node, (ast.Name, ast.Attribute)) and dotted(node) is not None:
            keys.add(model.source.key(node))
    return keys


def _epoch_count(value: ast.expr, loop: TrainingLoop, model: ModuleModel, depth: int = 0, bounded: bool = True) -> bool:
    """The epoch count (`args.epochs`, `config["epochs"]`, the epoch loop's `range()` bound
    unless `bounded` is false: a step-driven loop's bound counts steps), or a part of it:
    `EPOCHS // 3`, `int(0.75 * epochs)`, `epochs - warmup_epochs`, and lists of those
    (`milestones=[EPOCHS // 2, EPOCHS * 3 // 4]`)."""
    if depth < 3:
        if isinstance(value, (ast.List, ast.Tuple)) and value.elts:
            return all(_epoch_count(e, loop, model, depth + 1, bounded) for e in value.elts)
        if isinstance(value, ast.Call) and call_name(value) in ("int", "round", "math.ceil", "math.floor") and len(value.args) == 1 and not value.keywords:
            return _epoch_count(value.args[0], loop, model, depth + 1, bounded)
        if isinstance(value, ast.BinOp) and isinstance(value.op, (ast.FloorDiv, ast.Div, ast.Mult, ast.Sub)):
            sides = (value.left, value.right)
            numbers = [side for side in sides if isinstance(side, ast.Constant) and isinstance(side.value, (int, float))]
            counts = [side for side in sides if side not in numbers and _epoch_count(side, loop, model, depth + 1, bounded)]
            if isinstance(value.op, ast.Sub):
                return bool(counts) and sides[0] in counts and all(s in counts or s in numbers for s in sides)
            if isinstance(value.op, (ast.FloorDiv, ast.Div)) and value.right in numbers and _scaled_count(value.left, value.right.value, loop, model, depth, bounded):  # type: ignore[attr-defined]
                return True  # `EPOCHS * 3 // 4`: a fraction of the epochs, written as a product over a larger divisor
            if isinstance(value.op, ast.Mult) and any(n.value > 1 for n in numbers):  # type: ignore[attr-defined]
                return False  # `EPOCHS * 6`: more steps than epochs (batches written as a number), not a part
            return len(counts) == 1 and len(numbers) == 1
    if any(isinstance(n, ast.Call) for n in ast_walk(value)):
        return False
    name = None
    if isinstance(value, (ast.Name, ast.Attribute)) and dotted(value) is not None:
        name = last_name(model.source.key(value))
    elif isinstance(value, ast.Subscript) and isinstance(value.slice, ast.Constant) and isinstance(value.slice.value, str):
        name = value.slice.value  # config["epochs"]
    if name is not None and _EPOCH_NAME.search(name) and not re.search(r"step|iter|batch", name, re.I):
        return True
    node = loop.node
    if bounded and isinstance(node, FOR_LOOPS) and isinstance(node.iter, ast.Call) and call_name(node.iter) == "range" and node.iter.args:
        stop = node.iter.args[-1] if len(node.iter.args) > 1 else node.iter.args[0]
        if not isinstance(stop, ast.Constant) and model.source.code(stop) == model.source.code(value):
            return True
    if bounded and isinstance(node, ast.While):
        stop = _counted_up_to(node)
        if stop is not None and model.source.code(stop) == model.source.code(value):
            return True
    return False


def _counted_up_to(node: ast.While) -> ast.expr | None:
    """`X` of `while r < X:` whose body ends with `r += 1`, binds `r` nowhere else and holds no
    `continue` of its own (no iteration skips the count): the loop runs X times, as
    `for r in range(X)` would. None otherwise (and for a literal X)."""
    test, body = node.test, node.body
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Lt) and isinstance(test.left, ast.Name)):
        return None
    stop, name, last = test.comparators[0], test.left.id, body[-1]
    if isinstance(stop, ast.Constant) or node.orelse:
        return None
    if not (
        isinstance(last, ast.AugAssign) and isinstance(last.op, ast.Add) and isinstance(last.target, ast.Name)
        and last.target.id == name and isinstance(last.value, ast.Constant) and last.value.value == 1
    ):  # fmt: skip
        return None
    todo: list[ast.AST] = list(body[:-1])
    while todo:
        part = todo.pop()
        if isinstance(part, ast.Continue) or isinstance(part, ast.Name) and part.id == name and not isinstance(part.ctx, ast.Load):
            return None
        if isinstance(part, (*FOR_LOOPS, ast.While)):
            todo.extend(n for n in ast_walk(part) if isinstance(n, ast.Name))  # (a `continue` there is the inner loop's)
            continue
        if isinstance(part, (*FUNCTIONS, ast.ClassDef, ast.Lambda)):
            continue
        todo.extend(child_nodes(part))
    return stop


def _scaled_count(value: ast.expr, divisor: object, loop: TrainingLoop, model: ModuleModel, depth: int, bounded: bool) -> bool:
    """`EPOCHS * 3` (or `3 * EPOCHS`) divided by a number at least as large: the epoch count
    times a fraction no larger than one, so no count of batches written as a multiple."""
    if not (isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mult)):
        return False
    if not isinstance(divisor, (int, float)) or isinstance(divisor, bool) or divisor <= 0:
        return False
    sides = (value.left, value.right)
    numbers = [side for side in sides if isinstance(side, ast.Constant) and isinstance(side.value, (int, float)) and not isinstance(side.value, bool)]
    if len(numbers) != 1 or not 0 < numbers[0].value <= divisor:  # type: ignore[attr-defined]
        return False
    other = sides[1] if numbers[0] is sides[0] else sides[0]
    return _epoch_count(other, loop, model, depth + 2, bounded)
