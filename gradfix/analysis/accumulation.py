"""Gradient accumulation, recognised from the loop model.

An accumulation loop backpropagates on every micro-batch but steps its optimizer only
under a periodic condition on a counter: `if (i + 1) % accum_steps == 0:`. This module
reads that condition (from the STEP event's outermost branch inside the loop), finds the
counter (the loop's `enumerate` index, the count zipped with the batches, or a variable
incremented in the loop), the window
length N, whether the condition also fires on the last batch, and where the backward,
the step and the clears sit relative to it. Loops whose accumulation a library handles
(`with accelerator.accumulate(model):`, DeepSpeed engines) are marked as such.

Read-only: no messages, no edits. When something is not understood the answer is None
(or "unknown") and rules stay silent.
"""

from __future__ import annotations

from gradfix import syntax as ast
import re

from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import Branch, EventKind, GradEvent, Loop, TrainingLoop
from gradfix.analysis.names import dotted, int_value, method_name, own_method
from gradfix.patterns import lazily
from gradfix.records import dataclass, field
from gradfix.source import FOR_LOOP_KINDS, FOR_LOOPS, FUNCTION_KINDS, FUNCTIONS, LOOPS, WITHS, Source
from gradfix.walk import ast_walk, child_nodes, child_statements, leaves

_CACHE = "_accumulations"
_TOLD_CACHE = "_told_accumulations"
_TOLD_CLEARED_CACHE = "_told_cleared_accumulations"


@dataclass(eq=False, repr=False)
class Periodic:
    """`A % N == C` (or `not A % N`), the part of a condition that fires every N counts."""

    comparison: ast.expr  # the Compare / UnaryOp node
    modulo: ast.BinOp | None  # `A % N` (None for a counter that is reset: `if c == N: ...; c = 0`)
    counter_expr: ast.expr  # `A`
    counter: str  # key of the counter variable inside `A`
    addend: int  # `A` is `counter + addend`
    n: ast.expr
    n_key: str
    n_value: int | None  # N when it is a literal
    remainder: str  # "zero" (`== 0`), "last" (`== N - 1`) or "one" (`== 1`, N not 2)
    tail: bool  # the condition also fires on the last batch (`or (i + 1) == len(loader)`)
    conjunct: bool  # the condition has an `and` part besides the periodic one
    holder: ast.stmt  # the statement holding the expression (the If, or an assignment)
    negated: bool = False  # written as `A % N != 0` and tested with `not`: the window's end
    reset: bool = False  # `c += 1` ... `if c == N:` ... `c = 0`: c counts the window's micro-batches
    skip_zero: bool = False  # `if step % N == 0 and step != 0:`: never fires while the counter is 0
    # `c = (c + 1) % N` ... `if c == 0:` (a reset counter that wraps itself): that statement
    wraps: ast.stmt | None = None
    # `left -= 1` ... `if left == 0: ...; left = N` (a countdown of the window's micro-batches,
    # read as a counter reset at the step): that reset statement
    countdown: ast.stmt | None = None
    # `q, r = divmod(A, N)` ... `if r == 0:` (the holder is that assignment): the test is `A % N == 0`
    divmod: bool = False
    # every `or` part besides the periodic one is a last-batch test under an `and` that may not
    # hold (`or len(loader) <= N and i + 1 == len(loader)`): the epochs it leaves out are not flushed
    partial_tail: bool = False

    @property
    def offset(self) -> int:
        """The condition is `(counter + offset) % N == 0`."""
        return self.addend + (1 if self.remainder == "last" else -1 if self.remainder == "one" else 0)


@dataclass(eq=False, repr=False)
class Counter:
    kind: str  # "enumerate", "variable" or "unknown"
    first: int | None = None  # the counter's value at the test on the first iteration
    per_loop: bool = False  # starts afresh each time the accumulation loop starts
    increment: ast.stmt | None = None  # `step += 1`
    before_test: bool | None = None  # the increment runs before the test
    rebound: bool = False  # an enumerate index the iteration rebinds after the window's test
    # the `enumerate` index of the loop around the accumulation loop (`for i, b in
    # enumerate(loader):` ... `for model, opt in members:` holding `if i % N == 0:`): only GF015
    # reads such a counter (the tail after the accumulation loop is not the batches' tail)
    outer: bool = False


@dataclass(eq=False, repr=False)
class Accumulation:
    loop: TrainingLoop
    branch: Branch  # the periodic `if`
    node: ast.If
    periodic: Periodic
    counter: Counter
    steps: list[GradEvent]  # STEP events under the periodic `if`
    backwards: list[GradEvent]  # BACKWARD events every micro-batch runs
    clears: list[GradEvent]  # CLEAR events of the iteration
    targets: set[str] = field(default_factory=set)  # stepped optimizers
    guards: int = 0  # mode tests (`if mode == "train":`) around the window's backwards and steps
    # the micro-batches backpropagate in both arms of the window's `if` (`if (i + 1) % N != 0:
    # backward() else: backward(); step()`, Accelerate's `no_sync` idiom); the window may be the `else`
    split: bool = False
    # the window is what follows a guard that ends the other micro-batches early (`if (i + 1) % N
    # != 0: continue`, timm's `if not need_update: continue`): `node` is the guard, whose body
    # holds no step; fixes that edit the window's own block have none to edit
    guarded: bool = False
    # the counter goes up by one per micro-batch, as far as gradfix sees: no statement adds
    # anything else to it (`seen += x.size(0)`, `tokens += x.numel()`, `seen = seen + 8` count
    # samples or tokens, and `N` is then no number of micro-batches)
    by_one: bool = True
    # the window is the `need_update=` keyword of a timm loss scaler's call (`loss_scaler(loss,
    # opt, need_update=(i + 1) % N == 0)`): the call backpropagates on every micro-batch and
    # unscales, clips and steps only when the keyword is true; `node` is the call's statement.
    # Only `told_accumulations` yields these (GF005 reads them), `accumulations` does not
    told: bool = False

    @property
    def position(self) -> int:
        """Index of the periodic `if` (or the statement holding it) in the step's path."""
        return _path_index(self.steps[0], self.node)


# -- public entry points ------------------------------------------------------------------
def accumulations(model: ModuleModel) -> list[Accumulation]:
    cached = getattr(model, _CACHE, None)
    if cached is None:
        cached = [
            acc for loop in model.loops
            if (acc := _recognise(loop, model) or _beside_an_off_arm(loop, model) or _beside_a_plain_else(loop, model)) is not None
        ]  # fmt: skip
        setattr(model, _CACHE, cached)
    return cached


def _beside_an_off_arm(loop: TrainingLoop, model: ModuleModel) -> Accumulation | None:
    """`if N is None:` (`not N`, `N == 1`, `N <= 1`) with the step and clear, `elif (i + 1) %
    N == 0:` with the same statements: the first arm runs when nothing accumulates, the second
    is the window. Read as the window alone, its `if` one level into the iteration (the
    first arm's events left out); only when the `if` is at the iteration's top level, its
    `elif` is all of its `else`, and both arms hold the same statements."""
    if loop.is_unknown or "%" not in model.source.segment(loop.node):
        return None
    source = model.source
    events = _owned(loop, model)
    steps = [e for e in events if e.kind is EventKind.STEP]
    if not steps:
        return None
    top = steps[0].branches_within(loop.node)
    if not top or top[0].kind != "if" or not isinstance(top[0].node, ast.If):
        return None
    off = top[0].node
    if len(off.orelse) != 1 or not isinstance(off.orelse[0], ast.If) or off.orelse[0].orelse:
        return None
    window = off.orelse[0]
    if [source_code(source, s) for s in off.body] != [source_code(source, s) for s in window.body]:
        return None
    keys = {
        source.key(node.right) for node in ast_walk(window.test)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and is_keyed_setting(node.right)
    }  # fmt: skip
    if len(keys) != 1 or _holds_beyond_one(off.test, keys, source) is not False:
        return None
    kept = [e for e in events if not any(b.node is off and b.kind == "if" for b in e.branches_within(loop.node))]
    if any(not any(b.node is off and b.kind == "else" for b in s.branches_within(loop.node)) for s in kept if s.kind is EventKind.STEP):
        return None
    return _recognise(loop, model, kept, guards=1)


def _beside_a_plain_else(loop: TrainingLoop, model: ModuleModel) -> Accumulation | None:
    """`if args.accum > 1:` (a test of N that holds for every N > 1) holding the window,
    `else:` a plain step of its own: the `else` runs when nothing accumulates. Read as the
    window alone, its `if` one level into the iteration (the `else` arm's events left out);
    only when the `if` is at the iteration's top level and every step outside the `else`
    is in its body. So is a test that reads no N but holds, or not, for the whole loop (`if
    cfg["model"] in BERT_MODELS:`), when its `else` trains on its own (a backward and a step):
    one configuration runs the window on every iteration, the other never does (its `else`
    steps on no window of its own: two windows are `forked_accumulations`)."""
    if loop.is_unknown or "%" not in model.source.segment(loop.node):
        return None
    source = model.source
    events = _owned(loop, model)
    steps = [e for e in events if e.kind is EventKind.STEP]
    if len(steps) < 2:
        return None
    top = steps[0].branches_within(loop.node)
    if not top or top[0].kind != "if" or not isinstance(top[0].node, ast.If):
        return None
    fork = top[0].node
    if not fork.orelse or (len(fork.orelse) == 1 and isinstance(fork.orelse[0], ast.If)):
        return None  # no `else`, or an `elif`
    keys = {
        source.key(node.right)
        for stmt in fork.body if isinstance(stmt, ast.If)
        for node in ast_walk(stmt.test)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and is_keyed_setting(node.right)
    }  # fmt: skip
    if len(keys) != 1:
        return None
    holds = _holds_beyond_one(fork.test, keys, source)
    in_else = [e for e in events if _arm(e, fork) == "else"]
    if not any(e.kind is EventKind.STEP for e in in_else):
        return None
    if holds is not True and (
        holds is False
        or any(source.key(node) in keys for node in ast_walk(fork.test) if isinstance(node, (ast.Name, ast.Attribute, ast.Subscript, ast.Call)))
        or not any(e.kind is EventKind.BACKWARD for e in in_else)
        or any(
            isinstance(b.node, ast.If) and b.node is not fork and _periodic_test(b.node.test)
            for e in in_else if e.kind is EventKind.STEP
            for b in e.branches_within(loop.node)
        )
    ):
        return None  # a test of N that may not hold for N > 1; or, of anything else, an `else` that is no training of its own
    if not loop_invariant(fork.test, loop, source):
        return None
    kept = [e for e in events if _arm(e, fork) != "else"]
    if any(_arm(s, fork) != "if" for s in kept if s.kind is EventKind.STEP):
        return None
    return _recognise(loop, model, kept, guards=1)


def _counter_test(test: ast.expr) -> bool:
    """`i % N == 0` (a name modulo something, compared with 0): a window test GF015 can read."""
    return (
        isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)
        and isinstance(test.left, ast.BinOp) and isinstance(test.left.op, ast.Mod)
        and isinstance(test.left.left, ast.Name) and int_value(test.comparators[0]) == 0
    )  # fmt: skip


def rebound_between(test: ast.expr, loop: ast.AST, start: ast.stmt, end: ast.stmt) -> bool:
    """A name the test reads is bound by a statement of the loop between `start` and `end`
    (`step += 1` between a clear and a step under the same `step % N == 0`)."""
    names = {n.id for n in ast_walk(test) if isinstance(n, ast.Name)}
    first, last = start.lineno, end.lineno
    for node in ast_walk(loop):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and first < node.lineno < last:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(n, ast.Name) and n.id in names for t in targets for n in ast_walk(t)):
                return True
    return False


def cleared_where_it_steps(acc: Accumulation, source: Source) -> list[ast.expr]:
    """A clear of a stepped optimizer under the window's own test runs before the backward of
    the iteration that steps (`if i % N == 0: opt.zero_grad()` at the top, `if i % N == 0:
    opt.step()` after the backward): it wipes the micro-batches before, so every step applies
    one micro-batch, and dividing it by N only shrinks it. The tests of those clears' `if`s
    (empty: no such clear)."""
    first = min((acc.loop.events.index(b) for b in acc.backwards if b in acc.loop.events), default=None)
    if first is None:
        return []
    test = source.code(acc.periodic.comparison)
    tests: list[ast.expr] = []
    for clear in acc.clears:
        if clear.target not in acc.targets or clear not in acc.loop.events or acc.loop.events.index(clear) > first:
            continue
        if rebound_between(acc.periodic.comparison, acc.loop.node, clear.statement, acc.steps[0].statement):
            continue  # `step += 1` between them: the same text tests another count
        for branch in clear.branches_within(acc.loop.node):
            if branch.kind == "if" and branch.test is not None and any(
                isinstance(node, ast.expr) and source.code(node) == test for node in ast_walk(branch.test)
            ):
                tests.append(branch.test)
    return tests


def accumulation_of(loop: TrainingLoop, model: ModuleModel) -> Accumulation | None:
    for acc in accumulations(model):
        if acc.loop is loop:
            return acc
    return None


def library_accumulation(event: GradEvent) -> ast.With | ast.AsyncWith | None:
    """The `with <x>.accumulate(...)` block (Accelerate) around an event, if any."""
    for with_node in event.withs:
        for item in with_node.items:
            expr = item.context_expr
            if isinstance(expr, ast.Call) and method_name(expr) == "accumulate":
                return with_node
    return None


# -- recognition --------------------------------------------------------------------------
def _owned(loop: TrainingLoop, model: ModuleModel) -> list[GradEvent]:
    """The iteration's events; a loop inside it that only backpropagates (one backward per
    query tuple or chunk of the micro-batch, nothing stepped or cleared there) is part of the
    micro-batch, not an iteration of its own."""
    backpropagating_only = {
        id(inner.node)
        for inner in model.loops
        if inner is not loop
        and inner.events
        and all(e.kind is EventKind.BACKWARD for e in inner.events)
        and not inner.unknown
        and any(enclosing is loop.node for enclosing in inner.enclosing_loops)
    }
    training = {id(lp.node) for lp in model.loops} - backpropagating_only
    return [e for e in loop.events if loop.owns(e, training)]


def _recognise(
    loop: TrainingLoop, model: ModuleModel, events: list[GradEvent] | None = None, guards: int | None = None
) -> Accumulation | None:
    """`events` and `guards`: one arm of a fork (see `forked_accumulations`) and the levels of
    `if`s down to that arm, read as mode guards."""
    if loop.is_unknown:
        return None
    if events is None:
        events = _owned(loop, model)
    steps = [e for e in events if e.kind is EventKind.STEP]
    if not steps or any(s.engine or s.target is None for s in steps):
        return None
    if any(library_accumulation(e) is not None for e in events):
        return None  # Accelerate decides when to step
    first = steps[0]
    backwards = [e for e in events if e.kind is EventKind.BACKWARD]
    if not backwards:
        return None
    if guards is None:
        guards = mode_guards(steps + backwards, loop, model.source)
    inner = first.branches_within(loop.node)[guards:]
    if not inner and not guards:
        return _guarded_window(loop, model, events, steps, backwards)
    if not inner or inner[0].kind not in ("if", "else"):
        return None
    branch = inner[0]
    if not isinstance(branch.node, ast.If) or branch.test is None:
        return None
    if any(s.source is not None for s in steps) and not any(n is branch.node for n in model.source.of_type(ast.If)):
        return None  # the window's `if` is in a helper of another module: judged (and fixed) there
    # every step of the iteration sits under that same `if` (or its `else`)
    for step in steps:
        within = step.branches_within(loop.node)[guards:]
        if not within or within[0].node is not branch.node or within[0].kind != branch.kind or not _each_optimizer(step, loop.node, branch.node):
            return None
        if any(_periodic_test(inner.test) for inner in within[1:]):
            return None  # `if windows % log_every == 0: step`: the window is another count
    arms = {_arm(b, branch.node) for b in backwards}
    split = arms == {"if", "else"}
    if arms != {None} and not split:
        return None  # a backward inside the `if` is another cadence (WGAN's generator), not accumulation
    if branch.kind == "else" and not split:
        return None
    if any(b.engine for b in backwards):
        return None
    first_backward = events.index(backwards[0])
    step_test = source_code(model.source, branch.test)
    for clear in events[:first_backward]:
        within = clear.branches_within(loop.node)[guards:] if clear.kind is EventKind.CLEAR else ()
        if (
            within and within[0].kind == "if" and within[0].test is not None
            and source_code(model.source, within[0].test) == step_test
            and not rebound_between(within[0].test, loop.node, clear.statement, first.statement)
            and not _counter_test(within[0].test)
        ):  # fmt: skip
            # `if boundary: opt.zero_grad()` before the backward, under the step's own test: on
            # the window's last micro-batch the clear wipes the ones before it, so each step
            # sees one micro-batch, not a window (a clear at a window's first micro-batch,
            # `if i % N == 0`, is another test). A counter's `i % N == 0` is read on: every
            # window holds one micro-batch, which GF015 reports and fixes
            return None
    if events.index(first) < events.index(backwards[0]):
        # the window's step runs before the micro-batch's backward (`if i % N == 0: step` at
        # the top of the iteration): it closes the window of the micro-batches before this one,
        # and the counter means something else than in the loops this module describes
        return None
    if branch.kind == "else":
        periodic = _else_periodic(branch.test, branch.node, model.source)
    else:
        periodic = _periodic(branch.test, branch.node, loop, model.source)
    if periodic is None or _not_really_accumulating(periodic, loop, model):
        return None
    seen_as = _counter_as_handed(periodic.counter, first, branch.node, model) if first.via else periodic.counter
    if seen_as is None:
        return None  # `maybe_step(opt, i + 1, N)` into `def maybe_step(opt, i, N)`: another count
    if loop.function is loop.node and not _counted_by_callers_elsewhere(seen_as, loop, model):
        return None  # a step function handed, by a caller in another module, something else than its loop's count
    if loop.function is loop.node and _handed_a_fixed_count(seen_as, loop, model.source):
        return None  # `train_step(model, opt, ACCUM - 1, x, y)` in its own module: the test holds on every call, or on none
    counter = _counter(periodic, loop, first, model.source, model, seen_as)
    if periodic.countdown is not None and counter.kind == "unknown":
        return None  # a countdown started, or counted down, otherwise than from the N it is reset to
    clears = [e for e in events if e.kind is EventKind.CLEAR]
    return Accumulation(
        by_one=not _counted_otherwise(seen_as, loop, model.source) and not _backward_every_kth(seen_as, backwards, loop, model.source, branch.node),
        loop=loop,
        branch=branch,
        node=branch.node,
        periodic=periodic,
        counter=counter,
        steps=steps,
        backwards=backwards,
        clears=clears,
        targets={s.target for s in steps if s.target is not None},
        guards=guards,
        split=split,
    )


