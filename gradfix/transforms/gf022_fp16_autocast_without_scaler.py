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
    torch.autocast(...)`, also without a fix), or whose loop calls a model (a name or `self.`
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
    puts `scaler.unscale_(optimizer)` before a clip between them. An autocast switched by
    `enabled=` (`enabled=args.amp`) gets a scaler under the same switch (`GradScaler("cuda",
    enabled=args.amp)`: float32 runs stay unscaled); a switch that reads a name the loop binds
    (or calls something) gets no fix. Not reported: bfloat16,
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
    edits = [
        InsertStatements(anchor, "before", new_statement(f"{scaler} = {constructor}")),
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
