from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.assignments import assignments
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import EventKind, GradEvent
from gradfix.analysis.names import keyword
from gradfix.analysis.precision import UnscaledAutocast, unscaled_autocasts
from gradfix.walk import ast_walk
from gradfix.transforms._common import (
    new_statement,
    owned_events,
    single_call_statement,
)
from gradfix.transforms.base import (
    Finding,
    Fix,
    InsertStatements,
    ReplaceNode,
    Rule,
    Safety,
)

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator


class Fp16AutocastWithoutScaler(Rule):
    """
    A training loop runs CUDA autocast in float16 without a gradient scaler.

    ## What it does
    Finds training loops (a backward, and a step in the loop or a loop around it: a timing
    benchmark that only runs forward and backward trains nothing) whose forward runs under `torch.autocast("cuda")`,
    `torch.autocast(device_type="cuda", dtype=torch.float16)` or
    `torch.cuda.amp.autocast()` (all float16), whether the block is in the iteration or
    written once around the loop in the same function (also as one arm of a conditional
    expression, `with torch.autocast(...) if amp else nullcontext():`, or bound to a name
    first, `ctx = ...; with ctx:`, or to an attribute of `self` bound once, `self.amp_ctx =
    torch.autocast(...)` in `__init__`, reported without a fix, or returned by a method of the
    module's one class defining it, `with self.autocast():` with `def autocast(self): return
    torch.autocast(...)`, also without a fix, or entered on a `contextlib.ExitStack` as the
    block's first statement that is no assignment, `with ExitStack() as stack:
    stack.enter_context(torch.autocast(...))`, without a fix, or entered by a generator of the
    module decorated with `contextlib.contextmanager` whose one `yield` is the whole body of a
    `with` of such an autocast, `@contextmanager def mixed(): with torch.autocast("cuda",
    dtype=torch.float16): yield`, then `with mixed():`, reported at that autocast without a
    fix), or whose loop calls a model (a name or `self.`
    attribute bound once, not a parameter) built by a class of the file, derived by none, whose
    `forward` is decorated with such an autocast (`@torch.autocast(device_type="cuda",
    dtype=torch.float16)`; reported at the decorator without a fix), when nothing in the file scales
    the loss:
    no `GradScaler`, no Apex `amp`, no timm loss scaler, and no library that manages
    precision (Accelerate, Fabric, DeepSpeed, Lightning).

    ## Why is this bad?
    In float16 the gradients of small losses underflow to zero (and large ones overflow to
    `inf`), so parts of the model silently stop learning. `GradScaler` multiplies the loss
    before `backward()`, unscales the gradients before the step, and skips steps whose
    gradients overflowed. bfloat16 has float32's range and needs no scaler, which is why
    `dtype=torch.bfloat16` is never reported.

    ## Example
    ```python
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast(device_type="cuda", dtype=torch.float16):
            loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
    ```

    ## Use instead
    ```python
    scaler = torch.amp.GradScaler("cuda")
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast(device_type="cuda", dtype=torch.float16):
            loss = criterion(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
    ```

    ## Fix safety
    Unsafe: loss scaling changes the numbers (and skips overflowing steps), which is the
    point but cannot be checked without the GPU run. The fix is offered only for the plain
    shape: one `loss.backward()` and one `optimizer.step()` written in the loop as
    statements of their own, no gradient read between them, no closure, and not in a method
    that is itself one training step (a scaler written before it would be a class attribute,
    which the method cannot read by its bare name). It builds the
    scaler right before the outermost loop of the function, or before a step function (`torch.amp.GradScaler("cuda")`,
    or `torch.cuda.amp.GradScaler()` next to `torch.cuda.amp.autocast`; `torch` must be
    imported by that name), turns the backward into `scaler.scale(loss).backward()` and the
    step into `scaler.step(optimizer)` followed by `scaler.update()`, and, as GF013 asks,
    puts `scaler.unscale_(optimizer)` before a clip between them. When the loop is in a
    function of the module that another loop calls on every iteration (`for epoch in
    range(E): train_one_epoch(model, loader, optimizer, epoch)`), handing it the same
    optimizer each time, a scaler built in the function would start over on every call (what
    GF029 reports): the scaler is then built before the caller's loop (or the loops around it
    that hand the function the same optimizer) and handed in, as a keyword-only parameter
    added to the function (`def train_one_epoch(..., *, scaler)`) and `scaler=scaler` added to
    the call. No fix then when the module calls or names the function anywhere else, another
    file of the project names it, the function takes `*args` or `**kwargs`, or the autocast is
    switched by `enabled=`. A function called once, or handed a new optimizer on every call
    (a new run), builds its own. An autocast switched by
    `enabled=` (`enabled=args.amp`) gets a scaler under the same switch (`GradScaler("cuda",
    enabled=args.amp)`: float32 runs stay unscaled); a switch that reads a name the loop binds
    (or calls something) gets no fix. Not reported: an autocast block whose statements only
    call functions of the module decorated with `@torch.no_grad()` (or `@torch.inference_mode()`),
    `with torch.cuda.amp.autocast(): result = evaluate(model, loader)` between two epochs of
    training (nothing it computes has a graph); bfloat16,
    CPU autocast, a device or dtype gradfix cannot read (a name counts when the module binds it
    once, at its top level, to a literal or a `torch.` dtype: `AMP_DTYPE = torch.float16`, also
    one imported by name from a module of the project that binds it so once and nowhere else,
    `from config import AMP_DTYPE`; a
    dtype name bound once, anywhere, to a conditional expression with a float16 arm, `dtype =
    torch.float16 if args.amp else torch.float32`, counts as float16, the run that chooses it,
    unless its condition can be told: a name bound once at the module's top to a bool, or one
    compared with `==`/`!=` to a literal, `PRECISION == "fp16"` with `PRECISION = "bf16"`, picks its arm;
    so does `getattr(torch, "float16")` (the name a literal or such a constant), and a parameter
    of a function of the module, `def train(..., amp_dtype=torch.float16)`, never rebound in it,
    when the module calls the function, every call leaves the parameter at its default, the
    module uses the function's name for nothing else, and no other file of the project names it;
    an attribute of a class of the module, `dtype=Cfg.amp_dtype` with `class Cfg: amp_dtype =
    torch.float16` (undecorated, the attribute bound once in its body, never bound elsewhere in
    the file nor overridden by a class built on it), reported without a fix, and so is an
    autocast made by a `functools.partial` bound once, `amp = functools.partial(torch.autocast,
    "cuda", dtype=torch.float16)` entered as `with amp():`; `cfg["dtype"]` is not read,
    and its scaler's fix stays as usual (a float32 or bfloat16 run is scaled and unscaled by
    powers of two, exactly); the
    idiom `device = "cuda" if torch.cuda.is_available() else "cpu"` counts as CUDA, where a GPU
    is, reported without a fix, and so does `device_type=device.type` with `device =
    torch.device(...)` of a literal or of that idiom; a context name bound in several arms counts when one arm
    autocasts to CUDA float16, and so does a context picked from a dict literal by a setting,
    `with {"bf16": ..., "fp16": torch.autocast("cuda", dtype=torch.float16)}[precision]:`, reported without a fix),
    `enabled=False` (or a name bound once at the module's top level to `False`), any file that
    mentions loss scaling or one of those libraries, and a loop that hands its loss to an
    object (`stepper.backward(loss)`: a wrapper that may scale it) or backpropagates or steps
    in a helper (of any file of the project) whose text mentions loss scaling, and an autocast
    block under `torch.no_grad()` or `torch.inference_mode()` (a frozen feature extractor: no
    backward goes through it), or one whose every result is read only by
    `torch.autograd.grad(...)` (an adversarial attack's forward differentiated with respect to
    the input, the training step outside it in float32), or one that runs no backward and
    binds only plain numbers (`acc = (...).float().mean().item()` for a log, also a
    comprehension of them and its `sum`: `sum(crit(model(x), y).item() for x, y in val_loader)`),
    index tensors (`model(x).argmax(1).cpu()`) or detached tensors (a frozen teacher's targets,
    `t = teacher(x).detach().float()`).

    An autocast block in a function of the same module whose result the loop backpropagates
    (`loss = compute_loss(batch)`, the forward under autocast in `compute_loss`) counts as the
    loop's own; a helper whose result is only measured or logged does not.

    A loop that scales its loss by hand is not reported: it backpropagates the loss multiplied
    by a factor (`(loss * 1024.0).backward()`, `scaled = loss * S`, `loss.mul(S)`) that the file
    divides back out of the gradients (`p.grad.div_(S)`, `g /= S` in a loop over the gradients or
    parameters, `torch._foreach_div_(grads, S)`) or out of the learning rate (`lr=0.1 / S`), or
    what a method of a hand-written scaler class of the file hands back (a class with an
    `unscale...` method, or `update` beside a `scale...` one). A loss multiplied by a weight
    nothing divides back out is still reported.

    A scaler named only in a comment (`# TODO: add a GradScaler`) does not count, nor do
    scalers that are all built with `enabled=False` written out (their `scale(loss)` hands the
    loss back unscaled; also `enabled=USE_SCALER` with `USE_SCALER = False` bound once, at the
    module's top level), nor scalers bound to a name that nothing uses afterwards (no method
    of it called, not handed on): reported without a fix.
    """

    code = "GF022"
    name = "fp16-autocast-without-scaler"
    message = (
        "`{autocast}` runs the forward in float16 but the loss is not scaled: small gradients underflow to zero; "
        "use a `GradScaler`"
    )
    safety = Safety.UNSAFE

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        for found in unscaled_autocasts(model):
            text = model.source.code(found.call)
            if len(text) > 60:
                text = text.split("(", 1)[0] + "(...)"
            yield Finding(
                self.code, self.message.format(autocast=text), found.call, fix=_fix(found, model), related=(found.loop.node,)
            )


