"""Small helpers shared by rules: building statements, locating what to move."""

from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.assignments import assigned_values, init_parameter
from gradfix.analysis.clear_signature import new_clear_bare
from gradfix.analysis.loops import ModuleModel, bound_call_written
from gradfix.analysis.names import call_name, dotted
from gradfix.analysis.model import ClearScope, EventKind, GradEvent, Loop, TrainingLoop
from gradfix.source import FUNCTIONS, Source
from gradfix.transforms.base import Finding, Fix, InsertStatements, Lines, ReplaceNode, Safety, code_lines
from gradfix.walk import ast_walk

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator

def built_over_clipped(key: str, clip: GradEvent, model: ModuleModel, optimizer: bool = False) -> bool:
    """The object `key` was built over exactly what the clip clips (`SGD(D.parameters())` and
    `clip_grad_norm_(D.parameters(), ...)`); with `optimizer`, it is also known as one. An
    optimizer built in `__init__` over the constructor's parameter (`RMSprop(actor.parameters())`)
    is built over what the methods call `self.actor` when `self.actor = actor` is the only
    binding of both (`init_parameter`)."""
    info = model.facts.info(key)
    if info is None or info.params is None or clip.target is None or (optimizer and info.kind != "optimizer"):
        return False
    built = model.source.key(info.params)
    if built == clip.target:
        return True
    suffix = ".parameters()"
    if not (built.endswith(suffix) and clip.target.endswith(suffix) and clip.target.startswith("self.")):
        return False
    parameter = init_parameter(model, clip.target[: -len(suffix)], info.params)
    return parameter is not None and parameter == built[: -len(suffix)]


def new_statement(code: str, model: ModuleModel | None = None) -> Lines:
    """One new statement, at the indentation of the block it goes into."""
    return code_lines(code.rstrip("\n"))


def owned_events(loop: TrainingLoop, model: ModuleModel) -> list[GradEvent]:
    """Events of this iteration that no nested training loop owns, in program order (found
    once per loop and model: a dozen rules ask; each gets a list of its own)."""
    kept: dict[int, tuple[TrainingLoop, list[GradEvent]]] | None = getattr(model, "_owned_events", None)
    if kept is None:
        kept = model._owned_events = {}  # type: ignore[attr-defined]
    known = kept.get(id(loop))
    if known is None or known[0] is not loop:
        training = training_loop_ids(model)
        micro = _micro_batch_loops(loop, model, training)
        if micro:
            training = training - micro
        foreign = _foreign_training_loops(loop)
        known = kept[id(loop)] = (
            loop,
            [
                e for e in loop.events
                if loop.owns(e, training) and not (foreign and any(id(lp) in foreign for lp in e.loops_within(loop.node)))
            ],
        )  # fmt: skip
    return list(known[1])


def _micro_batch_loops(loop: TrainingLoop, model: ModuleModel, training: set[int]) -> set[int]:
    """Loops of the iteration's own code (`for micro_step in range(N):`, nanoGPT's shape) that
    only backpropagate: no step, no clear, no call gradfix cannot see of their own (also a nest
    of such loops, GradCache's `for x, g in ((a, ga), (b, gb)): for chunk, gc in ...:`). Their
    backward passes are this iteration's, stepped after them; their events are the
    iteration's too."""
    if not any(e.kind is EventKind.STEP and loop.owns(e, training) for e in loop.events):
        return set()  # (an iteration that steps nothing of its own: not an accumulation)
    inner: dict[int, list[GradEvent]] = {}
    for event in loop.events:
        within = event.loops_within(loop.node)
        if within and id(within[0]) in training:
            inner.setdefault(id(within[0]), []).append(event)
    if not inner:
        return set()
    out: set[int] = set()
    for key, events in inner.items():
        if (
            any(e.kind is EventKind.BACKWARD for e in events)
            and all(
                e.kind in (EventKind.BACKWARD, EventKind.GRAD_READ, EventKind.AUTOGRAD_GRAD)
                and e.source is None
                for e in events
            )
        ):
            out.add(key)
            out.update(id(lp) for e in events for lp in e.loops_within(loop.node)[1:] if id(lp) in training)
    return out