def _counted_otherwise(name: str, loop: TrainingLoop, source: Source) -> bool:
    """A statement of the loop (or, for `self.<name>`, of the loop's class) adds something
    else than 1 to the window's counter: `seen += x.size(0)`, `tokens += n`, `seen += 8`,
    `seen = seen + len(batch)` (also `-=`, `*=`, ...). The counter then counts samples or
    tokens, and a window holds a number of micro-batches that is not `N` (or not fixed).
    `+= 1`, `-= 1`, `%= N`, `c = (c + 1) % N` and other assignments (`step = i + 1`) are not."""
    scope: ast.AST = loop.node
    if name.startswith("self.") and name.count(".") == 1:
        owner = source.owner_of(loop.node) if isinstance(loop.node, ast.stmt) else None
        while owner is not None and not isinstance(owner, ast.ClassDef):
            owner = source.owner_of(owner) if isinstance(owner, ast.stmt) else None
        if owner is not None:
            scope = owner
    for node in ast_walk(scope):
        if isinstance(node, ast.AugAssign):
            if source.key(node.target) != name or isinstance(node.op, ast.Mod):
                continue
            if not (isinstance(node.op, (ast.Add, ast.Sub)) and int_value(node.value) == 1):
                return True
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.BinOp) and isinstance(node.value.op, (ast.Add, ast.Sub)):
            if not any(source.key(t) == name for t in node.targets):
                continue
            value = node.value
            sides = (value.left, value.right) if isinstance(value.op, ast.Add) else (value.left,)
            for side, other in zip(sides, (value.right, value.left)):
                if source.key(side) == name and int_value(other) != 1:
                    return True  # `seen = seen + x.size(0)`
    return False


def _backward_every_kth(name: str, backwards: list[GradEvent], loop: TrainingLoop, source: Source, window: ast.AST) -> bool:
    """A backward of the window runs only on some values of its counter: it sits under an `if`
    (or its `else`) of the loop whose test takes the counter modulo something (`if i % 8 == 0
    or i == n:` packs eight samples, then backpropagates them once), or follows a guard that
    does (`if (i + 1) % 8 != 0: continue`). The counter then counts iterations, not
    micro-batches, and a window of `N` ticks holds fewer backwards than `N` -- unless the other
    arm of that `if` backpropagates too (alternating losses by parity). The window's own
    `if` (`window`: a split window backpropagates in both its arms) is not such a test."""

    def modulo_of_counter(test: ast.AST | None) -> bool:
        return test is not None and any(
            isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and source.key(node.left) == name
            or isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and isinstance(node.left, ast.BinOp)
            and source.key(node.left.left) == name
            for node in ast_walk(test)
        )

    arms = [{(id(b.node), b.kind) for b in backward.branches_within(loop.node)} for backward in backwards]
    for backward in backwards:
        for b in backward.branches_within(loop.node):
            if b.kind not in ("if", "else") or b.node is window or not modulo_of_counter(b.test):
                continue
            other = (id(b.node), "else" if b.kind == "if" else "if")
            if not any(other in held for held in arms):
                return True  # (`if i % 2 == 0: a.backward()` / `else: b.backward()` backpropagates on every tick)
    body = getattr(loop.node, "body", None)
    if not backwards or not isinstance(body, list):
        return False
    first = backwards[0].statement
    for stmt in body:
        if stmt is first or any(node is first for node in ast_walk(stmt)):
            return False
        if isinstance(stmt, ast.If) and stmt.body and isinstance(stmt.body[-1], ast.Continue) and modulo_of_counter(stmt.test):
            return True
    return False


def _counted_by_callers_elsewhere(counter: str, loop: TrainingLoop, model: ModuleModel) -> bool:
    """A step function whose window tests a parameter (`def train_step(model, opt, i, x, y)`
    with `if (i + 1) % ACCUM == 0:`): every call of it in another module of the project hands
    it a name that module's loop rebinds per pass (`for i, (x, y) in enumerate(loader):
    train_step(model, opt, i, x, y)`, or `i += 1`), not a constant or an expression; a method,
    whose calls are not read here, when nothing in another module calls it."""
    if "." in counter or not _is_parameter(counter, loop.node):
        return True
    project, path = model.facts.project, model.source.path
    if project is None or not path:
        return True
    from gradfix.analysis.steps import _other_caller_files, arguments_elsewhere

    facts = model.facts
    info = facts.module_functions.get(loop.node.name)  # type: ignore[attr-defined]
    if info is None or info.node is not loop.node:
        info = next((i for methods in facts.methods.values() for i in methods.values() if i.node is loop.node), None)
        return info is None or not _other_caller_files(project, path, info)
    for module, value in arguments_elsewhere(project, path, info, counter):
        if not isinstance(value, ast.Name) or not _rebound_per_pass(value.id, module.source):
            return False
    return True


def _handed_a_fixed_count(counter: str, loop: TrainingLoop, source: Source) -> bool:
    """A step function whose window tests a parameter, called in its own module with the same
    value for it on every call: a literal or an expression of literals and names only the
    module's top level binds, once (`train_step(model, opt, ACCUM - 1, x, y)`). Its window's
    test then holds on every call (each micro-batch is stepped alone) or on none: no window."""
    function = loop.node
    if "." in counter or not _is_parameter(counter, function) or not isinstance(function, FUNCTIONS):
        return False
    args = function.args
    positional = [a.arg for a in (*args.posonlyargs, *args.args)]
    index = positional.index(counter) if counter in positional else None
    module_level: dict[str, int] = {}  # a name's top-level bindings: assignments, or imports of a name (`from .common import ACCUM`)
    imported: set[str] = set()
    for stmt in source.tree.body:  # type: ignore[attr-defined]
        if isinstance(stmt, ast.Assign):
            for target in stmt.targets:
                if isinstance(target, ast.Name):
                    module_level[target.id] = module_level.get(target.id, 0) + 1
        elif isinstance(stmt, ast.ImportFrom):
            for alias in stmt.names:
                name = alias.asname or alias.name
                module_level[name] = module_level.get(name, 0) + 1
                imported.add(name)
    for node in source.nodes:
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name) or node.func.id != function.name:
            continue
        value = next((k.value for k in node.keywords if k.arg == counter), None)
        if value is None and index is not None and index < len(node.args) and not any(isinstance(a, ast.Starred) for a in node.args[: index + 1]):
            value = node.args[index]
        if value is not None and _fixed(value, module_level, imported, source):
            return True
    return False


def _fixed(expr: ast.expr, module_level: dict[str, int], imported: set[str], source: Source) -> bool:
    """A literal, or an arithmetic of literals and names the module's top level binds once (an
    assignment, or a name imported from another module) and nothing else binds (`ACCUM - 1`)."""
    names = []
    for node in ast_walk(expr):
        if isinstance(node, ast.Name):
            names.append(node.id)
        elif not isinstance(node, (ast.Constant, ast.BinOp, ast.UnaryOp, ast.operator, ast.unaryop, ast.Load)):
            return False
    for name in names:
        if module_level.get(name) != 1:
            return False
        if sum(
            isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load)
            for node in source.nodes
        ) != (0 if name in imported else 1) or any(isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names for node in source.nodes):
            return False
    return True


def _rebound_per_pass(name: str, source: Source) -> bool:
    """A `for` loop of the module binds `name` (`for i, batch in enumerate(loader)`), or the
    module adds to it (`i += 1`)."""
    for node in source.nodes:
        if isinstance(node, FOR_LOOPS) and any(isinstance(n, ast.Name) and n.id == name for n in ast_walk(node.target)):  # type: ignore[attr-defined]
            return True
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) and node.target.id == name and isinstance(node.op, ast.Add):
            return True
    return False


def window_helper(acc: Accumulation) -> ast.AST | None:
    """The helper (of this module) whose code holds the window's test, if it is not the loop's own."""
    step = acc.steps[0]
    return next((h for h in reversed(step.helpers) if any(node is acc.node for node in ast_walk(h))), None) if step.via else None


def _counter_as_handed(counter: str, step: GradEvent, window: ast.AST, model: ModuleModel) -> str | None:
    """The window's test, written in a helper the step is reached through, reads the loop's
    own counter: a parameter of a helper counts when each call on the way hands it a name as
    it is (`maybe_step(opt, i, N)`, not an expression of it, `i + 1`) and the helper never
    binds the parameter again; a call of a name bound once to `functools.partial(helper,
    model, opt)` hands the partial's arguments first. The counter as the loop names it (`i`
    for the `it` of `def train_step(self, batch, it)` called as `self.train_step(batch, i)`),
    or None."""
    name, dot, rest = counter.partition(".")
    chain = list(zip(step.via, step.helpers))
    inside = [k for k, (_, helper) in enumerate(chain) if any(node is window for node in ast_walk(helper))]
    if not inside:
        return counter  # the test is the loop's own
    for call, helper in reversed(chain[: inside[-1] + 1]):
        if not isinstance(helper, FUNCTIONS):
            return None
        args = helper.args
        positional = [a.arg for a in (*args.posonlyargs, *args.args)]
        if name not in positional and name not in {a.arg for a in args.kwonlyargs}:
            continue  # a name of the module (or `self.step`): the same for the caller
        if dot and name == "self" and positional[:1] == ["self"] and own_method(call) is not None:
            continue  # `self.seen` of a method called as `self.update(...)` (or `self(...)`): the caller's own
        if positional and positional[0] in ("self", "cls") and (isinstance(call.func, ast.Attribute) or helper.name == "__call__"):
            positional = positional[1:]  # (`self(x, y, i)`, `step(x, y)`: the object's `__call__`)
        call_args, call_keywords = list(call.args), list(call.keywords)
        bound = _partial_of(call, helper, model)
        if bound is not None:
            call_args, call_keywords = [*bound.args[1:], *call_args], [*bound.keywords, *call_keywords]
        passed = next((k.value for k in call_keywords if k.arg == name), None)
        if passed is None and name in positional:
            index = positional.index(name)
            if index < len(call_args) and not any(isinstance(a, ast.Starred) for a in call_args[: index + 1]):
                passed = call_args[index]
        if not isinstance(passed, ast.Name):
            return None
        if passed.id != name:
            if dot or any(isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load) for n in ast_walk(helper)):
                return None  # the parameter bound again in the helper: not the loop's count
            name = passed.id
    return name + dot + rest


def _partial_of(call: ast.Call, helper: ast.AST, model: ModuleModel) -> ast.Call | None:
    """`functools.partial(helper, ...)`, when `call` calls a name the module binds once, and to
    it (`step_fn = functools.partial(sgd_step, model, opt)` ... `step_fn(i, x, y)`)."""
    func = call.func
    if not isinstance(func, ast.Name) or func.id == getattr(helper, "name", None) or b"partial(" not in model.source.data:
        return None
    values = [
        node.value for node in model.source.of_type(ast.Assign)
        if len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and node.targets[0].id == func.id  # type: ignore[attr-defined]
    ]  # fmt: skip
    if len(values) != 1 or not isinstance(values[0], ast.Call) or not values[0].args:
        return None
    value = values[0]
    first = value.args[0]
    if model.facts.imports.qualify(dotted(value.func) or "") != "functools.partial" or not isinstance(first, ast.Name):
        return None
    if first.id != getattr(helper, "name", None) or any(isinstance(a, ast.Starred) for a in value.args) or any(k.arg is None for k in value.keywords):
        return None
    return value


def _guarded_window(
    loop: TrainingLoop, model: ModuleModel, events: list[GradEvent], steps: list[GradEvent], backwards: list[GradEvent]
) -> Accumulation | None:
    """`if (i + 1) % N != 0: continue` (one statement of the loop's own body, after every
    backward and before every step, each a statement of the body itself): the steps run in the
    guard's `else`, once per N micro-batches."""
    body = getattr(loop.node, "body", None)
    if not isinstance(loop.node, (*LOOPS, *FUNCTIONS)) or not body:
        return None
    # a step function walked as one iteration (gradfix.analysis.steps) ends one early by returning
    exit_kind: type = ast.Return if isinstance(loop.node, FUNCTIONS) else ast.Continue
    if all(e.via for e in (*steps, *backwards)):
        # a step function called once per iteration: `if (i + 1) % N != 0: return` between its
        # backward and its step
        body = _step_function_body(loop, (*steps, *backwards))  # type: ignore[assignment]
        if body is None:
            return None
        exit_kind = ast.Return

        def top(event: GradEvent) -> int | None:
            line = getattr(event.node, "lineno", None)
            return next((i for i, stmt in enumerate(body) if stmt.lineno <= line <= (stmt.end_lineno or stmt.lineno)), None) if line else None  # type: ignore[operator]
    else:
        index = {id(stmt): i for i, stmt in enumerate(body)}

        def top(event: GradEvent) -> int | None:
            """The index in the loop's body of the statement holding the event."""
            at = next((i for i, stmt in enumerate(event.path) if stmt is loop.node), None)
            if at is None or at + 1 >= len(event.path):
                return None
            return index.get(id(event.path[at + 1]))

        if any(s.via or s.path[-2] is not loop.node for s in steps if len(s.path) >= 2):
            return None
    tops = [top(e) for e in (*steps, *backwards)]
    if any(t is None for t in tops):
        return None
    first_step = min(top(s) for s in steps)  # type: ignore[type-var]
    last_backward = max(top(b) for b in backwards)  # type: ignore[type-var]
    told = _told_when_to_step(steps, backwards)
    if told is not None:
        # timm's loss scaler: `loss_scaler(loss, opt, need_update=need_update)` backpropagates
        # every micro-batch and steps only when told; `if not need_update: continue` after it
        # ends the other micro-batches (the window's clear follows the guard)
        first_step = len(body)
    guard = None
    for stmt in body[last_backward + 1 : first_step]:
        if isinstance(stmt, ast.If) and not stmt.orelse and len(stmt.body) == 1 and isinstance(stmt.body[0], exit_kind):
            if guard is not None:
                return None  # two guards: which one is the window is unclear
            guard = stmt
        elif leaves(stmt):
            return None
    if guard is None or any(leaves(stmt) and not _only_breaks(stmt) for stmt in body[: last_backward + 1]):
        return None  # (`if batch is None: break` ends the loop, not a micro-batch)
    test = guard.test
    if told is not None and not (
        isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) and isinstance(test.operand, ast.Name) and test.operand.id == told
    ):
        return None  # the guard tests something else than what the scaler is told
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        # timm's `need_update = last_batch or (i + 1) % N == 0` ... `if not need_update: continue`
        periodic = _periodic(test.operand, guard, loop, model.source)
    else:
        periodic = _else_periodic(test, guard, model.source)
    if periodic is None or _not_really_accumulating(periodic, loop, model):
        return None
    counter = _counter(periodic, loop, steps[0], model.source, model)
    return Accumulation(
        by_one=not _counted_otherwise(periodic.counter, loop, model.source)
        and not _backward_every_kth(periodic.counter, backwards, loop, model.source, guard),
        loop=loop,
        branch=Branch(guard, "else", guard.test, len(steps[0].loops_within(loop.node))),
        node=guard,
        periodic=periodic,
        counter=counter,
        steps=steps,
        backwards=backwards,
        clears=[e for e in events if e.kind is EventKind.CLEAR],
        targets={s.target for s in steps if s.target is not None},
        guards=0,
        guarded=True,
    )


