from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.accumulation import Accumulation, accumulations, dispatched_window, cleared_where_it_steps, told_accumulations, count_rebound_in_loop, first_window, window_helper
from gradfix.analysis.facts import partial_aliases
from gradfix.analysis.loops import ModuleModel, bus_handlers, event_buses
from gradfix.analysis.names import dotted
from gradfix.source import Source
from gradfix.transforms.base import Finding, Fix, ReplaceNode, Rule, Safety
from gradfix.walk import ast_walk

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator


class AccumulationWindowOffByOne(Rule):
    """
    The first accumulation window does not hold N micro-batches.

    ## What it does
    Finds accumulation conditions such as `if step % accum_steps == 0:` whose counter is 0
    on the first micro-batch (an `enumerate` index, or a counter incremented after the
    test), so the optimizer steps right after the very first micro-batch.

    ## Why is this bad?
    The first window holds one micro-batch instead of N. With the loss divided by N, that
    first step uses a gradient N times too small; every later window is shifted by one, and
    the tail left for a flush is off by one too. The loop is not the one its author meant,
    and its results depend on where the counter starts.

    ## Example
    ```python
    for step, batch in enumerate(loader):
        (model(**batch).loss / accum_steps).backward()
        if step % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
    ```

    ## Use instead
    ```python
    for step, batch in enumerate(loader):
        (model(**batch).loss / accum_steps).backward()
        if (step + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
    ```

    ## Fix safety
    Safe. The counter in the window test becomes `(step + 1)`; the rest of the condition (a
    last-batch test, for instance) is kept, and so is a walrus that binds the test's value (`if
    (do_step := step % N == 0):` becomes `if (do_step := (step + 1) % N == 0):`). A window test written in a step helper counts only
    when each call on the way hands the helper the loop's counter as it is (`maybe_step(opt, i,
    N)`, also through a name bound once to `functools.partial(maybe_step, opt)`, whose arguments
    come first: reported without a fix; `maybe_step(opt, i + 1, N)` is another count, not judged), and gets no fix when
    another call of this module shares the helper (it may hand a count from 1); a call through
    a name bound once to `torch.compile(maybe_step)` is a call of the helper. The loop's
    counter may be an `enumerate` index or a variable the loop moves on once (`while step < n:`
    ... `train_one(step, batch)` ... `step += 1`): the helper's test then reads it where the
    loop's statement calling the helper runs. A window tested
    through `divmod` (`q, r = divmod(i, N)` ... `if r == 0:`, see GF005) is reported without a
    fix: `divmod(i + 1, N)` would change the quotient too.

    A recognised accumulation loop (see GF005) is reported when its window test has no `and`
    part (other than `and step != 0` on its own counter, `> 0`, `>= 1`, also `(step > 0 or N ==
    1) and ...`: from step 0 that first window holds N + 1 micro-batches, reported without a fix), its counter is understood (the
    loop's `enumerate` index, also through a name bound once to it, as in `bar =
    tqdm(enumerate(loader))` ... `for i, batch in bar:`, the first of `zip(itertools.count(),
    loader)` or `zip(range(n), loader)`, the variable of `for step in itertools.count()` or `range(n)` itself, the
    batch index a framework hands its step hook (`def training_step(self, batch, batch_idx):` of a
    LightningModule under manual optimization, whatever the parameter is named: Lightning counts
    each epoch's batches from 0), a framework's own count of its calls (`engine.state.iteration`
    read in a function handed to Ignite's `Engine(...)`, or in the `__call__(self, engine, batch)`
    of an object of the file's class handed to it (`Engine(Step(model, opt, N))`, or a name bound
    only to such objects), through its first parameter: 1 at the
    first batch and never reset between epochs, so `(engine.state.iteration + 1) % N == 0`
    closes a first window of N - 1 batches, reported without a fix), or a
    variable incremented by 1
    once at the top level of the loop body, not assigned otherwise, set to a literal before the
    loop (a negative one too: `step = -1` incremented before the test counts from 0; incremented
    after a bare `step % N == 0`, it closes a first window of 2 micro-batches, reported only
    when N is a literal or a name the module binds to one integer above 2, since a setting may
    be 1 or 2, where that window is whole) -- or, for an attribute `self.x`, set to a literal at the top of `__init__` and bound
    nowhere else in the class, nor named where it can be set by name: in a list, tuple or set
    of the class (`include_keys = ["global_step"]`, restored on resume) or a `setattr`; a
    dict key of a log line does not count; or drawn before the test as `i = next(counter)` from
    `counter = itertools.count(start)` bound before the loop and read nowhere else in it), and the
    first window holds a number of micro-batches other than N, counted from the
    counter's first value (the `enumerate` start; the literal, plus 1 when the increment comes
    before the test; the `count` start). The fix is offered only for a first window of one micro-batch with the
    test `step % N == 0` (no `+ k`); other sizes (`(i + 1) % N` with `start=1`, a test
    `== N - 1`, a test `== 1`: `step += 1` before `if step % N == 1:` steps after the first
    micro-batch, then every N) are reported without a fix, and so is a loop that computes the same
    `step % N` elsewhere too (`if num_steps % k == 0 and step % N == 0: evaluate()`: there it
    means "a step just happened", and rewriting the window's test alone would move that code
    off the steps), or after the loop (a flush `if step % N != 0: optimizer.step()` would count
    the tail by the old windows and drop the last micro-batches). The same `step % N` testing a clear of the stepped optimizer before the
    backward (`if i % N == 0: opt.zero_grad()` at the top of the iteration) is no such use: it
    opens the windows, and with it every window, not only the first, holds one micro-batch (the
    clear wipes the micro-batches before); the window's test is fixed, the clear's is kept.

    Not reported: a counter incremented before the test or starting at 1 for `step % N == 0`
    (a full first window); a counter whose start is not a literal, or that is assigned anywhere
    else in the loop, or that counts samples or tokens (anything but 1 added to it: `seen +=
    x.size(0)`); an `enumerate` index reassigned in the loop; a window test with an `and`
    part; a count N that the loop itself rebinds (`self.grad = max(1, pow2(i + 1) // 32)` at
    the end of each iteration, `accum *= 2` past a step: an accumulation schedule, whose first
    window is as long as the schedule makes it); and loops whose window step runs before the
    micro-batch's backward (`if i % N == 0:
    optimizer.step()` at the top of the iteration closes the window of the micro-batches before
    this one: every window is full and `(i + 1)` would shift them all), which are not recognised
    accumulation loops.

    `range(start, stop)` counts from `start` when `start` is a name the module binds only to
    one integer literal (`start_iter = 0`, in each arm of an `if`).

    A window in a loop over an ensemble's members or a batch's tasks (`for i, (x, y) in
    enumerate(loader):` ... `for model, opt in members:` or `for task, (x, y) in
    tasks.items():` holding `if i % N == 0:`) reads the `enumerate` index of the batch loop
    around it, when that loop's body binds the index nowhere and the inner loop reads what the
    batch loop hands out (`x`, or `tasks = {"cls": batch}`): not a loop of epochs or phases
    around a loop of its own over the data. (GF006 reads no such index.)

    timm's loss scaler told when to step (`need_update=i % N == 0` in the call, or a flag bound to
    that test before it) is read as a window too: the fix counts from 1 in the flag's test when
    nothing else tests `i % N` (a clear under `if i % N == 0:` beside the keyword's own test is
    reported without a fix: both tests would have to move).

    A window tested in a `functools.singledispatch` implementation (`@handle.register def _(ev:
    Batch, st):`) on the batch index its event carries (`ev.i`, or `i` bound once from it at the
    top of the body: `epoch, i, x, y = ev.epoch, ev.i, ev.x, ev.y`) is read as that index when
    the event is a top-level `@dataclass` of plain fields built in one place only, `yield
    Batch(epoch, i, x, y)` as a statement of `for i, (x, y) in enumerate(loader):` of a
    generator of the module (no `continue`, `break` or `return` before it, the index bound
    nowhere else there), the field set nowhere (no `ev.i = ...`, `setattr` or
    `dataclasses.replace`), and every call of the dispatcher a statement of a `for ev in
    events(...):` loop over that generator handing the event as it is (no `continue` or `break`
    there, no test of its own around the call): an `enumerate` index from 0 each pass. The fix
    counts from 1 as above; reported without it when another implementation of the dispatcher
    tests a plain count modulo the same N (`if ev.i % N != 0:` in the end handler's flush).

    A window flag bound in the step function the loop calls (`def step(batch, *, i, accum):
    step_now = i % accum == 0` ... `if step_now:`, one binding in the function's own body) is
    read as if written in the loop, with the counter the call binds to that parameter (`step(b,
    i=i, accum=ACCUM)` in `for i, b in enumerate(loader):`), positional or keyword-only, in a
    `for` or a `while` loop; reported without a fix when the window is also flushed by hand
    after the loop (the flush would have to move too).
    """

    code = "GF015"
    name = "accumulation-window-off-by-one"
    message = "`{test}` is true on the first micro-batch: the first window holds {size} instead of `{n}`"
    safety = Safety.SAFE

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        for acc in accumulations(model):
            finding = self._check(acc, model.source, model)
            if finding is not None:
                yield finding
        for acc in told_accumulations(model):
            # timm's `loss_scaler(loss, opt, need_update=...)`: the window's test is the
            # keyword's (or the flag's it names); a fix edits that test alone
            finding = self._check(acc, model.source, model)
            if finding is not None:
                yield finding

    def _check(self, acc: Accumulation, source: Source, model: ModuleModel) -> Finding | None:
        periodic = acc.periodic
        if periodic.conjunct or periodic.reset or acc.counter.kind == "unknown" or not acc.by_one:
            return None
        if count_rebound_in_loop(acc, source):
            return None  # N follows a schedule the loop sets (`self.grad = ...` each iteration)
        size = first_window(acc)
        n_value = periodic.n_value
        if size is None:
            # `step = -1` incremented after a bare `step % N == 0`, N a name the module binds to
            # one integer: the first window holds 2 micro-batches, N only when N is 2
            size, n_value = _first_window_of_a_named_count(acc, model)
        if size is None or size == -1 or size == n_value:
            return None
        fix = None
        clearing = cleared_where_it_steps(acc, source)
        if size == 1 and periodic.addend == 0 and periodic.remainder == "zero" and not _tested_again(acc, source, clearing, model):
            # (`q, r = divmod(i, N)`: the quotient would change too)
            fix = _fix(periodic.counter_expr, periodic.holder, source) if not acc.guarded and not periodic.divmod else None
            helper = window_helper(acc)
            if fix is not None and helper is not None and _calls_of(helper, source, model) != 1:
                fix = None  # a helper other calls share (one may hand it a count from 1): edit it for one, break the other
        if size in (-2, -3):
            words = f"`{source.code(periodic.n)} {'-' if size == -2 else '+'} 1` micro-batches"
        else:
            words = "1 micro-batch" if size == 1 else f"{size} micro-batches"
        message = self.message if size == 1 else _OTHER_SIZE
        if size == 1 and clearing and not periodic.negated:
            message = _EVERY_WINDOW
        if size == 1 and periodic.negated:
            # the window is the test's `else` (a continue guard): it steps where the test is false
            message = message.replace("is true on", "is false on")
        return Finding(
            self.code,
            message.format(
                test=source.code(periodic.comparison), size=words, n=source.code(periodic.n),
                when="early" if size == -2 or (n_value is not None and 0 < size < n_value) else "late",
            ),
            periodic.comparison,
            fix=fix,
            related=(acc.loop.node,),
        )