def _fix(found: UnscaledAutocast, model: ModuleModel) -> Fix | None:
    source = model.source
    loop = found.loop
    if not found.fixable:
        return None  # through a `functools.partial` or a class attribute: the author's to wire the scaler in
    if not any(item.context_expr is found.call for item in found.block.items):
        return None  # the autocast is one arm of a conditional expression: where would the scaler go?
    if model.facts.imports.aliases.get("torch") != "torch" or not _imports_torch_at_top(model):
        return None
    if "GradScaler(" in source.text:
        return None  # a scaler built already (disabled, or never used): the author's to wire in
    events = owned_events(loop, model)
    backwards = [e for e in events if e.kind is EventKind.BACKWARD]
    steps = [e for e in events if e.kind is EventKind.STEP]
    if len(backwards) != 1 or len(steps) != 1 or loop.is_unknown:
        return None
    backward, step = backwards[0], steps[0]
    if backward.via or step.via or step.engine or step.target is None:
        return None
    back_stmt = single_call_statement(backward, source)
    step_stmt = single_call_statement(step, source)
    back_call, step_call = backward.call, step.call
    if back_stmt is None or step_stmt is None or back_call is None or step_call is None:
        return None
    if back_call.args or back_call.keywords or step_call.args or step_call.keywords:
        return None
    if not isinstance(back_call.func, ast.Attribute) or not isinstance(step_call.func, ast.Attribute):
        return None
    first, last = events.index(backward), events.index(step)
    if last < first:
        return None
    between = events[first + 1 : last]
    if any(e.kind in (EventKind.GRAD_READ, EventKind.AUTOGRAD_GRAD, EventKind.UNSCALE, EventKind.UNKNOWN) for e in between):
        return None
    clips = [e for e in between if e.kind is EventKind.CLIP]
    scaler = _free_name(model, loop)
    if scaler is None:
        return None
    anchor = loop.enclosing_loops[0] if loop.enclosing_loops else loop.node
    if not source.starts_line(anchor) or source.inline_block(loop.node.body):  # type: ignore[arg-type]
        return None
    if isinstance(source.owner_of(anchor), ast.ClassDef):  # type: ignore[arg-type]
        return None  # a method that is one training step: a `scaler` written before it is a class attribute
    switch = _switch(found.call, anchor, source)
    if switch is False:
        return None  # switched by a value the loop computes: the scaler cannot follow it
    if switch is None:
        constructor = "torch.cuda.amp.GradScaler()" if found.style == "cuda.amp" else 'torch.amp.GradScaler("cuda")'
    elif found.style == "cuda.amp":
        constructor = f"torch.cuda.amp.GradScaler(enabled={switch})"
    else:
        constructor = f'torch.amp.GradScaler("cuda", enabled={switch})'
    loss = source.outer_segment(back_call.func.value)
    optimizer = source.segment(step_call.func.value)
    handed = _called_each_iteration(loop, optimizer, model)
    if handed is not None:
        # built before the loop of a function called on every iteration of another loop, the
        # scaler would start over on every call (GF029): build it before the caller's loop
        # and hand it in
        if switch is not None:
            return None  # (the switch is written in the function's names)
        hand = _hand_in(handed, scaler, model)
        if hand is None:
            return None
        before, hand_edits = hand
        edits = [InsertStatements(before, "before", new_statement(f"{scaler} = {constructor}")), *hand_edits]
    else:
        edits = [InsertStatements(anchor, "before", new_statement(f"{scaler} = {constructor}"))]
    edits += [
        ReplaceNode(back_call, f"{scaler}.scale({loss}).backward()", back_stmt),
        ReplaceNode(step_call, f"{scaler}.step({optimizer})", step_stmt),
        InsertStatements(step_stmt, "after", new_statement(f"{scaler}.update()")),
    ]
    for clip in clips:
        clip_stmt = _clip_statement(clip, source)
        if clip_stmt is None:
            return None
        edits.append(InsertStatements(clip_stmt, "before", new_statement(f"{scaler}.unscale_({optimizer})")))
    return Fix(edits, Safety.UNSAFE)