def _told_when_to_step(steps: list[GradEvent], backwards: list[GradEvent]) -> str | None:
    """The name every step is told to step by (`loss_scaler(loss, opt, need_update=need_update)`,
    timm's scalers: the call backpropagates always and steps only when told), each step's call
    also the iteration's one backward; None otherwise."""
    if len(backwards) != 1 or any(s.node is not backwards[0].node for s in steps):
        return None
    call = backwards[0].node
    if not isinstance(call, ast.Call):
        return None
    told = [k.value for k in call.keywords if k.arg == "need_update"]
    return told[0].id if len(told) == 1 and isinstance(told[0], ast.Name) else None


def told_accumulations(model: ModuleModel) -> list[Accumulation]:
    """Windows written in the `need_update=` keyword of a timm loss scaler's call (see
    `Accumulation.told`), in loops `accumulations` does not recognise."""
    return _told_windows(model, _TOLD_CACHE, cleared=False)


def told_cleared_accumulations(model: ModuleModel) -> list[Accumulation]:
    """Told windows (see `told_accumulations`) whose iteration also clears on every
    micro-batch, under no branch: `opt.zero_grad()` then `loss_scaler(loss, opt,
    need_update=(i + 1) % N == 0)`. The clear wipes what the window's earlier micro-batches
    backpropagated (GF011 reads these; no other rule does)."""
    return _told_windows(model, _TOLD_CLEARED_CACHE, cleared=True)


def _told_windows(model: ModuleModel, cache: str, cleared: bool) -> list[Accumulation]:
    """The told windows of the loops `accumulations` does not recognise, kept on the model
    under `cache` (none in a module whose bytes never say `need_update`)."""
    found = getattr(model, cache, None)
    if found is None:
        told = b"need_update" in model.source.data
        # (a cleared window may also be told through a helper's flag, MAE's `update_grad=`: only
        # loops whose steps run in a helper the loop calls, under a branch there, are candidates)
        candidates = [loop for loop in model.loops if told or cleared and _steps_in_a_helper(loop)]
        if not candidates:
            found = []
        else:
            recognised = {id(acc.loop) for acc in accumulations(model)}
            found = [
                acc for loop in candidates
                if id(loop) not in recognised and (acc := _told_window(loop, model, cleared=cleared)) is not None
            ]  # fmt: skip
        setattr(model, cache, found)
    return found


def _steps_in_a_helper(loop: TrainingLoop) -> bool:
    """A step of the loop runs in a helper it calls, under a branch there."""
    return any(e.kind is EventKind.STEP and len(e.via) == 1 and e.branches for e in loop.events)


def _helper_flag(steps: list[GradEvent], backward: GradEvent, loop: TrainingLoop) -> str | None:
    """The parameter of the helper every step runs under (`if update_grad:` in MAE's
    `NativeScalerWithGradNormCount.__call__(self, loss, optimizer, ..., update_grad=True)`), its
    backward under no branch there, the helper never binding the parameter again; None otherwise."""
    call = backward.via[0]
    if len(backward.via) != 1 or backward.branches_within(loop.node) or any(len(s.via) != 1 or s.via[0] is not call for s in steps):
        return None
    definition = backward.helpers[-1] if backward.helpers else None
    if not isinstance(definition, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    flags = set()
    for step in steps:
        if not step.helpers or step.helpers[-1] is not definition:
            return None
        branches = step.branches_within(loop.node)
        if len(branches) != 1 or branches[0].kind != "if" or not isinstance(branches[0].node, ast.If):
            return None
        test = branches[0].node.test
        if not isinstance(test, ast.Name):
            return None
        flags.add(test.id)
    if len(flags) != 1:
        return None
    (flag,) = flags
    arguments = definition.args
    if flag not in {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}:
        return None
    if any(isinstance(n, ast.Name) and n.id == flag and not isinstance(n.ctx, ast.Load) for n in ast_walk(definition)):
        return None  # (bound again in the helper: not the caller's test)
    return flag


def _told_window(loop: TrainingLoop, model: ModuleModel, cleared: bool = False) -> Accumulation | None:
    """`loss_scaler(loss, opt, need_update=(i + 1) % N == 0)` (or `need_update=flag` with
    `flag = (i + 1) % N == 0 or i + 1 == len(loader)` the one binding of `flag` in the loop's
    body, before the call): the call is the iteration's one backward and its steps, a
    statement of the loop's own body; the keyword's test is the window's. With `cleared`,
    only such windows whose iteration clears on every micro-batch (none without)."""
    if loop.is_unknown or not isinstance(loop.node, LOOPS):
        return None
    events = _owned(loop, model)
    steps = [e for e in events if e.kind is EventKind.STEP]
    backwards = [e for e in events if e.kind is EventKind.BACKWARD]
    if not steps or len(backwards) != 1 or any(s.engine or s.target is None for s in steps):
        return None
    backward = backwards[0]
    call = backward.node
    keyword_name: str | None = "need_update"
    if backward.via and cleared and not backward.engine:
        keyword_name = _helper_flag(steps, backward, loop)  # MAE's `loss_scaler(..., update_grad=(i + 1) % N == 0)`
        if keyword_name is None:
            return None
        call = backward.via[0]
    elif not isinstance(call, ast.Call) or any(s.node is not call for s in steps) or backward.engine or backward.via:
        return None
    if any(library_accumulation(e) is not None for e in events):
        return None
    if backward.branches_within(loop.node) or backward.loops_within(loop.node) or len(backward.path) < 2 or backward.path[-2] is not loop.node:
        return None  # the call under an `if` or in a loop of its own: another cadence
    statement = backward.path[-1]
    if cleared != any(e.kind is EventKind.CLEAR and not e.branches_within(loop.node) for e in events):
        return None  # a clear on every micro-batch: no window accumulates (GF011's business)
    told = [k.value for k in call.keywords if k.arg == keyword_name]  # type: ignore[attr-defined]
    if len(told) != 1 or any(k.arg is None for k in call.keywords):  # type: ignore[attr-defined]
        return None
    source = model.source
    holder: ast.AST
    test = _unnamed(told[0])
    if isinstance(test, ast.Name):
        assigned = _single_assignment(test.id, loop.node.body, source)  # type: ignore[attr-defined]
        if assigned is None or assigned[0].lineno >= statement.lineno:  # type: ignore[attr-defined]
            return None
        holder, test = assigned
    elif isinstance(test, (ast.Compare, ast.BoolOp, ast.UnaryOp)):
        holder = test
    else:
        return None
    parts, conjunct = _disjuncts(test)
    if conjunct:
        return None
    found = [p for p in (_parse_part(part, holder, source) for part in parts) if p is not None]  # type: ignore[arg-type]
    if len(found) != 1:
        return None
    periodic = found[0]
    if any(part is not periodic.comparison and not _last_batch_test(part, periodic.counter) for part in parts):
        return None  # `... or not accumulate`: steps on other micro-batches than a window's last
    periodic.tail = len(parts) > 1
    if _not_really_accumulating(periodic, loop, model):
        return None
    counter = _counter(periodic, loop, steps[0], source, model)
    return Accumulation(
        by_one=not _counted_otherwise(periodic.counter, loop, source)
        and not _backward_every_kth(periodic.counter, backwards, loop, source, statement),
        loop=loop,
        branch=Branch(statement, "if", periodic.comparison, len(steps[0].loops_within(loop.node))),
        node=statement,  # type: ignore[arg-type]
        periodic=periodic,
        counter=counter,
        steps=steps,
        backwards=backwards,
        clears=[e for e in events if e.kind is EventKind.CLEAR],
        targets={s.target for s in steps if s.target is not None},
        told=True,
    )


def _only_breaks(stmt: ast.stmt) -> bool:
    """The statement leaves its block only by `break` (of the loop it sits in)."""
    todo: list[ast.AST] = [stmt]
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Continue, ast.Return)):
            return False
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, LOOPS):
            if any(isinstance(inner, ast.Return) for inner in ast_walk(node)):
                return False
            todo.extend(node.orelse)
            continue
        todo.extend(child_nodes(node))
    return True


def _step_function_body(loop: TrainingLoop, events: tuple[GradEvent, ...]) -> list[ast.stmt] | None:
    """The body of the one function of this file that every event runs in, called by a
    statement of the loop's own body (no loop of its own around the events)."""
    first = events[0]
    if len(first.helpers) != 1 or len(first.path) < 2 or first.path[-2] is not loop.node:
        return None
    for event in events:
        if event.foreign or event.via != first.via or event.helpers != first.helpers or event.loops_within(loop.node):
            return None
    helper = first.helpers[0]
    return helper.body if isinstance(helper, (ast.FunctionDef, ast.AsyncFunctionDef)) else None


def _each_optimizer(step: GradEvent, loop: ast.AST, window: ast.If) -> bool:
    """The step is directly in the iteration, or inside loops over optimizers that the window
    holds (`if (i + 1) % N == 0: for opt in optimizers: opt.step()`): the window still steps
    every optimizer once per N micro-batches."""
    inner = step.loops_within(loop)
    if not inner:
        return True
    if step.target is None or not step.target.endswith("[*]") or len(inner) != 1:
        return False
    each = inner[0]
    return isinstance(each, ast.For) and isinstance(each.target, ast.Name) and _path_index(step, window) < _path_index(step, each)


def forked_accumulations(model: ModuleModel) -> list[tuple[Accumulation, Accumulation]]:
    """Loops recognised as no accumulation because the window is written twice, once in each
    arm of an `if` that holds for the whole loop (`if self.use_amp:` with the scaled backward
    and `if (i + 1) % N == 0: scaler.step(opt)...`, `else:` with the plain backward and the same
    window test stepping `opt`): each arm's window, read with the events of that arm (and those
    of neither). Only when every step and backward is in one of the two arms and both windows
    have the same test text."""
    cached = getattr(model, "_forked_accumulations", None)
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    found: list[tuple[Accumulation, Accumulation]] = []
    recognised = {id(acc.loop) for acc in accumulations(model)}
    for loop in model.loops:
        if loop.is_unknown or id(loop) in recognised:
            continue
        pair = _fork_windows(loop, model)
        if pair is not None:
            found.append(pair)
    setattr(model, "_forked_accumulations", found)
    return found


def _fork_windows(loop: TrainingLoop, model: ModuleModel) -> tuple[Accumulation, Accumulation] | None:
    events = _owned(loop, model)
    steps = [e for e in events if e.kind is EventKind.STEP]
    backwards = [e for e in events if e.kind is EventKind.BACKWARD]
    if len(steps) < 2 or len(backwards) < 2:
        return None  # a step and a backward in each arm
    guards = mode_guards(steps + backwards, loop, model.source)
    inner = steps[0].branches_within(loop.node)[guards:]
    if not inner or inner[0].kind not in ("if", "else") or not isinstance(inner[0].node, ast.If):
        return None
    fork = inner[0].node
    if not loop_invariant(fork.test, loop, model.source):
        return None
    arms: dict[str, list[GradEvent]] = {"if": [], "else": []}
    for event in events:
        arm = _arm(event, fork)
        if arm is None and event.kind in (EventKind.STEP, EventKind.BACKWARD):
            return None  # a step or a backward outside the fork
        for kind in ([arm] if arm is not None else ["if", "else"]):
            arms[kind].append(event)
    found = [_recognise(loop, model, arms[kind], guards + 1) for kind in ("if", "else")]
    first, second = found
    if first is None or second is None:
        return None
    if source_code(model.source, first.node.test) != source_code(model.source, second.node.test):
        return None
    return first, second


def _periodic_test(test: ast.expr | None) -> bool:
    return test is not None and any(isinstance(n, ast.BinOp) and isinstance(n.op, ast.Mod) for n in ast.walk(test))


def mode_guards(events: list[GradEvent], loop: TrainingLoop, source: Source) -> int:
    """How many `if`s around every backward and every step of the iteration are the same
    mode test (`if mode == "train":`, `if is_training:`): a test that holds for the whole
    loop, since it calls nothing and reads no name the loop binds. The accumulation is read
    inside them."""
    branches = [e.branches_within(loop.node) for e in events]
    count = 0
    for level, branch in enumerate(branches[0]):
        if branch.kind != "if" or branch.test is None or not isinstance(branch.node, ast.If):
            break
        if any(len(other) <= level or other[level].node is not branch.node or other[level].kind != "if" for other in branches):
            break
        if not loop_invariant(branch.test, loop, source):
            break
        count += 1
    return count


def loop_invariant(test: ast.expr, loop: TrainingLoop, source: Source) -> bool:
    """A test that holds, or not, for the whole loop: it calls nothing, tests no window
    (`%`), and reads no name the loop binds; or `torch.is_grad_enabled()` (also negated) in a
    loop that never switches the grad mode but by a `with` (no `set_grad_enabled` in its text):
    the mode the loop was entered in, for all of it."""
    if _grad_mode_test(test) and "set_grad_enabled" not in source.segment(loop.node):
        return True
    names = set()
    for node in ast.walk(test):
        if isinstance(node, (ast.Call, ast.NamedExpr, ast.Await, ast.Yield, ast.YieldFrom)):
            return False
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
            return False  # a window test of its own
        if isinstance(node, ast.Name):
            names.add(node.id)
    if not names:
        return False
    node = loop.node
    return not any(_assigns(node, name, source) for name in names)