def backward_for_an_input_first(loop: TrainingLoop, step: GradEvent) -> bool:
    """Before the backward the step applies, the iteration backpropagates another loss for
    something else: a helper of its own does (an FGSM attack), or the gradients are read
    between the two (`x_adv = x + eps * x.grad.sign()` after `loss.backward()`). That earlier
    backward fills the parameters' gradients too: a clear at the top of the iteration keeps
    them; where the clear belongs (after the attack, or not at all) is the author's call."""
    backwards: list[GradEvent] = []
    reads: list[int] = []  # positions (in `backwards`) of the backward passes a gradient read follows
    for event in loop.events:
        if event is step:
            break
        if event.kind is EventKind.BACKWARD:
            backwards.append(event)
        elif event.kind is EventKind.GRAD_READ and backwards:
            reads.append(len(backwards))
    if len(backwards) < 2:
        return False
    if any(e.via and e.via != backwards[-1].via for e in backwards[:-1]):
        return True
    return any(position < len(backwards) for position in reads)


def after_the_attack(loop: TrainingLoop, step: GradEvent, lines: Lines) -> InsertStatements | None:
    """Where a clear goes in an iteration that backpropagates for an input first
    (`backward_for_an_input_first`): right after the statement of the iteration's own body
    that holds the last earlier backward or gradient read (the attack: `F.cross_entropy(
    model(x_adv), y).backward()` then `x_adv = x + eps * x_adv.grad.sign()`, or a PGD loop),
    when the backward the step applies is written in the iteration itself, in a later
    statement of that body than the earlier ones (an earlier one in a helper: after the
    statement calling it, `x_adv = fgsm(model, x, y)`). The earlier backward filled the
    parameters' gradients too; the hand-fixed loop clears them there. None otherwise."""
    body = loop.body
    events: list[GradEvent] = []
    for event in loop.events:
        if event is step:
            break
        events.append(event)
    backwards = [e for e in events if e.kind is EventKind.BACKWARD]
    if len(backwards) < 2 or backwards[-1].via:
        return None
    last = backwards[-1]

    def index(event: GradEvent) -> int | None:
        level = next((k + 1 for k, s in enumerate(event.path) if s is loop.node), 0)
        if level >= len(event.path) or level >= len(event.blocks) or event.blocks[level] is not body:
            return None
        return next((i for i, s in enumerate(body) if s is event.path[level]), None)

    final = index(last)
    if final is None:
        return None
    attack = -1
    started = False
    for event in events:
        if event is last:
            break
        started = started or event is backwards[0]
        if not started:
            continue  # the iteration's own clear before its first backward (SAM's, at the top)
        by_hand = event.kind is EventKind.CLEAR and event.scope is ClearScope.PARAMETERS  # `delta.grad.zero_()`
        if event.kind not in (EventKind.BACKWARD, EventKind.GRAD_READ) and not by_hand:
            if event.kind in (EventKind.STEP, EventKind.CLEAR, EventKind.UNKNOWN):
                return None
            continue
        at = index(event)
        if at is None:
            return None
        attack = max(attack, at)
    if attack < 0 or attack >= final:
        return None
    return InsertStatements(body[attack], "after", lines)


def _foreign_training_loops(loop: TrainingLoop) -> set[int]:
    """Loops of helpers of other files the iteration calls (`train_one_epoch(...)` of
    engine.py) that backpropagate and step by themselves: training loops of that file, judged
    there; their events are not this iteration's."""
    backward: set[int] = set()
    stepped: set[int] = set()
    for event in loop.events:
        if event.source is None or event.kind not in (EventKind.BACKWARD, EventKind.STEP):
            continue
        ids = {id(lp) for lp in event.loops_within(loop.node)}
        (backward if event.kind is EventKind.BACKWARD else stepped).update(ids)
    return backward & stepped


def training_loop_ids(model: ModuleModel) -> set[int]:
    cached = getattr(model, "_training_ids", None)
    if cached is None:
        cached = {id(lp.node) for lp in model.loops}
        model._training_ids = cached  # type: ignore[attr-defined]
    return cached


def runs_once(loop: Loop) -> bool:
    """A loop whose body always ends in `break`/`return` is not an iteration."""
    body = loop.body
    return bool(body) and isinstance(body[-1], (ast.Break, ast.Return, ast.Raise))