def _switch(autocast: ast.Call, anchor: ast.AST, source) -> str | bool | None:  # type: ignore[no-untyped-def]
    """The autocast's `enabled=` switch (`enabled=args.amp`), for the scaler to follow it: its
    text, None when there is none (or it is `True`), False when a name it reads is bound in the
    code the scaler is built before (the loop)."""
    given = keyword(autocast, "enabled")
    if given is None or isinstance(given.value, ast.Constant) and given.value.value is True:
        return None
    names = {n.id for n in ast_walk(given.value) if isinstance(n, ast.Name)}
    if any(isinstance(n, ast.Name) and n.id in names and isinstance(n.ctx, ast.Store) for n in ast_walk(anchor)):
        return False
    if any(isinstance(n, (ast.Call, ast.NamedExpr, ast.Lambda)) for n in ast_walk(given.value)):
        return False
    return source.segment(given.value)


def _clip_statement(clip: GradEvent, source) -> ast.stmt | None:  # type: ignore[no-untyped-def]
    if clip.via:
        return None
    stmt = clip.statement
    if not source.alone_on_lines(stmt):
        return None
    return stmt


def _imports_torch_at_top(model: ModuleModel) -> bool:
    for stmt in model.source.tree.body:
        if isinstance(stmt, ast.Import) and any(a.name == "torch" and a.asname is None for a in stmt.names):
            return True
    return False