def _grad_mode_test(test: ast.expr) -> bool:
    """`torch.is_grad_enabled()`, or `not torch.is_grad_enabled()`."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand
    return (
        isinstance(test, ast.Call) and not test.args and not test.keywords
        and dotted(test.func) in ("torch.is_grad_enabled", "torch.autograd.grad_mode.is_grad_enabled")
    )  # fmt: skip


def count_rebound_in_loop(acc: Accumulation, source: Source) -> bool:
    """The window's count N is a name the loop itself rebinds (`self.grad = max(1, pow2(i + 1)
    // 32)` at the end of each iteration: an accumulation schedule): the window sizes are what
    the schedule makes them, not N each."""
    n = acc.periodic.n
    if not isinstance(n, (ast.Name, ast.Attribute)):
        return False
    key = source.key(n)
    return key is not None and _assigns(acc.loop.node, key, source)


def source_code(source: Source, node: ast.AST) -> str:
    return "".join(source.segment(node).split())


def _not_really_accumulating(periodic: Periodic, loop: TrainingLoop, model: ModuleModel) -> bool:
    """N is always 1, or it is read from a DeepSpeed config: then the engine accumulates
    (the prepared optimizer's `step()` is a no-op between boundaries) and the `if` never
    decides a window."""
    if periodic.n_value is not None:
        return periodic.n_value == 1
    n, key = periodic.n, None
    if isinstance(n, ast.Subscript) and isinstance(n.value, ast.Name) and isinstance(n.slice, ast.Constant):
        n, key = n.value, n.slice.value  # `hp["subdivisions"]`: the key's value in `hp = {...}`
    if not isinstance(n, ast.Name):
        return False
    name = n.id
    scope = loop.function if loop.function is not None else model.module
    values = [value for value in _values_of(name, scope)]
    if not values and scope is not model.module and not _is_parameter(name, scope):
        values = [value for value in _values_of(name, model.module)]  # a module-level setting
    if not values:
        return False
    if key is not None:
        picked = [_dict_value(value, key) for value in values]
        values = [value for value in picked if value is not None]
        if len(values) != len(picked):
            return False
    texts = [model.source.code(value) for value in values]
    if any("deepspeed" in text.lower() for text in texts):
        return True
    return all(text == "1" for text in texts)


def _is_parameter(name: str, function: ast.AST) -> bool:
    arguments = getattr(function, "args", None)
    if not isinstance(arguments, ast.arguments):
        return False
    every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs, arguments.vararg, arguments.kwarg]
    return any(a is not None and a.arg == name for a in every)


def _dict_value(value: ast.expr, key: object) -> ast.expr | None:
    """The value a dict display gives a literal key (`{"subdivisions": 1}`), if it gives one."""
    if isinstance(value, ast.Dict):
        for k, v in zip(value.keys, value.values):
            if isinstance(k, ast.Constant) and k.value == key:
                return v
    return None


def _values_of(name: str, scope: ast.AST) -> list[ast.expr]:
    """Every value assigned to a plain name, in `ast_walk(scope)` order (breadth first). Only
    statements and the `except`/`case` arms holding them are walked: an expression holds no
    assignment, and leaving its nodes out keeps the order of the others."""
    values: list[ast.expr] = []
    todo = [scope]
    for node in todo:  # (the list grows as it is read: breadth first, as `ast_walk`)
        todo += child_statements(node)
        if isinstance(node, ast.Assign):
            if any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
                values.append(node.value)
        elif isinstance(node, ast.AnnAssign):
            if isinstance(node.target, ast.Name) and node.target.id == name and node.value is not None:
                values.append(node.value)
    return values


def _arm(event: GradEvent, node: ast.AST) -> str | None:
    """Which arm of the `if` statement `node` the event runs in ("if" or "else"), if any."""
    for branch in event.branches:
        if branch.node is node and branch.kind in ("if", "else"):
            return branch.kind
    return None


def _else_periodic(test: ast.expr, if_node: ast.stmt, source: Source) -> Periodic | None:
    """The window of an `else` arm: `if (i + 1) % N != 0: ... else: <window end>`, also with
    `and i + 1 != len(loader)` or `and i + 1 < len(loader)` (the `else` then runs on the last
    batch too). Also the negation of such a test bound to a name (`is_accumulating = (i + 1) %
    N != 0 and i + 1 < len(data)` ... `if not is_accumulating:`, `if_node` the assignment)."""
    test = _without_single_window(_unnamed(test), source, True)
    parts = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
    found = [p for p in (_parse_part(part, if_node, source, True) for part in parts) if p is not None]
    if len(found) != 1:
        return None
    result = found[0]
    others = [part for part in parts if part is not result.comparison]
    for part in others:
        if not (isinstance(part, ast.Compare) and len(part.ops) == 1 and isinstance(part.ops[0], (ast.NotEq, ast.Lt))):
            return None
        # (not `i + 1 < len(loader)` is `i + 1 >= len(loader)`: the last batch)
        opposite = ast.Eq() if isinstance(part.ops[0], ast.NotEq) else ast.GtE()
        equal = ast.Compare(left=part.left, ops=[opposite], comparators=part.comparators)
        if not _last_batch_test(equal, result.counter):
            return None
    result.tail = bool(others)
    result.conjunct = False
    return result


def _under(event: GradEvent, node: ast.AST) -> bool:
    return any(b.node is node and b.kind == "if" for b in event.branches)


def _path_index(event: GradEvent, node: ast.AST) -> int:
    for index, stmt in enumerate(event.path):
        if stmt is node:
            return index
    return -1


# -- the condition --------------------------------------------------------------------------
def _periodic(test: ast.expr, if_node: ast.If, loop: TrainingLoop, source: Source) -> Periodic | None:
    holder: ast.stmt = if_node
    negated = False
    test = _unnamed(test)  # `if (boundary := (i + 1) % N == 0):` tests what it binds
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) and isinstance(test.operand, ast.Name):
        # `if not left:` of a countdown (`left -= 1` ... `left = N` in the window)
        # or `if not r:` of `q, r = divmod(i + 1, N)`
        countdown = _countdown(test, if_node, loop, source) or _divmod_window(test, if_node, loop, source)
        if countdown is not None:
            return countdown
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) and isinstance(_unnamed(test.operand), (ast.Name, ast.Compare)):
        # `is_accumulating = (i + 1) % N != 0` ... `if not is_accumulating:` (Fabric's idiom;
        # also `if not (accumulating := (i + 1) % N != 0):`)
        test, negated = _unnamed(test.operand), True
    if isinstance(test, ast.Name):
        # `need_update = last_batch or (i + 1) % N == 0` ... `if need_update:`
        assigned = _single_assignment(test.id, loop.body, source)
        if assigned is None:
            # `def train_step(*, i, ...): step_now = i % ACCUM == 0; if step_now:` in the step
            # function the loop calls: the flag's one binding in that function's own body
            helper = _function_holding(if_node, source)
            if helper is None or helper is loop.node:
                return None
            assigned = _single_assignment(test.id, helper.body, source)
            if assigned is None:
                return None
        holder, test = assigned
    if negated and isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        # `is_accumulating = (i + 1) % N != 0 and i + 1 < len(data)`: not that is the window's
        # end or the last batch
        return _else_periodic(test, holder, source)
    if negated and not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.NotEq)):
        return None
    if not negated:
        test = _without_single_window(test, source, False)
    parts, conjunct = _disjuncts(test) if not negated else ([test], False)
    found: list[Periodic] = []
    others = 0
    for part in parts:
        periodic = _parse_part(part, holder, source, negated)
        if periodic is not None and not negated:
            # `if count % N == 0: ...; count = 0`: a counter reset at the step, read as `count == N`
            periodic = _reset_counter(part, if_node, holder, loop, source) or periodic
        if periodic is None:
            others += 1
        else:
            found.append(periodic)
    if not found and len(parts) >= 1:
        for part in parts:
            periodic = (
                _reset_counter(part, if_node, holder, loop, source) or _wrapping_counter(part, holder, loop, source)
                or _countdown(part, if_node, loop, source) or _divmod_window(part, if_node, loop, source)
            )
            if periodic is None and conjunct and isinstance(part, ast.BoolOp) and isinstance(part.op, ast.And):
                # `if count == every and phase == "train":` (`_disjuncts` keeps an `and` whole
                # unless its periodic part is a `%` test): the one operand that is a counted
                # window, the others a conjunct
                counted = [
                    window for window in (
                        _reset_counter(value, if_node, holder, loop, source) or _wrapping_counter(value, holder, loop, source)
                        for value in part.values
                    ) if window is not None
                ]  # fmt: skip
                periodic = counted[0] if len(counted) == 1 else None
            if periodic is not None:
                found.append(periodic)
                others -= 1
    if len(found) != 1:
        return None
    result = found[0]
    partial = [part for part in parts if part is not result.comparison and _conditional_last_batch(part, test, result.counter)]
    if others > 0 and not all(part is result.comparison or part in partial or _last_batch_test(part, result.counter) for part in parts):
        return None  # `... or not accumulate`: steps on other iterations than a window's last
    result.tail = others > 0
    result.conjunct = conjunct
    if partial and len(partial) == others:
        # `(i + 1) % N == 0 or (len(loader) <= N and i + 1 == len(loader))`: only epochs shorter
        # than a window step at their last batch; that `and` is not one beside the periodic part
        result.partial_tail = True
        result.conjunct = any(_disjuncts(part)[1] for part in parts if part not in partial)
    if conjunct and _nonzero_conjunct(test, result, source):
        result.conjunct, result.skip_zero = False, True
    return result


def _unnamed(test: ast.expr) -> ast.expr:
    """The value a walrus binds (`(do_step := step % N == 0)`): the test it is written as."""
    while isinstance(test, ast.NamedExpr):
        test = test.value
    return test


def _walrus_test(stmt: ast.stmt, name: str, source: Source) -> ast.expr | None:
    """`if (boundary := (i + 1) % N == 0):` (also under `not`), a statement that binds `name`
    only there: the value bound, evaluated each time the statement runs."""
    if not isinstance(stmt, ast.If):
        return None
    test = stmt.test
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand
    if not (isinstance(test, ast.NamedExpr) and test.target.id == name):
        return None
    if _assigns(test.value, name, source) or any(_assigns(s, name, source) for s in (*stmt.body, *stmt.orelse)):
        return None
    return test.value


def _without_single_window(test: ast.expr, source: Source, negated: bool) -> ast.expr:
    """The test without its parts that only say "N is 1" (N the right side of one of its
    `%`): `(i > 0 or N == 1) and i % N == 0`, `(i + 1) % N == 0 or N == 1` (also `N <= 1`,
    `N < 2`, `not N > 1`) make every micro-batch a window's end when there are no windows;
    with N > 1 such an `or` part is false, and the window is the rest. In a guard's test
    (`negated`: `if (i + 1) % N != 0 and N > 1: continue`) the `and` parts that hold for
    every N > 1 go. The parts kept are the test's own nodes."""
    if not isinstance(test, ast.BoolOp):
        return test
    keys = {source.key(node.right) for node in ast.walk(test) if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and is_keyed_setting(node.right)}
    if not keys:
        return test
    return _drop_single_window(test, keys, source, negated)


def _drop_single_window(test: ast.expr, keys: set[str], source: Source, negated: bool) -> ast.expr:
    if not isinstance(test, ast.BoolOp):
        return test
    dropping = isinstance(test.op, ast.And if negated else ast.Or)
    values = [_drop_single_window(value, keys, source, negated) for value in test.values]
    if dropping:
        values = [value for value in values if _holds_beyond_one(value, keys, source) is not negated]
        values = values or test.values  # (nothing else: keep the test as it is)
    if len(values) == 1:
        return values[0]
    if all(new is old for new, old in zip(values, test.values)) and len(values) == len(test.values):
        return test
    return ast.copy_location(ast.BoolOp(op=test.op, values=values), test)


def _holds_beyond_one(expr: ast.expr, keys: set[str], source: Source) -> bool | None:
    """What a comparison of N (a key of `keys`) with an integer is for every N > 1: `N == 1`
    False, `N > 1` True; None when it depends on N or is no such comparison."""
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.Not):
        inner = _holds_beyond_one(expr.operand, keys, source)
        return None if inner is None else not inner
    if isinstance(expr, (ast.Name, ast.Attribute, ast.Subscript)) and source.key(expr) in keys:
        return True  # `N` itself (`not N or ...`: N is None or 0 when nothing accumulates)
    if not (isinstance(expr, ast.Compare) and len(expr.ops) == 1):
        return None
    op, left, right = expr.ops[0], expr.left, expr.comparators[0]
    if isinstance(op, (ast.Is, ast.IsNot)) and isinstance(right, ast.Constant) and right.value is None and source.key(left) in keys:
        return isinstance(op, ast.IsNot)  # `N is None or ...`: a number of micro-batches is no None
    bound = int_value(right)
    if bound is None or source.key(left) not in keys:
        bound = int_value(left)
        if bound is None or source.key(right) not in keys:
            return None
        mirrored = {ast.Lt: ast.Gt, ast.Gt: ast.Lt, ast.LtE: ast.GtE, ast.GtE: ast.LtE}
        op = mirrored.get(type(op), type(op))()
    if isinstance(op, ast.Eq):
        return False if bound < 2 else None
    if isinstance(op, ast.NotEq):
        return True if bound < 2 else None
    if isinstance(op, ast.Lt):
        return False if bound <= 2 else None
    if isinstance(op, ast.LtE):
        return False if bound <= 1 else None
    if isinstance(op, ast.Gt):
        return True if bound <= 1 else None
    if isinstance(op, ast.GtE):
        return True if bound <= 2 else None
    return None


def switched_off_by_none(periodic: Periodic, source: Source) -> bool:
    """The window's test also says there may be no window at all through N itself (`N is None
    or (i + 1) % N == 0`, `not N or ...`): a fix dividing by N, or testing `% N` after the
    loop, would raise when N is None (or 0)."""
    holder = periodic.holder
    test = holder.test if isinstance(holder, (ast.If, ast.While)) else getattr(holder, "value", None)
    if test is None:
        return False
    parent = source.owner_of(holder)  # type: ignore[arg-type]
    if isinstance(parent, ast.If) and len(parent.orelse) == 1 and parent.orelse[0] is holder:
        return True  # `if N is None: ...` / `elif (i + 1) % N == 0:` (see `_beside_an_off_arm`)
    for node in ast_walk(test):
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.Is, ast.IsNot)):
            if source.key(node.left) == periodic.n_key and isinstance(node.comparators[0], ast.Constant) and node.comparators[0].value is None:
                return True
        if isinstance(node, ast.BoolOp) and any(source.key(v) == periodic.n_key for v in node.values):
            return True
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not) and source.key(node.operand) == periodic.n_key:
            return True
    return False


def _nonzero_conjunct(test: ast.expr, periodic: Periodic, source: Source) -> bool:
    """`A % N == 0 and c != 0` (or `c > 0`, `c >= 1`, `c`), `c` the periodic test's counter."""
    if not (isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) and len(test.values) == 2):
        return False
    if periodic.comparison not in test.values or periodic.addend != 0:
        return False
    other = test.values[1] if test.values[0] is periodic.comparison else test.values[0]
    if isinstance(other, ast.Name):
        return other.id == periodic.counter
    if not (isinstance(other, ast.Compare) and len(other.ops) == 1 and source.key(other.left) == periodic.counter):
        return False
    bound = int_value(other.comparators[0])
    op = other.ops[0]
    return (isinstance(op, (ast.NotEq, ast.Gt)) and bound == 0) or (isinstance(op, ast.GtE) and bound == 1)


def _last_batch_test(part: ast.expr, counter: str) -> bool:
    """An `or` part of a window test that holds on the last micro-batch: a comparison (`==`,
    `>=`, `>`) of the counter or with a bound (`(i + 1) == len(loader)`, `step >= total_steps
    - 1`), or a name that says so
    (`is_last_batch`, `accelerator.end_of_dataloader`). Anything else (`or not accumulate`,
    `or debug`) makes the loop step when no window is full."""
    if isinstance(part, ast.Compare):
        if not all(isinstance(op, (ast.Eq, ast.GtE, ast.Gt)) for op in part.ops):
            return False
        root = counter.split(".", 1)[0].split("[", 1)[0]
        for node in ast.walk(part):
            if isinstance(node, ast.Name) and (node.id == root or _BOUND_WORD.search(node.id)):
                return True  # the counter, or a bound (`total_steps`, `num_batches`, `last`)
            if isinstance(node, ast.Attribute) and _BOUND_WORD.search(node.attr):
                return True
            if isinstance(node, ast.Call) and dotted(node.func) == "len":
                return True
        return False
    written = dotted(part.func if isinstance(part, ast.Call) else part)
    return written is not None and _LAST_WORD.search(written) is not None


def _conditional_last_batch(part: ast.expr, test: ast.expr, counter: str) -> bool:
    """An `or` part of the window test (one of its own operands) that is an `and` of a last-batch
    test with comparisons that may not hold (`len(loader) <= N and (i + 1) == len(loader)`): it
    fires at the last batch of some epochs only. Its other operands read names, attributes,
    constants, arithmetic and `len(...)` only (no call that could change anything)."""
    if not (isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or) and any(part is v for v in test.values)):
        return False
    if not (isinstance(part, ast.BoolOp) and isinstance(part.op, ast.And)):
        return False
    if not any(_last_batch_test(value, counter) for value in part.values):
        return False
    return all(
        isinstance(node, _PLAIN_NODES) or (isinstance(node, ast.Call) and dotted(node.func) == "len" and len(node.args) == 1)
        for value in part.values for node in ast.walk(value)
        if not isinstance(node, (ast.expr_context, ast.cmpop, ast.operator, ast.boolop, ast.unaryop))
    )


_PLAIN_NODES = (ast.Compare, ast.Name, ast.Attribute, ast.Constant, ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Subscript)
_LAST_WORD = lazily(r"last|end", re.I)
_BOUND_WORD = lazily(r"last|end|total|max|num|^n_|steps|length|size", re.I)


def _disjuncts(test: ast.expr) -> tuple[list[ast.expr], bool]:
    """The `or` parts of a test; `and` parts count as a conjunct (we keep only the periodic one)."""
    if isinstance(test, ast.BoolOp):
        if isinstance(test.op, ast.Or):
            parts: list[ast.expr] = []
            conjunct = False
            for value in test.values:
                sub, sub_conjunct = _disjuncts(value)
                parts += sub
                conjunct = conjunct or sub_conjunct
            return parts, conjunct
        # `and`: keep the periodic part when it is the only one and every operand is simple
        operands = [_disjuncts(value)[0] for value in test.values]
        flat = [p for sub in operands for p in sub]
        periodic = [p for p in flat if _modulo_of(p) is not None]
        if len(periodic) == 1 and all(len(sub) == 1 for sub in operands):
            return periodic, True
        return [test], True
    return [test], False


def _modulo_of(expr: ast.expr, negated: bool = False) -> ast.BinOp | None:
    if negated and isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Mod):
        return expr  # `if (i + 1) % N: continue`: a remainder that is not zero
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.Not) and not negated:
        inner = expr.operand
        return inner if isinstance(inner, ast.BinOp) and isinstance(inner.op, ast.Mod) else None
    if isinstance(expr, ast.Compare) and len(expr.ops) == 1:
        if not isinstance(expr.ops[0], ast.NotEq if negated else ast.Eq):
            return None
        for side in (expr.left, expr.comparators[0]):
            if isinstance(side, ast.BinOp) and isinstance(side.op, ast.Mod):
                return side
    return None