def single_call_statement(event: GradEvent, source: Source, bound: bool = False) -> ast.Expr | None:
    """The event's statement when it holds nothing but that one call, alone on its line. With
    `bound`, also a call of a name bound to the method (`tick()` with `tick = sched.step`), for
    a fix that moves or removes the statement as written."""
    stmt = event.statement
    if isinstance(stmt, ast.Expr) and (stmt.value is event.node or bound and event.node is not None and bound_call_written(event.node) is stmt.value) and source.alone_on_lines(stmt):  # type: ignore[arg-type]
        block = source.block_of(stmt)
        if block is not None and not source.inline_block(block):
            return stmt
    return None


def below(event: GradEvent, loop: Loop) -> tuple[ast.stmt, ...]:
    """The event's statement path below `loop`."""
    for index, stmt in enumerate(event.path):
        if stmt is loop:
            return event.path[index + 1 :]
    return ()


def same_branches(a: GradEvent, b: GradEvent, loop: Loop) -> bool:
    return [id(x.node) for x in a.branches_within(loop)] == [id(x.node) for x in b.branches_within(loop)] and [
        x.kind for x in a.branches_within(loop)
    ] == [x.kind for x in b.branches_within(loop)]


def branch_prefix(a: GradEvent, b: GradEvent, loop: Loop) -> bool:
    """`a` runs whenever `b` runs (its branches are a prefix of b's)."""
    inner_a = [(id(x.node), x.kind) for x in a.branches_within(loop)]
    inner_b = [(id(x.node), x.kind) for x in b.branches_within(loop)]
    return inner_b[: len(inner_a)] == inner_a


def indented_block(loop: Loop, source: Source) -> bool:
    """The loop's body is an indented block (not `for x in y: a(); b()`)."""
    return not source.inline_block(loop.body)


def is_kind(event: GradEvent, *kinds: EventKind) -> bool:
    return event.kind in kinds


def event_code(event: GradEvent, model: ModuleModel) -> str:
    """The source text of an event's node, from whichever file it is written in."""
    return (event.source or model.source).code(event.node)


def iteration_start(loop: TrainingLoop, lines: Lines) -> InsertStatements:
    """Insert at the start of one iteration: the loop body's first statement, or a step
    function's first statement after its docstring."""
    body = loop.body
    first = body[0]
    if (
        loop.is_step_function
        and isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    ):
        # (after the `global` / `nonlocal` declarations that follow the docstring, too)
        after = 1
        while after < len(body) and isinstance(body[after], (ast.Global, ast.Nonlocal)):
            after += 1
        return InsertStatements(body[after - 1], "after", lines)
    return InsertStatements(body, "start", lines)


def clear_call(target: str, model: ModuleModel, at: ast.AST) -> str:
    """The clear gradfix writes for an optimizer at `at` (a loop, or a step function):
    `opt.zero_grad(set_to_none=True)`, or `opt.zero_grad()` when the optimizer may be an
    instance of a class whose `zero_grad` takes no `set_to_none` (gradfix.analysis.clear_signature)."""
    if new_clear_bare(target, at, model):
        return f"{target}.zero_grad()"
    return f"{target}.zero_grad(set_to_none=True)"


def built_over(optimizer: str, module: str, model: ModuleModel) -> bool:
    """The optimizer was built over that module's parameters (`opt = Adam(model.parameters())`,
    also `self.opt = Adam(model.parameters())` for `self.model` bound from `__init__`'s
    `model`): `model.zero_grad()` clears what it steps."""
    info = model.facts.info(optimizer)
    if info is None or info.params is None:
        return False
    built = model.source.code(info.params)
    if built == f"{module}.parameters()":
        return True
    if _groups_of(info.params, module, model):
        return True
    # `self.model = model` in the `__init__` that builds `SGD(model.parameters())`
    return module.startswith("self.") and built.endswith(".parameters()") and init_parameter(model, module, info.params) == built[: -len(".parameters()")]



def _groups_of(params: ast.expr, module: str, model: ModuleModel) -> bool:
    """Every parameter the optimizer was built over is one of `module`'s: parameter groups
    picked from it (`[{"params": [p for n, p in model.named_parameters() if not any(nd in n for
    nd in no_decay)], "weight_decay": wd}, {"params": [...]}]`, also bound once to a name first),
    or a comprehension filtering its parameters. `module.zero_grad()` clears what it steps."""
    if isinstance(params, ast.Name):
        values = assigned_values(model, params.id)
        if len(values) != 1:
            return False
        params = values[0]
    if isinstance(params, (ast.List, ast.Tuple)):
        if not params.elts:
            return False
        for group in params.elts:
            if not isinstance(group, ast.Dict):
                return False
            picked = [v for k, v in zip(group.keys, group.values) if isinstance(k, ast.Constant) and k.value == "params"]
            if len(picked) != 1 or len(group.keys) != len(group.values) or None in group.keys:
                return False
            if not _picked_from(picked[0], module, model):
                return False
        return True
    return _picked_from(params, module, model)