def _first_window_of_a_named_count(acc: Accumulation, model: ModuleModel) -> tuple[int | None, int | None]:
    """The first window's size, and N, for a counter whose value at the first test is negative
    (`step = -1` ... `if step % N == 0:` ... `step += 1`) when N is a name the module binds
    only to one integer literal (`N = 4`); (None, None) otherwise (N read from a setting may
    be 1 or 2, where such a window is whole)."""
    from gradfix.transforms.gf005_unscaled_accumulation import _known_count

    periodic = acc.periodic
    first = acc.counter.first
    if first is None or periodic.n_value is not None or periodic.skip_zero or first + periodic.offset >= 0:
        return None, None
    n = _known_count(acc, model)
    if n is None or n < 1:
        return None, None
    size = next((size for size in range(1, n + 1) if (first + size - 1 + periodic.offset) % n == 0), None)
    return size, n


_OTHER_SIZE = "`{test}` closes the first window {when}: it holds {size} instead of `{n}`"
_EVERY_WINDOW = (
    "`{test}` steps on the micro-batch whose iteration cleared first under the same test: every window"
    " holds {size} instead of `{n}`"
)


def _calls_of(helper: ast.AST, source: Source, model: ModuleModel) -> int:
    """How many calls of this module name the helper (`maybe_step(...)`, `self.maybe_step(...)`),
    or run it as a handler of an event bus of the module (`emit("batch", ctx, i, x, y)`)."""
    name = getattr(helper, "name", None)
    buses = event_buses(model.facts)
    # names the module binds once, and only to `torch.compile(helper)` (`step_fn =
    # torch.compile(train_step, backend="eager")`): a call of one calls the helper with its own
    # arguments (a partial's come first: reported without a fix, as documented)
    qualify = model.facts.imports.qualify
    aliases = {
        alias for alias, call in partial_aliases(model.facts).items()
        if call.args[0].id == name and qualify(dotted(call.func)) == "torch.compile"  # type: ignore[attr-defined]
    }
    return sum(
        1 for node in source.of_type(ast.Call)
        if isinstance(node.func, ast.Name) and (node.func.id == name or node.func.id in aliases) or isinstance(node.func, ast.Attribute) and node.func.attr == name
        or (buses and node.func.__class__ is ast.Name and node.func.id in buses and any(h.node is helper for h in bus_handlers(node, model.facts) or ()))
    )