def _parse_part(part: ast.expr, holder: ast.stmt, source: Source, negated: bool = False) -> Periodic | None:
    modulo = _modulo_of(part, negated)
    if modulo is None:
        return None
    n = modulo.right
    n_key = source.key(n)
    if dotted(n) is None and int_value(n) is None and not is_keyed_setting(n):
        return None
    n_value = int_value(n)
    if n_value is not None and n_value < 2:
        return None
    if isinstance(part, (ast.UnaryOp, ast.BinOp)):
        remainder: str | None = "zero"
    else:
        assert isinstance(part, ast.Compare)
        other = part.comparators[0] if part.left is modulo else part.left
        remainder = _remainder(other, n, n_value, source)
        if remainder is None:
            return None
    counted = _counter_expression(modulo.left)
    if counted is None:
        return None
    counter, addend = counted
    return Periodic(
        comparison=part,
        modulo=modulo,
        counter_expr=modulo.left,
        counter=counter,
        addend=addend,
        n=n,
        n_key=n_key,
        n_value=n_value,
        remainder=remainder,
        tail=False,
        conjunct=False,
        holder=holder,
        negated=negated,
    )


def _reset_counter(part: ast.expr, if_node: ast.If, holder: ast.stmt, loop: TrainingLoop, source: Source) -> Periodic | None:
    """`micro += 1` ... `if micro == N:` (or `if micro % N == 0:`) ... `micro = 0` (the reset
    inside the `if`): a window of N micro-batches counted by hand."""
    if holder is not if_node or not (isinstance(part, ast.Compare) and len(part.ops) == 1):
        return None
    if not isinstance(part.ops[0], (ast.Eq, ast.GtE)):
        return None
    left, right = part.left, part.comparators[0]
    if (
        isinstance(part.ops[0], ast.Eq) and isinstance(left, ast.BinOp) and isinstance(left.op, ast.Mod)
        and _plain_counter(left.left) and int_value(right) == 0
    ):  # fmt: skip
        # `if count % N == 0: ...; count = 0`: reset at the step, it never passes N
        left, right = left.left, left.right
    counter, n = (left, right) if _plain_counter(left) else (right, left)
    if not _plain_counter(counter) or isinstance(part.ops[0], ast.GtE) and counter is not left:
        return None
    if dotted(n) is None and int_value(n) is None and not is_keyed_setting(n):
        return None  # (N: a name, a number, or a setting read by a literal key, `cfg["accum_steps"]`)
    name = source.key(counter)
    resets = [
        stmt for stmt in if_node.body
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
        and _plain_counter(stmt.targets[0]) and source.key(stmt.targets[0]) == name and int_value(stmt.value) == 0
    ]  # fmt: skip
    if len(resets) != 1:
        return None
    return _counted_window(part, counter, name, 0, n, holder, source, reset=True)


def _plain_counter(expr: ast.expr) -> bool:
    """A name, an attribute of a name (`self.micro`, a step method's counter kept across calls;
    `state.micro` of a namespace handed to a step function, `cls.micro` of a class method), or
    an entry of a name under a literal string key (`state["micro"]`)."""
    if isinstance(expr, ast.Name):
        return True
    if isinstance(expr, ast.Attribute):
        return isinstance(expr.value, ast.Name)
    return (
        isinstance(expr, ast.Subscript) and isinstance(expr.value, ast.Name)
        and isinstance(expr.slice, ast.Constant) and isinstance(expr.slice.value, str)
    )  # fmt: skip


def _wrapping_counter(part: ast.expr, holder: ast.stmt, loop: TrainingLoop, source: Source) -> Periodic | None:
    """`c = (c + 1) % N` (the loop body's one binding of `c`, before the test) ... `if c == 0:`:
    a counter of the window's micro-batches that wraps to 0 at the window's last, as a
    counter reset there does (`c += 1`; `if c == N: ...; c = 0`)."""
    if not (isinstance(part, ast.Compare) and len(part.ops) == 1 and isinstance(part.ops[0], ast.Eq)):
        return None
    left, right = part.left, part.comparators[0]
    counter = left if isinstance(left, ast.Name) and int_value(right) == 0 else right if isinstance(right, ast.Name) and int_value(left) == 0 else None
    if counter is None:
        return None
    assigned = _single_assignment(counter.id, loop.node.body, source)
    if assigned is not None:
        statement, value = assigned
        if not (
            isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mod)
            and _counter_expression(value.left) == (counter.id, 1)
        ):  # fmt: skip
            return None
        n = value.right
    else:
        # `c += 1` then `c %= N`, the loop body's only bindings of `c`
        wrapped = _increment_then_modulo(counter.id, loop.node.body, source)
        if wrapped is None:
            return None
        statement, n = wrapped
    if dotted(n) is None and int_value(n) is None and not is_keyed_setting(n):
        return None  # (N: a name, a number, or a setting read by a literal key, `cfg["accum_steps"]`)
    if statement.lineno >= holder.lineno:
        return None  # tested before it counts the micro-batch
    return _counted_window(part, counter, counter.id, 0, n, holder, source, reset=True, wraps=statement)


def _countdown(part: ast.expr, if_node: ast.If, loop: TrainingLoop, source: Source) -> Periodic | None:
    """`left -= 1` (or `left = left - 1`) ... `if left == 0:` (also `left <= 0`, `not left`) ...
    `left = N` (the one binding of `left` in the `if`): a countdown of the window's micro-batches
    from N, read as a counter reset at the step (`c += 1`; `if c == N: ...; c = 0`, with `c` the
    micro-batches counted since the last step: `N - left`). Its decrement and its start (`left = N`
    before the loop) are checked with the counter."""
    if isinstance(part, ast.UnaryOp) and isinstance(part.op, ast.Not):
        counter = part.operand
    elif (
        isinstance(part, ast.Compare) and len(part.ops) == 1 and isinstance(part.ops[0], (ast.Eq, ast.LtE))
        and int_value(part.comparators[0]) == 0
    ):  # fmt: skip
        counter = part.left
    elif isinstance(part, ast.Compare) and len(part.ops) == 1 and isinstance(part.ops[0], (ast.Eq, ast.GtE)) and int_value(part.left) == 0:
        counter = part.comparators[0]  # `0 == left`, `0 >= left`
    else:
        return None
    name = dotted(counter)
    if name is None:
        return None
    resets = [stmt for stmt in if_node.body if _assigns(stmt, name, source)]
    if len(resets) != 1 or any(_assigns(stmt, name, source) for stmt in if_node.orelse):
        return None
    reset = resets[0]
    if not (isinstance(reset, ast.Assign) and len(reset.targets) == 1 and source.key(reset.targets[0]) == name):
        return None
    n = reset.value
    if dotted(n) is None and int_value(n) is None and not is_keyed_setting(n):
        return None
    if not any(_decrement(stmt, name, source) for stmt in _in_line(loop.node.body)):
        return None  # (`patience -= 1` in a branch, a count never reset: no window)
    return _counted_window(part, counter, name, 0, n, if_node, source, reset=True, countdown=reset)


def _divmod_window(part: ast.expr, if_node: ast.If, loop: TrainingLoop, source: Source) -> Periodic | None:
    """`q, r = divmod(A, N)` (the loop body's one binding of `r`, a statement of its own before
    the `if`) ... `if r == 0:` (or `0 == r`, `not r`): the test `A % N == 0`, held by that
    assignment (where `A` is read)."""
    if isinstance(part, ast.UnaryOp) and isinstance(part.op, ast.Not):
        remainder = part.operand
    elif isinstance(part, ast.Compare) and len(part.ops) == 1 and isinstance(part.ops[0], ast.Eq):
        remainder = part.left if int_value(part.comparators[0]) == 0 else part.comparators[0] if int_value(part.left) == 0 else None
    else:
        return None
    if not isinstance(remainder, ast.Name):
        return None
    body = loop.node.body
    if source.inline_block(body):
        return None
    bindings = [stmt for stmt in body if _assigns(stmt, remainder.id, source)]
    if len(bindings) != 1:
        return None
    holder = bindings[0]
    if not (
        isinstance(holder, ast.Assign) and len(holder.targets) == 1 and isinstance(holder.targets[0], (ast.Tuple, ast.List))
        and len(holder.targets[0].elts) == 2 and isinstance(holder.targets[0].elts[1], ast.Name)
        and holder.targets[0].elts[1].id == remainder.id and not isinstance(holder.targets[0].elts[0], ast.Starred)
        and isinstance(holder.value, ast.Call) and dotted(holder.value.func) in ("divmod", "builtins.divmod")
        and len(holder.value.args) == 2 and not holder.value.keywords
        and not any(isinstance(a, ast.Starred) for a in holder.value.args)
    ):  # fmt: skip
        return None
    if holder.lineno >= if_node.lineno or _assigns(holder.targets[0].elts[0], remainder.id, source):
        return None
    counted, n = holder.value.args
    if dotted(n) is None and int_value(n) is None and not is_keyed_setting(n):
        return None
    found = _counter_expression(counted)
    if found is None:
        return None
    return _counted_window(part, counted, found[0], found[1], n, holder, source, divmod=True)


def _counted_window(
    part: ast.expr, counter_expr: ast.expr, counter: str, addend: int, n: ast.expr, holder: ast.stmt, source: Source, **marks: object
) -> Periodic | None:
    """The window of a counter tested without `%` (reset, wrapped, counted down, or the
    remainder of a `divmod`): a test that fires when a window of N micro-batches ends; None when
    N is a literal below 2 (every micro-batch steps)."""
    n_value = int_value(n)
    if n_value is not None and n_value < 2:
        return None
    return Periodic(
        comparison=part, modulo=None, counter_expr=counter_expr, counter=counter, addend=addend, n=n, n_key=source.key(n),
        n_value=n_value, remainder="zero", tail=False, conjunct=False, holder=holder, **marks,  # type: ignore[arg-type]
    )


def _decrement(stmt: ast.stmt, name: str, source: Source) -> bool:
    """`name -= 1`, `name = name - 1`."""
    if isinstance(stmt, ast.AugAssign):
        return isinstance(stmt.op, ast.Sub) and source.key(stmt.target) == name and int_value(stmt.value) == 1
    return (
        isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and source.key(stmt.targets[0]) == name
        and isinstance(stmt.value, ast.BinOp) and isinstance(stmt.value.op, ast.Sub)
        and source.key(stmt.value.left) == name and int_value(stmt.value.right) == 1
    )  # fmt: skip


def _increment_then_modulo(name: str, body: list[ast.stmt], source: Source) -> tuple[ast.stmt, ast.expr] | None:
    """`name += 1` directly followed by `name %= N` at the top of the loop body, and no other
    statement of the body binding `name`: the `%=` statement and N."""
    if source.inline_block(body):
        return None
    for index, stmt in enumerate(body[:-1]):
        after = body[index + 1]
        if (
            isinstance(stmt, ast.AugAssign) and isinstance(stmt.op, ast.Add) and source.key(stmt.target) == name
            and int_value(stmt.value) == 1
            and isinstance(after, ast.AugAssign) and isinstance(after.op, ast.Mod) and source.key(after.target) == name
        ):  # fmt: skip
            others = [s for s in body if s is not stmt and s is not after]
            if any(_assigns(s, name, source) for s in others):
                return None
            return after, after.value
    return None


def _remainder(other: ast.expr, n: ast.expr, n_value: int | None, source: Source) -> str | None:
    value = int_value(other)
    if value == 0:
        return "zero"
    if n_value is not None and value == n_value - 1:
        return "last"
    if (
        isinstance(other, ast.BinOp)
        and isinstance(other.op, ast.Sub)
        and int_value(other.right) == 1
        and source.code(other.left) == source.code(n)
    ):
        return "last"
    if value == 1:
        return "one"  # `step % N == 1`: the window closes where `(step - 1) % N == 0`
    return None


def is_keyed_setting(expr: ast.expr) -> bool:
    """A setting read from a dict by literal keys: `hp["subdivisions"]`, `self.cfg["train"]["accum"]`,
    `opts.get("n_acc", 1)`, `getattr(cfg, "n_acc", 1)`."""
    if isinstance(expr, ast.Call) and not expr.keywords and 1 <= len(expr.args) <= 3:
        key = expr.args[0]
        if isinstance(expr.func, ast.Attribute) and expr.func.attr == "get" and len(expr.args) <= 2:
            expr = expr.func.value  # `opts.get("n_acc", 1)`
        elif isinstance(expr.func, ast.Name) and expr.func.id == "getattr" and len(expr.args) >= 2:
            expr, key = key, expr.args[1]  # `getattr(cfg, "n_acc", 1)`
        else:
            return False
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
            return False
    while isinstance(expr, ast.Subscript):
        if not (isinstance(expr.slice, ast.Constant) and isinstance(expr.slice.value, str)):
            return False
        expr = expr.value
    return dotted(expr) is not None


def _counter_expression(expr: ast.expr) -> tuple[str, int] | None:
    """`i` -> (i, 0); `i + 1` -> (i, 1); `i - 1` -> (i, -1); `self.step` -> (self.step, 0);
    `state["step"]` -> (state["step"], 0); `(k := i + 1)` -> (i, 1)."""
    if isinstance(expr, ast.NamedExpr):
        expr = expr.value  # `if (k := i + 1) % N == 0:`: the counter is what the walrus binds
    name = _counter_name(expr)
    if name is not None:
        return name, 0
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, (ast.Add, ast.Sub)):
        left, right = expr.left, expr.right
        sign = 1 if isinstance(expr.op, ast.Add) else -1
        left_name, right_value = _counter_name(left), int_value(right)
        if left_name is not None and right_value is not None:
            return left_name, sign * right_value
        right_name, left_value = _counter_name(right), int_value(left)
        if sign == 1 and right_name is not None and left_value is not None:
            return right_name, left_value
    return None


def _counter_name(expr: ast.expr) -> str | None:
    """A dotted name (`i`, `self.step`), or an entry of a name under a literal string key
    (`state["step"]`, keyed as `Source.key` writes it when the key is in double quotes)."""
    name = dotted(expr)
    if name is None and isinstance(expr, ast.Subscript) and isinstance(expr.value, ast.Name):
        key = expr.slice
        if isinstance(key, ast.Constant) and isinstance(key.value, str) and key.value.isidentifier():
            return f'{expr.value.id}["{key.value}"]'
    return name