def _picked_from(expr: ast.expr, module: str, model: ModuleModel) -> bool:
    """`module.parameters()`, or `[p for p in module.parameters() if ...]` / `[p for n, p in
    module.named_parameters() if ...]` (a list or generator comprehension)."""
    code = model.source.code
    if isinstance(expr, ast.Call):
        return code(expr) == f"{module}.parameters()"
    if not isinstance(expr, (ast.ListComp, ast.GeneratorExp)) or len(expr.generators) != 1:
        return False
    gen = expr.generators[0]
    if not isinstance(expr.elt, ast.Name) or gen.is_async or not isinstance(gen.iter, ast.Call) or gen.iter.args or gen.iter.keywords:
        return False
    iterated = code(gen.iter)
    if iterated == f"{module}.parameters()":
        return isinstance(gen.target, ast.Name) and gen.target.id == expr.elt.id
    if iterated == f"{module}.named_parameters()":
        target = gen.target
        return (
            isinstance(target, ast.Tuple) and len(target.elts) == 2 and isinstance(target.elts[1], ast.Name)
            and target.elts[1].id == expr.elt.id
        )
    return False


def event_info(event: GradEvent, model: ModuleModel):  # type: ignore[no-untyped-def]
    """The facts about the object an event acts on (`accelerator` of `accelerator.backward`)
    as the code around the event binds it: its function's own binding of a plain name first
    (another function's `accelerator = Accelerator(...)` is another object)."""
    key = event.target or ""
    if event.foreign or "." in key or not model.facts.local_objects:
        return model.facts.info(key)
    functions: tuple[ast.AST, ...] = event.helpers
    if not functions:
        around: list[ast.AST] = []
        node: ast.AST | None = model.source.owner_of(event.statement)
        while node is not None and node is not model.source.tree:
            if isinstance(node, FUNCTIONS):
                around.append(node)
            node = model.source.owner_of(node)  # type: ignore[arg-type]
        functions = tuple(reversed(around))
    return model.facts.info_in(key, functions)


_ENGINES = ("ignite.engine.Engine", "ignite.engine.engine.Engine")


_BUILDERS = ("ignite.engine.create_supervised_trainer", "ignite.engine.supervised_training_step")