def _free_name(model: ModuleModel, loop) -> str | None:  # type: ignore[no-untyped-def]
    index = assignments(model)
    scope = loop.function if loop.function is not None else model.source.tree
    for name in ("scaler", "grad_scaler"):
        if not index.bindings(name, scope) and not index.by_key.get(name):
            if not any(isinstance(n, ast.Name) and n.id == name for n in model.source.nodes):
                return name
    return None


def _called_each_iteration(loop, optimizer: str, model: ModuleModel) -> tuple[ast.AST, ast.stmt, ast.Call, ast.FunctionDef] | None:  # type: ignore[no-untyped-def]
    """The training loop's function, a function of the module, called by its name as a
    statement of another loop's body on every iteration (`for epoch in ...: train(args,
    model, loader, opt, epoch)`), handed the optimizer it steps the same on every call (or
    stepping one of the module's): a scaler built in it would start over on every call, as
    GF029 says. That loop, the statement, the call and the function; None otherwise (a
    function called once, or handed a new optimizer on every call: a new run, whose new
    scaler is right)."""
    from gradfix.transforms._rebuilt import bound_names, call_parameters, ends_early, every_iteration, loops, reads_what_the_loop_changes

    function = loop.function
    if not isinstance(function, ast.FunctionDef):
        return None
    info = model.facts.module_functions.get(function.name)
    if info is None or info.node is not function or info.class_name is not None:
        return None
    head = optimizer.split(".", 1)[0]
    if head in bound_names(function):
        return None  # (a new optimizer on every call: a new run)
    word = function.name + "("
    if model.source.text.count(word) < 1:
        return None
    for outer in loops(model.source.tree.body):
        if ends_early(outer) or word not in model.source.segment(outer):
            continue
        for stmt, _ in every_iteration(outer.body):  # type: ignore[attr-defined]
            value = stmt.value if isinstance(stmt, (ast.Expr, ast.Assign, ast.AnnAssign)) else None
            if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == function.name):
                continue
            parameters = call_parameters((function, value))
            if parameters is None:
                return None
            _, params, passed = parameters
            if head in params and (head not in passed or isinstance(passed[head], ast.Call) or reads_what_the_loop_changes(passed[head], outer)):  # type: ignore[arg-type]
                return None  # (the optimizer left to a default, or a new one on every call: GF029's test)
            return outer, stmt, value, function
    return None