def _function_holding(node: ast.stmt, source: Source) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The innermost function of this file whose own top-level body holds the statement `node`
    (found by position, then checked by identity: a helper of another file is not this
    file's)."""
    found = None
    for function in (*source.of_type(ast.FunctionDef), *source.of_type(ast.AsyncFunctionDef)):
        if function.lineno <= node.lineno and node.end_lineno <= function.end_lineno:  # type: ignore[operator]
            if found is None or function.lineno >= found.lineno:
                found = function
    if found is None or not any(stmt is node for stmt in found.body):  # type: ignore[attr-defined]
        return None
    return found  # type: ignore[return-value]


def _single_assignment(name: str, body: list[ast.stmt], source: Source) -> tuple[ast.stmt, ast.expr] | None:
    """The one statement of the loop body (top level) assigning `name`, and its value."""
    if source.inline_block(body):
        return None
    found: list[tuple[ast.stmt, ast.expr]] = []
    for stmt in body:
        if isinstance(stmt, ast.Assign):
            if any(source.key(t) == name for t in stmt.targets):
                found.append((stmt, stmt.value))
            elif _assigns(stmt, name, source):
                return None
        elif isinstance(stmt, (ast.AugAssign, ast.AnnAssign)):
            if source.key(stmt.target) == name:
                return None
        elif (walrus := _walrus_test(stmt, name, source)) is not None:
            found.append((stmt, walrus))  # `if (boundary := (i + 1) % N == 0): ...` ... `if boundary:`
        elif _assigns(stmt, name, source):
            return None
    return found[0] if len(found) == 1 else None


# -- the counter ------------------------------------------------------------------------------
def _counter(
    periodic: Periodic, loop: TrainingLoop, step: GradEvent, source: Source, model: ModuleModel | None = None, name: str | None = None
) -> Counter:
    """`name`: the counter as the loop names it, when the test is a helper's (`_counter_as_handed`)."""
    node = loop.node
    if name is None:
        name = periodic.counter
    if model is not None and isinstance(node, FUNCTIONS) and "." not in name and _framework_batch_index(node, name, model):
        # `def training_step(self, batch, batch_idx):` of a LightningModule: the framework's loop
        # hands the index of the batch in the epoch, from 0 each epoch, like `enumerate(loader)`
        return Counter("enumerate", first=0, per_loop=True)
    if model is not None and isinstance(node, FUNCTIONS) and model.source.tree.__dict__.get("_gradfix_dispatchers"):
        first = _dispatched_batch_index(node, name, periodic, model)
        if first is not None:
            # `@handle.register def _(ev: Batch, st):` reading `ev.i`, the only `Batch(...)` of
            # the module yielded with `enumerate`'s index by the generator the loop dispatches
            return Counter("enumerate", first=first, per_loop=True)
    if model is not None and isinstance(node, FUNCTIONS) and name.count(".") >= 2:
        first = _framework_iteration(node, name, model)
        if first is not None:
            # `def update(engine, batch):` handed to Ignite's `Engine(update)`:
            # `engine.state.iteration` is 1 at the first batch and never reset between epochs
            return Counter("variable", first=first, per_loop=False, before_test=True)
    if isinstance(node, FOR_LOOPS):
        start = _enumerate_start(node, name, source)
        if start is not None:
            if any(_assigns(stmt, name, source) for stmt in node.body):
                if _rebound_after_the_test(node.body, name, periodic, source):
                    # `for step, b in enumerate(val_loader):` in an evaluation after the window's
                    # test: each iteration's test still reads the index; after the loop it does not
                    return Counter("enumerate", first=start, per_loop=True, rebound=True)
                return Counter("unknown")
            return Counter("enumerate", first=start, per_loop=True)
        aliased = _index_alias(node, name, periodic, source)
        if aliased is not None:
            return Counter("enumerate", first=aliased, per_loop=True)
        outer = _outer_enumerate_start(node, name, source)
        if outer is not None:
            return Counter("enumerate", first=outer, per_loop=True, outer=True)
    if source.inline_block(node.body):
        return Counter("unknown")
    # the statements of `with` blocks run in line with the body's own (`with autocast():`,
    # `with torch.set_grad_enabled(True):` around the window's test and the increment), and so do
    # those of a `try:` whose other parts leave the counter alone (`except RuntimeError: continue`
    # around an out-of-memory batch)
    body = _in_line(node.body, name, source)
    replaced = False
    # `step += 1` once, at the top level of the body, and no other assignment (but the reset of
    # a counter that counts one window)
    increments: list[tuple[int, ast.stmt]] = []
    for index, stmt in enumerate(body):
        if stmt is periodic.wraps:
            if not isinstance(stmt, ast.AugAssign):
                increments.append((index, stmt))  # `c = (c + 1) % N` (`c %= N` follows its `c += 1`)
        elif periodic.countdown is not None and _decrement(stmt, name, source):
            increments.append((index, stmt))  # `left -= 1`: one micro-batch fewer to the step
        elif isinstance(stmt, ast.AugAssign) and source.key(stmt.target) == name:
            if isinstance(stmt.op, ast.Add) and int_value(stmt.value) == 1 and periodic.countdown is None:
                increments.append((index, stmt))
            else:
                return Counter("unknown")
        elif periodic.countdown is None and not periodic.reset and _drawn_from(stmt, name, source) is not None:
            increments.append((index, stmt))  # `i = next(counter)`, `counter = itertools.count()`
        elif periodic.reset and stmt is periodic.holder and isinstance(stmt, ast.If):
            others = [
                s for s in (*stmt.body, *stmt.orelse)  # type: ignore[attr-defined]
                if not (s is periodic.countdown if periodic.countdown is not None else _is_reset(s, name))
            ]
            if any(_assigns(s, name, source) for s in others):
                return Counter("unknown")
        elif "." in name and not name.startswith("self.") and _replaced_by_helper(stmt, name, step, source):
            increments.append((index, stmt))  # `state = train_step(state, x, y)` returning `replace(state, i=state.i + 1)`
            replaced = True
        elif _assigns(stmt, name, source):
            return Counter("unknown")
    if not increments and step.via and name.startswith("self.") and name.count(".") == 1 and periodic.countdown is None and not periodic.reset:
        chained = _counted_in_methods(name, periodic, node, step, source)
        if chained is not None:
            return chained
    if len(increments) != 1:
        return Counter("unknown")
    if periodic.reset and name.startswith("self.") and _written_by_other_methods(name, loop, source):
        return Counter("unknown")  # (`self.micro = 0` in the window: no other method may count or reset it)
    inc_index, increment = increments[0]
    holder = periodic.holder
    holder_index = next((i for i, s in enumerate(body) if s is holder), None)
    parent = source.owner_of(holder) if holder_index is None else None  # type: ignore[arg-type]
    if isinstance(parent, ast.If) and len(parent.orelse) == 1 and parent.orelse[0] is holder:
        # the window's `elif` beside an `if N is None:` arm (see `_beside_an_off_arm`)
        holder_index = next((i for i, s in enumerate(body) if s is parent), None)
    if holder_index is None and step.via and any(n is holder for h in step.helpers for n in ast_walk(h)):
        # the window's test in a helper the loop calls (`train_one(step, batch)` with `if step %
        # N == 0:` in `train_one`, the counter handed as it is: `_counter_as_handed`): the test
        # reads the counter where the loop's statement calling it runs (one of the body's own
        # statements, as an `if` window must be: not a call under an `if` of the body)
        holder_index = next((i for i, s in enumerate(body) if s is step.path[-1]), None) if step.path else None
    if replaced:
        # the helper tests the field, then returns it moved: the test reads the count before
        # the increment, from the literal the loop's code last replaced the field with
        if holder_index != inc_index or periodic.reset or periodic.countdown is not None:
            return Counter("unknown")
        initial, per_loop = _initial_value(name, step, node, source, replaced=True)
        if initial is None:
            return Counter("unknown")
        return Counter("variable", first=initial, per_loop=per_loop, increment=increment, before_test=False)
    if holder_index is None or holder_index == inc_index:
        return Counter("unknown")
    before = inc_index < holder_index
    if periodic.reset and not before:
        return Counter("unknown")  # `if c == N:` before `c += 1`: windows of N + 1
    if periodic.countdown is not None:
        # `left = N` before the loop, as the window resets it: the micro-batches counted at the
        # first test (`N - left`, one) are those of a reset counter; any other start is not read
        start, per_loop = _initial_value(name, step, node, source, expression=True)
        if not isinstance(start, ast.expr) or source.code(start) != source.code(periodic.n):
            return Counter("unknown")
        return Counter("variable", first=1, per_loop=per_loop, increment=increment, before_test=True)
    drawn = _drawn_from(increment, name, source)
    if drawn is not None:
        # `i = next(counter)` before the test, `counter = itertools.count(start)` bound before the
        # loop (afresh for each of its runs when an enclosing loop binds it), read nowhere else
        # in the loop: `start` at the first test
        made, per_loop = _initial_value(drawn, step, node, source, expression=True)  # type: ignore[assignment]
        text = source.segment(node)
        if (
            not before or not isinstance(made, ast.Call) or dotted(made.func) not in ("itertools.count", "count")
            or made.keywords or len(made.args) > 1 or len(re.findall(rf"(?<![\w.]){re.escape(drawn)}\b", text)) != 1
        ):
            return Counter("unknown")
        start = int_value(made.args[0]) if made.args else 0
        if start is None:
            return Counter("unknown")
        return Counter("variable", first=start, per_loop=per_loop, increment=increment, before_test=True)
    initial, per_loop = _initial_value(name, step, node, source)
    if initial is None and name.startswith("self.") and name.count(".") == 1:
        initial, per_loop = _set_in_init(name, node, increment, source), False
    if initial is None:
        return Counter("variable", per_loop=False, increment=increment, before_test=before)
    return Counter(
        "variable",
        first=initial + (1 if before else 0),
        per_loop=per_loop,
        increment=increment,
        before_test=before,
    )


def _drawn_from(stmt: ast.stmt, name: str, source: Source) -> str | None:
    """`name = next(counter)`: the name of the iterator drawn from (None for any other statement)."""
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and source.key(stmt.targets[0]) == name):
        return None
    value = stmt.value
    if (
        isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "next"
        and len(value.args) == 1 and not value.keywords and isinstance(value.args[0], (ast.Name, ast.Attribute))
    ):  # fmt: skip
        return dotted(value.args[0])
    return None


def _framework_batch_index(node: ast.FunctionDef | ast.AsyncFunctionDef, name: str, model: ModuleModel) -> bool:
    """`name` is the parameter through which a framework hands the step function (a hook of a
    class of this module whose base is a framework class) the batch's index in the epoch
    (gradfix/libraries: `FrameworkClass.batch_counters`), and the function never binds it."""
    facts = model.facts
    if not facts.classes:
        return False
    for class_name, methods in facts.methods.items():
        info = methods.get(node.name)
        if info is None or info.node is not node:
            continue
        owner = facts.classes.get(class_name)
        if owner is None or not owner.bases:
            return False
        from gradfix.analysis.frameworks import framework_of

        entry = framework_of(owner, facts.imports.qualify)
        if entry is None:
            return False
        positional = [*node.args.posonlyargs, *node.args.args]
        return any(
            hook == node.name and index < len(positional) and positional[index].arg == name
            for hook, index in entry.batch_counters
        ) and not any(_assigns(stmt, name, model.source) for stmt in node.body)
    return False


def _framework_iteration(node: ast.FunctionDef | ast.AsyncFunctionDef, name: str, model: ModuleModel) -> int | None:
    """The value at the first call of `name`, when it is an attribute path a framework declares
    as its count of calls (gradfix/libraries: `FrameworkClass.iteration_counters`) read from the
    parameter through which it hands the function that argument, the function one the framework
    calls once per batch and never binding the parameter: None otherwise."""
    from gradfix import libraries

    head, rest = name.split(".", 1)
    declared = [
        (hook, index, first)
        for entry in libraries.FRAMEWORK_CLASSES.values()
        for hook, index, path, first in entry.iteration_counters
        if path == rest
    ]  # fmt: skip
    if not declared:
        return None
    from gradfix.analysis.steps import _candidates, _framework_calls_per_batch

    info = next((info for info in _candidates(model.facts) if info.node is node), None)
    if info is None:
        return None
    positional = [*node.args.posonlyargs, *node.args.args][1 if info.class_name is not None else 0:]

    for hook, index, first in declared:
        if hook == "<process_function argument>" and index < len(positional) and positional[index].arg == head:
            if any(_assigns(stmt, head, model.source) for stmt in node.body) or not _framework_calls_per_batch(model, info):
                return None
            return first
    return None