def ignite_handlers(
    model: ModuleModel, event_name: str, every: bool = False, builders: bool = False
) -> Iterator[tuple[str, ast.AST, ast.AST, ast.expr, ast.AST]]:
    """(trainer, its process function, a handler of its unfiltered `Events.<event_name>` (with
    `every`: of `Events.<event_name>(every=N)` only),
    the event expression, the statement holding it) for each `trainer = Engine(update)` bound
    once at the module's top level to a function of the module's top level. With `builders`,
    also `trainer = create_supervised_trainer(..., output_transform=<lambda>)` (or
    `Engine(supervised_training_step(..., output_transform=<lambda>))`): the lambda stands for
    the process function (what it returns is the engine's output)."""
    source = model.source
    tree = source.tree
    functions = {
        stmt.name: stmt for stmt in tree.body if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef))
    }
    bound: dict[str, list[ast.AST | None]] = {}
    for stmt in ast_walk(tree):
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, (ast.AnnAssign, ast.AugAssign)) else []
        for target in targets:
            key = dotted(target)
            if key is None:
                continue
            value = stmt.value if len(targets) == 1 else None
            process = None
            if (
                stmt in tree.body and isinstance(value, ast.Call)
                and model.facts.imports.qualify(call_name(value)) in _ENGINES
                and len(value.args) == 1 and not value.keywords and isinstance(value.args[0], ast.Name)
            ):  # fmt: skip
                process = functions.get(value.args[0].id)
            elif builders and stmt in tree.body and isinstance(value, ast.Call):
                built = value
                if model.facts.imports.qualify(call_name(value)) in _ENGINES and len(value.args) == 1 and isinstance(value.args[0], ast.Call):
                    built = value.args[0]  # `Engine(supervised_training_step(...))`
                if model.facts.imports.qualify(call_name(built)) in _BUILDERS:
                    process = next((k.value for k in built.keywords if k.arg == "output_transform" and isinstance(k.value, ast.Lambda)), None)
            bound.setdefault(key, []).append(process)
    engines = {key: found[0] for key, found in bound.items() if len(found) == 1 and found[0] is not None}
    if not engines:
        return

    def named(event: ast.expr) -> bool:
        name = dotted(event)
        return name is not None and (name == event_name or name.endswith("." + event_name))

    def started(event: ast.expr) -> bool:
        if not every:
            return named(event)
        # `Events.ITERATION_COMPLETED(every=4)`: the filter alone (or `event_filter=`, whose
        # period `ignite_every` reads)
        return (
            isinstance(event, ast.Call) and named(event.func) and not event.args
            and len(event.keywords) == 1 and event.keywords[0].arg in ("every", "event_filter")
        )  # fmt: skip

    for stmt in tree.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for decorator in stmt.decorator_list:
                if (
                    isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Attribute)
                    and decorator.func.attr == "on" and dotted(decorator.func.value) in engines
                    and len(decorator.args) == 1 and not decorator.keywords and started(decorator.args[0])
                ):  # fmt: skip
                    trainer = dotted(decorator.func.value)
                    yield trainer, engines[trainer], stmt, decorator.args[0], stmt  # type: ignore[index, misc]
        elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            call = stmt.value
            if (
                isinstance(call.func, ast.Attribute) and call.func.attr == "add_event_handler"
                and dotted(call.func.value) in engines and len(call.args) == 2 and not call.keywords
                and started(call.args[0]) and isinstance(call.args[1], ast.Name) and call.args[1].id in functions
            ):  # fmt: skip
                trainer = dotted(call.func.value)
                yield trainer, engines[trainer], functions[call.args[1].id], call.args[0], stmt  # type: ignore[index, misc]


def ignite_every(event: ast.expr, source: Source) -> ast.expr | None:
    """N of a filtered Ignite event that fires on every N-th count: `Events.X(every=N)`, or
    `Events.X(event_filter=f)` where `f` is a lambda or a function of the module's top level
    taking `(engine, count)` whose whole body returns `count % N == 0` (Ignite hands the
    filter the event's own count: for ITERATION_* the iteration, from 1 across epochs, so
    that is `every=N`). Else None."""
    if not isinstance(event, ast.Call) or len(event.keywords) != 1:
        return None
    keyword = event.keywords[0]
    if keyword.arg == "every":
        return keyword.value
    if keyword.arg != "event_filter":
        return None
    function: ast.AST | None = keyword.value
    if isinstance(function, ast.Name):
        name = function.id
        defs = [s for s in source.tree.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == name]
        function = defs[0] if len(defs) == 1 else None
    if isinstance(function, ast.Lambda):
        body = function.body
    elif isinstance(function, ast.FunctionDef) and not function.decorator_list and len(function.body) == 1 and isinstance(function.body[0], ast.Return):
        body = function.body[0].value
    else:
        return None
    arguments = function.args  # type: ignore[union-attr]
    if arguments.vararg or arguments.kwarg or arguments.kwonlyargs or arguments.posonlyargs or len(arguments.args) != 2:
        return None
    count = arguments.args[1].arg
    if not (
        isinstance(body, ast.Compare) and len(body.ops) == 1 and isinstance(body.ops[0], ast.Eq)
        and isinstance(body.comparators[0], ast.Constant) and body.comparators[0].value == 0
        and isinstance(body.left, ast.BinOp) and isinstance(body.left.op, ast.Mod)
        and isinstance(body.left.left, ast.Name) and body.left.left.id == count
    ):  # fmt: skip
        return None
    return body.left.right


def step_hook_finding(code: str, hook, message: str, other: str, model: ModuleModel) -> Finding:  # type: ignore[no-untyped-def]
    """A finding on an optimizer step hook registered on the wrong side of the step
    (gradfix/analysis/step_hooks.py), pointing at the hook's clear, clip or scheduler step;
    fixed (safe) by registering the same hook on the `other` side, when that is all it does."""
    source = model.source
    fix = None
    if hook.whole:
        recv = hook.registration.func.value
        fix = Fix([ReplaceNode(hook.registration.func, f"{source.segment(recv)}.{other}", hook.statement)], Safety.SAFE)
    return Finding(code, message, hook.action, fix=fix, related=(hook.statement,))