def _hand_in(handed: tuple[ast.AST, ast.stmt, ast.Call, ast.FunctionDef], scaler: str, model: ModuleModel) -> tuple[ast.AST, list] | None:  # type: ignore[type-arg]
    """Where to build the scaler (before the caller's loop, or the loops around it that hand
    the function the same optimizer) and the edits that hand it in: a keyword-only parameter
    `scaler` added to the function, `scaler=scaler` to its one call. None when the module
    calls or names the function anywhere else, another file of the project names it, the
    function takes `*args`, `**kwargs` or only positional-only parameters, or the call
    spreads arguments or is handed a bare generator expression."""
    import re

    from gradfix.transforms._rebuilt import bound_names, ends_early, loop_around

    source = model.source
    caller, stmt, call, function = handed
    if sum(1 for n in source.nodes if isinstance(n, ast.Name) and n.id == function.name) != 1:
        return None  # (called or handed on elsewhere: every caller would need the scaler)
    if any(isinstance(n, ast.arg) and n.arg == scaler for n in source.nodes):
        return None
    project = model.facts.project
    if project is not None:
        from gradfix.project import absolute

        pattern = re.compile(rb"(?<![\w.])" + re.escape(function.name.encode()) + rb"(?!\w)")
        here = absolute(source.path) if source.path else None
        for path, data in project.contents():
            if path != here and data is not None and pattern.search(data):
                return None  # another file may import and call it
    arguments = function.args
    if arguments.vararg is not None or arguments.kwarg is not None or not (arguments.args or arguments.kwonlyargs):
        return None
    if any(isinstance(a, (ast.Starred, ast.GeneratorExp)) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    ends = [source.end(n) for n in (*arguments.args, *arguments.kwonlyargs, *arguments.defaults) if n is not None]
    ends += [source.end(n) for n in arguments.kw_defaults if n is not None]
    at = max(ends)
    signature = f", {scaler}" if arguments.kwonlyargs else f", *, {scaler}"
    given = [source.end(n) for n in call.args] + [source.end(k.value) for k in call.keywords]
    if given:
        call_at, argument = max(given), f", {scaler}={scaler}"
    else:
        call_at, argument = source.end(call) - 1, f"{scaler}={scaler}"
        if source.text[call_at] != ")":
            return None
    # the caller's loop, or the loops around it that run it on every iteration and hand the
    # function the same optimizer (moved only before the inner one, it would start over)
    read = {n.id for a in (*call.args, *(k.value for k in call.keywords)) for n in ast_walk(a) if isinstance(n, ast.Name)}
    where = caller
    while True:
        outer = loop_around(where, model)
        if outer is None or ends_early(outer) or read & bound_names(outer) - bound_names(where):
            break
        where = outer
    if not source.starts_line(where):  # type: ignore[arg-type]
        return None
    edits = [
        ReplaceNode(function, signature, function, span=(at, at)),
        ReplaceNode(call, argument, stmt, span=(call_at, call_at)),
    ]
    return where, edits