def _dispatched_batch_index(node: ast.FunctionDef | ast.AsyncFunctionDef, name: str, periodic: Periodic, model: ModuleModel) -> int | None:
    """The `enumerate` start of a batch index read from an event's field in a singledispatch
    implementation (call_forms.py renames `@handle.register def _(ev: Batch, st):` to
    `handle__Batch`): the counter is `ev.i` or a name bound once from it at the top of the
    body before the window's test (`epoch, i, x, y = ev.epoch, ev.i, ev.x, ev.y`), `Batch` a
    top-level dataclass of plain fields built in one place only, `yield Batch(epoch, i, x, y)`
    unconditionally in `for i, (x, y) in enumerate(loader):` of a generator `events`, the field
    set nowhere else; and every call of the dispatcher (or its implementations) a statement of
    the body of a `for ev in events(...):` loop handed its event as it is, with no `continue`,
    `break` or other binding of `ev` there (no event skipped). None otherwise."""
    source = model.source
    tree = source.tree
    dispatchers = tree.__dict__["_gradfix_dispatchers"]
    dispatcher = next((d for d, impls in dispatchers.items() if node.name in impls), None)
    positional = [*node.args.posonlyargs, *node.args.args]
    if dispatcher is None or not positional:
        return None
    cls = node.name[len(dispatcher) + 2:]
    event = positional[0].arg
    if any(_assigns(stmt, event, source) for stmt in node.body):
        return None
    head, dot, field_name = name.partition(".")
    if dot:
        if head != event or "." in field_name:
            return None
    else:
        field_name = _field_bound_once(node.body, name, event, periodic.holder, source)  # type: ignore[assignment]
        if field_name is None:
            return None
    classes = [s for s in tree.body if s.__class__ is ast.ClassDef and s.name == cls]  # type: ignore[attr-defined]
    fields = _plain_dataclass_fields(classes[0]) if len(classes) == 1 else None
    if fields is None or field_name not in fields:
        return None
    qualify = model.facts.imports.qualify
    made: list[ast.Call] = []
    for sub in ast_walk(tree):
        kind = sub.__class__
        if kind is ast.Call:
            func = sub.func  # type: ignore[attr-defined]
            if func.__class__ is ast.Name and func.id == cls:
                made.append(sub)  # type: ignore[arg-type]
            elif func.__class__ is ast.Name and func.id == "setattr" or qualify(dotted(func) or "") == "dataclasses.replace":
                return None  # a field set by name, or an event copied with another field
        elif kind is ast.Attribute and sub.attr == field_name and sub.ctx.__class__ is not ast.Load and not getattr(sub, "synthetic", False):  # type: ignore[attr-defined]
            return None  # `ev.i = ...` somewhere (but in the `__init__` dataclasses writes)
    if len(made) != 1:
        return None
    call = made[0]
    if any(a.__class__ is ast.Starred for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    position = fields.index(field_name)
    value = call.args[position] if position < len(call.args) else next((k.value for k in call.keywords if k.arg == field_name), None)
    if value.__class__ is not ast.Name:
        return None
    index = value.id  # type: ignore[union-attr]
    generator = next(
        (
            s for s in tree.body
            if s.__class__ is ast.FunctionDef and any(n is call for n in ast_walk(s))  # type: ignore[attr-defined]
        ),
        None,
    )  # fmt: skip
    if generator is None:
        return None
    start = batches = None
    for loop in ast_walk(generator):
        if loop.__class__ is not ast.For:
            continue
        statement = next((k for k, s in enumerate(loop.body) if s.__class__ is ast.Expr and s.value.__class__ is ast.Yield and s.value.value is call), None)  # type: ignore[attr-defined]
        if statement is None:
            continue
        start = _enumerate_start(loop, index, source)  # type: ignore[arg-type]
        if start is None or any(_assigns(s, index, source) for s in loop.body):  # type: ignore[attr-defined]
            return None
        if any(n.__class__ in _LEAVING for s in loop.body[:statement] for n in ast_walk(s)):  # type: ignore[attr-defined]
            return None  # a batch skipped before its event is yielded
        batches = loop
        break
    if start is None:
        return None
    # every call of the dispatcher (and of its renamed implementations) runs once per event of
    # that generator, in the body of a loop over it
    names = {dispatcher, *dispatchers[dispatcher]}
    calls = sum(1 for sub in source.of_type(ast.Call) if sub.func.__class__ is ast.Name and sub.func.id in names)  # type: ignore[attr-defined]
    handed = 0
    loops: list[ast.For] = []
    for loop in source.of_type(ast.For):
        target, iterable = loop.target, loop.iter  # type: ignore[attr-defined]
        if not (
            target.__class__ is ast.Name and iterable.__class__ is ast.Call
            and iterable.func.__class__ is ast.Name and iterable.func.id == generator.name  # type: ignore[attr-defined]
        ):  # fmt: skip
            continue
        inside = [
            sub for s in loop.body for sub in ast_walk(s)  # type: ignore[attr-defined]
            if sub.__class__ is ast.Call and sub.func.__class__ is ast.Name and sub.func.id in names  # type: ignore[attr-defined]
        ]  # fmt: skip
        if not inside:
            continue
        if any(n.__class__ in _LEAVING for s in loop.body for n in ast_walk(s)) or any(_assigns(s, target.id, source) for s in loop.body):  # type: ignore[attr-defined]
            return None
        for s in loop.body:  # type: ignore[attr-defined]
            chain = s
            while chain.__class__ is ast.If and chain.test.__class__ is ast.Call and dotted(chain.test.func) == "isinstance":  # type: ignore[attr-defined]
                chain = chain.orelse[0] if chain.orelse else None  # (the chain call_forms.py wrote)
            if chain is not None and chain.__class__ is not ast.Expr and any(n in inside for n in ast_walk(s)):
                return None  # a call under a test of the loop's own (`if ev.i > 0: handle(ev, st)`)
        if any(not c.args or c.args[0].__class__ is not ast.Name or c.args[0].id != target.id for c in inside):  # type: ignore[attr-defined]
            return None
        handed += len(inside)
        loops.append(loop)  # type: ignore[arg-type]
    if not handed or handed != calls:
        return None
    model.__dict__.setdefault("_dispatched_windows", {})[id(node)] = DispatchedWindow(generator, batches, loops, [  # type: ignore[arg-type]
        s for s in tree.body if s.__class__ is ast.FunctionDef and (s.name == dispatcher or s.name in dispatchers[dispatcher])  # type: ignore[attr-defined]
    ])
    return start


@dataclass(eq=False, repr=False)
class DispatchedWindow:
    """Where a window tested in a singledispatch implementation (`_dispatched_batch_index`)
    gets its batches: the generator, its `for i, b in enumerate(X):` loop, the loops that
    dispatch its events, and the dispatcher's functions (its own and every implementation)."""

    generator: ast.FunctionDef
    batches: ast.For
    loops: list[ast.For]
    functions: list[ast.FunctionDef]


def dispatched_window(acc: Accumulation, model: ModuleModel) -> DispatchedWindow | None:
    """The window's `DispatchedWindow` when its counter is an event's batch index read in a
    singledispatch implementation (the accumulation's loop is that function); None otherwise."""
    found = model.__dict__.get("_dispatched_windows")
    return found.get(id(acc.loop.node)) if found else None


_LEAVING = (ast.Continue, ast.Break, ast.Return)


def _field_bound_once(body: list[ast.stmt], name: str, event: str, holder: ast.stmt, source: Source) -> str | None:
    """The field `f` of `name = event.f` (or of its place in `a, name = event.a, event.f`), a
    statement of `body` before `holder` and the only one binding `name` in it; None otherwise."""
    found = None
    for k, stmt in enumerate(body):
        if stmt is holder:
            return found
        if not _assigns(stmt, name, source):
            continue
        if found is not None or stmt.__class__ is not ast.Assign or len(stmt.targets) != 1:  # type: ignore[attr-defined]
            return None
        target, value = stmt.targets[0], stmt.value  # type: ignore[attr-defined]
        if target.__class__ is ast.Tuple and value.__class__ is ast.Tuple and len(target.elts) == len(value.elts):  # type: ignore[attr-defined]
            pairs = list(zip(target.elts, value.elts))  # type: ignore[attr-defined]
        else:
            pairs = [(target, value)]
        got = next((v for t, v in pairs if t.__class__ is ast.Name and t.id == name), None)  # type: ignore[attr-defined]
        if not (got.__class__ is ast.Attribute and got.value.__class__ is ast.Name and got.value.id == event):  # type: ignore[union-attr]
            return None
        found = got.attr  # type: ignore[union-attr]
    return None


def _plain_dataclass_fields(node: ast.ClassDef) -> list[str] | None:
    """The fields, in order, of a `@dataclass class C:` given the `__init__` dataclasses writes
    (dataclass_inits.py: no base, no `__init__`/`__post_init__` of its own, no `ClassVar`,
    `InitVar` or `init=False`), the decorator without `kw_only` or other settings that move
    fields: what `C(a, b)` binds where."""
    init = node.body[-1]
    if not getattr(init, "synthetic", False) or len(node.decorator_list) != 1:
        return None
    deco = node.decorator_list[0]
    if deco.__class__ is ast.Call and any(k.arg not in ("frozen", "eq", "order", "repr") for k in deco.keywords):  # type: ignore[attr-defined]
        return None
    return [a.arg for a in init.args.args[1:]]  # type: ignore[attr-defined]


def _self_call(call: ast.Call) -> bool:
    """`self.<name>(...)`."""
    func = call.func
    return isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self"


def _statement_call(stmt: ast.stmt) -> ast.Call | None:
    """The call a statement is (`self.update(loss)`), or assigns whole (`loss = self.step(x)`)."""
    value = stmt.value if isinstance(stmt, (ast.Expr, ast.Assign)) else None
    return value if isinstance(value, ast.Call) else None


def _appended(stmt: ast.stmt) -> ast.expr | None:
    """`losses.append(<value>)`: the value."""
    call = _statement_call(stmt) if isinstance(stmt, ast.Expr) else None
    if call is None or method_name(call) != "append" or len(call.args) != 1 or call.keywords:
        return None
    return call.args[0]


def _counted_in_methods(name: str, periodic: Periodic, node: Loop, step: GradEvent, source: Source) -> Counter | None:
    """`self.seen` counted in the methods the loop calls (the DistilBERT distiller's shape: the
    loop calls `self.step(...)`, which calls `self.optimize(loss)`, which backpropagates, calls
    `self.iter()` (`self.n_iter += 1`) and tests `self.n_iter % N == 0`): each call of the chain
    a statement of its caller's top level, `self.<method>(...)` of the loop's own class; the
    increment (`+= 1`) a statement of the window method's top level before its test, or the
    one binding of the counter in a method of the class called there (its one call in the
    class). Every other binding of the counter in the class is a literal: at the top level of
    `__init__`, or of a method called once in the class, after the accumulation loop on every
    pass of each loop around it (`self.epoch_done()` after the batch loop); all the same
    literal. None for any other shape."""
    owner = source.owner_of(node) if isinstance(node, ast.stmt) else None
    while owner is not None and not isinstance(owner, ast.ClassDef):
        owner = source.owner_of(owner)
    if owner is None:
        return None
    methods = {f.name: f for f in owner.body if isinstance(f, FUNCTIONS)}
    class_text = source.segment(owner)
    body = _in_line(node.body)  # type: ignore[attr-defined]
    chain: set[int] = set()
    for call, helper in zip(step.via, step.helpers):
        if not _self_call(call) or methods.get(call.func.attr) is not helper:  # type: ignore[attr-defined]
            return None
        if not any(_statement_call(stmt) is call or _appended(stmt) is call for stmt in body):
            return None
        chain.add(id(helper))
        body = _in_line(helper.body)  # type: ignore[attr-defined]
    position = next((i for i, stmt in enumerate(body) if stmt is periodic.holder), None)
    if position is None:
        return None
    increment: ast.stmt | None = None
    for stmt in body[:position]:
        found: ast.stmt | None = None
        call = _statement_call(stmt)
        method = methods.get(call.func.attr) if call is not None and _self_call(call) else None  # type: ignore[attr-defined]
        if _assigns(stmt, name, source):
            found = stmt
        elif method is not None and id(method) not in chain and _assigns(method, name, source):
            if class_text.count(f".{method.name}(") != 1:
                return None
            binding = [s for s in method.body if _assigns(s, name, source)]
            if len(binding) != 1:
                return None
            found = binding[0]
        if found is None:
            continue
        if increment is not None or not (
            isinstance(found, ast.AugAssign) and isinstance(found.op, ast.Add) and int_value(found.value) == 1 and source.key(found.target) == name
        ):
            return None
        increment = found
    if increment is None:
        return None
    # every other binding: a literal in `__init__` or in a method that resets the counter
    literals: set[int] = set()
    resets: dict[str, ast.AST] = {}
    for function in methods.values():
        for stmt in ast_walk(function):
            if not isinstance(stmt, ast.stmt) or stmt is increment or not _assigns_here(stmt, name, source):
                continue
            value = _literal_assignment(stmt, name, source)
            if value is None or id(function) in chain or not any(stmt is top for top in function.body):
                return None
            literals.add(value)
            if function.name != "__init__":
                resets[function.name] = function
    if len(literals) != 1 or not resets:
        return None
    # each pass of every loop around the accumulation loop (in its function) resets it after
    index = _path_index(step, node)
    if index <= 0:
        return None  # one pass per call of the function: the next call goes on counting
    for level in range(index - 1, -1, -1):
        around = step.path[level]
        if not isinstance(around, LOOPS):
            continue
        inner_body, held = step.blocks[level + 1], step.path[level + 1]
        if inner_body is not around.body:  # type: ignore[attr-defined]
            return None
        at = next((i for i, stmt in enumerate(inner_body) if stmt is held), None)
        if at is None:
            return None
        after = inner_body[at + 1 :]
        calls = [stmt for stmt in after if (c := _statement_call(stmt)) is not None and _self_call(c) and c.func.attr in resets]  # type: ignore[attr-defined]
        if len(calls) != 1 or any(class_text.count(f".{r}(") != 1 for r in resets):
            return None
        if any(_leaves_the_pass(stmt) for stmt in [held, *after[: after.index(calls[0])]]):
            return None
        break
    else:
        return None
    return Counter("variable", first=next(iter(literals)) + 1, per_loop=True, increment=increment, before_test=True)


def _rebound_after_the_test(body: list[ast.stmt], name: str, periodic: Periodic, source: Source) -> bool:
    """Every statement of the loop body (nested ones included, not nested functions) that binds
    `name` is written after the window's test, and in no loop around it."""
    test_end = getattr(periodic.comparison, "end_lineno", None)
    if test_end is None or periodic.holder is not None and not any(
        stmt is periodic.holder or any(n is periodic.holder for n in ast_walk(stmt)) for stmt in body
    ):
        return False
    stack: list[ast.AST] = list(body)
    found = False
    while stack:
        current = stack.pop()
        if isinstance(current, (*FUNCTIONS, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(current, ast.stmt) and _assigns_here(current, name, source):
            if current.lineno <= test_end:
                return False
            found = True
        if isinstance(current, LOOPS) and current.lineno <= test_end < (current.end_lineno or 0):
            return False  # the test itself runs in an inner loop
        stack.extend(child_nodes(current))
    return found


def _in_line(body: list[ast.stmt], counter: str | None = None, source: Source | None = None) -> list[ast.stmt]:
    """The statements of a body with those of its `with` blocks put in their place; with a
    `counter`, also those of a `try:` block (not `try*`) whose handlers, `else:` and `finally:`
    assign no `counter`."""
    if not any(isinstance(stmt, WITHS) or (counter is not None and isinstance(stmt, ast.Try)) for stmt in body):
        return body
    flat: list[ast.stmt] = []
    for stmt in body:
        if isinstance(stmt, WITHS):
            flat += _in_line(stmt.body, counter, source)
        elif (
            counter is not None and source is not None and isinstance(stmt, ast.Try)
            and not any(_assigns(part, counter, source) for part in (*stmt.handlers, *stmt.orelse, *stmt.finalbody))
        ):
            flat += _in_line(stmt.body, counter, source)
        else:
            flat.append(stmt)
    return flat


def _is_reset(stmt: ast.stmt, name: str) -> bool:
    """`c = 0` (or `self.c = 0`, a counter kept on the instance, as `_plain_counter` reads it)."""
    return (
        isinstance(stmt, ast.Assign)
        and len(stmt.targets) == 1
        and _plain_counter(stmt.targets[0])
        and dotted(stmt.targets[0]) == name
        and int_value(stmt.value) == 0
    )


def _written_by_other_methods(name: str, loop: TrainingLoop, source: Source) -> bool:
    """`self.c`, a window's counter kept on the instance: some method of the loop's class other
    than the loop's own function and `__init__` binds it (`def reset(self): self.c = 0`, a
    helper the loop calls doing `self.c += 1`), or the class sets attributes by name
    (`setattr`), or the loop is in no method. Its count is then not the loop's alone."""
    function = source.owner_of(loop.node) if isinstance(loop.node, ast.stmt) else loop.node
    while isinstance(function, ast.stmt) and not isinstance(function, FUNCTIONS):
        function = source.owner_of(function)
    owner = source.owner_of(function) if isinstance(function, FUNCTIONS) else None
    if not isinstance(owner, ast.ClassDef) or "setattr(" in source.segment(owner):
        return True
    for method in owner.body:
        if method is function or not isinstance(method, FUNCTIONS) or method.name == "__init__":
            continue
        for node in ast_walk(method):
            if isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load) and source.key(node) == name:
                return True
    return False


def _outer_enumerate_start(node: ast.For | ast.AsyncFor, name: str, source: Source) -> int | None:
    """The window's loop is a `for` at the top level of the body of a loop whose `enumerate`
    index is the counter (`for i, batch in enumerate(loader):` ... `for model, opt in
    members:` or `for task, (x, y) in tasks.items():` holding `if i % N == 0:`): the test
    reads the outer loop's index, the same for each run of the inner loop in one batch, and
    its first test sees the index's start. The index's start, or None: when the outer loop is
    no `enumerate`-like loop of a tuple target (not a bare `for epoch in range(n):`), or
    anything in its body (the inner loop's target included) binds the counter."""
    if _binds(node.target, name, source):
        return None
    outer = source.owner_of(node)
    if outer is None or not isinstance(outer, FOR_LOOPS) or not any(stmt is node for stmt in outer.body) or not isinstance(outer.target, (ast.Tuple, ast.List)):
        return None
    start = _enumerate_start(outer, name, source)
    if start is None or any(_assigns(stmt, name, source) for stmt in outer.body):
        return None
    # the outer loop hands out the batch the inner loop trains on (`inputs`, `sample`, read in
    # the inner loop or by its iterable): a batch loop, not a loop of epochs or phases around
    # a loop of its own over the data (`for epoch, phase in enumerate(phases): for x, y in loader:`)
    given = {n.id for n in ast_walk(outer.target) if isinstance(n, ast.Name) and n.id != name}
    for stmt in outer.body:
        if stmt is node:
            break
        if isinstance(stmt, ast.Assign) and any(isinstance(n, ast.Name) and n.id in given for n in ast_walk(stmt.value)):
            given |= {n.id for t in stmt.targets for n in ast_walk(t) if isinstance(n, ast.Name)}  # `tasks = {"cls": batch}`
    if not given or not any(isinstance(n, ast.Name) and n.id in given for n in ast_walk(node)):
        return None
    return start


def _index_alias(node: ast.For | ast.AsyncFor, name: str, periodic: Periodic, source: Source) -> int | None:
    """`done = i + 1` (or `i + k`, `k + i`, `i`), a statement of the body's top level before the
    window's test, the only binding of `name` in the body, with `i` the loop's `enumerate` index
    that the body never rebinds: `name` is read like the index itself. Its value at the first
    test, or None."""
    if source.inline_block(node.body):
        return None
    body = _in_line(node.body)
    holder = next((i for i, s in enumerate(body) if s is periodic.holder), None)
    if holder is None:
        return None
    bound = [(i, s) for i, s in enumerate(body) if _assigns(s, name, source)]
    if len(bound) != 1 or bound[0][0] >= holder:
        return None
    stmt = bound[0][1]
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and stmt.targets[0].id == name):
        return None
    value = stmt.value
    index, add = None, 0
    if isinstance(value, ast.Name):
        index = value.id
    elif isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add):
        for side, other in ((value.left, value.right), (value.right, value.left)):
            if isinstance(side, ast.Name) and int_value(other) is not None:
                index, add = side.id, int_value(other)  # type: ignore[assignment]
                break
    if index is None or index == name:
        return None
    start = _enumerate_start(node, index, source)
    if start is None or any(_assigns(s, index, source) for s in node.body):
        return None
    return start + add


def _enumerate_start(node: ast.For | ast.AsyncFor, name: str, source: Source | None = None) -> int | None:
    """The start of `for <name>, x in enumerate(it[, start])`, when `name` is that index."""
    target = node.target
    iterable = node.iter
    if isinstance(target, ast.Name) and target.id == name and isinstance(iterable, ast.Call):
        return _counting_start(iterable, source)  # `for step in itertools.count():` ... `x, y = next(stream)`
    if not isinstance(target, (ast.Tuple, ast.List)) or not target.elts:
        return None
    first = target.elts[0]
    if not (isinstance(first, ast.Name) and first.id == name):
        return None
    if isinstance(iterable, ast.Name) and source is not None:
        iterable = _bound_once(iterable.id, source) or iterable  # `bar = tqdm(enumerate(loader))` ... `for i, b in bar:`
    if (
        isinstance(iterable, ast.Call)
        and (dotted(iterable.func) or "").rsplit(".", 1)[-1] == "tqdm"
        and iterable.args
        and isinstance(iterable.args[0], ast.Call)
    ):
        iterable = iterable.args[0]  # `tqdm(enumerate(loader, start=1), total=...)`: the progress bar around it
    if isinstance(iterable, ast.Call) and dotted(iterable.func) in ("zip", "builtins.zip") and len(iterable.args) >= 2:
        return _counting_start(iterable.args[0])  # `zip(itertools.count(), loader)`, `zip(range(n), loader)`
    if not (isinstance(iterable, ast.Call) and dotted(iterable.func) in ("enumerate", "builtins.enumerate")):
        return None
    start: ast.expr | None = None
    if len(iterable.args) > 1:
        start = iterable.args[1]
    for kw in iterable.keywords:
        if kw.arg == "start":
            start = kw.value
    if start is None:
        return 0
    return int_value(start)


def _bound_once(name: str, source: Source) -> ast.expr | None:
    """The value of `name = value` when that is the only binding of `name` in the module (no
    parameter, loop target, unpacking or other assignment of it anywhere)."""
    values: list[ast.expr] = []
    stores = 0
    for node in source.nodes:
        if isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load):
            stores += 1
        elif isinstance(node, ast.arg) and node.arg == name:
            return None
        elif (
            isinstance(node, ast.Assign) and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name) and node.targets[0].id == name
        ):
            values.append(node.value)
    return values[0] if len(values) == 1 and stores == 1 else None