def _tested_again(acc: Accumulation, source: Source, clearing: list[ast.expr], model: ModuleModel | None = None) -> bool:
    """The loop computes the window's `counter % N` somewhere else too (`if num_steps % k == 0
    and step % N == 0: evaluate()`, ATLOP): there it means "a step just happened", and a fix of
    the window's test alone would move the evaluation off the steps. Not the test of a clear
    at the top of the iteration (`if i % N == 0: opt.zero_grad()`): that one opens the window
    the fixed test closes."""
    periodic = acc.periodic
    counter, n = source.code(periodic.counter_expr), source.code(periodic.n)
    opening = {id(node) for test in clearing for node in ast_walk(test)}
    loop = acc.loop.node
    # after the loop too: a flush `if step % N != 0: optimizer.step()` counts the tail by the
    # old windows, and with the window's test alone fixed it would drop the last micro-batches
    scope = acc.loop.function if acc.loop.function is not None and acc.loop.function is not loop else source.tree
    after = [node for node in ast_walk(scope) if isinstance(node, ast.BinOp) and node.lineno > loop.end_lineno]  # type: ignore[operator]
    dispatched = dispatched_window(acc, model) if model is not None else None
    if dispatched is not None:
        # a window in a singledispatch implementation: the dispatcher's other implementations
        # (the epoch's end handler's flush) run after its batches
        # (the event's field there is read under any name: `ev.k % N` for the window's `k`; a
        # count from 1, `(ev.k + 1) % N`, already counts as the fixed window does)
        if any(
            isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and isinstance(node.left, (ast.Name, ast.Attribute)) and source.code(node.right) == n
            for f in dispatched.functions if f is not loop for node in ast_walk(f)
        ):  # fmt: skip
            return True
    return any(
        isinstance(node, ast.BinOp)
        and isinstance(node.op, ast.Mod)
        and node is not periodic.modulo
        and id(node) not in opening
        and source.code(node.left) == counter
        and source.code(node.right) == n
        for node in [*ast_walk(loop), *after]
    )


def _fix(counter, holder, source: Source) -> Fix | None:  # type: ignore[no-untyped-def]
    text = source.outer_segment(counter)
    return Fix([ReplaceNode(counter, f"({text} + 1)", holder)], Safety.SAFE)