def _counting_start(expr: ast.expr, source: Source | None = None) -> int | None:
    """The first number of `itertools.count([start])` or `range([start, ]stop)` (step 1)."""
    if not isinstance(expr, ast.Call) or expr.keywords or any(isinstance(a, ast.Starred) for a in expr.args):
        return None
    name = (dotted(expr.func) or "").rsplit(".", 1)[-1]
    if name == "count" and len(expr.args) <= 1:
        return int_value(expr.args[0]) if expr.args else 0
    if name == "range" and len(expr.args) == 3 and int_value(expr.args[2]) == 1:
        expr = ast.Call(expr.func, expr.args[:2], [])  # `range(0, total, 1)`: a step of one
    if name == "range" and 1 <= len(expr.args) <= 2:
        if len(expr.args) < 2:
            return 0
        first = expr.args[0]
        if isinstance(first, ast.Name) and source is not None:
            value = _constant_name(first.id, source)  # `start_iter = 0` ... `range(start_iter, n)`
            return value if value is not None else _resumed_name(first.id, source)
        return int_value(first) if not isinstance(first, ast.IfExp) else _fresh_start(first)
    return None


def _fresh_start(value: ast.expr) -> int | None:
    """The literal arm of a resume's start, `ckpt["step"] if epoch == ckpt["epoch"] else 0`:
    the index a fresh run starts from (the other arm a checkpoint's subscript or attribute, as
    a resumed run restarts the same positions of the data part-way)."""
    if not isinstance(value, ast.IfExp):
        return None
    for arm, other in ((value.body, value.orelse), (value.orelse, value.body)):
        literal = int_value(arm)
        if literal is not None and isinstance(other, (ast.Subscript, ast.Attribute)) and int_value(other) is None:
            return literal
    return None


def _resumed_name(name: str, source: Source) -> int | None:
    """`start = ckpt["step"] if epoch == ckpt["epoch"] else 0` ... `range(start, len(loader))`:
    the fresh run's start when `name` is bound only by plain assignments of such resume
    starts (all of one literal arm) anywhere in the module."""
    values: set[int | None] = set()
    for node in source.nodes:
        if isinstance(node, ast.Assign):
            if any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
                if len(node.targets) != 1:
                    return None
                values.add(_fresh_start(node.value))
            elif any(isinstance(n, ast.Name) and n.id == name for t in node.targets for n in ast_walk(t)):
                return None
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor, ast.With, ast.NamedExpr, ast.Global, ast.Nonlocal)):
            target = getattr(node, "target", None) or node
            if isinstance(node, (ast.Global, ast.Nonlocal)):
                if name in node.names:
                    return None
            elif any(isinstance(n, ast.Name) and n.id == name for n in ast_walk(target)) and not isinstance(node, ast.With):
                return None
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and name in {a.arg for a in node.args.args + node.args.kwonlyargs + node.args.posonlyargs}:
            return None
    return values.pop() if len(values) == 1 else None


def _constant_name(name: str, source: Source) -> int | None:
    """The integer every binding of `name` in the module gives it (`start_iter = 0`, in each
    arm), when it is bound only by plain assignments of literals."""
    values: set[int | None] = set()
    for node in source.nodes:
        if isinstance(node, ast.Assign):
            if any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
                values.add(int_value(node.value))
            elif any(isinstance(n, ast.Name) and n.id == name for t in node.targets for n in ast_walk(t)):
                return None  # unpacked: `start_iter, best = load(...)`
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor, ast.With, ast.NamedExpr)):
            target = getattr(node, "target", None) or node
            if any(isinstance(n, ast.Name) and n.id == name for n in ast_walk(target)) and not isinstance(node, ast.With):
                return None
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and name in {a.arg for a in node.args.args + node.args.kwonlyargs}:
            return None  # a parameter: the caller chooses
    return values.pop() if len(values) == 1 else None


def _initial_value(
    name: str, step: GradEvent, loop: Loop, source: Source, expression: bool = False, replaced: bool = False
) -> tuple[int | None, bool]:
    """The literal the counter holds when the loop starts, and whether it is set afresh for it
    (`expression`: the value assigned, `left = accum`, instead of its literal; `replaced`: a
    field `state.i` of a frozen record, set by `state = dataclasses.replace(state, i=0)`)."""
    index = _path_index(step, loop)
    if index < 0:
        return None, False
    per_loop = True
    resets: list[int | None] = []  # the literals an enclosing loop's body sets the counter back to after each pass
    for level in range(index, -1, -1):
        block = step.blocks[level]
        stmt = step.path[level]
        if level < index and isinstance(stmt, LOOPS):
            reset = None if expression else _reset_after_each_pass(stmt, step.blocks[level + 1], step.path[level + 1], name, source)
            if reset is None:
                per_loop = False
            resets.append(reset)
        position = next((i for i, s in enumerate(block) if s is stmt), None)
        if position is None:
            return None, False
        for earlier in reversed(block[:position]):
            if replaced:
                holder, _, attribute = name.partition(".")
                if not _assigns(earlier, holder, source):
                    continue
                value = _replaced_field(earlier, holder, attribute, source)
                if value is None:
                    return None, False
                if value is _KEPT:
                    continue  # `state = dataclasses.replace(state, epoch=epoch)`: the field kept
                return value, per_loop and not resets  # type: ignore[return-value]
            if _assigns(earlier, name, source):
                if expression:
                    assigned = earlier.value if isinstance(earlier, ast.Assign) and len(earlier.targets) == 1 and source.key(earlier.targets[0]) == name else None
                    return assigned, per_loop  # type: ignore[return-value]
                value = _literal_assignment(earlier, name, source)
                # `seen = 0` before the epochs, `seen = 0` again after each epoch's batch loop:
                # every pass of the accumulation loop starts from that literal
                return value, per_loop and all(r == value for r in resets)
    return None, False


_KEPT = object()


def _is_replace(value: ast.expr) -> bool:
    return isinstance(value, ast.Call) and dotted(value.func) == "dataclasses.replace" and not any(isinstance(a, ast.Starred) for a in value.args)


def _replaced_field(stmt: ast.stmt, holder: str, attribute: str, source: Source) -> object:
    """`holder = dataclasses.replace(holder, ..., attribute=<int literal>)`: the literal;
    `_KEPT` when the call leaves the field alone; None for any other binding of `holder`."""
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and stmt.targets[0].id == holder):
        return None
    value = stmt.value
    if not _is_replace(value) or len(value.args) != 1 or source.key(value.args[0]) != holder:  # type: ignore[attr-defined]
        return None
    if any(k.arg is None for k in value.keywords):  # type: ignore[attr-defined]
        return None  # `**changes`
    given = next((k.value for k in value.keywords if k.arg == attribute), None)  # type: ignore[attr-defined]
    return _KEPT if given is None else _signed(given)


def _replaced_by_helper(stmt: ast.stmt, name: str, step: GradEvent, source: Source) -> bool:
    """`state = train_step(state, x, y)`, the call the step is reached through, whose helper
    (a function of this module, no nested scope, never rebinding its parameter) ends with
    its one `return dataclasses.replace(state, i=state.i + 1)`: the field `state.i` moved by
    one at each call, after the helper's own statements."""
    if not step.via or not step.helpers:
        return False
    holder, _, attribute = name.partition(".")
    if "." in attribute or not (
        isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
        and stmt.targets[0].id == holder and stmt.value is step.via[0]
    ):
        return False
    call, helper = step.via[0], step.helpers[0]
    if not isinstance(helper, FUNCTIONS) or any(isinstance(a, ast.Starred) for a in call.args):
        return False
    args = helper.args
    positional = [a.arg for a in (*args.posonlyargs, *args.args)]
    if positional[:1] in (["self"], ["cls"]) and isinstance(call.func, ast.Attribute):
        positional = positional[1:]  # `self.update(tally, x, y)`
    param = next((k.arg for k in call.keywords if isinstance(k.value, ast.Name) and k.value.id == holder), None)
    if param is None:
        index = next((i for i, a in enumerate(call.args) if isinstance(a, ast.Name) and a.id == holder), None)
        if index is None or index >= len(positional):
            return False
        param = positional[index]
    last = helper.body[-1] if helper.body else None
    if not (isinstance(last, ast.Return) and last.value is not None and _is_replace(last.value)):
        return False
    replace = last.value
    if len(replace.args) != 1 or not (isinstance(replace.args[0], ast.Name) and replace.args[0].id == param):  # type: ignore[attr-defined]
        return False
    moved = next((k.value for k in replace.keywords if k.arg == attribute), None)  # type: ignore[attr-defined]
    if not (
        isinstance(moved, ast.BinOp) and isinstance(moved.op, ast.Add) and int_value(moved.right) == 1
        and source.key(moved.left) == f"{param}.{attribute}"
    ):
        return False
    for n in ast_walk(helper):
        if n is helper:
            continue
        if isinstance(n, (*FUNCTIONS, ast.Lambda, ast.ClassDef)) or (isinstance(n, ast.Return) and n is not last):
            return False
        if isinstance(n, ast.Name) and n.id == param and not isinstance(n.ctx, ast.Load):
            return False
    return True


def _reset_after_each_pass(loop: ast.stmt, body: list[ast.stmt], holder: ast.stmt, name: str, source: Source) -> int | None:
    """The literal `loop`'s body sets `name` back to after `holder` (the statement holding the
    accumulation loop) on every pass: `seen = 0` at the top level of the body, after `holder`,
    the only statement after it that binds `name`, with nothing between (nor in `holder`
    outside its own loops) that could leave the pass first (`continue`, `break`, `return`,
    `raise`). None when there is no such reset."""
    if body is not getattr(loop, "body", None):
        return None  # (the loop's `else:`)
    position = next((i for i, s in enumerate(body) if s is holder), None)
    if position is None:
        return None
    after = body[position + 1 :]
    binding = [s for s in after if _assigns(s, name, source)]
    if len(binding) != 1:
        return None
    reset = binding[0]
    if not (isinstance(reset, ast.Assign) and len(reset.targets) == 1 and source.key(reset.targets[0]) == name):
        return None
    value = _signed(reset.value)
    if value is None:
        return None
    between = [holder, *after[: after.index(reset)]]
    if any(_leaves_the_pass(s) for s in between):
        return None
    return value


def _leaves_the_pass(stmt: ast.stmt) -> bool:
    """`stmt` holds a `continue` or `break` of the loop around it (not of a loop of its own),
    or a `return` or `raise` anywhere (nested functions excluded)."""
    stack: list[tuple[ast.AST, bool]] = [(stmt, False)]
    while stack:
        current, in_loop = stack.pop()
        if isinstance(current, (*FUNCTIONS, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(current, (ast.Return, ast.Raise)):
            return True
        if isinstance(current, (ast.Continue, ast.Break)) and not in_loop:
            return True
        inner = in_loop or isinstance(current, LOOPS)
        stack.extend((child, inner) for child in child_nodes(current))
    return False


def _set_in_init(name: str, loop: ast.AST, increment: ast.stmt, source: Source) -> int | None:
    """`self.micro = 0` in `__init__` (at its top level), for a counter attribute that the
    class binds nowhere else but the loop's one increment (`self.micro += 1`)."""
    owner = source.owner_of(loop)
    while owner is not None and not isinstance(owner, ast.ClassDef):
        owner = source.owner_of(owner)
    if owner is None:
        return None
    init = next((f for f in owner.body if isinstance(f, FUNCTIONS) and f.name == "__init__"), None)
    if init is None:
        return None
    attribute = name.split(".", 1)[1]
    if _named_for_restoring(owner, attribute):
        return None  # named in a string (`include_keys = ["global_step"]`, `setattr`): restored on resume
    found: int | None = None
    for function in owner.body:
        if not isinstance(function, FUNCTIONS):
            continue
        for stmt in ast_walk(function):
            if not isinstance(stmt, ast.stmt) or stmt is increment or not _assigns_here(stmt, name, source):
                continue
            if function is not init or not any(stmt is top for top in init.body) or found is not None:
                return None  # bound elsewhere too (reset, restored from a checkpoint, ...)
            found = _literal_assignment(stmt, name, source)
            if found is None:
                return None
    return found


def _named_for_restoring(owner: ast.ClassDef, attribute: str) -> bool:
    """The class writes the attribute's name where it can be set by name: an element of a
    list, tuple or set (`include_keys = ["global_step"]`), or an argument of `setattr` /
    `getattr` / `hasattr`. Not a dict key or a message (`log({"global_step": self.global_step})`)."""
    for node in ast_walk(owner):
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            if any(isinstance(e, ast.Constant) and e.value == attribute for e in node.elts):
                return True
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("setattr", "getattr", "hasattr"):
            if any(isinstance(a, ast.Constant) and a.value == attribute for a in node.args):
                return True
    return False


def _assigns_here(stmt: ast.stmt, name: str, source: Source) -> bool:
    """The statement itself (not a statement nested in it) binds `name`."""
    if isinstance(stmt, ast.Assign):
        return any(_binds(t, name, source) for t in stmt.targets)
    if isinstance(stmt, (ast.AugAssign, ast.AnnAssign)):
        return _binds(stmt.target, name, source)
    if isinstance(stmt, FOR_LOOPS):
        return _binds(stmt.target, name, source)
    if isinstance(stmt, WITHS):
        return any(i.optional_vars is not None and _binds(i.optional_vars, name, source) for i in stmt.items)
    return False


def _signed(expr: ast.AST | None) -> int | None:
    """An integer literal, also negated (`step = -1`, incremented before the window's test)."""
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        value = int_value(expr.operand)
        return -value if value is not None else None
    return int_value(expr)


def _literal_assignment(stmt: ast.stmt, name: str, source: Source) -> int | None:
    if isinstance(stmt, ast.Assign) and any(source.key(t) == name for t in stmt.targets):
        return _signed(stmt.value)
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.value, ast.Tuple):
        # `nb_tr_examples, nb_tr_steps, tr_loss = 0, 0, 0`
        target = stmt.targets[0]
        if isinstance(target, ast.Tuple) and len(target.elts) == len(stmt.value.elts):
            for element, value in zip(target.elts, stmt.value.elts):
                if not isinstance(element, ast.Starred) and source.key(element) == name:
                    return _signed(value)
    if isinstance(stmt, ast.AnnAssign) and source.key(stmt.target) == name and stmt.value is not None:
        return _signed(stmt.value)
    return None


def _assigns(node: ast.AST, name: str, source: Source) -> bool:
    """`node` binds `name` somewhere (nested functions excluded)."""
    stack = [node]
    while stack:
        current = stack.pop()
        kind = current.__class__  # (`is`/`in` on the class, not `isinstance`: `source.FUNCTION_KINDS`)
        if (kind in FUNCTION_KINDS or kind is ast.Lambda) and current is not node:
            continue
        targets: list[ast.AST] = []
        if kind is ast.Assign:
            targets = list(current.targets)  # type: ignore[attr-defined]
        elif kind is ast.AugAssign or kind is ast.AnnAssign:
            targets = [current.target]  # type: ignore[attr-defined]
        elif kind in FOR_LOOP_KINDS:
            targets = [current.target]  # type: ignore[attr-defined]
        elif kind is ast.NamedExpr:
            targets = [current.target]  # type: ignore[attr-defined]
        elif kind is ast.withitem and current.optional_vars is not None:  # type: ignore[attr-defined]
            targets = [current.optional_vars]  # type: ignore[attr-defined]
        for target in targets:
            if _binds(target, name, source):
                return True
        stack.extend(child_nodes(current))
    return False


def _binds(target: ast.AST, name: str, source: Source) -> bool:
    if isinstance(target, (ast.Tuple, ast.List)):
        return any(_binds(e, name, source) for e in target.elts)
    if isinstance(target, ast.Starred):
        return _binds(target.value, name, source)
    return source.key(target) == name


def assigns(node: ast.AST, name: str, source: Source) -> bool:
    """`node` (a statement or block) binds `name` somewhere."""
    return _assigns(node, name, source)


def first_window(acc: Accumulation) -> int | None:
    """How many micro-batches the first window holds, when the counter is understood."""
    n = acc.periodic.n_value
    first = acc.counter.first
    if first is None:
        return None
    offset = acc.periodic.offset
    if acc.periodic.skip_zero and first == 0 and offset == 0:
        # `step % N == 0 and step != 0` from step 0: the first step comes at step N
        return n + 1 if n is not None else -3  # "N + 1"
    if n is not None:
        for size in range(1, n + 1):
            if (first + size - 1 + offset) % n == 0:
                return size
        return None
    # N is a name: the window is one micro-batch when (first + offset) is 0, N when it is 1,
    # N - 1 when it is 2 (`n += 1` before `if (n + 1) % N == 0`, n from 0; N >= 2)
    value = first + offset
    if value == 0:
        return 1
    if value == 1:
        return -1  # "N": a full window
    if value == 2:
        return -2  # "N - 1"
    return None


def window_is_full(acc: Accumulation) -> bool | None:
    size = first_window(acc)
    if size is None:
        return None
    return size == -1 or size == acc.periodic.n_value
